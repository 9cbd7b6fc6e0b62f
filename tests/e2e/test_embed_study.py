"""embed.html beyond a position: a study played (issue 28, item 4), the page for authors when
nothing is named (item 6), the error screen (the position as given, seats by their names, the
editor's link), and hostile studies and links refused with a message in the frame.

One frame page serves most tests: what it shows is swapped through the fragment (the frame
reads it again on ``hashchange``), as a host page would.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest

from catan_core import share
from catan_core.errors import FormatError
from catan_core.i18n import translate
from catan_core.study import load as load_study

from catan_web.example import read_shown
from test_study import three_comments_and_a_question

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

HOSTILE_HTML = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
NAMES = ["Ana", "Ben", "Cy"]
STEP_MS = 30_000


def en(key: str, **params: Any) -> str:
    return translate(key, params, "en", NAMES)


def no_injection(page: Page) -> None:
    """Nothing from what was shown ran or became an element."""
    assert page.evaluate("window.__pwned === undefined")
    assert page.locator("#embed img, #embed script, #embed object, #embed embed").count() == 0


def set_fragment(page: Page, fragment: str, expect: str) -> None:
    """Swap what the frame shows and wait until ``expect`` (a selector) shows it."""
    page.evaluate("h => { location.hash = h }", fragment)
    page.wait_for_selector(expect, timeout=STEP_MS)


@pytest.fixture(scope="module")
def frame_page(guarded_browser: GuardedBrowser, site: LocalSite) -> Iterator[Page]:
    """embed.html in English with the study of issue 28 as a share link, shared below."""
    link = share.study_link(load_study(three_comments_and_a_question()))
    page = guarded_browser.open_clean(site.url + "embed.html?lang=en#" + link, viewport={"width": 1280, "height": 900})
    yield page
    page.context.close()


def test_a_study_with_three_comments_and_a_your_move_step_is_played(frame_page: Page, browse: GuardedBrowser) -> None:
    page = frame_page
    text = page.locator("#study-text")
    assert page.inner_text("#caption") == "Where the robber goes"
    assert "Ana rolls: a 7." in text.inner_text() and en("embed.study.start", count=4) in text.inner_text()
    assert page.locator("#study-back").is_disabled() and page.locator("#controls button").count() == 0

    page.click("#study-next")  # comment 2, then the question
    page.wait_for_selector("#study-text .question")
    assert "Nobody holds more than 7 cards: no discards." in text.inner_text()
    assert page.inner_text("#study-text .question") == en("embed.study.your_move", player=0)
    assert page.inner_text("#study-next") == en("embed.study.show") + " ▶"
    assert page.locator("#board .target[data-hex]").count() > 0

    page.click('#board [data-hex="9"]')  # a move the rules refuse: the engine's reason and its Why? link
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message-text") == en("rule.robber_must_move")
    assert page.get_attribute("#why", "href") == "almanac.html?lang=en#seven"
    page.click('#board [data-hex="3"]')  # legal, but not the one: the author's hint
    page.wait_for_function("() => document.querySelector('#message-text').textContent.includes('Hint')")
    assert page.inner_text("#message-text") == en("study.wrong_hint", hint="Ben holds the most cards: which of his hexes pays best?")
    assert page.locator("#why").count() == 0
    page.focus('#board [tabindex="0"]')  # the board's keys: End and Home move its one Tab stop ...
    at = "document.activeElement.matches('#board .target[data-hex][tabindex=\"0\"]') && document.activeElement.dataset.hex"
    for key in ("End", "Home"):
        before = page.evaluate(at)
        page.keyboard.press(key)
        page.wait_for_function(f"() => ({at}) && ({at}) !== {json.dumps(before)}")
    page.focus('#board [data-hex="1"]')
    page.keyboard.press("Enter")  # ... and Enter on a target makes its move: the move to find
    page.wait_for_selector("#message.found")
    assert page.inner_text("#message-text") == en("study.correct")
    assert en("embed.study.step", step=2, count=4) in text.inner_text()
    assert page.locator("#board .target").count() == 0, "the study goes on with its own moves"
    assert page.evaluate("document.activeElement.id") == "study-next"  # the focus, lost with the board's target

    page.keyboard.press("ArrowRight")  # the arrow keys step through too
    page.wait_for_function("() => document.querySelector('#study-text').textContent.includes('coast')")
    assert "Ana builds towards the coast with the cards she has." in text.inner_text()
    assert page.locator('#board .marked[data-at="e6"]').count() == 1, "the move just made is ringed"
    assert page.locator("#message").is_hidden()
    page.click("#study-next")
    page.wait_for_selector("#study-text .end")
    assert page.inner_text("#study-text .end") == en("embed.study.end")
    assert page.locator("#study-next").is_disabled() and page.locator("#study-last").is_disabled()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => !document.querySelector('#study-text .end')")
    assert en("embed.study.step", step=3, count=4) in text.inner_text()
    page.click("#study-first")
    page.wait_for_function("() => document.querySelector('#study-text').textContent.includes('Ana rolls')")


def test_a_deep_link_opens_the_study_at_its_step(browse: GuardedBrowser, site: LocalSite) -> None:
    data = json.dumps(three_comments_and_a_question())
    page = browse.open(site.url + "embed.html?lang=de&step=3#" + quote(data, safe=""))
    assert translate("embed.study.step", {"step": 3, "count": 4}, "de") in page.inner_text("#study-text")
    assert page.locator('#board [data-at="e6"][data-seat="0"]').count() == 1
    assert page.get_attribute("html", "lang") == "de"


@pytest.mark.parametrize(
    ("fragment", "reason"),
    [
        ('{"format": "catan-study", "version": 1, "title": ' + "[" * 100_000 + "]" * 100_000 + "}", "format.not_json"),
        (json.dumps({**three_comments_and_a_question(), "moves": HOSTILE_HTML}), "format.field"),
        (json.dumps({**three_comments_and_a_question(), "title": HOSTILE_HTML, "version": 7}), "format.version"),
        (json.dumps({**three_comments_and_a_question(), "title": "x" * 2_000_001}), "format.too_large"),
        ("t1." + "A" * 100_001, "format.link_too_long"),
        ("t9.eNqrVkrLz1eyUkpKLFKqBQAd7QRt", "format.link_version"),
    ],
    ids=["deep", "wrong-type", "unknown-version", "huge", "huge-link", "link-version"],
)
def test_hostile_studies_and_links_are_refused_with_a_message(
    frame_page: Page, browse: GuardedBrowser, fragment: str, reason: str
) -> None:
    page = frame_page
    encoded = fragment if fragment[:2] in ("t1", "t9") else quote(fragment, safe="")
    set_fragment(page, encoded, "#error .error")
    with pytest.raises(FormatError) as refused:
        read_shown(fragment)
    assert refused.value.key == reason
    expected = {"reason_key": reason, "reason_params": refused.value.params}
    assert page.inner_text("#error .error") == translate("embed.error.invalid_study", expected, "en")
    assert page.locator("#board svg").count() == 0 and page.locator("#study").is_hidden()
    no_injection(page)
    set_fragment(page, share.study_link(load_study(three_comments_and_a_question())), "#study-text .step")


def test_the_error_screen_draws_the_position_names_seats_and_links_the_editor(
    frame_page: Page, browse: GuardedBrowser
) -> None:
    page = frame_page
    data = {"format": "catan-scenario", "players": [{"name": "Ana", "roads": list(range(16))}, {"name": "Bo"}]}
    set_fragment(page, quote(json.dumps(data), safe=""), "#error .error")
    assert page.inner_text("#error .error").endswith("Ana has more pieces than the game contains.")
    assert page.locator("#error .sketch svg").count() == 1 and page.locator('#error [data-at="e15"][data-seat="0"]').count() == 1
    data = {"format": "catan-scenario", "players": [{"name": "Ana", "settlements": [4, 8]}, {"name": "Bo"}]}
    set_fragment(page, quote(json.dumps(data), safe=""), "#error .marked")
    assert page.locator('#error .marked[data-at="n4"]').count() == 1 and page.locator('#error .marked[data-at="n8"]').count() == 1
    link = page.locator("#error .fix a")
    href = link.get_attribute("href") or ""
    assert href.startswith("editor.html?lang=en#e1.") and link.get_attribute("target") == "_blank"
    editor = share.read_link(href).editor
    assert editor is not None and editor.to_scenario()["players"][1]["name"] == "Bo"
    assert "Player" not in page.inner_text("#embed")
    no_injection(page)


def test_a_bare_frame_is_a_page_for_authors_with_three_live_examples(browse: GuardedBrowser, site: LocalSite) -> None:
    page = browse.open_clean(site.url + "embed.html?lang=en", viewport={"width": 1280, "height": 900})
    assert page.inner_text("h1") == en("embed.authors.title") and page.title() == en("embed.authors.title")
    assert page.get_attribute("#authors .editor-link", "href") == "editor.html?lang=en"
    frames = page.locator("#authors iframe")
    assert frames.count() == 3
    for index in range(3):
        frame = page.frame_locator("#authors iframe").nth(index)
        frame.locator("html[data-ready='1'] #board svg").wait_for(timeout=60_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('#authors iframe')].every(f => parseInt(f.style.height) > 300)",
        timeout=STEP_MS,
    )
    snippet = page.locator("#authors details").first
    snippet.locator("summary").click()
    code = snippet.locator("code").inner_text()
    assert code.startswith('<iframe class="catan" src="' + site.url + "embed.html?scenario=scenarios/winning.json")
    assert page.locator("#error").is_hidden() and page.locator("#board svg").count() == 0
