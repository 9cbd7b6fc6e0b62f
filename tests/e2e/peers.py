"""Network play driven as people would: a host's page and guests' pages (each in its own
browser context, so each has its own storage), the codes carried through the pages' own
fields (the host's invitation link read from its field and opened in a guest's page, the
guest's answer code read from its field and pasted into the host's). Moves are chosen by
the engine here (from the host's save) and made with clicks on the page of the seat that
must act. Shared by tests/e2e/test_network_e2e.py and bench/peer_latency.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.board import RESOURCES
from catan_core.events import Event
from catan_core.i18n import translate
from catan_core.game import Game
from catan_core.saves import loads
from catan_core.views import View
from catan_web.peer.protocol import MAX_HOST_MESSAGE_CHARS, Reassembler, Update, decode_from_host
from playwright.sync_api import TimeoutError as PlaywrightTimeout

if TYPE_CHECKING:
    from playwright.sync_api import Page

STEP_MS = 20_000
"""Longest wait for one step (a connection, an update) before a test fails."""
POLL_MS = 100
"""Time between two looks at the host's game while waiting for it."""
CONNECTED = "connected"


def host_game(host: Page) -> Game:
    """The game on the host's page, as its save holds it."""
    return loads(host.evaluate("catan_test.save()"))


def new_game(host: Page, names: Sequence[str], seed: str, name: str) -> None:
    """A new game from the host's form: a person at each seat, named ``names``, a random board."""
    if host.locator("#menu-home").is_visible():
        host.click("#menu-home")
    host.wait_for_selector("#new-game")
    host.select_option("#players", str(len(names)))
    for p, seat_name in enumerate(names):
        host.fill(f"#seat-name-{p}", seat_name)
        host.select_option(f"#seat-kind-{p}", "human")
    host.check("#board-random")
    host.fill("#seed", seed)
    host.fill("#game-name", name)
    host.click("#start")
    host.wait_for_selector("#game:not([hidden])")


def invite(host: Page, seat: int, lang: str = "en") -> str:
    """Invite a friend to ``seat`` from the host's card (opened with "Play on several devices"
    in the game bar when it is not shown yet) and return the invitation link as the host's page
    (in ``lang``) shows it."""
    if host.locator(f"#net-invite-{seat}").count() == 0:
        host.click("#net-open")
    host.click(f"#net-invite-{seat}")
    title = translate("net.invite_title", {"player": host_game(host).seats[seat].name}, lang)
    host.wait_for_function(
        """title => (document.getElementById("net-invite-title") || {}).textContent === title
                    && (document.getElementById("invite-link") || {}).value""", arg=title, timeout=STEP_MS)
    return host.input_value("#invite-link")


def answer_code(guest: Page) -> str:
    """The answer code the guest's page shows, once it has made it."""
    guest.wait_for_function("() => (document.getElementById('answer-out') || {}).value", timeout=STEP_MS)
    return guest.input_value("#answer-out")


def paste_answer(host: Page, code: str) -> None:
    """Paste ``code`` into the host's answer field and connect."""
    host.fill("#answer-code", code)
    host.click("#answer-connect")


