"""Keyboard navigation between the board's targets (web/catan_web/navigate.py), in CPython:
arrows move along the board's geometry to the nearest target in their direction, every
target can be reached with arrows alone, Home/End go to the ends of the reading order."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from catan_core.board import EDGE_COUNT, HEX_COUNT, NODE_COUNT, NODE_NODES  # noqa: E402
from catan_core.game import Game, Options  # noqa: E402
from catan_core.rng import Rng  # noqa: E402
from catan_web import navigate as N  # noqa: E402
from catan_web.targets import Targets, targets  # noqa: E402

EVERY = {
    "nodes": Targets(nodes=tuple(range(NODE_COUNT))),
    "edges": Targets(edges=tuple(range(EDGE_COUNT))),
    "hexes": Targets(hexes=tuple(range(HEX_COUNT))),
}


def reachable(lit: Targets, start: str) -> set[str]:
    """Every target the arrow keys lead to from ``start``."""
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for key in N.ARROWS:
            there = N.step(lit, here, key)
            assert there is not None
            if there not in seen:
                seen.add(there)
                todo.append(there)
    return seen


@pytest.mark.parametrize("kind", EVERY)
def test_arrows_reach_every_target_from_anywhere(kind: str) -> None:
    lit = EVERY[kind]
    every = set(N.spots(lit))
    for start in every:
        assert reachable(lit, start) == every


def test_arrows_reach_every_target_of_random_positions() -> None:
    """Set-up spots, roads after a settlement, the robber's hexes: whatever the engine offers."""
    game = Game(Options(players=4), seed=11)
    rng = Rng(5)
    for _ in range(160):
        lit = targets(game.view(game.to_act))
        found = N.spots(lit)
        if found:
            assert reachable(lit, found[0]) == set(found)
        actions = game.legal_actions()
        game.apply(actions[rng.below(len(actions))], check=False)
        if game.winner >= 0:
            break


@pytest.mark.parametrize("kind", EVERY)
def test_an_arrow_moves_in_its_direction_or_stays(kind: str) -> None:
    lit = EVERY[kind]
    for here in N.spots(lit):
        x0, y0 = N.position(here)
        for key, (dx, dy) in N.ARROWS.items():
            there = N.step(lit, here, key)
            x, y = N.position(there)  # type: ignore[arg-type]
            along = (x - x0) * dx + (y - y0) * dy
            if there == here:  # nothing lies ahead at all
                assert all((N.position(o)[0] - x0) * dx + (N.position(o)[1] - y0) * dy <= 0 for o in N.spots(lit))
            else:
                assert along > 0


def test_an_arrow_goes_to_a_neighbour_when_every_intersection_is_lit() -> None:
    """With every intersection lit, an arrow steps to an adjacent intersection whenever one
    lies within 60 degrees of its direction (never jumps over a closer one)."""
    lit = EVERY["nodes"]
    for n in range(NODE_COUNT):
        here = N.spot("node", n)
        x0, y0 = N.position(here)
        for key, (dx, dy) in N.ARROWS.items():
            near = []
            for m in NODE_NODES[n]:
                x, y = N.position(N.spot("node", m))
                along = (x - x0) * dx + (y - y0) * dy
                if along > 0 and abs((x - x0) * dy - (y - y0) * dx) <= along * N.CONE:
                    near.append(N.spot("node", m))
            if near:
                assert N.step(lit, here, key) in near


def test_home_end_reading_order_and_roving() -> None:
    lit = Targets(nodes=(40, 3, 20), edges=(11,))
    order = N.spots(lit)
    ys = [N.position(name)[1] for name in order]
    assert ys == sorted(ys)
    assert N.step(lit, order[1], N.HOME) == order[0] == N.first(lit)
    assert N.step(lit, order[1], N.END) == order[-1]
    assert N.step(lit, order[1], "a") is None
    assert N.step(Targets(), None, N.HOME) is None
    # the Tab stop stays where it was while it is a target, else moves to the nearest
    assert N.roving(lit, "n20") == "n20"
    gone = N.roving(Targets(nodes=(40, 3)), "n20")
    assert gone == min(("n40", "n3"), key=lambda name: math.dist(N.position(name), N.position("n20")))
    assert N.roving(lit, None) == order[0] and N.roving(lit, "junk") == order[0]
    # an arrow from a spot that is no longer a target starts from the Tab stop
    assert N.step(lit, "n0", "ArrowDown") == N.roving(lit, "n0")


def test_spot_names_round_trip() -> None:
    for element, count in (("node", NODE_COUNT), ("edge", EDGE_COUNT), ("hex", HEX_COUNT)):
        for ident in range(count):
            assert N.parse_spot(N.spot(element, ident)) == (element, ident)
    for bad in ("", "n", "n54", "e72", "h19", "x1", "n-1", "n١", "n001"):
        assert N.parse_spot(bad) is None
