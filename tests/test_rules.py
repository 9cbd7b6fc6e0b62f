"""One test (or more) for every rule of RULES.md, edge cases included.

Positions are set up with the scenario format on the beginner board and dice are forced.
Every refused action asserts the rule's message key and that the game did not change.
Intersection and path ids are those of :mod:`catan_core.board`; ``path(a, b, c)`` gives the
paths of a walk a-b-c.
"""

from __future__ import annotations

import pytest

from catan_core import saves
from catan_core.actions import Action
from catan_core.board import (
    BEGINNER_BOARD, EDGE_NODES, HARBOR_DECK, HEX_COUNT, NODE_HEXES, NODE_NODES,
    NUMBER_TOKENS, TERRAIN_DECK, Board,
)
from catan_core.errors import FormatError
from catan_core.game import DEV_DECK, Game, Options
from catan_core.state import DICE_OUTCOMES, DICE_RESHUFFLE_AT
from catan_core.names import KNIGHT, ROAD_BUILDING, VICTORY_POINT
from catan_core.rng import Rng
from catan_core.board import BEGINNER_PIECES
from catan_core.simulate import play_random_game

from catan_helpers import BRICK, GRAIN, LUMBER, ORE, WOOL, assert_illegal, cards, do, edge, hand, kinds, path, scenario

SETTLEMENT_CARDS = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
ROAD_CARDS = {"brick": 1, "lumber": 1}
CITY_CARDS = {"grain": 2, "ore": 3}
DEV_CARDS_COST = {"wool": 1, "grain": 1, "ore": 1}
HEX4 = 4  # beginner board: mountains, 6; intersections 8, 13, 18, 23, 17, 12
HEX18 = 18  # beginner board: fields, 6; intersections 41, 46, 50, 53, 49, 45


# --- components ------------------------------------------------------------------------


def test_components():
    assert sorted(BEGINNER_BOARD.terrains) == sorted(TERRAIN_DECK)
    assert [TERRAIN_DECK.count(t) for t in range(6)] == [4, 4, 4, 3, 3, 1]
    assert sorted(NUMBER_TOKENS) == [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]
    assert HEX_COUNT == 19 and len(NODE_NODES) == 54 and len(EDGE_NODES) == 72
    assert sorted(HARBOR_DECK) == [0, 1, 2, 3, 4, 5, 5, 5, 5]
    assert DEV_DECK == (14, 5, 2, 2, 2)
    game = Game(Options(players=4), seed=1)
    assert game.bank == [19] * 5 and sum(game.deck) == 25


# --- board set-up ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_random_board(seed):
    board = Board.random(Rng(seed))
    assert sorted(board.terrains) == sorted(TERRAIN_DECK)
    assert sorted(n for n in board.numbers if n) == sorted(NUMBER_TOKENS)
    assert board.numbers[board.desert] == 0
    assert not board.red_numbers_adjacent()  # 6 and 8 never touch (the default option)
    game = Game(Options(), seed=seed)
    assert game.robber == game.board.desert  # the robber starts on the desert


def test_red_numbers_may_touch_when_the_option_is_off():
    touching = 0
    for seed in range(40):
        board = Board.random(Rng(seed), separate_red_numbers=False)
        touching += board.red_numbers_adjacent()
    assert touching > 0


def test_seeded_boards_replay():
    assert Game(Options(), seed="abc").board == Game(Options(), seed="abc").board
    assert Game(Options(), seed=1).board != Game(Options(), seed=2).board


def test_beginner_start():
    game = Game(Options(players=4, board="beginner"), seed=3)
    assert game.phase == "roll" and game.current == 0 and game.turn == 1  # seat 1 starts
    assert game.board == BEGINNER_BOARD and game.robber == BEGINNER_BOARD.desert
    for p in range(4):
        (first, second), roads = BEGINNER_PIECES[p]
        pl = game.players[p]
        assert sorted(pl.settlements) == sorted([first, second]) and sorted(pl.roads) == sorted(roads)
        expected = [0] * 5
        for h in NODE_HEXES[second]:  # the resources around the SECOND settlement only
            r = game.board.hex_resource(h)
            if r >= 0:
                expected[r] += 1
        assert pl.hand == expected
    assert sum(game.bank) + sum(sum(pl.hand) for pl in game.players) == 95


def test_start_roll_off():
    # seed 21: seats 0 and 1 tie twice before seat 0 wins the third round
    for seed in (3, 4, 21, 23, 0, 1):
        game = Game(Options(players=4), seed=seed)
        event = game.log[0]
        assert event.kind == "start_roll"
        rounds = event.data["rounds"]
        contenders = {str(p) for p in range(4)}
        for roll in rounds:
            assert set(roll) == contenders  # only the tied players roll again
            best = max(roll.values())
            contenders = {p for p, r in roll.items() if r == best}
        assert contenders == {str(event.player)}
        assert game.current == event.player and game.phase == "setup_settlement"
    assert len(Game(Options(players=4), seed=21).log[0].data["rounds"]) == 3


# --- set-up phase ----------------------------------------------------------------------


@pytest.mark.parametrize("players,seed", [(4, 3), (3, 5), (2, 8)])
def test_setup_snake_order_and_second_settlement_resources(players, seed):
    game = Game(Options(players=players), seed=seed)
    start = game.current
    order = [(start + i) % players for i in range(players)]
    placed = []
    while game.phase.startswith("setup"):
        p = game.to_act
        assert game.phase == "setup_settlement"
        node = game.legal_actions()[len(placed) * 7 % len(game.legal_actions())].value
        before = hand(game, p)
        do(game, Action(p, "settlement", node))
        second = any(q == p for q, _ in placed)
        gained = [a - b for a, b in zip(hand(game, p), before)]
        if second:
            expected = [0] * 5
            for h in NODE_HEXES[node]:
                if game.board.hex_resource(h) >= 0:
                    expected[game.board.hex_resource(h)] += 1
            assert gained == expected
        else:
            assert gained == [0] * 5  # the first settlement yields nothing
        placed.append((p, node))
        assert game.phase == "setup_road" and game.to_act == p
        roads = game.legal_actions()
        assert roads and all(node in EDGE_NODES[a.value] for a in roads)  # touching it
        do(game, roads[0])
    assert [p for p, _ in placed] == order + order[::-1]
    assert game.phase == "roll" and game.current == start and game.turn == 1
    for p in range(players):
        assert len(game.players[p].settlements) == 2 and len(game.players[p].roads) == 2
        assert game.players[p].road_length in (1, 2)


def test_setup_illegal_moves():
    game = Game(Options(players=3), seed=5)
    p = game.to_act
    other = (p + 1) % 3
    assert_illegal(game, Action(other, "settlement", 20), "rule.not_your_turn")
    assert_illegal(game, Action(p, "road", 0), "rule.phase_setup_settlement")
    assert_illegal(game, Action(p, "roll"), "rule.phase_setup_settlement")
    assert_illegal(game, Action(p, "end"), "rule.phase_setup_settlement")
    do(game, Action(p, "settlement", 20))
    assert_illegal(game, Action(p, "settlement", 40), "rule.phase_setup_road")
    assert_illegal(game, Action(p, "road", 0), "rule.setup_road_touch")
    do(game, Action(p, "road", edge(20, 15)))
    q = game.to_act
    assert q == other
    assert_illegal(game, Action(q, "settlement", 20), "rule.node_occupied")
    for n in NODE_NODES[20]:
        assert_illegal(game, Action(q, "settlement", n), "rule.distance")
    assert_illegal(game, Action(q, "settlement", 25), "rule.distance")  # next to 20
    do(game, Action(q, "settlement", 10))  # two steps from 20: a road end does not count
    assert game.phase == "setup_road"


def test_setup_road_must_be_free():
    game = Game(Options(players=3), seed=5)
    p = game.to_act
    do(game, Action(p, "settlement", 20), Action(p, "road", edge(20, 15)))
    q = game.to_act
    do(game, Action(q, "settlement", 10))  # 10 and 20 are two steps apart
    assert game.is_legal(Action(q, "road", edge(10, 15)))
    do(game, Action(q, "road", edge(10, 15)))
    r = game.to_act
    do(game, Action(r, "settlement", 40))
    assert_illegal(game, Action(r, "road", edge(20, 15)), "rule.edge_occupied")


# --- production -------------------------------------------------------------------------


def test_production_one_per_settlement_two_per_city():
    game = scenario(
        [{"settlements": [8]}, {"cities": [18]}, {"settlements": [45, 17]}],
        phase="roll",
    )
    events = do(game, Action(0, "roll", (2, 4)))
    assert kinds(events)[0] == "roll" and events[0].data["total"] == 6
    assert hand(game, 0) == cards(ore=1)  # hex 4 (mountains, 6)
    assert hand(game, 1) == cards(ore=2)  # a city takes 2
    assert hand(game, 2) == cards(ore=1, grain=1)  # hex 4 via 17, hex 18 (fields, 6) via 45
    assert game.bank == [19, 19, 19, 18, 15]
    assert game.phase == "main"
    produced = {e.player: e.data["cards"] for e in events if e.kind == "produce"}
    assert produced == {0: [0, 0, 0, 0, 1], 1: [0, 0, 0, 0, 2], 2: [0, 0, 0, 1, 1]}


def test_production_several_settlements_on_one_hex():
    game = scenario([{"settlements": [8, 18], "cities": [17]}, {}], phase="roll")
    do(game, Action(0, "roll", (3, 3)))
    assert hand(game, 0) == cards(ore=4)


def test_production_of_other_numbers_and_the_desert():
    game = scenario([{"settlements": [8]}, {"settlements": [24]}], phase="roll")  # 24 borders the desert
    do(game, Action(0, "roll", (1, 1)))  # a 2: hex 16 only
    assert hand(game, 0) == cards() and hand(game, 1) == cards()
    do(game, "0 end", Action(1, "roll", (5, 5)))  # a 10: hex 6 (pasture) borders 24? no: hexes 5, 9, 10
    assert hand(game, 1) == cards()
    do(game, "1 end", Action(0, "roll", (5, 6)))  # an 11: hexes 0 and 8; 8 borders hexes 0, 1, 4
    assert hand(game, 0) == cards(lumber=1)


