"""Computer players thinking in their own Web Worker (``bots-worker.mjs``,
:mod:`catan_web.browser.bots`, :mod:`catan_web.thinker`), in Chromium: a game whose computer
players move through the worker, one move painted at a time, an answer made stale by a take-back and dropped, the page's
own thinking with ``?noworker`` and after a message of the worker that cannot be read, and no
worker at all on pages without computer players. The page's ``?test`` hooks read the worker's
counts (``catan_test.worker()``) and hold its messages back (``catan_test.hold_worker``)."""

from __future__ import annotations

import itertools
import json
import time
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_game import STEP_MS, play_simply, saved

from catan_core.saves import loads

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

WORKER_READY_MS = 60_000
"""Longest wait for the worker's Python to start (a few seconds here)."""


def worker(page: Page) -> dict[str, Any]:
    """The worker's state and counts, as the page keeps them."""
    counts: dict[str, Any] = json.loads(page.evaluate("catan_test.worker()"))
    return counts


def new_game(page: Page, kinds: tuple[str, ...], seed: str, take_backs: bool = False) -> None:
    """Start a game from the new-game form: seat 0 a person, the others ``kinds``; instant pace."""
    page.select_option("#players", str(len(kinds) + 1))
    page.select_option("#seat-kind-0", "human")
    for i, kind in enumerate(kinds, start=1):
        page.select_option(f"#seat-kind-{i}", kind)
    page.fill("#seed", seed)
    if page.is_checked("#take-backs") != take_backs:
        page.click("#take-backs")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    page.select_option("#speed", "instant")


def play_until(page: Page, done: str, limit_s: float = 120) -> None:
    """Play the person's moves simply until ``done`` (a JavaScript expression) holds."""
    deadline = time.monotonic() + limit_s
    while not page.evaluate(done):
        assert time.monotonic() < deadline, f"not reached: {done}"
        if not play_simply(page):
            page.wait_for_timeout(50)


def wait_for(page: Page, done: str, timeout: float = STEP_MS) -> None:
    """Wait until ``done`` (a JavaScript expression) holds; when it does not in time, fail with
    what the worker and the game were doing (a flake under load then names its cause)."""
    try:
        page.wait_for_function(done, timeout=timeout)
    except PlaywrightTimeoutError:
        state = f"worker {worker(page)}, last moves {saved(page)['history'][-4:]}"
        raise AssertionError(f"not reached in {timeout:.0f} ms: {done}; {state}") from None


def moves(page: Page) -> int:
    """The number of moves of the game on screen."""
    return len(saved(page)["history"])


def test_computer_players_move_through_the_worker(browse: GuardedBrowser, site: LocalSite) -> None:
    """One person and three computer players (two standard, one strong): once a game with
    computer players is on screen the worker starts, and from then on every decision is its
    answer; the save replays in CPython to the same game."""
    page = browse.open(site.url + "?test")
    assert worker(page)["started"] is False  # nothing before a game with computer players
    new_game(page, ("standard", "strong", "standard"), "worker-game")
    page.wait_for_function("JSON.parse(catan_test.worker()).ready", timeout=WORKER_READY_MS)
    start = moves(page)
    # an answer is counted when it comes and played once the page has painted: wait for both
    played = f"JSON.parse(catan_test.save()).history.length >= {start + 40}"
    play_until(page, f"JSON.parse(catan_test.worker()).answered >= 40 && {played}")
    counts = worker(page)
    assert counts["error"] == "" and counts.get("failed", 0) == 0 and counts.get("refused", 0) == 0
    assert counts["asked"] - counts.get("dropped", 0) - counts["answered"] <= 1  # at most one on its way
    data = saved(page)
    assert len(data["history"]) >= start + 40
    game = loads(json.dumps(data))  # replays the history and insists on the very same game
    assert [a.text() for a in game.history] == data["history"]


FRAME_MOVES = """() => {
    window.frameMoves = [];
    const look = () => {
        window.frameMoves.push(JSON.parse(catan_test.position()).moves);
        window.frameMovesLoop = requestAnimationFrame(look);
    };
    window.frameMovesLoop = requestAnimationFrame(look);
}"""
"""Note the number of moves of the game on screen at every animation frame, from now on."""


@pytest.mark.parametrize("address", ["?test", "?test&noworker"])
def test_computer_moves_are_painted_one_at_a_time(browse: GuardedBrowser, site: LocalSite, address: str) -> None:
    """Four computer players at instant pace decide faster than the screen refreshes, yet the
    page plays each of their moves only once the one before is painted: from one animation
    frame to the next, the game moves on by one move at most (their decisions from the worker,
    or thought on the page)."""
    page = browse.open(site.url + address)
    page.select_option("#players", "4")
    for seat in range(4):
        page.select_option(f"#seat-kind-{seat}", "standard")
    page.fill("#seed", "one-a-frame")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    page.select_option("#speed", "instant")
    if "noworker" not in address:
        page.wait_for_function("JSON.parse(catan_test.worker()).ready", timeout=WORKER_READY_MS)
    page.evaluate(FRAME_MOVES)
    start = moves(page)
    wait_for(page, f"window.frameMoves.at(-1) >= {start + 60}", timeout=60_000)
    seen: list[int] = page.evaluate("cancelAnimationFrame(window.frameMovesLoop), window.frameMoves")
    steps = [later - earlier for earlier, later in itertools.pairwise(seen)]
    assert max(steps) == 1 and min(steps) == 0, sorted(set(steps))


