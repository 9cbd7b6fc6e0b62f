"""Studies: a line of moves from a position, with comments, and moves for the reader to find.

A study is a versioned JSON format (``docs/formats.md``): a title, a start (a scenario, or
a save and a step of it), the comment shown at the start, and the line: each move an action
text, with perhaps a comment shown once it is played and a "your move" question, where the
reader must find that move (or one of the ``also`` moves) before it is shown. Step 0 is the
start; step ``i`` is the position after the line's first ``i`` moves.

:func:`load` reads a study with the careful reader's rules (exact types, bounded texts and
lists, unknown fields and versions refused) and checks every move against the engine: a
move the rules do not allow is refused naming its step. :func:`dump` writes it back
exactly. :class:`StudyPlayer` steps through a study and judges the reader's moves.

>>> study = load({"format": "catan-study", "version": 1, "title": "A first road",
...     "start": {"format": "catan-scenario", "players": [{"settlements": [12], "roads": [11],
...               "hand": {"brick": 1, "lumber": 1}}, {"settlements": [40]}], "phase": "main"},
...     "comment": "Ana may build one road.",
...     "moves": [{"move": "0 road 10", "comment": "Towards the harbor.", "your_move": {"hint": "Look left."}},
...               {"move": "0 end"}]})
>>> player = StudyPlayer(study)
>>> player.step, player.comment(), player.question() is not None
(0, 'Ana may build one road.', True)
>>> player.try_move("0 road 72").key, player.try_move("0 road 5").key, player.try_move("0 road 6").text("en")
('action.malformed', 'rule.road_not_connected', 'That move is allowed, but it is not the one to find. Hint: Look left.')
>>> attempt = player.try_move("0 road 10")
>>> attempt.correct, player.step, player.comment()
(True, 1, 'Towards the harbor.')
>>> dump(study) == dump(load(dump(study)))
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from . import actions as A, saves
from .actions import Action
from .errors import CatanError, FormatError
from .game import Game
from .i18n import translate
from .jsonread import Obj, check_version, parse
from .replay import Replay
from .scenarios import SCENARIO_FORMAT, from_game, load_scenario

__all__ = [
    "MAX_ALSO", "MAX_COMMENT", "MAX_HINT", "MAX_MOVES", "MAX_STUDY_CHARS", "MAX_TITLE", "STUDY_FORMAT", "STUDY_VERSION",
    "Attempt", "Move", "Question", "Study", "StudyPlayer", "dump", "dumps", "load", "loads",
]

STUDY_FORMAT = "catan-study"
STUDY_VERSION = 1
MAX_STUDY_CHARS = 2_000_000
"""Longest study text read (a study starting from a long game's save holds its log)."""
MAX_MOVES = 1_000
"""Most moves in a study's line."""
MAX_TITLE = 200
MAX_COMMENT = 2_000
"""Longest comment (characters): a paragraph, not a chapter."""
MAX_HINT = 500
MAX_ALSO = 20
"""Most other moves a question may accept."""
_KEYS = ("format", "version", "title", "start", "start_step", "comment", "moves")
_MOVE_KEYS = ("move", "comment", "your_move")
_QUESTION_KEYS = ("hint", "also")
_ALLOWED_CONTROLS = frozenset("\n\t")
"""Characters below the printable ones that a comment may hold (lines and tabs)."""


def _text(obj: Obj, key: str, limit: int) -> str | None:
    """An optional plain text of at most ``limit`` characters: printable, lines allowed."""
    value = obj.get(key, None)
    if value is None:
        return None
    printable = isinstance(value, str) and all(c.isprintable() or c in _ALLOWED_CONTROLS for c in value)
    if not isinstance(value, str) or len(value) > limit or not printable:
        raise FormatError("format.field", field=key)
    return value


@dataclass(frozen=True)
class Question:
    """A "your move" step: the reader must find the line's move, or one of ``also``."""

    hint: str | None = None
    """Shown when the reader's move is legal but not one to find."""
    also: tuple[str, ...] | None = None
    """Other moves (action texts) that count as found."""

    def to_json(self) -> dict[str, Any]:
        """The question as JSON (only the fields set)."""
        out: dict[str, Any] = {}
        if self.hint is not None:
            out["hint"] = self.hint
        if self.also is not None:
            out["also"] = list(self.also)
        return out


@dataclass(frozen=True)
class Move:
    """One move of the line: its action text, the comment shown after it, and perhaps a
    question asking the reader to find it."""

    text: str
    comment: str | None = None
    question: Question | None = None

    @property
    def action(self) -> Action:
        """The move as an action."""
        return Action.parse(self.text)

    def to_json(self) -> dict[str, Any]:
        """The move as JSON (only the fields set)."""
        out: dict[str, Any] = {"move": self.text}
        if self.comment is not None:
            out["comment"] = self.comment
        if self.question is not None:
            out["your_move"] = self.question.to_json()
        return out


@dataclass
class Study:
    """A study (see the module docstring). Build one with :func:`load`, :meth:`new` or
    :meth:`of_game`; the editing methods keep it checked."""

    title: str
    start: dict[str, Any]
    """A scenario or a save, as JSON."""
    start_step: int | None = None
    """With a save: the step of its game the study starts from (None: its last)."""
    comment: str | None = None
    """The comment at step 0."""
    moves: list[Move] = field(default_factory=list)
    _line: Game | None = field(default=None, repr=False, compare=False)
    """The game at the end of the line (set by :meth:`check`)."""
    _offset: int = field(default=0, repr=False, compare=False)
    """The steps of the start's own game before step 0 (a save's)."""
    _replay: Replay | None = field(default=None, repr=False, compare=False)
    """The line's positions, made when first asked for."""

    # --- building ---------------------------------------------------------------------------

    @classmethod
    def new(cls, title: str, start: dict[str, Any], start_step: int | None = None) -> Study:
        """A study without moves from the scenario or save ``start``."""
        study = cls(title, start, start_step)
        study.check()
        return study

    @classmethod
    def of_game(cls, game: Game, title: str = "", first: int = 0) -> Study:
        """The game's moves from step ``first`` on, as a study without comments, starting from
        the scenario of the position at ``first`` (:func:`~catan_core.scenarios.from_game`)."""
        replay = Replay(game)
        study = cls(title, from_game(replay.game_at(first)))
        study.moves = [Move(action.text()) for action in game.history[first:]]
        study.check()
        return study

    def start_game(self) -> Game:
        """A fresh copy of the start position (its history holds the save's actions that led
        there, when the study starts from a save)."""
        if self.start.get("format") == SCENARIO_FORMAT:
            if self.start_step is not None:
                raise FormatError("format.field", field="start_step")
            return load_scenario(self.start)
        replay = Replay(saves.load(self.start))
        step = replay.length if self.start_step is None else self.start_step
        if step > replay.length:
            raise FormatError("format.field", field="start_step")
        return replay.game_at(step)

    def check(self) -> None:
        """Play the line from the start, refusing a move the rules do not allow (or a
        question's other move) with ``format.study_move`` naming its step (and a title
        that is not a line of text with ``format.field``)."""
        if not isinstance(self.title, str):
            raise FormatError("format.field", field="title")
        _checked_text(self.title, MAX_TITLE, "title")
        game = self.start_game()
        offset = len(game.history)
        for step, move in enumerate(self.moves, 1):
            for text in (move.question.also or ()) if move.question else ():
                _legal_at(game, text, step, "format.study_also")
            _legal_at(game, move.text, step, "format.study_move")
            game.apply(move.text)
        self._line, self._offset, self._replay = game, offset, None

    # --- editing (each checked) -----------------------------------------------------------------

    def add_move(self, action: Action | str, comment: str | None = None) -> None:
        """Append a move to the line (refused when the rules do not allow it)."""
        text = action.text() if isinstance(action, Action) else Action.parse(action).text()
        line = self._checked_line()
        _legal_at(line, text, len(self.moves) + 1, "format.study_move")
        move = Move(text, _checked_text(comment, MAX_COMMENT, "comment"))
        line.apply(text)
        self.moves.append(move)
        self._replay = None

    def cut(self, step: int) -> None:
        """Drop the moves after ``step``."""
        del self.moves[step:]
        self.check()

    def set_comment(self, step: int, comment: str | None) -> None:
        """The comment at ``step`` (None: none)."""
        comment = _checked_text(comment, MAX_COMMENT, "comment")
        if step == 0:
            self.comment = comment
        else:
            move = self.moves[step - 1]
            self.moves[step - 1] = Move(move.text, comment, move.question)

    def set_question(self, step: int, question: Question | None) -> None:
        """Make move ``step`` (1 or more) a "your move" step, or not (None)."""
        move = self.moves[step - 1]
        if question is not None:
            _checked_text(question.hint, MAX_HINT, "hint")
            for text in question.also or ():
                _legal_at(self.position(step - 1), text, step, "format.study_also")
        self.moves[step - 1] = Move(move.text, move.comment, question)

    # --- reading ---------------------------------------------------------------------------------

    @property
    def length(self) -> int:
        """The number of moves: the last step."""
        return len(self.moves)

    def position(self, step: int) -> Game:
        """A copy of the position at ``step`` (0 .. :attr:`length`)."""
        if not 0 <= step <= self.length:
            raise IndexError(step)
        if self._replay is None:
            self._replay = Replay(self._checked_line())
        return self._replay.game_at(self._offset + step)

    def _checked_line(self) -> Game:
        """The game at the end of the line (checking the study first if it was not yet)."""
        if self._line is None:
            self.check()
        assert self._line is not None
        return self._line

    def to_json(self) -> dict[str, Any]:
        """The study as JSON (the fields set, in the format's order)."""
        out: dict[str, Any] = {
            "format": STUDY_FORMAT, "version": STUDY_VERSION, "title": self.title, "start": self.start,
        }
        if self.start_step is not None:
            out["start_step"] = self.start_step
        if self.comment is not None:
            out["comment"] = self.comment
        out["moves"] = [move.to_json() for move in self.moves]
        return out


def _checked_text(value: str | None, limit: int, field: str) -> str | None:
    return _text(Obj({field: value}, "study"), field, limit)


def _legal_at(game: Game, text: str, step: int, key: str) -> None:
    """Refuse ``text`` unless it is a legal action in ``game``: ``key`` with the step, the
    move and the engine's reason."""
    try:
        game.check_action(Action.parse(text))
    except CatanError as error:
        raise FormatError(key, step=step, move=text[:80], reason_key=error.key, reason_params=error.params) from None


def _question(data: Any) -> Question:
    obj = Obj(data, "your_move")
    obj.only(_QUESTION_KEYS)
    also: tuple[str, ...] | None = None
    if obj.has("also"):
        texts = obj.list("also", MAX_ALSO)
        if not all(isinstance(text, str) and len(text) <= A.MAX_TEXT for text in texts):
            raise obj.fail("also")
        also = tuple(texts)
    return Question(_text(obj, "hint", MAX_HINT), also)


def _move(data: Any) -> Move:
    obj = Obj(data, "moves")
    obj.only(_MOVE_KEYS)
    text = obj.str("move", max_len=A.MAX_TEXT)
    question = _question(obj.get("your_move")) if obj.has("your_move") else None
    return Move(text, _text(obj, "comment", MAX_COMMENT), question)


def load(data: Any) -> Study:
    """Read a study (parsed JSON) and check every move; :class:`FormatError` when anything
    is wrong (``format.not_a_study``, ``format.version``, ``format.field``, the start's
    own refusals, ``format.study_move`` naming the step of an illegal move)."""
    if type(data) is not dict or data.get("format") != STUDY_FORMAT:
        raise FormatError("format.not_a_study")
    obj = Obj(data, "study")
    check_version(obj.get("version", None), STUDY_VERSION)
    obj.only(_KEYS)
    start = obj.get("start", ok=lambda v: type(v) is dict)
    study = Study(
        title=obj.str("title", max_len=MAX_TITLE),
        start=start,
        start_step=obj.int("start_step", 0, saves.MAX_ACTIONS + 1, default=None),
        comment=_text(obj, "comment", MAX_COMMENT),
        moves=[_move(entry) for entry in obj.list("moves", MAX_MOVES)],
    )
    if start.get("format") not in (SCENARIO_FORMAT, saves.FORMAT):
        raise FormatError("format.field", field="start")
    study.check()
    return study


def loads(text: str) -> Study:
    """Read a study from JSON text (at most :data:`MAX_STUDY_CHARS` characters, bounded depth)."""
    return load(parse(text, MAX_STUDY_CHARS))


def dump(study: Study) -> dict[str, Any]:
    """The study as JSON-ready data; ``dump(load(data)) == data``."""
    return study.to_json()


def dumps(study: Study) -> str:
    """The study as compact JSON text."""
    return json.dumps(dump(study), separators=(",", ":"), ensure_ascii=False)


# --- playing a study -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Attempt:
    """What the reader's move at a question was: found, or why not (the engine's reason for
    a move the rules refuse, the author's hint for a legal move that is not the one)."""

    correct: bool
    key: str
    """``study.correct``, ``study.wrong`` or ``study.wrong_hint``, or the engine's
    ``rule.*`` / ``action.*`` key."""
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str, names: list[str] | None = None) -> str:
        """The sentence in ``lang``."""
        return translate(self.key, self.params, lang, names)