def test_robber_blocks_production():
    game = scenario([{"settlements": [8]}, {"cities": [18]}], phase="roll", robber=HEX4)
    events = do(game, Action(0, "roll", (3, 3)))
    assert hand(game, 0) == cards() and hand(game, 1) == cards()
    assert any(e.kind == "robber_blocks" and e.data["hex"] == HEX4 for e in events)
    assert game.bank == [19] * 5


def test_supply_shortage_nobody_receives():
    # the bank has 1 ore; seat 0 is owed 1 and seat 1 is owed 2: nobody gets ore,
    # but grain (also produced on this 6) is paid as usual
    game = scenario(
        [{"settlements": [8, 45]}, {"cities": [18]}, {"hand": {"ore": 18}}],
        phase="roll",
    )
    events = do(game, Action(0, "roll", (3, 3)))
    assert hand(game, 0) == cards(grain=1)
    assert hand(game, 1) == cards()
    assert game.bank[ORE] == 1
    assert any(e.kind == "shortage" and e.data["resource"] == ORE for e in events)


def test_supply_shortage_exact_amount_is_paid():
    game = scenario([{"settlements": [8]}, {"cities": [18]}, {"hand": {"ore": 16}}], phase="roll")
    do(game, Action(0, "roll", (3, 3)))
    assert hand(game, 0) == cards(ore=1) and hand(game, 1) == cards(ore=2) and game.bank[ORE] == 0


def test_supply_shortage_single_player_gets_what_is_left():
    game = scenario([{"settlements": [8], "cities": [18]}, {"hand": {"ore": 17}}], phase="roll")
    events = do(game, Action(0, "roll", (3, 3)))  # owed 3 ore, the bank has 2
    assert hand(game, 0) == cards(ore=2) and game.bank[ORE] == 0
    partial = [e for e in events if e.kind == "shortage_partial"]
    assert partial and partial[0].player == 0 and partial[0].data == {"resource": ORE, "count": 2}


def test_supply_shortage_single_player_empty_bank():
    game = scenario([{"cities": [18]}, {"hand": {"ore": 19}}], phase="roll")
    do(game, Action(0, "roll", (3, 3)))
    assert hand(game, 0) == cards() and game.bank[ORE] == 0


# --- rolling and the order of a turn ----------------------------------------------------------


def test_turn_order_roll_then_build_then_end():
    game = scenario([{"settlements": [8], "roads": [edge(8, 13)], "hand": ROAD_CARDS}, {}, {}], phase="roll")
    assert_illegal(game, Action(0, "road", edge(13, 18)), "rule.phase_roll")
    assert_illegal(game, Action(0, "end"), "rule.roll_first")
    assert_illegal(game, Action(0, "maritime", (BRICK, ORE)), "rule.phase_roll")
    assert_illegal(game, Action(0, "offer", (cards(brick=1), cards(ore=1), -1)), "rule.phase_roll")
    assert_illegal(game, Action(0, "buy"), "rule.phase_roll")
    assert_illegal(game, Action(1, "roll"), "rule.not_your_turn")
    assert_illegal(game, Action(5, "roll"), "rule.no_such_seat")
    do(game, Action(0, "roll", (1, 2)))
    assert_illegal(game, Action(0, "roll"), "rule.already_rolled")
    do(game, Action(0, "road", edge(13, 18)))
    events = do(game, "0 end")
    assert kinds(events) == ["end_turn", "turn"]
    assert game.current == 1 and game.phase == "roll" and game.turn == 2
    do(game, Action(1, "roll", (1, 2)), "1 end", Action(2, "roll", (1, 2)), "2 end")
    assert game.current == 0 and game.turn == 4  # the next seat, around the table


def test_random_dice_are_two_dice():
    game = scenario([{}, {}], phase="roll")
    totals = set()
    for _ in range(200):
        game = Game(Options(players=2, board="beginner"), seed=len(totals) * 1000 + _)
        events = game.apply(Action(0, "roll"))
        d1, d2 = events[0].data["dice"]
        assert 1 <= d1 <= 6 and 1 <= d2 <= 6
        totals.add(d1 + d2)
    assert totals == set(range(2, 13))


def test_scenario_dice_are_forced_in_order():
    game = scenario([{}, {}], phase="roll", dice=[[6, 6], [1, 1]])
    assert game.apply(Action(0, "roll"))[0].data["dice"] == [6, 6]
    do(game, "0 end")
    assert game.apply(Action(1, "roll"))[0].data["dice"] == [1, 1]


# --- a seven: discards, robber, steal ---------------------------------------------------



def test_explicit_dice_leave_the_scenario_queue_alone():
    game = scenario([{}, {}], phase="roll", dice=[[6, 6]])
    assert game.apply(Action(0, "roll", (2, 3)))[0].data["dice"] == [2, 3]
    game.apply(Action(0, "end"))
    assert game.apply(Action(1, "roll"))[0].data["dice"] == [6, 6]


def test_malformed_actions_are_simply_not_legal():
    game = scenario([{}, {}])
    assert not game.is_legal(Action(0, "road", 999))
    assert not game.is_legal(Action(0, "teleport", None))

def seven_game(**options):
    return scenario(
        [
            {"settlements": [17], "hand": {"brick": 5, "ore": 4}},  # 9 cards: discards 4
            {"settlements": [8], "hand": {"wool": 7}},  # 7 cards: keeps them
            {"settlements": [18], "hand": {"grain": 4, "lumber": 4}},  # 8 cards: discards 4
        ],
        phase="roll",
        options=options,
    )


def test_seven_discards_half_rounded_down():
    game = seven_game()
    events = do(game, Action(0, "roll", (3, 4)))
    assert {e.player: e.data["count"] for e in events if e.kind == "must_discard"} == {0: 4, 2: 4}
    assert not any(e.kind == "produce" for e in events)  # no production on a 7
    assert game.phase == "discard" and game.to_act == 0 and game.discards == [4, 0, 4]
    assert_illegal(game, Action(0, "discard", cards(brick=3)), "rule.discard_count")
    assert_illegal(game, Action(0, "discard", cards(brick=5)), "rule.discard_count")
    assert_illegal(game, Action(0, "discard", cards(wool=4)), "rule.cards_not_held")
    assert_illegal(game, Action(0, "robber", (HEX4, 1)), "rule.phase_discard")
    assert_illegal(game, Action(1, "discard", cards(wool=3)), "rule.not_your_turn")
    assert len(game.legal_actions()) == 5  # 0..4 bricks with the rest ore
    do(game, Action(0, "discard", cards(brick=3, ore=1)))
    assert hand(game, 0) == cards(brick=2, ore=3)
    assert game.to_act == 2
    assert_illegal(game, Action(0, "robber", (HEX4, 1)), "rule.not_your_turn")
    do(game, Action(2, "discard", cards(grain=4)))
    assert game.phase == "robber" and game.to_act == 0
    assert hand(game, 1) == cards(wool=7)
    assert game.bank == [19 - 2, 19 - 4, 19 - 7, 19, 19 - 3]
    assert_illegal(game, Action(0, "discard", cards(brick=1)), "rule.no_discard_due")


def test_seven_without_big_hands_goes_to_the_robber():
    game = scenario([{"hand": {"brick": 7}}, {"hand": {"ore": 6}}], phase="roll")
    events = do(game, Action(0, "roll", (6, 1)))
    assert game.phase == "robber" and not any(e.kind == "must_discard" for e in events)


@pytest.mark.parametrize("limit,size,due", [(7, 8, 4), (7, 7, 0), (9, 9, 0), (9, 10, 5), (5, 6, 3), (5, 5, 0)])
def test_discard_limit_option(limit, size, due):
    game = scenario([{"hand": {"ore": size}}, {}], phase="roll", options={"discard_limit": limit})
    do(game, Action(0, "roll", (3, 4)))
    assert game.discards[0] == due
    assert game.phase == ("discard" if due else "robber")


def test_robber_must_move_and_may_go_to_the_desert():
    game = seven_game()
    do(game, Action(0, "roll", (3, 4)), Action(0, "discard", cards(brick=4)), Action(2, "discard", cards(grain=4)))
    desert = game.board.desert
    assert game.robber == desert
    assert_illegal(game, Action(0, "robber", (desert, -1)), "rule.robber_must_move")
    assert all(a.value[0] != desert for a in game.legal_actions())
    do(game, Action(0, "robber", (16, -1)))  # hex 16: nobody there
    assert game.robber == 16 and game.phase == "main"
    # on the next 7, back to the desert (seat 2 at 18 touches it and holds cards)
    do(game, Action(0, "end"), Action(1, "roll", (3, 4)))
    assert game.phase == "robber"  # nobody holds more than 7 now
    assert_illegal(game, Action(1, "robber", (16, -1)), "rule.robber_must_move")
    do(game, Action(1, "robber", (desert, 2)))
    assert game.robber == desert


def test_robber_steals_one_random_card_from_a_chosen_adjacent_player():
    game = seven_game()
    do(game, Action(0, "roll", (3, 4)), Action(0, "discard", cards(brick=4)), Action(2, "discard", cards(grain=4)))
    # hex 4 touches seat 0 (17), seat 1 (8) and seat 2 (18): the roller chooses 1 or 2
    choices = sorted(a.value[1] for a in game.legal_actions() if a.value[0] == HEX4)
    assert choices == [1, 2]
    assert_illegal(game, Action(0, "robber", (HEX4, 0)), "rule.steal_self")
    assert_illegal(game, Action(0, "robber", (HEX4, -1)), "rule.must_steal")
    assert_illegal(game, Action(0, "robber", (0, 2)), "rule.victim_not_adjacent")  # 18 is not on hex 0
    before0, before2 = hand(game, 0), hand(game, 2)
    events = do(game, Action(0, "robber", (HEX4, 2)))
    assert game.robber == HEX4 and game.phase == "main"
    steal = [e for e in events if e.kind == "steal"][0]
    r = steal.secret["resource"]
    assert steal.data == {"victim": 2} and steal.audience == (0, 2)
    assert r in (LUMBER, GRAIN)
    assert hand(game, 2)[r] == before2[r] - 1 and hand(game, 0)[r] == before0[r] + 1
    assert sum(hand(game, 2)) == sum(before2) - 1


