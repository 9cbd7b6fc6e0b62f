"""Play with friends on their own devices, without a server: the protocol and its pure logic.

Roles
-----
The **host's** page is the referee: it holds the :class:`~catan_core.game.Game`, saves it,
runs the computer players and the people playing at the host's device (hot-seat), and
checks every guest's action with the engine (:class:`~catan_web.peer.referee.HostReferee`).
Each **guest's** page holds only its own seat's :class:`~catan_core.views.View` and the
events that seat may see (:class:`~catan_web.peer.guest.GuestState`).

Joining (:mod:`catan_web.peer.codes`)
------------------------------------
Pages talk over one WebRTC data channel per guest (reliable and ordered, the default).
Without a signalling server the descriptions are traded by hand:

1. The host opens a seat (:meth:`HostReferee.open_seat` gives its secret), makes an
   ``RTCPeerConnection`` with a data channel, waits until ICE gathering is complete and
   shows the invitation link ``<page>#join=<code>`` (an :class:`~catan_web.peer.codes.Invitation`:
   game id, seat, secret, the compact offer) as text and as a QR code.
2. The guest's page opens the link, reads the invitation, answers the offer and shows the
   answer code (an :class:`~catan_web.peer.codes.Answer`: game id, seat, the offer's ICE
   user fragment as ``ref``, the compact answer) as text and as a QR code.
3. The host pastes or scans the answer code; the channel opens; the guest sends ``hello``.

A guest who reloads or loses the connection rejoins the same way: the host makes a new
invitation for the seat (same secret), and the new connection replaces the old one.
:meth:`HostReferee.close_seat` revokes a secret (old links stop working).

Messages (:mod:`catan_web.peer.protocol`)
-----------------------------------------
Each message is ``{"v": 1, "t": <kind>, ...}``, compact ASCII JSON, cut into frames of at
most 16 KiB (each starts with ``+``: more follows, or ``.``: last frame). Guest to host
(at most 4 096 characters, flat objects):

=========== ======================================== =============================================
``hello``   ``game``, ``seat``, ``secret``           take (or take back) a seat
``act``     ``moves``, ``action`` (text, <= 2 000)   perform an action chosen after ``moves`` moves
``ping``    ``nonce``                                are you there?
=========== ======================================== =============================================

Host to guest (at most 8 000 000 characters, in frames):

=========== ========================================= =================================================
``welcome`` ``game``, ``seat``                        the seat is yours (an update follows)
``update``  ``moves``, ``start``, ``events``, ``view`` the view without its log, and the log's events
                                                      from ``start`` (= what the guest holds, or 0 to
                                                      replace its log after the host went back)
``refused`` ``key``, ``params``, ``action``           the last message changed nothing; why, as a
                                                      message key (``rule.*``, ``action.*``, ``peer.*``)
``paused``  ``paused``                                the host paused (actions refused) or resumed
``closed``  ``key``                                   the connection ends (``peer.replaced``,
                                                      ``peer.seat_closed``, ``peer.host_left``)
``pong``    ``nonce``                                 the answer to a ping
=========== ========================================= =================================================

Refusal reasons of the protocol: ``peer.malformed`` (not a message of this protocol),
``peer.too_large``, ``peer.version``, ``peer.wrong_game``, ``peer.bad_secret``,
``peer.not_joined``, ``peer.not_your_seat``, ``peer.not_allowed`` (the rules accept the
move only from the host, like chosen dice), ``peer.stale`` (the game moved on since the
guest's view), ``peer.paused``; the engine's reasons otherwise.

Threat model
------------
A guest's page may be modified or replaced by anything that speaks WebRTC. Such a guest
**can**: send any bytes, as often as it likes; act for its own seat when the rules let
that seat act; offer any trade the rules allow; leave, or reconnect (only through a new
invitation the host accepts by pasting its answer); learn what its seat may see.
It **cannot**: act for another seat (the seat is the one its ``hello`` proved with the
secret, compared in constant time, never the one an action names); act out of turn or
break a rule (the engine checks every action; any action kind but offers and
counter-offers must be in the legal list, so no chosen dice); change the game with a
malformed, oversized, deeply nested or wrong-version message (refused before parsing or
while reading, the game untouched); see other seats' resource or development cards, the
deck's order or the generator's state (updates carry ``game.view(seat)`` and events
``for_viewer(seat)`` only); take a seat it was not invited to; inject lines into the
host's session description (every text of an answer code is limited to the characters of
its SDP field). It can make the host work: a flood of messages costs the host's page CPU
(each is refused cheaply, and the whole log is sent once per connection, whose answer code
the host pastes by hand; the page drops a connection's messages beyond
:class:`~catan_web.peer.protocol.Budget` before reading them).

A guest trusts its host, which sees **everything** (it runs the game) and could cheat;
the guest page only refuses what it cannot read. Invitation links carry the seat's
secret: whoever holds one can take that seat, but only through a connection the host
completes by hand. Links travel in the URL fragment, which browsers never send to a server.

Wiring (the page)
-----------------
Host: ``referee = HostReferee(session.game, gid)``; invite with
``encode_invitation(Invitation(gid, seat, referee.open_seat(seat), compact_sdp(pc_sdp)))``
and :func:`~catan_web.peer.codes.invitation_link`; on a pasted answer
``answer = decode_answer(text)``, find the pending connection by ``answer.ref`` and call
``setRemoteDescription({type: "answer", sdp: expand_sdp(answer.sdp, "answer")})``. On
each data channel message ``handled = referee.receive(conn, data)``: send every
``out.frames()`` of ``handled.outgoing`` on ``out.conn`` (closing it when ``out.close``),
and when ``handled.action`` is set redraw, save and let the computer players go on as
after a local action. After every local action (a person or a computer player):
send ``referee.sync()``. On a closed channel: ``referee.disconnected(conn)``.

Guest: ``invitation = decode_invitation(location.hash)``; answer with
``expand_sdp(invitation.sdp, "offer")`` and show
``encode_answer(Answer(gid, seat, invitation.sdp["ufrag"], compact_sdp(pc_sdp)))``. When
the channel opens send ``guest.hello()`` (``guest = GuestState(gid, seat, secret)``); on
each message ``guest.receive(data)`` and redraw from ``guest.view`` / ``guest.game`` (a
``Session`` can wrap ``guest.game``: give it the new one after each update, and treat only
the guest's seat as a person at this device); to play send ``guest.act(action)``.

The game page does all this in :mod:`catan_web.network` (its HTML in
:mod:`catan_web.network_panels`). Beside the protocol, this package has the optional
STUN/TURN servers a person may configure (:mod:`~catan_web.peer.ice`) and what the pages
keep in the browser's storage (:mod:`~catan_web.peer.saved`: the host's seat secrets per
game, so that a reloaded host re-invites the same seats; the guest's last invitation).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(
        (
            "Answer",
            "Invitation",
            "compact_sdp",
            "decode_answer",
            "decode_invitation",
            "encode_answer",
            "encode_invitation",
            "expand_sdp",
            "invitation_link",
        ),
        "codes",
    ),
    **dict.fromkeys(("GuestGame", "GuestState"), "guest"),
    "PeerError": "errors",
    "Outgoing": "protocol",
    **dict.fromkeys(("Handled", "HostReferee"), "referee"),
}
"""The names this package offers and the module each lives in. They are imported when first
used, so that a page reading only the settings' servers (:mod:`~catan_web.peer.ice`) does
not load the guest's game and the computer players it imports."""

__all__ = tuple(sorted(_EXPORTS))


def __getattr__(name: str) -> Any:
    """The name ``name`` of the module :data:`_EXPORTS` says (imported on first use)."""
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
