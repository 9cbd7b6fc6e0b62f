"""A game on this page: who plays each seat, hot-seat privacy, taking back, the offers the page
declines for people, and the computer players of this page.

Pure Python over :class:`catan_core.game.Game` (no browser needed). The engine decides
everything: what is legal comes from ``legal_actions()``, why something is not from
``check()``. What a person is in the middle of choosing is the page's
(:class:`~catan_web.draft.Draft`, in :class:`~catan_web.game.state.PageState`).

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

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.errors import CatanError
from catan_core.game import Event, Game
from catan_core.state import SETUP_PHASES
from catan_core.undo import TakeBack

from . import recent
from .controls import Reason
from .newgame import default_take_backs
from .offers import Declined, QuietOffers, page_decline
from .settings import DEFAULT_OFFERS
from .targets import Targets, targets
from .text import Text

if TYPE_CHECKING:
    from catan_core.bots import Bot, Thinking
    from catan_core.saves import SaveWriter
    from catan_core.views import View

MARKED_EVENTS = frozenset({"build_road", "build_settlement", "build_city", "robber"})
"""Events whose spot the board marks after the action, so that each move can be followed."""
SAID_EVENTS = 256
"""How many events' sentences :class:`_Said` keeps (it starts again past them)."""


class Session:
    """One game being played on this page."""

    def __init__(
        self,
        game: Game,
        gid: str = "",
        name: str = "",
        take_backs: bool | None = None,
        hints: bool = False,
        hints_shown: int = 0,
    ) -> None:
        self.game = game
        self.gid = gid
        self.name = name
        self.humans: tuple[int, ...] = ()
        """The seats of the people at this device."""
        self.shown: int | None = None
        """The person whose private cards are on screen (hot-seat: the last one uncovered)."""
        self.remote: frozenset[int] = frozenset()
        """Seats played on other devices (see :meth:`set_remote`)."""
        self.holds_game = True
        """Whether this page holds the game (False on a guest's page, which shows the host's
        game and sends its person's actions to the host)."""
        self.set_remote(())
        self.text = Text(names=[seat.name for seat in game.seats], board=game.board)
        self.last_events: list[Event] = []
        """What the last action did (to show and mark it)."""
        self._bots: dict[int, Bot] = {}
        self.take_backs = default_take_backs(game.seats) if take_backs is None else take_backs
        """Whether a person may take back their last move (:mod:`catan_core.undo`; None: :func:`default_take_backs`)."""
        self.take_back = TakeBack(game)
        self.hints = hints
        """Whether the host allowed hints for the people (games with computer players always
        allow them: see :func:`catan_web.game.coach.hint_refusal`)."""
        self.hints_shown = hints_shown
        """How many hints the coach gave in this game (saved beside it)."""
        self.offers = DEFAULT_OFFERS
        """The device's setting for offers from computer players (:data:`catan_web.settings.OFFER_MODES`)."""
        self._seen = _Seen()
        self._position: _Position | None = None
        self._writer: SaveWriter | None = None
        self.declined: dict[int, Declined] = {}
        """The declines the page made for people, by the log index of their event (a reloaded
        game has none: its log then says only who declined)."""
        self.quiet = QuietOffers()
        """Computer players' offers to people, kept quiet (:class:`~catan_web.offers.QuietOffers`)."""
        self._quiet_bots: dict[int, Bot] = {}
        self._said = _Said()

    # --- who acts, who sees ---------------------------------------------------------------

    @property
    def actor(self) -> int:
        """The seat that must act now (-1 when the game is over)."""
        return self.game.to_act

    def is_human(self, seat: int) -> bool:
        """Whether a person at this device plays ``seat``."""
        return seat in self.humans

    def set_remote(self, seats: Iterable[int]) -> None:
        """Play ``seats`` on other devices: a guest's seats on the host's page, every other
        seat on a guest's. Nobody at this device plays them (no hot-seat cover for them), and
        no computer player of this page either (the host's page plays the computers).

        >>> from catan_core.game import Game, Options
        >>> session = Session(Game(Options(players=3), seed=1))
        >>> session.humans, session.shown
        ((0, 1, 2), None)
        >>> session.set_remote([1, 2]); session.humans, session.shown
        ((0,), 0)
        """
        self.remote = frozenset(seats)
        self.humans = tuple(
            i for i, seat in enumerate(self.game.seats) if seat.kind == "human" and i not in self.remote
        )
        if self.shown not in self.humans:
            self.shown = self.humans[0] if len(self.humans) == 1 else None

    def plays_elsewhere(self, seat: int) -> bool:
        """Whether a person on another device plays ``seat``."""
        return seat in self.remote and self.game.seats[seat].kind == "human"

    @property
    def bot_to_act(self) -> bool:
        """Whether a computer player of this page must act now."""
        return self.actor >= 0 and not self.is_human(self.actor) and self.actor not in self.remote

    @property
    def bots_here(self) -> bool:
        """Whether computer players act on this page (at some point of the game)."""
        seats = range(len(self.game.seats))
        return self.holds_game and any(not self.is_human(q) and q not in self.remote for q in seats)

    @property
    def covered(self) -> bool:
        """Whether the device must be passed to another person before anything private shows
        (never in the set-up, where nothing is private: every hand comes from the log)."""
        actor = self.game.to_act
        return actor in self.humans and actor != self.shown and self.game.phase not in SETUP_PHASES

    @property
    def viewer(self) -> int | None:
        """The seat whose private cards are shown now (None: nobody's)."""
        actor = self.game.to_act
        if actor not in self.humans:
            return self.shown
        return actor if actor == self.shown or self.game.phase in SETUP_PHASES else None  # (else covered)

    @property
    def my_move(self) -> bool:
        """Whether the person at the device must act now (a person plays the seat that acts,
        and the device is not covered)."""
        actor = self.game.to_act
        return actor in self.humans and (actor == self.shown or self.game.phase in SETUP_PHASES)

    @property
    def answering(self) -> bool:
        """Whether the person at the device must answer another player's offer now."""
        trade = self.game.trade
        return self.my_move and trade is not None and self.actor != trade.offerer

    def uncover(self) -> None:
        """The person who must act has the device: show their cards."""
        if self.is_human(self.actor):
            self.shown = self.actor

    def worked_out(self) -> dict[Any, Any]:
        """What was worked out for the current position, viewer, turn to act and language (a page draws a
        position several times per action; the game changes only by its actions, which its
        record counts, and a take-back shortens that record)."""
        game, memo = self.game, self._position
        seen_as = (self.viewer, self.my_move, self.text.lang)
        if memo is None or not memo.holds(game, seen_as):
            memo = self._position = _Position(game, seen_as)
        return memo.values

    def moment(self) -> object:
        """A token of the position as seen now (:meth:`worked_out`): the same until it changes."""
        self.worked_out()
        return self._position

    def view(self) -> View:
        """The game as the current viewer may see it (without the log), made once per position."""
        memo = self.worked_out()
        if "view" not in memo:
            memo["view"] = self.game.view(self.viewer, with_log=False)
        return memo["view"]  # type: ignore[no-any-return]

    def sentences(self, events: Sequence[Event]) -> list[str]:
        """``events`` as sentences for the current viewer: only what they may see, and in the
        second person about their own seat ("You build a road ..."); each put in words once
        (the live region, the turn card and the log read the same new events: :class:`_Said`)."""
        self.text.you = self.viewer
        return self._said.sentences(self.text, self.viewer, events)

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
        return self.log_sentences(len(self.game.log) - len(self.last_events))

    def log_sentences(self, start: int = 0) -> list[str]:
        """The log from index ``start`` on as :meth:`sentences`, where a decline the page
        made for a person says why."""
        lines = self.sentences(self.game.log[start:])
        for at, declined in self.declined.items():
            if at >= start:
                lines[at - start] = declined.sentence(self.text.lang, self.text.names, self.viewer)
        return lines

    def save_text(self) -> str:
        """The game's save text (:func:`catan_core.saves.dumps`), written anew only for the
        moves since the last save, once per position (the autosave and the computer players'
        worker ask for the same)."""
        memo = self.worked_out()
        if "save" not in memo:
            from catan_core.saves import SaveWriter

            self._writer = self._writer or SaveWriter()
            memo["save"] = self._writer.text(self.game)
        return memo["save"]  # type: ignore[no-any-return]

    def log_view(self, view: View) -> View:
        """``view`` (of the current viewer) with the log as that viewer may read it (each
        event seen once per viewer: the log only grows, or shrinks by a take-back)."""
        viewer, log = self.viewer, self.game.log
        seen = self._seen
        count = len(seen.events)
        if seen.viewer != viewer or count > len(log) or (count and log[count - 1] is not seen.last):
            seen.viewer, seen.events, seen.view = viewer, [], None
        if seen.view is view and len(seen.events) == len(log) and seen.logged is not None:
            return seen.logged
        seen.events += [event.for_viewer(viewer) for event in log[len(seen.events) :]]
        seen.last = log[-1] if log else None
        seen.view, seen.logged = view, replace(view, log=tuple(seen.events))
        return seen.logged

    def recap(self, view: View) -> list[str]:
        """What touched the person who must act since they last acted, in sentences (nothing
        unless it is their move at the device; see :mod:`catan_web.recent`)."""
        if not self.my_move:
            return []
        return recent.recap_sentences(self.log_view(view), self.text.lang, self.text.names)

    def produced(self, view: View) -> recent.Paid:
        """What the last roll paid, for the board to show (see :func:`catan_web.recent.shown_production`)."""
        return recent.shown_production(self.log_view(view), self.humans)

    # --- acting -----------------------------------------------------------------------------

    def reason(self, action: Action) -> Reason | None:
        """Why ``action`` is illegal now, in words with the engine's error (None when it is legal)."""
        try:
            self.game.check_action(action)
        except CatanError as error:
            return Reason(self.text.error(error), error)
        return None

    def apply(self, action: Action) -> list[Event]:
        """Perform ``action`` (raises CatanError when illegal), then decline for people the
        offers they are not asked about (:meth:`decline_for_people`)."""
        if not self.is_human(action.player):
            self.quiet.record(self.game, action)
        elif self.game.phase in SETUP_PHASES:
            self.shown = action.player  # who places a set-up piece holds the device
        events = self.game.apply(action)
        events += self.decline_for_people()
        self.last_events = events
        return events

    def play(self, action: Action) -> list[Event]:
        """A person's action: :meth:`apply` it, remembering the position before for taking it back."""
        self.take_back.remember()
        return self.apply(action)

    def decline_for_people(self) -> list[Event]:
        """Decline, as the page does for a person, each offer waiting for a person's answer
        that they are not asked about (:func:`catan_web.offers.page_decline`); the events.
        Only on the page holding the game: a guest's page sends its decline to the host
        (:meth:`due_decline`)."""
        events: list[Event] = []
        while self.holds_game and (declined := page_decline(self.game, self.humans, self.offers)) is not None:
            self.declined[len(self.game.log)] = declined
            events += self.game.apply(Action(declined.seat, A.DECLINE))
        return events

    # --- taking back ------------------------------------------------------------------------

    @property
    def undo_seat(self) -> int | None:
        """The person who may take back their last action now (None: nobody)."""
        history = self.game.history
        if not self.take_backs or not history or not self.holds_game:
            return None  # a guest's page: moves are the host's to take back
        seat = history[-1].player
        return seat if self.is_human(seat) and self.take_back.can_take_back(seat) else None

    @property
    def may_take_back(self) -> bool:
        """Whether the person at the device may take back their last action: they still see
        their own cards, or the device waits, covered, for the next person."""
        seat = self.undo_seat
        return seat is not None and (self.viewer == seat or self.covered)

    def undo(self) -> Action | None:
        """Take back the last action of :attr:`undo_seat` (None when nobody may): the game is
        exactly as before it."""
        seat = self.undo_seat
        if seat is None:
            return None
        action = self.take_back.take_back(seat)
        size = len(self.game.log)
        self.declined = {at: declined for at, declined in self.declined.items() if at < size}
        self.last_events = []
        return action

    def due_decline(self) -> Action | None:
        """On a guest's page: the decline its person owes now, as :meth:`decline_for_people`
        makes it on the host's (None: nothing to decline); remembered for the log's line.

        >>> from catan_core.scenarios import load_scenario
        >>> players = [{"settlements": [12], "roads": [11]}, {"settlements": [9], "roads": [8], "hand": {"ore": 1}}]
        >>> game = load_scenario({"format": "catan-scenario", "board": "beginner", "phase": "main", "current": 1,
        ...     "players": players})
        >>> _ = game.apply("1 offer ore>wool to 0")
        >>> guest = Session(game); guest.holds_game = False; guest.set_remote([1])
        >>> guest.decline_for_people(), guest.due_decline()
        ([], Action(player=0, kind='decline', value=None))
        """
        declined = None if self.holds_game else page_decline(self.game, self.humans, self.offers)
        if declined is None:
            return None
        self.declined[len(self.game.log)] = declined
        return Action(declined.seat, A.DECLINE)

    def follow(self, game: Game, events: Sequence[Event]) -> None:
        """Show ``game`` after moves made elsewhere, which did ``events``: a guest's move on
        the host's page (the same game), the host's update on a guest's (a new game). On the
        host's page the offers its people are not asked about are then declined for them."""
        self.game = game
        self.last_events = list(events) + (self.decline_for_people() if self.holds_game else [])

    def bot_seed(self, seat: int) -> int:
        """The seed of the computer player of ``seat`` (drawn from the game's)."""
        return self.game.seed * 8 + seat

    def bot(self, seat: int) -> Bot:
        """The computer player of ``seat`` (made on first use, seeded from the game; the
        bots are imported then too, so that the page starts without them)."""
        from catan_core.bots import make_bot

        if seat not in self._bots:
            self._bots[seat] = make_bot(self.game.seats[seat].kind, self.bot_seed(seat))
        return self._bots[seat]

    def quiet_bot(self, seat: int) -> Bot:
        """The computer player of ``seat`` that never opens an offer (the same level and seed:
        it gives the move the page plays instead of an offer it keeps from people)."""
        from catan_core.bots import make_bot

        if seat not in self._quiet_bots:
            self._quiet_bots[seat] = make_bot(self.game.seats[seat].kind, self.bot_seed(seat), offers=False)
        return self._quiet_bots[seat]

    def bot_thinking(self) -> Thinking:
        """What the computer player who must act now does, as a decision in steps (see
        :data:`catan_core.bots.Thinking`; the page handles input between the steps). An
        offer the page keeps from people (:meth:`kept_quiet`) is replaced by the move the
        same player makes without offers; then :meth:`bot_choice`."""
        seat = self.actor
        view = self.game.view(seat)  # with the log: the computer player counts cards from it
        try:
            action: Action | None = yield from self.bot(seat).think(view)
            if self.kept_quiet(action):
                action = yield from self.quiet_bot(seat).think(view)
        except Exception:
            action = None
        return self.bot_choice(action)

    def kept_quiet(self, action: Action | None) -> bool:
        """Whether ``action`` is an offer the page keeps from its people (:class:`~catan_web.offers.QuietOffers`)."""
        return action is not None and self.quiet.refusal(self.game, action) is not None

    def bot_choice(self, action: Action | None) -> Action:
        """The move of the computer player who must act: ``action``, or a random legal one in
        place of a choice that failed (None), is not legal or is kept quiet, so a faulty
        computer player cannot stall the game."""
        if action is None or self.reason(action) is not None or self.kept_quiet(action):
            from catan_core.bots import RandomBot  # imported only then: the worker's moves need no bots here

            action = RandomBot(self.game.seed + len(self.game.history)).decide(self.game.view(self.actor))
        return action

    # --- the board ----------------------------------------------------------------------------

    def legal(self) -> tuple[Action, ...]:
        """The legal actions of the person at the device (empty unless it is their move)."""
        memo = self.worked_out()
        if "legal" not in memo:
            memo["legal"] = tuple(self.game.legal_actions()) if self.my_move else ()
        return memo["legal"]  # type: ignore[no-any-return]

    def targets(self, mode: str | None, robber_hex: int = -1) -> Targets:
        """The board's targets (:func:`catan_web.targets.targets` of :meth:`view`), once per position."""
        memo, key = self.worked_out(), ("targets", mode, robber_hex)
        if key not in memo:
            memo[key] = targets(self.view(), mode, robber_hex)
        return memo[key]  # type: ignore[no-any-return]

    def legal_kinds(self) -> frozenset[str]:
        """The kinds of :meth:`legal` actions (once per position: buttons ask it per kind)."""
        memo = self.worked_out()
        if "kinds" not in memo:
            memo["kinds"] = frozenset(a.kind for a in self.legal())
        return memo["kinds"]  # type: ignore[no-any-return]

    # --- buttons --------------------------------------------------------------------------------

    def build_reason(self, kind: str) -> str | None:
        """Why a build button of ``kind`` (road, settlement, city) cannot be used now.

        None when at least one spot is legal. Otherwise the engine's refusal of every spot
        alike (:meth:`~catan_core.game.Game.build_refusal`), or, when it depends on the spot,
        the engine is asked about the free spots (own settlements for a city); if it gives one
        reason for all of them that is the answer, else the reason is that no spot is legal.
        """
        memo = self.worked_out()
        if ("build_reason", kind) not in memo:
            memo["build_reason", kind] = _build_reason(self, kind)
        return memo["build_reason", kind]  # type: ignore[no-any-return]


