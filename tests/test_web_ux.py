"""Issue 12 in CPython: what happened to the person at the device, trade manners on the page,
taking back a move, statistics and rematch (web/catan_web's sessions, panels and settings)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from catan_core.actions import Action  # noqa: E402
from catan_core.board import BEGINNER_PIECES  # noqa: E402
from catan_core.i18n import translate  # noqa: E402
from catan_core.saves import dumps, loads  # noqa: E402
from catan_core.scenarios import load_scenario  # noqa: E402
from catan_core.stats import compute  # noqa: E402
from catan_web import statistics  # noqa: E402
from catan_web.game import answer, cover, home, turn  # noqa: E402
from catan_web.game.scene import Scene  # noqa: E402
from catan_web.game.state import PageState  # noqa: E402
from catan_web.offers import decline_notice, page_decline  # noqa: E402
from catan_web.rematch import rematch  # noqa: E402
from catan_web.newgame import NewGame, SeatChoice  # noqa: E402
from catan_web.session import Session  # noqa: E402
from catan_web.settings import OFFER_MODES, SPEEDS, TAKE_BACK_WINDOW, Settings, SettingsStore, pause  # noqa: E402
from catan_web.store import MemoryStorage, SaveMeta, SaveStore  # noqa: E402
from catan_web.text import Text  # noqa: E402
from catan_web.effects import Focus  # noqa: E402
from catan_web.game.effects import Later  # noqa: E402
from catan_web.game.screen import WINNER_SECONDS  # noqa: E402
from page_driver import PageDriver  # noqa: E402

NAMES = ("Red", "Blue", "White")


def table(kinds: tuple[str, ...] = ("human", "human", "standard"), **extra: Any) -> Session:
    """A session on the beginner board's preset pieces; ``extra`` are scenario fields, and a
    ``hands`` list sets the hands."""
    hands = extra.pop("hands", [{}] * len(kinds))
    players = []
    for p, (name, kind) in enumerate(zip(NAMES, kinds)):
        (first, second), roads = BEGINNER_PIECES[p]
        players.append({"name": name, "kind": kind, "settlements": [first, second], "roads": list(roads), "hand": hands[p]})
    return Session(load_scenario({"format": "catan-scenario", "board": "beginner", "players": players, **extra}))


def en(key: str, **params: Any) -> str:
    return translate(key, params, "en", NAMES)


def scene(session: Session) -> Scene:
    """What the game screen's views draw from, for ``session`` on a page in English."""
    return Scene(PageState(NewGame.default(Text(), "1")), session)


# --- trade manners ------------------------------------------------------------------------------


def test_an_offer_a_person_cannot_accept_is_declined_at_once_with_the_reason_in_the_log() -> None:
    s = table(current=2, phase="main", hands=[{"brick": 1}, {"grain": 1}, {"ore": 2}])
    s.apply(Action(2, "offer", ((0, 0, 0, 0, 1), (0, 0, 1, 0, 0), -1)))  # the computer asks for wool
    assert s.game.phase == "main", "nobody holds wool: both people declined at once"
    assert [e.kind for e in s.last_events] == ["offer", "decline", "decline", "trade_declined"]
    s.shown = 0  # Red has the device
    lines = s.log_sentences(len(s.game.log) - 4)
    assert lines[1] == en("manners.cannot_accept.you", cards=[0, 0, 1, 0, 0])
    assert lines[2] == en("manners.cannot_accept", player=1, cards=[0, 0, 1, 0, 0])
    assert decline_notice(s, len(s.game.log) - 4) == " ".join(lines[:3])  # "ask me": the offer and both declines
    s.offers = "acceptable"
    assert decline_notice(s, 0) == ""  # quietly


def test_an_offer_a_person_can_accept_waits_unless_the_setting_is_never() -> None:
    offer = Action(2, "offer", ((0, 0, 0, 0, 1), (1, 0, 0, 0, 0), 0))
    for mode in OFFER_MODES:
        s = table(current=2, phase="main", hands=[{"brick": 1}, {}, {"ore": 2}])
        s.offers = mode
        s.apply(offer)
        assert (s.game.phase == "trade") is (mode != "never"), mode
    s.shown = 0
    assert s.log_sentences(len(s.game.log) - 3)[1] == en("ui.offers.declined.you", offerer=2)
    # a person's offer to another person is not the setting's business
    s = table(phase="main", hands=[{"brick": 1}, {"ore": 1}, {}])
    s.offers = "never"
    s.uncover()
    s.apply(Action(0, "offer", ((1, 0, 0, 0, 0), (0, 0, 0, 0, 1), 1)))
    assert s.game.phase == "trade" and s.actor == 1


