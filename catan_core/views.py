"""Views: what one seat (or a spectator) may see of a game.

A user interface and every computer player read the game only through a :class:`View`:
it shows everyone's hand *size* and development card *count*, the viewer's own cards,
and never the deck order or an opponent's cards.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=1)
>>> view = game.view(1)
>>> view.hand is not None, view.players[0].hand_size == sum(game.players[0].hand)
(True, True)
>>> game.view(None).hand is None
True

A view travels as JSON (:meth:`View.to_json` / :meth:`View.from_json`, an exact round trip
read with :mod:`catan_core.jsonread`): a guest's page in a network game receives its own
view from the host. The log can be left out and sent piecemeal, as the events new since
the last message (a long game's log is about 200 KB):

>>> data = view.to_json(with_log=False)
>>> View.from_json(data, log=view.log) == view
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .actions import Action, Cards
from .board import EDGE_COUNT, HEX_COUNT, NODE_COUNT, Board
from .errors import CatanError, FormatError
from .events import Event
from .jsonread import Obj, is_int
from .names import KNIGHT
from .state import (
    CITIES,
    DEV_DECK,
    DICE_OUTCOMES,
    PHASES,
    RESOURCE_SUPPLY,
    ROADS,
    SETTLEMENTS,
    Options,
    Seat,
    State,
    TradeOffer,
    seats_from_json,
)

MAX_POINTS = 64
"""Above any victory point count a game can reach (a bound for reading views)."""
MAX_TURN = 1 << 31
MAX_LEGAL = 50_000
"""Most legal actions a view may list (a discard from a big hand lists a few thousand)."""
MAX_LOG = 1_000_000
"""Most events a view's log may hold (a long game has a few thousand)."""
_PLAYER_KEYS = (
    "seat", "hand_size", "dev_cards", "played", "public_points", "points", "road_length", "longest_road",
    "largest_army", "settlements", "cities", "roads", "discard_due",
)
_VIEW_KEYS = (
    "viewer", "options", "seats", "board", "robber", "bank", "deck_size", "phase", "current", "to_act", "turn", "dice",
    "winner", "free_roads", "dev_played", "built", "dice_deck", "players", "trade", "hand", "dev", "dev_new", "ratios",
    "legal", "log",
)
_HAND_MAX = 5 * RESOURCE_SUPPLY
DICE_TOTALS = range(2, 13)
"""The totals two dice can show."""


@dataclass(frozen=True)
class PlayerView:
    """The public facts about one seat."""

    seat: int
    hand_size: int
    dev_cards: int
    """Development cards held and not played (their kinds are hidden)."""
    played: tuple[int, ...]
    """Development cards played face up, by kind."""
    knights: int
    public_points: int
    """Victory points everyone can count (hidden Victory Point cards left out)."""
    points: int | None
    """All victory points: known only to the seat itself, and to all once the game is over."""
    road_length: int
    longest_road: bool
    largest_army: bool
    settlements: tuple[int, ...]
    cities: tuple[int, ...]
    roads: tuple[int, ...]
    discard_due: int

    def to_json(self) -> dict[str, Any]:
        """These facts as a plain dict (``knights`` is ``played``'s first count, left out)."""
        return {
            "seat": self.seat, "hand_size": self.hand_size, "dev_cards": self.dev_cards, "played": list(self.played),
            "public_points": self.public_points, "points": self.points, "road_length": self.road_length,
            "longest_road": self.longest_road, "largest_army": self.largest_army,
            "settlements": list(self.settlements), "cities": list(self.cities), "roads": list(self.roads),
            "discard_due": self.discard_due,
        }

    @classmethod
    def from_json(cls, data: Any, seat: int) -> PlayerView:
        """Read seat number ``seat``'s facts written by :meth:`to_json` (exact types and ranges)."""
        obj = Obj(data, "players")
        obj.only(_PLAYER_KEYS)
        played: tuple[int, ...] = tuple(obj.ints("played", 0, max(DEV_DECK) + 1, 5))
        obj.int("seat", seat, seat + 1)  # the seat of its place in the list
        return cls(
            seat=seat,
            hand_size=obj.int("hand_size", 0, _HAND_MAX + 1),
            dev_cards=obj.int("dev_cards", 0, sum(DEV_DECK) + 1),
            played=played,
            knights=played[KNIGHT],
            public_points=obj.int("public_points", 0, MAX_POINTS),
            points=obj.get("points", ok=lambda v: v is None or is_int(v, 0, MAX_POINTS)),
            road_length=obj.int("road_length", 0, ROADS + 1),
            longest_road=obj.bool("longest_road"),
            largest_army=obj.bool("largest_army"),
            settlements=tuple(obj.ints("settlements", 0, NODE_COUNT, max_len=SETTLEMENTS)),
            cities=tuple(obj.ints("cities", 0, NODE_COUNT, max_len=CITIES)),
            roads=tuple(obj.ints("roads", 0, EDGE_COUNT, max_len=ROADS)),
            discard_due=obj.int("discard_due", 0, _HAND_MAX + 1),
        )


