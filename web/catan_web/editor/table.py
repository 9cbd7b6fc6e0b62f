"""What a command of the board editor may do with the page: the controller as its components
see it. The components never import the controller (no import goes back to it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..table import PageTable

if TYPE_CHECKING:
    from catan_core.editor import Editor

    from ..text import Msg
    from .sketch import Checked
    from .state import EditorState


class EditorTable(PageTable, Protocol):
    """The editor page's controller, as a command sees it."""

    @property
    def state(self) -> EditorState:
        """The page's state (a value: change it with :meth:`edit`)."""

    @property
    def editor(self) -> Editor:
        """The position being edited (the engine's editor model)."""

    def checked(self) -> Checked:
        """The engine's check of the position and its drawing (worked out once per edit)."""

    def replace(self, editor: Editor, message: Msg | None = None) -> None:
        """Take ``editor``'s work (a new start) as one edit that Undo takes back, saying ``message``."""
