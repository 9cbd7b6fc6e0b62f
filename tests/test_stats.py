"""Statistics (catan_core.stats) and their charts (catan_core.stats_svg).

The figures are recounted here independently from the full log (the game's own record,
secrets included) and from replaying the game's actions, for several random games with
domestic trades, every viewer and a spectator; hidden information must never reach a seat
that may not see it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from catan_core.game import CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST, Game, Options
from catan_core.i18n import LANGUAGES
from catan_core.names import VICTORY_POINT
from catan_core.rng import Rng
from catan_core.palette import PALETTE
from catan_core.state import Seat
from catan_core.stats import (
    CARD_ROWS, COUNT_ROWS, DICE_TOTALS, DICE_WAYS, NO_CARDS, Stats, compute, expected_rolls, hidden_victory_points, table,
)
from catan_core.stats_svg import dice_svg, points_svg
from catan_core.views import make_view

from catan_helpers import scenario

OFFER_PERCENT = 8
"""How often (per cent) a random player in the main phase makes a domestic offer."""
MAX_ACTIONS = 6000
GAMES = [(0, 4, "random"), (1, 3, "beginner"), (2, 4, "beginner"), (3, 2, "random"), (4, 3, "random")]
"""(seed, players, board) of the random games checked."""
SVG = "{http://www.w3.org/2000/svg}"
NASTY_NAME = '<b>&"x"'


def play(seed: int, players: int, board: str, seats: tuple[Seat, ...] | None = None, until_turn: int = 0) -> Game:
    """A game of random legal moves with some domestic offers, to its end (or to ``until_turn``)."""
    game = Game(Options(players=players, board=board), seed=seed, seats=seats)
    rng = Rng(seed + 1000)
    for _ in range(MAX_ACTIONS):
        if game.winner >= 0 or (until_turn and game.turn >= until_turn):
            break
        actions = game.legal_actions()
        if game.phase == "main" and rng.below(100) < OFFER_PERCENT:
            actions = game.offer_actions() or actions
        game.apply(actions[rng.below(len(actions))], check=False)
    return game


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"seed{g[0]}-{g[1]}p-{g[2]}")
def game(request: pytest.FixtureRequest) -> Game:
    return play(*request.param)


def add(a, b, times: int = 1):
    return tuple(x + times * y for x, y in zip(a, b))


def one(resource: int, count: int = 1):
    cards = [0] * 5
    cards[resource] = count
    return tuple(cards)


def recount(game: Game, viewer: int | None) -> dict:
    """The figures of ``viewer``'s statistics, counted from the full log in the simplest way."""
    n = len(game.players)
    out: dict = {
        "dice": Counter(), "rolls": [0] * n, "production": [NO_CARDS] * n, "setup": [NO_CARDS] * n,
        "year_of_plenty": [NO_CARDS] * n, "monopoly_gained": [NO_CARDS] * n, "monopoly_lost": [NO_CARDS] * n,
        "discarded": [NO_CARDS] * n, "stolen": [NO_CARDS] * n, "robbed": [NO_CARDS] * n,
        "stolen_hidden": [0] * n, "robbed_hidden": [0] * n, "steals": [[0] * n for _ in range(n)],
        "trades_with": [[0] * n for _ in range(n)], "trade_received": [NO_CARDS] * n, "trade_given": [NO_CARDS] * n,
        "maritime": [0] * n, "maritime_received": [NO_CARDS] * n, "maritime_given": [NO_CARDS] * n,
        "dev_bought": [0] * n, "dev_kinds": [[0] * 5 for _ in range(n)], "dev_played": [[0] * 5 for _ in range(n)],
        "built": [Counter() for _ in range(n)],
    }
    for e in game.log:
        p, d = e.player, e.data
        if e.kind == "roll":
            assert d["total"] == sum(d["dice"])
            out["dice"][d["total"]] += 1
            out["rolls"][p] += 1
        elif e.kind in ("production", "produce", "setup_resources", "year_of_plenty", "discard"):
            key = {"produce": "production", "setup_resources": "setup", "discard": "discarded"}.get(e.kind, e.kind)
            out[key][p] = add(out[key][p], d["cards"])
        elif e.kind == "monopoly":
            for q, taken in enumerate(d["taken"]):
                out["monopoly_lost"][q] = add(out["monopoly_lost"][q], one(d["resource"], taken))
            out["monopoly_gained"][p] = add(out["monopoly_gained"][p], one(d["resource"], sum(d["taken"])))
        elif e.kind == "steal":
            v = d["victim"]
            out["steals"][p][v] += 1
            if viewer in (p, v):
                out["stolen"][p] = add(out["stolen"][p], one(e.secret["resource"]))
                out["robbed"][v] = add(out["robbed"][v], one(e.secret["resource"]))
            else:
                out["stolen_hidden"][p] += 1
                out["robbed_hidden"][v] += 1
        elif e.kind == "trade":
            q = d["partner"]
            out["trades_with"][p][q] += 1
            out["trades_with"][q][p] += 1
            out["trade_given"][p] = add(out["trade_given"][p], d["give"])
            out["trade_received"][q] = add(out["trade_received"][q], d["give"])
            out["trade_received"][p] = add(out["trade_received"][p], d["want"])
            out["trade_given"][q] = add(out["trade_given"][q], d["want"])
        elif e.kind == "maritime":
            out["maritime"][p] += 1
            out["maritime_given"][p] = add(out["maritime_given"][p], one(d["give_resource"], d["count"]))
            out["maritime_received"][p] = add(out["maritime_received"][p], one(d["get_resource"]))
        elif e.kind == "buy":
            out["dev_bought"][p] += 1
            out["dev_kinds"][p][e.secret["card"]] += 1
        elif e.kind == "play_dev":
            out["dev_played"][p][d["card"]] += 1
        elif e.kind.startswith("build_"):
            out["built"][p][e.kind] += 1
    return out