@dataclass(frozen=True)
class TradeView:
    """The open domestic offer (offers and answers are public)."""

    offerer: int
    give: Cards
    want: Cards
    targets: tuple[int, ...]
    answers: tuple[tuple[int, str, tuple[Cards, Cards] | None], ...]
    waiting_for: int

    def _offer(self) -> TradeOffer:
        return TradeOffer(self.offerer, self.give, self.want, self.targets, {s: (k, t) for s, k, t in self.answers})

    def to_json(self) -> dict[str, Any]:
        """The offer and its answers as a plain dict (the form saves use; ``waiting_for``
        follows from them)."""
        return self._offer().to_json()

    @classmethod
    def from_json(cls, data: Any, players: int) -> TradeView:
        """Read an offer of a game of ``players`` seats written by :meth:`to_json`."""
        offer = TradeOffer.from_json(data, players)
        answers = tuple((seat, kind, terms) for seat, (kind, terms) in offer.answers.items())
        return cls(offer.offerer, offer.give, offer.want, offer.targets, answers, offer.waiting_for())


@dataclass(frozen=True)
class View:
    """A snapshot of the game as ``viewer`` sees it (``viewer`` None: a spectator)."""

    viewer: int | None
    options: Options
    seats: tuple[Seat, ...]
    board: Board
    robber: int
    node_owner: tuple[int, ...]
    node_city: tuple[bool, ...]
    edge_owner: tuple[int, ...]
    bank: tuple[int, ...]
    deck_size: int
    phase: str
    current: int
    to_act: int
    turn: int
    dice: tuple[int, int] | None
    winner: int
    free_roads: int
    dev_played: bool
    """Whether the current player has already played a development card this turn (public)."""
    built: bool
    """Whether the turn's trading is over because the current player built (only with
    :attr:`~catan_core.state.Options.trade_then_build`; public: every build is)."""
    dice_deck: tuple[tuple[int, int], ...] | None
    """With balanced dice, the outcomes left in the deck (public: every roll is; the deck
    holds no order to hide, see :attr:`~catan_core.state.State.dice_deck`); None without."""
    players: tuple[PlayerView, ...]
    trade: TradeView | None
    hand: tuple[int, ...] | None
    """The viewer's resource cards (None for a spectator)."""
    dev: tuple[int, ...] | None
    """The viewer's unplayed development cards by kind."""
    dev_new: tuple[int, ...] | None
    """Of those, the ones bought this turn."""
    ratios: tuple[int, ...] | None
    """The viewer's best maritime ratio for each resource."""
    legal: tuple[Action, ...]
    """The viewer's legal actions (empty unless the viewer must act now)."""
    log: tuple[Event, ...]
    """Everything that happened, with secrets shown only to those entitled."""

    def dice_totals_left(self) -> tuple[int, ...] | None:
        """With balanced dice, how many outcomes left in the deck make each total from 2 to
        12 (the first count is for 2); None with plain dice.

        >>> from catan_core.game import Game, Options
        >>> game = Game(Options(players=3, board="beginner", balanced_dice=True), seed=1)
        >>> game.view(None).dice_totals_left()
        (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
        >>> game.view(None, with_log=False).dice_totals_left() == game.view(0).dice_totals_left()
        True
        """
        if self.dice_deck is None:
            return None
        counts = [0] * len(DICE_TOTALS)
        for a, b in self.dice_deck:
            counts[a + b - DICE_TOTALS[0]] += 1
        return tuple(counts)

    def as_spectator(self) -> View:
        """What a spectator sees of the same position: everything a seat's view shows but
        its own cards, points (until the game is over), legal actions and secret events.

        >>> from catan_core.game import Game, Options
        >>> game = Game(Options(players=3, board="beginner"), seed=1)
        >>> game.view(0).as_spectator() == game.view(None)
        True
        """
        if self.viewer is None:
            return self
        over = self.winner >= 0
        players = tuple(pv if over else replace(pv, points=None) for pv in self.players)
        return replace(
            self, viewer=None, players=players, hand=None, dev=None, dev_new=None, ratios=None, legal=(),
            log=tuple(event.for_viewer(None) for event in self.log),
        )

    def to_json(self, with_log: bool = True) -> dict[str, Any]:
        """This view as JSON-ready data; :meth:`from_json` reads it back exactly.

        Legal actions are written in their text form, the log as :meth:`Event.to_json
        <catan_core.events.Event.to_json>` entries (left out without ``with_log``). The
        owner tables of intersections and paths follow from the players' pieces and are
        left out.
        """
        own = self.viewer is not None
        data: dict[str, Any] = {
            "viewer": self.viewer, "options": self.options.to_json(), "seats": [seat.to_json() for seat in self.seats],
            "board": self.board.to_json(), "robber": self.robber, "bank": list(self.bank), "deck_size": self.deck_size,
            "phase": self.phase, "current": self.current, "to_act": self.to_act, "turn": self.turn,
            "dice": None if self.dice is None else list(self.dice), "winner": self.winner,
            "free_roads": self.free_roads, "dev_played": self.dev_played, "built": self.built,
            "dice_deck": None if self.dice_deck is None else [list(d) for d in self.dice_deck],
            "players": [pv.to_json() for pv in self.players],
            "trade": None if self.trade is None else self.trade.to_json(),
            "hand": _list(self.hand) if own else None, "dev": _list(self.dev) if own else None,
            "dev_new": _list(self.dev_new) if own else None, "ratios": _list(self.ratios) if own else None,
            "legal": [action.text() for action in self.legal],
        }
        if with_log:
            data["log"] = [event.to_json() for event in self.log]
        return data

    @classmethod
    def from_json(cls, data: Any, log: Sequence[Event] = ()) -> View:
        """Read a view written by :meth:`to_json`, with exact types and ranges; its log is
        the ``log`` field when present, else ``log``. Every problem is a
        :class:`~catan_core.errors.FormatError`.

        Only the shape is checked (that pieces do not overlap and that every legal action
        is the viewer's, among others), not whether the rules could produce the position.
        """
        obj = Obj(data, "view")
        obj.only(_VIEW_KEYS)
        options = Options.from_json(obj.get("options"))
        n = options.players
        viewer = obj.get("viewer", ok=lambda v: v is None or is_int(v, 0, n))
        players = obj.list("players", n)
        if len(players) != n:
            raise obj.fail("players")
        player_views = tuple(PlayerView.from_json(entry, q) for q, entry in enumerate(players))
        node_owner, node_city, edge_owner = _owners(player_views)
        trade = obj.get("trade")
        dice = obj.get("dice", ok=_is_dice)
        own = viewer is not None

        def private(key: str, lo: int, hi: int) -> tuple[int, ...] | None:
            if not own:
                obj.get(key, ok=lambda v: v is None)
                return None
            return tuple(obj.ints(key, lo, hi, 5))

        if obj.has("log"):
            log = [Event.from_json(entry) for entry in obj.list("log", MAX_LOG)]
        return cls(
            viewer=viewer,
            options=options,
            seats=seats_from_json(obj.get("seats"), n),
            board=Board.from_json(obj.get("board")),
            robber=obj.int("robber", 0, HEX_COUNT),
            node_owner=node_owner,
            node_city=node_city,
            edge_owner=edge_owner,
            bank=tuple(obj.ints("bank", 0, RESOURCE_SUPPLY + 1, 5)),
            deck_size=obj.int("deck_size", 0, sum(DEV_DECK) + 1),
            phase=obj.str("phase", PHASES),
            current=obj.int("current", 0, n),
            to_act=obj.int("to_act", -1, n),
            turn=obj.int("turn", 0, MAX_TURN),
            dice=None if dice is None else (dice[0], dice[1]),
            winner=obj.int("winner", -1, n),
            free_roads=obj.int("free_roads", 0, 3),
            dev_played=obj.bool("dev_played"),
            built=obj.bool("built"),
            dice_deck=_dice_deck(obj.get("dice_deck")),
            players=player_views,
            trade=None if trade is None else TradeView.from_json(trade, n),
            hand=private("hand", 0, RESOURCE_SUPPLY + 1),
            dev=private("dev", 0, max(DEV_DECK) + 1),
            dev_new=private("dev_new", 0, max(DEV_DECK) + 1),
            ratios=private("ratios", 2, 5),
            legal=_legal(obj.list("legal", MAX_LEGAL), viewer),
            log=tuple(log),
        )


