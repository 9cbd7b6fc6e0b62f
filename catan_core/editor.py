"""The board editor's model: a position edited by clicks, checked as it is edited.

An :class:`Editor` holds a :class:`~catan_core.scenarios.Scenario` that may not be a
reachable position yet (two settlements side by side while the author moves one), the
spots marked for the reader and a caption. Every operation is one thing an author does on
the page: a click on the board with a tool (:meth:`Editor.click`), or a setting of a panel
(hands, development cards, phase, whose turn, dice, seats, options). Each operation can be
undone and redone. :meth:`Editor.problems` runs the engine's scenario check and returns
*located* problems: a message key with its parameters and the spots involved (both
intersections breaking the distance rule, the road not connected), to say in words and to
ring on the board. :meth:`Editor.to_scenario` is the scenario JSON.

"A settlement blocked by the distance rule", in five operations after choosing the start:

>>> from catan_core.actions import Action
>>> editor = Editor.beginner(pieces=False)
>>> editor.tool, editor.seat = "settlement", 0
>>> editor.click("node", 12)
True
>>> editor.set_phase("main"); editor.give_cost(0, "settlement")
True
True
>>> editor.tool = "mark"
>>> editor.click("node", 17), editor.marks
(True, ('n17',))
>>> editor.problems()
[]
>>> editor.game().check_action(Action.parse("0 settlement 17"))
Traceback (most recent call last):
...
catan_core.errors.IllegalActionError: Too close: no building may stand next to another (the distance rule).

A position the rules cannot reach says where:

>>> editor.tool = "settlement"
>>> _ = editor.click("node", 17)
>>> [(p.key, p.spots) for p in editor.problems()]
[('editor.distance', ('n12', 'n17'))]
>>> editor.problems()[0].text("en")
'Intersections 12 and 17 are next to each other: no two buildings may touch (the distance rule).'
>>> editor.undo(); editor.problems()
True
[]
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .board import (
    EDGE_COUNT,
    EDGE_NODES,
    HEX_COUNT,
    NODE_COUNT,
    NODE_EDGES,
    NODE_NODES,
    Board,
    spot,
)
from .errors import FormatError
from .game import COSTS, Game, Options
from .i18n import translate
from .jsonread import Obj, is_int
from .names import KNIGHT, MAX_SEATS
from .replay import Replay
from .rng import Rng
from .scenarios import MAX_TITLE, SCENARIO_PHASES, PlayerSetup, Scenario, snake_order
from .state import (
    LARGEST_ARMY_MIN,
    LATER_OPTIONS,
    LONGEST_ROAD_MIN,
    RESOURCE_SUPPLY,
    State,
    award,
    default_seats,
)

__all__ = ["ELEMENTS", "MAX_CAPTION", "MAX_MARKS", "MAX_UNDO", "TOOLS", "Editor", "Problem"]

TOOLS = ("settlement", "city", "road", "robber", "erase", "mark")
"""What a click on the board does (see :meth:`Editor.click`)."""
ELEMENTS = {"node": "n", "edge": "e", "hex": "h"}
"""The board's elements as the page names them, with the letter of their spots."""
MAX_MARKS = 30
"""Most spots marked for the reader."""
MAX_CAPTION = MAX_TITLE
"""Longest caption (the embed shows at most this many characters)."""
MAX_UNDO = 500
"""Operations remembered for undo."""
MAX_CARDS = RESOURCE_SUPPLY * 5
"""Most cards of one kind a seat may be given while editing (the check says what is too many)."""
_LOCATED = frozenset({"format.distance", "format.road_unconnected", "format.piece_overlap"})
"""Engine refusals the editor's own located checks report in full (every place at once)."""
_FRIENDLIER = {("format.state", "largest_army"): "editor.largest_army_holder"}
"""Engine refusals (key, field) the editor says in its own words."""


