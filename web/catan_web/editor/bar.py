"""The editor's bar (the site's name, the page's title, the links to the other pages, Share and
the language) and its share panel: a link reopening this work in the editor (an ``e1.``
share link: the position, the marks and the caption), with its QR code.

Commands: ``share_open``; the page's common ``lang``, ``close_notice``, ``copy``,
``share_close`` (:mod:`catan_web.sharing`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..commands import Command, nothing
from ..controls import button, language_picker
from ..effects import Focus
from ..html import EMPTY, Markup, el, join
from ..sharing import COMMANDS as COMMON, share_panel, site_address

if TYPE_CHECKING:
    from ..text import Text
    from .state import EditorState
    from .table import EditorTable

PAGE = "editor.html"
ID_MAP = "board-ids.svg"
"""The map of every spot's id, shipped beside the pages (docs/board-ids.svg)."""


def site_links(text: Text, *pages: tuple[str, str]) -> Markup:
    """Links to the site's other pages: the game, then ``pages`` (address, message key)."""
    links = (("index.html", "editor.link_game"), *pages)
    return el("nav", join(el("a", text(key), href=href) for href, key in links), class_="site-links")


def bar(text: Text, state: EditorState) -> Markup:
    """The bar above the editor."""
    links = site_links(
        text,
        (f"replay.html?lang={text.lang}", "editor.link_replay"),
        (f"almanac.html?lang={text.lang}", "editor.link_almanac"),
        (ID_MAP, "editor.link_ids"),
    )
    share = button(text, text("share.open"), "share_open", ident="share-open", pressed=bool(state.sharing))
    return join(
        (
            el("p", el("a", text("ui.title"), href="index.html"), class_="brand"),
            el("h1", text("editor.title")),
            links,
            el("div", share, language_picker(text, "editor-lang"), class_="bar-tools"),
        )
    )


def panel(text: Text, state: EditorState) -> Markup:
    """The share panel while it is open."""
    if not state.sharing:
        return EMPTY
    return share_panel(text, text("editor.share_title"), state.sharing, ident="share", note=text("editor.share_note"))


def share_open(page: EditorTable, _: None) -> None:
    """Open the share panel with the link of this work."""
    from catan_core.share import editor_link

    page.edit(sharing=site_address(page.base, PAGE, editor_link(page.editor)))
    page.emit(Focus("#share-link"))


COMMANDS = (*COMMON, Command("share_open", nothing, share_open))
