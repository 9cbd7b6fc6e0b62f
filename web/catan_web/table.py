"""What every authoring page's commands may do with their page (the board editor's and the
replay viewer's tables extend it): the controller as its components see it. Components never
import their controller (no import goes back to it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .settings import SettingsStore
    from .store import SaveStore
    from .text import Msg, Text


class PageTable(Protocol):
    """What the editor's and the replay viewer's controllers share, as a command sees them."""

    @property
    def store(self) -> SaveStore:
        """The saved games of this browser."""

    @property
    def settings(self) -> SettingsStore:
        """The settings every page shares (the language)."""

    @property
    def base(self) -> str:
        """The site's address, which shared links start with."""

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
