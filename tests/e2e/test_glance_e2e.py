"""Issue 30 in the browser: the game at a glance, measured.

The board keeps at least 560 px of width at 1280x800 in every phase and with every chooser
open; the players strip stays in the window in every phase at 1280x800 and 390x844; the bank's
counts are the engine's; a double click on Roll leaves the turn in its main phase; in a 60-turn
game of one person and three computer players, at most one offer per computer turn reaches
the person and no notice covers the hand or a screen over the game; the dice do not tumble
under reduced motion; no sound before a gesture nor with the sound off; "Play against the
computer" in the window at both sizes; the hot-seat cover leaves the board in view and hides
the hand; the zoomed board's Confirm bar in the window; the game bar's words whole in every
language, its tools folded behind Menu under 1180 px; an upright tablet shows the board across
its width, a phone held sideways the whole board beside the turn; the share panel drops over
the game; a short laptop window's board gets the hand strip's spare height; the winner's
points by source add up to the totals. Screenshots of each screen go to ``$GLANCE_SHOTS`` when it is set (to look at).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from catan_core.bots import make_bot
from catan_core.game import Game, Options, Seat
from catan_core.palette import PALETTE
from catan_core.saves import dumps, loads
from catan_core.scenarios import load_scenario
from test_game import RESOURCES, STEP_MS, TARGET, click_board, go_home, load, saved, scenario, seat

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

RED, BLUE, WHITE, ORANGE = "#d21c26", "#1147d6", "#fafafa", "#ff9d2b"
WIDE, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
MIN_BOARD_PX = 560
SHOTS = os.environ.get("GLANCE_SHOTS")

BOARD_WIDTH = """() => { const r = document.querySelector('#board svg').getBoundingClientRect();
    return Math.min(r.width, r.height * 1180 / 1024); }"""
"""The drawn board's width (the drawing keeps its proportions inside the svg's box)."""
IN_WINDOW = """(s) => { const e = document.querySelector(s); if (!e) return false; const b = e.getBoundingClientRect();
    return b.height > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight + 0.5 && b.right <= innerWidth + 0.5; }"""
OVERLAPS = """() => {
    const n = document.querySelector('#notice'); if (!n || n.hidden) return [];
    const a = n.getBoundingClientRect(), out = [];
    for (const s of ['#hand-wrap', '.overlay .sheet']) {
        const e = document.querySelector(s); if (!e) continue;
        const b = e.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push(s);
    }
    return out; }"""
AUDIO = """(() => {
    window.audioLog = {contexts: 0, notes: 0};
    const Native = window.AudioContext;
    if (!Native) return;
    window.AudioContext = class extends Native { constructor(...a) { super(...a); window.audioLog.contexts += 1; } };
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...a) { window.audioLog.notes += 1; return start.apply(this, a); };
})()"""


def shot(page: Page, name: str) -> None:
    """A screenshot to look at, when ``$GLANCE_SHOTS`` names a directory."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def take(page: Page) -> None:
    """Take the device when the hot-seat cover asks for it."""
    if page.locator("#uncover").count():
        page.click("#uncover")
        page.wait_for_selector("#cover", state="detached")


@pytest.fixture(scope="module")
def desk(guarded_browser: GuardedBrowser, site: LocalSite) -> Iterator[Page]:
    """The app with test hooks at 1280x800, its sound calls counted."""
    context = guarded_browser.new_context(viewport=WIDE)
    context.add_init_script(AUDIO)
    page = guarded_browser.open(site.url + "?test", context)
    yield page
    context.close()


@pytest.fixture
def wide(browse: GuardedBrowser, desk: Page) -> Iterator[Page]:
    yield desk
    desk.set_viewport_size(WIDE)


@pytest.fixture(scope="module")
def phone(guarded_browser: GuardedBrowser, site: LocalSite) -> Iterator[Page]:
    """The app with test hooks on a 390x844 touch screen."""
    page = guarded_browser.open_clean(site.url + "?test", viewport=PHONE, has_touch=True, is_mobile=True)
    yield page
    page.context.close()


