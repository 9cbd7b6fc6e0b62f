"""The host's referee: the one place where guests' messages meet the game.

Pure logic, no browser: the page hands it each data channel message with the id of the
connection it came from, and sends the :class:`~catan_web.peer.protocol.Outgoing` messages
it returns. The referee applies a guest's action only when it is that guest's seat's legal
move, and after every change of the game -- by a guest, by a person at the host's device
or by a computer player -- :meth:`HostReferee.sync` gives each joined guest its own view
and the events it may see.

>>> from catan_core.game import Game, Options
>>> from catan_web.peer.protocol import Hello, encode, frames
>>> game = Game(Options(players=3, board="beginner"), seed=1)
>>> referee = HostReferee(game, "g1", token=lambda n: bytes(n))
>>> secret = referee.open_seat(1)
>>> handled = referee.receive("c1", frames(encode(Hello("g1", 1, secret)))[0])
>>> [type(out.message).__name__ for out in handled.outgoing]
['Welcome', 'Update']
>>> handled = referee.receive("c1", frames('{"v":1,"t":"act","moves":0,"action":"0 roll"}')[0])
>>> handled.outgoing[0].message.key, handled.action
('peer.not_your_seat', None)
"""

from __future__ import annotations

import base64
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.errors import CatanError
from catan_core.events import Event
from catan_core.game import Game

from .errors import PeerError
from .protocol import (
    MAX_GUEST_MESSAGE_CHARS,
    SECRET_BYTES,
    Act,
    Closed,
    GuestMessage,
    Hello,
    Outgoing,
    Paused,
    Ping,
    Pong,
    Reassembler,
    Refused,
    Update,
    Welcome,
    decode_from_guest,
    is_game_id,
    is_secret,
)

OPEN_KINDS = frozenset({A.OFFER, A.COUNTER})
"""Action kinds whose legal list shows only examples (any well-formed terms the rules
allow may be offered); every other action of a guest must be one the legal list holds,
so that, for instance, a guest cannot choose its dice (``"1 roll 6+6"``)."""


def why_not(game: Game, action: Action) -> CatanError | None:
    """Why a guest may not perform ``action`` now (None when it may): the rule it breaks,
    or ``peer.not_allowed`` for a move the rules accept only from the host (forced dice).

    >>> from catan_core.game import Game, Options
    >>> game = Game(Options(players=3, board="beginner"), seed=1)
    >>> why_not(game, Action.parse("0 roll")) is None
    True
    >>> why_not(game, Action.parse("0 roll 6+6")).key, why_not(game, Action.parse("0 end")).key
    ('peer.not_allowed', 'rule.roll_first')
    """
    try:
        game.check_action(action)
    except CatanError as error:
        return error
    if action.kind not in OPEN_KINDS and action not in game.legal_actions():
        return PeerError("peer.not_allowed")
    return None


@dataclass
class _Link:
    """One connection: the seat it joined and how much of the game it has been sent."""

    seat: int | None = None
    moves: int = 0
    """Moves of the game in the last update sent."""
    events: int = 0
    """Events of the log sent so far."""
    last_event: Event | None = None
    """The last event sent (to notice that the host went back in the game)."""
    joiner: Reassembler = field(default_factory=lambda: Reassembler(MAX_GUEST_MESSAGE_CHARS))


class Handled(NamedTuple):
    """What a guest's message led to: messages to send, and the guest's action the
    referee applied to the game (None when it applied none) with its events."""

    outgoing: list[Outgoing]
    action: Action | None = None
    events: tuple[Event, ...] = ()


