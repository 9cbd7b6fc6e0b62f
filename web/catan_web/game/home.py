"""The home screen: "Play against the computer" (one click starts a game) and "How to play" at
the top, then the saved games to continue or delete, importing a file, and the new-game form.

Drawn from the saves' summaries (:class:`~catan_web.store.SaveMeta`) and the form
(:class:`~catan_web.newgame.NewGame`) alone: the page draws this first screen before it imports
the engine's tables and the game screen. The form's fields are read into the page's state
(command ``form``) before any other command of this screen runs, so what was typed is kept.

Commands: ``form``, ``take_backs``, ``quick``, ``start``, ``continue``, ``delete``,
``delete_yes``, ``delete_no``; from the browser ``import`` (a file read).
"""

from __future__ import annotations

from collections.abc import Sequence
from copy import deepcopy
from typing import TYPE_CHECKING, NamedTuple

from catan_core.almanac import almanac_url  # (at the top: the home screen links to it; build.START_PAGES)
from catan_core.errors import CatanError
from catan_core.names import MAX_NAME, SEAT_KINDS
from catan_core.palette import COLORS

from ..commands import Command, fields, nothing, text, value
from ..controls import ALMANAC_WINDOW, button, language_picker, section
from ..effects import Focus
from ..html import Markup, el, join, mark
from ..newgame import MAX_GAME_NAME, MAX_SEED, NewGame, SeatChoice, name_of_file
from ..text import Msg, Text
from .effects import Delete

if TYPE_CHECKING:
    from ..store import PutAside, SaveMeta
    from .state import PageState
    from .table import Table

FORM = "new-game-form"
"""The id of the new-game form, whose fields the browser reads for the ``form`` command."""
BOARDS: tuple[str, ...] = ("random", "beginner")
RULE_OPTIONS: tuple[tuple[str, str], ...] = (
    ("trade-then-build", "trade_then_build"),
    ("balanced-dice", "balanced_dice"),
)
"""The form's rule options: each checkbox's id and the form's field (its texts are
``ui.new.<field>`` and ``ui.new.<field>_help``)."""
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)
HOW_TO_PLAY = "turn"
"""The rules almanac's entry that "How to play" opens (a turn, step by step)."""


class ImportedFile(NamedTuple):
    """A file the person chose to import: its name and its text (None when the browser could
    not read it)."""

    name: str
    text: str | None


def put_aside_message(items: Sequence[PutAside]) -> Msg:
    """The notice naming damaged stored texts that were put aside, and where each is kept.

    >>> from catan_web.store import PutAside
    >>> print(Text().msg(put_aside_message([PutAside("catan.index", "catan.damaged.catan.index")])))
    ... # doctest: +NORMALIZE_WHITESPACE
    Damaged data in this browser's storage was put aside so that the page could start: catan.index
    (now kept as catan.damaged.catan.index). Nothing was deleted, and your other games are untouched.
    """
    named = tuple(
        Msg("ui.storage.kept_as", item=item.key, copy=item.kept_as)
        if item.kept_as
        else Msg("ui.storage.left", item=item.key)
        for item in items
    )
    return Msg("ui.storage.put_aside", items=named)


def saves_list(text: Text, saves: Sequence[SaveMeta], confirm: str, dates: dict[str, str]) -> Markup:
    """Saved games: continue or delete (delete asks first)."""
    if not saves:
        return el("p", text("ui.saves.none"), class_="muted")
    items = []
    for i, meta in enumerate(saves):
        if meta.damaged:
            info = text("ui.saves.unknown")
        else:
            info = text("ui.saves.info", players=", ".join(meta.players), turn=meta.turn, date=dates.get(meta.id, ""))
            if meta.winner:
                info += " · " + text("ui.saves.won", name=meta.winner)
        if confirm == meta.id:
            tools = join(
                (
                    el("span", text("ui.saves.confirm", name=meta.name), class_="warn"),
                    button(
                        text, text("ui.saves.delete_yes"), "delete_yes", meta.id, ident=f"del-yes-{i}", cls="danger"
                    ),
                    button(text, text("ui.saves.delete_no"), "delete_no", meta.id, ident=f"del-no-{i}"),
                )
            )
        else:
            tools = button(
                text, text("ui.saves.continue"), "continue", meta.id, ident=f"continue-{i}", cls="primary"
            ) + button(text, text("ui.saves.delete"), "delete", meta.id, ident=f"delete-{i}")
            tools += authoring_links(text, meta.id, i)
        items.append(
            el(
                "li",
                el("div", el("strong", meta.name), el("small", info, class_="muted"), class_="save-info"),
                el("div", tools, class_="row"),
                class_="save",
                data_id=meta.id,
            )
        )
    return el("ul", join(items), class_="saves", id="saves")


