"""Our computer players against Catanatron's, in Catanatron's engine with its rules and dice.

Run from the repository root:

    python3 bench/vs_catanatron_bots.py --ours strong --theirs alphabeta --games 200 --seed 1 --jobs 2
    python3 bench/vs_catanatron_bots.py --check-coordinates

One seat is played by one of our levels (``--ours``: beginner, standard, strong, or
standard-classic and strong-classic, the standard and strong levels before the learned
evaluation; ``--budget`` sets the time per decision of the standard and strong levels), the
other three by one kind of Catanatron 3.3.0 player (``--theirs``): ``alphabeta``
(``players.minimax.AlphaBetaPlayer``, its default depth
2), ``value`` (``players.value.ValueFunctionPlayer``), ``weighted``
(``players.weighted_random.WeightedRandomPlayer``) or ``random`` (``RandomPlayer``).

Catanatron is GPL and never part of the product. On first use the script creates the
benchmark-only virtual environment ``bench/.venv-catanatron-3.3.0`` (git-ignored) from the
vendored source ``vendor/catanatron-3.3.0.tar.gz`` of the shared folder (``$CATAN_SHARED``, else
``shared`` beside the main checkout: ``bench/catanatron_venv.py``)
and runs itself again with that environment's interpreter; only then is
``bench/catanatron_bridge.py``, which imports Catanatron, loaded. It runs with
``PYTHONHASHSEED=0`` and, where ``setarch -R`` works, without address-space randomization:
Catanatron builds some option lists from sets of strings and of tuples holding None (whose
hash in Python 3.11 is its address), and its random players pick from those lists by
position, so only then does a seed give the same games from run to run (except for the
standard and strong levels, whose thinking stops at a time budget, and AlphaBetaPlayer's 20 s
deadline).

Games: game ``i`` (``--first`` to ``--first`` + ``--games`` - 1) is Catanatron's
``Game(players, seed=seed + i)`` (its random base map with
the official number spiral, its dice, its development deck, discard limit 7, 10 points) with
our level in seat ``i % 4`` (seats rotated; seat 0 places first and rolls first), against
three fresh Catanatron players; ``--jobs`` worker processes play games in parallel (the
figures do not depend on it, except through the strong level's time budget and
AlphaBetaPlayer's 20 s search deadline).

What crosses to our player. Before each of its decisions our seat builds a
``catan_core.views.View`` from Catanatron's game of the moment, with only what a player at
the table may see: the board (hexes, numbers, harbors), every piece, the robber, the bank,
the number of development cards left (never their order), the dice of the current turn,
each seat's hand size, number of unplayed development cards, development cards played,
public points, road length, Longest Road and Largest Army; and of its own seat: its hand,
its unplayed development cards (and which were bought this turn) and its points. Never an
opponent's hand, card kinds or hidden points. ``view.legal`` is our actions for
Catanatron's playable actions of the moment (below); our bot picks one and our seat plays
the matching Catanatron action. An answer outside them is replaced by ending the turn or
rolling (else the first option) and counted as a fallback (expected: 0).

The log (``view.log``, for card counting) is built action by action from Catanatron's
action records and the public state after each action: ``turn`` and ``end_turn``; ``roll``
and each seat's ``produce`` (computed from the board, the pieces, the robber and the bank
by Catanatron's rule); ``build_settlement`` (with the set-up ``setup_resources``),
``build_road`` (``free`` in the set-up and for Road Building), ``build_city``; ``buy`` (the
card only for our own purchases); ``play_dev`` with ``year_of_plenty`` (the cards) and
``monopoly`` (what each seat gave, from the public hand sizes); ``maritime``; ``discard``
(one event per card, as Catanatron discards); ``robber`` and ``steal`` (the stolen card only
when our seat robbed or was robbed). After every action the hand sizes and the bank the log
implies are checked against Catanatron's; any difference stops the run.

The board: Catanatron's tiles, nodes and edges are placed on our lattice from its cube
coordinates and compass directions (``bench/catanatron_bridge.py``); north is north. Its
harbors follow our pattern around the coast but sit one coastal path clockwise of our
frame's places, so the view's board (``CatanatronBoard``) keeps each harbor's two
intersections.

Where the two rule sets differ (ours are ``catan_core.game``'s; here Catanatron's apply):

* Domestic trade: Catanatron's players never offer, so our bot runs with ``offers=False``
  (``PolicyBot``) and makes no offers either; only trades with the bank happen.
* Discards: Catanatron discards one card per action (players in seat order from seat 0);
  our bot chooses the whole discard at its first prompt (``view.legal``: every way to give
  back the cards due) and our seat plays it card by card.
* Before the roll Catanatron also allows Year of Plenty, Monopoly and Road Building; our
  rules allow only a Knight. They are in ``view.legal`` then (phase ``roll``), but our bots
  follow our rules and do not play them before rolling.
* Year of Plenty when the bank is short: Catanatron offers taking a single card; we have no
  such action (ours needs two cards in the bank), so single-card options are left out.
* Roads: Catanatron lets a road go on past an opponent's settlement built at its end (the
  intersection stays in the road's network; measured: about one decision in 300 offers
  such a road); our rules do not. Those roads are in ``view.legal``, but our bots plan by
  our rules and do not build them.
* Production when the bank runs short: Catanatron pays a resource to nobody when the bank
  cannot pay all claims; ours gives a sole claimant what is left.
* Road Building: Catanatron offers the card only when a road can be placed (ours lets it
  be played to no effect); both then place up to two free roads.
* Longest Road: when a settlement cuts a road, Catanatron gives the card to whoever then has
  the longest road, even under 5, and on a tie to the first in its table; ours keeps it
  with the holder on a tie and gives it to nobody when no single road is 5 long.
* Victory: Catanatron ends the game as soon as any player has 10 points, hidden Victory
  Point cards included, on anyone's turn; ours lets the player whose turn it is win, and
  counts points gained on others' turns when that player's turn starts.
* Turn cap: Catanatron stops a game after 1000 of its turns (``TURNS_LIMIT``; it counts
  the set-up steps too); a capped game counts as a win for nobody (in the win rates it is a
  game our level did not win).
* Catanatron's own errors: a game its engine or its players stop with an error (none of our
  code on the way, e.g. a settlement that cuts a road, bcollazo/catanatron issue 391) counts
  as a win for nobody too, and the report names it; an error in our seat stops the run.
* Set-up: seat 0 places first and starts (the script rotates who sits there); there is no
  roll for the start.
* Information: Catanatron's players read its whole ``Game`` (it is their engine); ours read
  only our seat's view.

Output: our level's win rate with its 95% Wilson interval, the three Catanatron players'
together, how many games hit the turn cap, the mean game length in turns (regular turns,
as our tournaments count them), CPU seconds per game, our bot's decision times (mean,
median, 95th percentile, largest; ``bot.decide`` only, not building the view), the
fallbacks, and how often our seat took each kind of decision (every kind Catanatron asks
for should occur in a long enough run). The last line is
``<our level>: <pct>% [<low>, <high>] of <n> games vs 3 <their level>``.

``--record FILE`` also writes, for every finished game, our seat's features of every seat
at the start of each turn as its view knows them, with the winner (training data for
``tools/train/fit.py``).

``--check-coordinates`` maps ``--boards`` random Catanatron base maps onto our board and
checks every spot (each intersection's hexes, neighbours, production and harbor, each hex's
corners, sides, resource and number, each path's ends, each harbor's type and
intersections, the robber's start); it prints every disagreement and fails when there is
one.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import os
import platform
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from catanatron_venv import ROOT, VENDORED

sys.path.insert(0, str(ROOT))

from catan_core.bots import BOTS, BUDGETED, LEVELS, setting_value
from catan_core.bots.evaluate import STRONG, Weights
from catan_core.tournament import percentile, sign_test, wilson

OURS: tuple[str, ...] = (*LEVELS, *(level for level in BOTS if level.startswith(("standard-", "strong-"))))
"""Our levels that may take the seat: those offered to people and the variants
(``standard-classic`` and ``strong-classic``, the standard and strong levels before the
learned evaluation, for before-and-after figures; ``strong-learned``, the standard level's
earlier name; ``strong-hybrid``, the strong level's)."""
TIMED: tuple[str, ...] = tuple(level for level in OURS if level in BUDGETED)
"""The levels that take ``--budget`` and ``--playouts`` (the standard level, the learned player,
plans within a budget too)."""

THEIR_PLAYERS: dict[str, str] = {
    "alphabeta": "catanatron.players.minimax:AlphaBetaPlayer",
    "value": "catanatron.players.value:ValueFunctionPlayer",
    "weighted": "catanatron.players.weighted_random:WeightedRandomPlayer",
    "random": "catanatron.models.player:RandomPlayer",
}
"""Catanatron's players by ``--theirs`` name (``module:Class``, default settings)."""
HASH_SEED = "0"
"""``PYTHONHASHSEED`` of the benchmark process (see the module docstring)."""
SEATS = 4
"""Seats at Catanatron's table: one ours, the others theirs."""
NO_ASLR: list[str] = ["setarch", platform.machine(), "-R"]
"""Command prefix that runs a program without address-space randomization (Linux)."""


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ours", choices=OURS, default="strong", help="our level, in one seat")
    parser.add_argument("--theirs", choices=tuple(THEIR_PLAYERS), default="alphabeta",
                        help="Catanatron's player, in three seats")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0,
                        help="the first game's number (games FIRST .. FIRST+GAMES-1: a run continued on the same "
                             "games)")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--budget", type=float, default=None,
                        help="time budget of the standard or strong level per decision (s)")
    parser.add_argument("--playouts", type=int, default=None,
                        help="playouts of a searching strong level per decision (default: by its budget); with a "
                             "generous --budget, the same games on a loaded machine as on a free one")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="another setting of our level's constructor (numbers as numbers, true/false as booleans; "
                             "repeatable), e.g. --set setup_by_model=true for strong")
    parser.add_argument("--weights", action="append", default=[], metavar="KEY=VALUE",
                        help="play the searching level with evaluate.STRONG's weight KEY set to VALUE (repeatable; "
                             "a tuple weight such as spot as a comma list), e.g. --weights progress_city=0.45")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    parser.add_argument("--record", type=Path, help="write our seat's positions and the winners here (JSON)")
    parser.add_argument("--games-out", type=Path,
                        help="write every game's seat, winner, length, our decisions by kind and every seat's final "
                             "pieces, cards and points here (JSON), to see what wins and loses")
    parser.add_argument("--against", type=Path, metavar="FILE",
                        help="compare this run game by game with an earlier run's --games-out FILE (the same --seed: "
                             "both, only this run, only that run, sign test)")
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("A", "B"),
                        help="compare two --games-out files game by game and exit (plays nothing)")
    parser.add_argument("--check-coordinates", action="store_true", help="check the board mapping and exit")
    parser.add_argument("--boards", type=int, default=50, help="boards for --check-coordinates")
    args = parser.parse_args(argv)
    if (args.budget is not None or args.playouts is not None or args.weights) and args.ours not in TIMED:
        parser.error(f"--budget, --playouts and --weights are settings of {', '.join(TIMED)}")
    try:
        args.weight_overrides = weight_overrides(args.weights)
        args.earlier = read_games(args.against) if args.against is not None else None  # refused before any game
        args.compared = None
        if args.compare is not None:
            first, second = args.compare
            args.compared = paired(read_games(first), read_games(second), (str(first), str(second)))
    except ValueError as error:
        parser.error(str(error))
    return args


