"""Issue 30 in CPython: the game page at a glance, as its controller decides it.

Quiet computer offers, notices that fade, no accidental second action, the dice and sounds,
the hot-seat cover, the players strip and the bank, the building costs, the winner's points by
source, the home screen's quick start, a finger on a small board, and the texts (rounds, whose
turn, names). The page is driven through its commands (:mod:`page_driver`), its time passed in.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from page_driver import PageDriver  # noqa: E402

from catan_core.actions import Action  # noqa: E402
from catan_core.board import BEGINNER_PIECES  # noqa: E402
from catan_core.game import Game, Options, Seat  # noqa: E402
from catan_core.i18n import escape_markup, translate  # noqa: E402
from catan_core.saves import dumps  # noqa: E402
from catan_web import effects as PE  # noqa: E402
from catan_web.game import effects as E  # noqa: E402
from catan_web.game.board import FINGER_PX, ZOOMS, Press, finger_zoom  # noqa: E402
from catan_web.game.fresh import FRESH_SECONDS  # noqa: E402
from catan_web.game.screen import WINNER_SECONDS  # noqa: E402
from catan_web.game.sound import ROLL_SECONDS  # noqa: E402
from catan_web.game.state import NOTICE_SECONDS  # noqa: E402
from catan_web.newgame import file_name, name_of_file  # noqa: E402
from catan_web.offers import people  # noqa: E402
from catan_web.settings import SettingsStore  # noqa: E402

RED, BLUE, WHITE, ORANGE = "#d21c26", "#1147d6", "#fafafa", "#ff9d2b"


def seat(p: int, name: str, color: str, kind: str = "human", **extra: Any) -> dict[str, Any]:
    """A scenario player on the beginner board's preset pieces of seat ``p``."""
    (first, second), roads = BEGINNER_PIECES[p]
    return {"name": name, "color": color, "kind": kind, "settlements": [first, second], "roads": list(roads), **extra}


def scenario(*players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"format": "catan-scenario", "board": "beginner", "players": list(players), **extra}


def en(key: str, names: tuple[str, ...] = ("Ana", "Ben", "Cy"), **params: Any) -> str:
    return translate(key, params, "en", list(names))


def against_bot(**extra: Any) -> dict[str, Any]:
    """Ana (a person) against Bot (a standard computer player)."""
    hand = extra.pop("hand", {})
    return scenario(seat(0, "Ana", RED, hand=hand), seat(1, "Bot", BLUE, "standard"), **extra)


def sounds(page: PageDriver) -> list[str]:
    return [effect.name for effect in page.effects if isinstance(effect, E.Sound)]


# --- quiet computer offers ------------------------------------------------------------------------


def play_person(page: PageDriver) -> None:
    """The person's move: decline an offer, roll, end the turn, else the first legal action."""
    legal = page.game.legal_actions()
    action = next((a for kind in ("decline", "roll", "end") for a in legal if a.kind == kind), legal[0])
    page.call(lambda table: table.act(action))


def offers_to_people(game: Game) -> list[tuple[int, int, Action, tuple[tuple[int, ...], ...], tuple[int, ...]]]:
    """Every computer player's offer reaching a person, replayed from the start: its turn, its
    offerer, the action, the hands (offerer's, then each person's) and the person's hand then."""
    replay = Game(game.options, game.seed, game.seats)
    persons = people(game)
    found, turn = [], 0
    for action in game.history:
        if action.kind == "offer" and action.player not in persons:
            target = action.value[2]
            if target in persons or (target < 0 and set(persons) - {action.player}):
                hands = tuple(tuple(replay.players[q].hand) for q in (action.player, *persons))
                found.append((turn, action.player, action, hands, tuple(replay.players[persons[0]].hand)))
        for event in replay.apply(action):
            if event.kind == "turn":
                turn += 1
    return found


