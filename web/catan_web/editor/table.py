"""What a command of the board editor may do with the page: the controller as its components
see it. The components never import the controller (no import goes back to it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from catan_core.editor import Editor

    from ..settings import SettingsStore
    from ..store import SaveStore
    from ..text import Msg, Text
    from .sketch import Checked
    from .state import EditorState


class EditorTable(Protocol):
    """The editor page's controller, as a command sees it."""

    @property
    def state(self) -> EditorState:
        """The page's state (a value: change it with :meth:`edit`)."""

    @property
    def editor(self) -> Editor:
        """The position being edited (the engine's editor model)."""

    @property
    def store(self) -> SaveStore:
        """The saved games of this browser."""

    @property
    def settings(self) -> SettingsStore:
        """The settings every page shares (the language)."""

    @property
    def base(self) -> str:
        """The site's address, which shared links start with."""

    def checked(self) -> Checked:
        """The engine's check of the position and its drawing (worked out once per edit)."""

    def edit(self, **changes: Any) -> None:
        """Replace fields of the page's state."""

    def emit(self, effect: Any) -> None:
        """Ask the browser for ``effect`` once the command is done."""

    def text(self) -> Text:
        """Message look-ups in the page's language (the seats' names)."""

    def notify(self, message: Msg, kind: str = "error", entry: str | None = None) -> None:
        """Show ``message`` in the notice line."""

    def clear_notice(self) -> None:
        """Hide the notice line."""

    def replace(self, editor: Editor, message: Msg | None = None) -> None:
        """Take ``editor``'s work (a new start) as one edit that Undo takes back, saying ``message``."""
