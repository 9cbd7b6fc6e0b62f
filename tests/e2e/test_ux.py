"""Issue 12 in the browser: every player knows what happened and can take back a slip.

What touched a person shows on the turn card after the cover, offers a person cannot accept
never wait for a click (and are not made again while nothing changed), a move is taken back
to the very save before it, the statistics are the log's, a rematch keeps the seats, and at
1280x800 the turn card, the actions of the moment and the hand fit the window in every phase.
One page (``?test``, 1280x800) is shared by these tests; scenarios keep the games short.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from catan_core.i18n import translate
from catan_core.palette import COLORS
from catan_core.recap import last_production
from catan_core.saves import loads
from catan_core.scenarios import load_scenario
from catan_core.stats import compute, table
from test_game import STEP_MS, TARGET, click_board, hand, load, notice, saved, scenario, seat, uncover

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

RED, BLUE, WHITE = COLORS["red"], COLORS["blue"], COLORS["white"]
NAMES = ("Red", "Blue")
WIDE, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}
CITY_HAND = {"brick": 1, "grain": 1, "ore": 3}
"""Blue (a standard computer player) lacks one grain for a city: it offers its brick for one."""


def en(key: str, names: tuple[str, ...] = NAMES, **params: Any) -> str:
    """An English message of the catalog with these seat names."""
    return translate(key, params, "en", list(names))


@pytest.fixture(scope="module")
def shared_ux_page(guarded_browser: GuardedBrowser, site: LocalSite) -> Iterator[Page]:
    """The app with test hooks at 1280x800, loaded once for these tests."""
    page = guarded_browser.open_clean(site.url + "?test", viewport=WIDE)
    yield page
    page.context.close()


@pytest.fixture
def ux(browse: GuardedBrowser, shared_ux_page: Page) -> Iterator[Page]:
    """The shared page, back at 1280x800 and at the normal pace afterwards."""
    yield shared_ux_page
    shared_ux_page.set_viewport_size(WIDE)
    if shared_ux_page.locator("#speed").count():
        shared_ux_page.select_option("#speed", "normal")
    if shared_ux_page.locator("#offers").count():
        shared_ux_page.select_option("#offers", "ask")


def against_blue(blue_hand: dict[str, int], red_hand: dict[str, int], **extra: Any) -> dict[str, Any]:
    """Red (a person) against Blue (a standard computer player) on the beginner board."""
    return scenario(seat(0, "Red", RED, hand=red_hand), seat(1, "Blue", BLUE, kind="standard", hand=blue_hand), **extra)


def log_lines(page: Page) -> list[str]:
    """The log's sentences, oldest first."""
    return page.locator("#log-lines li").all_inner_texts()[::-1]


def wait_for_prompt(page: Page, text: str) -> None:
    """Wait until the turn card's prompt reads ``text``."""
    page.wait_for_function("(text) => document.querySelector('#prompt')?.textContent === text", arg=text, timeout=STEP_MS)


# --- what happened to me -------------------------------------------------------------------------


def test_the_robbed_person_reads_who_stole_what_after_the_cover(ux: Page) -> None:
    """Hot seat: Blue rolls a forced 7, robs Red's only card (grain) and ends; the cover hides
    it, then Red's turn card says "Blue stole 1 grain from you." while Red plays on; Red's
    own roll lights the hexes that paid."""
    sc = scenario(seat(0, "Red", RED, hand={"grain": 1}), seat(1, "Blue", BLUE), current=1)
    load(ux, sc, "Robbed")
    uncover(ux, "Blue")
    ux.evaluate("catan_test.queue_dice(3, 4)")
    ux.click("#roll")
    click_board(ux, "hex", 4)  # Red's settlements touch the fields 4: Red is the only victim
    ux.wait_for_selector(".catan-board .robber[data-at='h4']", state="attached")
    ux.click("#end-turn")
    cover = ux.locator("#cover")
    cover.wait_for(timeout=STEP_MS)
    stolen = en("recap.stolen", player=1, items="1 grain")
    assert stolen == "Blue stole 1 grain from you."
    assert stolen not in ux.inner_text("body") and ux.locator("#recap").count() == 0
    uncover(ux, "Red")
    assert stolen in ux.locator("#recap li").all_inner_texts()
    ux.evaluate("catan_test.queue_dice(4, 4)")
    ux.click("#roll")  # 8: Red's forest pays
    ux.wait_for_selector(".catan-board .paid-ring", state="attached")
    assert stolen in ux.inner_text("#recap"), "the recap stays for the turn"
    expected = load_scenario(sc)
    for text in ("1 roll 3+4", "1 robber 4 0", "1 end", "0 roll 4+4"):
        expected.apply(text)
    rings = {x for x in ux.locator(".catan-board .paid-ring").evaluate_all("els => els.map(e => e.dataset.at)")}
    production = last_production(expected.view(None))
    assert production is not None and rings == {f"h{h}" for h, _, _, _ in production.paid}
    ux.click("#end-turn")  # Red acts: the production is no longer shown
    ux.wait_for_selector(".catan-board .paid-ring", state="detached")


