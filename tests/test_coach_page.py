"""The coach on the pages, driven through their commands in CPython (web/catan_web/game/coach.py,
web/catan_web/replay/coach.py, web/catan_web/review.py): hints in the set-up, the main phase
and on a 7 give a legal action's marks and sentence, stale hints are dropped, hints refused in a
hot-seat game without the option, the option saved and read back and sent to guests, chances
adding up to 100 and depending only on the view, the review's drops linking to replay steps
that exist, "Play on from here" starting the position play_on makes, and the card tracker
showing what card_tracker says."""

from __future__ import annotations

import re
from html import unescape

import pytest
from catan_web.effects import Announce, Go
from catan_web.game.coach import percents
from catan_web.game.screen import WINNER_SECONDS
from catan_web.peer.protocol import Welcome, decode_from_host, encode
from catan_web.pondering import Ponder, Pondered
from catan_web.replay.controller import ReplayController
from catan_web.session import Session
from catan_web.store import MemoryStorage, SaveMeta, SaveStore
from page_driver import PageDriver
from test_bots import hide_differently

from catan_core import coach
from catan_core.bots import make_bot
from catan_core.game import Game, Options, Seat
from catan_core.replay import Replay
from catan_core.rng import Rng
from catan_core.saves import dumps
from catan_core.scenarios import load_scenario

PERSON_AND_COMPUTERS = (Seat("Ana", "#d21c26"), Seat("Ben", "#1147d6", "standard"), Seat("Cy", "#f29e1f", "standard"))
PEOPLE = (Seat("Ana", "#d21c26"), Seat("Ben", "#1147d6"), Seat("Cy", "#f29e1f"))
MARKED = re.compile(r'class="marked" data-at="([neh]\d+)"')


def drive(game: Game, until, seed: int = 1, limit: int = 3000) -> Game:
    """Play ``game`` with random players until ``until(game)`` holds."""
    bots = [make_bot("random", seed=seed + q) for q in range(len(game.seats))]
    while not until(game):
        assert game.phase != "over" and len(game.history) < limit, "the position never came"
        game.apply(bots[game.to_act].decide(game.view(game.to_act)))
    return game


def at_main(game: Game) -> bool:
    return game.phase == "main" and game.to_act == 0


def at_robber(game: Game) -> bool:
    if game.phase == "robber" and game.to_act == 0:
        return True
    if game.phase == "roll" and game.to_act == 0 and game.turn > 4:  # a 7 for seat 0
        game.apply("0 roll 3+4")
    return False


def page_at(game: Game) -> PageDriver:
    page = PageDriver(bots=False)
    page.open(game)
    return page


def hint_shown(page: PageDriver) -> coach.Hint:
    """Ask for a hint, let it be worked out, and check what the page shows: the sentence in
    the panel and read out, the marks on the board."""
    page.run("hint")
    assert page.state.coach.thinking and "hint-thinking" in page.html("coach-wrap")
    assert [e.job for e in page.effects if isinstance(e, Ponder)] == ["hint"]
    page.ponder()
    advice = page.state.coach.hint
    assert advice is not None and not page.state.coach.thinking
    sentence = advice.text(page.game.board, "en", [s.name for s in page.game.seats])
    assert unescape(re.search(r'<p id="hint-text">([^<]*)</p>', page.html("coach-wrap")).group(1)) == sentence
    assert Announce((sentence,)) in page.effects
    assert set(MARKED.findall(page.html("board"))) == set(advice.marks)
    return advice


