"""Property tests of the engine's boundaries with outside data (issue 10, item 3).

Saves, scenarios, studies, share links, action texts and values, and the JSON reader are given valid data,
mutated valid data and arbitrary data; every input must be refused with a CatanError that
reads well (leaving input and game unchanged) or be accepted as a sound position. The
generators and checks live in ``tests/boundaries.py``; ``bench/fuzz.py`` runs the same
properties for as long as asked.
"""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from catan_core import saves, share
from catan_core.errors import FormatError
from catan_core.game import Game, Options

import boundaries as B

few = B.few
prop = B.boundary_property


pool_index = st.integers(0, 10**6)


# --- saves ---------------------------------------------------------------------------------------


@prop(60, pool_index, st.booleans(), st.data())
def test_mutated_saves_are_refused_or_sound(index: int, verify: bool, data: st.DataObject) -> None:
    pool = B.save_pool()
    save = json.loads(pool[index % len(pool)])
    B.check_save_data(B.apply_edits(save, data.draw(B.edits(save))), verify, seed=index)


@prop(30, pool_index, st.data())
def test_mutated_save_texts_are_refused_or_sound(index: int, data: st.DataObject) -> None:
    pool = B.save_pool()
    B.check_save_text(data.draw(B.mutated_text(pool[index % len(pool)])), seed=index)


@prop(15, 
    st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]), st.sampled_from(["random", "beginner"]),
    st.integers(0, 400), st.sampled_from(B.PHASE_TARGETS),
)
def test_saves_of_random_games_in_every_phase_load_back(seed: int, players: int, board: str, steps: int, stop) -> None:
    game = B.random_game(seed, players, board, steps, stop)
    text = saves.dumps(game)
    for verify in (True, False):
        assert saves.dumps(saves.loads(text, verify_history=verify)) == text
    B.check_sound(B.random_game(seed, players, board, steps, stop), seed)


@prop(40, B.json_values())
def test_any_json_value_is_not_a_save(value) -> None:
    for verify in (True, False):
        B.check_save_data(value, verify)
    B.check_save_data({"format": "catan-save", "version": 1, **(value if type(value) is dict else {})}, True)


@prop(40, st.one_of(st.text(max_size=300), B.json_like_texts()))
def test_any_text_is_not_a_save(text: str) -> None:
    B.check_save_text(text)


def test_every_pool_save_is_sound() -> None:
    """The material the mutations start from is itself accepted (so refusals mean something)."""
    pool = B.save_pool()
    phases = {json.loads(text)["state"]["phase"] for text in pool}
    assert phases >= {"setup_settlement", "setup_road", "roll", "main", "discard", "robber", "road_building",
                      "trade", "over"}
    for text in pool:
        B.check_save_text(text)


# --- scenarios -------------------------------------------------------------------------------------


@prop(80, B.scenarios(), st.integers(0, 1000))
def test_random_scenarios_are_refused_or_sound(data, seed: int) -> None:
    B.check_scenario_data(data, seed)


@prop(50, st.integers(0, 100), st.data())
def test_mutated_example_scenarios_are_refused_or_sound(index: int, data: st.DataObject) -> None:
    examples = B.example_scenarios()
    scenario = json.loads(examples[index % len(examples)])
    B.check_scenario_data(B.apply_edits(scenario, data.draw(B.edits(scenario))), seed=index)


@prop(30, st.integers(0, 100), st.data())
def test_mutated_scenario_texts_are_refused_or_sound(index: int, data: st.DataObject) -> None:
    examples = B.example_scenarios()
    B.check_scenario_text(data.draw(B.mutated_text(examples[index % len(examples)])), seed=index)


def test_example_scenarios_are_sound() -> None:
    for i, text in enumerate(B.example_scenarios()):
        B.check_scenario_text(text, seed=i)


def test_random_scenarios_are_accepted_often_enough() -> None:
    """The scenario generator is not a refusal machine: a fair share loads (and is checked)."""
    accepted = []

    @few(100)
    @given(B.scenarios())
    def run(data) -> None:
        try:
            from catan_core.scenarios import load_scenario

            load_scenario(data)
        except Exception:
            return
        accepted.append(data["phase"])

    run()
    assert len(accepted) >= 10 and len(set(accepted)) >= 3, accepted