def _build_reason(session: Session, kind: str) -> str | None:
    """See :meth:`Session.build_reason` (worked out once per position)."""
    p = session.viewer
    if p is None:
        return session.text("ui.reason.not_your_move")
    if kind in session.legal_kinds():
        return None
    refusal = session.game.build_refusal(p, kind)  # (the same on every spot: asked once)
    if refusal is not None:
        return Reason(session.text.error(refusal), refusal)
    if kind == A.ROAD:
        spots = [e for e, owner in enumerate(session.game.edge_owner) if owner < 0]
    elif kind == A.SETTLEMENT:
        spots = [n for n, owner in enumerate(session.game.node_owner) if owner < 0]
    else:
        spots = list(session.game.players[p].settlements) or [0]
    reasons: dict[str, None] = {}  # (the engine is asked until two reasons differ: then no spot is legal)
    for spot in spots:
        reason = session.reason(Action(p, kind, spot))
        if reason is not None:
            reasons.setdefault(reason)
            if len(reasons) > 1:
                break
    if len(reasons) == 1:
        return next(iter(reasons))
    return session.text("ui.reason.no_spot")


class _Said:
    """The sentences of the events put in words last for one viewer and language, by event
    (see :meth:`Session.sentences`)."""

    def __init__(self) -> None:
        self.said_as: tuple[object, ...] = ()
        """The viewer, language and seat names of the sentences kept."""
        self.kept: dict[int, tuple[Event, str]] = {}
        """Each event's sentence by the event's id (the event kept with it: its id stays its own)."""

    def sentences(self, text: Text, viewer: int | None, events: Sequence[Event]) -> list[str]:
        """``events`` in words (``text``: its reader ``viewer``), each kept for the next time."""
        said_as, kept = (viewer, text.lang, text.names), self.kept
        if said_as != self.said_as:
            kept.clear()
            self.said_as = said_as
        out = []
        for event in events:
            said = kept.get(id(event))
            if said is None or said[0] is not event:
                if len(kept) >= SAID_EVENTS:
                    kept.clear()
                said = kept[id(event)] = (event, text.event(event.for_viewer(viewer)))
            out.append(said[1])
        return out


