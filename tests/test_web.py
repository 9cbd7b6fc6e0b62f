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

import build  # noqa: E402
from catan_core.actions import Action  # noqa: E402
from catan_core.game import Game, Options, Seat  # noqa: E402
from catan_core.i18n import catalog, translate  # noqa: E402
from catan_core.board import BEGINNER_PIECES  # noqa: E402
from catan_core.scenarios import load_scenario  # noqa: E402
from catan_web import controls  # noqa: E402
from catan_web.commands import Explanation  # noqa: E402
from catan_web.commands import CommandError  # noqa: E402
from catan_web.newgame import NewGame  # noqa: E402
from catan_web.session import Session  # noqa: E402
from catan_web.settings import Settings, SettingsStore  # noqa: E402
from catan_web.store import GAME_PREFIX, INDEX_KEY, MemoryStorage, SaveMeta, SaveStore, StorageFull  # noqa: E402
from catan_web.text import Msg, Text  # noqa: E402
from page_driver import PageDriver  # noqa: E402

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


def two_people_page(hands: dict[int, list[int]] | None = None, **extra: object) -> PageDriver:
    """The page with :func:`two_people_and_a_computer`'s game open, Ana holding the device;
    ``hands`` sets seats' hands first (outside the rules: only for the check at hand; the bank
    gives the cards)."""
    game = two_people_and_a_computer(**extra)
    for seat, cards in (hands or {}).items():
        for r, n in enumerate(cards):
            game.bank[r] -= n - game.players[seat].hand[r]
        game.players[seat].hand[:] = cards
    page = PageDriver(bots=False)
    page.open(game)
    return page


def test_clicks_become_actions_hints_or_choices() -> None:
    page = two_people_page(phase="main")
    page.press("n5")
    assert page.state.notice.message == Msg("ui.hint.choose_build")  # type: ignore[union-attr]
    page.run("mode", "road")
    assert page.state.draft.mode == "road" and 'data-edge="3"' in page.html("board")
    page.press("e3")  # Ana has no brick: the engine refuses and the page says why
    cost = translate("rule.cannot_afford", {"cost": [1, 1, 0, 0, 0]}, "en")
    assert page.state.notice.message == Msg("rule.cannot_afford", cost=[1, 1, 0, 0, 0]) and page.game.history == []  # type: ignore[union-attr]
    assert page.session.build_reason("road") == cost
    assert page.session.build_reason("city") == translate("rule.cannot_afford", {"cost": [0, 0, 0, 2, 3]}, "en")

    robbing = two_people_page({1: [1, 0, 0, 0, 0], 2: [1, 0, 0, 0, 0]}, phase="robber", robber=9)
    from catan_core.board import HEX_NODES

    both = next(h for h in range(19) if {robbing.game.node_owner[n] for n in HEX_NODES[h]} >= {1, 2})
    robbing.press(f"h{both}")  # a hex touching both other seats' buildings: a choice of victim
    assert robbing.state.draft.mode == "victim" and 'id="rob-1"' in robbing.html("actions") and 'id="rob-2"' in robbing.html("actions")
    robbing.run("mode", "")
    robbing.press("h9")  # the robber must move
    assert robbing.state.notice.message == Msg("rule.robber_must_move")  # type: ignore[union-attr]


def test_disabled_buttons_link_their_reason_to_the_almanac_entry() -> None:
    from catan_core.almanac import almanac_url, entry_for_error

    page = two_people_page(phase="main")
    refused = page.session.reason(Action(0, "buy"))
    assert refused is not None and refused.key == "rule.cannot_afford" and refused.entry == entry_for_error("rule.cannot_afford")
    for lang in ("en", "hi"):
        page.run("lang", lang)
        html = page.html("actions")
        reason = translate("rule.cannot_afford", {"cost": [0, 0, 0, 2, 3]}, lang)
        link = (f'<a href="{almanac_url(entry_for_error("rule.cannot_afford"), lang)}" target="catan-almanac" class="why-link">'
                f'{translate("embed.why", {}, lang)}</a>')
        city = re.search(r'<button [^>]*id="build-city".*?</small>', html)
        assert city is not None and 'aria-disabled="true"' in city.group() and 'aria-describedby="build-city-why"' in city.group()
        assert f'<span id="build-city-why" data-entry="costs">{reason}</span> {link}' in city.group()
    # pressing it says the same, with the same link
    page.run("explain", Explanation(reason, "costs"))
    assert 'class="why-link"' in page.html("notice") and reason in page.html("notice")
    # a page's own reason (no rule of the game) has no link
    text = Text()
    assert controls.button(text, "Go", "go", ident="go", reason=text("ui.reason.no_spot")).count("<a ") == 0
    assert "<a " not in controls.button(text, "Go", "go", ident="go")


