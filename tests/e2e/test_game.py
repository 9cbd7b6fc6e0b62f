"""The game page, driven like a person would: clicks on the SVG board and on buttons.

Most tests share ONE loaded page (``game``, opened with ``?test``). The ``?test`` address adds
``window.catan_test`` to the page: ``load_scenario(json, name)`` starts a hand-written position
(forced dice included) as a new saved game, ``apply(text)`` plays an action as a click would,
``save()`` returns the save text. Everything else goes through the page's own controls.
Expected positions come from the engine running here in CPython.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from catan_core.actions import Action
from catan_core.almanac import almanac_url, entry_for_error
from catan_core.board import EDGE_NODES, NODE_NODES, NODE_XY, RESOURCES
from catan_core.game import Game, Options, Seat
from catan_core.i18n import translate
from catan_core.palette import COLORS
from catan_core.saves import dumps, loads
from catan_core.board import BEGINNER_PIECES
from catan_core.scenarios import load_scenario

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

ANA, BEN = COLORS["red"], COLORS["blue"]
TARGET = ".catan-board .target"
STEP_MS = 15_000


def en(key: str, names: tuple[str, ...] = (), **params: Any) -> str:
    """An English message of the catalog, as the page shows it."""
    return translate(key, params, "en", list(names) or None)


def seat(p: int, name: str, color: str, kind: str = "human", **extra: Any) -> dict[str, Any]:
    """A scenario player on the beginner board's preset pieces of seat ``p``."""
    (first, second), roads = BEGINNER_PIECES[p]
    return {"name": name, "color": color, "kind": kind, "settlements": [first, second], "roads": list(roads), **extra}


