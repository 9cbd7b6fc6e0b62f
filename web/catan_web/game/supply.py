"""The bank at a glance, always in view under the board: its resource cards, the development
cards left, the dice left with balanced dice, and the building costs card (a button, and the
key C, open it over the game; Escape or the same key close it).

State: ``costs_open``. Command: ``costs`` (the browser sends it for the key :data:`COSTS_KEY` too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.game import COSTS
from catan_core.names import RESOURCES
from catan_core.views import DICE_TOTALS

from ..commands import Command, nothing
from ..controls import button
from ..effects import Focus
from ..html import EMPTY, Markup, el, join
from .parts import chips, resource_name
from .players import ICONS

if TYPE_CHECKING:
    from .scene import Scene
    from .table import Table

COSTS_KEY = "c"
"""The key that opens and closes the building costs card (without Ctrl, Alt or Meta)."""
OPENER = "#costs-open"
"""The button that opens the costs card (the focus goes back to it)."""
BUILDS: tuple[tuple[str, str], ...] = (
    (A.ROAD, "ui.build.road"),
    (A.SETTLEMENT, "ui.build.settlement"),
    (A.CITY, "ui.build.city"),
    (A.BUY, "ui.build.buy"),
)
"""The costs card's lines: what is paid for, and its name."""


def supply_row(scene: Scene) -> Markup:
    """The bank's resource cards and development cards, the dice left, the costs button."""
    view, text = scene.view, scene.text
    cards = join(scene.part(bank_card, count, r) for r, count in enumerate(view.bank))
    deck = el(
        "li",
        ICONS["dev"],
        el("b", str(view.deck_size)),
        el("span", " " + text("ui.supply.dev_short"), class_="visually-hidden"),
        class_="bank-dev",
        title=text("ui.build.deck", count=view.deck_size),
    )
    left = dice_left(scene)
    compact = "bank-cards compact" if left else "bank-cards"  # with the dice left: the names only for the ear
    bank = el("ul", cards + deck, class_=compact, aria_label=text("ui.supply.label"))
    title, opener = scene.part(fixed_parts, None)
    return title + bank + left + opener


def bank_card(scene: Scene, r: int) -> Markup:
    """How many cards of resource ``r`` the bank holds (a part kept while they stay the same:
    :meth:`~catan_web.game.scene.Scene.part`)."""
    text, count = scene.text, scene.view.bank[r]
    return el(
        "li",
        el("b", str(count)),
        el("span", " " + resource_name(text, r), class_="res-name"),
        class_=f"bank-res res-{RESOURCES[r]}",
        title=text("ui.supply.item", count=count, resource=r),
    )


def fixed_parts(scene: Scene) -> tuple[Markup, Markup]:
    """The row's title and the costs card's button (the same in a language)."""
    text = scene.text
    opener = button(
        text, text("ui.costs.open"), "costs", ident="costs-open", cls="quiet-button", hint=text("ui.costs.key_hint")
    )
    return el("h2", text("ui.supply.title"), class_="supply-title"), el("span", opener, class_="costs-opener")


def reads(scene: Scene) -> tuple[object, ...]:
    """What :func:`supply_row` reads (the key of its memo): the bank, the deck and the dice left."""
    view = scene.view
    return scene.words, view.bank, view.deck_size, view.dice_deck


def dice_left(scene: Scene) -> Markup:
    """With balanced dice, how many outcomes of each total are left in the dice deck."""
    left = scene.view.dice_totals_left()
    if left is None:
        return EMPTY
    text = scene.text
    said = text("word.list_separator").join(
        text("ui.supply.dice_total", total=total, count=count) for total, count in zip(DICE_TOTALS, left, strict=True)
    )
    bars = join(
        el("li", el("b", str(count)), el("small", str(total)), style=f"--n: {count}")
        for total, count in zip(DICE_TOTALS, left, strict=True)
    )
    return el(
        "div",
        el("span", text("ui.supply.dice_left"), class_="dice-left-title", aria_hidden="true"),
        el("ol", bars, class_="dice-left-bars", aria_hidden="true"),
        el("span", text("ui.supply.dice_left") + " " + said, class_="visually-hidden"),
        class_="dice-left",
    )


def costs_card(scene: Scene) -> Markup:
    """The building costs card over the game."""
    text = scene.text
    rows = join(
        el(
            "tr",
            el("th", text(name), scope="row"),
            el("td", chips(text, COSTS[kind])),
            el("td", text("ui.costs.gives_" + kind), class_="small"),
        )
        for kind, name in BUILDS
    )
    head = el(
        "div",
        el("h2", text("ui.costs.title"), id="costs-title"),
        button(text, text("ui.costs.close"), "costs", ident="costs-close"),
        class_="sheet-head",
    )
    body = el(
        "div",
        head,
        el("table", el("tbody", rows), class_="costs-table"),
        el("p", text("ui.costs.key_hint"), class_="muted small"),
        class_="sheet wide",
    )
    return el(
        "div", body, class_="overlay costs", role="dialog", aria_modal="true", aria_labelledby="costs-title", id="costs"
    )


# --- commands ----------------------------------------------------------------------------------------


def costs(page: Table, _: None) -> None:
    """Open the building costs card, or close it (the focus goes back to its button)."""
    shown = not page.state.costs_open
    page.edit(costs_open=shown)
    if not shown:
        page.emit(Focus(OPENER))


COMMANDS = (Command("costs", nothing, costs),)
