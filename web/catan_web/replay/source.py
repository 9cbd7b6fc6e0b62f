"""Opening a game to replay: one saved in this browser, a file (a game's export or a study),
a share link pasted or in the address (a game's ``g1.``, a study's ``t1.``).

A study opens as its line of moves over its start, with its comments and "your move" steps
as the draft of the author mode, to go on writing it.

Commands: ``open_saved``, ``open_link``; from the browser ``open_file`` (a file read) and
``open_address`` (the address's ``?game=<id>&step=<n>`` or share link).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import parse_qs

from catan_core.errors import CatanError, FormatError

from ..commands import Command, long_fields, text as text_arg, value
from ..controls import button
from ..editor.start import MAX_PASTED, ChosenFile, read_step
from ..html import Markup, el, join
from ..text import Msg
from .state import StudyDraft

if TYPE_CHECKING:
    from catan_core.game import Game
    from catan_core.study import Study

    from ..store import SaveMeta
    from ..text import Text
    from .table import ReplayTable

LINK_KINDS = ("game", "study")
"""The share links this page opens."""


class Opened(NamedTuple):
    """A game to replay: the game, the step to show (None: its last), the link it came from
    and, for a study, its draft."""

    game: Game
    step: int | None
    link: str = ""
    draft: StudyDraft | None = None


def of_study(study: Study) -> tuple[Game, StudyDraft]:
    """A study as a game to replay (its start's moves, then its line) and the draft of its
    title, comments and questions."""
    game = study.position(study.length)
    first = len(game.history) - study.length
    comments = {first: study.comment} if study.comment else {}
    questions: dict[int, str] = {}
    for i, move in enumerate(study.moves, first + 1):
        if move.comment:
            comments[i] = move.comment
        if move.question is not None:
            questions[i] = move.question.hint or ""
    draft = StudyDraft(study.title, first, first + study.length, tuple(comments.items()), tuple(questions.items()))
    return game, draft


def read_game(text: str, step: int | None = None) -> Opened:
    """What ``text`` holds as a game to replay: a share link of a game or a study, or JSON (a
    save, a study). A :class:`~catan_core.errors.FormatError` when it is none of them.

    >>> read_game('{"format": "catan-scenario", "players": [{}, {}]}')
    Traceback (most recent call last):
    ...
    catan_core.errors.FormatError: This file is not a Catan save.
    """
    from catan_core import saves, share, study
    from catan_core.jsonread import parse

    text = text.strip()
    if share.is_link(text):
        shared = share.read_link(text, LINK_KINDS)
        link = text.rpartition("#")[2].strip()
        if shared.game is not None:
            return Opened(shared.game, shared.step if step is None else step, link)
        assert shared.study is not None
        game, draft = of_study(shared.study)
        return Opened(game, draft.first if step is None else step, link, draft)
    data = parse(text, saves.MAX_SAVE_CHARS)
    if type(data) is dict and data.get("format") == study.STUDY_FORMAT:
        game, draft = of_study(study.load(data))
        return Opened(game, draft.first if step is None else step, draft=draft)
    if type(data) is not dict or data.get("format") != saves.FORMAT:
        raise FormatError("format.not_a_save")
    return Opened(saves.load(data), step)


def open_panel(text: Text, saves: list[SaveMeta], has_game: bool) -> Markup:
    """The ways to open a game: this browser's saved games, a file, a link (folded away
    while a game shows)."""
    if saves:
        games: Markup = el(
            "ul",
            join(
                el(
                    "li",
                    el("span", el("strong", meta.name), " ", el("small", ", ".join(meta.players), class_="muted")),
                    button(text, text("replay.open_saved"), "open_saved", meta.id, ident=f"open-{i}"),
                )
                for i, meta in enumerate(saves)
            ),
            class_="open-list",
        )
    else:
        games = el("p", text("replay.no_saves"), class_="muted")
    chooser = el("input", type="file", id="open-file", accept=".json,application/json", data_change="open_file")
    pasted = el("textarea", id="open-link", rows="2", spellcheck="false", autocomplete="off", class_="code")
    body = join(
        (
            games,
            el("label", text("replay.open_file"), chooser, class_="file"),
            el("label", text("replay.open_link"), pasted),
            button(text, text("replay.open"), "open_link", ident="open-link-go", fields="open-link"),
        )
    )
    if has_game:
        return el("details", el("summary", text("replay.open_other")), body, class_="card", id="open")
    return el(
        "section",
        el("h2", text("replay.open_title"), id="open-title"),
        el("p", text("replay.intro"), class_="muted"),
        body,
        class_="card",
        id="open",
        aria_labelledby="open-title",
    )


# --- commands ----------------------------------------------------------------------------------------


def _open(page: ReplayTable, work: Any, **source: Any) -> None:
    """Replay what ``work()`` gives (an :class:`Opened`), or say why it cannot be opened."""
    try:
        opened: Opened = work()
    except CatanError as error:
        page.notify(Msg("replay.refused", reason=Msg.of_error(error)))
        return
    draft = opened.draft or StudyDraft()
    page.show(opened.game, opened.step, link=opened.link, draft=draft, **source)


def open_saved(page: ReplayTable, gid: str, step: int | None = None) -> None:
    """Replay a game saved in this browser (at ``step``)."""
    from catan_core.saves import loads

    meta, saved = page.store.meta(gid), page.store.text(gid)
    if meta is None or saved is None:
        page.notify(Msg("ui.saves.missing"))
        return
    _open(page, lambda: Opened(loads(saved), step), name=meta.name, gid=gid)


def open_link(page: ReplayTable, values: dict[str, str]) -> None:
    """Replay the game or study of the link pasted."""
    pasted = values.get("open-link", "")
    if not pasted.strip():
        page.notify(Msg("replay.nothing"))
        return
    _open(page, lambda: read_game(pasted), name="", gid="")


def open_file(page: ReplayTable, file: ChosenFile) -> None:
    """Replay the file chosen (a game's export or a study)."""
    if file.text is None:
        page.notify(Msg("replay.refused", reason=Msg("ui.import.unreadable")))
        return
    content = file.text
    _open(page, lambda: read_game(content), name=file.name.removesuffix(".json"), gid="")


def open_address(page: ReplayTable, parts: dict[str, str]) -> None:
    """Open what the page's address names: ``?game=<id>`` (a saved game) or a share link in
    its fragment, at ``step=`` (else where the link says, else the last step)."""
    query = parse_qs(parts.get("search", "").lstrip("?"))
    step = read_step(query.get("step", [""])[0])
    gid, fragment = query.get("game", [""])[0], parts.get("hash", "").lstrip("#")
    if fragment:
        _open(page, lambda: read_game(fragment, step), name="", gid="")
    elif gid:
        open_saved(page, gid, step)


COMMANDS = (
    Command("open_saved", text_arg, open_saved),
    Command("open_link", long_fields(MAX_PASTED), open_link),
    Command("open_file", value(ChosenFile), open_file, sent_by_page=True),
    Command("open_address", long_fields(MAX_PASTED), open_address, sent_by_page=True),
)
