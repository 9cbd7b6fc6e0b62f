"""The embeddable example board (``embed.html``, started by ``embed.py``): see the README,
"Embedding a board in a tutorial".

The address names a scenario (``?scenario=<file on this site>`` or the scenario JSON itself,
URL-encoded, after ``#``), a language (``lang``), a caption, spots to mark (``mark=n12,e40,h5``)
and a mode (``view``, or ``try``: the reader plays the moves). :mod:`catan_web.example` does the
work; this module only reads the page and writes it (PyScript only). Nothing from the address
or the scenario is ever put into the page as HTML: texts go through ``textContent``, and the
board is the SVG of :func:`catan_core.svg.render`, which escapes every name. Whatever goes
wrong ends in a message in the frame. ``<html data-ready="1">`` marks the end of start-up,
whether the example or a message is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from catan_core import actions as A, svg
from catan_core.actions import Action
from catan_core.almanac import almanac_url
from catan_core.i18n import translate
from catan_core.names import KNIGHT, RESOURCES, ROAD_BUILDING
from catan_core.palette import mark_svg, seat_glyphs

from .. import navigate as N
from ..example import MAX_CAPTION_CHARS, Example, Outcome, Picker, ScenarioProblem, problem_text, read_params
from ..frame import height_message, needed_height
from ..html import MARK_PX
from ..settings import SettingsStore
from ..text import unexpected
from ..touch import COARSE_POINTER, wording
from .dom import create_proxy, document, is_none, spawn, window
from .page import ACTIVATE, board_spot, browser_storage, by_id, element, page_language, rove

PLAYED_CARDS: tuple[tuple[str, int], ...] = ((A.KNIGHT, KNIGHT), (A.ROAD_BUILDING, ROAD_BUILDING))
"""Development cards played with one button (action kind, card id)."""


def show(name: str, text: str | None) -> None:
    """Set an element's text; hide it when there is none."""
    node = by_id(name)
    node.textContent = text or ""
    node.hidden = not text


