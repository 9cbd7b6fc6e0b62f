"""The save format: a whole game as versioned JSON that round-trips exactly.

A save holds the options, seats, seed, board, the position (:meth:`State.to_json
<catan_core.state.State.to_json>`), the history of actions in their text form and the
event log. :func:`load` refuses anything malformed or inconsistent with a
:class:`~catan_core.errors.FormatError` naming the problem, and -- since a save carries its
history -- replays the actions from the start and insists on the very same game, so a
hand-edited or tampered file is refused too.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3), seed=5)
>>> for _ in range(3):
...     _ = game.apply(game.legal_actions()[0])
>>> data = dump(game)
>>> dump(load(data)) == data
True
>>> load({"format": "catan-save", "version": 99})
Traceback (most recent call last):
...
catan_core.errors.FormatError: Unsupported file version 99.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import __version__
from .actions import Action
from .board import Board
from .errors import CatanError, FormatError
from .events import Event
from .game import Game
from .jsonread import Obj, check_version, parse
from .scenarios import load_scenario
from .state import Options, Seat, State, seats_from_json

FORMAT = "catan-save"
VERSION = 1
MAX_SAVE_CHARS = 5_000_000
"""Longest save text read (a long game's save is a few hundred thousand characters)."""
MAX_ACTIONS = 100_000
"""Most actions (and events, several times that) a save may hold."""
MAX_EVENTS = 10 * MAX_ACTIONS
_KEYS = ("format", "version", "engine", "options", "seats", "seed", "origin", "board", "state", "history", "log")


def dump(game: Game) -> dict[str, Any]:
    """The save of ``game`` as JSON-ready data."""
    return {
        **dump_head(game),
        "history": [a.text() for a in game.history],
        "log": [e.to_json() for e in game.log],
    }


def dump_head(game: Game) -> dict[str, Any]:
    """The save of ``game`` but its record (``history`` and ``log``, which come last)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "engine": __version__,
        "options": game.options.to_json(),
        "seats": [seat.to_json() for seat in game.seats],
        "seed": game.seed,
        "origin": game.origin,
        "board": game.board.to_json(),
        "state": game.to_json(),
    }


def start_of(options: Options, seats: tuple[Seat, ...], seed: int, origin: dict[str, Any] | None) -> Game:
    """The position a game's history starts from: its ``origin`` scenario, or a new game of
    ``seed`` (with ``options`` and ``seats``), refused when the origin says otherwise."""
    game = load_scenario(origin) if origin is not None else Game(options, seed, seats)
    if (game.options, game.seats, game.seed) != (options, seats, seed):
        raise FormatError("format.state", field="origin")
    return game


def read_record(obj: Obj) -> tuple[Options, tuple[Seat, ...], int, dict[str, Any] | None, list[str]]:
    """The record of how a game came about in a save (or a share link): its ``options``,
    ``seats``, ``seed``, ``origin`` and ``history`` (as texts, not yet played)."""
    options = Options.from_json(obj.get("options"))
    seats = seats_from_json(obj.get("seats"), options.players)
    seed = obj.int("seed", 0, 1 << 64)
    origin = obj.get("origin", None, lambda v: v is None or type(v) is dict)
    history = obj.list("history", MAX_ACTIONS)
    if not all(isinstance(text, str) for text in history):
        raise FormatError("format.field", field="history")
    return options, seats, seed, origin, history


def play_history(game: Game, history: list[str]) -> Game:
    """Apply the recorded actions to ``game`` (from its start), refusing the first one the
    rules do not allow with ``format.illegal_history`` naming it and the rule; ``game``."""
    for i, text in enumerate(history):
        try:
            game.apply(text)
        except CatanError as error:
            raise FormatError("format.illegal_history", index=i + 1, reason_key=error.key,
                              reason_params=error.params) from None
    return game


def dumps(game: Game) -> str:
    """The save of ``game`` as compact JSON text."""
    return json.dumps(dump(game), separators=(",", ":"), ensure_ascii=False)


class SaveWriter:
    """Writes the saves of one game as its play goes on, each the text :func:`dumps` gives,
    encoding each recorded action and event once: a page saving after every move spends on
    the new moves, not on the whole game again.

    >>> from catan_core.game import Options
    >>> game, writer = Game(Options(players=3), seed=4), SaveWriter()
    >>> _ = game.apply(game.legal_actions()[0])
    >>> writer.text(game) == dumps(game)
    True
    >>> mark = game.snapshot(); _ = game.apply(game.legal_actions()[0]); writer.text(game) == dumps(game)
    True
    >>> game.restore(mark); writer.text(game) == dumps(game)    # a move taken back
    True
    """

    def __init__(self) -> None:
        self._done: list[tuple[list[Any], list[str]]] = [([], []), ([], [])]
        """For the history and the log: the items encoded so far and their JSON texts."""

    def _encoded(self, which: int, items: list[Any], encode: Callable[[Any], Any]) -> str:
        """The JSON array of ``items`` (the history or the log), new items encoded alone."""
        seen, texts = self._done[which]
        kept = min(len(seen), len(items))
        while kept and seen[kept - 1] is not items[kept - 1]:  # moves taken back (the rest is the same)
            kept -= 1
        del seen[kept:], texts[kept:]
        for item in items[kept:]:
            seen.append(item)
            texts.append(json.dumps(encode(item), separators=(",", ":"), ensure_ascii=False))
        return "[" + ",".join(texts) + "]"

    def text(self, game: Game) -> str:
        """The save of ``game`` as compact JSON text (equal to ``dumps(game)``)."""
        head = dump_head(game)
        return (
            json.dumps(head, separators=(",", ":"), ensure_ascii=False)[:-1]
            + ',"history":' + self._encoded(0, game.history, Action.text)
            + ',"log":' + self._encoded(1, game.log, Event.to_json) + "}"
        )


def load(data: Any, verify_history: bool = True) -> Game:
    """Read a save (parsed JSON) back into a :class:`Game`, refusing bad data.

    With ``verify_history`` the recorded actions are replayed from the start and must
    give exactly this save; without it the position is read and checked instead.
    """
    if type(data) is not dict or data.get("format") != FORMAT:
        raise FormatError("format.not_a_save")
    save = Obj(data, "save")
    version = save.get("version", None)
    check_version(version, VERSION)
    save.only(_KEYS)
    options, seats, seed, origin, history = read_record(save)
    board = Board.from_json(save.get("board"))
    game = start_of(options, seats, seed, origin)
    if game.board != board:
        raise FormatError("format.state", field="board")
    if verify_history:
        play_history(game, history)
        if dump(game) != data:
            raise FormatError("format.replay_mismatch")
        return game
    state = State.from_json(save.get("state"), options, seats, board)
    try:
        actions = [Action.parse(text) for text in history]
    except CatanError:
        raise FormatError("format.field", field="history") from None
    loaded = Game.from_state(state, seed, origin)
    loaded.history = actions
    loaded.log = [Event.from_json(e) for e in save.list("log", MAX_EVENTS)]
    loaded.check()
    return loaded


def loads(text: str, verify_history: bool = True) -> Game:
    """Read a save from JSON text (bounded in size and depth, see :mod:`catan_core.jsonread`)."""
    return load(parse(text, MAX_SAVE_CHARS), verify_history)
