"""The home screen: saved games to continue or delete, importing a file, and the new-game form.

Pure functions returning HTML strings (testable in CPython), built from the saves' summaries
(:class:`~catan_web.store.SaveMeta`) and the form (:class:`~catan_web.newgame.NewGame`) alone:
the page draws this first screen before it imports the engine's tables and the game screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from catan_core.names import MAX_NAME, SEAT_KINDS
from catan_core.palette import COLORS

from .controls import button, section
from .markup import el, esc, mark
from .newgame import MAX_GAME_NAME, MAX_SEED, NewGame
from .text import Text

if TYPE_CHECKING:
    from .store import PutAside, SaveMeta


def put_aside_message(text: Text, items: Sequence["PutAside"]) -> str:
    """The notice naming damaged stored texts that were put aside, and where each is kept.

    >>> from catan_web.store import PutAside
    >>> put_aside_message(Text(), [PutAside("catan.index", "catan.damaged.catan.index")])
    "Damaged data in this browser's storage was put aside so that the page could start: catan.index (now kept as catan.damaged.catan.index). Nothing was deleted, and your other games are untouched."
    """
    named = [
        text("ui.storage.kept_as", item=item.key, copy=item.kept_as) if item.kept_as else text("ui.storage.left", item=item.key)
        for item in items
    ]
    return text("ui.storage.put_aside", items=text("word.list_separator").join(named))


def saves_list(text: Text, saves: Sequence["SaveMeta"], confirm: str, dates: dict[str, str]) -> str:
    """Saved games: continue, export or delete (delete asks first)."""
    if not saves:
        return el("p", esc(text("ui.saves.none")), class_="muted")
    items = []
    for i, meta in enumerate(saves):
        if meta.damaged:
            info = text("ui.saves.unknown")
        else:
            info = text("ui.saves.info", players=", ".join(meta.players), turn=meta.turn, date=dates.get(meta.id, ""))
            if meta.winner:
                info += " · " + text("ui.saves.won", name=meta.winner)
        if confirm == meta.id:
            tools = (el("span", esc(text("ui.saves.confirm", name=meta.name)), class_="warn")
                     + button(text, esc(text("ui.saves.delete_yes")), "delete_yes", meta.id, ident=f"del-yes-{i}", cls="danger")
                     + button(text, esc(text("ui.saves.delete_no")), "delete_no", meta.id, ident=f"del-no-{i}"))
        else:
            tools = (button(text, esc(text("ui.saves.continue")), "continue", meta.id, ident=f"continue-{i}", cls="primary")
                     + button(text, esc(text("ui.saves.delete")), "delete", meta.id, ident=f"delete-{i}"))
        items.append(el("li", el("div", el("strong", esc(meta.name)) + el("small", esc(info), class_="muted"), class_="save-info")
                        + el("div", tools, class_="row"), class_="save", data_id=meta.id))
    return el("ul", "".join(items), class_="saves", id="saves")


def new_game_form(text: Text, form: NewGame) -> str:
    """Seats (name, colour, person or computer level), board, seed and options."""
    counts = "".join(el("option", str(n), value=str(n), selected=n == form.players) for n in (2, 3, 4))
    rows = []
    for i, seat in enumerate(form.seats[: form.players]):
        colors = "".join(el("option", esc(text("ui.color." + key)), value=key, selected=key == seat.color) for key in COLORS)
        kinds = "".join(el("option", esc(text("ui.kind." + kind)), value=kind, selected=kind == seat.kind) for kind in SEAT_KINDS)
        label = text("ui.new.seat", number=i + 1)
        rows.append(el(
            "fieldset",
            el("legend", mark(COLORS.get(seat.color, "#888")) + esc(label))
            + el("label", esc(text("ui.new.name")) + el("input", id=f"seat-name-{i}", value=seat.name, maxlength=str(MAX_NAME), autocomplete="off"))
            + el("label", esc(text("ui.new.color")) + el("select", colors, id=f"seat-color-{i}", data_change="form"))
            + el("label", esc(text("ui.new.kind")) + el("select", kinds, id=f"seat-kind-{i}", data_change="form")),
            class_="seat-row",
        ))
    boards = "".join(
        el("label", el("input", type="radio", name="board", id=f"board-{b}", value=b, checked=form.board == b)
           + esc(text("ui.new.board_" + b)), class_="radio")
        for b in ("random", "beginner")
    )
    body = (
        el("div",
           el("label", esc(text("ui.new.game_name")) + el("input", id="game-name", value=form.name, maxlength=str(MAX_GAME_NAME), autocomplete="off"))
           + el("label", esc(text("ui.new.players")) + el("select", counts, id="players", data_change="form")),
           class_="row fields")
        + el("div", "".join(rows), class_="seats")
        + el("fieldset",
             el("legend", esc(text("ui.new.board")))
             + el("div", boards, class_="row")
             + el("label", esc(text("ui.new.seed")) + el("input", id="seed", value=form.seed, maxlength=str(MAX_SEED), autocomplete="off", inputmode="text")
                  + el("small", esc(text("ui.new.seed_help")), class_="muted")),
             class_="board-choice")
        + el("fieldset",
             el("legend", esc(text("ui.new.options")))
             + el("div",
                  el("label", esc(text("ui.new.vp_target")) + el("input", id="vp-target", type="number", min="3", max="20", value=str(form.vp_target), inputmode="numeric"))
                  + el("label", el("input", id="friendly-robber", type="checkbox", checked=form.friendly_robber) + esc(text("ui.new.friendly_robber")), class_="check"),
                  class_="row fields")
             + "".join(  # the rule options, each with a line saying what on and off mean
                 el("label", el("input", id=ident, type="checkbox", checked=checked, aria_describedby=f"{ident}-help")
                    + esc(text(label)), class_="check")
                 + el("small", esc(text(help_key)), id=f"{ident}-help", class_="muted")
                 for ident, checked, label, help_key in (
                     ("trade-then-build", form.trade_then_build, "ui.new.trade_then_build", "ui.new.trade_then_build_help"),
                     ("balanced-dice", form.balanced_dice, "ui.new.balanced_dice", "ui.new.balanced_dice_help"),
                 ))
             + el("label", el("input", id="take-backs", type="checkbox", checked=form.allows_take_backs(), data_change="take_backs",
                              aria_describedby="take-backs-help") + esc(text("ui.new.take_backs")), class_="check")
             + el("small", esc(text("ui.new.take_backs_help")), id="take-backs-help", class_="muted"))
        + button(text, esc(text("ui.new.start")), "start", ident="start", cls="primary big")
    )
    return section(text("ui.new.title"), body, ident="new-game")


def home_screen(text: Text, saves_html: str, form_html: str, picker: str = "") -> str:
    """The first screen: saved games to continue, importing a file, and a new game."""
    importer = el("label", esc(text("ui.import.label")) + el("input", type="file", id="import-file", accept=".json,application/json", data_change="import"),
                  class_="file")
    return (
        el("header", el("h1", esc(text("ui.title")), class_="brand") + el("p", esc(text("ui.tagline")), class_="muted") + picker, class_="home-head")
        + section(text("ui.saves.title"), saves_html + importer, ident="saved")
        + form_html
    )
