"""The position as one value (catan_core.state): JSON round trips, consistency checks, copies,
exact return to earlier positions, and the package's import graph."""

from __future__ import annotations

import ast
import json
from dataclasses import fields
from pathlib import Path

import pytest

from catan_core import actions as A
from catan_core import saves
from catan_core.errors import FormatError, IllegalActionError
from catan_core.game import Game, Options
from catan_core.rng import Rng
from catan_core.state import State

from catan_helpers import scenario
from test_properties import choose

ROOT = Path(__file__).resolve().parent.parent


def random_games(count: int, steps: int = 400):  # type: ignore[no-untyped-def]
    """Positions along random games (with domestic offers), as (game, rng) before each action."""
    for seed in range(count):
        game = Game(Options(players=2 + seed % 3), seed=seed)
        rng = Rng(seed + 1000)
        for _ in range(steps):
            if game.phase == "over":
                break
            yield game, rng
            game.apply(choose(game, rng))


def test_state_json_round_trips_and_checks_in_every_phase() -> None:
    phases = set()
    for game, _ in random_games(12):
        data = game.to_json()
        again = State.from_json(json.loads(json.dumps(data)), game.options, game.seats, game.board)
        assert again.to_json() == data
        assert [pl.road_length for pl in again.players] == [pl.road_length for pl in game.players]
        assert again.node_owner == game.node_owner and again.edge_owner == game.edge_owner
        phases.add(game.phase)
    assert phases >= {"setup_settlement", "setup_road", "roll", "main", "discard", "robber", "trade"}


def test_copy_declares_how_every_mutable_field_is_copied() -> None:
    game = Game(Options(players=4), seed=3)
    for _ in range(60):
        game.apply(game.legal_actions()[0])
    game.trade = None
    twin = game.copy()
    for f in fields(State):
        mine, theirs = getattr(game, f.name), getattr(twin, f.name)
        if "copy" in f.metadata:
            assert mine is None or mine is not theirs, f"{f.name} is shared between copies"
        else:
            hash(mine)  # a field shared between copies must hold an immutable value
    twin.players[0].hand[0] += 5
    twin.bank[1] -= 1
    twin.rng.next64()
    assert game.players[0].hand[0] != twin.players[0].hand[0] and game.bank[1] != twin.bank[1]
    assert game.rng.state != twin.rng.state


def position(game: Game) -> str:
    """The whole position and the length of the record, as text (cheaper than a full save)."""
    return json.dumps([game.to_json(), len(game.history), len(game.log), game.log[-1:]], default=str)


def test_restore_returns_exactly_after_every_kind_of_action() -> None:
    seen: set[str] = set()
    for game, rng in random_games(16, steps=700):
        before = position(game)
        mark = game.snapshot()
        action = choose(game, rng)
        game.apply(action)
        seen.add(action.kind)
        after = position(game)
        game.restore(mark)
        assert position(game) == before, f"restore after {action} is not exact"
        game.apply(action)  # and the same action again gives the same result (the generator too)
        assert position(game) == after
        game.restore(mark)
    missing = set(A.KINDS) - seen
    assert not missing, f"never tried: {missing}"


def test_a_restored_save_replays_and_loads() -> None:
    game = Game(Options(players=3), seed=11)
    rng = Rng(5)
    for _ in range(200):
        game.apply(choose(game, rng))
    mark = game.snapshot()
    for _ in range(20):
        game.apply(choose(game, rng))
    game.restore(mark)
    text = saves.dumps(game)
    assert saves.dumps(saves.loads(text)) == text


def test_restore_refuses_a_snapshot_from_the_future() -> None:
    game = Game(Options(players=3, board="beginner"), seed=1)
    game.apply("0 roll 3+3")
    later = game.snapshot()
    earlier = Game(Options(players=3, board="beginner"), seed=1)
    with pytest.raises(ValueError):
        earlier.restore(later)


