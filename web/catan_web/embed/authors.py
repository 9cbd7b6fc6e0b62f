"""The page ``embed.html`` shows when its address names nothing to show: a short page for
the authors of rules tutorials. What the frame is, the board editor that makes one, and three
live examples of the positions the site ships, each with its ready snippet.

The examples are frames of this page (their height is sized by their reports, as in the
almanac); the snippets name this page's own address, ready to copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import almanac

from ..example import editor_url, iframe_snippet
from ..html import Markup, el, join

if TYPE_CHECKING:
    from .scene import Scene

EXAMPLES: tuple[str, ...] = ("victory_point", "roads", "settlements")
"""The rules almanac entries whose live examples the page shows: a picture (view mode) and
two positions to try."""
EXAMPLE_SIZE = (480, 520)
"""The width and height (CSS pixels) the examples' snippets give their frames."""


def authors_page(scene: Scene) -> Markup:
    """What the frame is, where to make one, and the three examples."""
    t, lang = scene.text, scene.state.lang
    head = join(
        (
            el("h1", t("embed.authors.title")),
            el("p", t("embed.error.no_scenario"), class_="lead", id="nothing"),
            el("p", t("embed.authors.what")),
            el(
                "p",
                t("embed.authors.make"),
                " ",
                el("a", t("embed.authors.editor"), href=editor_url(lang), class_="editor-link"),
            ),
            el("h2", t("embed.authors.examples")),
        )
    )
    return head + el("div", join(example(scene, entry_id) for entry_id in EXAMPLES), class_="examples")


def example(scene: Scene, entry_id: str) -> Markup:
    """One live example: its frame, what it shows, and its snippet."""
    t, lang = scene.text, scene.state.lang
    entry = almanac.entry(entry_id, lang)
    url = almanac.example_url(entry, lang) if entry is not None else None
    if entry is None or url is None:
        raise ValueError(f"the almanac entry {entry_id!r} has no example")
    title = t("almanac.example", title=entry.title)
    width, height = EXAMPLE_SIZE
    snippet = iframe_snippet(scene.state.site + url, title, width, height)
    return el(
        "figure",
        el("iframe", src=url, title=title, loading="lazy", class_="catan"),
        el("figcaption", t("embed.authors.mode_" + entry.example.mode) if entry.example else None),
        el("details", el("summary", t("embed.authors.snippet")), el("pre", el("code", snippet))),
        class_="example",
        id=f"example-{entry_id}",
    )
