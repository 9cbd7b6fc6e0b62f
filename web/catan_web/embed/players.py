"""Every seat in one line: its mark and name, points, cards, development cards, the awards;
when the reader plays, the acting seat's hand and development cards too (the reader plays
every seat, so nothing is hidden from them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core.names import KNIGHT
from catan_core.palette import seat_glyphs

from ..html import EMPTY, Markup, el, join, mark

if TYPE_CHECKING:
    from .scene import Scene


def players(scene: Scene) -> Markup:
    """The players' lines (nothing without a position)."""
    example = scene.example
    if example is None:
        return EMPTY
    t, game = scene.text, example.game
    glyphs = seat_glyphs([seat.color for seat in game.seats])
    lines = []
    for q, seat in enumerate(game.seats):
        pl = game.players[q]
        acting = scene.open_hands and q == example.seat
        parts = [
            mark(seat.color, glyphs[q]),
            el("span", seat.name, class_="name"),
            el("span", t("embed.points", count=game.victory_points(q, public=not scene.open_hands))),
            el("span", t("embed.cards", count=sum(pl.hand))),
        ]
        if sum(pl.dev):
            parts.append(el("span", t("embed.dev_count", count=sum(pl.dev))))
        if game.longest_road == q:
            parts.append(el("span", t("embed.longest_road", length=pl.road_length), class_="badge"))
        if game.largest_army == q:
            parts.append(el("span", t("embed.largest_army", knights=pl.played[KNIGHT]), class_="badge"))
        if acting:
            detail = t("embed.hand", cards=list(pl.hand))
            devs = example.dev_list(q)
            if devs:
                detail += " · " + t("embed.dev_cards", list=devs)
            parts.append(el("span", detail, class_="detail"))
        lines.append(el("li", *parts, class_="acting" if acting else None))
    return join(lines)
