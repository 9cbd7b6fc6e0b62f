"""The latest events in words, when the reader plays or steps through a study (a picture
has no history to tell)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..html import EMPTY, Markup, el, join

if TYPE_CHECKING:
    from .scene import Scene


def log_lines(scene: Scene) -> Markup:
    """The log's lines, oldest first (nothing when there is none to show)."""
    if scene.example is None or not scene.open_hands:
        return EMPTY
    return join(el("li", line) for line in scene.example.log())
