"""Taking back a slip: which actions, and that the game returns exactly (save and replay)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catan_core import saves
from catan_core.actions import KINDS, Action
from catan_core.game import Game, Options
from catan_core.scenarios import load_scenario
from catan_core.undo import FINAL_KINDS, UNDOABLE_KINDS, TakeBack
from catan_helpers import do, scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "web" / "scenarios"
RICH = {"brick": 4, "lumber": 4, "wool": 4, "grain": 4, "ore": 4}


def example(name: str) -> Game:
    return load_scenario(json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8")))


def rich_game(dev_card: str = "", **top: object) -> Game:
    """Three seats on the beginner pieces, seat 0 to play with four of each card (and
    ``dev_card``, bought on an earlier turn)."""
    pieces = [([12, 31], [11, 47]), ([9, 34], [8, 42]), ([22, 41], [24, 60])]
    hands = [RICH, {"wool": 2, "grain": 1}, {"ore": 2, "wool": 1}]
    players = [{"settlements": s, "roads": r, "hand": h} for (s, r), h in zip(pieces, hands)]
    if dev_card:
        players[0]["dev_cards"] = {dev_card: 1}
    return scenario(players, current=0, seed=4, **top)


def assert_taken_back(game: Game, text: str) -> None:
    """``text`` is applied, taken back, and the game is exactly as before: same save, the
    save replays, and the action applied again does the same (and stays applied)."""
    action = Action.parse(text)
    before = saves.dumps(game)
    undo = TakeBack(game)
    undo.remember()
    events = game.apply(action)
    others = [q for q in range(len(game.players)) if q != action.player]
    assert not any(undo.can_take_back(q) for q in others)
    assert undo.can_take_back(action.player), text
    assert undo.take_back(action.player) == action
    assert saves.dumps(game) == before, text
    assert saves.dumps(saves.loads(before)) == before
    assert not undo.can_take_back(action.player)
    assert game.apply(action) == events


def assert_final(game: Game, text: str) -> None:
    action = Action.parse(text)
    undo = TakeBack(game)
    undo.remember()
    game.apply(action)
    assert not undo.can_take_back(action.player), text
    with pytest.raises(ValueError):
        undo.take_back(action.player)


def test_every_action_kind_has_a_verdict() -> None:
    assert UNDOABLE_KINDS | FINAL_KINDS == set(KINDS)
    assert not UNDOABLE_KINDS & FINAL_KINDS


# --- what may be taken back ----------------------------------------------------------------------


def test_set_up_placements() -> None:
    game = Game(Options(players=3), seed=2)
    while game.phase != "roll":
        action = game.legal_actions()[0]
        assert_taken_back(game, action.text())  # also the second settlement's cards, and the last road


def test_building() -> None:
    game = rich_game()
    for text in ("0 road 6", "0 settlement 3", "0 city 12"):
        assert_taken_back(game, text)


def test_a_settlement_that_moves_the_longest_road() -> None:
    game = example("longest_road")
    assert_taken_back(game, "1 settlement 16")
    assert game.longest_road == 1


def test_free_roads_of_road_building() -> None:
    game = rich_game("road_building")
    do(game, "0 road_building")
    assert_taken_back(game, "0 road 6")
    assert_taken_back(game, "0 road 10")
    assert game.phase == "main"


def test_trades_with_the_bank_and_offers() -> None:
    assert_taken_back(rich_game(), "0 maritime brick>ore")
    assert_taken_back(rich_game(), "0 offer brick>wool to all")
    game = rich_game()
    do(game, "0 offer brick>wool to all", "1 accept", "2 decline")
    assert_taken_back(game, "0 cancel")


def test_the_robber_without_a_steal_and_the_end_of_the_turn() -> None:
    game = Game(Options(players=3, board="beginner"), seed=1)
    do(game, "0 roll 3+4")
    assert_taken_back(game, "0 robber 16 -1")
    assert_taken_back(game, "0 end")


# --- what may not ----------------------------------------------------------------------------------


def test_refused_after_a_roll() -> None:
    game = Game(Options(players=3, board="beginner"), seed=1)
    assert_final(game, "0 roll")
    undo = TakeBack(game)
    undo.remember()
    game.apply("0 road 6")
    assert undo.can_take_back(0)
    game.apply("0 end")  # a second action: the road is final now
    assert not undo.can_take_back(0)


def test_revealing_actions_are_final() -> None:
    assert_final(rich_game(), "0 buy")
    for card, text in (
        ("knight", "0 knight"), ("road_building", "0 road_building"), ("year_of_plenty", "0 year_of_plenty grain,ore"),
        ("monopoly", "0 monopoly wool"),
    ):
        assert_final(rich_game(card), text)
    game = Game(Options(players=3, board="beginner"), seed=1)
    do(game, "0 roll 3+4")
    assert_final(game, "0 robber 5 1")  # a steal


def test_discards_and_answers_are_final() -> None:
    game = rich_game(phase="roll")
    do(game, "0 roll 3+4")
    assert_final(game, "0 discard brick,brick,lumber,lumber,wool,wool,grain,grain,ore,ore")
    for answer in ("1 accept", "1 decline", "1 counter brick,brick>wool"):
        game = rich_game()
        do(game, "0 offer brick>wool to 1")
        assert_final(game, answer)
    game = rich_game()
    do(game, "0 offer brick>wool to 1", "1 accept")
    assert_final(game, "0 confirm 1")


def test_refused_once_another_seat_acted() -> None:
    game = rich_game()
    undo = TakeBack(game)
    undo.remember()
    do(game, "0 offer brick>wool to 1")
    assert undo.can_take_back(0)
    do(game, "1 decline")
    assert not undo.can_take_back(0) and not undo.can_take_back(1)


def test_a_winning_move_is_final() -> None:
    game = example("winning")
    assert_final(game, "0 settlement 22")
    assert game.winner == 0