def test_steal_victim_must_hold_cards():
    game = scenario(
        [{"settlements": [17], "hand": {"brick": 1}}, {"settlements": [8]}, {"settlements": [18], "hand": {"ore": 1}}],
        phase="robber",
    )
    assert_illegal(game, Action(0, "robber", (HEX4, 1)), "rule.victim_not_adjacent")
    assert [a.value for a in game.legal_actions() if a.value[0] == HEX4] == [(HEX4, 2)]
    do(game, Action(0, "robber", (HEX4, 2)))
    assert hand(game, 0) == cards(brick=1, ore=1) and hand(game, 2) == cards()


def test_no_steal_when_nobody_adjacent_holds_a_card():
    game = scenario([{"settlements": [17], "hand": {"brick": 1}}, {"settlements": [8]}, {"settlements": [40], "hand": {"ore": 3}}], phase="robber")
    assert [a.value for a in game.legal_actions() if a.value[0] == HEX4] == [(HEX4, -1)]
    assert_illegal(game, Action(0, "robber", (HEX4, 1)), "rule.victim_not_adjacent")
    assert_illegal(game, Action(0, "robber", (HEX4, 0)), "rule.steal_self")
    assert_illegal(game, Action(0, "robber", (HEX4, 2)), "rule.victim_not_adjacent")  # not adjacent
    events = do(game, Action(0, "robber", (HEX4, -1)))
    assert kinds(events) == ["robber"] and hand(game, 0) == cards(brick=1)


def test_friendly_robber_option():
    players = [
        {"settlements": [17]},
        {"settlements": [8, 51], "hand": {"ore": 2}},  # 2 public points: protected
        {"settlements": [18], "cities": [2], "hand": {"wool": 1}},  # 3 points: not protected
        {"settlements": [34], "dev_cards": {"victory_point": 2}, "hand": {"grain": 1}},
    ]
    game = scenario(players, phase="robber", options={"friendly_robber": True})
    assert [a.value for a in game.legal_actions() if a.value[0] == HEX4] == [(HEX4, 2)]
    assert_illegal(game, Action(0, "robber", (HEX4, 1)), "rule.victim_not_adjacent")
    # seat 3 has 3 points, but only 1 is public: hidden Victory Point cards do not count
    hex13 = 13  # intersections 29, 35, 40, 44, 39, 34
    assert [a.value for a in game.legal_actions() if a.value[0] == hex13] == [(hex13, -1)]
    plain = scenario(players, phase="robber")
    assert sorted(a.value for a in plain.legal_actions() if a.value[0] == HEX4) == [(HEX4, 1), (HEX4, 2)]


# --- domestic trade -------------------------------------------------------------------------


def trade_game(players=3):
    hands = [{"brick": 2, "wool": 1}, {"ore": 2, "grain": 1}, {"ore": 1, "lumber": 2}, {"ore": 1}]
    return scenario([{"hand": h} for h in hands[:players]])


def test_offer_to_one_player_accept_and_confirm():
    game = trade_game()
    events = do(game, Action(0, "offer", (cards(brick=1), cards(ore=1), 1)))
    assert events[0].kind == "offer" and game.phase == "trade" and game.to_act == 1
    assert_illegal(game, Action(2, "accept"), "rule.not_your_turn")
    assert_illegal(game, Action(0, "confirm", 1), "rule.not_your_turn")
    do(game, "1 accept")
    assert game.to_act == 0 and game.phase == "trade"
    assert_illegal(game, Action(0, "confirm", 2), "rule.partner_not_accepted")
    assert_illegal(game, Action(0, "accept"), "rule.no_offer_to_answer")
    events = do(game, "0 confirm 1")
    assert events[-1].kind == "trade" and game.phase == "main" and game.trade is None
    assert hand(game, 0) == cards(brick=1, wool=1, ore=1)
    assert hand(game, 1) == cards(ore=1, grain=1, brick=1)


def test_offer_to_all_with_accept_decline_and_counter():
    game = trade_game(4)
    do(game, Action(0, "offer", (cards(brick=1), cards(ore=1), -1)))
    assert game.trade.targets == (1, 2, 3) and game.to_act == 1
    do(game, "1 decline")
    assert game.to_act == 2
    do(game, Action(2, "counter", (cards(brick=2), cards(lumber=1))))  # 2 wants both bricks for one lumber
    do(game, "3 accept")
    assert game.to_act == 0
    assert_illegal(game, Action(0, "confirm", 1), "rule.partner_not_accepted")  # a decliner
    legal = game.legal_actions()
    assert set(legal) == {Action(0, "cancel"), Action(0, "confirm", 2), Action(0, "confirm", 3)}
    do(game, "0 confirm 2")  # the counter's terms
    assert hand(game, 0) == cards(lumber=1, wool=1)
    assert hand(game, 2) == cards(brick=2, ore=1, lumber=1)
    assert hand(game, 3) == cards(ore=1)


def test_everyone_declines_closes_the_offer():
    game = trade_game()
    do(game, Action(0, "offer", (cards(wool=1), cards(grain=1), -1)), "1 decline")
    assert game.phase == "trade"
    events = do(game, "2 decline")
    assert kinds(events) == ["decline", "trade_declined"] and game.phase == "main" and game.trade is None


def test_offer_can_be_cancelled():
    game = trade_game()
    do(game, Action(0, "offer", (cards(wool=1), cards(grain=1), 1)), "1 accept")
    assert_illegal(game, Action(0, "settlement", 20), "rule.phase_trade")
    assert_illegal(game, Action(0, "end"), "rule.phase_trade")
    do(game, "0 cancel")
    assert game.phase == "main" and hand(game, 0) == cards(brick=2, wool=1)
    assert_illegal(game, Action(0, "cancel"), "rule.no_offer_open")
    assert_illegal(game, Action(0, "confirm", 1), "rule.no_offer_open")
    assert_illegal(game, Action(0, "accept"), "rule.no_offer_to_answer")


def test_no_gifts_and_not_the_same_resource_on_both_sides():
    game = trade_game()
    assert_illegal(game, Action(0, "offer", (cards(brick=1), cards(), 1)), "rule.trade_gift")
    assert_illegal(game, Action(0, "offer", (cards(), cards(ore=1), -1)), "rule.trade_gift")
    assert_illegal(game, Action(0, "offer", (cards(brick=1), cards(brick=1, ore=1), 1)), "rule.trade_same_resource")
    assert_illegal(game, Action(0, "offer", (cards(brick=3), cards(ore=1), 1)), "rule.cards_not_held")
    assert_illegal(game, Action(0, "offer", (cards(brick=1), cards(ore=1), 0)), "rule.trade_target")
    assert_illegal(game, Action(0, "offer", (cards(brick=1), cards(ore=1), 3)), "rule.trade_target")
    do(game, Action(0, "offer", (cards(brick=1), cards(ore=1), -1)))
    assert_illegal(game, Action(1, "counter", (cards(brick=1), cards())), "rule.trade_gift")
    assert_illegal(game, Action(1, "counter", (cards(), cards(ore=1))), "rule.trade_gift")
    assert_illegal(game, Action(1, "counter", (cards(ore=1), cards(ore=1))), "rule.trade_same_resource")
    assert_illegal(game, Action(1, "counter", (cards(brick=1), cards(ore=3))), "rule.cards_not_held")
    do(game, "1 decline")
    assert_illegal(game, Action(2, "counter", (cards(brick=1), cards(grain=1))), "rule.cards_not_held")


def test_only_the_current_player_trades():
    game = trade_game()
    assert_illegal(game, Action(1, "offer", (cards(ore=1), cards(brick=1), 2)), "rule.not_your_turn")
    assert_illegal(game, Action(1, "offer", (cards(ore=1), cards(brick=1), 0)), "rule.not_your_turn")
    assert game.offer_actions(1) == []
    assert all(a.player == 0 and a.value[2] == -1 for a in game.offer_actions())
    # offers go from the current player to the others; the others never trade together
    do(game, Action(0, "offer", (cards(brick=1), cards(ore=1), 1)))
    assert_illegal(game, Action(1, "offer", (cards(ore=1), cards(lumber=1), 2)), "rule.phase_trade")


def test_only_the_offerer_closes_or_withdraws_the_offer():
    # seats 1 and 2 may not trade together, not even through seat 0's offer
    game = scenario([{"hand": {"brick": 2}}, {"hand": {"ore": 2}}, {"hand": {"brick": 1, "wool": 3}}])
    do(game, Action(0, "offer", (cards(brick=1), cards(ore=1), -1)), "1 accept")
    assert game.to_act == 2
    assert_illegal(game, Action(2, "confirm", 1), "rule.not_offerer")
    assert_illegal(game, Action(2, "cancel"), "rule.not_offerer")
    assert set(game.legal_actions()) >= {Action(2, "decline")}
    assert not any(a.kind in ("confirm", "cancel") for a in game.legal_actions())
    do(game, "2 decline", "0 confirm 1")
    assert hand(game, 1) == cards(ore=1, brick=1) and hand(game, 2) == cards(brick=1, wool=3)


def test_accepting_needs_the_cards():
    game = trade_game()
    do(game, Action(0, "offer", (cards(brick=1), cards(ore=2), -1)))
    do(game, "1 accept")  # holds 2 ore
    assert_illegal(game, Action(2, "accept"), "rule.cards_not_held")  # holds 1 ore
    assert Action(2, "accept") not in game.legal_actions() and Action(2, "decline") in game.legal_actions()


def test_holdings_are_checked_at_the_moment_of_exchange():
    # the counter asks for more than the offerer holds: the counter may be made, the
    # exchange is refused when the offerer tries to close it
    game = trade_game()
    do(game, Action(0, "offer", (cards(brick=1), cards(ore=1), 1)))
    do(game, Action(1, "counter", (cards(brick=3), cards(ore=1))))
    assert_illegal(game, Action(0, "confirm", 1), "rule.cards_not_held")
    assert game.legal_actions() == [Action(0, "cancel")]
    do(game, "0 cancel")
    assert hand(game, 0) == cards(brick=2, wool=1) and hand(game, 1) == cards(ore=2, grain=1)


