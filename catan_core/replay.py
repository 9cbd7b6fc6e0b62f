"""Replays: a recorded game's position after any step, one step at a time or by jumps.

A :class:`Replay` is built from a game (or a save, through :func:`Replay.from_save`): it
replays the history once from the game's start -- its ``origin`` scenario or its seed --
checking every action, and keeps a :meth:`~catan_core.game.Game.snapshot` every
:data:`SNAPSHOT_EVERY` steps. Step ``i`` is the position after the first ``i`` actions
(step 0: before any). A jump to any step restores the nearest snapshot at or before it and
replays at most ``SNAPSHOT_EVERY - 1`` actions; a step forward replays one action.

At each step a replay gives the position (:attr:`Replay.game`), what a chosen seat could
see (:meth:`Replay.view`; every hand once the recorded game is over), the log as sentences,
the statistics (:mod:`catan_core.stats`), the turn index for a turn slider and the spots the
last action touched, for the board to ring.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=3)
>>> for text in ("0 roll 4+4", "0 road 6", "0 end", "1 roll 2+3"):
...     _ = game.apply(text)
>>> replay = Replay(game)
>>> replay.length, replay.step
(4, 4)
>>> replay.go(2)
2
>>> replay.game.players[0].roads, replay.marks()
([11, 47, 6], ('e6',))
>>> replay.back(), replay.action(2).text()
(1, '0 road 6')
>>> [(t.step, t.turn, t.player, t.round) for t in replay.turns()]
[(0, 1, 0, 1), (3, 2, 1, 1)]
>>> replay.lines(0, "en")[-3:]
['You roll 4 + 4 = 8.', 'You receive 1 lumber.', 'Blue receives 1 ore.']
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from . import saves
from .actions import Action
from .errors import CatanError, FormatError
from .events import Event
from .game import Game, Snapshot
from .places import event_text
from .stats import Stats, compute
from .views import View

__all__ = ["MARK_EVENTS", "SNAPSHOT_EVERY", "Cards", "Replay", "TurnStart"]

SNAPSHOT_EVERY = 16
"""Steps between two kept snapshots: a jump replays fewer actions than this (see
``bench/formats.py`` for the jump times at other spacings)."""
MARK_EVENTS: dict[str, tuple[str, str]] = {
    "build_settlement": ("n", "node"), "build_city": ("n", "node"), "build_road": ("e", "edge"), "robber": ("h", "hex"),
}
"""Events that put or move something on the board: the spot's letter (as ``mark=`` names
spots) and the event's field holding its id."""


@dataclass(frozen=True)
class TurnStart:
    """A step where a turn begins (or, at step 0, the turn the replay starts in)."""

    step: int
    turn: int
    """The game's turn counter (0 during the set-up)."""
    player: int
    round: int
    """The round people count: turns 1 to n (n seats) are round 1; 0 during the set-up."""


@dataclass(frozen=True)
class Cards:
    """A seat's cards: resources, unplayed development cards, and of those the ones bought
    this turn (counts in the engine's orders)."""

    hand: tuple[int, ...]
    dev: tuple[int, ...]
    dev_new: tuple[int, ...]


