"""The game page's views kept by what they read (:mod:`catan_web.memo`) never show stale markup:
through random games and commands, after every drawing, each region's content as the memo gives
it equals the content every view makes afresh, region by region (the log's lines, which the log
keeps by its own cache, afresh every few drawings); and what the session keeps below the views
is what it works out afresh."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from page_driver import PageDriver
from test_page_commands import play_through

from catan_core.game import Game, Options, Seat
from catan_web.game import effects as E
from catan_web.game.log import LogLines
from catan_web.game.screen import regions
from catan_web.memo import Memo
from catan_web.targets import targets

if TYPE_CHECKING:
    from catan_web.draft import Draft
    from catan_web.session import Session


SENTENCES_CHECKED = 6
"""How many of the log's last events are put in words afresh after each drawing."""
FRESH_LOG_EVERY = 10
"""Every this many drawings the log's lines are translated afresh too (:class:`LogLines`, the
log's own cache); in between, the fresh drawing takes them from a cache of the test's own."""


class CheckedDriver(PageDriver):
    """A page whose every drawing is compared with a fresh one."""

    checked = 0
    """Drawings compared."""

    def __init__(self, bots: bool = True) -> None:
        super().__init__(bots=bots)
        self.lines = LogLines()

    def perform(self, effects: list[E.Effect]) -> None:
        super().perform(effects)
        page = self.page
        kept = page.contents()
        if self.checked % FRESH_LOG_EVERY == 0:
            self.lines = LogLines()
        fresh = regions(page.state, page.session, page.remote, self.lines, page.store.list, page.dates, Memo(False))
        assert [name for name, _ in kept] == [name for name, _ in fresh]
        for (name, content), (_, made) in zip(kept, fresh, strict=True):
            assert content == made, f"region {name!r} is stale after {self.effects!r}"
        if page.session is not None:
            self.check_session(page.session, page.state.draft)
        self.checked += 1

    def check_session(self, session: Session, draft: Draft) -> None:
        """What the session keeps below the views (the board's targets, the events' sentences)
        is what it works out afresh."""
        assert session.targets(draft.mode, draft.robber_hex) == targets(session.view(), draft.mode, draft.robber_hex)
        events = session.game.log[-SENTENCES_CHECKED:]
        kept = session.sentences(events)
        text = session.text  # (its reader is the viewer now: sentences set it)
        assert kept == [text.event(event.for_viewer(session.viewer)) for event in events]


def test_the_memo_is_never_stale_through_random_games() -> None:
    page = CheckedDriver(bots=True)
    play_through(page, 4, set())
    page.run("home")
    assert page.checked > 500
    assert len(page.page.memo.kept) > 10


COMMANDS: tuple[tuple[str, object], ...] = (
    ("lang", "de"),
    ("lang", "hi"),
    ("lang", "en"),
    ("menu", None),
    ("speed", "fast"),
    ("speed", "normal"),
    ("offers", "ask"),
    ("offers", "never"),
    ("sound", None),
    ("tracker", None),
    ("zoom", "in"),
    ("zoom", "out"),
    ("costs", None),
    ("stats_open", None),
    ("stats_close", None),
    ("undo", None),
    ("tab", "bank"),
    ("tab", "players"),
    ("tab", "build"),
    ("mode", "road"),
    ("mode", "settlement"),
    ("mode", ""),
    ("mode", "year_of_plenty"),
    ("mode", "monopoly"),
    ("mode", ""),
    ("hint", None),
    ("hint_close", None),
    ("chances", None),
)
"""Commands tried at random between the moves (some are refused in some positions: the test
then goes on)."""


def test_the_memo_is_never_stale_through_random_commands() -> None:
    from catan_web.commands import CommandError

    page = CheckedDriver(bots=True)
    rng = random.Random(7)
    seats = (Seat("Ana", "#d21c26"), Seat("Ben", "#1147d6"), Seat("Cy", "#f29e1f", "beginner"))
    for seed in (8, 9):
        page.open(Game(Options(players=3), seed, seats), take_backs=True)
        game = page.game
        while game.phase != "over" and len(game.history) < 300:
            if page.session.covered:
                page.run("uncover")
            for name, arg in rng.sample(COMMANDS, 2):
                try:
                    page.run(name, arg, after=rng.choice((0.1, 1.0, 9.0)))
                except CommandError:
                    pass
            if rng.random() < 0.3:
                page.ponder()
            legal = game.legal_actions()
            if legal and page.session.my_move:
                action = rng.choice(legal)
                page.call(lambda table, action=action: table.act(action))
        page.run("home")
    assert page.checked > 500
