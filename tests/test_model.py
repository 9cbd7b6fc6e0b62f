"""The learned evaluation: it reads only a view, its weights file is read carefully, its
chances behave like chances, and the strong player built on it acts legally in every phase."""

from __future__ import annotations

import json

import pytest
from catan_helpers import bot_game
from test_bots import hide_differently

from catan_core.bots import make_bot
from catan_core.bots import model as M
from catan_core.bots.features import FEATURES, position_features
from catan_core.errors import FormatError
from catan_core.game import Game, Options
from catan_core.rng import Rng
from catan_core.state import OVER, ROLL

PLAYER = "standard-classic"
"""The computer player of the games these tests play: the one-ply player, whose games the
evaluation was fitted on, a few times quicker than the learned player (the standard level)."""
SAME = (PLAYER,) * 4
"""Four of them."""


# --- only the view ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_chances_and_reasons_read_only_the_view(seed):
    """Games that differ only in what a seat cannot see (opponents' hands and development
    cards, the deck's order, the dice to come) give that seat the same chances, the same
    features and the same reasons, at every 25th step of a game."""
    game = Game(Options(players=4), seed=seed)
    bots = [make_bot(PLAYER, seed=seed * 10 + i) for i in range(4)]
    shuffler = Rng(seed)
    checked = 0
    for step in range(600):
        if game.winner >= 0:
            break
        p = game.to_act
        if step % 25 == 0:
            twin = hide_differently(game, p, shuffler)
            assert [sum(pl.hand) for pl in twin.players] == [sum(pl.hand) for pl in game.players]
            for viewer in (p, None):  # a spectator sees less than p
                view, other = game.view(viewer), twin.view(viewer)
                assert M.view_features(view) == M.view_features(other)
                assert M.chances(view) == M.chances(other)
                assert M.explain(view, 0) == M.explain(other, 0)
            checked += 1
        game.apply(bots[p].decide(game.view(p)))
    assert checked >= 8


def test_the_guess_behind_a_view_is_never_read(monkeypatch):
    """:func:`view_features` fills the view's hidden parts with a guess to have a whole
    game; a guess drawn from another seed gives the same features."""
    game = bot_game(6, 300, SAME)
    view = game.view(game.to_act)
    first = M.view_features(view)
    for seed in (1, 2, 3):
        monkeypatch.setattr(M, "VIEW_GUESS_SEED", seed)
        assert M.view_features(view) == first


# --- chances -------------------------------------------------------------------------------------


def test_chances_add_up_and_follow_production_and_points():
    """The chances add up to one for a seat and for a spectator; turning a seat's settlement
    into a city (a point, double production) raises its chance and lowers every other's."""
    game = bot_game(3, 60, SAME)
    assert game.phase not in ("setup_settlement", "setup_road")
    for viewer in (0, 1, None):
        assert sum(M.chances(game.view(viewer))) == pytest.approx(1.0)
    model = M.default_model()
    before = model.position_chances(game, 1)
    spot = game.players[0].settlements.pop()
    game.players[0].cities.append(spot)
    game.node_city[spot] = True
    after = model.position_chances(game, 1)
    assert after[0] > before[0] and all(after[q] < before[q] for q in (1, 2, 3))


def test_reasons_add_up_to_the_score_and_name_every_feature():
    game = bot_game(4, 200, SAME)
    view = game.view(2)
    for seat in range(4):
        parts = M.explain(view, seat)
        assert sorted(p.name for p in parts) == sorted(FEATURES)
        assert sum(p.contribution for p in parts) == pytest.approx(M.score(view, seat))
        assert [abs(p.contribution) for p in parts] == sorted((abs(p.contribution) for p in parts), reverse=True)
    # the score differences are the log odds of the chances
    odds = M.chances(view)
    scores = [M.score(view, q) for q in range(4)]
    for q in range(1, 4):
        assert scores[q] - scores[0] == pytest.approx(__import__("math").log(odds[q] / odds[0]))


def test_a_search_guess_sees_its_own_hands():
    """Inside a search the features read the guessed game's hands; given hands replace them."""
    game = bot_game(5, 250, SAME)
    rows = position_features(game, 0)
    assert rows[1][FEATURES.index("hand_size")] == sum(game.players[1].hand)
    hands = [list(map(float, pl.hand)) for pl in game.players]
    hands[1] = [h + 1 for h in hands[1]]
    assert position_features(game, 0, hands)[1][FEATURES.index("hand_size")] == sum(game.players[1].hand) + 5


# --- the weights file ------------------------------------------------------------------------------


def shipped() -> dict:
    return M.default_model().to_json()


@pytest.mark.parametrize("name", [M.WEIGHTS_FILE, M.SELFPLAY_WEIGHTS_FILE])
def test_the_shipped_weights_are_read_with_their_version_and_round_trip(name):
    model = M.shipped_model(name)
    assert model is M.shipped_model(name)  # read once
    data = model.to_json()
    assert data["format"] == M.FORMAT and data["version"] == M.VERSION and data["features"] == list(FEATURES)
    again = M.load_model(json.dumps(data))
    assert again.weights == model.weights and again.means == model.means and again.to_json() == data


def test_the_two_shipped_files_differ_and_the_default_is_the_refit():
    """The default weights (the standard level's, the coach's) are the refit on games against
    Catanatron's value players; the strong level's are the self-play fit, a different file."""
    assert M.default_model() is M.shipped_model(M.WEIGHTS_FILE)
    assert M.default_model().weights != M.shipped_model(M.SELFPLAY_WEIGHTS_FILE).weights
    assert "value players" in M.default_model().note and "selfplay" in M.shipped_model(M.SELFPLAY_WEIGHTS_FILE).note


