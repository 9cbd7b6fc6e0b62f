"""The replay viewer driven through its commands in CPython (web/catan_web/replay): a game
stepped forward to its end and back to its start with the board and the hands equal to the
engine's position for each prefix of its history, whose eyes the hands are seen through, the
turn slider and the step's number, the address following the step, every way to open a game,
and the author mode's study as catan_core.study reads it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from authoring_driver import Driver, afresh, board_of_game, played
from catan_web.editor.start import ChosenFile
from catan_web.effects import Address
from catan_web.example import read_params, read_shown
from catan_web.replay.controller import ReplayController
from catan_web.store import MemoryStorage, SaveMeta, SaveStore

from catan_core import share, study as studies
from catan_core.game import Game
from catan_core.saves import dumps
from catan_core.study import StudyPlayer

BASE = "https://example.org/catan/"


def viewer(storage: MemoryStorage | None = None, lang: str = "en") -> Driver:
    return Driver(ReplayController(storage or MemoryStorage(), languages=[lang]), BASE)


def saved(*games: tuple[str, Game]) -> MemoryStorage:
    storage = MemoryStorage()
    for gid, game in games:
        SaveStore(storage).put(gid, dumps(game), SaveMeta(gid, f"Game {gid}", 1.0, tuple(s.name for s in game.seats)))
    return storage


def board_of(html: str) -> dict[str, Any]:
    """The board as the page drew it: buildings and roads by spot, and the robber."""
    pieces = re.findall(r'<g class="(settlement|city|road)" data-seat="(\d)" data-at="([ne]\d+)"', html)
    robber = re.search(r'<g class="robber" data-at="h(\d+)"', html)
    return {"pieces": sorted(pieces), "robber": int(robber.group(1)) if robber else None}


def hands_of(html: str) -> dict[int, tuple[str | None, int]]:
    """Each seat's hand as the page shows it (None: hidden) and its size."""
    out = {}
    for seat, rest in re.findall(r'<li data-seat="(\d)"([^>]*)>', html):
        hand = re.search(r'data-hand="([\d,]+)"', rest)
        size = re.search(r'data-hand-size="(\d+)"', rest)
        out[int(seat)] = (hand.group(1) if hand else None, int(size.group(1)))
    return out


def check_step(page: Driver, game: Game, step: int, seen_by: int | None) -> None:
    """The page shows step ``step``: the board and the hands equal the engine's position."""
    position = afresh(game, step)
    assert page.page.replay.step == step
    assert page.page.replay.game.to_json() == position.to_json(), step
    assert board_of(page.html("board")) == board_of_game(position), step
    over = game.phase == "over"
    for seat, (hand, size) in hands_of(page.html("hands-box")).items():
        cards = position.players[seat].hand
        assert size == sum(cards)
        assert hand == (",".join(map(str, cards)) if over or seat == seen_by else None), (step, seat)


def test_a_60_action_game_forward_to_the_end_and_back_to_the_start() -> None:
    game = played(11, 60)
    page = viewer(saved(("g1", game)))
    page.run("open_saved", "g1")
    page.run("viewer", "1")
    page.run("move", "first")
    check_step(page, game, 0, 1)
    for step in range(1, 61):
        page.run("move", "forward")
        check_step(page, game, step, 1)
    assert 'id="step-forward"' in page.html("steps-box") and re.search(
        r'id="step-forward"[^>]*disabled', page.html("steps-box")
    )
    for step in range(59, -1, -1):
        page.run("move", "back")
        check_step(page, game, step, 1)


