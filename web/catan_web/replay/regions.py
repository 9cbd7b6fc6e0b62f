"""The replay viewer's regions, and which view draws each.

The layout (:func:`shell`) is written once; after each command :func:`regions` gives every
region its content, and the patcher writes only what changed (a step forward: the board's few
changed elements, the step's lines of the log, the hands that changed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import catan_core

from ..html import EMPTY, Markup, el, escape
from ..patch import Content, Framed
from ..sharing import notice
from . import bar, board, coach, hands, log, source, stats, steps, study

if TYPE_CHECKING:
    from catan_core.errors import CatanError
    from catan_core.study import Study

    from ..store import SaveMeta
    from ..text import Text
    from .log import LogMemo
    from .scene import Scene
    from .state import ReplayState

GAME_REGIONS = ("board", "steps-box", "hands-box", "log-title", "log-box", "stats-box", "review-box", "study-box")
"""The regions that show a game (empty until one is open)."""
HIDDEN = (("hidden", ""),)


def shell() -> Markup:
    """The page's layout: every region's element, empty (the page draws them at once)."""
    left = el(
        "div",
        el("div", id="board", class_="board"),
        el("div", id="steps-box"),
        el("div", id="study-box"),
        class_="board-col",
    )
    log_card = el(
        "section",
        el("h2", id="log-title"),
        el("div", id="log-box"),
        class_="card",
        id="log",
        aria_labelledby="log-title",
    )
    right = el(
        "div", el("div", id="hands-box"), log_card, el("div", id="stats-box"), el("div", id="review-box"), class_="side"
    )
    return (
        el("header", id="bar", class_="bar")
        + el("div", id="notice", role="status", aria_live="assertive")
        + el("div", id="share-box")
        + el("div", id="open-box")
        + el("div", left, right, class_="replay-grid", id="replay")
        + el("div", id="announce", class_="visually-hidden", aria_live="polite", aria_atomic="false")
        + el("footer", id="footer", class_="footer")
    )


def regions(
    text: Text,
    state: ReplayState,
    scene: Scene | None,
    saves: list[SaveMeta],
    memo: LogMemo,
    built: Study | CatanError | None,
) -> list[tuple[str, Content]]:
    """Every region's content: the bar, the notice, the share panel and the ways to open a
    game always; the game's regions when one is open (``built``: the study of the author mode)."""
    out: list[tuple[str, Content]] = [
        ("bar", bar.bar(text, state, scene)),
        ("notice", notice(text, state.notice)),
        ("share-box", bar.panel(text, state)),
        ("open-box", source.open_panel(text, saves, scene is not None)),
        ("footer", escape(text("ui.version", version=catan_core.__version__))),
    ]
    if scene is None:
        return [*out, ("replay", Framed(HIDDEN)), *((name, EMPTY) for name in GAME_REGIONS)]
    return [
        *out,
        ("replay", Framed(())),
        ("board", board.board(scene)),
        ("steps-box", steps.steps(scene)),
        ("hands-box", hands.hands(scene)),
        ("log-title", escape(text("ui.log.title"))),
        ("log-box", log.log_list(scene, memo)),
        ("stats-box", stats.stats(scene)),
        ("review-box", coach.review_box(scene)),
        ("study-box", study.study_panel(scene, built)),
    ]


COMPONENTS = (bar, source, steps, hands, stats, study, coach)
"""The components whose commands make the page's table (each module's ``COMMANDS``)."""
