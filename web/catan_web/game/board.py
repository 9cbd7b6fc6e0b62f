"""The board: the engine's SVG drawing with the legal targets of what is being chosen lit, the
last move marked and the last roll's production shown; its zoom buttons; and on a touch screen
the bar naming a tapped spot with its Confirm button.

A keyed region: only the hexes, pieces and spots whose drawing changed are written again.
Clicks, taps and keys on it arrive as the page's own commands (the browser reads which spot
was pressed): a mouse click acts at once, a tap selects first (see :mod:`catan_web.touch`),
Enter or Space act, the arrows move the board's one Tab stop (:mod:`catan_web.navigate`).

State: :class:`~catan_web.game.state.BoardState`. Commands: ``zoom``, ``spot_confirm``,
``spot_cancel``; from the browser ``press``, ``rove`` and ``pointer``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from catan_core import svg

from .. import navigate as N, targets as T
from ..commands import Command, choice, nothing, text, value
from ..controls import button, zoom_buttons
from ..effects import BOARD, Focus, Reveal
from ..html import EMPTY, Markup, el
from ..patch import Framed, Keyed
from ..text import Msg
from ..touch import TOUCH_POINTERS, tap
from .coach import hint_marks
from .state import BoardState

if TYPE_CHECKING:
    from ..text import Text
    from .scene import Scene
    from .table import Table

ZOOMS: tuple[float, ...] = (1, 2, 3)
"""The board's sizes, as multiples of its container's width (the zoom buttons step through
them; at 2 a 390 px phone shows every target at least 44 px wide: see the browser tests)."""
IN_VIEW = '#board .selected, #board [tabindex="0"]'
"""The spot an enlarged board scrolls to: the one selected, else its Tab stop."""


FINGER_PX = 44
"""The smallest target a finger should be offered (WCAG 2.5.5), in CSS pixels."""
SMALLEST_TARGET = min(2 * svg.NODE_HIT, svg.EDGE_HIT)
"""The smallest target's size in the drawing's units (an intersection's disc, a path's band)."""
DRAWING_WIDTH = 2 * svg.FRAME_RADIUS + 20
"""The drawing's width in its own units (its ``viewBox``)."""


class Press(NamedTuple):
    """A spot of the board pressed (``"n12"``), with a finger or a stylus (``touch``) or not,
    on a board ``width`` CSS pixels wide (0: not known)."""

    spot: str
    touch: bool
    width: float = 0.0


def finger_zoom(width: float, zoom: int) -> int:
    """The smallest zoom level, from ``zoom`` up, at which a finger can hit every target of a
    board ``width`` pixels wide at zoom 1 (the largest when none is enough; ``zoom`` when the
    width is not known).

    >>> finger_zoom(390, 0), finger_zoom(800, 0), finger_zoom(390, 2), finger_zoom(0, 0)
    (1, 0, 2, 0)
    """
    if width <= 0:
        return zoom
    for level in range(zoom, len(ZOOMS)):
        if width * ZOOMS[level] * SMALLEST_TARGET / DRAWING_WIDTH >= FINGER_PX:
            return level
    return len(ZOOMS) - 1


def board(scene: Scene) -> Framed:
    """The board region: its frame (enlarged or not) and the drawing's keyed elements, made
    again only when what the drawing reads changed (:func:`drawing_reads`: most actions
    change neither the pieces, the robber, the targets, the marks nor the production)."""
    return scene.drawn(board_drawing, drawing_reads(scene))


class DrawingReads(NamedTuple):
    """What the board's drawing reads, besides the game at the table and the language: the
    position's pieces and robber, the targets lit, the marks, the last roll's production and
    the board's own state (its Tab stop, selection and zoom)."""

    edge_owner: tuple[int, ...]
    node_owner: tuple[int, ...]
    node_city: tuple[bool, ...]
    robber: int
    lit: T.Targets
    marked: tuple[str, ...]
    produced: tuple[tuple[int, int, int, int], ...]
    board: BoardState


def drawing_reads(scene: Scene) -> DrawingReads:
    """What :func:`board_drawing` reads (the key of its part)."""
    view, session = scene.view, scene.session
    marked = hint_marks(scene) or session.last_marks()
    produced = session.produced(view)
    return DrawingReads(
        view.edge_owner,
        view.node_owner,
        view.node_city,
        view.robber,
        scene.targets,
        marked,
        produced,
        scene.state.board,
    )


def board_drawing(scene: Scene, reads: DrawingReads) -> Framed:
    """The board region for what its drawing reads (``reads``)."""
    state, lit = scene.state, reads.lit
    drawing = svg.drawing(
        scene.view,
        lang=state.lang,
        highlight_nodes=lit.nodes,
        highlight_edges=lit.edges,
        highlight_hexes=lit.hexes,
        marked=reads.marked,
        produced=reads.produced,
        focus=state.board.focus,
        selected=state.board.selected,
    )
    zoom = state.board.zoom
    frame = (("class", "board zoomed"), ("style", f"--zoom: {ZOOMS[zoom]:g}")) if zoom else (("class", "board"),)
    return Framed(frame, Keyed("svg", drawing.attrs, drawing.items))  # (the engine's drawing escapes what it writes)


