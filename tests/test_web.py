"""The pure-Python parts of the web page (web/catan_web), run in CPython: saves storage,
hot-seat privacy, click meaning, button reasons, panels and their message keys."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from catan_core.actions import Action  # noqa: E402
from catan_core.game import Game, Options, Seat  # noqa: E402
from catan_core.i18n import catalog, translate  # noqa: E402
from catan_core.board import BEGINNER_PIECES  # noqa: E402
from catan_core.scenarios import load_scenario  # noqa: E402
from catan_web import controls, panels  # noqa: E402
from catan_web.newgame import NewGame  # noqa: E402
from catan_web.session import Session  # noqa: E402
from catan_web.settings import Settings, SettingsStore  # noqa: E402
from catan_web.store import GAME_PREFIX, INDEX_KEY, MemoryStorage, SaveMeta, SaveStore, StorageFull  # noqa: E402
from catan_web.text import Text  # noqa: E402

WEB = ROOT / "web" / "catan_web"


def meta(gid: str, saved: float = 1.0) -> SaveMeta:
    return SaveMeta(gid, gid.upper(), saved, ("Ana", "Ben"), 2)


def test_store_keeps_games_apart_and_survives_a_damaged_index() -> None:
    storage = MemoryStorage()
    store = SaveStore(storage)
    store.put("a", "A-save", meta("a", 1))
    store.put("b", "B-save", meta("b", 2))
    assert [m.id for m in store.list()] == ["b", "a"]  # newest first
    storage.data[INDEX_KEY] = "{not json"
    storage.data[GAME_PREFIX + "stray"] = "???"
    again = SaveStore(storage)
    listed = {m.id: m for m in again.list()}
    assert set(listed) == {"a", "b", "stray"} and all(m.damaged for m in listed.values())
    again.delete("stray")
    assert again.text("a") == "A-save" and again.text("b") == "B-save" and again.text("stray") is None


def test_a_full_storage_keeps_the_previous_save() -> None:
    storage = MemoryStorage(limit=400)
    store = SaveStore(storage)
    store.put("a", "x" * 50, meta("a"))
    with pytest.raises(StorageFull):
        store.put("a", "y" * 500, meta("a", 5))
    assert store.text("a") == "x" * 50 and store.meta("a") == meta("a")
    settings = SettingsStore(storage)
    storage.limit = 0  # no room left at all
    settings.save(Settings(lang="de", speed="fast"))  # silently skipped
    assert settings.load() == Settings()


def two_people_and_a_computer(**extra: object) -> Game:
    players = []
    for p, (name, kind) in enumerate((("Ana", "human"), ("Ben", "human"), ("Cy", "beginner"))):
        (first, second), roads = BEGINNER_PIECES[p]
        players.append({"name": name, "kind": kind, "settlements": [first, second], "roads": list(roads)})
    return load_scenario({"format": "catan-scenario", "board": "beginner", "players": players, **extra})


def test_hot_seat_cover_follows_the_person_who_must_act() -> None:
    s = Session(two_people_and_a_computer(phase="main"))
    assert s.covered and s.viewer is None and s.view().hand is None
    s.uncover()
    assert not s.covered and s.viewer == 0 and s.view().hand is not None
    s.apply(Action(0, "end"))
    assert s.actor == 1 and s.covered and s.viewer is None  # Ben's turn: pass the device
    s.uncover()
    s.apply(Action(1, "roll", (2, 2)))
    s.apply(Action(1, "end"))
    assert s.bot_to_act and not s.covered and s.viewer == 1  # Ben keeps the device while Cy plays


def test_a_computer_players_thinking_ends_in_a_legal_action_even_when_it_fails() -> None:
    """The page steps ``bot_thinking`` to its end (the computer player reading a view with
    the log, as in tournaments, so that it counts cards); a computer player whose decision
    raises or is illegal is replaced by a random legal action, so the game never stalls."""
    from catan_core.bots import conclude

    s = Session(two_people_and_a_computer(current=1, phase="main"))
    s.apply(Action(1, "end"))
    assert s.bot_to_act and s.game.log
    shown: list[object] = []
    engine_bot = s.bot(2)

    class Watched:
        level = "watched"

        def think(self, view: object) -> object:
            shown.append(view)
            return (yield from engine_bot.think(view))  # type: ignore[arg-type]

    s._bots[2] = Watched()  # type: ignore[assignment]
    expected_log = s.game.view(2).log
    played = conclude(s.bot_thinking())
    assert played in s.game.legal_actions() and s.game.to_act == 2
    assert shown[0].log == expected_log  # type: ignore[attr-defined]  # the public log: it counts cards

    class Broken:
        level = "broken"

        def think(self, view: object) -> object:
            raise RuntimeError("a bug in a computer player")
            yield

    class Cheating(Broken):
        def think(self, view: object) -> object:
            yield
            return Action(0, "end")  # another seat's move

    for bot in (Broken(), Cheating()):
        s._bots[2] = bot  # type: ignore[assignment]
        assert conclude(s.bot_thinking()) in s.game.legal_actions()


def test_one_person_is_never_covered() -> None:
    seats = (Seat("Ana", "#d7263d"), Seat("Bot", "#1b65c4", "beginner"))
    s = Session(Game(Options(players=2), 3, seats))
    assert s.shown == 0 and not s.covered and s.viewer == 0


def test_clicks_become_actions_hints_or_choices() -> None:
    s = Session(two_people_and_a_computer(phase="main"))
    s.uncover()
    assert s.click("node", 5).hint == "ui.hint.choose_build"
    s.start_mode("road")
    assert s.click("edge", 3).action == Action(0, "road", 3)
    assert s.targets().edges == () and s.build_reason("road") == translate("rule.cannot_afford", {"cost": [1, 1, 0, 0, 0]}, "en")
    s.start_mode("city")
    assert s.build_reason("city") == translate("rule.cannot_afford", {"cost": [0, 0, 0, 2, 3]}, "en")

    robbing = Session(two_people_and_a_computer(phase="robber", robber=9))
    robbing.game.players[1].hand[0] = 1  # only for this check; not a legal game any more
    robbing.game.players[2].hand[0] = 1
    robbing.uncover()
    # a hex touching both other seats' buildings offers a choice of victim
    from catan_core.board import HEX_NODES

    both = [h for h in range(19) if {robbing.game.node_owner[n] for n in HEX_NODES[h]} >= {1, 2}]
    if both:
        intent = robbing.click("hex", both[0])
        assert {a.value[1] for a in intent.choices} == {1, 2}
    assert robbing.click("hex", 9).action == Action(0, "robber", (9, -1))
    assert robbing.reason(robbing.click("hex", 9).action) == translate("rule.robber_must_move", {}, "en")


def test_disabled_buttons_link_their_reason_to_the_almanac_entry() -> None:
    from catan_core.almanac import almanac_url, entry_for_error

    s = Session(two_people_and_a_computer(phase="main"))
    s.uncover()
    refused = s.reason(Action(0, "buy"))
    assert refused is not None and refused.key == "rule.cannot_afford" and refused.entry == entry_for_error("rule.cannot_afford")
    for lang in ("en", "hi"):
        s.text.lang = lang
        html = panels.build_panel(s, s.view())
        reason = translate("rule.cannot_afford", {"cost": [0, 0, 0, 2, 3]}, lang)
        link = (f'<a href="{almanac_url(entry_for_error("rule.cannot_afford"), lang)}" target="catan-almanac" class="why-link">'
                f'{translate("embed.why", {}, lang)}</a>')
        city = re.search(r'<button [^>]*id="build-city".*?</small>', html)
        assert city is not None and 'aria-disabled="true"' in city.group() and 'aria-describedby="build-city-why"' in city.group()
        assert f'<span id="build-city-why" data-entry="costs">{reason}</span> {link}' in city.group()
    # a page's own reason (no rule of the game) has no link
    s.text.lang = "en"
    assert controls.button(s.text, "Go", "go", ident="go", reason=s.text("ui.reason.no_spot")).count("<a ") == 0
    assert "<a " not in controls.button(s.text, "Go", "go", ident="go")


def test_new_game_form_uses_the_engine_checks() -> None:
    text = Text()
    form = NewGame.default(text, "42")
    game = form.create()
    assert [s.kind for s in game.seats] == ["human", "standard", "standard", "standard"] and game.seed == 42
    form.vp_target = 99
    with pytest.raises(Exception) as caught:
        form.create()
    assert text.error(caught.value) == translate("format.option_vp_target", {}, "en")  # type: ignore[arg-type]
    form.vp_target = 10
    form.seats[0].name = "  "
    with pytest.raises(Exception) as caught:
        form.create()
    assert caught.value.key == "format.seat"  # type: ignore[attr-defined]


def test_every_page_message_key_exists_and_names_are_escaped() -> None:
    english = catalog("en")
    source = "\n".join(path.read_text(encoding="utf-8") for path in WEB.glob("*.py"))
    for key in set(re.findall(r'"(ui\.[a-z_.]+[a-z])"', source)):
        assert key in english, key
    for prefix in set(re.findall(r'"(ui\.[a-z_.]+[._])"', source)):
        assert any(k.startswith(prefix) for k in english), prefix
    seats = (Seat("<b>Ana</b>", "#d7263d"), Seat("Ben & co", "#1b65c4"))
    s = Session(Game(Options(players=2, board="beginner"), 1, seats))
    s.uncover()
    view = s.view()
    html = panels.scoreboard(s, view) + panels.turn_panel(s, view) + panels.hand_panel(s, view) + panels.cover(s)
    assert "<b>Ana</b>" not in html and "&lt;b&gt;Ana&lt;/b&gt;" in html and "Ben &amp; co" in html
    assert not re.search(r"\bui\.[a-z_]+\.", html)


def test_panels_render_every_phase_of_a_random_game() -> None:
    import random

    seats = (Seat("Ana", "#d7263d"), Seat("Ben", "#1b65c4"), Seat("Cy", "#f29e1f", "beginner"))
    game = Game(Options(players=3), 9, seats)
    s = Session(game)
    rng = random.Random(2)
    seen = set()
    while game.phase != "over" and len(game.history) < 1500:
        s.uncover()
        view = s.view()
        seen.add(game.phase)
        html = panels.turn_panel(s, view) + panels.action_panel(s, view) + panels.hand_panel(s, view)
        assert "ui." not in re.sub(r'(id|data-[a-z]+|aria-[a-z]+)="[^"]*"', "", html), html
        offers = game.offer_actions()
        s.apply(rng.choice(offers) if offers and rng.random() < 0.05 else rng.choice(game.legal_actions()))
    assert {"setup_settlement", "roll", "main", "robber", "trade"} <= seen
    json.dumps(s.last_sentences())


# --- one way from the board to actions (catan_web.targets) ------------------------------------


def test_session_and_example_read_the_board_the_same_way() -> None:
    """Over a random game, the game page (with every build mode) and the example board offer
    the same spots, and a click on an offered spot is its legal action in both."""
    import random

    from catan_web import targets as T
    from catan_web.example import Example

    data = {"format": "catan-scenario", "board": "beginner", "phase": "setup",
            "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}]}
    example = Example.load(data, "en")
    game = example.game
    rng = random.Random(5)
    for _ in range(150):
        if game.phase == "over":
            break
        view = game.view(game.to_act, with_log=False)
        spots = example.targets()
        assert spots == T.targets(view)
        session = Session(game)
        session.uncover()
        offered = []
        for mode in (None, *T.BUILD_KINDS):
            session.start_mode(mode)
            offered.append(session.targets())
        merged = tuple(tuple(sorted(set().union(*(getattr(t, f) for t in offered)))) for f in ("nodes", "edges", "hexes"))
        assert merged == (spots.nodes, spots.edges, spots.hexes)
        for element, ids in zip(T.ELEMENTS, merged):
            for ident in ids:
                intent = T.click(view, element, ident)
                assert intent.choices or intent.action in view.legal, (element, ident, intent)
        game.apply(rng.choice(game.legal_actions()))


def test_a_click_outside_the_offered_spots_still_asks_the_engine() -> None:
    from catan_web import targets as T

    s = Session(two_people_and_a_computer(phase="main"))
    s.uncover()
    view = s.view()
    own = s.game.players[0].settlements[0]
    assert T.click(view, "node", own).action == Action(0, "city", own)  # the example: a city on one's settlement
    assert T.click(view, "node", 0).action == Action(0, "settlement", 0)
    assert T.click(view, "hex", 3) == T.Intent()  # the example ignores a stray click on a hex
    assert T.click(s.game.view(1), "node", 0).hint == T.WAIT_HINT
    assert T.click(view, "node", 0, mode=None).hint == "ui.hint.choose_build"
    s.start_mode("city")
    assert s.click("node", 0).action == Action(0, "city", 0)


def test_choosing_a_victim_on_the_board_opens_the_victim_chooser() -> None:
    s = Session(two_people_and_a_computer(phase="robber", robber=9))
    s.game.players[1].hand[0] = s.game.players[2].hand[0] = 1  # only for this check
    s.game.bank[0] -= 2
    s.uncover()
    from catan_core.board import HEX_NODES

    both = next(h for h in range(19) if {s.game.node_owner[n] for n in HEX_NODES[h]} >= {1, 2})
    intent = s.click("hex", both)
    assert len(intent.choices) == 2 and s.draft.mode == "victim" and s.draft.robber_hex == both
    assert s.targets().hexes == (both,)
    assert s.rob_action("2") == Action(0, "robber", (both, 2)) and s.rob_action("x") is None


# --- the draft: pickers never go past the cards held (issue 12, item 7) -----------------------------


def press(times: int, edit: object, arg: str) -> None:
    for _ in range(times):
        edit(arg)  # type: ignore[operator]


def test_discard_picks_stop_at_the_hand_and_the_number_due() -> None:
    s = Session(two_people_and_a_computer(phase="roll"))
    s.game.players[0].hand[:] = [3, 0, 2, 0, 5]  # 10 cards: 5 to discard
    s.game.bank[0] -= 3; s.game.bank[2] -= 2; s.game.bank[4] -= 5
    s.uncover()
    s.apply(Action(0, "roll", (3, 4)))
    s.uncover()
    assert s.discard_due() == 5
    press(9, s.pick_discard, "discard:0:1")
    assert s.draft.discard == [3, 0, 0, 0, 0]  # only 3 brick are held
    press(4, s.pick_discard, "discard:1:1")
    assert s.draft.discard[1] == 0  # no lumber at all
    press(9, s.pick_discard, "discard:4:1")
    assert s.draft.discard == [3, 0, 0, 0, 2]  # 5 are due, no more
    assert s.discard_room() == (False,) * 5
    html = panels.discard_panel(s, s.view())
    assert re.search(r'<button[^>]*id="discard-ore-plus"[^>]*disabled', html)
    for bad in ("discard:9:1", "discard:0:5", "give:0:-1", "", None, "discard:-1:1", "discard:٣:1"):
        s.pick_discard(bad)
    assert s.draft.discard == [3, 0, 0, 0, 2]
    press(5, s.pick_discard, "discard:0:-1")
    assert s.draft.discard == [0, 0, 0, 0, 2]
    s.apply(Action(0, "discard", (1, 0, 2, 0, 2)))


def test_offer_and_counter_give_sides_stop_at_the_hand() -> None:
    s = Session(two_people_and_a_computer(phase="main"))
    s.game.players[0].hand[:] = [2, 0, 0, 0, 0]
    s.game.players[1].hand[:] = [0, 0, 0, 0, 1]
    s.game.bank[0] -= 2; s.game.bank[4] -= 1
    s.uncover()
    press(5, s.compose, "give:0:1")
    press(25, s.compose, "want:4:1")
    assert s.draft.give == [2, 0, 0, 0, 0] and s.draft.want == [0, 0, 0, 0, 19]
    assert s.offer_room("give") == (False,) * 5 and s.offer_room("want")[4] is False
    press(18, s.compose, "want:4:-1")
    s.set_target("1")
    s.apply(s.offer_action())
    s.uncover()  # Ben answers: his counter may give only the one ore he holds
    s.prefill_counter()
    assert s.draft.give == [0, 0, 0, 0, 1] and s.draft.want == [2, 0, 0, 0, 0]
    press(3, s.compose, "give:4:1")
    assert s.draft.give == [0, 0, 0, 0, 1]
    html = panels.trade_status(s, s.view())
    assert re.search(r'<button[^>]*id="counter-give-ore-plus"[^>]*disabled', html)


def test_a_maritime_choice_stays_for_the_next_trade_and_the_target_is_checked() -> None:
    s = Session(two_people_and_a_computer(phase="main"))
    s.game.players[0].hand[:] = [8, 0, 0, 0, 0]
    s.game.bank[0] -= 8
    s.uncover()
    s.choose_maritime("give", "0")
    s.choose_maritime("get", "4")
    s.choose_maritime("get", "nope")
    s.apply(s.maritime_action())  # type: ignore[arg-type]
    assert (s.draft.maritime_give, s.draft.maritime_get) == (0, 4)
    for seat in ("0", "7", "-2", "x"):  # oneself, no such seat, nonsense
        s.set_target(seat)
    assert s.draft.target == -1


def yop_scenario(ore: int) -> dict[str, object]:
    """Ana holds Year of Plenty and every card but ``19 - ore`` ore."""
    players = []
    for p, name in enumerate(("Ana", "Ben")):
        (first, second), roads = BEGINNER_PIECES[p]
        players.append({"name": name, "settlements": [first, second], "roads": list(roads)})
    players[0]["dev_cards"] = {"year_of_plenty": 1}
    players[0]["hand"] = {"brick": 19, "lumber": 19, "wool": 19, "grain": 19, "ore": ore}
    return {"format": "catan-scenario", "board": "beginner", "phase": "main", "players": players}


@pytest.mark.parametrize(("ore", "size"), [(15, 2), (18, 1), (19, 0)])
def test_year_of_plenty_picks_what_the_bank_holds_in_the_page_and_the_example(ore: int, size: int) -> None:
    from catan_web.example import Example

    s = Session(load_scenario(yop_scenario(ore)))
    s.uncover()
    s.play_card("year_of_plenty")
    assert s.draft.mode == "year_of_plenty" and s.year_of_plenty_size() == size
    for r in ("0", "4", "4", "4", "9", "z"):
        s.pick_year_of_plenty(r)
    assert sum(s.draft.picks) == size and s.draft.picks[0] == 0  # no brick in the bank
    html = panels.hand_panel(s, s.view())
    assert 'id="yop-take"' in html and "yop-take-why" not in html  # no reason: it may be taken
    assert re.search(r'<button[^>]*id="yop-ore"[^>]*disabled', html)
    s.apply(s.year_of_plenty_action())
    assert s.game.players[0].hand[4] == ore + size and sum(s.game.bank) == 4 - ore + 15 - size

    example = Example.load(yop_scenario(ore), "en")
    picker = example.picker()
    assert picker is not None and picker.size == size and picker.room == (False, False, False, False, size > 0)
    for r in (4, 4, 4, 0):
        example.pick(r)
    assert example.picks == [0, 0, 0, 0, size]
    assert example.apply(example.picker().action).message is None  # type: ignore[union-attr]
    assert example.game.players[0].hand[4] == ore + size


def test_the_year_of_plenty_chooser_asks_for_what_is_missing() -> None:
    s = Session(load_scenario(yop_scenario(0)))
    s.uncover()
    s.play_card("year_of_plenty")
    s.pick_year_of_plenty("4")
    html = panels.hand_panel(s, s.view())
    assert translate("ui.yop.choose", {"count": 2}, "en") in html
    assert f'<span id="yop-take-why">{translate("ui.yop.need", {"count": 1}, "en")}</span>' in html
    s.clear_year_of_plenty()
    assert s.draft.picks == [0] * 5
    s.play_card("year_of_plenty")  # the button again closes the chooser
    assert s.draft.mode is None
    assert s.play_card("knight") == Action(0, "knight")


def test_the_bytecode_report_names_every_module_compiled_at_start(tmp_path: Path) -> None:
    """catan_web.bytecode, which the game page's e2e test reads: a module counts as compiled
    unless its shipped bytecode is for this interpreter and unchecked or matching its source."""
    import importlib.util
    import py_compile
    import types

    from catan_web.bytecode import compiled_at_start

    def module(name: str, mode: py_compile.PycInvalidationMode | None, edit: str = "") -> types.ModuleType:
        """A module whose source is compiled in ``mode`` (None: not at all), then ``edit`` added."""
        path = tmp_path / f"{name.replace('.', '_')}.py"
        path.write_text("x = 1\n", encoding="utf-8")
        if mode is not None:
            py_compile.compile(str(path), importlib.util.cache_from_source(str(path)), invalidation_mode=mode)
        path.write_text("x = 1\n" + edit, encoding="utf-8")
        made = types.ModuleType(name)
        made.__file__ = str(path)
        return made

    modes = py_compile.PycInvalidationMode
    frozen = types.ModuleType("_frozen")
    frozen.__spec__ = importlib.util.spec_from_loader("_frozen", None, origin="frozen")  # type: ignore[assignment]
    in_zip, from_source = types.ModuleType("json"), types.ModuleType("html")
    in_zip.__file__, from_source.__file__ = "/lib/std.zip/json/__init__.pyc", "/lib/std.zip/html/__init__.py"
    ours_in_zip, ours_from_source = types.ModuleType("catan_core.e"), types.ModuleType("catan_web.f")
    ours_in_zip.__file__, ours_from_source.__file__ = "catan.zip/catan_core/e.pyc", "catan.zip/catan_web/f.py"
    modules = {
        "catan_core.a": module("catan_core.a", modes.UNCHECKED_HASH, edit="# edited\n"),  # never checked
        "catan_core.b": module("catan_core.b", modes.CHECKED_HASH),
        "pyscript": module("pyscript", modes.CHECKED_HASH, edit="# other text\n"),  # stale: compiled
        "catan_web.c": module("catan_web.c", None),  # no bytecode
        "catan_web.d": module("catan_web.d", modes.TIMESTAMP),  # not what build.py ships
        "json": in_zip, "html": from_source, "_frozen": frozen, "elsewhere": module("elsewhere", None),
        "catan_core.e": ours_in_zip, "catan_web.f": ours_from_source,
    }
    report = compiled_at_start(modules, ["catan.zip", "/lib/std.zip"])
    assert report == {"checked": ["catan_core.a", "catan_core.b", "catan_core.e", "catan_web.c", "catan_web.d", "catan_web.f",
                                  "html", "json", "pyscript"],
                      "compiled": ["catan_web.c", "catan_web.d", "catan_web.f", "html", "pyscript"]}


HOME_PAGE_IMPORTS = r"""
import asyncio, json, sys, types
from importlib.util import _LazyModule

