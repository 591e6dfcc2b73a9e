"""The pages' text catalogues (playground/text-en.js, text-ja.js): the same keys and placeholders in both.

The two modules are made from the [page] table of the engine's catalogues (playground/page_texts.py) before these
tests read them, and Node imports them as the browser does, so a syntax error in either fails here too.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import pytest

from sixcardgolf import messages
from sixcardgolf.text.glossary import RETIRED_JA, TERMS
from support.playground import REPO

PLACEHOLDER = re.compile(r"\{(\w+)\}")
PAGE_TEXTS = REPO / "playground" / "page_texts.py"


@pytest.fixture(scope="module", autouse=True)
def made() -> None:
    """The pages' texts as the catalogues hold them now (what `make texts` writes)."""
    subprocess.run([sys.executable, str(PAGE_TEXTS)], check=True, timeout=120)


@pytest.fixture(scope="module")
def catalogues() -> dict[str, dict[str, str]]:
    node = shutil.which("node")
    assert node, "Node.js is missing (make setup)"
    script = (
        "const en = (await import(process.argv[1])).default; const ja = (await import(process.argv[2])).default;"
        "console.log(JSON.stringify({en, ja}));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script,
         (REPO / "playground" / "text-en.js").as_uri(), (REPO / "playground" / "text-ja.js").as_uri()],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    return json.loads(done.stdout)


def test_every_key_exists_in_both_languages(catalogues: dict[str, dict[str, str]]) -> None:
    en, ja = catalogues["en"], catalogues["ja"]
    assert len(en) > 5
    assert sorted(set(en) - set(ja)) == [], "keys in English only"
    assert sorted(set(ja) - set(en)) == [], "keys in Japanese only"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_modules_hold_the_catalogue_page_table_with_its_terms_filled(
    catalogues: dict[str, dict[str, str]], lang: str
) -> None:
    """Every [page] message and no other, in the catalogue's order; a {t.name} term is its glossary word (山札 in
    the module, {t.stock} in ja.toml), and the page's own placeholders stay for texts.js."""
    source = {
        key.removeprefix("page."): text for key, text in messages.catalogue(lang).items() if key.startswith("page.")
    }
    assert list(catalogues[lang]) == list(source)
    with_terms = [key for key, text in source.items() if "{t." in text]
    assert len(with_terms) > 20, with_terms
    for key in with_terms:
        shown = catalogues[lang][key]
        assert "{t." not in shown, (key, shown)
        names = re.findall(r"\{t\.(\w+)\}", source[key])
        assert all(TERMS[name][lang] in shown for name in names), (key, shown)
        assert PLACEHOLDER.findall(shown) == PLACEHOLDER.findall(source[key]), key
    assert catalogues["ja"]["play.stock"].startswith(TERMS["stock"]["ja"])


def test_both_languages_fill_the_same_placeholders(catalogues: dict[str, dict[str, str]]) -> None:
    differ = {
        key: (sorted(PLACEHOLDER.findall(text)), sorted(PLACEHOLDER.findall(catalogues["ja"][key])))
        for key, text in catalogues["en"].items()
        if sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(catalogues["ja"].get(key, "")))
    }
    assert differ == {}


def test_japanese_texts_use_full_width_punctuation(catalogues: dict[str, dict[str, str]]) -> None:
    """japanese-review.md §3.5: no ASCII colon, parentheses or comma inside Japanese sentences."""
    bad = {
        key: text
        for key, text in catalogues["ja"].items()
        if re.search(r"[:(),]", PLACEHOLDER.sub("", text)) or re.search(r"。 ", text)
    }
    assert bad == {}


def filled(template: str) -> str:
    """A text with every placeholder replaced by 1, as the page shows it with a number."""
    return PLACEHOLDER.sub("1", template)


def test_japanese_texts_use_one_word_per_concept(catalogues: dict[str, dict[str, str]]) -> None:
    """japanese-review.md S3-12, S3-17, §5: skipping the optional flip had five names (表にしない, 表にするのを省略,
    表にするのを見送る, 表にせずに終える ...), hole N four forms (第1ホール, ホール1, 1ホール目, 1／9ホール); the
    glossary's retired variants (sixcardgolf.text.glossary.RETIRED_JA) appear in no Japanese text of the pages."""
    found = [
        f"{key}: {pattern} in {text!r} -> {instead}"
        for key, text in catalogues["ja"].items()
        for pattern, instead in RETIRED_JA
        if re.search(pattern, filled(text))
    ]
    assert not found, "\n".join(found)


def test_japanese_texts_use_a_full_width_percent_sign(catalogues: dict[str, dict[str, str]]) -> None:
    """S3-14: the review showed 「正確さ83%」 beside the loader's 「58％」."""
    assert {key: text for key, text in catalogues["ja"].items() if "%" in text} == {}


def test_the_calculator_takes_a_groups_label_from_the_engine(catalogues: dict[str, dict[str, str]]) -> None:
    """S2-4: 「（ペアで打ち消し）」 was written after every matched group, a pair of twos that keeps −4 included; the
    label is the engine's own note for the group (glossary.group_note), so the pages say no word of it."""
    for lang in ("en", "ja"):
        assert PLACEHOLDER.findall(catalogues[lang]["calc.groupNote"]) == ["note"]
        assert not [key for key, text in catalogues[lang].items() if re.search(r"cancel|打ち消", text)]


