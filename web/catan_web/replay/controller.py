"""The replay viewer's controller: a command in, the new state and the effects out; never the
browser.

It holds the game replayed (the whole game, and its :class:`~catan_core.replay.Replay` at the
step shown), the page's state (:class:`~catan_web.replay.state.ReplayState`, with the study
being written), this browser's saved games and the settings every page shares. After each
command the address follows the step (:class:`~catan_web.effects.Address`), so that it
always opens what the page shows.

>>> from catan_core.game import Game, Options
>>> from catan_web.store import MemoryStorage
>>> game = Game(Options(players=3, board="beginner"), seed=3)
>>> for action in ("0 roll 4+4", "0 road 6", "0 end"):
...     _ = game.apply(action)
>>> page = ReplayController(MemoryStorage(), languages=["en"])
>>> page.call(lambda page: page.show(game, 1, name="Test", gid="g7"))
[Address(url='replay.html?game=g7&step=1')]
>>> page.dispatch("move", "forward"), page.replay.step
([Address(url='replay.html?game=g7&step=2')], 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from catan_core.errors import CatanError
from catan_core.i18n import LANGUAGES, pick_language

from ..controller import PageController
from ..effects import Address
from ..settings import SettingsStore
from ..sharing import Note
from ..store import SaveStore, Storage
from ..text import Msg, Text
from .coach import step_address
from .log import LogMemo
from .regions import COMPONENTS, regions
from .scene import Scene
from .state import ReplayState, StudyDraft

if TYPE_CHECKING:
    from catan_core.game import Game
    from catan_core.replay import Replay
    from catan_core.study import Study

    from ..patch import Content

PAGE = "replay.html"


class ReplayController(PageController[ReplayState]):
    """The replay viewer: its state, the game replayed, the command table."""

    def __init__(
        self,
        storage: Storage,
        *,
        languages: Sequence[str] = (),
        asked: str | None = None,
        now: Callable[[], float] = lambda: 0.0,
    ) -> None:
        self.settings = SettingsStore(storage)
        self.store = SaveStore(storage)
        lang = asked if asked in LANGUAGES else pick_language(self.settings.load().lang, list(languages))
        super().__init__(ReplayState(lang=lang), [command for part in COMPONENTS for command in part.COMMANDS])
        self.game: Game | None = None
        self.replay: Replay | None = None
        self.memo = LogMemo()
        self._study: tuple[tuple[object, ...], Study | CatanError] | None = None
        self._address = ""
        self._now = now

    def now(self) -> float:
        """The time in milliseconds."""
        return self._now()

    # --- what the components may do (catan_web.replay.table.ReplayTable) ---------------------------

    def show(self, game: Game, step: int | None, **source: Any) -> None:
        """Replay ``game`` from now on, at ``step`` (None: its last); ``source`` are the
        state's fields naming where it came from (``name``, ``gid``, ``link``, ``draft``)."""
        from catan_core.replay import Replay

        replay = Replay(game)
        replay.go(replay.length if step is None else step)
        self.game, self.replay = game, replay
        self.jobs.clear()
        fields = {"name": "", "gid": "", "link": "", "draft": StudyDraft(), **source}
        self.edit(
            viewer=None,
            sharing="",
            author=bool(fields["draft"] != StudyDraft()),
            review=None,
            review_seat=None,
            progress=0.0,
            **fields,
        )
        self.clear_notice()

    def go(self, step: int) -> None:
        """Go to ``step`` of the game (clamped)."""
        if self.replay is not None:
            self.replay.go(step)

    def study(self) -> Study:
        """The study of the draft (built once per change; the engine's FormatError when it
        refuses a text)."""
        built = self.built()
        if isinstance(built, CatanError):
            raise built
        assert built is not None
        return built

    def built(self) -> Study | CatanError | None:
        """The study of the draft, or the engine's refusal (None without a game)."""
        if self.game is None:
            return None
        key = (id(self.game), self.state.draft)
        if self._study is None or self._study[0] != key:
            try:
                made: Study | CatanError = self.state.draft.build(self.game)
            except CatanError as error:
                made = error
            self._study = (key, made)
        return self._study[1]

    def text(self) -> Text:
        """Message look-ups in the page's language, naming the game's seats and spots (the
        chosen seat reads "you")."""
        game = self.replay.game if self.replay is not None else None
        if game is None:
            return Text(self.state.lang)
        return Text(self.state.lang, [seat.name for seat in game.seats], game.board, self.state.viewer)

    def notify(self, message: Msg, kind: str = "error", entry: str | None = None) -> None:
        """Show ``message`` in the notice line."""
        self.edit(notice=Note(message, kind, entry))

    def clear_notice(self) -> None:
        """Hide the notice line."""
        self.edit(notice=None)

    # --- the page --------------------------------------------------------------------------------

    def address(self) -> str:
        """The address opening what the page shows ("" when it cannot: a game from a file)."""
        return "" if self.replay is None else step_address(self.state, self.replay.step)

    def attend(self) -> None:
        """After each command: the address follows the step."""
        address = self.address()
        if address and address != self._address:
            self.emit(Address(address))
        self._address = address

    def regions(self) -> list[tuple[str, Content]]:
        """Every region's content (see :mod:`catan_web.replay.regions`)."""
        text, state = self.text(), self.state
        scene = None
        if self.replay is not None and self.game is not None:
            scene = Scene(state, self.replay, self.game, self.replay.view(state.viewer), text, self.base)
        built = self.built() if state.author else None
        return regions(text, state, scene, self.store.list(), self.memo, built)

    def title(self) -> str:
        """The document's title."""
        text = self.text()
        name = f"{self.state.name} · " if self.state.name else ""
        return f"{name}{text('replay.title')} · {text('ui.title')}"

    def language(self) -> str:
        """The document's language: the page's."""
        return self.state.lang
