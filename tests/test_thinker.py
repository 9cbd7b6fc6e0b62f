"""The messages between the game page and its computer players' Web Worker, and the worker's
side (:mod:`catan_web.thinker`): round trips, refusals of bad messages, the worker playing the
very moves the page's own players would, from the seat's view only, and stale answers."""

from __future__ import annotations

import json
from typing import Any

import pytest
from catan_web.session import Session
from catan_web.thinker import (
    MAX_ERROR_CHARS,
    NO_ID,
    Answer,
    Request,
    Started,
    Thinker,
    decode_from_worker,
    fresh,
    replay,
    request_for,
)

from catan_core.actions import Action
from catan_core.bots import BOTS, conclude
from catan_core.errors import FormatError
from catan_core.game import Game, Options, Seat
from catan_core.saves import dumps
from catan_core.views import View

COLORS = ("#d7263d", "#1b65c4", "#f29e1f", "#2a9d8f")


def session_of(*kinds: str, seed: int = 11, gid: str = "g1") -> Session:
    """A new game on the page with seats of ``kinds`` (a computer level or "human")."""
    seats = tuple(Seat(f"P{i}", COLORS[i], kind) for i, kind in enumerate(kinds))
    return Session(Game(Options(players=len(kinds)), seed=seed, seats=seats), gid)


REQUEST = Request(id=3, gid="g1", save='{"a":1}', seat=1, level="strong", seed=89, moves=17, offers=False, budget=0.5)


@pytest.mark.parametrize(
    "message",
    [
        REQUEST,
        REQUEST._replace(budget=None, offers=True),
        Answer(3, "1 end"),
        Answer(NO_ID, None, "refused"),
        Started(),
        Started("no WebAssembly"),
    ],
)
def test_every_message_round_trips(message: Request | Answer | Started) -> None:
    text = message.encode()
    assert type(message).decode(text) == message
    if not isinstance(message, Request):
        assert decode_from_worker(text) == message
    assert json.loads(text)  # plain JSON text


def changed(message: Request | Answer | Started, **fields: Any) -> str:
    """The JSON text of ``message`` with ``fields`` changed (a field set to ... is removed)."""
    data = json.loads(message.encode())
    for key, value in fields.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


BAD_REQUESTS = [
    changed(REQUEST, id="3"),
    changed(REQUEST, id=-1),
    changed(REQUEST, id=1 << 31),
    changed(REQUEST, seat=4),
    changed(REQUEST, seat=True),
    changed(REQUEST, offers=1),
    changed(REQUEST, budget=0),
    changed(REQUEST, budget=1e4),
    changed(REQUEST, budget="1"),
    changed(REQUEST, save={"a": 1}),
    changed(REQUEST, level=None),
    changed(REQUEST, gid="g" * 101),
    changed(REQUEST, moves=...),
    changed(REQUEST, extra=1),
    "[]",
    "",
    "{",
    "null",
    '{"id": NaN}',
    "[" * 50 + "]" * 50,
    "x" * 6_000_000,
]


@pytest.mark.parametrize("text", BAD_REQUESTS)
def test_a_bad_request_is_refused_and_answered_so(text: str) -> None:
    with pytest.raises(FormatError):
        Request.decode(text)
    answer = Answer.decode(Thinker().answer(text))
    assert answer.id == NO_ID and answer.action is None and answer.error.startswith("refused")


@pytest.mark.parametrize(
    "text",
    [
        changed(Answer(3, "1 end"), action="1 fly"),
        changed(Answer(3, "1 end"), action=5),
        changed(Answer(3, "1 end"), error="and an error"),
        changed(Answer(3, None, "why"), error=""),
        changed(Answer(3, "1 end"), id=-2),
        changed(Answer(3, "1 end"), error=...),
        changed(Answer(3, None, "why"), error="x" * (MAX_ERROR_CHARS + 1)),
        changed(Started(), started=False),
        changed(Started("why"), started=True),
        changed(Started(), started="yes"),
        '{"id":3,"action":{"x":1},"error":""}',
        '"1 end"',
        "42",
        "{}",
    ],
)
def test_a_bad_message_of_the_worker_is_refused(text: str) -> None:
    with pytest.raises(FormatError):
        decode_from_worker(text)


def play_on_the_page(session: Session, moves: int) -> list[Action]:
    """The page's own way: each computer decision thought out on the page's thread."""
    while len(session.game.history) < moves and session.bot_to_act:
        session.apply(conclude(session.bot_thinking()))
    return list(session.game.history)


