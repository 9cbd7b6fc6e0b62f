"""The sentence above the board (the address's caption, else a link's, else the title) and
the notice naming the spots of ``mark=`` that are no spots."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..example import MAX_CAPTION_CHARS

if TYPE_CHECKING:
    from .scene import Scene


def caption(scene: Scene) -> str:
    """The caption ("" for none), shown with the position."""
    return scene.state.caption[:MAX_CAPTION_CHARS] if scene.example is not None else ""


def notice(scene: Scene) -> str:
    """The spots of ``mark=`` left out, named ("" when every mark is a spot)."""
    t = scene.text
    return " ".join(t("embed.error.bad_mark", mark=m) for m in scene.state.params.bad_marks)