SEVEN = {"brick": 2, "lumber": 1, "wool": 1, "grain": 1, "ore": 2}
"""Ana's hand: seven cards, nothing to discard on a 7."""
CITY = {"brick": 1, "wool": 1, "grain": 2, "ore": 3}
EVERY_CARD = {"knight": 1, "road_building": 1, "year_of_plenty": 1, "monopoly": 1, "victory_point": 2}
PHASES = ("set-up", "cover", "roll", "robber", "victim", "main, build", "main, bank", "main, players", "Year of Plenty",
          "Monopoly", "Road Building", "offer, waiting", "counter-offer", "discard", "balanced dice", "over")


def three(hand: dict[str, int] = SEVEN, **extra: Any) -> dict[str, Any]:
    """Ana and Ben (people) and Cy (a standard computer player); Ana holds every kind of card."""
    return scenario(seat(0, "Ana", RED, hand=hand, dev_cards=EVERY_CARD), seat(1, "Ben", BLUE, hand={"ore": 2, "grain": 2}),
                    seat(2, "Cy", WHITE, kind="standard", hand={"wool": 1}), seed=4, **extra)


def phases(page: Page) -> Iterator[str]:
    """Bring ``page`` through every phase and chooser, naming each as it is shown."""
    load(page, {"format": "catan-scenario", "board": "beginner", "phase": "setup",
                "players": [{"name": "Ana", "color": RED}, {"name": "Ben", "color": BLUE}]}, "Set-up")
    yield "set-up"
    load(page, three(dice=[[3, 4]]), "Phases")
    yield "cover"
    take(page)
    yield "roll"
    page.click("#roll")  # a 7: Ana moves the robber
    yield "robber"
    click_board(page, "hex", 8)  # Ben's and Cy's settlements touch hex 8: whom to rob?
    page.wait_for_selector("#victim")
    yield "victim"
    page.click("#rob-1")
    for tab in ("build", "bank", "players"):
        page.click(f"#tab-{tab}")
        yield f"main, {tab}"
    page.click("#play-year_of_plenty")
    page.wait_for_selector("#chooser")
    yield "Year of Plenty"
    page.click("#play-monopoly")
    yield "Monopoly"
    page.click("#mono-cancel")
    page.click("#play-road_building")
    page.wait_for_selector(f"{TARGET}[data-edge]", state="attached")
    yield "Road Building"
    load(page, three(phase="main"), "Offer")
    take(page)
    page.click("#tab-players")
    page.click("#offer-give-brick-plus")
    page.click("#offer-want-ore-plus")
    page.select_option("#offer-target", "1")
    page.click("#offer-send")
    yield "offer, waiting"
    take(page)
    page.click("#trade-counter")
    yield "counter-offer"
    load(page, scenario(seat(0, "Ana", RED, hand={"brick": 5, "wool": 4}), seat(1, "Ben", BLUE), phase="discard"), "Discard")
    take(page)
    yield "discard"
    load(page, three(CITY, phase="main", options={"vp_target": 5, "balanced_dice": True}), "End")
    take(page)
    yield "balanced dice"
    page.click("#build-city")
    click_board(page, "node", int(page.locator(f"{TARGET}[data-node]").first.get_attribute("data-node") or -1))
    page.wait_for_selector("#winner")
    page.click("#win-board")
    yield "over"


def test_at_1280x800_the_board_keeps_560px_and_the_strip_shows_in_every_phase(wide: Page) -> None:
    widths = {}
    for phase in phases(wide):
        widths[phase] = round(wide.evaluate(BOARD_WIDTH))
        assert wide.evaluate(IN_WINDOW, "#scores"), f"the players strip is out of the window: {phase}"
        assert wide.evaluate(IN_WINDOW, "#supply"), f"the bank's row is out of the window: {phase}"
        shot(wide, f"desk-{phase.replace(', ', '-').replace(' ', '-')}")
    print("board widths at 1280x800:", json.dumps(widths))
    assert min(widths.values()) >= MIN_BOARD_PX, widths
    assert tuple(widths) == PHASES


