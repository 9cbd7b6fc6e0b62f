"""The coach (catan_core.coach): hints and chances read only a seat's view, hints are legal
in every phase and explain themselves with quantities of the learned evaluation named in
the four catalogs, reviews find a seat's biggest drops in a finished game, and the card
tracker never claims a card a seat does not hold."""

from __future__ import annotations

import json
import math
import string
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from catan_helpers import bot_game, cards, scenario
from test_bots import hide_differently

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.board import HEX_NODES, NODE_EDGES
from catan_core.bots import make_bot
from catan_core.bots.base import conclude
from catan_core.bots.features import FEATURES, INDEX
from catan_core.bots.model import default_model, plan_features
from catan_core.coach import (
    Pondering,
    card_tracker,
    chances,
    chart_svg,
    hint,
    hints as H,
    play_on,
    reasons as R,
    review,
    reviews as V,
    start_hint,
    start_review,
    words as W,
)
from catan_core.coach.cards import SureCounter
from catan_core.events import Event
from catan_core.game import Game, Options
from catan_core.i18n import LANGUAGES, params_fit
from catan_core.names import ORE
from catan_core.replay import Replay
from catan_core.rng import Rng
from catan_core.saves import dump
from catan_core.scenarios import load_scenario
from catan_core.state import SETUP_PHASES

MESSAGES = Path(__file__).resolve().parents[1] / "catan_core" / "messages"
SVG = "{http://www.w3.org/2000/svg}"
RARE = frozenset({"setup_settlement", "setup_road", "roll", "robber", "discard", "road_building"})
"""Phases every position of which the legality property asks about (others: every few steps)."""
PLAYER = "standard-classic"
"""The computer player of the games these tests play: the one-ply player, not the learned one
the coach asks (the standard level; a review of its own games would find no drop to show),
and a few times quicker."""
MIXED = (PLAYER, "random", PLAYER, "random")
"""The seats of most of these tests' games."""


def catalog(lang: str) -> dict[str, Any]:
    return json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))


def finished(seed: int, players: int = 3) -> Game:
    game = Game(Options(players=players, board="beginner"), seed=seed)
    bots = [make_bot(PLAYER, seed=seed * 10 + q) for q in range(players)]
    while game.winner < 0:
        p = game.to_act
        game.apply(bots[p].decide(game.view(p)))
    return game


def fields(entry: Any) -> list[set[str]]:
    """The placeholders of each form of a catalog entry."""
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in texts]


def assert_reasons_fit(reasons: tuple[Any, ...]) -> None:
    for reason in reasons:
        for lang in LANGUAGES:
            assert params_fit(reason.key, reason.params, lang), (lang, reason)


# --- only the view ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 8])
def test_hints_chances_and_the_tracker_read_only_the_view(seed):
    """Games that differ only in what a seat cannot see (the other hands, their development
    cards, the deck's order, the dice to come) give that seat the same hint (move, plan,
    reasons, chances), the same chances, sampled or not, and the same card tracker."""
    game = Game(Options(players=4), seed=seed)
    bots = [make_bot(PLAYER, seed=seed * 10 + i) for i in range(4)]
    shuffler = Rng(seed)
    checked, differed = 0, 0
    for step in range(500):
        if game.winner >= 0:
            break
        p = game.to_act
        view = game.view(p)
        if step % 20 == 0:
            twin = hide_differently(game, p, shuffler)
            other = twin.view(p)
            differed += [pl.hand for pl in twin.players] != [pl.hand for pl in game.players]
            assert hint(view, seed=step) == hint(other, seed=step)
            assert chances(view) == chances(other)
            assert chances(view, samples=3, seed=step) == chances(other, samples=3, seed=step)
            assert card_tracker(view) == card_tracker(other)
            checked += 1
        game.apply(bots[p].decide(view))
    assert checked >= 20 and differed >= 10