def test_bigger_trades():
    game = trade_game()
    do(game, Action(0, "offer", (cards(brick=2, wool=1), cards(ore=2, grain=1), 1)), "1 accept", "0 confirm 1")
    assert hand(game, 0) == cards(ore=2, grain=1) and hand(game, 1) == cards(brick=2, wool=1)
    assert game.bank == [17, 17, 18, 18, 16]  # untouched by a domestic trade


# --- maritime trade -------------------------------------------------------------------------


def test_maritime_four_to_one_without_a_harbor():
    game = scenario([{"settlements": [8], "hand": {"brick": 4, "wool": 3}}, {}])
    assert game.trade_ratio(0, BRICK) == 4
    assert_illegal(game, Action(0, "maritime", (WOOL, ORE)), "rule.maritime_cards")
    assert_illegal(game, Action(0, "maritime", (BRICK, BRICK)), "rule.same_resource")
    events = do(game, Action(0, "maritime", (BRICK, ORE)))
    assert events[0].data == {"give_resource": BRICK, "count": 4, "get_resource": ORE}
    assert hand(game, 0) == cards(wool=3, ore=1) and game.bank[BRICK] == 19 and game.bank[ORE] == 18


def test_maritime_generic_harbor_three_to_one():
    # beginner board: a generic harbor serves intersections 3 and 7
    game = scenario([{"settlements": [3], "hand": {"lumber": 3, "ore": 2}}, {}])
    assert [game.trade_ratio(0, r) for r in range(5)] == [3] * 5
    assert_illegal(game, Action(0, "maritime", (ORE, BRICK)), "rule.maritime_cards")
    do(game, Action(0, "maritime", (LUMBER, BRICK)))
    assert hand(game, 0) == cards(brick=1, ore=2)


def test_maritime_special_harbor_two_to_one_and_best_ratio():
    # the wool harbor serves 1 and 4; the generic one 3 and 7
    game = scenario([{"settlements": [1], "hand": {"wool": 2, "grain": 3}}, {}])
    assert [game.trade_ratio(0, r) for r in range(5)] == [4, 4, 2, 4, 4]
    assert_illegal(game, Action(0, "maritime", (GRAIN, ORE)), "rule.maritime_cards")
    do(game, Action(0, "maritime", (WOOL, ORE)))
    assert hand(game, 0) == cards(grain=3, ore=1)
    both = scenario([{"settlements": [1], "cities": [7], "hand": {"wool": 2, "grain": 3, "ore": 4}}, {}])
    assert [both.trade_ratio(0, r) for r in range(5)] == [3, 3, 2, 3, 3]  # a city serves a harbor too
    do(both, Action(0, "maritime", (WOOL, BRICK)), Action(0, "maritime", (GRAIN, BRICK)), Action(0, "maritime", (ORE, LUMBER)))
    assert hand(both, 0) == cards(brick=2, lumber=1, ore=1)


def test_harbor_gained_by_building():
    game = scenario([{"settlements": [12], "roads": path(12, 7), "hand": {**SETTLEMENT_CARDS, "ore": 3}}, {}])
    assert game.trade_ratio(0, ORE) == 4
    assert_illegal(game, Action(0, "settlement", 7), "rule.distance")  # the harbor's 7 is next to 12
    game = scenario([{"settlements": [12], "roads": path(12, 7, 3), "hand": {**SETTLEMENT_CARDS, "ore": 3}}, {}])
    do(game, Action(0, "settlement", 3))  # the harbor's other intersection
    assert game.trade_ratio(0, ORE) == 3
    do(game, Action(0, "maritime", (ORE, WOOL)))
    assert hand(game, 0) == cards(wool=1)


def test_maritime_bank_must_hold_the_card():
    game = scenario([{"hand": {"brick": 4}}, {"hand": {"ore": 19}}])
    assert_illegal(game, Action(0, "maritime", (BRICK, ORE)), "rule.bank_empty")
    assert all(a.value[1] != ORE for a in game.legal_actions() if a.kind == "maritime")
    do(game, Action(0, "maritime", (BRICK, GRAIN)))


# --- building ----------------------------------------------------------------------------------


def test_road_must_connect():
    game = scenario([{"settlements": [8], "roads": path(8, 13), "hand": {"brick": 3, "lumber": 3}}, {"settlements": [40]}])
    assert_illegal(game, Action(0, "road", edge(40, 35)), "rule.road_not_connected")
    assert_illegal(game, Action(0, "road", edge(29, 34)), "rule.road_not_connected")
    assert_illegal(game, Action(0, "road", edge(8, 13)), "rule.edge_occupied")
    do(game, Action(0, "road", edge(13, 18)))  # from a road
    do(game, Action(0, "road", edge(8, 4)))  # from a settlement
    do(game, Action(0, "road", edge(18, 24)))
    assert game.players[0].roads == path(8, 13) + path(13, 18) + path(8, 4) + path(18, 24)
    assert hand(game, 0) == cards() and game.bank[BRICK] == 19 and game.bank[LUMBER] == 19
    assert_illegal(game, Action(0, "road", edge(24, 30)), "rule.cannot_afford")


def test_road_cannot_pass_through_an_opponents_building():
    game = scenario([{"settlements": [8], "roads": path(8, 13), "hand": {"brick": 2, "lumber": 2}}, {"settlements": [18]}])
    # 13 is free, so 0 may go 13-18 and end at the opponent's settlement...
    do(game, Action(0, "road", edge(13, 18)))
    # ... but may not continue past it
    assert_illegal(game, Action(0, "road", edge(18, 24)), "rule.road_blocked")
    assert_illegal(game, Action(0, "road", edge(18, 23)), "rule.road_blocked")
    # a network reaching the intersection from both sides: own settlement does not block
    game = scenario([{"settlements": [8, 18], "roads": path(8, 13), "hand": ROAD_CARDS}, {}])
    do(game, Action(0, "road", edge(13, 18)))


def test_settlement_rules():
    game = scenario(
        [
            {"settlements": [8], "roads": path(8, 13, 18, 24), "hand": {"brick": 3, "lumber": 3, "wool": 3, "grain": 3}},
            {"settlements": [35], "roads": path(35, 30, 36)},
        ]
    )
    assert_illegal(game, Action(0, "settlement", 13), "rule.distance")  # next to 8
    assert_illegal(game, Action(0, "settlement", 8), "rule.node_occupied")
    assert_illegal(game, Action(0, "settlement", 35), "rule.node_occupied")
    assert_illegal(game, Action(0, "settlement", 20), "rule.settlement_not_connected")
    assert_illegal(game, Action(0, "settlement", 36), "rule.settlement_not_connected")  # an opponent's road only
    legal = sorted(a.value for a in game.legal_actions() if a.kind == "settlement")
    assert legal == [18, 24]  # 24 is next to 30, an opponent's road but no building
    events = do(game, Action(0, "settlement", 18))
    assert kinds(events) == ["build_settlement"]
    assert game.players[0].settlements == [8, 18] and game.victory_points(0) == 2
    assert hand(game, 0) == cards(brick=2, lumber=2, wool=2, grain=2)


def test_distance_rule_on_every_neighbour():
    game = scenario([{"settlements": [8], "roads": path(8, 13, 18, 23), "hand": SETTLEMENT_CARDS}, {"settlements": [29]}])
    assert_illegal(game, Action(0, "settlement", 23), "rule.distance")  # opponent at 29 next to it
    assert_illegal(game, Action(0, "settlement", 13), "rule.distance")  # own settlement at 8 next to it


def test_city_replaces_own_settlement():
    game = scenario(
        [{"settlements": [8, 18], "hand": {"grain": 4, "ore": 6}}, {"settlements": [40], "cities": [20]}],
    )
    assert_illegal(game, Action(0, "city", 40), "rule.city_needs_settlement")
    assert_illegal(game, Action(0, "city", 20), "rule.city_needs_settlement")
    assert_illegal(game, Action(0, "city", 30), "rule.city_needs_settlement")
    do(game, Action(0, "city", 8))
    pl = game.players[0]
    assert pl.settlements == [18] and pl.cities == [8] and game.node_city[8] and game.victory_points(0) == 3
    assert hand(game, 0) == cards(grain=2, ore=3) and game.bank[GRAIN] == 17 and game.bank[ORE] == 16
    assert_illegal(game, Action(0, "city", 8), "rule.city_needs_settlement")
    do(game, Action(0, "city", 18))
    assert_illegal(game, Action(0, "city", 18), "rule.city_needs_settlement")
    game = scenario([{"settlements": [8], "hand": {"grain": 1, "ore": 3}}, {}])
    assert_illegal(game, Action(0, "city", 8), "rule.cannot_afford")


FIVE_APART = [0, 9, 22, 36, 49]  # five intersections with no two adjacent


def test_settlement_limit_five():
    game = scenario(
        [{"settlements": FIVE_APART, "roads": path(22, 28, 33), "hand": {"brick": 1, "lumber": 1, "wool": 1, "grain": 3, "ore": 3}}, {}]
    )
    assert_illegal(game, Action(0, "settlement", 33), "rule.no_settlements_left")
    assert not any(a.kind == "settlement" for a in game.legal_actions())
    do(game, Action(0, "city", 0))  # the settlement returns to the stock
    do(game, Action(0, "settlement", 33))
    assert len(game.players[0].settlements) == 5


def test_city_limit_four():
    game = scenario([{"settlements": [49], "cities": [0, 9, 22, 36], "hand": CITY_CARDS}, {}])
    assert_illegal(game, Action(0, "city", 49), "rule.no_cities_left")
    assert not any(a.kind == "city" for a in game.legal_actions())


FIFTEEN = path(21, 16, 22, 17, 23, 18, 24, 19, 25, 20, 26, 32, 37, 31, 36, 30)


def test_road_limit_fifteen():
    assert len(FIFTEEN) == 15
    game = scenario([{"settlements": [21], "roads": FIFTEEN, "hand": ROAD_CARDS}, {}])
    assert_illegal(game, Action(0, "road", edge(21, 27)), "rule.no_roads_left")
    assert not any(a.kind == "road" for a in game.legal_actions())
    assert game.players[0].road_length == 15 and game.longest_road == 0


def test_scenario_refuses_more_pieces_than_the_stock():
    with pytest.raises(FormatError) as info:
        scenario([{"settlements": FIVE_APART + [51]}, {}])
    assert info.value.key == "format.pieces"


