"""docs/embedding.md says what the frame does: every snippet's address reads back to a position
the frame shows (the browser opens them too: ``tests/e2e/test_embedding_doc.py``), its JSON
study is the study behind its link, its listener is the one the frames test runs, and its
table names every parameter the frame reads."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from catan_core import share
from catan_web.example import Params, read_params

from embed_driver import EmbedDriver

DOC = Path(__file__).resolve().parents[1] / "docs" / "embedding.md"
PUBLISHED = "https://example.org/catan/"


def blocks(language: str) -> list[str]:
    """The fenced code blocks of ``language`` in docs/embedding.md."""
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def addresses() -> list[str]:
    """The frame's address in each ``html`` snippet, as a browser reads the attribute."""
    return [unescape(re.search(r'src="([^"]+)"', block).group(1)) for block in blocks("html")]  # type: ignore[union-attr]


def test_the_doc_has_a_snippet_of_each_kind() -> None:
    found = addresses()
    assert len(found) == 4 and all(address.startswith(PUBLISHED + "embed.html?") for address in found)
    assert [a.split("#")[1][:3] if "#" in a else "file" for a in found] == ["file", "s1.", "g1.", "t1."]
    assert all('class="catan"' in block and "title=" in block for block in blocks("html"))


@pytest.mark.parametrize("address", addresses(), ids=["file", "scenario-link", "game-link", "study-link"])
def test_each_snippet_shows_a_position(address: str) -> None:
    search, _, fragment = address.split("?", 1)[1].partition("#")
    frame = EmbedDriver("?" + search, fragment)
    params = frame.state.params
    text = (DOC.parents[1] / "web" / params.scenario).read_text(encoding="utf-8") if params.scenario else fragment
    frame.open(text, "?" + search)
    assert frame.state.screen == "example" and frame.state.failure is None
    assert not params.bad_marks and frame.html("caption")


def test_the_json_study_is_the_one_behind_the_link() -> None:
    link = next(address for address in addresses() if "#t1." in address).split("#")[1]
    study = share.read_link(link).study
    assert study is not None and study.to_json() == json.loads(blocks("json")[0])


def test_the_table_names_every_parameter_the_frame_reads() -> None:
    text = DOC.read_text(encoding="utf-8")
    read = {"scenario", "study", "step", "lang", "mode", "mark", "caption"}
    assert all(f"`{name}=" in text for name in read)
    sample = read_params("?scenario=a&step=3&lang=de&mode=try&mark=n1&caption=x", "")
    assert sample == Params("a", "", "de", "x", ("n1",), (), "try", 3)
