"""Play with friends on their own devices (issue 14), in ONE Chromium: a host's page and two
guests' pages, each in its own browser context (its own storage), connected over WebRTC data
channels with the codes carried through the pages' own fields, exactly as people copy them.

The tests share the three pages and run in order: friends join a new game and play its
set-up and a few turns; a scenario brings a discard and a robbery on a guest, a domestic
trade with a counter-offer and an offer the guest lacks the cards for (its page declines it at
once, as the host's page does for its own people); a guest sends forged, garbled and oversized messages (refused,
the game unchanged); a guest reloads and rejoins its seat (when every hello it says is lost it
gives up and asks for a new invitation; when its first one is lost, as a browser sometimes
loses a channel's first message, it says it again); the host reloads
and re-invites the same seats; a game with a computer player is played to its winner screen; the servers'
settings. Every message a guest received is checked to hold no other seat's hand, and every
request of the three pages went to the site (none to any other host, no ICE server by
default). axe finds nothing against WCAG 2.2 AA in the invitation, the joining screen and the
paused screen. The delay from a guest's move to its redraw is printed, not asserted.
"""

from __future__ import annotations

import base64
import json
import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pytest
from a11y import violations
from peers import (
    STEP_MS, WATCH_CONNECTIONS, answer_code, check_privacy, click_action, hand, host_game, invite, join, latencies,
    new_game, open_link, paste_answer, play, received, step, wait_connected, wait_synced, wait_until,
)

from catan_core import actions as A
from catan_core.board import BEGINNER_PIECES
from catan_core.i18n import translate
from catan_core.palette import COLORS
from catan_web.peer.codes import decode_invitation
from catan_web.peer.guest import HELLO_TRIES
from catan_web.peer.protocol import FRAME_CHARS, MAX_GUEST_MESSAGE_CHARS, Refused

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import BrowserContext, Page

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
NAMES = ("Ana", "Ben", "Cy")
HOST, BEN, CY = 0, 1, 2
SEED_BEN_STARTS = "2"
"""A seed whose first player is Ben (so the host invites him from the hot-seat cover)."""
GAME_NAME = "Friday game"
ROUNDS = 2
"""Rounds played after the set-up in the first test."""
DECODE_QR = """async png => {
  if (!window.jsQR) {
    const script = document.createElement("script");
    script.src = "vendor/jsQR.js";
    await new Promise(done => { script.onload = done; document.head.append(script); });
  }
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const found = jsQR(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
  return found ? found.data : null;
}"""
FAKE_CAMERA = """async png => {
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width + 80; canvas.height = image.height + 80;
  const context = canvas.getContext("2d");
  const draw = () => { context.fillStyle = "#888"; context.fillRect(0, 0, canvas.width, canvas.height);
                       context.drawImage(image, 40, 40); };
  draw();
  window.fakeCamera = setInterval(draw, 100);
  const stream = canvas.captureStream(10);
  navigator.mediaDevices.getUserMedia = async () => stream;
}"""


def en(key: str, **params: Any) -> str:
    """An English message as the pages show it (seats named Ana, Ben and Cy)."""
    return translate(key, params, "en", list(NAMES))


@dataclass
class Table:
    """The three pages, the requests they made, and what the tests learn on the way."""

    host: Page
    guests: dict[int, Page]
    requests: list[str] = field(default_factory=list)
    secrets: dict[int, str] = field(default_factory=dict)
    """Each guest seat's secret, from the last invitation read."""
    delays: list[float] = field(default_factory=list)

    def pages(self) -> dict[int, Page]:
        """The page where each seat is played."""
        return {HOST: self.host, **self.guests}

    def invite_and_join(self, seat: int) -> None:
        """Invite ``seat``'s guest and connect it, keeping the seat's secret."""
        join(self.host, seat, self.guests[seat])
        self.secrets[seat] = decode_invitation(self.guests[seat].url).secret

    def collect(self) -> None:
        """Check what each guest received so far, and keep its delays."""
        for seat, page in self.guests.items():
            check_privacy(page, seat)
            self.delays.extend(latencies(page))


@pytest.fixture(scope="module")
def table(guarded_browser: GuardedBrowser, site: LocalSite) -> Iterator[Table]:
    """The host's page and two guests' pages (``?test``), each in its own context."""
    checkpoint = guarded_browser.checkpoint()
    contexts: list[BrowserContext] = []
    requests: list[str] = []

    def page() -> Page:
        context = guarded_browser.new_context(viewport=DESKTOP)
        context.on("request", lambda request: requests.append(request.url))
        context.add_init_script(WATCH_CONNECTIONS)
        contexts.append(context)
        return guarded_browser.open(site.url + "?test", context, ready=False)

    table = Table(page(), {BEN: page(), CY: page()}, requests)
    for opened in table.pages().values():  # the three start together: their start-ups overlap
        guarded_browser.wait_ready(opened)
    guarded_browser.assert_clean_since(checkpoint)
    yield table
    for context in contexts:
        context.close()


