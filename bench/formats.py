"""Figures of issue 28's formats: replay jumps, and the length of share links and their QR codes.

Run from the repository root:

    python bench/formats.py

It prints:

* **replay jumps** in a game of 200 actions: the time to build a :class:`Replay` and to jump
  to a random step, for several snapshot spacings -- "none" (every jump replays from the
  start: before snapshots) beside the default :data:`catan_core.replay.SNAPSHOT_EVERY`;
* **link lengths** of each kind (a typical scenario, the almanac's examples, a position of a
  real game, games of 50 to 400 actions, a study, the editor's work), with and without the
  preset dictionary (before and after it), and the QR code version a whole address needs;
* **QR capacity**: the longest address a code of a given version holds (byte mode);
* **saves**: writing and reading the save of a long random game (CPU time, the best of
  several rounds), its record replayed or its position read.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
import zlib
from collections.abc import Callable

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path[:0] = [ROOT, os.path.join(ROOT, "web"), os.path.join(ROOT, "tests")]

from boundaries import example_scenarios, random_game
from catan_web.qr import DataTooLong, encode

from catan_core import saves, share
from catan_core.jsonread import check_depth, parse
from catan_core import study as studies
from catan_core.editor import Editor
from catan_core.replay import SNAPSHOT_EVERY, Replay
from catan_core.rng import Rng
from catan_core.scenarios import from_game

GAME_ACTIONS = 200
JUMPS = 400
SPACINGS = (GAME_ACTIONS + 1, 64, 32, SNAPSHOT_EVERY, 8, 4, 1)
"""Snapshot spacings measured; the first keeps only step 0 ("none")."""
SITE = "https://example.org/catan/"
"""A plausible site address, for whole addresses' lengths."""
QR_VERSIONS = (10, 15, 20, 25, 30, 40)


