"""The SVG renderer: structure, ids, highlights, pieces, escaping, determinism."""

from __future__ import annotations

import dataclasses
from dataclasses import astuple
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from catan_core import board as B
from catan_core.game import Game, Options, Seat
from catan_core.i18n import LANGUAGES, translate
from catan_core.palette import GLYPHS, PALETTE, ink
from catan_core.places import places
from catan_core.rng import Rng
from catan_core.svg import parse_mark, render, render_ids
from catan_web.targets import targets

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent


def beginner_view():  # type: ignore[no-untyped-def]
    return Game(Options(players=4, board="beginner"), seed=0).view(None)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_attr(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in el.attrib]


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def of_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in classes(el)]


def texts(el: ET.Element) -> list[str]:
    return [t.text or "" for t in el.iter(NS + "text")]


# --- document -------------------------------------------------------------------------------


def test_document_is_a_responsive_labelled_svg() -> None:
    svg = render(beginner_view())
    root = parse(svg)
    assert root.tag == NS + "svg"
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    # a group, so that a screen reader reads the hexes, harbors and pieces inside
    assert root.get("role") == "group" and root.get("aria-label") == "Catan board"
    assert len(root.get("viewBox", "").split()) == 4
    assert "width" not in root.attrib and "height" not in root.attrib
    sized = parse(render(beginner_view(), size=400))
    assert sized.get("width") == "400" and int(sized.get("height", "0")) > 0


def test_no_script_and_no_external_reference() -> None:
    for svg in (render(beginner_view(), highlight_nodes=[1], marked=["h3"]), render_ids()):
        body = svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "<script" not in body and "href" not in body and "url(" not in body
        assert "http" not in body and "@import" not in body
        assert not re.search(r"\son[a-z]+=", body)


def test_output_is_deterministic() -> None:
    args = dict(highlight_nodes=[3, 1, 2], highlight_edges={5, 4}, marked=["n1", "e2", "h3"], show_ids=True)
    first = render(beginner_view(), **args)  # type: ignore[arg-type]
    assert render(beginner_view(), **args) == first  # type: ignore[arg-type]
    assert render(beginner_view(), **{**args, "highlight_nodes": [2, 3, 1, 1]}) == first  # type: ignore[arg-type]


# --- ids ------------------------------------------------------------------------------------


@pytest.mark.parametrize("show_ids", [False, True])
def test_every_hex_node_and_edge_carries_its_id_once(show_ids: bool) -> None:
    root = parse(render(beginner_view(), show_ids=show_ids, highlight_nodes=[4], highlight_edges=[9], highlight_hexes=[2]))
    for attr, count in (("data-hex", 19), ("data-node", 54), ("data-edge", 72)):
        ids = [int(el.get(attr, "")) for el in with_attr(root, attr)]
        assert sorted(ids) == list(range(count)), attr


def test_click_targets_are_hittable_and_on_top() -> None:
    root = parse(render(beginner_view()))
    for el in with_attr(root, "data-node"):
        assert el.tag == NS + "circle" and float(el.get("r", "0")) >= 25
        assert el.get("fill") not in (None, "none")  # transparent but painted: clickable
    for el in with_attr(root, "data-edge"):
        assert el.tag == NS + "polygon" and el.get("fill") not in (None, "none")
        assert_wide_band(el)
    # a highlighted path keeps such a band as its hit area, whatever its direction
    lit = parse(render(beginner_view(), highlight_edges=range(72)))
    for el in with_attr(lit, "data-edge"):
        band = el.findall(NS + "polygon")
        assert "target" in classes(el) and len(band) == 1 and band[0].get("fill") not in (None, "none")
        assert_wide_band(band[0])
    for el in with_attr(root, "data-hex"):
        assert el.find(NS + "polygon") is not None
    # the hit areas come last, intersections above paths, in each the targets above the others
    spots = [(el.get("class") or "-").split()[0] for el in root][-(72 + 54):]
    assert spots == ["edge"] * 72 + ["node"] * 54
    mixed = parse(render(beginner_view(), highlight_edges=[0, 71], highlight_nodes=[0, 53]))
    drawn = list(mixed)[-(72 + 54):]
    for layer in (drawn[:72], drawn[72:]):
        lit_ones = ["target" in classes(el) for el in layer]
        assert lit_ones == sorted(lit_ones) and lit_ones[-2:] == [True, True]