class StudyPlayer:
    """Steps through a study: the position, the comment and the question at each step, and
    the reader's tries at a question (:meth:`try_move`)."""

    def __init__(self, study: Study) -> None:
        self.study = study
        self.step = 0
        self.found: set[int] = set()
        """The steps whose move the reader found."""

    @property
    def length(self) -> int:
        """The last step."""
        return self.study.length

    @property
    def game(self) -> Game:
        """The position at the current step (a copy: the reader may play on it)."""
        return self.study.position(self.step)

    def go(self, step: int) -> int:
        """Go to ``step`` (clamped to the line) and return it."""
        self.step = max(0, min(self.length, step))
        return self.step

    def forward(self) -> int:
        """One step forward (at a question: the move is shown without being found)."""
        return self.go(self.step + 1)

    def back(self) -> int:
        """One step back."""
        return self.go(self.step - 1)

    def comment(self, step: int | None = None) -> str | None:
        """The comment at ``step`` (default: the current one)."""
        step = self.step if step is None else step
        return self.study.comment if step == 0 else self.study.moves[step - 1].comment

    def question(self, step: int | None = None) -> Question | None:
        """The question asked at ``step``: the next move is the reader's to find (None: no
        question, or the end of the line)."""
        step = self.step if step is None else step
        return self.study.moves[step].question if step < self.length else None

    def move(self, step: int | None = None) -> Move | None:
        """The move that led to ``step`` (None at step 0)."""
        step = self.step if step is None else step
        return self.study.moves[step - 1] if step >= 1 else None

    def try_move(self, action: Action | str) -> Attempt:
        """The reader plays ``action`` at the current step: found (the player moves on to
        the next step), or the reason it is not the move (the player stays)."""
        if self.step >= self.length:
            return Attempt(False, "study.end")
        try:
            tried = Action.parse(action) if isinstance(action, str) else action
            self.study.position(self.step).check_action(tried)
        except CatanError as error:
            return Attempt(False, error.key, dict(error.params))
        move = self.study.moves[self.step]
        question = move.question or Question()
        if any(_same(tried, Action.parse(text)) for text in (move.text, *(question.also or ()))):
            self.found.add(self.step + 1)
            self.step += 1
            return Attempt(True, "study.correct")
        if question.hint:
            return Attempt(False, "study.wrong_hint", {"hint": question.hint})
        return Attempt(False, "study.wrong")


def _same(tried: Action, expected: Action) -> bool:
    """Whether ``tried`` is the move ``expected``: equal, or both a roll (nobody chooses the dice)."""
    if tried.kind == A.ROLL == expected.kind:
        return tried.player == expected.player
    return tried == expected
