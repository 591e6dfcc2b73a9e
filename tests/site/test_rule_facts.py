"""The rule facts on the built pages equal what the engine computes, and match the seeds where they say so.

Two kinds of check: every generated table and example is compared with the engine (so no page drifts from
the rules data), and a few facts are compared with numbers taken by hand from the source texts (so the
engine-and-site chain as a whole is checked against something outside it).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from htmltree import find_all, parse, text
from sitebuild import LANGS, PAGES, REPO, page_path

from sixcardgolf import load_preset, parse_layout, score_table
from sixcardgolf.cards import RANKS
from sixcardgolf.presets import preset_info, preset_names
from sixcardgolf.text.describe import describe_rules
from sixcardgolf.text.describe_scoring import card_value_rows


def number(cell_text: str) -> int:
    return int(cell_text.strip().replace("−", "-").replace("+", ""))


def all_pages(site: Path):
    for lang in LANGS:
        for page in PAGES:
            yield lang, page, parse(page_path(site, lang, page))


def rules_for(preset: str, set_text: str):
    rules = load_preset(preset)
    if set_text:
        rules = rules.with_options(dict(item.split("=", 1) for item in set_text.split(",")))
    return rules


# -- value tables -------------------------------------------------------------------------------------------
def test_value_tables_equal_the_engine(site: Path) -> None:
    seen = 0
    for lang, page, root in all_pages(site):
        for table in find_all(root, "table", **{"data-golf": "values"}):
            rules = rules_for(table.get("data-preset"), table.get("data-set"))
            shown = [
                (text(row[0]), text(row[1])) for row in table.iter("tr") if row[0].tag == "th" and row[1].tag == "td"
            ]
            expected = card_value_rows(rules, lang)
            assert len(shown) == len(expected), f"{lang}/{page} {table.get('data-preset')}: rows differ"
            for (label, value), (want_label, want_points) in zip(shown, expected, strict=True):
                assert label == want_label
                if isinstance(want_points, int):
                    assert number(value) == want_points, f"{lang}/{page}: {label} shows {value}, engine {want_points}"
                else:
                    assert value == want_points
            seen += 1
    assert seen >= 2 * len(preset_names()), "expected a value table per preset in each language"


def _comparison_cells(root) -> dict[tuple[str, str], str]:
    cells = {}
    for table in find_all(root, "table", **{"data-golf": "value-comparison"}):
        for row in table.iter("tr"):
            key = row.get("data-key")
            for cell in row.iter("td"):
                cells[(key, cell.get("data-preset"))] = text(cell)
    return cells


def test_value_comparison_equals_the_preset_data_files(site: Path) -> None:
    """Read the preset JSON files directly (not through the engine) over the basic values of the seeds."""
    # Basic values as the seeds state them (000, 001, 002, 004): A 1, 2 −2, 3-10 face, J Q 10, K 0, joker −2.
    seeds_basic = {"A": 1, "2": -2, **{str(n): n for n in range(3, 11)}, "J": 10, "Q": 10, "K": 0, "JK": -2}
    for lang in LANGS:
        cells = _comparison_cells(parse(page_path(site, lang, "variants/")))
        for path in sorted((REPO / "engine" / "sixcardgolf" / "preset_data").glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            name = path.stem
            for rank in RANKS:
                want = data["options"].get(f"values.{rank}", seeds_basic[rank])
                shown = cells[(f"values.{rank}", name)]
                if rank == "JK" and data["options"].get("jokers_per_deck", 0) == 0:
                    assert not any(ch.isdigit() for ch in shown), f"{name}: jokers are not in play, page shows {shown}"
                elif rank == "J" and data["options"].get("one_eyed_jacks"):
                    assert str(want) in shown.replace("−", "-")
                else:
                    assert number(shown) == want, f"{lang}: {name} values.{rank} shows {shown}, data says {want}"


def test_seed_values_on_the_rules_page(site: Path) -> None:
    """The standard values as the seeds give them appear in the rules page's table, in both languages."""
    for lang in LANGS:
        table = find_all(parse(page_path(site, lang, "rules/")), "table", **{"data-golf": "values"})[0]
        points = [number(td.get("data-points")) for td in table.iter("td") if td.get("data-points")]
        # A=1, 2=−2, J/Q=10, K=0 (seed 000 "Card values and vertical pairs"); no joker row without jokers.
        assert sorted(points) == sorted([1, -2, 10, 0])


