"""The save format (exact round trips, replay, refusals) and scenario refusals."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_core import saves
from catan_core.actions import Action
from catan_core.errors import FormatError
from catan_core.game import Game, Options, Seat
from catan_core.rng import Rng
from catan_core.scenarios import load_scenario
from catan_core.state import seats_from_json

from catan_helpers import cards, do, path, scenario
from test_properties import choose


def played(seed: int = 4, players: int = 4, steps: int = 300, stop=None, **options) -> Game:
    """A game after ``steps`` random actions (with domestic offers), or when ``stop(game)``."""
    game = Game(Options(players=players, **options), seed=seed)
    rng = Rng(seed + 99)
    for _ in range(steps):
        if game.phase == "over" or (stop and stop(game)):
            break
        game.apply(choose(game, rng))
    return game


def refused(data, key: str, **kw) -> FormatError:
    with pytest.raises(FormatError) as info:
        saves.load(data, **kw)
    assert info.value.key == key, f"expected {key}, got {info.value.key} ({info.value})"
    assert str(info.value)  # readable English text
    return info.value


# --- round trips ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "seed,players,steps",
    [(1, 4, 0), (2, 4, 5), (3, 3, 17), (4, 4, 120), (5, 2, 400), (6, 3, 900), (7, 4, 5000)],
)
def test_round_trip_is_exact(seed, players, steps):
    game = played(seed, players, steps)
    data = saves.dump(game)
    assert saves.dump(saves.load(data)) == data
    text = saves.dumps(game)
    again = saves.loads(text)
    assert saves.dumps(again) == text
    assert json.loads(text) == json.loads(json.dumps(data))
    # without replaying the history: the state is read and checked instead
    assert saves.dumps(saves.loads(text, verify_history=False)) == text


@pytest.mark.parametrize("phase", ["setup_road", "discard", "robber", "trade", "road_building", "over"])
def test_round_trip_in_every_phase(phase):
    for seed in range(40):
        game = played(seed, 4, 6000, stop=lambda g: g.phase == phase)
        if game.phase == phase:
            break
    else:
        pytest.skip(f"no random game reached {phase}")  # pragma: no cover
    text = saves.dumps(game)
    assert saves.dumps(saves.loads(text)) == text
    assert saves.dumps(saves.loads(text, verify_history=False)) == text


def test_loaded_game_plays_on_identically():
    game = played(8, 3, 250)
    loaded = saves.loads(saves.dumps(game))
    rng1, rng2 = Rng(5), Rng(5)
    for _ in range(300):
        if game.phase == "over":
            break
        a, b = choose(game, rng1), choose(loaded, rng2)
        assert a == b
        assert game.apply(a) == loaded.apply(b)  # same dice, steals and cards
    assert saves.dumps(game) == saves.dumps(loaded)


def test_replay_from_seed_and_actions():
    game = played(9, 4, 10_000, vp_target=8, friendly_robber=True)
    text = saves.dumps(game)
    history = [a.text() for a in game.history]
    replay = Game(game.options, seed=game.seed, seats=game.seats)
    for line in history:
        replay.apply(line)  # the text form, as stored
    assert saves.dumps(replay) == text
    assert replay.winner == game.winner


def test_text_seeds_and_seats_round_trip():
    seats = (Seat("Ana", "#112233", "human"), Seat("Bo", "#abcdef", "random"), Seat("Ça", "#000000", "strong"))
    game = Game(Options(players=3), seed="a typed seed", seats=seats)
    do(game, game.legal_actions()[3])
    text = saves.dumps(game)
    assert "Ça" in text  # not escaped
    loaded = saves.loads(text)
    assert loaded.seats == seats and loaded.seed == game.seed and saves.dumps(loaded) == text


def test_scenario_game_round_trip():
    game = scenario(
        [{"settlements": [8], "roads": path(8, 13), "hand": {"brick": 2, "lumber": 2}}, {"settlements": [40], "hand": {"ore": 2}}],
        phase="roll",
        dice=[[3, 4]],
        seed=12,
    )
    do(game, "0 roll", Action(0, "robber", (13, 1)), Action(0, "road", 20))
    text = saves.dumps(game)
    loaded = saves.loads(text)
    assert saves.dumps(loaded) == text and loaded.origin == game.origin
    assert saves.dumps(saves.loads(text, verify_history=False)) == text


RULE_OPTIONS = {"trade_then_build": True, "balanced_dice": True}
DATA = Path(__file__).resolve().parent / "data"


@pytest.mark.parametrize("seed,players,steps", [(11, 3, 300), (12, 4, 5000)])
@pytest.mark.parametrize("options", [{"trade_then_build": True}, {"balanced_dice": True}, RULE_OPTIONS])
def test_round_trip_with_the_rule_options(seed, players, steps, options):
    game = played(seed, players, steps, **options)
    text = saves.dumps(game)
    data = json.loads(text)
    assert {key: data["options"].get(key) for key in RULE_OPTIONS} == {key: options.get(key) for key in RULE_OPTIONS}
    assert ("built" in data["state"], "dice_deck" in data["state"]) == (
        "trade_then_build" in options, "balanced_dice" in options)
    assert saves.dumps(saves.loads(text)) == text
    assert saves.dumps(saves.loads(text, verify_history=False)) == text
    replay = Game(game.options, seed=game.seed, seats=game.seats)
    for action in game.history:
        replay.apply(action.text())
    assert saves.dumps(replay) == text


def test_a_save_from_before_the_rule_options_still_loads():
    """Written by the engine before ``trade_then_build`` and ``balanced_dice`` existed: games
    without them save exactly as they did, so it replays to its very text."""
    text = (DATA / "save_before_rule_options.json").read_text(encoding="utf-8")
    game = saves.loads(text)
    assert not game.options.trade_then_build and not game.options.balanced_dice
    assert saves.dumps(game) == text and saves.dumps(saves.loads(text, verify_history=False)) == text


def test_refuses_bad_rule_option_fields():
    data = saves.dump(played(13, 3, 400, **RULE_OPTIONS))
    assert len(data["state"]["dice_deck"]) < 36  # some rolls were dealt
    for change, key in (
        (lambda d: d["state"].update(built="yes"), "format.field"),
        (lambda d: d["state"].pop("built"), "format.field"),
        (lambda d: d["state"].pop("dice_deck"), "format.field"),
        (lambda d: d["state"]["dice_deck"].append([7, 1]), "format.field"),
        (lambda d: d["state"]["dice_deck"].append(d["state"]["dice_deck"][0]), "format.state"),
        (lambda d: d["state"].update(dice_deck=d["state"]["dice_deck"][:5]), "format.state"),
        (lambda d: d["options"].pop("balanced_dice"), "format.field"),  # its deck is an unknown field then
        (lambda d: d["options"].update(trade_then_build="on"), "format.option_flag"),
    ):
        tampered = copy.deepcopy(data)
        change(tampered)
        refused(tampered, key, verify_history=False)
    plain = saves.dump(played(13, 3, 50))
    for field, value in (("built", False), ("dice_deck", [[1, 1]] * 6)):
        tampered = copy.deepcopy(plain)
        tampered["state"][field] = value
        refused(tampered, "format.field", verify_history=False)


# --- refusals ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def save_data():
    return saves.dump(played(10, 4, 200))


def test_refuses_unknown_version(save_data):
    data = dict(save_data, version=2)
    error = refused(data, "format.version")
    assert error.params == {"version": "2"}
    for odd in (None, True, "1", {}, "{player}", 10**9):  # not a version number: not echoed
        assert refused(dict(save_data, version=odd), "format.field").params == {"field": "version"}


def test_refuses_what_is_not_a_save(save_data):
    refused({"format": "catan-scenario", "version": 1}, "format.not_a_save")
    refused([1, 2, 3], "format.not_a_save")
    refused("catan", "format.not_a_save")
    refused(dict(save_data, format="chess"), "format.not_a_save")
    with pytest.raises(FormatError) as info:
        saves.loads("{not json")
    assert info.value.key == "format.not_json"
    with pytest.raises(FormatError) as info:
        saves.loads("")
    assert info.value.key == "format.not_json"
    with pytest.raises(FormatError) as info:
        saves.loads("[" * 100_000)
    assert info.value.key == "format.not_json"


def test_refuses_twenty_bricks_in_play(save_data):
    data = copy.deepcopy(save_data)
    data["state"]["players"][0]["hand"][0] += 1
    refused(data, "format.replay_mismatch")
    error = refused(data, "format.resource_total", verify_history=False)
    assert error.params["count"] == 20 and error.params["resource"] == 0


def test_refuses_a_tampered_hand(save_data):
    data = copy.deepcopy(save_data)
    hands = [pl["hand"] for pl in data["state"]["players"]]
    giver = next(p for p, h in enumerate(hands) if h[4] or h[3])
    r = 4 if hands[giver][4] else 3
    hands[giver][r] -= 1
    hands[(giver + 1) % 4][r] += 1  # totals still 19: only the replay notices
    refused(data, "format.replay_mismatch")
    saves.load(data, verify_history=False)  # consistent on its own


def test_refuses_a_settlement_breaking_the_distance_rule(save_data):
    data = copy.deepcopy(save_data)
    pl = data["state"]["players"][0]
    from catan_core.board import NODE_NODES

    pl["settlements"].append(NODE_NODES[pl["settlements"][0]][0])
    refused(data, "format.replay_mismatch")
    refused(data, "format.distance", verify_history=False)


def test_refuses_other_tampering(save_data):
    data = copy.deepcopy(save_data)
    data["log"][0]["player"] = 3 - data["log"][0]["player"]
    refused(data, "format.replay_mismatch")
    data = copy.deepcopy(save_data)
    data["history"][5] = "0 city 0"
    error = refused(data, "format.illegal_history")
    assert error.params["index"] == 6
    data["history"][5] = "0 teleport"
    refused(data, "format.illegal_history")
    data = copy.deepcopy(save_data)
    data["board"]["numbers"][0], data["board"]["numbers"][1] = data["board"]["numbers"][1], data["board"]["numbers"][0]
    if data["board"]["numbers"] != save_data["board"]["numbers"]:
        refused(data, "format.state")
    data = copy.deepcopy(save_data)
    data["state"]["deck"][0] += 1
    refused(data, "format.dev_total", verify_history=False)
    data = copy.deepcopy(save_data)
    data["state"]["robber"] = 19
    refused(data, "format.robber", verify_history=False)
    data = copy.deepcopy(save_data)
    data["state"]["phase"] = "dancing"
    refused(data, "format.field", verify_history=False)
    data = copy.deepcopy(save_data)
    del data["history"]
    refused(data, "format.field")


def test_refuses_unknown_or_bad_options(save_data):
    data = copy.deepcopy(save_data)
    data["options"]["turbo"] = True
    error = refused(data, "format.field")
    assert error.params == {"field": "turbo"}
    data = copy.deepcopy(save_data)
    data["options"]["vp_target"] = 2
    refused(data, "format.option_vp_target")
    data["options"]["vp_target"] = 10
    data["options"]["players"] = 7
    refused(data, "format.option_players")
    data["options"]["players"] = 4
    data["options"]["friendly_robber"] = "yes"
    refused(data, "format.option_flag")
    data["options"]["friendly_robber"] = False
    data["options"]["board"] = "hexagonal"
    refused(data, "format.option_board")
    data["options"]["board"] = "random"
    data["options"]["discard_limit"] = 3
    refused(data, "format.option_discard_limit")


def test_refuses_bad_seats(save_data):
    data = copy.deepcopy(save_data)
    data["seats"][1]["color"] = "blue"
    error = refused(data, "format.seat")
    assert error.params == {"seat": 1}  # the seat index: shown as "Player 2"
    data["seats"][1]["color"] = "#12345g"
    refused(data, "format.seat")
    data = copy.deepcopy(save_data)
    data["seats"][0]["kind"] = "genius"
    refused(data, "format.seat")
    data = copy.deepcopy(save_data)
    data["seats"][0]["name"] = "  "
    refused(data, "format.seat")
    data = copy.deepcopy(save_data)
    data["seats"].pop()
    refused(data, "format.seat_count")


def test_game_refuses_bad_options_and_seats():
    with pytest.raises(FormatError) as info:
        Game(Options(players=3), seats=(Seat("A", "#000000"),))
    assert info.value.key == "format.seat_count"
    with pytest.raises(FormatError) as info:
        Game(Options(vp_target=30))
    assert info.value.key == "format.option_vp_target"


# --- scenario refusals ----------------------------------------------------------------------


def scenario_refused(data, key: str) -> FormatError:
    with pytest.raises(FormatError) as info:
        load_scenario(data)
    assert info.value.key == key, f"expected {key}, got {info.value.key} ({info.value})"
    return info.value


def base(**top):
    data = {"format": "catan-scenario", "board": "beginner", "players": [{"settlements": [8]}, {"settlements": [40]}]}
    data.update(top)
    return data


def with_player(index: int, **fields):
    data = base()
    data["players"][index] = {**data["players"][index], **fields}
    return data


def test_scenario_minimal_is_accepted():
    game = load_scenario(base())
    assert game.phase == "roll" and game.current == 0 and game.turn == 1
    assert game.origin == base()


def test_scenario_refuses_impossible_positions():
    scenario_refused(with_player(1, settlements=[13]), "format.distance")  # next to 8
    scenario_refused(with_player(1, settlements=[8]), "format.piece_overlap")
    scenario_refused(with_player(0, roads=[edge_far()]), "format.road_unconnected")
    scenario_refused(with_player(1, roads=path(8, 13)), "format.road_unconnected")  # 8 is seat 0's
    scenario_refused(with_player(1, cities=[13]), "format.distance")
    two = base()
    two["players"][0]["roads"] = path(8, 13)
    two["players"][1]["roads"] = path(40, 35)
    load_scenario(two)
    two["players"][1]["roads"] = path(8, 13)
    scenario_refused(two, "format.piece_overlap")
    error = scenario_refused(with_player(0, hand={"brick": 20}), "format.resource_total")
    assert error.params == {"resource": 0, "count": 20}
    twenty = base()
    twenty["players"][0]["hand"] = {"ore": 10}
    twenty["players"][1]["hand"] = ["ore"] * 10
    scenario_refused(twenty, "format.resource_total")
    scenario_refused(with_player(0, dev_cards={"monopoly": 3}), "format.dev_total")
    scenario_refused(with_player(0, knights_played=15), "format.dev_total")
    scenario_refused(with_player(0, knights_played=8, dev_cards={"knight": 7}), "format.dev_total")


def edge_far() -> int:
    return path(45, 49)[0]


def test_scenario_refuses_too_many_pieces():
    scenario_refused(with_player(0, settlements=[0, 9, 22, 36, 49, 51]), "format.pieces")
    scenario_refused(with_player(0, settlements=[], cities=[0, 9, 22, 36, 49]), "format.pieces")
    road16 = path(21, 16, 22, 17, 23, 18, 24, 19, 25, 20, 26, 32, 37, 31, 36, 30, 35)
    scenario_refused(with_player(0, settlements=[21], roads=road16), "format.pieces")


def test_scenario_refuses_bad_ids():
    scenario_refused(with_player(0, settlements=[54]), "format.field")
    scenario_refused(with_player(0, settlements=[-1]), "format.field")
    scenario_refused(with_player(0, roads=[72]), "format.field")
    scenario_refused(with_player(0, cities=["8"]), "format.field")
    scenario_refused(with_player(0, settlements=[True]), "format.field")
    scenario_refused(with_player(0, hand={"gold": 1}), "format.field")
    scenario_refused(with_player(0, hand={"brick": -1}), "format.field")
    scenario_refused(with_player(0, hand=["brick", "wood"]), "format.field")
    scenario_refused(with_player(0, dev_cards={"soldier": 1}), "format.field")
    scenario_refused(with_player(0, knights_played=-1), "format.field")
    scenario_refused(base(robber=19), "format.robber")
    scenario_refused(base(current=2), "format.field")
    scenario_refused(base(dice=[[7, 1]]), "format.field")
    scenario_refused(base(dice=[3, 4]), "format.field")
    scenario_refused(base(phase="trade"), "format.field")
    scenario_refused(base(seed="x"), "format.field")


def test_scenario_refuses_unknown_keys_and_bad_headers():
    scenario_refused(base(weather="rain"), "format.field")
    scenario_refused(base(title={"not": "text"}), "format.field")  # would not save as JSON
    assert load_scenario(base(title="The distance rule")).origin["title"] == "The distance rule"
    scenario_refused(with_player(0, gold=3), "format.seat")
    scenario_refused(with_player(0, color="red"), "format.seat")
    scenario_refused(base(options={"turbo": True}), "format.field")
    scenario_refused(base(options={"vp_target": 1}), "format.option_vp_target")
    scenario_refused(base(options=[]), "format.field")
    scenario_refused(base(format="catan-save"), "format.not_a_scenario")
    scenario_refused([], "format.not_a_scenario")
    scenario_refused(base(version=3), "format.version")
    scenario_refused(base(version=0), "format.version")
    scenario_refused(base(turn=4), "format.field")  # a field of version 2 in a version 1 file
    scenario_refused(base(version={}), "format.field")  # a fragment's odd version is not echoed back
    scenario_refused(base(players=[{}]), "format.option_players")
    scenario_refused(base(players=[{}] * 5), "format.option_players")
    scenario_refused(base(players="two"), "format.option_players")
    scenario_refused(base(board={"terrains": ["forest"] * 19, "numbers": [0] * 19, "harbors": ["generic"] * 9}), "format.board_terrains")
    scenario_refused(base(board={"terrains": "x"}), "format.field")


def test_scenario_refuses_wrong_card_holders():
    scenario_refused(base(longest_road=1), "format.state")  # nobody has 5 roads
    scenario_refused(base(largest_army=0), "format.state")
    tie = base()
    tie["players"][0]["knights_played"] = 3
    tie["players"][1]["knights_played"] = 4
    scenario_refused(dict(tie, largest_army=0), "format.state")  # seat 1 has more
    assert load_scenario(tie).largest_army == 1


def test_scenario_with_a_random_board():
    board = Game(Options(), seed=3).board.to_json()
    game = load_scenario(base(board=board))
    assert game.board.to_json() == board and game.options.board == "random"
    text = saves.dumps(game)
    assert saves.dumps(saves.loads(text)) == text


def test_scenario_phases():
    assert load_scenario(base(phase="main")).phase == "main"
    assert load_scenario(base(phase="robber")).phase == "robber"
    discard = with_player(0, hand={"ore": 9})
    game = load_scenario(dict(discard, phase="discard"))
    assert game.phase == "discard" and game.discards == [4, 0]
    assert load_scenario(base(phase="discard")).phase == "robber"  # nobody over the limit
    setup = load_scenario({"format": "catan-scenario", "players": [{}, {}, {}], "phase": "setup", "current": 1})
    assert setup.phase == "setup_settlement" and setup.setup_order == [1, 2, 0, 0, 2, 1]
    rb = load_scenario(dict(with_player(0, roads=path(8, 13)), phase="road_building"))
    assert rb.phase == "road_building" and rb.free_roads == 2
    do(rb, Action(0, "road", path(13, 18)[0]), Action(0, "road", path(18, 24)[0]))
    assert rb.phase == "main" and rb.dev_played


def test_scenario_hand_forms():
    game = load_scenario(with_player(0, hand=["brick", "brick", "ore"]))
    assert tuple(game.players[0].hand) == cards(brick=2, ore=1)
    assert game.bank == [17, 19, 19, 19, 18]


# --- tampered saves read without replay --------------------------------------------------------


def test_unreadable_history_is_a_format_error(save_data):
    data = copy.deepcopy(save_data)
    data["history"][3] = "0 teleport home"
    refused(data, "format.field", verify_history=False)
    refused(data, "format.illegal_history")


def test_inconsistent_trade_or_setup_state_is_refused():
    game = played(3, 4, 6000, stop=lambda g: g.phase == "setup_road")
    data = saves.dump(game)
    data["state"]["setup_node"] = 10**6
    refused(data, "format.state", verify_history=False)
    game = played(3, 4, 6000, stop=lambda g: g.phase == "trade")
    assert game.phase == "trade"
    data = saves.dump(game)
    data["state"]["trade"]["offerer"] = (game.current + 1) % 4
    refused(data, "format.state", verify_history=False)
    data = saves.dump(game)
    data["state"]["trade"]["targets"] = [game.current]
    refused(data, "format.state", verify_history=False)


def _leaves(obj, at=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _leaves(v, at + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _leaves(v, at + (i,))
    if at:
        yield at


_TAMPER_VALUES = [None, True, -1, 0, 1, 3, 19, 20, 54, 72, 10**9, "x", "main", "trade", [], {}, [1, 2], 2.5, [0] * 5]


@pytest.fixture(scope="module")
def phase_saves():
    out = []
    for phase in ("setup_road", "trade", "discard", "road_building", "main"):
        game = played(3, 4, 6000, stop=lambda g, phase=phase: g.phase == phase)
        out.append(saves.dump(game))
    out.append(saves.dump(played(3, 4, 400, **RULE_OPTIONS)))
    return out


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_any_tampered_save_is_loaded_or_refused_cleanly(phase_saves, data):
    """One changed field: the save loads (and the game works) or FormatError is raised."""
    save = copy.deepcopy(data.draw(st.sampled_from(phase_saves)))
    paths = list(_leaves(save))
    for _ in range(data.draw(st.integers(1, 2))):
        at = data.draw(st.sampled_from(paths))
        target = save
        try:
            for k in at[:-1]:
                target = target[k]
            target[at[-1]] = data.draw(st.sampled_from(_TAMPER_VALUES))
        except (KeyError, IndexError, TypeError):
            pass
    try:
        game = saves.load(save, verify_history=False)
    except FormatError:
        return
    game.legal_actions()
    game.view(0)
    saves.dumps(game)


def test_scenario_game_save_does_not_follow_later_changes_to_the_scenario_dict():
    data = base()
    data["players"][0]["hand"] = {"brick": 1}
    game = load_scenario(data)
    data["players"][0]["hand"]["brick"] = 5  # the caller reuses its dict
    saved = saves.dump(game)
    assert saved["origin"]["players"][0]["hand"] == {"brick": 1}
    assert saves.dump(saves.load(saved)) == saved


def test_two_seats_may_not_share_a_colour() -> None:
    with pytest.raises(FormatError) as info:
        Game(Options(players=2), 1, (Seat("Ana", "#d7263d"), Seat("Ben", "#D7263D")))
    assert info.value.key == "format.seat_colors"


def test_an_invalid_seat_is_named_in_the_message() -> None:
    with pytest.raises(FormatError) as info:
        seats_from_json([{"name": "Ana", "color": "#d7263d"}, {"name": " ", "color": "#1b65c4"}], 2)
    assert info.value.key == "format.seat" and "Player 2" in str(info.value)


def test_the_save_writer_writes_what_dumps_writes_through_a_game_with_take_backs() -> None:
    """The page saves after every move with a SaveWriter (each recorded action and event encoded
    once); its text is always the very text of ``dumps``, also after a move is taken back."""
    import random

    from catan_core.saves import SaveWriter, dumps

    for seed in (1, 2):
        game, writer, rng = Game(Options(players=3), seed=seed), SaveWriter(), random.Random(seed)
        marks = []
        while game.phase != "over" and len(game.history) < 400:
            if marks and rng.random() < 0.1:
                game.restore(marks.pop())
            else:
                marks.append(game.snapshot())
                game.apply(rng.choice(game.legal_actions()))
            assert writer.text(game) == dumps(game)
