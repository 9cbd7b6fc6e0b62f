"""Command line: ``python -m catan_core {play,simulate,tournament} ...``.

* ``play`` -- a game in the terminal against computer players;
* ``simulate`` -- random full games: throughput and invariant checks;
* ``tournament`` -- computer players against each other, with win rates.
"""

from __future__ import annotations

import argparse
import sys

from .cli import play_main, simulate_main


def main(argv: list[str] | None = None) -> int:
    """Dispatch to a subcommand; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m catan_core", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("play", help="play in the terminal against computer players", add_help=False)
    sub.add_parser("simulate", help="random full games: speed and invariants", add_help=False)
    sub.add_parser("tournament", help="computer players against each other", add_help=False)
    args, rest = parser.parse_known_args(argv)
    if args.command == "play":
        return play_main(rest)
    if args.command == "simulate":
        return simulate_main(rest)
    from .tournament import main as tournament_main

    return tournament_main(rest)


if __name__ == "__main__":
    sys.exit(main())