# -- worked examples ----------------------------------------------------------------------------------------
def _examples(site: Path):
    for lang, page, root in all_pages(site):
        figures = [f for f in root.iter("figure") if "golf-example" in (f.get("class") or "").split()]
        for figure in figures:
            parent_tables = [t for t in root.iter("table") if t.get("data-golf") in ("breakdown", "hole-table")]
            yield lang, page, root, figure, parent_tables


def _table_after(root, figure):
    """The breakdown table printed right after an example figure."""
    found = False
    for element in root.iter():
        if element is figure:
            found = True
        elif found and element.tag == "table":
            return element
    raise AssertionError("an example figure has no table after it")


def test_examples_equal_the_engine(site: Path) -> None:
    count = 0
    for lang, page, root, figure, _ in _examples(site):
        rules = rules_for(figure.get("data-preset"), figure.get("data-set"))
        texts = json.loads(figure.get("data-layouts"))
        layouts = [parse_layout(t, rules.rows, rules.cols) for t in texts]
        went_out = int(figure.get("data-went-out")) - 1 if figure.get("data-went-out") else None
        knocked = int(figure.get("data-knocked")) - 1 if figure.get("data-knocked") else None
        scores = score_table(rules, layouts, went_out=went_out, knocked=knocked)
        table = _table_after(root, figure)
        totals = [number(text(td)) for td in table.iter("td") if td.get("data-total") is not None]
        assert totals == [s.total for s in scores], f"{lang}/{page} {texts}: totals {totals}"
        if table.get("data-golf") == "breakdown":
            groups = [number(text(row[2])) for row in table.iter("tr") if "golf-group" in (row.get("class") or "")]
            assert groups == [g.points for g in scores[0].groups], f"{lang}/{page} {texts}: group points"
            adjustments = [
                (row.get("data-adjustment"), number(text(row[2])))
                for row in table.iter("tr")
                if row.get("data-adjustment")
            ]
            assert adjustments == [(a.key, a.points) for a in scores[0].adjustments]
        else:
            for seat, row in enumerate(r for r in table.iter("tr") if r.get("data-seat")):
                shown = json.loads(row[2].get("data-adjustments"))
                assert shown == [a.to_dict() for a in scores[seat].adjustments]
                assert number(text(row[1])) == scores[seat].card_points
        # The drawing shows every card once, and highlights exactly the cancelled columns.
        svgs = list(figure.iter("svg"))
        assert len(svgs) == len(layouts)
        for svg, cards, score in zip(svgs, layouts, scores, strict=True):
            assert svg.get("role") == "img" and svg.get("aria-label")
            faces = [r for r in svg.iter("rect") if "golf-card" in (r.get("class") or "").split()]
            assert len(faces) == len(cards)
            if rules.pairs != "anywhere":
                paired = [r for r in svg.iter("rect") if "golf-col-pair" in (r.get("class") or "")]
                assert len(paired) == sum(g.cancelled for g in score.groups)
        count += 1
    assert count >= 30, f"only {count} worked examples found"


@pytest.mark.parametrize(
    ("layout", "total"),
    [
        ("8H KS 2D / 8C AS 5H", 4),  # seed 000: "The whole layout scores four."
        ("8S 5H 7D / 8C 3S 9H", 24),  # seed 001: "TOTAL: 0 + 8 + 16 = 24 points"
    ],
)
def test_seed_examples_score_as_the_seeds_say(site: Path, layout: str, total: int) -> None:
    for lang in LANGS:
        found = False
        for page in PAGES:
            root = parse(page_path(site, lang, page))
            for figure in root.iter("figure"):
                if figure.get("data-layouts") == json.dumps([layout]) and figure.get("data-preset") == "basic":
                    table = _table_after(root, figure)
                    shown = [number(text(td)) for td in table.iter("td") if td.get("data-total") is not None]
                    assert shown == [total]
                    found = True
        assert found, f"the seed example {layout} is not on the {lang} site"


def test_svg_text_alternatives_are_in_the_page_language(site: Path) -> None:
    for lang, page, root in all_pages(site):
        for svg in root.iter("svg"):
            if "golf-svg" not in (svg.get("class") or ""):
                continue
            label = svg.get("aria-label")
            assert label and svg.find("title") is not None
            has_kana = any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in label)
            assert has_kana == (lang == "ja"), f"{lang}/{page}: text alternative in the wrong language: {label}"


