"""Share links: a scenario, a game (at a step), a study or the editor's work, all in a URL
fragment, with no server.

A link's fragment is ``<kind><version>.<data>``: a letter for the kind (:data:`KINDS`), the
link format's version, a dot, then the kind's JSON, compressed with zlib (deflate, with the
preset dictionary :data:`DICTIONARY` of words these formats repeat) and written in base64url
without padding. A game travels as its record -- options, seats, seed, origin scenario and
history, the fields of a save that the rest is replayed from -- and the step to show.

Reading is bounded both ways, before anything is built: at most :data:`MAX_LINK_CHARS`
characters, inflated to at most :data:`MAX_INFLATED` bytes (checked while inflating, so a
small link that would inflate to gigabytes is refused after :data:`MAX_INFLATED` bytes),
then the careful JSON reader and the kind's own loader (which checks the position, replays
the game, checks every move of a study). Garbage, unknown versions and a kind the caller
does not expect are refused with a :class:`~catan_core.errors.FormatError`.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=2)
>>> for text in ("0 roll 2+2", "0 end", "1 roll 5+5"):
...     _ = game.apply(text)
>>> link = game_link(game, step=2)
>>> link[:3]
'g1.'
>>> shared = read_link("https://example.org/catan/replay.html#" + link)
>>> shared.kind, shared.step, shared.game.to_json() == game.to_json()
('game', 2, True)
>>> try:
...     read_link("x9." + link[3:])
... except FormatError as error:
...     print(error.key, error.params)
format.link_version {'version': '9'}
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import saves
from .errors import FormatError
from .game import Game
from .jsonread import Obj, is_int, parse
from .scenarios import load_scenario

if TYPE_CHECKING:  # imported where used: the embed reads plain scenarios without them
    from .editor import Editor
    from .study import Study

__all__ = [
    "DICTIONARY", "KINDS", "LINK_VERSION", "MAX_INFLATED", "MAX_LINK_CHARS", "Shared", "editor_link", "game_link",
    "is_link", "pack", "read_link", "scenario_link", "study_link", "unpack",
]

LINK_VERSION = 1
KINDS: dict[str, str] = {"scenario": "s", "game": "g", "study": "t", "editor": "e"}
"""The kinds of link, by the letter that starts them."""
MAX_LINK_CHARS = 100_000
"""Longest link data read (a game of a thousand actions takes a few thousand)."""
MAX_INFLATED = 2_000_000
"""Most bytes a link's data may inflate to (a study may hold a save, log and all)."""
_LEVEL = 9
_WORDS: tuple[str, ...] = (
    # the study and the editor
    '{"format":"catan-study","version":1,"title":"', '","comment":"', '"your_move":{"hint":"', '"also":[',
    '{"scenario":', '"marks":["n', '"caption":"',
    # a game's record (a save's fields)
    (
        '{"options":{"players":4,"vp_target":10,"friendly_robber":false,"discard_limit":7,"board":"random",'
        '"separate_red_numbers":true},"seats":[{"name":"Red","color":"#d21c26","kind":"human"},'
        '{"name":"Blue","color":"#1147d6","kind":"human"},{"name":"White","color":"#fafafa","kind":"human"},'
        '{"name":"Orange","color":"#ff9d2b","kind":"human"}],"seed":'
    ),
    '"origin":null,"history":["',
    # a scenario
    '"terrains":["forest","pasture","fields","hills","mountains","desert"],"numbers":[',
    '"harbors":["generic","brick","lumber","wool","grain","ore"]',
    '"turn":', '"rolled":[', '"dev_played":true,', '"after_robber":"roll",', '"setup_order":[', '"setup_node":',
    '"discarding":[', '"free_roads":1,', '"trade":{"give":{', '"want":{', '"targets":[', '"answers":[{"seat":',
    '"answer":"accept"', '"answer":"decline"', '"answer":"counter"',
    '"dice":[[', '"robber":', '"longest_road":', '"largest_army":',
    '"dev_cards":{"knight":1,"victory_point":1,"road_building":1,"year_of_plenty":1,"monopoly":1},',
    '"played":{"knight":', '"bought_this_turn":{',
    '"hand":{"brick":1,"lumber":1,"wool":1,"grain":1,"ore":1}', '"cities":[', '"roads":[', '"settlements":[',
    '"color":"#', '{"name":"', '{"format":"catan-scenario","version":1,"title":"', '"board":"beginner","players":[',
    '"current":0,"phase":"main","seed":',
    # actions, the most frequent last (the nearest words cost the least)
    ' year_of_plenty ', ' monopoly ', ' road_building"', ' knight"', ' counter ', ' offer ', ' to all"', ' accept"',
    ' decline"', ' confirm ', ' cancel"', ' discard ', ' maritime ', ' city ', ' buy"', ' robber ', ' settlement ',
    ' road ', ' end","', ' roll","',
)
DICTIONARY: bytes = "".join(_WORDS).encode("utf-8")
"""The preset dictionary of link version 1 (fixed: another would be another version)."""
_DATA = re.compile(r"[A-Za-z0-9_-]*")
_HEAD = re.compile(r"([a-z])([0-9]{1,6})\.")


# --- the envelope -------------------------------------------------------------------------------------