def test_new_game_form_uses_the_engine_checks() -> None:
    text = Text()
    form = NewGame.default(text, "42")
    game = form.create()
    assert [s.kind for s in game.seats] == ["human", "standard", "standard", "standard"] and game.seed == 42
    form.vp_target = 99
    with pytest.raises(Exception) as caught:
        form.create()
    assert text.error(caught.value) == translate("format.option_vp_target", {}, "en")  # type: ignore[arg-type]
    page = PageDriver(bots=False)
    page.run("form", {"seat-name-0": "  "})
    page.run("start")
    assert page.page.session is None and page.state.notice.message.key == "format.seat"  # type: ignore[union-attr]


def test_every_page_message_key_exists_and_names_are_escaped() -> None:
    english = catalog("en")
    source = "\n".join(path.read_text(encoding="utf-8") for path in WEB.rglob("*.py"))
    for key in set(re.findall(r'"(ui\.[a-z_.]+[a-z])"', source)):
        assert key in english, key
    for prefix in set(re.findall(r'"(ui\.[a-z_.]+[._])"', source)):
        assert any(k.startswith(prefix) for k in english), prefix
    seats = (Seat("<b>Ana</b>", "#d7263d"), Seat("Ben & co", "#1b65c4"))
    page = PageDriver(bots=False)
    page.open(Game(Options(players=2, board="beginner"), 1, seats), name="<i>x</i>", uncover=False)
    html = "".join(page.html(region) for region in ("strip-seats", "turn", "hand-wrap", "overlay", "bar", "log-box"))
    assert "<b>Ana</b>" not in html and "&lt;b&gt;Ana&lt;/b&gt;" in html and "Ben &amp; co" in html and "&lt;i&gt;x" in html
    assert 'id="cover"' in html
    assert not re.search(r"\bui\.[a-z_]+\.", html)


def test_panels_render_every_phase_of_a_random_game() -> None:
    import random

    seats = (Seat("Ana", "#d7263d"), Seat("Ben", "#1b65c4"), Seat("Cy", "#f29e1f", "beginner"))
    page = PageDriver()
    page.open(Game(Options(players=3), 9, seats))
    game = page.game
    rng = random.Random(2)
    seen = set()
    while game.phase != "over" and len(game.history) < 1500:
        if page.session.covered:
            page.run("uncover")
        seen.add(game.phase)
        html = page.html("turn") + page.html("actions") + page.html("hand-wrap")
        assert "ui." not in re.sub(r'(id|data-[a-z]+|aria-[a-z]+)="[^"]*"', "", html), html
        offers = game.offer_actions()
        action = rng.choice(offers) if offers and rng.random() < 0.05 else rng.choice(game.legal_actions())
        page.call(lambda table: table.act(action))
    assert {"setup_settlement", "roll", "main", "robber", "trade"} <= seen
    json.dumps(page.session.last_sentences())


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
        offered = [T.targets(view, mode) for mode in (None, *T.BUILD_KINDS)]
        merged = tuple(tuple(sorted(set().union(*(getattr(t, f) for t in offered)))) for f in ("nodes", "edges", "hexes"))
        assert merged == (spots.nodes, spots.edges, spots.hexes)
        for element, ids in zip(T.ELEMENTS, merged):
            for ident in ids:
                intent = T.click(view, element, ident)
                assert intent.choices or intent.action in view.legal, (element, ident, intent)
        game.apply(rng.choice(game.legal_actions()))


