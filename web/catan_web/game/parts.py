"""Small pieces the game page's components share: resource chips and buttons, dice faces,
counters with − and +, a seat's mark and name.

Pure functions returning :class:`~catan_web.html.Markup` (testable in CPython).

>>> from catan_web.text import Text
>>> chips(Text(), (1, 0, 0, 0, 2))
Markup('<span class="chip res-brick"><b>1</b> brick</span><span class="chip res-ore"><b>2</b> ore</span>')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from catan_core.names import MAX_SEATS, RESOURCES
from catan_core.palette import seat_glyphs

from ..commands import integer
from ..controls import button
from ..html import EMPTY, Markup, el, join, mark, trusted
from ..text import Text

if TYPE_CHECKING:
    from catan_core.game import Game

PIP_SPOTS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}
"""Where the pips of each face of a die are, on a 3 x 3 grid."""
RESOURCE = integer(0, len(RESOURCES) - 1)
"""A resource's id as a command's argument."""
SEAT = integer(0, MAX_SEATS - 1)
"""A seat as a command's argument."""


def resource_name(text: Text, r: int) -> str:
    """A resource's name in the page language."""
    return text("resource." + RESOURCES[r])


def chips(text: Text, cards: Sequence[int], empty: str = "") -> Markup:
    """Cards as coloured chips with counts, e.g. for costs and hands."""
    items = [
        el("span", el("b", str(n)), " ", resource_name(text, r), class_=f"chip res-{RESOURCES[r]}")
        for r, n in enumerate(cards)
        if n
    ]
    if items:
        return join(items)
    return el("span", empty, class_="muted") if empty else EMPTY


def die(value: int) -> Markup:
    """One die face as a small SVG."""
    pips = "".join(f'<circle cx="{6 + 8 * x}" cy="{6 + 8 * y}" r="2.6"/>' for x, y in PIP_SPOTS.get(value, ()))
    return trusted(
        '<svg class="die" viewBox="0 0 28 28" width="28" height="28" aria-hidden="true">'
        f'<rect x="1" y="1" width="26" height="26" rx="5"/>{pips}</svg>'
    )


def seat_mark(game: Game, seat: int) -> Markup:
    """The mark of ``seat`` in ``game`` (nothing for no seat)."""
    seats = game.seats
    if not 0 <= seat < len(seats):
        return EMPTY
    return _seat_mark(tuple([s.color for s in seats]), seat)


@lru_cache(maxsize=64)
def _seat_mark(colors: tuple[str, ...], seat: int) -> Markup:
    """The mark of ``seat`` among seats of ``colors`` (made once: the strip and the log draw
    the same marks again and again)."""
    return mark(colors[seat], seat_glyphs(colors)[seat])


def seat_label(game: Game, seat: int) -> Markup:
    """A seat's mark (its colour and glyph) and name."""
    return seat_mark(game, seat) + el("span", game.seats[seat].name, class_="name")


def counter(text: Text, label: str, value: int, cmd: str, key: str, ident: str, more: bool) -> Markup:
    """A number with − and + buttons (``data-arg`` is ``key:-1`` or ``key:1``); + is
    disabled without room for ``more``, − at 0."""
    minus = el(
        "button",
        "−",
        type="button",
        id=f"{ident}-minus",
        class_="step",
        data_cmd=cmd,
        data_arg=f"{key}:-1",
        aria_label=text("ui.less", what=label),
        disabled=value <= 0,
    )
    plus = el(
        "button",
        "+",
        type="button",
        id=f"{ident}-plus",
        class_="step",
        data_cmd=cmd,
        data_arg=f"{key}:1",
        aria_label=text("ui.more", what=label),
        disabled=not more,
    )
    return el("span", minus, el("output", str(value), id=ident, aria_label=label), plus, class_="counter")


def resource_buttons(
    text: Text,
    cmd: str,
    prefix: str,
    *,
    pressed: int | None = None,
    extra: Sequence[Markup] = (),
    label: str = "",
    room: Sequence[bool] = (True,) * len(RESOURCES),
) -> Markup:
    """Five buttons, one per resource (``data-arg`` is the resource id). With ``pressed`` they
    are toggle buttons and that resource is the one chosen; ``extra`` adds markup to each label;
    a resource without ``room`` cannot be chosen (its button is disabled)."""
    return el(
        "div",
        join(
            button(
                text,
                resource_name(text, r) + (extra[r] if extra else EMPTY),
                cmd,
                r,
                ident=f"{prefix}-{RESOURCES[r]}",
                cls=f"res res-{RESOURCES[r]}",
                pressed=None if pressed is None else pressed == r,
                disabled=not room[r],
            )
            for r in range(len(RESOURCES))
        ),
        class_="res-buttons",
        role="group",
        aria_label=label or None,
    )
