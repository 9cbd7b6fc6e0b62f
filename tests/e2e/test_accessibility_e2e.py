"""Playable by everyone (issue 13): WCAG 2.2 AA by axe-core in every state and language, the
board with a keyboard only, the live region, a finger on a phone, and no text overflowing.

One game page (``?test``) per module serves the desktop tests; positions come from scenarios
(``catan_test.load_scenario``) and actions (``catan_test.apply``), and the language switches
through the page's own picker. The phone tests open one page in a touch context.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

import build
from a11y import violations
from catan_core.board import BEGINNER_PIECES
from catan_core.i18n import LANGUAGES, translate
from catan_core.places import event_text
from catan_core.scenarios import load_scenario

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.e2e

ANA, BEN = "#d21c26", "#1147d6"
STEP_MS = 15_000
TARGET = "#board .target"
FINGER_PX = 44
"""The smallest target a finger should be offered (WCAG 2.5.5), in CSS pixels."""
POINTER_PX = 24
"""The smallest target any pointer may be offered (WCAG 2.5.8), in CSS pixels."""
WIDTHS = (360, 390, 768, 1280)
"""Screen widths at which no text may overflow its box."""
PHONE = {"width": 390, "height": 844}


def seat(p: int, name: str, color: str, **extra: Any) -> dict[str, Any]:
    """A person on the beginner board's preset pieces of seat ``p``."""
    (first, second), roads = BEGINNER_PIECES[p]
    return {"name": name, "color": color, "kind": "human", "settlements": [first, second], "roads": list(roads), **extra}