def authoring_links(text: Text, gid: str, i: int) -> Markup:
    """A saved game's links to the replay viewer and to the board editor (at its last step)."""
    from urllib.parse import quote

    return el(
        "a", text("replay.open_game"), href=f"replay.html?game={quote(gid)}", class_="button", id=f"replay-{i}"
    ) + el("a", text("editor.make_example"), href=f"editor.html?game={quote(gid)}", class_="button", id=f"example-{i}")


def new_game_form(text: Text, form: NewGame) -> Markup:
    """Seats (name, colour, person or computer level), board, seed and options."""
    counts = join(el("option", str(n), value=str(n), selected=n == form.players) for n in PLAYER_COUNTS)
    name = el("input", id="game-name", value=form.name, maxlength=str(MAX_GAME_NAME), autocomplete="off")
    head = el(
        "div",
        el("label", text("ui.new.game_name"), name),
        el("label", text("ui.new.players"), el("select", counts, id="players", data_change="form")),
        class_="row fields",
    )
    seats = el(
        "div", join(seat_row(text, i, seat) for i, seat in enumerate(form.seats[: form.players])), class_="seats"
    )
    start = button(text, text("ui.new.start"), "start", ident="start", cls="primary big")
    body = join((head, seats, board_choice(text, form), options(text, form), start))
    return section(text("ui.new.title"), el("form", body, id=FORM, novalidate=True), ident="new-game")


def seat_row(text: Text, i: int, seat: SeatChoice) -> Markup:
    """Seat ``i`` of the form: its name, colour, and who plays it."""
    colors = join(el("option", text("ui.color." + key), value=key, selected=key == seat.color) for key in COLORS)
    kinds = join(el("option", text("ui.kind." + kind), value=kind, selected=kind == seat.kind) for kind in SEAT_KINDS)
    name = el("input", id=f"seat-name-{i}", value=seat.name, maxlength=str(MAX_NAME), autocomplete="off")
    return el(
        "fieldset",
        el("legend", mark(COLORS.get(seat.color, "#888")), text("ui.new.seat", number=i + 1)),
        el("label", text("ui.new.name"), name),
        el("label", text("ui.new.color"), el("select", colors, id=f"seat-color-{i}", data_change="form")),
        el("label", text("ui.new.kind"), el("select", kinds, id=f"seat-kind-{i}", data_change="form")),
        class_="seat-row",
    )


def board_choice(text: Text, form: NewGame) -> Markup:
    """The board (random or the beginner board) and the seed that makes it."""
    boards = join(
        el(
            "label",
            el("input", type="radio", name="board", id=f"board-{b}", value=b, checked=form.board == b),
            text("ui.new.board_" + b),
            class_="radio",
        )
        for b in BOARDS
    )
    seed = el("input", id="seed", value=form.seed, maxlength=str(MAX_SEED), autocomplete="off", inputmode="text")
    return el(
        "fieldset",
        el("legend", text("ui.new.board")),
        el("div", boards, class_="row"),
        el("label", text("ui.new.seed"), seed, el("small", text("ui.new.seed_help"), class_="muted")),
        class_="board-choice",
    )


def checkbox(text: Text, ident: str, checked: bool, key: str, change: str | None = None) -> Markup:
    """A checkbox labelled by message ``key``, with the line ``<key>_help`` saying what it does."""
    box = el("input", id=ident, type="checkbox", checked=checked, data_change=change, aria_describedby=f"{ident}-help")
    return el("label", box, text(key), class_="check") + el(
        "small", text(key + "_help"), id=f"{ident}-help", class_="muted"
    )


def options(text: Text, form: NewGame) -> Markup:
    """The victory target, the friendly robber, the rule options and taking back moves."""
    target = el(
        "input", id="vp-target", type="number", min="3", max="20", value=str(form.vp_target), inputmode="numeric"
    )
    friendly = el("input", id="friendly-robber", type="checkbox", checked=form.friendly_robber)
    return el(
        "fieldset",
        el("legend", text("ui.new.options")),
        el(
            "div",
            el("label", text("ui.new.vp_target"), target),
            el("label", friendly, text("ui.new.friendly_robber"), class_="check"),
            class_="row fields",
        ),
        # the rule options, each with a line saying what on and off mean
        join(checkbox(text, ident, getattr(form, flag), f"ui.new.{flag}") for ident, flag in RULE_OPTIONS),
        checkbox(text, "take-backs", form.allows_take_backs(), "ui.new.take_backs", change="take_backs"),
        checkbox(text, "hints", form.hints, "ui.coach.new_hints"),
    )