def test_the_same_view_and_seed_give_the_same_hint_another_seed_may_not():
    game = bot_game(5, 160, MIXED)
    view = game.view(game.to_act)
    assert hint(view, seed=4) == hint(view, seed=4)
    samples = {tuple(chances(view, samples=2, seed=s)) for s in range(4)}
    assert len(samples) > 1  # the guesses of the hidden hands differ; each is one seed's


# --- legal in every phase -----------------------------------------------------------------------


def test_hints_are_legal_in_every_phase():
    """Positions of games of classic standard and random players: at every step of the rare phases
    (set-up, roll, robber, discards, free roads) and every ninth step otherwise, the hint
    is legal in the real game, its reasons fit the catalogs and its sentence renders in
    every language; every phase and every kind of answer comes up."""
    phases: set[str] = set()
    kinds: set[str] = set()
    for seed in range(3):
        game = Game(Options(players=4), seed=seed)
        bots = [make_bot(level, seed=seed * 10 + i) for i, level in enumerate(("random", PLAYER) * 2)]
        step = 0
        while game.winner < 0 and game.turn <= 200:
            p = game.to_act
            view = game.view(p)
            offering = view.trade is not None and view.trade.offerer == p
            if (view.phase in RARE and len(view.legal) > 1) or step % 9 == 0 or offering:
                advice = hint(view, seed=step)
                assert game.is_legal(advice.action), (view.phase, advice.action)
                assert advice.plan[:1] in ((), (advice.action,))
                assert advice.chances == tuple(chances(view))
                assert_reasons_fit(advice.reasons)
                names = [s.name for s in view.seats]
                for lang in LANGUAGES:
                    text = advice.text(view.board, lang, names)
                    assert "{" not in text and "}" not in text
                phases.add(view.phase)
                kinds.add(advice.action.kind)
            game.apply(bots[p].decide(view))
            step += 1
    assert phases >= {"setup_settlement", "setup_road", "roll", "main", "robber", "discard", "trade", "road_building"}
    assert kinds >= {A.SETTLEMENT, A.ROAD, A.ROLL, A.KNIGHT, A.ROBBER, A.DISCARD, A.OFFER, A.DECLINE, A.CANCEL,
                     A.CONFIRM, A.BUY, A.END}


@pytest.mark.parametrize("options", [
    Options(players=3, trade_then_build=True), Options(players=4, balanced_dice=True),
    Options(players=2, discard_limit=9, friendly_robber=True),
])
def test_hints_are_legal_under_the_rule_options(options):
    game = Game(options, seed=3)
    bots = [make_bot("random" if q % 2 else PLAYER, seed=q) for q in range(options.players)]
    step = 0
    while game.winner < 0 and game.turn < 80:
        p = game.to_act
        view = game.view(p)
        if step % 5 == 0 or view.phase in RARE:
            assert game.is_legal(hint(view, seed=step).action)
        game.apply(bots[p].decide(view))
        step += 1


def home(*nodes: int, **more: Any) -> dict[str, Any]:
    """A scenario seat with settlements on ``nodes``, a road at each, and ``more``."""
    return {"settlements": list(nodes), "roads": [NODE_EDGES[n][0] for n in nodes], **more}


def cards_scenario() -> Game:
    """Seat 0 with every development card to play and cards to trade, two rivals with cards."""
    return scenario([
        home(12, 40, hand={"brick": 2, "lumber": 1, "wool": 4, "grain": 2, "ore": 1},
             dev_cards={"knight": 1, "road_building": 1, "year_of_plenty": 1, "monopoly": 1}),
        home(20, 43, hand={"ore": 3, "grain": 2, "lumber": 1}),
        home(6, 30, hand={"wool": 2, "brick": 1}),
    ])


