"""embed.html: a scenario from a file or the URL fragment, view and try-it modes, hostile input.

Pages are few and reused: each boots Pyodide (seconds). The fragment page swaps scenarios by
changing ``location.hash`` (embed.html reloads the scenario on ``hashchange``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest

from catan_core.events import Event
from catan_core.i18n import translate
from catan_core.places import event_text
from catan_core.scenarios import load_scenario

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
PWNED = "window.__pwned === undefined"
HOSTILE_HTML = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
HOSTILE_NAME = '<img src=y onerror="window.__pwned=3">'


def scenario(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "web" / "scenarios" / f"{name}.json").read_text(encoding="utf-8"))
    return data


def fragment(data: Any) -> str:
    text = data if isinstance(data, str) else json.dumps(data)
    return "#" + quote(text, safe="")


def no_injection(page: Page) -> None:
    """Nothing from the scenario or the address ran or became an element."""
    assert page.evaluate(PWNED)
    assert page.locator("img").count() == 0
    assert page.locator("body script").count() == 1  # the page's own <script type="py">
    assert page.locator("#embed iframe, #embed object, #embed embed").count() == 0


@pytest.fixture(scope="module")
def fragment_page(guarded_browser: GuardedBrowser, site: LocalSite) -> Iterator[Page]:
    """embed.html in try mode (German) with a scenario in the fragment, shared by the tests below."""
    data = scenario("distance")
    data["players"][1]["name"] = "Bo"
    checkpoint = guarded_browser.checkpoint()
    page = guarded_browser.open(site.url + "embed.html?mode=try&lang=de" + fragment(data))
    guarded_browser.assert_clean_since(checkpoint)
    yield page
    page.context.close()


def set_hash(page: Page, data: Any, expect: str) -> None:
    """Swap the fragment scenario and wait until ``expect`` (a selector) shows the result."""
    page.evaluate("h => { location.hash = h }", fragment(data))
    page.wait_for_selector(expect, timeout=30_000)


def test_view_mode_from_a_file_fits_360_px_with_a_hostile_caption(browse: GuardedBrowser, site: LocalSite) -> None:
    context = browse.new_context(viewport={"width": 360, "height": 740})
    url = (
        site.url + "embed.html?scenario=scenarios/distance.json&lang=hi&mode=view"
        + "&mark=n17,n28,e23,h9,%3Cb%3E&caption=" + quote(HOSTILE_HTML)
    )
    page = browse.open(url, context)
    assert page.get_attribute("html", "lang") == "hi"
    assert page.inner_text("#caption") == HOSTILE_HTML  # shown as text
    no_injection(page)
    board = page.locator("#board svg.catan-board")
    assert board.count() == 1
    assert page.locator("#board .marked").count() == 4
    assert page.locator("#board .target").count() == 0  # view only: nothing to click
    assert page.locator("#controls button").count() == 0
    assert "<b>" in page.inner_text("#notice")  # the unknown spot is named, as text
    box = board.bounding_box()
    assert box is not None and box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert "Ana" in page.inner_text("#players") and re.search("[\u0900-\u097f]", page.inner_text("#players"))


def test_try_mode_accepts_a_legal_move_and_explains_an_illegal_one(browse: GuardedBrowser, site: LocalSite) -> None:
    page = browse.open(site.url + "embed.html?scenario=scenarios/roads.json&lang=es&mode=try&mark=n16,e23")
    blocked = translate("rule.road_blocked", {}, "es")
    page.click('#board [data-edge="23"]')
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message-text") == blocked
    why = page.locator("#why")
    assert why.is_visible() and why.inner_text() == "¿Por qué?"
    assert why.get_attribute("href") == "almanac.html?lang=es#roads"
    assert page.locator('[data-at="e23"][data-seat]').count() == 0

    assert page.locator('#board .target[data-edge="12"]').count() == 1  # a legal spot is offered
    page.click('#board [data-edge="12"]')
    page.wait_for_selector('#board [data-at="e12"][data-seat="0"]')
    assert page.locator("#message").is_hidden()
    board = load_scenario(scenario("roads")).board
    built = event_text(Event("build_road", 0, {"edge": 12}), board, "es", ["Ana"])
    assert built.startswith("Ana construye una carretera entre ") and built in page.inner_text("#log")

    page.click("#controls button.reset")
    page.wait_for_selector('#board [data-at="e12"]', state="detached")
    assert page.locator('#board .target[data-edge="12"]').count() == 1


def test_fragment_scenario_loads(fragment_page: Page, browse: GuardedBrowser) -> None:
    page = fragment_page
    assert page.get_attribute("html", "lang") == "de"
    assert "Bo" in page.inner_text("#players")
    assert page.locator('#board .target[data-node="22"]').count() == 1
    page.click('#board [data-node="17"]')
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message-text") == translate("rule.distance", {}, "de")
    assert page.get_attribute("#why", "href") == "almanac.html?lang=de#settlements"


def test_try_mode_plays_a_seven_through(fragment_page: Page, browse: GuardedBrowser) -> None:
    page = fragment_page
    names = ["Ana", "Ben", "Chen"]

    def de(key: str, **params: Any) -> str:
        return translate(key, params, "de", names)

    set_hash(page, scenario("seven"), "#controls button.primary")
    page.click("#controls button.primary")  # roll: the scenario forces a 7
    page.wait_for_selector(f"text={de('embed.discard_pick', player=1, count=4)}")
    for resource in ("wool", "wool", "wool", "brick"):  # Ben holds 2 brick, 2 lumber, 3 wool, 2 ore
        page.locator("#controls button", has_text=de("resource." + resource)).first.click()
    page.click("#controls button.primary")  # discard
    page.wait_for_selector(f"text={de('embed.prompt.robber', player=0)}")
    page.click('#board [data-hex="9"]')  # the robber is already there
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message-text") == de("rule.robber_must_move")
    page.click('#board [data-hex="8"]')  # Ben and Chen both touch hex 8
    page.wait_for_selector(f"text={de('embed.rob_whom')}")
    page.locator("#controls button", has_text="Chen").click()
    page.wait_for_selector(f"text={de('embed.prompt.main', player=0)}")
    assert "Ana raubt Chen" in page.inner_text("#log")


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ("{not json", "format.not_json"),
        ({"format": "catan-scenario", "players": [{"name": "A", "settlements": [4, 8]}, {"name": "B"}]}, "format.distance"),
        ({"format": "catan-scenario", "players": [{"name": "A", "hand": {"ore": 30}}, {"name": "B"}]}, "format.resource_total"),
        ({"format": "catan-scenario", "players": HOSTILE_HTML}, "format.option_players"),
        ({"format": "chess"}, "format.not_a_scenario"),
    ],
    ids=["bad-json", "distance", "too-much-ore", "script-as-players", "not-a-scenario"],
)
def test_broken_or_impossible_scenarios_give_a_readable_message(
    fragment_page: Page, browse: GuardedBrowser, data: Any, reason: str
) -> None:
    page = fragment_page
    set_hash(page, data, "#error .error")
    text = page.inner_text("#error .error")
    assert text.startswith("Dieses Szenario kann nicht gezeigt werden:")
    if reason in ("format.not_json", "format.not_a_scenario", "format.option_players"):
        assert text.endswith(translate(reason, {}, "de"))
    assert page.locator("#board svg").count() == 0 and page.locator("#controls button").count() == 0
    no_injection(page)


def test_a_fragment_nested_50_000_deep_gives_a_message(fragment_page: Page, browse: GuardedBrowser) -> None:
    page = fragment_page
    set_hash(page, "[" * 50_000 + "]" * 50_000, "#error .error")
    reason = translate("format.not_json", {}, "de")
    assert page.inner_text("#error .error") == translate("embed.error.invalid", {"reason": reason}, "de")
    set_hash(page, scenario("roads"), "#board svg")  # and the frame goes on


def test_script_in_a_seat_name_stays_text(fragment_page: Page, browse: GuardedBrowser) -> None:
    page = fragment_page
    data = scenario("roads")
    data["players"][0]["name"] = HOSTILE_NAME
    data["players"][1]["name"] = "<script>window.__pwned=4</script>"
    set_hash(page, data, "#board svg")
    players = page.inner_text("#players")
    assert HOSTILE_NAME in players and "<script>window.__pwned=4</script>" in players
    page.click('#board [data-edge="12"]')  # the log names the seat too
    page.wait_for_selector('#board [data-at="e12"]')
    assert HOSTILE_NAME in page.inner_text("#log")
    no_injection(page)


def test_missing_scenario_parts(fragment_page: Page, browse: GuardedBrowser) -> None:
    page = fragment_page
    set_hash(page, "", "#authors #nothing")  # nothing to show: the page for authors says so
    assert page.inner_text("#authors #nothing") == translate("embed.error.no_scenario", {}, "de")


def test_scenarios_from_elsewhere_are_refused(browse: GuardedBrowser, site: LocalSite) -> None:
    page = browse.open(site.url + "embed.html?lang=en&scenario=" + quote("https://example.com/evil.json", safe=""))
    assert page.inner_text("#error .error") == translate("embed.error.bad_source", {}, "en")
    # the request guard behind `browse` fails the test had anything been fetched from elsewhere


def test_a_missing_scenario_file_is_named(guarded_browser: GuardedBrowser, site: LocalSite) -> None:
    checkpoint = guarded_browser.checkpoint()
    page = guarded_browser.open(site.url + "embed.html?lang=en&scenario=scenarios/" + quote("<nope>.json"))
    try:
        expected = translate("embed.error.not_found", {"file": "scenarios/<nope>.json"}, "en")
        assert page.inner_text("#error .error") == expected
        no_injection(page)
    finally:
        page.context.close()
    assert guarded_browser.blocked[checkpoint[0]:] == []
    # the one error expected is the browser's own report of the 404
    assert all("404" in error for error in guarded_browser.errors[checkpoint[1]:])
