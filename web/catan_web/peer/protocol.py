"""The messages between a host's page and a guest's page, their limits and their framing.

Every message is a JSON object ``{"v": PROTOCOL_VERSION, "t": <kind>, ...fields}`` written
as compact ASCII text (so that a length in characters is a length in bytes), cut into
frames of at most :data:`FRAME_CHARS` for the data channel and read back with
:mod:`catan_core.jsonread` (exact types and ranges). See :mod:`catan_web.peer` for what
each message means and who may send it.

>>> text = encode(Act(moves=12, action="2 road 17"))
>>> text
'{"v":1,"t":"act","moves":12,"action":"2 road 17"}'
>>> decode_from_guest(text)
Act(moves=12, action='2 road 17')
>>> decode_from_guest('{"v":1,"t":"act","moves":true,"action":"2 road 17"}')
Traceback (most recent call last):
...
catan_web.peer.errors.PeerError: The message could not be read.
>>> frames("x" * 20, size=8)
['+xxxxxxx', '+xxxxxxx', '.xxxxxx']
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any, ClassVar, NamedTuple

from catan_core.actions import MAX_TEXT
from catan_core.errors import CatanError, FormatError
from catan_core.events import Event
from catan_core.jsonread import MAX_DEPTH, Obj, is_int, parse
from catan_core.names import MAX_SEATS
from catan_core.views import MAX_LOG, View

from .errors import PeerError

PROTOCOL_VERSION = 1
"""Sent in every message; a message of another version is refused."""
FRAME_CHARS = 16_384
"""Longest data channel message either side sends or accepts (16 KiB: what every browser
passes in one data channel message)."""
MAX_GUEST_MESSAGE_CHARS = 4_096
"""Longest message a guest may send (the longest well-formed action text has about 1300
characters; :data:`~catan_core.actions.MAX_TEXT` is 2000)."""
MAX_HOST_MESSAGE_CHARS = 8_000_000
"""Longest message a guest accepts: an update with a whole long game's log (about 200 KB)
and, at worst, thousands of legal discards fits many times over."""
MAX_GUEST_DEPTH = 1
"""Deepest nesting of a guest's message (its fields are plain values)."""
MAX_NONCE = 1 << 31
"""Ping numbers are below this."""
MAX_MOVES = 1 << 31
"""Move counts are below this."""
MAX_PARAMS = 8
"""Most parameters a refusal carries (engine errors have at most three)."""
MAX_PARAM_CHARS = 200
"""Longest text parameter of a refusal."""
MAX_KEY_CHARS = 60
"""Longest message key (``rule.partner_not_accepted``) or parameter name."""
SECRET_BYTES = 16
"""Random bytes of a seat's secret."""
SECRET_CHARS = -(-SECRET_BYTES * 4 // 3)
"""A seat's secret in base64url without padding: 22 characters."""
MAX_GAME_ID_CHARS = 40
"""A game id: letters, digits, ``-`` and ``_``."""
MORE, LAST = "+", "."
"""First character of a frame: more frames follow, or this one ends the message."""

_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def is_token(value: Any, min_len: int, max_len: int) -> bool:
    """Whether ``value`` is a string of ``min_len`` to ``max_len`` letters, digits, ``-``, ``_``.

    >>> is_token("18f3a2b1c-2", 1, 40), is_token("a b", 1, 40), is_token("", 1, 40)
    (True, False, False)
    """
    return isinstance(value, str) and min_len <= len(value) <= max_len and _ID_CHARS.issuperset(value)


def is_secret(value: Any) -> bool:
    """Whether ``value`` has the form of a seat's secret."""
    return is_token(value, SECRET_CHARS, SECRET_CHARS)


def is_game_id(value: Any) -> bool:
    """Whether ``value`` has the form of a game id."""
    return is_token(value, 1, MAX_GAME_ID_CHARS)


class _Message:
    """What every message has: its ``KIND`` (the ``"t"`` field) and its fields as JSON."""

    KIND: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        """The fields of this message, JSON-ready."""
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The fields of this kind of message, in the order they are written."""
        return tuple(f.name for f in fields(cls))  # type: ignore[arg-type]


# --- guest to host ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Hello(_Message):
    """Guest: take (or take back) ``seat`` of game ``game`` with its ``secret``."""

    KIND: ClassVar[str] = "hello"
    game: str
    seat: int
    secret: str

    @classmethod
    def read(cls, obj: Obj) -> Hello:
        """Read the fields of this kind of message from ``obj`` (exact types and ranges)."""
        return cls(obj.get("game", ok=is_game_id), obj.int("seat", 0, MAX_SEATS), obj.get("secret", ok=is_secret))


@dataclass(frozen=True)
class Act(_Message):
    """Guest: perform ``action`` (its text form), chosen in the view after ``moves`` moves."""

    KIND: ClassVar[str] = "act"
    moves: int
    action: str

    @classmethod
    def read(cls, obj: Obj) -> Act:
        """Read the fields of this kind of message from ``obj`` (exact types and ranges)."""
        return cls(obj.int("moves", 0, MAX_MOVES), obj.str("action", max_len=MAX_TEXT))


@dataclass(frozen=True)
class Ping(_Message):
    """Guest: are you there? (answered by a :class:`Pong` with the same ``nonce``)."""

    KIND: ClassVar[str] = "ping"
    nonce: int

    @classmethod
    def read(cls, obj: Obj) -> Ping:
        """Read the fields of this kind of message from ``obj`` (exact types and ranges)."""
        return cls(obj.int("nonce", 0, MAX_NONCE))


# --- host to guest ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Welcome(_Message):
    """Host: the guest plays ``seat`` of game ``game`` now (an :class:`Update` follows);
    ``hints``: whether the host allowed the people hints (a host of an earlier version sends
    none: not allowed)."""

    KIND: ClassVar[str] = "welcome"
    game: str
    seat: int
    hints: bool = False

    def to_json(self) -> dict[str, Any]:
        """The fields, ``hints`` only when allowed (a guest of an earlier version reads the rest).

        >>> Welcome("g1", 2).to_json(), Welcome("g1", 2, True).to_json()
        ({'game': 'g1', 'seat': 2}, {'game': 'g1', 'seat': 2, 'hints': True})
        """
        data = super().to_json()
        if not self.hints:
            del data["hints"]
        return data

    @classmethod
    def read(cls, obj: Obj) -> Welcome:
        """Read the fields of this kind of message from ``obj`` (exact types and ranges)."""
        return cls(obj.get("game", ok=is_game_id), obj.int("seat", 0, MAX_SEATS), obj.bool("hints", default=False))


@dataclass(frozen=True)
class Update(_Message):
    """Host: the game after ``moves`` moves as the guest's seat sees it.

    ``events`` are the guest's log from index ``start`` on: ``start`` equals the number of
    events the guest holds (they follow on), or is 0 (they replace its log, after the host
    went back in the game). ``view`` is the view without its log.
    """

    KIND: ClassVar[str] = "update"
    moves: int
    start: int
    events: tuple[Event, ...]
    view: View

    def to_json(self) -> dict[str, Any]:
        return {
            "moves": self.moves,
            "start": self.start,
            "events": [event.to_json() for event in self.events],
            "view": self.view.to_json(with_log=False),
        }

    @classmethod
    def read(cls, obj: Obj) -> Update:
        """Read the fields of this kind of message from ``obj`` (exact types and ranges)."""
        events = tuple(Event.from_json(entry) for entry in obj.list("events", MAX_LOG))
        view = View.from_json(obj.get("view"))
        return cls(obj.int("moves", 0, MAX_MOVES), obj.int("start", 0, MAX_LOG), events, view)


@dataclass(frozen=True)
class Refused(_Message):
    """Host: the guest's last message changed nothing, because of ``key`` (a message key:
    ``rule.*`` and ``action.*`` from the engine, ``peer.*`` from the protocol) with
    ``params``; ``action`` is the refused action's text, when it was an action."""

    KIND: ClassVar[str] = "refused"
    key: str
    params: dict[str, Any]
    action: str | None = None

    @classmethod
    def of(cls, error: CatanError, action: str | None = None) -> Refused:
        """The refusal explaining ``error`` (parameters made plain, long texts cut)."""
        return cls(error.key, {k: _plain(v) for k, v in list(error.params.items())[:MAX_PARAMS]}, action)

    @classmethod
    def read(cls, obj: Obj) -> Refused:
        """Read the fields of this kind of message from ``obj`` (exact types and ranges)."""
        params = obj.get("params", ok=_is_params)
        return cls(obj.str("key", max_len=MAX_KEY_CHARS), params, obj.get("action", ok=_is_action_text))


