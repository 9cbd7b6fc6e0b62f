"""The names of the game's things, each by its integer id (its position in the tuple).

A leaf module: the engine, the message catalogs and the page all read these tables, so a
resource or card is named in exactly one place.

>>> RESOURCES[GRAIN], TERRAINS[HILLS], DEV_CARDS[MONOPOLY], HARBOR_TYPES[GENERIC_HARBOR]
('grain', 'hills', 'monopoly', 'generic')
"""

from __future__ import annotations

BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
RESOURCES: tuple[str, ...] = ("brick", "lumber", "wool", "grain", "ore")
"""Resource names by id; hands and costs are 5-tuples of counts in this order."""

FOREST, PASTURE, FIELDS, HILLS, MOUNTAINS, DESERT = range(6)
TERRAINS: tuple[str, ...] = ("forest", "pasture", "fields", "hills", "mountains", "desert")

GENERIC_HARBOR = 5
"""Harbor type of a 3:1 harbor; types 0..4 are the 2:1 harbors of that resource."""
HARBOR_TYPES: tuple[str, ...] = (*RESOURCES, "generic")

KNIGHT, VICTORY_POINT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(5)
DEV_CARDS: tuple[str, ...] = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
"""Development card kinds by id; card counts are 5-tuples in this order."""

MAX_SEATS = 4
"""Most players a game seats (seats are numbered 0 to ``MAX_SEATS - 1``; -1 names nobody)."""
MAX_NAME = 40
"""Longest seat name (characters)."""
SEAT_KINDS: tuple[str, ...] = ("human", "beginner", "standard", "strong", "random")
"""Who may play a seat: a person, or a computer player of a level (see :mod:`catan_core.bots`)."""