def assert_wide_band(el: ET.Element) -> None:
    """``el`` is a rectangle at least 25 units wide, whose bounding box is at least that in
    both directions (a stroked vertical line's box is zero wide: "invisible" to hit-testing)."""
    points = [tuple(float(v) for v in pair.split(",")) for pair in el.get("points", "").split()]
    assert len(points) == 4
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert min(max(xs) - min(xs), max(ys) - min(ys)) >= 25
    assert math.dist(points[0], points[3]) >= 25 and math.dist(points[1], points[2]) >= 25
    assert math.dist(points[0], points[1]) >= 90  # it spans the path from end to end


def test_show_ids_writes_every_id() -> None:
    root = parse(render_ids())
    labels = [el for el in root.iter() if el.get("class") == "ids"][0]
    numbers = texts(labels)
    for count in (19, 54, 72):
        for i in range(count):
            assert str(i) in numbers
    assert numbers.count("0") == 3 and numbers.count("18") == 3 and numbers.count("53") == 2
    assert "intersection" in numbers and "path" in numbers
    assert not of_class(root, "road") and not of_class(root, "settlement") and not of_class(root, "robber")


def test_docs_board_ids_picture_is_up_to_date() -> None:
    path = ROOT / "docs" / "board-ids.svg"
    assert path.read_text(encoding="utf-8") == render_ids() + "\n"


# --- highlights and marks ---------------------------------------------------------------------


def test_highlights_are_focusable_buttons_only_on_the_given_ids() -> None:
    view = beginner_view()
    root = parse(render(view, highlight_nodes=[0, 12], highlight_edges=[40], highlight_hexes=[5, 9]))
    assert root.get("role") == "group"  # the buttons inside must stay reachable
    found = {
        (attr, int(el.get(attr, ""))) for attr in ("data-hex", "data-node", "data-edge") for el in with_attr(root, attr)
        if "target" in classes(el)
    }
    assert found == {("data-node", 0), ("data-node", 12), ("data-edge", 40), ("data-hex", 5), ("data-hex", 9)}
    focusable = [el for el in root.iter() if "tabindex" in el.attrib]
    assert len(focusable) == 5
    for el in focusable:
        assert "target" in classes(el) and el.get("role") == "button"
    # one Tab stop: the first target drawn by default
    assert [el.get("tabindex") for el in focusable] == ["0", "-1", "-1", "-1", "-1"]
    labels = {el.get("aria-label") for el in focusable}
    assert labels == {
        "Intersection at the north corner of the forest 11: free",
        "Intersection between forest 11, hills 4 (west) and mountains 6: Red's settlement",
        "Path between fields 3 and mountains 8: free",
        "the forest 5", "the desert, robber here",
    }
    assert "catan-pulse" in render(view, highlight_nodes=[0])


def test_one_target_is_the_tab_stop_and_one_may_be_selected() -> None:
    root = parse(render(beginner_view(), highlight_nodes=[0, 12], highlight_edges=[40], focus="n12", selected="e40"))
    stops = {next(v for k, v in el.attrib.items() if k.startswith("data-")): el.get("tabindex")
             for el in root.iter() if "tabindex" in el.attrib}
    assert stops == {"0": "-1", "12": "0", "40": "-1"}
    assert [el.get("data-edge") for el in of_class(root, "selected")] == ["40"]
    # every target carries its focus ring (shown by the style while focused or selected),
    # in screen pixels: dark under light
    for el in of_class(root, "target"):
        ring = of_class(el, "focus-ring")
        assert len(ring) == 1 and ring[0].get("pointer-events") == "none"
        strokes = [(shape.get("stroke"), int(shape.get("stroke-width", "0"))) for shape in ring[0]]
        assert strokes[0][1] >= 3 * strokes[1][1] >= 9 and strokes[1][0] == "#ffffff"
        assert all(shape.get("vector-effect") == "non-scaling-stroke" for shape in ring[0])
    # a mark that is no target leaves the first target drawn as the Tab stop
    fallback = parse(render(beginner_view(), highlight_nodes=[0, 12], focus="n30"))
    assert [el.get("tabindex") for el in fallback.iter() if "tabindex" in el.attrib] == ["0", "-1"]