@dataclass(frozen=True)
class Paused(_Message):
    """Host: the game is paused (``paused``: actions are refused meanwhile) or resumed."""

    KIND: ClassVar[str] = "paused"
    paused: bool

    @classmethod
    def read(cls, obj: Obj) -> Paused:
        """Read the fields of this kind of message from ``obj`` (exact types and ranges)."""
        return cls(obj.bool("paused"))


@dataclass(frozen=True)
class Closed(_Message):
    """Host: this connection is over, because of ``key`` (``peer.replaced``,
    ``peer.seat_closed``, ``peer.host_left``); the host closes the channel after it."""

    KIND: ClassVar[str] = "closed"
    key: str

    @classmethod
    def read(cls, obj: Obj) -> Closed:
        """Read the fields of this kind of message from ``obj`` (exact types and ranges)."""
        return cls(obj.str("key", max_len=MAX_KEY_CHARS))


@dataclass(frozen=True)
class Pong(_Message):
    """Host: the answer to a :class:`Ping`."""

    KIND: ClassVar[str] = "pong"
    nonce: int

    @classmethod
    def read(cls, obj: Obj) -> Pong:
        """Read the fields of this kind of message from ``obj`` (exact types and ranges)."""
        return cls(obj.int("nonce", 0, MAX_NONCE))


