"""Writing a study over the replayed game (the author mode): where it starts and ends, a
comment on any step, "your move" steps where the reader must find the move (with a hint),
the title; and what it gives out, as :mod:`catan_core.study` reads it: the study's file, its
share link (``t1.``) for ``embed.html``, which plays it, a ready ``<iframe>`` snippet, and a
link reopening it here to go on writing.

Commands: ``author`` (in :mod:`.bar`), ``study_title``, ``study_first``, ``study_last``,
``comment``, ``your_move``, ``hint``, ``study_download``, ``study_share``, and the frame's
``frame_lang``, ``frame_width``, ``frame_height`` (:mod:`catan_web.snippet`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core.errors import CatanError
from catan_core.study import MAX_COMMENT, MAX_HINT, MAX_TITLE

from ..commands import Command, line, long_fields, nothing, text as text_arg
from ..controls import button
from ..effects import Download, Focus
from ..example import embed_address, iframe_snippet
from ..html import EMPTY, Markup, el, join
from ..sharing import copy_field, site_address
from ..snippet import SIZE_COMMANDS, frame_fields
from ..text import Msg

if TYPE_CHECKING:
    from catan_core.study import Study

    from .scene import Scene
    from .table import ReplayTable

EMBED, REPLAY = "embed.html", "replay.html"
EXCERPT = 60
"""Characters of a comment shown in the list of annotated steps."""
COMMENT_ROWS = 4


def links(scene: Scene, study: Study) -> tuple[str, str, str]:
    """The study's address in ``embed.html`` (the reader's), the snippet, and the address
    reopening it here."""
    from catan_core.share import study_link

    link = study_link(study)
    frame = scene.state.frame
    address = scene.base + embed_address(link, lang=frame.lang or None)
    title = study.title or scene.text("replay.study.frame_title")
    return address, iframe_snippet(address, title, frame.width, frame.height), site_address(scene.base, REPLAY, link)


def annotated(scene: Scene) -> Markup:
    """The steps of the study that say something, each a button going there."""
    text, draft = scene.text, scene.state.draft
    last = draft.end(scene.replay.length)
    steps = sorted({step for step, _ in (*draft.comments, *draft.questions) if draft.first <= step <= last})
    if not steps:
        return el("p", text("replay.study.none_yet"), class_="muted small")
    items = []
    for step in steps:
        comment = draft.comment(step)
        asked = draft.question(step) is not None
        items.append(
            el(
                "li",
                button(text, text("replay.study.step", step=step), "step", step, ident=f"study-step-{step}"),
                " ",
                el("span", comment[:EXCERPT] + ("…" if len(comment) > EXCERPT else "")),
                " " if asked else None,
                el("span", text("replay.study.asked"), class_="badge") if asked else None,
            )
        )
    return el("ol", join(items), class_="study-steps")


def here(scene: Scene) -> Markup:
    """The comment on the step, and whether the reader must find its move."""
    text, draft, step = scene.text, scene.state.draft, scene.replay.step
    last = draft.end(scene.replay.length)
    if not draft.first <= step <= last:
        return el("p", text("replay.study.outside"), class_="warn")
    area = el("textarea", draft.comment(step), id="comment", rows=str(COMMENT_ROWS), maxlength=str(MAX_COMMENT))
    out = [
        el("label", text("replay.study.comment", step=step), area),
        button(text, text("replay.study.save_comment"), "comment", ident="comment-save", fields="comment"),
    ]
    if step > draft.first:
        hint = draft.question(step)
        box = el("input", type="checkbox", id="your-move", checked=hint is not None, data_change="your_move")
        out.append(el("label", box, text("replay.study.your_move"), class_="check"))
        if hint is not None:
            field = el("input", id="hint", value=hint, maxlength=str(MAX_HINT), autocomplete="off")
            out.append(
                el(
                    "div",
                    el("label", text("replay.study.hint"), field),
                    button(text, text("replay.study.save_hint"), "hint", ident="hint-save", fields="hint"),
                    class_="row fields",
                )
            )
    return el("div", join(out), class_="comment-box")


def outputs(scene: Scene, study: Study | CatanError) -> Markup:
    """The study's link, snippet and file (or why the engine refuses it)."""
    text = scene.text
    if isinstance(study, CatanError):
        return el("p", text.error(study), class_="warn")
    address, snippet, again = links(scene, study)
    return join(
        (
            el("h3", text("replay.study.outputs")),
            frame_fields(text, scene.state.frame, modes=False),
            copy_field(text, text("replay.study.link"), address, "study-link"),
            copy_field(text, text("replay.study.snippet"), snippet, "study-snippet", rows=4),
            copy_field(text, text("replay.study.again"), again, "study-again"),
            el(
                "div",
                button(text, text("replay.study.download"), "study_download", ident="study-download"),
                button(text, text("replay.study.share"), "study_share", ident="study-share"),
                class_="row",
            ),
        )
    )