def test_on_a_phone_the_strip_and_the_bank_stay_in_the_window_in_every_phase(browse: GuardedBrowser, phone: Page) -> None:
    for phase in phases(phone):
        for part in ("#actions", "#hand-wrap", ".board-wrap"):  # wherever the person has scrolled to
            phone.evaluate("(s) => document.querySelector(s).scrollIntoView()", part)
            assert phone.evaluate(IN_WINDOW, "#scores") and phone.evaluate(IN_WINDOW, "#supply"), (phase, part)
        shot(phone, f"phone-{phase.replace(', ', '-').replace(' ', '-')}")


def test_the_bank_counts_are_the_engine_s(wide: Page) -> None:
    sc = three(phase="main", options={"balanced_dice": True})
    load(wide, sc, "Bank")
    take(wide)
    assert wide.evaluate("catan_test.apply('0 buy')") == ""
    game = loads(json.dumps(saved(wide)))
    shown = [int(n) for n in wide.locator("#supply .bank-res b").all_inner_texts()]
    assert shown == list(game.bank) and int(wide.inner_text("#supply .bank-dev b")) == game.view(0).deck_size
    left = game.view(0).dice_totals_left()
    assert left is not None and [int(n) for n in wide.locator("#supply .dice-left-bars b").all_inner_texts()] == list(left)


def test_a_double_click_on_roll_leaves_the_turn_in_its_main_phase(wide: Page) -> None:
    load(wide, scenario(seat(0, "Ana", RED), seat(1, "Bot", BLUE, kind="standard"), dice=[[2, 4]]), "Double")
    wide.dblclick("#roll")
    wide.wait_for_selector(".dice")
    wide.wait_for_timeout(600)  # longer than the moment a new button waits
    assert saved(wide)["state"]["phase"] == "main" and saved(wide)["history"] == ["0 roll"]
    wide.click("#end-turn")  # a click once the moment is over is taken
    wide.wait_for_function("() => JSON.parse(catan_test.save()).history.length > 1", timeout=STEP_MS)


def test_no_dice_animation_under_reduced_motion(wide: Page) -> None:
    for motion, tumbles in (("no-preference", True), ("reduce", False)):
        wide.emulate_media(reduced_motion=motion)
        load(wide, scenario(seat(0, "Ana", RED), seat(1, "Bot", BLUE, kind="standard"), dice=[[6, 5]]), "Dice")
        wide.click("#roll")
        wide.wait_for_selector(".dice.rolling")
        name = wide.evaluate("getComputedStyle(document.querySelector('.dice .die')).animationName")
        assert (name == "dice-tumble") is tumbles, (motion, name)
        wide.wait_for_selector(".dice:not(.rolling)")
    wide.emulate_media(reduced_motion="no-preference")


def test_no_sound_before_a_gesture_nor_with_the_sound_off(browse: GuardedBrowser, site: LocalSite) -> None:
    context = browse.new_context(viewport=WIDE)
    context.add_init_script(AUDIO)
    page = browse.open(site.url + "?test", context)
    heard = lambda: page.evaluate("window.audioLog")  # noqa: E731
    load(page, scenario(seat(0, "Ana", RED), seat(1, "Bot", BLUE, kind="standard"), current=1, dice=[[3, 3], [2, 2]]), "Sound")
    page.wait_for_selector("#roll", timeout=STEP_MS)  # the computer rolled and played its turn: no sound yet
    before = heard()
    page.click("#roll")  # the first gesture: sounds from now on
    page.wait_for_function("() => window.audioLog.notes > 0", timeout=STEP_MS)
    assert before == {"contexts": 0, "notes": 0}, before
    assert heard()["contexts"] == 1  # made on the gesture, and every sound plays on it
    page.click("#sound")
    assert json.loads(page.evaluate("localStorage.getItem('catan.settings')"))["sound"] is False
    notes = heard()["notes"]
    page.click("#end-turn")
    page.wait_for_selector("#roll", timeout=STEP_MS)
    page.click("#roll")
    page.wait_for_timeout(500)
    assert heard()["notes"] == notes, "the sound is off"
    page.reload()
    browse.wait_ready(page)
    page.locator(".save").first.locator("[data-cmd=continue]").click()
    assert page.get_attribute("#sound", "aria-pressed") == "false", "the switch is remembered"


