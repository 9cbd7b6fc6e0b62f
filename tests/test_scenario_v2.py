"""The scenario format's version 2: any position between two actions of a real game is written
as a scenario (:func:`catan_core.scenarios.from_game`) that loads back to the very same
position, and the writer and reader round-trip exactly."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from test_properties import choose

from catan_core import saves
from catan_core.errors import FormatError
from catan_core.game import Game, Options
from catan_core.rng import Rng
from catan_core.scenarios import Scenario, from_game, load_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "web" / "scenarios"
ALL_PHASES = {"setup_settlement", "setup_road", "roll", "main", "discard", "robber", "road_building", "trade", "over"}


def same_position(game: Game, data: dict) -> Game:
    """``data`` loads to ``game``'s very position; returns the loaded game."""
    loaded = load_scenario(data)
    assert loaded.to_json() == game.to_json()
    assert (loaded.options, loaded.seats, loaded.board) == (game.options, game.seats, game.board)
    assert Scenario.from_json(data).to_json() == data, "the writer's form reads back to itself"
    assert from_game(loaded, data.get("title", "")) == data
    return loaded


def play_checking_every_step(seed: int, players: int, board: str, steps: int, **options: object) -> set[str]:
    game = Game(Options(players=players, board=board, **options), seed=seed)  # type: ignore[arg-type]
    rng = Rng(seed)
    phases: set[str] = set()
    for _ in range(steps):
        phases.add(game.phase)
        data = from_game(game)
        loaded = same_position(game, data)
        if game.phase == "over":
            break
        action = choose(game, rng)
        game.apply(action)
        loaded.apply(action)  # the same randomness follows: a steal or a card drawn, the dice
        assert loaded.to_json() == game.to_json()
    return phases


@pytest.mark.parametrize("seed,players,board", [(1, 4, "random"), (2, 3, "beginner"), (3, 2, "random"), (4, 4, "beginner")])
def test_every_step_of_a_game_is_a_scenario_of_the_same_position(seed: int, players: int, board: str) -> None:
    phases = play_checking_every_step(seed, players, board, 700, vp_target=6, friendly_robber=seed % 2 == 0)
    assert phases >= {"roll", "main", "robber"}


@pytest.mark.parametrize("trade_then_build,balanced_dice", [(True, False), (False, True), (True, True)])
def test_the_rule_options_state_is_written_too(trade_then_build: bool, balanced_dice: bool) -> None:
    """A position of a game with either rule option: whether the current player has built
    (trading then closed), and the outcomes of the balanced dice not dealt yet."""
    play_checking_every_step(7, 4, "random", 500, trade_then_build=trade_then_build, balanced_dice=balanced_dice)
    game = Game(Options(players=2, trade_then_build=True, balanced_dice=True), seed=5)
    while game.phase != "main" or not game.built:
        game.apply(choose(game, Rng(len(game.history))))
    data = from_game(game)
    assert data["built"] is True and len(data["dice_left"]) < 36
    same_position(game, data)


def test_the_steps_cover_every_phase() -> None:
    phases: set[str] = set()
    for seed in range(12):
        phases |= play_checking_every_step(100 + seed, 2 + seed % 3, ("random", "beginner")[seed % 2], 400, vp_target=5,
                                           discard_limit=5)
    assert phases == ALL_PHASES


def test_a_position_that_needs_nothing_of_version_2_is_written_in_version_1() -> None:
    game = Game(Options(players=3, board="beginner"), seed=1)
    data = from_game(game, title="Start")
    assert data["version"] == 1 and data["title"] == "Start" and data["board"] == "beginner"
    assert set(data) == {"format", "version", "title", "board", "players", "current", "phase", "seed"}
    same_position(game, data)
    game.apply("0 roll 2+2")
    assert from_game(game)["version"] == 2 and from_game(game)["rolled"] == [2, 2]


def test_version_1_files_still_read_and_their_fields_mean_the_same() -> None:
    for path in sorted(SCENARIOS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        game = load_scenario(data)
        assert game.origin == data
        again = from_game(game)  # the same position, in the writer's form
        assert load_scenario(again).to_json() == game.to_json()


def test_version_2_fields_are_checked_as_a_position() -> None:
    game = Game(Options(players=3, board="beginner"), seed=2)
    data = from_game(game)

    def refused(key: str, **change: object) -> None:
        bent = {**copy.deepcopy(data), "version": 2, **change}
        with pytest.raises(FormatError) as info:
            load_scenario(bent)
        assert info.value.key == key, (change, info.value.key, str(info.value))

    refused("format.state", setup_order=[0, 1])  # set-up placements in the roll phase
    refused("format.state", trade={"give": {"brick": 1}, "want": {"ore": 1}, "targets": [1]})  # trade outside "trade"
    refused("format.state", phase="trade")  # no offer
    refused("format.state", phase="setup_road")  # no settlement just placed
    refused("format.state", discarding=[1])  # nobody over the limit
    refused("format.state", free_roads=1)
    refused("format.state", phase="over")  # nobody has won
    refused("format.field", rolled=[0, 7])
    refused("format.field", after_robber="robber")
    refused("format.field", discarding=[1, 1])
    refused("format.field", trade={"give": {"brick": 1}, "want": {"ore": 1}, "targets": [1], "answers": [{"seat": 1}]})
    refused("format.field", trade={"give": {"brick": 1}, "want": {"ore": 1}, "targets": [1],
                                    "answers": [{"seat": 1, "answer": "accept", "give": {"ore": 1}}]})
    refused("format.seat", players=[{**data["players"][0], "bought": {}}, *data["players"][1:]])
    refused("format.seat", players=[{**data["players"][0], "name": None}, *data["players"][1:]])
    refused("format.robber", robber=None)
    refused("format.field", rolled=None)
    refused("format.field", trade=None)
    refused("format.field", turn=None)


def test_an_open_trade_a_half_done_set_up_and_the_end_of_a_game_read_back() -> None:
    for stop in ("trade", "setup_road", "over"):
        game = Game(Options(players=3, vp_target=4), seed=9)
        rng = Rng(9)
        while game.phase != stop:
            game.apply(choose(game, rng))
        data = from_game(game)
        assert data["version"] == 2 and data["phase"] == ("over" if stop == "over" else stop)
        same_position(game, data)
        text = saves.dumps(load_scenario(data))  # a game continued from it saves and replays
        assert saves.dumps(saves.loads(text)) == text
