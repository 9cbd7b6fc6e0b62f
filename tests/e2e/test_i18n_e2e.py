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

from catan_core import almanac
from catan_core.i18n import LANGUAGE_NAMES, LANGUAGES, catalog, translate

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

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


def test_game_page_in_every_language_keeps_the_game(browse: GuardedBrowser, site: LocalSite) -> None:
    """Switching the language redraws every text and keeps the game as it is."""
    context = browse.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    page = browse.open(site.url + "?test", context)
    assert page.input_value("#home-lang") == "de", "the browser's language is the default"
    data = json.loads((almanac._DIR.parents[1] / "web" / "scenarios" / "roads.json").read_text(encoding="utf-8"))
    data["players"][1]["kind"] = "beginner"  # one person at the table: no hot-seat cover
    assert page.evaluate("([t, n]) => catan_test.load_scenario(t, n)", [json.dumps(data), "Sprachen"]) == ""
    page.wait_for_selector("#game:not([hidden])")
    if page.locator("#cover").count():  # hot seat: take the device as Ana
        page.click("#uncover")
        page.wait_for_selector("#cover", state="detached")
    page.evaluate("catan_test.apply('0 road 12')")
    page.wait_for_selector('#board [data-at="e12"][data-seat="0"]')
    pieces = page.locator("#board [data-seat]").count()
    for lang in ("es", "en", "de", "hi"):
        page.select_option("#game-lang", lang)
        page.wait_for_function(
            "text => document.body.innerText.includes(text)",
            arg=translate("ui.prompt.main", {"player": 0}, lang, ["Ana", "Ben"]),
        )
        text = page.inner_text("body")
        assert_no_raw_keys(text)
        assert translate("event.build_road", {"player": 0}, lang, ["Ana", "Ben"]) in text
        if lang == "hi":
            assert len(DEVANAGARI.findall(text)) > 100
        assert page.locator("#board [data-seat]").count() == pieces, "the game is kept"
        assert page.locator('#board [data-at="e12"][data-seat="0"]').count() == 1
        settings = json.loads(page.evaluate("localStorage.getItem('catan.settings')") or "{}")
        assert settings.get("lang") == lang, "the choice is remembered"
    page.reload()
    browse.wait_ready(page)
    assert page.input_value("#home-lang, #game-lang") == "hi", "the remembered choice beats the browser's language"