class _Seen:
    """The log as the viewer last read it (see :meth:`Session.log_view`)."""

    def __init__(self) -> None:
        self.viewer: int | None = None
        self.events: list[Event] = []
        self.last: Event | None = None
        """The log's last event when it was read (its log: the original events)."""
        self.view: View | None = None
        self.logged: View | None = None
        """:attr:`view` with the log as read (made once per view)."""


class _Position:
    """Values worked out for one position of one game, as one viewer sees it in one language
    (see :meth:`Session.worked_out`)."""

    def __init__(self, game: Game, seen_as: tuple[int | None, bool, str]) -> None:
        self.game, self.seen_as = game, seen_as
        self.record = _record(game)
        self.values: dict[Any, Any] = {}

    def holds(self, game: Game, seen_as: tuple[int | None, bool, str]) -> bool:
        """Whether these values are still those of ``game``'s position seen as ``seen_as``
        (the viewer, whether it is their move, the language)."""
        if game is not self.game or seen_as != self.seen_as:
            return False
        actions, last_action, events, last_event = _record(game)
        was = self.record
        return actions == was[0] and last_action is was[1] and events == was[2] and last_event is was[3]


def _record(game: Game) -> tuple[int, object, int, object]:
    """What tells ``game``'s positions apart: how many actions and events it has, and its last
    ones (compared by identity: an action taken back and another made leave the same counts)."""
    history, log = game.history, game.log
    return (len(history), history[-1] if history else None, len(log), log[-1] if log else None)
