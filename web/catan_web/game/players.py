"""Every player's public facts: points, cards in hand, development cards, knights, road length
and the awards, and who acts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..controls import section
from ..html import EMPTY, Markup, el, join
from .parts import seat_label

if TYPE_CHECKING:
    from .scene import Scene

HEADS: tuple[str, ...] = (
    "ui.score.player",
    "ui.score.points",
    "ui.score.cards",
    "ui.score.dev",
    "ui.score.knights",
    "ui.score.road",
)
"""The scoreboard's columns."""


def scoreboard(scene: Scene) -> Markup:
    """Public points, hand size, development cards, knights, road length and the awards."""
    session, view, text = scene.session, scene.view, scene.text
    rows = []
    for pv in view.players:
        q = pv.seat
        kind = text("net.kind_remote" if session.plays_elsewhere(q) else "ui.kind." + view.seats[q].kind)
        awards = join(
            el("span", text(key), class_="award")
            for key, held in (("ui.score.longest_road", pv.longest_road), ("ui.score.largest_army", pv.largest_army))
            if held
        )
        points = el(
            "td",
            str(pv.public_points),
            el("small", text("ui.score.hidden_points", count=pv.points - pv.public_points), class_="muted")
            if pv.points is not None and pv.points != pv.public_points
            else EMPTY,
            class_="points",
        )
        current = q == view.current and view.phase != "over"
        rows.append(
            el(
                "tr",
                el("th", seat_label(session.game, q), el("small", kind, class_="kind"), awards, scope="row"),
                points,
                el("td", str(pv.hand_size)),
                el("td", str(pv.dev_cards)),
                el("td", str(pv.knights)),
                el("td", str(pv.road_length)),
                class_="current" if current else None,
                data_seat=str(q),
                aria_current="true" if current else None,
            )
        )
    table = el(
        "table",
        el("thead", el("tr", *(el("th", text(key), scope="col") for key in HEADS))),
        el("tbody", join(rows)),
        class_="scores",
    )
    note = el("p", text("ui.score.target", count=view.options.vp_target), class_="muted small")
    return section(text("ui.score.title"), el("div", table, class_="table-wrap") + note, ident="scores")
