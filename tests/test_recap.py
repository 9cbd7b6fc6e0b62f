"""The recap of what touched a seat since it last acted, and what the last roll paid."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from catan_core.game import Game, Options
from catan_core.i18n import LANGUAGES
from catan_core.recap import (
    Answer, AwardChange, Offer, Recap, RobberMove, Seizure, Theft, TradeWith, cards_words, last_acted, last_production, recap,
    sentences,
)
from catan_core.scenarios import load_scenario
from catan_helpers import cards, do, scenario

NAMES = ["Red", "Blue", "White"]
SCENARIOS = Path(__file__).resolve().parents[1] / "web" / "scenarios"


def said(game: Game, seat: int, lang: str = "en", since: int | None = None) -> list[str]:
    view = game.view(seat)
    return sentences(recap(view, since), view.board, lang, NAMES)


def robbed_game() -> Game:
    """Seat 0 ended its turn; seat 1 rolled a 4 that paid seat 0; seat 2 rolled a 7 and robbed seat 0."""
    game = Game(Options(players=3, board="beginner"), seed=1)
    do(game, "0 roll 5+5", "0 end", "1 roll 2+2", "1 end", "2 roll 3+4", "2 robber 4 0", "2 end")
    return game


def two_traders(**top: object) -> Game:
    hands = [cards(brick=2, ore=1), cards(wool=2, grain=1), cards(wool=1, ore=2)]
    players = [{"settlements": [s], "roads": [r], "hand": dict(zip(("brick", "lumber", "wool", "grain", "ore"), h))}
               for s, r, h in zip((12, 9, 22), (11, 8, 24), hands)]
    return scenario(players, current=0, **top)


# --- the seat's own actions -------------------------------------------------------------------------


def test_last_acted_is_the_end_of_the_seats_last_action() -> None:
    game = robbed_game()
    log = game.log
    end = next(i for i, e in enumerate(log) if e.kind == "end_turn" and e.player == 0)
    assert log[end + 1].kind == "turn"  # the next turn belongs to the end of the turn
    assert last_acted(log, 0) == end + 2
    assert last_acted(log, 2) == len(log)
    assert last_acted(Game(Options(players=3, board="beginner"), seed=1).log, 0) == 0


def test_the_seats_own_actions_are_left_out_wherever_since_lies() -> None:
    game = robbed_game()
    setup = next(e for e in game.log if e.kind == "setup_resources" and e.player == 0)
    everything = recap(game.view(0), since=0)  # the set-up cards came before any action
    assert everything.received == tuple(c + (2 if r == 0 else 0) for r, c in enumerate(setup.data["cards"]))
    own_roll = Game(Options(players=3, board="beginner"), seed=1)
    start = len(own_roll.log)
    do(own_roll, "0 roll 4+4")  # pays seat 0 a lumber: seen as it happened
    assert recap(own_roll.view(0), since=start).empty
    assert recap(own_roll.view(1), since=start).received == cards(ore=1)


def test_set_up_cards_count_as_received() -> None:
    game = Game(Options(players=3, board="beginner"), seed=1)
    setup = next(e for e in game.log if e.kind == "setup_resources" and e.player == 2)
    assert recap(game.view(2)).received == tuple(setup.data["cards"])


def test_a_spectator_has_no_recap() -> None:
    with pytest.raises(ValueError):
        recap(robbed_game().view(None))


# --- gains and losses ----------------------------------------------------------------------------------


def test_production_robber_and_theft() -> None:
    summary = recap(robbed_game().view(0))
    assert summary.received == (2, 0, 0, 0, 0)
    assert summary.robber == (RobberMove(2, 4),)
    assert summary.thefts == (Theft(2, cards(lumber=1)),)
    assert said(robbed_game(), 0) == [
        "You received 2 brick.",
        "White put the robber on the mountains 6, next to your buildings.",
        "White stole 1 lumber from you.",
    ]
    assert said(robbed_game(), 0, "es")[2] == "White te robó 1 de madera."
    assert said(robbed_game(), 0, "hi")[0] == "आपको मिले: 2 ईंट।"


def test_the_robber_elsewhere_is_not_told() -> None:
    game = Game(Options(players=3, board="beginner"), seed=1)
    do(game, "0 roll 3+4", "0 robber 16 -1")  # the pasture 2: nobody builds there
    assert recap(game.view(1)).robber == ()


def test_thefts_add_up_per_thief() -> None:
    game = load_scenario({
        "format": "catan-scenario", "board": "beginner", "phase": "robber", "current": 0, "seed": 3,
        "players": [
            {"settlements": [12], "roads": [11], "dev_cards": {"knight": 1}},
            {"settlements": [9], "roads": [8], "hand": {"grain": 4}},
        ],
    })
    do(game, "0 robber 5 1", "0 end", "1 roll 1+1", "1 end", "0 knight", "0 robber 1 1")
    summary = recap(game.view(1), since=0)
    assert summary.thefts == (Theft(0, cards(grain=2)),)
    assert said(game, 1, since=0)[-1] == "Red stole 2 grain from you."


def test_monopoly() -> None:
    game = load_scenario(json.loads((SCENARIOS / "monopoly.json").read_text(encoding="utf-8")))
    taker = game.current
    resource = 2
    holdings = {q: game.players[q].hand[resource] for q in range(len(game.players)) if q != taker}
    do(game, f"{taker} monopoly wool")
    for q, held in holdings.items():
        summary = recap(game.view(q))
        assert summary.monopolies == ((Seizure(taker, resource, held),) if held else ())
    victim = next(q for q, held in holdings.items() if held)
    names = [f"P{q}" for q in range(len(game.players))]
    view = game.view(victim)
    assert sentences(recap(view), view.board, "en", names) == [
        f"P{taker} took your {holdings[victim]} wool with a Monopoly."
    ]


def test_longest_road_lost_and_taken() -> None:
    game = load_scenario(json.loads((SCENARIOS / "longest_road.json").read_text(encoding="utf-8")))
    do(game, "1 settlement 16")  # Ben cuts Ana's road and takes the Longest Road
    assert recap(game.view(0)).awards == (AwardChange("longest_road", False, 1),)
    assert said(game, 0) == ["You lost the Longest Road to Blue."]
    assert said(game, 0, "de") == ["Du hast die Längste Handelsstraße an Blue verloren."]
    assert recap(game.view(1), since=0).awards == ()  # Ben's own action


# --- trades and what waits -------------------------------------------------------------------------------


def test_an_offer_waiting_for_an_answer() -> None:
    game = two_traders()
    do(game, "0 offer brick>wool to 1")
    assert recap(game.view(1)).offer == Offer(0, cards(wool=1), cards(brick=1))
    assert said(game, 1) == ["Red offers you 1 brick for 1 wool and awaits your answer."]
    assert recap(game.view(2)).offer is None  # not offered to seat 2


def test_answers_to_my_offer_and_the_trade_closed_with_me() -> None:
    game = two_traders()
    do(game, "0 offer brick>wool to all", "1 accept", "2 counter brick,brick>ore")
    summary = recap(game.view(0))
    assert summary.answers == (
        Answer(1, "accept", cards(brick=1), cards(wool=1)),
        Answer(2, "counter", cards(brick=2), cards(ore=1)),
    )
    assert said(game, 0) == [
        "Blue accepts your offer.", "White counters: you would give 2 brick and get 1 ore.",
    ]
    do(game, "0 confirm 1")
    assert recap(game.view(1)).trades == (TradeWith(0, cards(wool=1), cards(brick=1)),)
    assert said(game, 1) == ["You traded with Red: you gave 1 wool and got 1 brick."]
    assert said(game, 1, "hi") == ["आपने Red से व्यापार किया: 1 ऊन दिए और 1 ईंट लिए।"]


def test_nobody_took_my_offer() -> None:
    game = two_traders()
    do(game, "0 offer brick>grain to all", "1 decline", "2 decline")
    assert recap(game.view(0)).nobody_took
    assert said(game, 0, "es") == ["Nadie aceptó tu oferta."]


def test_a_discard_due() -> None:
    game = two_traders(phase="roll")
    game.players[1].hand[:] = [2, 2, 2, 2, 0]
    do(game, "0 roll 3+4")
    assert recap(game.view(1)).discard_due == 4
    assert said(game, 1) == ["You must discard 4 cards."]


# --- in words -----------------------------------------------------------------------------------------------


def test_cards_in_words() -> None:
    assert cards_words(cards(grain=2, ore=1), "en") == "2 grain and 1 ore"
    assert cards_words(cards(brick=1, wool=1, ore=3), "de") == "1 Lehm, 1 Wolle und 3 Erz"
    assert cards_words(cards(wool=1), "hi") == "1 ऊन"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kind_of_sentence_in_every_language(lang: str) -> None:
    summary = Recap(
        seat=0, since=0, received=cards(grain=2, ore=1), trades=(TradeWith(1, cards(ore=1), cards(wool=2)),),
        robber=(RobberMove(1, 4),), thefts=(Theft(1, cards(grain=1)),), monopolies=(Seizure(2, 2, 3),),
        awards=(AwardChange("longest_road", False, 2), AwardChange("longest_road", False, -1),
                AwardChange("longest_road", True, 1), AwardChange("longest_road", True, -1),
                AwardChange("largest_army", False, 1)),
        nobody_took=True, answers=(Answer(1, "decline", cards(ore=1), cards(wool=1)),),
        offer=Offer(2, cards(ore=1), cards(wool=1)), discard_due=1,
    )
    lines = sentences(summary, Game(Options(board="beginner")).board, lang, NAMES)
    assert len(lines) == 14 and len(set(lines)) == 14
    for line in lines:
        assert not re.search(r"[{}]|recap\.", line), line


# --- what the last roll paid ----------------------------------------------------------------------------------


def test_no_roll_no_production() -> None:
    assert last_production(Game(Options(players=3, board="beginner"), seed=1).view(None)) is None
    game = Game(Options(players=3, board="beginner"), seed=1)
    do(game, "0 roll 3+4")
    production = last_production(game.view(None))
    assert production is not None and production.total == 7 and production.paid == ()


def test_a_blocked_hex_pays_nothing() -> None:
    game = Game(Options(players=3, board="beginner"), seed=1)
    do(game, "0 roll 3+4", "0 robber 4 -1", "0 end", "1 roll 3+3")  # 6: hexes 4 (robber) and 18
    production = last_production(game.view(None))
    assert production is not None and production.blocked == (4,)
    assert all(h == 18 for h, _, _, _ in production.paid)


def test_shortage() -> None:
    game = load_scenario(json.loads((SCENARIOS / "shortage.json").read_text(encoding="utf-8")))
    do(game, f"{game.current} roll")
    production = last_production(game.view(None))
    assert production is not None and production.short


def paid_by_seat(paid: tuple[tuple[int, int, int, int], ...]) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for _, seat, resource, count in paid:
        out[seat, resource] = out.get((seat, resource), 0) + count
    return out


@pytest.mark.parametrize("seed", range(4))
def test_production_matches_the_produce_events_and_survives_building(seed: int) -> None:
    """Over random games: right after each roll, the hexes' payments add up to what each
    seat received; later in the turn (after building) the answer is the same."""
    game = Game(Options(players=4), seed=seed)
    pick = random.Random(seed)
    rolls = 0
    while game.phase != "over" and rolls < 60:
        actions = game.legal_actions()
        action = pick.choice(actions)
        builds = [a for a in actions if a.kind in ("settlement", "city", "road")]
        if builds and pick.random() < 0.7:
            action = pick.choice(builds)
        events = game.apply(action)
        if action.kind == "roll":
            rolls += 1
            after_roll = last_production(game.view(None))
            assert after_roll is not None
            received = {(e.player, r): c for e in events if e.kind == "produce" for r, c in enumerate(e.data["cards"]) if c}
            assert paid_by_seat(after_roll.paid) == received
            assert all(game.board.numbers[h] == after_roll.total for h, _, _, _ in after_roll.paid)
        elif game.phase in ("main", "roll") and rolls:
            current = last_production(game.view(None))
            if current is not None and current.at == after_roll.at:
                assert current == after_roll
