"""Every language in the browser: the rules almanac, the game page and its language picker.

A page shows a missing message as its key (``ui.button.roll``): the texts checked here must
contain no such key, must be the catalog's own words, and Hindi must be in Devanagari.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

import build
from catan_core import almanac
from catan_core.board import TERRAINS
from catan_core.events import Event
from catan_core.i18n import LANGUAGE_NAMES, LANGUAGES, catalog, translate
from catan_core.places import event_text, places

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

    from catan_core.game import Game

KEY_PREFIXES = sorted({key.split(".")[0] for key in catalog("en")})
RAW_KEY = re.compile(r"\b(?:" + "|".join(KEY_PREFIXES) + r")\.[a-z_]+(?:\.[a-z_]+)*\b")
DEVANAGARI = re.compile("[\u0900-\u097f]")


def assert_no_raw_keys(text: str) -> None:
    found = RAW_KEY.findall(text)
    assert found == [], f"message keys shown instead of text: {found[:5]}"


@pytest.fixture(scope="module")
def almanac_page(guarded_browser: GuardedBrowser, site: LocalSite) -> Iterator[Page]:
    """The almanac opened at the distance rule in English, shared by the tests below."""
    checkpoint = guarded_browser.checkpoint()
    page = guarded_browser.open(site.url + "almanac.html?lang=en#distance")
    guarded_browser.assert_clean_since(checkpoint)
    yield page
    page.context.close()


def test_almanac_opens_the_entry_in_the_address(almanac_page: Page, browse: GuardedBrowser) -> None:
    page = almanac_page
    frame = page.locator("#settlements iframe")
    assert frame.count() == 1, "the named entry shows its live example at once"
    assert "scenario=scenarios/distance.json&lang=en" in (frame.get_attribute("src") or "")
    assert page.locator(".example iframe").count() == 1, "other examples wait for a click"
    top = page.evaluate("document.getElementById('settlements').getBoundingClientRect().top")
    assert -5 < top < 200, "scrolled to the entry"
    embed = page.frame_locator("#settlements iframe")
    embed.locator("html[data-ready='1'] #board svg").wait_for(timeout=60_000)
    embed.locator('#board [data-node="17"]').click()
    assert embed.locator("#message-text").inner_text() == translate("rule.distance", {}, "en")


@pytest.mark.parametrize("lang", ["es", "de", "hi", "en"])
def test_almanac_in_every_language(almanac_page: Page, browse: GuardedBrowser, lang: str) -> None:
    page = almanac_page
    page.select_option("#lang-picker", lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    assert page.inner_text("h1") == translate("almanac.title", {}, lang)
    ids = almanac.entry_ids()
    titles = page.locator("section.entry h2").all_inner_texts()
    assert titles == [entry.title for entry in almanac.entries(lang)]
    assert page.locator("#toc-list a").count() == len(ids)
    text = page.inner_text("body")
    assert_no_raw_keys(text)
    first = almanac.entry("production", lang)
    assert first is not None and first.paragraphs[0] in text
    if lang == "hi":
        assert len(DEVANAGARI.findall(text)) > 2000
    assert page.inner_text("#lang-label") == translate("lang.label", {}, lang)
    assert page.locator("#lang-picker option").all_inner_texts() == [LANGUAGE_NAMES[x] for x in LANGUAGES]
    # the open example follows the language, and the choice is remembered for the game page
    src = page.get_attribute("#settlements iframe", "src") or ""
    assert f"lang={lang}" in src
    settings = json.loads(page.evaluate("localStorage.getItem('catan.settings')") or "{}")
    assert settings.get("lang") == lang
    assert f"lang={lang}" in page.url and page.url.endswith("#distance")


def test_almanac_names_an_unknown_entry(almanac_page: Page, browse: GuardedBrowser) -> None:
    page = almanac_page
    page.evaluate("location.hash = '#<b>nope</b>'")
    page.wait_for_selector("#notice:not([hidden])")
    assert "<b>nope</b>" in page.inner_text("#notice")
    assert page.locator("#notice b").count() == 0
    page.evaluate("location.hash = '#roads'")
    page.wait_for_selector("#roads iframe")
    assert page.locator("#notice").is_hidden()


# --- the game page -------------------------------------------------------------------------------


NAMES = ["Ana", "Ben"]
SNAPSHOT = """() => {
    const all = sel => Array.from(document.querySelectorAll(sel));
    const why = document.querySelector('#notice a.why-link');
    return {
        body: document.body.innerText,
        svg: all('#board svg text, #board svg title').map(e => e.textContent),
        labels: all('#app [aria-label]').map(e => e.getAttribute('aria-label')),
        edges: Object.fromEntries(all('#board .target[data-edge]').map(e => [e.dataset.edge, e.getAttribute('aria-label')])),
        panels: Object.fromEntries(all('#app h2[id]').map(e => [e.id, e.textContent])),
        notice: (document.querySelector('#notice .notice-text') || {}).textContent,
        why: why ? [why.textContent, why.getAttribute('href')] : null,
    };
}"""


def words(lang: str, game: Game) -> dict[str, str]:
    """Texts the game page shows in ``lang`` for the road-building position below."""
    spots = places(game.board, lang)
    t = {key: translate(key, params, lang, NAMES) for key, params in (
        ("ui.prompt.build_road", {"player": 0}), ("rule.road_not_connected", {}), ("embed.why", {}),
        ("svg.board", {}), ("svg.robber", {"place": spots.hexes[game.robber]}),
        ("ui.hand.title", {"player": 0}), ("ui.score.title", {}), ("ui.log.title", {}), ("ui.build.title", {}),
        ("ui.tab.bank", {}), ("ui.board.label", {}),
    )}
    t["event.build_road"] = event_text(Event("build_road", 0, {"edge": 12}), game.board, lang, NAMES, you=0)  # Ana reads it
    t.update({f"terrain.{TERRAINS[x]}": translate(f"terrain.{TERRAINS[x]}", {}, lang) for x in game.board.terrains})
    return t


def test_game_page_in_every_language_keeps_the_game(browse: GuardedBrowser, site: LocalSite) -> None:
    """Switching the language redraws every text at once (board, panels, log, prompt, the
    notice with its Why? link) and keeps the game as it is."""
    from catan_core.scenarios import load_scenario

    context = browse.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    page = browse.open(site.url + "?test", context)
    assert page.input_value("#home-lang") == "de", "the browser's language is the default"
    data = json.loads((build.WEB / "scenarios" / "roads.json").read_text(encoding="utf-8"))
    data["players"][1]["kind"] = "beginner"  # one person at the table: no hot-seat cover
    assert page.evaluate("([t, n]) => catan_test.load_scenario(t, n)", [json.dumps(data), "Sprachen"]) == ""
    page.wait_for_selector("#game:not([hidden])")
    if page.locator("#cover").count():  # hot seat: take the device as Ana
        page.click("#uncover")
        page.wait_for_selector("#cover", state="detached")
    page.evaluate("catan_test.apply('0 road 12')")
    page.wait_for_selector('#board [data-at="e12"][data-seat="0"]')
    pieces = page.locator("#board [data-seat]").count()
    # a road to build: the board's legal paths are labelled; a path away from Ana's roads is refused
    page.click("#build-road")
    page.wait_for_selector("#board .target[data-edge]", state="attached")
    page.click("#board [data-edge='60']")
    page.wait_for_selector("#notice:not([hidden]) a.why-link")
    game = load_scenario(data)
    legal_edges = page.locator("#board .target[data-edge]").count()
    before = words("de", game)
    for lang in ("es", "en", "de", "hi"):
        page.select_option("#game-lang", lang)
        # the switch is one Python call: once <html lang> changed, every text must have changed
        page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
        shown = page.evaluate(SNAPSHOT)
        now = words(lang, game)
        text = shown["body"]
        assert_no_raw_keys(text + " ".join(shown["svg"] + shown["labels"]))
        assert now["ui.prompt.build_road"] in text and now["event.build_road"] in text
        assert shown["notice"] == now["rule.road_not_connected"]
        assert shown["why"] == [now["embed.why"], almanac.almanac_url(almanac.entry_for_error("rule.road_not_connected"), lang)]
        assert {now[key] for key in now if key.startswith("terrain.")} <= set(shown["svg"]), "the board's terrain words"
        assert now["svg.robber"] in shown["svg"] and now["svg.board"] in shown["labels"]
        assert now["ui.board.label"] in shown["labels"]
        spots, free = places(game.board, lang), translate("svg.free", {}, lang)
        assert len(shown["edges"]) == legal_edges and all(
            label == translate("svg.edge_label", {"place": spots.edges[int(e)], "state": free}, lang)
            for e, label in shown["edges"].items()
        ), "the legal paths' labels, by place"
        panels = shown["panels"]
        assert (panels["hand-title"], panels["scores-title"], panels["log-title"], panels["build-title"]) == (
            now["ui.hand.title"], now["ui.score.title"], now["ui.log.title"], now["ui.build.title"])
        assert now["ui.tab.bank"] in text
        everything = "\n".join([text, *shown["svg"], *shown["labels"], *shown["edges"].values()])
        leftovers = [old for key, old in before.items() if old != now[key] and old in everything]
        assert leftovers == [], f"texts of the previous language left after switching to {lang}"
        if lang == "hi":
            assert len(DEVANAGARI.findall(text)) > 100
        assert page.locator("#board [data-seat]").count() == pieces, "the game is kept"
        assert page.locator('#board [data-at="e12"][data-seat="0"]').count() == 1
        settings = json.loads(page.evaluate("localStorage.getItem('catan.settings')") or "{}")
        assert settings.get("lang") == lang, "the choice is remembered"
        before = now
    page.reload()
    browse.wait_ready(page)
    assert page.input_value("#home-lang, #game-lang") == "hi", "the remembered choice beats the browser's language"
