"""A game on this page: who plays each seat, hot-seat privacy, and the choices in progress.

Pure Python over :class:`catan_core.game.Game` (no browser needed). The engine decides
everything: what is legal comes from ``legal_actions()``, why something is not from
``check()``. This module only turns a person's clicks into candidate actions and keeps what
they are in the middle of choosing (a build mode, a trade being composed, cards to discard).

>>> from catan_core.game import Game, Options, Seat
>>> seats = (Seat("Ana", "#d7263d"), Seat("Ben", "#1b65c4"), Seat("Cy", "#f29e1f", "random"))
>>> session = Session(Game(Options(players=3, board="beginner"), seed=3, seats=seats))
>>> session.actor, session.covered, session.viewer
(0, True, None)
>>> session.uncover(); session.viewer
0
>>> refused = session.reason(Action(0, "end"))
>>> refused, refused.key, refused.entry
('Roll the dice before ending your turn.', 'rule.roll_first', 'turn')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.almanac import entry_for_error
from catan_core.errors import CatanError
from catan_core.game import Event, Game
from catan_core.palette import COLORS

from .text import Text

if TYPE_CHECKING:
    from catan_core.bots import Bot, Thinking
    from catan_core.views import View

SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}
"""Seconds between two actions of computer players, by pace setting."""
DEFAULT_SPEED = "normal"
BUILD_KINDS: tuple[str, ...] = (A.ROAD, A.SETTLEMENT, A.CITY)
"""Build modes whose targets are picked on the board."""
MARKED_EVENTS = frozenset({"build_road", "build_settlement", "build_city", "robber"})
"""Events whose spot the board marks after the action, so that each move can be followed."""


class Reason(str):
    """Why an action is refused: the sentence (this string) and the engine's error behind it.

    A page reason that is no rule of the game (``ui.reason.*``) stays a plain string.
    """

    error: CatanError

    def __new__(cls, text: str, error: CatanError) -> "Reason":
        reason = super().__new__(cls, text)
        reason.error = error
        return reason

    @property
    def key(self) -> str:
        """The engine's message key (``rule.distance``)."""
        return self.error.key

    @property
    def entry(self) -> str | None:
        """The rules almanac entry explaining the refusal (None when no entry does)."""
        return entry_for_error(self.error.key)


def almanac_entry(reason: str | None) -> str | None:
    """The almanac entry behind ``reason`` (None for no reason or a page's own reason).

    >>> almanac_entry("Not your move."), almanac_entry(None)
    (None, None)
    """
    return reason.entry if isinstance(reason, Reason) else None


@dataclass
class Draft:
    """What the person who acts is in the middle of choosing (never part of the game)."""

    mode: str | None = None
    """A build kind (road, settlement, city) whose targets the board highlights, or a card
    chooser (year_of_plenty, monopoly), or "victim" while choosing whom to rob."""
    robber_hex: int = -1
    """The hex chosen for the robber while the victim is being chosen."""
    picks: list[int] = field(default_factory=list)
    """Resources picked for Year of Plenty."""
    discard: list[int] = field(default_factory=lambda: [0] * 5)
    give: list[int] = field(default_factory=lambda: [0] * 5)
    """Cards the person would give in a domestic offer or counter-offer (their own view)."""
    want: list[int] = field(default_factory=lambda: [0] * 5)
    target: int = -1
    """The seat a domestic offer goes to (-1: everyone)."""
    countering: bool = False
    maritime_give: int = -1
    maritime_get: int = -1


@dataclass(frozen=True)
class Targets:
    """The board spots to highlight: legal targets of the action being chosen."""

    nodes: tuple[int, ...] = ()
    edges: tuple[int, ...] = ()
    hexes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Intent:
    """What a click on the board means: an action to try, a victim choice, or a hint key."""

    action: Action | None = None
    choices: tuple[Action, ...] = ()
    hint: str = ""