def seat(p: int, kind: str = "human", **extra: Any) -> dict[str, Any]:
    """A scenario player on the beginner board's preset pieces of seat ``p``."""
    (first, second), roads = BEGINNER_PIECES[p]
    color = list(COLORS.values())[p]
    return {"name": NAMES[p], "color": color, "kind": kind, "settlements": [first, second], "roads": list(roads), **extra}


def load(host: Page, **scenario: Any) -> None:
    """Start a scenario on the beginner board on the host's page (three seats)."""
    data = {"format": "catan-scenario", "board": "beginner", **scenario}
    assert host.evaluate("([text, name]) => catan_test.load_scenario(text, name)", [json.dumps(data), GAME_NAME]) == ""
    host.wait_for_selector("#game:not([hidden])")


def qr_text(page: Page, figure: str) -> str | None:
    """The text of the QR code in ``figure`` as jsQR reads it from a screenshot of the page."""
    png = base64.b64encode(page.locator(f"#{figure} svg").screenshot()).decode()
    return page.evaluate(DECODE_QR, png)  # type: ignore[no-any-return]


def test_friends_join_a_new_game_and_play_its_set_up_and_turns(table: Table, browse: GuardedBrowser) -> None:
    host, ben, cy = table.host, table.guests[BEN], table.guests[CY]
    new_game(host, NAMES, SEED_BEN_STARTS, GAME_NAME)
    assert host.locator("#cover").count() == 0  # Ben starts the set-up: nothing to hide there (issue 30)
    assert host.locator("#net").count() == 0  # the card shows once asked for: "Play on several devices"
    link = invite(host, BEN)
    assert qr_text(host, "invite-qr") == link
    assert violations(host, "#net") == []
    open_link(ben, link)
    assert ben.inner_text("#net-guest-title") == en("net.join_title", game=GAME_NAME, player="Ben")
    code = answer_code(ben)
    assert qr_text(ben, "answer-qr") == code
    assert violations(ben, "#home") == []
    paste_answer(host, code)
    wait_connected(host, BEN, ben)
    table.secrets[BEN] = decode_invitation(link).secret

    link = invite(host, CY)  # Cy's answer is read with the host's camera (a canvas showing its QR code)
    open_link(cy, link)
    answer_code(cy)
    host.evaluate(FAKE_CAMERA, base64.b64encode(cy.locator("#answer-qr svg").screenshot()).decode())
    host.click("#answer-scan")
    wait_connected(host, CY, cy)
    assert host.locator(".overlay.scanner").count() == 0, "the camera stops once the code is read"
    table.secrets[CY] = decode_invitation(link).secret
    for page in table.guests.values():
        page.wait_for_selector("#game:not([hidden])")

    assert host.locator("#cover").count() == 0, "no cover for seats played on other devices"
    assert host.inner_text("#net-seat-1 .net-status") == en("net.status_connected")
    assert ben.inner_text("#prompt") == en("ui.prompt.setup_settlement", player=BEN)
    assert ben.locator("#export").count() == 0 and cy.locator("#speed").count() == 0
    rolls = lambda game: sum(a.kind == A.ROLL for a in game.history)  # noqa: E731
    game = play(host, table.pages(), table.guests, until=lambda game: rolls(game) >= ROUNDS * len(NAMES) and game.phase == "main")
    for p, page in table.guests.items():
        assert hand(page) == list(game.players[p].hand)
        assert page.inner_text("#hand-title") == en("ui.hand.title", player=p)
        assert json.loads(page.evaluate("catan_test.peer_config()")) == {"iceServers": []}
    assert json.loads(host.evaluate("catan_test.peer_config()")) == {"iceServers": []}
    table.collect()


