"""Example frames keep their size: an almanac example, and the documented embedding snippet with its
documented height listener (``docs/embedding.md``) on an author's page of another origin, at 1280
and 390 px wide.

Both used to grow without end (each report was the document's ``scrollHeight``, never less than
the frame's own height, and each host added a few pixels to it). The four pages (two kinds, two
widths) are watched at the same time, for :data:`WATCH_S` seconds once their examples are ready.
"""

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
    from playwright.sync_api import Frame, Page

ROOT = Path(__file__).resolve().parents[2]
EMBEDDING_DOC = ROOT / "docs" / "embedding.md"
"""Where the embedding snippet and the height listener are documented."""
PUBLISHED = "https://example.org/catan/"
"""The address the documented snippet says to replace with the site's."""
WATCH_S = 20
"""How long each frame is watched once its example is ready."""
TOLERANCE_PX = 8
"""How much a frame's height may move while it is watched."""
WIDTHS = (1280, 390)


def documented_blocks(language: str) -> list[str]:
    """The fenced code blocks of ``language`` in the embedding documentation."""
    text = EMBEDDING_DOC.read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)


def author_page(site_url: str) -> str:
    """An author's page: the documented snippet (pointed at the local site) and the documented
    height listener, as an author copies them."""
    snippet = next(block for block in documented_blocks("html") if "<iframe" in block)
    listener = next(block for block in documented_blocks("js") if "catan-embed-height" in block)
    frame = snippet.replace(PUBLISHED, site_url)
    return f"<!doctype html><meta charset=utf-8><title>Rules</title><h1>Roads</h1>{frame}<script>{listener}</script>"


@pytest.fixture(scope="module")
def author_site(site: LocalSite) -> Iterator[str]:
    """The author's page, served by another local server (another origin, as on the web)."""
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "index.html").write_text(author_page(site.url), encoding="utf-8")
        server, url = build.start_server(Path(folder))
        yield url
        server.shutdown()
        server.server_close()


def example_frame(page: Page) -> Frame:
    """The page's example frame, once the example in it is ready."""
    page.wait_for_selector("iframe", timeout=30_000)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for frame in page.frames[1:]:
            if frame.url and "embed.html" in frame.url and frame.query_selector("html[data-ready='1']"):
                return frame
        page.wait_for_timeout(200)
    raise AssertionError(f"no example frame became ready on {page.url}")


def test_example_frames_keep_their_height(browse: GuardedBrowser, site: LocalSite, author_site: str) -> None:
    pages: dict[tuple[str, int], Page] = {}
    for width in WIDTHS:
        for name, url in (("almanac", site.url + "almanac.html?lang=en#distance"), ("author", author_site)):
            context = browse.new_context(viewport={"width": width, "height": 800})
            pages[name, width] = browse.open(url, context, ready=name == "almanac")
    for page in pages.values():
        example_frame(page)
    heights: dict[tuple[str, int], list[float]] = {key: [] for key in pages}
    end = time.monotonic() + WATCH_S
    while time.monotonic() < end:
        for key, page in pages.items():
            heights[key].append(page.eval_on_selector("iframe", "f => f.getBoundingClientRect().height"))
        time.sleep(1)
    print({key: (min(seen), max(seen)) for key, seen in heights.items()})
    for (name, width), seen in heights.items():
        assert max(seen) - min(seen) <= TOLERANCE_PX, f"{name} at {width} px: the frame's height went {seen}"
        # sized to the example by the listener: neither the 600 px the snippet sets nor a scroll bar
        assert seen[-1] > 300
    for (name, width), page in pages.items():
        frame = example_frame(page)
        inner = frame.evaluate("() => [document.documentElement.scrollHeight, innerHeight]")
        assert inner[0] <= inner[1] + 1, f"{name} at {width} px: the example does not fit its frame ({inner})"
