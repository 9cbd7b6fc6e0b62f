"""The answer to the reader's last move: why the rules refuse it, with a "Why?" link to the
rules almanac entry explaining the rule; the author's hint; or that a study's move was found.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core.almanac import almanac_url

from ..html import EMPTY, Markup, el

if TYPE_CHECKING:
    from .scene import Scene


def message(scene: Scene) -> Markup:
    """The answer's sentence and its "Why?" link (nothing without an answer)."""
    answer = scene.state.answer
    if answer is None:
        return EMPTY
    text = el("span", answer.text, id="message-text")
    if not answer.entry:
        return text
    href = almanac_url(answer.entry, scene.state.lang)
    return text + " " + el("a", scene.text("embed.why"), id="why", href=href, target="_blank", rel="noopener")


def kind(scene: Scene) -> str:
    """The message's class: a refusal, or a move found."""
    answer = scene.state.answer
    return "message found" if answer is not None and answer.found else "message"
