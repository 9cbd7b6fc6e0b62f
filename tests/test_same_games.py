"""Speed work must not change a single game: golden hashes of seeded games.

The hashes were computed with the engine and bots as they were before the speed work
(commit 9814b6e, the same as the tree of 88c75ff for these games). A change that makes a
seeded game differ -- another action chosen, another event logged, another random draw --
changes a hash here. If a rule change is *meant* to change games, recompute the hashes
with :func:`random_game_hashes` / :func:`bot_game_hash` and say so in the commit.
"""

from __future__ import annotations

import hashlib

import pytest

from catan_core.bots import BUDGETED, make_bot
from catan_core.game import Game, Options
from catan_core.rng import Rng
from catan_core.saves import dumps, loads
from catan_core.simulate import play_random_game


def short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def random_game(seed: int, **options) -> Game:
    """Game ``seed`` of ``simulate(..., seed=seed)`` (with these options), played out."""
    game = Game(Options(**options), seed=seed)
    play_random_game(game, Rng(seed + 1_000_003))
    return game


def random_game_hashes(seed: int, **options) -> tuple[str, str]:
    """Hashes of the action texts and of the save of a random game."""
    game = random_game(seed, **options)
    return short_hash("\n".join(a.text() for a in game.history)), short_hash(dumps(game))


RANDOM_GAMES = [
    (1, {}, ("68f4b54a35e2bdb0", "198d3afff85a088d")),
    (2, {}, ("cd8e2ab397866f8a", "49b5e4fbe57d1f30")),
    (3, {}, ("1c11f1ec26cea640", "0a3fbfea13dfad22")),
    (4, {"players": 3}, ("67f332aef5e84348", "32e40eb225962737")),
    (5, {"players": 2}, ("23d5873180d4e41c", "7f530162b6d6c400")),
    (6, {"players": 3, "friendly_robber": True, "discard_limit": 9, "vp_target": 12},
     ("c94bcb667c8039e1", "21b4100657414999")),
]


@pytest.mark.parametrize("seed, options, expected", RANDOM_GAMES)
def test_random_games_are_the_same_as_before(seed, options, expected):
    assert random_game_hashes(seed, **options) == expected


@pytest.mark.parametrize("seed", [1, 4])
def test_random_game_saves_round_trip(seed):
    game = random_game(seed, players=4 if seed == 1 else 3)
    text = dumps(game)
    assert dumps(loads(text)) == text
    assert dumps(loads(text, verify_history=False)) == text


def bot_game_hash(seed: int, levels: list[str], playouts: int, max_actions: int = 1500) -> tuple[int, str]:
    """Length and hash of the action texts of a bot game; the players that think within a
    budget (the standard and strong levels) get a fixed number of playouts and a budget they
    never reach, so the decisions do not depend on the machine's speed."""
    game = Game(Options(players=len(levels)), seed=seed)
    strong = {"budget": 100.0, "playouts": playouts}
    bots = [
        make_bot(level, seed=seed * 10 + i, **(strong if level in BUDGETED else {}))
        for i, level in enumerate(levels)
    ]
    while game.winner < 0 and len(game.history) < max_actions:
        p = game.to_act
        game.apply(bots[p].decide(game.view(p)))
    return len(game.history), short_hash("\n".join(a.text() for a in game.history))


def test_classic_standard_game_is_the_same_as_before():
    """The one-ply player on the hand-tuned value, the standard level until the learned player
    replaced it, kept as ``standard-classic``, plays the game the standard level played before
    (the hash it had then)."""
    assert bot_game_hash(5, ["standard-classic", "beginner", "standard-classic"], 0) == (210, "d1fd4ef94a671045")


def test_classic_strong_game_is_the_same_as_before():
    """The strong level before the learned evaluation, kept as ``strong-classic``, plays the
    game the strong level played before (the hash it had then; its companion is the classic
    standard player, the standard level of then)."""
    assert bot_game_hash(7, ["strong-classic", "standard-classic", "beginner", "strong-classic"], 32) == (
        539, "1a4acc9d32bae696")


