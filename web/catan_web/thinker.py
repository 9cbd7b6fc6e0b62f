"""Computer players thinking off the page's thread: the messages between the game page and
its bots' Web Worker (``web/bots-worker.mjs``, its own Pyodide), and the worker's side.

The page asks with a :class:`Request`: the game as its save text (the save replays it
exactly), the seat that must act, the computer player's level, seed and settings, and the
number of moves the game had (the position the question is about). The worker
(:class:`Thinker`) replays the save, builds the **view of that seat** and lets the seat's
computer player decide on it, as the page's own players do (the bot reads its view only,
never the save's hidden cards). It answers with an :class:`Answer`: the request's ``id`` and
the action's text, or why there is none. The page applies an answer only while its game is
still at that position (:func:`fresh`): an answer to a game taken back, left or moved on
elsewhere is dropped.

Both sides read every message with :mod:`catan_core.jsonread` (bounded size, exact types):
a bad message is refused with a :class:`~catan_core.errors.FormatError`, and the page then
lets its computer player think on its own thread as before. Besides answers the worker says
once whether it started (:class:`Started`).

>>> request = Request(id=7, gid="g1", save="{}", seat=2, level="standard", seed=42, moves=0)
>>> Request.decode(request.encode()) == request
True
>>> Answer.decode('{"id":7,"action":"2 end","error":""}')
Answer(id=7, action='2 end', error='')
>>> Request.decode(request.encode().replace('"seat":2', '"seat":true'))
Traceback (most recent call last):
...
catan_core.errors.FormatError: Missing or invalid field "seat".
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NamedTuple

from catan_core.actions import MAX_TEXT, Action
from catan_core.errors import CatanError, FormatError
from catan_core.jsonread import Obj, parse
from catan_core.names import MAX_SEATS
from catan_core.saves import MAX_SAVE_CHARS, play_history, read_record, start_of

if TYPE_CHECKING:
    from catan_core.bots import Bot
    from catan_core.game import Game

    from .session import Session

MAX_ID = 1 << 31
"""Request numbers are below this (the page counts them up from 0)."""
MAX_GID_CHARS = 100
"""Longest game id (:meth:`catan_web.store.SaveStore.new_id` makes short ones)."""
MAX_LEVEL_CHARS = 40
"""Longest level name (:data:`catan_core.bots.BOTS`)."""
MAX_SEED = 1 << 70
"""Bot seeds are below this (a game's 64-bit seed times eight, plus the seat)."""
MAX_MOVES = 1 << 31
"""Move counts are below this."""
MAX_BUDGET = 600.0
"""Longest thinking budget a request may set (seconds)."""
MAX_ERROR_CHARS = 500
"""Longest reason an answer gives for having no action."""
MAX_REQUEST_CHARS = MAX_SAVE_CHARS + 2_000
"""Longest request read: the longest save and the other fields."""
MAX_ANSWER_CHARS = MAX_TEXT + MAX_ERROR_CHARS + 200
"""Longest answer or start message read."""
MESSAGE_DEPTH = 1
"""Messages are flat objects (the save travels as text)."""
NO_ID = -1
"""The ``id`` of the answer to a request too broken to read its own."""


def _compact(fields: dict[str, Any]) -> str:
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=False)


def _read(text: Any, max_chars: int, keys: tuple[str, ...], where: str) -> Obj:
    """The flat object of a message, refused unless it has exactly ``keys``."""
    message = Obj(parse(text, max_chars, MESSAGE_DEPTH), where)
    message.only(keys)
    for key in keys:
        message.get(key)
    return message


class Request(NamedTuple):
    """The page asks the worker for the move of the computer player of ``seat`` in the game
    ``gid`` as it stands after ``moves`` moves (given by its ``save`` text)."""

    id: int
    gid: str
    save: str
    seat: int
    level: str
    seed: int
    moves: int
    offers: bool = True
    """Whether the player may open offers to other seats (the page asks again without when
    it keeps an offer from its people: :class:`catan_web.offers.QuietOffers`)."""
    budget: float | None = None
    """Seconds the player may think (None: its level's own)."""

    def encode(self) -> str:
        """The request as compact JSON text."""
        return _compact(self._asdict())

    @classmethod
    def decode(cls, text: Any) -> Request:
        """Read a request, refusing a malformed one (:class:`FormatError`)."""
        message = _read(text, MAX_REQUEST_CHARS, cls._fields, "request")
        budget = message.get("budget", None, lambda v: v is None or (type(v) in (int, float) and 0 < v <= MAX_BUDGET))
        return cls(
            id=message.int("id", 0, MAX_ID),
            gid=message.str("gid", max_len=MAX_GID_CHARS),
            save=message.str("save", max_len=MAX_SAVE_CHARS),
            seat=message.int("seat", 0, MAX_SEATS),
            level=message.str("level", max_len=MAX_LEVEL_CHARS),
            seed=message.int("seed", 0, MAX_SEED),
            moves=message.int("moves", 0, MAX_MOVES),
            offers=message.bool("offers"),
            budget=None if budget is None else float(budget),
        )