def test_a_hex_lit_or_going_dark_changes_only_its_opening_tag() -> None:
    """A hex that becomes a target (or the Tab stop, or selected) keeps everything inside its
    group: the page sets its attributes alone (``catan_web.patch.Retag``). Its ring is in every
    hex, hidden where no style is read, and shown by the style while the hex is a target."""
    from catan_core.svg import _STYLE, drawing

    view = beginner_view()
    dark = dict(drawing(view).items)
    for options in ({"highlight_hexes": [5, 9]}, {"highlight_hexes": [5, 9], "focus": "h9", "selected": "h5"}):
        lit = dict(drawing(view, **options).items)  # type: ignore[arg-type]
        assert lit.keys() == dark.keys()
        for h in range(19):
            before, after = dark[f"h{h}"], lit[f"h{h}"]
            assert before.split(">", 1)[1] == after.split(">", 1)[1], h
            assert (before == after) == (h not in (5, 9)), h
    root = parse(render(view, highlight_hexes=[5]))
    for el in with_attr(root, "data-hex"):
        rings = of_class(el, "ring")
        assert len(rings) == 1 and rings[0].get("display") == "none"
        shapes = list(rings[0])
        assert [shape.get("class") for shape in shapes] == [None, "hl"]
        assert shapes[0].get("points") == shapes[1].get("points")
        drawn = [child.get("class") for child in el]
        assert drawn[:2] == ["tile", "ring"]  # under the glyph, the word and the token
    rules: dict[str, str] = {}
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", _STYLE.removeprefix("<style>")):
        rules.setdefault(selector, body)  # (the first: the reduced motion's comes later)
    assert rules[".catan-board .hex.target .ring"] == "display:inline"
    focused = ".catan-board .hex.target:focus-visible .ring .hl,.catan-board .hex.selected .ring .hl"
    assert "stroke:#ffd60a" in rules[focused] and "animation:none" in rules[focused]
    pulse = rules[".catan-board .hl"].split()
    assert "animation:catan-pulse" in pulse and "alternate" in pulse and "infinite" not in pulse
    assert int(pulse[-2]) % 2 == 0  # a few halves, an even number: the pulse stops with the targets lit
    assert "animation:none" in _STYLE.split("prefers-reduced-motion:reduce")[1].split("}")[0]


def test_targets_have_hit_areas_a_finger_finds() -> None:
    """Targets' invisible hit shapes are larger than other spots' (44 px on a phone board
    enlarged to twice the screen width: see the browser tests)."""
    root = parse(render(beginner_view(), highlight_nodes=[0], highlight_edges=[40]))
    node = of_class(root, "target")[1]
    assert max(float(c.get("r", "0")) for c in node.iter(NS + "circle") if c.get("fill-opacity") == "0") >= 36
    edge = of_class(root, "target")[0]
    band = [p for p in edge.iter(NS + "polygon") if p.get("fill-opacity") == "0"][0]
    points = [tuple(float(v) for v in pair.split(",")) for pair in band.get("points", "").split()]
    assert math.dist(points[0], points[3]) >= 69.9  # 70 units, drawn to a tenth


def test_hexes_harbors_pieces_and_robber_are_named_images() -> None:
    view = beginner_view()
    words = places(view.board, "en")
    root = parse(render(view, highlight_hexes=[5]))
    hexes = {int(el.get("data-hex", "")): el for el in with_attr(root, "data-hex")}
    for h, el in hexes.items():
        if h == 5:
            assert el.get("role") == "button"
            continue
        expected = f"{words.hexes[h]}, robber here" if h == view.robber else words.hexes[h]
        assert el.get("role") == "img" and el.get("aria-label") == expected
    harbors = of_class(root, "harbor")
    assert len(harbors) == 9 and all(el.get("role") == "img" for el in harbors)
    assert harbors[0].get("aria-label", "").startswith("3:1 harbor on the ")
    for name in ("road", "settlement", "robber"):
        for el in of_class(root, name):
            title = el.find(NS + "title")
            assert el.get("role") == "img" and title is not None and el.get("aria-label") == title.text


def test_no_highlight_means_no_tabindex() -> None:
    svg = render(beginner_view())
    assert "tabindex" not in svg and "target" not in svg.replace(".target", "")


def test_marks_are_static_annotations_independent_of_highlights() -> None:
    root = parse(render(beginner_view(), marked=["n12", "e40", "h5"], highlight_nodes=[12]))
    marks = of_class(root, "marked")
    assert sorted(el.get("data-at", "") for el in marks) == ["e40", "h5", "n12"]
    for el in marks:
        assert "tabindex" not in el.attrib and "target" not in classes(el)
    targets = [el for el in with_attr(root, "data-node") if "target" in classes(el)]
    assert [el.get("data-node") for el in targets] == ["12"]
    plain = parse(render(beginner_view(), marked=["n12"]))
    assert not [el for el in plain.iter() if "tabindex" in el.attrib]
    # each mark is an element of its own: a hex marked (the robber's last move) is not drawn again
    from catan_core.svg import drawing

    marked, unmarked = dict(drawing(beginner_view(), marked=["h5"]).items), dict(drawing(beginner_view()).items)
    assert marked["h5"] == unmarked["h5"] and marked.keys() - unmarked.keys() == {"mark-h5"}


