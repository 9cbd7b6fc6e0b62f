"""Issue 31 in the browser: the coach at the table.

Hints in the set-up, the main phase and on a 7 show their sentence and ring their spots on the
board (the Hint button and the H key); the chances add up to 100; the card tracker shows beside
the two opponents; the review of a finished game
on the winner screen and in the replay viewer draws its chart and drops, whose step links open
that step; axe-core finds no violations with the hint, the chances and the review open, in
English and Hindi. One page of the app is shared by every test of the module (Pyodide starts
once). Screenshots go to ``$COACH_SHOTS`` when it is set (to look at).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from a11y import violations
from test_game import load, scenario, seat

from catan_core.bots import make_bot
from catan_core.game import Game, Options, Seat
from catan_core.saves import dumps

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

RED, BLUE, WHITE = "#d21c26", "#1147d6", "#fafafa"
WIDE, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
SHOTS = os.environ.get("COACH_SHOTS")
THINK_MS = 30_000
"""Longest wait for a hint or a review worked out in slices."""
MARKS = ".catan-board .marked"


def shot(page: Page, name: str, selector: str | None = None) -> None:
    """A screenshot to look at, when ``$COACH_SHOTS`` names a directory."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        path = str(Path(SHOTS) / f"{name}.png")
        if selector:
            page.locator(selector).screenshot(path=path)
        else:
            page.screenshot(path=path)


@pytest.fixture(scope="module")
def coach_page(guarded_browser: GuardedBrowser, site: LocalSite) -> Iterator[Page]:
    """The app with test hooks at 1280x800, loaded once for the module."""
    page = guarded_browser.open_clean(site.url + "?test", viewport=WIDE)
    yield page
    page.context.close()


@pytest.fixture
def app(browse: GuardedBrowser, coach_page: Page) -> Iterator[Page]:
    yield coach_page
    coach_page.set_viewport_size(WIDE)
    set_lang(coach_page, "en")


def set_lang(page: Page, lang: str) -> None:
    """Switch the page's language with the picker of the game bar or the home screen (as its
    change event does: under the winner screen the bar cannot be reached by a click)."""
    page.evaluate(
        """(lang) => { const picker = document.querySelector('#game-lang, #home-lang');
            if (picker && picker.value !== lang) { picker.value = lang;
                picker.dispatchEvent(new Event('change', {bubbles: true})); } }""",
        lang,
    )
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)


def take(page: Page) -> None:
    """Take the device when the hot-seat cover asks for it."""
    if page.locator("#uncover").count():
        page.click("#uncover")
        page.wait_for_selector("#cover", state="detached")


CITY_AND_ROAD = {"brick": 2, "lumber": 2, "wool": 1, "grain": 2, "ore": 3}
SEVEN = {"brick": 2, "lumber": 1, "wool": 1, "grain": 1, "ore": 2}
"""Seven cards: nothing to discard on a 7."""


def against_computers(hand: dict[str, int] = CITY_AND_ROAD, **extra: Any) -> dict[str, Any]:
    """Ana (a person, holding ``hand``) against two standard computer players."""
    return scenario(
        seat(0, "Ana", RED, hand=hand),
        seat(1, "Ben", BLUE, kind="standard", hand={"ore": 2, "grain": 2}),
        seat(2, "Cy", WHITE, kind="standard", hand={"wool": 1, "brick": 1}),
        seed=4,
        **extra,
    )


def hinted(page: Page, by_key: bool) -> str:
    """Ask for a hint (the H key or the button) and wait for it: its sentence."""
    if by_key:
        page.locator("#log-title").click()  # the focus outside any field
        page.keyboard.press("h")
    else:
        page.click("#hint-open")
    page.wait_for_selector("#hint-text", timeout=THINK_MS)
    text = page.inner_text("#hint-text")
    assert text.endswith(".") and len(text) > 20
    return text


def test_a_hint_in_the_setup_by_the_h_key(app: Page) -> None:
    load(app, {"format": "catan-scenario", "board": "beginner", "phase": "setup", "seed": 3,
               "players": [{"name": "Ana", "color": RED}, {"name": "Ben", "color": BLUE, "kind": "standard"},
                           {"name": "Cy", "color": WHITE, "kind": "standard"}]}, "Set-up hint")
    text = hinted(app, by_key=True)
    assert text.startswith("Build a settlement")
    marked = app.locator(MARKS)
    assert marked.count() == 1 and (marked.first.get_attribute("data-at") or "").startswith("n")
    assert text in app.inner_text("#announce")
    shot(app, "hint-setup-desk-en")
    set_lang(app, "hi")
    assert re.search("[\u0900-\u097f]", app.inner_text("#hint-text"))
    assert violations(app) == []
    shot(app, "hint-setup-desk-hi")
    app.set_viewport_size(PHONE)
    app.locator("#hint").scroll_into_view_if_needed()
    shot(app, "hint-setup-phone-hi")
    set_lang(app, "en")
    shot(app, "hint-setup-phone-en")
    app.set_viewport_size(WIDE)
    app.click("#hint-close")
    assert app.locator("#hint").count() == 0


