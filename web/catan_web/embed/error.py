"""The error screen: why what was given cannot be shown, the position as it was given (when
its shape could be read: the board, the pieces, the spots the problem is about ringed), and
a link to the board editor with it loaded, to see the problem and fix it.

Seats are called by the scenario's names (or their colours' names, as the game does), never
"Player 1". The editor's address carries the position as the editor's share link
(``editor.html#e1.…``, :func:`catan_core.share.editor_link`), or, when its shape is too wrong
for the editor's model to hold, the scenario's JSON (the editor then says what is wrong);
nothing readable as a scenario: the editor's bare address.

Everything here reads what was given with the careful readers again (bounded, exact types):
it is the same untrusted text that was just refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import quote

from catan_core.editor import Editor
from catan_core.errors import FormatError

from ..example import ScenarioProblem, editor_url, problem_text
from ..html import EMPTY, Markup, el, join, trusted
from .state import Failure, Sketch

if TYPE_CHECKING:
    from .scene import Scene

MAX_EDITOR_JSON = 20_000
"""Longest scenario JSON put in the editor's address (longer: its bare address)."""


class Given(NamedTuple):
    """What the refused text holds, as far as it can be read: the seats' names (None: none
    could be read), the scenario it is or starts from (JSON), and that scenario in the
    editor's model when its shape can be read."""

    names: list[str] | None = None
    scenario: dict[str, Any] | None = None
    editor: Editor | None = None


def failure(problem: ScenarioProblem, lang: str, text: str | None = None) -> Failure:
    """What the error screen shows for ``problem``, met reading ``text`` (None: nothing was read)."""
    found = given(text) if text is not None else Given()
    words = problem_text(problem, lang, found.names)
    if found.editor is None:
        return Failure(words, None, editor_address_of_json(found.scenario, lang))
    from catan_core import share

    return Failure(words, sketch(found.editor), editor_url(lang, share.editor_link(found.editor)))


def given(text: str) -> Given:
    """What ``text`` holds (see :class:`Given`): a scenario, the editor's work, a study's
    start, and the seats of a save or a game's link too."""
    from catan_core import share
    from catan_core.jsonread import parse
    from catan_core.saves import MAX_SAVE_CHARS
    from catan_core.scenarios import SCENARIO_FORMAT
    from catan_core.study import STUDY_FORMAT

    try:
        kind, data = share.unpack(text) if share.is_link(text) else ("", parse(text, MAX_SAVE_CHARS))
        if kind == "editor":
            editor = Editor.from_json(data)
            return Given(editor.names(), None, editor)
    except FormatError:
        return Given()
    if type(data) is dict and data.get("format") == STUDY_FORMAT:
        data = data.get("start")
    if type(data) is not dict:
        return Given()
    if data.get("format") != SCENARIO_FORMAT:
        return Given(names_of(data.get("seats")))
    try:
        editor = Editor.from_scenario(data)
    except FormatError:
        return Given(names_of(data.get("players")), data)
    return Given(editor.names(), data, editor)


def names_of(seats: Any) -> list[str] | None:
    """The seats' names in a scenario's ``players`` or a save's ``seats``: each seat's own
    when it is one, else its colour's, as the game names a seat without one (None: no list
    of seats).

    >>> names_of([{"name": "Ana"}, {"name": 7}, "x"]), names_of("two")
    (['Ana', 'Blue', 'White'], None)
    """
    from catan_core.names import MAX_NAME, MAX_SEATS
    from catan_core.state import default_seats

    if type(seats) is not list or not 0 < len(seats) <= MAX_SEATS:
        return None
    names = []
    for seat, default in zip(seats, default_seats(len(seats)), strict=True):
        name = seat.get("name") if type(seat) is dict else None
        sound = isinstance(name, str) and 0 < len(name) <= MAX_NAME and name.strip() != "" and name.isprintable()
        names.append(name if sound and isinstance(name, str) else default.name)
    return names


def editor_address_of_json(data: dict[str, Any] | None, lang: str) -> str | None:
    """The editor's address with the scenario ``data`` as JSON after ``#`` (None when there
    is none, or it is too long for an address)."""
    if data is None:
        return None
    import json

    encoded = quote(json.dumps(data, separators=(",", ":"), ensure_ascii=False), safe="")
    return editor_url(lang, encoded) if len(encoded) <= MAX_EDITOR_JSON else None


def sketch(editor: Editor) -> Sketch:
    """The position of ``editor`` drawn as it was given, every piece where it was put (a
    second piece on a taken spot left out), with the spots of its problems."""
    from catan_core.board import Board
    from catan_core.rng import Rng
    from catan_core.state import Options, State, default_seats
    from catan_core.views import make_view

    scenario = editor.scenario
    count = len(scenario.players)
    try:
        seats = scenario.seats()
    except FormatError:
        seats = default_seats(count)
    board = Board.beginner() if scenario.board is None else scenario.board
    state = State.new(Options(players=count), seats, board, Rng(0))
    for p, entry in enumerate(scenario.players):
        for node in (*entry.settlements, *entry.cities):
            if state.node_owner[node] < 0:
                state.add_settlement(p, node)
                if node in entry.cities:
                    state.add_city(p, node)
        for edge in entry.roads:
            if state.edge_owner[edge] < 0:
                state.add_road(p, edge)
    if scenario.robber is not None:
        state.robber = scenario.robber
    spots = tuple(dict.fromkeys(spot for problem in editor.problems() for spot in problem.spots))
    return Sketch(make_view(state, None), spots)


def error_screen(scene: Scene) -> Markup:
    """The sentence, the position as given, and the way to the editor."""
    found = scene.state.failure
    if found is None:
        return EMPTY
    t, lang = scene.text, scene.state.lang
    parts = [el("p", found.text, class_="error")]
    if found.sketch is not None:
        from catan_core import svg

        drawing = svg.render(found.sketch.view, lang=lang, marked=found.sketch.spots)
        parts.append(el("div", trusted(drawing), class_="board sketch"))
        parts.append(el("p", t("embed.error.sketch" if found.sketch.spots else "embed.error.as_given"), class_="note"))
    editor = found.editor
    href = editor or editor_url(lang)
    link = el(
        "a", t("embed.error.edit" if editor else "embed.error.editor"), href=href, target="_blank", rel="noopener"
    )
    parts.append(el("p", link, class_="fix"))
    return join(parts)
