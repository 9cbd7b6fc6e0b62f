"""Applying a page's patch (:mod:`catan_web.patch`) to the document (browser only).

Each operation names a region by its element's id; a keyed region's wrapper is that element's
first child. The keyboard focus survives a rewrite of the element holding it (the element with
the same id, or the same board spot, is focused again), and so does what a person typed in a
field that was rewritten with the same default value, and whether a disclosure was open.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..patch import Fill, Insert, Op, Put, Remove, SetAttribute
from .dom import document, is_none

FOCUS_DATA = ("data-node", "data-edge", "data-hex")
"""Attributes naming a board spot, by which a rewritten spot is found again."""
TYPED = (
    "textarea:not([readonly]), input[type=text]:not([readonly]), input:not([type]):not([readonly]),"
    " input[type=password]"
)
"""Fields whose typed text survives a rewrite."""
KEPT = TYPED + ", details[open][id]"
"""What survives a rewrite: typed text, and open disclosures."""


def focus_selector(node: Any) -> str | None:
    """A selector finding ``node`` again after a rewrite (its id or board data attribute)."""
    if is_none(node) or node == document.body:
        return None
    ident = node.id
    if ident:
        return "#" + str(ident)
    for name in FOCUS_DATA:
        value = node.getAttribute(name)
        if not is_none(value):
            return f"[{name}='{value}']"
    return None


def apply(ops: Iterable[Op]) -> None:
    """Apply ``ops`` in order (a region's element, its wrapper and the wrapper's children are
    looked up once for the operations in a row on that region: each look-up crosses from
    Python to the browser)."""
    active = document.activeElement
    selector = focus_selector(active)
    name: str | None = None
    region: Any = None
    wrapper: Any = None  # (the region's first child, and its live list of children, once looked up)
    children: Any = None
    for op in ops:
        if op.region != name:
            name, region, wrapper, children = op.region, document.getElementById(op.region), None, None
        if is_none(region):
            continue
        if isinstance(op, Fill):
            fill(region, op.html)
            wrapper, children = None, None
            continue
        if isinstance(op, SetAttribute) and op.own:
            set_attribute(region, op.name, op.value)
            continue
        if wrapper is None:
            wrapper = region.firstElementChild
            children = wrapper.children
        if isinstance(op, SetAttribute):
            set_attribute(wrapper, op.name, op.value)
        elif isinstance(op, Put):
            children.item(op.at).outerHTML = op.html
        elif isinstance(op, Insert):
            following = children.item(op.at)
            if is_none(following):
                wrapper.insertAdjacentHTML("beforeend", op.html)
            else:
                following.insertAdjacentHTML("beforebegin", op.html)
        elif isinstance(op, Remove):
            children.item(op.at).remove()
    if selector is not None and not document.contains(active):
        again = document.querySelector(selector)
        if not is_none(again):
            again.focus()


def set_attribute(element: Any, name: str, value: str | None) -> None:
    """Set attribute ``name`` of ``element`` to ``value`` (None: remove it)."""
    if value is None:
        element.removeAttribute(name)
    else:
        element.setAttribute(name, value)


def fill(region: Any, html: str) -> None:
    """Replace ``region``'s contents, keeping what was typed in its fields (when the field's
    default value did not change) and which of its disclosures were open."""
    typed: dict[str, tuple[str, str]] = {}
    opened: list[str] = []
    for part in region.querySelectorAll(KEPT):  # (one look-up: most regions hold neither)
        if str(part.tagName) == "DETAILS":
            opened.append(str(part.id))
        elif part.id and part.value != part.defaultValue:
            typed[str(part.id)] = (str(part.defaultValue), str(part.value))
    region.innerHTML = html
    for ident, (default, value) in typed.items():
        field = document.getElementById(ident)
        if not is_none(field) and region.contains(field) and str(field.defaultValue) == default:
            field.value = value
    for ident in opened:
        part = document.getElementById(ident)
        if not is_none(part) and region.contains(part):
            part.open = True