@pytest.mark.parametrize(
    "name, until",
    [
        ("setup", lambda game: True),
        ("main", lambda g: at_main(g) and coach.hint(g.view(0)).marks),
        ("robber", at_robber),
    ],
)
def test_a_hint_gives_a_legal_actions_marks_and_sentence(name: str, until) -> None:
    game = drive(Game(Options(players=3), 11, PERSON_AND_COMPUTERS), until)
    page = page_at(game)
    advice = hint_shown(page)
    assert page.game.is_legal(advice.action)
    assert advice == coach.hint(game.view(0), 0), "the page asks from the person's view"
    assert advice.marks, "a spot to build on or to move the robber to"
    if name == "robber":
        assert advice.action.kind == "robber"
    page.run("hint")  # again while it shows: nothing new
    assert page.pondering == [] and page.state.coach.hint is advice
    page.run("hint_close")
    assert page.state.coach.hint is None and "hint-text" not in page.html("coach-wrap")
    assert MARKED.findall(page.html("board")) == list(page.session.last_marks())
    page.run("hint")
    page.ponder()
    page.run("escape")  # Escape closes it too
    assert page.state.coach.hint is None


def test_a_stale_hint_is_dropped() -> None:
    game = drive(Game(Options(players=3), 12, PERSON_AND_COMPUTERS), at_main)
    page = page_at(game)
    page.run("hint")
    page.run("hint")  # pressed again while it thinks: still one job
    assert len(page.pondering) == 1 and page.page.jobs.work(page.pondering[0]) is not None
    move = next(a for a in game.legal_actions() if a.kind == "end")
    late = coach.hint(game.view(0))
    waiting = page.pondering[0]
    page.call(lambda table: table.act(move))  # the position changes under the thinking
    assert not page.state.coach.thinking and page.page.jobs.work(waiting) is None
    page.ponder()
    assert page.state.coach.hint is None and "hint-text" not in page.html("coach-wrap")
    page.perform(page.page.dispatch("pondered", Pondered("hint", waiting.ticket, late)))  # arriving late: ignored
    assert page.state.coach.hint is None


def test_a_shown_hint_goes_when_the_position_changes() -> None:
    game = drive(Game(Options(players=3), 13, PERSON_AND_COMPUTERS), at_main)
    page = page_at(game)
    hint_shown(page)
    page.call(lambda table: table.act(next(a for a in game.legal_actions() if a.kind == "end")))
    assert page.state.coach.hint is None and "hint-text" not in page.html("coach-wrap")


def test_hints_are_refused_in_a_hot_seat_game_without_the_option() -> None:
    page = PageDriver(bots=False)
    page.open(Game(Options(players=3), 3, PEOPLE))
    page.run("hint")
    assert page.pondering == [] and page.state.coach.hint is None
    said = "Hints were not allowed when this game was set up."
    assert said in page.html("notice") and said in page.html("coach-wrap")
    assert 'id="hint-open" data-cmd="hint" aria-disabled="true"' in page.html("coach-wrap")
    allowed = PageDriver(bots=False)
    friends = Session(Game(Options(players=3), 3, PEOPLE), "g1", "Friends", hints=True)
    allowed.call(lambda table: table.open_session(friends, new=True))
    hint_shown(allowed)


def test_a_hint_waits_for_the_persons_move() -> None:
    game = drive(Game(Options(players=3), 14, PERSON_AND_COMPUTERS), lambda g: g.phase == "main" and g.to_act == 1)
    page = page_at(game)
    page.run("hint")
    assert page.pondering == [] and "your own move" in page.html("notice")


def test_the_option_is_saved_with_the_game_and_read_back() -> None:
    page = PageDriver(bots=False)
    kinds = {f"seat-kind-{i}": "human" for i in range(4)}
    page.run("form", {**kinds, "players": "3", "hints": "on"})
    assert 'id="hints" type="checkbox" checked' in page.html("home")
    page.run("start")
    gid = page.session.gid
    assert page.session.hints and page.page.store.meta(gid).hints
    again = PageDriver(storage=page.storage, bots=False)
    again.run("continue", gid)
    assert again.session.hints
    again.run("hint")
    assert again.pondering, "allowed after reading the game back"
    page.run("home")
    page.run("form", {**kinds, "players": "3", "hints": ""})
    page.run("start")
    assert not page.session.hints and not page.page.store.meta(page.session.gid).hints