def replay_figures() -> None:
    game = random_game(28, players=4, steps=GAME_ACTIONS)
    assert len(game.history) == GAME_ACTIONS
    rng = Rng(1)
    targets = [rng.below(GAME_ACTIONS + 1) for _ in range(JUMPS)]
    print(f"replay of a {GAME_ACTIONS}-action game (4 seats), {JUMPS} jumps to random steps")
    print(f"{'snapshots every':>16} {'build ms':>9} {'jump mean ms':>13} {'jump p95 ms':>12} {'jump max ms':>12} "
          f"{'step fwd ms':>12} {'step back ms':>13}")
    for every in SPACINGS:
        start = time.perf_counter()
        replay = Replay(game, every=every)
        build = (time.perf_counter() - start) * 1000
        jumps = []
        for step in targets:
            start = time.perf_counter()
            replay.go(step)
            jumps.append((time.perf_counter() - start) * 1000)
        replay.go(GAME_ACTIONS // 2)
        forward = timed_each(replay.forward, 50)
        replay.go(GAME_ACTIONS // 2 + 50)
        back = timed_each(replay.back, 50)
        label = "none" if every > GAME_ACTIONS else str(every)
        jumps.sort()
        print(f"{label:>16} {build:9.1f} {statistics.mean(jumps):13.2f} {jumps[int(0.95 * len(jumps))]:12.2f} "
              f"{jumps[-1]:12.2f} {forward:12.3f} {back:13.3f}")


def timed_each(call: Callable[[], object], times: int) -> float:
    start = time.perf_counter()
    for _ in range(times):
        call()
    return (time.perf_counter() - start) * 1000 / times


def without_dictionary(link: str) -> int:
    """The length the same link would have without the preset dictionary."""
    _, data = share.unpack(link)
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    raw = zlib.compress(text, 9)
    return 3 + (len(raw) * 4 + 2) // 3


def qr_version(text: str, ecc: str) -> str:
    try:
        return str(encode(text, ecc).version)
    except DataTooLong:
        return "-"


def link_figures() -> None:
    rows: list[tuple[str, str, str]] = []
    scenarios = {json.loads(text).get("title", "?"): json.loads(text) for text in example_scenarios()}
    lengths = sorted(len(share.scenario_link(data)) for data in scenarios.values())
    roads = next(data for data in scenarios.values() if data["players"][0].get("roads") == [11, 10, 18])
    rows.append(("scenario: roads.json (the README's)", share.scenario_link(roads), "embed.html?lang=en&mode=try#"))
    editor = Editor.beginner(pieces=False)
    editor.place_building(0, 12)
    editor.set_phase("main")
    editor.give_cost(0, "settlement")
    editor.toggle_mark("n17")
    editor.set_caption("Ana may not build next to her own settlement.")
    query = "lang=en&mode=try&mark=n17&caption=Ana%20may%20not%20build%20next%20to%20her%20own%20settlement."
    rows.append(("scenario: the editor's distance example", share.scenario_link(editor.to_scenario()),
                 f"embed.html?{query}#"))
    rows.append(("editor's work: the same", share.editor_link(editor), "editor.html#"))
    game100 = random_game(28, players=4, steps=100)
    rows.append(("scenario: step 100 of a game (v2)", share.scenario_link(from_game(game100)), "embed.html#"))
    for actions in (50, 100, 200, 400):
        game = random_game(28, players=4, steps=actions)
        rows.append((f"game: {actions} actions", share.game_link(game), "replay.html#"))
    rows.append(("game: 100 actions, at step 60", share.game_link(game100, 60), "replay.html#"))
    finished = random_game(29, players=4, steps=5000)
    assert finished.phase == "over"
    rows.append((f"game: a whole game ({len(finished.history)} actions)", share.game_link(finished), "replay.html#"))
    study = studies.Study.of_game(game100, "The first round", first=70)
    for step in range(0, study.length + 1, 5):
        study.set_comment(step, "Here the player weighs a road against a development card.")
    study.set_question(3, studies.Question(hint="Which hex pays the most?"))
    rows.append((f"study: {study.length} moves, {study.length // 5 + 1} comments", share.study_link(study),
                 "embed.html#"))
    print(f"\nlink lengths (link data only; address = {SITE} + page + query + data)")
    print(f"the {len(lengths)} almanac scenarios: shortest {lengths[0]}, median {lengths[len(lengths) // 2]}, "
          f"longest {lengths[-1]} characters")
    print(f"{'':44} {'no dict':>8} {'link':>6} {'address':>8} {'QR M':>5} {'QR L':>5}")
    for label, link, page in rows:
        address = SITE + page + link
        print(f"{label:44} {without_dictionary(link):8d} {len(link):6d} {len(address):8d} "
              f"{qr_version(address, 'M'):>5} {qr_version(address, 'L'):>5}")


def qr_capacity() -> None:
    print("\nQR capacity: the longest address (bytes) a code holds, by version and error correction")
    print(f"{'version':>8} {'M':>6} {'L':>6}")
    for version in QR_VERSIONS:
        fits = [longest(version, ecc) for ecc in ("M", "L")]
        print(f"{version:8d} {fits[0]:6d} {fits[1]:6d}")


def longest(version: int, ecc: str) -> int:
    lo, hi = 0, 4000
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            encode("h" * mid, ecc, version=version)
            lo = mid
        except DataTooLong:
            hi = mid - 1
    return lo


SAVE_ACTIONS = 1500
"""Actions of the long game whose save is written and read (random games end near 1,200)."""


def save_figures() -> None:
    game = random_game(7, players=4, steps=SAVE_ACTIONS)
    text = saves.dumps(game)
    print(f"the save of a random game of {len(game.history)} actions, {len(game.log)} events, {len(text):,} characters"
          " (CPU ms, best of 15)")
    for name, call in (("dumps", lambda: saves.dumps(game)), ("depth check", lambda: check_depth(text)),
                       ("parse (with the depth check)", lambda: parse(text, saves.MAX_SAVE_CHARS)),
                       ("loads, position read", lambda: saves.loads(text, verify_history=False)),
                       ("loads, record replayed", lambda: saves.loads(text))):
        best = min(cpu_ms(call) for _ in range(15))
        print(f"{name:>30} {best:8.1f}")


def cpu_ms(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return (time.process_time() - start) * 1000


def main() -> int:
    replay_figures()
    link_figures()
    qr_capacity()
    save_figures()
    return 0


if __name__ == "__main__":
    sys.exit(main())
