"""The rules almanac (``almanac.html``) driven through its commands in CPython: every entry in
every language, an example opened (its entry alone rewritten: the other open examples go on),
the entry the address names, an unknown one named as text, and the command table."""

from __future__ import annotations

import re

import pytest

from catan_core import almanac
from catan_core.i18n import LANGUAGES, translate
from catan_web.almanac.controller import AlmanacController, Remember, Reveal
from catan_web.commands import CommandError
from catan_web.patch import Fill, Keyed, Put

NAMED = re.compile(r'data-(?:cmd|change)="([^"]+)"')


def html(page: AlmanacController, region: str) -> str:
    content = page.patcher.drawn[region]
    return content.markup() if isinstance(content, Keyed) else str(getattr(content, "content", content))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_in_every_language_with_the_way_to_the_editor(lang: str) -> None:
    page = AlmanacController(lang)
    page.draw()
    entries = html(page, "entries")
    assert [e.title for e in almanac.entries(lang)] == re.findall(r'<h2 id="title-[a-z_]+">([^<]+)</h2>', entries.replace("&#x27;", "'"))
    assert html(page, "toc-list").count("<li>") == len(almanac.entry_ids())
    assert f'href="editor.html?lang={lang}"' in html(page, "authors")
    assert html(page, "title") == translate("almanac.title", {}, lang) and page.language() == lang
    assert f'<option value="{lang}" lang="{lang}" selected>' in html(page, "lang")


def test_opening_an_example_rewrites_its_entry_alone() -> None:
    page = AlmanacController("en")
    page.draw()
    assert page.dispatch("go", "roads") == [Reveal("roads")]
    ops = page.draw()
    assert [type(op) for op in ops] == [Put] and 'src="./embed.html?scenario=scenarios/roads.json&amp;lang=en' in ops[0].html
    page.dispatch("open", "settlements")
    ops = page.draw()
    assert [type(op) for op in ops] == [Put] and "distance.json" in ops[0].html  # the roads example goes on
    assert page.state.opened == ("roads", "settlements")
    page.dispatch("open", "costs")  # no example: nothing
    assert page.draw() == []


def test_the_language_switches_everything_and_is_remembered() -> None:
    page = AlmanacController("en")
    page.dispatch("go", "distance")
    page.draw()
    assert page.dispatch("lang", "hi") == [Remember("hi")]
    ops = page.draw()
    entries = next(op for op in ops if op.region == "entries")
    assert isinstance(entries, Fill) and "lang=hi" in entries.html and page.state.opened == ("settlements",)
    assert page.dispatch("lang", "hi") == []


def test_an_unknown_entry_is_named_as_text_and_an_empty_one_hides_the_notice() -> None:
    page = AlmanacController("de")
    page.dispatch("go", "<b>" + "x" * 100)
    page.draw()
    notice = html(page, "notice")
    assert "&lt;b&gt;" in notice and "<b>" not in notice and notice.count("x") == 57
    page.dispatch("go", "")
    assert page.state.notice is None


def test_every_command_named_is_in_the_table_and_bad_arguments_run_nothing() -> None:
    page = AlmanacController("en")
    page.draw()
    named = {name for region in page.patcher.drawn for name in NAMED.findall(html(page, region))}
    table = page.table
    sent = {name for name, command in table.commands.items() if command.sent_by_page}
    assert named <= table.names() and table.names() - named - sent == set()
    for name, arg in (("lang", "fr"), ("open", "<script>"), ("opne", "roads")):
        with pytest.raises(CommandError):
            page.dispatch(name, arg)