@pytest.mark.parametrize("allowed", [True, False])
def test_the_hosts_choice_travels_to_guests(allowed: bool) -> None:
    from test_peer import Network

    net = Network(drive(Game(Options(players=3), 5, PEOPLE), lambda g: g.phase == "main" and g.to_act == 1))
    net.referee.hints = allowed
    net.join("c1", 1)
    guest = net.guests["c1"]
    assert guest.joined and guest.hints is allowed
    page = PageDriver(bots=False)  # the guest's page, as browser/network.py opens it
    session = Session(guest.game, "g1", "Friends", hints=guest.hints)
    session.holds_game = False
    session.set_remote(q for q in range(3) if q != 1)
    page.call(lambda table: table.open_session(session))
    assert session.my_move
    page.run("hint")
    assert bool(page.pondering) is allowed
    assert ("Hints were not allowed" in page.html("coach-wrap")) is not allowed
    if allowed:  # from the guest's own view
        page.ponder()
        advice = page.state.coach.hint
        assert advice == coach.hint(guest.view, 0) == coach.hint(net.game.view(1), 0)
        assert net.game.is_legal(advice.action)


def test_the_welcome_says_hints_only_when_allowed() -> None:
    assert decode_from_host(encode(Welcome("g1", 2, True))) == Welcome("g1", 2, True)
    assert decode_from_host(encode(Welcome("g1", 2))) == Welcome("g1", 2, False)
    assert '"hints"' not in encode(Welcome("g1", 2)), "a host not allowing hints speaks to earlier guests as before"


def test_chances_add_up_to_100_and_depend_only_on_the_view() -> None:
    game = drive(Game(Options(players=4), 15, (*PERSON_AND_COMPUTERS, Seat("Di", "#2e8540", "standard"))), at_main)
    twin = hide_differently(game, 0, Rng.from_seed(3))
    shown = []
    for position in (game, twin):
        page = page_at(position)
        page.run("chances")
        html = page.html("coach-wrap")
        figures = [int(x) for x in re.findall(r'<span class="share" aria-hidden="true">(\d+)%</span>', html)]
        words = re.findall(r'<span class="visually-hidden">[^<]*: (\d+) percent</span>', page.html("coach-wrap"))
        assert sum(figures) == 100 and [int(w) for w in words] == figures
        assert figures == percents(coach.chances(position.view(0)))
        shown.append(figures)
    assert twin.to_json() != game.to_json() and shown[0] == shown[1]
    page.run("chances")
    assert 'id="chances"' not in page.html("coach-wrap")


def finished(seed: int = 21) -> Game:
    return drive(Game(Options(players=3, board="beginner"), seed, PERSON_AND_COMPUTERS), lambda g: g.phase == "over")


def test_the_review_on_the_winner_screen_links_to_replay_steps_and_plays_on() -> None:
    game = finished()
    page = page_at(game)
    assert 'id="review"' in page.html("overlay")
    page.run("review", {"review-seat": "0"})
    assert 'id="review-progress"' in page.html("overlay")
    page.ponder()
    result = page.state.coach.review
    assert result is not None and result.seat == 0 and result.drops
    html = page.html("overlay")
    assert 'class="chart review-chart"' in html and html.count('<li class="drop"') == len(result.drops)
    links = [int(step) for step in re.findall(r'href="replay\.html\?game=[^&"]+&amp;step=(\d+)"', html)]
    assert links == [drop.step for drop in result.drops]
    replayed = ReplayController(page.storage, languages=["en"])
    for step in links:
        replayed.dispatch("open_address", {"search": f"?game={page.session.gid}&step={step}", "hash": ""})
        assert replayed.replay is not None and replayed.replay.step == step <= len(game.history)
    step = links[0]
    page.run("play_on", str(step))
    expected = load_scenario(coach.play_on(Replay(game), step))
    assert page.game.to_json() == expected.to_json() and page.session.name.endswith(f"from step {step}")


