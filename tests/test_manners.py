"""Trade manners: who can accept the open offer, and the memory of declined offers."""

from __future__ import annotations

import pytest

from catan_core.game import Game
from catan_core.i18n import LANGUAGES
from catan_core.manners import DeclinedOffers, can_accept, decline_text, lacking
from catan_helpers import cards, do, scenario

BRICK, WOOL, ORE = cards(brick=1), cards(wool=1), cards(ore=1)


def table(*hands: dict[str, int]) -> Game:
    pieces = [([12], [11]), ([9], [8]), ([22], [24])]
    players = [{"settlements": s, "roads": r, "hand": h} for (s, r), h in zip(pieces, hands)]
    return scenario(players, current=0)


def test_who_can_accept() -> None:
    game = table({"brick": 2}, {"wool": 2}, {"ore": 1})
    assert not any(can_accept(game, q) for q in range(3))  # no offer open
    do(game, "0 offer brick>wool,wool to all")
    assert [can_accept(game, q) for q in range(3)] == [False, True, False]  # the offerer does not answer
    assert lacking(game, 1) == (0, 0, 0, 0, 0) and lacking(game, 2) == cards(wool=2)
    assert lacking(game, 0) == (0, 0, 0, 0, 0)
    do(game, "1 accept")
    assert not can_accept(game, 1)  # answered already


def test_an_offer_to_another_seat_is_not_mine_to_accept() -> None:
    game = table({"brick": 2}, {"wool": 2}, {"wool": 2})
    do(game, "0 offer brick>wool to 1")
    assert can_accept(game, 1) and not can_accept(game, 2)


def test_the_page_declines_what_cannot_be_accepted() -> None:
    game = table({"brick": 2}, {"wool": 2}, {"ore": 1, "wool": 1})
    do(game, "0 offer brick>wool,wool to all", "1 accept")
    assert not can_accept(game, 2)
    line = decline_text(game, 2, "en", ["Red", "Blue", "White"], you=True)
    do(game, "2 decline")  # what the page does, with that line
    assert line == "You lack 1 wool and decline the offer."
    assert game.phase == "trade"  # Blue's acceptance stands


@pytest.mark.parametrize("lang", LANGUAGES)
def test_decline_lines_in_every_language(lang: str) -> None:
    game = table({"brick": 2}, {"wool": 1}, {"ore": 1})
    do(game, "0 offer brick>wool,ore to all")
    for you in (False, True):
        line = decline_text(game, 1, lang, ["Ana", "Ben", "Chen"], you=you)
        assert "{" not in line and "manners." not in line
        assert ("Ben" in line) != you


def test_declined_offers_are_not_repeated_while_the_hands_stay() -> None:
    memory = DeclinedOffers()
    mine, theirs = (2, 0, 0, 0, 1), (0, 0, 3, 0, 0)
    assert not memory.declined(0, mine, BRICK, WOOL, 1, theirs)
    memory.record(0, mine, BRICK, WOOL, 1, theirs)
    memory.record(0, mine, ORE, WOOL, 1, theirs)
    assert memory.declined(0, mine, BRICK, WOOL, 1, theirs) and memory.declined(0, mine, ORE, WOOL, 1, theirs)
    assert not memory.declined(0, mine, WOOL, BRICK, 1, theirs)  # another offer
    assert not memory.declined(0, mine, BRICK, WOOL, 2, theirs)  # another seat
    assert not memory.declined(2, mine, BRICK, WOOL, 1, theirs)  # another offerer
    assert not memory.declined(0, (3, 0, 0, 0, 1), BRICK, WOOL, 1, theirs)  # my hand changed
    assert not memory.declined(0, mine, BRICK, WOOL, 1, (0, 0, 2, 0, 0))  # theirs changed
    assert memory.targets(0, mine, BRICK, WOOL, {1: theirs, 2: theirs}) == (2,)


def test_a_refusal_with_new_hands_replaces_the_old_ones() -> None:
    memory = DeclinedOffers()
    memory.record(0, (1,), BRICK, WOOL, 1, (4,))
    memory.record(0, (2,), ORE, WOOL, 1, (4,))  # hands changed since: the old refusal no longer applies
    assert not memory.declined(0, (1,), BRICK, WOOL, 1, (4,))
    assert memory.declined(0, (2,), ORE, WOOL, 1, (4,))
