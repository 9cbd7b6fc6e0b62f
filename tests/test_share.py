"""Share links (:mod:`catan_core.share`) and the embed's address (:mod:`catan_web.example`):
each kind of link round-trips to the same position, hostile links are refused with a message
(a zip bomb without being inflated), and the address writer and reader agree."""

from __future__ import annotations

import base64
import hashlib
import json
import tracemalloc
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catan_core import saves, share
from catan_core import study as S
from catan_core.editor import Editor
from catan_core.errors import FormatError
from catan_core.i18n import LANGUAGES, translate
from catan_core.replay import Replay
from catan_core.scenarios import from_game, load_scenario
from catan_web.example import MARK_LIMITS, MODES, Example, embed_address, iframe_snippet, read_params, read_shown

from boundaries import example_scenarios, few, random_game

seeds = st.integers(0, 2**32 - 1)


# --- each kind round-trips ------------------------------------------------------------------------


@few(25)
@given(seeds, st.integers(0, 150), st.sampled_from([2, 3, 4]))
def test_a_scenario_of_any_step_round_trips(seed: int, steps: int, players: int) -> None:
    game = random_game(seed, players=players, steps=steps)
    data = from_game(game, title="A position")
    shared = share.read_link(share.scenario_link(data))
    assert shared.kind == "scenario" and shared.scenario == data
    assert shared.position().to_json() == game.to_json()


@few(20)
@given(seeds, st.integers(0, 200), st.data())
def test_a_game_at_a_step_round_trips(seed: int, steps: int, data: st.DataObject) -> None:
    game = random_game(seed, players=2 + seed % 3, board=("random", "beginner")[seed % 2], steps=steps)
    step = data.draw(st.one_of(st.none(), st.integers(0, len(game.history))))
    shared = share.read_link(share.game_link(game, step))
    assert shared.kind == "game" and shared.step == step
    assert saves.dump(shared.game) == saves.dump(game)
    expected = Replay(game).game_at(len(game.history) if step is None else step)
    assert shared.position().to_json() == expected.to_json()


def test_a_game_from_a_scenario_round_trips() -> None:
    for i, text in enumerate(example_scenarios()):
        game = load_scenario(json.loads(text))
        for action in (game.legal_actions() or [])[:1]:
            game.apply(action)
        assert saves.dump(share.read_link(share.game_link(game)).game) == saves.dump(game), i


@few(15)
@given(seeds, st.integers(1, 60), st.lists(st.text(max_size=30).filter(str.isprintable), max_size=4))
def test_a_study_round_trips(seed: int, steps: int, comments: list[str]) -> None:
    game = random_game(seed, players=3, steps=steps)
    study = S.Study.of_game(game, "From a game")
    for step, comment in enumerate(comments):
        study.set_comment(step % (study.length + 1), comment)
    if study.length:
        study.set_question(study.length, S.Question(hint="Think."))
    shared = share.read_link(share.study_link(study))
    assert shared.kind == "study" and S.dump(shared.study) == S.dump(study)
    assert shared.study.position(study.length).to_json() == game.to_json()


def test_an_editor_link_round_trips_even_with_problems() -> None:
    editor = Editor.beginner(players=3)
    editor.place_building(1, 13)  # next to its own settlement on 9: a problem, kept as it is
    editor.toggle_mark("n13")
    editor.set_caption("Spot the problem.")
    again = share.read_link(share.editor_link(editor)).editor
    assert again is not None and again.to_json() == editor.to_json()
    assert [p.spots for p in again.problems()] == [("n9", "n13")]


def test_kinds_a_page_does_not_open_are_refused() -> None:
    link = share.scenario_link(json.loads(example_scenarios()[0]))
    with pytest.raises(FormatError) as info:
        share.read_link(link, kinds=("study",))
    assert info.value.key == "format.link_kind"


# --- hostile links -------------------------------------------------------------------------------------


def link_of(raw: bytes, letter: str = "s", version: int = 1) -> str:
    return f"{letter}{version}." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS, 9, zlib.Z_DEFAULT_STRATEGY, share.DICTIONARY)
    return packer.compress(data) + packer.flush()


def refused(link: object, key: str) -> FormatError:
    with pytest.raises(FormatError) as info:
        share.read_link(link)  # type: ignore[arg-type]
    assert info.value.key == key, (info.value.key, str(info.value))
    for lang in LANGUAGES:
        assert "{" not in translate(info.value.key, info.value.params, lang)
    return info.value