WATCH_CONNECTIONS = """(() => {
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  const seen = window.watchedConnections = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      const log = [];
      seen.push({connection: this, log});
      const note = what => log.push(`${Math.round(performance.now())} ${what}: ${this.connectionState}`
        + ` ice=${this.iceConnectionState} gathering=${this.iceGatheringState} signaling=${this.signalingState}`);
      for (const kind of ["connectionstatechange", "iceconnectionstatechange", "icegatheringstatechange",
                          "signalingstatechange"]) {
        this.addEventListener(kind, () => note(kind));
      }
      this.addEventListener("icecandidate", event =>
        log.push(`${Math.round(performance.now())} candidate ${event.candidate ? event.candidate.candidate : "(end)"}`));
      this.addEventListener("datachannel", event => watchChannel(event.channel, log, "announced"));
      note("made");
    }
    createDataChannel(...args) {
      const channel = super.createDataChannel(...args);
      watchChannel(channel, seen[seen.length - 1].log, "made");
      return channel;
    }
  };
  const watchChannel = (channel, log, how) => {
    const at = () => Math.round(performance.now());
    log.push(`${at()} channel ${how}: ${channel.readyState}`);
    channel.addEventListener("open", () => log.push(`${at()} channel open`));
    channel.addEventListener("close", () => log.push(`${at()} channel closed`));
    channel.addEventListener("message", event => log.push(`${at()} received ${String(event.data).slice(0, 60)}`));
    const send = channel.send.bind(channel);
    channel.send = data => {
      if (window.dropHellos > 0 && String(data).includes('"t":"hello"')) {  // a message the browser loses
        window.dropHellos -= 1;
        log.push(`${at()} dropped ${String(data).slice(0, 60)}`);
        return;
      }
      log.push(`${at()} sent (${channel.readyState}) ${String(data).slice(0, 60)}`);
      send(data);
    };
  };
})();"""
"""An init script for pages whose connections a failure should describe: it keeps every
``RTCPeerConnection`` the page makes, with the times of its state changes, its candidates and
its data channel's messages. Setting ``window.dropHellos = n`` makes the page's next ``n``
hellos vanish as they are sent, as a browser can lose a channel's first message."""
CONNECTIONS_REPORT = """async () => Promise.all((window.watchedConnections || []).map(async ({connection, log}) => {
  const stats = [];
  try {
    (await connection.getStats()).forEach(s => {
      if (s.type === "candidate-pair") {
        stats.push(`pair ${s.localCandidateId} -> ${s.remoteCandidateId}: ${s.state} nominated=${s.nominated}`
          + ` requests ${s.requestsSent} sent ${s.requestsReceived} received, responses ${s.responsesSent} sent`
          + ` ${s.responsesReceived} received`);
      } else if (s.type === "local-candidate" || s.type === "remote-candidate") {
        stats.push(`${s.type} ${s.id}: ${s.protocol} ${s.address}:${s.port} ${s.candidateType}`);
      } else if (s.type === "transport" || s.type === "data-channel") {
        stats.push(`${s.type}: ${s.dtlsState || ""} ${s.iceState || ""} ${s.state || ""}`);
      }
    });
  } catch (error) { stats.push(String(error)); }
  return {log, stats};
}))"""
"""What a page's watched connections went through, and their ICE statistics now."""


def connections_report(page: Page) -> str:
    """The watched connections of ``page`` (see :data:`WATCH_CONNECTIONS`), as lines of text."""
    try:
        found = page.evaluate(CONNECTIONS_REPORT)
    except Exception as error:  # noqa: BLE001 - a report for a failure must not hide it
        return f"(no report: {error})"
    return "\n".join(f"connection {n}:\n  " + "\n  ".join(c["log"] + c["stats"]) for n, c in enumerate(found))


def wait_connected(host: Page, seat: int, guest: Page | None = None) -> None:
    """Wait until the host's card says ``seat`` is connected; failing that, say what the host's
    page (and the ``guest``'s) shows and what their connections went through, for a failure
    that this machine shows only now and then."""
    try:
        host.wait_for_selector(f"#net-seat-{seat} .net-status.{CONNECTED}", timeout=STEP_MS)
    except PlaywrightTimeout as error:
        pages = {"host": host} if guest is None else {"host": host, "guest": guest}
        shown = "\n".join(
            f"{name}'s {ident}: {page.inner_text(ident)!r}"
            for name, page in pages.items() for ident in ("#net", "#home", "#notice")
            if page.locator(ident).count() and page.locator(ident).is_visible()
        )
        reports = "\n".join(f"{name}'s connections:\n{connections_report(page)}" for name, page in pages.items())
        raise AssertionError(f"seat {seat} not connected after {STEP_MS} ms.\n{shown}\n{reports}") from error


def open_link(guest: Page, link: str) -> None:
    """Open the invitation ``link`` in ``guest`` (a page already showing the site follows the
    new link without reloading)."""
    guest.goto(link)
    guest.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)


def join(host: Page, seat: int, guest: Page) -> None:
    """The whole exchange for ``seat``: invite, open the link in ``guest``, carry its answer
    back, and wait until both pages are connected and the guest shows the game."""
    open_link(guest, invite(host, seat))
    paste_answer(host, answer_code(guest))
    wait_connected(host, seat, guest)
    guest.wait_for_selector("#game:not([hidden])", timeout=STEP_MS)
    guest.wait_for_selector("#paused", state="detached", timeout=STEP_MS)


def wait_synced(host: Page, guests: Mapping[int, Page]) -> Game:
    """Wait until every guest has drawn the host's last move; return the host's game."""
    game = host_game(host)
    for page in guests.values():
        page.wait_for_function("n => catan_test.peer_moves() >= n", arg=len(game.history), timeout=STEP_MS)
    return game


