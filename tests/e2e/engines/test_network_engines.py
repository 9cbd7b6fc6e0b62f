"""Network play across engines: a host in Chromium and a guest in Firefox (WebKitGTK's
MiniBrowser has no WebRTC in automation mode), connected through the pages' own invitation
and answer codes, play the set-up, each placing by clicks on their own page."""

from __future__ import annotations

from typing import TYPE_CHECKING

import peers
from conftest import Messages, Session
from hooks import ANSWER_OUT, GAME_SHOWN, PAUSED, wait_shown

from catan_core import actions as A

if TYPE_CHECKING:
    from tests.e2e.conftest import GuardedBrowser, LocalSite

STEP_S = peers.STEP_MS / 1000


def test_a_chromium_host_and_a_firefox_guest_play_the_set_up(guarded_browser: GuardedBrowser, site: LocalSite,
                                                              engines: Session) -> None:
    """The host (Chromium) starts a game for two people and invites seat 1; the guest (Firefox)
    opens the link, and the host connects with the guest's answer. Then each places their
    set-up pieces on their own page, by clicks, until the host's first roll: every move
    reaches the other page (the guest draws each of the host's moves; the host's game
    holds each of the guest's)."""
    guest = engines.get("firefox")
    messages = Messages(guest)
    checkpoint = guarded_browser.checkpoint()
    host = guarded_browser.open(site.url + "?test", guarded_browser.new_context())
    try:
        peers.new_game(host, ["Ana", "Ben"], "across engines", "Across engines")
        messages.open(peers.invite(host, 1))
        guest.wait_ready()
        peers.paste_answer(host, guest.wait(f"return (document.querySelector('{ANSWER_OUT}') || {{}}).value"))
        peers.wait_connected(host, 1)
        wait_shown(guest, GAME_SHOWN, STEP_S)
        guest.wait(f"return document.querySelector('{PAUSED}') === null", timeout=STEP_S)
        game = peers.host_game(host)
        while game.phase.startswith("setup"):
            action = peers.choose(game)
            moves = len(game.history)
            if game.to_act == 0:
                peers.click_action(host, action)
            else:
                kind = "node" if action.kind == A.SETTLEMENT else "edge"
                guest.click(f".catan-board [data-{kind}='{action.value}']")
            host.wait_for_function("n => JSON.parse(catan_test.save()).history.length > n", arg=moves,
                                   timeout=peers.STEP_MS)
            game = peers.host_game(host)
            guest.wait("return catan_test.peer_moves() >= arguments[0]", len(game.history), timeout=STEP_S)
        assert [action.player for action in game.history].count(1) == 4  # the guest's four pieces
        assert game.phase == "roll"
    finally:
        host.context.close()
    guarded_browser.assert_clean_since(checkpoint)
    messages.gather()
    assert messages.seen == []
