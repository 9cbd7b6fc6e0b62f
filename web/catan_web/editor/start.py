"""Where an edit starts: the beginner board (with its set-up pieces, or empty), a random board
(a seed), a scenario or a share link pasted, a file (a scenario, a game's export, a study), or
any step of a game saved in this browser.

:func:`open_text` reads what was pasted or chosen with the engine's careful readers; what the
engine refuses is said in the notice line and the work in progress stays.

Commands: ``start_beginner``, ``start_random``, ``start_text``, ``start_saved``; from the
browser ``start_file`` (a file read).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from catan_core.editor import Editor
from catan_core.errors import CatanError, FormatError

from ..commands import Command, choice, fields, long_fields, value
from ..controls import button
from ..html import Markup, el, join
from ..text import Msg

if TYPE_CHECKING:
    from ..store import SaveMeta
    from .scene import Scene
    from .table import EditorTable

MAX_SEED = 10**9
MAX_STEP_DIGITS = 6
MAX_PASTED = 200_000
"""Most characters a scenario or link pasted may hold (a long game's link: a few thousand;
a file opens any save)."""


class Opened(NamedTuple):
    """A position opened to edit, and the sentence saying what it is."""

    editor: Editor
    message: Msg


class ChosenFile(NamedTuple):
    """A file chosen to open: its name, its text (None when the browser could not read it)
    and the step asked for ("": the last)."""

    name: str
    text: str | None
    step: str = ""


def read_step(typed: str) -> int | None:
    """The step typed ("" or anything but digits: None, the last).

    >>> read_step("12"), read_step(""), read_step("x")
    (12, None, None)
    """
    typed = typed.strip()
    return int(typed) if typed.isdecimal() and typed.isascii() and len(typed) <= MAX_STEP_DIGITS else None


def open_game(game: Any, step: int | None, name: str) -> Opened:
    """The position at ``step`` (None: the last) of a recorded game called ``name``."""
    from catan_core.replay import Replay
    from catan_core.scenarios import Scenario

    replay = Replay(game)
    at = replay.go(replay.length if step is None else step)
    editor = Editor(Scenario.of(replay.game_at(at)))
    if name:
        return Opened(editor, Msg("editor.opened.game", step=at, total=replay.length, name=name))
    return Opened(editor, Msg("editor.opened.game_step", step=at, total=replay.length))


def open_text(text: str, step: int | None = None, name: str = "") -> Opened:
    """What ``text`` holds as a position to edit: a share link (a scenario, the editor's
    work, a game at its step or ``step``, a study's start) or JSON (a scenario, a game's
    save at ``step``, a study). A :class:`~catan_core.errors.FormatError` when it is none.

    >>> opened = open_text('{"format": "catan-scenario", "players": [{"settlements": [12]}, {}]}')
    >>> opened.editor.scenario.players[0].settlements, opened.message.key
    ([12], 'editor.opened.scenario')
    >>> open_text('{"format": "chess"}')
    Traceback (most recent call last):
    ...
    catan_core.errors.FormatError: This is not a Catan scenario, game, study or link.
    """
    from catan_core import saves, share, study
    from catan_core.jsonread import parse
    from catan_core.scenarios import SCENARIO_FORMAT, Scenario

    text = text.strip()
    if share.is_link(text):
        shared = share.read_link(text)
        if shared.editor is not None:
            return Opened(shared.editor, Msg("editor.opened.work"))
        if shared.scenario is not None:
            return Opened(Editor.from_scenario(shared.scenario), Msg("editor.opened.scenario"))
        if shared.game is not None:
            return open_game(shared.game, shared.step if step is None else step, name)
        assert shared.study is not None
        return Opened(Editor(Scenario.of(shared.study.position(0))), Msg("editor.opened.study"))
    data = parse(text, saves.MAX_SAVE_CHARS)
    kind = data.get("format") if type(data) is dict else None
    if kind == SCENARIO_FORMAT:
        return Opened(Editor.from_scenario(data), Msg("editor.opened.scenario"))
    if kind == saves.FORMAT:
        return open_game(saves.load(data), step, name)
    if kind == study.STUDY_FORMAT:
        return Opened(Editor(Scenario.of(study.load(data).position(0))), Msg("editor.opened.study"))
    raise FormatError("format.not_shown")


def start_panel(scene: Scene, saves: list[SaveMeta]) -> Markup:
    """The ways to start: the beginner board, a random board, and (folded) a scenario, a
    link, a file or a saved game's step."""
    text = scene.text
    boards = join(
        button(text, text(f"editor.start.beginner_{kind}"), "start_beginner", kind, ident=f"start-{kind}")
        for kind in ("empty", "pieces")
    )
    seed = el("input", id="start-seed", inputmode="numeric", autocomplete="off", maxlength="9")
    random = el(
        "div",
        el("label", text("ui.new.seed"), seed),
        button(text, text("editor.start.random"), "start_random", ident="start-random", fields="start-seed"),
        class_="row fields",
    )
    return el(
        "section",
        el("h2", text("editor.start.title"), id="start-title"),
        el("div", boards, class_="row"),
        random,
        el("details", el("summary", text("editor.start.more")), more(scene, saves), id="start-more"),
        class_="card",
        id="start",
        aria_labelledby="start-title",
    )


