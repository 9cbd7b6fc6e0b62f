"""The rules almanac page (almanac.html), run by PyScript.

Shows every entry of :mod:`catan_core.almanac` in the chosen language, each with its live
example: an ``<iframe>`` of ``embed.html`` created when the reader asks for it (or at once
for the entry the address names), so that the page does not start a dozen interpreters.

* ``almanac.html#distance`` opens an entry; ``?lang=hi`` picks the language (else the
  language the game page remembered, else the browser's).
* The language picker remembers the choice where the game page keeps it
  (``localStorage["catan.settings"]["lang"]``).
* ``<html data-ready="1">`` marks the end of start-up.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qs, unquote

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

from catan_core import almanac
from catan_core.i18n import LANGUAGE_NAMES, LANGUAGES, pick_language, translate

SETTINGS_KEY = "catan.settings"
EMBED_HEIGHT_MESSAGE = "catan-embed-height"


def read_settings() -> dict:
    try:
        text = window.localStorage.getItem(SETTINGS_KEY)
        data = {} if is_none(text) else json.loads(text)
        return data if isinstance(data, dict) else {}
    except Exception:  # storage blocked or damaged  # noqa: BLE001
        return {}


def remember_language(lang: str) -> None:
    try:
        window.localStorage.setItem(SETTINGS_KEY, json.dumps({**read_settings(), "lang": lang}))
    except Exception:  # storage full or blocked: the choice lasts for this visit  # noqa: BLE001
        pass


def first_language() -> str:
    asked = parse_qs(str(window.location.search).lstrip("?")).get("lang", [""])[0]
    if asked in LANGUAGES:
        return asked
    try:
        browser = [str(tag) for tag in window.navigator.languages]
    except Exception:  # noqa: BLE001
        browser = []
    return pick_language(read_settings().get("lang"), browser)


LANG = first_language()
opened: set[str] = set()
"""Entries whose live example is showing."""
proxies: list = []


def t(key: str, **params: object) -> str:
    return translate(key, params, LANG)


def by_id(name: str):  # noqa: ANN201 - a DOM element
    return document.getElementById(name)


def element(tag: str, text: str | None = None, cls: str | None = None, **attrs: str):  # noqa: ANN201
    node = document.createElement(tag)
    if text is not None:
        node.textContent = text
    if cls:
        node.className = cls
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def current_hash() -> str:
    return unquote(str(window.location.hash).lstrip("#"))


def open_example(entry_id: str) -> None:
    """Put the live example of ``entry_id`` in place of its button."""
    figure = by_id(f"example-{entry_id}")
    item = almanac.entry(entry_id, LANG)
    if is_none(figure) or item is None or entry_id in opened:
        return
    url = almanac.example_url(item, LANG)
    if url is None:
        return
    opened.add(entry_id)
    frame = element("iframe", None, None, src="./" + url, title=t("almanac.example", title=item.title), loading="lazy")
    figure.querySelector("button").replaceWith(frame)
    caption = figure.querySelector("figcaption")
    if not is_none(caption):
        caption.hidden = True  # the example shows the same caption itself


def build() -> None:
    """(Re)draw the whole almanac in LANG."""
    document.documentElement.lang = LANG
    document.title = f"{t('ui.title')} – {t('almanac.title')}"
    by_id("title").textContent = t("almanac.title")
    intro = by_id("intro")
    intro.textContent = t("almanac.intro")
    intro.className = ""
    intro.removeAttribute("role")
    by_id("back").textContent = t("almanac.back")
    by_id("lang-label").textContent = t("lang.label")
    by_id("toc-title").textContent = t("almanac.contents")
    items = almanac.entries(LANG)
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
    build_picker()


def build_picker() -> None:
    picker = by_id("lang-picker")
    picker.replaceChildren()
    for lang in LANGUAGES:
        option = element("option", LANGUAGE_NAMES[lang], None, value=lang, lang=lang)
        if lang == LANG:
            option.setAttribute("selected", "")
        picker.append(option)
    picker.value = LANG
    picker.disabled = False


def go_to_entry() -> None:
    """Open the entry the address names (scrolling to it and starting its example)."""
    wanted = current_hash()
    notice = by_id("notice")
    if not wanted:
        notice.hidden = True
        return
    entry_id = almanac.resolve(wanted)
    if entry_id is None:
        notice.textContent = t("almanac.not_found", entry=wanted[:60])
        notice.hidden = False
        return
    notice.hidden = True
    open_example(entry_id)
    by_id(entry_id).scrollIntoView()


def on_click(event) -> None:  # noqa: ANN001
    target = event.target.closest("button[data-entry]")
    if not is_none(target):
        open_example(str(target.getAttribute("data-entry")))


def on_language(event) -> None:  # noqa: ANN001
    global LANG
    lang = str(by_id("lang-picker").value)
    if lang not in LANGUAGES or lang == LANG:
        return
    LANG = lang
    remember_language(lang)
    url = window.URL.new(window.location.href)
    url.searchParams.set("lang", lang)
    window.history.replaceState(None, "", url.href)
    reopen = set(opened)
    opened.clear()
    build()
    for entry_id in sorted(reopen):
        open_example(entry_id)


def on_message(event) -> None:  # noqa: ANN001
    """Size each example frame to its content (embed.html reports its height)."""
    if str(event.origin) != str(window.location.origin) or not isinstance(event.data, str):
        return
    try:
        data = json.loads(event.data)
        height = int(data["height"]) if data.get("type") == EMBED_HEIGHT_MESSAGE else 0
    except (ValueError, KeyError, TypeError, AttributeError):
        return
    if not 100 <= height <= 4000:
        return
    for frame in document.querySelectorAll(".example iframe"):
        if frame.contentWindow == event.source:
            frame.style.height = f"{height + 4}px"


def start() -> None:
    build()
    for name, handler, target in (
        ("click", on_click, by_id("entries")),
        ("change", on_language, by_id("lang-picker")),
        ("hashchange", lambda event: go_to_entry(), window),
        ("message", on_message, window),
    ):
        proxy = create_proxy(handler)
        proxies.append(proxy)
        target.addEventListener(name, proxy)
    go_to_entry()
    by_id("almanac").removeAttribute("aria-busy")
    document.documentElement.setAttribute("data-ready", "1")


start()