def weight_overrides(pairs: Sequence[str]) -> dict[str, Any]:
    """``--weights``: the changed fields of :class:`Weights`, each read as its default's type
    (a tuple from a comma list of numbers, as long as the default); a number must be finite.

    >>> weight_overrides(["progress_city=0.45", "spot=0.6,0.4,0.2,0.1", "stage_points=5"])
    {'progress_city': 0.45, 'spot': (0.6, 0.4, 0.2, 0.1), 'stage_points': 5}
    >>> weight_overrides(["dev_cards=0.2"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --weights: unknown weight 'dev_cards'; the weights are pip, diversity, card, spot, ...
    """
    fields = {field.name: getattr(STRONG, field.name) for field in dataclasses.fields(Weights)}
    overrides: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep:
            raise ValueError(f"--weights: {pair!r} is not KEY=VALUE")
        if key not in fields:
            raise ValueError(f"--weights: unknown weight {key!r}; the weights are {', '.join(fields)}")
        default = fields[key]
        try:
            if isinstance(default, tuple):
                value: Any = tuple(float(part) for part in text.split(","))
                if len(value) != len(default):
                    raise ValueError(f"{len(default)} numbers expected")
            else:
                value = type(default)(text)
            if not all(map(math.isfinite, value if isinstance(value, tuple) else (value,))):
                raise ValueError("not finite")
        except ValueError as error:
            kind = type(default).__name__
            raise ValueError(f"--weights: {key}={text!r} is not a {kind} like {default!r} ({error})") from None
        overrides[key] = value
    return overrides


