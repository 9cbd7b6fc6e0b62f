"""The page's language and its one way to words: the engine's message catalog.

Every sentence the page shows comes from ``catan_core/messages/<lang>.json`` through
:func:`catan_core.i18n.translate` (page strings use keys under ``ui.``). The language is the
single setting :attr:`Text.lang`: switching it and re-rendering switches the whole page.

Event sentences name board spots in words (:mod:`catan_core.places`), so they need the
game's board; a sentence about the seat :attr:`Text.you` reads in the second person.

>>> from catan_core.board import Board
>>> text = Text("en", ("Ana", "Ben"), Board.beginner())
>>> text("ui.button.roll")
'Roll the dice'
>>> from catan_core.errors import IllegalActionError
>>> text.error(IllegalActionError("rule.partner_not_accepted", partner=1))
'Ben has not accepted this offer.'
>>> from catan_core.events import Event
>>> robber = Event("robber", 1, {"hex": 9})
>>> text.event(robber)
'Ben moves the robber to the desert.'
>>> text.you = 1
>>> text.event(robber)
'You move the robber to the desert.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from catan_core.i18n import DEFAULT_LANGUAGE, translate

from .touch import wording

if TYPE_CHECKING:
    from catan_core.board import Board
    from catan_core.errors import CatanError
    from catan_core.game import Event

MAX_ERROR_CHARS = 200
"""Longest description of an unexpected error shown to a person."""


def unexpected(error: BaseException, lang: str = DEFAULT_LANGUAGE) -> str:
    """The sentence saying that something no check foresaw went wrong (a bug, or outside data),
    with a short description of ``error``.

    >>> unexpected(KeyError("x"))
    "Something unexpected went wrong (KeyError: 'x'). The page goes on."
    """
    return translate("ui.error.unexpected", dict(unexpected_msg(error).params), lang)


class Msg:
    """A sentence as a value: its message key and parameters, read in whatever language the page
    shows when it is drawn (a notice stays right after a language switch). A parameter may be
    a :class:`Msg` itself (a reason inside a sentence), or a tuple of them (a list).

    >>> refused = Msg("ui.import.refused", file="x.json", reason=Msg("ui.import.unreadable"))
    >>> Text("de").msg(refused)
    '„x.json“ wurde nicht importiert: Der Browser konnte die Datei nicht lesen.'
    >>> refused == Msg("ui.import.refused", file="x.json", reason=Msg("ui.import.unreadable")), refused.key
    (True, 'ui.import.refused')
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params: tuple[tuple[str, Any], ...] = tuple(params.items())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Msg({self.key!r}{''.join(f', {name}={value!r}' for name, value in self.params)})"

    @classmethod
    def of_error(cls, error: CatanError) -> Msg:
        """The sentence of an engine error (the rule or the format it names)."""
        return cls(error.key, **error.params)


def unexpected_msg(error: BaseException) -> Msg:
    """:func:`unexpected` as a :class:`Msg`."""
    return Msg("ui.error.unexpected", error=f"{type(error).__name__}: {error}"[:MAX_ERROR_CHARS])


_SAID: dict[tuple[Any, ...], str] = {}
"""The sentences :class:`Text` gave, by key, language, wording, seats' names and parameters
with their types (``1`` and ``True`` are equal keys but may be said differently). A view asks
for the same sentences at every drawing: one look-up instead of the touch wording and the
engine's own cache key made again (see :func:`catan_core.i18n.translate`)."""
MAX_SAID = 4096
"""How many sentences :data:`_SAID` keeps before it starts again."""


class Text:
    """Message look-ups in one language, naming seats by the game's seat names and spots on
    the game's ``board``; sentences about seat ``you`` (the person reading) say "you"."""

    def __init__(
        self,
        lang: str = DEFAULT_LANGUAGE,
        names: Sequence[str] = (),
        board: Board | None = None,
        you: int | None = None,
    ) -> None:
        self.lang = lang
        self.names: tuple[str, ...] = tuple(names)
        self.board = board
        self.you = you
        """The seat of the person reading (None: nobody's, every sentence in the third person)."""
        self.touch = False
        """Whether the device is a touch screen: sentences that say "click" say "tap"
        (:func:`catan_web.touch.wording`)."""

    def __call__(self, key: str, **params: Any) -> str:
        """The sentence for ``key`` with ``params`` (its touch wording on a touch screen)."""
        said = (key, self.lang, self.touch, self.names, *params.items(), *map(type, params.values()))
        try:
            sentence = _SAID.get(said)
        except TypeError:  # a parameter that cannot be a key (a list): made each time
            return translate(wording(key, self.touch), params, self.lang, self.names)
        if sentence is None:
            if len(_SAID) >= MAX_SAID:
                _SAID.clear()
            sentence = _SAID[said] = translate(wording(key, self.touch), params, self.lang, self.names)
        return sentence

    def msg(self, message: Msg) -> str:
        """``message`` as a sentence: its :class:`Msg` parameters read first, a tuple of them
        as a list ("a, b")."""
        params = {name: self._param(value) for name, value in message.params}
        return self(message.key, **params)

    def _param(self, value: Any) -> Any:
        """A parameter of a :class:`Msg` as the sentence takes it."""
        if isinstance(value, Msg):
            return self.msg(value)
        if isinstance(value, tuple) and value and all(isinstance(item, Msg) for item in value):
            return self("word.list_separator").join(self.msg(item) for item in value)
        return value

    def error(self, error: CatanError) -> str:
        """An engine error as a sentence (the rule that was broken)."""
        return translate(error.key, error.params, self.lang, self.names)

    def event(self, event: Event) -> str:
        """An event as a sentence (pass it through ``for_viewer`` first; needs the board).
        (:mod:`catan_core.places` is imported when first needed: the home screen has no events.)"""
        from catan_core.places import event_text

        assert self.board is not None, "event sentences name spots on the game's board"
        return event_text(event, self.board, self.lang, self.names, self.you)
