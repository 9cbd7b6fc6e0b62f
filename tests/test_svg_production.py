"""What the last roll paid, on the board: rings, badges, the resource chip, accessible names."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from catan_core.board import HEX_NODES, NODE_EDGES
from catan_core.game import Game
from catan_core.i18n import LANGUAGES
from catan_core.palette import seat_glyphs
from catan_core.recap import last_production
from catan_core.scenarios import load_scenario
from catan_core.svg import BADGE_FONT, CHIP_FONT, VIEWBOX, render

NS = "{http://www.w3.org/2000/svg}"
PHONE = 390
"""The narrowest width the board must stay readable at, in CSS pixels."""
SMALLEST_TEXT = 9
"""Smallest text size, in CSS pixels, the badges and chips may have on a phone."""


def three_on_a_mountain() -> Game:
    """Seats 0 (a city), 1 and 2 around the mountains 6, seat 3 at the bottom of the fields 6;
    then a 6 is rolled."""
    top, _, lower_right, _, lower_left, _ = HEX_NODES[4]
    bottom = HEX_NODES[18][3]
    game = load_scenario({"format": "catan-scenario", "board": "beginner", "phase": "roll", "current": 0, "players": [
        {"name": "Ana", "cities": [top], "roads": [NODE_EDGES[top][0]]},
        {"name": "Ben", "settlements": [lower_right], "roads": [NODE_EDGES[lower_right][0]]},
        {"name": "Chen", "settlements": [lower_left], "roads": [NODE_EDGES[lower_left][0]]},
        {"name": "Dev", "settlements": [bottom], "roads": [NODE_EDGES[bottom][0]]},
    ]})
    game.apply("0 roll 3+3")
    return game


def paid_svg(lang: str = "en") -> tuple[Game, str]:
    game = three_on_a_mountain()
    production = last_production(game.view(None))
    assert production is not None
    return game, render(game.view(None), lang=lang, produced=production.paid)


def of_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in el.get("class", "").split()]


def test_nothing_paid_draws_nothing_new() -> None:
    view = three_on_a_mountain().view(None)
    plain = render(view)
    assert render(view, produced=()) == plain
    assert "paid" not in plain and "badge" not in plain


def test_rings_badges_and_chips() -> None:
    game, svg = paid_svg()
    root = ET.fromstring(svg)
    assert [el.get("data-at") for el in of_class(root, "paid-ring")] == ["h4", "h18"]
    badges = of_class(root, "badge")
    assert [b.get("data-seat") for b in badges] == ["0", "1", "2", "3"]
    glyphs = seat_glyphs([seat.color for seat in game.seats])
    for badge in badges:
        seat = int(badge.get("data-seat", "-1"))
        texts = [t.text for t in badge.iter(NS + "text")]
        marks = [p.get("data-glyph") for p in badge.iter(NS + "path")]
        assert marks == [glyphs[seat]], "whose badge it is does not rest on colour alone"
        assert texts == ["+2" if seat == 0 else "+1"]
    chips = [[t.text for t in chip.iter(NS + "text")] for chip in of_class(root, "chip")]
    assert chips == [["ore"], ["grain"]]


def test_accessible_names() -> None:
    _, svg = paid_svg()
    root = ET.fromstring(svg)
    mountain = "Production from the mountains 6: Ana +2 ore, Ben +1 ore, Chen +1 ore."
    fields = "Production from the fields 6: Dev +1 grain."
    groups = of_class(root, "paid")
    assert [g.get("aria-label") for g in groups] == [mountain, fields]
    assert [g.findtext(NS + "title") for g in groups] == [mountain, fields]
    assert all(g.get("role") == "img" for g in groups)
    assert root.get("aria-label") == f"Catan board. {mountain} {fields}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language(lang: str) -> None:
    _, svg = paid_svg(lang)
    root = ET.fromstring(svg)
    labels = [g.get("aria-label", "") for g in of_class(root, "paid")]
    assert len(labels) == 2 and "Ana" in labels[0] and "Dev" in labels[1]
    for label in labels + [root.get("aria-label", "")]:
        assert not re.search(r"[{}]|svg\.|resource\.", label), label


def test_readable_on_a_phone() -> None:
    width = float(VIEWBOX.split()[2])
    for size in (BADGE_FONT, CHIP_FONT):
        assert size * PHONE / width >= SMALLEST_TEXT


def test_the_order_of_entries_does_not_matter() -> None:
    game = three_on_a_mountain()
    production = last_production(game.view(None))
    assert production is not None
    shuffled = list(production.paid)
    random.Random(1).shuffle(shuffled)
    assert render(game.view(None), produced=shuffled) == render(game.view(None), produced=production.paid)


def test_a_seat_without_a_building_there_still_gets_its_badge() -> None:
    game = three_on_a_mountain()
    root = ET.fromstring(render(game.view(None), produced=[(0, 3, 1, 2)], pieces=False))
    assert [b.get("data-seat") for b in of_class(root, "badge")] == ["3"]


@pytest.mark.parametrize("entry", [(19, 0, 0, 1), (-1, 0, 0, 1), (4, 4, 0, 1), (4, 0, 5, 1), (4, 0, 4, 0), (4, 0, 4, True)])
def test_bad_entries_are_refused(entry: tuple[int, int, int, int]) -> None:
    with pytest.raises(ValueError):
        render(three_on_a_mountain().view(None), produced=[entry])


def test_entries_of_one_seat_on_one_hex_add_up() -> None:
    view = three_on_a_mountain().view(None)
    assert render(view, produced=[(4, 1, 4, 1), (4, 1, 4, 1)]) == render(view, produced=[(4, 1, 4, 2)])