def test_check_refuses_what_the_rules_cannot_produce() -> None:
    game = Game(Options(players=3, board="beginner"), seed=1)
    game.check()
    bent = game.copy()
    bent.bank[0] -= 1
    with pytest.raises(FormatError) as info:
        bent.check()
    assert info.value.key == "format.resource_total"
    bent = game.copy()
    bent.phase = "discard"
    with pytest.raises(FormatError) as info:
        bent.check()
    assert info.value.key == "format.state" and info.value.params["field"] == "discards"
    bent = game.copy()
    bent.longest_road = 1
    with pytest.raises(FormatError) as info:
        bent.check()
    assert info.value.params["field"] == "longest_road"


# --- Year of Plenty when the bank is short -------------------------------------------------------------


def short_bank(left: dict[str, int]):  # type: ignore[no-untyped-def]
    """A main-phase position whose bank holds only ``left``; seat 0 holds Year of Plenty."""
    names = ("brick", "lumber", "wool", "grain", "ore")
    hands: list[dict[str, int]] = [{}, {}, {}]
    for r in names:
        out = 19 - left.get(r, 0)
        for seat in range(3):
            hands[seat][r] = out // 3 + (seat < out % 3)
    players = [{"hand": hands[0], "dev_cards": {"year_of_plenty": 1}}, {"hand": hands[1]}, {"hand": hands[2]}]
    return scenario(players, phase="main", current=0)


def test_year_of_plenty_takes_the_one_card_the_bank_has() -> None:
    game = short_bank({"ore": 1})
    [play] = [a for a in game.legal_actions() if a.kind == A.YEAR_OF_PLENTY]
    assert play.value == (4,) and play.text() == "0 year_of_plenty ore"
    before = game.players[0].hand[4]
    events = game.apply(play)
    assert game.players[0].hand[4] == before + 1 and game.bank == [0, 0, 0, 0, 0]
    assert events[-1].data["cards"] == [0, 0, 0, 0, 1]
    assert game.players[0].dev[3] == 0 and game.players[0].played[3] == 1


def test_year_of_plenty_with_an_empty_bank_takes_nothing_and_two_picks_are_refused() -> None:
    game = short_bank({"ore": 1})
    with pytest.raises(IllegalActionError) as info:
        game.apply("0 year_of_plenty ore,ore")
    assert info.value.key == "rule.year_of_plenty_count"
    empty = short_bank({})
    assert [a.text() for a in empty.legal_actions() if a.kind == A.YEAR_OF_PLENTY] == ["0 year_of_plenty -"]
    empty.apply("0 year_of_plenty -")
    assert empty.players[0].played[3] == 1 and empty.bank == [0, 0, 0, 0, 0]


def test_year_of_plenty_with_a_full_bank_still_takes_two() -> None:
    game = short_bank({"ore": 1, "grain": 3})
    plays = {a.value for a in game.legal_actions() if a.kind == A.YEAR_OF_PLENTY}
    assert plays == {(3, 3), (3, 4)}
    with pytest.raises(IllegalActionError) as info:
        game.apply("0 year_of_plenty ore,ore")
    assert info.value.key == "rule.bank_empty"


# --- the import graph ------------------------------------------------------------------------------------


def package_imports() -> dict[str, set[str]]:
    """For each module of catan_core, the catan_core modules it imports (anywhere in it)."""
    package = ROOT / "catan_core"
    graph: dict[str, set[str]] = {}
    for path in package.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".") if is_package else name.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                for alias in node.names:
                    candidate = f"{module}.{alias.name}"
                    targets.add(candidate if (ROOT / Path(*candidate.split("."))).with_suffix(".py").exists() else module)
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
        graph[name] = {t for t in targets if t.startswith("catan_core") and t != name}
    return graph


def test_catan_core_has_no_import_loop() -> None:
    graph = package_imports()
    done: set[str] = set()

    def visit(module: str, trail: tuple[str, ...]) -> None:
        if module in trail:
            raise AssertionError("import loop: " + " -> ".join(trail[trail.index(module):] + (module,)))
        if module in done:
            return
        for target in graph.get(module, ()):
            visit(target, trail + (module,))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())
    assert "catan_core.state" in graph and "catan_core.game" in graph["catan_core.scenarios"]
