"""Network play without a server: views as JSON, the message protocol, the host's referee,
the guest's state and the invitation / answer codes (web/catan_web/peer)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from catan_core import saves
from catan_core.actions import Action
from catan_core.errors import FormatError
from catan_core.events import Event
from catan_core.game import Game, Options
from catan_core.jsonread import parse
from catan_core.rng import Rng
from catan_core.state import PHASES
from catan_core.views import View
from catan_web.peer.guest import GuestState
from catan_web.peer.protocol import (
    FRAME_CHARS, MAX_GUEST_MESSAGE_CHARS, Act, Closed, Hello, Outgoing, Paused, PeerError, Ping, Pong, Reassembler,
    Refused, Update, Welcome, decode_from_guest, decode_from_host, encode, frames,
)
from catan_web.peer.referee import Handled, HostReferee

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
    assert handled.action is None and handled.events == []
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
    step = Update(len(middle.history), before, tuple(e.for_viewer(1) for e in middle.log[before:]), middle.view(1, False))
    step_chars = len(encode(step))
    with capsys.disabled():
        print(
            f"\n  messages: hello {hello}, act {act}, incremental update {step_chars} characters;"
            f" joining a finished game of {len(game.history)} moves / {len(game.log)} events:"
            f" {welcome} characters in {frames_sent} frames"
        )
    assert hello < 200 and act < 200 and step_chars < 8_000
    assert frames_sent > welcome // FRAME_CHARS
