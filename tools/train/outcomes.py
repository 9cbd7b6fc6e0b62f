"""What our seat's won and lost games look like, from ``vs_catanatron_bots.py --games-out``.

Run from the repository root:

    python3 tools/train/outcomes.py games.json [more.json ...]

For each file it prints, for our seat in the games it won and in those it lost, the mean of
every final quantity (points, settlements, cities, roads, road length, Knights played,
development cards bought, Victory Point cards, Longest Road, Largest Army) and of our
decisions by kind per game (cards bought, maritime trades, ...), beside the winners' finals
in the games we lost: where the points we lacked were.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

KINDS = ("buy", "knight", "city", "settlement", "road", "maritime 4:1", "maritime 3:1", "maritime 2:1")
"""Our decisions counted per game."""


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def summary(games: list[dict[str, Any]]) -> list[str]:
    """The table of one file."""
    won = [g for g in games if g["winner"] == g["seat"]]
    lost = [g for g in games if g["winner"] >= 0 and g["winner"] != g["seat"]]
    fields = list(games[0]["final"][0]) if games else []
    lines = [f"{len(games)} games: won {len(won)}, lost {len(lost)}, capped {len(games) - len(won) - len(lost)}",
             f"{'':<16}{'ours won':>10}{'ours lost':>10}{'their winner':>14}"]
    for field in fields:
        lines.append(
            f"{field:<16}{mean([g['final'][g['seat']][field] for g in won]):>10.2f}"
            f"{mean([g['final'][g['seat']][field] for g in lost]):>10.2f}"
            f"{mean([g['final'][g['winner']][field] for g in lost]):>14.2f}"
        )
    lines.append(f"{'turns':<16}{mean([g['turns'] for g in won]):>10.1f}{mean([g['turns'] for g in lost]):>10.1f}")
    for kind in KINDS:
        lines.append(
            f"{kind:<16}{mean([g['kinds'].get(kind, 0) for g in won]):>10.2f}"
            f"{mean([g['kinds'].get(kind, 0) for g in lost]):>10.2f}"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    for path in args.files:
        print(f"== {path}")
        print("\n".join(summary(json.loads(path.read_text(encoding="utf-8")))))


if __name__ == "__main__":
    main()
