"""The guest's side: what the host has sent, and a game to draw it with.

A guest's page holds only its own seat's :class:`~catan_core.views.View` and the events
that seat may see. :class:`GuestState` reads the host's frames, keeps the view and the log
up to date, and writes the guest's messages. To draw, the page can keep using a
``Session`` over a :class:`GuestGame`: a full game consistent with the view (the hidden
parts guessed by :func:`~catan_core.bots.determinize.determinize` with a fixed generator)
that answers with the guest's true view and legal actions, and explains refusals with the
engine's rules. Its hidden parts are guesses, so only what the view shows is drawn from it.

>>> from catan_core.game import Game, Options
>>> from catan_web.peer.referee import HostReferee
>>> host = Game(Options(players=3, board="beginner"), seed=1)
>>> referee = HostReferee(host, "g1", token=lambda n: bytes(n))
>>> guest = GuestState("g1", 0, referee.open_seat(0))
>>> for frame in guest.hello():
...     for out in referee.receive("c1", frame).outgoing:
...         for reply in out.frames():
...             _ = guest.receive(reply)
>>> guest.joined, guest.view == host.view(0), guest.game.view(0) == host.view(0)
(True, True, True)
>>> [a.text() for a in guest.game.legal_actions()]
['0 roll']
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import cast

from catan_core.actions import Action
from catan_core.bots.determinize import determinize
from catan_core.errors import CatanError
from catan_core.events import Event
from catan_core.game import Game
from catan_core.rng import Rng
from catan_core.views import View

from .errors import PeerError
from .protocol import (
    MAX_HOST_MESSAGE_CHARS,
    Act,
    Closed,
    Hello,
    HostMessage,
    Paused,
    Ping,
    Reassembler,
    Refused,
    Update,
    Welcome,
    decode_from_host,
    encode,
    frames,
)
from .referee import OPEN_KINDS

SHADOW_SEED = 1
"""Seed of the guesses of a guest's game (fixed: the same view always gives the same game)."""
HELLO_SECONDS = 1.0
"""Time a guest waits for the host to answer its hello before saying it again."""
HELLO_TRIES = 8
"""Most hellos a guest says on one connection (the first one included)."""


class GuestGame(Game):
    """A game for a guest's page to draw: built from the guest's view, it answers
    :meth:`view` with that very view and :meth:`legal_actions` with its legal actions; its
    hidden parts (others' cards, the deck) are guesses. Never apply actions to it: send
    them with :meth:`GuestState.act`; each update of the host brings a new GuestGame."""

    guest_view: View
    """The view it was built from (with the log)."""

    @classmethod
    def from_view(cls, view: View) -> GuestGame:
        """The game for ``view`` (a seat's view, with its log)."""
        game = cast("GuestGame", cls.from_state(determinize(view, Rng(SHADOW_SEED))))
        game.guest_view = view
        game.log = list(view.log)
        return game

    def legal_actions(self) -> list[Action]:
        """The guest's legal actions (none while someone else must act)."""
        return list(self.guest_view.legal)

    def check_action(self, action: Action) -> None:
        """Accept the guest's legal actions and open-ended offers the rules allow; raise the
        rule another action breaks, as far as the guest can tell, or ``peer.not_allowed``."""
        if action in self.guest_view.legal:
            return
        Game.check_action(self, action)
        if action.kind not in OPEN_KINDS:
            raise PeerError("peer.not_allowed")

    def view(self, viewer: int | None = None, with_log: bool = True) -> View:
        """The guest's view for the guest's seat; for anyone else what a spectator sees
        (the guest knows no more)."""
        view = self.guest_view
        if viewer != view.viewer:
            view = view.as_spectator()
        return view if with_log else replace(view, log=())


