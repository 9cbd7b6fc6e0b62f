"""Beginner: sensible but naive moves.

It settles on the intersections with the most pips (whatever they produce), builds in a
fixed order (city, settlement, road toward a free spot, development card), trades with
the bank only when one trade completes what it saves for, offers at most one
one-for-one trade a turn, puts the robber where it blocks the most opponents' pips and
robs the fullest hand, plays a Knight when the robber sits on its own hex, and accepts an
offer that brings a card it lacks for a card it can spare.
"""

from __future__ import annotations

from .base import PolicyBot
from .policy import BeginnerPolicy


class BeginnerBot(PolicyBot):
    level = "beginner"
    policy_class = BeginnerPolicy