# --- trade manners ---------------------------------------------------------------------------------


def test_an_offer_red_cannot_accept_never_waits_and_is_not_made_again(ux: Page) -> None:
    """Blue wants Red's grain for its city; Red holds none. Since issue 30 such an offer is not
    even made (no person it reaches could accept it: Blue plays its move without it), so no
    Decline button ever shows and nothing is declined for Red. Rolls of 2 pay nobody: at Blue's
    next turn the hands are as they were, and still no such offer comes."""
    sc = against_blue(CITY_HAND, {"wool": 2}, current=1, phase="main", dice=[[1, 1], [1, 1]], seed=7)
    load(ux, sc, "Manners")
    ux.select_option("#speed", "instant")
    wait_for_prompt(ux, en("ui.prompt.roll", player=0))
    assert ux.locator("#trade-decline").count() == 0
    lack = en("manners.cannot_accept.you", cards=[0, 0, 0, 1, 0])
    ux.click("#roll")
    ux.click("#end-turn")
    wait_for_prompt(ux, en("ui.prompt.roll", player=0))
    game = loads(json.dumps(saved(ux)))
    offers = [a.value[:2] for a in game.history if a.kind == "offer"]
    red = (0, 0, 2, 0, 0)
    assert all(all(w <= h for w, h in zip(want, red)) for _, want in offers), offers
    assert lack not in log_lines(ux) and "decline" not in [a.kind for a in game.history]


def test_an_offer_red_can_accept_waits_unless_the_setting_says_never(ux: Page) -> None:
    """The same offer to Red holding grain waits for Red's answer under "ask me", shown as a
    new offer from Blue; under "never" (a remembered setting) it is declined at once."""
    sc = against_blue(CITY_HAND, {"grain": 2}, current=1, phase="main", seed=7)
    load(ux, sc, "Asked")
    ux.wait_for_selector("#trade-decline", timeout=STEP_MS)
    head = ux.inner_text(".offer-head")
    assert en("ui.offers.new", player=1) in head and en("ui.trade.you_give") in head
    ux.click("#trade-decline")
    ux.select_option("#offers", "never")
    assert json.loads(ux.evaluate("localStorage.getItem('catan.settings')"))["offers"] == "never"
    load(ux, sc, "Never asked")
    ux.wait_for_function("() => [...document.querySelectorAll('#log-lines li')].some(li => li.textContent.includes(\"Blue's offer\"))",
                         timeout=STEP_MS)
    assert en("ui.offers.declined.you", offerer=1) in log_lines(ux)
    assert ux.locator("#trade-decline").count() == 0


def test_while_blue_answers_red_sees_who_answers_whose_offer(ux: Page) -> None:
    """Red offers brick for ore; during the computer's answer the turn card says so."""
    sc = against_blue({"ore": 2}, {"brick": 2}, phase="main", seed=3)
    load(ux, sc, "Answering")
    ux.click("#tab-players")
    ux.click("#offer-give-brick-plus")
    ux.click("#offer-want-ore-plus")
    ux.click("#offer-send")
    assert ux.inner_text("#prompt") == en("ui.offers.answering_you", player=1)
    assert ux.locator("#undo").count() == 1, "an offer nobody answered yet may be taken back"


# --- taking back ---------------------------------------------------------------------------------------


def test_undo_restores_the_exact_save_and_is_refused_after_a_roll(ux: Page) -> None:
    """A road, taken back with the button, then with Ctrl+Z: each time the save is the save
    before. Ending the turn against a computer player can be taken back during the window
    before it acts. A roll cannot be taken back: no button, and Ctrl+Z says why."""
    sc = against_blue({}, {"brick": 2, "lumber": 2}, phase="main", dice=[[1, 1]], seed=2)
    load(ux, sc, "Undo")
    before = saved(ux)
    assert ux.locator("#undo").count() == 0
    expected = load_scenario(sc)
    edge = next(a.value for a in expected.legal_actions() if a.kind == "road")
    for take_back in ("click", "keys"):
        ux.click("#build-road")
        click_board(ux, "edge", edge)
        ux.wait_for_selector(f".catan-board .road[data-at='e{edge}']", state="attached")
        assert saved(ux) != before
        if take_back == "click":
            ux.click("#undo")
        else:
            ux.keyboard.press("Control+z")
        ux.wait_for_selector(f".catan-board .road[data-at='e{edge}']", state="detached")
        assert saved(ux) == before
        stored = json.dumps(before, separators=(",", ":"), ensure_ascii=False)  # (saves round-trip exactly)
        ux.wait_for_function(STORED_IS, arg=[game_id(ux), stored], timeout=5000)  # written after the paint
        assert notice(ux) == en("ui.undo.done")
    ux.click("#end-turn")
    ux.click("#undo")  # Blue waits at least the take-back window before acting
    assert saved(ux) == before and ux.inner_text("#prompt") == en("ui.prompt.main", player=0)
    ux.click("#end-turn")
    wait_for_prompt(ux, en("ui.prompt.roll", player=0))  # Blue played its turn
    ux.click("#roll")
    ux.wait_for_selector(".dice")
    rolled = saved(ux)
    assert ux.locator("#undo").count() == 0
    ux.keyboard.press("Control+z")
    assert notice(ux) == en("ui.undo.none") and saved(ux) == rolled