def weights_label(overrides: dict[str, Any]) -> str:
    """The changed weights as the header line shows them (``key=value,...``; tuples joined by ``/``)."""
    return ",".join(f"{k}={'/'.join(map(str, v)) if isinstance(v, tuple) else v}" for k, v in overrides.items())


def strong_settings(args: argparse.Namespace) -> dict[str, Any]:
    """Our level's settings given on the command line (``--budget``, ``--playouts``, ``--set``)."""
    given = {"budget": args.budget, "playouts": args.playouts}
    settings = {name: value for name, value in given.items() if value is not None}
    for pair in args.set:
        key, _, value = pair.partition("=")
        settings[key] = setting_value(value)
    if args.weight_overrides:
        settings["weights"] = dataclasses.replace(STRONG, **args.weight_overrides)
    return settings


def check(bridge: Any, boards: int, seed: int) -> int:
    """``--check-coordinates``: print the verdict; the exit status."""
    problems, shifts = bridge.check_coordinates(boards, seed)
    for problem in problems:
        print("DISAGREES:", problem)
    if problems:
        print(f"FAILED: {len(problems)} disagreements on {boards} boards")
        return 1
    print(
        f"ok: on {boards} Catanatron base maps every hex (resource, number, corners, sides), intersection "
        f"(hexes, neighbours, production, harbor), path (ends) and harbor (type, intersections) agrees with ours; "
        f"Catanatron's harbors lie {', '.join(map(str, sorted(shifts)))} coastal path(s) clockwise of our frame's "
        "places"
    )
    return 0


