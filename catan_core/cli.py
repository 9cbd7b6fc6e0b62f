"""The terminal commands behind ``python -m catan_core``: ``play`` and ``simulate``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

from .actions import CITY, ROAD, ROBBER, SETTLEMENT, Action
from .board import HEX_COUNT, RESOURCES
from .errors import CatanError
from .game import Game
from .names import DEV_CARDS
from .places import Places, event_text, places
from .simulate import simulate
from .state import Options, Seat, default_seats


def check_invariants(game: Game) -> None:
    """Raise AssertionError or FormatError when a finished game breaks a conservation law."""
    game.check()  # 19 of each resource, 25 development cards, pieces, holders, someone can act
    for p, pl in enumerate(game.players):
        assert len(pl.settlements) <= 5 and len(pl.cities) <= 4 and len(pl.roads) <= 15, p
        expected = len(pl.settlements) + 2 * len(pl.cities) + pl.dev[1]
        expected += 2 * (game.longest_road == p) + 2 * (game.largest_army == p)
        assert game.victory_points(p) == expected, p
    if game.winner >= 0:
        assert game.victory_points(game.winner) >= game.options.vp_target


def simulate_main(argv: list[str]) -> int:
    """``simulate --games N --seed S --players P``: random games, throughput, invariants."""
    parser = argparse.ArgumentParser(prog="python -m catan_core simulate")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--max-turns", type=int, default=1000)
    args = parser.parse_args(argv)
    report = simulate(args.games, args.seed, args.players, args.max_turns, after_game=check_invariants)
    capped = report.winners.count(-1)
    print(f"{report.games} random {args.players}-player games in {report.seconds:.2f} s: "
          f"{report.games_per_second:.1f} games/s")
    print(f"mean {report.actions / report.games:.1f} actions and {report.turns / report.games:.1f} turns per game; "
          f"{capped} stopped at the {args.max_turns}-turn cap")
    print(f"invariants checked after each of the {report.games} games: all hold")
    return 0


# --- playing in the terminal ---------------------------------------------------------

YOU = 0
"""The person's seat in ``play`` (seat 1): sentences about it say "you"."""
LANG = "en"
"""The terminal game's language."""


def describe(game: Game, names: list[str]) -> str:
    """A short text picture of the position for the person at the terminal."""
    words = places(game.board, LANG)
    lines = []
    for h in range(HEX_COUNT):
        robber = " (robber)" if game.robber == h else ""
        lines.append(f"  hex {h:2}: {words.hexes[h]}{robber}")
    for p, pl in enumerate(game.players):
        lines.append(
            f"  {names[p]}: {game.victory_points(p, public=True)} VP, {sum(pl.hand)} cards, "
            f"settlements {pl.settlements}, cities {pl.cities}, roads {pl.roads}"
        )
    return "\n".join(lines)


def action_line(action: Action, words: Places) -> str:
    """An action's text and, when it builds on or moves to a spot, where that is in words.

    >>> from catan_core.board import Board
    >>> words = places(Board.beginner(), "en")
    >>> action_line(Action(0, ROBBER, (4, 1)), words), action_line(Action(0, ROAD, 12), words)
    ('0 robber 4 1: the mountains 6', '0 road 12: between forest 11 and mountains 6')
    """
    spot = {SETTLEMENT: "node", CITY: "node", ROAD: "edge", ROBBER: "hex"}.get(action.kind)
    if spot is None:
        return action.text()
    value = action.value[0] if action.kind == ROBBER else action.value
    return f"{action.text()}: {words.spot(spot, value)}"


def play_main(argv: list[str], stdin: TextIO = sys.stdin, out: Callable[[str], None] = print) -> int:
    """``play``: you are seat 1; the others are computer players."""
    from .bots import make_bot

    parser = argparse.ArgumentParser(prog="python -m catan_core play")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--level", default="standard", help="computer players' level")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--board", default="random", choices=("random", "beginner"))
    parser.add_argument("--vp", type=int, default=10)
    args = parser.parse_args(argv)
    computers = (Seat(f"{s.name} ({args.level})", s.color, args.level) for s in default_seats(args.players)[1:])
    seats = (Seat("You", default_seats(1)[0].color), *computers)
    game = Game(Options(players=args.players, board=args.board, vp_target=args.vp), args.seed, seats)
    names = [s.name for s in seats]
    words = places(game.board, LANG)
    bots = {p: make_bot(args.level, seed=p) for p in range(1, args.players)}
    shown = 0
    out("You are seat 1. Type the number of an action, its text (e.g. '0 road 12'), "
        "'board', 'hand' or 'quit'.")
    while game.winner < 0:
        for event in game.log[shown:]:
            out(event_text(event.for_viewer(YOU), game.board, LANG, names, YOU))
        shown = len(game.log)
        p = game.to_act
        if p in bots:
            game.apply(bots[p].decide(game.view(p)))
            continue
        legal = game.legal_actions()
        hand = game.players[0].hand
        out(f"\nYour hand: {', '.join(f'{c} {RESOURCES[r]}' for r, c in enumerate(hand) if c) or 'empty'}; "
            f"cards: {', '.join(f'{c} {DEV_CARDS[k]}' for k, c in enumerate(game.players[0].dev) if c) or 'none'}")
        for i, action in enumerate(legal):
            out(f"  {i:3}: {action_line(action, words)}")
        line = stdin.readline()
        if not line or line.strip() == "quit":
            return 0
        line = line.strip()
        if line in ("board", "hand"):
            out(describe(game, names))
            continue
        try:
            action = legal[int(line)] if line.isdigit() else Action.parse(line)
            game.apply(action)
        except (CatanError, IndexError) as error:
            out(f"Not possible: {error}")
    for event in game.log[shown:]:
        out(event_text(event, game.board, LANG, names, YOU))
    return 0
