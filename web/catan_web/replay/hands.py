"""Every seat at the step: points, resource cards and development cards as the chosen seat
could see them (its own only; every hand once the game is over), knights, road length and the
awards; and whose eyes to look through.

Each seat's line carries ``data-seat`` and, when its cards show, ``data-hand`` (five counts:
brick, lumber, wool, grain, ore) and ``data-dev`` (five counts of unplayed development cards).

Command: ``viewer``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core.names import DEV_CARDS, MAX_SEATS

from ..commands import Command, choice
from ..game.parts import chips, seat_label
from ..html import EMPTY, Markup, el, join

if TYPE_CHECKING:
    from catan_core.replay import Cards
    from catan_core.views import PlayerView

    from ..text import Text
    from .scene import Scene
    from .table import ReplayTable


def dev_names(text: Text, cards: Cards) -> str:
    """The unplayed development cards named, each with its count."""
    return text("word.list_separator").join(
        text("ui.hand.item", count=count, resource=text("devcard." + DEV_CARDS[c]))
        for c, count in enumerate(cards.dev)
        if count
    )


def seat_line(scene: Scene, pv: PlayerView, cards: Cards | None) -> Markup:
    """One seat: name, points, cards (shown or counted), knights, road, awards."""
    text, q = scene.text, pv.seat
    points = pv.points if pv.points is not None else pv.public_points
    awards = join(
        el("span", text(key), class_="badge")
        for key, held in (("ui.score.longest_road", pv.longest_road), ("ui.score.largest_army", pv.largest_army))
        if held
    )
    facts = text("replay.facts", knights=pv.knights, road=pv.road_length)
    if cards is None:
        hand = el("p", text("replay.hidden", count=pv.hand_size, dev=pv.dev_cards), class_="facts")
    else:
        dev = dev_names(text, cards)
        hand = el("p", chips(text, cards.hand, text("replay.no_cards")), class_="hand-chips") + (
            el("p", text("replay.dev", cards=dev), class_="facts") if dev else EMPTY
        )
    return el(
        "li",
        el(
            "div",
            seat_label(scene.replay.game, q),
            el("span", text("replay.points", count=points)),
            awards,
            class_="who",
        ),
        hand,
        el("p", facts, class_="facts"),
        data_seat=str(q),
        data_hand=None if cards is None else ",".join(map(str, cards.hand)),
        data_dev=None if cards is None else ",".join(map(str, cards.dev)),
        data_hand_size=str(pv.hand_size),
    )


def hands(scene: Scene) -> Markup:
    """The seats' lines, and the chooser of whose eyes."""
    text, view, replay = scene.text, scene.view, scene.replay
    viewer = scene.state.viewer
    choices = el("option", text("replay.viewer.everyone"), value="", selected=viewer is None) + join(
        el("option", seat.name, value=str(q), selected=viewer == q) for q, seat in enumerate(view.seats)
    )
    note = text("replay.viewer.open" if replay.open_hands else "replay.viewer.help")
    cards = replay.cards(viewer)
    return el(
        "section",
        el("h2", text("replay.hands_title"), id="hands-title"),
        el("label", text("replay.viewer.label"), el("select", choices, id="viewer", data_change="viewer")),
        el("p", note, class_="muted small"),
        el("ul", join(seat_line(scene, pv, cards[pv.seat]) for pv in view.players), class_="hands"),
        class_="card",
        id="hands",
        aria_labelledby="hands-title",
    )


def viewer(page: ReplayTable, chosen: str) -> None:
    """Look through ``chosen``'s eyes ("": everyone's public view)."""
    replay = page.replay
    if chosen and (replay is None or int(chosen) >= len(replay.game.players)):
        return
    page.edit(viewer=int(chosen) if chosen else None)


COMMANDS = (Command("viewer", choice("", *(str(q) for q in range(MAX_SEATS))), viewer),)