STORED_IS = "([id, text]) => localStorage.getItem('catan.game.' + id) === text"
"""Whether the storage holds exactly this text for this game (the page writes its autosave in a
task after the move's paint: a test waits for it)."""


def game_id(page: Page) -> str:
    """The id of the game on the page (the newest saved game)."""
    return page.evaluate("JSON.parse(localStorage.getItem('catan.index')).sort((a, b) => b.saved - a.saved)[0].id")


# --- statistics and rematch --------------------------------------------------------------------------------


def test_statistics_match_the_game_log(ux: Page) -> None:
    """After a few rolls (one a 7 that robs Red) the statistics dialog shows the figures that
    catan_core.stats computes from the saved game as Red may see it; Escape closes it."""
    sc = scenario(seat(0, "Red", RED, hand={"grain": 2, "ore": 1}), seat(1, "Blue", BLUE), current=1,
                  dice=[[3, 4], [4, 4], [2, 4]])
    load(ux, sc, "Statistics")
    uncover(ux, "Blue")
    ux.click("#roll")
    click_board(ux, "hex", 4)
    ux.click("#end-turn")
    uncover(ux, "Red")
    ux.click("#roll")
    ux.click("#end-turn")
    uncover(ux, "Blue")
    ux.click("#roll")
    ux.click("#stats-open")
    ux.wait_for_selector("#stats .catan-dice")
    assert ux.locator("#stats .catan-points").count() == 1
    game = loads(json.dumps(saved(ux)))
    rows = table(compute(game.view(1)), "en")
    shown = ux.locator("#stats td[data-row]").evaluate_all(
        "els => els.map(e => [e.dataset.row, +e.dataset.seat, e.firstChild.textContent])")
    assert {(row, seat, int(count)) for row, seat, count in shown} == {
        (row.key, seat, cell.count) for row in rows for seat, cell in enumerate(row.cells)}
    assert compute(game.view(1)).rolls == 3
    ux.keyboard.press("Escape")
    ux.wait_for_selector("#stats", state="detached")


def test_the_winner_screen_has_statistics_and_a_rematch_with_the_same_seats(ux: Page) -> None:
    """Red's city reaches the target of 3: the winner screen shows the charts (after the screen,
    the focus staying on "New game"), and "Rematch on the same board" starts a new saved game with the same seats and options."""
    sc = against_blue({}, {"grain": 2, "ore": 3}, phase="main", options={"vp_target": 3}, seed=9)
    load(ux, sc, "Finale")
    ux.click("#build-city")
    click_board(ux, "node", int(ux.locator(f"{TARGET}[data-node]").first.get_attribute("data-node") or -1))
    ux.wait_for_selector("#winner")
    ux.wait_for_selector("#winner td[data-row]")  # the statistics come a part at a time, after the screen
    assert ux.locator("#winner .catan-dice").count() == 1 and ux.locator("#winner .catan-points").count() == 1
    assert ux.evaluate("document.activeElement.id") == "win-new"  # where the screen put the focus, still
    finished, saves = saved(ux), ux.evaluate("JSON.parse(localStorage.getItem('catan.index')).length")
    ux.click("#rematch-same")
    ux.wait_for_selector("#winner", state="detached")
    again = saved(ux)
    assert again["seats"] == finished["seats"] and again["options"] == finished["options"]
    assert again["board"] == finished["board"] and again["history"] == []
    ux.wait_for_function("(n) => JSON.parse(localStorage.getItem('catan.index')).length === n", arg=saves + 1,
                         timeout=5000)  # the new game's save is written after the paint
    assert ux.inner_text(".game-name") == en("ui.rematch.name", name="Finale")


# --- layout ------------------------------------------------------------------------------------------------


IN_VIEW = """(selectors) => selectors.map(s => {
    const node = document.querySelector(s);
    if (!node) return s + ': missing';
    const box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0 ? '' : `${s}: ${box.top}-${box.bottom} of ${window.innerHeight}`;
}).filter(Boolean)"""


