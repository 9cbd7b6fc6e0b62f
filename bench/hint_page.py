"""The coach's hint in the page: its latency and the page's pauses while it thinks, in Pyodide in
headless Chromium on the built site.

Run from the repository root:

    python bench/hint_page.py [--games 3] [--seed 7] [--main 6] [--robber 3] [--reviews 2]

It builds the site into a temporary folder, plays ``--games`` seeded games in CPython (Ana, a
person at seat 0, against three standard computer players) and keeps positions where Ana must
act: her two set-up settlements, ``--main`` main phases spread over the game and ``--robber``
robber moves after a 7 she rolls (the dice forced). Each position is imported into the game page
as a saved game (the home screen's file input: the page is loaded once), then the H key is
pressed and the time until the hint's sentence is in the document is measured, while a
``setInterval`` probe (every 5 ms) records the longest gap between two of its ticks (the
longest pause of the page's main thread, the command's own work included) and a
PerformanceObserver counts long tasks (over 50 ms). The Chances button is then pressed and
the time of its command (every seat's chance, drawn) is measured too. Last, ``--reviews``
finished games of standard players are imported and reviewed for the person's seat (the winner
screen's Review button): the time to the chart and the longest pause meanwhile. It prints every hint's figures by phase,
then the median, 95th percentile and maximum of the latency and of the longest pause, the first
hint of the page apart (the page gets the coach ready in steps after its first screen:
:func:`catan_web.game.coach.prepare`). Targets (issue 31):
p95 <= 1500 ms, no pause over 100 ms. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from catan_core import saves  # noqa: E402
from catan_core.bots import make_bot  # noqa: E402
from catan_core.game import Game, Options, Seat  # noqa: E402

SEATS = (Seat("Ana", "#d21c26"), Seat("Ben", "#1147d6", "standard"), Seat("Cy", "#f29e1f", "standard"),
         Seat("Di", "#2e8b57", "standard"))
PERSON = 0
PROBE_MS = 5
MAIN_EVERY = 3
"""The person's turns between two main-phase positions kept."""
SEVEN_EVERY = 4
"""The person's rolls between two forced 7s."""
WATCH = """([start, selector]) => new Promise((resolve) => {
    let last = performance.now(), longest = 0, longTasks = 0;
    const tick = () => { const t = performance.now(); longest = Math.max(longest, t - last); last = t; };
    const probe = setInterval(tick, PROBE_MS);
    const tasks = new PerformanceObserver((list) => { longTasks += list.getEntries().length; });
    try { tasks.observe({entryTypes: ["longtask"]}); } catch (e) {}
    const begun = performance.now();
    const seen = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        const shown = performance.now();
        seen.disconnect();
        setTimeout(() => { tick(); clearInterval(probe); tasks.disconnect();
                           resolve({ms: shown - begun, pause: longest, longTasks}); }, 0);
    });
    seen.observe(document.body, {childList: true, subtree: true});
    document.getElementById(start).click();
})""".replace("PROBE_MS", str(PROBE_MS))
"""Click the button ``start`` and wait for ``selector``: the time, and the longest pause meanwhile."""
HINT = """() => new Promise((resolve) => {
    let last = performance.now(), longest = 0, longTasks = 0;
    const tick = () => { const t = performance.now(); longest = Math.max(longest, t - last); last = t; };
    const probe = setInterval(tick, PROBE_MS);
    const tasks = new PerformanceObserver((list) => { longTasks += list.getEntries().length; });
    try { tasks.observe({entryTypes: ["longtask"]}); } catch (e) {}
    const start = performance.now();
    const seen = new MutationObserver(() => {
        if (!document.getElementById("hint-text")) return;
        const shown = performance.now();
        seen.disconnect();
        setTimeout(() => {  // the task that drew the hint counts as a pause too
            tick(); clearInterval(probe); tasks.disconnect();
            resolve({ms: shown - start, pause: longest, longTasks});
        }, 0);
    });
    seen.observe(document.body, {childList: true, subtree: true});
    document.body.dispatchEvent(new KeyboardEvent("keydown", {key: "h", bubbles: true}));
})""".replace("PROBE_MS", str(PROBE_MS))


CHANCES = """() => new Promise((resolve) => {
    const start = performance.now();
    document.getElementById("chances-open").click();  // the command runs and draws before click() returns
    resolve({ms: performance.now() - start, shown: !!document.getElementById("chances")});
})"""


