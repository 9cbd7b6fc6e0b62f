"""Computer players: legal and complete games, determinism, no peeking, trading manners."""

from __future__ import annotations

import math

import pytest

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.bots import BOTS, BUDGETED, LEVELS, ClassicStrongBot, HybridStrongBot, LearnedBot, StandardBot, make_bot
from catan_core.bots.determinize import determinize
from catan_core.bots.evaluate import board_info, setup_odds
from catan_core.bots.model import SELFPLAY_WEIGHTS_FILE, default_model, shipped_model
from catan_core.bots.policy import Context
from catan_core.bots.tracker import HandTracker
from catan_core.game import Game, Options
from catan_core.state import MAIN, RESOURCE_SUPPLY, ROLL, TRADE
from catan_core.rng import Rng
from catan_core.tournament import main as tournament_main
from catan_core.tournament import run, wilson

FAST_STRONG = {"budget": 0.05}
PLAYER = "standard-classic"
"""The companions and game drivers of tests about something else than the standard level: the
one-ply player (a few times quicker than the learned player, and the games these tests were
written on)."""



def bots_for(levels, seed, **strong):
    return [make_bot(level, seed=seed * 10 + i, **(strong if level in BUDGETED else {})) for i, level in enumerate(levels)]


def play(game: Game, bots, max_turns: int = 400, on_step=None) -> Game:
    """Play to the end with the checked ``apply`` (an illegal action raises)."""
    while game.winner < 0 and game.turn <= max_turns:
        p = game.to_act
        view = game.view(p)
        if on_step is not None:
            on_step(game, p, view)
        game.apply(bots[p].decide(view))
    return game


def offers_per_turn(game: Game) -> int:
    most, count = 0, 0
    for action in game.history:
        if action.kind == A.END:
            count = 0
        elif action.kind == A.OFFER:
            count += 1
            most = max(most, count)
    return most


# --- complete games --------------------------------------------------------------------


@pytest.mark.parametrize(
    "levels, games, options",
    [
        (("beginner",) * 4, 12, Options()),
        (("beginner", "beginner", "random"), 6, Options(players=3, friendly_robber=True)),
        (("standard",) * 4, 4, Options()),
        (("standard", "beginner", "standard"), 3, Options(players=3, board="beginner", vp_target=8)),
        (("standard", "beginner"), 2, Options(players=2, discard_limit=9)),
        (("standard-classic", "standard", "beginner"), 2, Options(players=3)),
    ],
)
def test_levels_finish_games_legally(levels, games, options):
    for seed in range(games):
        game = play(Game(options, seed=seed), bots_for(levels, seed))
        assert game.winner >= 0, f"seed {seed} hit the turn cap"
        assert offers_per_turn(game) <= 2


def test_strong_finishes_a_game_legally():
    game = play(Game(Options(players=3), seed=11), bots_for(("strong", PLAYER, "beginner"), 11, **FAST_STRONG))
    assert game.winner >= 0


def test_strong_stops_at_its_deadline(monkeypatch):
    """With a clock that moves 1 ms whenever it is read (and playouts unlimited), every
    decision of a 0.05 s budget ends within the budget: the search watches its deadline.
    Real decision times are printed by bench/bots.py and bench/bots_pyodide.py."""
    import time

    now = [0.0]

    def tick() -> float:
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(time, "perf_counter", tick)
    game = Game(Options(players=3), seed=11)
    bots = bots_for(("strong", PLAYER, "beginner"), 11, budget=0.05, playouts=10**6)
    decisions = 0
    while game.winner < 0 and game.turn <= 40:
        p = game.to_act
        start = now[0]
        action = bots[p].decide(game.view(p))
        if p == 0:
            assert now[0] - start <= 0.05
            decisions += 1
        game.apply(action)
    assert decisions > 20