class EmbedPage:
    """The example in this frame: the address read, the position, and its controls."""

    def __init__(self) -> None:
        self.params = read_params(str(window.location.search), str(window.location.hash))
        self.lang = page_language(self.params.lang, SettingsStore(browser_storage()))
        self.example: Example | None = None
        self.outcome = Outcome()
        self.handlers: list[Callable[[], None]] = []
        """What each button in #controls does, by its data-i."""
        self._proxies: list[Any] = []
        self.board_focus: str | None = None
        """The spot holding the board's one Tab stop (see :mod:`catan_web.navigate`)."""
        self.touch = bool(window.matchMedia(COARSE_POINTER).matches)
        """Whether the device is a touch screen (the prompts say "tap")."""
        self.reported = 0
        """The height last reported to the host page (see :meth:`post_height`)."""

    @property
    def trying(self) -> bool:
        """Whether the reader plays the moves (``mode=try``)."""
        return self.params.mode == "try"

    def t(self, key: str, **values: Any) -> str:
        """A sentence in the page's language (seats named by the scenario's names)."""
        names = self.example.names if self.example is not None else None
        return translate(wording(key, self.touch), values, self.lang, names)

    # --- start-up and loading ---------------------------------------------------------------

    async def start(self) -> None:
        """Set the page up, bind the events and show the example (or why it cannot be shown)."""
        document.documentElement.lang = self.lang
        document.title = self.t("embed.title")
        by_id("prompt").textContent = self.t("embed.loading")
        if self.params.bad_marks:
            show("notice", " ".join(self.t("embed.error.bad_mark", mark=m) for m in self.params.bad_marks))
        board = by_id("board")
        for target, kind, handler in (
            (board, "click", self.on_board),
            (board, "keydown", self.on_board),
            (by_id("controls"), "click", self.on_controls),
            (window, "hashchange", self.on_hash_change),
            (window, "resize", lambda event: self.post_height()),
        ):
            self.on(target, kind, handler)
        await self.load()

    def on(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        """Bind ``handler`` for the page's lifetime; an unexpected error in it is shown."""

        def guarded(event: Any) -> None:
            try:
                handler(event)
            except Exception as error:
                self.outcome = Outcome(unexpected(error, self.lang))
                self.render()

        proxy = create_proxy(guarded)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy)

    async def scenario_text(self) -> str:
        """The scenario's text, from the site or from the address; raises ScenarioProblem."""
        source = self.params.scenario
        if source is None:
            if not self.params.fragment.strip():
                raise ScenarioProblem("embed.error.no_scenario")
            return self.params.fragment
        try:
            url = window.URL.new(source, window.location.href)
        except Exception:  # not a URL at all
            raise ScenarioProblem("embed.error.bad_source") from None
        if url.origin != window.location.origin or url.protocol not in ("http:", "https:"):
            raise ScenarioProblem("embed.error.bad_source")
        try:
            early = getattr(window, "catanScenario", None)  # started by embed.html during start-up
            if early is not None and not is_none(early):
                found = await early
                text = None if is_none(found) else str(found)
            else:
                response = await window.fetch(url.href)
                text = str(await response.text()) if response.ok else None
        except Exception:  # network failure
            text = None
        if text is None:
            raise ScenarioProblem("embed.error.not_found", file=source)
        return text

    async def load(self) -> None:
        """Read the scenario and show it, or show why it cannot be shown."""
        self.example, self.outcome = None, Outcome()
        try:
            self.example = Example.read(await self.scenario_text(), self.lang)
        except ScenarioProblem as problem:
            self.fail(problem_text(problem, self.lang))
            return
        except Exception as error:
            self.fail(unexpected(error, self.lang))
            return
        show("caption", (self.params.caption or self.example.title)[:MAX_CAPTION_CHARS])
        self.render()
        self.finish()

    def fail(self, text: str) -> None:
        """Show a message instead of the example."""
        by_id("board").replaceChildren(element("p", text, "error"))
        for name in ("prompt", "message"):
            show(name, None)
        by_id("controls").replaceChildren()
        by_id("players").replaceChildren()
        by_id("log").replaceChildren()
        by_id("log").hidden = True
        self.finish()

    def finish(self) -> None:
        """Mark the end of start-up."""
        by_id("embed").removeAttribute("aria-busy")
        document.documentElement.setAttribute("data-ready", "1")
        self.post_height()

    def post_height(self) -> None:
        """Tell a host page how tall the example needs to be at this width (optional: see
        :mod:`catan_web.frame`), when that changed since the last report."""
        drawing = document.querySelector("#board svg")
        board, ratio = None, 0.0
        if not is_none(drawing):
            box, view = drawing.getBoundingClientRect(), drawing.viewBox.baseVal
            board = (float(box.width), float(box.height))
            ratio = float(view.height) / float(view.width) if float(view.width) else 0.0
        height = needed_height(float(by_id("embed").getBoundingClientRect().height), board, ratio)
        if height != self.reported:
            self.reported = height
            window.parent.postMessage(height_message(height), "*")

    # --- drawing ----------------------------------------------------------------------------

    def button(self, text: str, action: Callable[[], None], cls: str | None = None, disabled: bool = False) -> Any:
        """A button of #controls running ``action`` when pressed."""
        node = element("button", text, cls)
        node.type = "button"
        node.disabled = disabled
        node.setAttribute("data-i", str(len(self.handlers)))
        self.handlers.append(action)
        return node

    @staticmethod
    def row(label: str | None = None) -> Any:
        """A line of controls with an optional label."""
        node = element("div", None, "row")
        if label:
            node.append(element("span", label, "label"))
        return node

    def resource_name(self, r: int) -> str:
        """A resource's name in the page's language."""
        return self.t("resource." + RESOURCES[r])

    def play(self, action: Action) -> None:
        """Play ``action`` and draw the result."""
        assert self.example is not None
        self.outcome = self.example.apply(action)
        self.render()

    def controls(self) -> list[Any]:
        """The buttons for the moves of the position (one line per kind of move)."""
        ex = self.example
        assert ex is not None
        out: list[Any] = []
        if ex.game.phase == "over":
            return out
        legal = ex.legal()
        kinds = {a.kind for a in legal}
        p = ex.seat
        if self.outcome.choices:
            line = self.row(self.t("embed.rob_whom"))
            for a in self.outcome.choices:
                line.append(self.button(ex.names[a.value[1]], partial(self.play, a)))
            out.append(line)
        if A.ROLL in kinds:
            out.append(self.button(self.t("embed.roll"), lambda: self.play(Action(p, A.ROLL)), "primary"))
        for kind, card in PLAYED_CARDS:
            if kind in kinds:
                out.append(self.button(self.t("embed.play", card=card), partial(self.play, Action(p, kind))))
        if A.BUY in kinds:
            out.append(self.button(self.t("embed.buy"), lambda: self.play(Action(p, A.BUY))))
        if A.MONOPOLY in kinds:
            line = self.row(self.t("embed.monopoly_pick"))
            for r in range(len(RESOURCES)):
                line.append(self.button(self.resource_name(r), partial(self.play, Action(p, A.MONOPOLY, r))))
            out.append(line)
        picker = ex.picker()
        if picker is not None:
            out.append(self.picker(picker))
        if A.MARITIME in kinds:
            for give in range(len(RESOURCES)):
                gets = [a.value[1] for a in legal if a.kind == A.MARITIME and a.value[0] == give]
                if gets:
                    line = self.row(self.t("embed.maritime", count=ex.game.trade_ratio(p, give), resource=give))
                    for get in gets:
                        action = Action(p, A.MARITIME, (give, get))
                        line.append(self.button(self.resource_name(get), partial(self.play, action)))
                    out.append(line)
        if A.END in kinds:
            out.append(self.button(self.t("embed.end"), lambda: self.play(Action(p, A.END))))
        return out

    def picker(self, picker: Picker) -> Any:
        """Choose resource cards one click at a time (a discard, a Year of Plenty)."""
        ex = self.example
        assert ex is not None
        box = self.row(picker.label)

        def pick(r: int) -> None:
            ex.pick(r)
            self.render()

        def clear() -> None:
            ex.clear_picks()
            self.render()

        for r in range(len(RESOURCES)):
            box.append(self.button(self.resource_name(r), partial(pick, r), disabled=not picker.room[r]))
        box.append(element("span", self.t("embed.chosen", cards=list(ex.picks)), "label"))
        confirm = self.t("embed.confirm_discard" if picker.kind == A.DISCARD else "embed.take")
        box.append(
            self.button(confirm, lambda: self.play(picker.action), "primary", disabled=sum(ex.picks) != picker.size)
        )
        box.append(self.button(self.t("embed.clear"), clear, disabled=not any(ex.picks)))
        return box

    def players_list(self) -> list[Any]:
        """One line per seat: points, cards, awards (and the acting seat's hand in try mode)."""
        ex = self.example
        assert ex is not None
        game = ex.game
        out = []
        glyphs = seat_glyphs([seat.color for seat in game.seats])
        for q, seat in enumerate(game.seats):
            pl = game.players[q]
            acting = self.trying and q == ex.seat
            item = element("li", None, "acting" if acting else None)
            swatch = element("span", None, "mark", aria_hidden="true")
            swatch.innerHTML = mark_svg(seat.color, MARK_PX, glyphs[q])
            points = game.victory_points(q, public=not self.trying)
            item.append(
                swatch,
                element("span", seat.name, "name"),
                element("span", self.t("embed.points", count=points)),
                element("span", self.t("embed.cards", count=sum(pl.hand))),
            )
            if sum(pl.dev):
                item.append(element("span", self.t("embed.dev_count", count=sum(pl.dev))))
            if game.longest_road == q:
                item.append(element("span", self.t("embed.longest_road", length=pl.road_length), "badge"))
            if game.largest_army == q:
                item.append(element("span", self.t("embed.largest_army", knights=pl.played[KNIGHT]), "badge"))
            if acting:
                detail = self.t("embed.hand", cards=list(pl.hand))
                devs = ex.dev_list(q)
                if devs:
                    detail += " · " + self.t("embed.dev_cards", list=devs)
                item.append(element("span", detail, "detail"))
            out.append(item)
        return out

    def render(self) -> None:
        """Draw the board, the prompt, the controls, the message, the players and the log."""
        ex = self.example
        if ex is None:
            return
        game = ex.game
        self.handlers.clear()
        playing = self.trying and game.phase != "over"
        view = game.view(ex.seat if playing else None, with_log=False)
        spots = ex.targets() if playing else None
        board = by_id("board")
        focused = board.contains(document.activeElement)
        self.board_focus = N.roving(spots, self.board_focus) if spots else None
        # The SVG renderer escapes every name and label it writes.
        board.innerHTML = svg.render(
            view,
            lang=self.lang,
            highlight_nodes=spots.nodes if spots else (),
            highlight_edges=spots.edges if spots else (),
            highlight_hexes=spots.hexes if spots else (),
            marked=self.params.marks,
            focus=self.board_focus,
        )
        if focused and self.board_focus is not None:
            rove(self.board_focus)
        show("prompt", ex.prompt() if self.trying or game.phase == "over" else None)
        panel = by_id("controls")
        panel.replaceChildren()
        if self.trying:
            panel.append(*self.controls(), self.button(self.t("embed.reset"), self.reset, "reset"))
        message = self.outcome.message
        by_id("message").hidden = not message
        by_id("message-text").textContent = message or ""
        why = by_id("why")
        if message and self.outcome.why:
            why.textContent = self.t("embed.why")
            why.href = almanac_url(self.outcome.why, self.lang)
            why.hidden = False
        else:
            why.hidden = True
        by_id("players").replaceChildren(*self.players_list())
        log = by_id("log")
        lines = ex.log() if self.trying else []
        log.replaceChildren(*[element("li", line) for line in lines])
        log.hidden = not lines
        self.post_height()

    def reset(self) -> None:
        """Back to the scenario's position."""
        assert self.example is not None
        self.example.reset()
        self.outcome = Outcome()
        self.render()

    # --- events -----------------------------------------------------------------------------

    def on_board(self, event: Any) -> None:
        """A click (or Enter/Space) on a board spot in try mode; the arrows, Home and End move
        the board's Tab stop between the targets."""
        ex = self.example
        if ex is None or not self.trying or ex.game.phase == "over":
            return
        spot = board_spot(event.target)
        parsed = None if spot is None else N.parse_spot(spot)
        if parsed is None:
            return
        if event.type == "keydown" and event.key not in ACTIVATE:
            there = N.step(ex.targets(), spot, str(event.key))
            if there is not None:
                event.preventDefault()
                self.board_focus = there
                rove(there)
            return
        event.preventDefault()
        self.board_focus = spot
        self.outcome = ex.click(*parsed)
        self.render()

    def on_controls(self, event: Any) -> None:
        """A press of a button of #controls."""
        target = event.target.closest("button[data-i]")
        if is_none(target) or target.disabled:
            return
        index = int(target.getAttribute("data-i"))
        if 0 <= index < len(self.handlers):
            self.handlers[index]()

    def on_hash_change(self, event: Any) -> None:
        """A host may swap the scenario in the fragment without reloading the frame."""
        if self.params.scenario is None:
            self.params = read_params(str(window.location.search), str(window.location.hash))
            spawn(self.load())