def assert_in_view(page: Page, *selectors: str) -> None:
    """Each selector's element lies wholly inside the window, without scrolling."""
    assert page.evaluate("() => [window.scrollX, window.scrollY]") == [0, 0]
    assert page.evaluate(IN_VIEW, list(selectors)) == []


def test_at_1280x800_turn_card_actions_and_hand_fit_in_every_phase(ux: Page) -> None:
    """Set-up, roll, main (each tab), robber, victim, discard, an offer and its answer (with a
    counter-offer being composed): the turn card, the actions of the moment and the hand lie
    in the window. Pickers stop at the cards held (discard, offer and counter give sides).
    Starting a game from the bottom of the form shows the board at the top."""
    if ux.locator("#menu-home").is_visible():
        ux.click("#menu-home")
    ux.wait_for_selector("#new-game")
    ux.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    ux.click("#start")
    ux.wait_for_selector(f"{TARGET}[data-node]", timeout=STEP_MS)
    assert_in_view(ux, "#turn", "#hand", ".board-wrap")  # set-up: the board's spots are the actions
    board, tools, held = (ux.locator(s).bounding_box() for s in ("#board svg", "#board-tools", "#hand-wrap"))
    # the zoom buttons beside the board, not over it (issue 30 put them in the board column's corner)
    assert board and tools and held and (tools["y"] + tools["height"] <= board["y"] + 1 or tools["x"] >= board["x"] + board["width"] - 1)
    assert board["y"] + board["height"] <= held["y"] + 1  # the whole board shows, above the hand

    three = scenario(seat(0, "Red", RED, hand={"brick": 1, "wool": 2, "grain": 2, "ore": 2}, dev_cards={"knight": 1, "monopoly": 1}),
                     seat(1, "Blue", BLUE, hand={"ore": 2, "grain": 1}), seat(2, "White", WHITE, kind="standard", hand={"wool": 1}),
                     dice=[[3, 4]], seed=4)
    load(ux, three, "Layout")
    uncover(ux, "Red")
    assert_in_view(ux, "#turn", "#roll", "#hand")
    ux.click("#roll")  # 7: nobody holds more than 7 cards; Red moves the robber
    assert_in_view(ux, "#turn", "#hand", ".board-wrap")
    click_board(ux, "hex", 8)  # Blue's and White's settlements touch hex 8: Red chooses whom to rob
    ux.wait_for_selector("#victim")
    assert_in_view(ux, "#turn", "#victim", "#hand")
    ux.click("#rob-1")
    for tab in ("build", "bank", "players"):
        ux.click(f"#tab-{tab}")
        assert_in_view(ux, "#turn", "#actions", "#hand")
    held = hand(ux)
    for _ in range(held[0] + 2):
        ux.click("#offer-give-brick-plus", force=True)
    assert ux.inner_text("#offer-give-brick") == str(held[0]) and ux.is_disabled("#offer-give-brick-plus")
    ux.click("#offer-want-ore-plus")
    ux.select_option("#offer-target", "1")
    ux.click("#offer-send")
    uncover(ux, "Blue")
    assert_in_view(ux, "#turn", "#actions", "#hand")
    ux.click("#trade-counter")
    blue = hand(ux)
    for _ in range(blue[4] + 2):
        ux.click("#counter-give-ore-plus", force=True)
    assert ux.inner_text("#counter-give-ore") == str(blue[4]) and ux.is_disabled("#counter-give-ore-plus")
    assert_in_view(ux, "#turn", "#actions", "#hand")

    discard = scenario(seat(0, "Red", RED, hand={"brick": 5, "wool": 4}), seat(1, "Blue", BLUE), phase="discard")
    load(ux, discard, "Discard")
    uncover(ux, "Red")
    assert_in_view(ux, "#turn", "#discard", "#hand")
    for _ in range(4):
        ux.click("#discard-wool-plus", force=True)
    assert ux.inner_text("#discard-wool") == "4" and ux.is_disabled("#discard-wool-plus")
    assert ux.is_disabled("#discard-brick-plus"), "4 cards are due: no fifth"


def test_on_a_phone_the_turn_card_and_actions_come_right_after_the_board(ux: Page) -> None:
    """At 390x844: board, turn card, actions, hand, log, from top to bottom (the players strip
    is stuck to the top of the screen since issue 30: see test_glance_e2e)."""
    load(ux, against_blue({}, {"brick": 1}, phase="main"), "Phone")
    ux.set_viewport_size(PHONE)
    tops = ux.evaluate("""() => ['.board-wrap', '#turn', '#actions', '#hand-wrap', '#log-wrap']
        .map(s => document.querySelector(s).getBoundingClientRect().top)""")
    assert tops == sorted(tops), tops
    assert ux.evaluate("document.querySelector('#turn').getBoundingClientRect().top") < PHONE["height"]
