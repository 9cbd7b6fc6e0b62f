"""The board editor's controller: a command in, the new state and the effects out; never the
browser.

It holds the position being edited (:class:`catan_core.editor.Editor`, which owns every rule
and the undo history), the page's state (:class:`~catan_web.editor.state.EditorState`), this
browser's saved games and the settings every page shares. The engine's check of the position
(:func:`~catan_web.editor.sketch.checked`) is worked out once per edit and shared by the views.

>>> from catan_web.store import MemoryStorage
>>> page = EditorController(MemoryStorage(), languages=["de"])
>>> page.state.lang, page.editor.scenario.phase, page.checked().problems
('de', 'roll', ())
>>> page.dispatch("press", "n12"), page.editor.scenario.players[0].settlements
([Announce(lines=('Geändert: n12.',))], [12])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs

from catan_core.editor import Editor
from catan_core.errors import CatanError
from catan_core.i18n import LANGUAGES, pick_language

from ..commands import Command, long_fields
from ..controller import PageController
from ..patch import Content
from ..settings import SettingsStore
from ..sharing import Note
from ..store import SaveStore, Storage
from ..text import Msg, Text
from .regions import COMPONENTS, regions
from .scene import Scene
from .sketch import Checked, checked
from .start import MAX_PASTED, open_game, open_text, read_step
from .state import EditorState


class EditorController(PageController[EditorState]):
    """The editor page: its state, the position being edited, the command table."""

    def __init__(
        self, storage: Storage, *, languages: Sequence[str] = (), asked: str | None = None, touch: bool = False
    ) -> None:
        self.settings = SettingsStore(storage)
        self.store = SaveStore(storage)
        lang = asked if asked in LANGUAGES else pick_language(self.settings.load().lang, list(languages))
        commands = [command for component in COMPONENTS for command in component.COMMANDS]
        super().__init__(
            EditorState(lang=lang, touch=touch),
            [*commands, Command("open_address", long_fields(MAX_PASTED), address, sent_by_page=True)],
        )
        self.editor = Editor.beginner(pieces=False)
        self._checked: tuple[dict[str, Any], Checked] | None = None

    # --- what the components may do (catan_web.editor.table.EditorTable) ---------------------------

    def checked(self) -> Checked:
        """The engine's check of the position and its drawing (worked out once per edit)."""
        work = self.editor.to_json()
        if self._checked is None or self._checked[0] != work:
            self._checked = (work, checked(self.editor))
        return self._checked[1]

    def text(self) -> Text:
        """Message look-ups in the page's language, naming the seats (saying "tap" on a touch screen)."""
        text = Text(self.state.lang, self.editor.names())
        text.touch = self.state.touch
        return text

    def notify(self, message: Msg, kind: str = "error", entry: str | None = None) -> None:
        """Show ``message`` in the notice line."""
        self.edit(notice=Note(message, kind, entry))

    def clear_notice(self) -> None:
        """Hide the notice line."""
        self.edit(notice=None)

    def replace(self, editor: Editor, message: Msg | None = None) -> None:
        """Take ``editor``'s work (a new start) as one edit that Undo takes back, saying ``message``."""
        self.editor.open(editor)
        self.edit(seat=0, focus=None, sharing="")
        if message is not None:
            self.notify(message, "info")

    # --- the page --------------------------------------------------------------------------------

    def attend(self) -> None:
        """After each command: the chosen seat is one of the position's seats."""
        seats = len(self.editor.scenario.players)
        if self.state.seat >= seats:
            self.edit(seat=seats - 1)

    def regions(self) -> list[tuple[str, Content]]:
        """Every region's content (see :mod:`catan_web.editor.regions`)."""
        scene = Scene(self.state, self.editor, self.checked(), self.text(), self.base)
        return regions(scene, self.store.list())

    def title(self) -> str:
        """The document's title."""
        text = self.text()
        return f"{text('editor.title')} · {text('ui.title')}"

    def language(self) -> str:
        """The document's language: the page's."""
        return self.state.lang


def address(page: EditorController, parts: dict[str, str]) -> None:
    """Open what the page's address names: a share link in its fragment (at ``step=``), or a
    saved game's step (``?game=<id>&step=<n>``); nothing: the empty beginner board."""
    query = parse_qs(parts.get("search", "").lstrip("?"))
    step = read_step(query.get("step", [""])[0])
    fragment = parts.get("hash", "").lstrip("#")
    gid = query.get("game", [""])[0]
    try:
        if fragment:
            opened = open_text(fragment, step)
        elif gid:
            from catan_core.saves import loads

            meta, saved = page.store.meta(gid), page.store.text(gid)
            if meta is None or saved is None:
                page.notify(Msg("ui.saves.missing"))
                return
            opened = open_game(loads(saved), step, meta.name)
        else:
            return
    except CatanError as error:  # a damaged link or save: said, the empty board stays
        page.notify(Msg("editor.start.refused", reason=Msg.of_error(error)))
        return
    page.replace(opened.editor, opened.message)
