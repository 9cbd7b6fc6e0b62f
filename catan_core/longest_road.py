"""Longest Road: the length of a player's longest trail of roads.

A trail uses each road segment at most once (it may revisit an intersection, so a loop
counts in full); branches do not add. An intersection holding an opponent's settlement or
city breaks the trail there: a trail may end at it but not pass through it.

>>> from catan_core.board import NODE_COUNT
>>> empty = [-1] * NODE_COUNT
>>> longest_road([0, 1, 2], empty, 0)  # intersections 3-0-4-1
3
>>> longest_road([0, 2], empty, 0)  # two separate segments
1
>>> blocked = list(empty); blocked[0] = 1  # an opponent settles on intersection 0
>>> longest_road([0, 1, 2], blocked, 0)
2
"""

from __future__ import annotations

from typing import Sequence

from .board import EDGE_NODES


def longest_road(roads: Sequence[int], node_owner: Sequence[int], player: int) -> int:
    """Length of the longest trail of ``player``'s ``roads`` (edge ids).

    ``node_owner[n]`` is the seat owning a building on intersection ``n``, or -1.
    """
    if not roads:
        return 0
    at_node: dict[int, list[int]] = {}
    for e in roads:
        for n in EDGE_NODES[e]:
            at_node.setdefault(n, []).append(e)
    used: set[int] = set()
    best = 0

    def walk(node: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        owner = node_owner[node]
        if length and owner != -1 and owner != player:
            return  # an opponent's building: the trail stops here
        for e in at_node[node]:
            if e not in used:
                used.add(e)
                a, b = EDGE_NODES[e]
                walk(b if a == node else a, length + 1)
                used.discard(e)

    for node in _starts(at_node, node_owner, player):
        walk(node, 0)
        if best == len(roads):
            break
    return best


def _starts(at_node: dict[int, list[int]], node_owner: Sequence[int], player: int) -> list[int]:
    """Where a longest trail can begin: an intersection with an odd number of the player's
    roads or with an opponent's building, or -- in a part of the network with neither -- any
    intersection of it (its longest trail is then a closed loop).

    A trail beginning elsewhere leaves an unused road at its first intersection and could
    be made longer by starting with that road, so it is not a longest one.
    """
    starts = [n for n, edges in at_node.items() if len(edges) % 2 or node_owner[n] not in (-1, player)]
    covered: set[int] = set()
    for n in starts:
        covered.add(n)
    seen: set[int] = set()
    for n in at_node:
        if n in seen:
            continue
        part = [n]
        seen.add(n)
        for m in part:  # the connected part of the network containing n
            for e in at_node[m]:
                a, b = EDGE_NODES[e]
                other = b if a == m else a
                if other not in seen:
                    seen.add(other)
                    part.append(other)
        if not covered.intersection(part):
            starts.append(n)
    return starts