GuestMessage = Hello | Act | Ping
HostMessage = Welcome | Update | Refused | Paused | Closed | Pong
Message = GuestMessage | HostMessage
GUEST_MESSAGES: dict[str, type[GuestMessage]] = {m.KIND: m for m in (Hello, Act, Ping)}
HOST_MESSAGES: dict[str, type[HostMessage]] = {m.KIND: m for m in (Welcome, Update, Refused, Paused, Closed, Pong)}


def _plain(value: Any) -> Any:
    """An error parameter as JSON-ready data of bounded size."""
    if isinstance(value, bool) or value is None or (type(value) is int and abs(value) < MAX_MOVES):
        return value
    if isinstance(value, (list, tuple)) and len(value) <= MAX_PARAMS and all(type(v) is int for v in value):
        return [_plain(v) for v in value]
    return str(value)[:MAX_PARAM_CHARS]


def _is_plain(value: Any) -> bool:
    if value is None or type(value) is bool or is_int(value, -MAX_MOVES + 1, MAX_MOVES):
        return True
    if isinstance(value, str):
        return len(value) <= MAX_PARAM_CHARS
    return type(value) is list and len(value) <= MAX_PARAMS and all(is_int(v, -MAX_MOVES + 1, MAX_MOVES) for v in value)


def _is_params(value: Any) -> bool:
    return (
        type(value) is dict
        and len(value) <= MAX_PARAMS
        and all(is_token(k, 1, MAX_KEY_CHARS) and _is_plain(v) for k, v in value.items())
    )


def _is_action_text(value: Any) -> bool:
    return value is None or (isinstance(value, str) and len(value) <= MAX_TEXT)


# --- text ---------------------------------------------------------------------------------------


def encode(message: Message) -> str:
    """``message`` as compact ASCII JSON text (cut it into :func:`frames` to send it)."""
    return json.dumps({"v": PROTOCOL_VERSION, "t": message.KIND, **message.to_json()}, separators=(",", ":"))


