"""Which set-ups win: a logistic fit of game winners on the seats' set-up production.

Run from the repository root:

    python bench/setup_fit.py [--games 3000] [--seed 1] [--players standard-classic,standard-classic,standard-classic,standard-classic] [--jobs 2]

It plays ``--games`` games of the given computer players (seats rotated as in a
tournament), notes each seat's position when the first die is rolled (pips it produces of
each resource, how many resources it covers, a generic harbor, pips of the resource a 2:1
harbor takes) and who won, and fits a conditional logit: the winner of a game is seat ``i``
with probability proportional to ``exp(theta . features_i)``. It prints every
coefficient with its standard error and its worth in pips of brick. This is where the strong player's set-up weights
(:class:`catan_core.bots.classic.StrongPolicy`) came from: the fit says what to favour,
tournaments then checked that favouring it wins. The default players are the classic standard
ones (``standard-classic``), whose games the shipped set-up model was fitted on. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from catan_core.bots.evaluate import SETUP_FEATURES, setup_features  # noqa: E402
from catan_core.game import ROLL  # noqa: E402
from catan_core.tournament import seat_game  # noqa: E402


def play(players: list[str], index: int, seed: int) -> tuple[list[list[float]], int]:
    """Game ``index`` of a tournament: every seat's set-up features and the winning seat (-1: unfinished)."""
    _, game, bots = seat_game(players, index, seed)
    features: list[list[float]] = []
    while game.winner < 0 and game.turn <= 500:
        if not features and game.phase == ROLL:
            features = [setup_features(game, q) for q in range(len(players))]
        p = game.to_act
        game.apply(bots[p].decide(game.view(p)), check=False)
    return features, game.winner


def _play(args: tuple[list[str], int, int]) -> tuple[list[list[float]], int]:
    return play(*args)


def fit(games: list[tuple[list[list[float]], int]], iterations: int = 25) -> tuple[list[float], list[float]]:
    """Newton's method on the conditional-logit likelihood: coefficients and standard errors."""
    k = len(SETUP_FEATURES)
    theta = [0.0] * k
    hessian = [[0.0] * k for _ in range(k)]
    for _ in range(iterations):
        grad = [0.0] * k
        hessian = [[1e-6 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for xs, winner in games:
            scores = [sum(t * x for t, x in zip(theta, row)) for row in xs]
            top = max(scores)
            weights = [math.exp(s - top) for s in scores]
            total = sum(weights)
            probs = [w / total for w in weights]
            mean = [sum(p * row[i] for p, row in zip(probs, xs)) for i in range(k)]
            for i in range(k):
                grad[i] += xs[winner][i] - mean[i]
                for j in range(k):
                    hessian[i][j] += sum(p * row[i] * row[j] for p, row in zip(probs, xs)) - mean[i] * mean[j]
        step = solve(hessian, grad)
        theta = [t + s for t, s in zip(theta, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    inverse = [solve(hessian, [1.0 if i == j else 0.0 for i in range(k)]) for j in range(k)]
    return theta, [math.sqrt(max(0.0, inverse[i][i])) for i in range(k)]


def solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """``matrix`` x = ``rhs`` by Gaussian elimination with partial pivoting."""
    n = len(rhs)
    a = [row[:] + [b] for row, b in zip(matrix, rhs)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            for j in range(c, n + 1):
                a[r][j] -= f * a[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][j] * x[j] for j in range(r + 1, n))) / a[r][r]
    return x


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="standard-classic,standard-classic,standard-classic,standard-classic")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    players = args.players.split(",")
    tasks = [(players, i, args.seed) for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = [r for r in pool.map(_play, tasks, chunksize=8) if r[1] >= 0]
    theta, errors = fit(results)
    print(f"{len(results)} finished games of {', '.join(players)} (seed {args.seed})")
    print(f"{'feature':20} {'coefficient':>12} {'std. error':>11} {'vs brick pip':>13}")
    for name, t, e in zip(SETUP_FEATURES, theta, errors):
        ratio = f"{t / theta[0]:13.2f}" if theta[0] else ""
        print(f"{name:20} {t:12.3f} {e:11.3f} {ratio}")


if __name__ == "__main__":
    main()
