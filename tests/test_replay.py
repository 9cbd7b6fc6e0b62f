"""Replays (:mod:`catan_core.replay`): the position at every step is the engine's position for
that prefix of the history, forward, back and by jumps, with what each seat may see."""

from __future__ import annotations

import json

import pytest
from boundaries import example_scenarios, random_game

from catan_core import saves
from catan_core.errors import FormatError
from catan_core.game import Game, Options
from catan_core.names import RESOURCES
from catan_core.replay import Replay
from catan_core.rng import Rng
from catan_core.scenarios import load_scenario
from catan_core.stats import compute

STEPS = 60


def prefix(game: Game, step: int) -> Game:
    """The engine's position after the first ``step`` actions of ``game``, played afresh."""
    fresh = saves.start_of(game.options, game.seats, game.seed, game.origin)
    for action in game.history[:step]:
        fresh.apply(action)
    return fresh


def check_step(replay: Replay, game: Game, step: int) -> None:
    expected = prefix(game, step)
    assert replay.step == step
    assert replay.game.to_json() == expected.to_json(), f"step {step}"
    assert [a.text() for a in replay.game.history] == [a.text() for a in expected.history]
    assert replay.game.log == expected.log
    if not replay.open_hands:
        for viewer in (None, *range(len(game.players))):
            assert replay.view(viewer) == expected.view(viewer)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_game_replayed_forward_to_the_end_and_back_to_the_start(seed: int) -> None:
    game = random_game(seed, players=2 + seed % 3, board=("random", "beginner")[seed % 2], steps=STEPS)
    assert len(game.history) == STEPS
    replay = Replay(game, every=(16, 7, 1, 60)[seed % 4])
    assert replay.step == STEPS
    for step in range(STEPS, -1, -1):  # back from the end
        check_step(replay, game, step)
        replay.back()
    assert replay.step == 0
    for step in range(STEPS + 1):
        check_step(replay, game, step)
        replay.forward()
    assert replay.step == STEPS and replay.forward() == STEPS


def test_jumps_in_any_order_land_on_the_prefix_position() -> None:
    game = random_game(11, steps=150)
    replay = Replay(game, every=10)
    rng = Rng(5)
    for _ in range(40):
        step = rng.below(len(game.history) + 1)
        assert replay.go(step) == step
        assert replay.game.to_json() == prefix(game, step).to_json()
    assert replay.go(-5) == 0 and replay.go(10**6) == len(game.history)
    copy = replay.game_at(30)
    copy.apply(copy.legal_actions()[0])  # a copy: the replay is untouched
    assert replay.game.to_json() == prefix(game, 30).to_json()


def test_a_replay_from_a_save_and_from_a_scenario_start() -> None:
    game = random_game(21, steps=40)
    replay = Replay.from_save(saves.dump(game))
    assert replay.length == 40 and replay.game.to_json() == game.to_json()
    scenario = json.loads(example_scenarios()[0])
    start = load_scenario(scenario)
    rng = Rng(3)
    while len(start.history) < 20 and start.phase != "over":
        start.apply(rng.choice(start.legal_actions()))
    replay = Replay(start)
    replay.go(0)
    assert replay.game.to_json() == load_scenario(scenario).to_json()
    for step in range(replay.length + 1):
        replay.go(step)
        assert replay.game.to_json() == prefix(start, step).to_json()


def test_a_history_that_does_not_replay_is_refused() -> None:
    game = random_game(5, steps=30)
    data = saves.dump(game)
    data["history"][10], data["history"][11] = data["history"][11], data["history"][10]
    loaded = saves.load(data, verify_history=False)  # taken on trust, not replayed
    with pytest.raises(FormatError) as info:
        Replay(loaded)
    assert info.value.key in ("format.illegal_history", "format.replay_mismatch")


def test_turns_index_the_steps_where_turns_begin() -> None:
    game = random_game(8, players=3, steps=200)
    replay = Replay(game)
    turns = replay.turns()
    assert turns[0].step == 0 and [t.step for t in turns] == sorted({t.step for t in turns})
    for start, after in zip(turns, turns[1:] + (None,)):
        end = after.step if after else replay.length + 1
        for step in range(start.step, end, 7):
            assert replay.turn_at(step) == start
        position = prefix(game, start.step)
        assert (position.turn, position.current) == (start.turn, start.player)
        assert start.round == (0 if start.turn == 0 else (start.turn - 1) // 3 + 1)
    rounds = replay.rounds()
    assert [r.round for r in rounds] == list(range(rounds[0].round, rounds[0].round + len(rounds)))


def test_marks_name_what_the_last_action_built_or_moved() -> None:
    game = Game(Options(players=3, board="beginner"), seed=4)
    for text in ("0 roll 3+4", "0 robber 1 1", "0 road 6", "0 end"):
        game.apply(text)
    replay = Replay(game)
    assert [replay.marks(step) for step in range(5)] == [(), (), ("h1",), ("e6",), ()]
    assert replay.action(0) is None and replay.action(2).text() == "0 robber 1 1"
    assert [e.kind for e in replay.events(2)] == ["robber", "steal"]


def test_hands_are_hidden_until_the_recorded_game_is_over() -> None:
    game = random_game(31, players=3, steps=100)
    assert game.phase != "over"
    replay = Replay(game)
    replay.go(50)
    cards = replay.cards(1)
    assert cards[0] is None and cards[2] is None and cards[1] is not None
    assert cards[1].hand == tuple(replay.game.players[1].hand)
    assert all(c is None for c in replay.cards(None))
    assert replay.stats(1) == compute(prefix(game, 50).view(1))
    over = random_game(32, players=3, steps=5000, vp_target=5)
    assert over.phase == "over"
    replay = Replay(over)
    replay.go(over.history.__len__() // 2)
    assert all(c is not None for c in replay.cards(None))
    assert replay.view(None).log == tuple(replay.game.log)  # secrets shown once the game is over
    stolen = [line for line in replay.lines(None, "en") if "steals" in line]
    assert stolen and all(any(r in line for r in RESOURCES) for line in stolen), stolen[:3]  # the card is named
