"""The rules almanac page (``almanac.html``, started by ``almanac.py``; PyScript only).

Shows every entry of :mod:`catan_core.almanac` in the chosen language, each with its live
example: an ``<iframe>`` of ``embed.html`` created when the reader asks for it (or at once
for the entry the address names), so that the page does not start a dozen interpreters.

* ``almanac.html#distance`` opens an entry; ``?lang=hi`` picks the language (else the
  language the game page remembered, else the browser's).
* The language picker remembers the choice in the settings every page shares
  (:mod:`catan_web.settings`).
* ``<html data-ready="1">`` marks the end of start-up.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, unquote

from catan_core import almanac
from catan_core.i18n import LANGUAGE_NAMES, LANGUAGES, translate

from ..frame import frame_height
from ..settings import SettingsStore
from .dom import create_proxy, document, is_none, window
from .page import browser_storage, by_id, element, page_language

MAX_ENTRY_SHOWN = 60
"""Longest unknown entry name repeated in the "not found" notice."""


def current_hash() -> str:
    """The entry the address names after ``#`` ("" for none)."""
    return unquote(str(window.location.hash).lstrip("#"))


class AlmanacPage:
    """The almanac in the chosen language, with the examples the reader opened."""

    def __init__(self) -> None:
        self.settings = SettingsStore(browser_storage())
        asked = parse_qs(str(window.location.search).lstrip("?")).get("lang", [""])[0]
        self.lang = page_language(asked, self.settings)
        self.opened: set[str] = set()
        """Entries whose live example is showing."""
        self._proxies: list[Any] = []

    def t(self, key: str, **params: object) -> str:
        """A sentence in the page's language."""
        return translate(key, params, self.lang)

    def start(self) -> None:
        """Draw the almanac, bind the events, open the entry the address names."""
        self.build()
        for name, handler, target in (
            ("click", self.on_click, by_id("entries")),
            ("change", self.on_language, by_id("lang-picker")),
            ("hashchange", lambda event: self.go_to_entry(), window),
            ("message", self.on_message, window),
        ):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            target.addEventListener(name, proxy)
        self.go_to_entry()
        by_id("almanac").removeAttribute("aria-busy")
        document.documentElement.setAttribute("data-ready", "1")

    def open_example(self, entry_id: str) -> None:
        """Put the live example of ``entry_id`` in place of its button."""
        figure = by_id(f"example-{entry_id}")
        item = almanac.entry(entry_id, self.lang)
        if is_none(figure) or item is None or entry_id in self.opened:
            return
        url = almanac.example_url(item, self.lang)
        if url is None:
            return
        self.opened.add(entry_id)
        frame = element(
            "iframe", None, None, src="./" + url, title=self.t("almanac.example", title=item.title), loading="lazy"
        )
        figure.querySelector("button").replaceWith(frame)
        caption = figure.querySelector("figcaption")
        if not is_none(caption):
            caption.hidden = True  # the example shows the same caption itself

    def build(self) -> None:
        """(Re)draw the whole almanac in the page's language."""
        t = self.t
        document.documentElement.lang = self.lang
        document.title = f"{t('ui.title')} – {t('almanac.title')}"
        by_id("title").textContent = t("almanac.title")
        intro = by_id("intro")
        intro.textContent = t("almanac.intro")
        intro.className = ""
        intro.removeAttribute("role")
        by_id("back").textContent = t("almanac.back")
        by_id("lang-label").textContent = t("lang.label")
        by_id("toc-title").textContent = t("almanac.contents")
        items = almanac.entries(self.lang)
        titles = {item.id: item.title for item in items}
        toc = by_id("toc-list")
        toc.replaceChildren()
        sections = []
        for item in items:
            link = element("a", item.title, None, href=f"#{item.id}")
            li = element("li")
            li.append(link)
            toc.append(li)
            section = element("section", None, "entry", id=item.id, aria_labelledby=f"title-{item.id}")
            section.append(element("h2", item.title, None, id=f"title-{item.id}"))
            for paragraph in item.paragraphs:
                section.append(element("p", paragraph))
            if item.example is not None:
                figure = element("figure", None, "example", id=f"example-{item.id}")
                show = element("button", t("almanac.show_example"), None, type="button", data_entry=item.id)
                figure.append(show, element("figcaption", item.caption))
                section.append(figure)
            if item.see:
                see = element("p", None, "see")
                see.append(element("span", t("almanac.see_also") + " "))
                for other in item.see:
                    see.append(element("a", titles[other], None, href=f"#{other}"), document.createTextNode(" "))
                section.append(see)
            sections.append(section)
        by_id("entries").replaceChildren(*sections)
        by_id("toc").hidden = False
        self.build_picker()

    def build_picker(self) -> None:
        """The language menu, each language named in its own words."""
        picker = by_id("lang-picker")
        picker.replaceChildren()
        for lang in LANGUAGES:
            option = element("option", LANGUAGE_NAMES[lang], None, value=lang, lang=lang)
            if lang == self.lang:
                option.setAttribute("selected", "")
            picker.append(option)
        picker.value = self.lang
        picker.disabled = False

    def go_to_entry(self) -> None:
        """Open the entry the address names (scrolling to it and starting its example)."""
        wanted = current_hash()
        notice = by_id("notice")
        if not wanted:
            notice.hidden = True
            return
        entry_id = almanac.resolve(wanted)
        if entry_id is None:
            notice.textContent = self.t("almanac.not_found", entry=wanted[:MAX_ENTRY_SHOWN])
            notice.hidden = False
            return
        notice.hidden = True
        self.open_example(entry_id)
        by_id(entry_id).scrollIntoView()

    def on_click(self, event: Any) -> None:
        """A "show the example" button."""
        target = event.target.closest("button[data-entry]")
        if not is_none(target):
            self.open_example(str(target.getAttribute("data-entry")))

    def on_language(self, event: Any) -> None:
        """The language picker changed: remember it, redraw, reopen the open examples."""
        lang = str(by_id("lang-picker").value)
        if lang not in LANGUAGES or lang == self.lang:
            return
        self.lang = lang
        self.settings.remember(lang=lang)
        url = window.URL.new(window.location.href)
        url.searchParams.set("lang", lang)
        window.history.replaceState(None, "", url.href)
        reopen = set(self.opened)
        self.opened.clear()
        self.build()
        for entry_id in sorted(reopen):
            self.open_example(entry_id)

    def on_message(self, event: Any) -> None:
        """Size each example frame to its content (embed.html reports its height)."""
        if str(event.origin) != str(window.location.origin):
            return
        height = frame_height(event.data)
        if height is None:
            return
        for frame in document.querySelectorAll(".example iframe"):
            if frame.contentWindow == event.source:
                frame.style.height = f"{height + 4}px"
