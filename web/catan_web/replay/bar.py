"""The replay viewer's bar (the site's name, the page's title and the game's, the links to the
other pages, the step in the board editor, Share, the author mode, the language) and its share
panel: a link to the game at the step shown (a ``g1.`` share link: the game's record and the
step), or to the study being written, with its QR code.

Commands: ``share_open``, ``author``; the page's common ``lang``, ``close_notice``, ``copy``,
``share_close`` (:mod:`catan_web.sharing`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote

from ..commands import Command, nothing
from ..controls import button, language_picker
from ..editor.bar import site_links
from ..effects import Focus
from ..html import EMPTY, Markup, el, join
from ..sharing import COMMANDS as COMMON, share_panel, site_address

if TYPE_CHECKING:
    from ..text import Text
    from .scene import Scene
    from .state import ReplayState
    from .table import ReplayTable

PAGE = "replay.html"


def editor_address(scene: Scene) -> str:
    """The board editor at the step shown: a saved game by its id, else the game's link (the one
    the page came from when it is a game's) and the step."""
    from catan_core.share import game_link

    state, step = scene.state, scene.replay.step
    if state.gid:
        return f"editor.html?game={quote(state.gid)}&step={step}&lang={state.lang}"
    link = state.link or game_link(scene.game)  # a study's link opens its start in the editor
    if link.startswith("t"):
        link = game_link(scene.game)
    return f"editor.html?step={step}&lang={state.lang}#{link}"


def bar(text: Text, state: ReplayState, scene: Scene | None) -> Markup:
    """The bar above the replay (its tools only while a game shows)."""
    links = site_links(
        text,
        (f"editor.html?lang={text.lang}", "replay.link_editor"),
        (f"almanac.html?lang={text.lang}", "editor.link_almanac"),
    )
    tools = [language_picker(text, "replay-lang")]
    if scene is not None:
        tools[:0] = [
            el("a", text("replay.edit_step"), href=editor_address(scene), class_="button", id="edit-step"),
            button(text, text("share.open"), "share_open", ident="share-open", pressed=bool(state.sharing)),
            button(text, text("replay.author"), "author", ident="author", pressed=state.author),
        ]
    name = el("span", state.name, class_="game-name") if state.name else None
    return join(
        (
            el("p", el("a", text("ui.title"), href="index.html"), class_="brand"),
            el("h1", text("replay.title")),
            name,
            links,
            el("div", join(tools), class_="bar-tools"),
        )
    )


def panel(text: Text, state: ReplayState) -> Markup:
    """The share panel while it is open."""
    if not state.sharing:
        return EMPTY
    key = "replay.share_study" if state.sharing_study else "replay.share_step"
    note = text("replay.share_study_note" if state.sharing_study else "replay.share_step_note")
    return share_panel(text, text(key), state.sharing, ident="share", note=note)


def share_open(page: ReplayTable, _: None) -> None:
    """Open the share panel with the link of the game at the step shown."""
    from catan_core.share import game_link

    replay, game = page.replay, page.game
    if replay is not None and game is not None:
        page.edit(sharing=site_address(page.base, PAGE, game_link(game, replay.step)), sharing_study=False)
        page.emit(Focus("#share-link"))


def author(page: ReplayTable, _: None) -> None:
    """Show or hide the study's panel (the author mode)."""
    page.edit(author=not page.state.author)
    if page.state.author:
        page.emit(Focus("#study"))


COMMANDS = (*COMMON, Command("share_open", nothing, share_open), Command("author", nothing, author))
