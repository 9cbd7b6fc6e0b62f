"""The patcher's operations bring a keyed region from what it wrote to any new content: random
lists of children (added in front, removed, moved, changed) are patched, the operations applied
to a model of the region's children, and the result compared with the new content. The
operations' encoding for the page's JavaScript (web/patch.mjs) gives each back exactly.
(That JavaScript's rules, the focus, typed text and open disclosures kept across a rewrite, are
checked in the browser: tests/e2e/test_ux.py, test_glance_e2e.py.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import get_args

from catan_web.html import Markup
from catan_web.patch import WHOLE, Fill, Insert, Keyed, Op, Patcher, Put, Remove, Retag, SetAttribute, encode, written

APPLY_SCRIPT = Path(__file__).resolve().parents[1] / "web" / "patch.mjs"


def applied(children: list[tuple[str, str]], ops: list[object], after: Keyed) -> list[tuple[str, str]]:
    """``children`` (keys and markup) after ``ops``."""
    out = list(children)
    for op in ops:
        if isinstance(op, Fill):
            assert op.html == after.markup()
            out = list(after.items)
        elif isinstance(op, Insert):
            assert 0 <= op.at <= len(out)
            out.insert(op.at, (_key(after, op.html), op.html))
        elif isinstance(op, Remove):
            del out[op.at]
        elif isinstance(op, Put):
            out[op.at] = (out[op.at][0], op.html)
        elif isinstance(op, Retag):  # the child's opening tag alone (no ">" in the tests' values)
            key, html = out[op.at]
            assert op.tag.startswith(html[: html.index(" ")]) and op.tag.endswith(">")
            out[op.at] = (key, "".join((op.tag, html.split(">", 1)[1])))
    return out


def _key(after: Keyed, html: str) -> str:
    """The key of the child ``html`` of ``after`` (children's markup differs in the tests)."""
    return next(key for key, markup in after.items if markup == html)


def changed(rng: random.Random, items: list[tuple[str, str]], serial: list[int]) -> list[tuple[str, str]]:
    """``items`` changed at random as a region's children change."""
    out = list(items)
    for _ in range(rng.choice((0, 1, 1, 2, 5))):
        serial[0] += 1
        what, n = rng.random(), serial[0]
        if what < 0.4 or not out:  # a child added, mostly in front
            at = 0 if rng.random() < 0.7 else rng.randrange(len(out) + 1)
            out.insert(at, (f"k{n}", f'<li class="c{n}">{n}</li>'))
        elif what < 0.6:  # the last (oldest) one, or any, gone
            del out[-1 if rng.random() < 0.7 else rng.randrange(len(out))]
        elif what < 0.7:  # one changed
            at = rng.randrange(len(out))
            out[at] = (out[at][0], f'<li class="c{n}">{n}</li>')
        elif what < 0.8:  # one's attributes alone changed (or gone)
            at = rng.randrange(len(out))
            key, html = out[at]
            out[at] = (key, (f'<li class="c{n}" title="{n}">' if rng.random() < 0.5 else "<li >") + html.split(">", 1)[1])
        else:  # one moved
            item = out.pop(rng.randrange(len(out)))
            out.insert(rng.randrange(len(out) + 1), item)
    return out


def test_keyed_patches_bring_the_children_up_to_date() -> None:
    rng = random.Random(5)
    patcher, serial = Patcher(), [0]
    items: list[tuple[str, str]] = [(f"s{i}", f'<li class="s">s{i}</li>') for i in range(40)]
    shown = list(items)
    patcher.patch("log", Keyed("ol", (), tuple(items)))
    kinds: set[str] = set()
    for _ in range(3000):
        items = changed(rng, items, serial)
        after = Keyed("ol", (), tuple(items))
        ops = patcher.patch("log", after)
        shown = applied(shown, ops, after)
        assert shown == items
        kinds |= {type(op).__name__ for op in ops}
    assert kinds == {"Insert", "Remove", "Put", "Retag"}


def test_new_children_in_front_are_inserted_alone() -> None:
    patcher = Patcher()
    old = tuple((str(i), Markup(f"<li>{i}</li>")) for i in range(300, 0, -1))
    patcher.patch("log", Keyed("ol", (), old))
    new = ((str(302), Markup("<li>302</li>")), (str(301), Markup("<li>301</li>")), *old[:-2])
    assert patcher.patch("log", Keyed("ol", (), new)) == [
        Remove("log", 299),
        Remove("log", 298),
        Insert("log", 0, Markup("<li>302</li>")),
        Insert("log", 1, Markup("<li>301</li>")),
    ]


def test_the_encoding_gives_each_operation_back_and_names_what_the_script_applies() -> None:
    ops: list[Op] = [
        Fill("turn", Markup('<p class="x">\u0939\u093e\u0925 \\ "Tú" \u2029</p>')),
        SetAttribute("board", "class", "zoom-2"),
        SetAttribute("winner", "hidden", None, own=True),
        SetAttribute("log", "hidden", "", own=True),
        Put("board", 7, Markup("<g data-node='3'></g>")),
        Retag("board", 2, Markup('<g class="hex target" tabindex="-1" role="button" aria-label="the forest 5" data-hex="5">')),
        Insert("log", 0, Markup("<li>new</li>")),
        Remove("log", 299),
    ]
    text = encode(ops)
    assert text.isascii()
    kinds = {kind.__name__: kind for kind in get_args(Op)}
    assert [kinds[name](*fields) for name, *fields in json.loads(text)] == ops
    assert {type(op) for op in ops} == set(kinds.values())
    script = APPLY_SCRIPT.read_text(encoding="utf-8")
    assert all(f'"{name}"' in script for name in kinds), "web/patch.mjs applies each operation by its class name"
    assert encode([]) == "[]"


def test_most_of_a_region_changed_is_written_whole_but_one_new_child_is_inserted() -> None:
    """Changes to several children that make up most of a keyed region write it whole (one
    operation); one child added, however large (a chart under the winner screen), is inserted:
    the rest, and the focus in it, stay."""
    patcher = Patcher()
    small = tuple((str(k), Markup(f"<p>{k}</p>")) for k in range(3))
    patcher.patch("sheet", Keyed("div", (), small))
    chart = Markup(f"<figure>{'x' * (2 * WHOLE)}</figure>")
    assert patcher.patch("sheet", Keyed("div", (), (*small, ("chart", chart)))) == [Insert("sheet", 3, chart)]
    rewritten = tuple((key, Markup(f"<p>{'y' * 3 * WHOLE}</p>")) for key, _ in small[:2]) + small[2:]
    ops = patcher.patch("sheet", Keyed("div", (), (*rewritten, ("chart", chart))))
    assert [type(op) for op in ops] == [Fill]


def test_a_child_whose_opening_tag_alone_changed_has_its_attributes_set() -> None:
    """A child whose markup changed only in its opening tag (a hex lit as a target, or going
    dark) is retagged, not written again: what it writes is that tag. Anything else that
    changed in it, or another element, is written whole."""
    body = '<polygon class="tile" points="0,0 1,1"/><text>forest 5</text></g>'
    dark = Markup('<g class="hex" role="img" aria-label="the forest 5" data-hex="5">' + body)
    lit = Markup('<g class="hex target" tabindex="0" role="button" aria-label="the forest 5" data-hex="5">' + body)
    other = (("h4", Markup("<g>4</g>")), ("h6", Markup("<g>6</g>")))
    patcher = Patcher()
    patcher.patch("board", Keyed("svg", (), (other[0], ("h5", dark), other[1])))
    ops = patcher.patch("board", Keyed("svg", (), (other[0], ("h5", lit), other[1])))
    assert ops == [Retag("board", 1, Markup(lit[: lit.index(">") + 1]))]
    assert written(ops) == len(lit) - len(body)
    # among moves too; a ">" inside a quoted value is no tag's end
    tricky = Markup('<g title="a > b" class="hex" data-hex="5">' + body)
    ops = patcher.patch("board", Keyed("svg", (), (other[1], other[0], ("h5", tricky))))
    assert ops[-1] == Retag("board", 2, Markup('<g title="a > b" class="hex" data-hex="5">'))
    assert [type(op) for op in ops] == [Remove, Insert, Retag]
    # the contents changed, or another element: the child is written whole
    for after in (Markup(lit.replace("forest", "hills")), Markup(lit.replace("<g ", "<a ", 1))):
        patcher.patch("board", Keyed("svg", (), (("h5", lit),)))
        assert patcher.patch("board", Keyed("svg", (), (("h5", after),))) == [Put("board", 0, after)]


def test_the_robbers_targets_are_lit_and_go_dark_by_their_attributes_alone() -> None:
    """The 18 hexes a robber may go to, lit and then dark again on the board (the engine's
    drawing, patched as the game page patches it): each is retagged, a few kilobytes in all
    (each hex written whole was some 2.5 K, 45 K per action)."""
    from catan_core.game import Game, Options
    from catan_core.svg import drawing

    view = Game(Options(players=4, board="beginner"), seed=0).view(None)
    hexes = [h for h in range(19) if h != view.robber]

    def board(**options: object) -> Keyed:
        drawn = drawing(view, **options)  # type: ignore[arg-type]
        return Keyed("svg", drawn.attrs, drawn.items)

    patcher = Patcher()
    first = board()
    patcher.patch("board", first)
    keys = [key for key, _ in first.items]
    for options in ({"highlight_hexes": hexes}, {"highlight_hexes": hexes, "focus": "h4", "selected": "h7"}, {}):
        ops = patcher.patch("board", board(**options))
        assert {type(op) for op in ops} == {Retag} and 0 < written(ops) < 2500, options
        assert all(op.tag.endswith(f' data-hex="{keys[op.at][1:]}">') for op in ops if isinstance(op, Retag))