def test_building_pays_the_bank():
    game = scenario([{"settlements": [8], "roads": path(8, 13, 18), "hand": {"brick": 2, "lumber": 2, "wool": 2, "grain": 3, "ore": 4}}, {}])
    assert game.bank == [17, 17, 17, 16, 15]
    do(game, Action(0, "road", edge(18, 24)), Action(0, "city", 8))
    assert game.bank == [18, 18, 17, 18, 18]
    do(game, Action(0, "buy"))
    assert game.bank == [18, 18, 18, 19, 19] and hand(game, 0) == cards(brick=1, lumber=1, wool=1)


# --- development cards ------------------------------------------------------------------------


def dev_game(deck_only=None, **p0):
    """Seat 0 in its main phase; ``deck_only`` leaves only that card kind in the deck (seat 2
    holds the others, unplayed)."""
    players = [{"settlements": [8], "roads": path(8, 13), **p0}, {"settlements": [34], "hand": {"ore": 2, "wool": 3}}, {}]
    if deck_only is not None:
        held = {name: n for name, n in zip(("knight", "victory_point", "road_building", "year_of_plenty", "monopoly"), DEV_DECK)}
        others = dict(held)
        del others[deck_only]
        others = {k: v - players[0].get("dev_cards", {}).get(k, 0) for k, v in others.items()}
        players[2] = {"dev_cards": others}
    return scenario(players)


def test_buy_development_card():
    game = dev_game(hand={"wool": 2, "grain": 1, "ore": 1})
    events = do(game, Action(0, "buy"))
    assert sum(game.deck) == 24 and sum(game.players[0].dev) == 1
    assert hand(game, 0) == cards(wool=1)
    assert events[0].kind == "buy" and events[0].data == {} and events[0].audience == (0,)
    assert_illegal(game, Action(0, "buy"), "rule.cannot_afford")


def test_buy_from_an_empty_deck_is_refused():
    game = scenario(
        [
            {"hand": {"wool": 1, "grain": 1, "ore": 1}},
            {"knights_played": 14},
            {"dev_cards": {"road_building": 2, "year_of_plenty": 2, "monopoly": 2}},
            {"dev_cards": {"victory_point": 5}},
        ]
    )
    assert sum(game.deck) == 0
    assert_illegal(game, Action(0, "buy"), "rule.deck_empty")
    assert Action(0, "buy") not in game.legal_actions()


def test_card_bought_this_turn_cannot_be_played():
    game = dev_game("knight", hand={"wool": 1, "grain": 1, "ore": 1})
    do(game, Action(0, "buy"))
    assert game.players[0].dev[KNIGHT] == 1
    assert_illegal(game, Action(0, "knight"), "rule.dev_bought_this_turn")
    assert Action(0, "knight") not in game.legal_actions()
    do(game, "0 end", Action(1, "roll", (1, 2)), "1 end", Action(2, "roll", (1, 2)), "2 end")
    assert Action(0, "knight") in game.legal_actions()  # playable on a later turn
    do(game, "0 knight")
    assert game.phase == "robber"


def test_bought_card_with_an_older_one_of_the_same_kind():
    game = dev_game("knight", hand={"wool": 1, "grain": 1, "ore": 1}, dev_cards={"knight": 1})
    do(game, Action(0, "buy"))
    do(game, "0 knight")  # the old one may be played
    assert game.players[0].dev[KNIGHT] == 1 and game.players[0].played[KNIGHT] == 1


def test_one_development_card_per_turn():
    game = dev_game(dev_cards={"knight": 2, "monopoly": 1, "year_of_plenty": 1})
    do(game, Action(0, "monopoly", ORE))
    assert hand(game, 0) == cards(ore=2) and hand(game, 1) == cards(wool=3)
    assert_illegal(game, Action(0, "knight"), "rule.one_dev_per_turn")
    assert_illegal(game, Action(0, "year_of_plenty", (BRICK, BRICK)), "rule.one_dev_per_turn")
    assert not any(a.kind in ("knight", "year_of_plenty") for a in game.legal_actions())
    do(game, "0 end", Action(1, "roll", (1, 2)), "1 end", Action(2, "roll", (1, 2)), "2 end")
    do(game, "0 knight", Action(0, "robber", (0, -1)))
    assert_illegal(game, Action(0, "knight"), "rule.one_dev_per_turn")  # also before the roll
    assert_illegal(game, Action(0, "monopoly", ORE), "rule.dev_after_roll")


def test_knight_before_the_roll_other_cards_after():
    game = dev_game(dev_cards={"knight": 1, "monopoly": 1, "year_of_plenty": 1, "road_building": 1}, hand={"ore": 1})
    do(game, "0 end", Action(1, "roll", (1, 2)), "1 end", Action(2, "roll", (1, 2)), "2 end")
    assert game.phase == "roll"
    assert_illegal(game, Action(0, "monopoly", ORE), "rule.dev_after_roll")
    assert_illegal(game, Action(0, "year_of_plenty", (ORE, ORE)), "rule.dev_after_roll")
    assert_illegal(game, Action(0, "road_building"), "rule.dev_after_roll")
    assert set(game.legal_actions()) == {Action(0, "roll"), Action(0, "knight")}
    events = do(game, "0 knight")
    assert events[0].kind == "play_dev" and events[0].data == {"card": KNIGHT}
    assert game.phase == "robber"
    assert_illegal(game, Action(0, "roll"), "rule.phase_robber")
    do(game, Action(0, "robber", (13, 1)))  # hex 13 touches seat 1 at 40
    assert game.phase == "roll"  # back to the roll
    assert hand(game, 0)[ORE] + hand(game, 0)[WOOL] == 2
    do(game, Action(0, "roll", (2, 3)))
    assert game.phase == "main"


def test_knight_after_the_roll_then_seven():
    game = dev_game(dev_cards={"knight": 1})
    assert Action(0, "knight") in game.legal_actions()
    do(game, "0 knight")
    assert_illegal(game, Action(0, "robber", (game.board.desert, -1)), "rule.robber_must_move")
    assert_illegal(game, Action(0, "robber", (13, -1)), "rule.must_steal")  # seat 1 at 34 holds cards
    do(game, Action(0, "robber", (13, 1)))
    assert game.phase == "main" and game.players[0].knights == 1 and game.players[0].dev[KNIGHT] == 0


def test_knight_does_not_cause_discards():
    game = dev_game(dev_cards={"knight": 1}, hand={"ore": 10})
    do(game, "0 knight")
    assert game.phase == "robber" and game.discards == [0, 0, 0]


def test_road_building_two_free_roads():
    game = dev_game(dev_cards={"road_building": 1})
    do(game, "0 road_building")
    assert game.phase == "road_building" and game.free_roads == 2
    assert_illegal(game, Action(0, "road", edge(40, 35)), "rule.road_not_connected")
    assert_illegal(game, Action(0, "end"), "rule.phase_road_building")
    assert_illegal(game, Action(0, "buy"), "rule.phase_road_building")
    events = do(game, Action(0, "road", edge(13, 18)))
    assert events[0].data["free"] is True and game.phase == "road_building"
    do(game, Action(0, "road", edge(18, 24)))
    assert game.phase == "main" and hand(game, 0) == cards() and game.bank == [19, 19, 16, 19, 17]
    assert len(game.players[0].roads) == 3


def test_road_building_with_one_road_left_in_stock():
    game = scenario([{"settlements": [21], "roads": FIFTEEN[:14], "dev_cards": {"road_building": 1}}, {}])
    do(game, "0 road_building")
    assert game.free_roads == 1 and game.phase == "road_building"
    do(game, Action(0, "road", FIFTEEN[14]))
    assert game.phase == "main" and len(game.players[0].roads) == 15


def test_road_building_with_no_road_left():
    game = scenario([{"settlements": [21], "roads": FIFTEEN, "dev_cards": {"road_building": 1}}, {}])
    do(game, "0 road_building")
    assert game.phase == "main" and game.free_roads == 0 and game.players[0].played[ROAD_BUILDING] == 1


def test_road_building_when_the_board_allows_one_road():
    # seat 0 at corner 0; seat 1's roads take 0-4 and 3-7, so only 0-3 is left
    game = scenario(
        [{"settlements": [0], "dev_cards": {"road_building": 1}}, {"settlements": [8, 7], "roads": path(8, 4, 0) + path(7, 3)}]
    )
    do(game, "0 road_building")
    assert game.phase == "road_building"
    assert [a.value for a in game.legal_actions()] == [edge(0, 3)]
    do(game, Action(0, "road", edge(0, 3)))
    assert game.phase == "main" and game.free_roads == 0


def test_road_building_when_the_board_allows_none():
    game = scenario(
        [{"settlements": [0], "roads": [edge(0, 3)], "dev_cards": {"road_building": 1}}, {"settlements": [8, 7], "roads": path(8, 4, 0) + path(7, 3)}]
    )
    do(game, "0 road_building")
    assert game.phase == "main" and game.players[0].dev[ROAD_BUILDING] == 0


def test_year_of_plenty():
    game = dev_game(dev_cards={"year_of_plenty": 2})
    events = do(game, Action(0, "year_of_plenty", (ORE, BRICK)))
    assert hand(game, 0) == cards(brick=1, ore=1) and events[-1].data == {"cards": [1, 0, 0, 0, 1]}
    assert game.bank[ORE] == 19 - 2 - 1 and game.bank[BRICK] == 18
    do(game, "0 end", Action(1, "roll", (1, 2)), "1 end", Action(2, "roll", (1, 2)), "2 end", Action(0, "roll", (1, 2)))
    do(game, Action(0, "year_of_plenty", (GRAIN, GRAIN)))  # the same resource twice
    assert hand(game, 0) == cards(brick=1, ore=1, grain=2)


def test_year_of_plenty_limited_by_the_bank():
    game = scenario([{"dev_cards": {"year_of_plenty": 1}}, {"hand": {"ore": 19, "grain": 18}}])
    assert_illegal(game, Action(0, "year_of_plenty", (ORE, BRICK)), "rule.bank_empty")
    assert_illegal(game, Action(0, "year_of_plenty", (GRAIN, GRAIN)), "rule.bank_empty")
    yop = {a.value for a in game.legal_actions() if a.kind == "year_of_plenty"}
    assert (GRAIN, BRICK) in yop or (BRICK, GRAIN) in yop
    assert not any(ORE in v for v in yop) and (GRAIN, GRAIN) not in yop
    do(game, Action(0, "year_of_plenty", (GRAIN, BRICK)))
    assert hand(game, 0) == cards(grain=1, brick=1)