def spent_by_replay(game: Game) -> list[tuple[int, ...]]:
    """What each seat paid for building, from replaying the actions and watching the phase."""
    replay = Game(game.options, seed=game.seed, seats=game.seats)
    spent = [NO_CARDS] * len(game.players)
    for action in game.history:
        cost = {"road": ROAD_COST, "settlement": SETTLEMENT_COST, "city": CITY_COST, "buy": DEV_CARD_COST}.get(action.kind)
        if cost is not None and replay.phase == "main":
            spent[action.player] = add(spent[action.player], cost)
        replay.apply(action)
    assert replay.log == game.log
    return spent


def points_by_replay(game: Game) -> tuple[list[int], list[tuple[int, ...]]]:
    """(turns completed, public points of every seat) each time a turn starts, and at the end."""
    replay = Game(game.options, seed=game.seed, seats=game.seats)
    n = len(game.players)

    def public() -> tuple[int, ...]:
        return tuple(replay.victory_points(q, public=True) for q in range(n))

    turns, values = [], []
    if replay.turn:  # the beginner board starts at turn 1
        turns.append(replay.turn - 1)
        values.append(public())
    for action in game.history:
        before = replay.turn
        replay.apply(action)
        if replay.turn != before:
            turns.append(replay.turn - 1)
            values.append(public())
    turns.append(replay.turn)
    values.append(public())
    return turns, values


# --- the figures match the log ---------------------------------------------------------------------