def quick_start(text: Text) -> Markup:
    """The first thing on the home screen: a game against the computer in one click, and how
    to play (the rules almanac, in its own tab)."""
    how = el(
        "a",
        text("ui.quick.how"),
        href=almanac_url(HOW_TO_PLAY, text.lang),
        target=ALMANAC_WINDOW,
        class_="button-link",
        id="how-to-play",
    )
    play = button(text, text("ui.quick.play"), "quick", ident="quick-start", cls="primary big")
    return el(
        "section",
        el("h2", text("ui.quick.title"), id="quick-title", class_="visually-hidden"),
        el("div", play, how, class_="row"),
        el("p", text("ui.quick.help"), class_="muted small"),
        class_="card quick",
        id="quick",
        aria_labelledby="quick-title",
    )


AUTHORS_LINKS = (
    ("editor.html", "ui.authors.editor"),
    ("replay.html", "ui.authors.replay"),
    ("embed.html", "ui.authors.embed"),
)
"""The authoring pages the home screen links to, with their labels' keys."""


def authors_row(text: Text) -> Markup:
    """Links for tutorial authors, at the foot of the home screen: the board editor, the
    replay viewer (any game file, step by step, with comments) and the examples to embed."""
    links = join(
        el("a", text(key), href=f"{page}?lang={text.lang}", class_="button-link", id=f"authors-{page.split('.')[0]}")
        for page, key in AUTHORS_LINKS
    )
    return el(
        "nav",
        el("span", text("ui.authors.title"), class_="muted"),
        links,
        class_="authors-row",
        aria_label=text("ui.authors.title"),
    )


def home_screen(state: PageState, saves: Sequence[SaveMeta], dates: dict[str, str]) -> Markup:
    """The first screen: a game against the computer at once, saved games to continue,
    importing a file, and a new game."""
    text = state.text()
    importer = el(
        "label",
        text("ui.import.label"),
        el("input", type="file", id="import-file", accept=".json,application/json", data_change="import"),
        class_="file",
    )
    return join(
        (
            el(
                "header",
                el("h1", text("ui.title"), class_="brand"),
                el("p", text("ui.tagline"), class_="muted"),
                language_picker(text, "home-lang"),
                class_="home-head",
            ),
            quick_start(text),
            section(
                text("ui.saves.title"), saves_list(text, saves, state.confirm_delete, dates) + importer, ident="saved"
            ),
            new_game_form(text, state.form),
            authors_row(text),
        )
    )


def read_form(form: NewGame, values: dict[str, str]) -> NewGame:
    """``form`` with the fields read from the page (``values`` by field id; a field missing
    keeps its value; a choice the form does not offer is ignored). Taking back moves is read
    only when the person ticks or clears it (command ``take_backs``), so that until then it
    follows who plays.

    >>> form = read_form(NewGame.default(Text(), "1"), {"players": "3", "seat-name-0": "Ana", "seat-kind-1": "human",
    ...                                                "board": "beginner", "vp-target": "x", "friendly-robber": "on"})
    >>> form.players, form.seats[0].name, form.seats[1].kind, form.board, form.vp_target, form.friendly_robber
    (3, 'Ana', 'human', 'beginner', 0, True)
    """
    form = deepcopy(form)
    players = values.get("players", "")
    form.players = int(players) if players in {str(n) for n in PLAYER_COUNTS} else form.players
    for i, seat in enumerate(form.seats):
        seat.name = values.get(f"seat-name-{i}", seat.name)
        seat.color = (
            values.get(f"seat-color-{i}", seat.color) if values.get(f"seat-color-{i}") in COLORS else seat.color
        )
        seat.kind = values.get(f"seat-kind-{i}", seat.kind) if values.get(f"seat-kind-{i}") in SEAT_KINDS else seat.kind
    form.board = values.get("board", form.board) if values.get("board") in BOARDS else form.board
    form.seed = values.get("seed", form.seed)
    form.name = values.get("game-name", form.name)
    if "vp-target" in values:
        try:
            form.vp_target = int(values["vp-target"])
        except ValueError:
            form.vp_target = 0  # the engine names the allowed range
    for ident, flag in (("friendly-robber", "friendly_robber"), ("hints", "hints"), *RULE_OPTIONS):
        if ident in values:
            setattr(form, flag, values[ident] == "on")
    return form


