"""Shared helpers for the engine tests: scenario building, board paths, illegal-move checks."""

from __future__ import annotations

import json
from typing import Any

import pytest

from catan_core import saves
from catan_core.actions import Action
from catan_core.board import EDGE_NODES, NODE_EDGES, RESOURCES
from catan_core.bots import make_bot
from catan_core.errors import IllegalActionError
from catan_core.game import Game, Options
from catan_core.scenarios import load_scenario

BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)


def edge(a: int, b: int) -> int:
    """The path id between intersections ``a`` and ``b``."""
    for e in NODE_EDGES[a]:
        if b in EDGE_NODES[e]:
            return e
    raise AssertionError(f"intersections {a} and {b} are not adjacent")


def path(*nodes: int) -> list[int]:
    """Path ids along a walk through the given intersections."""
    return [edge(a, b) for a, b in zip(nodes, nodes[1:])]


def cards(**counts: int) -> tuple[int, int, int, int, int]:
    """``cards(brick=2, ore=1)`` -> ``(2, 0, 0, 0, 1)``."""
    out = [0] * 5
    for name, n in counts.items():
        out[RESOURCES.index(name)] = n
    return tuple(out)  # type: ignore[return-value]


def scenario(players: list[dict[str, Any]], **top: Any) -> Game:
    """A scenario on the beginner board (unless ``board`` is given); phase defaults to main."""
    data: dict[str, Any] = {"format": "catan-scenario", "board": "beginner", "phase": "main", "players": players}
    data.update(top)
    return load_scenario(data)


def state(game: Game) -> str:
    """The whole game as JSON text (to compare before and after)."""
    return json.dumps(saves.dump(game), sort_keys=True)


def assert_illegal(game: Game, action: Action | str, key: str) -> IllegalActionError:
    """``action`` is refused with the rule ``key`` and leaves the game exactly as it was."""
    if isinstance(action, str):
        action = Action.parse(action)
    before = state(game)
    assert not game.is_legal(action)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert info.value.key == key, f"{action}: expected {key}, got {info.value.key} ({info.value})"
    assert state(game) == before, f"{action} changed the game although it was refused"
    assert action not in game.legal_actions()
    return info.value


def do(game: Game, *actions: Action | str) -> list:
    """Apply actions (objects or text), each checked; return the events of the last one."""
    events: list = []
    for a in actions:
        events = game.apply(a)
    return events


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def hand(game: Game, p: int) -> tuple[int, ...]:
    return tuple(game.players[p].hand)


def bot_game(seed: int, steps: int, levels: tuple[str, ...]) -> Game:
    """A game of computer players of ``levels`` (one a seat; seat ``q``'s seeded ``seed * 10 + q``)
    after ``steps`` decisions, or at its end."""
    game = Game(Options(players=len(levels)), seed=seed)
    bots = [make_bot(level, seed=seed * 10 + i) for i, level in enumerate(levels)]
    for _ in range(steps):
        if game.winner >= 0:
            break
        p = game.to_act
        game.apply(bots[p].decide(game.view(p)))
    return game