@pytest.mark.parametrize("level, step_counts", [
    ("strong", {6, 8}),  # the classic search: one step per playout, samples x moves (2x3, 2x4 or 4x2)
    ("standard", {2, 3, 4, 5, 6, 8}),  # the learned player: one per set-up spot played out (8), per planned turn compared (2 to 6)
])
def test_thinking_in_steps_gives_the_decisions_of_decide(level, step_counts):
    """``think`` (stepped the way the page steps it) and ``decide`` of twin bots agree on
    every decision; the standard and strong players yield between pieces of work, so the page
    gets control back while they think, while the one-ply players (``standard-classic``,
    beginner) decide in one step."""
    from catan_core.bots import Thinking

    def stepped(thinking: Thinking) -> tuple[Action, int]:
        steps = 0
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                return done.value, steps
            steps += 1

    settings = {"budget": 10.0, "playouts": 8}
    levels = (level, PLAYER, "beginner")
    game = Game(Options(players=3), seed=7)
    deciding = bots_for(levels, 7, **settings)
    thinking = bots_for(levels, 7, **settings)
    steps_by_seat: dict[int, list[int]] = {0: [], 1: [], 2: []}
    while game.winner < 0 and game.turn <= 45:
        p = game.to_act
        view = game.view(p)
        action, steps = stepped(thinking[p].think(view))
        assert action == deciding[p].decide(view)
        steps_by_seat[p].append(steps)
        game.apply(action)
    searches = [s for s in steps_by_seat[0] if s]
    assert len(searches) >= 5 and set(searches) <= step_counts, searches
    assert set(steps_by_seat[1]) == set(steps_by_seat[2]) == {0}


def test_registry_and_levels():
    assert set(LEVELS) <= set(BOTS) and "random" in BOTS
    assert make_bot("strong", seed=1, budget=0.2).budget == 0.2
    # the strong level is the classic search valued by the learned evaluation (its experiment's
    # name still works); the classic search on the hand-tuned value is kept as the baseline
    strong = make_bot("strong", seed=1)
    assert type(strong) is HybridStrongBot and strong.level == "strong"
    # its leaves keep the self-play weights; the standard level plays the default ones
    assert strong.model is shipped_model(SELFPLAY_WEIGHTS_FILE) and strong.model is not default_model()
    assert make_bot("standard", seed=1).model is default_model()
    assert type(make_bot("strong-hybrid", seed=1)) is HybridStrongBot
    assert type(make_bot("strong-classic", seed=1)) is ClassicStrongBot and "strong-classic" not in LEVELS
    # the standard level is the learned player (its earlier name still works); the one-ply
    # player it replaced is kept for benchmarks, never offered to people
    standard = make_bot("standard", seed=1)
    assert type(standard) is LearnedBot and standard.level == "standard" and standard.budget == 1.0
    assert type(make_bot("strong-learned", seed=1)) is LearnedBot
    assert type(make_bot("standard-classic", seed=1)) is StandardBot and "standard-classic" not in LEVELS
    # the levels that think within a budget take budget and playouts; the others answer at once
    assert {"standard", "strong", "strong-classic"} <= BUDGETED and not {"beginner", "standard-classic", "random"} & BUDGETED
    with pytest.raises(ValueError):
        make_bot("grandmaster")


# --- determinism ---------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["beginner", "standard-classic", "standard", "strong", "strong-classic"])
def test_same_seed_same_actions(level):
    settings = {"budget": 10.0, "playouts": 8} if level in BUDGETED else {}
    histories = []
    for _ in range(2):
        game = Game(Options(players=3), seed=5)
        bots = [make_bot(level, seed=40 + i, **settings) for i in range(3)]
        for _ in range(120 if level in BUDGETED else 400):
            if game.winner >= 0:
                break
            p = game.to_act
            game.apply(bots[p].decide(game.view(p)))
        histories.append([a.text() for a in game.history])
    assert histories[0] == histories[1]


# --- no peeking ------------------------------------------------------------------------------


def hide_differently(game: Game, viewer: int, rng: Rng) -> Game:
    """A copy of ``game`` that differs only in what ``viewer`` cannot see: opponents' hands
    (same sizes, same totals), their unplayed development cards and the deck (same counts),
    and the dice to come."""
    other = game.copy()
    fixed = {viewer}
    if game.trade is not None:  # seats that accepted an offer must still hold the cards
        fixed |= {seat for seat, (kind, _) in game.trade.answers.items() if kind != A.DECLINE}
        fixed.add(game.trade.offerer)
    seats = [q for q in range(len(other.players)) if q not in fixed]
    cards = [r for q in seats for r in range(5) for _ in range(other.players[q].hand[r])]
    rng.shuffle(cards)
    for q in seats:
        size = sum(other.players[q].hand)
        hand = [0] * 5
        for _ in range(size):
            hand[cards.pop()] += 1
        other.players[q].hand = hand
    devs = [c for q in seats for c in range(5) for _ in range(other.players[q].dev[c] - other.players[q].dev_new[c])]
    devs += [c for c in range(5) for _ in range(other.deck[c])]
    rng.shuffle(devs)
    for q in seats:
        pl = other.players[q]
        count = sum(pl.dev) - sum(pl.dev_new)
        dev = list(pl.dev_new)
        for _ in range(count):
            dev[devs.pop()] += 1
        pl.dev = dev
    deck = [0] * 5
    for c in devs:
        deck[c] += 1
    other.deck = deck
    other.rng = Rng(rng.next64())
    return other


