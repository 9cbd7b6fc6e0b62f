"""Invariants over many random games (hypothesis draws the seeds; play is seeded).

Seats play uniformly random legal actions, sometimes opening a domestic offer (so that
answers, counters and confirmations happen too). After every action the card totals, the
pieces, the victory points and the Longest Road / Largest Army holders are recomputed
here from scratch, with this file's own code, and compared with the engine; every few
actions a random well-formed action that is not listed as legal must be refused without
changing the game, every listed action must pass ``is_legal``, Longest Road lengths are
re-measured by brute force, each seat's view must hide what it must hide, and the position
(the save without its record) must read back the same. At the end the whole save must replay
from its record to the same text.
"""

from __future__ import annotations

import json
from dataclasses import fields

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_core import actions as A
from catan_core import saves
from catan_core.actions import Action
from catan_core.board import EDGE_COUNT, EDGE_NODES, HEX_COUNT, NODE_COUNT, NODE_NODES
from catan_core.errors import IllegalActionError
from catan_core.game import DEV_DECK, Game, Options
from catan_core.rng import Rng
from catan_core.state import DICE_OUTCOMES, DICE_RESHUFFLE_AT
from catan_core.views import PlayerView

PROPERTY_SETTINGS = settings(
    max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
MAX_ACTIONS = 1500
"""Actions per game at most (most random games end earlier or near it)."""
EXPENSIVE_EVERY = 9
"""Every this many actions: brute-force Longest Road, illegal probes, views, legal list."""


# --- independent re-computations -------------------------------------------------------


def brute_force_road_length(game: Game, p: int) -> int:
    """The longest trail of seat ``p``'s roads: every trail is enumerated, edge by edge. A
    trail may start or end on an opponent's building but not pass through it."""
    roads = [e for e in range(EDGE_COUNT) if game.edge_owner[e] == p]
    best = 0

    def extend(node: int, used: frozenset, length: int) -> int:
        top = length
        if game.node_owner[node] not in (-1, p):
            return top  # cannot continue through an opponent's building
        for e in roads:
            if e not in used and node in EDGE_NODES[e]:
                a, b = EDGE_NODES[e]
                top = max(top, extend(b if a == node else a, used | {e}, length + 1))
        return top

    for e in roads:
        for start, end in (EDGE_NODES[e], EDGE_NODES[e][::-1]):
            best = max(best, extend(end, frozenset([e]), 1))
            if best == len(roads):
                return best
    return best


def expected_points(game: Game, p: int, public: bool = False) -> int:
    settlements = sum(1 for n in range(NODE_COUNT) if game.node_owner[n] == p and not game.node_city[n])
    cities = sum(1 for n in range(NODE_COUNT) if game.node_owner[n] == p and game.node_city[n])
    vp = settlements + 2 * cities + 2 * (game.longest_road == p) + 2 * (game.largest_army == p)
    return vp if public else vp + game.players[p].dev[1]


def expected_longest_road_holder(previous: int, lengths: list[int]) -> int:
    best = max(lengths)
    if previous >= 0 and lengths[previous] == best and best >= 5:
        return previous  # kept, even when tied
    leaders = [q for q, n in enumerate(lengths) if n == best]
    return leaders[0] if best >= 5 and len(leaders) == 1 else -1


def expected_army_holder(previous: int, knights: list[int]) -> int:
    floor = knights[previous] if previous >= 0 else 2
    better = [q for q, k in enumerate(knights) if k > floor and q != previous]
    assert len(better) <= 1  # one knight at a time
    return better[0] if better else previous


# --- checks ---------------------------------------------------------------------------------


def check_cheap(game: Game, previous_lr: int, previous_army: int) -> None:
    n = len(game.players)
    for r in range(5):
        assert game.bank[r] >= 0 and all(pl.hand[r] >= 0 for pl in game.players)
        assert game.bank[r] + sum(pl.hand[r] for pl in game.players) == 19
    for c in range(5):
        assert game.deck[c] + sum(pl.dev[c] + pl.played[c] for pl in game.players) == DEV_DECK[c]
        assert all(0 <= pl.dev_new[c] <= pl.dev[c] for pl in game.players)
    assert sum(game.deck) + sum(sum(pl.dev) + sum(pl.played) for pl in game.players) == 25
    for p, pl in enumerate(game.players):
        on_nodes = sorted(x for x in range(NODE_COUNT) if game.node_owner[x] == p)
        assert on_nodes == sorted(pl.settlements + pl.cities)
        assert sorted(pl.cities) == [x for x in on_nodes if game.node_city[x]]
        assert sorted(pl.roads) == [e for e in range(EDGE_COUNT) if game.edge_owner[e] == p]
        # pieces on the board plus those in stock are the 5/4/15 of the box
        assert len(pl.settlements) <= 5 and len(pl.cities) <= 4 and len(pl.roads) <= 15
        for x in pl.settlements + pl.cities:  # the distance rule holds everywhere
            assert all(game.node_owner[y] < 0 for y in NODE_NODES[x])
    lengths = [pl.road_length for pl in game.players]
    assert game.longest_road == expected_longest_road_holder(previous_lr, lengths)
    knights = [pl.played[0] for pl in game.players]
    assert game.largest_army == expected_army_holder(previous_army, knights)
    for p in range(n):
        assert game.victory_points(p) == expected_points(game, p)
        assert game.victory_points(p, public=True) == expected_points(game, p, public=True)
    if game.winner >= 0:
        assert game.phase == "over" and game.winner == game.current
        assert expected_points(game, game.winner) >= game.options.vp_target
    else:
        # nobody may sit at the target on their own turn without having won
        if game.phase not in ("setup_settlement", "setup_road"):
            assert expected_points(game, game.current) < game.options.vp_target
    assert 0 <= game.robber < HEX_COUNT
    assert not game.built or game.options.trade_then_build  # only tracked with the option
    if game.options.balanced_dice:
        assert DICE_RESHUFFLE_AT < len(game.dice_deck) and game.dice_deck == sorted(set(game.dice_deck))
    else:
        assert game.dice_deck == []


def random_cards(rng: Rng, most: int = 3) -> tuple[int, ...]:
    return tuple(rng.below(most + 1) if rng.below(3) == 0 else 0 for _ in range(5))


def random_action(rng: Rng, game: Game) -> Action:
    """Any well-formed action, biased towards the seat that must act."""
    p = game.to_act if rng.below(4) and game.to_act >= 0 else rng.below(len(game.players) + 1)
    kind = rng.choice(A.KINDS)
    value: object = None
    if kind == A.ROAD:
        value = rng.below(72)
    elif kind in (A.SETTLEMENT, A.CITY):
        value = rng.below(54)
    elif kind == A.CONFIRM:
        value = rng.below(5)
    elif kind == A.ROLL:
        value = None if rng.below(2) else (rng.below(6) + 1, rng.below(6) + 1)
    elif kind == A.MONOPOLY:
        value = rng.below(5)
    elif kind in (A.YEAR_OF_PLENTY, A.MARITIME):
        value = (rng.below(5), rng.below(5))
    elif kind == A.DISCARD:
        value = random_cards(rng, 4)
    elif kind == A.ROBBER:
        value = (rng.below(19), rng.below(6) - 1)
    elif kind == A.OFFER:
        value = (random_cards(rng), random_cards(rng), rng.below(5) - 1)
    elif kind == A.COUNTER:
        value = (random_cards(rng), random_cards(rng))
    action = Action(p, kind, value)
    A.validate_shape(action)
    return action


OPEN_ENDED = {A.OFFER, A.COUNTER}
"""Kinds whose legal values legal_actions lists only in part (one card for one)."""


def is_listed_form(action: Action, legal: set[Action]) -> bool:
    """Whether ``action`` is a legal action that legal_actions lists in another spelling."""
    p, kind, value = action
    if kind in OPEN_ENDED:
        return True
    if kind == A.ROLL and value is not None:
        return Action(p, A.ROLL) in legal  # forced dice
    if kind == A.YEAR_OF_PLENTY:
        return Action(p, kind, (value[1], value[0])) in legal  # the same two cards
    return False


def check_expensive(game: Game, rng: Rng, writer: saves.SaveWriter) -> None:
    """The expensive checks (see the module's docstring). ``writer`` writes this game's save
    text, each recorded action and event encoded once: the save is compared before and after
    the refused probes without encoding the whole game every time."""
    for p in range(len(game.players)):
        assert game.players[p].road_length == brute_force_road_length(game, p)
    legal = game.legal_actions()
    legal_set = set(legal)
    assert len(legal_set) == len(legal)
    for a in legal:
        assert game.is_legal(a), a
        assert a.player == game.to_act
    if game.phase != "over":
        assert legal
    if game.built:  # trade, then build: no trade once the current player has built
        assert not any(a.kind in (A.MARITIME, A.OFFER) for a in legal) and game.offer_actions() == []
    before = writer.text(game)
    position = {**saves.dump_head(game), "history": [], "log": []}  # the record is read back at the end
    assert saves.dump(saves.load(position, verify_history=False)) == position
    for _ in range(6):
        action = random_action(rng, game)
        if action in legal_set:
            continue
        if game.is_legal(action):
            assert is_listed_form(action, legal_set), f"{action} is legal but not listed"
            continue
        try:
            game.apply(action)
        except IllegalActionError as error:
            assert error.key.startswith("rule.") and str(error)
        else:  # pragma: no cover - a failure
            raise AssertionError(f"{action} was applied although is_legal refused it")
    assert writer.text(game) == before
    check_views(game)


def every_fixed_action(p: int) -> list[Action]:
    """Every well-formed action of seat ``p`` except offers, counters and discards."""
    out = [Action(p, k) for k in (A.ROLL, A.BUY, A.KNIGHT, A.ROAD_BUILDING, A.ACCEPT, A.DECLINE, A.CANCEL, A.END)]
    out += [Action(p, A.ROAD, e) for e in range(EDGE_COUNT)]
    out += [Action(p, k, n) for k in (A.SETTLEMENT, A.CITY) for n in range(NODE_COUNT)]
    out += [Action(p, A.CONFIRM, q) for q in range(6)]
    out += [Action(p, A.MONOPOLY, r) for r in range(5)]
    out += [Action(p, k, (a, b)) for k in (A.YEAR_OF_PLENTY, A.MARITIME) for a in range(5) for b in range(5)]
    out += [Action(p, A.ROBBER, (h, v)) for h in range(HEX_COUNT) for v in range(-1, 6)]
    return out


def check_listing_complete(game: Game) -> None:
    """For every closed-ended kind, is_legal agrees with legal_actions exactly."""
    legal = set(game.legal_actions())
    for p in range(len(game.players)):
        for action in every_fixed_action(p):
            if game.is_legal(action) != (action in legal):
                assert game.is_legal(action) and is_listed_form(action, legal), action


def check_views(game: Game) -> None:
    names = {f.name for f in fields(PlayerView)}
    assert not names & {"hand", "dev", "dev_new", "ratios"}
    over = game.phase == "over"
    for viewer in [*range(len(game.players)), None]:
        view = game.view(viewer)
        if viewer is None:
            assert view.hand is None and view.dev is None and view.dev_new is None
        else:
            assert view.hand == tuple(game.players[viewer].hand)
            assert view.dev == tuple(game.players[viewer].dev)
        assert view.deck_size == sum(game.deck)
        assert view.built == game.built
        assert view.dice_deck == (tuple(game.dice_deck) if game.options.balanced_dice else None)
        for q, pv in enumerate(view.players):
            pl = game.players[q]
            assert pv.hand_size == sum(pl.hand) and pv.dev_cards == sum(pl.dev)
            assert pv.public_points == expected_points(game, q, public=True)
            assert pv.points == (expected_points(game, q) if (over or q == viewer) else None)
            assert pv.road_length == pl.road_length
        if viewer != game.to_act:
            assert view.legal == ()
        assert len(view.log) == len(game.log)
        for shown, event in zip(view.log, game.log):
            if event.secret is not None and viewer not in event.audience:
                assert shown.secret is None and shown.message()[0].endswith("_hidden")
            else:
                assert shown == event


def choose(game: Game, rng: Rng) -> Action:
    """A random legal action; sometimes a domestic offer instead."""
    if game.phase == "main" and rng.below(10) == 0:
        offers = game.offer_actions()
        if offers:
            p, kind, (give, want, _) = rng.choice(offers)
            n = len(game.players)
            target = -1 if rng.below(2) else (p + 1 + rng.below(n - 1)) % n
            if rng.below(3) == 0:  # a bigger one now and then
                want = tuple(w + rng.below(2) if not g else w for w, g in zip(want, give))
            action = Action(p, kind, (give, want, target))
            assert game.is_legal(action), action
            return action
    legal = game.legal_actions()
    if game.phase == "trade" and rng.below(3) == 0:
        confirms = [a for a in legal if a.kind == A.CONFIRM]
        if confirms:
            return rng.choice(confirms)  # let some trades happen
    return rng.choice(legal)


def check_dice_dealt(game: Game, events: list, dealt: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Balanced dice: the random rolls since the last reshuffle are all different and the deck
    holds exactly the other outcomes; returns them (``dealt`` as this action leaves it)."""
    for event in events:
        if event.kind == "roll":
            outcome = tuple(event.data["dice"])
            assert outcome not in dealt
            dealt = [*dealt, outcome]
        elif event.kind == "dice_reshuffle":
            assert len(dealt) == len(DICE_OUTCOMES) - DICE_RESHUFFLE_AT
            dealt = []
    assert game.dice_deck == sorted(set(DICE_OUTCOMES) - set(dealt))
    return dealt


def play_and_check(seed: int, players: int, board: str, **options) -> Game:
    game = Game(Options(players=players, board=board, **options), seed=seed)
    rng = Rng(seed ^ 0x5EED)
    writer = saves.SaveWriter()
    check_cheap(game, -1, -1)
    check_expensive(game, rng, writer)
    kinds_seen: set[str] = set()
    dealt: list[tuple[int, int]] = []
    for step in range(MAX_ACTIONS):
        if game.phase == "over":
            break
        previous_lr, previous_army = game.longest_road, game.largest_army
        action = choose(game, rng)
        kinds_seen.add(action.kind)
        events = game.apply(action)
        if game.options.balanced_dice:
            dealt = check_dice_dealt(game, events, dealt)
        check_cheap(game, previous_lr, previous_army)
        if step % EXPENSIVE_EVERY == 0:
            check_expensive(game, rng, writer)
        if step % (3 * EXPENSIVE_EVERY) == 0:
            check_listing_complete(game)
    check_expensive(game, rng, writer)
    text = saves.dumps(game)  # the whole save, its record replayed from the start
    assert writer.text(game) == text and saves.dumps(saves.loads(text)) == text
    return game


@PROPERTY_SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    board=st.sampled_from(["random", "beginner"]),
    friendly_robber=st.booleans(),
    vp_target=st.sampled_from([10, 6, 13]),
    discard_limit=st.sampled_from([7, 9]),
)
def test_random_games_keep_every_invariant(seed, players, board, **options):
    play_and_check(seed, players, board, **options)


@PROPERTY_SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    board=st.sampled_from(["random", "beginner"]),
)
def test_random_games_with_both_rule_options(seed, players, board):
    """Trade, then build and balanced dice on: every invariant above (listed actions accepted,
    the rest refused unchanged, the deck dealt without repeats), and the save round-trips,
    replayed and read."""
    game = play_and_check(seed, players, board, trade_then_build=True, balanced_dice=True)
    data = saves.dump(game)
    assert saves.dump(saves.load(data)) == data
    assert saves.dump(saves.load(data, verify_history=False)) == data


def test_the_rule_options_do_change_random_play():
    """Random play with both options meets a refused trade after a build and reshuffles."""
    refusals = reshuffles = 0
    for seed in range(2):
        game = Game(Options(players=3, trade_then_build=True, balanced_dice=True), seed=seed)
        rng = Rng(seed)
        while game.phase != "over" and game.turn < 300:
            if game.built:
                trade = Action(game.current, A.MARITIME, (0, 1))
                try:
                    game.check_action(trade)
                except IllegalActionError as error:
                    refusals += error.key == "rule.trade_after_build"
            events = game.apply(choose(game, rng))
            reshuffles += sum(e.kind == "dice_reshuffle" for e in events)
    assert refusals > 10 and reshuffles > 2


def test_trades_and_every_action_kind_happen():
    """The random play above does exercise domestic trade and most kinds of action."""
    seen: set[str] = set()
    trades = 0
    for seed in range(3):
        game = Game(Options(players=4), seed=seed)
        rng = Rng(seed)
        while game.phase != "over" and game.turn < 400:
            action = choose(game, rng)
            seen.add(action.kind)
            events = game.apply(action)
            trades += sum(e.kind == "trade" for e in events)
    assert trades > 0
    assert {"offer", "accept", "decline", "counter", "confirm", "road", "settlement", "city", "buy", "robber", "discard"} <= seen


def test_copy_is_independent():
    game = Game(Options(players=3), seed=11)
    rng = Rng(3)
    for _ in range(200):
        game.apply(choose(game, rng))
    before = json.dumps(saves.dump(game))
    other = game.copy()
    assert json.dumps(saves.dump(other)) == before
    for _ in range(100):
        if other.phase == "over":
            break
        other.apply(choose(other, rng))
    assert json.dumps(saves.dump(game)) == before