class HostReferee:
    """Referee of ``game`` (the host page's own Game object) for guests on other devices.

    ``game_id`` names the game in invitations and hellos; ``token(n)`` gives ``n`` random
    bytes for seats' secrets (``secrets.token_bytes``, or a seeded source in tests).
    Connections are named by the page (any text, e.g. ``"c3"``).
    """

    def __init__(self, game: Game, game_id: str, token: Callable[[int], bytes] = secrets.token_bytes) -> None:
        if not is_game_id(game_id):
            raise ValueError(f"not a game id: {game_id!r}")
        self.game = game
        self.game_id = game_id
        self.paused = False
        self.hints = False
        """Whether the host allowed the people hints (told to each guest it welcomes)."""
        self._token = token
        self._secrets: dict[int, str] = {}
        self._links: dict[str, _Link] = {}

    # --- seats ------------------------------------------------------------------------------

    def open_seat(self, seat: int, secret: str | None = None) -> str:
        """Make ``seat`` a guest's seat and return its secret, for an invitation (a seat
        already open keeps its secret: a new invitation lets its guest rejoin). ``secret``
        is the seat's secret before the host's page was reloaded (from :meth:`secrets`), to
        open it with that very secret again.

        >>> from catan_core.game import Options
        >>> referee = HostReferee(Game(Options(players=3), seed=1), "g1")
        >>> referee.open_seat(2, "B" * 22) == referee.open_seat(2) == referee.secrets()[2]
        True
        """
        if not 0 <= seat < len(self.game.players):
            raise ValueError(f"no seat {seat}")
        if secret is not None and not is_secret(secret):
            raise ValueError("not a seat's secret")
        if seat not in self._secrets:
            self._secrets[seat] = secret or base64.urlsafe_b64encode(self._token(SECRET_BYTES)).decode("ascii").rstrip(
                "="
            )
        return self._secrets[seat]

    def secrets(self) -> dict[int, str]:
        """Each guest's seat and its secret (to keep beside the saved game)."""
        return dict(self._secrets)

    def close_seat(self, seat: int) -> list[Outgoing]:
        """Take ``seat`` back for the host's device: its secret stops working, and its guest,
        if connected, is told and disconnected (close that channel after sending)."""
        self._secrets.pop(seat, None)
        conn = self.connection(seat)
        if conn is None:
            return []
        del self._links[conn]
        return [Outgoing(conn, Closed("peer.seat_closed"), close=True)]

    def guest_seats(self) -> dict[int, str | None]:
        """Each guest's seat and the connection playing it (None while nobody is joined)."""
        return {seat: self.connection(seat) for seat in sorted(self._secrets)}

    def connection(self, seat: int) -> str | None:
        """The connection that joined ``seat`` (None when none has)."""
        return next((conn for conn, link in self._links.items() if link.seat == seat), None)

    # --- connections --------------------------------------------------------------------------

    def receive(self, conn: str, frame: object) -> Handled:
        """Take one data channel message from connection ``conn``. Never raises for what a
        guest sends: anything malformed, too long or not allowed is refused, the game unchanged."""
        link = self._links.setdefault(conn, _Link())
        try:
            text = link.joiner.push(frame)
            if text is None:
                return Handled([])
            message = decode_from_guest(text)
        except PeerError as error:
            return Handled([Outgoing(conn, Refused.of(error))])
        return self.handle(conn, message)

    def handle(self, conn: str, message: GuestMessage) -> Handled:
        """Act on a decoded message from connection ``conn``."""
        link = self._links.setdefault(conn, _Link())
        if isinstance(message, Hello):
            return Handled(self._hello(conn, link, message))
        if isinstance(message, Act):
            return self._act(conn, link, message)
        assert isinstance(message, Ping)
        return Handled([Outgoing(conn, Pong(message.nonce))])

    def disconnected(self, conn: str) -> None:
        """Connection ``conn`` is gone (its seat stays a guest's seat, to rejoin)."""
        self._links.pop(conn, None)

    def sync(self) -> list[Outgoing]:
        """An update for every joined guest whose view is behind the game: call after any
        change of the game made on the host's side (the referee calls it after a guest's)."""
        links = self._links.items()
        return [self._update(conn, link) for conn, link in links if link.seat is not None and self._behind(link)]

    def pause(self, paused: bool) -> list[Outgoing]:
        """Pause the game (guests' actions are refused meanwhile) or resume it."""
        self.paused = paused
        return [Outgoing(conn, Paused(paused)) for conn, link in self._links.items() if link.seat is not None]

    def close_all(self) -> list[Outgoing]:
        """The host leaves the network game: every connection is told and is to be closed."""
        out = [Outgoing(conn, Closed("peer.host_left"), close=True) for conn in self._links]
        self._links.clear()
        return out

    # --- messages -------------------------------------------------------------------------------

    def _hello(self, conn: str, link: _Link, hello: Hello) -> list[Outgoing]:
        if hello.game != self.game_id:
            return [Outgoing(conn, Refused("peer.wrong_game", {}))]
        secret = self._secrets.get(hello.seat)
        if secret is None or not hmac.compare_digest(secret, hello.secret):
            return [Outgoing(conn, Refused("peer.bad_secret", {}))]
        out: list[Outgoing] = []
        previous = self.connection(hello.seat)
        if previous is not None and previous != conn:
            del self._links[previous]
            out.append(Outgoing(previous, Closed("peer.replaced"), close=True))
        out.append(Outgoing(conn, Welcome(self.game_id, hello.seat, self.hints)))
        joining = link.seat != hello.seat
        if joining:  # a new guest on this connection: the whole log
            link.seat, link.events, link.last_event = hello.seat, 0, None
        if joining or self._behind(link):  # (a hello again on the same connection costs the host no resend)
            out.append(self._update(conn, link))
        if self.paused:
            out.append(Outgoing(conn, Paused(True)))
        return out

    def _act(self, conn: str, link: _Link, act: Act) -> Handled:
        def refuse(error: CatanError) -> Handled:
            return Handled([Outgoing(conn, Refused.of(error, act.action))])

        if link.seat is None:
            return refuse(PeerError("peer.not_joined"))
        if self.paused:
            return refuse(PeerError("peer.paused"))
        if act.moves != len(self.game.history):
            return refuse(PeerError("peer.stale"))
        try:
            action = Action.parse(act.action)
        except CatanError as error:
            return refuse(error)
        if action.player != link.seat:
            return refuse(PeerError("peer.not_your_seat", seat=link.seat))
        reason = why_not(self.game, action)
        if reason is not None:
            return refuse(reason)
        events = self.game.apply(action)
        return Handled(self.sync(), action, tuple(events))

    def _behind(self, link: _Link) -> bool:
        game = self.game
        return link.moves != len(game.history) or link.events != len(game.log) or not self._follows_on(link)

    def _follows_on(self, link: _Link) -> bool:
        """Whether the events sent to ``link`` are still the start of the game's log."""
        log = self.game.log
        return link.events == 0 or (link.events <= len(log) and log[link.events - 1] is link.last_event)

    def _update(self, conn: str, link: _Link) -> Outgoing:
        """The update bringing ``link`` up to date (its seat's view and new events)."""
        assert link.seat is not None
        game, seat = self.game, link.seat
        start = link.events if self._follows_on(link) else 0
        events = tuple(event.for_viewer(seat) for event in game.log[start:])
        link.moves, link.events = len(game.history), len(game.log)
        link.last_event = game.log[-1] if game.log else None
        return Outgoing(conn, Update(len(game.history), start, events, game.view(seat, with_log=False)))