@pytest.mark.parametrize("seed", [11, 12])
def test_computer_offers_to_a_person_are_one_a_turn_acceptable_and_never_repeated(seed: int) -> None:
    """60 turns of one person (who declines every offer) and three standard computer players."""
    seats = (Seat("Ana", RED), *(Seat(f"Bot {c}", color, "standard") for c, color in zip("BCD", (BLUE, WHITE, ORANGE))))
    page = PageDriver()
    page.open(Game(Options(players=4), seed, seats))
    while page.game.turn < 60 and page.game.phase != "over":
        play_person(page)
    found = offers_to_people(page.game)
    per_turn: dict[tuple[int, int], int] = {}
    seen: dict[tuple[int, object, object], tuple[tuple[int, ...], ...]] = {}
    for turn, offerer, action, hands, person_hand in found:
        per_turn[(turn, offerer)] = per_turn.get((turn, offerer), 0) + 1
        give, want, _ = action.value
        assert all(h >= w for h, w in zip(person_hand, want, strict=True)), ("an offer the person cannot accept", action)
        assert seen.get((offerer, give, want)) != hands, ("repeated with the same hands", action)
        seen[(offerer, give, want)] = hands
    assert max(per_turn.values(), default=0) <= 1, per_turn
    declined_by_page = [d for d in page.session.declined.values() if not d.by_setting]
    assert declined_by_page == [], "no offer the person lacked the cards for reached them"
    assert page.game.turn >= 60 or page.game.phase == "over"


# --- notices -------------------------------------------------------------------------------------------


def test_notices_fade_after_their_time_and_a_damaged_storage_notice_stays() -> None:
    page = PageDriver(bots=False)
    page.scenario(against_bot(phase="main"))
    page.run("mode", "road")
    page.press("e60")  # no road can go there: the engine says why
    notice = page.state.notice
    assert notice is not None and notice.kind == "error" and notice.at == page.clock
    assert E.Later(NOTICE_SECONDS["error"]) in page.effects
    assert page.page.patcher.drawn["notice"].attributes == (("class", "notice error fading"), ("style", "--life: 8s"))  # type: ignore[union-attr]
    page.wait(NOTICE_SECONDS["error"] - 0.1)
    assert page.state.notice is not None
    page.wait(0.2)
    assert page.state.notice is None and page.html("notice") == ""
    page.run("undo")  # nothing to take back: news, which fades sooner
    assert page.state.notice is not None and page.state.notice.kind == "info"
    page.wait(NOTICE_SECONDS["info"] + 0.1)
    assert page.state.notice is None
    assert NOTICE_SECONDS["warn"] is None  # damaged storage put aside: until closed (test_web_boundaries)


def test_a_language_switch_gives_the_notice_its_time_again() -> None:
    page = PageDriver(bots=False)
    page.scenario(against_bot(phase="main"))
    page.run("undo")
    life = NOTICE_SECONDS["info"]
    assert life is not None
    page.wait(life - 1)
    page.run("lang", "de", after=0)  # now in other words: read again
    page.wait(2)
    assert page.state.notice is not None and translate("ui.undo.none", {}, "de") in page.html("notice")
    page.wait(life)
    assert page.state.notice is None


# --- no accidental second action ----------------------------------------------------------------------


def test_a_double_click_on_roll_does_not_end_the_turn() -> None:
    page = PageDriver(bots=False)
    page.scenario(against_bot(dice=[[2, 4]]))
    page.run("roll")
    assert page.game.phase == "main"
    assert re.search(r'<button[^>]*data-cmd="end"[^>]*disabled data-fresh', page.html("turn"))
    page.run("end", after=0.1)  # the second click of a double click lands on "End the turn"
    assert page.game.phase == "main" and page.game.current == 0, "ignored: it appeared where Roll was pressed"
    page.wait(FRESH_SECONDS)  # the dice still tumble: the turn card is drawn again when they stop
    assert "data-fresh" in page.html("turn")
    page.wait(ROLL_SECONDS - FRESH_SECONDS)
    assert "data-fresh" not in page.html("turn")
    page.run("end", after=0.1)
    assert page.game.current == 1


