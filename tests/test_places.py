"""Board spots in words (catan_core.places): distinct on every board, in every language."""

from __future__ import annotations

import pytest

from catan_core import board as B
from catan_core.i18n import LANGUAGES, translate
from catan_core.places import COMPASS, compass, places, twin_sides
from catan_core.rng import Rng

RANDOM_BOARDS = 150


def random_boards() -> list[B.Board]:
    """Shuffled layouts, half of them with red numbers allowed side by side (more twins)."""
    return [B.Board.random(Rng(seed), separate_red_numbers=seed % 2 == 0) for seed in range(RANDOM_BOARDS)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_spots_of_a_board_share_their_words(lang: str) -> None:
    twins_seen = 0
    for board in random_boards():
        words = places(board, lang)
        assert len(set(words.hexes)) == B.HEX_COUNT, board
        assert len(set(words.nodes)) == B.NODE_COUNT, board
        assert len(set(words.edges)) == B.EDGE_COUNT, board
        twins_seen += len(twin_sides(board))
        for text in words.hexes + words.nodes + words.edges:
            assert text and "{" not in text and not text.startswith(("place.", "compass.")), text
    assert twins_seen > RANDOM_BOARDS, "the boards must include hexes with a twin"


def test_words_name_the_neighbourhood() -> None:
    board = B.Board.beginner()
    words = places(board, "en")
    for n in range(B.NODE_COUNT):
        land = B.NODE_HEXES[n]
        text = words.nodes[n]
        for h in land:
            terrain = B.TERRAINS[board.terrains[h]]
            assert terrain in text, (n, text)
        assert ("the sea" in text) == (len(land) == 2), (n, text)
        assert ("corner" in text) == (len(land) == 1), (n, text)
        assert ("harbor" in text) == (board.node_harbor(n) >= 0), (n, text)
    for e in range(B.EDGE_COUNT):
        assert ("shore" in words.edges[e]) == (len(B.EDGE_HEXES[e]) == 1), words.edges[e]
    assert words.hexes[board.desert] == "the desert"


def test_compass_points_of_corners_and_sides() -> None:
    """A hex's six corners and six sides each get a compass point of their own."""
    assert set(COMPASS) == {"north", "north_east", "east", "south_east", "south", "south_west", "west", "north_west"}
    for h in range(B.HEX_COUNT):
        cx, cy = B.HEX_CENTERS[h]
        corners = [compass(B.NODE_XY[n][0] - cx, B.NODE_XY[n][1] - cy) for n in B.HEX_NODES[h]]
        assert corners == ["north", "north_east", "south_east", "south", "south_west", "north_west"]
        sides = []
        for e in B.HEX_EDGES[h]:
            (ax, ay), (bx, by) = (B.NODE_XY[n] for n in B.EDGE_NODES[e])
            sides.append(compass((ax + bx) / 2 - cx, (ay + by) / 2 - cy))
        assert sides == ["north_east", "east", "south_east", "south_west", "west", "north_west"]


def test_twins_are_told_apart_by_opposite_points() -> None:
    for board in random_boards():
        sides = twin_sides(board)
        for h, side in sides.items():
            twin = next(g for g in sides if g != h and board.terrains[g] == board.terrains[h]
                        and board.numbers[g] == board.numbers[h])
            assert COMPASS.index(sides[twin]) == (COMPASS.index(side) + len(COMPASS) // 2) % len(COMPASS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_compass_point_and_harbor_has_words(lang: str) -> None:
    for point in COMPASS:
        assert translate("compass." + point, {}, lang) != "compass." + point
    for resource in range(len(B.RESOURCES)):
        assert str(translate("place.harbor_specific", {"resource": resource}, lang)).count("2:1") == 1