def study_panel(scene: Scene, study: Study | CatanError | None) -> Markup:
    """The author's panel (nothing outside the author mode)."""
    if study is None:
        return EMPTY
    text, draft = scene.text, scene.state.draft
    title = el(
        "input",
        id="study-title",
        value=draft.title,
        maxlength=str(MAX_TITLE),
        autocomplete="off",
        data_change="study_title",
    )
    span = el(
        "div",
        el("p", text("replay.study.range", first=draft.first, last=draft.end(scene.replay.length)), class_="small"),
        button(text, text("replay.study.start_here"), "study_first", ident="study-first"),
        button(text, text("replay.study.end_here"), "study_last", ident="study-last"),
        class_="row",
    )
    return el(
        "section",
        el("h2", text("replay.study.title"), id="study-title-head"),
        el("p", text("replay.study.help"), class_="muted small"),
        el("label", text("replay.study.name"), title),
        span,
        here(scene),
        el("h3", text("replay.study.annotated")),
        annotated(scene),
        outputs(scene, study),
        class_="card",
        id="study",
        aria_labelledby="study-title-head",
    )


# --- commands ----------------------------------------------------------------------------------------


def _text_ok(typed: str, limit: int) -> bool:
    """Whether ``typed`` is a text the study format takes (printable, lines and tabs allowed)."""
    return len(typed) <= limit and all(c.isprintable() or c in "\n\t" for c in typed)


def study_title(page: ReplayTable, typed: str) -> None:
    """The study's title."""
    if _text_ok(typed.strip(), MAX_TITLE) and "\n" not in typed:
        page.edit(draft=page.state.draft._replace(title=typed.strip()))
    else:
        page.notify(Msg("replay.study.text_refused", limit=MAX_TITLE))


def study_first(page: ReplayTable, _: None) -> None:
    """The study starts at the step shown."""
    replay, draft = page.replay, page.state.draft
    if replay is not None:
        last = draft.last if draft.last is not None and draft.last >= replay.step else None
        page.edit(draft=draft._replace(first=replay.step, last=last))


def study_last(page: ReplayTable, _: None) -> None:
    """The study ends at the step shown."""
    replay, draft = page.replay, page.state.draft
    if replay is None:
        return
    if replay.step < draft.first:
        page.notify(Msg("replay.study.end_before"))
        return
    page.edit(draft=draft._replace(last=replay.step))


def comment(page: ReplayTable, values: dict[str, str]) -> None:
    """The comment on the step shown ("": none)."""
    typed, replay = values.get("comment", "").strip(), page.replay
    if replay is None:
        return
    if not _text_ok(typed, MAX_COMMENT):
        page.notify(Msg("replay.study.text_refused", limit=MAX_COMMENT))
        return
    page.edit(draft=page.state.draft.with_comment(replay.step, typed))
    page.notify(Msg("replay.study.saved", step=replay.step), "info")


def your_move(page: ReplayTable, ticked: str) -> None:
    """The reader must find the move of the step shown, or not."""
    replay, draft = page.replay, page.state.draft
    if replay is not None and replay.step > draft.first:
        page.edit(draft=draft.with_question(replay.step, (draft.question(replay.step) or "") if ticked else None))
        if ticked:
            page.emit(Focus("#hint"))


def hint(page: ReplayTable, values: dict[str, str]) -> None:
    """The hint shown when the reader's move is allowed but not the one to find."""
    typed, replay, draft = values.get("hint", "").strip(), page.replay, page.state.draft
    if replay is None or draft.question(replay.step) is None:
        return
    if not _text_ok(typed, MAX_HINT) or "\n" in typed:
        page.notify(Msg("replay.study.text_refused", limit=MAX_HINT))
        return
    page.edit(draft=draft.with_question(replay.step, typed))
    page.notify(Msg("replay.study.saved", step=replay.step), "info")


def study_download(page: ReplayTable, _: None) -> None:
    """Download the study as a file."""
    from catan_core.study import dumps

    try:
        study = page.study()
    except CatanError as error:
        page.notify(Msg.of_error(error))
        return
    name = "".join(c if c.isalnum() else "-" for c in study.title).strip("-") or "study"
    page.emit(Download(f"catan-study-{name}.json", dumps(study)))


def study_share(page: ReplayTable, _: None) -> None:
    """Open the share panel with the study's link (the reader's, in ``embed.html``)."""
    from catan_core.share import study_link

    try:
        link = study_link(page.study())
    except CatanError as error:
        page.notify(Msg.of_error(error))
        return
    page.edit(sharing=site_address(page.base, EMBED, link), sharing_study=True)
    page.emit(Focus("#share-link"))


COMMANDS = (
    Command("study_title", line(MAX_TITLE), study_title),
    Command("study_first", nothing, study_first),
    Command("study_last", nothing, study_last),
    Command("comment", long_fields(MAX_COMMENT * 2), comment),
    Command("your_move", text_arg, your_move),
    Command("hint", long_fields(MAX_HINT * 2), hint),
    Command("study_download", nothing, study_download),
    Command("study_share", nothing, study_share),
    *SIZE_COMMANDS,
)