def test_a_discard_a_robbery_and_a_trade_with_a_counter_offer(table: Table, browse: GuardedBrowser) -> None:
    host, ben = table.host, table.guests[BEN]
    load(host, players=[
        seat(HOST, hand={"grain": 3, "ore": 1}), seat(BEN, hand={"ore": 5, "wool": 4}), seat(CY, hand={"brick": 1}),
    ], current=HOST, phase="roll")
    ben.wait_for_selector("#net-guest-title")
    assert ben.inner_text("#net-guest-title") == en("peer.host_left")  # the last game was left
    host.click("#uncover")
    table.invite_and_join(BEN)
    table.invite_and_join(CY)

    host.evaluate("catan_test.queue_dice(3, 4)")
    step(host, table.guests, lambda: host.click("#roll"))  # a seven: Ben holds nine cards and discards four
    ben.wait_for_selector("#discard")

    def discard() -> None:
        for _ in range(4):
            ben.click("#discard-wool-plus")
        ben.click("#discard-do")

    game = step(host, table.guests, discard)
    assert game.phase == "robber" and hand(ben) == [0, 0, 0, 0, 5]
    robbery = next(a for a in game.legal_actions() if a.kind == A.ROBBER and a.value[1] == BEN)
    game = step(host, table.guests, lambda: click_action(host, robbery))
    assert hand(ben) == [0, 0, 0, 0, 4] == list(game.players[BEN].hand)
    assert en("event.steal.to_you", player=HOST, resource=4) in ben.inner_text("#log-lines")

    host.click("#tab-players")  # Ana offers Ben a grain for an ore
    host.click("#offer-give-grain-plus")
    host.click("#offer-want-ore-plus")
    host.select_option("#offer-target", str(BEN))
    host.click("#offer-send")
    ben.wait_for_selector("#trade-counter")
    ben.click("#trade-counter")  # Ben asks for two grains instead
    ben.click("#counter-want-grain-plus")
    ben.click("#counter-send")
    host.wait_for_selector(f"#confirm-{BEN}")
    game = step(host, table.guests, lambda: host.click(f"#confirm-{BEN}"))
    assert list(game.players[BEN].hand) == [0, 0, 0, 2, 3] == hand(ben)
    assert list(game.players[HOST].hand)[3:] == [1, 3] and hand(host) == list(game.players[HOST].hand)

    host.click("#offer-want-brick-plus")  # Ana offers Ben an ore for a brick, which he lacks:
    host.click("#offer-give-ore-plus")  # his page declines at once, nobody clicks there
    host.select_option("#offer-target", str(BEN))
    before = len(game.log)
    step(host, table.guests, lambda: host.click("#offer-send"))
    game = wait_until(host, lambda game: [(e.kind, e.player) for e in game.log[before:before + 2]] == [("offer", HOST), ("decline", BEN)])
    wait_synced(host, table.guests)
    assert "You lack 1 brick" in ben.inner_text("#log-lines")
    table.collect()