def test_a_finished_game_shows_every_hand_at_every_step() -> None:
    game = played(12, None, players=2)
    assert game.phase == "over"
    page = viewer(saved(("g2", game)))
    page.run("open_saved", "g2")
    assert "every hand shows" in page.html("hands-box")
    for step in (0, 10, len(game.history) // 2, len(game.history)):
        page.run("step", str(step))
        check_step(page, game, step, None)


def test_turns_the_slider_the_step_number_and_the_address() -> None:
    game = played(13, 90)
    page = viewer(saved(("g3", game)))
    page.run("open_address", {"search": "?game=g3&step=33", "hash": ""})
    assert page.page.replay.step == 33 and page.effects == [Address("replay.html?game=g3&step=33")]
    turns = page.page.replay.turns()
    page.run("turn", "2")
    assert page.page.replay.step == turns[2].step
    page.run("move", "turn_forward")
    assert page.page.replay.step == turns[3].step
    page.run("move", "turn_back")
    assert page.page.replay.step == turns[2].step
    page.run("go", {"step-number": "77"})
    assert page.page.replay.step == 77 and page.effects == [Address("replay.html?game=g3&step=77")]
    page.run("go", {"step-number": "9999"})
    assert page.page.replay.step == 90  # clamped to the last
    page.run("move", "first")
    assert "Step 0 of 90" in page.html("steps-box") and "The start of the game." in page.html("steps-box")


def test_the_log_follows_the_step_and_hides_what_the_seat_could_not_see() -> None:
    game = played(15, 120)
    page = viewer(saved(("g4", game)))
    page.run("open_saved", "g4")
    steals = [i for i, a in enumerate(game.history, 1) if a.kind == "robber" and a.value[1] >= 0]
    assert steals, "the game should hold a robbery"
    step = steals[0]
    page.run("step", str(step))
    thief = game.history[step - 1].player
    page.run("viewer", str(thief))
    log = page.html("log-box")
    assert re.search(r"You steal (?:a|1) \w+", log) or "You steal" in log
    page.run("viewer", "")
    assert "You steal" not in page.html("log-box")
    assert page.html("log-box").count('class="now"') == len(page.page.replay.events())
    numbers = [int(n) for n in re.findall(r'<li (?:class="now" )?value="(\d+)"', page.html("log-box"))]
    assert numbers == list(range(len(page.page.replay.view(None).log), 0, -1))[: len(numbers)]  # the events' own


def test_every_way_to_open_a_game_and_the_refusals() -> None:
    game = played(16, 40)
    page = viewer()
    assert 'id="open"' in page.html("open-box") and "No game is saved" in page.html("open-box")
    page.run("open_file", ChosenFile("catan-Night.json", dumps(game)))
    assert page.page.replay.step == 40 and page.page.state.name == "catan-Night"
    link = share.game_link(game, 12)
    page.run("open_link", {"open-link": BASE + "replay.html#" + link})
    assert page.page.replay.step == 12 and page.page.address() == "replay.html?step=12#" + link
    assert f'href="editor.html?step=12&amp;lang=en#{link}"' in page.html("bar")  # this step in the editor
    page.run("open_address", {"search": "?step=30", "hash": "#" + link})
    assert page.page.replay.step == 30
    for refused, key in (
        (share.scenario_link({"format": "catan-scenario", "players": [{}, {}]}), "format.link_kind"),
        ("{oops", "format.not_json"),
        ('{"format": "catan-scenario"}', "format.not_a_save"),
    ):
        page.run("open_link", {"open-link": refused})
        assert page.page.state.notice.message.key == "replay.refused"
        assert dict(page.page.state.notice.message.params)["reason"].key == key
    assert page.page.replay.step == 30  # the game shown stays


def test_share_a_step_gives_the_whole_game_at_that_step() -> None:
    game = played(17, 50)
    page = viewer(saved(("g5", game)))
    page.run("open_saved", "g5")
    page.run("step", "20")
    page.run("share_open")
    link = page.field("share-link")
    assert link.startswith(BASE + "replay.html#g1.")
    shared = share.read_link(link)
    assert shared.step == 20 and shared.game.to_json() == game.to_json()
    assert shared.position().to_json() == afresh(game, 20).to_json()
    assert "<svg" in page.html("share-box")
    assert 'href="editor.html?game=g5&amp;step=20&amp;lang=en"' in page.html("bar")


def test_a_study_written_in_the_author_mode_reads_as_a_study() -> None:
    game = played(18, 60)
    page = viewer(saved(("g6", game)))
    page.run("open_saved", "g6")
    page.run("author")
    page.run("step", "10")
    page.run("study_first")
    page.run("study_title", "The first robber")
    page.run("comment", {"comment": "Blue has two roads."})
    page.run("move", "forward")
    page.run("your_move", "on")
    page.run("hint", {"hint": "Look at the 6."})
    for step, text in ((14, "A good trade?"), (20, "Then Red\nbuilds.")):
        page.run("step", str(step))
        page.run("comment", {"comment": text})
    page.run("step", "30")
    page.run("study_last")
    built = page.page.study()
    data = studies.dump(built)
    again = studies.load(json.loads(json.dumps(data)))
    assert studies.dump(again) == data and again.length == 20 and again.title == "The first robber"
    assert again.comment == "Blue has two roads." and again.moves[3].comment == "A good trade?"
    assert again.moves[0].question is not None and again.moves[0].question.hint == "Look at the 6."
    assert again.position(0).to_json() == afresh(game, 10).to_json()
    # the reader's link: embed.html plays it (read by example.read_shown, as the embed does)
    reader = page.field("study-link")
    assert reader.startswith(BASE + "embed.html#t1.")
    shown = read_shown(read_params("", reader.split("#", 1)[1]).fragment)
    assert shown.kind == "study" and studies.dump(shown.study) == data
    snippet = page.field("study-snippet")
    assert '<iframe class="catan" src="' + BASE + "embed.html#t1." in snippet and 'title="The first robber"' in snippet
    # the question asks for move 11 of the game at step 10 of it
    player = StudyPlayer(again)
    assert player.question() is not None
    wrong = next(a for a in again.position(0).legal_actions() if a.text() != game.history[10].text())
    attempt = player.try_move(wrong)
    assert (attempt.correct, attempt.text("en")) == (
        False,
        "That move is allowed, but it is not the one to find. Hint: Look at the 6.",
    )
    assert player.try_move(game.history[10]).correct
    # downloaded, shared, and reopened to go on writing
    page.run("study_download")
    assert json.loads(page.effects[0].text) == data
    page.run("study_share")
    assert page.field("share-link") == reader
    again_link = page.field("study-again")
    other = viewer()
    other.run("open_address", {"search": "", "hash": "#" + again_link.split("#", 1)[1]})
    draft = page.page.state.draft  # the reopened study starts at its own step 0 (its start is a scenario)
    shifted = draft._replace(
        first=0,
        last=20,
        comments=tuple((step - 10, text) for step, text in draft.comments),
        questions=tuple((step - 10, hint) for step, hint in draft.questions),
    )
    assert other.page.state.author and other.page.state.draft == shifted
    assert studies.dump(other.page.study()) == data


def test_a_text_the_study_format_refuses_is_said_and_not_kept() -> None:
    game = played(19, 20)
    page = viewer(saved(("g7", game)))
    page.run("open_saved", "g7")
    page.run("author")
    page.run("comment", {"comment": "x" * (studies.MAX_COMMENT + 1)})
    assert page.page.state.notice.message.key == "replay.study.text_refused" and page.page.state.draft.comments == ()
    page.run("comment", {"comment": "bell\x07"})
    assert page.page.state.draft.comments == ()
    page.run("step", "5")
    page.run("study_first")
    page.run("step", "3")
    page.run("study_last")
    assert page.page.state.notice.message.key == "replay.study.end_before"
    assert "outside the study" in page.html("study-box")


@pytest.mark.parametrize("lang", ["en", "es", "de", "hi"])
def test_every_text_of_the_page_is_in_the_language(lang: str) -> None:
    game = played(20, 30)
    page = viewer(saved(("g8", game)), lang=lang)
    assert not re.findall(r">(?:editor|share|replay|ui|study)\.[a-z_.]+<", page.all_html())
    page.run("open_saved", "g8")
    page.run("author")
    page.run("step", "3")
    page.run("your_move", "on")
    page.run("comment", {"comment": "Hi"})
    page.run("stats")
    page.run("share_open")
    html = page.all_html()
    assert not re.findall(r"(?:>|\")(?:editor|share|replay|ui|study)\.[a-z_.]+(?:<|\")", html), "a message key shown"
