"""What the editor gives out: the caption and the frame's settings (language, mode, size), the
scenario (to copy or download), the example's link and the ``<iframe>`` snippet for a
tutorial, and the snippet's preview in place (a live frame of ``embed.html``).

The link and the snippet are those of :mod:`catan_web.example` (``embed_address``,
``iframe_snippet``): the scenario travels in the address's fragment as a share link
(:mod:`catan_core.share`), the marks and the caption in its query. They exist only while the
position can be reached: until then the page says so.

Commands: ``caption``, ``frame_lang``, ``frame_mode``, ``frame_width``, ``frame_height``,
``download``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, NamedTuple

from catan_core.editor import MAX_CAPTION
from catan_core.errors import CatanError

from ..commands import Command, line, nothing
from ..controls import button
from ..effects import Download
from ..example import embed_address, iframe_snippet
from ..html import Markup, el
from ..patch import Content, Keyed
from ..sharing import copy_field
from ..snippet import COMMANDS as FRAME_COMMANDS, frame_fields
from ..text import Msg

if TYPE_CHECKING:
    from catan_core.editor import Editor

    from .scene import Scene
    from .table import EditorTable

SCENARIO_ROWS = 8
"""Rows of the field showing the scenario."""


class Example(NamedTuple):
    """The example made: the frame's address (relative to the site), its absolute address,
    and the snippet."""

    address: str
    absolute: str
    snippet: str


def frame_title(scene: Scene) -> str:
    """The frame's accessible name: the caption, else the title, else a plain one."""
    editor = scene.editor
    return editor.caption or editor.scenario.title or scene.text("editor.frame_title")


def example(scene: Scene) -> Example | None:
    """The example's address and snippet (None while the position cannot be reached)."""
    from catan_core.share import pack

    editor, frame = scene.editor, scene.state.frame
    if scene.checked.game is None:
        return None
    address = embed_address(
        pack("scenario", editor.to_scenario()),
        lang=frame.lang or None,
        mode=frame.mode,
        marks=editor.marks,
        caption=editor.caption,
    )
    absolute = scene.base + address
    return Example(address, absolute, iframe_snippet(absolute, frame_title(scene), frame.width, frame.height))


def frame_settings(scene: Scene) -> Markup:
    """The caption, and the frame's language, mode and size."""
    text = scene.text
    caption = el(
        "input",
        id="caption",
        value=scene.editor.caption,
        maxlength=str(MAX_CAPTION),
        autocomplete="off",
        data_change="caption",
    )
    return el("label", text("editor.caption"), caption, class_="wide") + frame_fields(text, scene.state.frame)


def output(scene: Scene) -> Markup:
    """The output panel: settings, scenario, link and snippet."""
    text = scene.text
    scenario = json.dumps(scene.editor.to_scenario(), indent=2, ensure_ascii=False)
    made = example(scene)
    if made is None:
        links = el("p", text("editor.output.unreachable"), class_="warn", id="out-waiting")
    else:
        links = copy_field(text, text("editor.output.link"), made.absolute, "out-link") + copy_field(
            text, text("editor.output.snippet"), made.snippet, "out-snippet", rows=4
        )
    return el(
        "section",
        el("h2", text("editor.output.title"), id="output-title"),
        frame_settings(scene),
        links,
        el(
            "details",
            el("summary", text("editor.output.scenario")),
            copy_field(text, text("editor.output.scenario_json"), scenario, "out-scenario", rows=SCENARIO_ROWS),
            button(text, text("editor.output.download"), "download", ident="download"),
            id="out-scenario-box",
        ),
        class_="card",
        id="output",
        aria_labelledby="output-title",
    )


def preview(scene: Scene) -> Content:
    """The snippet's frame, live: the position, the marks and the caption travel in its
    address's fragment (an editor link, which the frame reads again when only the fragment
    changes), so an edit changes only the frame's ``src`` after ``#`` and the frame shows it
    without starting again; a new language, mode or size starts it anew."""
    from catan_core.share import editor_link

    text, frame = scene.text, scene.state.frame
    if scene.checked.game is None:
        return el("p", text("editor.preview.waiting"), class_="muted")
    address = embed_address(editor_link(scene.editor), lang=frame.lang or None, mode=frame.mode)
    attributes = (
        ("src", address),
        ("title", frame_title(scene)),
        ("class", "catan preview"),
        ("style", f"width: 100%; max-width: {frame.width}px; height: {frame.height}px; border: 0"),
        ("loading", "lazy"),  # on a phone, started only when scrolled to
    )
    return Keyed("iframe", attributes, ())


# --- commands ----------------------------------------------------------------------------------------


def caption(page: EditorTable, typed: str) -> None:
    """The sentence shown above the board in the frame."""
    try:
        page.editor.set_caption(typed.strip())
    except CatanError as error:
        page.notify(Msg.of_error(error))


def file_name(editor: Editor) -> str:
    """The name of the scenario's file: its title's letters and digits.

    >>> from catan_core.editor import Editor
    >>> editor = Editor.beginner(pieces=False); _ = editor.set_title("Too close!")
    >>> file_name(editor)
    'catan-scenario-Too-close.json'
    """
    title = "".join(c if c.isalnum() else "-" for c in editor.scenario.title).strip("-")
    return f"catan-scenario-{'-'.join(part for part in title.split('-') if part) or 'new'}.json"


def download(page: EditorTable, _: None) -> None:
    """Download the scenario as a file."""
    editor = page.editor
    page.emit(Download(file_name(editor), json.dumps(editor.to_scenario(), indent=2, ensure_ascii=False) + "\n"))


COMMANDS = (
    Command("caption", line(MAX_CAPTION), caption),
    *FRAME_COMMANDS,
    Command("download", nothing, download),
)
