"""Message catalogs, the rules almanac and the built-in example scenarios, in every language.

A missing key, a placeholder that differs from English (per key and per plural form), an
almanac entry missing in a language, an engine rule without an almanac entry, or an example
scenario that does not load fails here.
"""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import Any

import pytest

from catan_core import almanac
from catan_core.actions import Action
from catan_core.errors import CatanError
from catan_core.i18n import LANGUAGE_NAMES, LANGUAGES, pick_language, plural_category, translate
from catan_core.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = ROOT / "catan_core" / "messages"
PAGE_MESSAGES = ROOT / "web" / "catan_web" / "messages"
"""The pages' own texts (buttons, screens: ``ui.*``, ``net.*``, ...), read beside the engine's."""
CATALOGS = (MESSAGES, PAGE_MESSAGES)
ALMANAC = ROOT / "catan_core" / "almanac"
SCENARIOS = ROOT / "web" / "scenarios"
OTHERS = [lang for lang in LANGUAGES if lang != "en"]
PLURAL_FORMS = {"one", "other"}
DEVANAGARI = re.compile("[\u0900-\u097f]")


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a message."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def forms(entry: Any) -> dict[str, str]:
    """A message as ``{form: text}``: ``{"": text}`` for a plain string."""
    return dict(entry) if isinstance(entry, dict) else {"": entry}


def load(lang: str) -> dict[str, Any]:
    """The engine's and the pages' messages of ``lang`` (each key in one of them only)."""
    data: dict[str, Any] = {}
    for folder in CATALOGS:
        with open(folder / f"{lang}.json", encoding="utf-8") as f:
            more = json.load(f)
        assert not data.keys() & more.keys(), f"keys in both catalogs: {sorted(data.keys() & more.keys())[:5]}"
        data.update(more)
    return data


# --- catalogs -----------------------------------------------------------------------------------


def test_the_engine_speaks_no_page_text_and_the_pages_add_theirs() -> None:
    """The engine's catalogs hold what the engine says (rules, events, places, formats); the
    pages' own texts are in web/catan_web/messages, added to the catalogs by catan_web."""
    from catan_core.i18n import catalog

    engine = json.loads((MESSAGES / "en.json").read_text(encoding="utf-8"))
    pages = json.loads((PAGE_MESSAGES / "en.json").read_text(encoding="utf-8"))
    assert not any(key.startswith(("ui.", "net.", "peer.", "embed.", "touch.")) for key in engine)
    source = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "catan_core").rglob("*.py"))
    assert not [key for key in pages if f'"{key}"' in source], "a page text used by the engine"
    assert pages.keys() <= catalog("en").keys() and engine.keys() <= catalog("en").keys()


def test_every_language_has_a_catalog_file() -> None:
    for folder in CATALOGS:
        assert sorted(p.stem for p in folder.glob("*.json")) == sorted(LANGUAGES), folder
    assert set(LANGUAGE_NAMES) == set(LANGUAGES)


@pytest.mark.parametrize("lang", OTHERS)
def test_same_keys_as_english(lang: str) -> None:
    en, other = load("en"), load(lang)
    assert sorted(set(en) - set(other)) == [], f"{lang}.json lacks these keys"
    assert sorted(set(other) - set(en)) == [], f"{lang}.json has keys English does not"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_entries_are_strings_or_plural_tables(lang: str) -> None:
    for key, entry in load(lang).items():
        if isinstance(entry, dict):
            assert set(entry) == PLURAL_FORMS, f"{lang} {key}: plural forms must be exactly one/other"
            assert all(isinstance(v, str) and v for v in entry.values()), f"{lang} {key}"
        else:
            assert isinstance(entry, str), f"{lang} {key} is neither text nor a plural table"


@pytest.mark.parametrize("lang", OTHERS)
def test_same_placeholders_per_key_and_plural_form(lang: str) -> None:
    en, other = load("en"), load(lang)
    for key, entry in en.items():
        if key not in other:
            continue  # reported by test_same_keys_as_english
        mine, theirs = forms(entry), forms(other[key])
        assert mine.keys() == theirs.keys(), f"{lang} {key}: plural table in one language only"
        for form, text in mine.items():
            assert placeholders(theirs[form]) == placeholders(text), f"{lang} {key} {form or 'text'}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_tables_are_keyed_by_count(lang: str) -> None:
    for key, entry in load(lang).items():
        if isinstance(entry, dict):
            assert all("{count}" in text for text in entry.values()) or key in {"event.monopoly"}, key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_formats(lang: str) -> None:
    """Every entry renders with typical parameters and leaves no braces behind."""
    sample: dict[str, Any] = {
        "player": 0, "victim": 1, "partner": 1, "offerer": 0, "target": -1, "seat": 2, "expected": 0,
        "previous": 1, "winner": 0, "resource": 4, "give_resource": 2, "get_resource": 0,
        "cards": [2, 0, 0, 0, 1], "give": [1, 0, 0, 0, 0], "want": [0, 0, 0, 0, 1], "cost": [1, 1, 0, 0, 0],
        "card": 3, "dice": [3, 4],
    }
    for key, entry in load(lang).items():
        params = dict(sample)
        for text in forms(entry).values():
            for name in placeholders(text):
                params.setdefault(name, 5)
        for count in (0, 1, 2):
            out = translate(key, {**params, "count": count}, lang, names=["Ana", "Ben", "Chen"])
            assert "{" not in out and "}" not in out, f"{lang} {key}: {out}"