def _decode(text: Any, max_chars: int, max_depth: int, kinds: dict[str, Any]) -> Any:
    try:
        obj = Obj(parse(text, max_chars, max_depth), "message")
        version = obj.get("v", ok=lambda v: is_int(v, 0, MAX_NONCE))
        if version != PROTOCOL_VERSION:
            raise PeerError("peer.version", version=version)
        kind = obj.str("t", kinds, max_len=MAX_KEY_CHARS)
        obj.only(("v", "t", *kinds[kind].field_names()))
        return kinds[kind].read(obj)
    except FormatError as error:
        if error.key == "format.too_large":
            raise PeerError("peer.too_large", limit=max_chars) from None
        raise PeerError("peer.malformed") from None


def decode_from_guest(text: Any) -> GuestMessage:
    """Read a guest's message (at most :data:`MAX_GUEST_MESSAGE_CHARS`); a
    :class:`PeerError` for anything malformed, too long, of another version or not a guest's."""
    return _decode(text, MAX_GUEST_MESSAGE_CHARS, MAX_GUEST_DEPTH, GUEST_MESSAGES)  # type: ignore[no-any-return]


def decode_from_host(text: Any) -> HostMessage:
    """Read the host's message (at most :data:`MAX_HOST_MESSAGE_CHARS`); a
    :class:`PeerError` for anything malformed, too long, of another version or not a host's."""
    return _decode(text, MAX_HOST_MESSAGE_CHARS, MAX_DEPTH, HOST_MESSAGES)  # type: ignore[no-any-return]


# --- frames ---------------------------------------------------------------------------------------


def frames(text: str, size: int = FRAME_CHARS) -> list[str]:
    """``text`` cut into data channel messages of at most ``size`` characters, each
    starting with :data:`MORE` or, the last one, :data:`LAST`."""
    step = size - 1
    pieces = [text[i : i + step] for i in range(0, len(text), step)] or [""]
    return [MORE + piece for piece in pieces[:-1]] + [LAST + pieces[-1]]


class Reassembler:
    """Joins the frames of one connection back into messages of at most ``limit`` characters.

    >>> joiner = Reassembler(limit=100)
    >>> [joiner.push(frame) for frame in frames("hello world", size=5)]
    [None, None, 'hello world']
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._parts: list[str] = []
        self._size = 0

    def push(self, frame: Any) -> str | None:
        """Take one data channel message: the whole message text when ``frame`` ends one,
        else None. A frame that is not text, too long or without its mark, or a message
        beyond the limit, raises :class:`PeerError` and drops the message in progress."""
        if not isinstance(frame, str) or not frame or frame[0] not in (MORE, LAST):
            self._reset()
            raise PeerError("peer.malformed")
        if len(frame) > FRAME_CHARS or self._size + len(frame) - 1 > self.limit:
            self._reset()
            raise PeerError("peer.too_large", limit=self.limit)
        self._parts.append(frame[1:])
        self._size += len(frame) - 1
        if frame[0] == MORE:
            return None
        text = "".join(self._parts)
        self._reset()
        return text

    def _reset(self) -> None:
        self._parts, self._size = [], 0


GUEST_RATE = 10.0
"""Messages per second a guest may send on average (a person sends one every few seconds)."""
GUEST_BURST = 40
"""Messages a guest may send at once before the host's page drops what comes faster than
:data:`GUEST_RATE` (see :class:`Budget`)."""


class Budget:
    """A connection's allowance of messages (a token bucket): a flood of messages is dropped
    before it costs the host's page any reading.

    >>> budget = Budget(rate=1.0, burst=2)
    >>> [budget.take(0.0), budget.take(0.0), budget.take(0.0), budget.take(1.5)]
    [True, True, False, True]
    """

    def __init__(self, rate: float = GUEST_RATE, burst: int = GUEST_BURST) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._last: float | None = None

    def take(self, now: float) -> bool:
        """Whether a message arriving at ``now`` (seconds) is within the allowance (it then uses it)."""
        if self._last is not None:
            self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True


class Outgoing(NamedTuple):
    """A message for connection ``conn``; with ``close``, close that connection after it."""

    conn: str
    message: HostMessage
    close: bool = False

    def frames(self) -> list[str]:
        """The data channel messages to send, in order."""
        return frames(encode(self.message))