def scenario(*players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A scenario on the beginner board."""
    return {"format": "catan-scenario", "board": "beginner", "players": list(players), **extra}


SETUP = {"format": "catan-scenario", "board": "beginner", "phase": "setup",
         "players": [{"name": "Ana", "color": ANA}, {"name": "Ben", "color": BEN}]}
ROLL = scenario(seat(0, "Ana", ANA), seat(1, "Ben", BEN), phase="roll", current=0, dice=[[2, 4]])
MAIN = scenario(seat(0, "Ana", ANA, hand={"brick": 2, "lumber": 1, "wool": 1, "grain": 2}),
                seat(1, "Ben", BEN, hand={"ore": 2}), phase="main", current=0)
STATES: dict[str, tuple[dict[str, Any], tuple[str, ...]]] = {
    "setup": (SETUP, ()),
    "roll": (ROLL, ()),
    "main": (MAIN, ()),
    "robber": (scenario(seat(0, "Ana", ANA), seat(1, "Ben", BEN, hand={"ore": 2}), phase="robber", current=0), ()),
    "discard": (scenario(seat(0, "Ana", ANA, hand={"brick": 4, "ore": 5}), seat(1, "Ben", BEN), phase="discard", current=0), ()),
    "trade": (MAIN, ("0 offer brick>ore to all",)),
    "over": (scenario(seat(0, "Ana", ANA, hand={"grain": 2, "ore": 3}), seat(1, "Ben", BEN), phase="main", current=0,
                      options={"vp_target": 3}), ("0 city 12",)),
}
"""Positions to check, each a scenario and the actions played on it."""


@pytest.fixture(scope="module")
def desk(guarded_browser: GuardedBrowser, site: LocalSite) -> Iterator[Page]:
    """One game page with test hooks at 1280 x 900 for this module."""
    page = guarded_browser.open_clean(site.url + "?test", viewport={"width": 1280, "height": 900})
    yield page
    page.context.close()


@pytest.fixture
def game(browse: GuardedBrowser, desk: Page) -> Iterator[Page]:
    """The module's page in English, guarded like ``browse``."""
    yield desk
    go_home(desk)
    speak(desk, "en")


def load(page: Page, data: dict[str, Any], *actions: str, take: bool = True) -> None:
    """Start scenario ``data`` on the page, play ``actions`` (each by the person to act), and
    unless ``take`` is false take the device as the person to act then."""
    assert page.evaluate("([text]) => catan_test.load_scenario(text, 'A11y')", [json.dumps(data)]) == ""
    page.wait_for_selector("#game:not([hidden])")
    for action in actions:
        uncover(page)
        assert page.evaluate("text => catan_test.apply(text)", action) == ""
    if take:
        uncover(page)


def uncover(page: Page) -> None:
    """Press the cover's button when the cover shows."""
    if page.locator("#uncover").count():
        page.click("#uncover")
        page.wait_for_selector("#cover", state="detached")


def speak(page: Page, lang: str) -> None:
    """Switch the page to ``lang`` with its own language picker."""
    if page.evaluate("document.documentElement.lang") != lang:
        page.select_option("#home-lang:visible, #game-lang:visible", lang)
        page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def go_home(page: Page) -> None:
    """Back to the home screen with the new-game form."""
    for button in ("#cover-home", "#win-new", "#menu-home"):
        if page.locator(f"{button}:visible").count():
            page.click(button)
            break
    page.wait_for_selector("#new-game")


def active(page: Page) -> dict[str, Any]:
    """What has the keyboard focus: its id, board spot and tab index."""
    return page.evaluate("""() => {
        const e = document.activeElement;
        return {id: e.id, node: e.dataset.node, edge: e.dataset.edge, hex: e.dataset.hex,
                tabindex: e.getAttribute('tabindex'), target: e.classList.contains('target')};
    }""")


def history(page: Page) -> list[str]:
    """The actions of the game on the page."""
    return json.loads(page.evaluate("catan_test.save()"))["history"]


# --- WCAG 2.2 AA by axe-core --------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_axe_violations_in_any_state_of_the_game(game: Page, lang: str) -> None:
    go_home(game)
    speak(game, lang)
    # the default seat names follow the language
    assert game.input_value("#seat-name-0") == translate("ui.color.red", {}, lang)
    found = {"new game": violations(game)}
    for name, (data, actions) in STATES.items():
        load(game, data, *actions)
        # the winner screen once its statistics are drawn (they come after it, a part at a time)
        game.wait_for_selector("#winner .figures" if name == "over" else "#prompt")
        found[name] = violations(game)
    # the statistics dialog, over a game in progress
    load(game, ROLL, "0 roll")
    game.click("#stats-open")
    game.wait_for_selector("#stats .catan-dice")
    found["statistics"] = violations(game)
    game.keyboard.press("Escape")
    game.wait_for_selector("#stats", state="detached")
    # the hot-seat cover: Ana ends her turn, the page asks for Ben's device
    load(game, ROLL, "0 roll", "0 end", take=False)
    game.wait_for_selector("#cover")
    found["cover"] = violations(game)
    assert {name: found_ for name, found_ in found.items() if found_} == {}


def test_no_axe_violations_in_the_example_and_the_almanac(browse: GuardedBrowser, site: LocalSite) -> None:
    """The example in both modes, opened in each language; the almanac switching language in place."""
    context = browse.new_context()
    found = {}
    for lang in LANGUAGES:
        for mode in ("view", "try"):
            page = browse.open(f"{site.url}embed.html?scenario=scenarios/roads.json&lang={lang}&mode={mode}&mark=n16,e23", context)
            found[f"embed {mode} {lang}"] = violations(page)
            page.close()
    page = browse.open(f"{site.url}almanac.html", context)
    for lang in LANGUAGES:
        page.select_option("#lang-picker", lang)
        page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
        found[f"almanac {lang}"] = violations(page)
    assert {name: found_ for name, found_ in found.items() if found_} == {}


# --- the keyboard ----------------------------------------------------------------------------------


def test_a_set_up_placement_and_a_roll_with_the_keyboard_only(game: Page) -> None:
    """The board is one Tab stop; arrows move between targets, Enter acts, and the focus goes
    to the next thing to do each time (the road's spot, the next player's spot, the cover's
    button, Roll). Nothing is private in the set-up: no cover (issue 30)."""
    load(game, SETUP, take=False)
    assert game.locator("#cover").count() == 0
    here = active(game)
    assert here["target"] and here["node"] is not None and here["tabindex"] == "0"
    # one Tab stop: every other target is out of the Tab order, and Tab leaves the board
    stops = game.locator(f'{TARGET}[tabindex="0"]')
    assert stops.count() == 1 and game.locator(TARGET).count() > 20
    game.keyboard.press("Tab")
    assert not active(game)["target"]
    game.keyboard.press("Shift+Tab")
    assert active(game)["node"] == here["node"]
    # the arrows and Home/End move the Tab stop along the board
    game.keyboard.press("End")
    last = active(game)["node"]
    game.keyboard.press("Home")
    assert active(game)["node"] == here["node"] != last
    game.keyboard.press("ArrowDown")
    game.keyboard.press("ArrowRight")
    chosen = active(game)
    assert chosen["target"] and chosen["node"] not in (None, here["node"]) and chosen["tabindex"] == "0"
    assert stops.count() == 1
    game.keyboard.press("Enter")
    game.wait_for_selector(f"#board .settlement[data-at='n{chosen['node']}']", state="attached")
    road = active(game)  # straight to the road next to it
    assert road["target"] and road["edge"] is not None
    game.keyboard.press("Space")
    game.wait_for_selector(f"#board .road[data-at='e{road['edge']}']", state="attached")
    assert history(game) == [f"0 settlement {chosen['node']}", f"0 road {road['edge']}"]
    game.wait_for_function("() => document.activeElement.dataset.node !== undefined")
    assert active(game)["target"] and game.locator("#cover").count() == 0  # Ben's settlement: no cover in the set-up
    # a roll: the Roll button has the focus once the device is taken
    load(game, ROLL, take=False)
    game.keyboard.press("Enter")
    assert active(game)["id"] == "roll"
    game.keyboard.press("Enter")
    game.wait_for_selector(".dice")
    assert history(game) == ["0 roll"] and game.inner_text(".dice .total") == "6"  # the scenario's dice
    assert active(game)["id"] == "tab-build"  # the first control of the panel that opened


def test_the_focus_ring_shows_on_the_board_and_on_buttons(game: Page) -> None:
    load(game, SETUP)  # the board's Tab stop has the focus; Shift+Tab reaches the zoom button
    game.keyboard.press("Shift+Tab")
    assert active(game)["id"] == "zoom-in"
    ring = game.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        return [s.outlineStyle, parseFloat(s.outlineWidth), s.boxShadow]; }""")
    assert ring[0] == "solid" and ring[1] >= 3 and "3px" in ring[2]
    game.keyboard.press("Tab")  # onto the board: its focused target draws its ring
    shown = game.evaluate("""() => Array.from(document.activeElement.querySelectorAll('.focus-ring'))
        .map(r => [getComputedStyle(r).display, r.getBoundingClientRect().width])""")
    assert len(shown) == 1 and shown[0][0] != "none" and shown[0][1] > 0
    assert game.locator(f"{TARGET}:not(:focus) .focus-ring:visible").count() == 0


# --- what a screen reader hears ---------------------------------------------------------------------


def test_the_live_region_reads_each_event_to_the_viewer_only(game: Page) -> None:
    names = ["Ana", "Ben"]
    reference = load_scenario(ROLL)
    expected = [event_text(e.for_viewer(0), reference.board, "en", names, you=0) for e in reference.apply("0 roll")]
    load(game, ROLL)
    game.click("#roll")
    game.wait_for_selector(".dice")
    heard = game.locator("#announce p").all_inner_texts()
    assert heard[: len(expected)] == expected and expected[0].startswith("You roll")
    assert heard[-1] == translate("ui.prompt.main", {"player": 0}, "en", names)  # and what to do now
    assert game.get_attribute("#announce", "aria-live") == "polite"
    # heard, not seen: the region takes one pixel at any width
    for width in (1280, 390):
        game.set_viewport_size({"width": width, "height": 800})
        box = game.locator("#announce").bounding_box()
        assert box is not None and box["width"] <= 1 and box["height"] <= 1, (width, box)
    game.set_viewport_size({"width": 1280, "height": 900})
    # Ana ends her turn: the cover hides the game, and nothing is read out behind it
    game.click("#end-turn")
    game.wait_for_selector("#cover")
    assert game.locator("#announce p").all_inner_texts() == heard
    game.click("#uncover")
    game.wait_for_selector("#roll")
    assert game.locator("#announce p").all_inner_texts() == [translate("ui.prompt.roll", {"player": 1}, "en", names)]
    # in Spanish, the same sentences in Spanish, to the second person
    speak(game, "es")
    game.click("#roll")
    game.wait_for_selector(".dice")
    assert game.locator("#announce p").first.inner_text().startswith("Tiras")


# --- a finger on a phone -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def phone(guarded_browser: GuardedBrowser, site: LocalSite) -> Iterator[Page]:
    """The game page with test hooks on a 390 px touch screen."""
    page = guarded_browser.open_clean(site.url + "?test", viewport=PHONE, has_touch=True, is_mobile=True)
    yield page
    page.context.close()


def test_a_tap_selects_and_confirm_places(browse: GuardedBrowser, phone: Page) -> None:
    page = phone
    load(page, SETUP, take=False)
    assert page.locator("#cover").count() == 0  # nothing is private in the set-up (issue 30)
    # a tap where nothing can go says so in touch words
    page.tap("#board [data-hex='9']")
    assert page.inner_text("#notice .notice-text") == translate("touch.ui.hint.phase_setup_settlement", {}, "en")
    spot = page.locator(TARGET).nth(5)
    node = spot.get_attribute("data-node")
    spot.tap()
    page.wait_for_selector(f"{TARGET}.selected[data-node='{node}']")
    assert page.locator("#board .settlement").count() == 0 and history(page) == []
    assert page.locator("#spot-confirm").is_visible()
    page.tap("#spot-confirm")
    page.wait_for_selector(f"#board .settlement[data-at='n{node}']", state="attached")
    # a second tap on the same spot acts too
    road = page.locator(TARGET).first
    edge = road.get_attribute("data-edge")
    road.tap()
    page.wait_for_selector(f"{TARGET}.selected[data-edge='{edge}']")
    page.locator(f"{TARGET}[data-edge='{edge}']").tap()
    page.wait_for_selector(f"#board .road[data-at='e{edge}']", state="attached")
    assert history(page) == [f"0 settlement {node}", f"0 road {edge}"]


def unzoom(page: Page) -> None:
    """Shrink the board back to its size (the zoom is the page's, kept from game to game; a
    first tap on a board too small for a finger enlarges it too)."""
    while page.locator("#board.zoomed").count():
        before = page.get_attribute("#board", "style")
        page.tap("#zoom-out")
        page.wait_for_function("s => document.querySelector('#board').getAttribute('style') !== s", arg=before)


def test_the_enlarged_phone_board_offers_targets_a_finger_can_hit(browse: GuardedBrowser, phone: Page) -> None:
    page = phone
    for data, actions in (STATES["setup"], (SETUP, ("0 settlement 20",)), STATES["robber"]):
        load(page, data, *actions)
        unzoom(page)
        page.tap("#zoom-in")
        page.wait_for_selector("#board.zoomed")
        sizes = page.evaluate("""() => Array.from(document.querySelectorAll('#board .target'))
            .map(t => { const r = t.getBoundingClientRect(); return Math.min(r.width, r.height); })""")
        assert sizes and min(sizes) >= FINGER_PX, (actions, min(sizes))
        page.locator(TARGET).last.tap()  # the zoomed board scrolls to it; the tap selects it
        page.wait_for_selector(f"{TARGET}.selected")
        unzoom(page)
    # "Why?" links are large enough for a finger too
    load(page, MAIN)
    links = page.evaluate("""() => Array.from(document.querySelectorAll('#app a.why-link'))
        .filter(a => a.offsetParent).map(a => { const r = a.getBoundingClientRect(); return [r.width, r.height]; })""")
    assert links and min(min(size) for size in links) >= FINGER_PX


# --- no text overflows its box ---------------------------------------------------------------------------

OVERFLOWS = """() => {
    const out = [];
    const name = e => e.id ? '#' + e.id : e.tagName.toLowerCase() + '.' + Array.from(e.classList).join('.');
    for (const e of document.querySelectorAll('#app button, #app .chip, #app .badge, #app .award, #app td, #app th, #app .card-res, #app .why-link, #app .tabs button')) {
        if (!e.offsetParent) continue;
        if (e.scrollWidth > e.clientWidth + 1) out.push(`${name(e)} "${e.textContent.trim().slice(0, 30)}" ${e.scrollWidth} > ${e.clientWidth}`);
    }
    const inside = (x, y, cx, cy, half, r) => {
        const nx = Math.max(cx - half + r, Math.min(cx + half - r, x));
        return Math.hypot(x - nx, y - cy) <= r + 0.5;
    };
    const fits = (text, cx, cy, half, r) => {
        const b = text.getBBox();
        const glyphs = {top: b.y + b.height * 0.15, bottom: b.y + b.height * 0.9};
        return [[b.x, glyphs.top], [b.x + b.width, glyphs.top], [b.x, glyphs.bottom], [b.x + b.width, glyphs.bottom]]
            .every(([x, y]) => inside(x, y, cx, cy, half, r));
    };
    if (!document.querySelector('#board').offsetParent) return out;  // no board on screen
    for (const g of document.querySelectorAll('#board .harbor')) {
        const plate = g.querySelector('.plate');
        const edge = parseFloat(plate.getAttribute('stroke-width')) / 2;
        const b = plate.getBBox(), r = b.height / 2 - edge;
        for (const t of g.querySelectorAll('text'))
            if (!fits(t, b.x + b.width / 2, b.y + b.height / 2, b.width / 2 - edge, r)) out.push(`harbor "${t.textContent}"`);
    }
    for (const hex of document.querySelectorAll('#board [data-hex]')) {
        const token = Array.from(hex.querySelectorAll('circle')).find(c => c.getAttribute('r') === '32' && c.getAttribute('stroke'));
        if (!token) continue;
        const cx = +token.getAttribute('cx'), cy = +token.getAttribute('cy'), r = 32 - 1;
        const number = Array.from(hex.querySelectorAll('text')).find(t => /^[0-9]+$/.test(t.textContent));
        if (!fits(number, cx, cy, r, r)) out.push(`token "${number.textContent}"`);
    }
    return out;
}"""


def test_no_text_overflows_in_any_language_at_any_width(game: Page) -> None:
    found: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        speak(game, lang)
        for name, (data, actions) in (("main", STATES["main"]), ("discard", STATES["discard"]), ("trade", STATES["trade"])):
            load(game, data, *actions)
            for width in WIDTHS:
                game.set_viewport_size({"width": width, "height": 900})
                tabs = ("build", "bank", "players") if name == "main" else ("",)
                for tab in tabs:
                    if tab:
                        game.click(f"#tab-{tab}")
                    spilled = game.evaluate(OVERFLOWS)
                    if spilled:
                        found[f"{lang} {name} {tab} {width}px"] = spilled
            game.set_viewport_size({"width": 1280, "height": 900})
        go_home(game)
        for width in WIDTHS:
            game.set_viewport_size({"width": width, "height": 900})
            spilled = game.evaluate(OVERFLOWS)
            if spilled:
                found[f"{lang} new game {width}px"] = spilled
        game.set_viewport_size({"width": 1280, "height": 900})
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


# --- the loading screen -------------------------------------------------------------------------------


@pytest.mark.parametrize("page_name, address", [("index.html", ""), ("embed.html", "?lang=hi&scenario=scenarios/roads.json"),
                                                ("almanac.html", "")])
def test_the_loading_message_speaks_the_remembered_language(browse: GuardedBrowser, site: LocalSite,
                                                            page_name: str, address: str) -> None:
    context = browse.new_context(locale="de-DE")
    context.add_init_script("try { localStorage.setItem('catan.settings', JSON.stringify({lang: 'hi'})); } catch (e) {}")
    page = browse.new_page(context)
    # Python cannot start before the code it starts from arrives (the game page's start zip,
    # else catan.zip): hold it while the loading message is read (else a fast start replaces
    # the message first), then let it through.
    held: list[Route] = []
    first = build.start_zip(page_name) if page_name in build.START_PAGES else build.CODE_ZIP
    page.route(f"**/{first}", lambda route: held.append(route))
    page.goto(site.url + page_name + address, wait_until="domcontentloaded")
    for _ in range(100):  # the route's handler runs as Playwright's messages arrive
        if held:
            break
        page.wait_for_timeout(50)
    assert held, f"the page did not ask for {first}"
    assert page.locator("[data-loading]").inner_text() == translate("ui.loading", {}, "hi")
    assert page.evaluate("document.documentElement.lang") == "hi"
    for route in held:
        route.continue_()
    browse.wait_ready(page)
    page.context.close()


# --- the example frame: a study, the error screen, the page for authors --------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_axe_violations_in_a_study_the_error_screen_and_the_page_for_authors(
    browse: GuardedBrowser, site: LocalSite, lang: str
) -> None:
    """One frame per language, its screens swapped through the fragment: a study at its "your
    move" step answering a wrong move, the error screen drawing a position, the authors' page."""
    from urllib.parse import quote

    from catan_core import share
    from catan_core.study import load as load_study
    from test_study import three_comments_and_a_question

    link = share.study_link(load_study(three_comments_and_a_question()))
    page = browse.open(f"{site.url}embed.html?lang={lang}&step=1#{link}")
    page.click('#board [data-hex="3"]')
    page.wait_for_selector("#message:not([hidden])")
    found = {"study": violations(page)}
    broken = {"format": "catan-scenario", "players": [{"name": "Ana", "settlements": [4, 8]}, {"name": "Bo"}]}
    page.evaluate("h => { location.hash = h }", quote(json.dumps(broken), safe=""))
    page.wait_for_selector("#error .sketch svg", timeout=STEP_MS)
    found["error"] = violations(page)
    page.evaluate("() => { location.hash = '' }")
    page.wait_for_selector("#authors:not([hidden]) iframe", timeout=STEP_MS)
    found["authors"] = violations(page)
    assert {name: found_ for name, found_ in found.items() if found_} == {}
