"""Accessibility checks for the browser tests: axe-core (npm, pinned, test-only) run in a page.

axe is injected as an inline script from ``node_modules/axe-core/axe.min.js`` (no request
leaves the test's local server) and run with the WCAG 2.0, 2.1 and 2.2 A and AA rules.
:func:`violations` returns what it found, each as ``"<rule>: <help> (<selector>, ...)"``,
so that a failing assertion reads as a list of fixes.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
AXE_SCRIPT = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
"""The rule sets of WCAG 2.2 level AA (axe tags)."""


@lru_cache(maxsize=1)
def axe_source() -> str:
    """The text of axe-core (fails loudly when `npm ci` has not installed it)."""
    return AXE_SCRIPT.read_text(encoding="utf-8")


def violations(page: "Page", include: str | None = None) -> list[str]:
    """WCAG 2.2 AA violations axe finds in ``page`` (within the selector ``include`` if given)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    found: list[dict[str, Any]] = page.evaluate(
        """async ([include, tags]) => {
            const result = await axe.run(include ? {include: [include]} : document,
                                         {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
            return result.violations.map(v => ({id: v.id, help: v.help,
                                               nodes: v.nodes.map(n => n.target.join(" "))}));
        }""",
        [include, list(WCAG_AA_TAGS)],
    )
    return [f"{v['id']}: {v['help']} ({', '.join(v['nodes'][:5])})" for v in found]
