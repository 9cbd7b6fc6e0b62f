"""Statistics of a game, as one seat (or a spectator) may see them.

:func:`compute` reads a :class:`~catan_core.views.View` -- its log and its end position
-- and returns :class:`Stats`: the dice histogram against the expected counts, each seat's
card flows (where its resource cards came from and went), steals, trades, development
cards, buildings, and the public victory points after every turn. A view's log shows the
stolen card only to the thief and the victim, and the development card bought only to the
buyer, so statistics computed from ``game.view(seat)`` reveal exactly what that seat may
know, and those from ``game.view(None)`` (a spectator) only public figures. Every figure
counts the events of the view's log; a game loaded from a save keeps its log, a game
started from a scenario has none from before its first move. :func:`table` gives the
per-seat figures as translated rows for a table; :mod:`catan_core.stats_svg` draws the charts.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=7)
>>> _ = game.apply("0 roll 3+5")
>>> stats = compute(game.view(None))
>>> stats.rolls, stats.dice[8 - MIN_TOTAL], stats.expected[7 - MIN_TOTAL]
(1, 1, 0.16666666666666666)
>>> stats.points.turns, stats.points.public
((0, 1), ((2, 2), (2, 2), (2, 2)))
>>> sum(sum(p.production) for p in stats.players) == sum(sum(e.data["cards"]) for e in game.log if e.kind == "produce")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .actions import Cards
from .events import Event
from .game import CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST
from .i18n import cards_text, translate
from .names import DEV_CARDS
from .state import SETUP_ROAD
from .views import View

__all__ = [
    "CARD_ROWS",
    "COUNT_ROWS",
    "DICE_OUTCOMES",
    "DICE_TOTALS",
    "DICE_WAYS",
    "MAX_TOTAL",
    "MIN_TOTAL",
    "NO_CARDS",
    "Cell",
    "PointsSeries",
    "Row",
    "SeatStats",
    "Stats",
    "compute",
    "expected_rolls",
    "hidden_victory_points",
    "table",
]

# --- the dice --------------------------------------------------------------------------------

MIN_TOTAL, MAX_TOTAL = 2, 12
"""The smallest and largest total of two dice."""
DICE_TOTALS: tuple[int, ...] = tuple(range(MIN_TOTAL, MAX_TOTAL + 1))
"""The totals the histogram counts, in order: index ``total - MIN_TOTAL``."""
DICE_OUTCOMES = 36
"""Equally likely outcomes of two six-sided dice."""
DICE_WAYS: tuple[int, ...] = tuple(6 - abs(7 - t) for t in DICE_TOTALS)
"""How many of the :data:`DICE_OUTCOMES` give each total (1 way to roll 2, 6 ways to roll 7)."""

# --- points ----------------------------------------------------------------------------------

SETTLEMENT_POINTS, CITY_POINTS, AWARD_POINTS = 1, 2, 2
"""Public victory points of a settlement, a city, and Longest Road or Largest Army."""
AWARD_EVENTS = frozenset({"longest_road", "largest_army"})
"""Events that move a 2-point special card (``player`` gains it, ``data["previous"]`` loses it; -1: nobody)."""

NO_CARDS: Cards = (0, 0, 0, 0, 0)
"""An empty hand, by resource."""

_AFTER_SETTLEMENT = frozenset({"longest_road", "setup_resources"})
"""Events the settlement action itself may add after ``build_settlement``."""


def expected_rolls(rolls: int) -> tuple[float, ...]:
    """How often each total of :data:`DICE_TOTALS` is expected in ``rolls`` rolls: ``rolls * ways / 36``.

    >>> expected_rolls(36)
    (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0)
    """
    return tuple(rolls * ways / DICE_OUTCOMES for ways in DICE_WAYS)


def _add(a: Cards, b: Sequence[int]) -> Cards:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def _sub(a: Cards, b: Sequence[int]) -> Cards:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4])


def _one(resource: int) -> Cards:
    cards = [0, 0, 0, 0, 0]
    cards[resource] = 1
    return (cards[0], cards[1], cards[2], cards[3], cards[4])


def _sum_cards(hands: Iterable[Sequence[int]]) -> Cards:
    total = NO_CARDS
    for cards in hands:
        total = _add(total, cards)
    return total


@dataclass(frozen=True)
class SeatStats:
    """What one seat's events in the log add up to, as the viewer may see them.

    Resource figures are :data:`~catan_core.actions.Cards` (counts of brick, lumber, wool,
    grain, ore). Only steals can hide a card's kind: a steal counts in ``stolen`` /
    ``robbed`` when the viewer is the thief or the victim, and in ``stolen_hidden`` /
    ``robbed_hidden`` (a number of cards, kind unknown) otherwise.
    """

    seat: int
    production: Cards = NO_CARDS
    """Cards received from the dice (``produce`` events; after a bank shortage, what was actually paid)."""
    setup: Cards = NO_CARDS
    """Cards taken for the second set-up settlement (``setup_resources``)."""
    year_of_plenty: Cards = NO_CARDS
    """Cards taken from the bank with Year of Plenty."""
    monopoly_gained: Cards = NO_CARDS
    """Cards collected from the other seats with Monopoly."""
    stolen: Cards = NO_CARDS
    """Cards this seat took with the robber (Knight or a 7), when the viewer may see their kind."""
    stolen_hidden: int = 0
    """Cards this seat took with the robber whose kind the viewer may not see."""
    robbed: Cards = NO_CARDS
    """Cards other seats took from this seat with the robber, when the viewer may see their kind."""
    robbed_hidden: int = 0
    """Cards taken from this seat with the robber whose kind the viewer may not see."""
    discarded: Cards = NO_CARDS
    """Cards discarded on a 7."""
    monopoly_lost: Cards = NO_CARDS
    """Cards given up to another seat's Monopoly."""
    trade_received: Cards = NO_CARDS
    """Cards received in completed domestic trades (as the offering seat or as the partner)."""
    trade_given: Cards = NO_CARDS
    """Cards given in completed domestic trades."""
    maritime_received: Cards = NO_CARDS
    """Cards taken from the bank in maritime trades (one per trade)."""
    maritime_given: Cards = NO_CARDS
    """Cards given to the bank in maritime trades (4, 3 or 2 per trade)."""
    spent: Cards = NO_CARDS
    """Cards paid for roads, settlements, cities and development cards (free roads and set-up pieces cost nothing)."""
    steals: tuple[int, ...] = ()
    """Robber steals by this seat, by victim seat (one card each; kinds in ``stolen``)."""
    trades_with: tuple[int, ...] = ()
    """Completed domestic trades with each seat, whoever offered (0 for this seat itself)."""
    maritime_trades: int = 0
    """Maritime trades made (each one card from the bank)."""
    rolls: int = 0
    """Times this seat rolled the dice."""
    roads: int = 0
    """Roads built, set-up and free roads included."""
    settlements: int = 0
    """Settlements built, set-up ones included."""
    cities: int = 0
    """Cities built."""
    dev_bought: int = 0
    """Development cards bought."""
    dev_bought_kinds: tuple[int, ...] | None = None
    """Those cards by kind (in the order of :data:`~catan_core.names.DEV_CARDS`): only in the
    buyer's own view, else None."""
    dev_played: tuple[int, ...] = (0, 0, 0, 0, 0)
    """Development cards played, by kind (Victory Point cards are never played; they count at the end)."""

    @property
    def received(self) -> Cards:
        """Cards gained without giving cards for them, of known kind: production, set-up,
        Year of Plenty, Monopoly and visible steals."""
        return _sum_cards((self.production, self.setup, self.year_of_plenty, self.monopoly_gained, self.stolen))

    @property
    def received_count(self) -> int:
        """How many cards :attr:`received` counts, plus the stolen cards of hidden kind."""
        return sum(self.received) + self.stolen_hidden

    @property
    def lost(self) -> Cards:
        """Cards lost without anything in return, of known kind: robbed, discarded, taken by Monopoly."""
        return _sum_cards((self.robbed, self.discarded, self.monopoly_lost))

    @property
    def lost_count(self) -> int:
        """How many cards :attr:`lost` counts, plus the cards robbed whose kind is hidden."""
        return sum(self.lost) + self.robbed_hidden

    @property
    def robbed_count(self) -> int:
        """Cards taken from this seat with the robber, of any kind."""
        return sum(self.robbed) + self.robbed_hidden

    @property
    def domestic_trades(self) -> int:
        """Completed domestic trades this seat took part in."""
        return sum(self.trades_with)

    @property
    def net_change(self) -> Cards:
        """The net change of this seat's hand over the log by resource, stolen cards of hidden
        kind left out: received - lost + traded in - traded out - spent. For the viewer's own
        seat nothing is hidden, so when the log starts with the game this is the viewer's hand."""
        change = _sub(self.received, self.lost)
        change = _sub(_add(change, self.trade_received), self.trade_given)
        change = _sub(_add(change, self.maritime_received), self.maritime_given)
        return _sub(change, self.spent)


