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
>>> longest_road([0, 1, 2, 40], empty, 0, within=40)  # only the network holding path 40
1
>>> edge_owner = [-1] * EDGE_COUNT; edge_owner[0] = edge_owner[1] = edge_owner[2] = 0
>>> trail_from_end(2, 0, edge_owner, empty)  # path 2 ends the trail 3-0-4-1
3
"""

from __future__ import annotations

from collections.abc import Sequence

from .board import EDGE_COUNT, EDGE_NODES, NODE_COUNT, NODE_EDGES, NODE_NODES

EDGE_BITS: tuple[int, ...] = tuple(1 << e for e in range(EDGE_COUNT))
"""Each path as one bit, for the set of roads a trail has used."""
NODE_PATHS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((e, EDGE_BITS[e], m) for e, m in zip(NODE_EDGES[n], NODE_NODES[n], strict=True)) for n in range(NODE_COUNT)
)
"""Per intersection: ``(path, its bit, the intersection at its other end)`` for each path there."""
REMEMBERED = 512
"""How many answers of :func:`longest_road` are kept (then all are forgotten at once)."""
_RECENT: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]], int] = {}
"""Recent answers by their arguments: a computer player's search measures the same
networks over and over (each candidate road, in every playout)."""


def longest_road(roads: Sequence[int], node_owner: Sequence[int], player: int, within: int = -1) -> int:
    """Length of the longest trail of ``player``'s ``roads`` (edge ids).

    ``node_owner[n]`` is the seat owning a building on intersection ``n``, or -1. With
    ``within`` (one of ``roads``), only the connected network of roads holding it is
    measured: after a road is added, the longest trail is the longer of the one before
    and the longest in the new road's network.
    """
    if not roads:
        return 0
    key = (player, within, tuple(roads), tuple(node_owner))
    length = _RECENT.get(key)
    if length is None:
        if len(_RECENT) >= REMEMBERED:
            _RECENT.clear()
        length = _RECENT[key] = _longest(roads, node_owner, player, within)
    return length


def trail_from_end(road: int, player: int, edge_owner: Sequence[int], node_owner: Sequence[int]) -> int:
    """Length of the longest trail of ``player``'s roads that uses ``road``, when ``road`` is at
    an end of its network (one of its intersections touches no other road of the player), or
    -1 when it is not (then measure with :func:`longest_road` and ``within``).

    ``edge_owner[e]`` is the seat owning a road on path ``e``, or -1. Such a trail starts with
    ``road`` and goes on with the longest trail from its other intersection (when no
    opponent's building stands there): after an end road is added, the longest trail is the
    longer of the one before and this one, found without measuring the whole network.
    """
    a, b = EDGE_NODES[road]
    if _touches_another(b, road, player, edge_owner):
        if _touches_another(a, road, player, edge_owner):
            return -1
        a = b  # the trail goes on from b
    owner = node_owner[a]
    if owner != -1 and owner != player:
        return 1  # an opponent's building: the trail stops there
    return 1 + _onward(a, EDGE_BITS[road], player, edge_owner, node_owner)


def _touches_another(node: int, road: int, player: int, edge_owner: Sequence[int]) -> bool:
    """Whether another road of ``player`` than ``road`` reaches ``node``."""
    for e in NODE_EDGES[node]:  # noqa: SIM110 - a loop: faster than any() of a generator, on a hot path
        if e != road and edge_owner[e] == player:
            return True
    return False


def _onward(node: int, used: int, player: int, edge_owner: Sequence[int], node_owner: Sequence[int]) -> int:
    """Length of the longest trail of ``player``'s roads from ``node`` using none of the
    roads ``used`` (bits); it stops at an opponent's building."""
    best = 0
    for e, bit, other in NODE_PATHS[node]:
        if edge_owner[e] == player and not used & bit:
            owner = node_owner[other]
            if owner != -1 and owner != player:
                length = 1
            else:
                length = 1 + _onward(other, used | bit, player, edge_owner, node_owner)
            if length > best:
                best = length
    return best


def _longest(roads: Sequence[int], node_owner: Sequence[int], player: int, within: int) -> int:
    links: dict[int, list[tuple[int, int]]] = {}
    """Per intersection: (bit of a road there, intersection at its other end)."""
    for e in roads:
        a, b = EDGE_NODES[e]
        bit = EDGE_BITS[e]
        links.setdefault(a, []).append((bit, b))
        links.setdefault(b, []).append((bit, a))
    blocked = {n for n in links if node_owner[n] != -1 and node_owner[n] != player}
    best = 0
    seen: set[int] = set()
    for first in links if within < 0 else EDGE_NODES[within][:1]:
        if first not in seen:
            part, count = _network(first, links, seen)
            if count > best:  # else this network cannot hold a longer trail
                best = max(best, _longest_in(part, count, links, blocked))
    return best


def _network(first: int, links: dict[int, list[tuple[int, int]]], seen: set[int]) -> tuple[list[int], int]:
    """The intersections of the network of roads reaching ``first`` (added to ``seen``) and
    its number of roads."""
    part = [first]
    seen.add(first)
    ends = 0
    for node in part:
        here = links[node]
        ends += len(here)
        for _, other in here:
            if other not in seen:
                seen.add(other)
                part.append(other)
    return part, ends // 2


def _longest_in(part: list[int], roads: int, links: dict[int, list[tuple[int, int]]], blocked: set[int]) -> int:
    """The longest trail in one network (intersections ``part``, ``roads`` roads), stopping
    early once a trail uses every road."""
    if roads == len(part) - 1:
        return _longest_in_tree(part, links, blocked)

    def walk(node: int, length: int, used: int) -> int:
        if length and node in blocked:
            return length  # an opponent's building: the trail stops here
        best = length
        for bit, other in links[node]:
            if not used & bit:
                found = walk(other, length + 1, used | bit)
                if found > best:
                    best = found
        return best

    best = 0
    for node in _starts(part, links, blocked):
        best = max(best, walk(node, 0, 0))
        if best == roads:
            break
    return best


def _longest_in_tree(part: list[int], links: dict[int, list[tuple[int, int]]], blocked: set[int]) -> int:
    """The longest trail in a network without a loop (a tree): opponents' buildings cut it
    into pieces, and in each piece the longest trail is found by two sweeps, from any of
    its intersections to the farthest one, then from that one to the farthest again."""
    best = 1  # any single road
    covered = 0
    for node in part:
        if node in blocked or covered & links[node][0][0]:
            continue  # a piece is swept from one of its free intersections, once
        far, _, roads = _farthest(node, links, blocked)
        covered |= roads
        best = max(best, _farthest(far, links, blocked)[1])
    return best


def _farthest(start: int, links: dict[int, list[tuple[int, int]]], blocked: set[int]) -> tuple[int, int, int]:
    """In a tree: the intersection farthest from ``start`` by a trail, its distance, and the
    bits of the roads walked (trails stop at opponents' buildings)."""
    far, distance, walked = start, 0, 0
    todo = [(start, 0, 0)]
    while todo:
        node, length, came = todo.pop()
        if length > distance:
            far, distance = node, length
        if length and node in blocked:
            continue
        for bit, other in links[node]:
            if bit != came:
                walked |= bit
                todo.append((other, length + 1, bit))
    return far, distance, walked


def _starts(part: list[int], links: dict[int, list[tuple[int, int]]], blocked: set[int]) -> list[int]:
    """Where a longest trail of one network can begin: an intersection with an odd number
    of the player's roads or with an opponent's building, or -- when there is none -- any
    intersection (its longest trail is then a closed loop).

    A trail beginning elsewhere leaves an unused road at its first intersection and could
    be made longer by starting with that road, so it is not a longest one.
    """
    starts = [node for node in part if len(links[node]) % 2 or node in blocked]
    return starts or part[:1]
