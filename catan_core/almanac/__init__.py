"""The rules almanac: the game's own explanation of every rule, in every language.

``index.json`` lists the entries in reading order, each with the live example that goes
with it (a scenario under ``web/scenarios/``, the spots to mark, ``view`` or ``try``) and
the related entries. ``<lang>.json`` holds the texts of one language: for each entry a
title, paragraphs and the caption of its example. Every language has every entry
(``tests/test_i18n.py`` checks it).

>>> [e.id for e in entries("en")][:3]
['turn', 'production', 'shortage']
>>> entry_for_error("rule.distance")
'settlements'
>>> example_url(entry("trade", "de"), "de").startswith("embed.html?scenario=scenarios/harbor.json&lang=de")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ..i18n import DEFAULT_LANGUAGE, read_language_file, read_package_json

ERROR_ENTRIES: dict[str, str | None] = {
    "rule.game_over": "winning",
    "rule.phase_over": "winning",
    "rule.no_such_seat": None,
    "rule.not_your_turn": "turn",
    "rule.phase_setup_settlement": "settlements",
    "rule.phase_setup_road": "roads",
    "rule.phase_roll": "turn",
    "rule.phase_main": "turn",
    "rule.phase_discard": "seven",
    "rule.phase_robber": "seven",
    "rule.phase_road_building": "road_building",
    "rule.phase_trade": "trade",
    "rule.roll_first": "turn",
    "rule.already_rolled": "turn",
    "rule.node_occupied": "settlements",
    "rule.distance": "settlements",
    "rule.edge_occupied": "roads",
    "rule.setup_road_touch": "roads",
    "rule.setup_no_road": "roads",
    "rule.road_not_connected": "roads",
    "rule.road_blocked": "roads",
    "rule.settlement_not_connected": "settlements",
    "rule.city_needs_settlement": "cities",
    "rule.no_roads_left": "costs",
    "rule.no_settlements_left": "costs",
    "rule.no_cities_left": "costs",
    "rule.cannot_afford": "costs",
    "rule.cards_not_held": "trade",
    "rule.deck_empty": "dev_cards",
    "rule.bank_empty": "trade",
    "rule.year_of_plenty_count": "year_of_plenty",
    "rule.dev_after_roll": "dev_cards",
    "rule.dev_not_held": "dev_cards",
    "rule.one_dev_per_turn": "dev_cards",
    "rule.dev_bought_this_turn": "dev_cards",
    "rule.no_discard_due": "seven",
    "rule.discard_count": "seven",
    "rule.robber_must_move": "seven",
    "rule.must_steal": "seven",
    "rule.steal_self": "seven",
    "rule.victim_not_adjacent": "seven",
    "rule.same_resource": "trade",
    "rule.maritime_cards": "trade",
    "rule.trade_gift": "trade",
    "rule.trade_same_resource": "trade",
    "rule.trade_target": "trade",
    "rule.no_offer_to_answer": "trade",
    "rule.no_offer_open": "trade",
    "rule.partner_not_accepted": "trade",
    "rule.not_offerer": "trade",
    "rule.trade_after_build": "trade_then_build",
}
"""The almanac entry that explains each engine rule key (None: no rule to read about)."""

ALIASES: dict[str, str] = {
    "distance": "settlements", "distance_rule": "settlements", "setup": "settlements",
    "robber": "seven", "discard": "seven", "harbors": "trade", "maritime": "trade", "domestic": "trade",
    "building_costs": "costs", "army": "largest_army", "victory": "winning", "vp": "victory_point",
}
"""Other names an address may use for an entry (``almanac.html#distance``)."""


@dataclass(frozen=True)
class Example:
    """A live example: ``embed.html`` showing ``scenario`` (relative to the site)."""

    scenario: str
    mode: str
    mark: tuple[str, ...]


@dataclass(frozen=True)
class Entry:
    """One almanac entry in one language."""

    id: str
    title: str
    paragraphs: tuple[str, ...]
    caption: str
    see: tuple[str, ...]
    example: Example | None


@cache
def _index() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = read_package_json(__name__, "index.json")["entries"]
    return data


@cache
def texts(lang: str) -> dict[str, Any]:
    """The raw texts of ``lang`` (an unknown language gives English)."""
    return read_language_file(__name__, "", lang)


def entry_ids() -> list[str]:
    """Every entry id, in reading order."""
    return [item["id"] for item in _index()]


def entries(lang: str) -> list[Entry]:
    """Every entry in ``lang``, in reading order (a missing text falls back to English)."""
    out = []
    for item in _index():
        text = texts(lang).get("entries", {}).get(item["id"]) or texts(DEFAULT_LANGUAGE)["entries"][item["id"]]
        ex = item.get("example")
        example = Example(ex["scenario"], ex["mode"], tuple(ex.get("mark", ()))) if ex else None
        out.append(Entry(
            item["id"], text["title"], tuple(text["paragraphs"]), text.get("caption", ""),
            tuple(item.get("see", ())), example,
        ))
    return out


def entry(entry_id: str, lang: str) -> Entry | None:
    """The entry ``entry_id`` in ``lang``, or None when there is no such entry."""
    return next((e for e in entries(lang) if e.id == entry_id), None)


def resolve(name: str) -> str | None:
    """The entry id that ``name`` (an entry id or an alias) stands for, or None.

    >>> resolve("distance"), resolve("roads"), resolve("nonsense")
    ('settlements', 'roads', None)
    """
    if name in entry_ids():
        return name
    return ALIASES.get(name)


def entry_for_error(key: str) -> str | None:
    """The almanac entry that explains the engine error ``key`` (``rule.*``), or None.

    The game page links a refused move to ``almanac.html?lang=<lang>#<entry>``.
    """
    return ERROR_ENTRIES.get(key)


def almanac_url(entry_id: str | None, lang: str) -> str:
    """The relative URL of the almanac page opened at ``entry_id`` (site root relative)."""
    return f"almanac.html?lang={lang}" + (f"#{entry_id}" if entry_id else "")


def example_url(item: Entry, lang: str) -> str | None:
    """The ``embed.html`` URL (relative to the site) of ``item``'s live example, or None."""
    ex = item.example
    if ex is None:
        return None
    url = f"embed.html?scenario=scenarios/{ex.scenario}&lang={lang}&mode={ex.mode}"
    if ex.mark:
        url += "&mark=" + ",".join(ex.mark)
    if item.caption:
        from urllib.parse import quote  # only the almanac page needs it: keep it out of start-up

        url += "&caption=" + quote(item.caption, safe="")
    return url
