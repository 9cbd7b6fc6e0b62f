"""Network play without a server: views as JSON, the message protocol, the host's referee,
the guest's state and the invitation / answer codes (web/catan_web/peer)."""

from __future__ import annotations

import asyncio
import base64
import json
import zlib
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import strategies as st

from catan_core import saves
from catan_core.actions import Action
from catan_core.errors import FormatError
from catan_core.events import Event
from catan_core.game import Game, Options
from catan_core.jsonread import parse
from catan_core.rng import Rng
from catan_core.state import PHASES
from catan_core.views import View
from catan_web import qr
from catan_web.peer import codes
from catan_web.peer.codes import (
    Answer, Invitation, check_sdp, code_of, compact_sdp, decode_answer, decode_invitation, encode_answer,
    encode_invitation, expand_sdp, invitation_link,
)
from catan_web.peer.errors import PeerError
from catan_web.peer.guest import HELLO_TRIES, GuestState, greet
from catan_web.peer.protocol import (
    FRAME_CHARS, MAX_GUEST_MESSAGE_CHARS, Act, Closed, Hello, Outgoing, Paused, Ping, Pong, Reassembler,
    Refused, Update, Welcome, decode_from_guest, decode_from_host, encode, frames,
)
from catan_web.peer.referee import Handled, HostReferee

import boundaries as B

OFFER_EVERY = 8
"""In the main phase, one action in this many (on average) is a domestic offer."""


def random_play(seed: int, players: int = 4, max_turns: int = 1000) -> Iterator[Game]:
    """A game played with random legal actions and some domestic offers, yielded after
    the start and after every action."""
    game = Game(Options(players=players), seed=seed)
    rng = Rng(seed + 1)
    yield game
    while game.winner < 0 and game.turn <= max_turns:
        actions = game.legal_actions()
        if game.phase == "main" and rng.below(OFFER_EVERY) == 0:
            actions = game.offer_actions() or actions
        game.apply(actions[rng.below(len(actions))])
        yield game


