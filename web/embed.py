"""The embeddable example board (embed.html), run by PyScript: see the README, "Embedding a board in a tutorial".

The address names a scenario (``?scenario=<file on this site>`` or the scenario JSON itself,
URL-encoded, after ``#``), a language (``lang``), a caption, spots to mark (``mark=n12,e40,h5``)
and a mode (``view``, or ``try``: the reader plays the moves). :mod:`embedkit` does the work;
this file only reads the page and writes it. Nothing from the address or the scenario is ever
put into the page as HTML: texts go through ``textContent``, and the board is the SVG of
:func:`catan_core.svg.render`, which escapes every name. ``<html data-ready="1">`` marks the
end of start-up, whether the example or a message is shown.
"""

from __future__ import annotations

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none

import embedkit as kit
from catan_core import svg
from catan_core.actions import Action
from catan_core.almanac import almanac_url
from catan_core.i18n import pick_language, translate

SETTINGS_KEY = "catan.settings"  # shared with the game page: {"lang": "hi", ...}
RESOURCE_COUNT = 5


def stored_language() -> object:
    """The language remembered by the game page, if the browser lets us read it."""
    try:
        text = window.localStorage.getItem(SETTINGS_KEY)
        if is_none(text):
            return None
        data = json.loads(text)
        return data.get("lang") if isinstance(data, dict) else None
    except Exception:  # storage blocked (third-party iframe) or damaged  # noqa: BLE001
        return None


def browser_languages() -> list[str]:
    try:
        return [str(tag) for tag in window.navigator.languages]
    except Exception:  # noqa: BLE001
        return []


params = kit.read_params(str(window.location.search), str(window.location.hash))
LANG = params.lang or pick_language(stored_language(), browser_languages())


def t(key: str, **values: object) -> str:
    names = example.names if example is not None else None
    return translate(key, values, LANG, names)


def by_id(name: str):  # noqa: ANN201 - a DOM element
    return document.getElementById(name)


def element(tag: str, text: str | None = None, cls: str | None = None):  # noqa: ANN201
    node = document.createElement(tag)
    if text is not None:
        node.textContent = text
    if cls:
        node.className = cls
    return node


def show(name: str, text: str | None) -> None:
    """Set an element's text; hide it when there is none."""
    node = by_id(name)
    node.textContent = text or ""
    node.hidden = not text


example: kit.Example | None = None
outcome = kit.Outcome()
picks: list[int] = []
"""Resources chosen so far for a discard or a Year of Plenty."""
handlers: list = []
"""What each button in #controls does, by its data-i."""


def post_height() -> None:
    """Tell a host page how tall the example is (optional: see the README, "Embedding a board in a tutorial")."""
    height = int(document.documentElement.scrollHeight)
    window.parent.postMessage(json.dumps({"type": "catan-embed-height", "height": height}), "*")


def fail(text: str) -> None:
    """Show a message instead of the example."""
    by_id("board").replaceChildren(element("p", text, "error"))
    for name in ("prompt", "message"):
        show(name, None)
    by_id("controls").replaceChildren()
    by_id("players").replaceChildren()
    by_id("log").replaceChildren()
    by_id("log").hidden = True
    finish()


def finish() -> None:
    by_id("embed").removeAttribute("aria-busy")
    document.documentElement.setAttribute("data-ready", "1")
    post_height()


# --- drawing ----------------------------------------------------------------------------------


def button(text: str, action, cls: str | None = None, disabled: bool = False):  # noqa: ANN001, ANN201
    node = element("button", text, cls)
    node.type = "button"
    node.disabled = disabled
    node.setAttribute("data-i", str(len(handlers)))
    handlers.append(action)
    return node


def row(label: str | None = None):  # noqa: ANN201
    node = element("div", None, "row")
    if label:
        node.append(element("span", label, "label"))
    return node


def resource_name(r: int) -> str:
    return t("resource." + kit.RESOURCES[r])


def play(action: Action) -> None:
    global outcome
    outcome = example.apply(action)
    if outcome.message is None:
        picks.clear()
    render()


