"""Does Strong's move change with more playouts, or with more moves played out?

Run from the repository root:

    python bench/search_breadth.py [--games 8] [--seed 500] [--every 4] [--probes 40]
        [--settings 200/4/0.6,800/4/0.6,800/8/1e9,3200/8/1e9] [--referee 3200/8/1e9]

A setting ``P/C/M`` is the strong level (the classic search) with ``P`` playouts per decision,
``C`` candidates (``candidates=``) and clear margin ``M`` (``clear_margin=``); ``200/4/0.6`` is
the shipped Strong at its 1 s budget. The budget is unbounded, so the figures do not depend on
the machine.

It plays ``--games`` games of our engine (the shipped Strong in seat 0, three classic standard players,
nobody offering trades, as against Catanatron's players) and at every ``--every``-th decision of
seat 0 where a search may run (main phase, robber, a Knight before the roll) asks a fresh bot
of each setting for its move on that view, and a referee (``--referee``, another seed: samples
independent of the settings') plays every move of its own shortlist out. A decision where the
referee has a single move is not counted. It prints, for each setting, how often it overturns
the standard player's first choice, how often it plays the referee's move, and its mean loss:
the referee's mean paired score of its best move less that of the setting's move (a playout's
score is Strong's ``leaf_score``, in victory-point equivalents, a win 50). It also prints how
often the referee's move lies outside the shortlist the shipped Strong searched (its own move
when it did not search). A setting with the referee's own playouts and breadth shows how far
two searches of the same size disagree by their samples alone. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from catan_core import actions as A  # noqa: E402
from catan_core.actions import Action  # noqa: E402
from catan_core.bots import Thinking, make_bot  # noqa: E402
from catan_core.bots.classic import ClassicStrongBot  # noqa: E402
from catan_core.game import Game, Options  # noqa: E402
from catan_core.state import MAIN, ROBBER, ROLL  # noqa: E402
from catan_core.views import View  # noqa: E402

UNBOUNDED = 1e6
"""Budget (s) that no search here reaches: the playouts alone bound it."""
SHIPPED = "200/4/0.6"
"""The shipped Strong's setting (its default playouts, candidates and clear margin)."""
PROBE_SEED, REFEREE_SEED = 1000, 5000
"""Seeds of the bots asked at the k-th probed decision are these plus k."""
MAX_TURNS = 400
"""A game stops here if nobody has won."""
OPPONENT = "standard-classic"
"""Seats 1-3: the classic standard player, the standard level when the figures of
``docs/bots.md`` were taken (so the same seeds give the same games)."""


@dataclass(frozen=True)
class Searched:
    """One search: the moves played out, each move's mean paired score, the move chosen."""

    moves: list[Action]
    means: list[float]
    chosen: Action


class RecordingStrong(ClassicStrongBot):
    """The classic Strong that keeps its last search's scores (:attr:`last`; None when the
    last decision did not search)."""

    def __init__(self, seed: int, playouts: int, candidates: int, clear_margin: float) -> None:
        super().__init__(seed, UNBOUNDED, playouts, offers=False, candidates=candidates, clear_margin=clear_margin)
        self.last: Searched | None = None
        self._scores: list[list[float]] = []
        self._moves: list[Action] = []

    def search(self, view: View, game: Game, me: int, moves: list[Action], deadline: float) -> Thinking:
        self._moves, self._scores = list(moves), [[] for _ in moves]
        chosen = yield from super().search(view, game, me, moves, deadline)
        rounds = min(len(s) for s in self._scores)
        means = [sum(s[:rounds]) / max(1, rounds) for s in self._scores]
        self.last = Searched(self._moves, means, chosen)
        return chosen

    def playout(self, guess: Game, me: int, move: Action, turn: int, deadline: float) -> float | None:
        score = super().playout(guess, me, move, turn, deadline)
        if score is not None:
            self._scores[self._moves.index(move)].append(score)
        return score


def make_setting(seed: int, setting: str) -> RecordingStrong:
    """A fresh bot of ``setting`` (``P/C/M``)."""
    playouts, candidates, margin = setting.split("/")
    return RecordingStrong(seed, int(playouts), int(candidates), float(margin))


def may_search(view: View) -> bool:
    """Whether the classic Strong may search in this view."""
    knight_first = view.phase == ROLL and any(a.kind == A.KNIGHT for a in view.legal)
    return view.phase in (MAIN, ROBBER) or knight_first


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games played at most")
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--every", type=int, default=4, help="probe every n-th decision where a search may run")
    parser.add_argument("--probes", type=int, default=40, help="decisions probed")
    parser.add_argument("--settings", default="200/4/0.6,800/4/0.6,800/8/1e9,3200/8/1e9")
    parser.add_argument("--referee", default="3200/8/1e9")
    args = parser.parse_args(argv)
    settings = args.settings.split(",")
    loss = dict.fromkeys(settings, 0.0)
    probes = seen = candidates = outside = 0
    overturns: Counter[str] = Counter()
    agrees: Counter[str] = Counter()
    start = time.process_time()
    for g in range(args.games):
        if probes >= args.probes:
            break
        game = Game(Options(players=4), seed=args.seed + g)
        shipped = make_setting(g, SHIPPED)
        others = [make_bot(OPPONENT, seed=10 * g + p, offers=False) for p in range(1, 4)]
        while game.winner < 0 and game.turn < MAX_TURNS and probes < args.probes:
            p = game.to_act
            view = game.view(p)
            if p != 0:
                game.apply(others[p - 1].decide(view))
                continue
            shipped.last = None
            action = shipped.decide(view)
            if may_search(view):
                seen += 1
                if seen % args.every == 0:
                    k = probes + 1
                    chosen = {s: make_setting(PROBE_SEED + k, s).decide(view) for s in settings}
                    referee = make_setting(REFEREE_SEED + k, args.referee)
                    verdict = referee.decide(view)
                    if referee.last is not None:  # else a single move: nothing to compare
                        probes = k
                        moves, means = referee.last.moves, referee.last.means
                        candidates += len(moves)
                        searched = shipped.last.moves if shipped.last is not None else [action]
                        outside += verdict not in searched
                        for s, move in chosen.items():
                            overturns[s] += move != moves[0]
                            agrees[s] += move == verdict
                            if move in moves:
                                loss[s] += max(means) - means[moves.index(move)]
            game.apply(action)
    n = max(1, probes)
    print(f"referee: {args.referee} playouts, other seeds")
    print(f"{probes} probed decisions of {seen} in main, robber or Knight-before-roll phases "
          f"({args.games} games max, seed {args.seed}); mean candidates {candidates / n:.2f}; "
          f"CPU {time.process_time() - start:.0f} s")
    print(f"the referee's move lies outside the shipped shortlist in {100 * outside / n:.1f}% of probes")
    for s in settings:
        print(f"playouts {s:>12}: overturns the standard choice {100 * overturns[s] / n:5.1f}%, "
              f"same move as the referee {100 * agrees[s] / n:5.1f}%, "
              f"mean loss by the {args.referee}-playout scores {loss[s] / n:.3f} (leaf-score units; a win is 50)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
