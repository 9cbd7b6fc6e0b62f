"""Two pages in two browser contexts connect over a WebRTC data channel with descriptions
that went through ``compact_sdp`` -> invitation / answer code -> ``expand_sdp`` (in this
test's Python), then play the network protocol over it: the guest's hello, the host's
welcome and a many-frame update, an action and the updates it brings.

The pages are a plain file of the local site (no app, no Python in the page): the browser
only carries the frames; the referee and the guest's state run here.

The session's Chromium resolves no host name but 127.0.0.1, so it could not resolve the
mDNS names (``<uuid>.local``) that hide local addresses in candidates: it is started with
``--disable-features=WebRtcHideLocalIpsWithMdns`` (``build.CHROMIUM_ARGS``) and writes
plain local addresses instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core.game import Game, Options
from catan_core.rng import Rng
from catan_web.peer.codes import (
    Answer, Invitation, compact_sdp, decode_answer, decode_invitation, encode_answer, encode_invitation, expand_sdp,
    invitation_link,
)
from catan_web.peer.guest import GuestState
from catan_web.peer.protocol import FRAME_CHARS, Update
from catan_web.peer.referee import HostReferee

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

BLANK = "style.css"
"""A small file of the site to open as a page (a secure context: 127.0.0.1)."""
TIMEOUT_MS = 20_000
GID = "e2e-game"

SETUP = """() => {
  window.inbox = [];
  window.gathered = pc => new Promise(done => {
    if (pc.iceGatheringState === "complete") done();
    pc.addEventListener("icegatheringstatechange", () => { if (pc.iceGatheringState === "complete") done(); });
  });
  window.listen = channel => { window.ch = channel; channel.onmessage = event => window.inbox.push(event.data); };
}"""
OFFER = """async () => {
  window.pc = new RTCPeerConnection({iceServers: []});
  listen(pc.createDataChannel("catan"));
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return pc.localDescription.sdp;
}"""
ANSWER = """async offer => {
  window.pc = new RTCPeerConnection({iceServers: []});
  pc.ondatachannel = event => listen(event.channel);
  await pc.setRemoteDescription({type: "offer", sdp: offer});
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return pc.localDescription.sdp;
}"""
ACCEPT = "async answer => { await pc.setRemoteDescription({type: 'answer', sdp: answer}); }"
OPEN = "() => window.ch !== undefined && window.ch.readyState === 'open'"
SEND = "frames => frames.forEach(frame => window.ch.send(frame))"


def page(browse: GuardedBrowser, site: LocalSite) -> Page:
    opened = browse.open(site.url + BLANK, ready=False)
    opened.evaluate(SETUP)
    return opened


def carry(sender: Page, receiver: Page, frames: list[str]) -> list[str]:
    """Send ``frames`` over the data channel and return them as the other page received them."""
    sender.evaluate(SEND, frames)
    receiver.wait_for_function("n => window.inbox.length >= n", arg=len(frames), timeout=TIMEOUT_MS)
    received: list[str] = receiver.evaluate("() => window.inbox.splice(0)")
    return received


def test_two_pages_connect_with_compact_descriptions_and_play(browse: GuardedBrowser, site: LocalSite) -> None:
    game = Game(Options(players=3), seed=4)
    rng = Rng(5)
    while len(game.log) < 400:  # a log long enough for the joining update to need several frames
        actions = game.legal_actions()
        game.apply(actions[rng.below(len(actions))])
    referee = HostReferee(game, GID)
    seat = game.to_act
    host, guest_page = page(browse, site), page(browse, site)

    invitation = Invitation(GID, seat, referee.open_seat(seat), compact_sdp(host.evaluate(OFFER)))
    received = decode_invitation(invitation_link(site.url, encode_invitation(invitation)))
    assert received == invitation
    answer_sdp = guest_page.evaluate(ANSWER, expand_sdp(received.sdp, "offer"))
    answer = decode_answer(encode_answer(Answer(GID, seat, received.sdp["ufrag"], compact_sdp(answer_sdp))))
    assert answer.ref == invitation.sdp["ufrag"]
    host.evaluate(ACCEPT, expand_sdp(answer.sdp, "answer"))
    for side in (host, guest_page):
        side.wait_for_function(OPEN, timeout=TIMEOUT_MS)
        assert side.evaluate("() => window.pc.sctp.maxMessageSize") >= FRAME_CHARS

    guest = GuestState(received.game, received.seat, received.secret)
    outgoing = []
    for frame in carry(guest_page, host, guest.hello()):
        outgoing += referee.receive("c1", frame).outgoing
    frames = [frame for out in outgoing for frame in out.frames()]
    assert len(frames) > 2, "the joining update should take several frames"
    messages = [guest.receive(frame) for frame in carry(host, guest_page, frames)]
    assert isinstance(messages[-1], Update) and guest.view == game.view(seat)

    assert guest.game is not None
    action = guest.game.legal_actions()[0]
    [frame] = carry(guest_page, host, guest.act(action))
    handled = referee.receive("c1", frame)
    assert handled.action == action and game.history[-1] == action
    for out in handled.outgoing:
        for frame in carry(host, guest_page, out.frames()):
            guest.receive(frame)
    assert guest.view == game.view(seat) and guest.moves == len(game.history)