def test_a_hint_in_the_main_phase_and_the_chances(app: Page) -> None:
    load(app, against_computers(phase="main"), "Main hint")
    take(app)
    hinted(app, by_key=False)
    app.click("#chances-open")
    shares = [int(s.rstrip("%")) for s in app.locator("#chances .share").all_inner_texts()]
    assert len(shares) == 3 and sum(shares) == 100
    shot(app, "hint-main-chances-desk-en")
    assert violations(app) == []
    set_lang(app, "hi")
    assert violations(app) == []
    shot(app, "hint-main-chances-desk-hi")
    app.click("#tracker")  # the card tracker beside the opponents (then off again: the setting is remembered)
    assert app.locator("#scores .tracker").count() == 2
    shot(app, "tracker-desk-hi")
    app.click("#tracker")
    assert app.locator("#scores .tracker").count() == 0
    app.set_viewport_size(PHONE)
    app.locator("#coach").scroll_into_view_if_needed()
    shot(app, "hint-main-chances-phone-hi")
    set_lang(app, "en")
    app.locator("#coach").scroll_into_view_if_needed()
    shot(app, "hint-main-chances-phone-en")


def test_a_hint_on_a_7(app: Page) -> None:
    load(app, against_computers(SEVEN, dice=[[3, 4]]), "Robber hint")
    take(app)
    app.click("#roll")
    app.wait_for_selector(".catan-board .target[data-hex]", state="attached")
    text = hinted(app, by_key=True)
    assert "robber" in text
    assert any((m.get_attribute("data-at") or "").startswith("h") for m in app.locator(MARKS).all())
    shot(app, "hint-robber-desk-en")
    set_lang(app, "hi")
    shot(app, "hint-robber-desk-hi")
    app.set_viewport_size(PHONE)
    shot(app, "hint-robber-phone-hi")
    set_lang(app, "en")
    shot(app, "hint-robber-phone-en")


def finished_save() -> str:
    """A finished game of Ana (seat 0) and two computer players, played by random players."""
    seats = (Seat("Ana", RED), Seat("Ben", BLUE, "standard"), Seat("Cy", WHITE, "standard"))
    game = Game(Options(players=3, board="beginner"), 21, seats)
    bots = [make_bot("random", seed=1 + q) for q in range(3)]
    while game.phase != "over":
        game.apply(bots[game.to_act].decide(game.view(game.to_act)))
    return dumps(game)


def test_the_review_on_the_winner_screen_and_in_the_replay_viewer(app: Page, site: LocalSite) -> None:
    app.evaluate("() => { for (const b of document.querySelectorAll('#menu-home')) b.click(); }")
    app.wait_for_selector("#home:not([hidden])")
    app.set_input_files("#import-file", files=[{"name": "catan-Reviewed.json", "mimeType": "application/json",
                                                 "buffer": finished_save().encode()}])
    app.wait_for_selector("#winner")
    app.select_option("#review-seat", "0")
    app.click("#review-start")
    app.wait_for_selector("#review .review-chart svg", timeout=THINK_MS)
    drops = app.locator("#review li.drop")
    assert drops.count() >= 1
    href = drops.first.locator("a").get_attribute("href") or ""
    assert re.fullmatch(r"replay\.html\?game=[^&]+&step=\d+", href)
    app.locator("#review").scroll_into_view_if_needed()
    shot(app, "review-winner-desk-en")
    assert violations(app) == []
    set_lang(app, "hi")
    assert violations(app) == []
    app.locator("#review").scroll_into_view_if_needed()
    shot(app, "review-winner-desk-hi")
    app.set_viewport_size(PHONE)
    app.locator("#review .drops").scroll_into_view_if_needed()
    shot(app, "review-winner-phone-hi")
    set_lang(app, "en")
    app.locator("#review .drops").scroll_into_view_if_needed()
    shot(app, "review-winner-phone-en")
    app.set_viewport_size(WIDE)
    step = int(href.rsplit("=", 1)[1])
    replay = app.context.new_page()
    replay.goto(site.url + href + "&test")
    replay.wait_for_selector("html[data-ready='1']")
    assert json.loads(replay.evaluate("catan_test.position()"))["step"] == step
    replay.select_option("#review-seat", "0")
    replay.click("#review-start")
    replay.wait_for_selector("#review .review-chart svg", timeout=THINK_MS)
    assert replay.locator("#review li.drop").first.locator("a").get_attribute("href") == href
    replay.locator("#review").scroll_into_view_if_needed()
    shot(replay, "review-replay-desk-en")
    assert violations(replay, "#review") == []
    replay.select_option("#replay-lang", "hi")
    replay.wait_for_function("() => document.documentElement.lang === 'hi'")
    assert violations(replay, "#review") == []
    replay.locator("#review").scroll_into_view_if_needed()
    shot(replay, "review-replay-desk-hi")
    replay.set_viewport_size(PHONE)
    replay.locator("#review .drops").scroll_into_view_if_needed()
    shot(replay, "review-replay-phone-hi")
    replay.select_option("#replay-lang", "en")
    replay.wait_for_function("() => document.documentElement.lang === 'en'")
    replay.locator("#review .drops").scroll_into_view_if_needed()
    shot(replay, "review-replay-phone-en")
    replay.click("#play-on-1")
    replay.wait_for_selector("#game:not([hidden])", timeout=THINK_MS)
    assert "from step" in replay.inner_text(".game-name")
    assert "game=" not in replay.url  # opened once: a reload shows the home screen
    replay.close()