@dataclass(frozen=True)
class PointsSeries:
    """Public victory points over the turns, one series per seat.

    Sample ``i`` is taken when ``turns[i]`` turns have been completed (0: the set-up just
    finished); the last sample is the position at the end of the log, during turn
    ``turns[-1]`` when the game is still on (``in_progress``). Public points are
    settlements (1), cities (2), Longest Road (2) and Largest Army (2): hidden Victory Point
    cards are never counted. The series is exact: it ends at the view's public points and
    goes back through every ``build_settlement``, ``build_city``, ``longest_road`` and
    ``largest_army`` event of the log, so a log that does not start with the game (a
    scenario) still gives the right values from its first ``turn`` event on.
    """

    turns: tuple[int, ...]
    """Turns completed at each sample (the last: the current turn)."""
    public: tuple[tuple[int, ...], ...]
    """Per seat, the public points at each sample."""
    in_progress: bool
    """Whether the last sample is a turn still being played (the game is not over)."""
    final: tuple[int, ...] | None
    """Per seat, all points as the ``win`` event revealed them, Victory Point cards included
    (None while nobody has won)."""
    target: int
    """The points needed to win."""


@dataclass(frozen=True)
class Stats:
    """Figures of one game for one viewer (see :func:`compute`)."""

    viewer: int | None
    """The seat whose view this is (None: a spectator)."""
    names: tuple[str, ...]
    """Seat display names (raw text: escape before putting them in markup)."""
    colors: tuple[str, ...]
    """Seat colours (``#rrggbb``)."""
    dice: tuple[int, ...]
    """Rolls per total, index ``total - MIN_TOTAL`` (totals 2 to 12; forced dice count too)."""
    players: tuple[SeatStats, ...]
    """Per seat figures."""
    points: PointsSeries
    """Public victory points after each turn."""
    over: bool
    """Whether the game is over."""

    @property
    def rolls(self) -> int:
        """Dice rolls in the log (the start roll for the first player is not counted)."""
        return sum(self.dice)

    @property
    def expected(self) -> tuple[float, ...]:
        """Expected rolls of each total for :attr:`rolls` rolls: ``rolls * ways / 36``."""
        return expected_rolls(self.rolls)


