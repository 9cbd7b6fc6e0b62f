"""Training positions for the learned evaluation: seeded self-play games, every seat's features.

Run from the repository root (numpy needed: ``pip install -r tools/train/requirements.txt``):

    python3 tools/train/selfplay.py --games 2000 --seed 1 --out /tmp/positions.npz [--players standard-classic,...]

A seat of ``--players`` may be a variant, as in ``tools/train/duel.py``: a level followed by
``:setting=value`` pairs (``strong-hybrid:playouts=50:budget=60``).

Game ``i`` is the tournament game ``i`` of the line-up (seed ``seed + i``, seats rotated,
:func:`catan_core.tournament.seat_game`). At the end of the set-up and then at the start of
every ``--every``-th turn (before the roll; the first turn of the sampling drawn from the
game's seed), it writes, for every viewer seat, the :data:`~catan_core.bots.features.FEATURES`
of all seats as that viewer knows them: its own cards exactly, the others' hands as card
counting from its view's log expects them (:class:`~catan_core.bots.tracker.HandTracker`),
their development cards by count only. The label is the game's winner; games stopped at the
turn cap are left out.

The default seats are four classic standard players (``standard-classic``, the one-ply
player on the hand-tuned value, the standard level when the shipped weights were fitted on
their games), so the documented commands still give the same data.

Output (``numpy.savez_compressed``): ``x`` (rows, seats, features) float32, ``winner``,
``viewer``, ``game``, ``turn`` (int32 per row) and ``features`` (the names).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from duel import register

from catan_core.bots.features import FEATURES, position_features
from catan_core.bots.tracker import HandTracker
from catan_core.game import Game
from catan_core.state import ROLL
from catan_core.tournament import seat_game

MAX_TURNS = 500
"""Games longer than this are dropped (no winner)."""
PLAYER = "standard-classic"
"""Every seat's player unless ``--players`` says otherwise (see the module docstring)."""


def rows_of(game: Game, trackers: list[HandTracker]) -> list[tuple[int, list[list[float]]]]:
    """Every viewer's feature rows of the position now."""
    out = []
    for v, tracker in enumerate(trackers):
        view = game.view(v)
        tracker.update(view)
        hands = [tracker.expected(view, q) for q in range(len(game.players))]
        out.append((v, position_features(game, v, hands)))
    return out


def play(players: list[str], index: int, seed: int, every: int, settings: dict) -> tuple[list, int, int]:
    """Game ``index``: its recorded rows (viewer, turn, rows), its winner and its length."""
    _, game, bots = seat_game(players, index, seed, settings)
    trackers = [HandTracker() for _ in players]
    offset = random.Random(seed * 7919 + index).randrange(every)
    recorded: list = []
    last = (-1, -1)
    while game.winner < 0 and game.turn <= MAX_TURNS:
        key = (game.turn, game.current)
        if game.phase == ROLL and key != last:
            last = key
            if not recorded or game.turn % every == offset:
                recorded += [(v, game.turn, rows) for v, rows in rows_of(game, trackers)]
        p = game.to_act
        game.apply(bots[p].decide(game.view(p)), check=False)
    return recorded, game.winner, game.turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default=",".join([PLAYER] * 4))
    parser.add_argument("--every", type=int, default=3, help="record every so many turns")
    parser.add_argument("--budget", type=float, default=None, help="strong players' budget per decision (s)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--save-every", type=int, default=100, help="write the file every so many games")
    args = parser.parse_args()
    players = [register(spec) for spec in args.players.split(",")]
    settings = {"strong": {"budget": args.budget}} if args.budget else {}
    parts: dict[str, list[np.ndarray]] = {"x": [], "winner": [], "viewer": [], "game": [], "turn": []}
    start = time.perf_counter()
    kept = 0
    for i in range(args.games):
        recorded, winner, _ = play(players, i, args.seed, args.every, settings)
        if winner >= 0 and recorded:
            kept += 1
            parts["x"].append(np.asarray([rows for _, _, rows in recorded], dtype=np.float32))
            parts["winner"].append(np.full(len(recorded), winner, dtype=np.int32))
            parts["viewer"].append(np.asarray([v for v, _, _ in recorded], dtype=np.int32))
            parts["game"].append(np.full(len(recorded), i, dtype=np.int32))
            parts["turn"].append(np.asarray([t for _, t, _ in recorded], dtype=np.int32))
        if (i + 1) % args.save_every == 0 or i + 1 == args.games:
            rows = sum(len(a) for a in parts["winner"])
            print(f"{i + 1} games, {kept} finished, {rows} rows, {time.perf_counter() - start:.0f} s", flush=True)
            save(args.out, parts)


def save(path: Path, parts: dict[str, list[np.ndarray]]) -> None:
    """Write the rows gathered so far (see the module docstring)."""
    arrays = {key: np.concatenate(chunks) for key, chunks in parts.items()}
    np.savez_compressed(path, features=np.asarray(FEATURES), **arrays)

if __name__ == "__main__":
    main()
