"""The board editor's and the replay viewer's command tables: every command a control of the
page names is in the page's table, and every command in it is named by some control or sent by
the page itself (tests/test_page_commands.py does the same for the game page).

Each page is driven through every panel and state it draws (the share panel, the problems,
the example's outputs, the author mode with a "your move" step, the statistics, the ways to
open a game) and the names in its markup are collected along the way.
"""

from __future__ import annotations

import random

from authoring_driver import Driver
from catan_web.editor.controller import EditorController
from catan_web.pondering import Ponder, Pondered
from catan_web.replay.controller import ReplayController
from catan_web.store import MemoryStorage, SaveMeta, SaveStore

from catan_core.game import Game, Options
from catan_core.saves import dumps


def storage_with_a_game() -> tuple[MemoryStorage, Game]:
    game = Game(Options(players=3, board="beginner"), seed=8)
    rng = random.Random(8)
    while len(game.history) < 40:
        game.apply(rng.choice(game.legal_actions()))
    storage = MemoryStorage()
    SaveStore(storage).put("g1", dumps(game), SaveMeta("g1", "Friday", 1.0, ("Red", "Blue", "White")))
    return storage, game


def check(page: Driver, reached: set[str]) -> None:
    """Every name seen is in the table; every command of the table was seen or is the page's own."""
    table = page.page.table
    assert page.seen - table.names() == set(), "named in the page's markup but not in its command table"
    sent = {name for name, command in table.commands.items() if command.sent_by_page}
    assert table.names() - page.seen - sent == set(), "in the table but named by no control, nor sent by the page"
    assert reached <= page.seen


def test_every_command_of_the_editor() -> None:
    storage, _ = storage_with_a_game()
    page = Driver(EditorController(storage, languages=["en"]))
    page.run("press", "n12")
    page.run("press", "n17")  # problems: the outputs wait
    page.run("tool", "erase")
    page.run("press", "n17")
    page.run("share_open")  # the share panel: Copy and Close
    page.run("copy", "share-link")  # the notice line: its Close
    page.run("close_notice")
    check(page, {"start_saved", "start_file", "start_text", "copy", "share_close", "download", "undo", "frame_mode"})


def test_every_command_of_the_replay_viewer() -> None:
    storage, _ = storage_with_a_game()
    page = Driver(ReplayController(storage, languages=["en"]))  # the ways to open a game
    page.run("open_saved", "g1")
    page.run("stats")
    page.run("share_open")
    page.run("author")
    page.run("step", "5")
    page.run("your_move", "on")  # the hint's field and button
    page.run("comment", {"comment": "Look."})  # the list of annotated steps
    page.run("review", {"review-seat": "0"})  # the review: its drops play on
    (ponder,) = [effect for effect in page.effects if isinstance(effect, Ponder)]
    page.run("pondered", Pondered(ponder.job, ponder.ticket, page.page.jobs.work(ponder).result()))
    check(page, {"open_link", "open_file", "move", "turn", "go", "step", "viewer", "hint", "study_share", "copy",
                 "review", "play_on"})