def test_monopoly():
    game = scenario(
        [{"dev_cards": {"monopoly": 1}, "hand": {"wool": 1}}, {"hand": {"wool": 3, "ore": 1}}, {"hand": {"wool": 2}}, {"hand": {"ore": 1}}]
    )
    events = do(game, Action(0, "monopoly", WOOL))
    assert hand(game, 0) == cards(wool=6) and hand(game, 1) == cards(ore=1) and hand(game, 2) == cards()
    assert events[-1].data == {"resource": WOOL, "taken": [0, 3, 2, 0], "count": 5}
    assert game.bank[WOOL] == 13


def test_development_card_not_held():
    game = dev_game()
    for kind, value in (("knight", None), ("road_building", None), ("monopoly", 1), ("year_of_plenty", (1, 2))):
        assert_illegal(game, Action(0, kind, value), "rule.dev_not_held")


def test_victory_point_card_counts_at_once_and_is_hidden():
    game = dev_game("victory_point", hand={"wool": 1, "grain": 1, "ore": 1})
    assert game.victory_points(0) == 1
    do(game, Action(0, "buy"))
    assert game.players[0].dev[VICTORY_POINT] == 1
    assert game.victory_points(0) == 2 and game.victory_points(0, public=True) == 1
    mine, theirs = game.view(0), game.view(1)
    assert mine.players[0].points == 2 and mine.dev == (0, 1, 0, 0, 0)
    assert theirs.players[0].points is None and theirs.players[0].public_points == 1
    assert theirs.players[0].dev_cards == 1 and theirs.dev == (0, 0, 0, 0, 0)
    buy = [e for e in theirs.log if e.kind == "buy"][0]
    assert buy.secret is None and buy.message()[0] == "event.buy_hidden"
    assert [e for e in mine.log if e.kind == "buy"][0].secret == {"card": VICTORY_POINT}
    assert [e for e in game.view(None).log if e.kind == "buy"][0].secret is None


def test_victory_point_card_wins_at_once():
    game = dev_game("victory_point", hand={"wool": 1, "grain": 1, "ore": 1}, **NINE_POINTS)
    assert game.victory_points(0) == 9
    events = do(game, Action(0, "buy"))
    assert events[-1].kind == "win" and game.winner == 0 and game.phase == "over"
    assert game.view(1).players[0].points == 10  # revealed at the end


# --- Longest Road ----------------------------------------------------------------------------


H7 = path(21, 16, 22, 17, 23, 18, 24, 19)  # 7 segments along the upper middle row


def test_longest_road_first_to_five():
    game = scenario([{"settlements": [21], "roads": H7[:4], "hand": {"brick": 2, "lumber": 2}}, {"settlements": [40]}])
    assert game.longest_road == -1 and game.players[0].road_length == 4
    events = do(game, Action(0, "road", H7[4]))
    assert game.longest_road == 0 and game.victory_points(0) == 3
    lr = [e for e in events if e.kind == "longest_road"][0]
    assert lr.player == 0 and lr.data == {"previous": -1, "length": 5}
    do(game, Action(0, "road", H7[5]))
    assert game.longest_road == 0 and game.players[0].road_length == 6


def test_longest_road_needs_five():
    game = scenario([{"settlements": [21], "roads": H7[:3], "hand": ROAD_CARDS}, {}])
    do(game, Action(0, "road", H7[3]))
    assert game.longest_road == -1 and game.players[0].road_length == 4


B_ROW = path(36, 30, 35, 29, 34, 28, 33)  # seat 1's road, from its settlement at 36


def test_longest_road_taken_only_by_a_strictly_longer_road():
    game = scenario(
        [
            {"settlements": [21], "roads": H7[:5]},
            {"settlements": [36], "roads": B_ROW[:4], "hand": {"brick": 2, "lumber": 2}},
        ],
        current=1,
    )
    assert game.longest_road == 0
    do(game, Action(1, "road", B_ROW[4]))  # 5 = 5: the holder keeps it
    assert game.longest_road == 0 and game.players[1].road_length == 5
    events = do(game, Action(1, "road", B_ROW[5]))  # 6 > 5
    assert game.longest_road == 1
    assert [e.data for e in events if e.kind == "longest_road"] == [{"previous": 0, "length": 6}]
    assert game.victory_points(0) == 1 and game.victory_points(1) == 3


def test_longest_road_cycle():
    ring = path(8, 13, 18, 23, 17, 12, 8)
    game = scenario([{"settlements": [8], "roads": ring[:5], "hand": {"brick": 2, "lumber": 2}}, {}])
    assert game.players[0].road_length == 5
    do(game, Action(0, "road", ring[5]))  # closes the loop: 6, every segment counted once
    assert game.players[0].road_length == 6
    do(game, Action(0, "road", edge(8, 4)))  # a tail on the loop
    assert game.players[0].road_length == 7


def test_longest_road_fork_branches_do_not_add():
    fork = path(21, 16, 22, 17) + path(17, 12, 7) + path(17, 23, 29)
    game = scenario([{"settlements": [21], "roads": fork}, {}])
    assert len(fork) == 7 and game.players[0].road_length == 5 and game.longest_road == 0


def test_scenario_tied_longest_road():
    players = [{"settlements": [21], "roads": H7[:5]}, {"settlements": [36], "roads": B_ROW[:5]}]
    assert scenario(players, longest_road=1).longest_road == 1  # the holder kept it on a tie
    assert scenario(players).longest_road == -1  # or it was set aside after a break
    with pytest.raises(FormatError) as info:
        scenario([{"settlements": [21], "roads": H7[:5]}, {"settlements": [36], "roads": B_ROW[:4]}], longest_road=1)
    assert info.value.key == "format.state"


def test_own_settlement_does_not_break_a_road():
    game = scenario([{"settlements": [21, 17], "roads": H7}, {}])
    assert game.players[0].road_length == 7


def lr_break_game(b_roads, d_roads=None, cutter_at=7, cutter_roads=None):
    """Seat 0 holds Longest Road with 7 (21 ... 19); seat 1 has ``b_roads`` from 36; seat 2
    (to play) can settle on ``cutter_roads``' end; seat 3 has ``d_roads`` from 45."""
    players = [
        {"settlements": [21], "roads": H7},
        {"settlements": [36], "roads": b_roads},
        {"settlements": [cutter_at], "roads": cutter_roads or path(7, 12, 17), "hand": SETTLEMENT_CARDS},
        {"settlements": [45], "roads": d_roads or []},
    ]
    game = scenario(players, current=2)
    assert game.longest_road == 0
    return game


def test_broken_road_goes_to_a_unique_longest():
    game = lr_break_game(B_ROW[:6])
    events = do(game, Action(2, "settlement", 17))  # 21-16-22-17 | 17-23-18-24-19
    assert game.players[0].road_length == 4 and game.longest_road == 1
    assert [e.data for e in events if e.kind == "longest_road"] == [{"previous": 0, "length": 6}]


def test_broken_road_into_a_tie_sets_the_card_aside():
    game = lr_break_game(B_ROW[:5], d_roads=path(45, 40, 44, 39, 43, 38))
    assert game.players[3].road_length == 5
    events = do(game, Action(2, "settlement", 17))
    assert game.longest_road == -1
    lr = [e for e in events if e.kind == "longest_road"][0]
    assert lr.player == -1 and lr.message()[0] == "event.longest_road_none"
    # later, a unique longest road of 5+ takes the set-aside card
    do(game, "2 end", Action(3, "roll", (1, 2)), "3 end", Action(0, "roll", (1, 2)), "0 end", Action(1, "roll", (1, 2)))
    game.players[1].hand[BRICK] += 1; game.bank[BRICK] -= 1  # give seat 1 a road's worth
    game.players[1].hand[LUMBER] += 1; game.bank[LUMBER] -= 1
    do(game, Action(1, "road", B_ROW[5]))
    assert game.longest_road == 1


def test_broken_road_holder_still_tied_keeps_it():
    game = lr_break_game(B_ROW[:5], cutter_at=8, cutter_roads=path(8, 13, 18))
    do(game, Action(2, "settlement", 18))  # 21-16-22-17-23-18 | 18-24-19: 5, tied with seat 1
    assert game.players[0].road_length == 5 and game.longest_road == 0


def test_broken_road_nobody_with_five_sets_the_card_aside():
    game = lr_break_game(B_ROW[:4])
    do(game, Action(2, "settlement", 17))
    assert game.players[0].road_length == 4 and game.longest_road == -1
    assert game.victory_points(0) == 1


def test_broken_road_holder_still_longest_alone_keeps_it():
    game = lr_break_game(B_ROW[:3], cutter_at=8, cutter_roads=path(8, 13, 18))
    do(game, Action(2, "settlement", 18))
    assert game.longest_road == 0


def test_longest_road_through_the_cut_intersection_from_one_side():
    # a trail may end at an opponent's building, so the segments on both sides still count
    game = lr_break_game(B_ROW[:2])
    do(game, Action(2, "settlement", 17))
    from catan_core.longest_road import longest_road

    assert longest_road(H7[:3], game.node_owner, 0) == 3  # 21-16-22-17 ends at the cut


# --- Largest Army -------------------------------------------------------------------------------


def test_largest_army_three_knights():
    game = dev_game(dev_cards={"knight": 1}, knights_played=2)
    assert game.largest_army == -1
    events = do(game, "0 knight")
    assert game.largest_army == 0 and game.victory_points(0) == 3
    assert [e.data for e in events if e.kind == "largest_army"] == [{"previous": -1, "knights": 3}]


def test_largest_army_needs_strictly_more():
    game = scenario(
        [{"dev_cards": {"knight": 2}, "knights_played": 2}, {"knights_played": 3}, {}],
    )
    assert game.largest_army == 1
    do(game, "0 knight", Action(0, "robber", (0, -1)))
    assert game.largest_army == 1  # 3 = 3: the holder keeps it
    do(game, "0 end", Action(1, "roll", (1, 2)), "1 end", Action(2, "roll", (1, 2)), "2 end", "0 knight")
    assert game.largest_army == 0 and game.victory_points(1) == 0 and game.victory_points(0) == 2


