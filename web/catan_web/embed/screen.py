"""The frame's regions, and which view draws each.

The layout (:func:`shell`) is written once into ``<main id="embed">``; after each command
:func:`regions` gives every region its content, and the patcher writes only what changed. A
region's name is its element's id; a region that has nothing to show is hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..html import EMPTY, Markup, el, escape
from ..patch import Content, Framed
from .state import AUTHORS, ERROR, LOADING

if TYPE_CHECKING:
    from .scene import Scene

HIDDEN = (("hidden", ""),)
"""The attributes of a region's element that hide it."""


def shell() -> Markup:
    """The frame's layout: every region's element, empty (the frame draws it at once)."""
    study = el(
        "section",
        el("div", id="study-text", class_="study-text", aria_live="polite"),
        el("div", id="study-nav"),
        id="study",
        class_="study",
    )
    return (
        el("p", id="caption", class_="caption")
        + el("p", id="notice", class_="notice")
        + el("div", id="board", class_="board")
        + study
        + el("p", id="prompt", class_="prompt", role="status")
        + el("div", id="controls", class_="controls")
        + el("p", id="message", class_="message", role="alert")
        + el("ul", id="players", class_="players")
        + el("ol", id="log", class_="log")
        + el("div", id="authors", class_="authors")
        + el("div", id="error", class_="failed")
    )


def shown(visible: bool, content: Markup | None = None) -> Framed:
    """A region shown (with ``content``) or hidden (emptied)."""
    return Framed((), content) if visible else Framed(HIDDEN, EMPTY if content is not None else None)


def regions(scene: Scene) -> list[tuple[str, Content]]:
    """Every region's content."""
    from . import caption, controls, log, message, players, study
    from .board import board

    state, t = scene.state, scene.text
    words = caption.caption(scene)
    notice = caption.notice(scene) if state.screen != AUTHORS else ""
    prompt = t("embed.loading") if state.screen == LOADING else controls.prompt(scene)
    lines = log.log_lines(scene)
    moves = controls.controls(scene)
    return [
        ("caption", shown(bool(words), escape(words))),
        ("notice", shown(bool(notice), escape(notice))),
        ("board", board(scene)),
        ("study", Framed(study_label(scene))),
        ("study-text", study.study_text(scene)),
        ("study-nav", study.study_nav(scene)),
        ("prompt", shown(bool(prompt), escape(prompt or ""))),
        ("controls", shown(bool(moves), moves)),
        (
            "message",
            Framed(((("class", message.kind(scene)),) + (() if state.answer else HIDDEN)), message.message(scene)),
        ),
        ("players", shown(scene.example is not None, players.players(scene))),
        ("log", shown(bool(lines), lines)),
        ("authors", shown(state.screen == AUTHORS, authors(scene))),
        ("error", shown(state.screen == ERROR, failed(scene))),
    ]


def study_label(scene: Scene) -> tuple[tuple[str, str], ...]:
    """The study panel's attributes: its name for screen readers, or hidden."""
    if scene.lesson is None:
        return HIDDEN
    return (("aria-label", scene.text("embed.study.label")),)


def authors(scene: Scene) -> Markup:
    """The authors' page (only drawn on its screen: its examples are frames)."""
    if scene.state.screen != AUTHORS:
        return EMPTY
    from .authors import authors_page

    return authors_page(scene)


def failed(scene: Scene) -> Markup:
    """The error screen (only drawn on its screen)."""
    if scene.state.screen != ERROR:
        return EMPTY
    from .error import error_screen

    return error_screen(scene)