def test_the_turn_card_says_who_answers_whose_offer_and_a_second_offer_looks_new() -> None:
    s = table(kinds=("human", "standard", "standard"), phase="main", hands=[{"brick": 2}, {"ore": 1}, {"ore": 1}])
    s.play(Action(0, "offer", ((1, 0, 0, 0, 0), (0, 0, 0, 0, 1), -1)))
    assert turn.prompt(scene(s)) == en("ui.offers.answering_you", player=1)

    s = table(kinds=("human", "standard", "standard"), current=1, phase="main", hands=[{"ore": 2}, {"brick": 3}, {}])
    s.apply(Action(1, "offer", ((1, 0, 0, 0, 0), (0, 0, 0, 0, 1), -1)))
    assert turn.prompt(scene(s)) == en("ui.offers.answering", player=2, offerer=1)  # White answers first
    s.apply(Action(2, "decline"))
    assert s.my_move and en("ui.offers.new", player=1) in answer.trade_status(scene(s))
    s.play(Action(0, "decline"))
    s.apply(Action(1, "offer", ((2, 0, 0, 0, 0), (0, 0, 0, 0, 1), -1)))
    s.apply(Action(2, "decline"))
    html = answer.trade_status(scene(s))
    assert en("ui.offers.number", player=1, number=2) in html and en("ui.offers.new", player=1) not in html
    s.play(Action(0, "accept"))
    assert turn.prompt(scene(s)) == en("ui.offers.choosing", player=1)


# --- taking back ----------------------------------------------------------------------------------


def test_a_person_takes_back_a_road_and_the_save_is_the_save_before() -> None:
    s = table(kinds=("human", "standard", "standard"), phase="main", hands=[{"brick": 1, "lumber": 1}, {}, {}])
    before = dumps(s.game)
    road = next(a for a in s.game.legal_actions() if a.kind == "road")
    s.play(road)
    assert s.undo_seat == 0 and s.may_take_back
    assert 'id="undo"' in turn.turn_panel(scene(s))
    assert s.undo() == road and dumps(s.game) == before
    assert s.undo_seat is None and s.undo() is None  # one step only
    s.play(Action(0, "end"))
    assert s.bot_to_act and s.may_take_back  # until the computer player acts
    assert pause("instant", s.undo_seat is not None) == TAKE_BACK_WINDOW


def test_nothing_to_take_back_after_a_roll_or_when_the_game_does_not_allow_it() -> None:
    s = table(kinds=("human", "standard", "standard"), dice=[[2, 4]])
    s.play(Action(0, "roll"))
    assert s.undo_seat is None and 'id="undo"' not in turn.turn_panel(scene(s))
    s = table(kinds=("human", "standard", "standard"), phase="main")
    s.take_backs = False
    s.play(Action(0, "end"))
    assert s.undo_seat is None


def test_in_hot_seat_the_last_person_takes_back_from_the_cover_and_nobody_else_can() -> None:
    s = Session(table(phase="main").game, take_backs=True)
    assert not Session(s.game).take_backs  # two people at the device: off unless chosen
    s.uncover()
    before = dumps(s.game)
    s.play(Action(0, "end"))
    assert s.covered and s.may_take_back
    assert 'id="cover-undo"' in cover.cover(scene(s))
    assert en("ui.undo.cover", player=0) in cover.cover(scene(s))
    s.uncover()  # Blue has the device now: Red's end is no longer Blue's to take back
    assert s.undo_seat == 0 and not s.may_take_back
    s.shown = 0
    s.undo()
    assert dumps(s.game) == before


def test_new_game_form_take_backs_default_follows_the_seats() -> None:
    form = NewGame.default(Text(), "1")
    assert form.allows_take_backs()  # one person against computer players
    html = home.new_game_form(Text(), form)
    box = re.search(r'<input[^>]*id="take-backs"[^>]*>', html)
    assert box is not None and " checked" in box.group(0)
    assert 'id="seat-kind-1" data-change="form"' in html  # a change redraws the option's default
    form.seats[1].kind = "human"
    assert not form.allows_take_backs()
    form.take_backs = True
    assert form.allows_take_backs()


