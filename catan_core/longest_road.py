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

    for node, edges in at_node.items():
        # a longest trail starts at a dead end, a branch or a blocked node, except on a
        # pure cycle; starting everywhere is simple and cheap for at most 15 roads
        walk(node, 0)
        if best == len(roads):
            break
    return best
