"""Preset positions: the beginner set-up and hand-written tutorial scenarios.

See the README ("Scenario format") for the format; :func:`load_scenario` reads it.
"""

from __future__ import annotations

BEGINNER_PIECES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((12, 31), (11, 47)),
    ((9, 34), (8, 42)),
    ((22, 41), (24, 60)),
    ((19, 40), (29, 51)),
)
"""Per seat on the beginner board: (first settlement, second settlement), (road, road).
Each seat starts with the resources around its second settlement."""