def test_a_click_outside_the_offered_spots_still_asks_the_engine() -> None:
    from catan_web import targets as T

    page = two_people_page(phase="main")
    view = page.session.view()
    own = page.game.players[0].settlements[0]
    assert T.click(view, "node", own).action == Action(0, "city", own)  # the example: a city on one's settlement
    assert T.click(view, "node", 0).action == Action(0, "settlement", 0)
    assert T.click(view, "hex", 3) == T.Intent()  # the example ignores a stray click on a hex
    assert T.click(page.game.view(1), "node", 0).hint == T.WAIT_HINT
    assert T.click(view, "node", 0, mode=None).hint == "ui.hint.choose_build"
    page.run("mode", "city")
    page.press("n0")
    assert page.state.notice.message.key == "rule.city_needs_settlement"  # type: ignore[union-attr]


def test_choosing_a_victim_on_the_board_opens_the_victim_chooser() -> None:
    page = two_people_page({1: [1, 0, 0, 0, 0], 2: [1, 0, 0, 0, 0]}, phase="robber", robber=9)
    from catan_core.board import HEX_NODES

    both = next(h for h in range(19) if {page.game.node_owner[n] for n in HEX_NODES[h]} >= {1, 2})
    page.press(f"h{both}")
    assert page.state.draft.mode == "victim" and page.state.draft.robber_hex == both
    assert re.findall(r'class="hex [^"]*target', page.html("board")) and f'data-hex="{both}"' in page.html("board")
    with pytest.raises(CommandError):
        page.run("rob", "x")
    page.run("rob", "2")
    assert page.game.history[-1] == Action(0, "robber", (both, 2))


# --- the draft: pickers never go past the cards held (issue 12, item 7) -----------------------------


def press(page: PageDriver, times: int, name: str, arg: str) -> None:
    for _ in range(times):
        page.run(name, arg)


def test_discard_picks_stop_at_the_hand_and_the_number_due() -> None:
    page = two_people_page({0: [3, 0, 2, 0, 5]}, phase="roll")  # 10 cards: 5 to discard
    page.call(lambda table: table.act(Action(0, "roll", (3, 4))))
    page.run("uncover")
    press(page, 9, "discard_pick", "discard:0:1")
    assert page.state.draft.discard == (3, 0, 0, 0, 0)  # only 3 brick are held
    press(page, 4, "discard_pick", "discard:1:1")
    assert page.state.draft.discard[1] == 0  # no lumber at all
    press(page, 9, "discard_pick", "discard:4:1")
    assert page.state.draft.discard == (3, 0, 0, 0, 2)  # 5 are due, no more
    assert re.search(r'<button[^>]*id="discard-ore-plus"[^>]*disabled', page.html("actions"))
    for bad in ("discard:9:1", "discard:0:5", "give:0:-1", "", None, "discard:-1:1", "discard:٣:1"):
        with pytest.raises(CommandError):
            page.run("discard_pick", bad)
    assert page.state.draft.discard == (3, 0, 0, 0, 2)
    press(page, 5, "discard_pick", "discard:0:-1")
    assert page.state.draft.discard == (0, 0, 0, 0, 2)


def test_offer_and_counter_give_sides_stop_at_the_hand() -> None:
    page = two_people_page({0: [2, 0, 0, 0, 0], 1: [0, 0, 0, 0, 1]}, phase="main")
    page.run("tab", "players")
    press(page, 5, "compose", "give:0:1")
    press(page, 25, "compose", "want:4:1")
    assert page.state.draft.give == (2, 0, 0, 0, 0) and page.state.draft.want == (0, 0, 0, 0, 19)
    assert re.search(r'<button[^>]*id="offer-give-brick-plus"[^>]*disabled', page.html("actions"))
    press(page, 18, "compose", "want:4:-1")
    page.run("target", "1")
    page.run("offer")
    page.run("uncover")  # Ben answers: his counter may give only the one ore he holds
    page.run("counter_start")
    assert page.state.draft.give == (0, 0, 0, 0, 1) and page.state.draft.want == (2, 0, 0, 0, 0)
    press(page, 3, "compose", "give:4:1")
    assert page.state.draft.give == (0, 0, 0, 0, 1)
    assert re.search(r'<button[^>]*id="counter-give-ore-plus"[^>]*disabled', page.html("actions"))


