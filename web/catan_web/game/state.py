"""The game page's state: one value.

Everything the page shows that is not the game itself is a field of :class:`PageState`: which
screen is up, the language, the device's settings, what the person is choosing (the
:class:`~catan_web.draft.Draft`), the board's focus, selection and zoom, which screens are open
over the game, the notice. A command replaces it with a changed copy
(:meth:`~catan_web.game.controller.Controller.edit`, ``_replace``); the views draw from it and from the game
on screen (a :class:`~catan_web.session.Session`, the page's model, which the engine changes).

>>> state = PageState(NewGame.default(Text("de"), "7"), lang="de")
>>> state.screen, state.draft.mode, state.board.zoom
('home', None, 0)
>>> state._replace(board=state.board._replace(zoom=1)).board.zoom
1
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..draft import Draft
from ..newgame import NewGame
from ..settings import DEFAULT_OFFERS, DEFAULT_SPEED
from ..store import PutAside
from ..text import Msg, Text
from .fresh import Pressed

if TYPE_CHECKING:
    from catan_core.coach import Hint, Review

__all__ = ["GAME", "HOME", "JOIN", "SCREENS", "BoardState", "CoachState", "Notice", "PageState"]

HOME, GAME, JOIN = "home", "game", "join"
"""The page's screens: saved games and the new-game form, a game, a guest's joining screen."""
SCREENS: tuple[str, ...] = (HOME, GAME, JOIN)
MAIN_TAB = "build"
"""The tab the main phase opens on."""
NOTICE_SECONDS: dict[str, float | None] = {"info": 5.0, "error": 8.0, "warn": None}
"""How long a notice of each kind stays before it fades (None: until it is closed: damaged
storage put aside, which the person must not miss). An error stays longer than news, so that
its "Why?" link can be followed."""


class Notice(NamedTuple):
    """The message in the notice bar: its sentence, its kind (``error``, ``info``, ``warn``)
    and the rules almanac entry its "Why?" link opens. Or, with ``declines`` (a log index),
    the offers the page declined for people from there on, each with why
    (:func:`~catan_web.offers.decline_notice`). Either is read in the page's language
    when drawn. Or ``text``, a sentence as the page showed it (a disabled button's reason).
    ``at``: when it was first shown (the controller's time, milliseconds; None until then)."""

    message: Msg | None
    kind: str = "error"
    entry: str | None = None
    declines: int | None = None
    text: str = ""
    at: float | None = None

    @property
    def life(self) -> float | None:
        """Seconds it stays on screen (None: until closed): :data:`NOTICE_SECONDS`."""
        return NOTICE_SECONDS.get(self.kind)

    @property
    def ends(self) -> float | None:
        """When its time is up (milliseconds; None while it is not shown yet, or stays until closed)."""
        life = self.life
        return None if self.at is None or life is None else self.at + 1000 * life

    def expired(self, now: float) -> bool:
        """Whether it has stayed its time by ``now`` (milliseconds)."""
        ends = self.ends
        return ends is not None and now >= ends


class BoardState(NamedTuple):
    """The board as the person handles it: the spot holding its one Tab stop (``"n12"``),
    the spot a tap selected (a second tap or Confirm acts), and its size (an index of
    :data:`~catan_web.game.board.ZOOMS`)."""

    focus: str | None = None
    selected: str | None = None
    zoom: int = 0


class CoachState(NamedTuple):
    """The coach at the table (:mod:`catan_web.game.coach`): the hint shown or being thought
    out, the chances shown, the card tracker's setting, the review of the finished game."""

    hint: Hint | None = None
    """The hint shown (None: none)."""
    hint_for: tuple[object, ...] = ()
    """The position (:meth:`~catan_web.game.table.Table.position`) the hint shown or being
    thought out is for: a hint for another position is stale and dropped."""
    thinking: bool = False
    """Whether a hint is being thought out."""
    chances_open: bool = False
    """Whether every seat's chance to win is shown."""
    tracker: bool = False
    """Whether the card tracker shows beside the opponents (remembered in the settings)."""
    review: Review | None = None
    """The review of the finished game, once worked out."""
    review_seat: int | None = None
    """The seat reviewed (or being reviewed); None: no review asked."""
    progress: float = 0.0
    """How far the review being worked out is (0 to 1)."""


class PageState(NamedTuple):
    """The page's state, apart from the game on screen."""

    form: NewGame
    """The new-game form as last read from the page."""
    screen: str = HOME
    lang: str = "en"
    touch: bool = False
    """Whether the texts say "tap" (a touch screen, or a finger seen on the board)."""
    speed: str = DEFAULT_SPEED
    """The computer players' pace (:data:`~catan_web.settings.SPEEDS`)."""
    offers: str = DEFAULT_OFFERS
    """What to do with offers from computer players (:data:`~catan_web.settings.OFFER_MODES`)."""
    sound: bool = True
    """Whether the page plays its sounds (the sound switch; remembered in the settings)."""
    gesture: bool = False
    """Whether the person has pressed, clicked or typed on the page yet: no sound before
    (browsers refuse sound before a gesture, and a page should not start making noise alone)."""
    draft: Draft = Draft()
    tab: str = MAIN_TAB
    """The tab shown in the main phase: build, bank (maritime trade) or players (offers)."""
    board: BoardState = BoardState()
    stats_open: bool = False
    """Whether the statistics are shown over the game."""
    costs_open: bool = False
    """Whether the building costs card is shown over the game."""
    net_open: bool = False
    """Whether network play's card is shown ("Play on several devices")."""
    menu_open: bool = False
    """Whether the game bar's menu is unfolded (a narrow screen folds it)."""
    winner_closed: bool = False
    """Whether the winner screen was closed to look at the final board."""
    confirm_delete: str = ""
    """The saved game whose deletion waits for a confirmation ("" for none)."""
    notice: Notice | None = None
    put_aside: tuple[PutAside, ...] = ()
    """Damaged stored texts put aside at start-up (named in a notice)."""
    width: int = 1280
    """The page's width in CSS pixels (charts are drawn to fit it)."""
    rolled_at: float | None = None
    """When the dice were last rolled, while they tumble (milliseconds; None: they lie still)."""
    won_at: float | None = None
    """When the game on screen was won on this page, while the board still shows the winning move
    (milliseconds; :data:`~catan_web.game.screen.WINNER_SECONDS`); then None, and the winner screen shows."""
    pressed: Pressed | None = None
    """The button pressed last, while buttons appearing where it was may be fresh
    (:mod:`catan_web.game.fresh`)."""
    fresh: tuple[tuple[str, str, float], ...] = ()
    """Buttons that appeared where another was just pressed: region, key, and until when
    (milliseconds) they ignore clicks."""
    sharing: tuple[str, str] | None = None
    """The game whose share panel is open, and the link it shows (:mod:`catan_web.game.share`)."""
    coach: CoachState = CoachState()
    """The coach: hint, chances, card tracker, review."""

    def text(self) -> Text:
        """Message look-ups in the page's language (no game's names)."""
        text = Text(self.lang)
        text.touch = self.touch
        return text