def controls() -> list:  # noqa: C901 - one branch per kind of move
    ex = example
    game = ex.game
    out = []
    if game.phase == "over":
        return out
    legal = ex.legal()
    kinds = {a.kind for a in legal}
    p = ex.seat
    if outcome.choices:
        line = row(t("embed.rob_whom"))
        for a in outcome.choices:
            line.append(button(ex.names[a.value[1]], lambda a=a: play(a)))
        out.append(line)
    if "roll" in kinds:
        out.append(button(t("embed.roll"), lambda: play(Action(p, "roll")), "primary"))
    for kind, card in (("knight", 0), ("road_building", 2)):
        if kind in kinds:
            out.append(button(t("embed.play", card=card), lambda kind=kind: play(Action(p, kind))))
    if "buy" in kinds:
        out.append(button(t("embed.buy"), lambda: play(Action(p, "buy"))))
    if "monopoly" in kinds:
        line = row(t("embed.monopoly_pick"))
        for r in range(RESOURCE_COUNT):
            line.append(button(resource_name(r), lambda r=r: play(Action(p, "monopoly", r))))
        out.append(line)
    if "year_of_plenty" in kinds:
        out.append(picker(t("embed.year_of_plenty_pick"), 2, list(game.bank), "year_of_plenty", t("embed.take")))
    if "discard" in kinds:
        due = game.discards[p]
        out.append(picker(t("embed.discard_pick", player=p, count=due), due, list(game.players[p].hand), "discard", t("embed.confirm_discard")))
    if "maritime" in kinds:
        for give in range(RESOURCE_COUNT):
            gets = [a.value[1] for a in legal if a.kind == "maritime" and a.value[0] == give]
            if gets:
                line = row(t("embed.maritime", count=game.trade_ratio(p, give), resource=give))
                for get in gets:
                    line.append(button(resource_name(get), lambda give=give, get=get: play(Action(p, "maritime", (give, get)))))
                out.append(line)
    if "end" in kinds:
        out.append(button(t("embed.end"), lambda: play(Action(p, "end"))))
    return out


def picker(label: str, size: int, available: list[int], kind: str, confirm: str):  # noqa: ANN201
    """Choose ``size`` resource cards one click at a time (a discard, a Year of Plenty)."""
    p = example.seat
    box = element("div", None, "row")
    box.append(element("span", label, "label"))
    for r in range(RESOURCE_COUNT):
        left = available[r] - picks.count(r)
        box.append(button(resource_name(r), lambda r=r: (picks.append(r), render()), disabled=left <= 0 or len(picks) >= size))
    chosen = [0] * RESOURCE_COUNT
    for r in picks:
        chosen[r] += 1
    box.append(element("span", t("embed.chosen", cards=chosen), "label"))
    if kind == "discard":
        action = Action(p, "discard", tuple(chosen))
    else:
        action = Action(p, "year_of_plenty", tuple((picks + [0, 0])[:2]))  # enabled only with 2 picks
    box.append(button(confirm, lambda: play(action), "primary", disabled=len(picks) != size))
    box.append(button(t("embed.clear"), lambda: (picks.clear(), render()), disabled=not picks))
    return box


def players_list() -> list:
    ex = example
    game = ex.game
    trying = params.mode == "try"
    out = []
    for q, seat in enumerate(game.seats):
        pl = game.players[q]
        item = element("li", None, "acting" if trying and q == ex.seat else None)
        swatch = element("span", None, "swatch")
        swatch.style.setProperty("background", seat.color)
        points = game.victory_points(q, public=not trying)
        item.append(swatch, element("span", seat.name, "name"), element("span", t("embed.points", count=points)), element("span", t("embed.cards", count=sum(pl.hand))))
        if sum(pl.dev):
            item.append(element("span", t("embed.dev_count", count=sum(pl.dev))))
        if game.longest_road == q:
            item.append(element("span", t("embed.longest_road", length=pl.road_length), "badge"))
        if game.largest_army == q:
            item.append(element("span", t("embed.largest_army", knights=pl.played[0]), "badge"))
        if trying and q == ex.seat:
            detail = t("embed.hand", cards=list(pl.hand))
            devs = ex.dev_list(q)
            if devs:
                detail += " · " + t("embed.dev_cards", list=devs)
            item.append(element("span", detail, "detail"))
        out.append(item)
    return out