def test_random_games_have_everything_to_count(game: Game) -> None:
    kinds = Counter(e.kind for e in game.log)
    assert kinds["roll"] > 20 and kinds["steal"] and kinds["trade"] and kinds["maritime"] and kinds["buy"]


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_figures_match_an_independent_recount_of_the_log(game: Game, viewer: int | None) -> None:
    stats = compute(game.view(viewer))
    want = recount(game, viewer)
    assert stats.viewer == viewer and stats.over == (game.winner >= 0)
    assert stats.dice == tuple(want["dice"][t] for t in DICE_TOTALS)
    assert stats.rolls == sum(want["dice"].values()) == sum(1 for e in game.log if e.kind == "roll")
    assert stats.rolls == sum(p.rolls for p in stats.players)
    assert stats.expected == tuple(stats.rolls * w / 36 for w in DICE_WAYS)
    assert sum(stats.expected) == pytest.approx(stats.rolls)
    for q, s in enumerate(stats.players):
        assert s.seat == q and s.rolls == want["rolls"][q]
        for field in (
            "production", "setup", "year_of_plenty", "monopoly_gained", "monopoly_lost", "discarded", "stolen",
            "robbed", "stolen_hidden", "robbed_hidden", "trade_received", "trade_given", "maritime_received",
            "maritime_given",
        ):
            assert getattr(s, field) == want[field][q], (q, field)
        assert s.steals == tuple(want["steals"][q])
        assert s.robbed_count == sum(want["steals"][t][q] for t in range(len(stats.players)))
        assert s.trades_with == tuple(want["trades_with"][q]) and s.trades_with[q] == 0
        assert s.maritime_trades == want["maritime"][q]
        assert s.dev_bought == want["dev_bought"][q]
        assert s.dev_played == tuple(want["dev_played"][q]) == tuple(game.players[q].played)
        assert s.dev_bought_kinds == (tuple(want["dev_kinds"][q]) if q == viewer else None)
        built = want["built"][q]
        assert (s.roads, s.settlements, s.cities) == (
            built["build_road"], built["build_settlement"], built["build_city"],
        )


def test_spending_matches_a_replay(game: Game) -> None:
    stats = compute(game.view(None))
    assert [s.spent for s in stats.players] == spent_by_replay(game)


def test_own_figures_reconcile_with_the_hand(game: Game) -> None:
    """Nothing of a seat's own hand is hidden from it: the flows add up to the hand, card by card."""
    for q in range(len(game.players)):
        view = game.view(q)
        mine = compute(view).players[q]
        assert mine.stolen_hidden == mine.robbed_hidden == 0
        assert mine.net_change == view.hand == tuple(game.players[q].hand)
        assert mine.dev_bought - sum(mine.dev_played) == sum(game.players[q].dev)


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_every_seats_card_count_reconciles_with_its_hand_size(game: Game, viewer: int | None) -> None:
    view = game.view(viewer)
    stats = compute(view)
    for s, pv in zip(stats.players, view.players):
        assert sum(s.net_change) + s.stolen_hidden - s.robbed_hidden == pv.hand_size
        assert s.received_count - s.lost_count == sum(s.received) - sum(s.lost) + s.stolen_hidden - s.robbed_hidden
    # what one seat loses another gains
    assert sum(s.stolen_hidden for s in stats.players) == sum(s.robbed_hidden for s in stats.players)
    assert sum(sum(s.stolen) for s in stats.players) == sum(sum(s.robbed) for s in stats.players)
    assert sum(sum(s.monopoly_gained) for s in stats.players) == sum(sum(s.monopoly_lost) for s in stats.players)
    assert sum(s.domestic_trades for s in stats.players) == 2 * sum(1 for e in game.log if e.kind == "trade")


@pytest.mark.parametrize("viewer", [None, 0])
def test_points_series_matches_a_replay(game: Game, viewer: int | None) -> None:
    series = compute(game.view(viewer)).points
    turns, values = points_by_replay(game)
    assert series.turns == tuple(turns)
    assert series.public == tuple(tuple(v[q] for v in values) for q in range(len(game.players)))
    assert list(series.turns) == sorted(set(series.turns))
    assert series.target == game.options.vp_target
    assert series.in_progress == (game.winner < 0)
    if game.winner >= 0:
        final = tuple(game.victory_points(q) for q in range(len(game.players)))
        assert series.final == final and final[game.winner] >= series.target
        assert hidden_victory_points(compute(game.view(viewer))) == tuple(pl.dev[VICTORY_POINT] for pl in game.players)
    else:
        assert series.final is None


def test_a_game_in_progress_ends_its_series_with_the_current_turn() -> None:
    game = play(11, 3, "random", until_turn=30)
    assert game.winner < 0
    stats = compute(game.view(2))
    assert stats.points.turns[-1] == game.turn and stats.points.in_progress and stats.points.final is None
    assert [s[-1] for s in stats.points.public] == [game.victory_points(q, public=True) for q in range(3)]


