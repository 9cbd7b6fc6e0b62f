"""Every documented snippet is opened by a test: each ``html`` snippet of docs/embedding.md, on
an author's page of another origin (pointed at the local site), must show its position -- the
board drawn, no error screen -- and the documented listener sizes it."""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import build

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "embedding.md"
PUBLISHED = "https://example.org/catan/"
READY_S = 120
"""How long the frames (each starting its own Python, side by side) may take to be ready."""


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


@pytest.fixture(scope="module")
def author_site(site: LocalSite) -> Iterator[str]:
    """An author's page holding every documented snippet and the documented listener, served
    by another local server (another origin)."""
    frames = "".join(f"<section>{block.replace(PUBLISHED, site.url)}</section>" for block in blocks("html"))
    listener = next(block for block in blocks("js") if "catan-embed-height" in block)
    page = f"<!doctype html><meta charset=utf-8><title>Rules</title><h1>Rules</h1>{frames}<script>{listener}</script>"
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "index.html").write_text(page, encoding="utf-8")
        server, url = build.start_server(Path(folder))
        yield url
        server.shutdown()
        server.server_close()


def test_every_documented_snippet_shows_its_position(browse: GuardedBrowser, author_site: str) -> None:
    page = browse.open(author_site, browse.new_context(viewport={"width": 1280, "height": 900}), ready=False)
    count = len(blocks("html"))
    page.wait_for_function(f"() => document.querySelectorAll('iframe.catan').length === {count}")
    deadline = time.monotonic() + READY_S
    ready: list[str] = []
    while time.monotonic() < deadline:
        frames = [frame for frame in page.frames[1:] if "embed.html" in frame.url]
        ready = [frame.url for frame in frames if frame.query_selector("html[data-ready='1']")]
        if len(ready) == count:
            break
        page.wait_for_timeout(500)
    assert len(ready) == count, f"{len(ready)} of {count} frames ready"
    for frame in (frame for frame in page.frames[1:] if "embed.html" in frame.url):
        assert frame.query_selector("#board svg.catan-board") is not None, frame.url
        assert frame.eval_on_selector("#error", "e => e.hidden"), frame.url
        assert frame.inner_text("#caption"), frame.url
    study = next(frame for frame in page.frames[1:] if "#t1." in frame.url)
    assert study.eval_on_selector("#study", "e => !e.hidden") and study.query_selector("#study-next")
    page.wait_for_function(
        "() => [...document.querySelectorAll('iframe.catan')].every(f => f.style.height && parseInt(f.style.height) > 300)"
    )
