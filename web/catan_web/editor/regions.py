"""The editor page's regions, and which view draws each.

The layout (:func:`shell`) is written once; after each command :func:`regions` gives every
region its content, and the patcher writes only what changed (the preview's frame gets a
new ``src`` when the example changes: a new fragment, which it reads without starting again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import catan_core

from ..html import Markup, el, escape
from ..patch import Content
from ..sharing import notice
from . import bar, board, output, position, problems, seats, start, tools

if TYPE_CHECKING:
    from ..store import SaveMeta
    from .scene import Scene


def shell() -> Markup:
    """The page's layout: every region's element, empty (the page draws them at once)."""
    board_card = el(
        "section",
        el("h2", id="board-title", class_="visually-hidden"),
        el("div", id="tools", class_="tools"),
        el("div", id="board", class_="board"),
        el("div", id="problems", class_="problems-box", aria_live="polite"),
        class_="card board-card",
        id="board-card",
        aria_labelledby="board-title",
    )
    left = el(
        "div",
        board_card,
        el(
            "section",
            el("h2", id="preview-title"),
            el("div", id="preview-frame"),
            id="preview",
            class_="card preview-card",
            aria_labelledby="preview-title",
        ),
        class_="board-col",
    )
    right = el(
        "div",
        el("div", id="start-box"),
        el("div", id="seat-box"),
        el("div", id="position-box"),
        el("div", id="output-box"),
        class_="side",
    )
    return (
        el("header", id="bar", class_="bar")
        + el("div", id="notice", role="status", aria_live="assertive")
        + el("div", id="share-box")
        + el("div", left, right, class_="editor-grid", id="editor")
        + el("div", id="announce", class_="visually-hidden", aria_live="polite", aria_atomic="false")
        + el("footer", id="footer", class_="footer")
    )


def regions(scene: Scene, saves: list[SaveMeta]) -> list[tuple[str, Content]]:
    """Every region's content (``saves``: this browser's saved games, to start from)."""
    text = scene.text
    return [
        ("bar", bar.bar(text, scene.state)),
        ("notice", notice(text, scene.state.notice)),
        ("share-box", bar.panel(text, scene.state)),
        ("board-title", escape(text("editor.board_title"))),
        ("tools", tools.tools(scene)),
        ("board", board.board(scene)),
        ("problems", problems.problems(scene)),
        ("preview-title", escape(text("editor.preview.title"))),
        ("preview-frame", output.preview(scene)),
        ("start-box", start.start_panel(scene, saves)),
        ("seat-box", seats.seat_panel(scene)),
        ("position-box", position.position_panel(scene)),
        ("output-box", output.output(scene)),
        ("footer", escape(text("ui.version", version=catan_core.__version__))),
    ]


COMPONENTS = (bar, tools, board, start, seats, position, output)
"""The components whose commands make the page's table (each module's ``COMMANDS``)."""
