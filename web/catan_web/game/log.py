"""The game's log, newest first: every event as the person at the device may read it, with the
mark of the seat it is about. A keyed region: a new event adds one line, nothing else is
written again. A game whose log does not say who began (one laid out from a scenario's set-up,
as a rematch on the same board is, or on the beginner board) opens with a line that does.

The sentences are translated once per event and kept (:class:`LogLines`), until the viewer or
the language changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..html import Markup, el
from ..patch import Keyed
from .parts import seat_mark

if TYPE_CHECKING:
    from catan_core.game import Game

    from ..session import Session
    from .scene import Scene

SETUP_NAMES = frozenset({"setup", "setup_road"})
"""A scenario's phases of the set-up (its game begins there)."""

LOG_LINES = 300
"""Most lines of the log shown (the newest)."""


class LogLines:
    """The log's sentences of the game on screen, translated once per event: from the newest
    :data:`LOG_LINES` events' first when the lines start again (another viewer, language or
    game), and each new event's after that."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.first = 0
        """The index of the event of the first line."""
        self.lines: list[Markup] = []
        self.last: object = None
        """The last event translated (the lines start again when it is no longer in the log:
        a move taken back, another game)."""
        self.newest: tuple[tuple[str, Markup], ...] = ()
        """The newest :data:`LOG_LINES` lines, newest first, each keyed by its event's index
        (see :meth:`keyed`)."""
        self.keyed_lines = 0
        """How many of :attr:`lines` :attr:`newest` has seen."""

    def lines_of(self, session: Session, lang: str) -> list[Markup]:
        """One line per event of the log from event :attr:`first` on (the seat's mark and the
        sentence) for the current viewer and ``lang``."""
        key = (id(session), session.viewer, lang)
        log, end = session.game.log, self.first + len(self.lines)
        if key != self.key or end > len(log) or (self.lines and log[end - 1] is not self.last):
            self.key, self.lines, self.first = key, [], max(0, len(log) - LOG_LINES)
        start = self.first + len(self.lines)
        sentences = zip(log[start:], session.log_sentences(start), strict=False)
        for number, (event, sentence) in enumerate(sentences, start + 1):
            self.lines.append(line(session.game, event.player, sentence, number))
        self.last = log[-1] if log else None
        return self.lines

    def keyed(self, session: Session, lang: str) -> tuple[tuple[str, Markup], ...]:
        """The newest :data:`LOG_LINES` lines of :meth:`lines_of`, newest first, each keyed by
        its event's index (the new lines put in front of those kept)."""
        lines, first = self.lines_of(session, lang), self.first
        kept = self.keyed_lines
        if kept > len(lines) or (kept and self.newest[0][1] is not lines[kept - 1]):
            kept, self.newest = 0, ()
        fresh = tuple((str(first + i), lines[i]) for i in range(len(lines) - 1, kept - 1, -1))
        self.newest, self.keyed_lines = (fresh + self.newest)[:LOG_LINES], len(lines)
        return self.newest


def line(game: Game, seat: int, sentence: str, number: int) -> Markup:
    """The log's line of event ``number`` (from 1): the mark of ``seat`` and ``sentence``. Its
    number is its own (``value``), not its place in the list: when the oldest line goes, the
    others keep theirs, and the browser does not number all 300 lines again (which made a
    move's layout ten times as long).

    >>> from catan_core.game import Game, Options
    >>> str(line(Game(Options(players=3), 1), 0, "Ana rolled 8.", 12))[:30]
    '<li value="12"><span class="ma'
    """
    return el("li", seat_mark(game, seat), sentence, value=str(number))


def starter(game: Game) -> int | None:
    """The seat that began ``game`` when its log does not say so: a game from a scenario's
    set-up, or a new game on the beginner board (None: the log says it, with the roll for the
    start, or the game began in the middle).

    >>> from catan_core.game import Game, Options
    >>> starter(Game(Options(players=3, board="beginner"), 1)), starter(Game(Options(players=3), 1))
    (0, None)
    """
    origin = game.origin
    if origin is None:
        return 0 if game.options.board == "beginner" else None
    if origin.get("phase") not in SETUP_NAMES or origin.get("setup_order"):
        return None
    current = origin.get("current", 0)
    return current if isinstance(current, int) and 0 <= current < len(game.seats) else None


def start_line(scene: Scene) -> Markup | None:
    """The log's first line saying who began, when the log does not (see :func:`starter`);
    not an event, so it has no number."""
    game = scene.session.game
    seat = starter(game)
    if seat is None:
        return None
    key = "ui.log.starts.you" if seat == scene.session.viewer else "ui.log.starts"
    return el("li", seat_mark(game, seat), scene.text(key, player=seat), class_="start")


NUMBER_DIGITS = 3
"""The digits the log's margin holds at least for its lines' numbers (it widens for more)."""


def number_digits(events: int) -> int:
    """How many digits the margin of a log of ``events`` events holds for the numbers (the
    style's ``--digits``: the numbers are the events', which pass 999 in a long game).

    >>> number_digits(12), number_digits(999), number_digits(1000)
    (3, 3, 4)
    """
    return max(NUMBER_DIGITS, len(str(events)))


def log_list(scene: Scene, memo: LogLines) -> Keyed:
    """The ``<ol>`` of the log's newest lines, newest first, each keyed by its event's index."""
    items = memo.keyed(scene.session, scene.state.lang)
    opening = start_line(scene) if len(scene.session.game.log) <= LOG_LINES else None
    if opening is not None:
        items += (("start", opening),)
    return Keyed("ol", list_attributes("log", len(scene.session.game.log)), items)


def list_attributes(name: str, events: int) -> tuple[tuple[str, str], ...]:
    """The attributes of a log's ``<ol>`` of class ``name`` showing the newest of ``events``
    events (the game page's and the replay viewer's)."""
    # tabindex: the list scrolls once it is long, and a scrolled region must be reachable by keyboard
    return (
        ("class", name),
        ("id", "log-lines"),
        ("style", f"--digits:{number_digits(events)}"),
        ("reversed", ""),
        ("tabindex", "0"),
        ("aria-labelledby", "log-title"),
    )