# --- actions ------------------------------------------------------------------------------------------


@prop(150, st.one_of(B.action_texts(), B.action_texts(), B.odd_values()))
def test_action_texts_parse_to_actions_that_read_back_or_are_invalid(text) -> None:
    B.check_action_text(text)


@prop(60, pool_index, st.data())
def test_anything_given_to_apply_is_applied_if_legal_or_refused_unchanged(index: int, data: st.DataObject) -> None:
    game = B.pool_game(index)
    for _ in range(data.draw(st.integers(1, 4))):
        B.check_apply(game, data.draw(B.action_inputs(game)))


@prop(15, st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]), st.sampled_from(["random", "beginner"]), st.data())
def test_games_mixing_legal_illegal_and_malformed_actions_keep_the_invariants(seed, players, board, data) -> None:
    B.mixed_game(seed, players, board, steps=100, draw=data.draw)


# --- the JSON reader ------------------------------------------------------------------------------------


@prop(150, st.one_of(B.json_like_texts(), st.text(max_size=100), B.json_values().map(json.dumps)))
def test_json_reader_gives_a_value_or_a_format_error(text: str) -> None:
    B.check_json_text(text)


def test_the_checks_do_fail_on_a_defect() -> None:
    """The checks are not vacuous: a position with a card too many is refused by them."""
    game = Game(Options(players=3, board="beginner"), seed=1)
    game.players[0].hand[0] += 1
    try:
        B.check_sound(game)
    except Exception:
        return
    raise AssertionError("check_sound accepted a game with 20 brick")


# --- studies (issue 28) ----------------------------------------------------------------------------------


@prop(30, pool_index, st.data())
def test_mutated_studies_are_refused_or_sound(index: int, data: st.DataObject) -> None:
    pool = B.study_pool()
    study = json.loads(pool[index % len(pool)])
    B.check_study_data(B.apply_edits(study, data.draw(B.edits(study))), seed=index)


@prop(20, pool_index, st.data())
def test_mutated_study_texts_are_refused_or_sound(index: int, data: st.DataObject) -> None:
    pool = B.study_pool()
    B.check_study_text(data.draw(B.mutated_text(pool[index % len(pool)])), seed=index)


@prop(30, B.json_values())
def test_any_json_value_is_not_a_study(value) -> None:
    B.check_study_data(value)
    B.check_study_data({"format": "catan-study", "version": 1, **(value if type(value) is dict else {})})


def test_every_pool_study_is_sound() -> None:
    for i, text in enumerate(B.study_pool()):
        B.check_study_text(text, seed=i)


# --- share links (issue 28) ------------------------------------------------------------------------------


@prop(30, pool_index, st.data())
def test_mutated_links_are_refused_or_sound(index: int, data: st.DataObject) -> None:
    pool = B.link_pool()
    B.check_link(data.draw(B.mutated_text(pool[index % len(pool)])), seed=index)


@prop(30, pool_index, st.data())
def test_links_of_mutated_data_are_refused_or_sound(index: int, data: st.DataObject) -> None:
    pool = B.link_pool()
    kind, value = share.unpack(pool[index % len(pool)])
    bent = B.apply_edits(value, data.draw(B.edits(value)))
    try:
        link = share.pack(kind, bent)
    except FormatError as error:  # half a character: no link can hold it
        B.refusal(error, FormatError)
        return
    B.check_link(link, seed=index)


@prop(30, B.hostile_links())
def test_hostile_links_are_refused_with_a_message(link: str) -> None:
    B.check_link(link)


@prop(40, st.one_of(st.text(max_size=200), B.json_like_texts()))
def test_any_text_is_not_a_link(text: str) -> None:
    B.check_link(text)


def test_every_pool_link_is_sound() -> None:
    kinds = set()
    for i, link in enumerate(B.link_pool()):
        B.check_link(link, seed=i)
        kinds.add(share.unpack(link)[0])
    assert kinds == set(share.KINDS)