def test_a_maritime_choice_stays_for_the_next_trade_and_the_target_is_checked() -> None:
    page = two_people_page({0: [8, 0, 0, 0, 0]}, phase="main")
    page.run("tab", "bank")
    page.run("mar_give", "0")
    page.run("mar_get", "4")
    with pytest.raises(CommandError):
        page.run("mar_get", "nope")
    page.run("maritime")
    assert page.game.history[-1] == Action(0, "maritime", (0, 4))
    assert (page.state.draft.maritime_give, page.state.draft.maritime_get) == (0, 4)
    for seat in ("0", "3"):  # oneself, no such seat
        page.run("target", seat)
    for seat in ("7", "-2", "x"):  # out of range, nonsense
        with pytest.raises(CommandError):
            page.run("target", seat)
    assert page.state.draft.target == -1


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

    page = PageDriver(bots=False)
    page.scenario(yop_scenario(ore))
    page.run("play", "year_of_plenty")
    assert page.state.draft.mode == "year_of_plenty"
    for r in ("0", "4", "4", "4"):
        page.run("yop_pick", r)
    assert sum(page.state.draft.picks) == size and page.state.draft.picks[0] == 0  # no brick in the bank
    html = page.html("actions")  # the chooser shows with the actions: the hand keeps its height
    assert 'id="yop-take"' in html and "yop-take-why" not in html  # no reason: it may be taken
    assert re.search(r'<button[^>]*id="yop-ore"[^>]*disabled', html)
    page.run("yop_take")
    assert page.game.players[0].hand[4] == ore + size and sum(page.game.bank) == 4 - ore + 15 - size

    example = Example.load(yop_scenario(ore), "en")
    picker = example.picker()
    assert picker is not None and picker.size == size and picker.room == (False, False, False, False, size > 0)
    for r in (4, 4, 4, 0):
        example.pick(r)
    assert example.picks == [0, 0, 0, 0, size]
    assert example.apply(example.picker().action).message is None  # type: ignore[union-attr]
    assert example.game.players[0].hand[4] == ore + size


def test_the_year_of_plenty_chooser_asks_for_what_is_missing() -> None:
    page = PageDriver(bots=False)
    page.scenario(yop_scenario(0))
    page.run("play", "year_of_plenty")
    page.run("yop_pick", "4")
    html = page.html("actions")
    assert translate("ui.yop.choose", {"count": 2}, "en") in html
    assert f'<span id="yop-take-why">{translate("ui.yop.need", {"count": 1}, "en")}</span>' in html
    page.run("yop_clear")
    assert page.state.draft.picks == (0,) * 5
    page.run("play", "year_of_plenty")  # the button again closes the chooser
    assert page.state.draft.mode is None


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


BROWSER_STUBS = r"""
import asyncio, json, sys, types
from importlib.util import _LazyModule

# Pyodide's browser modules, as far as importing the game page's code needs them (nothing runs).
js = types.ModuleType("js")
js.document = object()
pyodide, ffi = types.ModuleType("pyodide"), types.ModuleType("pyodide.ffi")
ffi.create_proxy = ffi.to_js = lambda *args, **kwargs: None
ffi.jsnull = object()
pyodide.ffi = ffi
code, patch = types.ModuleType("_catan_code"), types.ModuleType("_catan_patch")  # web/interpreter.mjs's
sys.modules.update({"js": js, "pyodide": pyodide, "pyodide.ffi": ffi, "_catan_code": code, "_catan_patch": patch})

def ours():
    return {name: type(module) is not _LazyModule for name, module in sys.modules.items() if name.startswith("catan_")}
"""
HOME_PAGE_IMPORTS = BROWSER_STUBS + r"""
from catan_web.browser import game
from catan_web.game.controller import Controller
from catan_web.store import MemoryStorage
from catan_web.game.screen import shell
page = Controller(MemoryStorage())
shell()  # as the page's host writes it (catan_web.browser.game.GamePage)
page.draw()
at_start = ours()
page.load_game()
print(json.dumps({"at_start": at_start, "after": ours(), "roll": "roll" in page.table}))
"""
ENGINE_AND_GAME_SCREEN = (
    "catan_core.actions", "catan_core.board", "catan_core.game", "catan_core.state", "catan_core.svg", "catan_core.views",
    "catan_web.game.board", "catan_web.game.turn", "catan_web.game.answer", "catan_web.navigate", "catan_web.session",
    "catan_web.targets",
)


