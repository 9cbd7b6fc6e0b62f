"""HTML as strings: escaping and a tiny element builder.

Panels are rebuilt as strings and assigned with ``innerHTML`` in one go, which is fast in the
browser and keeps the page logic testable in CPython. Every text that may come from a person
(seat names, file names) goes through :func:`esc`.

>>> el("button", esc("<Roll>"), id="roll", data_cmd="roll", disabled=False)
'<button id="roll" data-cmd="roll">&lt;Roll&gt;</button>'
>>> el("input", type="checkbox", checked=True)
'<input type="checkbox" checked>'
"""

from __future__ import annotations

from catan_core.i18n import escape_markup
from catan_core.palette import mark_svg

VOID = frozenset({"input", "br", "img", "hr", "meta", "link"})
MARK_PX = 18
"""Size of a seat's mark (its colour with its glyph) beside its name, in CSS pixels."""


def esc(text: object) -> str:
    """``text`` made safe for element content and attribute values."""
    return escape_markup(str(text))


def attrs(**values: object) -> str:
    """Attributes from keyword arguments: ``class_`` -> class, ``data_cmd`` -> data-cmd.

    ``True`` gives a bare attribute, ``None`` and ``False`` leave it out.
    """
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


def el(tag: str, *children: str, **attributes: object) -> str:
    """An element; ``children`` are HTML strings (escape plain text with :func:`esc`)."""
    if tag in VOID:
        return f"<{tag}{attrs(**attributes)}>"
    return f"<{tag}{attrs(**attributes)}>{''.join(children)}</{tag}>"


def mark(color: str, glyph: str | None = None) -> str:
    """A seat's mark beside its name: its colour with its glyph (``glyph``, or the colour's
    own), as on its pieces, so that whose it is never depends on colour alone.

    >>> mark("#1147d6").startswith('<span class="mark" aria-hidden="true"><svg')
    True
    """
    return el("span", mark_svg(color, MARK_PX, glyph), class_="mark", aria_hidden="true")