@pytest.mark.parametrize("lang", ["en", "hi"])
def test_new_game_form_offers_the_rule_options_with_their_help(lang: str) -> None:
    """Two checkboxes, off by default, each described by a line saying what it changes; the
    form's game carries them, and so does a rematch on the same board."""
    text = Text(lang)
    form = NewGame.default(text, "3")
    html = home.new_game_form(text, form)
    for ident, label, help_key in (("trade-then-build", "ui.new.trade_then_build", "ui.new.trade_then_build_help"),
                                   ("balanced-dice", "ui.new.balanced_dice", "ui.new.balanced_dice_help")):
        box = re.search(rf'<input[^>]*id="{ident}"[^>]*>', html)
        assert box is not None and " checked" not in box.group(0) and f'aria-describedby="{ident}-help"' in box.group(0)
        assert text(label) in html and f'<small id="{ident}-help" class="muted">{text(help_key)}</small>' in html
    default = form.create().options
    assert not default.trade_then_build and not default.balanced_dice
    form.trade_then_build = form.balanced_dice = True
    game = form.create()
    assert game.options.trade_then_build and game.options.balanced_dice and len(game.dice_deck) == 36
    for same in (True, False):
        again = rematch(game, same, 5)
        assert again.options == game.options


def test_take_backs_are_kept_with_the_saved_game_and_offers_with_the_settings() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.put("g", "{}", SaveMeta("g", "G", 1.0, ("A", "B"), 1, take_backs=False))
    assert SaveStore(storage).meta("g").take_backs is False
    settings = SettingsStore(storage)
    settings.save(Settings("en", "fast", "never"))
    assert settings.load() == Settings("en", "fast", "never")
    assert Settings.read('{"offers": "sometimes"}') == (Settings(), False)
    assert pause("slow", False) == SPEEDS["slow"]


# --- what happened to me --------------------------------------------------------------------------


def robbed_in_hot_seat() -> Session:
    """Blue rolls a 7, puts the robber on Red's fields and steals Red's only card, then ends."""
    s = table(kinds=("human", "human"), current=1, dice=[[3, 4]], hands=[{"grain": 1}, {}])
    s.uncover()
    for text in ("1 roll", "1 robber 4 0", "1 end"):
        s.play(Action.parse(text))
    return s


def test_the_robbed_person_reads_it_after_the_cover_only() -> None:
    s = robbed_in_hot_seat()
    assert s.covered and s.recap(s.view()) == [] and "stole" not in cover.cover(scene(s))
    s.uncover()
    lines = s.recap(s.view())
    assert translate("recap.stolen", {"player": 1, "items": "1 grain"}, "en", NAMES) in lines
    assert 'id="recap"' in turn.turn_panel(scene(s))
    s.play(Action(0, "roll", (1, 1)))
    assert translate("recap.stolen", {"player": 1, "items": "1 grain"}, "en", NAMES) in s.recap(s.view())  # the whole turn


def test_the_board_shows_the_last_roll_until_a_person_acts() -> None:
    s = table(kinds=("human", "standard", "standard"), current=1, dice=[[4, 4]])
    s.apply(Action(1, "roll"))
    paid = s.produced(s.view())
    assert paid and all(count > 0 for _, _, _, count in paid)
    s.apply(Action(1, "end"))
    assert s.produced(s.view()) == paid  # a computer player acted: still shown
    s.apply(Action(2, "roll", (1, 1)))
    assert s.produced(s.view()) == ()  # a roll of 2 paid nobody
    s.apply(Action(2, "end"))
    s.play(Action(0, "roll", (4, 4)))
    assert s.produced(s.view())
    s.play(Action(0, "end"))
    assert s.produced(s.view()) == ()


# --- statistics and rematch ----------------------------------------------------------------------------


def test_statistics_show_the_figures_of_the_log() -> None:
    s = robbed_in_hot_seat()
    s.uncover()
    stats = compute(s.game.view(0))
    html = statistics.figures(stats, Text("en", NAMES), 400)
    cells = dict(re.findall(r'<td data-row="robbed" data-seat="(\d)">(\d+)', html))
    assert cells == {"0": "1", "1": "0"}
    assert 'role="dialog"' in statistics.dialog(stats, Text("en", NAMES), 400)