# --- commands ----------------------------------------------------------------------------------------


def form_changed(page: Table, values: dict[str, str]) -> None:
    """The new-game form as the page shows it now (read before each command of this screen,
    and when the number of players, a colour or who plays a seat changes)."""
    page.edit(form=read_form(page.state.form, values))


def take_backs(page: Table, ticked: str) -> None:
    """The new-game form's "Allow taking back moves" was ticked or cleared."""
    form = deepcopy(page.state.form)
    form.take_backs = ticked == "on"
    page.edit(form=form)


def start(page: Table, _: None) -> None:
    """Start the game the form describes (or say what the engine refuses in it)."""
    form = page.state.form
    fresh = deepcopy(form)
    fresh.seed, fresh.name = str(page.new_seed()), ""
    if open_new(page, form):
        page.edit(form=fresh)


def quick(page: Table, _: None) -> None:
    """Play against the computer at once: the person against three standard computer players,
    seats named by their colours in the page's language, on a random board."""
    open_new(page, NewGame.default(Text(page.state.lang), str(page.new_seed())))


def open_new(page: Table, form: NewGame) -> bool:
    """Open a new saved game as ``form`` describes it; False (and the engine's reason in the
    notice bar) when the engine refuses it."""
    from ..session import Session

    try:
        game = form.create()
    except CatanError as error:
        page.notify(Msg.of_error(error))
        return False
    name = form.name.strip() or page.text()("ui.new.default_name", number=len(page.store.list()) + 1)
    gid = page.store.new_id(page.now())
    page.open_session(Session(game, gid, name, form.allows_take_backs(), form.hints), new=True)
    return True


def resume(page: Table, gid: str) -> None:
    """Resume a saved game exactly where it was."""
    from catan_core.saves import loads

    from ..session import Session

    meta, saved = page.store.meta(gid), page.store.text(gid)
    if meta is None or saved is None:
        page.notify(Msg("ui.saves.missing"))
        return
    try:
        game = loads(saved)
    except CatanError as error:
        page.notify(Msg("ui.saves.damaged", reason=Msg.of_error(error), name=meta.name))
        return
    name = meta.name if not meta.damaged else meta.id
    page.open_session(Session(game, meta.id, name, meta.take_backs, meta.hints, meta.hints_shown))


def delete(page: Table, gid: str) -> None:
    """Ask before deleting a saved game."""
    page.edit(confirm_delete=gid)
    page.emit(Focus("[data-cmd=delete_yes]"))


def delete_yes(page: Table, gid: str) -> None:
    """Delete a saved game for good."""
    meta = page.store.meta(gid)
    page.emit(Delete(gid))
    page.edit(confirm_delete="")
    if meta is not None:
        page.notify(Msg("ui.saves.deleted", name=meta.name), "info")


def delete_no(page: Table, _: str) -> None:
    """Keep the saved game."""
    page.edit(confirm_delete="")


def imported(page: Table, file: ImportedFile) -> None:
    """Import a save file as a new saved game and open it, under the game's name when the page
    exported it (:func:`~catan_web.newgame.name_of_file`); refuse a bad file, saying why."""
    from catan_core.saves import loads

    from ..session import Session

    if file.text is None:
        page.notify(Msg("ui.import.refused", reason=Msg("ui.import.unreadable"), file=file.name))
        return
    try:
        game = loads(file.text)
    except CatanError as error:
        page.notify(Msg("ui.import.refused", reason=Msg.of_error(error), file=file.name))
        return
    name = name_of_file(file.name) or page.text()("ui.import.default_name")
    session = Session(game, page.store.new_id(page.now()), name)
    page.open_session(session, new=True)
    page.notify(Msg("ui.import.done", file=file.name), "info")


COMMANDS = (
    Command("form", fields, form_changed),
    Command("take_backs", text, take_backs),
    Command("start", nothing, start),
    Command("quick", nothing, quick),
    Command("continue", text, resume),
    Command("delete", text, delete),
    Command("delete_yes", text, delete_yes),
    Command("delete_no", text, delete_no),
    Command("import", value(ImportedFile), imported),
)