def test_every_legal_move_can_be_explained():
    """Every legal move of a main-phase position where every development card can be played
    (as a review explains the moves made) gets a plan that starts with it, reasons that fit
    the catalogs and words in every language: a Knight's plan goes on to the robber, Road
    Building's to its free roads, an offer's to its acceptance."""
    game = cards_scenario()
    view = game.view(0)
    bot = H.decider(0)
    conclude(bot.think(view))
    moves = [a for a in view.legal if a.kind != A.OFFER] + [Action(0, A.OFFER, (cards(wool=2), cards(ore=1), -1))]
    seen = set()
    for move in moves:
        advice = conclude(H.explain(view, bot, move, 0))  # type: ignore[arg-type]
        seen.add(move.kind)
        assert advice.action == move and game.is_legal(move)
        if move.kind not in H.UNPLAYED:
            assert advice.plan[0] == move
        assert_reasons_fit(advice.reasons)
        for lang in LANGUAGES:
            assert "{" not in advice.text(view.board, lang)
        if move.kind == A.ROAD:
            assert advice.marks[0] == f"e{move.value}"
        if move.kind == A.KNIGHT:
            assert [a.kind for a in advice.plan][:2] == [A.KNIGHT, A.ROBBER]
            assert advice.marks[0] == f"h{advice.plan[1].value[0]}"
        if move.kind == A.ROAD_BUILDING:
            assert [a.kind for a in advice.plan][:3] == [A.ROAD_BUILDING, A.ROAD, A.ROAD]
            assert [p.key for p in advice.then][:2] == ["coach.do.free_road"] * 2
        if move.kind == A.OFFER:
            assert [a.kind for a in advice.plan][-1] == A.CONFIRM
            assert all("player" not in r.params for r in advice.reasons)  # nobody named for a guessed partner
    assert seen >= {A.KNIGHT, A.ROAD_BUILDING, A.YEAR_OF_PLENTY, A.MONOPOLY, A.MARITIME, A.OFFER, A.ROAD, A.END}


def test_answers_to_an_offer_are_explained_against_the_offer():
    """Declining is explained against accepting: what accepting would have given away."""
    game = cards_scenario()
    game.apply(Action(0, A.OFFER, (cards(wool=1), cards(ore=1), 1)))
    view = game.view(1)
    bot = H.decider(0)
    conclude(bot.think(view))
    declined = conclude(H.explain(view, bot, Action(1, A.DECLINE), 1))  # type: ignore[arg-type]
    assert declined.other == Action(1, A.ACCEPT)
    accepted = conclude(H.explain(view, bot, Action(1, A.ACCEPT), 1))  # type: ignore[arg-type]
    assert accepted.plan == (Action(1, A.ACCEPT), Action(0, A.CONFIRM, 1))
    assert accepted.after != accepted.chances


# --- reasons --------------------------------------------------------------------------------------


def test_every_feature_is_a_named_quantity_or_ignored():
    grouped = [name for names in R.GROUPS.values() for name in names]
    assert sorted(grouped + list(R.IGNORED)) == sorted(FEATURES)


def group_effect(before, after, me, now, group):
    weights = default_model().weights
    return [
        ((1 - now[me]) if q == me else -now[q])
        * sum(weights[INDEX[n]] * (after[q][INDEX[n]] - before[q][INDEX[n]]) for n in R.GROUPS[group])
        for q in range(len(before))
    ]


def test_reasons_are_the_evaluations_changes_largest_first():
    """A hint's reasons are quantities its plan changes in the learned evaluation: each
    reason's effect is its group's weighted feature changes carried to the seat's
    log-chance, for the seat it names, and they come largest first."""
    checked = 0
    game = Game(Options(players=4), seed=12)
    bots = [make_bot(PLAYER, seed=120 + i) for i in range(4)]
    while checked < 6:
        p = game.to_act
        view = game.view(p)
        game.apply(bots[p].decide(view))
        if view.phase not in ("main", "robber", "setup_settlement"):
            continue
        advice = hint(view)
        if not advice.reasons or advice.other is not None or advice.action.kind == A.OFFER:
            continue  # (an offer's plan gives its assumed partner the cards: another guess)
        (before, _), (after, _) = plan_features(view, [(), advice.plan], H.guess(view))
        now = default_model().chances_of(before)
        effects = [r.effect for r in advice.reasons]
        assert effects == sorted(effects, reverse=True) and effects[-1] >= R.MIN_EFFECT
        every = {round(e, 12) for g in R.GROUPS for e in group_effect(before, after, advice.seat, now, g)}
        assert {round(e, 12) for e in effects} <= every
        checked += 1