def test_strong_game_is_the_same_as_before():
    """The strong level offered to people is the classic search valued by the learned
    evaluation (``strong-hybrid`` while it was an experiment): it replaced the classic search on
    27 November, having won more of the same games against Catanatron's players (``docs/bots.md``,
    "The strong level"), so this game is no longer the classic's (``strong-classic`` above keeps
    that one). Its leaves read the self-play weights (``eval_weights_selfplay.json``), which stayed
    when the default ones were refitted. A change of its search or of those weights that changes
    this game must say so and recompute the hash."""
    assert bot_game_hash(7, ["strong", "standard-classic", "beginner", "strong"], 32) == (427, "d6ca261f525a552d")


def test_standard_game_is_the_learned_players():
    """The standard level is the turn planner on the learned evaluation (``strong-learned`` until
    it became the standard level, still a name of it: ``tests/test_bots.py``; the default
    weights, ``catan_core/bots/eval_weights.json``). Recomputed twice on 28 November: when it
    began to judge its set-up drafts by ``setup_odds`` as the strong levels do (before:
    ``4d3395ee181f7a7b``, the same length), then when the default weights were refitted on
    its games against Catanatron's value players as well as on self-play (before: 349 actions,
    ``b38cfc0f212fa040``; ``docs/bots.md``). A change of its rules or weights that changes this
    game must say so and recompute the hash."""
    assert bot_game_hash(7, ["standard", "standard-classic", "beginner", "standard"], 32) == (443, "2156747c07290ec4")


# --- the fast paths against plain reference versions ---------------------------------------------


def reference_longest_road(roads, node_owner, player):
    """Longest trail by trying every start and every way on (no shortcut)."""
    from catan_core.board import EDGE_NODES

    def walk(node, length, used):
        best = length
        if length and node_owner[node] not in (-1, player):
            return best
        for e in roads:
            if e not in used and node in EDGE_NODES[e]:
                a, b = EDGE_NODES[e]
                best = max(best, walk(b if a == node else a, length + 1, used | {e}))
        return best

    return max((walk(n, 0, frozenset()) for e in roads for n in EDGE_NODES[e]), default=0)


def test_longest_road_matches_a_plain_search():
    from catan_core.board import EDGE_COUNT, EDGE_NODES, NODE_COUNT, NODE_EDGES
    from catan_core.longest_road import longest_road, trail_from_end

    rng = Rng(11)
    for _ in range(400):
        roads: list[int] = []
        e = rng.below(EDGE_COUNT)
        while len(roads) < 1 + rng.below(13):
            if e not in roads:
                roads.append(e)
            e = rng.below(EDGE_COUNT) if rng.below(8) == 0 else rng.choice(NODE_EDGES[rng.choice(EDGE_NODES[e])])
        owner = [-1] * NODE_COUNT
        for _ in range(rng.below(6)):
            owner[rng.below(NODE_COUNT)] = rng.below(3) - 1
        expected = reference_longest_road(roads, owner, 0)
        assert longest_road(roads, owner, 0) == expected
        before = reference_longest_road(roads[:-1], owner, 0)
        assert max(before, longest_road(roads, owner, 0, within=roads[-1])) == expected
        edge_owner = [-1] * EDGE_COUNT
        for e in roads:
            edge_owner[e] = 0
        through_last = trail_from_end(roads[-1], 0, edge_owner, owner)
        if through_last >= 0:
            assert max(before, through_last) == expected


def test_discard_choices_are_every_sub_hand_in_order():
    from itertools import product

    from catan_core.actions import Action
    from catan_core.game import _discard_actions

    rng = Rng(5)
    for _ in range(200):
        hand = [rng.below(5) for _ in range(5)]
        size = rng.below(sum(hand) + 1)
        expected = [c for c in product(*(range(h + 1) for h in hand)) if sum(c) == size]
        actions = _discard_actions(2, hand, size)
        assert actions == [Action(2, "discard", c) for c in expected]
        assert all(type(action) is Action for action in actions)


def test_remembered_spot_distances_are_fresh_ones():
    from catan_core.bots import evaluate

    for seed in (1, 2):
        game = random_game(seed)
        for p in range(4):
            for depth in (0, 2, 3):
                fresh = evaluate._spot_distances(game, p, depth)
                assert list(evaluate.spot_distances(game, p, depth).items()) == list(fresh.items())
                assert list(evaluate.spot_distances(game, p, depth).items()) == list(fresh.items())