def test_the_board_shows_the_winning_move_then_the_winner_screen_and_its_statistics_a_part_at_a_time() -> None:
    """The winning move is drawn on the board first; :data:`WINNER_SECONDS` later the winner
    screen covers it, without its statistics (and focuses "New game" once); each part (dice,
    points, the table) then comes with a job of its own, which the browser starts once the
    page has painted, and is added to the sheet in order. A game opened already won shows the
    screen at once."""
    page = PageDriver(bots=False)
    won = table(("human", "standard"), hands=[{"grain": 2, "ore": 3}, {}], options={"vp_target": 3}, phase="main")
    page.open(won.game)
    page.call(lambda controller: controller.act(Action.parse("0 city 12")))
    assert page.game.winner == 0 and page.html("overlay") == "" and 'data-node="12"' in page.html("board")
    assert Later(WINNER_SECONDS) in page.effects and page.pondering == []
    page.run("tick", after=WINNER_SECONDS / 2)  # a timer early by the page's clock: set again for the rest
    again = [effect.seconds for effect in page.effects if isinstance(effect, Later)]
    assert page.html("overlay") == "" and again and 0 < max(again) <= WINNER_SECONDS / 2
    page.wait(WINNER_SECONDS)
    sheet = page.html("overlay")
    assert 'id="winner"' in sheet and "catan-dice" not in sheet and "stats-table" not in sheet
    assert Focus("#win-new") in page.effects and len(page.pondering) == 1
    seen = []
    for _ in ("dice", "points", "table"):
        assert len(page.pondering) == 1  # one part at a time
        page.ponder()
        sheet = page.html("overlay")
        seen.append([name for name in ("catan-dice", "catan-points", "stats-table") if name in sheet])
        assert not any(isinstance(effect, Focus) for effect in page.effects)  # the focus stays on "New game"
    assert seen == [["catan-dice"], ["catan-dice", "catan-points"], ["catan-dice", "catan-points", "stats-table"]]
    assert page.pondering == [] and sheet.index("catan-dice") < sheet.index("catan-points") < sheet.index("stats-table")
    stats = compute(page.game.view(0))
    assert statistics.PARTS["table"](stats, Text("en", NAMES[:2]), 400) in sheet  # as the statistics dialog draws it
    again = PageDriver(bots=False)
    again.open(page.game)
    assert 'id="winner"' in again.html("overlay")


@pytest.mark.parametrize("board", ["random", "beginner"])
def test_a_rematch_keeps_seats_and_options_and_saves_as_a_new_game(board: str) -> None:
    form = NewGame([SeatChoice("Ana", "red"), SeatChoice("Bot", "blue", "standard")], players=2, board=board, seed="5",
                   vp_target=7, friendly_robber=True)
    game = form.create()
    for same in (True, False):
        again = rematch(game, same, 77)
        assert again.seats == game.seats and again.options.vp_target == 7 and again.options.friendly_robber
        assert (again.board == game.board) is same
        assert dumps(loads(dumps(again))) == dumps(again)
    assert json.loads(dumps(rematch(game, False, 77)))["options"]["board"] == "random"


def test_never_declines_the_offers_of_computer_players_not_of_people_on_other_devices() -> None:
    """"Offers from computer players: never" on the host's page, whose person plays seat 0: a
    person playing seat 1 on another device (not one of this page's people) gets an answer."""
    def offered_by(offerer: int) -> Any:
        kinds = ["human", "human", "standard"]
        players = [{"settlements": [12], "roads": [11], "hand": {"wool": 1}, "kind": kinds[0]},
                   {"settlements": [9], "roads": [8], "hand": {"ore": 1}, "kind": kinds[1]},
                   {"settlements": [22], "roads": [24], "hand": {"ore": 1}, "kind": kinds[2]}]
        game = load_scenario({"format": "catan-scenario", "board": "beginner", "phase": "main", "current": offerer,
                              "players": players})
        game.apply(f"{offerer} offer ore>wool to 0")
        return game

    assert page_decline(offered_by(1), humans=(0,), mode="never") is None
    declined = page_decline(offered_by(2), humans=(0,), mode="never")
    assert declined is not None and declined.seat == 0 and declined.by_setting
