"""The chosen seat's panel: its name, colour and player, its resource cards (counters, and the
cards a road, a settlement, a city or a development card costs in one click) and its
development cards (held, played face up, bought this turn).

Commands: ``seat_name``, ``seat_color``, ``seat_kind``, ``cards`` (a counter's
``side:kind:delta``), ``cost``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core.errors import CatanError
from catan_core.game import COSTS
from catan_core.names import DEV_CARDS, MAX_NAME, RESOURCES, SEAT_KINDS
from catan_core.palette import COLORS

from ..commands import Command, Step, choice, step, text as text_arg
from ..controls import button
from ..game.parts import counter
from ..html import Markup, el, join, mark
from ..text import Msg

if TYPE_CHECKING:
    from .scene import Scene
    from .table import EditorTable

SIDES = ("hand", "held", "played", "bought")
"""What a counter counts: resource cards, or development cards held, played, bought this turn."""
MAX_COUNTER = 19
"""The most a counter shows room for (the check says when the game has fewer cards)."""


def seat_panel(scene: Scene) -> Markup:
    """The chosen seat's name, colour, player and cards."""
    text, p = scene.text, scene.state.seat
    entry, seat = scene.editor.scenario.players[p], scene.checked.view.seats[p]
    colors = join(
        el("option", text("ui.color." + key), value=value, selected=value == seat.color)
        for key, value in COLORS.items()
    )
    if seat.color not in COLORS.values():
        colors += el("option", seat.color, value=seat.color, selected=True)
    kinds = join(el("option", text("ui.kind." + kind), value=kind, selected=kind == seat.kind) for kind in SEAT_KINDS)
    who = el(
        "div",
        el(
            "label",
            text("ui.new.name"),
            el(
                "input",
                id="seat-name",
                value=seat.name,
                maxlength=str(MAX_NAME),
                autocomplete="off",
                data_change="seat_name",
            ),
        ),
        el("label", text("ui.new.color"), el("select", colors, id="seat-color", data_change="seat_color")),
        el("label", text("ui.new.kind"), el("select", kinds, id="seat-kind", data_change="seat_kind")),
        class_="row fields",
    )
    hand = join(
        el(
            "li",
            el("span", text("resource." + name), class_=f"dot res-{name}"),
            counter(
                text,
                text("resource." + name),
                entry.hand[r],
                "cards",
                f"hand:{r}",
                f"hand-{name}",
                entry.hand[r] < MAX_COUNTER,
            ),
        )
        for r, name in enumerate(RESOURCES)
    )
    costs = join(button(text, text(f"editor.cost.{kind}"), "cost", kind, ident=f"cost-{kind}") for kind in COSTS)
    return el(
        "section",
        el("h2", mark(seat.color), text("editor.seat.title", player=p), id="seat-panel-title"),
        who,
        el("h3", text("editor.cards.title")),
        el("ul", hand, class_="counters"),
        el("div", costs, class_="row", role="group", aria_label=text("editor.cost.label")),
        dev_table(scene),
        class_="card",
        id="seat-panel",
        aria_labelledby="seat-panel-title",
    )


def dev_table(scene: Scene) -> Markup:
    """The chosen seat's development cards: held, played face up and bought this turn, by kind."""
    text, entry = scene.text, scene.editor.scenario.players[scene.state.seat]
    head = el(
        "tr",
        el("th", text("editor.dev.card"), scope="col"),
        join(el("th", text(f"editor.dev.{side}"), scope="col") for side in SIDES[1:]),
    )
    rows = []
    for c, name in enumerate(DEV_CARDS):
        label = text("devcard." + name)
        cells = join(
            el(
                "td",
                counter(
                    text,
                    text(f"editor.dev.{side}_of", card=label),
                    counts[c],
                    "cards",
                    f"{side}:{c}",
                    f"{side}-{name}",
                    counts[c] < MAX_COUNTER,
                ),
            )
            for side, counts in (("held", entry.dev_cards), ("played", entry.played), ("bought", entry.bought))
        )
        rows.append(el("tr", el("th", label, scope="row"), cells))
    return el("h3", text("editor.dev.title")) + el(
        "div", el("table", el("thead", head), el("tbody", join(rows)), class_="dev-table"), class_="scroll"
    )


# --- commands ----------------------------------------------------------------------------------------


def _seat(page: EditorTable, change: str) -> None:
    """Set the chosen seat's ``name``, ``color`` or ``kind`` from ``change`` (``key=value``)."""
    key, _, value = change.partition("=")
    try:
        page.editor.set_seat(page.state.seat, **{key: value})
    except CatanError as error:
        page.notify(Msg.of_error(error))
        return
    page.clear_notice()


def seat_name(page: EditorTable, name: str) -> None:
    """The chosen seat's name."""
    _seat(page, "name=" + name.strip())


def seat_color(page: EditorTable, color: str) -> None:
    """The chosen seat's colour."""
    _seat(page, "color=" + color)


def seat_kind(page: EditorTable, kind: str) -> None:
    """Who plays the chosen seat (a person or a computer player's level)."""
    _seat(page, "kind=" + kind)


def cards(page: EditorTable, change: Step) -> None:
    """One more or one less card of a counter of the chosen seat."""
    editor, p = page.editor, page.state.seat
    if change.side == "hand":
        editor.add_cards(p, change.resource, change.delta)
        return
    entry = editor.scenario.players[p]
    counts = {"held": entry.dev_cards, "played": entry.played, "bought": entry.bought}[change.side]
    count = max(0, counts[change.resource] + change.delta)
    try:
        editor.set_dev(p, change.resource, **{change.side: count})
    except CatanError as error:
        page.notify(Msg.of_error(error))


def cost(page: EditorTable, kind: str) -> None:
    """Give the chosen seat the cards ``kind`` costs."""
    page.editor.give_cost(page.state.seat, kind)


COMMANDS = (
    Command("seat_name", text_arg, seat_name),
    Command("seat_color", text_arg, seat_color),
    Command("seat_kind", choice(*SEAT_KINDS), seat_kind),
    Command("cards", step(SIDES, max(len(RESOURCES), len(DEV_CARDS))), cards),
    Command("cost", choice(*COSTS), cost),
)