class _Seat:
    """Mutable counters for one seat while the log is read."""

    def __init__(self, seat: int, seats: int, viewer: int | None) -> None:
        self.seat, self.viewer = seat, viewer
        self.cards: dict[str, Cards] = {}
        self.counts: dict[str, int] = {}
        self.steals, self.trades_with = [0] * seats, [0] * seats
        self.dev_played = [0] * len(DEV_CARDS)
        self.dev_kinds = [0] * len(DEV_CARDS)

    def add(self, field: str, cards: Sequence[int]) -> None:
        self.cards[field] = _add(self.cards.get(field, NO_CARDS), cards)

    def count(self, field: str, n: int = 1) -> None:
        self.counts[field] = self.counts.get(field, 0) + n

    def freeze(self) -> SeatStats:
        own = self.viewer == self.seat
        figures: dict[str, object] = {**self.cards, **self.counts}
        return SeatStats(
            seat=self.seat,
            steals=tuple(self.steals),
            trades_with=tuple(self.trades_with),
            dev_played=tuple(self.dev_played),
            dev_bought_kinds=tuple(self.dev_kinds) if own else None,
            **figures,  # type: ignore[arg-type]
        )


def _settlement_was_free(log: Sequence[Event], i: int, phase: str) -> bool:
    """Whether the ``build_settlement`` at ``log[i]`` was a set-up one (free).

    In the set-up the same seat's next action is a free road; in the main phase a free
    road can follow only a played Road Building card (a ``play_dev`` event in between).
    """
    p = log[i].player
    for event in log[i + 1 :]:
        if event.kind in _AFTER_SETTLEMENT:
            continue
        return event.kind == "build_road" and event.player == p and bool(event.data.get("free"))
    return phase == SETUP_ROAD


def _point_changes(event: Event, seats: int) -> list[tuple[int, int]]:
    """(seat, change of public points) that ``event`` causes."""
    kind = event.kind
    if kind == "build_settlement":
        return [(event.player, SETTLEMENT_POINTS)]
    if kind == "build_city":
        return [(event.player, CITY_POINTS - SETTLEMENT_POINTS)]
    if kind in AWARD_EVENTS:
        out = []
        previous = event.data.get("previous", -1)
        if 0 <= previous < seats:
            out.append((previous, -AWARD_POINTS))
        if 0 <= event.player < seats:
            out.append((event.player, AWARD_POINTS))
        return out
    return []