def report(args: argparse.Namespace, outcomes: list[Any], seconds: float, kind_order: Sequence[str]) -> str:
    """The benchmark's figures (decision kinds in ``kind_order``); the last line is the summary."""
    n = len(outcomes)
    ours = sum(o.winner == "ours" for o in outcomes)
    theirs = sum(o.winner == "theirs" for o in outcomes)
    errors = [(args.first + i, o.engine_error) for i, o in enumerate(outcomes) if o.engine_error]
    capped = sum(o.winner is None and not o.engine_error for o in outcomes)
    times = sorted(t for o in outcomes for t in o.times)
    kinds: Counter[str] = Counter()
    for o in outcomes:
        kinds.update(o.kinds)

    def rate(wins: int) -> str:
        lo, hi = wilson(wins, n)
        return f"{100 * wins / max(1, n):.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"

    budget = "".join(f" ({name} {value})" for name, value in strong_settings(args).items() if name != "weights")
    if args.weight_overrides:
        budget += f" (weights STRONG with {weights_label(args.weight_overrides)})"
    from_game = f" from game {args.first}" if args.first else ""
    lines = [
        (f"{VENDORED.label}: our {args.ours}{budget} in one seat (rotated) vs {SEATS - 1} {args.theirs} "
         f"({THEIR_PLAYERS[args.theirs].split(':')[1]}); {n} games, seed {args.seed}{from_game}, "
         f"{args.jobs} jobs, {seconds:.0f} s"),
        f"{args.ours:>10} won {ours:4} games: {rate(ours)}  (fair share {1 / SEATS:.0%})",
        f"{args.theirs:>10} won {theirs:4} games: {rate(theirs)}  (all their seats; fair share {1 - 1 / SEATS:.0%})",
        f"stopped at Catanatron's turn cap: {capped} games (a win for nobody)",
        *(f"stopped by an error inside Catanatron (a win for nobody): game {i}, {error}" for i, error in errors),
        (f"mean game length {sum(o.turns for o in outcomes) / max(1, n):.1f} turns; "
         f"CPU time per game {sum(o.cpu_seconds for o in outcomes) / max(1, n):.2f} s "
         "(all four players and the engine)"),
        (f"{args.ours} decisions: {len(times)}, mean {1000 * sum(times) / max(1, len(times)):.1f} ms, "
         f"median {1000 * percentile(times, 0.5):.1f} ms, p95 {1000 * percentile(times, 0.95):.1f} ms, "
         f"max {1000 * (times[-1] if times else 0):.1f} ms"),
        f"fallbacks (our answer not among Catanatron's options): {sum(o.fallbacks for o in outcomes)}",
        "decisions by kind: " + ", ".join(f"{kind} {kinds[kind]}" for kind in kind_order),
    ]
    never = [kind for kind in kind_order if not kinds[kind]]
    if never:
        lines.append("never taken in this run: " + ", ".join(never))
    lines.append(f"{args.ours}: {rate(ours)} of {n} games vs {SEATS - 1} {args.theirs}")
    return "\n".join(lines)


