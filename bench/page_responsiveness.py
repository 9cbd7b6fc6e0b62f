"""How long the game page's thread pauses while computer players think, in headless Chromium:
with their Web Worker and without it (``?noworker``: the page's own slices), side by side.

Run from the repository root:

    python bench/page_responsiveness.py [--turns 8] [--level strong] [--speed instant]
                                        [--modes worker,noworker] [--list] [--end 0]

It builds the site into a temporary directory and, for each mode, opens the game page with
``?test`` in a fresh browser context and starts a game on the beginner board from the set-up:
one person (seat 0) and three computer players of ``--level`` at pace ``--speed`` (default
instant: moves come as fast as they are decided, the page's hardest case). The bench plays
the person itself, through the page's test hooks: it reads the save (``catan_test.save()``),
lets a beginner computer player decide for seat 0 here in CPython and applies the move
(``catan_test.apply``), as a click would. With the worker, the measurement starts once the
worker says it is ready (before that the page thinks itself).

Until the computer players have ended ``--turns`` turns, two probes watch the page's thread:
a ``requestAnimationFrame`` loop (a frame is due every 16.7 ms; a gap between two frames is
time the thread could not draw) and a ``PerformanceObserver`` of ``longtask`` entries (tasks
over 50 ms). Pauses that overlap the bench's own calls for the person's moves are left out:
they are the page's work for a person's click, not computer players thinking. It prints, per
mode, the actions played, the frames seen, the median, 95th percentile and largest gap between
frames, the number of gaps over 50 ms, and the long tasks (count, largest). No timing is asserted.

``--end N`` measures the game's end too, ``N`` times, each in a fresh page: a game of four
standard computer players, played here to one move before its end, is imported with its
winner's seat as the person's; once the page has loaded all it loads when idle, the bench
plays the winning move (as a click would) and watches the page until the winner screen and
its statistics are drawn, and one second more. It prints the largest gap between frames and
the long tasks of each round. With ``--modes ""`` only the end is measured.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from catan_web.settings import SPEEDS  # noqa: E402

import build  # noqa: E402
from catan_core.board import BEGINNER_PIECES  # noqa: E402
from catan_core.bots import make_bot  # noqa: E402
from catan_core.game import Game, Options, Seat  # noqa: E402
from catan_core.palette import PALETTE  # noqa: E402
from catan_core.saves import dumps, loads  # noqa: E402

PAUSE_MS = 50
"""A pause longer than this is one a person notices (the issue's target: none with the worker)."""
PERSON = 0
"""The seat the bench plays."""
MODES = {"worker": "?test", "noworker": "?test&noworker"}
"""The page's address in each mode."""
WORKER_READY_MS = 120_000
PROBES = """() => {
    window.probe = {frames: [], long: [], person: []};
    const frame = (now) => { window.probe.frames.push(now); window.probe.raf = requestAnimationFrame(frame); };
    window.probe.raf = requestAnimationFrame(frame);
    window.probe.observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.probe.long.push([entry.startTime, entry.duration]);
    });
    window.probe.observer.observe({type: "longtask"});
}"""
STOP = """() => {
    cancelAnimationFrame(window.probe.raf);
    window.probe.observer.disconnect();
    return {frames: window.probe.frames, long: window.probe.long, person: window.probe.person};
}"""
PERSON_SAVE = """() => {
    window.probe.moving = performance.now();
    return catan_test.save();
}"""
"""The save, when the person must move: the page's work for the person's move starts here."""
PERSON_MOVE = """(text) => {
    const refused = catan_test.apply(text);
    window.probe.person.push([window.probe.moving, performance.now()]);
    return refused;
}"""
"""Apply the person's move, recording when the page was busy with it (from :data:`PERSON_SAVE` on)."""
END_SEED = 5
"""The seed of the game whose end ``--end`` measures (602 actions, won by a city)."""
END_WATCH_MS = 1000
"""How long the bench watches the page after the winner screen's statistics are drawn."""
END_IDLE_MS = 3000
"""How long the bench lets a fresh page load what it loads when idle before the winning move."""
FIGURES = "#winner .figures"
"""The statistics under the winner screen (drawn when this is there)."""
POLL_MS = 100
"""How often the bench asks the page where the game is (``catan_test.position()``: a few fields)."""


def scenario(level: str) -> dict[str, object]:
    """One person and three computer players of ``level`` about to place their first settlements."""
    players = [
        {"name": "Person" if p == PERSON else f"{level} {p}", "color": PALETTE[p].hex,
         "kind": "human" if p == PERSON else level}
        for p in range(len(BEGINNER_PIECES))
    ]
    return {"format": "catan-scenario", "board": "beginner", "players": players, "phase": "setup", "seed": 7}


def last_move() -> tuple[str, str]:
    """A save of a game of four standard computer players one move before its end, with the
    winner's seat played by a person; and that move, in its text form."""
    options = Options(players=4, board="beginner")
    seats = tuple(Seat(f"Seat {p + 1}", PALETTE[p].hex, "standard") for p in range(options.players))
    game = Game(options, END_SEED, seats)
    bots = [make_bot("standard", seed=p) for p in range(options.players)]
    while game.phase != "over":
        game.apply(bots[game.to_act].decide(game.view(game.to_act)))
    winner = game.winner
    person = tuple(replace(seat, kind="human") if p == winner else seat for p, seat in enumerate(seats))
    before = Game(options, END_SEED, person)
    for action in game.history[:-1]:
        before.apply(action)
    return dumps(before), game.history[-1].text()


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def play(page: Any, turns: int, limit_s: float) -> int:
    """Play the person's moves until the computer players ended ``turns`` turns; the actions played."""
    person = make_bot("beginner", seed=PERSON)
    deadline = time.monotonic() + limit_s
    while True:
        at = json.loads(page.evaluate("catan_test.position()"))
        if sum(at["ends"]) - at["ends"][PERSON] >= turns or at["winner"] >= 0:
            return int(at["moves"])
        if time.monotonic() > deadline:
            raise SystemExit(f"the computer players did not end {turns} turns in {limit_s:.0f} s")
        if at["to_act"] == PERSON:
            game = loads(page.evaluate(PERSON_SAVE))
            refused = page.evaluate(PERSON_MOVE, person.decide(game.view(PERSON)).text())
            if refused:
                raise SystemExit(f"the person's move was refused: {refused}")
        else:
            page.wait_for_timeout(POLL_MS)


def pauses(probe: dict[str, list[Any]]) -> tuple[list[tuple[float, float]], list[float]]:
    """The gaps between frames (when each began, from the first frame, and how long it was)
    and the long tasks' durations, leaving out those that overlap the page's work for the
    person's moves."""
    person = probe["person"]

    def theirs(start: float, end: float) -> bool:
        return not any(start < b and a < end for a, b in person)

    frames = probe["frames"]
    gaps = [(a - frames[0], b - a) for a, b in itertools.pairwise(frames) if theirs(a, b)]
    long = [duration for start, duration in probe["long"] if theirs(start, start + duration)]
    return gaps, long


def measure(browser: Any, url: str, mode: str, level: str, speed: str, turns: int, limit_s: float) -> dict[str, Any]:
    """Play one game in ``mode`` and return its figures."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url + MODES[mode])
    page.wait_for_selector("html[data-ready='1']", timeout=120_000)
    problem = page.evaluate("([text, name]) => catan_test.load_scenario(text, name)",
                            [json.dumps(scenario(level)), "Responsiveness"])
    if problem:
        raise SystemExit(problem)
    page.select_option("#speed", speed)
    if mode == "worker":
        page.wait_for_function("JSON.parse(catan_test.worker()).ready", timeout=WORKER_READY_MS)
    page.evaluate(PROBES)
    started = time.monotonic()
    played = play(page, turns, limit_s)
    seconds = time.monotonic() - started
    gaps, long = pauses(page.evaluate(STOP))
    worker = json.loads(page.evaluate("catan_test.worker()"))
    context.close()
    return {"mode": mode, "actions": played, "seconds": seconds, "gaps": gaps, "long": long, "worker": worker}


def measure_end(browser: Any, url: str, save: str, move: str) -> dict[str, Any]:
    """Play the winning ``move`` of ``save`` in a fresh page and return the pauses until the
    winner screen and its statistics are drawn (and :data:`END_WATCH_MS` more)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url + MODES["worker"])
    page.wait_for_selector("html[data-ready='1']", timeout=120_000)
    page.set_input_files("#import-file", files=[{"name": "catan-End.json", "mimeType": "application/json",
                                                 "buffer": save.encode()}])
    page.wait_for_selector("#prompt")
    page.wait_for_timeout(END_IDLE_MS)
    page.evaluate(PROBES)
    refused = page.evaluate("(text) => catan_test.apply(text)", move)
    if refused:
        raise SystemExit(f"the winning move was refused: {refused}")
    page.wait_for_selector(FIGURES)
    page.wait_for_timeout(END_WATCH_MS)
    probe = page.evaluate(STOP)
    context.close()
    gaps = [b - a for a, b in itertools.pairwise(probe["frames"])]
    return {"max": max(gaps, default=0.0), "long": [duration for _, duration in probe["long"]]}


