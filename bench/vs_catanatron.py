"""Random-game throughput: catan_core vs Catanatron, in one run on one machine.

Run from the repository root:

    python bench/vs_catanatron.py --games 200 --seed 1

On first use it creates the virtual environment ``bench/.venv-catanatron``
(git-ignored) and pip-installs ``catanatron==3.2.1`` into it. Catanatron is a
benchmark-only dependency: it is imported only by a subprocess running that
venv's interpreter, never by ``catan_core`` or its tests.

Both engines play the same number of random 4-player games, split into
``--rounds`` chunks that alternate between the engines to even out machine
noise; by default the process (and so the subprocess) is pinned to one core.

* Catanatron: ``Game([RandomPlayer(c) for c in 4 colours], seed=...).play()``
  with default options (10 VP, discard limit 7, random base map) and its own
  cap of 1000 turns (``catanatron.game.TURNS_LIMIT``; a turn there is one
  player's turn, including the 6 turn advances of the setup snake).
* Ours: ``catan_core.simulate.simulate(games, seed, players=4, max_turns=1000)``
  (a turn is one player's regular turn; the setup rounds are not counted).

Only game play is timed (interpreter start-up and imports are not). It prints,
for each engine, games, seconds, games/s, mean turns and mean actions per game
(and how many games each engine's turn cap stopped), then the ratio
ours/theirs of games per second. Catanatron's games are seeded but still vary
from run to run (its play depends on object addresses, which ASLR changes), so
its figures wobble a little between runs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / "bench" / ".venv-catanatron"
VENV_PY = VENV / "bin" / "python"
CATANATRON = "catanatron==3.2.1"

# Run inside the Catanatron venv: argv = [games, first_seed]; prints one JSON line.
SNIPPET = """
import json, sys, time
from catanatron import Color, Game, RandomPlayer
from catanatron.game import TURNS_LIMIT
games, seed = int(sys.argv[1]), int(sys.argv[2])
colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
turns = actions = capped = 0
start = time.perf_counter()
for i in range(games):
    game = Game([RandomPlayer(c) for c in colors], seed=seed + i)
    if game.play() is None:
        capped += 1
    turns += game.state.num_turns
    actions += len(game.state.actions)
seconds = time.perf_counter() - start
print(json.dumps({"games": games, "seconds": seconds, "turns": turns,
                  "actions": actions, "capped": capped, "turns_limit": TURNS_LIMIT}))
"""


def ensure_venv() -> None:
    """Create the Catanatron venv and install the pinned version if needed."""
    if not VENV_PY.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    probe = "import importlib.metadata as m; print(m.version('catanatron'))"
    found = subprocess.run([str(VENV_PY), "-c", probe], capture_output=True, text=True)
    if found.returncode != 0 or found.stdout.strip() != CATANATRON.split("==")[1]:
        subprocess.run(
            [str(VENV_PY), "-m", "pip", "install", "-q", "--disable-pip-version-check", CATANATRON],
            check=True,
        )


def run_catanatron(games: int, seed: int) -> dict[str, Any]:
    out = subprocess.run(
        [str(VENV_PY), "-c", SNIPPET, str(games), str(seed)],
        check=True, capture_output=True, text=True, cwd=VENV,  # cwd: keep our repo off sys.path
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def run_ours(games: int, seed: int) -> dict[str, Any]:
    from catan_core.simulate import simulate

    report = simulate(games, seed, players=4, max_turns=1000)
    result = {"games": report.games, "seconds": report.seconds,
              "turns": report.turns, "actions": report.actions}
    if hasattr(report, "winners"):  # seat per game, -1 when the turn cap stopped it
        result.update(capped=sum(w < 0 for w in report.winners), turns_limit=1000)
    return result


def add(total: dict[str, Any], part: dict[str, Any]) -> None:
    for key, value in part.items():
        total[key] = value if key == "turns_limit" else total.get(key, 0) + value


def line(name: str, r: dict[str, Any]) -> str:
    g = r["games"]
    text = (f"{name:<11} {g} games in {r['seconds']:.2f} s = {g / r['seconds']:8.2f} games/s; "
            f"mean {r['turns'] / g:.1f} turns, {r['actions'] / g:.1f} actions per game")
    if "capped" in r:
        text += f"; {r['capped']} stopped at its {r['turns_limit']}-turn cap"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per engine")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=4, help="alternating chunks per engine")
    parser.add_argument("--cpu", type=int, default=0, help="core to pin to; -1 for no pinning")
    parser.add_argument("--only-catanatron", action="store_true", help="skip our engine")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    if args.cpu >= 0 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})  # inherited by the Catanatron subprocess
    ensure_venv()

    rounds = max(1, min(args.rounds, args.games))
    chunks = [args.games // rounds + (i < args.games % rounds) for i in range(rounds)]
    theirs: dict[str, Any] = {}
    ours: dict[str, Any] = {}
    first_seed = args.seed * 1_000_000 + 1  # Catanatron treats seed 0 as "unseeded"
    for i, n in enumerate(chunks):
        chunk_seed = first_seed + sum(chunks[:i])
        jobs = [(theirs, run_catanatron)]
        if not args.only_catanatron:
            jobs.append((ours, run_ours))
        for total, run in jobs if i % 2 == 0 else reversed(jobs):
            add(total, run(n, chunk_seed))

    print(line("Catanatron", theirs))
    if ours:
        print(line("catan_core", ours))
        ratio = (ours["games"] / ours["seconds"]) / (theirs["games"] / theirs["seconds"])
        print(f"ratio ours/theirs: {ratio:.2f}x games per second")


if __name__ == "__main__":
    main()