def test_scenario_tied_army_needs_a_named_holder():
    game = scenario([{"knights_played": 3}, {"knights_played": 3}], largest_army=1)
    assert game.largest_army == 1
    with pytest.raises(FormatError) as info:  # somebody was first to 3
        scenario([{"knights_played": 3}, {"knights_played": 3}])
    assert info.value.key == "format.state"


# --- victory --------------------------------------------------------------------------------------


NINE_POINTS = {"settlements": [8, 36, 11], "cities": [18, 45, 2]}


def test_win_on_own_turn_with_a_settlement():
    game = scenario([{**NINE_POINTS, "roads": path(8, 4, 0), "hand": SETTLEMENT_CARDS}, {}])
    assert game.victory_points(0) == 9 and game.winner == -1
    events = do(game, Action(0, "settlement", 0))
    assert events[-1].kind == "win" and events[-1].data["points"] == [10, 0]
    assert game.phase == "over" and game.winner == 0 and game.to_act == -1
    assert game.legal_actions() == []
    assert_illegal(game, Action(0, "end"), "rule.game_over")
    assert_illegal(game, Action(1, "roll"), "rule.game_over")


def test_vp_target_option():
    game = scenario([{"settlements": [8, 36], "cities": [18], "roads": path(8, 4, 0), "hand": SETTLEMENT_CARDS}, {}], options={"vp_target": 5})
    assert game.options.vp_target == 5
    do(game, Action(0, "settlement", 0))
    assert game.winner == 0
    game = scenario([{"settlements": [8, 36], "cities": [18], "roads": path(8, 4, 0), "hand": SETTLEMENT_CARDS}, {}], options={"vp_target": 6})
    do(game, Action(0, "settlement", 0))
    assert game.winner == -1


def test_win_with_largest_army_before_the_roll():
    game = scenario([{**NINE_POINTS, "cities": [18, 45], "settlements": [8, 36, 11, 2], "knights_played": 2, "dev_cards": {"knight": 1}}, {}], phase="roll")
    assert game.victory_points(0) == 8
    game = scenario([{**NINE_POINTS, "knights_played": 2, "dev_cards": {"knight": 1}}, {}], phase="roll")
    events = do(game, "0 knight")
    assert game.winner == 0 and events[-1].kind == "win"


def test_win_with_longest_road_from_road_building():
    game = scenario([{"settlements": [21, 36, 45], "cities": [2, 11], "roads": H7[:3], "dev_cards": {"road_building": 1, "victory_point": 1}}, {}])
    assert game.victory_points(0) == 8
    do(game, "0 road_building", Action(0, "road", H7[3]))
    assert game.winner == -1
    do(game, Action(0, "road", H7[4]))
    assert game.winner == 0


def test_no_win_on_another_players_turn_then_win_when_own_turn_begins():
    # seat 3 (8 points, road of 6) gets Longest Road when seat 2 cuts seat 0's road of 7:
    # 10 points during seat 2's turn; seat 3 wins when its own turn begins
    players = [
        {"settlements": [21], "roads": H7},
        {"settlements": [40]},
        {"settlements": [7], "roads": path(7, 12, 17), "hand": SETTLEMENT_CARDS},
        {"settlements": [36], "cities": [2], "roads": B_ROW[:6], "dev_cards": {"victory_point": 5}},
    ]
    game = scenario(players, current=2)
    assert game.victory_points(3) == 8
    do(game, Action(2, "settlement", 17))
    assert game.longest_road == 3 and game.victory_points(3) == 10
    assert game.winner == -1 and game.phase == "main"
    events = do(game, "2 end")
    assert kinds(events) == ["end_turn", "turn", "win"] and events[-1].player == 3
    assert game.winner == 3 and game.phase == "over" and game.current == 3


def test_passing_ten_on_another_turn_does_not_count_when_lost_before_own_turn():
    players = [
        {"settlements": [21], "roads": H7},
        {"settlements": [7], "roads": path(7, 12, 17), "hand": SETTLEMENT_CARDS},
        {"settlements": [44], "roads": path(44, 39), "hand": {"brick": 2, "lumber": 2, "wool": 1, "grain": 1}},
        {"settlements": [36], "cities": [2], "roads": B_ROW[:6], "dev_cards": {"victory_point": 5}},
    ]
    game = scenario(players, current=1)
    do(game, Action(1, "settlement", 17))
    assert game.longest_road == 3 and game.victory_points(3) == 10
    do(game, "1 end", Action(2, "roll", (1, 2)))
    do(game, Action(2, "road", edge(39, 34)), Action(2, "settlement", 34))  # cuts seat 3's road
    assert game.players[3].road_length == 4 and game.longest_road == -1
    do(game, "2 end")
    assert game.winner == -1 and game.current == 3 and game.phase == "roll"


def test_current_player_reaching_ten_by_cutting_a_road():
    players = [
        {"settlements": [21], "roads": H7},
        {"settlements": [51]},
        {"settlements": [7, 30], "cities": [2, 45], "roads": path(7, 12, 17) + B_ROW[1:], "dev_cards": {"victory_point": 1}, "hand": SETTLEMENT_CARDS},
    ]
    game = scenario(players, current=2)
    assert game.players[2].road_length == 5 and game.longest_road == 0 and game.victory_points(2) == 7
    events = do(game, Action(2, "settlement", 17))  # 1 for the settlement, 2 for Longest Road
    assert kinds(events) == ["build_settlement", "longest_road", "win"]
    assert game.longest_road == 2 and game.winner == 2


# --- player counts ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_full_random_games(players):
    for seed in range(2):
        game = Game(Options(players=players), seed=seed * 10 + players)
        play_random_game(game, Rng(seed), max_turns=2000)
        assert game.winner >= 0 and game.phase == "over"
        assert game.victory_points(game.winner) >= 10
        assert len(game.players) == players


def test_two_player_beginner_game():
    game = Game(Options(players=2, board="beginner"), seed=4)
    assert len(game.players) == 2 and game.phase == "roll"
    assert sum(len(pl.settlements) for pl in game.players) == 4


@pytest.mark.parametrize("players", [1, 5, 0])
def test_player_count_option_is_checked(players):
    with pytest.raises(FormatError) as info:
        Game(Options(players=players))
    assert info.value.key == "format.option_players"


def test_save_of_refused_action_unchanged():
    # a last sanity check of the helper: a refused move leaves the save identical
    game = Game(Options(players=3), seed=2)
    before = saves.dump(game)
    assert_illegal(game, Action(game.to_act, "city", 0), "rule.phase_setup_settlement")
    assert saves.dump(game) == before


def test_the_view_shows_whether_a_card_was_played_this_turn():
    game = scenario([{"dev_cards": {"monopoly": 1}}, {}])
    assert not game.view(1).dev_played
    game.apply(Action(0, "monopoly", 0))
    assert game.view(1).dev_played and game.view(None).dev_played


# --- option: trade, then build (the order of the rules) -----------------------------------------

TRADE_THEN_BUILD = {"trade_then_build": True}
BUILDS = {
    "road": (ROAD_CARDS, Action(0, "road", edge(18, 24))),
    "settlement": (SETTLEMENT_CARDS, Action(0, "settlement", 18)),
    "city": (CITY_CARDS, Action(0, "city", 8)),
    "buy": (DEV_CARDS_COST, Action(0, "buy")),
}
"""Each way to end the trading: the cards it costs and the action (seat 0 of :func:`order_game`)."""
TRADES = (
    Action(0, "maritime", (BRICK, WOOL)),
    Action(0, "offer", (cards(brick=1), cards(ore=1), 1)),
    Action(0, "offer", (cards(brick=2), cards(ore=1, wool=1), -1)),
)
"""Trades seat 0 of :func:`order_game` can afford whatever it built (it keeps 4 brick)."""


def order_game(cost=None, options=TRADE_THEN_BUILD, **p0):
    """Seat 0 in its main phase, settled at 8 with roads to 18, holding 4 brick (plus
    ``cost``); seat 1 at 34 holds ore and wool to trade."""
    held = {"brick": 4, **{r: n + (4 if r == "brick" else 0) for r, n in (cost or {}).items()}}
    players = [
        {"settlements": [8], "roads": path(8, 13, 18), "hand": held, **p0},
        {"settlements": [34], "hand": {"ore": 2, "wool": 2}},
        {},
    ]
    return scenario(players, options=options)


def trading_open(game: Game) -> bool:
    """Whether seat 0 may trade (every one of :data:`TRADES` legal and listed)."""
    legal = set(game.legal_actions())
    return all(game.is_legal(a) for a in TRADES) and TRADES[0] in legal and bool(game.offer_actions())


@pytest.mark.parametrize("build", sorted(BUILDS))
def test_trade_then_build_ends_the_trading_at_the_first_build(build):
    cost, action = BUILDS[build]
    game = order_game(cost)
    assert trading_open(game) and not game.built
    do(game, action)
    assert game.built
    for trade in TRADES:
        error = assert_illegal(game, trade, "rule.trade_after_build")  # refused, the game unchanged, not listed
        assert "trade, then build" in str(error)
    assert game.offer_actions() == []
    assert not any(a.kind in ("maritime", "offer") for a in game.legal_actions())
    assert Action(0, "end") in game.legal_actions()  # building and ending go on as usual
    do(game, "0 end")
    assert not game.built  # the next turn trades again
    do(game, Action(1, "roll", (1, 2)))
    assert game.offer_actions() and any(a.kind == "offer" for a in game.offer_actions())


def test_trade_then_build_trades_first_then_builds():
    game = order_game({"brick": 2, "lumber": 1})
    do(game, TRADES[0], Action(0, "offer", (cards(brick=1), cards(ore=1), 1)), "1 accept", "0 confirm 1")
    assert hand(game, 0) == cards(brick=1, lumber=1, wool=1, ore=1) and not game.built
    do(game, Action(0, "road", edge(18, 24)))
    assert game.built and hand(game, 0) == cards(wool=1, ore=1)