def compact(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


# --- views as JSON ------------------------------------------------------------------------------


def viewers(game: Game) -> list[int | None]:
    return [None, *range(len(game.players))]


@pytest.mark.parametrize("seed", range(4))
def test_view_json_round_trip_in_every_phase_for_every_seat(seed: int) -> None:
    seen: set[str] = set()
    for game in random_play(seed, players=3 + seed % 2):
        if game.phase in seen and game.winner < 0:
            continue
        seen.add(game.phase)
        for viewer in viewers(game):
            view = game.view(viewer)
            text = compact(view.to_json())
            assert View.from_json(parse(text, len(text))) == view
            assert View.from_json(view.to_json(with_log=False), log=view.log) == view
            assert "log" not in view.to_json(with_log=False)
    assert seen >= set(PHASES) - {"road_building"}


def test_view_json_round_trip_during_road_building() -> None:
    for seed in range(40):
        for game in random_play(seed, players=3):
            if game.phase == "road_building":
                for viewer in viewers(game):
                    view = game.view(viewer)
                    assert View.from_json(view.to_json()) == view
                return
    pytest.fail("no random game played Road Building")


def broken_views() -> Iterator[tuple[str, dict[str, Any]]]:
    """Views of seat 1 with one thing wrong each."""
    game = Game(Options(players=3, board="beginner"), seed=2)
    game.apply("0 roll 3+4")
    good = game.view(1).to_json()
    assert View.from_json(good).viewer == 1

    def variant(name: str, **changes: Any) -> tuple[str, dict[str, Any]]:
        data = json.loads(json.dumps(good))
        for key, value in changes.items():
            data[key] = value
        return name, data

    yield variant("extra field", secret_deck=[1, 2])
    yield variant("bool for int", robber=True)
    yield variant("robber off the board", robber=19)
    yield variant("viewer out of range", viewer=3)
    yield variant("float turn", turn=1.0)
    yield variant("unknown phase", phase="party")
    yield variant("three dice", dice=[1, 2, 3])
    yield variant("hand of four", hand=[1, 1, 1, 1])
    yield variant("spectator with a hand", viewer=None)
    yield variant("another seat's legal action", legal=["0 end"])
    yield variant("garbage legal action", legal=["1 fly"])
    yield variant("not a list of players", players={"0": 1})
    name, data = variant("two settlements on one spot")
    data["players"][1]["settlements"] = list(data["players"][0]["settlements"])
    yield name, data
    name, data = variant("seat numbers out of order")
    data["players"][0]["seat"] = 1
    yield name, data
    name, data = variant("a broken event")
    data["log"][0]["player"] = "Ana"
    yield name, data


@pytest.mark.parametrize(("name", "data"), list(broken_views()), ids=[name for name, _ in broken_views()])
def test_broken_views_are_refused(name: str, data: dict[str, Any]) -> None:
    with pytest.raises(FormatError):
        View.from_json(data)


def test_not_an_object_is_refused() -> None:
    for data in (None, [], "view", 3):
        with pytest.raises(FormatError):
            View.from_json(data)


def test_a_seats_view_as_a_spectator_is_the_spectators_view() -> None:
    for step, game in enumerate(random_play(5, players=3)):
        if step % 10 == 0 or game.winner >= 0:
            for seat in range(3):
                assert game.view(seat).as_spectator() == game.view(None)
    assert game.winner >= 0
    assert game.view(None).as_spectator() == game.view(None)


# --- the message protocol -----------------------------------------------------------------------

GID = "18f3a2b1c4d"


def sample_update() -> Update:
    game = Game(Options(players=3, board="beginner"), seed=4)
    view = game.view(2, with_log=False)
    return Update(0, 0, tuple(e.for_viewer(2) for e in game.log), view)


@pytest.mark.parametrize(
    "message", [Hello(GID, 2, "A" * 22), Act(7, "1 offer brick>ore to all"), Ping(3)], ids=lambda m: m.KIND
)
def test_guest_messages_round_trip(message: Any) -> None:
    text = encode(message)
    assert text.isascii() and len(text) <= MAX_GUEST_MESSAGE_CHARS
    assert decode_from_guest(text) == message
    with pytest.raises(PeerError):
        decode_from_host(text)  # not a host's message


@pytest.mark.parametrize(
    "message",
    [
        Welcome(GID, 1), sample_update(), Refused("rule.distance", {"node": 12}, "0 settlement 12"),
        Refused("peer.not_your_seat", {"seat": 1}), Paused(True), Closed("peer.replaced"), Pong(9),
    ],
    ids=lambda m: m.KIND,
)
def test_host_messages_round_trip(message: Any) -> None:
    text = encode(message)
    assert text.isascii()
    assert decode_from_host(text) == message
    with pytest.raises(PeerError):
        decode_from_guest(text)  # not a guest's message


GARBAGE: list[tuple[str, Any, str]] = [
    ("not text", b'{"v":1,"t":"ping","nonce":1}', "peer.malformed"),
    ("not JSON", "hello?", "peer.malformed"),
    ("a list", "[1,2]", "peer.malformed"),
    ("no version", '{"t":"ping","nonce":1}', "peer.malformed"),
    ("another version", '{"v":2,"t":"ping","nonce":1}', "peer.version"),
    ("unknown kind", '{"v":1,"t":"cheat","nonce":1}', "peer.malformed"),
    ("a host's kind", '{"v":1,"t":"pong","nonce":1}', "peer.malformed"),
    ("extra field", '{"v":1,"t":"ping","nonce":1,"seat":0}', "peer.malformed"),
    ("missing field", '{"v":1,"t":"act","action":"1 end"}', "peer.malformed"),
    ("bool for int", '{"v":1,"t":"act","moves":true,"action":"1 end"}', "peer.malformed"),
    ("float for int", '{"v":1,"t":"act","moves":1.0,"action":"1 end"}', "peer.malformed"),
    ("negative", '{"v":1,"t":"act","moves":-1,"action":"1 end"}', "peer.malformed"),
    ("huge number", '{"v":1,"t":"ping","nonce":' + "9" * 300 + "}", "peer.malformed"),
    ("NaN", '{"v":1,"t":"ping","nonce":NaN}', "peer.malformed"),
    ("nested", '{"v":1,"t":"act","moves":0,"action":["1 end"]}', "peer.malformed"),
    ("deep", "[" * 5000 + "]" * 5000, "peer.too_large"),
    ("long action", '{"v":1,"t":"act","moves":0,"action":"' + "x" * 2100 + '"}', "peer.malformed"),
    ("oversize", '{"v":1,"t":"act","moves":0,"action":"' + "x" * 5000 + '"}', "peer.too_large"),
    ("short secret", '{"v":1,"t":"hello","game":"g","seat":1,"secret":"abc"}', "peer.malformed"),
    ("seat out of range", '{"v":1,"t":"hello","game":"g","seat":9,"secret":"' + "A" * 22 + '"}', "peer.malformed"),
    ("odd game id", '{"v":1,"t":"hello","game":"g\\n","seat":1,"secret":"' + "A" * 22 + '"}', "peer.malformed"),
]


@pytest.mark.parametrize(("name", "text", "key"), GARBAGE, ids=[name for name, _, _ in GARBAGE])
def test_malformed_guest_messages_are_refused(name: str, text: Any, key: str) -> None:
    with pytest.raises(PeerError) as info:
        decode_from_guest(text)
    assert info.value.key == key


PEER_TEXTS = (
    encode(Hello(GID, 2, "A" * 22)), encode(Act(7, "1 offer brick>ore to all")), encode(Ping(3)),
    encode(Welcome(GID, 1)), encode(Refused("rule.distance", {"node": 12}, "0 settlement 12")), encode(Paused(True)),
)
"""Messages of most kinds, as a peer sends them: the starting points for mutated ones."""


@B.boundary_property(
    80, st.one_of(st.sampled_from(PEER_TEXTS).flatmap(B.mutated_text), B.json_like_texts(), st.text(max_size=300)),
)
def test_any_text_from_a_peer_is_a_message_that_reads_back_or_is_refused(text: str) -> None:
    """Whatever arrives on a data channel, either side reads it as a message of its peer that
    encodes back to the same message, or refuses it with a :class:`PeerError`."""
    for decode in (decode_from_guest, decode_from_host):
        try:
            message = decode(text)
        except PeerError as error:
            B.refusal(error, PeerError)
            continue
        assert decode(encode(message)) == message


def test_frames_rejoin_and_bound_the_message() -> None:
    text = encode(sample_update())
    parts = frames(text)
    assert len(parts) > 1 or len(text) < FRAME_CHARS
    assert all(len(part) <= FRAME_CHARS for part in parts)
    joiner = Reassembler(limit=len(text))
    assert [joiner.push(part) for part in parts][-1] == text
    small = Reassembler(limit=10)
    with pytest.raises(PeerError) as info:
        for part in frames("y" * 30, size=8):
            small.push(part)
    assert info.value.key == "peer.too_large"
    assert small.push(".ok") == "ok"  # the message in progress was dropped
    for bad in ("", "no mark", b".bytes", None, "." + "z" * FRAME_CHARS):
        with pytest.raises(PeerError):
            Reassembler(limit=10 * FRAME_CHARS).push(bad)


def test_a_refusal_carries_plain_bounded_parameters() -> None:
    error = PeerError("action.unparseable", text="x" * 5000, cards=(1, 0, 0, 0, 2), seat=1, odd=object())
    refused = Refused.of(error, "1 fly")
    assert refused.params["cards"] == [1, 0, 0, 0, 2] and refused.params["seat"] == 1
    assert len(refused.params["text"]) <= 200 and isinstance(refused.params["odd"], str)
    assert decode_from_host(encode(refused)) == refused


# --- the host's referee and the guests ---------------------------------------------------------


def seeded_token(seed: int) -> Any:
    """A reproducible source of random bytes for the seats' secrets."""
    rng = Rng(seed)
    return lambda n: bytes(rng.below(256) for _ in range(n))


class Network:
    """A host game with its referee and guests, their data channels replaced by direct
    calls: ``sent`` holds every message the host sent, with its connection and its text."""

    def __init__(self, game: Game, guest_seats: tuple[int, ...] = ()) -> None:
        self.game = game
        self.referee = HostReferee(game, GID, token=seeded_token(7))
        self.guests: dict[str, GuestState] = {}
        self.sent: list[tuple[str, Any, str]] = []
        self.closed: list[str] = []
        for seat in guest_seats:
            self.join(f"c{seat}", seat)

    def join(self, conn: str, seat: int, secret: str | None = None) -> Handled:
        guest = GuestState(GID, seat, secret or self.referee.open_seat(seat))
        self.guests[conn] = guest
        return self.send(conn, guest.hello())

    def send(self, conn: str, parts: list[Any]) -> Handled:
        handled = Handled([])
        for part in parts:
            handled = self.referee.receive(conn, part)
            self.deliver(handled.outgoing)
        return handled

    def deliver(self, outgoing: list[Outgoing]) -> None:
        for out in outgoing:
            parts = out.frames()
            self.sent.append((out.conn, out.message, "".join(part[1:] for part in parts)))
            if out.conn in self.guests:
                received = [self.guests[out.conn].receive(part) for part in parts]
                assert received[-1] == out.message
            if out.close:
                self.closed.append(out.conn)

    def messages(self, conn: str, since: int = 0) -> list[Any]:
        """The messages the host sent to ``conn`` (from message number ``since`` on)."""
        return [message for c, message, _ in self.sent[since:] if c == conn]

    def conn_of(self, seat: int) -> str | None:
        return next((conn for conn, guest in self.guests.items() if guest.seat == seat and guest.joined), None)


def one(r: int) -> tuple[int, int, int, int, int]:
    cards = [0] * 5
    cards[r] = 1
    return tuple(cards)  # type: ignore[return-value]


def guest_choice(guest: GuestState, rng: Rng) -> Action:
    """A random legal action of the guest (sometimes a domestic offer it may make)."""
    assert guest.game is not None and guest.view is not None and guest.view.hand is not None
    actions = guest.game.legal_actions()
    hand = guest.view.hand
    if guest.view.phase == "main" and rng.below(OFFER_EVERY) == 0 and any(hand):
        give = rng.choice([r for r in range(5) if hand[r]])
        want = rng.choice([r for r in range(5) if r != give])
        return Action(guest.seat, "offer", (one(give), one(want), -1))
    return actions[rng.below(len(actions))]


def scrambled(game: Game, seat: int) -> Game:
    """``game`` with everything ``seat`` may not see changed: the others' cards (sizes
    kept; development cards only while the game runs, since the end shows every point),
    the deck's composition, the generator, and the secrets of events ``seat`` did not see."""
    other = game.copy()
    for q, pl in enumerate(other.players):
        if q != seat:
            pl.hand = pl.hand[1:] + pl.hand[:1]
            if game.winner < 0:
                pl.dev = pl.dev[1:] + pl.dev[:1]
    other.deck = other.deck[1:] + other.deck[:1]
    other.rng = Rng(other.rng.state ^ 0xDEADBEEF)
    other.log = [
        e if e.secret is None or seat in e.audience else Event(e.kind, e.player, e.data, {"leak": True}, e.audience)
        for e in game.log
    ]
    return other


def assert_private(update: Update, game: Game, seat: int, text: str) -> None:
    """``update``, sent to ``seat`` now, shows only what ``seat`` may see."""
    assert update.view.viewer == seat and update.view.hand == tuple(game.players[seat].hand)
    assert text.count('"hand":') == 1 and '"deck":' not in text and '"rng"' not in text
    for event in update.events:
        assert event.secret is None or seat in event.audience
    other = scrambled(game, seat)
    same = other.view(seat, with_log=False).to_json(with_log=False)
    mine = update.view.to_json(with_log=False)
    if game.phase == "trade" and game.trade is not None and game.trade.offerer == seat:
        del same["legal"], mine["legal"]  # whom the offer can close with follows from the answers, not the hands
    assert mine == same
    assert list(update.events) == [e.for_viewer(seat) for e in other.log[update.start:]]


MAX_GUEST_GAME_TURNS = 400


def test_a_whole_game_with_two_guests_who_see_only_their_own_cards() -> None:
    game = Game(Options(players=4), seed=11)
    net = Network(game, guest_seats=(1, 3))
    rng = Rng(12)
    checked = 0
    while game.winner < 0 and game.turn <= MAX_GUEST_GAME_TURNS:
        mark = len(net.sent)
        conn = net.conn_of(game.to_act)
        if conn is not None:
            guest = net.guests[conn]
            action = guest_choice(guest, rng)
            moves = len(game.history)
            handled = net.send(conn, guest.act(action))
            assert handled.action == action and len(game.history) == moves + 1, handled
        else:
            actions = game.legal_actions()
            game.apply(actions[rng.below(len(actions))])
            net.deliver(net.referee.sync())
        for conn, guest in net.guests.items():
            [(update, text)] = [(m, t) for c, m, t in net.sent[mark:] if c == conn]
            assert isinstance(update, Update)
            assert_private(update, game, guest.seat, text)
            assert guest.view == game.view(guest.seat) and guest.moves == len(game.history)
            checked += 1
    assert game.winner >= 0, "the game should end"
    assert checked > 1000
    for guest in net.guests.values():
        assert guest.game is not None
        assert guest.game.view(guest.seat) == game.view(guest.seat)
        assert guest.game.view(None) == game.view(None)


def test_a_guests_game_answers_with_its_view_and_explains_refusals() -> None:
    game = Game(Options(players=3, board="beginner"), seed=3)
    net = Network(game, guest_seats=(0, 1))
    mine, other = net.guests["c0"], net.guests["c1"]
    assert mine.game is not None and other.game is not None
    assert [a.text() for a in mine.game.legal_actions()] == ["0 roll"] and other.game.legal_actions() == []
    assert mine.game.is_legal(Action.parse("0 roll"))
    assert not mine.game.is_legal(Action.parse("0 roll 6+6"))  # chosen dice are the host's alone
    with pytest.raises(PeerError):
        mine.game.check_action(Action.parse("0 roll 6+6"))
    with pytest.raises(Exception) as info:
        other.game.check_action(Action.parse("1 roll"))
    assert getattr(info.value, "key", "") == "rule.not_your_turn"
    net.send("c0", mine.act(Action.parse("0 roll 3+3")))
    assert mine.refusal is not None and mine.refusal.key == "peer.not_allowed"
    net.send("c0", mine.act(Action.parse("0 roll")))
    assert mine.refusal is None and mine.moves == 1 == other.moves
    assert other.game.view(1) == game.view(1)


# --- refusals leave the game exactly as it was ---------------------------------------------------


def joined_network() -> Network:
    """A beginner game at seat 1's roll, with guests joined on seats 1 and 2."""
    game = Game(Options(players=3, board="beginner"), seed=9)
    game.apply("0 roll 2+3")
    game.apply("0 end")
    return Network(game, guest_seats=(1, 2))


def refused(net: Network, conn: str, parts: list[Any], key: str) -> Refused:
    """Send ``parts`` on ``conn``: the host refuses with ``key`` (to ``conn`` only) and the game is unchanged."""
    before = saves.dumps(net.game)
    mark = len(net.sent)
    handled = net.send(conn, parts)
    assert handled.action is None and handled.events == ()
    assert {c for c, _, _ in net.sent[mark:]} == {conn}
    answer = net.messages(conn, mark)
    assert len(answer) == 1 and isinstance(answer[0], Refused), answer
    assert answer[0].key == key, answer[0]
    assert saves.dumps(net.game) == before
    return answer[0]


def act_frames(moves: int, text: str) -> list[str]:
    return frames(encode(Act(moves, text)))


def test_forged_and_malformed_actions_are_refused() -> None:
    net = joined_network()
    moves = len(net.game.history)
    assert net.game.to_act == 1
    refused(net, "c2", act_frames(moves, "1 roll"), "peer.not_your_seat")  # seat 2 acting for seat 1
    refused(net, "c1", act_frames(moves, "0 roll"), "peer.not_your_seat")
    refused(net, "c2", act_frames(moves, "2 roll"), "rule.not_your_turn")
    refused(net, "c1", act_frames(moves, "1 roll 6+6"), "peer.not_allowed")
    refused(net, "c1", act_frames(moves, "1 end"), "rule.roll_first")
    refused(net, "c1", act_frames(moves - 1, "1 roll"), "peer.stale")
    refused(net, "c1", act_frames(moves, "1 fly"), "action.unparseable")
    refused(net, "c1", act_frames(moves, "1 road 99"), "action.malformed")
    refused(net, "c1", act_frames(moves, "x" * 2000), "action.unparseable")
    refused(net, "c1", ["." + "[" * 5000], "peer.too_large")
    refused(net, "c1", ["." + "{" * 20], "peer.malformed")
    refused(net, "c1", ["garbage"], "peer.malformed")
    refused(net, "c1", [b"\x00\xff"], "peer.malformed")
    refused(net, "c1", [None], "peer.malformed")
    refused(net, "c1", ["." + "a" * (FRAME_CHARS + 10)], "peer.too_large")
    refused(net, "c1", ["+" + "a" * 3000, "+" + "a" * 3000], "peer.too_large")
    refused(net, "c1", ['.{"v":9,"t":"act","moves":0,"action":"1 roll"}'], "peer.version")
    refused(net, "c1", ['.{"v":1,"t":"update","moves":0}'], "peer.malformed")
    refused(net, "c9", act_frames(moves, "1 roll"), "peer.not_joined")  # a connection that never said hello
    handled = net.send("c1", act_frames(moves, "1 roll"))
    assert handled.action == Action.parse("1 roll") and len(net.game.history) == moves + 1


def test_random_bytes_and_mutated_messages_never_change_the_game() -> None:
    net = joined_network()
    rng = Rng(21)
    good = encode(Act(len(net.game.history), "1 roll"))
    alphabet = '{}[]":,.0123456789-+eE truefalsnul\\\\u"vtactmoves'
    for _ in range(400):
        chars = list(good)
        for _ in range(1 + rng.below(4)):
            i = rng.below(len(chars))
            chars[i] = alphabet[rng.below(len(alphabet))]
        text = "".join(chars)
        if text == good:
            continue
        before = saves.dumps(net.game)
        handled = net.send("c1", ["." + text])
        if handled.action is None:
            assert saves.dumps(net.game) == before
        else:  # a mutation that is still exactly the same request (e.g. in the spaces)
            assert handled.action == Action.parse("1 roll")
            break
    random_bytes = "".join(chr(rng.below(0x3000)) for _ in range(3000))
    refused(net, "c2", ["." + random_bytes], "peer.malformed")


def test_hello_needs_the_right_game_seat_and_secret() -> None:
    net = joined_network()
    secret = net.referee.open_seat(1)
    wrong = "B" * 22 if secret != "B" * 22 else "C" * 22
    refused(net, "c5", frames(encode(Hello(GID, 1, wrong))), "peer.bad_secret")
    refused(net, "c5", frames(encode(Hello(GID, 0, secret))), "peer.bad_secret")  # seat 0 is the host's
    refused(net, "c5", frames(encode(Hello("other", 1, secret))), "peer.wrong_game")
    refused(net, "c5", frames(encode(Hello(GID, 2, secret))), "peer.bad_secret")  # seat 1's secret for seat 2
    assert net.referee.connection(1) == "c1"


def test_hello_again_on_the_same_connection_resends_only_what_is_new() -> None:
    net = joined_network()
    guest = net.guests["c1"]
    mark = len(net.sent)
    net.send("c1", guest.hello())
    assert net.messages("c1", mark) == [Welcome(GID, 1)] and guest.joined
    net.game.apply("1 roll 2+2")
    mark = len(net.sent)
    net.send("c1", guest.hello())
    assert [type(m) for m in net.messages("c1", mark)] == [Welcome, Update]
    assert net.messages("c1", mark)[1].start > 0 and guest.view == net.game.view(1)
    net.send("c5", frames(encode(Hello(GID, 1, net.referee.open_seat(1)))))  # one page holding two invitations
    mark = len(net.sent)
    net.send("c5", frames(encode(Hello(GID, 2, net.referee.open_seat(2)))))
    assert [type(m) for m in net.messages("c5", mark)] == [Welcome, Update]
    assert net.messages("c5", mark)[1].start == 0 and net.referee.guest_seats() == {1: None, 2: "c5"}


def run(coroutine: Coroutine[Any, Any, int]) -> int:
    """Run ``coroutine`` to its end on an event loop of its own thread (this one's may be busy
    with the browser tests' Playwright)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@pytest.mark.parametrize("lost", [0, 1, HELLO_TRIES - 1])
def test_a_guest_says_hello_again_until_the_host_answers(lost: int) -> None:
    net = Network(Game(Options(players=3, board="beginner"), seed=9))
    guest = net.guests["c1"] = GuestState(GID, 1, net.referee.open_seat(1))
    said: list[list[str]] = []

    def send(parts: list[str]) -> bool:
        said.append(parts)
        if len(said) > lost:  # the first ``lost`` hellos vanish on the way
            net.send("c1", parts)
        return True

    assert run(greet(guest, send, seconds=0)) == lost + 1
    assert guest.joined and guest.view == net.game.view(1)
    assert [type(m) for m in net.messages("c1")] == [Welcome, Update]
    assert all(parts == said[0] for parts in said)


def test_a_guest_stops_saying_hello_when_refused_closed_or_unanswered() -> None:
    net = Network(Game(Options(players=3, board="beginner"), seed=9))
    net.referee.open_seat(1)
    guest = net.guests["c1"] = GuestState(GID, 1, "A" * 22)  # not the seat's secret
    assert run(greet(guest, lambda parts: net.send("c1", parts) is not None, seconds=0)) == 1
    assert guest.refusal is not None and guest.refusal.key == "peer.bad_secret" and not guest.joined
    said: list[list[str]] = []
    assert run(greet(guest, lambda parts: said.append(parts) is None, seconds=0, tries=3)) == 3  # no answer
    assert len(said) == 3 and guest.refusal is None
    assert run(greet(guest, lambda parts: len(said) < 4 and said.append(parts) is None, seconds=0)) == 1  # closed


def test_rejoin_with_the_secret_replaces_the_old_connection() -> None:
    net = joined_network()
    old = net.guests["c1"]
    net.send("c1", old.act(Action.parse("1 roll")))
    secret = net.referee.open_seat(1)
    assert secret == old.secret  # a new invitation for the seat carries the same secret
    mark = len(net.sent)
    net.join("c7", 1, secret)  # the guest reloaded and answered a new invitation
    assert net.messages("c1", mark) == [Closed("peer.replaced")] and "c1" in net.closed
    assert old.closed == "peer.replaced" and not old.joined
    new = net.guests["c7"]
    assert new.joined and new.view == net.game.view(1) and net.referee.connection(1) == "c7"
    assert [type(m) for m in net.messages("c7", mark)] == [Welcome, Update]
    refused(net, "c1", act_frames(len(net.game.history), "1 end"), "peer.not_joined")
    assert new.game is not None
    action = new.game.legal_actions()[0]
    handled = net.send("c7", new.act(action))
    assert handled.action == action and net.guests["c2"].view == net.game.view(2)


def test_a_closed_seat_refuses_its_old_secret() -> None:
    net = joined_network()
    old_secret = net.referee.open_seat(2)
    mark = len(net.sent)
    net.deliver(net.referee.close_seat(2))
    assert net.messages("c2", mark) == [Closed("peer.seat_closed")] and net.guests["c2"].closed == "peer.seat_closed"
    assert net.referee.guest_seats() == {1: "c1"}
    refused(net, "c8", frames(encode(Hello(GID, 2, old_secret))), "peer.bad_secret")
    new_secret = net.referee.open_seat(2)
    assert new_secret != old_secret
    net.join("c8", 2, new_secret)
    assert net.guests["c8"].joined


def test_pause_ping_and_the_host_leaving() -> None:
    net = joined_network()
    mark = len(net.sent)
    net.deliver(net.referee.pause(True))
    assert net.guests["c1"].paused and net.messages("c2", mark) == [Paused(True)]
    refused(net, "c1", act_frames(len(net.game.history), "1 roll"), "peer.paused")
    net.join("c9", 2)  # joining while paused says so
    assert net.guests["c9"].paused
    net.deliver(net.referee.pause(False))
    assert not net.guests["c1"].paused
    mark = len(net.sent)
    net.send("c1", frames(encode(Ping(42))))
    assert net.messages("c1", mark) == [Pong(42)]
    net.deliver(net.referee.close_all())
    assert all(guest.closed == "peer.host_left" for conn, guest in net.guests.items() if conn != "c2")
    assert net.referee.guest_seats() == {1: None, 2: None}


def test_going_back_in_the_game_replaces_the_guests_log() -> None:
    net = joined_network()
    mark = net.game.snapshot()
    net.send("c1", net.guests["c1"].act(Action.parse("1 roll")))
    net.game.apply(net.game.legal_actions()[0])
    net.deliver(net.referee.sync())
    net.game.restore(mark)  # the host undoes: the log gets shorter
    sent = len(net.sent)
    net.deliver(net.referee.sync())
    updates = [m for m in net.messages("c2", sent) if isinstance(m, Update)]
    assert [u.start for u in updates] == [0]
    assert net.guests["c2"].view == net.game.view(2)
    net.game.apply("1 roll 1+1")  # as many events as before, but other ones
    net.deliver(net.referee.sync())
    assert net.guests["c1"].view == net.game.view(1) and net.guests["c2"].view == net.game.view(2)
    assert net.referee.sync() == []  # nothing new


def test_a_guest_refuses_what_does_not_fit() -> None:
    update = sample_update()
    guest = GuestState(GID, 2, "A" * 22)
    with pytest.raises(PeerError):
        guest.receive(frames(encode(update))[0])  # an update before the welcome
    with pytest.raises(PeerError):
        guest.receive(frames(encode(Welcome(GID, 1)))[0])  # another seat
    with pytest.raises(PeerError):
        guest.receive(frames(encode(Welcome("other", 2)))[0])
    guest.receive(frames(encode(Welcome(GID, 2)))[0])
    guest.receive(frames(encode(update))[0])
    assert guest.view is not None and len(guest.log) == len(update.events)
    with pytest.raises(PeerError):  # events that do not follow on
        guest.receive(frames(encode(Update(1, len(guest.log) + 3, (), update.view)))[0])
    with pytest.raises(PeerError):
        guest.receive("." + encode(Act(0, "2 end")))  # a guest's message
    with pytest.raises(PeerError):
        guest.receive("not a frame")
    assert guest.view is not None and len(guest.log) == len(update.events)


# --- sizes ---------------------------------------------------------------------------------------


def test_message_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(Options(players=4), seed=5)
    rng = Rng(6)
    while game.winner < 0:
        actions = game.legal_actions()
        game.apply(actions[rng.below(len(actions))])
    net = Network(game)
    mark = len(net.sent)
    net.join("c1", 1)
    welcome = sum(len(text) for _, _, text in net.sent[mark:])
    frames_sent = sum(len(frames(text)) for _, _, text in net.sent[mark:])
    act = len(encode(Act(1234, "1 offer brick,brick,lumber>ore,ore,grain to all")))
    hello = len(encode(Hello(GID, 1, "A" * 22)))
    middle = Game(Options(players=4), seed=5)
    for action in game.history[: len(game.history) // 2]:
        middle.apply(action)
    before = len(middle.log)
    middle.apply(middle.legal_actions()[0])
    events = tuple(e.for_viewer(1) for e in middle.log[before:])
    step = Update(len(middle.history), before, events, middle.view(1, with_log=False))
    step_chars = len(encode(step))
    with capsys.disabled():
        print(
            f"\n  messages: hello {hello}, act {act}, incremental update {step_chars} characters;"
            f" joining a finished game of {len(game.history)} moves / {len(game.log)} events:"
            f" {welcome} characters in {frames_sent} frames"
        )
    assert hello < 200 and act < 200 and step_chars < 8_000
    assert frames_sent > welcome // FRAME_CHARS


# --- invitation links and answer codes ---------------------------------------------------------


def sdp(*lines: str) -> str:
    return "\r\n".join(lines) + "\r\n"


CHROMIUM_OFFER = sdp(  # headless Chromium 156, a data channel, ICE gathering complete
    "v=0", "o=- 8639654191236515500 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=extmap-allow-mixed",
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:788430984 1 udp 2113937151 ff29d130-7db3-4ed7-8c1f-012436e85575.local 52968 typ host generation 0"
    " network-cost 999",
    "a=candidate:697101368 1 udp 2113942271 b455b938-53cb-4b7b-a7d7-ecd0b0c48a1d.local 48192 typ host generation 0"
    " network-cost 999",
    "a=ice-ufrag:3v1z", "a=ice-pwd:+KkjPX4mTqJSdits7HRaNAU1", "a=ice-options:trickle",
    "a=fingerprint:sha-256 22:3C:22:8A:BD:69:CF:D5:3E:BA:6B:E9:39:8C:95:E5:DF:68:13:33:2A:29:36:21:0D:00:F8:C9:90:F1:16:9E",
    "a=setup:actpass", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
)
CHROMIUM_ANSWER = sdp(
    "v=0", "o=- 193956402738846307 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=extmap-allow-mixed",
    "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:3212983264 1 udp 2113937151 192.0.2.2 57988 typ host generation 0 network-cost 999",
    "a=candidate:1961163264 1 udp 2113942271 fd00::2 48508 typ host generation 0 network-cost 999",
    "a=ice-ufrag:WQ0u", "a=ice-pwd:8WBNl2az1OitV7Ben+2tCVBC", "a=ice-options:trickle",
    "a=fingerprint:sha-256 E8:FD:EA:15:58:DA:DC:C6:DA:D0:BC:78:B4:37:09:4A:84:33:33:9F:B7:72:2A:79:17:41:DB:E8:D0:54:3B:E9",
    "a=setup:active", "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
)
FIREFOX_STYLE_OFFER = sdp(  # the fingerprint at session level, upper-case transports, TCP and reflexive candidates
    "v=0", "o=mozilla...THIS_IS_SDPARTA-99.0 5358807433066329047 0 IN IP4 0.0.0.0", "s=-", "t=0 0",
    "a=fingerprint:sha-256 4B:1D:6F:0E:8C:3A:2B:9D:5E:7F:10:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66",
    "a=group:BUNDLE 0", "a=ice-options:trickle", "a=msid-semantic:WMS *",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    "a=candidate:0 1 UDP 2122252543 6b5f2b8c-6b0a-4f8e-9a6a-3c5d0b7a1e2f.local 54321 typ host",
    "a=candidate:0 2 UDP 2122252542 6b5f2b8c-6b0a-4f8e-9a6a-3c5d0b7a1e2f.local 54322 typ host",
    "a=candidate:1 1 TCP 2105524479 6b5f2b8c-6b0a-4f8e-9a6a-3c5d0b7a1e2f.local 9 typ host tcptype active",
    "a=candidate:2 1 UDP 1686052863 203.0.113.7 54321 typ srflx raddr 0.0.0.0 rport 0",
    "a=candidate:3 1 SSLTCP 1 203.0.113.7 443 typ relay",
    "a=sendrecv", "a=end-of-candidates", "a=ice-pwd:8e1b6a2f0c3d4e5f6a7b8c9d0e1f2a3b", "a=ice-ufrag:9a8b7c6d",
    "a=mid:0", "a=setup:actpass", "a=sctp-port:5000", "a=max-message-size:1073741823",
    "m=audio 9 UDP/TLS/RTP/SAVPF 109", "c=IN IP4 0.0.0.0", "a=candidate:9 1 UDP 1 198.51.100.1 1 typ host",
    "a=ice-ufrag:ffff", "a=mid:1",
)


def test_compact_descriptions_keep_what_a_data_channel_needs() -> None:
    offer = compact_sdp(CHROMIUM_OFFER)
    assert offer == {
        "ufrag": "3v1z", "pwd": "+KkjPX4mTqJSdits7HRaNAU1",
        "fingerprint": "sha-256 223C228ABD69CFD53EBA6BE9398C95E5DF6813332A2936210D00F8C990F1169E",
        "setup": "actpass", "mid": "0", "sctp_port": 5000,
        "candidates": [
            ["udp", 2113937151, "ff29d130-7db3-4ed7-8c1f-012436e85575.local", 52968, "host"],
            ["udp", 2113942271, "b455b938-53cb-4b7b-a7d7-ecd0b0c48a1d.local", 48192, "host"],
        ],
    }
    answer = compact_sdp(CHROMIUM_ANSWER)
    assert answer["setup"] == "active" and [c[2] for c in answer["candidates"]] == ["192.0.2.2", "fd00::2"]
    firefox = compact_sdp(FIREFOX_STYLE_OFFER)
    assert firefox["fingerprint"].startswith("sha-256 4B1D6F") and firefox["ufrag"] == "9a8b7c6d"
    assert firefox["candidates"] == [  # component 2, the unknown transport and the audio section are left out
        ["udp", 2122252543, "6b5f2b8c-6b0a-4f8e-9a6a-3c5d0b7a1e2f.local", 54321, "host"],
        ["tcp", 2105524479, "6b5f2b8c-6b0a-4f8e-9a6a-3c5d0b7a1e2f.local", 9, "host", "active"],
        ["udp", 1686052863, "203.0.113.7", 54321, "srflx", "0.0.0.0", 0],
    ]
    for compact, kind in ((offer, "offer"), (answer, "answer"), (firefox, "offer")):
        expanded = expand_sdp(compact, kind)
        assert compact_sdp(expanded) == compact
        assert expanded.endswith("\r\n") and "\n" not in expanded.replace("\r\n", "")
    assert "a=candidate:2 1 tcp 2105524479 6b5f2b8c-6b0a-4f8e-9a6a-3c5d0b7a1e2f.local 9 typ host tcptype active" in (
        expand_sdp(firefox, "offer")
    )


def test_descriptions_without_what_is_needed_are_refused() -> None:
    no_candidates = "".join(line + "\r\n" for line in CHROMIUM_OFFER.splitlines() if "candidate" not in line)
    with pytest.raises(PeerError) as info:
        compact_sdp(no_candidates)
    assert info.value.key == "peer.no_candidates"
    for missing in ("a=ice-ufrag", "a=fingerprint", "a=sctp-port", "a=setup"):
        text = "".join(line + "\r\n" for line in CHROMIUM_OFFER.splitlines() if not line.startswith(missing))
        with pytest.raises(PeerError) as info:
            compact_sdp(text)
        assert info.value.key == "peer.malformed", missing
    with pytest.raises(PeerError):
        compact_sdp("")


def bad_compacts() -> Iterator[tuple[str, dict[str, Any]]]:
    good = compact_sdp(CHROMIUM_OFFER)
    first = good["candidates"][0]
    for name, key, value in [
        ("a line in the user fragment", "ufrag", "3v1z\r\na=candidate:1 1 udp 1 6.6.6.6 1 typ host"),
        ("short password", "pwd", "short"),
        ("space in the password", "pwd", "+KkjPX4mTqJSdits7HRaNAU1 x"),
        ("unknown hash", "fingerprint", "md5 " + "AB" * 16),
        ("short fingerprint", "fingerprint", "sha-256 ABCD"),
        ("lower-case fingerprint", "fingerprint", "sha-256 " + "ab" * 32),
        ("an answer's role", "setup", "active"),
        ("odd media id", "mid", "0\r\nx"),
        ("port zero", "sctp_port", 0),
        ("no candidates", "candidates", []),
        ("too many candidates", "candidates", [first] * 17),
        ("a line in an address", "candidates", [["udp", 1, "1.2.3.4\r\na=x", 1, "host"]]),
        ("port out of range", "candidates", [["udp", 1, "1.2.3.4", 70000, "host"]]),
        ("unknown type", "candidates", [["udp", 1, "1.2.3.4", 1, "magic"]]),
        ("tcp without its type", "candidates", [["tcp", 1, "1.2.3.4", 9, "host"]]),
        ("half a related address", "candidates", [["udp", 1, "1.2.3.4", 1, "srflx", "0.0.0.0"]]),
        ("priority too big", "candidates", [["udp", 1 << 32, "1.2.3.4", 1, "host"]]),
        ("bool for port", "candidates", [["udp", 1, "1.2.3.4", True, "host"]]),
        ("extra field", "extra", 1),
    ]:
        yield name, {**good, key: value}


@pytest.mark.parametrize(("name", "compact"), list(bad_compacts()), ids=[name for name, _ in bad_compacts()])
def test_bad_compact_descriptions_are_refused(name: str, compact: dict[str, Any]) -> None:
    with pytest.raises(PeerError):
        check_sdp(compact, "offer")
    with pytest.raises(PeerError):
        expand_sdp(compact, "offer")
    with pytest.raises(PeerError):
        decode_invitation(codes._encode({"t": "i", "game": GID, "seat": 1, "secret": "A" * 22, "sdp": compact}))


SECRET = "Qx3_Lk9-aZbPqR7tUvWxYz"


def test_invitations_and_answers_round_trip() -> None:
    invitation = Invitation(GID, 2, SECRET, compact_sdp(CHROMIUM_OFFER))
    code = encode_invitation(invitation)
    link = invitation_link("https://example.org/catan/index.html#old", code)
    assert link == "https://example.org/catan/index.html#join=" + code
    assert decode_invitation(link) == invitation == decode_invitation(code)
    wrapped = " ".join(code[i:i + 40] for i in range(0, len(code), 40)) + "\n"  # as a chat app may break it
    assert decode_invitation(wrapped) == invitation
    answer = Answer(GID, 2, invitation.sdp["ufrag"], compact_sdp(CHROMIUM_ANSWER))
    assert decode_answer(encode_answer(answer)) == answer
    assert code_of(link) == code
    with pytest.raises(PeerError) as info:
        decode_invitation(encode_answer(answer))
    assert info.value.key == "peer.not_an_invitation"
    with pytest.raises(PeerError) as info:
        decode_answer(code)
    assert info.value.key == "peer.not_an_answer"
    with pytest.raises(PeerError):  # an offer cannot be sent as an answer, nor the reverse
        encode_answer(Answer(GID, 2, "3v1z", invitation.sdp))
    with pytest.raises(PeerError):
        encode_invitation(Invitation(GID, 2, SECRET, answer.sdp))


def raw_code(data: bytes, check: bool = True) -> str:
    """``data`` packed like a code's JSON (with its check bytes, unless not ``check``)."""
    packer = zlib.compressobj(level=9, wbits=codes.RAW_DEFLATE, zdict=codes.ZDICT)
    packed = packer.compress(data) + packer.flush() + (codes._check(data) if check else b"")
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_tampered_codes_are_refused() -> None:
    good = {"t": "i", "game": GID, "seat": 2, "secret": SECRET, "sdp": compact_sdp(CHROMIUM_OFFER)}
    code = codes._encode(good)
    cases: list[tuple[str, Any, str]] = [
        ("not text", None, "peer.code_invalid"),
        ("empty", "", "peer.code_invalid"),
        ("not base64url", code[:-2] + "+/", "peer.code_invalid"),
        ("impossible length", code + "A", "peer.code_invalid"),
        ("cut short", code[: len(code) // 2], "peer.code_invalid"),
        ("huge", "A" * (codes.MAX_CODE_CHARS + 1), "peer.code_invalid"),
        ("a bomb", raw_code(b" " * 10**6), "peer.code_invalid"),
        ("trailing data", raw_code(json.dumps({"v": 1, **good}).encode()) + "AAAA", "peer.code_invalid"),
        ("no check bytes", raw_code(json.dumps({"v": 1, **good}).encode(), check=False), "peer.code_invalid"),
        ("not JSON", raw_code(b"hello"), "peer.code_invalid"),
        ("not an object", raw_code(b"[1]"), "peer.code_invalid"),
        ("not ASCII", raw_code('{"v":1,"t":"i","game":"ü"}'.encode()), "peer.code_invalid"),
        ("another version", codes._encode({**good, "v": 2}), "peer.version"),
        ("a bool version", raw_code(json.dumps({**good, "v": True}).encode()), "peer.code_invalid"),
        ("a bool seat", codes._encode({**good, "seat": True}), "peer.code_invalid"),
        ("seat out of range", codes._encode({**good, "seat": 4}), "peer.code_invalid"),
        ("odd game id", codes._encode({**good, "game": "a b"}), "peer.code_invalid"),
        ("short secret", codes._encode({**good, "secret": "abc"}), "peer.code_invalid"),
        ("extra field", codes._encode({**good, "admin": True}), "peer.code_invalid"),
        ("no description", codes._encode({k: v for k, v in good.items() if k != "sdp"}), "peer.code_invalid"),
        ("deep", raw_code(b"[" * 100 + b"]" * 100), "peer.code_invalid"),
    ]
    for name, text, key in cases:
        with pytest.raises(PeerError) as info:
            decode_invitation(text)
        assert info.value.key == key, name
    invitation = decode_invitation(code)
    for i in range(len(code)):  # every character replaced: refused (or, in the last one's spare bits, the same)
        for c in "A_":
            if code[i] != c:
                try:
                    assert decode_invitation(code[:i] + c + code[i + 1:]) == invitation
                except PeerError:
                    pass


CANDIDATE_PRIORITIES = (2113937151, 2113942271, 2113939711, 2113932031)
PAGE_URL = "https://friends.github.io/catan/"
MAX_LINK_CHARS = 600
"""The aim: a link with a few host candidates fits a QR code of level M that phones read easily."""


def mdns_candidates(count: int, rng: Rng) -> list[list[Any]]:
    """Host candidates as Chromium writes them (an mDNS name per address)."""
    out = []
    for i in range(count):
        digits = "".join("0123456789abcdef"[rng.below(16)] for _ in range(32))
        name = f"{digits[:8]}-{digits[8:12]}-4{digits[13:16]}-a{digits[17:20]}-{digits[20:]}.local"
        out.append(["udp", CANDIDATE_PRIORITIES[i % 4], name, 30000 + rng.below(30000), "host"])
    return out


def test_code_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    rng = Rng(8)
    lines = []
    for count in (1, 2, 3, 4, 6, 8):
        offer = {**compact_sdp(CHROMIUM_OFFER), "candidates": mdns_candidates(count, rng)}
        answer = {**compact_sdp(CHROMIUM_ANSWER), "candidates": mdns_candidates(count, rng)}
        link = invitation_link(PAGE_URL, encode_invitation(Invitation(GID, 3, SECRET, offer)))
        answer_code = encode_answer(Answer(GID, 3, offer["ufrag"], answer))
        link_qr, answer_qr = qr.encode(link, "M"), qr.encode(answer_code, "M")
        lines.append(
            f"{count} candidates: link {len(link)} characters (QR version {link_qr.version}), "
            f"answer {len(answer_code)} (QR version {answer_qr.version}); "
            f"browser offer {len(expand_sdp(offer, 'offer'))} characters of SDP"
        )
        if count <= 4:
            assert len(link) < MAX_LINK_CHARS and len(answer_code) < len(link)
    with capsys.disabled():
        print("\n  " + "\n  ".join(lines))


def test_a_guest_joining_a_game_without_moves_or_events_gets_its_view() -> None:
    from catan_core.scenarios import load_scenario

    game = load_scenario({"format": "catan-scenario", "players": [{"settlements": [12], "roads": [11]}, {}],
                          "phase": "main", "current": 0})
    assert not game.history and not game.log
    referee = HostReferee(game, GID)
    guest = GuestState(GID, 1, referee.open_seat(1))
    for frame in guest.hello():
        for out in referee.receive("c1", frame).outgoing:
            for reply in out.frames():
                guest.receive(reply)
    assert guest.view == game.view(1)