def test_buttons_that_were_there_all_along_and_panels_opened_without_a_move_are_not_fresh() -> None:
    page = PageDriver(bots=False)
    page.scenario(against_bot(phase="main", hand={"brick": 2, "ore": 1}))
    page.run("tab", "players")  # a panel opens, the game does not move: nothing waits
    page.run("compose", "give:0:1", after=0.05)
    page.run("compose", "give:0:1", after=0.05)
    assert page.state.draft.give[0] == 2 and page.state.fresh == ()
    page.run("tab", "bank", after=0.05)
    page.run("mar_give", "0", after=0.05)
    page.run("mar_get", "4", after=0.05)
    page.run("maritime", after=0.05)  # needs 4 brick: refused, the game does not move
    assert page.state.fresh == ()


# --- the dice and the sounds -----------------------------------------------------------------------------


def test_the_dice_tumble_after_a_roll_and_stop() -> None:
    page = PageDriver(bots=False)
    page.scenario(against_bot(dice=[[3, 3]]))
    page.run("roll")
    assert page.state.rolled_at == page.clock and 'class="dice rolling"' in page.html("turn")
    assert E.Later(ROLL_SECONDS) in page.effects
    page.run("tick", after=ROLL_SECONDS / 2)  # a timer early by the page's clock: set again for the rest
    again = [effect.seconds for effect in page.effects if isinstance(effect, E.Later)]
    assert 'class="dice rolling"' in page.html("turn") and again and 0 < max(again) <= ROLL_SECONDS / 2
    page.wait(ROLL_SECONDS)
    assert page.state.rolled_at is None and 'class="dice"' in page.html("turn")


def test_no_sound_before_the_first_gesture_nor_with_the_sound_off() -> None:
    page = PageDriver()
    page.scenario(against_bot(current=1, dice=[[3, 3], [2, 2]]))  # the computer plays first, alone
    assert not page.state.gesture and sounds(page) == [] and page.game.current == 0
    page.run("roll")  # the first click: from now on, sounds
    assert page.state.gesture and sounds(page) == ["roll"]
    page.run("end")
    assert sounds(page)[-1] == "turn"  # the computer's turn, then the person's: "your turn"
    page.run("sound")
    assert not page.state.sound and SettingsStore(page.storage).load().sound is False
    page.run("roll")
    assert sounds(page) == []
    assert PageDriver(storage=page.storage).state.sound is False, "remembered"


def test_the_first_gesture_with_the_sound_on_makes_the_sound_ready_once() -> None:
    """The browser's audio is started on the person's first gesture (not at the first sound,
    in the middle of a game), once; with the sound off, only when it is switched on."""

    def readied(page: PageDriver) -> int:
        return sum(isinstance(effect, E.ReadySound) for effect in page.effects)

    page = PageDriver()
    page.scenario(against_bot(current=1, dice=[[3, 3], [2, 2]]))  # the computer plays first, alone
    assert not page.state.gesture and readied(page) == 0
    page.run("roll")  # the first click
    assert readied(page) == 1 and sounds(page) == ["roll"]
    page.run("end")
    assert readied(page) == 0  # once
    quiet = PageDriver(storage=page.storage)
    quiet.run("sound")  # switched off: a gesture, but no sound to make ready
    assert not quiet.state.sound and quiet.state.gesture and readied(quiet) == 0
    quiet.run("sound")
    assert readied(quiet) == 1


def test_a_build_a_trade_and_the_robber_sound() -> None:
    page = PageDriver(bots=False)
    page.scenario(against_bot(phase="main", hand={"brick": 5, "lumber": 1}, dice=[[3, 4]]))
    page.run("mode", "road")
    edge = next(a.value for a in page.game.legal_actions() if a.kind == "road")
    page.press(f"e{edge}")
    assert sounds(page) == ["build"]
    page.run("tab", "bank")
    page.run("mar_give", "0")
    page.run("mar_get", "4")
    page.run("maritime")
    assert sounds(page) == ["trade"]


