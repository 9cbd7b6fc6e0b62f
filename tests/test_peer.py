"""Network play without a server: views as JSON, the message protocol, the host's referee,
the guest's state and the invitation / answer codes (web/catan_web/peer)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from catan_core.errors import FormatError
from catan_core.game import Game, Options
from catan_core.jsonread import parse
from catan_core.rng import Rng
from catan_core.state import PHASES
from catan_core.views import View

OFFER_EVERY = 8
"""In the main phase, one action in this many (on average) is a domestic offer."""


def random_play(seed: int, players: int = 4, max_turns: int = 1000) -> Iterator[Game]:
    """A game played with random legal actions and some domestic offers, yielded after
    the start and after every action."""
    game = Game(Options(players=players), seed=seed)
    rng = Rng(seed + 1)
    yield game
    while game.winner < 0 and game.turn <= max_turns:
        actions = game.legal_actions()
        if game.phase == "main" and rng.below(OFFER_EVERY) == 0:
            actions = game.offer_actions() or actions
        game.apply(actions[rng.below(len(actions))])
        yield game


def compact(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


# --- views as JSON ------------------------------------------------------------------------------


def viewers(game: Game) -> list[int | None]:
    return [None, *range(len(game.players))]


@pytest.mark.parametrize("seed", range(4))
def test_view_json_round_trip_in_every_phase_for_every_seat(seed: int) -> None:
    seen: set[str] = set()
    for game in random_play(seed, players=3 + seed % 2):
        if game.phase in seen and game.winner < 0:
            continue
        seen.add(game.phase)
        for viewer in viewers(game):
            view = game.view(viewer)
            text = compact(view.to_json())
            assert View.from_json(parse(text, len(text))) == view
            assert View.from_json(view.to_json(with_log=False), log=view.log) == view
            assert "log" not in view.to_json(with_log=False)
    assert seen >= set(PHASES) - {"road_building"}


def test_view_json_round_trip_during_road_building() -> None:
    for seed in range(40):
        for game in random_play(seed, players=3):
            if game.phase == "road_building":
                for viewer in viewers(game):
                    view = game.view(viewer)
                    assert View.from_json(view.to_json()) == view
                return
    pytest.fail("no random game played Road Building")


def broken_views() -> Iterator[tuple[str, dict[str, Any]]]:
    """Views of seat 1 with one thing wrong each."""
    game = Game(Options(players=3, board="beginner"), seed=2)
    game.apply("0 roll 3+4")
    good = game.view(1).to_json()
    assert View.from_json(good).viewer == 1

    def variant(name: str, **changes: Any) -> tuple[str, dict[str, Any]]:
        data = json.loads(json.dumps(good))
        for key, value in changes.items():
            data[key] = value
        return name, data

    yield variant("extra field", secret_deck=[1, 2])
    yield variant("bool for int", robber=True)
    yield variant("robber off the board", robber=19)
    yield variant("viewer out of range", viewer=3)
    yield variant("float turn", turn=1.0)
    yield variant("unknown phase", phase="party")
    yield variant("three dice", dice=[1, 2, 3])
    yield variant("hand of four", hand=[1, 1, 1, 1])
    yield variant("spectator with a hand", viewer=None)
    yield variant("another seat's legal action", legal=["0 end"])
    yield variant("garbage legal action", legal=["1 fly"])
    yield variant("not a list of players", players={"0": 1})
    name, data = variant("two settlements on one spot")
    data["players"][1]["settlements"] = list(data["players"][0]["settlements"])
    yield name, data
    name, data = variant("seat numbers out of order")
    data["players"][0]["seat"] = 1
    yield name, data
    name, data = variant("a broken event")
    data["log"][0]["player"] = "Ana"
    yield name, data


@pytest.mark.parametrize(("name", "data"), list(broken_views()), ids=[name for name, _ in broken_views()])
def test_broken_views_are_refused(name: str, data: dict[str, Any]) -> None:
    with pytest.raises(FormatError):
        View.from_json(data)


def test_not_an_object_is_refused() -> None:
    for data in (None, [], "view", 3):
        with pytest.raises(FormatError):
            View.from_json(data)
