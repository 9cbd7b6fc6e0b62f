"""The almanac's layout and regions: the top bar (back to the game, the language), the
title, the introduction and the way to the board editor, the notice, the contents, and the
entries (a keyed region: opening an example rewrites its entry alone, so the other open
examples go on)."""

from __future__ import annotations

from catan_core import almanac
from catan_core.i18n import LANGUAGE_NAMES, LANGUAGES

from ..example import editor_url
from ..html import Markup, el, escape, join
from ..patch import Content, Framed, Keyed
from .state import AlmanacState

HIDDEN = (("hidden", ""),)


def shell() -> Markup:
    """The page's layout (each region's element empty: the page draws it at once)."""
    top = el(
        "header",
        el("a", id="back", href="./index.html"),
        el("label", el("span", id="lang-label"), " ", el("span", id="lang"), class_="picker"),
        class_="top",
    )
    main = el(
        "main",
        el("h1", id="title"),
        el("p", id="intro"),
        el("p", id="authors", class_="authors"),
        el("p", id="notice", class_="notice", role="alert"),
        el("nav", el("h2", id="toc-title"), el("ol", id="toc-list"), id="toc", aria_labelledby="toc-title"),
        el("div", id="entries"),
        id="almanac",
    )
    return top + main


def regions(state: AlmanacState) -> list[tuple[str, Content]]:
    """Every region's content."""
    t = state.text()
    items = almanac.entries(state.lang)
    notice = t("almanac.not_found", entry=state.notice) if state.notice is not None else ""
    editor = el("a", t("almanac.editor"), href=editor_url(state.lang))
    titles = {item.id: item.title for item in items}
    return [
        ("back", escape(t("almanac.back"))),
        ("lang-label", escape(t("lang.label"))),
        ("lang", picker(state.lang)),
        ("title", escape(t("almanac.title"))),
        ("intro", escape(t("almanac.intro"))),
        ("authors", join((t("almanac.authors"), " ", editor))),
        ("notice", Framed(() if notice else HIDDEN, join((notice,)))),
        ("toc-title", escape(t("almanac.contents"))),
        ("toc-list", join(el("li", el("a", item.title, href=f"#{item.id}")) for item in items)),
        ("entries", Keyed("div", (), tuple((item.id, entry(state, item, titles)) for item in items))),
    ]


def picker(lang: str) -> Markup:
    """The language menu, each language named in its own words."""
    options = join(
        el("option", LANGUAGE_NAMES[code], value=code, lang=code, selected=code == lang) for code in LANGUAGES
    )
    return el("select", options, id="lang-picker", data_change="lang")


def entry(state: AlmanacState, item: almanac.Entry, titles: dict[str, str]) -> Markup:
    """One entry: its title, its paragraphs, its example (a button until opened), its links to
    other entries (named by ``titles``)."""
    t = state.text()
    parts = [el("h2", item.title, id=f"title-{item.id}"), *(el("p", paragraph) for paragraph in item.paragraphs)]
    url = almanac.example_url(item, state.lang)
    if url is not None:
        opened = item.id in state.opened
        shown = (
            el("iframe", src="./" + url, title=t("almanac.example", title=item.title), loading="lazy")
            if opened
            else el("button", t("almanac.show_example"), type="button", data_cmd="open", data_arg=item.id)
        )
        caption = el("figcaption", item.caption, hidden=opened)  # an open example shows it itself
        parts.append(el("figure", shown, caption, class_="example", id=f"example-{item.id}"))
    if item.see:
        links = join(join((el("a", titles[other], href=f"#{other}"), " ")) for other in item.see)
        parts.append(el("p", el("span", t("almanac.see_also") + " "), links, class_="see"))
    return el("section", *parts, class_="entry", id=item.id, aria_labelledby=f"title-{item.id}")
