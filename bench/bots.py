"""Decision times of the computer players, per level.

Run from the repository root:

    python bench/bots.py --games 10 --seed 1 --budget 1.0

It plays ``--games`` 4-player games of each line-up below (seats rotated, one process,
so the figures are not disturbed by parallel games) and prints, for every level, the
number of decisions and the mean, median, 95th-percentile and largest decision time in
milliseconds. A decision is one call of ``bot.decide(view)``; building the view is not
counted. Line-ups:

* ``beginner`` x 4
* ``standard`` x 4 (the learned player)
* ``standard-classic`` x 4 (the one-ply player it replaced as the standard level)
* ``strong`` + ``standard`` x 3 (``--budget`` seconds per strong decision)
* each level of ``--variants`` (default ``strong-classic``: the same search on the hand-tuned
  value, the strong level before; ``strong-learned``) + ``standard`` x 3, the same budget

``--skip-strong`` leaves the strong line-ups out. In the browser (Pyodide) expect the
figures to be about 2-3 times higher than in CPython.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from catan_core.tournament import percentile, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=1.0, help="strong level's budget per decision (s)")
    parser.add_argument("--variants", default="strong-classic", help="other strong levels timed, comma-separated")
    parser.add_argument("--skip-strong", action="store_true")
    args = parser.parse_args(argv)
    lineups = [["beginner"] * 4, ["standard"] * 4, ["standard-classic"] * 4]
    strong = ["strong", *(level for level in args.variants.split(",") if level)]
    if not args.skip_strong:
        lineups += [[level] + ["standard"] * 3 for level in strong]
    budgets = {level: {"budget": args.budget} for level in strong}
    print(f"{'line-up':48} {'level':14} {'decisions':>9} {'mean ms':>8} {'median':>7} {'p95':>7} {'max':>7}")
    for lineup in lineups:
        result = run(lineup, args.games, args.seed, budgets)
        name = ",".join(lineup) + ("" if lineup[0] not in budgets else f" ({args.budget:g} s)")
        for level in dict.fromkeys(lineup):
            ts = sorted(result.times[level])
            print(
                f"{name:48} {level:14} {len(ts):9} {1000 * sum(ts) / len(ts):8.2f} "
                f"{1000 * percentile(ts, 0.5):7.2f} {1000 * percentile(ts, 0.95):7.2f} {1000 * ts[-1]:7.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
