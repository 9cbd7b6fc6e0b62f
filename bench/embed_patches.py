"""What the example frame (embed.html) writes to the page per command, before and after issue 29.

Run from the repository root:

    python bench/embed_patches.py

For each command of a try-mode position and of the study of issue 28 it prints the markup the
patcher wrote (``after``: :func:`catan_web.patch.written` of the operations) beside the markup of
the whole frame (``before``: the old page rewrote the board's SVG and every panel each time),
and the Python time of the command and its drawing in CPython.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "web"), str(ROOT / "tests")]

from catan_web.patch import Framed, Keyed, written  # noqa: E402
from embed_driver import EmbedDriver  # noqa: E402
from test_study import three_comments_and_a_question  # noqa: E402


def whole(frame: EmbedDriver) -> int:
    """Characters of the frame's whole markup as last drawn."""
    total = 0
    for content in frame.page.patcher.drawn.values():
        inner = content.content if isinstance(content, Framed) else content
        total += len(inner.markup() if isinstance(inner, Keyed) else inner or "")
    return total


def run(label: str, frame: EmbedDriver, steps: list[tuple[str, object, str]]) -> None:
    for name, arg, what in steps:
        start = time.perf_counter()
        frame.run(name, arg)
        ms = (time.perf_counter() - start) * 1000
        print(f"{label:<22} {what:<24} {whole(frame):>9,} {written(frame.ops):>9,} {ms:>8.1f}")


def main() -> None:
    print(f"{'frame':<22} {'command':<24} {'before':>9} {'after':>9} {'ms':>8}")
    frame = EmbedDriver("?mode=try&mark=n16,e23")
    frame.open((ROOT / "web" / "scenarios" / "roads.json").read_text(encoding="utf-8"))
    run("try mode, roads.json", frame, [
        ("press", "e23", "a refused road"), ("press", "e12", "a road"), ("press", "e13", "a second road"),
        ("act", "0 end", "end the turn"), ("reset", None, "start again"),
    ])
    frame = EmbedDriver()
    frame.open(json.dumps(three_comments_and_a_question()))
    run("study of issue 28", frame, [
        ("study", "next", "next (targets lit)"), ("press", "h9", "a refused move"), ("press", "h3", "a hint"),
        ("press", "h1", "the move found"), ("study", "next", "next"), ("study", "last", "to the end"),
    ])


if __name__ == "__main__":
    main()
