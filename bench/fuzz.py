"""Fuzz the engine's boundaries with outside data for as long as asked.

Run from the repository root (one process; it uses one core):

    python bench/fuzz.py --seconds 600

It runs, round after round until the time is up:

* every boundary property of ``tests/test_boundaries.py`` (saves, scenarios, studies, share
  links -- zip bombs, deep nesting, unknown versions and kinds among them --, action texts
  and values, the JSON reader; generators and checks in ``tests/boundaries.py``), of
  ``tests/test_web_boundaries.py`` (the stored settings, saves index and its entries, the
  example's address and fragment) and of ``tests/test_peer.py`` (messages from peers) through
  hypothesis, with fresh random examples each round and hypothesis's shrinking on a failure;
* long random games mixing legal, illegal and malformed actions (a third of the inputs are
  not listed legal actions), each input applied only when legal or else refused with the
  game byte-identical, and the invariants checked after every step.

It prints the games played, actions applied, refusals by error key, and every violation
(a broken property: a hang, an unsound position, a changed game, a wrong error class) and
escape (an exception that is not a CatanError), each with the smallest reproduction found.
The exit status is 1 when anything was found.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from typing import Any

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path[:0] = [ROOT, os.path.join(ROOT, "web"), os.path.join(ROOT, "tests")]

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402

import boundaries as B  # noqa: E402
import test_boundaries  # noqa: E402,F401  (these three register their properties in B.PROPERTIES)
import test_peer  # noqa: E402,F401
import test_web_boundaries  # noqa: E402,F401
from catan_core import saves  # noqa: E402
from catan_core.errors import CatanError  # noqa: E402
from catan_core.rng import Rng  # noqa: E402

ROUND_SCALE = 1
"""Examples per property per round: this times its number in the test suite."""
LONG_GAME_STEPS = 3000


class Findings:
    """Violations and escapes, each once (by property, exception type and first line)."""

    def __init__(self) -> None:
        self.items: dict[tuple[str, str, str], tuple[str, str]] = {}

    def add(self, where: str, error: BaseException, reproduction: str) -> None:
        kind = "violation" if isinstance(error, (AssertionError, CatanError)) else "escape"
        first = (str(error).splitlines() or [""])[0][:200]
        key = (where, type(error).__name__, first)
        if key not in self.items:
            self.items[key] = (kind, reproduction)
            print(f"\n!! {kind} in {where}: {type(error).__name__}: {first}\n{reproduction}\n", flush=True)

    def count(self, kind: str) -> int:
        return sum(1 for k, _ in self.items.values() if k == kind)


def _leaves(error: BaseException) -> list[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        return [leaf for sub in error.exceptions for leaf in _leaves(sub)]
    return [error]


def _cause(error: BaseException) -> BaseException:
    """The exception behind a wrapper AssertionError (mixed games add their context)."""
    return error.__cause__ if error.__cause__ is not None and isinstance(error, AssertionError) and \
        "position before it" in str(error) else error


def run_property(name: str, examples: int, findings: Findings, seed: int) -> None:
    body, strategies, _ = B.PROPERTIES[name]
    test = settings(
        max_examples=examples, deadline=None, database=None, derandomize=False, print_blob=False,
        suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink], report_multiple_bugs=True,
    )(given(*strategies)(body))
    try:
        test()
    except Exception as error:  # hypothesis re-raises the shrunk failures
        for leaf in _leaves(error):
            cause = _cause(leaf)
            detail = "".join(traceback.format_exception_only(type(leaf), leaf))[-3000:]  # with the example
            where = "".join(traceback.format_tb(cause.__traceback__)[-3:])
            findings.add(name, cause, f"{detail}\nraised at:\n{where}")


def long_game(seed: int, findings: Findings) -> None:
    """A full random game with every third input not a listed legal action (random
    well-formed actions and bent texts); on a failure, the input is shrunk."""
    players = 2 + seed % 3
    board = ("random", "beginner")[seed % 2]
    rng = Rng(seed)
    game = B.Game(B.Options(players=players, board=board, vp_target=(10, 5, 7)[seed % 3]), seed=seed)
    B.STATS["games"] += 1
    for step in range(LONG_GAME_STEPS):
        if game.phase == "over":
            return
        value: Any
        pick = rng.below(6)
        if pick == 0:
            value = B.random_action(rng, game)
        elif pick == 1:
            text = B.choose(game, rng).text()
            i = rng.below(len(text) + 1)
            value = text[:i] + rng.choice(["", " ", "1", "²", "\n", ",brick", "9" * 30, "+", " to all"]) + text[i + rng.below(3):]
        else:
            value = B.choose(game, rng)
        position = saves.dumps(game)
        try:
            B.check_apply(game, value)
        except Exception as error:  # noqa: BLE001 - reported, with the position and the input
            value = _shrink_text(position, value) if isinstance(value, str) else value
            findings.add("long_game", error, f"position (save text): {position}\ninput: {value!r}\n"
                         f"(game seed {seed}, step {step})")
            return


def _fails(position: str, value: Any) -> bool:
    game = saves.loads(position, verify_history=False)
    try:
        B.check_apply(game, value)
    except Exception:  # noqa: BLE001
        return True
    return False


def _shrink_text(position: str, text: str) -> str:
    """The shortest text found (deleting characters) that still fails in ``position``."""
    changed = True
    while changed:
        changed = False
        for i in range(len(text)):
            shorter = text[:i] + text[i + 1:]
            if _fails(position, shorter):
                text, changed = shorter, True
                break
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to run (s)")
    parser.add_argument("--seed", type=int, default=int(time.time()), help="seed of the long games")
    args = parser.parse_args(argv)
    end = time.monotonic() + args.seconds
    findings = Findings()
    names = sorted(B.PROPERTIES)
    rounds, seed = 0, args.seed
    B.save_pool()  # built once, outside the budget's first measurement
    print(f"fuzzing for {args.seconds:.0f} s: {len(names)} properties and long mixed games (seed {args.seed})", flush=True)
    timings: dict[str, float] = {}
    while time.monotonic() < end:
        rounds += 1
        for name in names:
            if time.monotonic() >= end:
                break
            start = time.monotonic()
            run_property(name, B.PROPERTIES[name][2] * ROUND_SCALE, findings, seed)
            timings[name] = timings.get(name, 0.0) + time.monotonic() - start
        for _ in range(1):  # a long game takes about as long as all the properties' batch
            if time.monotonic() >= end:
                break
            start = time.monotonic()
            long_game(seed, findings)
            timings["long_game"] = timings.get("long_game", 0.0) + time.monotonic() - start
            seed += 1
        print(f"round {rounds}: {B.STATS['games']} games, {B.STATS['actions']} actions, "
              f"{sum(v for k, v in B.STATS.items() if k.startswith('refused:'))} refusals, "
              f"{findings.count('violation')} violations, {findings.count('escape')} escapes", flush=True)
    stats = B.STATS
    refusals = {k[len("refused:"):]: v for k, v in stats.items() if k.startswith("refused:")}
    print(f"\n== {args.seconds:.0f} s, {rounds} rounds")
    print(f"games: {stats['games']}  actions: {stats['actions']}  refusals: {sum(refusals.values())}  "
          f"violations: {findings.count('violation')}  escapes: {findings.count('escape')}")
    print("inputs: " + ", ".join(f"{k} {stats[k]}" for k in (
        "saves", "save texts", "scenarios", "scenario texts", "studies", "study texts", "links", "links read",
        "accepted", "action texts", "parsed", "action inputs", "applied", "json texts", "json values")))
    print("refusals by error key:")
    for key, count in sorted(refusals.items(), key=lambda kv: -kv[1]):
        print(f"  {count:9d}  {key}")
    print("seconds per property: " + ", ".join(f"{k} {v:.0f}" for k, v in sorted(timings.items())))
    for (where, error_type, first), (kind, reproduction) in findings.items.items():
        print(f"\n-- {kind}: {where}: {error_type}: {first}\n{reproduction}")
    return 1 if findings.items else 0


if __name__ == "__main__":
    sys.exit(main())