def test_hindi_is_written_in_devanagari() -> None:
    hi = load("hi")
    latin_only = [
        k for k, v in hi.items()
        if not any(DEVANAGARI.search(t) for t in forms(v).values())
        and re.search("[A-Za-z]{3,}", " ".join(re.sub(r"\{[^}]*\}", "", t) for t in forms(v).values()))
    ]
    # Technical tokens (JSON, #rrggbb, file names, engine name) may stay Latin inside a Hindi sentence.
    assert latin_only == [], latin_only


def test_plural_categories() -> None:
    assert [plural_category("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_category("hi", n) for n in (0, 1, 2)] == ["one", "one", "other"]
    assert translate("embed.cards", {"count": 1}, "es") == "1 carta"
    assert translate("embed.cards", {"count": 3}, "de") == "3 Karten"


def test_engine_errors_explain_themselves_in_each_language() -> None:
    game = load_scenario(json.loads((SCENARIOS / "distance.json").read_text(encoding="utf-8")))
    with pytest.raises(CatanError) as caught:
        game.apply("0 settlement 17")
    texts = {lang: translate(caught.value.key, caught.value.params, lang) for lang in LANGUAGES}
    assert len(set(texts.values())) == 4
    assert "distance" in texts["en"] and "distancia" in texts["es"] and "Abstand" in texts["de"]
    assert "दूरी" in texts["hi"]


def test_pick_language() -> None:
    assert pick_language("de", ["hi-IN"]) == "de"
    assert pick_language(None, ["fr-FR", "es-MX", "en"]) == "es"
    assert pick_language("", ["HI"]) == "hi"
    assert pick_language("klingon", []) == "en"
    assert pick_language(None, None) == "en"
    assert pick_language(42, [None, "de_CH"]) == "de"


# --- the almanac --------------------------------------------------------------------------------


def test_every_language_has_every_almanac_entry() -> None:
    ids = almanac.entry_ids()
    assert len(ids) == len(set(ids))
    for lang in LANGUAGES:
        texts = json.loads((ALMANAC / f"{lang}.json").read_text(encoding="utf-8"))["entries"]
        assert sorted(texts) == sorted(ids), f"almanac/{lang}.json"
        for entry_id, text in texts.items():
            assert isinstance(text["title"], str) and text["title"].strip(), (lang, entry_id)
            assert text["paragraphs"] and all(isinstance(p, str) and p.strip() for p in text["paragraphs"]), (lang, entry_id)
            assert isinstance(text.get("caption"), str), (lang, entry_id)
            if lang == "hi":
                assert DEVANAGARI.search(text["title"]) and all(DEVANAGARI.search(p) for p in text["paragraphs"])


def test_almanac_covers_the_topics_the_rules_need() -> None:
    needed = {
        "production", "shortage", "trade", "roads", "settlements", "cities", "seven", "knight", "road_building",
        "year_of_plenty", "monopoly", "victory_point", "longest_road", "largest_army", "winning",
    }
    assert needed <= set(almanac.entry_ids())


def test_almanac_examples_and_cross_references() -> None:
    ids = set(almanac.entry_ids())
    for lang in LANGUAGES:
        for item in almanac.entries(lang):
            assert set(item.see) <= ids and item.id not in item.see, item.id
            if item.example is None:
                continue
            assert item.caption, f"{lang} {item.id}: an example needs a caption"
            assert (SCENARIOS / item.example.scenario).is_file(), item.example.scenario
            assert item.example.mode in ("view", "try")
            for mark in item.example.mark:
                assert re.fullmatch(r"h(1[0-8]|[0-9])|n(5[0-3]|[1-4]?[0-9])|e(7[01]|[1-6]?[0-9])", mark), mark
            url = almanac.example_url(item, lang)
            assert url is not None and f"lang={lang}" in url and "<" not in url


def test_every_engine_rule_leads_to_an_almanac_entry() -> None:
    ids = set(almanac.entry_ids())
    rule_keys = {k for k in load("en") if k.startswith("rule.")}
    assert sorted(rule_keys - set(almanac.ERROR_ENTRIES)) == [], "map these rule keys in almanac.ERROR_ENTRIES"
    for key in rule_keys:
        target = almanac.entry_for_error(key)
        assert target is None or target in ids, key
    assert [k for k in rule_keys if almanac.entry_for_error(k) is None] == ["rule.no_such_seat"]
    assert almanac.entry_for_error("rule.distance") == "settlements"
    assert almanac.entry_for_error("format.not_json") is None
    assert almanac.almanac_url("settlements", "hi") == "almanac.html?lang=hi#settlements"


# --- the example scenarios ----------------------------------------------------------------------


def scenario_files() -> list[Path]:
    return sorted(SCENARIOS.glob("*.json"))


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.stem)
def test_example_scenario_loads(path: Path) -> None:
    game = load_scenario(json.loads(path.read_text(encoding="utf-8")))
    assert game.legal_actions(), f"{path.name}: nothing to do in this position"


def test_examples_show_what_their_entries_say() -> None:
    def scenario(name: str):  # noqa: ANN202
        return load_scenario(json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8")))

    game = scenario("shortage")
    kinds = [e.kind for e in game.apply("0 roll")]
    assert "shortage" in kinds
    game = scenario("roads")
    with pytest.raises(CatanError, match="opponent") as caught:
        game.apply("0 road 23")
    assert caught.value.key == "rule.road_blocked"
    game = scenario("longest_road")
    assert game.longest_road == 0
    game.apply("1 settlement 16")
    assert game.longest_road == 1
    game = scenario("winning")
    game.apply("0 settlement 22")
    assert game.winner == 0
    game = scenario("largest_army")
    assert game.largest_army == 1
    game.apply("0 knight")
    assert game.largest_army == 0
    game = scenario("harbor")
    assert game.trade_ratio(0, 4) == 2 and game.trade_ratio(0, 2) == 3 and game.trade_ratio(0, 0) == 3
    game = scenario("trade_then_build")
    assert game.options.trade_then_build and game.is_legal(Action.parse("0 maritime ore>wool"))
    game.apply("0 road 10")  # the marked road
    with pytest.raises(CatanError) as caught:
        game.apply("0 maritime ore>wool")
    assert caught.value.key == "rule.trade_after_build"


def test_embed_logic_refuses_hostile_input() -> None:
    from catan_web import example as kit
    params = kit.read_params("?mark=n12,<script>,e99,h5&mode=evil&lang=xx&caption=" + "x" * 900, "")
    assert params.marks == ("n12", "h5") and params.bad_marks == ("<script>", "e99")
    assert params.mode == "view" and params.lang is None and len(params.caption) == kit.MAX_CAPTION_CHARS
    for text, reason in (("{bad json", "format.not_json"), ("[1, 2]", "format.not_a_scenario"), ("[" * 5000, "format.not_json")):
        with pytest.raises(kit.ScenarioProblem) as caught:
            kit.parse_scenario(text)
        assert caught.value.params["reason_key"] == reason
    with pytest.raises(kit.ScenarioProblem) as caught:
        kit.parse_scenario("{}" + " " * kit.MAX_SCENARIO_CHARS)
    assert caught.value.key == "embed.error.too_big"
    hostile = [
        {"format": "catan-scenario", "players": [{"name": "A", "settlements": [4, 8]}, {"name": "B"}]},
        {"format": "catan-scenario", "players": [{"name": "A", "hand": {"gold": 2}}, {"name": "B"}]},
        {"format": "catan-scenario", "players": "<img src=x onerror=alert(1)>"},
        {"format": "catan-scenario", "players": [{"name": {"x": 1}}, {"name": []}]},
        {"format": "catan-scenario", "players": [{"name": "A", "hand": {"brick": 20}}, {"name": "B"}]},
    ]
    for data in hostile:
        with pytest.raises(kit.ScenarioProblem) as caught:
            kit.Example.load(data, "de")
        assert kit.problem_text(caught.value, "de").startswith("Dieses Szenario kann nicht gezeigt werden:")
    named = {"format": "catan-scenario", "players": [{"name": "<script>x()</script>"}, {"name": "B"}]}
    assert kit.Example.load(named, "en").names[0] == "<script>x()</script>"  # shown as text only


def test_aliases_lead_to_entries() -> None:
    ids = set(almanac.entry_ids())
    assert set(almanac.ALIASES.values()) <= ids and not set(almanac.ALIASES) & ids
    assert almanac.resolve("distance") == "settlements"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_plays_in_every_language(lang: str) -> None:
    """Each example position, played a few legal moves deep the way embed.html plays it."""
    from catan_web import example as kit
    keys = set(load(lang))
    for path in scenario_files():
        example = kit.Example.load(json.loads(path.read_text(encoding="utf-8")), lang)
        for _ in range(6):
            prompt = example.prompt()
            assert prompt and not RAW_KEY.search(prompt), (path.stem, prompt)
            legal = example.legal()
            if not legal:
                break
            example.targets()
            outcome = example.apply(legal[-1])
            assert outcome.message is None
            for line in example.log():
                assert not RAW_KEY.search(line), (path.stem, line)
        example.reset()
        assert example.game.history == []
    assert {"embed.prompt." + phase for phase in ("roll", "main", "robber", "discard", "road_building", "over")} <= keys


RAW_KEY = re.compile(r"\b(?:embed|rule|event|word|resource|devcard|format|ui|almanac)\.[a-z_]+\b")