class Session:
    """One game being played on this page."""

    def __init__(self, game: Game, gid: str = "", name: str = "") -> None:
        self.game = game
        self.gid = gid
        self.name = name
        self.draft = Draft()
        self.humans: tuple[int, ...] = tuple(i for i, seat in enumerate(game.seats) if seat.kind == "human")
        self.shown: int | None = self.humans[0] if len(self.humans) == 1 else None
        """The person whose private cards are on screen (hot-seat: the last one uncovered)."""
        self.text = Text(names=[seat.name for seat in game.seats], board=game.board)
        self.last_events: list[Event] = []
        """What the last action did (to show and mark it)."""
        self.tab = "build"
        """The tab shown in the main phase: build, bank (maritime trade) or players (offers)."""
        self._bots: dict[int, "Bot"] = {}

    # --- who acts, who sees ---------------------------------------------------------------

    @property
    def actor(self) -> int:
        """The seat that must act now (-1 when the game is over)."""
        return self.game.to_act

    def is_human(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""
        return seat in self.humans

    @property
    def bot_to_act(self) -> bool:
        """Whether a computer player must act now."""
        return self.actor >= 0 and not self.is_human(self.actor)

    @property
    def covered(self) -> bool:
        """Whether the device must be passed to another person before anything private shows."""
        actor = self.actor
        return self.is_human(actor) and actor != self.shown

    @property
    def viewer(self) -> int | None:
        """The seat whose private cards are shown now (None: nobody's)."""
        if self.covered:
            return None
        if self.is_human(self.actor):
            return self.actor
        return self.shown

    @property
    def my_move(self) -> bool:
        """Whether the person at the device must act now."""
        return self.is_human(self.actor) and self.viewer == self.actor

    def uncover(self) -> None:
        """The person who must act has the device: show their cards."""
        if self.is_human(self.actor):
            self.shown = self.actor

    def view(self) -> "View":
        """The game as the current viewer may see it (without the log)."""
        return self.game.view(self.viewer, with_log=False)

    def log(self, start: int = 0) -> list[Event]:
        """Events from ``start`` on, as the current viewer may see them."""
        viewer = self.viewer
        return [event.for_viewer(viewer) for event in self.game.log[start:]]

    def last_marks(self) -> tuple[str, ...]:
        """Board spots the last action built on or moved the robber to (``"e40"``, ``"n12"``, ``"h5"``)."""
        marks = []
        for event in self.last_events:
            for key, prefix in (("edge", "e"), ("node", "n"), ("hex", "h")):
                if event.kind in MARKED_EVENTS and key in event.data:
                    marks.append(f"{prefix}{event.data[key]}")
        return tuple(marks)

    def last_sentences(self) -> list[str]:
        """The last action's events as the current viewer may read them."""
        viewer = self.viewer
        return [self.text.event(event.for_viewer(viewer)) for event in self.last_events]

    # --- acting -----------------------------------------------------------------------------

    def reason(self, action: Action) -> Reason | None:
        """Why ``action`` is illegal now, in words with the engine's error (None when it is legal)."""
        try:
            self.game.check_action(action)
        except CatanError as error:
            return Reason(self.text.error(error), error)
        return None

    def apply(self, action: Action) -> list[Event]:
        """Perform ``action`` (raises CatanError when illegal) and clear the choices in progress."""
        events = self.game.apply(action)
        self.draft = Draft()
        self.last_events = events
        return events

    def bot(self, seat: int) -> "Bot":
        """The computer player of ``seat`` (made on first use, seeded from the game; the
        bots are imported then too, so that the page starts without them)."""
        from catan_core.bots import make_bot

        if seat not in self._bots:
            self._bots[seat] = make_bot(self.game.seats[seat].kind, self.game.seed * 8 + seat)
        return self._bots[seat]

    def bot_thinking(self) -> "Thinking":
        """What the computer player who must act now does, as a decision in steps (see
        :data:`catan_core.bots.Thinking`; the page handles input between the steps). A
        random legal action replaces a choice that fails or is not legal, so a faulty
        computer player cannot stall the game."""
        from catan_core.bots import RandomBot

        seat = self.actor
        view = self.game.view(seat)  # with the log: the computer player counts cards from it
        try:
            action: Action | None = yield from self.bot(seat).think(view)
        except Exception:  # noqa: BLE001 - any failure of a computer player falls back
            action = None
        if action is None or self.reason(action) is not None:
            action = RandomBot(self.game.seed + len(self.game.history)).decide(view)
        return action

    # --- the board ----------------------------------------------------------------------------

    def legal(self) -> tuple[Action, ...]:
        """The legal actions of the person at the device (empty unless it is their move)."""
        return tuple(self.game.legal_actions()) if self.my_move else ()

    def targets(self) -> Targets:
        """The legal targets of the action being chosen, for the board to highlight."""
        legal = self.legal()
        phase, mode = self.game.phase, self.draft.mode
        if phase == "robber":
            if mode == "victim":
                return Targets(hexes=(self.draft.robber_hex,))
            return Targets(hexes=tuple(sorted({a.value[0] for a in legal if a.kind == A.ROBBER})))
        kind = self._board_kind("node") or self._board_kind("edge")
        spots = tuple(a.value for a in legal if a.kind == kind)
        if kind == A.ROAD:
            return Targets(edges=spots)
        if kind in (A.SETTLEMENT, A.CITY):
            return Targets(nodes=spots)
        return Targets()

    def _board_kind(self, element: str) -> str | None:
        """The action kind a click on a board ``element`` (node, edge, hex) stands for now."""
        phase, mode = self.game.phase, self.draft.mode
        if element == "hex":
            return A.ROBBER if phase == "robber" else None
        if element == "node":
            if phase == "setup_settlement":
                return A.SETTLEMENT
            return mode if phase == "main" and mode in (A.SETTLEMENT, A.CITY) else None
        if phase in ("setup_road", "road_building"):
            return A.ROAD
        return A.ROAD if phase == "main" and mode == A.ROAD else None

    def click(self, element: str, ident: int) -> Intent:
        """What a click on board ``element`` number ``ident`` means now."""
        if not self.my_move:
            return Intent(hint="ui.hint.wait")
        kind = self._board_kind(element)
        p = self.actor
        if kind is None:
            return Intent(hint=self._hint())
        if kind != A.ROBBER:
            return Intent(Action(p, kind, ident))
        choices = tuple(a for a in self.legal() if a.kind == A.ROBBER and a.value[0] == ident)
        if len(choices) > 1:
            return Intent(choices=choices)
        return Intent(choices[0] if choices else Action(p, A.ROBBER, (ident, -1)))

    def _hint(self) -> str:
        """What to do instead of clicking the board where nothing is expected."""
        phase = self.game.phase
        if phase == "main":
            return "ui.hint.choose_build"
        return "ui.hint.phase_" + phase

    # --- buttons --------------------------------------------------------------------------------

    def build_reason(self, kind: str) -> str | None:
        """Why a build button of ``kind`` (road, settlement, city) cannot be used now.

        None when at least one spot is legal. Otherwise the engine is asked about the free
        spots (own settlements for a city); if it gives one reason for all of them that is
        the answer, else the spots differ and the reason is that no spot is legal.
        """
        p = self.viewer
        if p is None:
            return self.text("ui.reason.not_your_move")
        if any(a.kind == kind for a in self.legal()):
            return None
        if kind == A.ROAD:
            spots = [e for e, owner in enumerate(self.game.edge_owner) if owner < 0]
        elif kind == A.SETTLEMENT:
            spots = [n for n, owner in enumerate(self.game.node_owner) if owner < 0]
        else:
            spots = list(self.game.players[p].settlements) or [0]
        reasons = Counter(self.reason(Action(p, kind, spot)) for spot in spots)
        reasons.pop(None, None)
        if len(reasons) == 1:
            return next(iter(reasons))
        return self.text("ui.reason.no_spot")

    def any_reason(self, kind: str, probe: Any = None) -> str | None:
        """Why no action of ``kind`` is possible now (None when one is); ``probe`` is the
        value asked about when none is legal."""
        p = self.viewer
        if p is None:
            return self.text("ui.reason.not_your_move")
        if any(a.kind == kind for a in self.legal()):
            return None
        return self.reason(Action(p, kind, probe)) or self.text("ui.reason.no_spot")

    def start_mode(self, mode: str | None) -> None:
        """Choose what the next board click builds or which card chooser is open."""
        keep_trade = self.draft
        self.draft = Draft(
            mode=mode, give=keep_trade.give, want=keep_trade.want, target=keep_trade.target,
            maritime_give=keep_trade.maritime_give, maritime_get=keep_trade.maritime_get,
        )

    # --- composed actions -------------------------------------------------------------------------

    def offer_action(self) -> Action:
        """The domestic offer (or counter-offer) being composed, as an action."""
        d, p = self.draft, self.actor
        give, want = tuple(d.give), tuple(d.want)
        if self.game.phase == "trade":
            return Action(p, A.COUNTER, (want, give))  # terms are seen from the offering player
        return Action(p, A.OFFER, (give, want, d.target))

    def discard_action(self) -> Action:
        """The discard being composed."""
        return Action(self.actor, A.DISCARD, tuple(self.draft.discard))

    def maritime_action(self) -> Action | None:
        """The maritime trade chosen (None until both sides are)."""
        d = self.draft
        if d.maritime_give < 0 or d.maritime_get < 0:
            return None
        return Action(self.actor, A.MARITIME, (d.maritime_give, d.maritime_get))

    def prefill_counter(self) -> None:
        """Start a counter-offer from the terms of the open offer, seen from this side."""
        trade = self.game.trade
        if trade is not None:
            self.draft.give, self.draft.want = list(trade.want), list(trade.give)
            self.draft.countering = True


# --- a new game --------------------------------------------------------------------------------

SEAT_KINDS: tuple[str, ...] = ("human", "beginner", "standard", "strong", "random")
"""Who may play a seat: a person or a computer player of a level."""


@dataclass
class SeatChoice:
    """One seat as chosen on the new-game form."""

    name: str
    color: str
    """A key of :data:`catan_core.palette.COLORS`."""
    kind: str = "human"


@dataclass
class NewGame:
    """The new-game form: seats, board, seed and options."""

    seats: list[SeatChoice]
    players: int = 4
    board: str = "random"
    seed: str = ""
    vp_target: int = 10
    friendly_robber: bool = False
    name: str = ""

    @classmethod
    def default(cls, text: Text, seed: str) -> "NewGame":
        """One person against three computer players, on a random board."""
        seats = [
            SeatChoice(text("ui.color." + color), color, "human" if i == 0 else "standard")
            for i, color in enumerate(list(COLORS)[:4])
        ]
        return cls(seats=seats, seed=seed)

    def rename_defaults(self, old: Text, new: Text) -> None:
        """After a language switch: seats still named by a colour in ``old``'s language are
        named by that colour in ``new``'s (names a person typed stay).

        >>> form = NewGame.default(Text("en"), "1")
        >>> form.seats[1].name = "Ben"
        >>> form.rename_defaults(Text("en"), Text("de"))
        >>> [seat.name for seat in form.seats]
        ['Rot', 'Ben', 'Weiß', 'Orange']
        """
        colors = {old("ui.color." + key): key for key in COLORS}
        for seat in self.seats:
            key = colors.get(seat.name.strip())
            if key is not None:
                seat.name = new("ui.color." + key)

    def create(self) -> Game:
        """The game this form describes; raises :class:`~catan_core.errors.CatanError`
        (the engine's reason) when the choices are not valid."""
        from catan_core.game import Options
        from catan_core.state import seats_from_json

        options = Options(
            players=self.players, vp_target=self.vp_target, friendly_robber=self.friendly_robber, board=self.board,
        )
        seats = seats_from_json(
            [
                {"name": choice.name.strip(), "color": COLORS.get(choice.color, choice.color), "kind": choice.kind}
                for choice in self.seats[: self.players]
            ],
            self.players,
        )
        return Game(options, self.seed.strip() or "0", seats)
