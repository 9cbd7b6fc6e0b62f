"""Network play in the game page (PyScript only): WebRTC data channels, the host's guests
and a guest's connection to its host. The rules and the protocol live in
:mod:`catan_web.peer` (pure Python), the markup in :mod:`catan_web.network_panels`; this
module is the glue between them, the browser and the page. It talks to the page's controller
through :class:`~catan_web.game.table.Table` and to the page's host through :class:`Host`
(it imports neither), adds its commands (``net_*``) to the page's command table, and shows
itself on the game screen as the controller's :class:`~catan_web.game.scene.Remote`.

**Host.** The game on screen is refereed by a :class:`~catan_web.peer.referee.HostReferee`.
"Invite a friend to seat X" opens the seat (its secret is kept beside the saved game, so a
reloaded host re-invites the same seats), makes an ``RTCPeerConnection`` with a data
channel and shows the invitation link (text and QR code); the friend's answer code is
pasted (or read with the camera through jsQR, only when asked) and the channel opens.
Guests' messages go through :meth:`HostReferee.receive` only (size-limited, parsed,
checked; a flood is dropped first); after every action on this page -- a person's or a
computer player's -- :meth:`Network.sync` sends each guest its update. Guests' seats are
"remote" in the :class:`~catan_web.session.Session`: no hot-seat cover, no computer player.

**Guest.** A page opened with ``#join=<code>`` reads the invitation, answers the offer and
shows the answer code (text and QR code) to hand back; once the channel opens it says
hello (again until the host answers: :func:`~catan_web.peer.guest.greet`) and draws each
update of the host with a Session over the guest's game, sending its person's actions to
the host. If the connection ends, the page says so over the board and
takes a new invitation from the host (the same seat, the same secret) to go on.

No server is contacted unless the person configured STUN or TURN servers
(:class:`~catan_web.peer.ice.IceServers` in the settings): ``iceServers`` is empty by default.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from catan_core.errors import CatanError

from .. import network_panels as panels
from ..commands import Command, Reader
from ..game.state import JOIN
from ..html import EMPTY, Markup
from ..network_panels import ANSWERING, CLOSED, JOINED, LOST, WAITING, Invite, Joining, SeatStatus, Servers
from ..peer.errors import PeerError
from ..peer.ice import IceServers
from ..peer.protocol import Budget
from ..peer.saved import SeatSecrets, Ticket, Tickets
from ..session import Session
from ..text import Msg
from .dom import create_once, create_proxy, document, is_none, spawn, to_js, window
from .host import copy_text

if TYPE_CHECKING:
    from collections.abc import Awaitable

    from catan_core.actions import Action

    from ..game.effects import Effect
    from ..game.table import Table
    from ..peer.codes import Invitation
    from ..peer.protocol import Outgoing, Refused, Update

CHANNEL_LABEL = "catan"
"""The label of the data channel (one per guest)."""
GATHER_SECONDS = 5.0
"""Longest wait for the browser to find its addresses (immediate without servers; a STUN
server that does not answer would otherwise hold the invitation back)."""
CLOSE_SECONDS = 1.0
"""Time a closing channel has to send its last messages before its connection ends."""
LOST_STATES = frozenset({"failed", "closed"})
"""States of a connection that end it (``disconnected`` may recover by itself)."""
SCAN_SECONDS = 0.2
"""Time between two looks for a QR code in the camera's picture."""
JSQR_URL = "vendor/jsQR.js"
"""The QR code reader, loaded only when the person asks for the camera."""
LOAD_SECONDS = 10.0
"""Longest wait for the QR code reader to load."""
CLOSE_KEYS = frozenset({"peer.replaced", "peer.seat_closed", "peer.host_left"})
"""Why a host may end a connection (any other key reads as the host leaving)."""


class Host(Protocol):
    """The page's host as network play sees it."""

    def redraw(self) -> None:
        """Bring the page up to date."""

    def perform(self, effects: list[Effect]) -> None:
        """Do what ``effects`` ask, and draw."""

    def run(self, name: str, arg: object = None) -> None:
        """Run a command of the page."""

    async def guarded(self, work: Awaitable[None]) -> None:
        """Run ``work``, showing an unexpected error in it."""

    def keep(self, fn: Callable[..., Any]) -> Any:
        """A JavaScript-callable proxy of ``fn`` kept for the page's lifetime."""


def now_seconds() -> float:
    """The page's clock in seconds (``performance.now()``)."""
    return float(window.performance.now()) / 1000