def damaged(change) -> str:
    data = shipped()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text, key",
    [
        (damaged(lambda d: d.update(version=2)), "format.version"),
        (damaged(lambda d: d.update(version="1")), "format.field"),
        (damaged(lambda d: d.update(format="catan-save")), "format.field"),
        (damaged(lambda d: d.pop("weights")), "format.field"),
        (damaged(lambda d: d["weights"].pop()), "format.field"),
        (damaged(lambda d: d["weights"].__setitem__(0, "1.0")), "format.field"),
        (damaged(lambda d: d["weights"].__setitem__(0, True)), "format.field"),
        (damaged(lambda d: d["weights"].__setitem__(0, 1e300)), "format.field"),
        (damaged(lambda d: d["means"].__setitem__(3, None)), "format.field"),
        (damaged(lambda d: d["features"].reverse()), "format.field"),
        (damaged(lambda d: d.update(extra=1)), "format.field"),
        (json.dumps(shipped())[:-40], "format.not_json"),
        (json.dumps(shipped()).replace("0.", "NaN", 1), "format.not_json"),
        ("[" * 100 + "]" * 100, "format.not_json"),
        (" " * (M.MAX_CHARS + 1), "format.too_large"),
    ],
)
def test_a_damaged_weights_file_is_refused_with_a_message(text, key):
    with pytest.raises(FormatError) as error:
        M.load_model(text)
    assert error.value.key == key


# --- the strong player built on it -------------------------------------------------------------------


def test_learned_player_acts_legally_in_every_phase():
    """In games of classic standard and random players, at every step the learned player (the
    standard level) is asked what it would do for the seat to act: its answer is always legal,
    over every phase."""
    phases: set[str] = set()
    asked = 0
    for seed in range(4):
        game = Game(Options(players=4), seed=seed)
        levels = (PLAYER, "random", PLAYER, "random")
        actors = [make_bot(level, seed=seed * 10 + i) for i, level in enumerate(levels)]
        learned = [make_bot("standard", seed=seed * 10 + i, budget=0.2) for i in range(4)]
        while game.winner < 0 and game.turn <= 120:
            p = game.to_act
            view = game.view(p)
            action = learned[p].decide(view)
            assert game.is_legal(action), (game.phase, action)
            phases.add(game.phase)
            asked += 1
            game.apply(actors[p].decide(view))
    assert phases >= {"setup_settlement", "setup_road", ROLL, "main", "discard", "robber", "trade"}, phases
    assert OVER not in phases and asked > 1000


def test_changes_name_what_an_action_changes_for_its_seat():
    """A road changes the road race; a city adds a point and production; buying a card
    counts an unknown card (a share of a hidden point), whatever card the guess drew; ending
    the turn changes nothing (a position during a turn is judged as the turn's end). Each effect is weight times change."""
    from catan_core.actions import Action

    game = Game(Options(players=4, board="beginner"), seed=1)
    game.apply("0 roll 3+3")
    game.players[0].hand = [3, 3, 3, 3, 3]
    game.bank = [16, 16, 16, 16, 16]
    view = game.view(0)
    model = M.default_model()
    named = {}
    for kind in ("road", "city", "buy", "end"):
        action = next(a for a in view.legal if a.kind == kind)
        named[kind] = {c.name: c for c in M.changes(view, action)}
        for c in named[kind].values():
            assert c.effect == pytest.approx(model.weights[FEATURES.index(c.name)] * (c.after - c.before))
    assert named["road"]["road_length"].after == named["road"]["road_length"].before + 1
    assert named["city"]["points"].after == named["city"]["points"].before + 1
    assert named["city"]["pips_ore"].after > named["city"]["pips_ore"].before
    share = named["buy"]["hidden_points"].after - named["buy"]["hidden_points"].before
    assert 0 < share < 1 and named["buy"]["hand_size"].after == named["buy"]["hand_size"].before - 3
    assert named["end"] == {}  # during a turn the next full turn is already the next seat's
    with pytest.raises(ValueError):
        M.changes(game.view(None), Action(0, "end"))


# --- the hybrid with other weights ---------------------------------------------------------------------


def test_the_hybrid_plays_a_weights_file_given_by_path(tmp_path):
    """``weights_file`` makes the hybrid value its leaves by that file's model, read by the
    careful reader; a damaged file is refused with a message, and a model and a file together
    are refused."""
    data = shipped()
    data["weights"] = [2 * w for w in data["weights"]]
    path = tmp_path / "candidate.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    bot = make_bot("strong-hybrid", seed=1, weights_file=str(path))
    assert list(bot.model.weights) == data["weights"] and bot.model.weights != M.default_model().weights
    assert make_bot("strong-hybrid", seed=1).model is M.shipped_model(M.SELFPLAY_WEIGHTS_FILE)
    game = Game(Options(players=4), seed=5)
    row = M.view_features(game.view(0))[0]
    assert bot.model.score(row) != M.default_model().score(row)
    path.write_bytes(b"\xff" + json.dumps(data).encode())
    with pytest.raises(FormatError) as error:
        make_bot("strong-hybrid", seed=1, weights_file=str(path))
    assert error.value.key == "format.not_json"
    with pytest.raises(ValueError):
        make_bot("strong-hybrid", seed=1, weights_file=str(path), model=M.default_model())