@dataclass(frozen=True)
class Problem:
    """Something that keeps the position from being reachable: a message, and the spots it
    is about (``n12``, ``e40``, ``h5``; maybe none)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    spots: tuple[str, ...] = ()

    def text(self, lang: str, names: Sequence[str] | None = None) -> str:
        """The problem in words, in ``lang``."""
        return translate(self.key, self.params, lang, names)


_Snapshot = tuple[dict[str, Any], tuple[str, ...], str]


class Editor:
    """An editable position (see the module docstring).

    ``tool`` and ``seat`` say what a board click does; they are the page's choices, not
    edits (no undo)."""

    def __init__(self, scenario: Scenario, marks: Sequence[str] = (), caption: str = "") -> None:
        self.scenario = scenario
        self.marks: tuple[str, ...] = ()
        self.caption = ""
        self.tool = TOOLS[0]
        self.seat = 0
        self._undo: list[_Snapshot] = []
        self._redo: list[_Snapshot] = []
        for mark in marks:
            self._toggle_mark(_spot_name(mark))
        self.caption = _caption(caption)

    # --- where an edit starts ----------------------------------------------------------------

    @classmethod
    def beginner(cls, players: int = 4, pieces: bool = True) -> Editor:
        """The beginner board: with the beginner set-up's pieces and cards (the first
        player to roll), or empty (``pieces=False``)."""
        if pieces:
            return cls(Scenario.of(Game(Options(players=players, board="beginner"))))
        return cls(Scenario([PlayerSetup() for _ in range(_players(players))]))

    @classmethod
    def random_board(cls, seed: int, players: int = 4) -> Editor:
        """An empty random board, the one a new game of ``seed`` is played on, in the set-up."""
        board = Board.random(Rng(seed))
        return cls(Scenario([PlayerSetup() for _ in range(_players(players))], board=board, phase="setup"))

    @classmethod
    def from_scenario(cls, data: Any) -> Editor:
        """A scenario (parsed JSON) to edit: its shape must be right (else
        :class:`FormatError`); its position may be unreachable, :meth:`problems` says why."""
        return cls(Scenario.from_json(data))

    @classmethod
    def from_game(cls, game: Game, step: int | None = None) -> Editor:
        """The position at ``step`` (default: the last) of a recorded game."""
        replay = Replay(game)
        return cls(Scenario.of(replay.game_at(replay.length if step is None else step)))

    @classmethod
    def from_save(cls, data: Any, step: int | None = None) -> Editor:
        """The position at ``step`` (default: the last) of a saved game (parsed JSON)."""
        replay = Replay.from_save(data)
        return cls(Scenario.of(replay.game_at(replay.length if step is None else step)))

    # --- the output -----------------------------------------------------------------------------

    def to_scenario(self) -> dict[str, Any]:
        """The scenario JSON of the position (in version 1 whenever it needs nothing of 2)."""
        return self.scenario.to_json()

    def game(self) -> Game:
        """The position as a game (the engine's :class:`FormatError` when unreachable)."""
        return self.scenario.game()

    def problems(self) -> list[Problem]:
        """Why the position cannot be reached, empty when it can: every pair of buildings
        too close, every road not connected, every spot taken twice, then the engine's
        check's first refusal of another kind."""
        found = _located(self.scenario)
        try:
            self.scenario.game()
        except FormatError as error:
            if not (found and error.key in _LOCATED):
                key = _FRIENDLIER.get((error.key, str(error.params.get("field"))), error.key)
                found.append(Problem(key, dict(error.params), _spots_of(error.params)))
        return found

    def names(self) -> list[str]:
        """The seats' names (defaults filled in), for :meth:`Problem.text`."""
        defaults = default_seats(len(self.scenario.players))
        return [p.name or d.name for p, d in zip(self.scenario.players, defaults, strict=False)]

    def to_json(self) -> dict[str, Any]:
        """The editor's work (scenario, marks, caption) as JSON, for a share link."""
        return {"scenario": self.scenario.to_json(), "marks": list(self.marks), "caption": self.caption}

    @classmethod
    def from_json(cls, data: Any) -> Editor:
        """Read what :meth:`to_json` wrote (the scenario's shape checked, marks and caption
        bounded)."""
        obj = Obj(data, "editor")
        obj.only(("scenario", "marks", "caption"))
        marks = obj.list("marks", MAX_MARKS)
        if not all(spot(mark) for mark in marks) or len(set(marks)) < len(marks):
            raise obj.fail("marks")
        return cls(Scenario.from_json(obj.get("scenario")), marks, obj.str("caption", max_len=MAX_CAPTION))

    def open(self, other: Editor) -> bool:
        """Take ``other``'s work (a new start: its position, marks and caption) as one edit,
        which :meth:`undo` takes back like any other; whether anything changed.

        >>> editor = Editor.beginner(pieces=False)
        >>> editor.open(Editor.beginner()), len(editor.scenario.players[0].settlements)
        (True, 2)
        >>> editor.undo(), len(editor.scenario.players[0].settlements)
        (True, 0)
        """
        before = self._snapshot()
        self._restore(other._snapshot())
        if self._snapshot() == before:
            return False
        self._undo.append(before)
        del self._undo[:-MAX_UNDO]
        self._redo.clear()
        return True

    # --- undo -------------------------------------------------------------------------------------

    def _snapshot(self) -> _Snapshot:
        return self.scenario.to_json(), self.marks, self.caption

    def _restore(self, snapshot: _Snapshot) -> None:
        self.scenario = Scenario.from_json(snapshot[0])
        self.marks, self.caption = snapshot[1], snapshot[2]
        self.seat = min(self.seat, len(self.scenario.players) - 1)

    def _edit(self, change: Callable[[Scenario], None]) -> bool:
        """Apply ``change`` to the scenario; remember the edit for undo when it changed
        anything. Whether it did."""
        before = self._snapshot()
        change(self.scenario)
        _tidy(self.scenario)
        if self._snapshot() == before:
            return False
        self._undo.append(before)
        del self._undo[:-MAX_UNDO]
        self._redo.clear()
        return True

    @property
    def can_undo(self) -> bool:
        """Whether there is an edit to undo."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone edit to redo."""
        return bool(self._redo)

    def undo(self) -> bool:
        """Undo the last edit; whether there was one."""
        if not self._undo:
            return False
        self._redo.append(self._snapshot())
        self._restore(self._undo.pop())
        return True

    def redo(self) -> bool:
        """Redo the last undone edit; whether there was one."""
        if not self._redo:
            return False
        self._undo.append(self._snapshot())
        self._restore(self._redo.pop())
        return True

    # --- the board --------------------------------------------------------------------------------

    def click(self, element: str, ident: int) -> bool:
        """A click on the board's ``element`` (``node``, ``edge``, ``hex``) number ``ident``
        with :attr:`tool` for :attr:`seat`; whether it changed anything.

        ``settlement``, ``city``, ``road``: put the seat's piece there, replacing what stands
        there, or take it away when it is already there; ``robber``: move the robber to a
        hex; ``erase``: take away the piece there; ``mark``: ring the spot for the reader, or
        not any more. A click that means nothing for the tool (a road on a hex) does nothing.
        """
        letter = ELEMENTS.get(element)
        if letter is None or spot(f"{letter}{ident}") is None:
            raise FormatError("format.field", field=element)
        name = f"{letter}{ident}"
        tool, seat = self.tool, self.seat
        if tool == "mark":
            return self.toggle_mark(name)
        if tool == "erase":
            return self.remove(name)
        if tool == "robber":
            return letter == "h" and self.move_robber(ident)
        kind = {"settlement": "n", "city": "n", "road": "e"}.get(tool)
        if kind != letter:
            return False
        if self.piece_at(name) == (seat, tool):
            return self.remove(name)
        if tool == "road":
            return self.place_road(seat, ident)
        return self.place_building(seat, ident, city=tool == "city")

    def piece_at(self, name: str) -> tuple[int, str] | None:
        """The seat and kind (``settlement``, ``city``, ``road``) of the piece on spot
        ``name``, or None."""
        for p, entry in enumerate(self.scenario.players):
            for kind, pieces, letter in (("settlement", entry.settlements, "n"), ("city", entry.cities, "n"),
                                         ("road", entry.roads, "e")):
                if name[0] == letter and int(name[1:]) in pieces:
                    return p, kind
        return None

    def place_building(self, seat: int, node: int, city: bool = False) -> bool:
        """Put a settlement (or city) of ``seat`` on ``node``, replacing what stands there."""
        self._check_seat(seat)
        _check_id(node, NODE_COUNT, "node")

        def change(s: Scenario) -> None:
            _clear(s, f"n{node}")
            (s.players[seat].cities if city else s.players[seat].settlements).append(node)

        return self._edit(change)

    def place_road(self, seat: int, edge: int) -> bool:
        """Put a road of ``seat`` on ``edge``, replacing what lies there."""
        self._check_seat(seat)
        _check_id(edge, EDGE_COUNT, "edge")

        def change(s: Scenario) -> None:
            _clear(s, f"e{edge}")
            s.players[seat].roads.append(edge)

        return self._edit(change)

    def remove(self, name: str) -> bool:
        """Take away the piece on spot ``name`` (``n12``, ``e40``)."""
        _spot_name(name)
        return self._edit(lambda s: _clear(s, name))

    def move_robber(self, hex_id: int) -> bool:
        """Put the robber on hex ``hex_id``."""
        _check_id(hex_id, HEX_COUNT, "robber")

        def change(s: Scenario) -> None:
            desert = (s.board or Board.beginner()).desert
            s.robber = None if hex_id == desert else hex_id

        return self._edit(change)

    def toggle_mark(self, name: str) -> bool:
        """Ring spot ``name`` for the reader, or take its ring away."""
        name = _spot_name(name)
        before = self._snapshot()
        self._toggle_mark(name)
        if self.marks == before[1]:
            return False
        self._undo.append(before)
        self._redo.clear()
        return True

    def _toggle_mark(self, name: str) -> None:
        if name in self.marks:
            self.marks = tuple(m for m in self.marks if m != name)
        elif len(self.marks) < MAX_MARKS:
            self.marks = (*self.marks, name)

    # --- the panels -------------------------------------------------------------------------------

    def set_hand(self, seat: int, cards: Sequence[int]) -> bool:
        """The resource cards of ``seat`` (five counts: brick, lumber, wool, grain, ore)."""
        self._check_seat(seat)
        hand = _five(cards, "hand")
        return self._edit(lambda s: setattr(s.players[seat], "hand", hand))

    def add_cards(self, seat: int, resource: int, count: int = 1) -> bool:
        """Give ``seat`` ``count`` more cards of ``resource`` (fewer when negative; never
        below none)."""
        self._check_seat(seat)
        _check_id(resource, 5, "hand")
        hand = list(self.scenario.players[seat].hand)
        hand[resource] = max(0, min(MAX_CARDS, hand[resource] + count))
        return self.set_hand(seat, hand)

    def give_cost(self, seat: int, kind: str) -> bool:
        """Give ``seat`` the cards that ``kind`` costs (``road``, ``settlement``, ``city``,
        ``buy`` a development card) on top of its hand."""
        self._check_seat(seat)
        if kind not in COSTS:
            raise FormatError("format.field", field="kind")
        hand = [min(MAX_CARDS, h + c) for h, c in zip(self.scenario.players[seat].hand, COSTS[kind], strict=False)]
        return self.set_hand(seat, hand)

    def set_dev(self, seat: int, card: int, held: int | None = None, played: int | None = None,
                bought: int | None = None) -> bool:
        """Development cards of kind ``card`` of ``seat``: ``held`` (unplayed), ``played``
        face up (Knights make the army), of the held ones ``bought`` this turn."""
        self._check_seat(seat)
        _check_id(card, 5, "dev_cards")
        for value in (held, played, bought):
            if value is not None and not is_int(value, 0, MAX_CARDS + 1):
                raise FormatError("format.field", field="dev_cards")

        def change(s: Scenario) -> None:
            entry = s.players[seat]
            for counts, value in ((entry.dev_cards, held), (entry.played, played), (entry.bought, bought)):
                if value is not None:
                    counts[card] = value

        return self._edit(change)

    def set_phase(self, phase: str) -> bool:
        """The phase (one of :data:`~catan_core.scenarios.SCENARIO_PHASES`). What belonged to
        the phase before (an open trade, set-up or discards half done, the dice of the turn
        before a roll) is dropped."""
        if phase not in SCENARIO_PHASES:
            raise FormatError("format.field", field="phase")

        def change(s: Scenario) -> None:
            if s.phase != phase:
                s.phase = phase
                s.setup_order = s.setup_node = s.discarding = s.free_roads = s.trade = None
                s.after_robber = None
                s.dev_played = None
                if phase in ("setup", "roll"):
                    s.rolled = None
                if phase == "setup" or s.turn == 0:
                    s.turn = None

        return self._edit(change)

    def set_current(self, seat: int) -> bool:
        """Whose turn it is (in the set-up: who places next)."""
        self._check_seat(seat)

        def change(s: Scenario) -> None:
            if s.current != seat:
                s.current = seat
                s.trade = None
                if s.setup_order is not None:
                    s.setup_order = snake_order(seat, len(s.players))

        return self._edit(change)

    def set_dice(self, rolls: Sequence[Sequence[int]]) -> bool:
        """The next rolls' dice, in order (later rolls are random)."""
        dice = []
        for roll in rolls:
            if len(roll) != 2 or not all(is_int(d, 1, 7) for d in roll):
                raise FormatError("format.field", field="dice")
            dice.append((roll[0], roll[1]))
        return self._edit(lambda s: setattr(s, "dice", dice))

    def set_seat(self, seat: int, name: str | None = None, color: str | None = None, kind: str | None = None) -> bool:
        """A seat's name, colour (``#rrggbb``) or player kind (refused when not valid)."""
        self._check_seat(seat)
        entry = copy.copy(self.scenario.players[seat])
        for key, value in (("name", name), ("color", color), ("kind", kind)):
            if value is not None:
                setattr(entry, key, value)
        entry.seat(seat, default_seats(MAX_SEATS)[seat])
        return self._edit(lambda s: s.players.__setitem__(seat, entry))

    def set_players(self, players: int) -> bool:
        """The number of seats: new ones are empty, the last ones leave with their pieces."""
        players = _players(players)
        self.seat = min(self.seat, players - 1)

        def change(s: Scenario) -> None:
            del s.players[players:]
            s.players += [PlayerSetup() for _ in range(players - len(s.players))]
            s.current = min(s.current, players - 1)
            s.setup_order = s.discarding = s.trade = None
            for key in ("longest_road", "largest_army"):
                if (getattr(s, key) or 0) >= players:
                    setattr(s, key, None)

        return self._edit(change)

    def set_option(self, name: str, value: Any) -> bool:
        """A game option (``vp_target``, ``friendly_robber``, ``discard_limit``, ...; not
        ``players`` or ``board``), refused when not valid.

        >>> editor = Editor.beginner(pieces=False)
        >>> editor.set_option("balanced_dice", True), editor.to_scenario()["options"]
        (True, {'balanced_dice': True})
        """
        if name in ("players", "board") or name not in (*Options().to_json(), *LATER_OPTIONS):
            raise FormatError("format.field", field="options")
        options = Options.from_json({**self.scenario.options, name: value})
        default = getattr(Options(), name)
        changed = {k: v for k, v in self.scenario.options.items() if k != name}
        if getattr(options, name) != default:
            changed[name] = value
        return self._edit(lambda s: setattr(s, "options", changed))

    def set_award(self, key: str, seat: int | None) -> bool:
        """Name who holds ``longest_road`` or ``largest_army`` among several tied leaders
        (None: whoever the pieces and Knights give it to)."""
        if key not in ("longest_road", "largest_army"):
            raise FormatError("format.field", field=key)
        if seat is not None:
            self._check_seat(seat)
        return self._edit(lambda s: setattr(s, key, seat))

    def set_title(self, title: str) -> bool:
        """The scenario's title (shown when there is no caption)."""
        title = _caption(title)
        return self._edit(lambda s: setattr(s, "title", title))

    def set_caption(self, caption: str) -> bool:
        """The sentence shown above the board in the embed."""
        caption = _caption(caption)
        before = self._snapshot()
        self.caption = caption
        if caption == before[2]:
            return False
        self._undo.append(before)
        self._redo.clear()
        return True

    def _check_seat(self, seat: int) -> None:
        _check_id(seat, len(self.scenario.players), "seat")


# --- helpers -------------------------------------------------------------------------------------------


def _players(count: int) -> int:
    if not is_int(count, 2, MAX_SEATS + 1):
        raise FormatError("format.option_players")
    return count


def _check_id(value: Any, limit: int, field: str) -> None:
    if not is_int(value, 0, limit):
        raise FormatError("format.field", field=field)


def _spot_name(name: Any) -> str:
    if spot(name) is None:
        raise FormatError("format.field", field="spot")
    return str(name)


def _caption(text: Any) -> str:
    if not isinstance(text, str) or len(text) > MAX_CAPTION or not _utf8(text):
        raise FormatError("format.field", field="caption")
    return text


def _utf8(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (no half characters), as files and links must."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _five(cards: Sequence[int], field: str) -> list[int]:
    if len(cards) != 5 or not all(is_int(c, 0, MAX_CARDS + 1) for c in cards):
        raise FormatError("format.field", field=field)
    return list(cards)


def _clear(s: Scenario, name: str) -> None:
    """Take every piece off spot ``name``."""
    kind, ident = spot(name) or ("", -1)
    for entry in s.players:
        lists = (entry.settlements, entry.cities) if kind == "n" else (entry.roads,) if kind == "e" else ()
        for pieces in lists:
            while ident in pieces:
                pieces.remove(ident)


def _owners(s: Scenario) -> tuple[list[list[int]], list[list[int]]]:
    """Per intersection and per path, the seats with a piece there (two or more: a spot
    taken twice)."""
    nodes: list[list[int]] = [[] for _ in range(NODE_COUNT)]
    edges: list[list[int]] = [[] for _ in range(EDGE_COUNT)]
    for p, entry in enumerate(s.players):
        for node in entry.settlements + entry.cities:
            nodes[node].append(p)
        for e in entry.roads:
            edges[e].append(p)
    return nodes, edges


def _located(s: Scenario) -> list[Problem]:
    """The problems the editor locates itself, all of them: spots taken twice, buildings
    too close, roads not connected to their owner's pieces (a road may pass an opponent's
    building: every road was connected when it was built)."""
    nodes, edges = _owners(s)
    out = [Problem("format.piece_overlap", {"spot": f"n{n}"}, (f"n{n}",))
           for n in range(NODE_COUNT) if len(nodes[n]) > 1]
    out += [Problem("format.piece_overlap", {"spot": f"e{e}"}, (f"e{e}",))
            for e in range(EDGE_COUNT) if len(edges[e]) > 1]
    for a in range(NODE_COUNT):
        for b in NODE_NODES[a]:
            if a < b and nodes[a] and nodes[b]:
                out.append(Problem("editor.distance", {"node": a, "other": b}, (f"n{a}", f"n{b}")))
    for p, entry in enumerate(s.players):
        connected = _connected_roads(set(entry.settlements + entry.cities), set(entry.roads))
        out += [Problem("format.road_unconnected", {"edge": e, "player": p}, (f"e{e}",))
                for e in entry.roads if e not in connected]
    return out


def _connected_roads(own: set[int], roads: set[int]) -> set[int]:
    """The roads of ``roads`` joined to one of the ``own`` buildings by roads of ``roads``."""
    reached: set[int] = set()
    todo = [e for e in roads if own & set(EDGE_NODES[e])]
    reached.update(todo)
    while todo:
        for node in EDGE_NODES[todo.pop()]:
            for f in NODE_EDGES[node]:
                if f in roads and f not in reached:
                    reached.add(f)
                    todo.append(f)
    return reached


def _spots_of(params: dict[str, Any]) -> tuple[str, ...]:
    """The spots an engine refusal's parameters name."""
    out = []
    for key, letter in (("node", "n"), ("edge", "e"), ("hex", "h")):
        if is_int(params.get(key), 0, 100):
            out.append(f"{letter}{params[key]}")
    if spot(params.get("spot")):
        out.append(str(params["spot"]))
    return tuple(out)


def _tidy(s: Scenario) -> None:
    """Forget a named holder of Longest Road or Largest Army whom the pieces and Knights
    no longer allow (the card then goes to whoever they give it to)."""
    if s.longest_road is None and s.largest_army is None:
        return
    state = State.new(s.options_for_game(), default_seats(len(s.players)), s.board or Board.beginner(), Rng(0))
    try:
        for p, entry in enumerate(s.players):
            state.place_pieces(p, list(entry.settlements), list(entry.cities), list(entry.roads))
    except FormatError:
        return  # pieces overlap: the problems say so first
    lengths = state.update_road_lengths()
    knights = [entry.played[KNIGHT] for entry in s.players]
    awards = (("longest_road", lengths, LONGEST_ROAD_MIN), ("largest_army", knights, LARGEST_ARMY_MIN))
    for key, values, minimum in awards:
        named = getattr(s, key)
        if named is not None and (named >= len(values) or award(values, named, minimum) != named):
            setattr(s, key, None)

