"""Markup for every page: HTML built from values, text escaped by default.

Pure Python (tested in CPython). :func:`el` builds an element: a child that is a plain ``str``
is text and is escaped; a child that is :class:`Markup` (what :func:`el` returns) is HTML and is
kept as it is. Attribute values are always escaped. So a seat's name, a file's name or a
message goes into a page as text whatever it holds, and nothing needs remembering to escape it:
the only ways to put HTML in are :func:`el` and :func:`trusted`, kept for the engine's SVG
drawings (which escape every name they write).

>>> el("button", "<Roll>", id="roll", data_cmd="roll", disabled=False)
Markup('<button id="roll" data-cmd="roll">&lt;Roll&gt;</button>')
>>> el("p", "Ana & Ben: ", el("b", "3"), " points")
Markup('<p>Ana &amp; Ben: <b>3</b> points</p>')
>>> el("input", type="checkbox", checked=True)
Markup('<input type="checkbox" checked>')
>>> join(el("li", name) for name in ("<a>", "b"))
Markup('<li>&lt;a&gt;</li><li>b</li>')
>>> el("b", "x") + "<y>"   # a plain string added to markup is text
Markup('<b>x</b>&lt;y&gt;')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import SupportsIndex

from catan_core.i18n import escape_markup
from catan_core.palette import mark_svg

VOID = frozenset({"input", "br", "img", "hr", "meta", "link"})
"""Elements without children or an end tag."""
MARK_PX = 18
"""Size of a seat's mark (its colour with its glyph) beside its name, in CSS pixels."""


class Markup(str):
    """A string of HTML that is safe to put into a page as it is.

    Adding a plain string to it (either side) escapes that string first, so markup stays markup.
    """

    __slots__ = ()

    def __add__(self, other: str) -> Markup:
        return Markup(str.__add__(self, other if isinstance(other, Markup) else escape(other)))

    def __radd__(self, other: str) -> Markup:
        return Markup(str.__add__(other if isinstance(other, Markup) else escape(other), self))

    def __mul__(self, count: SupportsIndex) -> Markup:
        return Markup(str.__mul__(self, count))

    def __repr__(self) -> str:
        return f"Markup({str.__repr__(self)})"


EMPTY = Markup("")
"""No markup."""


def escape(text: object) -> Markup:
    """``text`` as markup: kept when it is markup already, else escaped as text.

    >>> escape('Ana "A" <b>'), escape(el("b", "x"))
    (Markup('Ana &quot;A&quot; &lt;b&gt;'), Markup('<b>x</b>'))
    """
    if isinstance(text, Markup):
        return text
    return Markup(escape_markup(str(text)))


def trusted(html: str) -> Markup:
    """``html`` taken as markup unchanged: only for drawings of this project's own code that
    escape whatever they write (the SVG board and charts of :mod:`catan_core`)."""
    return Markup(html)


def join(parts: Iterable[str | Markup | None]) -> Markup:
    """``parts`` one after another (text escaped, markup kept, None left out)."""
    return Markup("".join([_text(part) for part in parts if part is not None]))


def _text(text: object) -> str:
    """``text`` escaped (or kept when it is markup)."""
    if type(text) is str:
        return escape_markup(text)
    return text if isinstance(text, Markup) else escape_markup(str(text))


def attrs(**values: object) -> str:
    """Attributes from keyword arguments: ``class_`` -> class, ``data_cmd`` -> data-cmd.

    ``True`` gives a bare attribute, ``None`` and ``False`` leave it out; values are escaped.

    >>> attrs(class_="card", data_seat=1, hidden=True, disabled=False, title=None)
    ' class="card" data-seat="1" hidden'
    """
    return _head(values)


_HEADS: dict[tuple[object, ...], str] = {}
"""Attributes already written, by their keyword arguments and the types of their values (pages
write the same attributes again at every drawing: a look-up instead of a loop of escapes)."""
MAX_HEADS = 4096
"""How many written attributes :data:`_HEADS` keeps before it starts again."""


def _head(values: dict[str, object]) -> str:
    """The attributes ``values`` give (see :func:`attrs`), written once for equal values of
    the same types (``True``, ``1`` and ``1.0`` are equal keys but different attributes)."""
    key = (*values.items(), *map(type, values.values()))
    try:
        head = _HEADS.get(key)
    except TypeError:  # an unhashable value: written each time
        return _written(values)
    if head is None:
        if len(_HEADS) >= MAX_HEADS:
            _HEADS.clear()
        head = _HEADS[key] = _written(values)
    return head


def _written(values: dict[str, object]) -> str:
    """The attributes ``values`` give, written."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        written = _NAMES.get(name) or _name(name)
        out.append(f" {written}" if value is True else f' {written}="{escape_markup(str(value))}"')
    return "".join(out)


_NAMES: dict[str, str] = {}
"""Attribute names already written (keyword argument -> attribute)."""


def _name(argument: str) -> str:
    """The attribute a keyword argument names: ``class_`` -> ``class``, ``data_cmd`` -> ``data-cmd``."""
    name = _NAMES[argument] = argument.rstrip("_").replace("_", "-")
    return name


def el(tag: str, *children: str | Markup | None, **attributes: object) -> Markup:
    """An element: text children escaped, markup children kept, None children left out."""
    head = _head(attributes) if attributes else ""
    if tag in VOID:
        return Markup(f"<{tag}{head}>")
    inner = "".join([child if type(child) is Markup else _text(child) for child in children if child is not None])
    return Markup(f"<{tag}{head}>{inner}</{tag}>")


def mark(color: str, glyph: str | None = None) -> Markup:
    """A seat's mark beside its name: its colour with its glyph (``glyph``, or the colour's
    own), as on its pieces, so that whose it is never depends on colour alone.

    >>> mark("#1147d6").startswith('<span class="mark" aria-hidden="true"><svg')
    True
    """
    return el("span", trusted(mark_svg(color, MARK_PX, glyph)), class_="mark", aria_hidden="true")