class Replay:
    """A recorded game, replayed to any step (see the module docstring).

    ``game`` is not changed; the replay starts at its last step. :attr:`game` is the
    position at the current step: read it, do not change it (:meth:`game_at` gives a copy).
    """

    def __init__(self, game: Game, every: int = SNAPSHOT_EVERY) -> None:
        if every < 1:
            raise ValueError("every must be at least 1")
        work = saves.start_of(game.options, game.seats, game.seed, game.origin)
        self.every = every
        self.actions: tuple[Action, ...] = tuple(game.history)
        self._marks: list[Snapshot] = []
        self._log_length = [len(work.log)]
        """The log's length at each step."""
        self._turns = [TurnStart(0, work.turn, work.current, _round(work.turn, len(work.players)))]
        for i, action in enumerate(self.actions):
            if i % every == 0:
                self._marks.append(work.snapshot())
            try:
                work.apply(action)
            except CatanError as error:
                raise FormatError("format.illegal_history", index=i + 1, reason_key=error.key,
                                  reason_params=error.params) from None
            self._log_length.append(len(work.log))
            if work.turn != self._turns[-1].turn:
                self._turns.append(TurnStart(i + 1, work.turn, work.current, _round(work.turn, len(work.players))))
        if len(self.actions) % every == 0:
            self._marks.append(work.snapshot())
        if work.to_json() != game.to_json() or len(work.log) != len(game.log):
            raise FormatError("format.replay_mismatch")
        self._log: tuple[Event, ...] = tuple(work.log)
        self._game = work
        self.final_phase = work.phase
        """The recorded game's phase at its last step (``over`` for a finished game)."""

    @classmethod
    def from_save(cls, data: Any, every: int = SNAPSHOT_EVERY) -> Replay:
        """The replay of a save (parsed JSON), read and checked by :func:`catan_core.saves.load`."""
        return cls(saves.load(data), every)

    # --- moving ------------------------------------------------------------------------------

    @property
    def length(self) -> int:
        """The number of actions: the last step."""
        return len(self.actions)

    @property
    def step(self) -> int:
        """The current step."""
        return len(self._game.history)

    @property
    def game(self) -> Game:
        """The position at the current step (do not change it)."""
        return self._game

    def go(self, step: int) -> int:
        """Go to ``step`` (clamped to 0 .. :attr:`length`) and return it."""
        step = max(0, min(self.length, step))
        game = self._game
        here = self.step
        if not here <= step < here + self.every:  # back, or far ahead: from the snapshot at or before it
            mark = self._marks[step // self.every]
            game.history = list(self.actions[:mark.history])
            game.log = list(self._log[:mark.log])
            game.restore(mark)
        for action in self.actions[self.step:step]:
            game.apply(action, check=False)
        return step

    def forward(self) -> int:
        """One step forward (none at the end); the new step."""
        return self.go(self.step + 1)

    def back(self) -> int:
        """One step back (none at the start); the new step."""
        return self.go(self.step - 1)

    def game_at(self, step: int) -> Game:
        """An independent copy of the position at ``step`` (the replay goes there)."""
        self.go(step)
        return self._game.copy()

    # --- what is shown ------------------------------------------------------------------------

    def action(self, step: int | None = None) -> Action | None:
        """The action that led to ``step`` (default: the current one); None at step 0."""
        step = self.step if step is None else step
        return self.actions[step - 1] if 1 <= step <= self.length else None

    def events(self, step: int | None = None) -> tuple[Event, ...]:
        """What the action that led to ``step`` made happen (secrets included)."""
        step = self.step if step is None else step
        if not 1 <= step <= self.length:
            return ()
        return self._log[self._log_length[step - 1]:self._log_length[step]]

    def marks(self, step: int | None = None) -> tuple[str, ...]:
        """The spots the action that led to ``step`` built on or moved the robber to, named
        as ``mark=`` names them (``n12``, ``e40``, ``h5``)."""
        out = []
        for event in self.events(step):
            if event.kind in MARK_EVENTS:
                letter, key = MARK_EVENTS[event.kind]
                out.append(f"{letter}{event.data[key]}")
        return tuple(out)

    @property
    def open_hands(self) -> bool:
        """Whether every hand is shown at every step: the recorded game is over."""
        return self.final_phase == "over"

    def view(self, viewer: int | None) -> View:
        """What ``viewer`` (a seat, None: a spectator) could see at the current step; once the
        recorded game is over, its log holds every secret (cards stolen and bought)."""
        view = self._game.view(viewer)
        return replace(view, log=tuple(self._game.log)) if self.open_hands else view

    def cards(self, viewer: int | None) -> tuple[Cards | None, ...]:
        """Each seat's cards as ``viewer`` may see them now: its own only (None for the
        others), or every seat's once the recorded game is over."""
        return tuple(
            Cards(tuple(pl.hand), tuple(pl.dev), tuple(pl.dev_new)) if self.open_hands or q == viewer else None
            for q, pl in enumerate(self._game.players)
        )

    def lines(self, viewer: int | None, lang: str, names: list[str] | None = None) -> list[str]:
        """The log up to the current step as sentences in ``lang``, as ``viewer`` sees it."""
        game = self._game
        names = names or [seat.name for seat in game.seats]
        return [event_text(event, game.board, lang, names, viewer) for event in self.view(viewer).log]

    def stats(self, viewer: int | None) -> Stats:
        """The statistics of the game so far, as ``viewer`` may know them (see :meth:`view`)."""
        return compute(self.view(viewer))

    # --- turns --------------------------------------------------------------------------------

    def turns(self) -> tuple[TurnStart, ...]:
        """Where each turn begins, in order (the first entry is step 0)."""
        return tuple(self._turns)

    def turn_at(self, step: int | None = None) -> TurnStart:
        """The turn ``step`` (default: the current one) belongs to."""
        step = self.step if step is None else step
        return next(t for t in reversed(self._turns) if t.step <= step)

    def rounds(self) -> tuple[TurnStart, ...]:
        """Where each round begins: the first turn of each round (with the set-up, if any)."""
        out: list[TurnStart] = []
        for start in self._turns:
            if not out or start.round != out[-1].round:
                out.append(start)
        return tuple(out)


def _round(turn: int, players: int) -> int:
    return 0 if turn < 1 else (turn - 1) // players + 1