def test_a_city_is_explained_by_its_point_and_its_production():
    game = scenario([home(12, 40, hand={"grain": 2, "ore": 3}), home(20, 43)])
    view = game.view(0)
    city = next(a for a in view.legal if a.kind == A.CITY)
    advice = conclude(H.explain(view, H.decider(0), city, 0))  # type: ignore[arg-type]
    keys = [r.key for r in advice.reasons]
    assert "coach.reason.points" in keys and keys[0] == "coach.reason.points"
    assert advice.reasons[0].params == {"count": 1, "total": 3}  # a settlement became a city
    assert advice.after[0] > advice.chances[0]


def test_the_set_up_is_explained_by_production_not_by_its_point():
    game = Game(Options(players=4), seed=1)
    view = game.view(game.to_act)
    advice = hint(view)
    assert advice.action.kind == A.SETTLEMENT and view.phase in SETUP_PHASES
    keys = [r.key for r in advice.reasons]
    assert "coach.reason.points" not in keys
    assert any(key.startswith("coach.reason.production") for key in keys)


def test_every_message_the_coach_can_say_is_in_the_four_catalogs():
    """The keys the coach's words can produce, enumerated from its tables, are exactly the
    ``coach.*`` keys of the catalogs (none missing, none left over), with the same
    placeholders in every language."""
    do = {f"coach.do.{kind}" for kind in W._PLAIN_ACTIONS} | {
        f"coach.do.{k}" for k in ("settlement", "city", "road", "free_road", "year_of_plenty", "monopoly", "discard",
                                  "robber", "robber_alone", "maritime", "offer", "counter", "confirm")
    }
    builds = [build for build, _ in R.BUILDS.values()]
    said = {f"coach.reason.{k}" for k in (
        "win", "points", "production", "production_first", "harbor", "harbor_generic", "harbor_pips", "dev_cards",
        "safe_from_seven", "less_to_lose", "cards", "their_points", "their_production", "their_production_leader",
        "their_room", "their_road", "their_army", "their_cards", *R.ROOM.values(),
    )}
    races = ("longest_road", "largest_army")
    said |= {f"coach.reason.{race}_{end}" for race in races for end in ("lead", "closer", "length")}
    said |= {f"coach.reason.points_{race}" for race in races} | {f"coach.reason.their_{race}" for race in races}
    said |= {f"coach.reason.{kind}.{build}" for kind in ("ready", "progress", "their_progress") for build in builds}
    frames = {f"coach.hint.{k}" for k in ("then", "because", "alone", "compared")}
    chart = {f"coach.chart.{k}" for k in ("title", "axis_y", "legend", "item", "series", "summary", "summary_drops",
                                          "drop", "even", "note")}
    expected = do | said | frames | chart
    english = catalog("en")
    assert {key for key in english if key.startswith("coach.")} == expected
    for lang in LANGUAGES:
        entries = catalog(lang)
        for key in expected:
            assert key in entries, (lang, key)
            assert fields(entries[key]) == fields(english[key]), (lang, key)


# --- thinking in steps ---------------------------------------------------------------------------


def test_a_hint_in_steps_is_the_same_hint():
    game = bot_game(2, 200, MIXED)
    view = game.view(game.to_act)
    pondering = start_hint(view, seed=3)
    assert isinstance(pondering, Pondering)
    slices = 0
    while pondering.advance(lambda: True) is None:
        slices += 1
    assert slices >= 2 and pondering.done
    assert pondering.result() == hint(view, seed=3)


