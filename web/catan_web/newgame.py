"""The new-game form as data: who plays each seat, the board, the seed and the options; and
whether a new game allows taking back moves when nobody chose.

Pure Python (testable in CPython); the engine is imported only when the form makes its game
(:meth:`NewGame.create`), so that the home screen starts without it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from catan_core.palette import COLORS

from .text import Text

if TYPE_CHECKING:
    from catan_core.game import Game

MAX_GAME_NAME = 60
"""Longest game name the form takes (and the page takes from an imported file's name)."""
MAX_SEED = 40
"""Longest seed the form takes (any text: the engine hashes it)."""
FILE_PREFIX, FILE_SUFFIX = "catan-", ".json"
"""An exported game's file name: the prefix, the game's name (:func:`file_name`), the suffix."""
FILE_UNSAFE = frozenset('<>:"/\\|?*')
"""Characters that file systems refuse in a name (replaced by ``_`` in an exported file's name)."""


def file_name(name: str) -> str:
    """The file name of an exported game called ``name``, from which an import reads the name
    back (:func:`name_of_file`): a space becomes ``-``, a ``-`` becomes ``--``.

    >>> file_name("Friday night!"), file_name("Ana-Ben 2"), file_name("  "), file_name("a/b")
    ('catan-Friday-night!.json', 'catan-Ana--Ben-2.json', 'catan-game.json', 'catan-a_b.json')
    """
    coded = "".join(
        "-" if c == " " else "--" if c == "-" else "_" if c in FILE_UNSAFE or not c.isprintable() else c
        for c in name.strip()
    )
    return f"{FILE_PREFIX}{coded or 'game'}{FILE_SUFFIX}"


def name_of_file(file: str) -> str:
    """The name of the game in file ``file``: an exported game's own name (see
    :func:`file_name`), else the file's name without ``.json``; at most :data:`MAX_GAME_NAME`
    characters ("" when nothing is left).

    >>> name_of_file("catan-Friday-night!.json"), name_of_file("catan-Ana--Ben-2.json"), name_of_file("mine.JSON")
    ('Friday night!', 'Ana-Ben 2', 'mine')
    """
    stem = file[: -len(FILE_SUFFIX)] if file.lower().endswith(FILE_SUFFIX) else file
    if stem.startswith(FILE_PREFIX):
        stem = re.sub("--?", lambda dash: "-" if dash.group() == "--" else " ", stem[len(FILE_PREFIX) :])
    return stem.strip()[:MAX_GAME_NAME]


def default_take_backs(seats: Sequence[Any]) -> bool:
    """Whether a new game allows taking back moves when nobody chose: yes for one person
    against computer players, no when several people share the device (they agree on it
    first) or nobody plays; ``seats`` have a ``kind``.

    >>> from catan_core.game import Seat
    >>> default_take_backs([Seat("A", "#000000"), Seat("B", "#ffffff", "standard")])
    True
    >>> default_take_backs([Seat("A", "#000000"), Seat("B", "#ffffff")])
    False
    """
    return sum(1 for seat in seats if seat.kind == "human") == 1


@dataclass
class SeatChoice:
    """One seat as chosen on the new-game form."""

    name: str
    color: str
    """A key of :data:`catan_core.palette.COLORS`."""
    kind: str = "human"


@dataclass
class NewGame:
    """The new-game form: seats, board, seed and options."""

    seats: list[SeatChoice]
    players: int = 4
    board: str = "random"
    seed: str = ""
    vp_target: int = 10
    friendly_robber: bool = False
    trade_then_build: bool = False
    """The turn in the order of the rules (off: the combined trade/build phase)."""
    balanced_dice: bool = False
    name: str = ""
    take_backs: bool | None = None
    """Whether taking back moves is allowed (None: :func:`default_take_backs` of the seats)."""
    hints: bool = False
    """Whether the people may ask the coach for hints (always in a game with computer players)."""

    def allows_take_backs(self) -> bool:
        """Whether the game this form starts allows taking back moves."""
        chosen = self.seats[: self.players]
        return default_take_backs(chosen) if self.take_backs is None else self.take_backs

    @classmethod
    def default(cls, text: Text, seed: str) -> NewGame:
        """One person against three computer players, on a random board."""
        seats = [
            SeatChoice(text("ui.color." + color), color, "human" if i == 0 else "standard")
            for i, color in enumerate(list(COLORS)[:4])
        ]
        return cls(seats=seats, seed=seed)

    def rename_defaults(self, old: Text, new: Text) -> None:
        """After a language switch: seats still named by a colour in ``old``'s language are
        named by that colour in ``new``'s (names a person typed stay).

        >>> form = NewGame.default(Text("en"), "1")
        >>> form.seats[1].name = "Ben"
        >>> form.rename_defaults(Text("en"), Text("de"))
        >>> [seat.name for seat in form.seats]
        ['Rot', 'Ben', 'Weiß', 'Orange']
        """
        colors = {old("ui.color." + key): key for key in COLORS}
        for seat in self.seats:
            key = colors.get(seat.name.strip())
            if key is not None:
                seat.name = new("ui.color." + key)

    def create(self) -> Game:
        """The game this form describes; raises :class:`~catan_core.errors.CatanError`
        (the engine's reason) when the choices are not valid."""
        from catan_core.game import Game, Options
        from catan_core.state import seats_from_json

        options = Options(
            players=self.players,
            vp_target=self.vp_target,
            friendly_robber=self.friendly_robber,
            board=self.board,
            trade_then_build=self.trade_then_build,
            balanced_dice=self.balanced_dice,
        )
        seats = seats_from_json(
            [
                {"name": choice.name.strip(), "color": COLORS.get(choice.color, choice.color), "kind": choice.kind}
                for choice in self.seats[: self.players]
            ],
            self.players,
        )
        return Game(options, self.seed.strip() or "0", seats)