def step(host: Page, guests: Mapping[int, Page], move: Callable[[], None]) -> Game:
    """Make a move (``move()``: clicks on some page), wait until the host has applied it and
    every guest has drawn it; return the host's game."""
    moves = len(host_game(host).history)
    move()
    host.wait_for_function("n => JSON.parse(catan_test.save()).history.length > n", arg=moves, timeout=STEP_MS)
    return wait_synced(host, guests)


def wait_until(host: Page, ready: Callable[[Game], bool]) -> Game:
    """Wait until the host's game satisfies ``ready`` (computer players move on their own)."""
    deadline = time.monotonic() + STEP_MS / 1000
    while not ready(game := host_game(host)):
        assert time.monotonic() < deadline, f"the host's game did not get there: {game.phase}, seat {game.to_act}"
        host.wait_for_timeout(POLL_MS)
    return game


def hand(page: Page) -> list[int]:
    """The resource counts a page's hand panel shows."""
    return [int(x) for x in page.locator("#hand-cards .count").all_inner_texts()]


MOVES: dict[str, tuple[str, ...]] = {
    "setup_settlement": (A.SETTLEMENT,), "setup_road": (A.ROAD,), "roll": (A.ROLL,), "discard": (A.DISCARD,),
    "robber": (A.ROBBER,), "main": (A.END,),
}
"""The kinds of move the tests make in each phase: set-up placements, rolls, discards and
robber moves as the game asks, and the turn ended at once (no buying, building or trading)."""


def choose(game: Game) -> Action:
    """The move the tests make now: the first legal one of the phase's kind (:data:`MOVES`)."""
    legal = [a for a in game.legal_actions() if a.kind in MOVES[game.phase]]
    assert legal, f"no move of the tests' kinds in phase {game.phase}"
    return legal[0]


def click_action(page: Page, action: Action) -> None:
    """Make ``action`` with the clicks a person would use on ``page``."""
    kind, value = action.kind, action.value
    if kind == A.ROLL:
        page.click("#roll")
    elif kind == A.END:
        page.click("#end-turn")
    elif kind in (A.SETTLEMENT, A.CITY):
        page.click(f".catan-board [data-node='{value}']")
    elif kind == A.ROAD:
        page.click(f".catan-board [data-edge='{value}']")
    elif kind == A.ROBBER:
        hex_id, victim = value
        page.click(f".catan-board [data-hex='{hex_id}']")
        chooser = page.locator(f"#rob-{victim}")
        if victim >= 0 and chooser.count():
            chooser.click()
    elif kind == A.DISCARD:
        for r, count in enumerate(value):
            for _ in range(count):
                page.click(f"#discard-{RESOURCES[r]}-plus")
        page.click("#discard-do")
    else:
        raise AssertionError(f"no clicks for {action.text()}")


def play(host: Page, pages: Mapping[int, Page], guests: Mapping[int, Page], until: Any) -> Game:
    """Make the tests' moves (see :func:`choose`), each on the page of the seat that must act
    (``pages``), waiting for every guest after each, until ``until(game)`` holds."""
    game = wait_synced(host, guests)
    while not until(game):
        page, action = pages[game.to_act], choose(game)
        game = step(host, guests, lambda: click_action(page, action))
    return game


def received(guest: Page) -> list[Any]:
    """Every message the guest's page received, read back from its data channel frames."""
    joiner = Reassembler(MAX_HOST_MESSAGE_CHARS)
    messages = []
    for frame in json.loads(guest.evaluate("catan_test.peer_frames()")):
        text = joiner.push(frame)
        if text is not None:
            messages.append(decode_from_host(text))
    return messages


def check_privacy(guest: Page, seat: int) -> int:
    """Check that nothing the guest received holds another seat's hand or secret: every
    view is ``seat``'s (others' hidden points hidden while the game goes on) and every event
    is as ``seat`` may see it. Returns the number of updates checked."""
    updates = [m for m in received(guest) if isinstance(m, Update)]
    for update in updates:
        view: View = update.view
        assert view.viewer == seat
        if view.phase != "over":
            assert all(pv.points is None for pv in view.players if pv.seat != seat)
        for event in update.events:
            assert isinstance(event, Event) and (event.secret is None or seat in event.audience), event
    return len(updates)


def latencies(guest: Page) -> list[float]:
    """Milliseconds from each of the guest's moves to its redraw with the move applied."""
    return [float(x) for x in json.loads(guest.evaluate("catan_test.peer_latencies()"))]
