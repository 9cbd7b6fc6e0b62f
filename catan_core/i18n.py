"""Message catalogs: every sentence the game shows, in English, Spanish, German and Hindi.

The engine never builds sentences itself: errors and events carry a message key and
parameters, and :func:`translate` turns them into text in the chosen language. Catalogs
are the JSON files in ``catan_core/messages/`` (one per language, the same keys in each).

A catalog entry is a string with ``{name}`` placeholders, or a plural table
``{"one": ..., "other": ...}`` chosen by the ``count`` parameter. Parameters named after
seats, resources, development cards or card lists are rendered in the language:

>>> translate("rule.distance", {"node": 12}, "en")
'Too close: no building may stand next to another (the distance rule).'
>>> translate("event.produce", {"player": 0, "cards": [2, 0, 0, 0, 1]}, "en", names=["Ana"])
'Ana receives 2 brick, 1 ore.'
"""

from __future__ import annotations

import importlib
import json
import os
import string
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .names import DEV_CARDS, MAX_SEATS, RESOURCES

LANGUAGES: tuple[str, ...] = ("en", "es", "de", "hi")
"""Languages the game speaks; English is the reference catalog."""
DEFAULT_LANGUAGE = "en"

SEAT_PARAMS = frozenset({"player", "victim", "partner", "offerer", "target", "seat", "expected", "previous", "winner"})
RESOURCE_PARAMS = frozenset({"resource", "give_resource", "get_resource"})
CARDS_PARAMS = frozenset({"cards", "give", "want", "cost"})


def read_package_json(package: str, name: str) -> Any:
    """The JSON file ``name`` (a ``/``-separated path) inside the package ``package``, read
    through the package's loader, so from a folder as from a zip on ``sys.path`` (the pages
    import the code straight from catan.zip). What ``pkgutil.get_data`` does, without
    importing pkgutil at the pages' start."""
    module = importlib.import_module(package)
    path = os.path.join(os.path.dirname(module.__file__ or ""), *name.split("/"))
    data: bytes = module.__spec__.loader.get_data(path)  # type: ignore[union-attr]
    return json.loads(data.decode("utf-8"))


def read_language_file(package: str, folder: str, lang: str) -> dict[str, Any]:
    """``<folder>/<lang>.json`` inside ``package`` (an unknown language reads the English file)."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    data: dict[str, Any] = read_package_json(package, f"{folder}/{lang}.json" if folder else f"{lang}.json")
    return data


_MORE_CATALOGS: list[tuple[str, str]] = []
"""Packages whose own messages extend every catalog (see :func:`add_catalogs`)."""


def add_catalogs(package: str, folder: str) -> None:
    """Add the messages of ``package``'s ``<folder>/<lang>.json`` files to the catalogs: a front
    end's own texts (the web pages' buttons and screens), read like the engine's, in the same
    languages. A key may not be in both (:func:`catalog` raises ``ValueError``)."""
    if (package, folder) not in _MORE_CATALOGS:
        _MORE_CATALOGS.append((package, folder))
        catalog.cache_clear()
        _SAID.clear()


@cache
def catalog(lang: str) -> dict[str, Any]:
    """The messages of ``lang`` (an unknown language gives the English catalog): the engine's,
    and those :func:`add_catalogs` added."""
    merged = read_language_file(__package__, "messages", lang)
    for package, folder in _MORE_CATALOGS:
        more = read_language_file(package, folder, lang)
        twice = sorted(merged.keys() & more.keys())
        if twice:
            raise ValueError(f"{package}/{folder}: keys the engine has already: {twice[:5]}")
        merged = {**merged, **more}
    return merged


def plural_category(lang: str, count: int) -> str:
    """``"one"`` or ``"other"`` for ``count`` in ``lang`` (Hindi treats 0 and 1 as one)."""
    if lang == "hi":
        return "one" if count in (0, 1) else "other"
    return "one" if count == 1 else "other"


def _entry(key: str, lang: str) -> Any:
    entry = catalog(lang).get(key)
    if entry is None and lang != DEFAULT_LANGUAGE:
        entry = catalog(DEFAULT_LANGUAGE).get(key)
    return entry


def seat_name(seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    """A seat's display name; -1 reads as "everyone"/"nobody" depending on context."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    if seat < 0:
        return translate("word.nobody", {}, lang)
    return translate("word.seat", {"number": seat + 1}, lang)


def cards_text(cards: Sequence[int], lang: str) -> str:
    """``[2, 0, 0, 0, 1]`` -> ``"2 brick, 1 ore"`` in ``lang``."""
    parts = [
        translate("cards.item", {"count": c, "resource": r}, lang) for r, c in enumerate(cards) if c
    ]
    return translate("word.list_separator", {}, lang).join(parts) or translate("word.nothing", {}, lang)


def _render(name: str, value: Any, lang: str, names: Sequence[str] | None) -> Any:
    if name in SEAT_PARAMS and isinstance(value, int):
        if name == "target" and value < 0:
            return translate("word.everyone", {}, lang)
        return seat_name(value, lang, names)
    if name in RESOURCE_PARAMS and isinstance(value, int) and 0 <= value < len(RESOURCES):
        return translate("resource." + RESOURCES[value], {}, lang)
    if name in CARDS_PARAMS and isinstance(value, (list, tuple)):
        return cards_text(value, lang)
    if name == "card" and isinstance(value, int) and 0 <= value < len(DEV_CARDS):
        return translate("devcard." + DEV_CARDS[value], {}, lang)
    if name == "dice" and isinstance(value, (list, tuple)):
        return " + ".join(str(d) for d in value)
    return value