def test_play_against_the_computer_is_in_the_window_and_starts_a_game(browse: GuardedBrowser, site: LocalSite) -> None:
    for viewport in (WIDE, PHONE):
        for lang in ("en", "hi"):
            context = browse.new_context(viewport=viewport)
            context.add_init_script(f"localStorage.setItem('catan.settings', JSON.stringify({{lang: '{lang}'}}))")
            page = browse.open(site.url, context)
            assert page.evaluate(IN_WINDOW, "#quick-start") and page.evaluate(IN_WINDOW, "#how-to-play"), (viewport, lang)
            assert page.get_attribute("#how-to-play", "href") == f"almanac.html?lang={lang}#turn"
            shot(page, f"home-{viewport['width']}-{lang}")
            page.click("#quick-start")
            page.wait_for_selector("#game:not([hidden])")
            page.wait_for_selector(f"{TARGET}[data-node]", state="attached", timeout=STEP_MS)
            assert page.locator("#scores .seat").count() == 4 and page.locator("#cover").count() == 0
            context.close()


def test_the_hot_seat_cover_leaves_the_board_in_view_and_hides_the_hand(wide: Page) -> None:
    load(wide, scenario(seat(0, "Ana", RED, hand={"brick": 1}), seat(1, "Ben", BLUE, hand={"ore": 1}), phase="main"), "Hot")
    take(wide)
    wide.click("#end-turn")
    wide.wait_for_selector("#cover")
    assert wide.locator("#hand-cards").count() == 0 and wide.locator("#actions *").count() == 0
    for part in ("#board svg", "#scores", "#log", "#turn"):
        assert wide.evaluate(IN_WINDOW, part), part
    assert wide.locator("#log-lines li").count() > 0 and wide.get_attribute("#game", "inert") is None
    assert wide.locator("#cover-invite").count() == 0, "invitations only from 'Play on several devices'"
    shot(wide, "desk-cover")


def place_on_the_zoomed_board(phone: Page, name: str) -> None:
    """Settle a set-up spot by touch: the board too small for a finger, the first tap enlarges
    it around the spot, with the prompt and the Confirm bar in the window and every target at
    least 44 px; Confirm places the settlement."""
    load(phone, {"format": "catan-scenario", "board": "beginner", "phase": "setup",
                 "players": [{"name": "Ana", "color": RED}, {"name": "Ben", "color": BLUE}]}, "Zoom")
    spot = phone.locator(TARGET).nth(7)
    node = spot.get_attribute("data-node")
    spot.tap()
    phone.wait_for_selector("#board.zoomed")
    phone.wait_for_selector(f"{TARGET}.selected[data-node='{node}']")
    assert phone.evaluate(IN_WINDOW, "#spot-confirm") and phone.evaluate(IN_WINDOW, ".zoom-prompt")
    sizes = phone.evaluate("""() => Array.from(document.querySelectorAll('#board .target'))
        .map(t => { const r = t.getBoundingClientRect(); return Math.min(r.width, r.height); })""")
    assert min(sizes) >= 44, min(sizes)
    shot(phone, name)
    phone.tap("#spot-confirm")
    phone.wait_for_selector(f"#board .settlement[data-at='n{node}']", state="attached")
    phone.tap("#zoom-out")
    phone.wait_for_selector("#board:not(.zoomed)")