class Answer(NamedTuple):
    """The worker's answer to request ``id``: the ``action``'s text, or None and why not."""

    id: int
    action: str | None
    error: str = ""

    def encode(self) -> str:
        """The answer as compact JSON text."""
        return _compact(self._asdict())

    @classmethod
    def decode(cls, text: Any) -> Answer:
        """Read an answer, refusing a malformed one (:class:`FormatError`): an action must
        be a well-formed action text, and an answer without one must say why."""
        message = _read(text, MAX_ANSWER_CHARS, cls._fields, "answer")
        action = message.get("action", None, lambda v: v is None or (isinstance(v, str) and len(v) <= MAX_TEXT))
        answer = cls(message.int("id", NO_ID, MAX_ID), action, message.str("error", max_len=MAX_ERROR_CHARS))
        if (action is None) == (answer.error == ""):
            raise FormatError("format.field", field="error")
        if action is not None:
            answer.parsed()
        return answer

    def parsed(self) -> Action | None:
        """The answer's action (None when it has none); a malformed text is refused."""
        if self.action is None:
            return None
        try:
            return Action.parse(self.action)
        except CatanError:
            raise FormatError("format.field", field="action") from None


class Started(NamedTuple):
    """The worker's first message: its Python started (``error`` empty) or could not (why)."""

    error: str = ""

    def encode(self) -> str:
        """The message as compact JSON text."""
        return _compact({"started": self.error == "", "error": self.error})

    @classmethod
    def decode(cls, text: Any) -> Started:
        """Read the start message, refusing a malformed one (:class:`FormatError`)."""
        message = _read(text, MAX_ANSWER_CHARS, ("started", "error"), "started")
        started = cls(message.str("error", max_len=MAX_ERROR_CHARS))
        if message.bool("started") != (started.error == ""):
            raise FormatError("format.field", field="error")
        return started


def decode_from_worker(text: Any) -> Answer | Started:
    """Read a message of the worker: its start message or an answer.

    >>> decode_from_worker('{"started":true,"error":""}')
    Started(error='')
    """
    message = parse(text, MAX_ANSWER_CHARS, MESSAGE_DEPTH)
    return Started.decode(text) if isinstance(message, dict) and "started" in message else Answer.decode(text)


def fresh(request: Request, gid: str | None, moves: int) -> bool:
    """Whether an answer to ``request`` still fits the game on the page: the same game
    (``gid``; None: no game on screen) after the same number of ``moves``.

    >>> request = Request(id=1, gid="g", save="", seat=0, level="beginner", seed=0, moves=12)
    >>> fresh(request, "g", 12), fresh(request, "g", 11), fresh(request, "other", 12), fresh(request, None, 12)
    (True, False, False, False)
    """
    return gid == request.gid and moves == request.moves


class Thinker:
    """The worker's side: answers requests, each on the game its save replays, with the
    game's computer players kept from one request to the next (each remembers what it
    learnt, as the page's own do: :meth:`catan_web.session.Session.bot`)."""

    def __init__(self) -> None:
        self._bots: dict[tuple[str, int, str, int, bool, float | None], Bot] = {}

    def answer(self, text: str) -> str:
        """The answer (JSON text) to the request ``text``; a malformed request, a position
        that does not match it or a failing player is answered with why."""
        try:
            request = Request.decode(text)
        except FormatError as error:
            return Answer(NO_ID, None, f"refused: {error}"[:MAX_ERROR_CHARS]).encode()
        try:
            return Answer(request.id, self.decide(request).text()).encode()
        except Exception as error:  # a bad save or level, a faulty player: the page falls back
            return Answer(request.id, None, f"{type(error).__name__}: {error}"[:MAX_ERROR_CHARS]).encode()

    def decide(self, request: Request) -> Action:
        """The action of the request's player on the game its save replays."""
        from catan_core.bots import conclude

        game = replay(request.save)
        if len(game.history) != request.moves or game.to_act != request.seat:
            raise FormatError("format.field", field="moves")
        view = game.view(request.seat)  # with the log: the player counts cards from it
        return conclude(self.bot(request).think(view))

    def bot(self, request: Request) -> Bot:
        """The computer player the request names (made at its first request, then kept;
        the players of another game are let go)."""
        from catan_core.bots import make_bot

        key = (request.gid, request.seat, request.level, request.seed, request.offers, request.budget)
        if key not in self._bots:
            self._bots = {k: bot for k, bot in self._bots.items() if k[0] == request.gid}
            settings: dict[str, Any] = {} if request.offers else {"offers": False}  # as Session.bot, quiet_bot
            if request.budget is not None:
                settings["budget"] = request.budget
            self._bots[key] = make_bot(request.level, request.seed, **settings)
        return self._bots[key]


def replay(save: str) -> Game:
    """The game of a save text, replayed from its record (options, seats, seed, origin and
    history): the very game the page plays, as :func:`catan_core.saves.load` rebuilds it."""
    options, seats, seed, origin, history = read_record(Obj(parse(save, MAX_SAVE_CHARS), "save"))
    return play_history(start_of(options, seats, seed, origin), history)


def request_for(session: Session, id: int, offers: bool = True) -> Request:
    """The request for the move of the computer player who must act in ``session``'s game,
    the one :meth:`~catan_web.session.Session.bot_thinking` would think out on the page.

    >>> from catan_core.game import Game, Options, Seat
    >>> from catan_web.session import Session
    >>> colors = ("#d7263d", "#1b65c4", "#f29e1f")
    >>> seats = tuple(Seat(name, color, "standard") for name, color in zip(("Ana", "Ben", "Cy"), colors))
    >>> request = request_for(Session(Game(Options(players=3), seed=3, seats=seats), "g1"), 5)
    >>> request.id, request.gid, request.seat, request.level, request.seed, request.moves
    (5, 'g1', 1, 'standard', 25, 0)
    """
    seat = session.actor
    game = session.game
    return Request(
        id,
        session.gid,
        session.save_text(),
        seat,
        game.seats[seat].kind,
        session.bot_seed(seat),
        len(game.history),
        offers,
    )
