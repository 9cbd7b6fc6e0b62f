"""Applying a page's patch (:mod:`catan_web.patch`) to the document (browser only).

The operations cross into JavaScript once, as one JSON text (:func:`catan_web.patch.encode`),
and ``web/patch.mjs`` writes them (``applyPatch``; web/interpreter.mjs gives it to Python as the
module ``_catan_patch``). There the keyboard focus survives a rewrite of the element holding it
(the element with the same id, or the same board spot, is focused again), and so does what a
person typed in a field that was rewritten with the same default value, and whether a
disclosure was open.
"""

from __future__ import annotations

from collections.abc import Sequence

import _catan_patch

from ..patch import Op, encode


def apply(ops: Sequence[Op]) -> None:
    """Apply ``ops`` to the document in order (nothing crosses when there are none)."""
    if ops:
        _catan_patch.apply(encode(ops))