def test_forged_garbled_and_oversized_messages_change_nothing(table: Table, browse: GuardedBrowser) -> None:
    host, ben = table.host, table.guests[BEN]
    before = host.evaluate("catan_test.save()")
    moves = len(host_game(host).history)
    forged = json.dumps({"v": 1, "t": "act", "moves": moves, "action": f"{HOST} end"}, separators=(",", ":"))
    cases = [
        (["." + forged], "peer.not_your_seat"),
        (["hello"], "peer.malformed"),
        (['.{"v":1,"t":"act","moves":"x","action":[]}'], "peer.malformed"),
        (["." + "x" * FRAME_CHARS], "peer.too_large"),
        (["+" + "x" * (MAX_GUEST_MESSAGE_CHARS // 2)] * 2 + ["." + "x"], "peer.too_large"),
    ]
    for frames, key in cases:
        count = len(received(ben))
        for frame in frames:
            assert ben.evaluate("frame => catan_test.peer_send(frame)", frame)
        ben.wait_for_function("n => JSON.parse(catan_test.peer_frames()).length > n", arg=count, timeout=STEP_MS)
        refusal = received(ben)[-1]
        assert isinstance(refusal, Refused) and refusal.key == key, frames[0][:40]
    ben.evaluate("frame => catan_test.peer_send(frame)", "." + forged)
    # (the notice of the refusal before may still show: wait for this one's words)
    said = en("peer.not_your_seat", seat=BEN)
    ben.wait_for_function("t => document.querySelector('#notice .notice-text')?.innerText === t", arg=said, timeout=STEP_MS)
    assert ben.inner_text("#notice .notice-text") == said
    assert host.evaluate("catan_test.save()") == before
    wait_connected(host, BEN, ben)


def test_a_guest_reloads_and_rejoins_its_seat(table: Table, browse: GuardedBrowser) -> None:
    host, ben = table.host, table.guests[BEN]
    ben.reload()
    browse.wait_ready(ben)
    ben.wait_for_selector("#net-guest-title")
    assert ben.inner_text("#net-guest-title") == en("peer.invitation_used")
    host.wait_for_selector(f"#net-seat-{BEN} .net-status.away", timeout=STEP_MS)
    ben.fill("#rejoin-code", invite(host, BEN))
    ben.evaluate(f"window.dropHellos = {HELLO_TRIES}")  # the host never hears it: the guest gives up
    ben.click("#rejoin-go")
    paste_answer(host, answer_code(ben))
    ben.wait_for_function("title => document.getElementById('net-guest-title')?.textContent === title",
                          arg=en("peer.lost"), timeout=STEP_MS)
    host.wait_for_selector(f"#net-seat-{BEN} .net-status.away", timeout=STEP_MS)
    assert host.inner_text("#notice .notice-text") == en("net.connect_failed", player="Ben")
    assert host.locator("#net-invite").count() == 0, "the dead invitation is no longer shown"
    assert violations(host, "#net") == [] and violations(ben, "#home") == []
    link = invite(host, BEN)
    assert decode_invitation(link).secret == table.secrets[BEN], "the same seat, the same secret"
    ben.fill("#rejoin-code", link)
    ben.evaluate("window.dropHellos = 1")  # its first hello is lost: it says it again
    ben.click("#rejoin-go")
    paste_answer(host, answer_code(ben))
    wait_connected(host, BEN, ben)
    assert ben.evaluate("window.dropHellos") == 0
    ben.wait_for_selector("#game:not([hidden])")
    game = wait_synced(host, table.guests)
    assert hand(ben) == list(game.players[BEN].hand)
    table.collect()


def test_the_host_reloads_and_invites_the_same_seats_again(table: Table, browse: GuardedBrowser) -> None:
    host = table.host
    host.reload()
    browse.wait_ready(host)
    for page in table.guests.values():
        page.wait_for_selector("#paused", timeout=STEP_MS)
        assert page.inner_text("#net-guest-title") == en("peer.lost")
    assert violations(table.guests[BEN], "#paused") == []
    host.click("#continue-0")
    for p in table.guests:
        host.wait_for_selector(f"#net-seat-{p} .net-status.away")
        before = table.secrets[p]
        table.invite_and_join(p)
        assert table.secrets[p] == before
    game = play(host, table.pages(), table.guests, until=lambda game: game.current == CY and game.phase == "main")
    for p, page in table.guests.items():
        assert hand(page) == list(game.players[p].hand)
    table.collect()


def test_a_game_with_a_computer_player_played_to_its_winner_screen(table: Table, browse: GuardedBrowser) -> None:
    host, ben = table.host, table.guests[BEN]
    load(host, players=[seat(HOST), seat(BEN, hand={"ore": 3, "grain": 2}), seat(CY, kind="standard")],
         options={"vp_target": 3}, current=HOST, phase="main", dice=[[1, 2]] * 4)
    host.click("#uncover")
    table.invite_and_join(BEN)
    guests = {BEN: ben}
    step(host, guests, lambda: host.click("#end-turn"))
    step(host, guests, lambda: ben.click("#roll"))
    step(host, guests, lambda: ben.click("#end-turn"))  # Cy, a computer on the host's page, plays its turn
    wait_until(host, lambda game: game.to_act == HOST and game.phase == "roll")
    step(host, guests, lambda: host.click("#roll"))
    step(host, guests, lambda: host.click("#end-turn"))
    step(host, guests, lambda: ben.click("#roll"))
    ben.click("#build-city")
    first = BEGINNER_PIECES[BEN][0][0]
    ben.click(f".catan-board [data-node='{first}']")
    for page in (host, ben):
        page.wait_for_selector("#winner", timeout=STEP_MS)
        assert en("ui.win.title", player=BEN) == page.inner_text("#winner-title")
    game = host_game(host)
    assert game.winner == BEN and any(a.player == CY for a in game.history), "the computer played its turn"
    check_privacy(ben, BEN)
    table.delays.extend(latencies(ben))


def test_servers_are_optional_and_the_pages_asked_only_the_site(
    table: Table, browse: GuardedBrowser, site: LocalSite, capsys: pytest.CaptureFixture[str],
) -> None:
    host = table.host
    host.click("#win-board")
    host.click("#net-servers summary")
    host.fill("#ice-urls", "https://turn.example.org")
    host.click("#ice-save")
    assert host.inner_text("#ice-error") == en("peer.ice_url", url="https://turn.example.org")
    host.fill("#ice-urls", "stun:stun.example.org:3478\nturns:turn.example.org:5349")
    host.fill("#ice-username", "ana")
    host.fill("#ice-credential", "secret")
    host.click("#ice-save")
    kept = json.loads(host.evaluate("localStorage.getItem('catan.settings')"))["ice"]
    assert kept["urls"] == ["stun:stun.example.org:3478", "turns:turn.example.org:5349"] and kept["username"] == "ana"
    host.fill("#ice-urls", "")
    host.click("#ice-save")
    assert "ice" not in json.loads(host.evaluate("localStorage.getItem('catan.settings')"))
    assert table.requests and all(url.startswith(site.url) for url in table.requests)
    if table.delays:
        with capsys.disabled():
            print(f"\n  a guest's move to its redraw: median {statistics.median(table.delays):.0f} ms, "
                  f"max {max(table.delays):.0f} ms over {len(table.delays)} moves")
