"""The position being edited as the board draws it, even while the rules cannot reach it.

While an author works, the position may break the rules (two settlements side by side as
one is moved): the engine then refuses to build it as a game, and the editor's problems say
why (:meth:`catan_core.editor.Editor.problems`). The board still shows every piece that can
stand: :func:`checked` builds the position the engine's way when it can, and otherwise
places the pieces without checking a rule (a spot taken twice shows its first piece).

>>> from catan_core.editor import Editor
>>> editor = Editor.beginner(pieces=False)
>>> editor.place_building(0, 12), editor.place_building(1, 17)
(True, True)
>>> found = checked(editor)
>>> [p.key for p in found.problems], found.game is None, found.view.node_owner[12], found.view.node_owner[17]
(['editor.distance'], True, 0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from catan_core.board import Board
from catan_core.errors import CatanError
from catan_core.game import Game, Options
from catan_core.rng import Rng
from catan_core.state import State, default_seats
from catan_core.views import View, make_view

if TYPE_CHECKING:
    from catan_core.editor import Editor, Problem
    from catan_core.scenarios import Scenario


@dataclass(frozen=True)
class Checked:
    """The position as the engine checked it: its problems (none: it can be reached), the
    game it makes when it can be reached, and what the board draws."""

    problems: tuple[Problem, ...]
    game: Game | None
    view: View


def checked(editor: Editor) -> Checked:
    """The editor's position checked, and its drawing (a spectator's view)."""
    problems = tuple(editor.problems())
    game = None
    if not problems:
        try:
            game = editor.game()
        except CatanError:  # not foreseen by problems(): drawn as a sketch all the same
            game = None
    view = game.view(None, with_log=False) if game is not None else make_view(sketch(editor.scenario), None)
    return Checked(problems, game, view)


def sketch(scenario: Scenario) -> State:
    """The scenario's pieces, cards, robber and turn on its board, without checking a rule."""
    n = len(scenario.players)
    board = scenario.board or Board.beginner()
    try:
        options = scenario.options_for_game()
    except CatanError:
        options = Options(players=n, board="beginner" if scenario.board is None else "random")
    try:
        seats = scenario.seats()
    except CatanError:
        seats = default_seats(n)
    state = State.new(options, seats, board, Rng(0))
    for p, entry in enumerate(scenario.players):
        for node in entry.settlements + entry.cities:
            if state.node_owner[node] < 0:
                state.add_settlement(p, node)
                if node in entry.cities:
                    state.add_city(p, node)
        for e in entry.roads:
            if state.edge_owner[e] < 0:
                state.add_road(p, e)
        state.players[p].hand = list(entry.hand)
    state.robber = board.desert if scenario.robber is None else scenario.robber
    state.current = min(scenario.current, n - 1)
    return state