def test_a_card_is_written_rank_first_in_both_languages() -> None:
    """S3-16: Play wrote 「♥8」 (suit first) in Japanese, against 「8♥」 on the site, the sheets and the calculator."""
    node = shutil.which("node")
    assert node, "Node.js is missing (make setup)"
    script = (
        "const { cardName } = await import(process.argv[1]);"
        "console.log(JSON.stringify(['8H', '10D', 'KS', 'JK'].flatMap((c) => [cardName(c, 'en'), cardName(c, 'ja')])));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, (REPO / "playground" / "dom.js").as_uri()],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    assert json.loads(done.stdout) == ["8♥", "8♥", "10♦", "10♦", "K♠", "K♠", "joker", "ジョーカー"]


# -- counted messages: plural forms (browser-trial A-22) -------------------------------------------------------------
def _translate(calls: list[tuple[str, str, dict[str, object]]]) -> list[str]:
    """Each (lang, key, values) through texts.js's translator, as a page calls it; an error is returned as its text."""
    node = shutil.which("node")
    assert node, "Node.js is missing (make setup)"
    script = (
        "globalThis.document = {documentElement: {lang: 'en'}};"  # texts.js reads the page's language on import
        "const {translator} = await import(process.argv[1]); const calls = JSON.parse(process.argv[2]);"
        "console.log(JSON.stringify(calls.map(([lang, key, values]) => {"
        " try { return translator(lang)(key, values); } catch (error) { return `Error: ${error.message}`; } })));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, (REPO / "playground" / "texts.js").as_uri(), json.dumps(calls)],
        capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    return json.loads(done.stdout)


def test_counted_messages_agree_with_their_number() -> None:
    record = {"solo": 0, "shared": 0}
    said = _translate(
        [
            ("en", "play.record", {**record, "matches": 1}),
            ("en", "play.record", {**record, "matches": 2}),
            ("en", "play.prompt.opening-peek", {"left": 1}),
            ("en", "play.prompt.opening-peek", {"left": 2}),
            ("en", "calc.missing", {"count": 1}),
            ("en", "calc.missing", {"count": 5}),
            ("en", "keeper.caption", {"played": 1}),
            ("en", "keeper.caption", {"played": 0}),
            ("ja", "play.record", {**record, "matches": 1}),
            ("ja", "play.record", {**record, "matches": 3}),
        ]
    )
    assert "1 match," in said[0] and "2 matches," in said[1], said[:2]
    assert "1 more face-down card to" in said[2] and "2 more face-down cards to" in said[3], said[2:4]
    assert said[4] == "1 more card to enter." and said[5] == "5 more cards to enter.", said[4:6]
    assert said[6].endswith("after 1 hole") and said[7].endswith("after 0 holes"), said[6:8]
    assert "1マッチ（" in said[8] and "3マッチ（" in said[9], said[8:]
    assert not [text for text in said if "(s)" in text or "(es)" in text or "{" in text], said


def test_a_counted_message_without_its_number_is_an_error_naming_it() -> None:
    [said] = _translate([("en", "play.record", {"solo": 0, "shared": 0})])
    assert said.startswith("Error: ") and "play.record" in said and "{matches}" in said, said


def test_every_counted_message_has_both_forms_counting_the_same_number(catalogues: dict[str, dict[str, str]]) -> None:
    for lang, catalogue in catalogues.items():
        assert not [key for key, text in catalogue.items() if "(s)" in text or "(es)" in text], f"{lang}: (s) left"
        for key in (k for k in catalogue if k.endswith("_one")):
            stem = key.removesuffix("_one")
            other = catalogue.get(f"{stem}_other")
            assert other is not None and stem not in catalogue, f"{lang}: {stem} needs _one and _other only"
            first = [PLACEHOLDER.findall(catalogue[key]), PLACEHOLDER.findall(other)]
            number = ["count" if "count" in names else names[0] for names in first]
            assert number[0] == number[1], f"{lang}: the forms of {stem} count different numbers {number}"


def test_the_review_summary_gives_a_total_in_plain_words(catalogues: dict[str, dict[str, str]]) -> None:
    """japanese-review.md S2-5, S3-13, S3-14: the summed loss is a total, not an average; no double negative; ％."""
    en, ja = catalogues["en"], catalogues["ja"]
    assert "in all" in en["review.summary.loss_other"] and "average" not in en["review.summary.loss_other"]
    assert "合わせて" in ja["review.summary.loss_other"] and "平均" not in ja["review.summary.loss_other"]
    for key in ("review.summary.none", "review.summary.accuracy", "review.good"):
        assert "not clearly" not in en[key] and "とはいえない" not in ja[key], key
    assert "％" in ja["review.summary.accuracy"] and "%" not in ja["review.summary.accuracy"]


def test_japanese_counted_messages_use_one_form(catalogues: dict[str, dict[str, str]]) -> None:
    """Intl.PluralRules("ja") answers "other" for every number, so a Japanese "_one" form is never shown: it must
    read the same as "_other", or an edit to it would silently change nothing."""
    ja = catalogues["ja"]
    differ = [key for key in ja if key.endswith("_one") and ja[key] != ja[key.removesuffix("_one") + "_other"]]
    assert differ == []


def test_a_page_message_with_a_stray_brace_or_an_unknown_term_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """A brace the pages cannot fill ({{n}}, {a.b}) or a term the glossary lacks is refused, naming the key; the
    rest is filled as written."""
    import page_texts  # playground/ is on pytest's path (pyproject.toml)

    fake = {"term.stock": "山札", "page.ok": "{n}枚の{t.stock}", "other.key": "{t.none}"}
    monkeypatch.setattr(page_texts, "catalogue", lambda lang: fake)
    assert page_texts.page_texts("ja") == {"ok": "{n}枚の山札"}
    for bad in ("{t.pile}", "{{n}}", "{a.b}", "{n"):
        fake["page.bad"] = bad
        with pytest.raises(page_texts.PageTextError, match=r"ja\.toml page\.bad"):
            page_texts.page_texts("ja")
