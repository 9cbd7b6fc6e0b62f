"""Network play's pure parts in the page (web/catan_web), run in CPython: invitations that
name the game and the seat, the servers' settings, what is kept beside the saved games, a
guest's flood, the session's remote seats and the HTML of the host's card and the guest's
screens (the browser glue, catan_web.network, is driven by tests/e2e/test_network_e2e.py)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from test_peer import CHROMIUM_ANSWER, CHROMIUM_OFFER, SECRET  # noqa: E402

from catan_core.errors import CatanError  # noqa: E402
from catan_core.game import Game, Options, Seat  # noqa: E402
from catan_core.i18n import LANGUAGES, catalog  # noqa: E402
from catan_web import network_panels as NP  # noqa: E402
from catan_web.game import bar, players, turn  # noqa: E402
from catan_web.game.scene import Scene  # noqa: E402
from catan_web.game.state import PageState  # noqa: E402
from catan_web.newgame import NewGame  # noqa: E402
from catan_web.peer import codes  # noqa: E402
from catan_web.peer.codes import (  # noqa: E402
    Answer, Invitation, compact_sdp, decode_invitation, encode_answer, encode_invitation, invitation_link,
)
from catan_web.peer.ice import MAX_ICE_URL_CHARS, MAX_ICE_URLS, IceServers, check_url  # noqa: E402
from catan_web.peer.errors import PeerError  # noqa: E402
from catan_web.peer.protocol import Budget, Refused  # noqa: E402
from catan_web.peer.referee import HostReferee  # noqa: E402
from catan_web.peer.saved import SEATS_PREFIX, TICKET_KEY, SeatSecrets, Ticket, Tickets  # noqa: E402
from catan_web.session import Session  # noqa: E402
from catan_web.settings import SETTINGS_KEY, Settings, SettingsStore  # noqa: E402
from catan_web.store import DAMAGED_PREFIX, MemoryStorage  # noqa: E402
from catan_web.text import Text  # noqa: E402

WEB = ROOT / "web" / "catan_web"
GID = "18f3a2b1c"
SEATS = (Seat("Ana", "#d7263d"), Seat("<b>Ben</b>", "#1b65c4"), Seat("Cy", "#f29e1f", "standard"))


def game() -> Game:
    return Game(Options(players=3, board="beginner"), 7, SEATS)


# --- invitations ------------------------------------------------------------------------------------


def test_an_invitation_names_the_game_and_the_seat_as_plain_bounded_text() -> None:
    offer = compact_sdp(CHROMIUM_OFFER)
    hindi = "शुक्रवार का खेल"
    invitation = Invitation(GID, 1, SECRET, offer, hindi, "Ben\u200d\n<b>" + "x" * 60)
    read = decode_invitation(invitation_link("https://example.org/", encode_invitation(invitation)))
    assert read.name == hindi and read.player == ("Ben<b>" + "x" * 60)[:codes.MAX_LABEL_CHARS]
    assert decode_invitation(encode_invitation(Invitation(GID, 1, SECRET, offer))).name == ""
    good = {"t": "i", "game": GID, "seat": 1, "secret": SECRET, "sdp": offer}
    for bad in ({"name": 5}, {"name": "a\nb"}, {"player": "x" * (codes.MAX_LABEL_CHARS + 1)}, {"answer": "no"}):
        with pytest.raises(PeerError) as info:
            decode_invitation(codes._encode({**good, **bad}))
        assert info.value.key == "peer.code_invalid", bad
    answer = Answer(GID, 1, offer["ufrag"], compact_sdp(CHROMIUM_ANSWER))
    with pytest.raises(PeerError):  # answers carry no names
        codes.decode_answer(codes._encode({**json.loads(json.dumps({"t": "a", **answer.__dict__})), "name": "x"}))
    assert codes.decode_answer(encode_answer(answer)) == answer


def test_a_reloaded_host_opens_its_seats_with_their_old_secrets() -> None:
    referee = HostReferee(game(), GID)
    secret = referee.open_seat(1)
    again = HostReferee(game(), GID)
    for seat, kept in referee.secrets().items():
        again.open_seat(seat, kept)
    assert again.open_seat(1) == secret and again.secrets() == {1: secret}
    with pytest.raises(ValueError):
        again.open_seat(2, "short")


# --- the servers ------------------------------------------------------------------------------------


@pytest.mark.parametrize("url", [
    "stun:stun.example.org", "stun:stun.example.org:3478", "turn:10.0.0.1:3478?transport=udp",
    "turns:turn.example.org:5349?transport=tcp", "turn:[2001:db8::1]:3478", "stun:localhost",
])
def test_stun_and_turn_addresses_are_accepted(url: str) -> None:
    assert check_url(url) == url


@pytest.mark.parametrize("url", [
    "http://example.org", "https://turn.example.org", "stun:", "stun:-bad.org", "stun:a.org:0", "stun:a.org:70000",
    "stun:a.org?transport=udp", "turn:a.org?transport=sctp", "turn:user@a.org", "turn:a.org/path", "javascript:alert(1)",
    "stun:a.org\nfingerprint", "stun:" + "a" * MAX_ICE_URL_CHARS, "turn:a.org:3478?transport=udp&x=1",
])
def test_other_addresses_are_refused_naming_them(url: str) -> None:
    with pytest.raises(PeerError) as info:
        check_url(url)
    assert info.value.key == "peer.ice_url" and len(info.value.params["url"]) <= MAX_ICE_URL_CHARS


def test_the_servers_typed_in_the_settings() -> None:
    servers = IceServers.parse(" stun:a.org, turn:b.org:3478 \n\n", " ana ", "pw")
    assert servers.stun == ("stun:a.org",) and servers.turn == ("turn:b.org:3478",) and servers.username == "ana"
    assert IceServers.parse("", "", "") == IceServers() and IceServers().to_rtc() == []
    with pytest.raises(PeerError) as info:
        IceServers.parse("turn:b.org")
    assert info.value.key == "peer.ice_login"
    with pytest.raises(PeerError) as info:
        IceServers.parse(" ".join(f"stun:s{i}.org" for i in range(MAX_ICE_URLS + 1)))
    assert info.value.key == "peer.ice_too_many"
    with pytest.raises(PeerError):
        IceServers.parse("turn:b.org", "ana", "p\u0000w")


def test_the_settings_keep_the_servers_and_nothing_by_default() -> None:
    storage = MemoryStorage()
    settings = SettingsStore(storage)
    assert settings.load().ice == IceServers() and "ice" not in json.dumps(Settings().to_json())
    servers = IceServers.parse("stun:a.org turn:b.org", "ana", "pw")
    settings.save(Settings("de", "fast", ice=servers))
    settings.remember(lang="hi")  # what the page does on a language switch keeps the servers
    assert settings.load() == Settings("hi", "fast", ice=servers)
    storage.set(SETTINGS_KEY, json.dumps({"lang": "es", "ice": {"urls": ["https://x.org"], "username": "", "credential": ""}}))
    assert settings.load() == Settings("es")  # servers this version does not accept: none
    storage.set(SETTINGS_KEY, json.dumps({"lang": "es", "ice": {"urls": "stun:a.org"}}))
    assert settings.load() == Settings() and settings.repair()  # a value of the wrong type: damaged, put aside


# --- what is kept beside the saved games ---------------------------------------------------------------


def test_seat_secrets_and_tickets_are_kept_and_damaged_ones_put_aside() -> None:
    storage = MemoryStorage()
    seats = SeatSecrets(storage)
    seats.save(GID, {1: SECRET, 3: "B" * 22})
    assert seats.load(GID) == {1: SECRET, 3: "B" * 22} and seats.load("other") == {}
    seats.save(GID, {})
    assert storage.keys() == []
    for damaged in ('{"1": "short"}', '{"x": "' + SECRET + '"}', '{"9": "' + SECRET + '"}', "[1]", "{" * 5000):
        storage.set(SEATS_PREFIX + GID, damaged)
        assert seats.load(GID) == {}, damaged
        seats.save(GID, {2: SECRET})  # writing puts the damaged text aside first
        assert seats.load(GID) == {2: SECRET}
        storage.remove(SEATS_PREFIX + GID)
    assert sum(key.startswith(DAMAGED_PREFIX) for key in storage.keys()) == 5
    tickets = Tickets(storage)
    assert tickets.load() is None
    tickets.save(Ticket(GID, 2, "3v1z"))
    assert tickets.load() == Ticket(GID, 2, "3v1z", False)
    storage.set(TICKET_KEY, '{"game": "a b", "seat": 1, "ref": "3v1z", "opened": true}')
    assert tickets.load() is None


def test_a_flood_of_messages_is_dropped_and_the_allowance_comes_back() -> None:
    budget = Budget(rate=10.0, burst=5)
    assert [budget.take(0.0) for _ in range(7)] == [True] * 5 + [False] * 2
    assert budget.take(0.05) is False and budget.take(0.2) is True  # one more after a tenth of a second


# --- the session's remote seats ---------------------------------------------------------------------------


def test_remote_seats_get_no_cover_and_no_computer_player() -> None:
    s = Session(game())
    assert s.humans == (0, 1) and s.covered
    s.set_remote([1])
    assert s.humans == (0,) and s.shown == 0 and s.plays_elsewhere(1) and not s.plays_elsewhere(2)
    while s.actor != 1:  # the set-up until Ben must act: nothing covers it, no computer plays it
        action = next(a for a in s.game.legal_actions())
        s.apply(action)
        assert not s.covered
    assert not s.bot_to_act and s.viewer == 0 and s.bots_here
    scene = Scene(PageState(NewGame.default(Text(), "1")), s)
    assert turn.prompt(scene) == s.text("net.prompt_remote", player=1)
    assert s.text("net.kind_remote") in players.seat_lines(scene).markup()
    s.set_remote([])
    assert s.covered  # back on this device: Ben's turn is covered again


def test_a_guests_session_plays_one_seat_and_shows_the_hosts_games() -> None:
    host = game()
    referee = HostReferee(host, GID)
    from catan_web.peer.guest import GuestState

    guest = GuestState(GID, 1, referee.open_seat(1))
    for frame in guest.hello():
        for out in referee.receive("c1", frame).outgoing:
            for reply in out.frames():
                guest.receive(reply)
    assert guest.game is not None
    s = Session(guest.game, GID, "Friday")
    s.holds_game = False
    s.set_remote([0, 2])
    assert s.humans == (1,) and not s.covered and not s.bot_to_act and not s.bots_here and s.viewer == 1
    shown = bar.game_bar(Scene(PageState(NewGame.default(Text(), "1")), s))
    assert 'id="export"' not in shown and 'id="speed"' not in shown
    host.apply(host.legal_actions()[0])
    for out in referee.sync():
        for frame in out.frames():
            guest.receive(frame)
    s.follow(guest.game, guest.log[-1:])
    assert s.game is guest.game and s.last_events == guest.log[-1:]


# --- the HTML ------------------------------------------------------------------------------------------------


def test_every_network_message_key_exists_in_every_language() -> None:
    source = "\n".join(path.read_text(encoding="utf-8") for path in (WEB / "browser" / "network.py", WEB / "network_panels.py"))
    keys = set(re.findall(r'"((?:net|peer)\.[a-z_]+[a-z])"', source))
    assert "net.invite" in keys and "peer.lost" in keys
    for lang in LANGUAGES:
        assert sorted(keys - set(catalog(lang))) == [], lang
    for status in (NP.HERE, NP.INVITED, NP.CONNECTING, NP.CONNECTED, NP.AWAY):
        assert f"net.status_{status}" in catalog("en")


def host_session() -> Session:
    s = Session(game(), GID, "<i>Friday</i>")
    s.set_remote([1])
    return s


def test_the_host_card_offers_what_each_seat_allows() -> None:
    s = host_session()
    for status, ids in {
        NP.HERE: ["net-invite-1"], NP.INVITED: ["net-invite-1", "net-here-1"], NP.CONNECTING: ["net-here-1"],
        NP.CONNECTED: ["net-here-1"], NP.AWAY: ["net-invite-1", "net-here-1"],
    }.items():
        html = NP.host_card(s, [NP.SeatStatus(0, NP.HERE), NP.SeatStatus(1, status)], None, NP.Servers())
        line = html[html.index('id="net-seat-1"'):]
        assert re.findall(r'id="(net-(?:invite|here)-1)"', line.split("</li>")[0]) == ids, status
        assert "&lt;b&gt;Ben&lt;/b&gt;" in html and "<b>Ben</b>" not in html
        assert 'id="net-seat-2"' not in html  # a computer's seat is nobody's to invite


def test_the_invitation_box_shows_the_link_its_qr_code_and_the_answer_field() -> None:
    s = host_session()
    link = "http://127.0.0.1:8000/#join=" + "A" * 300
    preparing = NP.host_card(s, [NP.SeatStatus(1, NP.INVITED)], NP.Invite(1), NP.Servers())
    assert s.text("net.preparing") in preparing and "invite-link" not in preparing
    failed = NP.host_card(s, [NP.SeatStatus(1, NP.AWAY)], NP.Invite(1, error=PeerError("peer.no_candidates")), NP.Servers())
    assert s.text("peer.no_candidates") in failed and s.text("net.preparing") not in failed  # why no link was made
    html = NP.host_card(s, [NP.SeatStatus(1, NP.INVITED)], NP.Invite(1, link, PeerError("peer.answer_unknown")), NP.Servers())
    assert f'readonly spellcheck="false" autocomplete="off" autocapitalize="off" class="code">{link}</textarea>' in html
    assert 'id="invite-qr"' in html and "<svg" in html and 'id="answer-code"' in html
    assert s.text("peer.answer_unknown") in html and 'role="alert"' in html
    assert "net.status" not in html and "net.invite" not in html


def test_the_servers_panel_shows_what_is_kept_and_why_typed_ones_were_refused() -> None:
    text = Text("de")
    servers = IceServers.parse("stun:a.org turn:b.org", "ana", "pw")
    html = NP.servers_panel(text, NP.Servers(servers))
    assert "stun:a.org\nturn:b.org</textarea>" in html and text("net.servers_saved", count=2) in html
    assert "<details" in html and "open" not in html.split(">")[0]
    refused = NP.servers_panel(text, NP.Servers(error=PeerError("peer.ice_url", url="<x>")))
    assert refused.startswith('<details class="net-servers" id="net-servers" open>') and "&lt;x&gt;" in refused
    assert text("net.servers_none") in refused


@pytest.mark.parametrize("stage", [NP.ANSWERING, NP.WAITING, NP.JOINED, NP.LOST, NP.CLOSED])
def test_the_guest_screens_in_every_stage_and_language(stage: str) -> None:
    for lang in LANGUAGES:
        text = Text(lang)
        joining = NP.Joining("<Friday>", "Ben", stage, "ANSWERCODE", PeerError("peer.replaced") if stage == NP.CLOSED else None)
        html = NP.join_screen(text, joining, NP.Servers()) + NP.paused_screen(text, joining, NP.Servers())
        assert "<Friday>" not in html and not re.search(r"\b(net|peer)\.[a-z_]+", html)
        assert ('id="answer-out"' in html) == (stage == NP.WAITING) and ('id="answer-qr"' in html) == (stage == NP.WAITING)
        assert ('id="rejoin-code"' in html) == (stage in (NP.LOST, NP.CLOSED))
    paused = NP.paused_screen(Text(), NP.Joining("Friday", 2, NP.LOST), NP.Servers())
    assert "The game is paused: the host&#x27;s page is closed or unreachable." in paused and "Player 3" in paused


def test_a_hosts_refusal_is_shown_only_as_one_of_the_pages_own_messages() -> None:
    text = Text("en", ("Ana", "Ben"))
    assert text.msg(NP.refusal(Refused("peer.not_your_seat", {"seat": 1}))) == "You play Ben: you cannot act for another seat."
    general = text("peer.refused")
    assert text.msg(NP.refusal(Refused("rule.roll_first", {"count": "many"}))) == text("rule.roll_first")
    assert text.msg(NP.refusal(Refused("rule.bank_empty", {"resource": 4}))) == "The bank has no ore left."
    for key, params in [  # not this page's refusals, or parameters the engine would never give
        ("ui.title", {}), ("rule.nope", {}), ("<script>", {}), ("rule.bank_empty", {"resource": -99}),
        ("rule.bank_empty", {"resource": True}), ("rule.bank_empty", {}), ("rule.partner_not_accepted", {"partner": [1, 2]}),
    ]:
        assert text.msg(NP.refusal(Refused(key, params))) == general, (key, params)


def test_qr_codes_hold_the_link_and_too_long_codes_say_so() -> None:
    from catan_web.qr import encode

    link = "http://127.0.0.1:8000/#join=" + "A" * 300
    figure = NP.qr_figure(Text(), link, "Code <x>", "q")
    assert 'aria-label="Code &lt;x&gt;"' in figure and f"viewBox=\"0 0 {encode(link).size + 8} " in figure
    assert NP.qr_figure(Text("hi"), "x" * 5000, "Code", "q").count(Text("hi")("peer.qr_too_long")) == 1


def test_errors_shown_in_the_cards_are_the_engines_words() -> None:
    text = Text("es")
    error: CatanError = PeerError("peer.code_invalid")
    assert text.error(error) in NP.error_line(text, error, "e") and NP.error_line(text, None, "e").endswith("></p>")