def test_the_zoomed_board_keeps_the_prompt_and_confirm_bar_in_the_window(browse: GuardedBrowser, phone: Page) -> None:
    place_on_the_zoomed_board(phone, "phone-zoomed")


SIDEWAYS = {"width": PHONE["height"], "height": PHONE["width"]}
"""The phone held sideways."""


def test_a_phone_held_sideways_shows_the_whole_board_beside_the_turn(browse: GuardedBrowser, phone: Page) -> None:
    """The strip and the whole board on the left at the window's height, the turn's prompt and
    the bar's Menu on the right; the hand a scroll away, the board still in view; touch placement as
    upright (two columns used to leave the board 40 px high)."""
    phone.set_viewport_size(SIDEWAYS)
    try:
        load(phone, three(phase="main"), "Sideways")
        take(phone)
        phone.evaluate("window.scrollTo(0, 0)")
        board = phone.locator("#board svg").bounding_box()
        assert board is not None and board["height"] >= 0.75 * SIDEWAYS["height"], board
        for part in ("#scores", "#board svg", ".turn .prompt", "#menu-toggle"):
            assert phone.evaluate(IN_WINDOW, part), part
        shot(phone, "sideways")
        phone.evaluate("document.querySelector('#hand-cards').scrollIntoView()")
        assert phone.evaluate(IN_WINDOW, "#hand-cards") and phone.evaluate(IN_WINDOW, "#board svg")
        place_on_the_zoomed_board(phone, "sideways-zoomed")
    finally:
        phone.set_viewport_size(PHONE)


def test_the_phone_bar_folds_into_a_menu(browse: GuardedBrowser, phone: Page) -> None:
    load(phone, scenario(seat(0, "Ana", RED), seat(1, "Bot", BLUE, kind="standard")), "Menu")
    bar = phone.locator("#bar").bounding_box()
    assert bar is not None and bar["height"] < 0.08 * PHONE["height"], bar
    assert not phone.locator("#menu-home").is_visible()
    phone.tap("#menu-toggle")
    assert phone.locator("#menu-home").is_visible() and phone.locator("#sound").is_visible()
    shot(phone, "phone-menu")
    phone.tap("#menu-toggle")


BAR_FOLDS_UNDER = 1180
"""Page width (CSS pixels) under which the game bar's tools fold behind its Menu button."""
ONE_LINE_FROM = 1280
"""Page width from which the bar, every tool shown, takes one line in every language (at 1280 px
the Spanish and German labels took two, and the board lost 60 px, until they were shortened)."""
BAR_LAYOUT = """() => {
    const bar = document.querySelector('#bar'), tools = document.querySelector('#bar-menu');
    const shown = [...tools.querySelectorAll('button, label')].filter(e => e.getClientRects().length);
    const lines = (e) => [...e.childNodes].filter(n => n.nodeType === Node.TEXT_NODE && n.textContent.trim()).map(n => {
        const range = document.createRange(); range.selectNodeContents(n);
        return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; });
    return {height: bar.getBoundingClientRect().height, overflow: bar.scrollWidth - bar.clientWidth,
            folded: !tools.getClientRects().length,
            broken: shown.filter(e => lines(e).some(n => n > 1)).map(e => e.id || e.textContent)}; }"""
"""The game bar's height, how far it overflows, whether its tools are folded, and the shown
buttons and labels whose words take more than one line."""


