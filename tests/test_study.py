"""Studies (:mod:`catan_core.study`): the format round-trips exactly, every move is checked on
load, and the player steps through comments and judges the reader's moves."""

from __future__ import annotations

import copy
import json

import pytest

from catan_core import saves
from catan_core import study as S
from catan_core.errors import FormatError
from catan_core.game import Game
from catan_core.i18n import LANGUAGES
from catan_core.scenarios import from_game

from boundaries import random_game

START = {
    "format": "catan-scenario", "title": "Robbing the leader", "board": "beginner",
    "players": [
        {"name": "Ana", "settlements": [12, 31], "roads": [11, 47], "hand": {"brick": 2, "lumber": 2, "ore": 1}},
        {"name": "Ben", "settlements": [9, 34], "roads": [8, 42], "hand": {"wool": 3}},
        {"name": "Cy", "settlements": [22, 41], "roads": [24, 60], "hand": {"grain": 1}},
    ],
    "current": 0, "phase": "roll", "dice": [[3, 4]], "seed": 7,
}


def three_comments_and_a_question() -> dict:
    """The study of issue 28: three comments and one "your move" step."""
    return {
        "format": "catan-study", "version": 1, "title": "Where the robber goes",
        "start": START,
        "comment": "Ana rolls: a 7.",
        "moves": [
            {"move": "0 roll 3+4", "comment": "Nobody holds more than 7 cards: no discards."},
            {"move": "0 robber 1 1", "your_move": {"hint": "Ben holds the most cards: which of his hexes pays best?",
                                                  "also": ["0 robber 5 1"]}},
            {"move": "0 road 6", "comment": "Ana builds towards the coast with the cards she has."},
            {"move": "0 end"},
        ],
    }


def test_a_study_with_three_comments_and_a_question_plays_through() -> None:
    data = three_comments_and_a_question()
    study = S.load(data)
    assert S.dump(study) == data
    player = S.StudyPlayer(study)
    assert (player.step, player.length) == (0, 4)
    assert player.comment() == "Ana rolls: a 7." and player.question() is None
    player.forward()
    assert player.comment() == "Nobody holds more than 7 cards: no discards."
    assert player.game.phase == "robber"
    question = player.question()
    assert question is not None and question.also == ("0 robber 5 1",)
    wrong = player.try_move("0 robber 9 -")  # the robber stands on the desert: it must move
    assert not wrong.correct and player.step == 1 and wrong.key == "rule.robber_must_move"
    hinted = player.try_move("0 robber 3 2")  # legal, not the one
    assert not hinted.correct and hinted.key == "study.wrong_hint" and player.step == 1
    assert "which of his hexes" in hinted.text("en")
    for lang in LANGUAGES:
        assert "{" not in hinted.text(lang) and "{" not in wrong.text(lang, ["Ana", "Ben", "Cy"])
    found = player.try_move("0 robber 5 1")  # one of the other moves accepted
    assert found.correct and found.key == "study.correct" and player.step == 2 and player.found == {2}
    assert player.game.robber == 1, "the line goes on with its own move"
    assert player.comment() is None
    player.forward()
    assert player.comment() == "Ana builds towards the coast with the cards she has."
    assert player.forward() == 4 and player.try_move("1 roll").key == "study.end"
    assert player.back() == 3 and player.go(-1) == 0 and player.go(99) == 4


def test_the_reader_finds_a_roll_whatever_the_dice() -> None:
    data = three_comments_and_a_question()
    data["moves"][0]["your_move"] = {}
    player = S.StudyPlayer(S.load(data))
    assert player.try_move("0 roll").correct and player.step == 1


def test_round_trip_is_exact_and_the_text_form_reads_back() -> None:
    data = three_comments_and_a_question()
    text = S.dumps(S.load(data))
    assert json.loads(text) == data and S.dumps(S.loads(text)) == text
    bare = {"format": "catan-study", "version": 1, "title": "", "start": START, "moves": []}
    assert S.dump(S.load(bare)) == bare


def refused(data: object, key: str, **params: object) -> FormatError:
    with pytest.raises(FormatError) as info:
        S.load(data)
    assert info.value.key == key, (info.value.key, str(info.value))
    for name, value in params.items():
        assert info.value.params[name] == value
    return info.value


def test_an_illegal_move_is_refused_naming_its_step() -> None:
    data = three_comments_and_a_question()
    data["moves"][2]["move"] = "0 road 60"  # seat 2's road
    error = refused(data, "format.study_move", step=3, move="0 road 60")
    assert error.params["reason_key"] == "rule.edge_occupied"
    assert str(error) == "Move 3 of the study (0 road 60) cannot be played: That path already has a road."
    data = three_comments_and_a_question()
    data["moves"][1]["your_move"]["also"] = ["0 robber 1 2"]
    refused(data, "format.study_also", step=2)
    data = three_comments_and_a_question()
    data["moves"][0]["move"] = "0 teleport"
    assert refused(data, "format.study_move", step=1).params["reason_key"] == "action.unparseable"


