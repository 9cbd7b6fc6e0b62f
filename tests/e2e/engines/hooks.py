"""What the cross-engine tests and bench/first_visit.py know of the pages, in one place.

They drive the pages through stable hooks only: ``<html data-ready>``, the game page's test
hooks (``window.catan_test``, with ``?test`` in the address: ``save()`` returns the game's
save), the board's ``data-node`` / ``data-edge`` / ``data-hex`` spots and the buttons' ``data-cmd``
names. The few element ids they need (the new-game form's fields, the game screen's pace) are
named here, so that a page whose ids move is mended here alone.
"""

from __future__ import annotations

import json
from typing import Any

from browsers import Engine

START = "[data-cmd='start']"
"""The new-game form's Start button."""
ROLL = "[data-cmd='roll']:not([disabled]):not([aria-disabled='true'])"
END = "[data-cmd='end']:not([disabled]):not([aria-disabled='true'])"
"""Roll and End, once they may be pressed (a button that appears where another was just
pressed ignores clicks for a moment, drawn disabled: ``catan_web.game.fresh``)."""
CONTINUE = "[data-cmd='continue']"
"""A saved game's Continue button (the first is the latest game)."""
SPOT = "[data-node]"
"""A board spot: the board is drawn."""
TARGET = ".catan-board .target"
"""A spot the board highlights for the person to click."""
GAME_SHOWN = "#game:not([hidden])"
SEED = "#seed"
TAKE_BACKS = "#take-backs"
SPEED = "#speed"
"""The game screen's pace of computer players."""
INVITE_LINK = "#invite-link"
ANSWER_OUT = "#answer-out"
ANSWER_IN = "#answer-code"
CONNECT = "[data-cmd='net_connect']"
PAUSED = "#paused"
BOARD = "#board svg"
"""The editor's and the replay's board drawing."""
EDITOR_TOOL = "#tool-settlement"
REPLAY_STEP = "#step-forward"
"""A tool of the editor and a step button of the replay."""

SET = """const node = document.querySelector(arguments[0]);
if (!node) return false;
if (node.type === "checkbox") node.checked = arguments[1]; else node.value = arguments[1];
node.dispatchEvent(new Event("input", { bubbles: true }));
node.dispatchEvent(new Event("change", { bubbles: true }));
return true;"""
"""Set a form control's value (a checkbox's checked state) as typing or choosing would."""


BOXES = """const box = (selector) => {
  const b = document.querySelector(selector).getBoundingClientRect();
  return { left: b.left, right: b.right, whole: b.height > 0 && b.top >= 0 && b.left >= 0
    && b.bottom <= innerHeight + 0.5 && b.right <= innerWidth + 0.5 };
};
return Array.from(arguments, box);"""
"""For each selector given, its element's left and right edges and whether it is whole in the window."""
FRAMES_READY = """return Array.from(document.querySelectorAll("iframe"))
  .every((frame) => frame.contentDocument?.documentElement.dataset.ready === "1");"""
"""Whether every frame in the page (the editor's preview of its snippet) is ready."""


def shown(engine: Engine, selector: str) -> bool:
    """Whether the page has an element ``selector`` finds."""
    return bool(engine.run("return document.querySelector(arguments[0]) !== null", selector))


def wait_shown(engine: Engine, selector: str, timeout: float = 30) -> None:
    """Wait until the page has an element ``selector`` finds."""
    engine.wait("return document.querySelector(arguments[0]) !== null", selector, timeout=timeout)


def set_value(engine: Engine, selector: str, value: object) -> None:
    """Set the form control ``selector`` to ``value`` (a string, or a bool for a checkbox)."""
    assert engine.run(SET, selector, value), f"no {selector} on the page"


def save(engine: Engine) -> dict[str, Any]:
    """The save of the game on the page (its ``?test`` hooks)."""
    found: dict[str, Any] = json.loads(engine.run("return catan_test.save()"))
    return found


def new_game(engine: Engine, seed: str) -> None:
    """Start the new-game form's game as it stands (a person against three computer
    players), seeded ``seed``, without take-back windows, at instant pace."""
    set_value(engine, SEED, seed)
    set_value(engine, TAKE_BACKS, False)
    engine.click(START)
    wait_shown(engine, GAME_SHOWN)
    set_value(engine, SPEED, "instant")


def click_target(engine: Engine) -> str:
    """Click the first spot the board highlights; return its attribute (``data-node='12'``)."""
    spot = engine.wait("""const node = document.querySelector(arguments[0]);
        if (!node) return null;
        for (const name of ["data-node", "data-edge", "data-hex"]) {
          if (node.hasAttribute(name)) return `[${name}='${node.getAttribute(name)}']`;
        }
        return null;""", TARGET, timeout=30)
    engine.click(f".catan-board {spot}")
    return str(spot)
