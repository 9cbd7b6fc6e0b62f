"""What keeps the position from being one the rules can reach, in words, with the spots each
problem is about (ringed on the board): the engine's scenario check, run after every edit
(:meth:`catan_core.editor.Editor.problems`). No command."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..html import Markup, el, join

if TYPE_CHECKING:
    from .scene import Scene


def problems(scene: Scene) -> Markup:
    """The list of problems, or a line saying the position can be reached."""
    text, found = scene.text, scene.checked.problems
    if not found:
        return el("p", text("editor.problems.none"), class_="ok", id="problems-none")
    names = scene.editor.names()
    items = join(
        el(
            "li",
            problem.text(text.lang, names),
            " ",
            el("span", text("editor.problems.where", spots=", ".join(problem.spots)), class_="muted")
            if problem.spots
            else None,
            data_spots=" ".join(problem.spots),
        )
        for problem in found
    )
    return el("h2", text("editor.problems.title", count=len(found))) + el("ul", items, class_="problems")