def test_a_hint_is_for_the_seat_that_must_act():
    game = bot_game(2, 50, MIXED)
    waiting = (game.to_act + 1) % 4
    with pytest.raises(ValueError):
        hint(game.view(waiting))
    with pytest.raises(ValueError):
        hint(game.view(None))


# --- chances ---------------------------------------------------------------------------------------


def test_chances_add_up_to_one_for_a_seat_and_a_spectator():
    game = bot_game(7, 300, MIXED)
    for viewer in (None, 0, 1):
        for samples in (0, 3):
            odds = chances(game.view(viewer), samples=samples)
            assert len(odds) == 4 and math.isclose(sum(odds), 1.0) and all(0 < p < 1 for p in odds)


# --- reviews ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reviewed() -> tuple[Game, V.Review]:
    game = finished(11)
    return game, review(game, seat=1)


def test_a_review_gives_the_chances_after_every_turn(reviewed):
    game, result = reviewed
    replay = Replay(game)
    starts = [t for t in replay.turns() if t.turn >= 1]
    assert result.steps[:-1] == tuple(t.step for t in starts) and result.steps[-1] == replay.length
    assert result.turns == tuple(sorted(result.turns)) and result.turns[-1] == game.turn
    assert len(result.chances) == 3 and all(len(c) == len(result.turns) for c in result.chances)
    for i in range(len(result.turns)):
        assert math.isclose(sum(c[i] for c in result.chances), 1.0)
    assert result.over and [c[-1] for c in result.chances] == [1.0 if q == game.winner else 0.0 for q in range(3)]
    replay.go(starts[4].step)
    assert tuple(c[4] for c in result.chances) == tuple(chances(replay.game.view(1)))


def test_a_review_finds_three_drops_at_valid_steps(reviewed):
    game, result = reviewed
    replay = Replay(game)
    assert len(result.drops) == V.MAX_DROPS
    losses = [d.loss for d in result.drops]
    assert losses == sorted(losses, reverse=True) and losses[-1] >= V.MIN_DROP
    assert len({d.turn for d in result.drops}) == len(result.drops)
    for drop in result.drops:
        assert 0 <= drop.step < replay.length and replay.actions[drop.step] == drop.action
        assert drop.made[:1] in ((), (drop.action,)) and drop.action.player == 1
        assert replay.turn_at(drop.step).turn == drop.turn
        position = replay.game_at(drop.step)
        assert position.is_legal(drop.preferred) and drop.preferred != drop.action
        assert drop.plan[:1] in ((), (drop.preferred,))
        assert_reasons_fit(drop.reasons)
        for lang in LANGUAGES:
            assert "{" not in drop.text(game.board, lang)
        scenario_data = play_on(replay, drop.step)
        assert load_scenario(scenario_data).to_json() == position.to_json()


def test_a_review_in_steps_from_a_save_is_the_same(reviewed):
    game, result = reviewed
    pondering = start_review(Replay.from_save(dump(game)), seat=1)
    slices = 0
    while pondering.advance(lambda: True) is None:
        slices += 1
    assert slices > 100 and pondering.result() == result


def test_the_review_chart(reviewed):
    game, result = reviewed
    for lang in LANGUAGES:
        for width in (320, 900):
            svg = chart_svg(result, lang, width)
            root = ET.fromstring(svg)
            assert root.get("role") == "img" and root.find(SVG + "title") is not None
            assert root.get("viewBox").split()[2] == str(width)
            series = [g for g in root.iter(SVG + "g") if g.get("class") == "series"]
            assert [g.get("data-seat") for g in series] == ["0", "1", "2"]
            assert len({g.get("data-marker") for g in series}) == 3  # told apart without colour
            drops = [g for g in root.iter(SVG + "g") if g.get("class") == "drop"]
            assert [int(g.get("data-turn")) for g in drops] == [d.turn for d in result.drops]
            assert game.seats[1].name in root.get("aria-label")
    named = chart_svg(result, "en", names=["<b>&", "Ben", "Chen"])
    assert "<b>&" not in named and "&lt;b&gt;&amp;" in named
    assert chart_svg(result, "hi") == chart_svg(result, "hi")