def test_garbage_versions_and_kinds_are_refused_with_a_message() -> None:
    good = share.scenario_link(json.loads(example_scenarios()[0]))
    refused(None, "format.link")
    refused("", "format.link")
    refused("hello", "format.link")
    refused("s1", "format.link")
    refused("s1.", "format.link")
    refused("s1.@@@@", "format.link")
    refused("s1.a", "format.link")  # a base64 length no text has
    refused(good[:-7], "format.link")  # cut short
    refused(good + "AAAA", "format.link")  # data after the end
    refused("q1." + good[3:], "format.link")  # no such kind
    assert refused("s2." + good[3:], "format.link_version").params == {"version": "2"}
    refused("s1." + good[3:].swapcase(), "format.link")
    refused(link_of(b"not deflate at all"), "format.link")
    refused(link_of(deflate(b"\xff\xfe not utf-8")), "format.link")
    refused(link_of(deflate(b"[1, 2")), "format.not_json")
    refused(link_of(deflate(b"[" * 100 + b"]" * 100)), "format.not_json")
    refused(link_of(deflate(b'{"format": "catan-scenario", "players": 3}')), "format.option_players")
    refused(link_of(deflate(b'{"format": "catan-study", "version": 2}'), "t"), "format.version")
    refused(link_of(deflate(b'{"format": "catan-save"}'), "g"), "format.field")
    refused(link_of(deflate(b'[]'), "e"), "format.field")
    plain = json.loads(example_scenarios()[0])  # a stream without the preset dictionary reads too
    assert share.read_link(link_of(zlib.compress(json.dumps(plain).encode()))).scenario == plain
    refused("s1." + "A" * (share.MAX_LINK_CHARS + 1), "format.link_too_long")


def test_a_zip_bomb_is_refused_without_inflating_it() -> None:
    bomb = deflate(b" " * 60_000_000)  # 60 MB of spaces, 30 times the limit
    link = link_of(bomb)
    assert len(link) <= share.MAX_LINK_CHARS, len(link)
    tracemalloc.start()
    try:
        error = refused(link, "format.link_too_big")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert error.params == {"limit": share.MAX_INFLATED}
    assert peak < 4 * share.MAX_INFLATED, f"{peak} bytes held while refusing it"


def test_the_preset_dictionary_is_fixed_for_link_version_1() -> None:
    """Links already shared must keep reading: another dictionary is another link version."""
    assert share.LINK_VERSION == 1
    assert hashlib.sha256(share.DICTIONARY).hexdigest() == "7f2cbadf9bbc1b9b7dfa807598b3baf5c047ff0038dea0e052b1e2c02d4a51e5"


# --- the embed's address ------------------------------------------------------------------------------

marks = st.lists(st.sampled_from(["n", "e", "h"]).flatmap(lambda k: st.integers(0, MARK_LIMITS[k] - 1).map(
    lambda i: f"{k}{i}")), max_size=8, unique=True)


@few(200)
@given(st.sampled_from([None, *LANGUAGES]), st.sampled_from(MODES), marks, st.text(max_size=500),
       st.one_of(st.none(), st.integers(0, 999_999)), st.one_of(st.none(), st.text(min_size=1, max_size=40)))
def test_the_address_writer_and_reader_round_trip(lang, mode, marks, caption, step, scenario) -> None:
    fragment = "s1.eNqrVkrLz1eyUkpKLFKqBQAiGARw"
    scenario = None if scenario is None or not scenario.strip() else scenario.strip()
    address = embed_address(fragment, scenario=scenario, lang=lang, mode=mode, marks=marks, caption=caption, step=step)
    search, _, hash_ = address.partition("?")[2].partition("#") if "?" in address else ("", "", address.partition("#")[2])
    params = read_params(search, hash_)
    assert (params.lang, params.mode, params.marks, params.caption, params.step, params.scenario) == (
        lang, mode, tuple(marks), caption, step, scenario)
    assert params.fragment == fragment and params.bad_marks == ()
    snippet = iframe_snippet(address, 'A "title" <b>', 500, 420)
    assert 'title="A &quot;title&quot; &lt;b&gt;"' in snippet and "max-width: 500px; height: 420px" in snippet


def test_the_embed_shows_any_kind_at_its_step() -> None:
    game = random_game(4, players=3, steps=90)
    replay = Replay(game)
    save_text = saves.dumps(game)
    for text, step, expected in (
        (save_text, None, game),
        (save_text, 33, replay.game_at(33)),
        (share.game_link(game, 40), None, replay.game_at(40)),
        (share.game_link(game, 40), 12, replay.game_at(12)),
        (share.game_link(game), None, game),
    ):
        shown = read_shown(text, step)
        assert shown.kind == "game"
        assert load_scenario(shown.scenario).to_json() == expected.to_json()
        assert Example.read(text, "en", step).game.to_json() == expected.to_json()
    study = S.Study.of_game(game, "Study", first=10)
    for text in (S.dumps(study), share.study_link(study)):
        shown = read_shown(text)
        assert shown.kind == "study" and S.dump(shown.study) == S.dump(study)
        assert load_scenario(shown.scenario).to_json() == replay.game_at(10).to_json()
    editor = Editor.beginner()
    editor.toggle_mark("h4")
    shown = read_shown(share.editor_link(editor))
    assert shown.kind == "editor" and shown.marks == ("h4",)
