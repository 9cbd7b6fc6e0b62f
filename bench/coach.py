"""The coach: how well its chances to win predict who wins, and how long a hint takes.

Run from the repository root (one process; the chances part plays hundreds of games, so
run it with ``nice -n 19``):

    nice -n 19 python3 bench/coach.py chances --games 300 --fit-games 100 --seed 500000
    python3 bench/coach.py latency --games 4 --seed 700000

**chances**: games of computer players, the line-up rotating game by game through
:data:`LINEUPS` (strong and classic standard players), seats rotated, game ``i`` seeded ``seed + i``
as a tournament seeds it (:func:`catan_core.tournament.seat_game`). The learned evaluation
was fitted on classic standard self-play games seeded 1 to 2200 (``docs/bots.md``), so with the
default seed these games are not in its training data, and some of their players are
strong ones it never saw. At the end of the set-up and at the start of every turn, every
seat's own view gives the coach's chances (:func:`catan_core.coach.chances`); games stopped
at :data:`MAX_TURNS` are left out. The first ``--fit-games`` games only fit the baseline, a
conditional logit on public points with one parameter (the points leader gets the best
chance, ``exp(b * points)``, as in ``tools/train/fit.py``); the figures are over the other
``--games`` games: the Brier score (the sum over seats of the squared error, 0 is perfect,
0.75 is even chances among four), the log loss of the winner's chance and how often the
favourite won, by turn and overall, beside the baseline and even chances, and the paired
difference of the Brier scores with a 95% interval over games. Every ``--sample-every``-th
turn the chances are also taken with ``--samples`` guesses of the hidden hands
(``chances(view, samples=...)``), and both are compared on those rows.

**latency**: games of classic standard and random players; at every position where the seat to
act has a choice, a hint in steps (:func:`catan_core.coach.start_hint`, advanced one step
at a time as a page would): per phase, the number of hints, the mean, 95th percentile and
largest time of a whole hint, and the longest single step (what a page pauses for at
most). Then the review of ``--reviews`` finished games, whole and its longest step.
Wall-clock times in CPython (the machine's load average is printed); in the browser
(Pyodide) expect about 2-3 times these.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from catan_core.bots import make_bot
from catan_core.coach import Pondering, chances, start_hint, start_review
from catan_core.game import Game, Options
from catan_core.state import ROLL
from catan_core.tournament import percentile, seat_game

CLASSIC = "standard-classic"
"""The one-ply player on the hand-tuned value (the standard level when the figures of
``docs/coach.md`` were taken, and the player of the evaluation's training games)."""
LINEUPS: tuple[tuple[str, ...], ...] = (
    ("strong", CLASSIC, CLASSIC, CLASSIC),
    (CLASSIC, CLASSIC, CLASSIC, CLASSIC),
    ("strong", "strong", CLASSIC, CLASSIC),
)
"""The line-ups of the chances part, one game each in turn."""
MAX_TURNS = 500
"""Games longer than this are stopped and left out (no winner)."""
STAGES = ((0, 20), (20, 40), (40, 60), (60, 80), (80, 10**6))
"""Turn ranges the figures are broken down by (as ``tools/train/fit.py``)."""
LATENCY_LEVELS = (CLASSIC, "random", CLASSIC, "random")
"""The players of the latency part (random players make offers to answer and odd positions)."""
FLOOR = 1e-12
"""Least chance a log loss takes the logarithm of."""


@dataclass
class Row:
    """One seat's view of one position."""

    game: int
    turn: int
    viewer: int
    chances: list[float]
    points: list[int]
    winner: int
    sampled: list[float] | None = None


@dataclass
class Score:
    """Brier score, log loss and favourite wins over rows."""

    brier: float = 0.0
    loss: float = 0.0
    top: int = 0
    rows: int = 0
    games: set[int] = field(default_factory=set)

    def add(self, p: Sequence[float], winner: int, game: int) -> None:
        self.brier += sum((x - (q == winner)) ** 2 for q, x in enumerate(p))
        self.loss -= math.log(max(p[winner], FLOOR))
        self.top += max(range(len(p)), key=lambda q: p[q]) == winner
        self.rows += 1
        self.games.add(game)

    def text(self) -> str:
        n = max(self.rows, 1)
        return f"{self.brier / n:7.4f} {self.loss / n:8.4f} {100 * self.top / n:6.1f}%"


def leader(points: Sequence[int], b: float) -> list[float]:
    """The baseline's chances: ``exp(b * points)``, normalised."""
    top = max(points)
    e = [math.exp(b * (x - top)) for x in points]
    total = sum(e)
    return [x / total for x in e]


def fit_leader(rows: Sequence[Row], iterations: int = 50) -> float:
    """The baseline's parameter of highest likelihood on ``rows`` (Newton's method)."""
    b = 0.0
    for _ in range(iterations):
        grad = hess = 0.0
        for row in rows:
            p = leader(row.points, b)
            mean = sum(pi * x for pi, x in zip(p, row.points, strict=True))
            grad += row.points[row.winner] - mean
            hess -= sum(pi * (x - mean) ** 2 for pi, x in zip(p, row.points, strict=True))
        step = grad / hess if hess else 0.0
        b -= step
        if abs(step) < 1e-10:
            break
    return b


def play(index: int, seed: int, samples: int, sample_every: int) -> tuple[list[Row], int]:
    """Game ``index``: every seat's chances at the end of the set-up and each turn's start,
    and the game's winner (-1: stopped at the cap)."""
    lineup = LINEUPS[index % len(LINEUPS)]
    _, game, bots = seat_game(lineup, index, seed)
    rows: list[Row] = []
    last = -1
    while game.winner < 0 and game.turn <= MAX_TURNS:
        if game.phase == ROLL and game.turn != last:
            last = game.turn
            for viewer in range(len(game.players)):
                view = game.view(viewer)
                sampled = None
                if samples and game.turn % sample_every == 0:
                    sampled = chances(view, samples=samples, seed=index)
                points = [pv.public_points for pv in view.players]
                rows.append(Row(index, game.turn - 1, viewer, chances(view), points, -1, sampled))
        p = game.to_act
        game.apply(bots[p].decide(game.view(p)), check=False)
    for row in rows:
        row.winner = game.winner
    return rows, game.winner


def chances_part(args: argparse.Namespace) -> None:
    fit_rows: list[Row] = []
    rows: list[Row] = []
    unfinished = 0
    start = time.perf_counter()
    for i in range(args.fit_games + args.games):
        found, winner = play(i, args.seed, args.samples, args.sample_every)
        if winner < 0:
            unfinished += 1
        else:
            (fit_rows if i < args.fit_games else rows).extend(found)
        if (i + 1) % 25 == 0:
            print(f"  {i + 1} games, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    b = fit_leader(fit_rows)
    print(f"games: {args.fit_games} to fit the baseline, {args.games} to measure (seeds {args.seed}-"
          f"{args.seed + args.fit_games + args.games - 1}; {unfinished} stopped at turn {MAX_TURNS} and left out); "
          f"line-ups in turn: {' | '.join(','.join(lineup) for lineup in LINEUPS)}")
    print(f"baseline: points leader, exp({b:.4f} x public points), fitted on {len(fit_rows)} rows")
    print(f"{len(rows)} rows (a seat's view at the end of the set-up and each turn's start) of "
          f"{len({r.game for r in rows})} games; {time.perf_counter() - start:.0f} s")
    print()
    print(f"{'turns':10} {'rows':>6} {'games':>5} | {'coach: Brier':>12} {'log loss':>8} {'fav.':>7} | "
          f"{'leader: Brier':>13} {'log loss':>8} {'fav.':>7} | {'even: Brier':>11} {'log loss':>8}")
    for lo, hi in (*STAGES, (0, 10**6)):
        part = [r for r in rows if lo <= r.turn < hi]
        if not part:
            continue
        coach, base, even = Score(), Score(), Score()
        for r in part:
            coach.add(r.chances, r.winner, r.game)
            base.add(leader(r.points, b), r.winner, r.game)
            even.add([1 / len(r.points)] * len(r.points), r.winner, r.game)
        name = "all" if hi == 10**6 and lo == 0 else (f"{lo}-{hi - 1}" if hi < 10**6 else f"{lo}+")
        print(f"{name:10} {coach.rows:6} {len(coach.games):5} | {coach.text():>29} | {base.text():>30} | "
              f"{even.text()[:16]:>20}")
    per_game: dict[int, list[float]] = {}
    for r in rows:
        diff = Score()
        diff.add(leader(r.points, b), r.winner, r.game)
        mine = Score()
        mine.add(r.chances, r.winner, r.game)
        per_game.setdefault(r.game, []).append(diff.brier - mine.brier)
    means = [sum(v) / len(v) for v in per_game.values()]
    mean = sum(means) / len(means)
    sd = math.sqrt(sum((m - mean) ** 2 for m in means) / max(len(means) - 1, 1))
    half = 1.96 * sd / math.sqrt(len(means))
    print(f"\nBrier, leader less coach, mean of per-game means over {len(means)} games: {mean:.4f} "
          f"[{mean - half:.4f}, {mean + half:.4f}] (positive: the coach predicts better)")
    sampled = [r for r in rows if r.sampled is not None]
    if sampled:
        plain, drawn, base = Score(), Score(), Score()
        for r in sampled:
            plain.add(r.chances, r.winner, r.game)
            drawn.add(r.sampled or r.chances, r.winner, r.game)
            base.add(leader(r.points, b), r.winner, r.game)
        print(f"\non {len(sampled)} rows (every {args.sample_every}th turn): Brier / log loss / favourite won")
        print(f"  coach, hands as card counting expects them: {plain.text()}")
        print(f"  coach, averaged over {args.samples} guesses of the hands:  {drawn.text()}")
        print(f"  points leader:                              {base.text()}")


@dataclass
class Timing:
    """A phase's hints: the time of each (wall clock and processor), and the longest step."""

    whole: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    step: float = 0.0
    step_cpu: float = 0.0

    def add(self, other: Timing) -> None:
        self.whole += other.whole
        self.cpu += other.cpu
        self.step = max(self.step, other.step)
        self.step_cpu = max(self.step_cpu, other.step_cpu)

    def line(self, name: str) -> str:
        ws, cs = sorted(self.whole), sorted(self.cpu)
        return (
            f"{name:18} {len(ws):6} | {1000 * sum(cs) / len(cs):7.1f} {1000 * percentile(cs, 0.95):7.1f} "
            f"{1000 * cs[-1]:7.1f} {1000 * self.step_cpu:7.1f} | {1000 * sum(ws) / len(ws):7.1f} "
            f"{1000 * percentile(ws, 0.95):7.1f} {1000 * ws[-1]:7.1f} {1000 * self.step:7.1f}"
        )


def timed(pondering: Pondering[object]) -> Timing:
    """Run a computation in steps as a page would: its whole time and its longest step."""
    out = Timing([0.0], [0.0])
    while True:
        t, c = time.perf_counter(), time.process_time()
        done = pondering.advance(lambda: True) is not None
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        out.whole[0] += wall
        out.cpu[0] += cpu
        out.step, out.step_cpu = max(out.step, wall), max(out.step_cpu, cpu)
        if done:
            return out


def latency_part(args: argparse.Namespace) -> None:
    by_phase: dict[str, Timing] = {}
    played: list[Game] = []
    for g in range(args.games):
        game = Game(Options(players=len(LATENCY_LEVELS)), seed=args.seed + g)
        bots = [make_bot(level, seed=args.seed + 10 * g + i) for i, level in enumerate(LATENCY_LEVELS)]
        while game.winner < 0 and game.turn <= MAX_TURNS:
            p = game.to_act
            view = game.view(p)
            if len(view.legal) > 1 or view.phase in ("main", "trade"):
                by_phase.setdefault(view.phase, Timing()).add(timed(start_hint(view, seed=game.turn)))  # type: ignore[arg-type]
            game.apply(bots[p].decide(view))
        played.append(game)
    seeds = f"{args.seed}-{args.seed + args.games - 1}"
    print(f"hints in steps, {args.games} games of {','.join(LATENCY_LEVELS)} (seeds {seeds}); "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; milliseconds")
    print(f"{'':25} | {'processor time':^31} | {'wall clock':^31}")
    print(f"{'phase':18} {'hints':>6} | {'mean':>7} {'p95':>7} {'max':>7} {'step':>7} | {'mean':>7} {'p95':>7} "
          f"{'max':>7} {'step':>7}")
    everything = Timing()
    for phase, timing in sorted(by_phase.items()):
        everything.add(timing)
        print(timing.line(phase))
    print(everything.line("all"))
    print("(step: the longest single step of a hint in steps, what a page waits for at most)")
    for game in played[: args.reviews]:
        t = timed(start_review(game, seat=0))  # type: ignore[arg-type]
        print(f"review of a game of {len(game.history)} actions, {game.turn} turns: processor {t.cpu[0]:.2f} s, "
              f"longest step {1000 * t.step_cpu:.1f} ms; wall clock {t.whole[0]:.2f} s, "
              f"longest step {1000 * t.step:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parts = parser.add_subparsers(dest="part", required=True)
    odds = parts.add_parser("chances", help="how well the chances predict")
    odds.add_argument("--games", type=int, default=300)
    odds.add_argument("--fit-games", type=int, default=100)
    odds.add_argument("--seed", type=int, default=500_000)
    odds.add_argument("--samples", type=int, default=8, help="guesses of the hidden hands (0: none)")
    odds.add_argument("--sample-every", type=int, default=4)
    speed = parts.add_parser("latency", help="how long a hint takes")
    speed.add_argument("--games", type=int, default=4)
    speed.add_argument("--seed", type=int, default=700_000)
    speed.add_argument("--reviews", type=int, default=2)
    args = parser.parse_args(argv)
    (chances_part if args.part == "chances" else latency_part)(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
