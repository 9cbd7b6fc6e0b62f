"""How long the game page's thread stays busy while computer players think, in headless Chromium.

Run from the repository root:

    python bench/page_responsiveness.py [--seconds 30] [--level strong]

It builds the site into a temporary directory, opens the game with ``?test``, starts a game
of four computer players of ``--level`` at instant pace on the beginner board (from the
set-up) and lets it run for ``--seconds``. Meanwhile a JavaScript timer asks to run every
10 ms and records how late each tick comes: a tick can only run when Python is not holding
the page's only thread, so the gaps between ticks are the pauses a person's clicks and keys
would wait through. It prints the number of actions played, the number of ticks and the
median, 95th-percentile, 99th-percentile and largest gap. No timing is asserted; the e2e
test ``test_the_page_stays_responsive_while_a_strong_computer_thinks`` checks one turn.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from catan_core.board import BEGINNER_PIECES  # noqa: E402
from catan_core.palette import PALETTE  # noqa: E402

GAPS = """() => {
    window.gaps = [];
    let last = performance.now();
    window.gapTimer = setInterval(() => {
        const now = performance.now();
        window.gaps.push(now - last);
        last = now;
    }, 10);
}"""


def scenario(level: str) -> dict[str, object]:
    """Four computer players of ``level`` about to place their first settlements."""
    players = [{"name": f"{level} {p + 1}", "color": PALETTE[p].hex, "kind": level} for p in range(len(BEGINNER_PIECES))]
    return {"format": "catan-scenario", "board": "beginner", "players": players, "phase": "setup", "seed": 7}


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main() -> None:
    """Command-line entry point: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the computer players play")
    parser.add_argument("--level", default="strong", choices=("beginner", "standard", "strong"))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        dist = build.build(Path(tmp) / "dist")
        server, base = build.start_server(dist)
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(base + "?test")
        page.wait_for_selector("html[data-ready='1']", timeout=120_000)
        problem = page.evaluate("([text, name]) => catan_test.load_scenario(text, name)",
                                [json.dumps(scenario(args.level)), "Responsiveness"])
        if problem:
            raise SystemExit(problem)
        page.select_option("#speed", "instant")
        page.evaluate(GAPS)
        page.wait_for_timeout(args.seconds * 1000)
        gaps = page.evaluate("() => { clearInterval(window.gapTimer); return window.gaps; }")
        played = len(json.loads(page.evaluate("catan_test.save()"))["history"])
        browser.close()
        server.shutdown()
        server.server_close()
    print(f"{args.level} computer players, {args.seconds:.0f} s at instant pace: {played} actions, {len(gaps)} ticks")
    print("gap between 10 ms timer ticks (ms): "
          f"median {percentile(gaps, 0.5):.0f}, p95 {percentile(gaps, 0.95):.0f}, "
          f"p99 {percentile(gaps, 0.99):.0f}, max {max(gaps, default=0):.0f}")


if __name__ == "__main__":
    main()