def test_an_answer_made_stale_by_a_take_back_is_dropped(browse: GuardedBrowser, site: LocalSite) -> None:
    """The person places a set-up road; while the next computer player's answer is on its way
    (held back by the test), the person takes the road back: the answer, now about a position
    that is gone, is dropped, and the game goes on from the take-back."""
    page = browse.open(site.url + "?test")
    new_game(page, ("standard", "standard", "standard"), "stale-answer", take_backs=True)
    page.wait_for_function("JSON.parse(catan_test.worker()).ready", timeout=WORKER_READY_MS)
    edge = ".catan-board .target[data-edge]"
    play_until(page, f"document.querySelector('{edge}') !== null")  # the person's set-up road is due
    page.evaluate("catan_test.hold_worker(true)")
    page.locator(edge).first.click()
    before_road = saved(page)["history"]
    road = before_road[-1]
    assert road.startswith("0 road"), road
    wait_for(page, "catan_test.hold_worker(true) >= 1")  # the answer came, held back
    page.keyboard.press("Control+z")
    wait_for(page, f"JSON.parse(catan_test.save()).history.length === {len(before_road) - 1}")
    dropped = worker(page).get("dropped", 0)
    page.evaluate("catan_test.hold_worker(false)")
    wait_for(page, f"JSON.parse(catan_test.worker()).dropped === {dropped + 1}")
    assert saved(page)["history"] == before_road[:-1]  # the stale move was not played
    answered = worker(page)["answered"]
    page.locator(edge).first.click()  # the road again: the computers go on, through the worker
    wait_for(page, f"JSON.parse(catan_test.worker()).answered > {answered}")
    wait_for(page, f"JSON.parse(catan_test.save()).history.length > {len(before_road)}")  # played once painted


def test_without_the_worker_the_page_thinks_itself(browse: GuardedBrowser, site: LocalSite) -> None:
    """``?noworker``: no worker starts, and the computer players think on the page's thread
    as before."""
    page = browse.open(site.url + "?test&noworker")
    new_game(page, ("standard", "standard", "standard"), "no-worker")
    play_until(page, "JSON.parse(catan_test.save()).history.length >= 30")
    assert worker(page) == {"started": False, "ready": False, "error": ""}


def test_a_message_of_the_worker_that_cannot_be_read_is_refused(browse: GuardedBrowser, site: LocalSite) -> None:
    """A message from the worker that is not one of the protocol's is refused with a console
    error; the worker is no longer asked, and the page's own thinking takes over."""
    page = browse.open(site.url + "?test")
    new_game(page, ("standard", "standard", "standard"), "bad-message")
    page.wait_for_function("JSON.parse(catan_test.worker()).ready", timeout=WORKER_READY_MS)
    errors = len(browse.errors)
    page.evaluate("""catan_test.worker_message('{"id": 1, "action": "1 fly away", "error": ""}')""")
    counts = worker(page)
    assert counts["refused"] == 1 and counts["ready"] is False and counts["error"]
    refused = browse.errors[errors:]
    assert len(refused) == 1 and "refused" in refused[0], refused
    del browse.errors[errors:]  # the error this test expects
    asked, at = counts.get("asked", 0), moves(page)
    play_until(page, f"JSON.parse(catan_test.save()).history.length >= {at + 20}")
    assert worker(page).get("asked", 0) == asked


@pytest.mark.parametrize("path", ["embed.html?scenario=scenarios/roads.json", "almanac.html", "?test"])
def test_pages_without_computer_players_start_no_worker(browse: GuardedBrowser, site: LocalSite, path: str) -> None:
    page = browse.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(site.url + path)
    browse.wait_ready(page)
    page.wait_for_timeout(1000)
    assert not [url for url in requested if url.endswith("bots-worker.mjs")]


def test_the_worker_downloads_nothing_again(browse: GuardedBrowser, site: LocalSite) -> None:
    """On a first visit the worker waits until the service worker controls the page (its cache
    then holds every file), and every file it asks for comes from there: nothing is downloaded
    a second time (the snapshot and catan.zip it reads from the cache itself, unseen here)."""
    page = browse.new_page()
    page.goto(site.url + "?test")
    browse.wait_ready(page)
    answered: list[tuple[str, bool]] = []
    page.on("response", lambda response: answered.append((response.url[len(site.url):], response.from_service_worker)))
    new_game(page, ("standard", "standard", "standard"), "downloads")
    page.wait_for_function("JSON.parse(catan_test.worker()).ready", timeout=WORKER_READY_MS)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    theirs = [(url, cached) for url, cached in answered if url.startswith(("bots-worker.mjs", "interpreter.mjs", "pyodide/"))]
    assert {url for url, _ in theirs} >= {"bots-worker.mjs", "interpreter.mjs", "pyodide/pyodide.asm.wasm"}
    assert [url for url, cached in theirs if not cached] == []