def _points(view: View) -> PointsSeries:
    seats = len(view.players)
    now = [pl.public_points for pl in view.players]
    # walk back from the end position: the value at each sample is now minus what came after
    samples: list[tuple[int, tuple[int, ...]]] = [(view.turn, tuple(now))]
    final = None
    for event in reversed(view.log):
        if event.kind == "turn":
            samples.append((event.data["turn"] - 1, tuple(now)))
        elif event.kind == "win" and final is None:
            final = tuple(event.data["points"])
        for seat, change in _point_changes(event, seats):
            now[seat] -= change
    samples.reverse()
    return PointsSeries(
        turns=tuple(t for t, _ in samples),
        public=tuple(tuple(values[q] for _, values in samples) for q in range(seats)),
        in_progress=view.winner < 0,
        final=final,
        target=view.options.vp_target,
    )


def compute(view: View) -> Stats:
    """The statistics of ``view``'s log as ``view.viewer`` may see them (see :class:`SeatStats`).

    >>> from catan_core.game import Game, Options
    >>> game = Game(Options(players=3, board="beginner"), seed=7)
    >>> stats = compute(game.view(0))
    >>> stats.players[0].setup == tuple(game.players[0].hand), stats.rolls
    (True, 0)
    >>> stats.players[1].dev_bought_kinds is None, stats.players[0].dev_bought_kinds
    (True, (0, 0, 0, 0, 0))
    """
    seats = len(view.players)
    acc = [_Seat(q, seats, view.viewer) for q in range(seats)]
    dice = [0] * len(DICE_TOTALS)
    log = view.log
    for i, event in enumerate(log):
        kind, p, data = event.kind, event.player, event.data
        if kind == "roll":
            dice[data["total"] - MIN_TOTAL] += 1
            acc[p].count("rolls")
        elif kind == "produce":
            acc[p].add("production", data["cards"])
        elif kind == "setup_resources":
            acc[p].add("setup", data["cards"])
        elif kind == "year_of_plenty":
            acc[p].add("year_of_plenty", data["cards"])
        elif kind == "monopoly":
            resource = _one(data["resource"])
            for q, taken in enumerate(data["taken"]):
                if taken:
                    acc[q].add("monopoly_lost", tuple(taken * c for c in resource))
            acc[p].add("monopoly_gained", tuple(data["count"] * c for c in resource))
        elif kind == "steal":
            victim = data["victim"]
            acc[p].steals[victim] += 1
            if event.secret is not None:
                card = _one(event.secret["resource"])
                acc[p].add("stolen", card)
                acc[victim].add("robbed", card)
            else:
                acc[p].count("stolen_hidden")
                acc[victim].count("robbed_hidden")
        elif kind == "discard":
            acc[p].add("discarded", data["cards"])
        elif kind == "trade":
            partner = data["partner"]
            give, want = data["give"], data["want"]
            acc[p].add("trade_given", give)
            acc[p].add("trade_received", want)
            acc[partner].add("trade_given", want)
            acc[partner].add("trade_received", give)
            acc[p].trades_with[partner] += 1
            acc[partner].trades_with[p] += 1
        elif kind == "maritime":
            acc[p].add("maritime_given", tuple(data["count"] * c for c in _one(data["give_resource"])))
            acc[p].add("maritime_received", _one(data["get_resource"]))
            acc[p].count("maritime_trades")
        elif kind == "build_road":
            acc[p].count("roads")
            if not data.get("free"):
                acc[p].add("spent", ROAD_COST)
        elif kind == "build_settlement":
            acc[p].count("settlements")
            if not _settlement_was_free(log, i, view.phase):
                acc[p].add("spent", SETTLEMENT_COST)
        elif kind == "build_city":
            acc[p].count("cities")
            acc[p].add("spent", CITY_COST)
        elif kind == "buy":
            acc[p].count("dev_bought")
            acc[p].add("spent", DEV_CARD_COST)
            if event.secret is not None:
                acc[p].dev_kinds[event.secret["card"]] += 1
        elif kind == "play_dev":
            acc[p].dev_played[data["card"]] += 1
    return Stats(
        viewer=view.viewer,
        names=tuple(s.name for s in view.seats),
        colors=tuple(s.color for s in view.seats),
        dice=tuple(dice),
        players=tuple(a.freeze() for a in acc),
        points=_points(view),
        over=view.winner >= 0,
    )