def outcomes_of(bridge: Any, tasks: list[Any], jobs: int) -> Iterator[Any]:
    """The games' outcomes in order, played in ``jobs`` worker processes (or in this one)."""
    if jobs <= 1:
        yield from map(bridge.play_game, tasks)
        return
    with multiprocessing.Pool(jobs) as pool:
        yield from pool.imap(bridge.play_game, tasks)


def run(bridge: Any, args: argparse.Namespace) -> int:
    """Play the benchmark and print its report."""
    tasks = [
        bridge.GameTask(
            i, args.seed, args.ours, strong_settings(args), args.theirs, THEIR_PLAYERS[args.theirs],
            args.record is not None,
        )
        for i in range(args.first, args.first + args.games)
    ]
    outcomes = []
    start = time.perf_counter()
    for outcome in outcomes_of(bridge, tasks, args.jobs):
        outcomes.append(outcome)
        if not args.quiet:
            wins = sum(o.winner == "ours" for o in outcomes)
            progress = f"\r{len(outcomes)}/{args.games} games, {args.ours} won {wins}   "
            print(progress, end="", file=sys.stderr, flush=True)
    if not args.quiet:
        print(file=sys.stderr)
    print(report(args, outcomes, time.perf_counter() - start, bridge.DECISION_KINDS))
    if args.record is not None:
        write_positions(args.record, outcomes)
    if args.games_out is not None:
        write_games(args.games_out, outcomes, args.first)
    if args.earlier is not None:
        now = {args.first + i: (o.seat, o.winner_seat) for i, o in enumerate(outcomes)}
        print(paired(now, args.earlier, ("this run", str(args.against))))
    return 0


def write_games(path: Path, outcomes: list[Any], first: int) -> None:
    """``--games-out``: one record per game, numbered from ``first`` as the games are (``seat``
    is ours; ``final`` by seat)."""
    games = [
        {
            "game": first + i, "seat": o.seat, "winner": o.winner_seat, "turns": o.turns, "kinds": o.kinds,
            "final": list(o.final), **({"engine_error": o.engine_error} if o.engine_error else {}),
        }
        for i, o in enumerate(outcomes)
    ]
    path.write_text(json.dumps(games), encoding="utf-8")