def test_the_bar_never_breaks_a_word_and_folds_where_it_does_not_fit(wide: Page) -> None:
    """Every tool shown (two people and a computer player: pace, offers, playing on several
    devices...), in each language, from a small laptop's width to a wide one; from 1280 px on
    one line, the board at its full size."""
    load(wide, scenario(seat(0, "Ana", RED), seat(1, "Ben", BLUE), seat(2, "Bot", WHITE, kind="standard")),
         "Friday night game")
    take(wide)
    try:
        for lang in ("en", "es", "de", "hi"):
            wide.set_viewport_size(WIDE)
            wide.select_option("#game-lang", lang)
            wide.wait_for_selector(f"html[lang='{lang}']")
            for width in (800, 1024, BAR_FOLDS_UNDER - 1, BAR_FOLDS_UNDER, 1280, 1440):
                wide.set_viewport_size({"width": width, "height": WIDE["height"]})
                bar = wide.evaluate(BAR_LAYOUT)
                where = (lang, width, bar)
                assert bar["broken"] == [] and bar["overflow"] <= 0, where
                assert bar["folded"] == (width < BAR_FOLDS_UNDER), where
                assert bar["height"] <= (60 if bar["folded"] or width >= ONE_LINE_FROM else 110), where
                if width >= ONE_LINE_FROM:  # one line: the board keeps its size in every language
                    assert wide.evaluate(BOARD_WIDTH) >= MIN_BOARD_PX, where
                if width == 1024:
                    board = wide.locator("#board svg").bounding_box()
                    wide.click("#menu-toggle")
                    assert wide.locator("#menu-home").is_visible() and wide.locator("#game-lang").is_visible(), where
                    assert wide.locator("#board svg").bounding_box() == board, "the open menu moved the board"
                    shot(wide, f"desk-menu-{lang}")
                    wide.keyboard.press("Escape")
                    wide.wait_for_selector("#menu-home", state="hidden")
    finally:
        wide.set_viewport_size(WIDE)
        if wide.locator("#game-lang").is_visible():
            wide.select_option("#game-lang", "en")


def test_the_share_panel_drops_over_the_game_without_moving_it(wide: Page) -> None:
    """At 1280x800 the panel used to sit in the bar's line, squeezing the tools and pushing the
    board half out of the window."""
    load(wide, three(phase="main"), "Share")
    take(wide)
    board, bar = wide.locator("#board svg").bounding_box(), wide.locator("#bar").bounding_box()
    wide.click("#share-open")
    wide.wait_for_selector("#share-link")
    assert wide.locator("#board svg").bounding_box() == board and wide.locator("#bar").bounding_box() == bar
    for part in ("#share-link", "#share-close"):
        assert wide.evaluate(IN_WINDOW, part), part
    shot(wide, "desk-share")
    wide.click("#share-close")
    wide.wait_for_selector("#share", state="detached")


SHORT_LAPTOP = {"width": 1366, "height": 650}
"""A common laptop's window once the browser has its bars."""


def test_a_short_laptop_window_gives_the_board_the_hand_s_spare_height(wide: Page) -> None:
    """The hand's strip is shorter (its development cards scroll in it): the board gets at
    least 450 px (429 with the strip at its full height), the resource cards stay whole."""
    wide.set_viewport_size(SHORT_LAPTOP)
    try:
        load(wide, three(phase="main"), "Short")
        take(wide)
        assert wide.evaluate(BOARD_WIDTH) >= 450, wide.evaluate(BOARD_WIDTH)
        for part in ("#hand-cards", "#supply", "#scores"):
            assert wide.evaluate(IN_WINDOW, part), part
        shot(wide, "short-laptop")
    finally:
        wide.set_viewport_size(WIDE)


TABLETS = ({"width": 820, "height": 1180}, {"width": 768, "height": 1024})
"""Tablets held upright (an iPad Air's and an older iPad's screens, CSS pixels)."""


