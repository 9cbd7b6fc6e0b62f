"""The editor's tools: what a click on the board does (a settlement, a city, a road, the robber,
taking a piece away, or a mark for the reader), for which seat, undo and redo, and the spots'
ids written on the board.

Commands: ``tool``, ``seat``, ``undo``, ``redo``, ``show_ids``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core.editor import TOOLS
from catan_core.names import MAX_SEATS

from ..commands import Command, choice, integer, nothing, text as text_arg
from ..controls import button
from ..effects import Announce
from ..html import Markup, el, join, mark
from ..text import Msg
from .board import zoom_buttons

if TYPE_CHECKING:
    from .scene import Scene
    from .table import EditorTable


def tools(scene: Scene) -> Markup:
    """The tool buttons, the seat buttons, undo and redo, and the ids switch."""
    text, state, editor, view = scene.text, scene.state, scene.editor, scene.checked.view
    tool_buttons = join(
        button(text, text(f"editor.tool.{tool}"), "tool", tool, ident=f"tool-{tool}", pressed=tool == state.tool)
        for tool in TOOLS
    )
    seats = join(
        el(
            "button",
            mark(seat.color),
            seat.name,
            type="button",
            id=f"seat-{i}",
            data_cmd="seat",
            data_arg=str(i),
            aria_pressed="true" if i == state.seat else "false",
            class_="seat-button",
        )
        for i, seat in enumerate(view.seats)
    )
    history = join(
        (
            button(text, text("editor.undo"), "undo", ident="undo", disabled=not editor.can_undo, hint="Ctrl+Z"),
            button(text, text("editor.redo"), "redo", ident="redo", disabled=not editor.can_redo, hint="Ctrl+Y"),
        )
    )
    ids = el(
        "label",
        el("input", type="checkbox", id="show-ids", checked=state.show_ids, data_change="show_ids"),
        text("editor.show_ids"),
        class_="check",
    )
    return join(
        (
            el("div", tool_buttons, class_="row tool-row", role="group", aria_label=text("editor.tool.label")),
            el("div", seats, class_="row seat-choice", role="group", aria_label=text("editor.seat.label")),
            el("div", history, ids, zoom_buttons(scene), class_="row"),
            el("p", text(f"editor.tool.{state.tool}_help"), class_="muted small", id="tool-help"),
        )
    )


def tool(page: EditorTable, chosen: str) -> None:
    """Choose what a click on the board does."""
    page.edit(tool=chosen)


def seat(page: EditorTable, chosen: int) -> None:
    """Choose whose pieces and cards are edited."""
    if chosen < len(page.editor.scenario.players):
        page.edit(seat=chosen)


def undo(page: EditorTable, _: None) -> None:
    """Undo the last edit."""
    if page.editor.undo():
        page.emit(Announce((page.text()("editor.undone"),)))
    else:
        page.notify(Msg("editor.nothing_to_undo"), "info")


def redo(page: EditorTable, _: None) -> None:
    """Redo the last edit undone."""
    if page.editor.redo():
        page.emit(Announce((page.text()("editor.redone"),)))
    else:
        page.notify(Msg("editor.nothing_to_redo"), "info")


def show_ids(page: EditorTable, ticked: str) -> None:
    """Write every spot's id on the board, or not."""
    page.edit(show_ids=ticked == "on")


COMMANDS = (
    Command("tool", choice(*TOOLS), tool),
    Command("seat", integer(0, MAX_SEATS - 1), seat),
    Command("undo", nothing, undo),
    Command("redo", nothing, redo),
    Command("show_ids", text_arg, show_ids),
)