def test_the_series_is_exact_for_a_log_that_starts_in_the_middle() -> None:
    """A scenario has no log of what came before; the series still ends at the real points."""
    game = scenario(
        [{"settlements": [17, 40], "cities": [2], "hand": {"grain": 2, "ore": 3}}, {"settlements": [51]}], phase="main",
    )
    game.apply("0 city 17")
    game.apply("0 end")
    series = compute(game.view(None)).points
    assert series.public == ((5, 5), (1, 1))
    assert series.turns[-1] == game.turn


def test_set_up_settlements_are_free_and_later_ones_are_paid() -> None:
    game = Game(Options(players=2), seed=5)
    rng = Rng(3)
    while game.phase in ("setup_settlement", "setup_road"):
        actions = game.legal_actions()
        game.apply(actions[rng.below(len(actions))])
        stats = compute(game.view(None))
        assert all(s.spent == NO_CARDS for s in stats.players)  # also right after a settlement, road pending
    assert [s.settlements for s in stats.players] == [2, 2] and [s.roads for s in stats.players] == [2, 2]


def test_no_log_no_figures() -> None:
    game = play(2, 3, "random", until_turn=10)
    stats = compute(game.view(0, with_log=False))
    assert stats.rolls == 0 and stats.expected == expected_rolls(0) == (0.0,) * 11
    assert all(s.received_count == 0 and s.spent == NO_CARDS for s in stats.players)
    assert stats.points.turns == (game.turn,)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_table_rows_carry_the_figures(game: Game, lang: str) -> None:
    stats = compute(game.view(0))
    rows = table(stats, lang)
    assert [r.key for r in rows] == [f for f, _ in CARD_ROWS] + list(COUNT_ROWS)
    for row in rows:
        assert row.label and row.label != "stats.row." + row.key and len(row.cells) == len(game.players)
        for seat, cell in zip(stats.players, row.cells):
            figure = getattr(seat, row.key)
            want = sum(figure) if isinstance(figure, tuple) else figure
            hidden = dict(CARD_ROWS).get(row.key)
            assert cell.count == want + (getattr(seat, hidden) if hidden else 0), row.key
            assert cell.text == str(cell.count) and (cell.detail == "") == (cell.count == 0 or row.key in (
                "maritime_trades", "rolls", "roads", "settlements", "cities",
            ) or (row.key == "dev_bought" and seat.dev_bought_kinds is None)), (row.key, cell)


# --- hidden information --------------------------------------------------------------------------------


def robbed_game(card: str) -> Game:
    """Seat 0 moves the robber and steals seat 2's only card, ``card``; seat 1 looks on."""
    game = scenario(
        [{"settlements": [17], "hand": {"brick": 1}}, {"settlements": [8], "hand": {"wool": 2}},
         {"settlements": [18], "hand": {card: 1}}],
        phase="robber",
    )
    game.apply("0 robber 4 2")
    return game


def test_a_seat_never_learns_which_card_others_stole_between_them() -> None:
    ore, wool = robbed_game("ore"), robbed_game("lumber")
    assert [e.secret for e in ore.log if e.kind == "steal"] != [e.secret for e in wool.log if e.kind == "steal"]
    for viewer in (None, 1):
        a, b = compute(ore.view(viewer)), compute(wool.view(viewer))
        assert a == b, viewer
        assert a.players[0].stolen_hidden == 1 and a.players[2].robbed_hidden == 1 and a.players[0].steals == (0, 0, 1)
        assert a.players[0].stolen == a.players[2].robbed == NO_CARDS
    for viewer in (0, 2):
        a, b = compute(ore.view(viewer)), compute(wool.view(viewer))
        assert a != b
        assert a.players[0].stolen == a.players[2].robbed == (0, 0, 0, 0, 1)
        assert b.players[0].stolen == b.players[2].robbed == (0, 1, 0, 0, 0)


def test_the_table_of_a_third_seat_does_not_tell_the_stolen_card() -> None:
    ore, lumber = robbed_game("ore"), robbed_game("lumber")
    for lang in LANGUAGES:
        assert table(compute(ore.view(1)), lang) == table(compute(lumber.view(1)), lang)
        assert table(compute(ore.view(0)), lang) != table(compute(lumber.view(0)), lang)
    robbed = {row.key: row for row in table(compute(ore.view(1)), "en")}["robbed"]
    assert [c.count for c in robbed.cells] == [0, 0, 1] and robbed.cells[2].detail == "1 card of unknown kind"