def _is_dice(value: Any) -> bool:
    return value is None or (type(value) is list and len(value) == 2 and all(is_int(d, 1, 7) for d in value))


def _dice_deck(value: Any) -> tuple[tuple[int, int], ...] | None:
    """The outcomes left of balanced dice, read (None: plain dice)."""
    if value is None:
        return None
    if type(value) is not list or len(value) > len(DICE_OUTCOMES):
        raise FormatError("format.field", field="dice_deck")
    if not all(d is not None and _is_dice(d) for d in value):
        raise FormatError("format.field", field="dice_deck")
    return tuple((d[0], d[1]) for d in value)


def _list(cards: tuple[int, ...] | None) -> list[int] | None:
    return None if cards is None else list(cards)


def _owners(players: tuple[PlayerView, ...]) -> tuple[tuple[int, ...], tuple[bool, ...], tuple[int, ...]]:
    """The owner of each intersection, whether it holds a city, and the owner of each path,
    from the players' pieces (refusing two pieces on one spot)."""
    node_owner, node_city, edge_owner = [-1] * NODE_COUNT, [False] * NODE_COUNT, [-1] * EDGE_COUNT
    for pv in players:
        for node in pv.settlements + pv.cities:
            if node_owner[node] >= 0:
                raise FormatError("format.piece_overlap", spot=f"n{node}")
            node_owner[node] = pv.seat
        for node in pv.cities:
            node_city[node] = True
        for e in pv.roads:
            if edge_owner[e] >= 0:
                raise FormatError("format.piece_overlap", spot=f"e{e}")
            edge_owner[e] = pv.seat
    return tuple(node_owner), tuple(node_city), tuple(edge_owner)