def _numbered_cards(figure) -> list[int]:
    """The numbers a diagram draws, in card order: each digit of the numbers' <text> is placed by the x/y lists
    (one position per digit), and must fall inside a card of its own."""
    cards = [(float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height")))
             for r in figure.iter("rect") if "golf-back" in (r.get("class") or "").split()]  # fmt: skip
    found = {}
    for label in figure.iter("text"):
        xs, ys = ([float(v) for v in label.get(axis).split()] for axis in ("x", "y"))
        digits = text(label)
        assert len(xs) == len(ys) == len(digits), f"each digit needs its own place: {digits!r}"
        for digit, x, y in zip(digits, xs, ys, strict=True):
            inside = [i for i, (cx, cy, w, h) in enumerate(cards) if cx <= x <= cx + w and cy <= y <= cy + h]
            assert len(inside) == 1 and inside[0] not in found, f"number {digit} is not on a card of its own"
            found[inside[0]] = int(digit)
    return [found[i] for i in sorted(found)]


def test_layout_diagrams_for_every_shape(site: Path) -> None:
    for lang in LANGS:
        shapes = set()
        for page in PAGES:
            for figure in parse(page_path(site, lang, page)).iter("figure"):
                if figure.get("data-layout"):
                    shapes.add(figure.get("data-layout"))
                    rows, cols = (int(n) for n in figure.get("data-layout").split("x"))
                    assert _numbered_cards(figure) == list(range(1, rows * cols + 1))
        assert shapes == {"2x2", "2x3", "2x4", "3x3"}


# -- rule text, presets and options ----------------------------------------------------------------------------
def test_rule_lists_equal_the_engine_statements(site: Path) -> None:
    count = 0
    for lang, _page, root in all_pages(site):
        for ul in root.iter("ul"):
            if "golf-rules" not in (ul.get("class") or ""):
                continue
            rules = load_preset(ul.get("data-preset"))
            expected = [s.text for s in describe_rules(rules, lang) if s.section == ul.get("data-section")]
            assert [text(li) for li in ul.iter("li")] == expected
            count += 1
    assert count >= 2 * 8


def test_preset_table_equals_each_preset(site: Path) -> None:
    for lang in LANGS:
        tables = find_all(parse(page_path(site, lang, "variants/")), "table", **{"data-golf": "preset-table"})
        assert len(tables) == 1
        rows = {row.get("data-key"): row for row in tables[0].iter("tr") if row.get("data-key")}
        dicts = {name: preset_info(name).rules.to_dict() for name in preset_names()}
        for key, row in rows.items():
            for cell in row.iter("td"):
                assert json.loads(cell.get("data-value")) == dicts[cell.get("data-preset")][key]
        # every option on which two presets differ is in the table
        differing = {k for k in dicts["basic"] if len({json.dumps(d[k]) for d in dicts.values()}) > 1}
        assert set(rows) == differing


def test_every_option_is_explained_on_the_variants_page(site: Path) -> None:
    from sixcardgolf.rules import OPTION_KEYS

    for lang in LANGS:
        root = parse(page_path(site, lang, "variants/"))
        explained = {div.get("data-key") for div in root.iter("div") if div.get("data-key")}
        compared = {
            row.get("data-key")
            for t in find_all(root, "table", **{"data-golf": "value-comparison"})
            for row in t.iter("tr")
        }
        missing = set(OPTION_KEYS) - explained - compared
        assert not missing, f"{lang}: options without an explanation: {sorted(missing)}"
        for div in root.iter("div"):
            key = div.get("data-key")
            if not key:
                continue
            listed = 0
            for item in (item for dl in div.iter("dl") for item in dl):  # dt (a value), dd (meaning), dd (presets)
                if item.tag == "dt":
                    value = json.loads(item.get("data-value"))
                    listed += 1
                elif "golf-used" in (item.get("class") or "").split():
                    users = [n for n in preset_names() if preset_info(n).rules.to_dict()[key] == value]
                    shown = text(item)
                    for name in users:
                        assert preset_info(name).title[lang] in shown, f"{lang}: {key}={value} should list {name}"
            assert listed >= 1, f"{lang}: option {key} lists no value"
