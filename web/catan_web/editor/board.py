"""The editor's board: the engine's drawing of the position, with the spots the chosen tool
acts on as targets (one Tab stop, arrows between them, Enter or a click acts), the reader's
marks, every spot's id in its title (shown on hover: ``h9``, ``n12``, ``e40``) and a red ring
on each spot a problem is about.

A keyed region, as the game's board: only the elements whose drawing changed are written.
Clicks and keys arrive as the page's own commands: ``press`` (a spot) and ``rove`` (an arrow,
Home or End on a spot).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import svg
from catan_core.board import EDGE_COUNT, HEX_COUNT, NODE_COUNT
from catan_core.errors import CatanError

from .. import navigate as N
from ..commands import Command, choice, text as text_arg, value
from ..controls import zoom_buttons as shared_zoom_buttons
from ..effects import BOARD, Announce, Focus, Reveal
from ..game.board import IN_VIEW, ZOOMS
from ..html import Markup, el, trusted
from ..patch import Framed, Keyed
from ..targets import Targets
from ..text import Msg

if TYPE_CHECKING:
    from catan_core.views import View

    from .scene import Scene
    from .table import EditorTable

PROBLEM_COLOR = "#b3261e"
PROBLEM_RING = {"n": 44, "e": 40, "h": 120}
"""The radius of the ring around a spot a problem is about, by kind of spot (SVG units)."""


def lit(tool: str, view: View) -> Targets:
    """The spots ``tool`` acts on: intersections for buildings, paths for roads, hexes for the
    robber, the pieces for taking one away, every spot for a mark."""
    nodes, edges, hexes = tuple(range(NODE_COUNT)), tuple(range(EDGE_COUNT)), tuple(range(HEX_COUNT))
    if tool in ("settlement", "city"):
        return Targets(nodes=nodes)
    if tool == "road":
        return Targets(edges=edges)
    if tool == "robber":
        return Targets(hexes=hexes)
    if tool == "erase":
        return Targets(
            nodes=tuple(n for n in nodes if view.node_owner[n] >= 0),
            edges=tuple(e for e in edges if view.edge_owner[e] >= 0),
        )
    return Targets(nodes=nodes, edges=edges, hexes=hexes)


def titled(key: str, html: str) -> str:
    """The drawing's element ``html`` with a ``<title>`` naming its spot ``key`` (``n12``):
    the id a pointer resting on the spot shows.

    >>> titled("n3", '<circle class="node" data-node="3" r="28"/>')
    '<circle class="node" data-node="3" r="28"><title>n3</title></circle>'
    >>> titled("h9", '<g class="hex"><path/></g>')
    '<g class="hex"><title>h9</title><path/></g>'
    """
    end = html.index(">")
    title = f"<title>{key}</title>"
    if html[end - 1] == "/":
        tag = html[1 : html.index(" ")]
        return f"{html[: end - 1]}>{title}</{tag}>{html[end + 1 :]}"
    return html[: end + 1] + title + html[end + 1 :]


def ring(spot: str) -> Markup:
    """A dashed red ring around ``spot``, which a problem is about."""
    x, y = N.position(spot)
    return el(
        "circle",
        class_="problem",
        data_at=spot,
        cx=f"{x:.1f}",
        cy=f"{y:.1f}",
        r=str(PROBLEM_RING[spot[0]]),
        fill="none",
        stroke=PROBLEM_COLOR,
        stroke_width="9",
        stroke_dasharray="14 8",
        pointer_events="none",
    )


def board(scene: Scene) -> Framed:
    """The board region: its frame (enlarged or not), the drawing's keyed elements, the ids'
    titles and the problems' rings."""
    state, view = scene.state, scene.checked.view
    targets = lit(state.tool, view)
    drawing = svg.drawing(
        view,
        lang=state.lang,
        highlight_nodes=targets.nodes,
        highlight_edges=targets.edges,
        highlight_hexes=targets.hexes,
        marked=scene.editor.marks,
        show_ids=state.show_ids,
        focus=N.roving(targets, state.focus),
    )
    items = [(key, trusted(titled(key, html) if N.parse_spot(key) else html)) for key, html in drawing.items]
    spots = dict.fromkeys(spot for problem in scene.checked.problems for spot in problem.spots)
    items += [(f"problem-{spot}", ring(spot)) for spot in spots]
    zoom = state.zoom
    frame = (("class", "board zoomed"), ("style", f"--zoom: {ZOOMS[zoom]:g}")) if zoom else (("class", "board"),)
    return Framed(frame, Keyed("svg", drawing.attrs, tuple(items)))


def zoom_buttons(scene: Scene) -> Markup:
    """Buttons shrinking and enlarging the board."""
    return shared_zoom_buttons(scene.text, scene.state.zoom, len(ZOOMS))


# --- commands ----------------------------------------------------------------------------------------


def press(page: EditorTable, spot: str) -> None:
    """A click (or Enter) on a spot of the board: the chosen tool acts there for the chosen seat."""
    parsed = N.parse_spot(spot)
    if parsed is None:
        return
    state, editor = page.state, page.editor
    editor.tool, editor.seat = state.tool, state.seat
    page.edit(focus=spot)
    try:
        changed = editor.click(*parsed)
    except CatanError as error:
        page.notify(Msg.of_error(error))
        return
    if not changed:
        page.notify(Msg(f"editor.nothing.{state.tool}"), "info")
        return
    page.clear_notice()
    page.emit(Announce((page.text()("editor.changed", spot=spot),)))


def zoom(page: EditorTable, way: str) -> None:
    """Enlarge (``in``) or shrink (``out``) the board, keeping its focused spot in view."""
    level = page.state.zoom + (1 if way == "in" else -1)
    page.edit(zoom=max(0, min(len(ZOOMS) - 1, level)))
    page.emit(Reveal(IN_VIEW))


def rove(page: EditorTable, key: N.Rove) -> None:
    """An arrow (or Home, End) on the board: its Tab stop moves to the next spot that way."""
    there = N.step(lit(page.state.tool, page.checked().view), key.spot, key.key)
    if there is not None:
        page.edit(focus=there)
        page.emit(Focus(BOARD))


COMMANDS = (
    Command("zoom", choice("in", "out"), zoom),
    Command("press", text_arg, press, sent_by_page=True),
    Command("rove", value(N.Rove), rove, sent_by_page=True),
)
