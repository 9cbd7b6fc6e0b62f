"""Action text round trips, parse errors, and the message catalog covering the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import catan_core
from catan_core import actions as A
from catan_core import saves
from catan_core.actions import Action, cards_text, parse_cards, validate_shape
from catan_core.errors import CatanError, IllegalActionError, InvalidActionError
from catan_core.game import PHASES, Game, Options
from catan_core.events import OTHER_SEAT
from catan_core.i18n import LANGUAGES, catalog
from catan_core.places import SPOT_PARAMS, event_text, places
from catan_core.rng import Rng

from test_properties import choose, random_action

# --- round trips ------------------------------------------------------------------------

seats = st.integers(0, 5)
resources = st.integers(0, 4)
card_counts = st.tuples(*[st.integers(0, 19)] * 5)
dice = st.tuples(st.integers(1, 6), st.integers(1, 6))

VALUES = {
    A.ROLL: st.one_of(st.none(), dice),
    A.ROAD: st.integers(0, 71),
    A.SETTLEMENT: st.integers(0, 53),
    A.CITY: st.integers(0, 53),
    A.BUY: st.none(),
    A.KNIGHT: st.none(),
    A.ROAD_BUILDING: st.none(),
    A.YEAR_OF_PLENTY: st.tuples(resources, resources),
    A.MONOPOLY: resources,
    A.DISCARD: card_counts,
    A.ROBBER: st.tuples(st.integers(0, 18), st.integers(-1, 5)),
    A.MARITIME: st.tuples(resources, resources),
    A.OFFER: st.tuples(card_counts, card_counts, st.integers(-1, 5)),
    A.ACCEPT: st.none(),
    A.DECLINE: st.none(),
    A.COUNTER: st.tuples(card_counts, card_counts),
    A.CONFIRM: st.integers(0, 5),
    A.CANCEL: st.none(),
    A.END: st.none(),
}

actions = st.sampled_from(A.KINDS).flatmap(lambda kind: st.builds(Action, seats, st.just(kind), VALUES[kind]))


def test_every_kind_has_a_value_strategy():
    assert set(VALUES) == set(A.KINDS)


@settings(max_examples=600, deadline=None, derandomize=True)
@given(actions)
def test_text_round_trip(action):
    validate_shape(action)
    text = action.text()
    assert str(action) == text
    assert Action.parse(text) == action
    assert Action.parse("  " + text.replace(" ", "   ") + "\n") == action  # spacing does not matter
    assert text.split()[1] == action.kind and int(text.split()[0]) == action.player


@settings(max_examples=200, deadline=None, derandomize=True)
@given(card_counts)
def test_cards_text_round_trip(counts):
    assert parse_cards(cards_text(counts)) == counts


def test_text_examples():
    assert Action(1, "robber", (4, -1)).text() == "1 robber 4 -"
    assert Action(0, "roll", (3, 4)).text() == "0 roll 3+4"
    assert Action(2, "end").text() == "2 end"
    assert Action(0, "offer", ((1, 0, 0, 0, 0), (0, 0, 0, 0, 2), 2)).text() == "0 offer brick>ore,ore to 2"
    assert Action(3, "counter", ((0, 0, 0, 0, 0), (0, 1, 0, 0, 0))).text() == "3 counter ->lumber"
    assert Action(0, "discard", (0, 0, 0, 0, 0)).text() == "0 discard -"
    assert Action.parse("1 discard brick:2,ore").value == (2, 0, 0, 0, 1)
    assert Action.parse("0 year_of_plenty ore, grain").value == (4, 3)


BAD_TEXTS = [
    ("", "action.unparseable"),
    ("0", "action.unparseable"),
    ("road 3", "action.unparseable"),
    ("x road 3", "action.unparseable"),
    ("-1 road 3", "action.unparseable"),
    ("0 fly", "action.unparseable"),
    ("0 ROAD 3", "action.unparseable"),
    ("0 road", "action.unparseable"),
    ("0 road x", "action.unparseable"),
    ("0 road 3 4", "action.unparseable"),
    ("0 road 72", "action.malformed"),
    ("0 settlement 54", "action.malformed"),
    ("0 city -1", "action.malformed"),
    ("6 end", "action.malformed"),
    ("0 end now", "action.unparseable"),
    ("0 roll 3", "action.unparseable"),
    ("0 roll 3+4+5", "action.unparseable"),
    ("0 roll 7+1", "action.malformed"),
    ("0 roll 0+1", "action.malformed"),
    ("0 monopoly gold", "action.unparseable"),
    ("0 monopoly", "action.unparseable"),
    ("0 year_of_plenty brick,", "action.unparseable"),
    ("0 year_of_plenty brick,ore,wool", "action.unparseable"),
    ("0 maritime brick", "action.unparseable"),
    ("0 maritime brick>gold", "action.unparseable"),
    ("0 robber 9", "action.unparseable"),
    ("0 robber 9 x", "action.unparseable"),
    ("0 robber 19 -", "action.malformed"),
    ("0 robber 3 6", "action.malformed"),
    ("0 offer brick>ore", "action.unparseable"),
    ("0 offer brick>ore to x", "action.unparseable"),
    ("0 offer brick>ore to 6", "action.malformed"),
    ("0 offer brick to all", "action.unparseable"),
    ("0 counter brick", "action.unparseable"),
    ("0 discard brick:x", "action.unparseable"),
    ("0 discard brick:-1", "action.malformed"),
    ("0 discard brick:20", "action.malformed"),
    ("0 discard gold", "action.unparseable"),
    ("0 confirm all", "action.unparseable"),
    ("0 confirm 6", "action.malformed"),
    ("0 accept yes", "action.unparseable"),
]


@pytest.mark.parametrize("text,key", BAD_TEXTS)
def test_parse_errors(text, key):
    with pytest.raises(InvalidActionError) as info:
        Action.parse(text)
    assert info.value.key == key
    assert isinstance(info.value, CatanError) and isinstance(info.value, ValueError)
    assert "{" not in str(info.value)


@pytest.mark.parametrize(
    "action",
    [
        Action(0, "road", True),
        Action(0, "road", 3.0),
        Action(0, "road", None),
        Action(0, "end", 1),
        Action(0, "fly"),
        Action(6, "end"),
        Action(-1, "end"),
        Action(0, "discard", (1, 2, 3)),
        Action(0, "discard", (0, 0, 0, 0, 20)),
        Action(0, "robber", (3,)),
        Action(0, "maritime", (0, 5)),
        Action(0, "offer", ((1, 0, 0, 0, 0), (0, 1, 0, 0, 0))),
        Action(0, "roll", (3, 7)),
        Action(0, "roll", [3, 4]),
    ],
)
def test_malformed_actions_are_refused_by_the_game(action):
    game = Game(Options(players=3, board="beginner"), seed=1)
    before = saves.dumps(game)
    with pytest.raises(InvalidActionError) as info:
        game.apply(action)
    assert info.value.key == "action.malformed"
    assert saves.dumps(game) == before


def test_apply_accepts_text():
    game = Game(Options(players=3, board="beginner"), seed=1)
    events = game.apply("0 roll 2+3")
    assert events[0].data["total"] == 5 and game.history == [Action(0, "roll", (2, 3))]


# --- the message catalog ---------------------------------------------------------------------

PACKAGE = Path(catan_core.__file__).parent
KEY_LITERAL = re.compile(r"""["']((?:rule|format|action|event|word|cards|resource|devcard|terrain|place|svg)\.[a-z_0-9]+)["']""")
EVENT_LITERAL = re.compile(r"""\b[Ee]vent\(\s*["']([a-z_]+)["']""")
"""An event made in the engine: ``Event("kind", ...)`` or its fast form ``event("kind", ...)``."""


def engine_sources() -> dict[str, str]:
    return {str(p.relative_to(PACKAGE)): p.read_text(encoding="utf-8") for p in sorted(PACKAGE.rglob("*.py"))}


def test_every_message_key_in_the_source_exists():
    en = catalog("en")
    used = set()
    for name, text in engine_sources().items():
        for key in KEY_LITERAL.findall(text):
            if not key.endswith("_"):  # a prefix, such as "rule.phase_" + phase
                used.add((key, name))
    assert len(used) > 50
    missing = sorted(f"{key} ({name})" for key, name in used if key not in en)
    assert not missing, missing


def test_every_event_kind_has_a_message():
    en = catalog("en")
    kinds = set()
    for text in engine_sources().values():
        kinds.update(EVENT_LITERAL.findall(text))
    assert {"roll", "produce", "steal", "buy", "win", "longest_road"} <= kinds
    missing = sorted(kind for kind in kinds if "event." + kind not in en)
    assert not missing, missing
    for variant in ("event.steal_hidden", "event.buy_hidden", "event.longest_road_none"):
        assert variant in en


def test_every_phase_rule_has_a_message():
    en = catalog("en")
    assert all("rule.phase_" + phase in en for phase in PHASES)


def test_names_have_messages():
    en = catalog("en")
    from catan_core.board import RESOURCES, TERRAINS
    from catan_core.game import DEV_CARDS

    assert all("resource." + r in en for r in RESOURCES)
    assert all("terrain." + t in en for t in TERRAINS)
    assert all("devcard." + c in en for c in DEV_CARDS)


NO_SEAT_EVENTS = frozenset({"event.robber_blocks", "event.shortage", "event.longest_road_none", "event.dice_reshuffle"})
"""Event sentences about nobody in particular (the event's player is -1)."""


def test_every_sentence_about_a_seat_has_a_second_person_form():
    en = catalog("en")
    events = [key for key in en if key.startswith("event.") and key.count(".") == 1]
    missing = [key + ".you" for key in events if key not in NO_SEAT_EVENTS and key + ".you" not in en]
    for kind in OTHER_SEAT:
        missing += [f"event.{variant}.to_you" for variant in (kind, kind + "_hidden")
                    if "event." + variant in en and f"event.{variant}.to_you" not in en]
    assert missing == []
    assert not [key for key in en if key.startswith("event.") and key.count(".") == 2
                and key.rsplit(".", 1)[0] not in en], "a second person form of no sentence"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_message_renders(lang):
    """Events of real games render in every language for every reader: each seat (in the
    second person when about it) and a spectator. Keys exist, every placeholder is filled,
    spots are in words and a sentence about the reader never names the reader."""
    seen = set()
    names = ["Ana", "Ben", "Chen", "Dev"]
    for seed, players in ((1, 4), (2, 3), (3, 2)):
        game = Game(Options(players=players), seed=seed)
        rng = Rng(seed)
        while game.phase != "over":
            game.apply(choose(game, rng))
        words = places(game.board, lang)
        for viewer in (None, *range(players)):
            for event in game.view(viewer).log:
                key, params = event.message(viewer)
                seen.add(key)
                text = event_text(event, game.board, lang, names, viewer)
                assert text != key and not re.search(r"\{[a-z_]+\}", text), (key, params, text)
                for spot in SPOT_PARAMS & set(params):
                    assert words.spot(spot, params[spot]) in text, (key, text)
                if key.endswith((".you", ".to_you")):
                    assert names[viewer] not in text, (key, text)
    assert {"event.steal_hidden", "event.buy_hidden", "event.trade", "event.win", "event.buy.you"} <= seen
    assert {"event.steal.you", "event.steal.to_you", "event.build_road.you", "event.robber.you", "event.win.you",
            "event.produce.you", "event.robber_blocks", "event.trade.to_you", "event.offer.to_you"} <= seen


def test_every_rule_error_renders():
    """Errors met by random probes of random games carry keys with complete messages."""
    seen = set()
    for seed in range(3):
        game = Game(Options(players=3), seed=seed)
        rng = Rng(seed)
        while game.phase != "over":
            for _ in range(3):
                action = random_action(rng, game)
                try:
                    game.check_action(action)
                except IllegalActionError as error:
                    seen.add(error.key)
                    assert "{" not in str(error) and str(error) != error.key, error.key
            game.apply(choose(game, rng))
    assert len(seen) > 25