def render() -> None:
    ex = example
    game = ex.game
    trying = params.mode == "try"
    handlers.clear()
    if trying and game.phase != "over":
        nodes, edges, hexes = ex.targets()
        view = game.view(ex.seat)
    else:
        nodes, edges, hexes = [], [], []
        view = game.view(None)
    # The SVG renderer escapes every name and label it writes.
    by_id("board").innerHTML = svg.render(
        view, lang=LANG, highlight_nodes=nodes, highlight_edges=edges, highlight_hexes=hexes, marked=params.marks
    )
    show("prompt", ex.prompt() if trying or game.phase == "over" else None)
    panel = by_id("controls")
    panel.replaceChildren()
    if trying:
        panel.append(*controls(), button(t("embed.reset"), reset, "reset"))
    message = outcome.message
    by_id("message").hidden = not message
    by_id("message-text").textContent = message or ""
    why = by_id("why")
    if message and outcome.why:
        why.textContent = t("embed.why")
        why.href = almanac_url(outcome.why, LANG)
        why.hidden = False
    else:
        why.hidden = True
    by_id("players").replaceChildren(*players_list())
    log = by_id("log")
    lines = ex.log() if trying else []
    log.replaceChildren(*[element("li", line) for line in lines])
    log.hidden = not lines
    post_height()


def reset() -> None:
    global outcome
    example.reset()
    outcome = kit.Outcome()
    picks.clear()
    render()


# --- events -----------------------------------------------------------------------------------


def on_board(event) -> None:  # noqa: ANN001
    global outcome
    if example is None or params.mode != "try" or example.game.phase == "over":
        return
    if event.type == "keydown" and event.key not in ("Enter", " "):
        return
    target = event.target.closest("[data-node],[data-edge],[data-hex]")
    if is_none(target):
        return
    event.preventDefault()
    if target.hasAttribute("data-node"):
        outcome = example.click_node(int(target.getAttribute("data-node")))
    elif target.hasAttribute("data-edge"):
        outcome = example.click_edge(int(target.getAttribute("data-edge")))
    else:
        outcome = example.click_hex(int(target.getAttribute("data-hex")))
    if outcome.message is None and not outcome.choices:
        picks.clear()
    render()


def on_controls(event) -> None:  # noqa: ANN001
    target = event.target.closest("button[data-i]")
    if is_none(target) or target.disabled:
        return
    index = int(target.getAttribute("data-i"))
    if 0 <= index < len(handlers):
        handlers[index]()


async def scenario_text() -> str:
    """The scenario's text, from the site or from the address; raises ScenarioProblem."""
    source = params.scenario
    if source is None:
        if not params.fragment.strip():
            raise kit.ScenarioProblem("embed.error.no_scenario")
        return params.fragment
    try:
        url = window.URL.new(source, window.location.href)
    except Exception:  # not a URL at all  # noqa: BLE001
        raise kit.ScenarioProblem("embed.error.bad_source") from None
    if url.origin != window.location.origin or url.protocol not in ("http:", "https:"):
        raise kit.ScenarioProblem("embed.error.bad_source")
    try:
        early = getattr(window, "catanScenario", None)  # started by embed.html during start-up
        if early is not None and not is_none(early):
            found = await early
            text = None if is_none(found) else str(found)
        else:
            response = await window.fetch(url.href)
            text = str(await response.text()) if response.ok else None
    except Exception:  # network failure  # noqa: BLE001
        text = None
    if text is None:
        raise kit.ScenarioProblem("embed.error.not_found", file=source)
    return text


async def load() -> None:
    global example, outcome
    example, outcome = None, kit.Outcome()
    picks.clear()
    try:
        data = kit.parse_scenario(await scenario_text())
        example = kit.Example.load(data, LANG)
    except kit.ScenarioProblem as problem:
        fail(kit.problem_text(problem, LANG))
        return
    caption = params.caption or (data.get("title") if isinstance(data.get("title"), str) else "")
    show("caption", caption[: kit.MAX_CAPTION_CHARS])
    render()
    finish()


def on_hash_change(event) -> None:  # noqa: ANN001
    """A host may swap the scenario in the fragment without reloading the frame."""
    global params
    if params.scenario is None:
        params = kit.read_params(str(window.location.search), str(window.location.hash))
        asyncio.ensure_future(load())


def start() -> None:
    document.documentElement.lang = LANG
    document.title = translate("embed.title", {}, LANG)
    by_id("prompt").textContent = translate("embed.loading", {}, LANG)
    if params.bad_marks:
        show("notice", " ".join(translate("embed.error.bad_mark", {"mark": m}, LANG) for m in params.bad_marks))
    board = by_id("board")
    board.addEventListener("click", create_proxy(on_board))
    board.addEventListener("keydown", create_proxy(on_board))
    by_id("controls").addEventListener("click", create_proxy(on_controls))
    window.addEventListener("hashchange", create_proxy(on_hash_change))
    window.addEventListener("resize", create_proxy(lambda event: post_height()))


start()
await load()  # noqa: F704 - PyScript runs this file as a top-level async script
