"""The terminal game (``python -m catan_core play``) driven by scripted input."""

from __future__ import annotations

import io
import re

from catan_core.cli import play_main

THIRD_PERSON_YOU = re.compile(
    r"\bYou (?:builds|rolls|receives|takes|moves|steals|ends|buys|plays|trades|offers|accepts|declines|discards|"
    r"wins|collects|counters|withdraws|now holds)\b|\b(?:from|with|to) You\b|\bYou's\b"
)


def play(script: str, *args: str) -> list[str]:
    """The lines ``play`` prints when the person types ``script``."""
    lines: list[str] = []
    play_main(["--players", "3", *args], stdin=io.StringIO(script), out=lines.append)
    return lines


def test_the_person_reads_about_their_own_moves_in_the_second_person() -> None:
    lines = play("0\n0\n" + "0\n" * 80 + "quit\n", "--seed", "7")
    text = "\n".join(lines)
    assert re.search(r"^You build a settlement (?:between|at) .+\.$", text, re.M), text[:2000]
    assert re.search(r"^You build a road (?:between|on) .+\.$", text, re.M)
    assert re.search(r"^You roll \d \+ \d = \d+\.$", text, re.M)
    assert re.search(r"^Turn \d+: your move\.$", text, re.M)
    assert not THIRD_PERSON_YOU.search(text), THIRD_PERSON_YOU.search(text)
    assert re.search(r"^\S.* builds a settlement (?:between|at) ", text, re.M), "the others in the third person"


def test_choices_and_the_board_name_spots_in_words() -> None:
    lines = play("board\nquit\n", "--board", "beginner")
    text = "\n".join(lines)
    assert "hex  9: the desert (robber)" in text
    lines = play("0\nquit\n", "--seed", "7")
    settlement_choices = [line for line in lines if re.match(r"\s+\d+: 0 settlement \d+: ", line)]
    assert settlement_choices and all(re.search(r": (?:between|at the) ", line) for line in settlement_choices)
