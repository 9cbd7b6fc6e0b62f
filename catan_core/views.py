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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .actions import Action, Cards
from .board import Board
from .events import Event
from .names import KNIGHT
from .state import Options, Seat, State


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


@dataclass(frozen=True)
class TradeView:
    """The open domestic offer (offers and answers are public)."""

    offerer: int
    give: Cards
    want: Cards
    targets: tuple[int, ...]
    answers: tuple[tuple[int, str, "tuple[Cards, Cards] | None"], ...]
    waiting_for: int


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
        players=players,
        trade=trade,
        hand=tuple(own.hand) if own else None,
        dev=tuple(own.dev) if own else None,
        dev_new=tuple(own.dev_new) if own else None,
        ratios=tuple(own.ratios) if own else None,
        legal=tuple(legal),
        log=tuple(e.for_viewer(viewer) for e in log),
    )