def read_games(path: Path) -> dict[int, tuple[int, int]]:
    """A ``--games-out`` file as game number -> (our seat, the winning seat or -1); ValueError
    naming the file and the problem for anything else."""
    try:
        records = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ValueError(f"{path}: not a --games-out file ({error})") from None
    games: dict[int, tuple[int, int]] = {}
    for record in records if isinstance(records, list) else [records]:
        fields = [record.get(key) if isinstance(record, dict) else None for key in ("game", "seat", "winner")]
        if not all(type(value) is int for value in fields):
            raise ValueError(f"{path}: every game needs the whole numbers game, seat and winner: {record!r:.80}")
        game, seat, winner = fields
        if game in games:
            raise ValueError(f"{path}: game {game} appears twice")
        games[game] = (seat, winner)
    return games


def paired(a: dict[int, tuple[int, int]], b: dict[int, tuple[int, int]], names: tuple[str, str]) -> str:
    """Two runs compared on the games both played: who won how many, both, only one, the sign
    test (:func:`~catan_core.tournament.sign_test`); ValueError when a game had our seat
    elsewhere (not the same games: another seed or rotation).

    >>> paired({0: (0, 0), 1: (1, 2), 2: (2, 2), 3: (3, 3)}, {0: (0, 0), 1: (1, 1), 2: (2, 0)}, ("A", "B"))
    'on the 3 games both played: A won 2, B won 2; both 1, only A 1, only B 1; sign test p = 1.00'
    >>> paired({0: (0, 0)}, {0: (1, 1)}, ("A", "B"))
    Traceback (most recent call last):
    ...
    ValueError: game 0: our seat was 0 in A and 1 in B: not the same games
    """
    common = sorted(set(a) & set(b))
    for game in common:
        if a[game][0] != b[game][0]:
            raise ValueError(f"game {game}: our seat was {a[game][0]} in {names[0]} and {b[game][0]} in {names[1]}: "
                             "not the same games")
    won_a = {game for game in common if a[game][1] == a[game][0]}
    won_b = {game for game in common if b[game][1] == b[game][0]}
    only_a, only_b = len(won_a - won_b), len(won_b - won_a)
    return (f"on the {len(common)} games both played: {names[0]} won {len(won_a)}, {names[1]} won {len(won_b)}; "
            f"both {len(won_a & won_b)}, only {names[0]} {only_a}, only {names[1]} {only_b}; "
            f"sign test p = {sign_test(only_a, only_b):.2f}")


def write_positions(path: Path, outcomes: list[Any]) -> None:
    """``--record``: every finished game's recorded positions, as ``tools/train/fit.py`` reads
    them (``features``; ``rows`` of game, viewer, turn, winner and the seats' feature rows)."""
    from catan_core.bots.features import FEATURES

    rows = [
        [i, o.seat, turn, o.winner_seat, x]
        for i, o in enumerate(outcomes) if o.winner_seat >= 0
        for turn, x in o.positions
    ]
    path.write_text(json.dumps({"features": list(FEATURES), "rows": rows}), encoding="utf-8")
    print(f"wrote {len(rows)} positions of {sum(o.winner_seat >= 0 for o in outcomes)} games to {path}")


def run_in_venv(argv: list[str]) -> None:
    """Replace this process by this script under the Catanatron environment's interpreter
    (see the module docstring), creating the environment on first use."""
    command = [str(VENDORED.ensure()), str(Path(__file__).resolve()), *argv]
    if subprocess.run([*NO_ASLR, "true"], check=False, capture_output=True).returncode == 0:
        command = NO_ASLR + command
    os.execvpe(command[0], command, {**os.environ, "PYTHONHASHSEED": HASH_SEED})


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    if args.compared is not None:
        print(args.compared)
        return 0
    if not VENDORED.is_running() or os.environ.get("PYTHONHASHSEED") != HASH_SEED:
        run_in_venv(argv)
    import catanatron_bridge as bridge  # imports Catanatron: only in its environment, never before the line above

    if args.check_coordinates:
        return check(bridge, args.boards, args.seed)
    return run(bridge, args)


if __name__ == "__main__":
    sys.exit(main())