def test_an_upright_tablet_gets_the_board_across_its_width(browse: GuardedBrowser, site: LocalSite) -> None:
    """Two columns would leave the board a third of the screen: the phone's layout instead,
    the strip and the bank's row in view, the turn's prompt under the board; turned sideways,
    the two columns again, the bar folded behind Menu."""
    context = browse.new_context(viewport=TABLETS[0], has_touch=True)
    page = browse.open(site.url + "?test", context)
    try:
        load(page, scenario(seat(0, "Ana", RED), seat(1, "Ben", BLUE, kind="standard"), seat(2, "Bot", WHITE, kind="standard")),
             "Tablet")
        for size in TABLETS:
            page.set_viewport_size(size)
            board = page.locator("#board svg").bounding_box()
            assert board is not None and board["width"] >= 0.95 * size["width"], (size, board)
            for part in ("#scores", "#supply", "#menu-toggle", ".turn .prompt"):
                assert page.evaluate(IN_WINDOW, part), (size, part)
            shot(page, f"tablet-{size['width']}x{size['height']}")
        sideways = {"width": TABLETS[1]["height"], "height": TABLETS[1]["width"]}
        page.set_viewport_size(sideways)
        board, side = page.locator("#board svg").bounding_box(), page.locator("#scores").bounding_box()
        assert board is not None and side is not None and side["x"] > board["x"] + board["width"] - 1, (board, side)
        assert page.locator("#menu-toggle").is_visible() and not page.locator("#menu-home").is_visible()
        shot(page, f"tablet-{sideways['width']}x{sideways['height']}")
    finally:
        context.close()


def test_the_winner_s_points_by_source_add_up_to_the_totals(wide: Page) -> None:
    sc = scenario(seat(0, "Ana", RED, hand={"grain": 2, "ore": 3}, dev_cards={"victory_point": 2}),
                  seat(1, "Ben", BLUE, kind="standard", knights_played=3), phase="main", options={"vp_target": 5})
    load(wide, sc, "Winner")
    wide.evaluate(f"catan_test.apply('0 city {sc['players'][0]['settlements'][0]}')")
    wide.wait_for_selector("#winner")
    shot(wide, "desk-winner")
    game = load_scenario(sc)
    game.apply(f"0 city {sc['players'][0]['settlements'][0]}")
    for seat_no in (0, 1):
        row = wide.locator(f"#winner tr[data-seat='{seat_no}']")
        parts = [int(n) for n in row.locator("td[data-source]").all_inner_texts()]
        total = int(row.locator("td.points").inner_text())
        assert sum(parts) == total == game.victory_points(seat_no), (seat_no, parts, total)
    assert wide.locator("#winner [data-cmd^=net]").count() == 0
    wide.click("#win-board")


LOG_EVENTS = 1000
"""Events of the long game below: its log's numbers have four digits."""
MARKER_ROOM = """() => {
    const list = document.querySelector('#log-lines'), line = list.querySelector('li[value]');
    const probe = document.createElement('span');
    probe.textContent = `${line.value}. `;
    probe.style.font = getComputedStyle(line).font;
    probe.style.position = 'absolute';
    document.body.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    return [line.value, needed, parseFloat(getComputedStyle(list).paddingLeft)];
}"""
"""The newest numbered line's number, the width its marker's text needs, and the log's margin."""


def long_game() -> str:
    """A save of Ana (a person) and three standard computer players after :data:`LOG_EVENTS` events
    (a game to 16 points, so that it is still going then: games to 10 end sooner)."""
    options = Options(players=4, board="beginner", vp_target=16)
    seats = tuple(Seat(name, PALETTE[p].hex, "human" if p == 0 else "standard")
                  for p, name in enumerate(("Ana", "Ben", "Cy", "Di")))
    game = Game(options, 5, seats)
    bots = [make_bot("standard", seed=p) for p in range(options.players)]
    while len(game.log) < LOG_EVENTS:
        assert game.winner < 0, f"the game ended after {len(game.log)} events"
        game.apply(bots[game.to_act].decide(game.view(game.to_act)))
    return dumps(game)