def test_hostile_or_wrong_studies_are_refused_with_a_message() -> None:
    base = three_comments_and_a_question()

    def bent(**change: object) -> dict:
        return {**copy.deepcopy(base), **change}

    refused([], "format.not_a_study")
    refused(bent(format="catan-scenario"), "format.not_a_study")
    refused(bent(version=2), "format.version")
    refused(bent(version="1"), "format.field")
    refused(bent(extra=1), "format.field")
    refused(bent(title=None), "format.field")
    refused(bent(title="x" * (S.MAX_TITLE + 1)), "format.field")
    refused(bent(comment="x" * (S.MAX_COMMENT + 1)), "format.field")
    refused(bent(comment="a\x00b"), "format.field")
    assert S.load(bent(comment="two\nlines\tand a tab")).comment == "two\nlines\tand a tab"
    refused(bent(moves={}), "format.field")
    refused(bent(moves=[{"move": "0 roll", "extra": 1}]), "format.field")
    refused(bent(moves=[{"move": 3}]), "format.field")
    refused(bent(moves=[{"move": "0 roll", "your_move": {"also": "0 roll"}}]), "format.field")
    refused(bent(moves=[{"move": "0 roll", "your_move": {"also": ["0 roll"] * (S.MAX_ALSO + 1)}}]), "format.field")
    refused(bent(moves=[{"move": "0 roll", "your_move": []}]), "format.field")
    refused(bent(moves=[{"move": "0 end"}] * (S.MAX_MOVES + 1)), "format.field")
    refused(bent(start={"format": "catan-study"}), "format.field")
    refused(bent(start=[]), "format.field")
    refused(bent(start_step=3), "format.field")  # a scenario has no steps
    refused(bent(start={**START, "players": []}), "format.option_players")  # the start's own refusal
    with pytest.raises(FormatError) as info:
        S.loads("[" * 100 + "]" * 100)
    assert info.value.key == "format.not_json"
    with pytest.raises(FormatError) as info:
        S.loads(" " * (S.MAX_STUDY_CHARS + 1))
    assert info.value.key == "format.too_large"


def test_a_study_from_a_save_starts_at_its_step() -> None:
    game = random_game(3, players=3, steps=40)
    data = {"format": "catan-study", "version": 1, "title": "From a game", "start": saves.dump(game), "start_step": 30,
            "moves": [{"move": a.text()} for a in game.history[30:35]]}
    study = S.load(data)
    assert S.dump(study) == data
    assert study.position(0).to_json() != game.to_json()
    assert study.position(5).history == game.history[:35]
    player = S.StudyPlayer(study)
    player.go(5)
    expected = saves.start_of(game.options, game.seats, game.seed, None)
    for action in game.history[:35]:
        expected.apply(action)
    assert player.game.to_json() == expected.to_json()
    data["start_step"] = 41
    refused(data, "format.field")
    del data["start_step"]
    data["moves"] = []
    assert S.load(data).position(0).to_json() == game.to_json()  # without a step: the save's last


def test_a_whole_game_as_a_study_replays_the_same_positions() -> None:
    game = random_game(12, players=4, steps=80)
    study = S.Study.of_game(game, "A whole game")
    assert study.length == 80 and study.start == from_game(Game(game.options, game.seed, game.seats))
    for step in (0, 1, 40, 80):
        expected = saves.start_of(game.options, game.seats, game.seed, None)
        for action in game.history[:step]:
            expected.apply(action)
        assert study.position(step).to_json() == expected.to_json()
    again = S.load(S.dump(study))
    assert again.position(80).to_json() == game.to_json()


def test_editing_a_study_keeps_it_checked() -> None:
    study = S.Study.new("Build", START)
    study.add_move("0 roll 3+4")
    with pytest.raises(FormatError) as info:
        study.add_move("0 road 6")  # the robber must move first
    assert info.value.key == "format.study_move" and info.value.params["reason_key"] == "rule.phase_robber"
    study.add_move("0 robber 1 1", comment="Ben loses a card.")
    study.set_comment(0, "A 7 is coming.")
    study.set_question(2, S.Question(hint="Ben has the cards."))
    with pytest.raises(FormatError):
        study.set_question(2, S.Question(also=("0 robber 1 1", "0 robber 9 2")))
    with pytest.raises(FormatError):
        study.set_comment(1, "x" * (S.MAX_COMMENT + 1))
    assert S.dump(S.load(S.dump(study))) == S.dump(study)
    study.cut(1)
    assert study.length == 1 and S.load(S.dump(study)).length == 1