@pytest.mark.parametrize("level", ["beginner", "standard-classic", "standard", "strong", "strong-classic"])
def test_decisions_ignore_hidden_cards(level):
    settings = {"budget": 10.0, "playouts": 6} if level in BUDGETED else {}
    game = Game(Options(players=4), seed=21)
    seen = [make_bot(level, seed=70 + i, **settings) for i in range(4)]
    twins = [make_bot(level, seed=70 + i, **settings) for i in range(4)]
    shuffler = Rng(99)
    steps = 150 if level in BUDGETED else 700
    for _ in range(steps):
        if game.winner >= 0:
            break
        p = game.to_act
        other = hide_differently(game, p, shuffler)
        action = seen[p].decide(game.view(p))
        assert twins[p].decide(other.view(p)) == action
        game.apply(action)


def test_views_of_differently_hidden_games_are_equal():
    game = Game(Options(players=4), seed=3)
    bots = bots_for((PLAYER,) * 4, 3)
    for _ in range(300):
        p = game.to_act
        game.apply(bots[p].decide(game.view(p)))
    p = game.to_act
    other = hide_differently(game, p, Rng(5))
    assert other.view(p) == game.view(p)


# --- determinization and card counting ---------------------------------------------------


def test_determinize_is_consistent_with_the_view():
    game = Game(Options(players=4), seed=8)
    bots = bots_for((PLAYER,) * 4, 8)
    tracker = HandTracker()
    rng = Rng(1)
    checked = 0
    while game.winner < 0 and game.turn < 120:
        p = game.to_act
        view = game.view(p)
        if p == 0:
            tracker.update(view)
            guess = determinize(view, rng, tracker)
            guess.check()
            assert guess.players[0].hand == game.players[0].hand
            assert [sum(pl.hand) for pl in guess.players] == [sum(pl.hand) for pl in game.players]
            assert sum(guess.deck) == sum(game.deck)
            assert sorted(map(str, guess.legal_actions())) == sorted(map(str, view.legal))
            checked += 1
        game.apply(bots[p].decide(view))
    assert checked > 50


def test_tracker_counts_public_cards_exactly_without_steals():
    game = Game(Options(players=3, board="beginner"), seed=2)
    tracker = HandTracker()
    tracker.update(game.view(0))
    for q in range(3):
        assert [round(x) for x in tracker.expected(game.view(0), q)] == game.players[q].hand


# --- domestic trade ----------------------------------------------------------------------------


def trade_position(bot_hand, offerer_hand=(2, 2, 2, 2, 2), vp_target=10) -> Game:
    """Seat 0 has rolled (no production); seat 1 holds ``bot_hand``."""
    game = Game(Options(players=3, board="beginner", vp_target=vp_target), seed=1)
    game.apply(Action(0, A.ROLL, (6, 6)))  # no 7; the hands are then set by hand
    game.players[0].hand = list(offerer_hand)
    game.players[1].hand = list(bot_hand)
    game.players[2].hand = [1, 1, 1, 1, 1]
    game.bank = [RESOURCE_SUPPLY - sum(pl.hand[r] for pl in game.players) for r in range(5)]
    assert game.phase == MAIN
    return game


def answer(level, game, give, want):
    game.apply(Action(0, A.OFFER, (give, want, 1)))
    assert game.phase == TRADE and game.to_act == 1
    return make_bot(level, seed=3).decide(game.view(1))


@pytest.mark.parametrize("level", LEVELS)
def test_accepts_a_clearly_favourable_offer(level):
    # one grain completes a city; it gives a spare brick and gets grain and wool
    game = trade_position((1, 0, 0, 1, 3))
    action = answer(level, game, (0, 0, 1, 1, 0), (1, 0, 0, 0, 0))
    assert action.kind == A.ACCEPT
    game.apply(action)
    game.apply(Action(0, A.CONFIRM, 1))
    assert game.players[1].hand == [0, 0, 1, 2, 3]