def test_the_log_s_margin_holds_four_digit_numbers(browse: GuardedBrowser, site: LocalSite, wide: Page) -> None:
    """Past event 999 the log's numbers have four digits: its margin widens to hold them (at
    three digits it cut the first off), on the game page and in the replay viewer."""
    go_home(wide)
    wide.set_input_files("#import-file", files=[{"name": "catan-Long.json", "mimeType": "application/json",
                                                 "buffer": long_game().encode()}])
    wide.wait_for_selector("#log-lines li[value]")
    gid = wide.evaluate("JSON.parse(localStorage.getItem('catan.index')).find(entry => entry.name === 'Long').id")
    replay = browse.open(f"{site.url}replay.html?game={gid}", wide.context)
    replay.wait_for_selector("#log-lines li[value]")
    for page, name in ((wide, "game"), (replay, "replay")):
        for size in (WIDE, PHONE):
            page.set_viewport_size(size)
            number, needed, room = page.evaluate(MARKER_ROOM)
            assert number >= LOG_EVENTS and needed <= room, (name, size, number, needed, room)
            page.locator("#log-lines").scroll_into_view_if_needed()
            shot(page, f"log-numbers-{name}-{size['width']}")
    replay.close()


def offers_per_computer_turn(history: list[str], person: int) -> dict[tuple[int, int], int]:
    """How many offers each computer player made that reached ``person``, by (turn, player)."""
    counts: dict[tuple[int, int], int] = {}
    turn = 0
    for text in history:
        player, kind = text.split()[:2]
        if kind == "end":
            turn += 1
        elif kind == "offer" and int(player) != person and text.split()[-1] in ("all", str(person)):
            key = (turn, int(player))
            counts[key] = counts.get(key, 0) + 1
    return counts


def test_a_60_turn_game_with_three_computers_is_quiet(wide: Page) -> None:
    """The person rolls, discards, moves the robber, declines and ends; the notice never covers
    the hand or a screen over the game (checked at every step, a statistics dialog opened now
    and then)."""
    players = [seat(0, "Ana", RED)] + [seat(p, f"Bot {c}", color, kind="standard")
                                       for p, (c, color) in enumerate(zip("BCD", (BLUE, WHITE, ORANGE)), start=1)]
    load(wide, scenario(*players, seed=17), "Quiet")
    wide.select_option("#speed", "instant")
    try:
        overlapping, steps = [], 0
        while saved(wide)["state"]["turn"] < 60 and not wide.locator("#winner").count():
            steps += 1
            overlapping += wide.evaluate(OVERLAPS)
            if steps % 25 == 0:
                wide.click("#stats-open")
                overlapping += wide.evaluate(OVERLAPS)
                wide.keyboard.press("Escape")
            if wide.locator("#trade-decline:not([disabled])").count():
                wide.click("#trade-decline")
            elif wide.locator("#roll:not([disabled])").count():
                wide.click("#roll")
            elif wide.locator("#discard").count():
                due = saved(wide)["state"]["discards"][0]
                for r, held in enumerate(int(n) for n in wide.locator("#hand-cards .count").all_inner_texts()):
                    for _ in range(min(held, due)):
                        wide.click(f"#discard-{RESOURCES[r]}-plus")
                        due -= 1
                wide.click("#discard-do")
            elif wide.locator(f"{TARGET}[data-hex]").count():
                click_board(wide, "hex", int(wide.locator(f"{TARGET}[data-hex]").first.get_attribute("data-hex") or -1))
            elif wide.locator("#victim").count():
                wide.locator("#victim [data-cmd=rob]").first.click()
            elif wide.locator("#end-turn:not([disabled])").count():
                wide.click("#end-turn")
            else:
                wide.wait_for_timeout(50)
        history = saved(wide)["history"]
        counts = offers_per_computer_turn(history, 0)
        print(f"60 turns: {sum(counts.values())} offers reached the person in {len(counts)} computer turns")
        assert max(counts.values(), default=0) <= 1, counts
        assert overlapping == [], overlapping
    finally:
        wide.select_option("#speed", "normal")