def pack(kind: str, data: Any) -> str:
    """The link data of ``data`` (JSON-ready) as a ``kind`` link.

    >>> pack("scenario", {"format": "catan-scenario"})[:3]
    's1.'
    """
    try:
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # half a character: no link (and no file) can hold it
        raise FormatError("format.not_json") from None
    packer = zlib.compressobj(_LEVEL, zlib.DEFLATED, zlib.MAX_WBITS, 9, zlib.Z_DEFAULT_STRATEGY, DICTIONARY)
    raw = packer.compress(text) + packer.flush()
    return f"{KINDS[kind]}{LINK_VERSION}." + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def is_link(text: str) -> bool:
    """Whether ``text`` looks like a link's data (or an address ending in one) rather than
    JSON: a kind letter and a version number, then a dot.

    >>> is_link("s1.eNq"), is_link("https://example.org/embed.html#t1.eNq"), is_link('{"format": 1}')
    (True, True, False)
    """
    return _HEAD.match(text.rpartition("#")[2].strip()) is not None


def unpack(link: str, kinds: Collection[str] = tuple(KINDS)) -> tuple[str, Any]:
    """The kind and the JSON value of a link (its data, or a whole address: what follows
    the last ``#``), refused unless it is one of ``kinds``. Only the envelope is checked
    here; :func:`read_link` also loads what it holds."""
    if not isinstance(link, str):
        raise FormatError("format.link")
    link = link.rpartition("#")[2].strip()
    if len(link) > MAX_LINK_CHARS:
        raise FormatError("format.link_too_long", limit=MAX_LINK_CHARS)
    head = _HEAD.match(link)
    if head is None:
        raise FormatError("format.link")
    letter, version = head.group(1), int(head.group(2))
    if version != LINK_VERSION:
        raise FormatError("format.link_version", version=str(version))
    kind = next((name for name, mark in KINDS.items() if mark == letter), None)
    if kind is None:
        raise FormatError("format.link")
    if kind not in kinds:
        raise FormatError("format.link_kind")
    data = link[head.end():]
    if not _DATA.fullmatch(data) or len(data) % 4 == 1:
        raise FormatError("format.link")
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise FormatError("format.link") from None
    try:
        text = _inflate(raw).decode("utf-8")
    except UnicodeDecodeError:
        raise FormatError("format.link") from None
    return kind, parse(text, MAX_INFLATED)


def _inflate(raw: bytes) -> bytes:
    """``raw`` inflated, refused past :data:`MAX_INFLATED` bytes without inflating the rest."""
    inflater = zlib.decompressobj(zlib.MAX_WBITS, DICTIONARY)
    try:
        out = inflater.decompress(raw, MAX_INFLATED + 1)
    except zlib.error:
        raise FormatError("format.link") from None
    if len(out) > MAX_INFLATED or inflater.unconsumed_tail:
        raise FormatError("format.link_too_big", limit=MAX_INFLATED)
    if not inflater.eof or inflater.unused_data:
        raise FormatError("format.link")
    return out


# --- the kinds ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shared:
    """What a link holds, loaded and checked. ``kind`` says which field is set."""

    kind: str
    scenario: dict[str, Any] | None = None
    """A scenario's JSON (it loads: :func:`~catan_core.scenarios.load_scenario`)."""
    game: Game | None = None
    """A whole recorded game, replayed."""
    step: int | None = None
    """The step of ``game`` to show (None: the last)."""
    study: Study | None = None
    editor: Editor | None = None

    def position(self) -> Game:
        """The position the link shows: the scenario's, the game's at its step, the start
        of the study, or the editor's (when it is reachable)."""
        if self.scenario is not None:
            return load_scenario(self.scenario)
        if self.game is not None:
            from .replay import Replay

            return Replay(self.game).game_at(len(self.game.history) if self.step is None else self.step)
        if self.study is not None:
            return self.study.position(0)
        assert self.editor is not None
        return self.editor.game()


def scenario_link(data: dict[str, Any]) -> str:
    """The link of a scenario (refused when it does not load)."""
    load_scenario(data)
    return pack("scenario", data)


def game_link(game: Game, step: int | None = None) -> str:
    """The link of a recorded game, to be shown at ``step`` (None: its last)."""
    record = {key: value for key, value in saves.dump(game).items() if key in _RECORD}
    if step is not None:
        if not 0 <= step <= len(game.history):
            raise FormatError("format.field", field="step")
        record["step"] = step
    return pack("game", record)


def study_link(study: Study) -> str:
    """The link of a study."""
    return pack("study", study.to_json())


def editor_link(editor: Editor) -> str:
    """The link of the editor's work (its position may still have problems)."""
    return pack("editor", editor.to_json())


def read_link(link: str, kinds: Collection[str] = tuple(KINDS)) -> Shared:
    """What ``link`` holds, loaded and checked (see :func:`unpack` and :class:`Shared`)."""
    kind, data = unpack(link, kinds)
    if kind == "scenario":
        load_scenario(data)
        return Shared(kind, scenario=data)
    if kind == "game":
        obj = Obj(data, "game")
        obj.only((*_RECORD, "step"))
        options, seats, seed, origin, history = saves.read_record(obj)
        step = obj.get("step", None, lambda v: v is None or is_int(v, 0, len(history) + 1))
        game = saves.play_history(saves.start_of(options, seats, seed, origin), history)
        return Shared(kind, game=game, step=step)
    if kind == "study":
        from . import study

        return Shared(kind, study=study.load(data))
    from .editor import Editor

    return Shared(kind, editor=Editor.from_json(data))


_RECORD = ("options", "seats", "seed", "origin", "history")
"""The fields of a save a game's link keeps: the rest follows from replaying them."""