def params_fit(key: str, params: Mapping[str, Any], lang: str = DEFAULT_LANGUAGE) -> bool:
    """Whether ``params`` fill message ``key`` as the engine would: every placeholder given,
    seats, resources and cards as numbers in range (a check for parameters from outside, such
    as a peer's refusal; :func:`translate` itself shows anything it is given).

    >>> params_fit("rule.bank_empty", {"resource": 2}), params_fit("rule.bank_empty", {"resource": 99})
    (True, False)
    >>> params_fit("rule.bank_empty", {}), params_fit("no.such.key", {})
    (False, False)
    """
    entry = _entry(key, lang)
    if entry is None:
        return False
    texts = entry.values() if isinstance(entry, dict) else (entry,)
    needed = {name for text in texts for _, name, _, _ in string.Formatter().parse(str(text)) if name}
    if not needed <= params.keys():
        return False
    for name, value in params.items():
        if isinstance(value, bool):
            return False
        if name in RESOURCE_PARAMS and not (isinstance(value, int) and 0 <= value < len(RESOURCES)):
            return False
        if name == "card" and not (isinstance(value, int) and 0 <= value < len(DEV_CARDS)):
            return False
        if name in SEAT_PARAMS and not (isinstance(value, int) and -1 <= value < MAX_SEATS):
            return False
    return True


def escape_markup(text: str) -> str:
    """``text`` made safe inside HTML or SVG content and attribute values.

    (The same as ``html.escape``, without loading the ``html`` package's large entity
    table, which costs a noticeable part of the page's start-up in Pyodide. Five
    replacements in a row run about four times faster than ``str.translate`` with a table:
    the pages escape some 500 texts per drawing.)

    >>> escape_markup('<b class="x">Tom & Jerry</b>')
    '&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&lt;/b&gt;'
    """
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return text.replace('"', "&quot;").replace("'", "&#x27;")
    return text  # (most texts: five tests without a call, cheaper than five replacements in Pyodide)


class _Params(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


_SAID: dict[tuple[Any, ...], str] = {}
"""Sentences already made, by their key, parameters, language and names (see :func:`translate`)."""
MAX_SAID = 8192
"""How many sentences :data:`_SAID` keeps before it starts again."""


_PLAIN = (int, str, type(None))
"""Parameter types that are their own key."""


def _frozen(value: Any) -> Any:
    """``value`` as a hashable key part (lists as tuples), or raises ``TypeError``."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list or kind is tuple:
        return tuple(item if type(item) in _PLAIN else _frozen(item) for item in value)
    if kind is dict:  # (in the order given: another order is another key, the same sentence)
        return tuple((name, item if type(item) in _PLAIN else _frozen(item)) for name, item in value.items())
    hash(value)
    return value


def translate(key: str, params: Mapping[str, Any] | None, lang: str, names: Sequence[str] | None = None) -> str:
    """The sentence for message ``key`` with ``params``, in ``lang`` (made once: pages draw the
    same sentences again and again).

    >>> translate("rule.bank_empty", {"resource": 4}, "en") is translate("rule.bank_empty", {"resource": 4}, "en")
    True
    """
    try:
        said = (key, _frozen(params) if params else (), lang, names if type(names) is not list else tuple(names))
    except TypeError:  # a parameter that cannot be a key: made each time
        return _translate(key, params, lang, names)
    sentence = _SAID.get(said)
    if sentence is None:
        if len(_SAID) >= MAX_SAID:
            _SAID.clear()
        sentence = _SAID[said] = _translate(key, params, lang, names)
    return sentence


def _translate(key: str, params: Mapping[str, Any] | None, lang: str, names: Sequence[str] | None = None) -> str:
    """The sentence for message ``key`` with ``params``, in ``lang``.

    ``names`` are the seats' display names. A key missing from every catalog is
    returned as is, so that a gap is visible rather than fatal. A ``{reason}`` may be
    another message, given as ``reason_key`` and ``reason_params``, in the same language:

    >>> translate("format.illegal_history", {"index": 3, "reason_key": "rule.game_over"}, "de")
    'Die aufgezeichnete Aktion 3 ist nicht erlaubt: Das Spiel ist vorbei.'
    """
    params = params or {}
    entry = _entry(key, lang)
    if entry is None:
        return key
    if isinstance(entry, dict):
        try:
            count = int(params.get("count", 0))
        except (TypeError, ValueError, OverflowError):  # not a number: a save's log was bent
            count = 0
        entry = entry.get(plural_category(lang, count), entry.get("other", key))
    rendered = _Params({k: _render(k, v, lang, names) for k, v in params.items()})
    reason_key = params.get("reason_key")
    if isinstance(reason_key, str) and "reason" not in params:
        reason_params = params.get("reason_params")
        inner = reason_params if isinstance(reason_params, Mapping) else {}
        rendered["reason"] = translate(reason_key, inner, lang, names)
    return str(entry).format_map(rendered)


LANGUAGE_NAMES: dict[str, str] = {"en": "English", "es": "Español", "de": "Deutsch", "hi": "हिन्दी"}
"""Each language's name in its own words, for a language picker."""


def pick_language(stored: object, navigator_languages: Sequence[object] | None = ()) -> str:
    """The language to show: the remembered choice if it is one of :data:`LANGUAGES`, else
    the first browser language we speak (``"de-AT"`` counts as German), else English.

    >>> pick_language(None, ["hi-IN", "en-US"])
    'hi'
    >>> pick_language("es", ["de"]), pick_language("xx", ["fr", "pt-BR"])
    ('es', 'en')
    """
    if isinstance(stored, str) and stored in LANGUAGES:
        return stored
    for tag in navigator_languages or ():
        if isinstance(tag, str):
            primary = tag.strip().lower().replace("_", "-").split("-")[0]
            if primary in LANGUAGES:
                return primary
    return DEFAULT_LANGUAGE