@pytest.mark.parametrize("level", LEVELS)
def test_declines_a_clearly_harmful_offer(level):
    # it would give the ore its city needs for one brick
    game = trade_position((0, 0, 0, 2, 3))
    action = answer(level, game, (1, 0, 0, 0, 0), (0, 0, 0, 0, 3))
    assert action.kind in (A.DECLINE, A.COUNTER)
    if action.kind == A.COUNTER:
        game.check_action(action)


@pytest.mark.parametrize("level", LEVELS)
def test_never_helps_a_player_about_to_win(level):
    # the beginner board gives seat 0 two points: with a target of 3 it is one away
    game = trade_position((1, 0, 0, 1, 3), vp_target=3)
    assert game.victory_points(0, public=True) >= game.options.vp_target - 1
    action = answer(level, game, (0, 0, 1, 1, 0), (1, 0, 0, 0, 0))
    assert action.kind == A.DECLINE


@pytest.mark.parametrize("level", ["standard-classic", "standard", "strong"])
def test_bot_as_offerer_confirms_a_good_answer(level):
    game = trade_position((0, 0, 1, 1, 3), offerer_hand=(1, 0, 0, 1, 3))
    game.players[0].hand = [1, 0, 0, 1, 3]
    bot = make_bot(level, seed=5, **(FAST_STRONG if level in BUDGETED else {}))
    action = bot.decide(game.view(0))
    assert action.kind == A.OFFER and action.value[1][3] >= 1  # asks for the missing grain
    game.apply(action)
    while game.phase == TRADE and game.to_act != 0:
        q = game.to_act
        game.apply(Action(q, A.ACCEPT) if game.is_legal(Action(q, A.ACCEPT)) else Action(q, A.DECLINE))
    if game.phase == TRADE:
        final = bot.decide(game.view(0))
        assert final.kind == A.CONFIRM
        game.apply(final)
    assert game.players[0].hand[3] >= 2


@pytest.mark.parametrize("level", LEVELS)
def test_offers_off_never_opens_an_offer(level):
    # the position where the offerer asks for its missing grain (see above)
    game = trade_position((0, 0, 1, 1, 3), offerer_hand=(1, 0, 0, 1, 3))
    settings = FAST_STRONG if level == "strong" else {}
    view = game.view(0)
    assert make_bot(level, seed=5, **settings).decide(view).kind == A.OFFER
    action = make_bot(level, seed=5, offers=False, **settings).decide(view)
    assert action in view.legal and action.kind != A.OFFER


def test_bots_make_at_most_two_offers_a_turn_and_never_repeat():
    game = Game(Options(players=4), seed=31)
    play(game, bots_for(("standard",) * 4, 31))
    offers: list = []
    for action in game.history:
        if action.kind == A.END:
            offers = []
        elif action.kind == A.OFFER:
            assert action.value not in offers
            offers.append(action.value)
            assert len(offers) <= 2


@pytest.mark.parametrize("level", ["standard-classic", "standard", "strong"])
def test_an_offer_declined_is_not_made_again_while_the_hands_are_unchanged(level):
    """Seat 0 (a computer player) asks for the grain its city lacks; both others decline.
    Rolls of 2 pay nobody, so at its next turn every hand is as it was: the same offer
    would be declined again, and it is not made. Once a hand changes it may be."""
    game = trade_position((0, 0, 1, 1, 3), offerer_hand=(1, 0, 0, 1, 3))
    bot = make_bot(level, seed=5, **(FAST_STRONG if level in BUDGETED else {}))

    def bot_turn() -> list:
        offers = []
        while game.to_act == 0 and game.phase in (MAIN, TRADE):
            action = bot.decide(game.view(0))
            game.apply(action)
            if action.kind == A.OFFER:
                offers.append(action.value[:2])
            while game.phase == TRADE and game.to_act != 0:
                game.apply(Action(game.to_act, A.DECLINE))
            if action.kind == A.END:
                break
        return offers

    def others_roll_nothing() -> None:
        for q in (1, 2):
            game.apply(Action(q, A.ROLL, (1, 1)))
            game.apply(Action(q, A.END))
        game.apply(Action(0, A.ROLL, (1, 1)))

    first = bot_turn()
    assert first, "the position makes it offer"
    hands = [list(pl.hand) for pl in game.players]
    others_roll_nothing()
    assert [list(pl.hand) for pl in game.players] == hands
    assert not set(bot_turn()) & set(first)
    # seat 2 receives a card: its hand size changed, so asking it again makes sense
    game.players[2].hand[0] += 1
    game.bank[0] -= 1
    others_roll_nothing()
    assert set(bot_turn()) & set(first)