async def settled(target: Any, event: str, ready: Callable[[], bool], seconds: float | None = None) -> None:
    """Wait until ``ready()`` holds, looking again at each ``event`` of ``target``; give up
    after ``seconds`` (None: never)."""
    done: asyncio.Future[None] = asyncio.get_event_loop().create_future()

    def check(*_: Any) -> None:
        if ready() and not done.done():
            done.set_result(None)

    proxy = create_proxy(check)
    target.addEventListener(event, proxy)
    try:
        check()
        await asyncio.wait_for(done, seconds)
    except TimeoutError:
        pass
    finally:
        target.removeEventListener(event, proxy)
        proxy.destroy()


class Channel:
    """One ``RTCPeerConnection`` with its one data channel, driven from Python: ``on_open()``
    when the channel opens, ``on_message(data)`` for each message, ``on_lost()`` once when the
    connection ends (whichever side ended it, unless this side closed it)."""

    def __init__(
        self,
        ice: IceServers,
        on_open: Callable[[], None],
        on_message: Callable[[Any], None],
        on_lost: Callable[[], None],
    ) -> None:
        self.config = {"iceServers": ice.to_rtc()}
        self.pc = window.RTCPeerConnection.new(to_js(self.config))
        self.channel: Any = None
        self.closed = False
        self.opened = False
        self._on_open, self._on_message, self._on_lost = on_open, on_message, on_lost
        self._listeners: list[tuple[Any, str, Any]] = []
        self._listen(self.pc, "connectionstatechange", lambda _: self._state())

    def _listen(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        self._listeners.append((target, kind, proxy))
        target.addEventListener(kind, proxy)

    def _attach(self, channel: Any) -> None:
        """Listen to the data channel (made here, or announced by the other side, maybe open already)."""
        self.channel = channel
        self._listen(channel, "open", lambda _: self._open())
        self._listen(channel, "message", lambda event: self._on_message(event.data))
        self._listen(channel, "close", lambda _: self._lose())
        if str(channel.readyState) == "open":
            self._open()

    def _open(self) -> None:
        if not self.opened:
            self.opened = True
            self._on_open()

    def _state(self) -> None:
        if str(self.pc.connectionState) in LOST_STATES:
            self._lose()

    def _lose(self) -> None:
        if not self.closed:
            self.close()
            self._on_lost()

    async def _described(self) -> str:
        """This side's description once the browser has found its addresses."""
        await settled(
            self.pc, "icegatheringstatechange", lambda: str(self.pc.iceGatheringState) == "complete", GATHER_SECONDS
        )
        return str(self.pc.localDescription.sdp)

    async def offer(self) -> str:
        """The host's side: make the data channel and return the offer with its addresses."""
        self._attach(self.pc.createDataChannel(CHANNEL_LABEL))
        await self.pc.setLocalDescription(await self.pc.createOffer())
        return await self._described()

    async def answer(self, offer: str) -> str:
        """The guest's side: answer the host's ``offer`` and return the answer with its addresses."""
        self._listen(self.pc, "datachannel", lambda event: self._attach(event.channel))
        await self.pc.setRemoteDescription(to_js({"type": "offer", "sdp": offer}))
        await self.pc.setLocalDescription(await self.pc.createAnswer())
        return await self._described()

    async def accept(self, answer: str) -> None:
        """The host's side: take the guest's ``answer``; the channel opens soon after."""
        await self.pc.setRemoteDescription(to_js({"type": "answer", "sdp": answer}))

    def send(self, frames: Iterable[str]) -> bool:
        """Send ``frames`` if the channel is open (they are lost otherwise, like the
        connection); return whether it was open."""
        if self.channel is None or str(self.channel.readyState) != "open":
            return False
        for frame in frames:
            self.channel.send(frame)
        return True

    def close(self) -> None:
        """End the connection: an open channel first sends what is queued (a last message),
        and the connection ends :data:`CLOSE_SECONDS` later."""
        self.closed = True
        if self.channel is not None and str(self.channel.readyState) == "open":
            self.channel.close()
            asyncio.get_event_loop().call_later(CLOSE_SECONDS, self._end)
        else:
            asyncio.get_event_loop().call_soon(self._end)  # (after the event being handled)

    def _end(self) -> None:
        self.pc.close()
        for target, kind, proxy in self._listeners:
            target.removeEventListener(kind, proxy)
            proxy.destroy()
        self._listeners.clear()


@dataclass
class Pending:
    """An invitation sent and not yet joined: its seat, its connection and link, and whether
    its answer has been pasted."""

    seat: int
    conn: str
    link: str
    answered: bool = False


class HostSide:
    """The host's side of the game on screen: its referee, its guests' connections and the
    invitation on show."""

    def __init__(self, net: Network, session: Session) -> None:
        from ..peer.referee import HostReferee

        self.net = net
        self.session = session
        self.referee = HostReferee(session.game, session.gid)
        self.referee.hints = session.hints
        for seat, secret in net.seat_secrets.load(session.gid).items():
            if seat < len(session.game.seats) and session.game.seats[seat].kind == "human":
                self.referee.open_seat(seat, secret)
        session.set_remote(self.referee.secrets())
        self.channels: dict[str, Channel] = {}
        self.budgets: dict[str, Budget] = {}
        self.pending: dict[str, Pending] = {}
        """Invitations sent, by their offer's ICE user fragment (which the answer names)."""
        self.invite: Invite | None = None
        self._made = 0

    # --- what the card shows --------------------------------------------------------------------

    def statuses(self) -> list[SeatStatus]:
        """Each person's seat and where it is played."""
        guests = self.referee.guest_seats()
        pending = {p.seat: p for p in self.pending.values()}
        out = []
        for seat, info in enumerate(self.session.game.seats):
            if info.kind != "human":
                continue
            if seat not in guests:
                status = panels.HERE
            elif guests[seat] is not None:
                status = panels.CONNECTED
            elif seat in pending:
                status = panels.CONNECTING if pending[seat].answered else panels.INVITED
            elif (
                self.invite is not None
                and self.invite.seat == seat
                and not self.invite.link
                and self.invite.error is None
            ):
                status = panels.INVITED  # being prepared
            else:
                status = panels.AWAY
            out.append(SeatStatus(seat, status))
        return out

    def card(self) -> Markup:
        """The host's card."""
        return panels.host_card(self.session, self.statuses(), self.invite, self.net.servers())

    # --- invitations ------------------------------------------------------------------------------

    async def invite_seat(self, seat: int) -> None:
        """Show the invitation for ``seat``: the one sent already, or a new one."""
        from ..peer.codes import Invitation, compact_sdp, encode_invitation, invitation_link

        sent = next((p for p in self.pending.values() if p.seat == seat and not p.answered), None)
        if sent is not None:
            self.show(Invite(seat, sent.link))
            return
        secret = self.referee.open_seat(seat)
        self.net.seat_secrets.save(self.session.gid, self.referee.secrets())
        self.session.set_remote(self.referee.secrets())
        self.show(Invite(seat))
        self._made += 1
        conn = f"c{self._made}"
        try:
            channel = self.net.channel(lambda: None, lambda data: self.receive(conn, data), lambda: self.lost(conn))
        except Exception:
            self.show(Invite(seat, error=PeerError("peer.no_webrtc")))
            return
        self.channels[conn] = channel
        self.budgets[conn] = Budget()
        try:
            offer = compact_sdp(await channel.offer())
        except PeerError as error:
            self.drop(conn)
            self.show(Invite(seat, error=error))
            return
        game = self.session.game
        code = encode_invitation(
            Invitation(self.session.gid, seat, secret, offer, self.session.name, game.seats[seat].name)
        )
        link = invitation_link(str(window.location.href), code)
        self.pending[offer["ufrag"]] = Pending(seat, conn, link)
        if self.invite is not None and self.invite.seat == seat:
            self.show(Invite(seat, link))
            self.net.reveal("net-invite", "invite-link")

    def show(self, invite: Invite | None) -> None:
        """Show ``invite`` in the card (None: close it)."""
        self.invite = invite
        self.net.page.redraw()

    async def connect(self, text: str) -> None:
        """Take a guest's answer code pasted or scanned (``text``)."""
        from ..peer.codes import decode_answer, expand_sdp

        try:
            answer = decode_answer(text)
            pending = self.pending.get(answer.ref)
            if answer.game != self.session.gid:
                raise PeerError("peer.wrong_game")
            if pending is None or pending.seat != answer.seat:
                raise PeerError("peer.answer_unknown")
            if pending.answered:
                raise PeerError("peer.answer_used")
        except PeerError as error:
            if self.invite is not None:
                self.show(replace(self.invite, error=error))
            return
        pending.answered = True
        self.show(replace(self.invite, error=None) if self.invite is not None else None)
        try:
            await self.channels[pending.conn].accept(expand_sdp(answer.sdp, "answer"))  # the guest's hello follows
        except Exception:
            self.lost(pending.conn)

    def play_here(self, seat: int) -> None:
        """Take ``seat`` back for this device: its guest is told and disconnected, its
        secret and invitations stop working."""
        self.send(self.referee.close_seat(seat))
        for sent in list(self.pending.values()):
            if sent.seat == seat:
                self.drop(sent.conn)
        self.net.seat_secrets.save(self.session.gid, self.referee.secrets())
        self.session.set_remote(self.referee.secrets())
        self.show(None if self.invite is not None and self.invite.seat == seat else self.invite)

    # --- connections ------------------------------------------------------------------------------

    def receive(self, conn: str, data: Any) -> None:
        """A message from connection ``conn`` (dropped when it comes too fast)."""
        budget = self.budgets.get(conn)
        if budget is None or not budget.take(now_seconds()):
            return
        from ..peer.protocol import Welcome

        before = self.referee.guest_seats()
        self.referee.game = self.session.game
        handled = self.referee.receive(conn, data)
        self.send(handled.outgoing)
        joined = [out.message.seat for out in handled.outgoing if isinstance(out.message, Welcome)]
        for seat in joined:
            self.joined(conn, seat, before.get(seat) is None)
        if handled.action is not None:
            self.session.follow(self.session.game, handled.events)
            events = handled.events
            self.net.page.perform(self.net.table.call(lambda table: table.followed(list(events))))

    def joined(self, conn: str, seat: int, new: bool) -> None:
        """The guest on ``conn`` took ``seat`` (``new``: it was not connected before)."""
        self.forget_pending(conn)
        if self.invite is not None and self.invite.seat == seat:
            self.invite = None
            if self.net.scanner is not None:  # the answer came another way
                self.net.scanner.stop()
        if new:
            self.net.table.notify(Msg("net.joined", player=seat), "info")
        self.net.page.redraw()

    def lost(self, conn: str) -> None:
        """Connection ``conn`` ended. If it never opened after its answer was pasted, its
        invitation closes (its link is of no more use) and the notice says so."""
        failed = next((sent for sent in self.pending.values() if sent.conn == conn and sent.answered), None)
        self.referee.disconnected(conn)
        self.drop(conn)
        if failed is not None:
            if self.invite is not None and self.invite.seat == failed.seat:
                self.invite = None
            self.net.table.notify(Msg("net.connect_failed", player=failed.seat))
        self.net.page.redraw()

    def drop(self, conn: str) -> None:
        """Forget connection ``conn`` and its invitation (closing it)."""
        channel = self.channels.pop(conn, None)
        if channel is not None and not channel.closed:
            channel.close()
        self.budgets.pop(conn, None)
        self.forget_pending(conn)

    def forget_pending(self, conn: str) -> None:
        """Forget the invitation made with connection ``conn`` (joined, or over)."""
        for ref, sent in list(self.pending.items()):
            if sent.conn == conn:
                del self.pending[ref]

    def send(self, outgoing: Iterable[Outgoing]) -> None:
        """Send the referee's messages (closing connections it ends)."""
        for out in outgoing:
            channel = self.channels.get(out.conn)
            if channel is not None:
                channel.send(out.frames())
                if out.close:
                    self.drop(out.conn)

    def sync(self) -> None:
        """Bring every guest up to date after a change of the game on this page."""
        self.referee.game = self.session.game
        self.send(self.referee.sync())

    def close(self) -> None:
        """Leave the network game: guests are told, every connection ends."""
        self.send(self.referee.close_all())
        for conn in list(self.channels):
            self.drop(conn)


class Guest:
    """A guest's connection to its host, for ``invitation``; ``session`` is the game drawn so
    far (kept when the guest rejoins the same seat)."""

    def __init__(self, net: Network, invitation: Invitation, session: Session | None = None) -> None:
        from ..peer.guest import GuestState

        self.net = net
        self.invitation = invitation
        self.state = GuestState(invitation.game, invitation.seat, invitation.secret)
        self.joining = Joining(invitation.name or invitation.game, invitation.player or invitation.seat)
        self.session = session
        self.channel: Channel | None = None
        self.sent: tuple[float, int, Action] | None = None
        """The action sent last and not yet seen applied: when, after how many moves, which."""
        self.frames: list[str] = []
        """Every data channel message received (kept in test mode only)."""
        self.latencies: list[float] = []
        """Milliseconds from sending an action to the redraw showing it applied."""

    @property
    def ref(self) -> str:
        """The ICE user fragment of the host's offer, which names this invitation."""
        return str(self.invitation.sdp["ufrag"])

    def stage(self, stage: str, **changes: Any) -> None:
        """Move to ``stage`` and draw it."""
        self.joining = replace(self.joining, stage=stage, **changes)
        self.net.page.redraw()

    async def start(self) -> None:
        """Answer the invitation (unless its connection was made and ended already)."""
        from ..peer.codes import Answer, compact_sdp, encode_answer, expand_sdp

        inv = self.invitation
        ticket = self.net.tickets.load()
        if (
            ticket is not None
            and ticket.opened
            and (ticket.game, ticket.seat, ticket.ref) == (inv.game, inv.seat, self.ref)
        ):
            self.stage(CLOSED, reason=PeerError("peer.invitation_used"))
            return
        self.stage(ANSWERING)
        try:
            self.channel = self.net.channel(self.opened, self.receive, self.lost)
        except Exception:
            self.stage(CLOSED, reason=PeerError("peer.no_webrtc"))
            return
        try:
            answer = compact_sdp(await self.channel.answer(expand_sdp(inv.sdp, "offer")))
        except PeerError as error:
            self.stage(CLOSED, reason=error)
            return
        code = encode_answer(Answer(inv.game, inv.seat, self.ref, answer))
        self.net.tickets.save(Ticket(inv.game, inv.seat, self.ref))
        if self.joining.stage == ANSWERING:
            self.stage(WAITING, answer=code)

    def opened(self) -> None:
        """The channel is open: take the seat."""
        self.net.tickets.save(Ticket(self.invitation.game, self.invitation.seat, self.ref, opened=True))
        assert self.channel is not None
        spawn(self.net.page.guarded(self.greet(self.channel)))
        self.stage(JOINED)

    async def greet(self, channel: Channel) -> None:
        """Say hello on ``channel`` until the host answers; a host that never does is taken
        as unreachable (the connection ends and the person is asked for a new invitation)."""
        from ..peer.guest import greet

        await greet(self.state, channel.send)
        if not self.state.answered and self.channel is channel:
            channel.close()
            self.lost()

    def receive(self, data: Any) -> None:
        """A message of the host (read defensively: what cannot be read is dropped)."""
        from ..peer.protocol import Closed, Paused, Refused, Update

        if self.net.test_mode:
            self.frames.append(data if isinstance(data, str) else "")
        try:
            message = self.state.receive(data)
        except PeerError:
            return
        if isinstance(message, Update):
            self.updated(message)
        elif isinstance(message, Refused):
            self.refused(message)
        elif isinstance(message, Paused):
            self.paused(message.paused)
        elif isinstance(message, Closed):
            self.channel = None
            self.stage(CLOSED, reason=PeerError(message.key if message.key in CLOSE_KEYS else "peer.host_left"))

    def updated(self, update: Update) -> None:
        """Draw the host's update (the guest's own action, if it is the one applied, clears
        its choices in progress and its delay is measured)."""
        table, game = self.net.table, self.state.game
        assert game is not None
        own = self.sent if self.sent is not None and update.moves == self.sent[1] + 1 else None
        s = self.session
        if s is None or table.session is not s:
            s = self.session = Session(game, self.invitation.game, self.joining.game, hints=self.state.hints)
            s.holds_game = False
            s.set_remote(seat for seat in range(len(game.seats)) if seat != self.invitation.seat)
            opened = s
            self.net.page.perform(table.call(lambda table: table.open_session(opened)))
        else:
            s.follow(game, update.events)
            if own is not None:
                table.done(own[2])
            self.net.page.redraw()
        if own is not None:
            self.sent = None
            sent_at = own[0]
            window.requestAnimationFrame(create_once(lambda: self.latencies.append((now_seconds() - sent_at) * 1000)))
        if self.sent is None and (decline := s.due_decline()) is not None:
            self.send(decline)  # an offer its person cannot accept: answered at once, as on the host's page

    def refused(self, refused: Refused) -> None:
        """The host refused the last message: before joining, the seat (the invitation is no
        longer valid); afterwards, an action (the reason is shown)."""
        self.sent = None
        if not self.state.joined:
            self.stage(CLOSED, reason=PeerError(refused.key if refused.key.startswith("peer.") else "peer.refused"))
            return
        self.net.table.notify(panels.refusal(refused))
        self.net.page.redraw()

    def paused(self, paused: bool) -> None:
        """The host paused the game (or resumed it)."""
        if paused:
            self.net.table.notify(Msg("peer.paused"), "info")
        else:
            self.net.table.clear_notice()
        self.net.page.redraw()

    def lost(self) -> None:
        """The connection ended without the host saying why."""
        self.channel = None
        if self.joining.stage != CLOSED:
            self.stage(LOST)

    def send(self, action: Action) -> bool:
        """Send the person's ``action`` to the host (False, saying why, when not connected)."""
        if self.channel is None or not self.state.joined:
            self.net.table.notify(Msg("peer.lost"))
            self.net.page.redraw()
            return False
        self.sent = (now_seconds(), self.state.moves, action)
        self.channel.send(self.state.act(action))
        return True

    def close(self) -> None:
        """Leave: end the connection."""
        if self.channel is not None:
            self.channel.close()
            self.channel = None


class Scanner:
    """The camera looking for an answer's QR code (only while the person asks for it)."""

    def __init__(self, net: Network, found: Callable[[str], bool]) -> None:
        self.net = net
        self.found = found
        """Called with each code read; True when it is the one sought (the camera then stops)."""
        self.running = False
        self.stream: Any = None
        self.sheet: Any = None
        self._stop_proxy: Any = None

    async def run(self) -> None:
        """Start the camera, read codes until one is accepted or the person stops it."""
        devices = window.navigator.mediaDevices
        if is_none(devices) or not hasattr(devices, "getUserMedia") or not window.isSecureContext:
            self.net.table.notify(Msg("peer.camera_unavailable"))
            self.net.page.redraw()
            return
        self.running = True
        try:
            await load_script(JSQR_URL, "jsQR")
            self.stream = await devices.getUserMedia(to_js({"video": {"facingMode": "environment"}, "audio": False}))
        except Exception:
            self.running = False
            self.net.table.notify(Msg("peer.camera_refused"))
            self.net.page.redraw()
            return
        if not self.running:  # stopped while the camera started
            self.stop()
            return
        self.show()
        video = document.getElementById("scanner-video")
        video.srcObject = self.stream
        await video.play()
        canvas = document.createElement("canvas")
        context = canvas.getContext("2d", to_js({"willReadFrequently": True}))
        while self.running:
            await asyncio.sleep(SCAN_SECONDS)
            width, height = int(video.videoWidth), int(video.videoHeight)
            if not self.running or not width:
                continue
            canvas.width, canvas.height = width, height
            context.drawImage(video, 0, 0, width, height)
            code = window.jsQR(context.getImageData(0, 0, width, height).data, width, height)
            if not is_none(code) and code and self.found(str(code.data)):
                break
        self.stop()

    def show(self) -> None:
        """Put the camera's view over the page (outside the panels that are redrawn)."""
        self.sheet = document.createElement("div")
        self.sheet.className = "overlay scanner"
        self.sheet.setAttribute("role", "dialog")
        self.sheet.setAttribute("aria-modal", "true")
        self.sheet.setAttribute("aria-labelledby", "scanner-help")
        self.sheet.innerHTML = panels.scanner(self.net.table.text())
        self._stop_proxy = create_proxy(lambda _: self.stop())
        document.body.append(self.sheet)
        button = document.getElementById("scanner-stop")
        button.addEventListener("click", self._stop_proxy)
        button.focus()

    def stop(self) -> None:
        """Turn the camera off and remove its view."""
        self.running = False
        if self.stream is not None:
            for track in self.stream.getTracks():
                track.stop()
            self.stream = None
        if self.sheet is not None:
            self.sheet.remove()
            self.sheet = None
            asyncio.get_event_loop().call_soon(self._stop_proxy.destroy)
        if self.net.scanner is self:
            self.net.scanner = None


async def load_script(url: str, name: str) -> None:
    """Load the classic script at ``url`` once (it defines ``window[name]``); raise
    ``RuntimeError`` when it has not within :data:`LOAD_SECONDS`."""

    def present() -> bool:
        return not is_none(getattr(window, name, None))

    if present():
        return
    script = document.createElement("script")
    script.src = url
    document.head.append(script)
    await settled(script, "load", present, LOAD_SECONDS)
    if not present():
        raise RuntimeError(f"{url} did not load")


class Network:
    """The page's network play: the host's side of the game on screen, or this page's
    connection as a guest (never both). What it shows on the game screen it gives the page as
    its :class:`~catan_web.game.scene.Remote`."""

    def __init__(self, table: Table, page: Host) -> None:
        self.table = table
        self.page = page
        self.seat_secrets = SeatSecrets(table.store.storage)
        self.tickets = Tickets(table.store.storage)
        self.host: HostSide | None = None
        self.guest: Guest | None = None
        self.scanner: Scanner | None = None
        self.servers_error: CatanError | None = None
        self.test_mode = False
        self.last_config: dict[str, Any] | None = None
        """The configuration of the last connection made (for tests: no servers by default)."""

    def commands(self) -> list[Command[Any]]:
        """Network play's commands (:data:`catan_web.network_panels.COMMANDS`), for the page's table."""
        handlers: dict[str, Callable[[Any], None]] = {
            "net_invite": self.invite,
            "net_close_invite": self.close_invite,
            "net_connect": self.connect,
            "net_play_here": self.play_here,
            "net_scan": self.scan,
            "net_scan_stop": self.scan_stop,
            "net_copy": self.copy_field,
            "net_rejoin": self.rejoin,
            "net_servers_save": self.save_servers,
        }

        def command(name: str, read: Reader[Any]) -> Command[Any]:
            run = handlers[name]
            return Command(name, read, lambda table, arg: run(arg))

        return [command(name, read) for name, read in panels.COMMANDS.items()]

    # --- the page's hooks -----------------------------------------------------------------------------

    def join_address(self) -> None:
        """Join with the invitation in the page's address, if there is one."""
        from ..peer.codes import JOIN as JOIN_PREFIX, decode_invitation

        address = str(window.location.hash)
        if not address.startswith(JOIN_PREFIX):
            return
        try:
            invitation = decode_invitation(address)
        except PeerError as error:
            self.table.notify(Msg.of_error(error))
            self.page.redraw()
            return
        self.join(invitation)

    def join(self, invitation: Invitation) -> None:
        """Play the seat ``invitation`` offers (the board drawn so far stays when it is the same seat)."""
        previous, self.guest = self.guest, None
        same = previous is not None and (previous.invitation.game, previous.invitation.seat) == (
            invitation.game,
            invitation.seat,
        )
        session = previous.session if previous is not None and same else None
        if previous is not None:
            previous.close()
        if session is None and self.table.session is not None:
            self.page.run("home")  # another game: leave the one on screen
        self.guest = Guest(self, invitation, session)
        if session is None:
            self.table.edit(screen=JOIN)
        spawn(self.page.guarded(self.guest.start()))

    def opened(self, session: Session) -> None:
        """``session`` is now on screen: referee it when this page holds its game."""
        if self.host is not None and self.host.session is not session:
            self.host.close()
            self.host = None
        if self.host is None and session.holds_game:
            try:
                self.host = HostSide(self, session)
            except ValueError:  # a game id no invitation can carry: no network play for it
                self.host = None

    def sync(self) -> None:
        """The game changed on this page: bring the guests up to date."""
        if self.host is not None:
            self.host.sync()

    def send(self, action: Action) -> bool:
        """A guest's person chose ``action``: send it to the host."""
        return self.guest is not None and self.guest.send(action)

    def leave(self) -> None:
        """Leave the network game (back to the home screen)."""
        if self.scanner is not None:
            self.scanner.stop()
        if self.host is not None:
            self.host.close()
            self.host = None
        if self.guest is not None:
            self.guest.close()
            self.guest = None
            location = window.location
            window.history.replaceState(None, "", str(location.pathname) + str(location.search))

    def forget(self, gid: str) -> None:
        """Game ``gid`` was deleted: forget its guests' secrets."""
        self.seat_secrets.forget(gid)

    def servers(self) -> Servers:
        """The servers' settings as shown."""
        return Servers(self.table.settings.load().ice, self.servers_error)

    def channel(
        self, on_open: Callable[[], None], on_message: Callable[[Any], None], on_lost: Callable[[], None]
    ) -> Channel:
        """A new connection using the servers of the settings (none by default)."""
        made = Channel(self.table.settings.load().ice, on_open, on_message, on_lost)
        self.last_config = made.config
        return made

    def reveal(self, ident: str, focus: str) -> None:
        """Scroll ``#ident`` to the top of the window and focus ``#focus`` in it (what the
        person needs next)."""
        node, field = document.getElementById(ident), document.getElementById(focus)
        if not is_none(node) and not is_none(field):
            node.scrollIntoView(to_js({"block": "start"}))
            field.focus(to_js({"preventScroll": True}))

    # --- what the game screen shows (catan_web.game.scene.Remote) -----------------------------------------

    def host_card(self) -> Markup:
        """The host's card (nothing on a guest's page)."""
        return self.host.card() if self.host is not None and self.table.session is self.host.session else EMPTY

    def join_screen(self) -> Markup:
        """A guest's page without the game: its connection (joining, or paused)."""
        if self.guest is None:
            return EMPTY
        return panels.join_screen(self.table.text(), self.guest.joining, self.servers())

    def paused_screen(self) -> Markup:
        """The screen over a guest's game while it is not connected (nothing while it is, or
        when the game is over)."""
        guest = self.guest
        if (
            guest is None
            or guest.joining.stage == JOINED
            or guest.session is None
            or guest.session.game.phase == "over"
        ):
            return EMPTY
        return panels.paused_screen(self.table.text(), guest.joining, self.servers())

    # --- commands (buttons with data-cmd="net_...") ------------------------------------------------------

    def invite(self, seat: int) -> None:
        """Invite a friend to a seat (or show the invitation sent already)."""
        if self.host is not None:
            spawn(self.page.guarded(self.host.invite_seat(seat)))

    def close_invite(self, _: None) -> None:
        """Close the invitation on show (it stays valid)."""
        if self.host is not None:
            self.host.show(None)

    def connect(self, fields: dict[str, str]) -> None:
        """Take the answer code in the field."""
        if self.host is not None:
            spawn(self.page.guarded(self.host.connect(fields.get("answer-code", ""))))

    def play_here(self, seat: int) -> None:
        """Take a guest's seat back for this device."""
        if self.host is not None:
            self.host.play_here(seat)

    def scan(self, _: None) -> None:
        """Read the answer's QR code with the camera (on the person's request only)."""
        if self.host is None or self.scanner is not None:
            return
        host = self.host

        def found(code: str) -> bool:
            from ..peer.codes import decode_answer

            try:
                decode_answer(code)
            except PeerError:
                return False
            field = document.getElementById("answer-code")
            if not is_none(field):
                field.value = code
            spawn(self.page.guarded(host.connect(code)))
            return True

        self.scanner = Scanner(self, found)
        spawn(self.page.guarded(self.scanner.run()))

    def scan_stop(self, _: None) -> None:
        """Turn the camera off."""
        if self.scanner is not None:
            self.scanner.stop()

    def copy_field(self, ident: str) -> None:
        """Copy the text of field ``ident`` (a link or a code)."""
        field = document.getElementById(ident)
        if not is_none(field):
            spawn(self.page.guarded(self.copy(field)))

    async def copy(self, field: Any) -> None:
        """Put ``field``'s text on the clipboard (selecting it when the browser refuses)."""
        await copy_text(field)
        self.table.notify(Msg("net.copied"), "info")
        self.page.redraw()

    def rejoin(self, fields: dict[str, str]) -> None:
        """Rejoin with the new invitation pasted."""
        from ..peer.codes import decode_invitation

        if self.guest is None:
            return
        try:
            invitation = decode_invitation(fields.get("rejoin-code", ""))
        except PeerError as error:
            self.guest.stage(self.guest.joining.stage, error=error)
            return
        self.join(invitation)

    def save_servers(self, fields: dict[str, str]) -> None:
        """Keep the servers typed (or say what is wrong with them)."""
        try:
            ice = IceServers.parse(
                fields.get("ice-urls", ""), fields.get("ice-username", ""), fields.get("ice-credential", "")
            )
        except PeerError as error:
            self.servers_error = error
        else:
            self.servers_error = None
            self.table.settings.remember(ice=ice)
            count = len(ice.urls)
            self.table.notify(Msg("net.servers_saved" if count else "net.servers_none", count=count), "info")
            guest = self.guest
            if guest is not None and guest.joining.stage == WAITING:  # answer again, with the servers
                self.join(guest.invitation)

    # --- test hooks (only with ?test in the address) -------------------------------------------------------

    def expose_test_api(self, api: Any) -> None:
        """Add network hooks to ``window.catan_test``: what a guest received, its delays, the
        moves of its last update, the servers of the last connection, and sending raw frames as
        a (forged) guest."""
        self.test_mode = True
        keep = self.page.keep
        api.peer_frames = keep(lambda: json.dumps(self.guest.frames if self.guest is not None else []))
        api.peer_latencies = keep(lambda: json.dumps(self.guest.latencies if self.guest is not None else []))
        api.peer_config = keep(lambda: json.dumps(self.last_config))
        api.peer_moves = keep(lambda: self.guest.state.moves if self.guest is not None else -1)
        api.peer_send = keep(self.test_send)

    def test_send(self, frame: Any) -> bool:
        """Send ``frame`` as it is on the guest's channel (False when there is none)."""
        guest = self.guest
        if guest is None or guest.channel is None:
            return False
        guest.channel.send([frame])
        return True
