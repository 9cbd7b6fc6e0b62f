"""How long a guest waits, in network play, from its move to its page's redraw showing it applied.

Run from the repository root:

    python bench/peer_latency.py [--guests 2] [--rolls 9]

It builds the site into a temporary directory and opens, in one headless Chromium, a host's
page and ``--guests`` guests' pages (each in its own context, on localhost). The host starts
a game with a person at each seat and invites every other seat; the codes go through the
pages' own fields as in tests/e2e/test_network_e2e.py (whose helpers it uses). Then the
set-up and turns are played with clicks on the page of the seat that must act until
``--rolls`` dice rolls, and each guest's page measures every one of its own moves: from
sending the move over the data channel to the animation frame after the redraw with the
host's update (the host checks and applies the move, saves, and sends every guest its view).
It prints the median, 90th percentile and largest delay (the aim is under 300 ms on
localhost). No timing is asserted; the e2e run prints the same figure for its own moves.

All pages share one machine here, so the host's and the other guests' redraws compete with
the guest's for the processor: on this 2-core machine the host's update reaches the guest's
page in 10-20 ms, and the rest is the guest's redraw (inserting the board's and the
panels' HTML), some 20-60 ms when it has a core to itself.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "web"), str(ROOT / "tests" / "e2e")]

import build  # noqa: E402
from catan_core import actions as A  # noqa: E402
from peers import join, latencies, new_game, play  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Page

NAMES = ("Host", "Guest 1", "Guest 2", "Guest 3")
SEED = "3"
VIEWPORT = {"width": 1280, "height": 900}


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main() -> None:
    """Command-line entry point: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guests", type=int, default=2, choices=(1, 2, 3), help="guests' pages besides the host's")
    parser.add_argument("--rolls", type=int, default=9, help="dice rolls to play after the set-up")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        dist = build.build(Path(tmp) / "dist")
        server, base = build.start_server(dist)
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)

        def page() -> Page:
            opened = browser.new_context(viewport=VIEWPORT).new_page()
            opened.goto(base + "?test")
            opened.wait_for_selector("html[data-ready='1']", state="attached", timeout=120_000)
            return opened

        host = page()
        guests = {seat: page() for seat in range(1, args.guests + 1)}
        new_game(host, NAMES[: args.guests + 1], SEED, "Latency")
        if host.locator("#uncover").count():
            host.click("#uncover")
        for seat, guest in guests.items():
            join(host, seat, guest)
        pages = {0: host, **guests}
        play(host, pages, guests, lambda game: sum(a.kind == A.ROLL for a in game.history) >= args.rolls)
        delays = [delay for guest in guests.values() for delay in latencies(guest)]
        browser.close()
        server.shutdown()
    print(f"{len(delays)} guests' moves, {args.guests} guest page(s), one headless Chromium on localhost")
    print(f"move to redraw: median {statistics.median(delays):.0f} ms, 90th percentile {percentile(delays, 0.9):.0f} ms, "
          f"largest {max(delays):.0f} ms")


if __name__ == "__main__":
    main()