# --- the hot-seat cover ---------------------------------------------------------------------------------------


def test_no_cover_in_the_set_up_and_then_only_the_hand_is_covered() -> None:
    page = PageDriver(bots=False)
    page.open(Game(Options(players=2), 5, (Seat("Ana", RED), Seat("Ben", BLUE))), uncover=False)
    game = page.game
    while game.phase.startswith("setup"):
        assert not page.session.covered and 'id="cover"' not in page.html("hand-wrap")
        assert 'class="node target' in page.html("board") or 'class="edge target' in page.html("board")
        page.call(lambda table: table.act(game.legal_actions()[0]))
    assert not page.session.covered, "who placed the last set-up piece holds the device"
    page.page.dice.append((2, 3))
    page.run("roll")
    page.wait(1)
    page.run("end")
    assert page.session.covered
    assert 'id="cover"' in page.html("hand-wrap") and 'id="hand-cards"' not in page.html("hand-wrap")
    assert page.html("board") and page.html("strip-seats") and page.html("log-box") and page.html("overlay") == ""
    assert not re.search(r'class="\w+ target', page.html("board")), "nothing to choose on the board while it waits"
    page.press("h4")  # the board waits for the next person
    assert page.state.notice is not None and page.state.notice.message is not None
    assert page.state.notice.message.key == "ui.cover.first"
    page.run("uncover")
    assert 'id="hand-cards"' in page.html("hand-wrap")


def test_network_play_is_offered_from_the_bar_only() -> None:
    page = PageDriver(bots=False)
    page.open(Game(Options(players=2), 5, (Seat("Ana", RED), Seat("Ben", BLUE))), uncover=False)
    assert 'id="net-open"' in page.html("bar") and "net_invite" not in page.html("hand-wrap")
    page.run("net")
    assert page.state.net_open
    solo = PageDriver(bots=False)
    solo.scenario(against_bot())
    assert 'id="net-open"' not in solo.html("bar"), "one person: nobody to invite"


# --- the strip, the bank, the costs ---------------------------------------------------------------------------


def test_the_players_strip_and_the_bank_show_the_engine_figures() -> None:
    page = PageDriver(bots=False)
    page.scenario(scenario(seat(0, "Ana", RED, hand={"brick": 2}, dev_cards={"victory_point": 1}),
                           seat(1, "Ben", BLUE, hand={"ore": 3}, knights_played=2), phase="main"))
    strip, supply = page.html("strip-seats"), page.html("supply")
    view = page.game.view(0)
    for pv in view.players:
        line = re.search(rf'<li[^>]*data-seat="{pv.seat}".*?</li>', strip, re.S)
        assert line is not None
        figures = dict(re.findall(r'class="stat (\w+)"[^>]*><svg.*?</svg>(\d+)</span>', line.group(0)))
        assert figures == {"cards": str(pv.hand_size), "dev": str(pv.dev_cards), "knights": str(pv.knights),
                           "road": str(pv.road_length)}
    assert re.findall(r'class="bank-res res-\w+"[^>]*><b>(\d+)</b>', supply) == [str(n) for n in view.bank]
    assert f"<b>{view.deck_size}</b>" in supply
    assert 'aria-current="true"' in strip and 'class="seat current acting"' in strip
    assert "+1" in strip, "Ana sees her hidden point"


def test_the_dice_left_show_with_balanced_dice_only() -> None:
    page = PageDriver(bots=False)
    page.scenario(against_bot(options={"balanced_dice": True}))
    left = page.game.view(0).dice_totals_left()
    assert left is not None
    assert re.findall(r'<li style="--n: (\d+)"><b>\d+</b><small>(\d+)</small>', page.html("supply")) == [
        (str(n), str(total)) for total, n in zip(range(2, 13), left, strict=True)]
    plain = PageDriver(bots=False)
    plain.scenario(against_bot())
    assert "dice-left" not in plain.html("supply")