def play_through_the_worker(
    session: Session, thinker: Thinker, moves: int, quiet: list[Request] | None = None
) -> list[Action]:
    """The worker's way, as the page asks it (catan_web.browser.game.GamePage.think_in_worker):
    requests as JSON text, answers read back, asked again without offers for an offer kept
    from people (those requests are added to ``quiet``), the page's checks last."""
    ident = 0
    while len(session.game.history) < moves and session.bot_to_act:
        action = None
        for offers in (True, False):
            ident += 1
            request = request_for(session, ident, offers)
            if not offers and quiet is not None:
                quiet.append(request)
            answer = Answer.decode(thinker.answer(Request.decode(request.encode()).encode()))
            assert answer.id == ident and answer.error == "", answer
            action = answer.parsed()
            if not session.kept_quiet(action):
                break
        session.apply(session.bot_choice(action))
    return list(session.game.history)


@pytest.mark.parametrize(
    "kinds", [("beginner", "standard", "standard", "beginner"), ("standard", "random", "standard")]
)
def test_the_worker_plays_the_moves_the_page_would(kinds: tuple[str, ...]) -> None:
    """The same seats' players, fed the same views, choose the same moves in the worker as
    on the page (their state is kept between requests, as the page keeps its players)."""
    moves = 160
    assert play_through_the_worker(session_of(*kinds), Thinker(), moves) == play_on_the_page(session_of(*kinds), moves)


def test_the_worker_keeps_offers_quiet_as_the_page_does() -> None:
    """An offer the page keeps from its person (one they could not accept, a second one in a
    turn): the page asks the worker again without offers, and the game goes exactly as on
    the page."""
    kinds = ("human", "standard", "standard", "standard")
    on_page, in_worker = session_of(*kinds, seed=4), session_of(*kinds, seed=4)
    thinker, quiet = Thinker(), []
    for _ in range(60):  # the person plays the first legal move, the computers theirs
        for session in (on_page, in_worker):
            if not session.bot_to_act and session.actor >= 0:
                session.play(session.game.legal_actions()[0])
        play_on_the_page(on_page, 10_000)
        play_through_the_worker(in_worker, thinker, 10_000, quiet)
        assert in_worker.game.history == on_page.game.history
    assert len(on_page.game.history) > 150 and quiet, (len(on_page.game.history), len(quiet))


def test_the_player_in_the_worker_sees_only_its_seats_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[View] = []

    class Spy:
        level = "spy"

        def __init__(self, seed: int | str = 0, **settings: Any) -> None:
            pass

        def decide(self, view: View) -> Action:
            return conclude(self.think(view))

        def think(self, view: View) -> Any:
            seen.append(view)
            yield
            return view.legal[0]

    monkeypatch.setitem(BOTS, "spy", Spy)
    session = session_of("standard", "standard", "standard")
    play_on_the_page(session, 30)
    seat = session.actor
    request = request_for(session, 1)._replace(level="spy")
    assert Answer.decode(Thinker().answer(request.encode())).parsed() == session.game.legal_actions()[0]
    expected = session.game.view(seat)
    assert [type(view) for view in seen] == [View] and seen[0].viewer == seat
    assert seen[0] == expected


def test_requests_that_do_not_match_their_game_are_answered_with_why() -> None:
    session = session_of("standard", "standard", "standard")
    play_on_the_page(session, 12)
    request = request_for(session, 9)
    thinker = Thinker()
    for wrong in (
        request._replace(moves=11),
        request._replace(seat=(request.seat + 1) % 3),
        request._replace(level="grandmaster"),
        request._replace(save='{"format":"catan-save"}'),
    ):
        answer = Answer.decode(thinker.answer(wrong.encode()))
        assert answer.id == 9 and answer.action is None and answer.error, wrong
    assert Answer.decode(thinker.answer(request.encode())).action is not None


def test_the_save_replays_to_the_game_on_the_page() -> None:
    session = session_of("standard", "beginner", "standard", "standard")
    play_on_the_page(session, 120)
    assert dumps(replay(session.save_text())) == dumps(session.game)


def step(session: Session) -> None:
    """One move: the computer player's, or the person's first legal one (taken back-able)."""
    if session.bot_to_act:
        session.apply(conclude(session.bot_thinking()))
    else:
        session.play(session.game.legal_actions()[0])


def test_an_answer_is_stale_once_the_game_moved_on_or_was_taken_back() -> None:
    """The page applies an answer only to the game and position it asked about: a take-back,
    a move made meanwhile or another game make it stale."""
    session = session_of("human", "standard", "standard", seed=8)
    while not session.bot_to_act or len(session.game.history) < 6:
        step(session)
    request = request_for(session, 1)
    answer = Answer.decode(Thinker().answer(request.encode()))
    assert fresh(request, session.gid, len(session.game.history))
    session.apply(session.bot_choice(answer.parsed()))
    assert not fresh(request, session.gid, len(session.game.history))  # moved on
    while not (session.bot_to_act and session.undo_seat is not None):  # a computer to act after the person
        step(session)
    request = request_for(session, 2)
    assert fresh(request, session.gid, len(session.game.history))
    session.undo()
    assert not fresh(request, session.gid, len(session.game.history))  # taken back
    assert not fresh(request_for(session, 3), "another game", len(session.game.history))
