"""Quick matches between variants of the computer players (for choosing between designs).

Run from the repository root:

    python3 tools/train/duel.py --players "strong,strong-classic:budget=0.25,standard,standard" --games 100 --seed 1

Like ``python -m catan_core tournament`` (seats rotated, Wilson intervals, one process), but
a seat may be a *variant*: a level followed by ``:setting=value`` pairs, each passed to the
bot's constructor (numbers as numbers, ``true``/``false`` as booleans), or a class
attribute when the constructor has no such parameter (``strong:plan_candidates=3``).
The running tally goes to standard error after every game.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from catan_core.bots import BOTS, level_settings
from catan_core.tournament import TournamentResult, report, run


def register(spec: str) -> str:
    """Make ``spec`` (``level:key=value...``) a name :func:`catan_core.bots.make_bot` knows."""
    if spec in BOTS:
        return spec
    level, settings = level_settings(spec)
    base = BOTS[level]
    params = inspect.signature(base).parameters
    init = {k: v for k, v in settings.items() if k in params}
    attrs = {k: v for k, v in settings.items() if k not in params}
    variant = type(f"{base.__name__}_{len(BOTS)}", (base,), attrs) if attrs else base  # type: ignore[arg-type]

    def make(seed: int | str = 0, **more: Any) -> Any:
        return variant(seed=seed, **{**init, **more})

    BOTS[spec] = make
    return spec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    players = [register(spec) for spec in args.players.split(",")]

    def progress(result: TournamentResult) -> None:
        wins = ", ".join(f"{level} {count}" for level, count in sorted(result.wins.items()))
        print(f"{result.games}/{args.games} games: {wins}", file=sys.stderr, flush=True)

    print(report(run(players, args.games, args.seed, progress=progress)))


if __name__ == "__main__":
    main()