def positions(seed: int, main: int, robber: int) -> list[tuple[str, Game]]:
    """Positions of one seeded game where the person must act: the set-up settlements, ``main``
    main phases spread over the game and ``robber`` robber moves after a forced 7."""
    game = Game(Options(players=4), seed, SEATS)
    bots = {q: make_bot("standard", seed * 8 + q) for q in range(4)}
    out: list[tuple[str, Game]] = []
    mains = robbers = turns = rolls = 0
    seen_turn = -1
    while game.phase != "over" and (mains < main or robbers < robber):
        q = game.to_act
        if q == PERSON and game.phase == "setup_settlement":
            out.append(("setup", game.copy()))
        elif q == PERSON and game.phase == "main" and game.turn != seen_turn:
            seen_turn, turns = game.turn, turns + 1
            if mains < main and turns % MAIN_EVERY == 1:
                out.append(("main", game.copy()))
                mains += 1
        elif q == PERSON and game.phase == "robber" and robbers < robber:
            out.append(("robber", game.copy()))
            robbers += 1
        if q == PERSON and game.phase == "roll":
            rolls += 1
            if robbers < robber and rolls % SEVEN_EVERY == 2:
                game.apply(f"{PERSON} roll 3+4")
                continue
        game.apply(bots[q].decide(game.view(q)))
    return out


def hint_at(page: Any, name: str, game: Game) -> dict[str, Any]:
    """Import ``game`` into the page as a saved game, press H, and measure."""
    if page.locator("#menu-home").count():
        page.evaluate("() => { const b = document.getElementById('menu-home'); if (b) b.click(); }")
    page.wait_for_selector("#home:not([hidden])")
    page.set_input_files("#import-file", files=[{"name": f"catan-{name}.json", "mimeType": "application/json",
                                                 "buffer": saves.dumps(game).encode()}])
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_selector("#hint-open")
    page.wait_for_timeout(300)  # the page settles (the first drawing's work is not the hint's)
    figures: dict[str, Any] = page.evaluate(HINT)
    figures["text"] = page.inner_text("#hint-text")
    chances = page.evaluate(CHANCES)
    assert chances["shown"]
    figures["chances"] = chances["ms"]
    return figures


def finished(seed: int) -> Game:
    """A finished game of :data:`SEATS` played by standard computer players (the person's seat too)."""
    game = Game(Options(players=4), seed, SEATS)
    bots = {q: make_bot("standard", seed * 8 + q) for q in range(4)}
    while game.phase != "over":
        game.apply(bots[game.to_act].decide(game.view(game.to_act)))
    return game


def review_of(page: Any, game: Game) -> dict[str, Any]:
    """Import the finished ``game`` and review it for the person's seat: its time and pauses."""
    page.evaluate("() => { const b = document.getElementById('menu-home'); if (b) b.click(); }")
    page.wait_for_selector("#home:not([hidden])")
    page.set_input_files("#import-file", files=[{"name": "catan-review.json", "mimeType": "application/json",
                                                 "buffer": saves.dumps(game).encode()}])
    page.wait_for_selector("#review-start")
    page.wait_for_timeout(300)
    figures: dict[str, Any] = page.evaluate(WATCH, ["review-start", "#review .review-chart svg"])
    figures["actions"] = len(game.history)
    return figures


def spread(values: list[float]) -> str:
    """Median, 95th percentile and maximum."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):7.1f}  p95 {p95:7.1f}  max {ordered[-1]:7.1f}"


def main() -> None:
    """Command-line entry point: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--main", type=int, default=6)
    parser.add_argument("--robber", type=int, default=3)
    parser.add_argument("--reviews", type=int, default=2)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    found = [p for g in range(args.games) for p in positions(args.seed + g, args.main, args.robber)]
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        dist = build.build(Path(tmp) / "dist")
        server, base = build.start_server(dist)
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(base + "?test")
            page.wait_for_selector("html[data-ready='1']", timeout=120_000)
            page.wait_for_timeout(1000)  # the game screen's components load after the first screen
            rows = []
            print(f"{'#':>3} {'phase':<7} {'ms':>8} {'pause ms':>9} {'long tasks':>10}  hint")
            for i, (phase, game) in enumerate(found):
                row = hint_at(page, f"{phase}-{i}", game)
                rows.append((phase, row))
                figures = f"{row['ms']:8.1f} {row['pause']:9.1f} {row['longTasks']:>10}"
                print(f"{i:>3} {phase:<7} {figures}  {row['text'][:70]}")
            reviews = [review_of(page, finished(args.seed + g)) for g in range(args.reviews)]
        finally:
            browser.close()
            server.shutdown()
            server.server_close()
    warm = rows[1:]
    first = rows[0][1]
    print(f"\nfirst hint of the page (apart): {first['ms']:.1f} ms, longest pause {first['pause']:.1f} ms")
    for review in reviews:
        print(f"review of a game of {review['actions']} actions: {review['ms']:.0f} ms to the chart,"
              f" longest pause {review['pause']:.1f} ms, long tasks {review['longTasks']}")
    drawn = spread([r["chances"] for _, r in rows])
    print(f"chances (the Chances button to the bars drawn, {len(rows)} positions): {drawn}")
    for phase in ("setup", "main", "robber", "all"):
        chosen = [row for name, row in warm if phase in (name, "all")]
        if chosen:
            print(f"{phase:<7} hints {len(chosen):>3}  latency ms: {spread([r['ms'] for r in chosen])}"
                  f"   longest pause ms: {spread([r['pause'] for r in chosen])}"
                  f"   pauses > 100 ms: {sum(r['pause'] > 100 for r in chosen)}")


if __name__ == "__main__":
    main()