def more(scene: Scene, saves: list[SaveMeta]) -> Markup:
    """A scenario or a link pasted, a file, a saved game; and the step of a game to open."""
    text = scene.text
    pasted = el("textarea", id="start-text", rows="3", spellcheck="false", autocomplete="off", class_="code")
    step = el(
        "input",
        id="start-step",
        inputmode="numeric",
        autocomplete="off",
        maxlength=str(MAX_STEP_DIGITS),
        aria_describedby="start-step-help",
    )
    chooser = el("input", type="file", id="start-file", accept=".json,application/json", data_change="start_file")
    out = [
        el("label", text("editor.start.step"), step),
        el("small", text("editor.start.step_help"), class_="muted", id="start-step-help"),
        el("label", text("editor.start.text"), pasted),
        button(text, text("editor.start.open"), "start_text", ident="start-open", fields="start-text start-step"),
        el("label", text("editor.start.file"), chooser, class_="file"),
    ]
    if saves:
        games = join(el("option", meta.name, value=meta.id) for meta in saves)
        out.append(
            el(
                "div",
                el("label", text("editor.start.saved"), el("select", games, id="start-saved")),
                button(
                    text,
                    text("editor.start.open_saved"),
                    "start_saved",
                    ident="start-saved-open",
                    fields="start-saved start-step",
                ),
                class_="row fields",
            )
        )
    return join(out)


# --- commands ----------------------------------------------------------------------------------------


def _open(page: EditorTable, work: Any) -> None:
    """Open what ``work()`` gives (an :class:`Opened`), or say why it cannot be opened."""
    try:
        opened = work()
    except CatanError as error:
        page.notify(Msg("editor.start.refused", reason=Msg.of_error(error)))
        return
    page.replace(opened.editor, opened.message)


def start_beginner(page: EditorTable, kind: str) -> None:
    """The beginner board, with its set-up pieces or empty."""
    players = len(page.editor.scenario.players)
    _open(page, lambda: Opened(Editor.beginner(players, pieces=kind == "pieces"), Msg(f"editor.opened.{kind}")))


def start_random(page: EditorTable, values: dict[str, str]) -> None:
    """An empty random board, the one a new game of the seed typed is played on."""
    seed = values.get("start-seed", "").strip()
    if not (seed.isdecimal() and seed.isascii() and int(seed) < MAX_SEED):
        page.notify(Msg("editor.start.seed_refused"))
        return
    players = len(page.editor.scenario.players)
    _open(page, lambda: Opened(Editor.random_board(int(seed), players), Msg("editor.opened.random", seed=int(seed))))


def start_text(page: EditorTable, values: dict[str, str]) -> None:
    """Open the scenario, game, study or link pasted."""
    pasted = values.get("start-text", "")
    if not pasted.strip():
        page.notify(Msg("editor.start.nothing"))
        return
    _open(page, lambda: open_text(pasted, read_step(values.get("start-step", ""))))


def start_file(page: EditorTable, file: ChosenFile) -> None:
    """Open the file chosen (a scenario, a game's export, a study)."""
    if file.text is None:
        page.notify(Msg("editor.start.refused", reason=Msg("ui.import.unreadable")))
        return
    content, name = file.text, file.name.removesuffix(".json")
    _open(page, lambda: open_text(content, read_step(file.step), name))


def start_saved(page: EditorTable, values: dict[str, str]) -> None:
    """Open a step of a game saved in this browser."""
    from catan_core.saves import loads

    gid = values.get("start-saved", "")
    meta, saved = page.store.meta(gid), page.store.text(gid)
    if meta is None or saved is None:
        page.notify(Msg("ui.saves.missing"))
        return
    _open(page, lambda: open_game(loads(saved), read_step(values.get("start-step", "")), meta.name))


COMMANDS = (
    Command("start_beginner", choice("empty", "pieces"), start_beginner),
    Command("start_random", fields, start_random),
    Command("start_text", long_fields(MAX_PASTED), start_text),
    Command("start_saved", fields, start_saved),
    Command("start_file", value(ChosenFile), start_file, sent_by_page=True),
)