def report(figures: dict[str, Any], listed: bool) -> str:
    """One line of figures for a mode (and, when ``listed``, one more with each pause over
    :data:`PAUSE_MS`: when, in seconds from the first frame, and how long)."""
    gaps, long = [gap for _, gap in figures["gaps"]], figures["long"]
    over = [f"{at / 1000:.1f}s:{gap:.0f}" for at, gap in figures["gaps"] if gap > PAUSE_MS]
    answered = figures["worker"].get("answered", 0)
    return (
        f"{figures['mode']:>8}: {figures['actions']} actions in {figures['seconds']:.0f} s "
        f"({answered} decisions by the worker), {len(gaps)} frames; gap between frames (ms): "
        f"median {percentile(gaps, 0.5):.0f}, p95 {percentile(gaps, 0.95):.0f}, max {max(gaps, default=0):.0f}, "
        f"over {PAUSE_MS} ms: {sum(1 for g in gaps if g > PAUSE_MS)}; "
        f"long tasks: {len(long)}, longest {max(long, default=0):.0f} ms"
    ) + (f"\n          pauses over {PAUSE_MS} ms (at: ms): {' '.join(over) or 'none'}" if listed else "")


def main() -> None:
    """Command-line entry point: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=8, help="computer players' turns to watch")
    parser.add_argument("--level", default="strong", choices=("beginner", "standard", "strong"))
    parser.add_argument("--speed", default="instant", choices=tuple(SPEEDS), help="the computer players' pace")
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated: worker, noworker")
    parser.add_argument("--limit", type=float, default=900.0, help="longest a game may take (seconds)")
    parser.add_argument("--list", action="store_true", help="list every pause over 50 ms")
    parser.add_argument("--end", type=int, default=0, metavar="N", help="measure the game's end N times")
    args = parser.parse_args()
    modes = [mode for mode in args.modes.split(",") if mode]
    if not set(modes) <= set(MODES):
        raise SystemExit(f"--modes: choose from {', '.join(MODES)}")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        dist = build.build(Path(tmp) / "dist")
        server, base = build.start_server(dist)
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        results = [measure(browser, base, mode, args.level, args.speed, args.turns, args.limit) for mode in modes]
        save, move = last_move() if args.end else ("", "")
        ends = [measure_end(browser, base, save, move) for _ in range(args.end)]
        browser.close()
        server.shutdown()
        server.server_close()
    if modes:
        print(f"One person (played by the bench) and three {args.level} computer players, {args.speed} pace, "
              f"until they ended {args.turns} turns; the page's thread while they think:")
    for figures in results:
        print(report(figures, args.list))
    if ends:
        print(f"The game's end ({move!r}, seed {END_SEED}), {len(ends)} fresh pages: largest gap between frames, "
              "long tasks (ms), from the winning move until the statistics are drawn and a second more:")
        for end in ends:
            print(f"  max gap {end['max']:.0f}; long tasks: {' '.join(f'{d:.0f}' for d in end['long']) or 'none'}")


if __name__ == "__main__":
    main()