class GuestState:
    """One guest's connection to the host, for ``seat`` of game ``game_id`` with ``secret``
    (from the invitation).

    Call :meth:`hello` when the data channel opens (also after reconnecting with a new
    invitation), :meth:`receive` with every data channel message, :meth:`act` to play.
    """

    def __init__(self, game_id: str, seat: int, secret: str) -> None:
        self.game_id = game_id
        self.seat = seat
        self.secret = secret
        self.joined = False
        """Whether the host has welcomed this guest to its seat."""
        self.paused = False
        """Whether the host has paused the game."""
        self.hints = False
        """Whether the host allowed the people hints (told when it welcomes this guest)."""
        self.closed: str | None = None
        """Why the host ended the connection (a ``peer.*`` key), or None."""
        self.refusal: Refused | None = None
        """The host's last refusal (cleared by the next update)."""
        self.moves = 0
        """Moves of the game in the last update."""
        self.log: list[Event] = []
        """Every event this seat may see, in order."""
        self.view: View | None = None
        """The seat's view after the last update (with the log), None before the first."""
        self.game: GuestGame | None = None
        """A game to draw the view with (a new one after each update), None before the first."""
        self._joiner = Reassembler(MAX_HOST_MESSAGE_CHARS)

    # --- to the host ---------------------------------------------------------------------------

    def hello(self) -> list[str]:
        """The frames asking the host for this guest's seat (send when the channel opens,
        with :func:`greet`)."""
        self.joined, self.closed, self.refusal = False, None, None
        self._joiner = Reassembler(MAX_HOST_MESSAGE_CHARS)
        return frames(encode(Hello(self.game_id, self.seat, self.secret)))

    @property
    def answered(self) -> bool:
        """Whether the host has answered the last hello: welcomed, refused or closed."""
        return self.joined or self.closed is not None or self.refusal is not None

    def act(self, action: Action) -> list[str]:
        """The frames asking the host to perform ``action``, chosen in the current view."""
        return frames(encode(Act(self.moves, action.text())))

    def ping(self, nonce: int) -> list[str]:
        """The frames of a ping (the host answers with a pong of the same ``nonce``)."""
        return frames(encode(Ping(nonce)))

    # --- from the host ---------------------------------------------------------------------------

    def receive(self, frame: object) -> HostMessage | None:
        """Take one data channel message from the host: the message it completes, already
        applied to this state (None while a message is incomplete). A malformed frame or
        message, or one that does not fit this guest, raises :class:`PeerError` and changes
        nothing."""
        text = self._joiner.push(frame)
        if text is None:
            return None
        message = decode_from_host(text)
        if isinstance(message, Welcome):
            if (message.game, message.seat) != (self.game_id, self.seat):
                raise PeerError("peer.wrong_game")
            self.joined, self.closed, self.hints = True, None, message.hints
        elif isinstance(message, Update):
            self._update(message)
        elif isinstance(message, Refused):
            self.refusal = message
        elif isinstance(message, Paused):
            self.paused = message.paused
        elif isinstance(message, Closed):
            self.joined, self.closed = False, message.key
        return message

    def _update(self, update: Update) -> None:
        if not self.joined or update.view.viewer != self.seat or update.start not in (0, len(self.log)):
            raise PeerError("peer.malformed")
        log = list(update.events) if update.start == 0 else self.log + list(update.events)
        view = replace(update.view, log=tuple(log))
        try:
            game = GuestGame.from_view(view)
        except CatanError:  # a view no game can have
            raise PeerError("peer.malformed") from None
        self.log, self.view, self.game, self.moves, self.refusal = log, view, game, update.moves, None


async def greet(
    state: GuestState,
    send: Callable[[list[str]], bool],
    seconds: float = HELLO_SECONDS,
    tries: int = HELLO_TRIES,
) -> int:
    """Say hello on a channel that has just opened (``send(frames)``: False once it is
    closed), and again every ``seconds`` until the host answers, ``tries`` times at most;
    return how many hellos were sent.

    A reliable data channel can still lose its first message: seen in Chromium 156, the
    guest's side opens as the host's announcement arrives, the hello sent at once never
    reaches the host's page although both sides then show the channel open. The host
    answers a repeated hello on the same connection with a welcome and only what is new.
    """
    for sent in range(tries):
        if not send(state.hello()):
            return sent
        await asyncio.sleep(seconds)
        if state.answered:
            return sent + 1
    return tries