def test_the_building_costs_open_and_close_at_any_moment() -> None:
    page = PageDriver(bots=False)
    page.scenario(against_bot())
    page.run("costs")
    assert 'id="costs"' in page.html("overlay") and PE.Focus("#costs-close") in page.effects
    page.run("escape")
    assert page.html("overlay") == "" and PE.Focus("#costs-open") in page.effects
    page.run("stats_open")
    page.run("costs")  # over the statistics, then back to them
    assert 'id="costs"' in page.html("overlay")
    page.run("costs")
    assert 'id="stats"' in page.html("overlay")


# --- the end, the home screen, texts ------------------------------------------------------------------------------


def test_the_winner_screen_gives_each_seat_its_points_by_source() -> None:
    page = PageDriver(bots=False)
    page.scenario(scenario(seat(0, "Ana", RED, hand={"grain": 2, "ore": 3}, dev_cards={"victory_point": 2}),
                           seat(1, "Ben", BLUE, knights_played=3), phase="main", options={"vp_target": 5}))
    page.call(lambda table: table.act(Action(0, "city", BEGINNER_PIECES[0][0][0])))
    page.wait(WINNER_SECONDS)
    html = page.html("overlay")
    assert page.game.phase == "over" and 'id="winner"' in html and "rematch" in html and "net_invite" not in html
    for pv in page.game.view(None).players:
        row = re.search(rf'<tr[^>]*data-seat="{pv.seat}">(.*?)</tr>', html, re.S)
        assert row is not None
        parts = [int(n) for n in re.findall(r'<td data-source="\w+">(\d+)</td>', row.group(1))]
        total = int(re.search(r'<td class="points">(\d+)</td>', row.group(1)).group(1))  # type: ignore[union-attr]
        assert sum(parts) == total == page.game.victory_points(pv.seat)
    assert re.search(r'data-seat="0">.*?<td data-source="vp_cards">2</td>', html, re.S), "the hidden cards revealed"
    assert re.search(r'data-seat="1">.*?<td data-source="largest_army">2</td>', html, re.S)
    assert "hidden-points" not in page.html("strip-seats")


def test_a_rematch_on_the_same_board_says_who_starts() -> None:
    """A rematch on the same random board is laid out from a scenario's set-up: its log does not
    roll for the start, so the page's log opens with who starts."""
    from catan_web.rematch import rematch

    finished = Game(Options(players=2), 7, (Seat("Ana", RED), Seat("Ben", BLUE)))
    again = rematch(finished, same_board=True, seed=8)
    assert not any(event.kind == "start_roll" for event in again.log)
    page = PageDriver(bots=False)
    page.open(again)
    names = ("Ana", "Ben")
    last = re.findall(r"<li[ >].*?</li>", page.html("log-box"))[-1]
    assert last.startswith('<li class="start">'), "not an event: no number"
    assert en("ui.log.starts.you", names) in last and again.current == page.session.viewer
    page.call(lambda table: table.act(again.legal_actions()[0]))
    assert re.findall(r"<li[ >].*?</li>", page.html("log-box"))[-1] == last, "it stays first"
    new = Game(Options(players=2), 7, (Seat("Ana", RED), Seat("Ben", BLUE)))
    assert new.log[0].kind == "start_roll"
    page.open(new)
    assert en("ui.log.starts.you", names) not in page.html("log-box"), "the engine's roll says it already"


def test_the_home_screen_links_the_authoring_pages_in_its_language() -> None:
    home = PageDriver(lang="de", bots=False).html("home")
    for page in ("editor", "replay", "embed"):
        assert f'href="{page}.html?lang=de"' in home
    assert translate("ui.authors.editor", {}, "de") in home