def tools(scene: Scene) -> Markup:
    """Buttons shrinking and enlarging the board."""
    return zoom_buttons(scene.text, scene.state.board.zoom, len(ZOOMS))


def tools_reads(scene: Scene) -> tuple[object, ...]:
    """What :func:`tools` reads (the key of its memo)."""
    return scene.words, scene.state.board.zoom


def confirm_bar(scene: Scene) -> Markup:
    """The bar under the board while a tapped spot waits for Confirm, and while the board is
    enlarged the prompt too (the turn card may be out of view then; a phone keeps the bar at
    the bottom of the screen). Nothing otherwise."""
    from .turn import prompt

    selected, zoomed = scene.state.board.selected, scene.state.board.zoom > 0
    said = el("p", prompt(scene), class_="zoom-prompt", aria_hidden="true") if zoomed else EMPTY
    if selected is None:
        return said
    return said + selection(scene.text, svg.spot_label(scene.view, selected, scene.state.lang))


def selection(text: Text, label: str) -> Markup:
    """The bar naming the tapped spot (``label``), with Confirm and Cancel.

    >>> from catan_web.text import Text
    >>> "spot-confirm" in selection(Text(), "Path between fields 3 and mountains 8: free")
    True
    """
    return el("p", text("ui.touch.selected", place=label), class_="small", id="spot-selected") + el(
        "div",
        button(text, text("ui.touch.confirm"), "spot_confirm", ident="spot-confirm", cls="primary"),
        button(text, text("ui.button.cancel"), "spot_cancel", ident="spot-cancel"),
        class_="row",
    )


def settled(state: BoardState, lit: T.Targets) -> BoardState:
    """The board's state for the targets ``lit`` now: the Tab stop stays on (or moves to the
    target nearest to) the spot it was on; a selection that is no longer a target is dropped."""
    focus = N.roving(lit, state.focus) or state.focus
    selected = state.selected if state.selected in N.spots(lit) else None
    return state._replace(focus=focus, selected=selected)


# --- commands ----------------------------------------------------------------------------------------


def press(page: Table, pressed: Press) -> None:
    """The person pressed a spot: with a finger the first press of a spot that stands for an
    action selects it (and enlarges a board too small for a finger); else act on it, open the
    choice of whom to rob, or say why not. While the device waits to be passed, it says so."""
    session = page.session
    parsed = N.parse_spot(pressed.spot)
    if session is None or parsed is None:
        return
    if session.covered:
        page.notify(Msg("ui.cover.first", player=session.actor), "info")
        return
    element, ident = parsed
    state = page.state
    focus = state.board._replace(focus=pressed.spot)
    if pressed.touch:
        chosen = tap(state.board.selected, pressed.spot, T.click(session.view(), element, ident, state.draft.mode))
        if not chosen.act:  # selected: on a board too small for a finger, enlarged around it
            level = finger_zoom(pressed.width, state.board.zoom)
            page.clear_notice()
            page.edit(board=focus._replace(selected=chosen.selected, zoom=level))
            if level != state.board.zoom:
                page.emit(Reveal(IN_VIEW))
            return
    page.edit(board=focus._replace(selected=None))
    intent = T.click(session.view(), element, ident, state.draft.mode)
    if intent.hint:
        page.notify(Msg(intent.hint), "info")
    elif intent.choices:
        page.clear_notice()
        page.edit(draft=state.draft.with_mode(T.VICTIM)._replace(robber_hex=ident))
    elif intent.action is not None:
        page.act(intent.action)


def rove(page: Table, key: N.Rove) -> None:
    """An arrow (or Home, End) on the board: its Tab stop moves to the next target that way."""
    session = page.session
    if session is None:
        return
    draft = page.state.draft
    there = N.step(session.targets(draft.mode, draft.robber_hex), key.spot, key.key)
    if there is not None:
        page.edit(board=page.state.board._replace(focus=there))
        page.emit(Focus(BOARD))


def zoom(page: Table, way: str) -> None:
    """Enlarge (``in``) or shrink (``out``) the board, keeping its focused or selected spot in view."""
    level = page.state.board.zoom + (1 if way == "in" else -1)
    page.edit(board=page.state.board._replace(zoom=max(0, min(len(ZOOMS) - 1, level))))
    page.emit(Reveal(IN_VIEW))


def spot_confirm(page: Table, _: None) -> None:
    """Act on the spot a tap selected."""
    selected = page.state.board.selected
    if selected is not None:
        press(page, Press(selected, touch=False))


def spot_cancel(page: Table, _: None) -> None:
    """Drop the selection of a tapped spot."""
    page.edit(board=page.state.board._replace(selected=None))


def pointer(page: Table, kind: str) -> None:
    """A pointer pressed on the board: the first finger or stylus seen switches the texts to
    the touch wording."""
    if kind in TOUCH_POINTERS and not page.state.touch:
        page.edit(touch=True)


COMMANDS = (
    Command("zoom", choice("in", "out"), zoom),
    Command("spot_confirm", nothing, spot_confirm),
    Command("spot_cancel", nothing, spot_cancel),
    Command("press", value(Press), press, sent_by_page=True),
    Command("rove", value(N.Rove), rove, sent_by_page=True),
    Command("pointer", text, pointer, sent_by_page=True),
)