def hidden_victory_points(stats: Stats) -> tuple[int, ...] | None:
    """Per seat, the Victory Point cards the ``win`` event revealed (final minus public
    points at the end; None while nobody has won).

    >>> series = PointsSeries((0, 5), ((2, 9), (2, 4)), False, (10, 5), 10)
    >>> hidden_victory_points(Stats(None, ("A", "B"), ("#000000", "#ffffff"), (0,) * 11, (), series, True))
    (1, 1)
    """
    final = stats.points.final
    if final is None:
        return None
    return tuple(f - series[-1] for f, series in zip(final, stats.points.public, strict=True))



# --- a table for the page -----------------------------------------------------------------------

CARD_ROWS: tuple[tuple[str, str | None], ...] = (
    ("production", None), ("setup", None), ("year_of_plenty", None), ("monopoly_gained", None),
    ("stolen", "stolen_hidden"), ("robbed", "robbed_hidden"), ("discarded", None), ("monopoly_lost", None),
    ("trade_received", None), ("trade_given", None), ("maritime_received", None), ("maritime_given", None),
    ("spent", None),
)
"""Rows of resource cards: the :class:`SeatStats` field and the field counting the same
flow's cards of hidden kind (None: never hidden)."""
COUNT_ROWS: tuple[str, ...] = (
    "domestic_trades", "maritime_trades", "rolls", "roads", "settlements", "cities", "dev_bought", "dev_played",
)
"""Rows of counts: a :class:`SeatStats` field or property (``dev_played``: the sum of its kinds)."""


@dataclass(frozen=True)
class Cell:
    """One seat's value in a :class:`Row` (texts are raw: escape them before markup)."""

    count: int
    """The figure: cards, or times."""
    text: str
    """``count`` as text."""
    detail: str
    """What the figure is made of, in words ("3 brick, 1 ore", "Ana: 2", "1 × Knight"), or ""."""


@dataclass(frozen=True)
class Row:
    """One figure for every seat."""

    key: str
    """The figure's name (a :class:`SeatStats` field; message key ``"stats.row." + key``)."""
    label: str
    """The figure's name in the language."""
    cells: tuple[Cell, ...]
    """Per seat."""


def _dev_text(kinds: Sequence[int], lang: str) -> str:
    parts = [translate("stats.dev_item", {"count": c, "card": k}, lang) for k, c in enumerate(kinds) if c]
    return translate("word.list_separator", {}, lang).join(parts)


def table(stats: Stats, lang: str = "en") -> list[Row]:
    """The per-seat figures as rows for a table, texts in ``lang``: the resource-card rows
    of :data:`CARD_ROWS`, then the counts of :data:`COUNT_ROWS`.

    >>> from catan_core.game import Game, Options
    >>> game = Game(Options(players=3, board="beginner"), seed=7)
    >>> rows = table(compute(game.view(None)), "en")
    >>> row = rows[1]
    >>> row.label, row.cells[0].count, row.cells[0].detail
    ('From the set-up', 3, '2 brick, 1 lumber')
    """
    separator = translate("word.list_separator", {}, lang)
    rows = []
    for field, hidden_field in CARD_ROWS:
        cells = []
        for seat in stats.players:
            cards: Cards = getattr(seat, field)
            hidden = getattr(seat, hidden_field) if hidden_field else 0
            parts = [cards_text(cards, lang)] if any(cards) else []
            if hidden:
                parts.append(translate("stats.unknown_cards", {"count": hidden}, lang))
            count = sum(cards) + hidden
            cells.append(Cell(count, str(count), separator.join(parts)))
        rows.append(Row(field, translate("stats.row." + field, {}, lang), tuple(cells)))
    for field in COUNT_ROWS:
        cells = []
        for seat in stats.players:
            detail = ""
            if field == "dev_played":
                count = sum(seat.dev_played)
                detail = _dev_text(seat.dev_played, lang)
            else:
                count = getattr(seat, field)
            if field == "dev_bought" and seat.dev_bought_kinds is not None:
                detail = _dev_text(seat.dev_bought_kinds, lang)
            elif field == "domestic_trades":
                detail = separator.join(
                    translate("stats.partner_item", {"partner": q, "count": n}, lang, stats.names)
                    for q, n in enumerate(seat.trades_with) if n
                )
            cells.append(Cell(count, str(count), detail))
        rows.append(Row(field, translate("stats.row." + field, {}, lang), tuple(cells)))
    return rows