@pytest.mark.parametrize(
    "kwargs",
    [{"highlight_nodes": [54]}, {"highlight_edges": [-1]}, {"highlight_hexes": [19]}, {"highlight_nodes": ["3"]},
     {"marked": ["x1"]}, {"marked": ["n54"]}, {"marked": ["e"]}, {"marked": ["h-1"]}],
)
def test_unknown_ids_are_refused(kwargs: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(ValueError):
        render(beginner_view(), **kwargs)


def test_parse_mark() -> None:
    assert parse_mark("h18") == ("h", 18) and parse_mark("n0") == ("n", 0) and parse_mark("e71") == ("e", 71)


# --- board contents ---------------------------------------------------------------------------


def test_hexes_show_terrain_word_glyph_and_number_token() -> None:
    view = beginner_view()
    root = parse(render(view))
    for el in with_attr(root, "data-hex"):
        h = int(el.get("data-hex", ""))
        terrain, number = view.board.terrains[h], view.board.numbers[h]
        assert f"terrain-{B.TERRAINS[terrain]}" in classes(el)
        words = texts(el)
        assert B.TERRAINS[terrain] in words
        assert [g.get("class") for g in el.findall(NS + "g")] == ["ring", None]  # the ring (hidden), the glyph
        if number:
            number_text = [t for t in el.iter(NS + "text") if t.text == str(number)]
            assert len(number_text) == 1
            pips = [c for c in el.iter(NS + "circle") if c.get("r") == "3"]
            assert len(pips) == B.PIPS[number]
            red = number_text[0].get("fill") == "#c4161c"
            assert red == (number in (6, 8))
        else:
            assert terrain == B.DESERT and words == ["desert"]


def test_harbors_show_ratio_and_resource_with_two_piers() -> None:
    view = beginner_view()
    root = parse(render(view))
    harbors = of_class(root, "harbor")
    assert len(harbors) == 9
    for el in harbors:
        i = int(el.get("data-harbor", ""))
        kind = view.board.harbors[i]
        words = texts(el)
        if kind == B.GENERIC_HARBOR:
            assert words == ["3:1", "any"]
        else:
            assert words == ["2:1", B.RESOURCES[kind]]
        assert len(el.findall(NS + "line")) == 4  # two piers, each drawn twice


def test_beginner_pieces_in_seat_colours() -> None:
    view = beginner_view()
    root = parse(render(view))
    for p, seat in enumerate(view.seats):
        settlements = [el for el in of_class(root, "settlement") if el.get("data-seat") == str(p)]
        roads = [el for el in of_class(root, "road") if el.get("data-seat") == str(p)]
        assert sorted(int(el.get("data-at", "")[1:]) for el in settlements) == sorted(view.players[p].settlements)
        assert sorted(int(el.get("data-at", "")[1:]) for el in roads) == sorted(view.players[p].roads)
        assert len(settlements) == 2 and len(roads) == 2
        for el in settlements:
            shape = el.find(NS + "polygon")
            assert shape is not None and shape.get("fill") == seat.color and shape.get("stroke") == "#1a1a1a"
        for el in roads:
            assert [line.get("stroke") for line in el.findall(NS + "line")] == ["#1a1a1a", seat.color]
    assert not of_class(root, "city")


def _glyphs(el: ET.Element) -> list[ET.Element]:
    return [g for g in el.iter(NS + "path") if "glyph" in classes(g)]


@pytest.mark.parametrize("first", [0, 3])
def test_every_piece_carries_its_seats_glyph(first: int) -> None:
    # four palette colours, from the defaults or the rest of the palette
    chosen = (PALETTE * 2)[first : first + 4]
    seats = tuple(Seat(c.key, c.hex) for c in chosen)
    game = Game(Options(players=4, board="beginner"), seed=0, seats=seats)
    view = game.view(None)
    n = view.players[2].settlements[0]
    view = dataclasses.replace(view, node_city=tuple(i == n for i in range(B.NODE_COUNT)))
    root = parse(render(view))
    pieces = of_class(root, "road") + of_class(root, "settlement") + of_class(root, "city")
    assert len(pieces) == 16 and len(of_class(root, "city")) == 1
    for el in pieces:
        color = chosen[int(el.get("data-seat", ""))]
        (glyph,) = _glyphs(el)
        assert glyph.get("data-glyph") == color.glyph and glyph.get("d") == GLYPHS[color.glyph]
        if "road" in classes(el):  # the glyph in the seat's colour, edged in its ink
            assert (glyph.get("fill"), glyph.get("stroke")) == (color.hex, ink(color.hex))
        else:  # the glyph in the ink, inside the building
            assert glyph.get("fill") == ink(color.hex) and glyph.get("stroke") is None


def test_seats_in_other_colours_get_distinct_glyphs() -> None:
    seats = (Seat("Ana", "#123456"), Seat("Ben", PALETTE[0].hex), Seat("Cy", "#D7263D"))
    view = Game(Options(players=3, board="beginner"), seed=1, seats=seats).view(None)
    root = parse(render(view))
    by_seat: dict[str, set[str]] = {}
    for el in of_class(root, "road") + of_class(root, "settlement"):
        by_seat.setdefault(el.get("data-seat", ""), set()).update(g.get("data-glyph", "") for g in _glyphs(el))
    assert all(len(glyphs) == 1 for glyphs in by_seat.values()) and len(set.union(*by_seat.values())) == 3
    assert by_seat["1"] == {PALETTE[0].glyph}


def test_city_is_a_bigger_distinct_shape() -> None:
    view = beginner_view()
    n = view.players[1].settlements[0]
    city_view = dataclasses.replace(view, node_city=tuple(i == n for i in range(B.NODE_COUNT)))
    root = parse(render(city_view))
    cities = of_class(root, "city")
    assert [(el.get("data-seat"), el.get("data-at")) for el in cities] == [("1", f"n{n}")]
    assert len(of_class(root, "settlement")) == 7

    def width(el: ET.Element) -> float:
        shape = el.find(NS + "polygon")
        assert shape is not None
        xs = [float(p.split(",")[0]) for p in shape.get("points", "").split()]
        return max(xs) - min(xs)

    assert width(cities[0]) > 1.4 * width(of_class(root, "settlement")[0])


@pytest.mark.parametrize("robber", [9, 0, 11, 18])
def test_robber_stands_on_its_hex(robber: int) -> None:
    view = dataclasses.replace(beginner_view(), robber=robber)
    root = parse(render(view))
    robbers = of_class(root, "robber")
    assert len(robbers) == 1 and robbers[0].get("data-at") == f"h{robber}"
    head = robbers[0].find(NS + "circle")
    assert head is not None
    x, y = float(head.get("cx", "")), float(head.get("cy", ""))
    # nearest hex centre
    centres = [(cx * 3**0.5 / 2 * 100, cy * 50) for cx, cy in B.HEX_CENTERS]
    nearest = min(range(19), key=lambda h: (centres[h][0] - x) ** 2 + (centres[h][1] - y) ** 2)
    assert nearest == robber


def test_seat_names_and_colours_are_escaped() -> None:
    evil = '<script>alert("x")</script>&'
    seats = (Seat(evil, '"><script>alert(1)</script>'), Seat("Bo", "#1b65c4"), Seat("Cy", "#e8e8e8"))
    view = Game(Options(players=3, board="beginner"), seed=1, seats=seats).view(None)
    n = view.players[0].settlements[0]
    svg = render(view, highlight_nodes=[n])
    assert "<script" not in svg
    root = parse(svg)  # still well-formed
    titles = [t.text for t in root.iter(NS + "title")]
    place = places(view.board, "en").nodes[n]
    assert f"{evil}'s settlement {place}" in titles
    target = [el for el in with_attr(root, "data-node") if el.get("data-node") == str(n)][0]
    assert target.get("aria-label") == f"Intersection {place}: {evil}'s settlement"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_spots_and_pieces_are_named_by_place_and_state(lang: str) -> None:
    """Every target says where it is and what stands there; every piece whose it is and where;
    the robber names its hex: in words of the language, never by id."""
    view = beginner_view()
    words = places(view.board, lang)
    names = [seat.name for seat in view.seats]

    def t(key: str, **params: object) -> str:
        return translate(key, params, lang, names)

    red_node, red_edge = view.players[0].settlements[0], view.players[0].roads[0]
    root = parse(render(view, lang=lang, highlight_nodes=[0, red_node], highlight_edges=[40, red_edge],
                        highlight_hexes=[5, view.robber]))
    labels = {el.get("aria-label") for el in root.iter() if "tabindex" in el.attrib}
    assert labels == {
        t("svg.node_label", place=words.nodes[0], state=t("svg.free")),
        t("svg.node_label", place=words.nodes[red_node], state=t("svg.settlement", player=0)),
        t("svg.edge_label", place=words.edges[40], state=t("svg.free")),
        t("svg.edge_label", place=words.edges[red_edge], state=t("svg.road", player=0)),
        words.hexes[5], t("svg.hex_robber", place=words.hexes[view.robber]),
    }
    titles = {el.get("data-at"): el.findtext(NS + "title") for el in root.iter() if el.find(NS + "title") is not None}
    assert titles[f"n{red_node}"] == t("svg.piece_at", piece=t("svg.settlement", player=0), place=words.nodes[red_node])
    assert titles[f"e{red_edge}"] == t("svg.piece_at", piece=t("svg.road", player=0), place=words.edges[red_edge])
    assert titles[f"h{view.robber}"] == t("svg.robber", place=words.hexes[view.robber])
    assert len(set(titles.values())) == len(titles), "each piece is told apart by its place"


def test_other_languages_render() -> None:
    present = [lang for lang in LANGUAGES if (ROOT / "catan_core" / "messages" / f"{lang}.json").exists()]
    for lang in present + ["xx"]:  # an unknown language falls back to English
        parse(render(beginner_view(), lang=lang, highlight_hexes=[1], show_ids=True))


# --- every state of random games ----------------------------------------------------------------


def test_renders_every_state_of_a_random_game() -> None:
    game = Game(Options(players=4), seed=1)
    rng = Rng(101)
    phases = set()
    for _ in range(400):
        if game.winner >= 0:
            break
        view = game.view(game.to_act, with_log=False)
        phases.add(view.phase)
        nodes, edges, hexes = astuple(targets(view))
        root = parse(render(view, highlight_nodes=nodes, highlight_edges=edges, highlight_hexes=hexes))
        focusable = [el for el in root.iter() if "tabindex" in el.attrib]
        assert len(focusable) == len(nodes) + len(edges) + len(hexes)
        pieces = of_class(root, "road") + of_class(root, "settlement") + of_class(root, "city")
        assert len(pieces) == sum(o >= 0 for o in view.edge_owner) + sum(o >= 0 for o in view.node_owner)
        assert of_class(root, "robber")[0].get("data-at") == f"h{view.robber}"
        actions = game.legal_actions()
        game.apply(actions[rng.below(len(actions))], check=False)
    assert {"setup_settlement", "setup_road", "roll", "main", "robber"} <= phases


def test_the_kept_hexes_and_pieces_draw_what_is_drawn_afresh() -> None:
    """The board keeps its hexes, pieces, robber and the last roll's rings and badges between
    drawings (by the robber, the targets, the owners, what was paid...): through a random game
    in two languages, seen by each seat in turn, with targets, a selected target, marks and the
    last production, every drawing equals the one made with nothing kept."""
    from catan_core import svg
    from catan_core.recap import last_production

    game = Game(Options(players=4), seed=3)
    rng = Rng(7)
    paid_drawn = 0
    for step in range(300):
        if game.winner >= 0:
            break
        view = game.view(step % 4, with_log=False)
        nodes, edges, hexes = astuple(targets(game.view(game.to_act, with_log=False)))
        lit = [f"h{h}" for h in hexes] + [f"n{n}" for n in nodes]
        options = {"highlight_nodes": nodes, "highlight_edges": edges, "highlight_hexes": hexes,
                   "lang": ("en", "hi")[step % 2], "marked": (f"h{rng.below(19)}",),
                   "selected": lit[rng.below(len(lit))] if lit and step % 3 == 0 else None}
        production = last_production(game.view(step % 4))
        options["produced"] = production.paid if production is not None else ()
        paid_drawn += bool(options["produced"])
        kept = render(view, **options)
        svg._hexes.cache_clear()
        svg._pieces.cache_clear()
        svg._paid_layer.cache_clear()
        svg._robber_item.cache_clear()
        assert render(view, **options) == kept, step
        actions = game.legal_actions()
        game.apply(actions[rng.below(len(actions))], check=False)
    assert step > 100 and paid_drawn > 20