def scenario(*players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A scenario on the beginner board."""
    return {"format": "catan-scenario", "board": "beginner", "players": list(players), **extra}


@pytest.fixture(scope="session")
def shared_game_page(guarded_browser: GuardedBrowser, site: LocalSite) -> Page:
    """The app with test hooks, loaded once for the session."""
    return guarded_browser.open_clean(site.url + "?test", accept_downloads=True, viewport={"width": 1280, "height": 900})


@pytest.fixture
def game(browse: GuardedBrowser, shared_game_page: Page) -> Iterator[Page]:
    """The shared page with test hooks; each test starts its own game on it."""
    yield shared_game_page


def load(page: Page, data: dict[str, Any], name: str = "Test game") -> None:
    """Start ``data`` (a scenario) as a new game on the page."""
    assert page.evaluate("([text, name]) => catan_test.load_scenario(text, name)", [json.dumps(data), name]) == ""
    page.wait_for_selector("#game:not([hidden])")


def saved(page: Page) -> dict[str, Any]:
    """The save of the game on the page."""
    return json.loads(page.evaluate("catan_test.save()"))


def hand(page: Page) -> list[int]:
    """The resource counts the hand panel shows."""
    return [int(x) for x in page.locator("#hand-cards .count").all_inner_texts()]


def uncover(page: Page, name: str) -> None:
    """Check that the cover asks for ``name``, then take the device as them."""
    cover = page.locator("#cover")
    cover.wait_for(timeout=STEP_MS)
    assert en("ui.cover.pass", (name,), player=0) in cover.inner_text()
    assert page.locator("#hand-cards").count() == 0, "a covered page shows no hand"
    page.click("#uncover")
    page.wait_for_selector("#cover", state="detached")
    assert page.inner_text("#hand-title") == en("ui.hand.title", (name,), player=0)


def notice(page: Page) -> str:
    """The text of the notice bar (engine messages and page messages), without its "Why?" link."""
    page.wait_for_selector("#notice:not([hidden])", timeout=STEP_MS)
    return page.inner_text("#notice .notice-text")


def why_href(page: Page, within: str = "#notice") -> str:
    """The address of the "Why?" link in ``within`` (checking its label and target window)."""
    link = page.locator(f"{within} a.why-link")
    assert link.count() == 1, f"no Why? link in {within}"
    assert link.inner_text() == en("embed.why") and link.get_attribute("target") == "catan-almanac"
    return link.get_attribute("href") or ""


def almanac_title(entry: str) -> str:
    """The English title of an almanac entry."""
    from catan_core.almanac import entry as almanac_entry

    found = almanac_entry(entry, "en")
    assert found is not None
    return found.title


def go_home(page: Page) -> None:
    """Back to the home screen (from the game, or stay there)."""
    if page.locator("#cover-home").count():
        page.click("#cover-home")
    elif page.locator("#menu-home").is_visible():
        page.click("#menu-home")
    page.wait_for_selector("#new-game")


def click_board(page: Page, kind: str, ident: int) -> None:
    """Click one board spot (node, edge or hex) with the mouse, as a person would: Playwright
    first checks that the spot is visible and that the click would land on it."""
    page.click(f".catan-board [data-{kind}='{ident}']")


def test_setup_by_clicking_the_board_then_production(game: Page) -> None:
    """New game from the dialog (typed seed, two people), the snake set-up by clicking
    highlighted spots (one by keyboard), an illegal click explained, then a roll."""
    go_home(game)
    game.select_option("#players", "2")
    game.fill("#seat-name-0", "Ana")
    game.fill("#seat-name-1", "Ben")
    game.select_option("#seat-kind-1", "human")
    game.fill("#seed", "2024")
    game.fill("#game-name", "Set-up test")
    game.click("#start")
    names = ("Ana", "Ben")
    first_node = -1
    for step in range(8):
        cover = game.locator("#cover")
        if cover.count():
            game.click("#uncover")
        targets = game.locator(TARGET)
        kind = "node" if targets.first.get_attribute("data-node") is not None else "edge"
        assert kind == ("node" if step % 2 == 0 else "edge")
        if step == 2:  # a spot next to the first settlement is not highlighted: the engine says why
            neighbour = NODE_NODES[first_node][0]
            assert game.locator(f"{TARGET}[data-node='{neighbour}']").count() == 0
            click_board(game, "node", neighbour)
            assert notice(game) == en("rule.distance")
            # the refusal links to the almanac entry on the rule; the link opens it there
            entry = entry_for_error("rule.distance")
            assert entry and why_href(game) == almanac_url(entry, "en")
            with game.context.expect_page() as opened:
                game.click("#notice a.why-link")
            almanac = opened.value
            try:
                almanac.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
                assert almanac.url.endswith(f"/almanac.html?lang=en#{entry}")
                assert almanac.locator(f"section.entry#{entry} h2").inner_text() == almanac_title(entry)
            finally:
                almanac.close()
        ident = targets.first.get_attribute(f"data-{kind}")
        if step == 0:
            first_node = int(ident)
        if step == 4:  # keyboard: focus the target, press Enter
            game.focus(f"{TARGET}[data-{kind}='{ident}']")
            game.keyboard.press("Enter")
        else:
            click_board(game, kind, int(ident))
        game.wait_for_selector(f".catan-board [data-at='{'n' if kind == 'node' else 'e'}{ident}']", state="attached")
    data = saved(game)
    replay = Game(Options(players=2), 2024, (Seat("Ana", ANA), Seat("Ben", BEN)))
    for text in data["history"]:
        replay.apply(text)
    assert dumps(replay) == json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    starter = replay.current
    if game.locator("#cover").count():
        game.click("#uncover")
    assert game.inner_text("#prompt") == en("ui.prompt.roll", names, player=starter)
    assert hand(game) == replay.players[starter].hand  # set-up resources from the second settlement
    game.click("#roll")
    replay.apply(Action(starter, "roll"))
    game.wait_for_selector(".dice")
    assert hand(game) == replay.players[starter].hand  # production (or nothing on a 7)
    assert saved(game)["state"] == json.loads(dumps(replay))["state"]


def test_building_buying_and_maritime_trade(game: Page) -> None:
    """A roll produces, then a road, a settlement, a city, a development card, a 4:1 trade."""
    sc = scenario(
        seat(0, "Ana", ANA, hand={"brick": 7, "lumber": 3, "wool": 2, "grain": 4, "ore": 4}),
        seat(1, "Ben", BEN),
        dice=[[2, 4]], seed=3,
    )
    load(game, sc)
    uncover(game, "Ana")
    expected = load_scenario(sc)
    game.click("#roll")
    expected.apply(Action(0, "roll"))
    game.wait_for_selector(".dice")
    assert "6" in game.inner_text(".dice .total")
    assert hand(game) == expected.players[0].hand  # the 6 next to Ana's settlement produced
    assert any(e.kind == "produce" for e in expected.log)

    # find two roads that open a settlement spot, with the engine here
    plan = None
    for e1 in [a.value for a in expected.legal_actions() if a.kind == "road"]:
        trial = expected.copy()
        trial.apply(Action(0, "road", e1))
        for e2 in [a.value for a in trial.legal_actions() if a.kind == "road"]:
            trial2 = trial.copy()
            trial2.apply(Action(0, "road", e2))
            spots = [a.value for a in trial2.legal_actions() if a.kind == "settlement"]
            if spots:
                plan = (e1, e2, spots[0])
                break
        if plan:
            break
    assert plan is not None
    e1, e2, node = plan

    # nothing highlighted until a build is chosen; then only legal targets
    assert game.locator(TARGET).count() == 0
    click_board(game, "edge", e1)
    assert notice(game) == en("ui.hint.choose_build")
    for edge in (e1, e2):
        game.click("#build-road")
        legal_edges = {a.value for a in expected.legal_actions() if a.kind == "road"}
        shown = {int(x) for x in game.locator(f"{TARGET}[data-edge]").evaluate_all("els => els.map(e => e.dataset.edge)")}
        assert shown == legal_edges
        click_board(game, "edge", edge)
        expected.apply(Action(0, "road", edge))
        game.wait_for_selector(f".catan-board .road[data-at='e{edge}']", state="attached")
    game.click("#build-settlement")
    click_board(game, "node", node)
    expected.apply(Action(0, "settlement", node))
    game.wait_for_selector(f".catan-board .settlement[data-at='n{node}']", state="attached")
    game.click("#build-city")
    click_board(game, "node", 12)
    expected.apply(Action(0, "city", 12))
    game.wait_for_selector(".catan-board .city[data-at='n12']", state="attached")
    assert hand(game) == expected.players[0].hand

    # the city button is now impossible: disabled with the engine's reason
    city = game.locator("#build-city")
    assert city.get_attribute("aria-disabled") == "true"
    assert game.inner_text("#build-city-why") == en("rule.cannot_afford", cost=[0, 0, 0, 2, 3])
    assert why_href(game, "#build-city + .why") == almanac_url(entry_for_error("rule.cannot_afford"), "en")
    city.click(force=True)  # aria-disabled, yet focusable and clickable: it repeats the reason
    assert notice(game) == en("rule.cannot_afford", cost=[0, 0, 0, 2, 3])
    assert why_href(game) == almanac_url(entry_for_error("rule.cannot_afford"), "en")

    game.click("#build-buy")
    expected.apply(Action(0, "buy"))
    card = next(c for c in range(5) if expected.players[0].dev[c])
    game.wait_for_selector(".dev .badge")
    assert en("devcard." + ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"][card]) in game.inner_text("#hand")

    game.click("#tab-bank")
    assert game.inner_text("#mar-give-brick .ratio") == "4:1"
    game.click("#mar-give-brick")
    game.click("#mar-get-ore")
    game.click("#mar-do")
    expected.apply(Action(0, "maritime", (0, 4)))
    game.wait_for_function("() => document.querySelector('#hand-cards .count').textContent === '%d'" % expected.players[0].hand[0])
    assert hand(game) == expected.players[0].hand
    assert saved(game)["state"] == json.loads(dumps(expected))["state"]
    log = game.inner_text("#log-lines")
    assert en("event.maritime.you", ("Ana", "Ben"), player=0, count=4, give_resource=0, get_resource=4) in log


def test_a_vertical_path_is_a_visible_click_target(game: Page) -> None:
    """A vertical path's hit area has a real box (a stroked line's would be zero pixels wide),
    so it is visible and clickable, highlighted or not."""
    sc = scenario(seat(0, "Ana", ANA, hand={"brick": 1, "lumber": 1}), seat(1, "Ben", BEN), phase="main")
    load(game, sc, "Vertical path")
    uncover(game, "Ana")
    expected = load_scenario(sc)
    vertical = [
        a.value for a in expected.legal_actions()
        if a.kind == "road" and NODE_XY[EDGE_NODES[a.value][0]][0] == NODE_XY[EDGE_NODES[a.value][1]][0]
    ]
    assert vertical, "the position has a vertical legal path"
    edge = vertical[0]
    spot = game.locator(f".catan-board [data-edge='{edge}']")
    assert spot.is_visible() and spot.get_attribute("class") == "edge"
    game.click("#build-road")
    assert spot.get_attribute("class") == "edge target" and spot.is_visible()
    box = spot.bounding_box()
    assert box is not None and box["width"] >= 10 and box["height"] >= 10
    spot.click()  # no force: Playwright's checks pass
    game.wait_for_selector(f".catan-board .road[data-at='e{edge}'][data-seat='0']", state="attached")
    expected.apply(Action(0, "road", edge))
    assert saved(game)["state"] == json.loads(dumps(expected))["state"]


def test_domestic_trade_with_a_counter_offer_and_the_cover(game: Page) -> None:
    """Ana offers Ben brick for ore; the device passes to Ben (Ana's hand hidden), Ben
    counters, the device goes back, Ana accepts the counter."""
    sc = scenario(
        seat(0, "Ana", ANA, hand={"brick": 3, "grain": 1}),
        seat(1, "Ben", BEN, hand={"ore": 2, "wool": 1}),
        phase="main",
    )
    load(game, sc, "Trade test")
    uncover(game, "Ana")
    assert hand(game) == [3, 0, 0, 1, 0]
    game.click("#tab-players")
    send = game.locator("#offer-send")
    assert send.get_attribute("aria-disabled") == "true"
    assert game.inner_text("#offer-send-why") == en("rule.trade_gift")
    game.click("#offer-give-brick-plus")
    game.click("#offer-want-ore-plus")
    game.select_option("#offer-target", "1")
    game.click("#offer-send")

    uncover(game, "Ben")  # asserts Ana's hand is gone while covered
    assert hand(game) == [0, 0, 1, 0, 2]
    head = game.inner_text("#trade .offer-head")  # Ben's side of Ana's offer: he gives ore, gets brick
    assert en("ui.offers.new", ("Ana", "Ben"), player=0) in head and head.index("ore") < head.index("brick")
    game.click("#trade-counter")
    assert game.inner_text("#counter-give-ore") == "1" and game.inner_text("#counter-want-brick") == "1"
    game.click("#counter-want-brick-plus")  # Ben wants 2 brick for his ore
    game.click("#counter-send")

    uncover(game, "Ana")
    row = game.locator(".answer-row[data-seat='1']")
    assert en("ui.trade.answer_counter", give=[2, 0, 0, 0, 0], want=[0, 0, 0, 0, 1]) in row.inner_text()
    game.click("#confirm-1")
    game.wait_for_selector("#trade", state="detached")
    assert hand(game) == [1, 0, 0, 1, 1]
    state = saved(game)["state"]
    assert [p["hand"] for p in state["players"]] == [[1, 0, 0, 1, 1], [2, 0, 1, 0, 1]]
    assert en("event.trade.you", ("Ana", "Ben"), player=0, partner=1, give=[2, 0, 0, 0, 0], want=[0, 0, 0, 0, 1]) in game.inner_text("#log-lines")


def test_seven_discard_robber_steal_and_a_knight(game: Page) -> None:
    """A 7: Ben discards half of 9 cards on his own turn at the device, Ana moves the robber
    by clicking a hex and steals from Ben; then she plays a Knight and steals again."""
    sc = scenario(
        seat(0, "Ana", ANA, dev_cards={"knight": 1}),
        seat(1, "Ben", BEN, hand={"brick": 3, "lumber": 2, "wool": 2, "ore": 2}),
        dice=[[3, 4]], seed=11,
    )
    load(game, sc, "Robber test")
    expected = load_scenario(sc)
    uncover(game, "Ana")
    game.click("#roll")
    expected.apply(Action(0, "roll"))
    uncover(game, "Ben")
    assert en("ui.discard.explain", count=4) in game.inner_text("#discard")
    assert game.get_attribute("#discard-do", "aria-disabled") == "true"
    for _ in range(2):
        game.click("#discard-brick-plus")
    game.click("#discard-wool-plus")
    game.click("#discard-do", force=True)
    assert notice(game) == en("rule.discard_count", count=4)
    game.click("#discard-ore-plus")
    game.click("#discard-do")
    expected.apply(Action(1, "discard", (2, 0, 1, 0, 1)))

    uncover(game, "Ana")
    hexes = {int(x) for x in game.locator(f"{TARGET}[data-hex]").evaluate_all("els => els.map(e => e.dataset.hex)")}
    assert hexes == {a.value[0] for a in expected.legal_actions()}
    click_board(game, "hex", expected.robber)  # not highlighted: the robber must move
    assert notice(game) == en("rule.robber_must_move")
    click_board(game, "hex", 12)  # Ben's settlement 34 touches hex 12: the only victim
    expected.apply(Action(0, "robber", (12, 1)))
    game.wait_for_selector(".catan-board .robber[data-at='h12']", state="attached")
    log = game.inner_text("#log-lines")
    stolen = expected.log[-1].secret["resource"]
    assert en("event.steal.you", ("Ana", "Ben"), player=0, victim=1, resource=stolen) in log
    assert hand(game) == expected.players[0].hand

    game.click("#play-knight")
    expected.apply(Action(0, "knight"))
    click_board(game, "hex", 8)
    expected.apply(Action(0, "robber", (8, 1)))
    game.wait_for_selector(".catan-board .robber[data-at='h8']", state="attached")
    assert hand(game) == expected.players[0].hand
    assert game.inner_text("#scores [data-seat='0'] .stat.knights") == "1"  # knights played (the players strip)
    assert saved(game)["state"] == json.loads(dumps(expected))["state"]


def test_year_of_plenty_and_monopoly_choosers(game: Page) -> None:
    """Year of Plenty takes two picked cards; Monopoly next turn names a resource."""
    sc = scenario(
        seat(0, "Ana", ANA, dev_cards={"year_of_plenty": 1, "monopoly": 1}),
        seat(1, "Ben", BEN, kind="human", hand={"grain": 3}),
        phase="main",
    )
    load(game, sc, "Cards test")
    uncover(game, "Ana")
    game.click("#play-year_of_plenty")
    game.click("#yop-grain")
    assert game.get_attribute("#yop-take", "aria-disabled") == "true"
    game.click("#yop-ore")
    game.click("#yop-take")
    game.wait_for_selector("#chooser", state="detached")
    assert hand(game) == [0, 0, 0, 1, 1]
    assert game.get_attribute("#play-monopoly", "aria-disabled") == "true"
    assert game.inner_text("#play-monopoly-why") == en("rule.one_dev_per_turn")


def test_reload_resumes_and_export_import_round_trip(game: Page, tmp_path: Path) -> None:
    """Reload mid-game offers to continue the very same position; export then import gives it again."""
    sc = scenario(seat(0, "Ana", ANA, hand={"brick": 1}), seat(1, "Ben", BEN), dice=[[5, 5]], seed=4)
    load(game, sc, "Reload test")
    uncover(game, "Ana")
    game.click("#roll")
    game.wait_for_selector(".dice")
    before = saved(game)

    game.reload()
    game.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
    first = game.locator(".save").first
    assert "Reload test" in first.inner_text() and "Ana, Ben" in first.inner_text()
    first.locator("[data-cmd=continue]").click()
    game.wait_for_selector("#game:not([hidden])")
    assert saved(game) == before
    uncover(game, "Ana")  # two people: the cover comes back after a reload

    with game.expect_download() as download_info:
        game.click("#export")
    download = download_info.value
    assert download.suggested_filename == "catan-Reload-test.json"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    assert json.loads(path.read_text(encoding="utf-8")) == before
    assert dumps(loads(path.read_text(encoding="utf-8"))) == json.dumps(before, separators=(",", ":"), ensure_ascii=False)

    go_home(game)
    count = game.locator(".save").count()
    game.set_input_files("#import-file", str(path))
    game.wait_for_selector("#game:not([hidden])")
    assert notice(game) == en("ui.import.done", file=path.name)
    assert saved(game) == before
    go_home(game)
    assert game.locator(".save").count() == count + 1


STORED_MOVES = """(name) => {
    const meta = JSON.parse(localStorage.getItem("catan.index")).find(m => m.name === name);
    return JSON.parse(localStorage.getItem("catan.game." + meta.id)).history.length;
}"""


def test_the_autosave_waits_for_the_paint_and_a_reload_right_after_a_move_keeps_it(game: Page) -> None:
    """A move's save is written after the move is painted (catan_web.browser.saving), and at
    once when the page goes away or is hidden: a reload in the same task as a move keeps it."""
    sc = scenario(seat(0, "Ana", ANA, hand={"brick": 1}), seat(1, "Ben", BEN), dice=[[5, 5]], seed=4)
    load(game, sc, "Reload at once")
    uncover(game, "Ana")
    counts = game.evaluate(f"""() => {{
        const stored = {STORED_MOVES};
        const before = stored("Reload at once");
        const refused = catan_test.apply("0 roll");
        const painting = stored("Reload at once");
        window.dispatchEvent(new PageTransitionEvent("pagehide"));
        return [before, refused, painting, stored("Reload at once")];
    }}""")
    assert counts[1] == "" and counts[2] == counts[0] and counts[3] == counts[0] + 1
    with game.expect_navigation():  # (the page's own reload, in the task of the move)
        game.evaluate('() => { if (catan_test.apply("0 end") === "") location.reload(); }')
    game.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
    first = game.locator(".save").first
    assert "Reload at once" in first.inner_text()
    assert game.evaluate(STORED_MOVES, "Reload at once") == counts[0] + 2
    first.locator("[data-cmd=continue]").click()
    game.wait_for_selector("#game:not([hidden])")
    assert saved(game)["history"][-2:] == ["0 roll", "0 end"]


def test_bad_imports_and_a_damaged_save_touch_nothing_else(game: Page, tmp_path: Path) -> None:
    """A non-JSON file, a foreign JSON file and a tampered save are refused with a message; a
    damaged stored entry cannot be continued but the others can; a full storage gives a message."""
    load(game, scenario(seat(0, "Ana", ANA), seat(1, "Ben", BEN), phase="main"), "Good game")
    good = saved(game)
    go_home(game)
    listed = game.locator(".save").count()
    keys = game.evaluate("Object.keys(localStorage).sort()")

    files = {
        "garbage.json": ("this is not json", "format.not_json"),
        "foreign.json": ('{"hello": "world"}', "format.not_a_save"),
    }
    tampered = json.loads(json.dumps(good))
    tampered["state"]["players"][0]["hand"] = [5, 0, 0, 0, 0]
    files["tampered.json"] = (json.dumps(tampered), "format.replay_mismatch")
    for name, (content, key) in files.items():
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        game.set_input_files("#import-file", str(path))
        message = notice(game)
        game.wait_for_function("(text) => document.querySelector('#notice').textContent.includes(text)", arg=name)
        message = game.inner_text("#notice")
        assert message == en("ui.import.refused", file=name, reason=en(key)), message
        assert game.locator("#home:not([hidden])").count() == 1
        assert game.evaluate("Object.keys(localStorage).sort()") == keys

    # a damaged entry in storage: listed, refused with a message, the others still continue
    game.evaluate("localStorage.setItem('catan.game.zz-broken', '{\"format\": \"catan-save\", \"version\": 1')")
    game.reload()
    game.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)
    assert game.locator(".save").count() == listed + 1
    broken = game.locator(".save[data-id='zz-broken']")
    broken.locator("[data-cmd=continue]").click()
    message = notice(game)
    assert message.startswith(en("ui.saves.damaged", name="zz-broken", reason="")), message
    assert game.evaluate("localStorage.getItem('catan.game.zz-broken')") is not None
    game.locator(".save", has_text="Good game").first.locator("[data-cmd=continue]").click()
    game.wait_for_selector("#game:not([hidden])")
    assert saved(game) == good

    # delete asks first; "keep" keeps, "yes" deletes only that entry
    go_home(game)
    broken = game.locator(".save[data-id='zz-broken']")
    broken.locator("[data-cmd=delete]").click()
    game.locator(".save[data-id='zz-broken'] [data-cmd=delete_no]").click()
    assert game.locator(".save").count() == listed + 1
    game.locator(".save[data-id='zz-broken'] [data-cmd=delete]").click()
    game.locator(".save[data-id='zz-broken'] [data-cmd=delete_yes]").click()
    game.wait_for_selector(".save[data-id='zz-broken']", state="detached")
    assert game.locator(".save").count() == listed
    assert game.evaluate("localStorage.getItem('catan.game.zz-broken')") is None

    # a full storage: the move is made, a message says it was not saved
    game.locator(".save", has_text="Good game").first.locator("[data-cmd=continue]").click()
    uncover(game, "Ana")
    game.evaluate("""() => {
        window.__setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
    }""")
    try:
        game.click("#end-turn")
        assert notice(game) == en("ui.saves.full")
        assert saved(game)["state"]["current"] == 1
    finally:
        game.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")


def test_seeded_game_replayed_in_the_page_matches_cpython(game: Page) -> None:
    """The same seed and actions give the same save in the page as in CPython. The page
    declines for a person an offer they cannot accept: the reference does the same, and
    those declines are left to the page."""
    import random

    from catan_core.manners import can_accept

    seats = (Seat("Ana", ANA), Seat("Ben", BEN), Seat("Cy", COLORS["white"]))
    reference = Game(Options(players=3), "replay-me", seats)
    rng = random.Random(7)
    by_page: set[int] = set()
    while len(reference.history) < 120 and reference.phase != "over":
        trade, seat = reference.trade, reference.to_act
        if trade is not None and seat != trade.offerer and not can_accept(reference, seat):
            by_page.add(len(reference.history))
            reference.apply(Action(seat, "decline"))
            continue
        offers = reference.offer_actions()
        action = rng.choice(offers) if offers and rng.random() < 0.1 else rng.choice(reference.legal_actions())
        reference.apply(action)

    go_home(game)
    game.select_option("#players", "3")
    for i, s in enumerate(seats):
        game.fill(f"#seat-name-{i}", s.name)
        game.select_option(f"#seat-kind-{i}", "human")
    game.select_option("#seat-color-2", "white")
    game.check("#board-random")
    game.fill("#seed", "replay-me")
    game.click("#start")
    game.wait_for_selector("#game:not([hidden])")
    refused = game.evaluate(
        "(actions) => actions.map(a => catan_test.apply(a)).filter(r => r !== '')",
        [a.text() for i, a in enumerate(reference.history) if i not in by_page],
    )
    assert refused == []
    assert game.evaluate("catan_test.save()") == dumps(reference)


def play_simply(page: Page) -> bool:
    """Make the person's move if one is due (roll, end, discard, robber, decline offers);
    False when it is not their move."""
    if page.locator("#trade-decline").count():
        page.click("#trade-decline")
    elif page.locator("#roll").count():
        page.click("#roll")
    elif page.locator("#discard").count():
        due = saved(page)["state"]["discards"][0]
        for r, held in enumerate(hand(page)):
            for _ in range(min(held, due)):
                page.click(f"#discard-{RESOURCES[r]}-plus")
                due -= 1
        page.click("#discard-do")
    elif page.locator("#victim").count():
        page.locator("#victim [data-cmd=rob]").first.click()
    elif page.locator(f"{TARGET}[data-hex]").count():
        click_board(page, "hex", int(page.locator(f"{TARGET}[data-hex]").first.get_attribute("data-hex")))
    elif page.locator(f"{TARGET}[data-node]").count():  # a set-up settlement
        click_board(page, "node", int(page.locator(f"{TARGET}[data-node]").first.get_attribute("data-node")))
    elif page.locator(f"{TARGET}[data-edge]").count():  # a set-up road
        click_board(page, "edge", int(page.locator(f"{TARGET}[data-edge]").first.get_attribute("data-edge")))
    elif page.locator("#end-turn").count():
        page.click("#end-turn")
    else:
        return False
    return True


def test_one_person_and_three_computers_play_to_the_winner_screen(game: Page) -> None:
    """Near the end (victory target 3, each computer player can afford a city): the person
    rolls and ends turns, the computer players (instant pace) play on until one of them
    wins; the winner screen shows the final scores."""
    players = [seat(0, "Ana", ANA)]
    for p, (name, color) in enumerate((("Bot B", BEN), ("Bot C", COLORS["white"]), ("Bot D", COLORS["orange"])), start=1):
        players.append(seat(p, name, color, kind="standard", hand={"grain": 2, "ore": 3, "brick": 1, "lumber": 1, "wool": 1}))
    sc = scenario(*players, options={"vp_target": 3}, dice=[[2, 3], [4, 4]], seed=5)
    names = tuple(p["name"] for p in players)
    load(game, sc, "Finale")
    assert game.locator("#cover").count() == 0  # one person: nothing to hide from
    game.select_option("#speed", "instant")
    try:
        for _ in range(400):
            if game.locator("#winner").count():
                break
            if not play_simply(game):
                game.wait_for_timeout(50)
        game.wait_for_selector("#winner", timeout=STEP_MS)
        text = game.inner_text("#winner")
        winner = saved(game)["state"]["winner"]
        assert en("ui.win.title", names, player=winner) in text
        final = game.locator(".final tbody tr").all_inner_texts()
        assert len(final) == 4 and final[0].split()[-1] == "3"
        game.click("#win-board")
        game.wait_for_selector("#winner", state="detached")
        assert en("ui.prompt.over", names, player=winner) == game.inner_text("#prompt")
    finally:
        game.select_option("#speed", "normal")


def test_a_complete_game_from_the_new_game_form_to_the_winner_screen(game: Page) -> None:
    """A whole game on a random board at the default victory target: one person (who places
    the set-up pieces by clicking and then only rolls, discards, moves the robber and ends
    turns) and three standard computer players at instant pace, until one of them wins."""
    go_home(game)
    game.select_option("#players", "4")
    game.select_option("#seat-kind-0", "human")
    for i in (1, 2, 3):
        game.select_option(f"#seat-kind-{i}", "standard")
    game.check("#board-random")
    game.fill("#seed", "complete-game")
    game.uncheck("#take-backs")  # no take-back window before each computer move: a quicker game
    game.click("#start")
    game.wait_for_selector("#game:not([hidden])")
    game.select_option("#speed", "instant")
    try:
        for _ in range(3000):
            if game.locator("#winner").count():
                break
            if not play_simply(game):
                game.wait_for_timeout(50)
        game.wait_for_selector("#winner", timeout=STEP_MS)
        data = saved(game)
        winner = data["state"]["winner"]
        assert winner in (1, 2, 3) and data["options"]["vp_target"] == 10
        finished = loads(json.dumps(data))  # the whole game replays in CPython to the same end
        assert finished.winner == winner and finished.victory_points(winner) >= 10
        assert len(game.locator(".final tbody tr").all_inner_texts()) == 4
    finally:
        if game.locator("#win-board").count():
            game.click("#win-board")
        game.select_option("#speed", "normal")


def test_switching_language_redraws_the_page_in_it(game: Page) -> None:
    """The language picker re-renders every text from the chosen catalog, and is remembered;
    names typed into the form stay, seats still named by their colour take the new words."""
    go_home(game)
    game.select_option("#players", "4")
    game.fill("#seat-name-0", "Zoë")
    game.select_option("#seat-color-3", "orange")
    game.fill("#seat-name-3", en("ui.color.orange"))
    try:
        game.select_option("#home-lang", "es")
        assert game.inner_text("#start") == translate("ui.new.start", {}, "es")
        assert game.get_attribute("html", "lang") == "es"
        assert json.loads(game.evaluate("localStorage.getItem('catan.settings')"))["lang"] == "es"
        assert game.input_value("#seat-name-0") == "Zoë"
        assert game.input_value("#seat-name-3") == translate("ui.color.orange", {}, "es")
    finally:
        game.select_option("#home-lang", "en")
    assert game.inner_text("#start") == en("ui.new.start")
    assert game.input_value("#seat-name-3") == en("ui.color.orange")


HEARTBEAT = """() => {
    clearInterval(window.beatTimer);
    window.beat = {last: performance.now(), gaps: [], beats: 0, start: performance.now()};
    window.beatTimer = setInterval(() => {
        const now = performance.now();
        if (now - window.beat.last > 100) window.beat.gaps.push(now - window.beat.last);
        window.beat.last = now;
        window.beat.beats += 1;
    }, 10);
}"""


MAX_GAP_MS = 500
"""Longest the page's thread may stay busy while a computer player thinks, but for one pause:
well under the 0.8-1 s a blocking search holds it (the strong player's budget is 1 s a
decision). (It was 300 ms until the suite ran in one process per core: with the other
process's browser on the second core, Chromium's page was once held 386 ms by the machine
while the search was sliced as it should be, and once 665 ms, with a niced match on the
machine too.)"""
BLOCKING_MS = 800
"""What a blocking search holds the page at the least (80% of the 1 s budget): no pause may
reach it, not even the one the machine may cause."""


def test_the_page_stays_responsive_while_a_strong_computer_thinks(game: Page) -> None:
    """A strong computer player (default budget, 1 s a decision) plays a rich turn at
    instant pace. A 10 ms JavaScript timer measures how long the page's thread was busy: the
    search is stepped in slices, so no pause comes near the ~0.8 s a blocking search takes, and
    all but one (which the machine's other work may cause) stay under MAX_GAP_MS. A pace change made in the middle of the turn is taken at once (stored), while the
    computer is still playing, and its trade offers are answered as they come."""
    bot_hand = {"grain": 3, "ore": 4, "brick": 2, "lumber": 2, "wool": 2}
    sc = scenario(seat(0, "Ana", ANA), seat(1, "Bot B", BEN, kind="strong", hand=bot_hand),
                  current=1, dice=[[4, 4], [3, 3]], seed=3)
    names = ("Ana", "Bot B")
    load(game, sc, "Thinking")
    game.select_option("#speed", "instant")
    try:
        game.evaluate(HEARTBEAT)
        game.wait_for_timeout(300)
        assert en("ui.prompt.computer", names, player=1) == game.inner_text("#prompt")
        game.select_option("#speed", "fast")
        assert json.loads(game.evaluate("localStorage.getItem('catan.settings')"))["speed"] == "fast"
        assert saved(game)["state"]["current"] == 1, "the computer's turn was still going on"
        game.select_option("#speed", "instant")
        for _ in range(1200):  # its turn, answering its offers to Ana (declined) as they come
            if game.inner_text("#prompt") == en("ui.prompt.roll", names, player=0):
                break
            if game.locator("#trade-decline").count():
                game.click("#trade-decline")
            else:
                game.wait_for_timeout(50)
        beat = game.evaluate("() => { clearInterval(window.beatTimer); return window.beat; }")
        thought = (beat["last"] - beat["start"]) / 1000
        played = [a for a in loads(json.dumps(saved(game))).history if a.player == 1]
        # it built and searched for well over the longest gap allowed below (how long depends
        # on the machine: about 1.5 s here), so that gap shows the search was sliced
        assert len(played) >= 4 and thought > 2 * MAX_GAP_MS / 1000, (played, thought)
        gaps = sorted(beat["gaps"], reverse=True)  # the pauses over 100 ms, longest first
        assert not gaps or gaps[0] < BLOCKING_MS, f"the page was unresponsive for {gaps[0]:.0f} ms"
        assert len(gaps) < 2 or gaps[1] < MAX_GAP_MS, f"the page was unresponsive {gaps} ms"
    finally:
        game.evaluate("() => clearInterval(window.beatTimer)")
        game.select_option("#speed", "normal")


def test_the_page_imports_bytecode_without_compiling(game: Page) -> None:
    """Every module the game page has imported by now (this runs after the games above), its
    own and Python's standard library, had bytecode that the interpreter accepts: ours from
    catan.zip, the standard library's in the build's python_stdlib.zip. PyScript's ``pyscript``
    package was never written nor imported: interpreter.mjs leaves it out of PyScript's
    start-up code, and the pages reach the browser through ``catan_web.browser.dom``."""
    modules = json.loads(game.evaluate("catan_test.compiled_at_start()"))
    assert {"catan_web.browser.host", "catan_web.browser.dom", "catan_core.state", "asyncio", "json", "dataclasses"} <= set(modules["checked"])
    assert modules["compiled"] == [], modules["compiled"]
    assert [name for name in modules["checked"] if name.split(".")[0] == "pyscript"] == []