def test_a_review_needs_a_seat_of_the_game(reviewed):
    game, _ = reviewed
    with pytest.raises(ValueError):
        review(game, seat=3)


# --- the card tracker ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(0, 24, 3))
def test_the_card_tracker_never_claims_a_card_a_seat_does_not_hold(seed):
    """Over games of random and classic standard players (steals seen and unseen, Monopolies,
    discards, trades), every viewer's tracker, a spectator's too: the cards known for sure
    are at most the real ones, resource by resource, and known plus unknown is the hand."""
    levels = ("random", PLAYER, "random") if seed % 2 else (PLAYER, "random", "random", PLAYER)
    game = Game(Options(players=len(levels)), seed=seed)
    bots = [make_bot(level, seed=seed * 10 + i) for i, level in enumerate(levels)]
    known = total = 0
    step = 0
    while game.winner < 0 and game.turn <= 250:
        last = game.log[-1].kind if game.log else ""
        if step % 11 == 0 or last in ("steal", "monopoly", "discard", "trade"):
            for viewer in (None, *range(len(levels))):
                for k in card_tracker(game.view(viewer)):
                    real = game.players[k.seat].hand
                    assert all(k.known[r] <= real[r] for r in range(5)), (viewer, k, real)
                    assert k.unknown >= 0 and sum(k.known) + k.unknown == sum(real)
                    if k.seat != viewer:
                        known += sum(k.known)
                        total += sum(real)
        p = game.to_act
        game.apply(bots[p].decide(game.view(p)))
        step += 1
    assert total > 0 and known / total > 0.4  # it does know something


def test_the_tracker_names_a_card_stolen_from_a_hand_of_one_resource():
    """A steal out of sight from a hand known whole: one fewer of each resource it may
    have been; when the hand held one resource only, the thief is known to hold it."""
    counter = SureCounter()
    counter.reset(3)
    for event in (
        Event("produce", 1, {"cards": [0, 0, 0, 0, 2]}),
        Event("produce", 2, {"cards": [1, 0, 1, 0, 0]}),
        Event("steal", 0, {"victim": 1}),  # the viewer's log: no secret
        Event("steal", 1, {"victim": 2}),
    ):
        counter._apply(event)
    assert counter.cards == [[0, 0, 0, 0, 1], [0, 0, 0, 0, 1], [0, 0, 0, 0, 0]]
    assert counter.sizes == [1, 2, 1]


def test_a_scenario_log_is_read_without_deductions():
    """A game begun from a scenario has hands from before its log: they count as unknown,
    and nothing is deduced from the hand sizes the log cannot account for."""
    mountain = 4  # the mountains 6 of the beginner board
    game = scenario([home(40), home(HEX_NODES[mountain][0], hand={"wool": 3}), home(30)],
                    phase="roll", dice=[[3, 3], [2, 2], [3, 4]])
    for seat in range(2):
        game.apply(Action(seat, A.ROLL))
        game.apply(Action(seat, A.END))
    game.apply(Action(2, A.ROLL))
    game.apply(next(a for a in game.legal_actions() if a.kind == A.ROBBER and a.value[1] == 1))
    assert any(e.kind == "produce" and e.player == 1 and e.data["cards"][ORE] for e in game.log)  # an ore in the open
    received = [sum(e.data["cards"][r] for e in game.log if e.kind == "produce" and e.player == 2) for r in range(5)]
    for viewer in (None, 0):
        tracked = card_tracker(game.view(viewer))
        assert list(tracked[2].known) == received and tracked[2].unknown == 1  # the stolen card: unknown
        assert tracked[1].known[ORE] <= game.players[1].hand[ORE] and tracked[1].size == sum(game.players[1].hand)