def _legal(texts: list[Any], viewer: int | None) -> tuple[Action, ...]:
    """Legal actions read from their text forms; each must be the viewer's."""
    try:
        actions = tuple(Action.parse(text) for text in texts)
    except CatanError:
        raise FormatError("format.field", field="legal") from None
    if any(action.player != viewer for action in actions):
        raise FormatError("format.field", field="legal")
    return actions


def make_view(state: State, viewer: int | None, legal: Sequence[Action] = (), log: Sequence[Event] = ()) -> View:
    """``viewer``'s view of ``state``, with ``viewer``'s ``legal`` actions and the events of
    ``log`` as ``viewer`` may see them (use :meth:`Game.view <catan_core.game.Game.view>`)."""
    over = state.winner >= 0
    players = tuple(
        PlayerView(
            seat=q,
            hand_size=sum(pl.hand),
            dev_cards=sum(pl.dev),
            played=tuple(pl.played),
            knights=pl.played[KNIGHT],
            public_points=state.victory_points(q, public=True),
            points=state.victory_points(q) if (over or q == viewer) else None,
            road_length=pl.road_length,
            longest_road=state.longest_road == q,
            largest_army=state.largest_army == q,
            settlements=tuple(pl.settlements),
            cities=tuple(pl.cities),
            roads=tuple(pl.roads),
            discard_due=state.discards[q],
        )
        for q, pl in enumerate(state.players)
    )
    trade = None
    if state.trade is not None:
        t = state.trade
        trade = TradeView(
            t.offerer, t.give, t.want, t.targets,
            tuple((seat, kind, terms) for seat, (kind, terms) in t.answers.items()),
            t.waiting_for(),
        )
    own = state.players[viewer] if viewer is not None else None
    return View(
        viewer=viewer,
        options=state.options,
        seats=state.seats,
        board=state.board,
        robber=state.robber,
        node_owner=tuple(state.node_owner),
        node_city=tuple(state.node_city),
        edge_owner=tuple(state.edge_owner),
        bank=tuple(state.bank),
        deck_size=sum(state.deck),
        phase=state.phase,
        current=state.current,
        to_act=state.to_act,
        turn=state.turn,
        dice=state.dice,
        winner=state.winner,
        free_roads=state.free_roads,
        dev_played=state.dev_played,
        built=state.built,
        dice_deck=tuple(state.dice_deck) if state.options.balanced_dice else None,
        players=players,
        trade=trade,
        hand=tuple(own.hand) if own else None,
        dev=tuple(own.dev) if own else None,
        dev_new=tuple(own.dev_new) if own else None,
        ratios=tuple(own.ratios) if own else None,
        legal=tuple(legal),
        log=tuple(e.for_viewer(viewer) for e in log),
    )
