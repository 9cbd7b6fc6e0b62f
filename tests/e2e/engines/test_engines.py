"""The site in Firefox and WebKit (the engine of Safari), as in Chromium: a first visit that
fetches each file once, a game set up by clicking the board with the pointer while computer
players play theirs, their moves thought out in their own Web Worker, a reload that continues
it, the example board and the almanac, the editor and the replay on a phone held sideways, and
a later visit with the host gone. Each engine runs these tests in order on one page (see
conftest.py); screenshots of the game, the example and the sideways pages land in the
session's temporary folder (``screenshots/``), for a person to look at.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import pytest
from authoring_driver import played
from browsers import WINDOW, Engine, EngineError, SiteServer
from conftest import Messages
from hooks import (
    BOARD,
    BOXES,
    CONTINUE,
    EDITOR_TOOL,
    END,
    FRAMES_READY,
    GAME_SHOWN,
    REPLAY_STEP,
    ROLL,
    SPOT,
    TARGET,
    click_target,
    new_game,
    save,
    shown,
    wait_shown,
)

import build
from catan_core import share
from catan_core.actions import Action
from catan_core.saves import dumps, loads

SEED = "engines"
"""The seed of the game each engine plays: the same game in every engine."""
CONTROLLED = "return navigator.serviceWorker.controller !== null"
FETCHED_TWICE = """const names = performance.getEntriesByType("resource").map((entry) => entry.name);
return names.filter((name, i) => names.indexOf(name) !== i);"""
"""The files the page asked for more than once (its resource timing: from the host or from the
service worker alike)."""
PAINTED = "return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"
"""Wait until the page has painted twice (WebKit's screenshot just after a resize can be blank)."""
GAME_STEP_S = 30
"""Longest wait for the next thing to do in the game (computer players play at instant pace)."""
HAS_ACTION = "return JSON.parse(catan_test.save()).history.some(a => a.startsWith(arguments[0]))"
"""Whether the game's history holds an action whose text starts with the argument."""
WORKER = "return JSON.parse(catan_test.worker())"
"""The computer players' worker as the page sees it (its state and counts)."""


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the tests leave screenshots."""
    return tmp_path_factory.mktemp("screenshots", numbered=False)


def ready(engine: Engine) -> None:
    """Wait until the page is ready."""
    engine.wait_ready()


def loaded(engine: Engine) -> None:
    """Wait until the page is ready and has loaded (its load event has fired)."""
    engine.wait_ready()
    engine.wait("return document.readyState === 'complete'")


def test_a_first_visit_fetches_each_file_once(engine: Engine, engine_site: SiteServer, messages: Messages) -> None:
    """A fresh profile's first visit: every file the page needs until it is ready is asked for
    once (the module preloads are what the imports use; nothing is downloaded twice), every
    answer is the host's, and the browser logs no warning (an unused preload, for one). The
    page starts from its start zip (build.START_PAGES) and asks for catan.zip, once, when it is
    ready; then it opens again with its test hooks (which start from catan.zip), for the
    tests below."""
    moment = time.time()
    messages.open(engine_site.url)
    ready(engine)
    origin, at = engine.run("return [performance.timeOrigin, window.__readyAt]")
    requests = engine_site.requests_since(moment, (origin + at) / 1000)
    counts = Counter(r.path for r in requests)
    assert {path: n for path, n in counts.items() if n > 1} == {}
    first = f"/{build.start_zip('index.html')}"
    assert {"/interpreter.mjs", "/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip", first} <= set(counts)
    assert f"/{build.CODE_ZIP}" not in counts
    engine.wait("return performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(arguments[0]))",
                f"/{build.CODE_ZIP}", timeout=GAME_STEP_S)
    assert engine.run(FETCHED_TWICE) == []
    assert all(r.status == 200 for r in requests)
    messages.open(engine_site.url + "?test")
    ready(engine)


def test_a_game_set_up_by_pointer_clicks_while_computers_play(engine: Engine, messages: Messages,
                                                              screenshots: Path) -> None:
    """The new-game form's default game (a person, three computer players), seeded: the person
    places both set-up settlements and roads by clicking the spots the board highlights, the
    computer players place theirs and, once the person has rolled and ended the turn, play
    their turns. The save replays in CPython to the very same game: the same seed and actions
    make the same game in every engine."""
    ready(engine)
    new_game(engine, SEED)
    clicked = 0
    while clicked < 4:  # settlement, road, settlement, road: the computers place theirs between
        click_target(engine)
        clicked += 1
        engine.wait("return JSON.parse(catan_test.save()).history.filter(a => a.startsWith('0 ')).length >= arguments[0]",
                    clicked, timeout=GAME_STEP_S)
    engine.screenshot(screenshots / f"{engine.name}-setup.png")
    wait_shown(engine, ROLL, GAME_STEP_S)
    engine.click(ROLL)
    deadline = time.monotonic() + GAME_STEP_S
    while not shown(engine, END):  # a 7: the robber's hex and a victim, clicked the same way
        assert time.monotonic() < deadline, "the person's turn did not come to its end"
        if shown(engine, TARGET):
            click_target(engine)
        elif shown(engine, "[data-cmd='rob']"):
            engine.click("[data-cmd='rob']")
        time.sleep(0.2)
    engine.click(END)
    started = time.monotonic()
    try:
        engine.wait(HAS_ACTION, "0 end", timeout=GAME_STEP_S)
        engine.wait(HAS_ACTION, "1 roll", timeout=GAME_STEP_S)
    except EngineError as error:
        state = engine.run(WORKER), save(engine)["history"][-3:], shown(engine, END)
        raise AssertionError(f"{error}; after {time.monotonic() - started:.1f} s: worker {state[0]}, "
                             f"last actions {state[1]}, End shown {state[2]}") from None
    data = save(engine)
    assert Counter(Action.parse(text).player for text in data["history"][:16]) == {0: 4, 1: 4, 2: 4, 3: 4}
    assert dumps(loads(json.dumps(data))) == json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    engine.screenshot(screenshots / f"{engine.name}-game.png")


WORKER_READY_S = 120
"""Longest wait for the computer players' worker to start (WebKit's first visit: about 15 s here)."""


def test_the_computer_players_think_in_their_worker(engine: Engine, messages: Messages) -> None:
    """The game's computer players get their own worker (a module Web Worker with its own
    Pyodide); once it has started, their moves are its answers. The person plays on (rolls,
    the robber, ends turns) until the worker has answered."""
    ready(engine)
    engine.wait(WORKER + ".ready", timeout=WORKER_READY_S)
    deadline = time.monotonic() + GAME_STEP_S * 4
    while not engine.run(WORKER).get("answered"):
        assert time.monotonic() < deadline, engine.run(WORKER)
        for selector in (ROLL, END, "[data-cmd='rob']", "#trade-decline"):
            if shown(engine, selector):
                engine.click(selector)
                break
        else:
            if shown(engine, TARGET):
                click_target(engine)
        time.sleep(0.3)
    counts = engine.run(WORKER)
    assert counts["error"] == "" and not counts.get("refused") and not counts.get("failed"), counts


def test_a_reload_continues_the_game(engine: Engine, messages: Messages) -> None:
    """A reload (what F5 does) shows the home screen with the game saved; Continue opens the
    very same position."""
    ready(engine)
    before = save(engine)
    messages.gather()
    engine.run("window.__left = true; setTimeout(() => location.reload())")
    engine.wait("return window.__left === undefined")  # the new document
    ready(engine)
    engine.click(CONTINUE)
    wait_shown(engine, GAME_SHOWN)
    after = save(engine)
    assert after["history"][: len(before["history"])] == before["history"]
    assert after["seed"] == before["seed"] and after["board"] == before["board"]
    # The computer players' worker starts again for the game continued: the next test leaves
    # the page once it has (Firefox logs an error for a file that a worker was still reading
    # through the service worker when its page went away).
    engine.wait(WORKER + ".ready", timeout=WORKER_READY_S)


def test_the_example_board_and_the_almanac_are_ready(engine: Engine, engine_site: SiteServer, messages: Messages,
                                                     screenshots: Path) -> None:
    """The embeddable example draws its board; the almanac lists its entries."""
    messages.open(engine_site.url + "embed.html?scenario=scenarios/roads.json")
    ready(engine)
    wait_shown(engine, f"#board {SPOT}")
    engine.screenshot(screenshots / f"{engine.name}-embed.png")
    messages.open(engine_site.url + "almanac.html")
    ready(engine)
    assert engine.run("return document.querySelectorAll('section.entry').length") > 10
    engine.screenshot(screenshots / f"{engine.name}-almanac.png")


SIDEWAYS = (844, 390)
"""A phone held sideways (CSS pixels)."""


def test_the_editor_and_the_replay_on_a_phone_held_sideways(engine: Engine, engine_site: SiteServer, messages: Messages,
                                                            screenshots: Path) -> None:
    """As in Chromium (tests/e2e/test_authoring_e2e.py): the editor's and the replay's board
    stand whole on the left of the window from the start, a tool and a step button beside it,
    and the board stays in view once the page has scrolled to its end (where the editor's
    preview of its snippet starts and gets ready)."""
    link = share.game_link(played(21, 60))
    pages = (("editor", EDITOR_TOOL, "editor.html?lang=en"), ("replay", REPLAY_STEP, f"replay.html?lang=en&step=10#{link}"))
    messages.open(engine_site.url + pages[0][2])
    loaded(engine)
    engine.viewport(*SIDEWAYS)  # once the page has loaded: Firefox warns of a layout forced earlier
    try:
        for i, (name, control, address) in enumerate(pages):
            if i:
                messages.open(engine_site.url + address)
            loaded(engine)
            wait_shown(engine, control)
            board, beside = engine.run(BOXES, BOARD, control)
            assert board["whole"] and beside["whole"] and beside["left"] >= board["right"], (name, board, beside)
            engine.run(PAINTED)
            engine.screenshot(screenshots / f"{engine.name}-{name}-sideways.png")
            engine.run("window.scrollTo(0, document.documentElement.scrollHeight)")
            assert engine.run(BOXES, BOARD)[0]["whole"], name
            # The editor's preview frame starts once scrolled to; left half-started, Firefox logs
            # the service worker's fetches it cut off as errors.
            engine.run("document.querySelectorAll('iframe').forEach((frame) => frame.scrollIntoView())")
            engine.wait(FRAMES_READY)
    finally:
        loaded(engine)
        engine.set_window(*WINDOW)


def test_a_later_visit_works_with_the_host_gone(engine: Engine, engine_site: SiteServer, messages: Messages) -> None:
    """Once the service worker has cached the site, the game page opens and is ready with no
    host at all, asking the worker for each file once (the last test of the engine: its host
    stays stopped)."""
    messages.open(engine_site.url)
    ready(engine)
    engine.wait(CONTROLLED, timeout=120)
    engine_site.stop()
    messages.open(engine_site.url + "?offline")
    ready(engine)
    assert shown(engine, CONTINUE)
    assert engine.run(FETCHED_TWICE) == []
