"""The board: the engine's SVG drawing, the author's marks (and a study's last move) ringed,
the spots the reader may click lit when the reader plays.

A keyed region: only the hexes, pieces and spots whose drawing changed are written again.
Clicks and keys on it arrive as the frame's own commands (the browser reads which spot was
pressed): a click or Enter/Space is the move there, the arrows, Home and End move the board's
one Tab stop (:mod:`catan_web.navigate`).

Commands: from the browser ``press`` (a spot) and ``rove`` (a key on a spot).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import svg

from .. import navigate as N
from ..commands import Command, text, value
from ..effects import BOARD, Focus
from ..html import EMPTY, Markup, trusted
from ..patch import Keyed
from .state import Answer

if TYPE_CHECKING:
    from .scene import Scene
    from .table import Table


def board(scene: Scene) -> Keyed | Markup:
    """The board region: the drawing's keyed elements (nothing without a position)."""
    if scene.example is None:
        return EMPTY
    from .study import move_marks

    lit = scene.targets
    drawing = svg.drawing(
        scene.view,
        lang=scene.state.lang,
        highlight_nodes=lit.nodes,
        highlight_edges=lit.edges,
        highlight_hexes=lit.hexes,
        marked=tuple(dict.fromkeys(scene.state.marks + move_marks(scene.lesson))),
        focus=scene.state.focus if scene.playable else None,
    )
    return Keyed("svg", drawing.attrs, tuple((key, trusted(html)) for key, html in drawing.items))


# --- commands ----------------------------------------------------------------------------------------


def press(page: Table, spot: str) -> None:
    """The reader pressed a spot: the move there, the choice of whom to rob, or why not."""
    parsed = N.parse_spot(spot)
    example = page.example
    if parsed is None or example is None or not page.playable():
        return
    page.edit(focus=spot)
    intent = example.intent(*parsed)
    if intent.choices:
        page.edit(choices=intent.choices, answer=None)
    elif intent.action is not None:
        page.play(intent.action)
        page.emit(Focus(BOARD, if_lost=True))  # the spot pressed is a piece now: the next target
    else:
        page.edit(choices=(), answer=Answer(page.text()(intent.hint)) if intent.hint else None)


def rove(page: Table, key: N.Rove) -> None:
    """An arrow (or Home, End) on the board: its Tab stop moves to the next target that way."""
    example = page.example
    if example is None or not page.playable():
        return
    there = N.step(example.targets(), key.spot, key.key)
    if there is not None:
        page.edit(focus=there)
        page.emit(Focus(BOARD))


COMMANDS = (
    Command("press", text, press, sent_by_page=True),
    Command("rove", value(N.Rove), rove, sent_by_page=True),
)