def test_play_against_the_computer_in_one_click_in_the_page_language() -> None:
    page = PageDriver(lang="hi", bots=False)
    assert 'id="quick-start"' in page.html("home") and 'href="almanac.html?lang=hi#turn"' in page.html("home")
    page.run("quick")
    seats = page.game.seats
    assert [seat.kind for seat in seats] == ["human", "standard", "standard", "standard"]
    assert seats[0].name == translate("ui.color.red", {}, "hi")
    assert page.session.take_backs and page.game.options.board == "random"


def test_rounds_whose_turn_and_names_in_the_page_language() -> None:
    page = PageDriver(bots=False)
    sc = scenario(seat(0, "Ana", RED, hand={"ore": 1}, dev_cards={"knight": 1}), seat(1, "Ben", BLUE, hand={"brick": 1}),
                  seat(2, "Cy", WHITE), phase="main", current=1, turn=9, version=2)
    page.scenario(sc)
    assert en("ui.round", round=3) in page.html("turn")  # turn 9 of three players: round 3
    page.call(lambda table: table.act(Action(1, "offer", ((1, 0, 0, 0, 0), (0, 0, 0, 0, 1), 0))))
    page.run("uncover")
    assert page.session.answering
    assert f'<span id="play-knight-why">{escape_markup(en("ui.reason.others_turn", player=1))}</span>' in page.html("hand-wrap")
    # a language switch on the game screen renames the form's default seats too
    page.run("lang", "hi")
    page.run("home")
    assert page.state.form.seats[1].name == translate("ui.color.blue", {}, "hi")


def test_an_exported_game_is_imported_under_its_name() -> None:
    assert name_of_file(file_name("Friday night: Ana-Ben")) == "Friday night_ Ana-Ben"
    assert name_of_file(file_name("खेल 3")) == "खेल 3"
    page = PageDriver(bots=False)
    page.scenario(against_bot())
    from catan_web.game.home import ImportedFile

    text = dumps(page.game)
    page.run("home")
    page.run("import", ImportedFile(file_name("Friday night"), text))
    assert page.session.name == "Friday night"


def test_trade_controls_are_disabled_with_the_rule_once_built_under_trade_then_build() -> None:
    page = PageDriver(bots=False)
    page.scenario(against_bot(phase="main", hand={"brick": 5, "lumber": 1}, options={"trade_then_build": True}))
    page.run("tab", "bank")
    assert "mar-do-why" in page.html("actions") and "rule.trade_after_build" not in page.html("actions")
    page.run("tab", "build")
    page.run("mode", "road")
    page.press(f"e{next(a.value for a in page.game.legal_actions() if a.kind == 'road')}")
    reason = escape_markup(en("rule.trade_after_build"))
    for tab, plus in (("bank", r'id="mar-give-brick"[^>]*disabled'), ("players", r'id="offer-give-brick-plus"[^>]*disabled')):
        page.run("tab", tab)
        html = page.html("actions")
        assert reason in html and re.search(plus, html), tab
        assert 'href="almanac.html?lang=en#trade_then_build"' in html


# --- a finger on a small board -----------------------------------------------------------------------------------


def test_a_first_tap_on_a_board_too_small_for_a_finger_enlarges_it_around_the_spot() -> None:
    assert finger_zoom(390, 0) == 1 and 390 * ZOOMS[1] * 70 / 1180 >= FINGER_PX
    assert finger_zoom(1000, 0) == 0
    page = PageDriver(bots=False)
    page.open(Game(Options(players=2), 5, (Seat("Ana", RED), Seat("Ben", BLUE))))
    spot = f"n{page.game.legal_actions()[0].value}"
    page.run("press", Press(spot, touch=True, width=390))
    assert page.state.board.zoom == 1 and page.state.board.selected == spot and page.game.history == []
    assert any(isinstance(effect, PE.Reveal) for effect in page.effects)
    assert 'class="zoom-prompt"' in page.html("board-confirm") and 'id="spot-confirm"' in page.html("board-confirm")
    page.run("spot_confirm")
    assert len(page.game.history) == 1
