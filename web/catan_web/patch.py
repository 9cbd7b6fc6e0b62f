"""Writing only what changed: a page's regions, and the operations that bring them up to date.

Pure Python (tested in CPython). A page is a fixed set of *regions* (elements named by their
``id``); after each command the page's view functions give each region its content, and a
:class:`Patcher` compares it with what it wrote last and answers with the few operations
(:data:`Op`) that bring the region up to date, as data: the page applies them to the document
in one call into JavaScript, as one JSON text (:func:`encode`; ``web/patch.mjs`` writes them,
through ``catan_web.browser.apply``), a test counts them. A region holds either

* :class:`~catan_web.html.Markup`: rewritten whole when it changed (a panel), or
* :class:`Keyed`: one wrapper element whose children carry keys (the board's hexes, pieces and
  spots; the log's lines): only the children whose markup changed are rewritten (a child whose
  opening tag alone changed, such as a hex lit as a target, has only its attributes set:
  :class:`Retag`), children are inserted and removed by key, and the wrapper's attributes are
  set one by one.

So a road built at turn 120 writes the road and the few spots and panels that changed, not the
board and the log again, and what a person typed or focused elsewhere is left alone.

>>> from catan_web.html import el
>>> patcher = Patcher()
>>> patcher.patch("turn", el("p", "Roll"))
[Fill(region='turn', html=Markup('<p>Roll</p>'))]
>>> patcher.patch("turn", el("p", "Roll"))
[]
>>> log = Keyed("ol", (("class", "log"),), (("1", el("li", "b")), ("0", el("li", "a"))))
>>> [type(op).__name__ for op in patcher.patch("log", log)]
['Fill']
>>> newer = Keyed("ol", (("class", "log"),), (("2", el("li", "c")),) + log.items)
>>> patcher.patch("log", newer)
[Insert(region='log', at=0, html=Markup('<li>c</li>'))]
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from itertools import compress, count
from operator import itemgetter, lt, ne
from typing import NamedTuple

from .html import Markup, escape


class Keyed(NamedTuple):
    """A region's content whose children are matched by key: a wrapper element (``tag`` with
    ``attributes``, names and plain values) and its children, each exactly one element, as
    markup (``Markup``, or the engine's own SVG drawing, which escapes what it writes)."""

    tag: str
    attributes: tuple[tuple[str, str], ...]
    items: tuple[tuple[str, str], ...]

    def markup(self) -> Markup:
        """The whole wrapper element."""
        head = "".join(f' {name}="{escape(value)}"' for name, value in self.attributes)
        return Markup(f"<{self.tag}{head}>{''.join(html for _, html in self.items)}</{self.tag}>")


class Framed(NamedTuple):
    """Attributes of the region's own element (names and plain values; a boolean attribute
    is present with the value ""), and the region's content (None: left as it is, when other
    regions live inside)."""

    attributes: tuple[tuple[str, str], ...]
    content: Markup | Keyed | None = None


WHOLE = 2000
"""Characters of a keyed region's changes under which they are written as such (above, and
over half of the region, the region is written whole, unless the change is one child's)."""

FRONT = 64
"""The most children a keyed region's change may add in front of the others to be found as such
at once (:func:`_in_front`; more go through the general comparison)."""

Content = Markup | Keyed | Framed
"""What a view function gives a region."""


def markup_of(content: Content | None) -> str:
    """The markup a region holds (its own attributes left out)."""
    if isinstance(content, Framed):
        content = content.content
    if isinstance(content, Keyed):
        return content.markup()
    return content or ""


class Fill(NamedTuple):
    """Replace the contents of the region with ``html``."""

    region: str
    html: Markup


class SetAttribute(NamedTuple):
    """Set (or, with ``value`` None, remove) an attribute of the region's wrapper element (of
    the region's own element when ``own``)."""

    region: str
    name: str
    value: str | None
    own: bool = False


class Put(NamedTuple):
    """Replace the wrapper's child number ``at`` with ``html``."""

    region: str
    at: int
    html: Markup


class Retag(NamedTuple):
    """Make the attributes of the wrapper's child number ``at`` those of the opening tag ``tag``
    (attributes set, changed and removed in place): its children stay, and so does the focus
    when it is on the child. Written for a child whose new markup differs from the old only in
    its opening tag."""

    region: str
    at: int
    tag: Markup


class Insert(NamedTuple):
    """Insert ``html`` as the wrapper's child number ``at`` (after the last child when
    there are only ``at`` children)."""

    region: str
    at: int
    html: Markup


class Remove(NamedTuple):
    """Remove the wrapper's child number ``at``."""

    region: str
    at: int


Op = Fill | SetAttribute | Put | Retag | Insert | Remove
"""One change to the document, applied in order."""


def encode(ops: Iterable[Op]) -> str:
    """``ops`` as the JSON text the page's JavaScript applies (``web/patch.mjs``, ``applyPatch``):
    an array with one array per operation, the name of its class followed by its fields in
    order. Pure ASCII (other characters escaped): Pyodide hands an ASCII string to JavaScript
    ten times as fast as one with other characters, and ``JSON.parse`` reads the escapes back.

    >>> ops = [Fill("turn", Markup("<p>Tú</p>")), SetAttribute("log", "hidden", None, own=True), Remove("log", 3)]
    >>> print(encode(ops))
    [["Fill","turn","<p>T\\u00fa</p>"],["SetAttribute","log","hidden",null,true],["Remove","log",3]]
    """
    return json.dumps([(type(op).__name__, *op) for op in ops], separators=(",", ":"))


def written(ops: Iterable[Op]) -> int:
    """How many characters of markup ``ops`` write (attribute values included).

    >>> written([Fill("a", Markup("<b>x</b>")), SetAttribute("a", "hidden", ""), Remove("a", 0)])
    14
    >>> written([Retag("a", 1, Markup('<b class="x">'))])
    13
    """
    total = 0
    for op in ops:
        if isinstance(op, (Fill, Put, Insert)):
            total += len(op.html)
        elif isinstance(op, Retag):
            total += len(op.tag)
        elif isinstance(op, SetAttribute):
            total += len(op.name) + len(op.value or "")
    return total


class Patcher:
    """What was written to each region last, and the operations to write something new."""

    def __init__(self) -> None:
        self.drawn: dict[str, Content] = {}

    def forget(self, region: str | None = None) -> None:
        """Take ``region`` (None: every region) as unknown: the next patch writes it whole
        (after something else changed it, or after it was emptied)."""
        if region is None:
            self.drawn.clear()
        else:
            self.drawn.pop(region, None)

    def patch(self, region: str, content: Content) -> list[Op]:
        """The operations that bring ``region`` from what was written last to ``content``."""
        before = self.drawn.get(region)
        self.drawn[region] = content
        if before == content:
            return []
        if isinstance(content, Framed):
            old = before if isinstance(before, Framed) else Framed(())
            ops = _attributes(region, old.attributes, content.attributes, own=True)
            if content.content is not None:
                ops += _content(region, old.content, content.content)
            return ops
        return _content(region, before if not isinstance(before, Framed) else before.content, content)


def _content(region: str, before: Markup | Keyed | None, content: Markup | Keyed) -> list[Op]:
    """The operations bringing the region's content from ``before`` (None: unknown) to ``content``."""
    if before == content:
        return []
    if isinstance(content, Keyed) and isinstance(before, Keyed) and before.tag == content.tag:
        children = _children(region, before.items, content.items)
        size = written(children)
        if (
            len(children) > 1 and size > WHOLE and size > sum(map(len, map(itemgetter(1), content.items))) // 2
        ):  # most changed: write it whole (one child alone is written as such: the region whole is more)
            return [Fill(region, content.markup())]
        return _attributes(region, before.attributes, content.attributes) + children
    return [Fill(region, content.markup() if isinstance(content, Keyed) else content)]


def _attributes(
    region: str,
    before: tuple[tuple[str, str], ...],
    after: tuple[tuple[str, str], ...],
    own: bool = False,
) -> list[Op]:
    """The attribute changes of a keyed region's wrapper (of the region's own element when ``own``)."""
    old, new = dict(before), dict(after)
    ops: list[Op] = [SetAttribute(region, name, value, own) for name, value in after if old.get(name) != value]
    return ops + [SetAttribute(region, name, None, own) for name in old if name not in new]


def _children(region: str, before: tuple[tuple[str, str], ...], after: tuple[tuple[str, str], ...]) -> list[Op]:
    """The child changes of a keyed region: the children gone and those that move are removed
    (the children that keep their order, the longest run of them, stay), then in order of the
    new children the new and the moved ones are inserted, then the children that stayed and
    whose markup changed are rewritten (:func:`_rewrite`: only their attributes when only
    their opening tag changed).

    >>> a, b, c = (Markup(f"<i>{k}</i>") for k in "abc")
    >>> _children("r", (("a", a), ("b", b), ("c", c)), (("c", c), ("a", a), ("b", Markup("<i>B</i>"))))
    ... # doctest: +NORMALIZE_WHITESPACE
    [Remove(region='r', at=2), Insert(region='r', at=0, html=Markup('<i>c</i>')),
     Put(region='r', at=2, html=Markup('<i>B</i>'))]
    >>> _children("r", (("a", a), ("b", b)), (("a", a), ("b", Markup('<i class="lit">b</i>'))))
    [Retag(region='r', at=1, tag=Markup('<i class="lit">'))]
    """
    keys = list(map(itemgetter(0), after))
    if len(set(keys)) != len(keys):
        raise ValueError(f"region {region!r}: keys repeat")
    if len(before) == len(after) and keys == list(map(itemgetter(0), before)):  # the same keys
        return [_rewrite(region, at, before[at][1], after[at][1]) for at in compress(count(), map(ne, before, after))]
    added = _in_front(before, after)
    if added is not None:  # new children in front of the old ones, unchanged (the oldest maybe gone)
        gone: list[Op] = [Remove(region, at) for at in range(len(before) - 1, len(after) - added - 1, -1)]
        return gone + [Insert(region, at, Markup(after[at][1])) for at in range(added)]
    head, tail = _common_ends(before, after)
    if head or tail:  # only the children between those that begin and end both alike are compared
        moves = _moves(region, before[head : len(before) - tail], after[head : len(after) - tail])
        return [op._replace(at=op.at + head) for op in moves] if head else list(moves)
    return list(_moves(region, before, after))


def _common_ends(before: tuple[tuple[str, str], ...], after: tuple[tuple[str, str], ...]) -> tuple[int, int]:
    """How many children ``before`` and ``after`` begin with alike, and then end with alike
    (compared at C speed: most of a board's children are the very same objects as before).

    >>> a, b, c, d = (("a", "<i>a</i>"), ("b", "<i>b</i>"), ("c", "<i>c</i>"), ("d", "<i>d</i>"))
    >>> _common_ends((a, b, d), (a, b, c, d)), _common_ends((a, b), (a, b, c)), _common_ends((a, b), (b, a))
    ((2, 1), (2, 0), (0, 0))
    """
    shorter = min(len(before), len(after))
    head = next(compress(count(), map(ne, before, after)), shorter)
    tail = next(compress(count(), map(ne, reversed(before), reversed(after))), shorter)
    return head, min(tail, shorter - head)


def _moves(
    region: str, before: tuple[tuple[str, str], ...], after: tuple[tuple[str, str], ...]
) -> list[Remove | Insert | Put | Retag]:
    """The child changes of :func:`_children` in general: the children that keep their order
    stay (the longest run of them), the others are removed and inserted."""
    keys = list(map(itemgetter(0), after))
    old = dict(before)
    was = {key: at for at, (key, _) in enumerate(before)}
    stay = _in_order([key for key in keys if key in was], was)
    ops: list[Remove | Insert | Put | Retag] = [
        Remove(region, at) for at in range(len(before) - 1, -1, -1) if before[at][0] not in stay
    ]
    ops += [Insert(region, at, Markup(html)) for at, (key, html) in enumerate(after) if key not in stay]
    return ops + [
        _rewrite(region, at, old[key], html) for at, (key, html) in enumerate(after) if key in stay and old[key] != html
    ]


_OPENING = re.compile(r"""<([^\s/>]+)(?:\s+[^\s"'=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*/?>""")
"""An element's opening tag: its name, then its attributes (values quoted or not, so that a
``>`` inside a quoted value is not taken for the tag's end)."""


def _rewrite(region: str, at: int, before: str, after: str) -> Put | Retag:
    """Child number ``at``'s markup brought from ``before`` to ``after``: only its attributes
    (:class:`Retag`) when the two are the same element with the same contents, the whole
    child (:class:`Put`) otherwise.

    >>> _rewrite("r", 0, '<g class="hex" role="img">tile</g>', '<g class="hex target" role="button">tile</g>')
    Retag(region='r', at=0, tag=Markup('<g class="hex target" role="button">'))
    >>> _rewrite("r", 0, '<g a="x>y">tile</g>', '<g a="x>z">tile</g>')
    Retag(region='r', at=0, tag=Markup('<g a="x>z">'))
    >>> _rewrite("r", 0, "<g>tile</g>", "<g>tiles</g>"), _rewrite("r", 0, "<g>tile</g>", "<a>tile</g>")
    (Put(region='r', at=0, html=Markup('<g>tiles</g>')), Put(region='r', at=0, html=Markup('<a>tile</g>')))
    """
    new = _OPENING.match(after)
    if new is not None:
        old = _OPENING.match(before)
        if old is not None and old[1] == new[1] and before[old.end() :] == after[new.end() :]:
            return Retag(region, at, Markup(new[0]))
    return Put(region, at, Markup(after))


def _in_front(before: tuple[tuple[str, str], ...], after: tuple[tuple[str, str], ...]) -> int | None:
    """How many children ``after`` adds in front of ``before``'s, when the others are
    ``before``'s first children unchanged and in the same order (the rest of ``before``
    gone): a log's new lines, newest first. None otherwise.

    >>> a, b, c = (("a", "<i>a</i>"), ("b", "<i>b</i>"), ("c", "<i>c</i>"))
    >>> _in_front((b, c), (a, b, c)), _in_front((b, c), (a, b)), _in_front((b, c), (a, c)), _in_front((b,), (b,))
    (1, 1, None, 0)
    >>> _in_front((b, c), (a, ("b", "<i>B</i>"), c)) is None
    True
    """
    if not before:
        return None
    first = before[0][0]
    added = next((at for at, (key, _) in enumerate(after[: FRONT + 1]) if key == first), None)
    if added is None or after[added:] != before[: len(after) - added]:
        return None
    return added


def _in_order(keys: list[str], was: dict[str, int]) -> set[str]:
    """The largest set of ``keys`` (in their new order) whose old places ``was`` are in the same
    order: they stay where they are, the others move (a longest increasing subsequence).

    >>> sorted(_in_order(["c", "a", "b"], {"a": 0, "b": 1, "c": 2}))
    ['a', 'b']
    """
    places = [was[key] for key in keys]
    if all(map(lt, places, places[1:])):  # nothing moved: every key stays (compared at C speed)
        return set(keys)
    tails: list[int] = []  # tails[n]: index in keys of the smallest tail of a run of n + 1
    back: list[int] = []  # back[i]: index in keys of the element before keys[i] in its run
    for i, key in enumerate(keys):
        place = was[key]
        low, high = 0, len(tails)
        while low < high:
            middle = (low + high) // 2
            if was[keys[tails[middle]]] < place:
                low = middle + 1
            else:
                high = middle
        back.append(tails[low - 1] if low else -1)
        if low == len(tails):
            tails.append(i)
        else:
            tails[low] = i
    stay, i = set(), tails[-1] if tails else -1
    while i >= 0:
        stay.add(keys[i])
        i = back[i]
    return stay