@pytest.mark.parametrize("card", ["knight", "monopoly", "year_of_plenty", "road_building"])
def test_trade_then_build_playing_a_card_does_not_end_the_trading(card):
    """Playing a development card is not building; nor are the free roads of Road Building."""
    game = order_game(dev_cards={card: 1})
    if card == "knight":
        do(game, "0 knight", Action(0, "robber", (13, 1)))
    elif card == "monopoly":
        do(game, Action(0, "monopoly", ORE))
    elif card == "year_of_plenty":
        do(game, Action(0, "year_of_plenty", (ORE, GRAIN)))
    else:
        do(game, "0 road_building")
        while game.phase == "road_building":
            do(game, Action(0, "road", game.road_spots(0)[0]))
        assert len(game.players[0].roads) == 4
    assert game.phase == "main" and game.dev_played and not game.built
    assert trading_open(game)


def test_trade_then_build_a_knight_after_a_build_keeps_the_trading_closed():
    game = order_game(ROAD_CARDS, dev_cards={"knight": 1})
    do(game, Action(0, "road", edge(18, 24)), "0 knight")
    assert game.phase == "robber" and game.built
    text = saves.dumps(game)
    assert saves.dumps(saves.loads(text)) == text and saves.dumps(saves.loads(text, verify_history=False)) == text
    do(game, Action(0, "robber", (13, 1)))
    assert_illegal(game, TRADES[0], "rule.trade_after_build")


def test_without_the_option_the_phase_is_combined():
    """The default: trade and build in any order; nothing is recorded about building."""
    for build, (cost, action) in BUILDS.items():
        game = order_game(cost, options={})
        do(game, action)
        assert not game.built and trading_open(game), build
        do(game, TRADES[0])
        assert "built" not in saves.dump(game)["state"] and "trade_then_build" not in saves.dump(game)["options"]


def test_trade_then_build_in_the_state_and_its_checks():
    game = order_game(ROAD_CARDS)
    assert saves.dump(game)["state"]["built"] is False
    do(game, Action(0, "road", edge(18, 24)))
    data = saves.dump(game)
    assert data["options"]["trade_then_build"] is True and data["state"]["built"] is True
    assert saves.dump(saves.load(data)) == data and saves.dump(saves.load(data, verify_history=False)) == data
    for phase in ("roll", "discard", "trade", "setup_settlement"):  # no build can have happened there
        guess = game.copy()
        guess.phase = phase
        with pytest.raises(FormatError) as caught:
            guess._check_option_fields()
        assert caught.value.params == {"field": "built"}, phase
    plain = order_game(ROAD_CARDS, options={})
    plain.built = True
    with pytest.raises(FormatError) as caught:
        plain.check()
    assert caught.value.params == {"field": "built"}


def test_trade_then_build_refusal_leads_to_its_almanac_entry():
    from catan_core import almanac

    assert almanac.entry_for_error("rule.trade_after_build") == "trade_then_build"
    entry = almanac.entry("trade_then_build", "en")
    assert entry is not None and "Road Building" in " ".join(entry.paragraphs)


# --- option: balanced dice -------------------------------------------------------------------


def turn_of_rolling(game: Game) -> list:
    """Roll (random dice), deal with a 7 by the first legal choices, end the turn; the events."""
    events = do(game, Action(game.current, "roll"))
    while game.phase != "main":
        events += game.apply(game.legal_actions()[0])
    return events + game.apply(Action(game.current, "end"))


def test_balanced_dice_deal_each_outcome_once_per_deck():
    game = Game(Options(players=2, board="beginner", balanced_dice=True), seed=5)
    assert game.dice_deck == list(DICE_OUTCOMES)
    decks = []
    for _ in range(3):
        dealt = []
        for i in range(len(DICE_OUTCOMES) - DICE_RESHUFFLE_AT):
            events = turn_of_rolling(game)
            (roll,) = [e for e in events if e.kind == "roll"]
            dealt.append(tuple(roll.data["dice"]))
            reshuffled = "dice_reshuffle" in kinds(events)
            assert reshuffled == (i == len(DICE_OUTCOMES) - DICE_RESHUFFLE_AT - 1)
            if not reshuffled:
                assert sorted(set(DICE_OUTCOMES) - set(dealt)) == game.dice_deck
        assert len(set(dealt)) == len(dealt) == 31  # each outcome once; 5 never dealt
        assert sum(a + b == 7 for a, b in dealt) <= 6
        assert game.dice_deck == list(DICE_OUTCOMES)  # reshuffled at five left
        decks.append(dealt)
    assert decks[0] != decks[1] != decks[2]


def test_balanced_dice_come_from_the_games_generator():
    def rolls(seed):
        game = Game(Options(players=3, board="beginner", balanced_dice=True), seed=seed)
        return [e.data["dice"] for _ in range(20) for e in turn_of_rolling(game) if e.kind == "roll"]

    assert rolls(8) == rolls(8) and rolls(8) != rolls(9)


def test_forced_dice_are_not_dealt_from_the_deck():
    game = Game(Options(players=2, board="beginner", balanced_dice=True), seed=5)
    do(game, Action(0, "roll", (3, 4)))
    assert game.dice == (3, 4) and game.dice_deck == list(DICE_OUTCOMES)
    game = scenario([{}, {}], phase="roll", dice=[[2, 2], [6, 6]], options={"balanced_dice": True})
    do(game, "0 roll", "0 end", "1 roll")
    assert [e.data["dice"] for e in game.log if e.kind == "roll"] == [[2, 2], [6, 6]]
    assert game.dice_deck == list(DICE_OUTCOMES)
    do(game, "1 end", "0 roll")
    assert len(game.dice_deck) == 35 and tuple(game.log[-1].data["dice"]) not in game.dice_deck


def test_plain_dice_have_no_deck():
    game = Game(Options(players=2, board="beginner"), seed=5)
    turn_of_rolling(game)
    assert game.dice_deck == [] and "dice_deck" not in saves.dump(game)["state"]
    assert game.view(0).dice_deck is None and game.view(0).dice_totals_left() is None


def test_balanced_dice_views_show_what_is_left_and_guesses_keep_it():
    from catan_core.bots.determinize import determinize
    from catan_core.views import View

    game = Game(Options(players=3, board="beginner", balanced_dice=True), seed=2)
    for _ in range(4):
        turn_of_rolling(game)
    left = tuple(game.dice_deck)
    assert len(left) == 32
    for viewer in (None, 0, 1, 2):
        view = game.view(viewer)
        assert view.dice_deck == left  # public: every roll was seen
        assert View.from_json(view.to_json()) == view
    totals = game.view(None).dice_totals_left()
    assert totals is not None and sum(totals) == 32
    assert list(totals) == [sum(a + b == t for a, b in left) for t in range(2, 13)]
    guess = determinize(game.view(1), Rng(3))
    assert guess.dice_deck == list(left) and guess.options.balanced_dice
    guess.check()


def test_balanced_dice_in_the_state_and_its_checks():
    game = Game(Options(players=2, board="beginner", balanced_dice=True), seed=5)
    turn_of_rolling(game)
    for deck, field in (
        (game.dice_deck[:5], "dice_deck"),  # five left: would have been reshuffled
        (game.dice_deck[::-1], "dice_deck"),  # out of order
        (game.dice_deck[:-1] + [game.dice_deck[0]], "dice_deck"),  # one outcome twice
    ):
        guess = game.copy()
        guess.dice_deck = deck
        with pytest.raises(FormatError) as caught:
            guess.check()
        assert caught.value.params == {"field": field}
    plain = Game(Options(players=2, board="beginner"), seed=5)
    plain.dice_deck = list(DICE_OUTCOMES)
    with pytest.raises(FormatError):
        plain.check()


def test_rule_options_in_a_scenario():
    game = scenario([{}, {}], options={"trade_then_build": True, "balanced_dice": True})
    assert game.options.trade_then_build and game.options.balanced_dice
    assert game.dice_deck == list(DICE_OUTCOMES) and not game.built
    for bad in ({"balanced_dice": "yes"}, {"trade_then_build": 1}):
        with pytest.raises(FormatError) as caught:
            scenario([{}, {}], options=bad)
        assert caught.value.key == "format.option_flag"
    with pytest.raises(FormatError) as caught:
        scenario([{}, {}], options={"balanced": True})
    assert caught.value.key == "format.field"


def test_computer_players_follow_both_rule_options():
    """Every level plays whole games with both options; a guess of a bot keeps the turn's
    trading closed (an action the game would refuse fails the game here)."""
    from catan_core.bots import LEVELS, make_bot

    for seed in range(2):
        game = Game(Options(players=3, trade_then_build=True, balanced_dice=True), seed=seed)
        bots = [make_bot(level, seed=p, **({"budget": 0.02} if level == "strong" else {})) for p, level in enumerate(LEVELS)]
        while game.phase != "over" and game.turn < 400:
            game.apply(bots[game.to_act].decide(game.view(game.to_act)))
        assert game.winner >= 0
        assert "dice_reshuffle" in kinds(game.log) and "maritime" in kinds(game.log)


def test_a_build_refused_before_its_spot_is_refused_alike_on_every_spot() -> None:
    """``Game.build_refusal`` (what a build button says when nothing of its kind can be built)
    is the error every free spot gives, through random games, for every seat and piece."""
    import random

    from catan_core.errors import CatanError

    def error_at(game: Game, action: Action) -> tuple[str, object] | None:
        try:
            game.check_action(action)
        except CatanError as error:
            return error.key, error.params
        return None

    rng, refused = random.Random(11), 0
    for seed in (1, 2, 3):
        game = Game(Options(players=4), seed)
        while game.phase != "over" and len(game.history) < 1500:
            for p in range(4):
                for kind in ("road", "settlement", "city"):
                    refusal = game.build_refusal(p, kind)
                    if refusal is None:
                        continue
                    refused += 1
                    if kind == "road":
                        spots = [e for e, owner in enumerate(game.edge_owner) if owner < 0]
                    elif kind == "settlement":
                        spots = [n for n, owner in enumerate(game.node_owner) if owner < 0]
                    else:
                        spots = list(game.players[p].settlements)
                    assert spots
                    for spot in spots:
                        assert error_at(game, Action(p, kind, spot)) == (refusal.key, refusal.params)
            game.apply(rng.choice(game.legal_actions()))
    assert refused > 1000