# Pyodide's browser modules, as far as importing the game page's code needs them (nothing runs).
js = types.ModuleType("js")
js.document = object()
pyodide, ffi = types.ModuleType("pyodide"), types.ModuleType("pyodide.ffi")
ffi.create_proxy = ffi.to_js = lambda *args, **kwargs: None
ffi.jsnull = object()
pyodide.ffi = ffi
sys.modules.update({"js": js, "pyodide": pyodide, "pyodide.ffi": ffi})

def ours():
    return {name: type(module) is not _LazyModule for name, module in sys.modules.items() if name.startswith("catan_")}

from catan_web import app
at_start = ours()
app_ = app.App.__new__(app.App)
asyncio.run(app_.load_game_modules())
print(json.dumps({"at_start": at_start, "after": ours(), "turn_panel": callable(app.panels.turn_panel)}))
"""
ENGINE_AND_GAME_SCREEN = (
    "catan_core.actions", "catan_core.board", "catan_core.game", "catan_core.saves", "catan_core.state",
    "catan_core.svg", "catan_core.views", "catan_web.guide", "catan_web.navigate", "catan_web.network",
    "catan_web.panels", "catan_web.peer.protocol", "catan_web.session", "catan_web.targets",
)


def test_the_home_screen_starts_without_the_engine_and_loads_it_after() -> None:
    """The game page's code imports neither the engine nor the game screen's modules: its first
    screen is drawn without them (they are the larger part of the page's Python), and
    ``App.load_game_modules`` loads them all afterwards."""
    done = subprocess.run([sys.executable, "-c", HOME_PAGE_IMPORTS], capture_output=True, text=True, check=True,
                          cwd=ROOT, env={"PYTHONPATH": os.pathsep.join((str(ROOT), str(ROOT / "web")))})
    found = json.loads(done.stdout)
    loaded_at_start = {name for name, loaded in found["at_start"].items() if loaded}
    assert {"catan_web.app", "catan_web.home", "catan_web.settings", "catan_core.i18n"} <= loaded_at_start
    assert loaded_at_start.isdisjoint(ENGINE_AND_GAME_SCREEN), sorted(loaded_at_start & set(ENGINE_AND_GAME_SCREEN))
    assert all(found["after"].get(name) for name in ENGINE_AND_GAME_SCREEN), found["after"]
    assert found["turn_panel"]