def swap_secrets(game: Game, viewer: int | None) -> list:
    """The game's log with every secret the viewer may not see changed to something else."""
    out = []
    for e in game.log:
        if e.secret is not None and viewer not in e.audience:
            key = "resource" if e.kind == "steal" else "card"
            e = e._replace(secret={key: (e.secret[key] + 1) % 5})
        out.append(e)
    return out


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_statistics_depend_only_on_what_the_viewer_may_see(game: Game, viewer: int | None) -> None:
    real = compute(game.view(viewer))
    other = compute(make_view(game, viewer, (), swap_secrets(game, viewer)))
    assert real == other
    assert [s.dev_bought_kinds is None for s in real.players] == [q != viewer for q in range(len(game.players))]


# --- the charts ----------------------------------------------------------------------------------------


def named_game() -> Game:
    seats = tuple(Seat(name, color) for name, color in zip((NASTY_NAME, "Ana", "अनिल", "Zoë"), (c.hex for c in PALETTE)))
    return play(1, 4, "random", seats=seats)


@pytest.fixture(scope="module")
def named() -> Stats:
    return compute(named_game().view(None))


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img" and root.get("aria-label")
    title = root.find(SVG + "title")
    assert title is not None and title.text
    return root


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(SVG + "text")]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [360, 1280])
def test_dice_chart(named: Stats, lang: str, width: int) -> None:
    root = parse(dice_svg(named, lang=lang, width=width))
    bars = [g for g in root.iter(SVG + "g") if g.get("class") == "bar"]
    assert [int(g.get("data-total")) for g in bars] == list(DICE_TOTALS)
    assert [int(g.get("data-rolled")) for g in bars] == list(named.dice)
    assert all(g.find(SVG + "title") is not None for g in bars)
    assert len([e for e in root.iter() if e.get("class") == "expected"]) == len(DICE_TOTALS)
    assert {str(t) for t in DICE_TOTALS} <= set(texts(root))
    assert root.get("viewBox").split()[2] == str(width)
    assert str(named.rolls) in root.get("aria-label")
    point = f"{named.expected[0]:.1f}"  # expected 2s, with a decimal: "5,2" in Spanish and German
    comma = point.replace(".", ",")
    assert point != comma and (comma if lang in ("es", "de") else point) in root.get("aria-label")
    assert (point if lang in ("es", "de") else comma) not in root.get("aria-label")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [360, 1280])
def test_points_chart(named: Stats, lang: str, width: int) -> None:
    svg = points_svg(named, lang=lang, width=width)
    root = parse(svg)
    series = [g for g in root.iter(SVG + "g") if g.get("class") == "series"]
    assert [int(g.get("data-seat")) for g in series] == [0, 1, 2, 3]
    dashes = {g.find(SVG + "polyline[@class='line']").get("stroke-dasharray") for g in series}
    markers = {g.get("data-marker") for g in series}
    assert len(dashes) == len(markers) == 4  # told apart without colour
    assert NASTY_NAME in root.get("aria-label") and any(NASTY_NAME in text for text in texts(root))
    assert NASTY_NAME not in svg and "&lt;b&gt;&amp;&quot;x&quot;" in svg
    assert root.get("viewBox").split()[2] == str(width)


def test_charts_of_an_empty_log_and_the_dice_label_in_every_language() -> None:
    game = Game(Options(players=2), seed=3)
    stats = compute(game.view(None))
    for lang in LANGUAGES:
        dice_root = parse(dice_svg(stats, lang=lang))
        points_root = parse(points_svg(stats, lang=lang))
        assert len([g for g in dice_root.iter(SVG + "g") if g.get("class") == "bar"]) == 11
        assert len([g for g in points_root.iter(SVG + "g") if g.get("class") == "series"]) == 2


def test_charts_are_pure() -> None:
    stats = compute(named_game().view(0))
    assert dice_svg(stats, lang="hi", width=500) == dice_svg(stats, lang="hi", width=500)
    assert points_svg(stats, lang="de") == points_svg(stats, lang="de")