def test_the_home_screen_starts_without_the_engine_and_loads_it_after() -> None:
    """The game page's code imports neither the engine nor the game screen's components: its
    first screen is drawn without them (they are the larger part of the page's Python), and
    ``Controller.load_game`` loads them all afterwards. What it imports until then is in its
    start zip (build.START_PAGES: the trace of what its modules import as they are imported)."""
    done = subprocess.run([sys.executable, "-c", HOME_PAGE_IMPORTS], capture_output=True, text=True, check=True,
                          cwd=ROOT, env={"PYTHONPATH": os.pathsep.join((str(ROOT), str(ROOT / "web")))})
    found = json.loads(done.stdout)
    loaded_at_start = {name for name, loaded in found["at_start"].items() if loaded}
    assert {"catan_web.browser.game", "catan_web.browser.host", "catan_web.game.home", "catan_web.settings", "catan_core.i18n"} <= loaded_at_start
    assert loaded_at_start.isdisjoint(ENGINE_AND_GAME_SCREEN), sorted(loaded_at_start & set(ENGINE_AND_GAME_SCREEN))
    files = build.our_files()
    first, _ = build.trace_pages(build.WEB, {name: files[member] for name, member in build.zip_modules(files).items()},
                                 "index.html", at_start=True)
    assert sorted(loaded_at_start - set(first)) == []
    assert all(found["after"].get(name) for name in ENGINE_AND_GAME_SCREEN), found["after"]
    assert found["roll"]


GAME_END_IMPORTS = BROWSER_STUBS + r"""
from catan_web.browser import game
from catan_web.game import coach, winner
import importlib
from page_driver import PageDriver
from test_web_ux import table
from catan_core.actions import Action
from catan_web.game.screen import WINNER_SECONDS

page = PageDriver(bots=False)  # (it loads the game screen's components, as the page does once drawn)
for _ in coach.prepare():  # what the page loads while idle (catan_web.browser.game.load_game)
    pass
for name in winner.PREPARED:
    importlib.import_module(name)
page.open(table(("human", "standard"), hands=[{"grain": 2, "ore": 3}, {}], options={"vp_target": 3}, phase="main").game)
before = ours()
page.call(lambda controller: controller.act(Action.parse("0 city 12")))
page.wait(WINNER_SECONDS)
while page.pondering:
    page.ponder()
print(json.dumps({"new": sorted(set(ours()) - set(before)), "drawn": "stats-table" in page.html("overlay")}))
"""


def test_the_game_end_imports_nothing_the_page_did_not_load_while_idle() -> None:
    """The winner screen and its statistics import no module that the page has not loaded while
    idle (the game screen's components, the coach's modules, ``winner.PREPARED``): a game's
    end does not wait for an import (in Pyodide, from the zip)."""
    path = os.pathsep.join((str(ROOT), str(ROOT / "web"), str(ROOT / "tests")))
    done = subprocess.run([sys.executable, "-c", GAME_END_IMPORTS], capture_output=True, text=True, check=True,
                          cwd=ROOT, env={"PYTHONPATH": path})
    found = json.loads(done.stdout.splitlines()[-1])
    assert found == {"new": [], "drawn": True}