def test_the_review_in_the_replay_viewer() -> None:
    game = finished(22)
    storage = MemoryStorage()
    SaveStore(storage).put("g9", dumps(game), SaveMeta("g9", "Nine", 1.0, tuple(s.name for s in game.seats)))
    viewer = ReplayController(storage, languages=["en"], now=lambda: 5000.0)
    viewer.dispatch("open_address", {"search": "?game=g9&step=3", "hash": ""})
    viewer.draw()
    effects = viewer.dispatch("review", {"review-seat": "1"})
    (ponder,) = [e for e in effects if isinstance(e, Ponder)]
    viewer.dispatch("pondered", Pondered("review", ponder.ticket, viewer.jobs.work(ponder).result()))
    viewer.draw()
    result = viewer.state.review
    assert result == coach.review(game, 1)
    html = str(viewer.patcher.drawn["review-box"])
    links = [int(s) for s in re.findall(r'href="replay\.html\?game=g9&amp;step=(\d+)"', html)]
    assert links == [d.step for d in result.drops]
    step = result.drops[0].step
    effects = viewer.dispatch("play_on", str(step))
    (go,) = [e for e in effects if isinstance(e, Go)]
    gid = go.url.split("game=")[1]
    page = PageDriver(storage=storage, bots=False)
    page.run("continue", gid)
    assert page.game.to_json() == load_scenario(coach.play_on(Replay(game), step)).to_json()


def test_the_card_tracker_is_off_by_default_and_shows_what_card_tracker_says() -> None:
    def told(g: Game) -> bool:
        known = coach.card_tracker(g.view(0))[1:]
        return at_main(g) and any(k.unknown for k in known) and any(any(k.known) for k in known)

    game = drive(Game(Options(players=3), 16, PERSON_AND_COMPUTERS), told)
    page = page_at(game)
    assert 'class="tracker"' not in page.html("strip-seats")
    assert 'id="tracker" data-cmd="tracker" aria-pressed="false"' in page.html("bar")
    page.run("tracker")
    html = page.html("strip-seats")
    known = coach.card_tracker(game.view(0))
    lines = {int(seat): rest for seat, rest in re.findall(r'<li class="[^"]*" data-seat="(\d)"(.*?)</li>', html)}
    assert 'class="tracker"' not in lines[0], "nothing beside the person's own seat"
    text = page.session.text
    for k in known[1:]:
        line = re.search(r'<span class="tracker" data-unknown="(\d+)"[^>]*>([^<]*)</span>', lines[k.seat])
        assert line is not None and int(line.group(1)) == k.unknown
        words = unescape(line.group(2))
        assert (text("ui.coach.tracker_known", cards=k.known) in words) == any(k.known)
        assert (text("ui.coach.tracker_unknown", count=k.unknown) in words) == (k.unknown > 0)
        for r, count in enumerate(k.known):
            assert count <= game.players[k.seat].hand[r], "never a card the opponent does not hold"
    assert sum(k.unknown for k in known) > 0 and sum(sum(k.known) for k in known[1:]) > 0, "a position that tells both"
    again = PageDriver(storage=page.storage, bots=False)
    assert again.state.coach.tracker, "remembered"


def test_hints_are_counted_per_game_and_the_count_is_saved() -> None:
    game = drive(Game(Options(players=3, vp_target=4), 17, PERSON_AND_COMPUTERS), at_main)
    page = page_at(game)
    hint_shown(page)
    page.run("hint")  # the same hint again: not counted
    assert page.session.hints_shown == 1 and page.page.store.meta(page.session.gid).hints_shown == 1
    again = PageDriver(storage=page.storage, bots=False)
    again.run("continue", page.session.gid)
    assert again.session.hints_shown == 1
    assert "hints-shown" not in page.html("overlay")
    page.session.game.apply(next(a for a in game.legal_actions() if a.kind == "end"))
    drive(page.session.game, lambda g: g.phase == "over")
    page.call(lambda table: table.changed())
    page.wait(WINNER_SECONDS)  # the board shows the winning move first
    assert "The coach gave 1 hint in this game." in page.html("overlay")