def set_up(seed: int) -> Game:
    """Game ``seed`` of four players right after its set-up, placed by the test's players."""
    game = Game(Options(players=4), seed=seed)
    bots = bots_for((PLAYER,) * 4, seed)
    while game.phase != ROLL:
        game.apply(bots[game.to_act].decide(game.view(game.to_act)))
    return game


def test_setup_odds_share_the_win_and_reward_production():
    """``setup_odds`` gives every seat a log chance to win; the chances add up to one, and
    doubling one seat's production (a settlement made a city) raises its chance and
    lowers everyone else's."""
    game = set_up(seed=3)
    before = [math.exp(setup_odds(game, q)) for q in range(4)]
    assert sum(before) == pytest.approx(1.0)
    spot = game.players[0].settlements.pop()
    game.players[0].cities.append(spot)
    game.node_city[spot] = True
    after = [math.exp(setup_odds(game, q)) for q in range(4)]
    assert sum(after) == pytest.approx(1.0)
    assert after[0] > before[0] and all(after[q] < before[q] for q in (1, 2, 3))


def test_standard_and_strong_judge_set_up_drafts_by_setup_odds():
    """Both levels judge a played-out set-up draft by ``setup_odds``: the standard level judged
    it by the learned evaluation until 28 November and won less often (``docs/bots.md``)."""
    game = set_up(seed=3)
    odds = [setup_odds(game, q) for q in range(4)]
    for level in ("standard", "strong"):
        bot = make_bot(level, seed=1)
        assert [bot.judge_setup(game, q) for q in range(4)] == odds, level


def test_classic_strong_set_up_favours_grain_and_ore():
    """On 30 boards the classic strong player's first settlement differs from the classic
    standard player's on many, and produces far more grain and ore in all (its set-up weights)."""
    grain_ore = {"strong-classic": 0, "standard-classic": 0}
    differ = 0
    for seed in range(30):
        game = Game(Options(players=4), seed=seed)
        view = game.view(game.to_act)
        spots = {level: make_bot(level, seed=1).decide(view).value for level in grain_ore}
        for level, spot in spots.items():
            grain_ore[level] += sum(pips for _, r, pips in board_info(game.board).node_prod[spot] if r in (3, 4))
        differ += spots["strong-classic"] != spots["standard-classic"]
    assert differ >= 10
    assert grain_ore["strong-classic"] > 1.25 * grain_ore["standard-classic"], grain_ore


# --- tournament ----------------------------------------------------------------------------------


def test_wilson_interval():
    lo, hi = wilson(45, 100)
    assert 0.35 < lo < 0.45 < hi < 0.56
    assert wilson(0, 0) == (0.0, 1.0)


def test_tournament_runs_and_reports(capsys):
    result = run(["beginner", "random", "beginner"], games=3, seed=2)
    assert result.games == 3 and sum(result.wins.values()) + result.unfinished == 3
    assert tournament_main(["--players", "beginner,random", "--games", "2", "--seed", "4", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "beginner" in out and "95% CI" in out and "p95" in out


@pytest.mark.parametrize("level", ["strong", "strong-classic"])
def test_search_breadth_settings(level):
    """``candidates`` and ``clear_margin`` set how many of the standard ranking's moves the
    search plays out: by default at most 4, those within 0.6 of the best (the end of the turn
    always among them when there is a choice); wider when asked."""
    game = Game(Options(players=4), seed=3)
    bots = [make_bot(PLAYER, seed=p) for p in range(4)]
    ranked = None
    while ranked is None or len({a for _, a in ranked}) < 9:
        p = game.to_act
        view = game.view(p)
        if view.phase == MAIN and p == game.current:
            probe = make_bot(level, seed=1)
            ranked = probe.policy.candidates(game, p, Context(legal=view.legal, allow_offers=False))
        game.apply(bots[p].decide(view))
    default = make_bot(level, seed=1).shortlist(ranked)
    wide = make_bot(level, seed=1, candidates=8, clear_margin=1e9).shortlist(ranked)
    top = ranked[0][0]
    assert len(default) <= 4 and all(s > top - 0.6 or a.kind == A.END for s, a in ranked if a in default)
    assert len(wide) == 8 and len(set(wide)) == 8 and wide[0] == ranked[0][1]
    assert any(a.kind == A.END for a in wide)
    with pytest.raises(ValueError):
        make_bot(level, seed=1, candidates=0)
