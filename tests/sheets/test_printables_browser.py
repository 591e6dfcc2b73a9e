"""The rule sheet's door for the browser (printables/browser.py) and the kit the build ships for it.

The browser side (laying the sheet out, fitting, printing) is tested in Chromium by
tests/playground/test_print_sheet.py; here: the answers and errors, and that the shipped files alone
(no WeasyPrint, as in Pyodide) make the very HTML the PDF sheets are made from.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from printables import browser, rules_sheet
from printables.mkdocs_hook import kit_bytes
from printables.page import read_text
from sixcardgolf import Rules, load_preset
from support.door import envelope

MM = 72 / 25.4
ENGINE = Path(__file__).resolve().parents[2] / "engine"


def ask(params: dict[str, Any], method: str = "rule_sheet") -> dict[str, Any]:
    """The printables' browser door's answer (a rule sheet unless `method` says)."""
    return envelope(browser.handle, method, params)


def test_the_answer_is_the_sheets_own_html_with_the_browsers_additions_and_the_content_box() -> None:
    changes = {"pairs": "anywhere"}
    answer = ask({"preset": "basic", "options": changes, "lang": "en", "paper": "a4", "step": 2})
    assert answer["ok"], answer
    result = answer["result"]
    rules = Rules.from_dict(changes, base=load_preset("basic"))
    assert result["html"] == rules_sheet.build_html(
        rules, None, "en", "a4", 2, extra_css=read_text("rules_sheet/browser.css")
    )
    assert (result["step"], result["steps"]) == (2, rules_sheet.STEPS)
    # A4 less the sheet's margins at a roomy step (10 mm top, 11 mm sides, 12 mm bottom).
    assert result["width_pt"] == pytest.approx((210 - 22) * MM)
    assert result["height_pt"] == pytest.approx((297 - 22) * MM)


def test_without_a_step_the_answer_is_at_the_guess_and_a_preset_left_as_it_is_keeps_its_name() -> None:
    result = ask({"preset": "jokers", "options": {}, "lang": "ja", "paper": "letter"})["result"]
    assert result["step"] == result["guess"] == rules_sheet.guess_step(load_preset("jokers"), "ja", "letter")
    assert "ジョーカー" in result["html"] and "カスタムルール" not in result["html"]


@pytest.mark.parametrize(
    ("params", "en", "ja"),
    [
        ({"preset": "nine-hole"}, "unknown preset 'nine-hole'", "「nine-hole」という"),
        ({"options": {"pairs": "diagonal"}}, "diagonal", "diagonal"),
        ({"options": {"no_such_option": 1}}, "no_such_option", "no_such_option"),
        ({"paper": "a3"}, "unknown paper 'a3'", "「a3」という用紙はありません"),
        ({"step": 11}, "step must be a whole number from 0 to 10", "0〜10の整数"),
        ({"step": True}, "step must be a whole number", "整数"),
    ],
)
def test_bad_requests_get_a_clear_error_in_the_requests_language(params: dict, en: str, ja: str) -> None:
    for lang, expected in (("en", en), ("ja", ja)):
        answer = ask({"lang": lang, **params})
        assert answer["ok"] is False and expected in answer["error"], answer


def test_a_request_that_is_not_a_sheet_request_is_refused_not_raised() -> None:
    assert "expected 'rule_sheet'" in ask({}, method="score")["error"]
    assert json.loads(browser.handle("{not json"))["ok"] is False
    assert json.loads(browser.handle("[]"))["ok"] is False


def test_the_kit_alone_without_weasyprint_makes_the_same_html(tmp_path: Path) -> None:
    data = kit_bytes()
    assert data == kit_bytes(), "the kit's bytes must not change from one build to the next"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        assert {f"printables/{name}" for name in browser.KIT_FILES} <= set(names)
        assert "budoux/models/ja.json" in names and "budoux/LICENSE" in names
        archive.extractall(tmp_path)
    # As in Pyodide: only the engine and the kit importable, and WeasyPrint absent.
    script = (
        "import json, sys; sys.modules['weasyprint'] = None\n"
        "from printables import browser\n"
        "print(browser.handle(json.dumps({'method': 'rule_sheet', 'params': "
        "{'options': {'pairs': 'anywhere'}, 'lang': 'ja', 'paper': 'letter', 'step': 3}})))\n"
    )
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", f"import sys; sys.path[:0] = [{str(tmp_path)!r}, {str(ENGINE)!r}]\n{script}"],
        capture_output=True, text=True, check=True, cwd=tmp_path,
    )  # fmt: skip
    answer = json.loads(run.stdout)
    expected = ask({"options": {"pairs": "anywhere"}, "lang": "ja", "paper": "letter", "step": 3})
    assert answer == expected


@pytest.mark.parametrize(
    ("request_text", "en", "ja"),
    [
        (json.dumps({"method": "rule_sheet", "params": {"lang": "LANG", "options": {"values.T": "x"}}}),
         "values.T = 'x' is not allowed", "「10の得点」に「x」は使えません"),
        ('{"method": "rule_sheet", "params": {"lang": "LANG", "options": ' + '{"a": ' * 1500 + "1" + "}" * 1501 + "}",
         "nested too deeply", "入れ子が深すぎます"),
        (json.dumps({"method": ["rule_sheet"], "params": {"lang": "LANG"}}), "method ['rule_sheet'] is not", "という操作はありません"),
        (json.dumps({"method": "score", "params": {"lang": "LANG"}}), "expected 'rule_sheet'", "ルール表だけを作れます"),
        (json.dumps({"method": "rule_sheet", "params": {"lang": "LANG", "step": "x"}}), "not 'x'", "用紙に収める段階は0〜10の整数"),
        (json.dumps({"method": "rule_sheet", "params": {"lang": "LANG", "paper": "a3"}}), "unknown paper", "A4、USレターのどちらか"),
        (json.dumps({"method": "rule_sheet", "params": {"lang": "LANG", "preset": "nope"}}), "unknown preset 'nope'", "「ベーシック」"),
    ],
)  # fmt: skip
def test_every_bad_sheet_request_is_an_envelope_in_the_pages_words(request_text: str, en: str, ja: str) -> None:
    """The reliability review's escapes (values.T, deep nesting) and the Japanese that showed raw ids (the method
    rule_sheet, step, a4/letter, preset names instead of titles)."""
    for lang, expected in (("en", en), ("ja", ja)):
        answer = json.loads(browser.handle(request_text.replace("LANG", lang)))
        assert answer["ok"] is False and expected in answer["error"], answer
        if lang == "ja":
            outside_quotes = re.sub(r"「[^」]*」", "", answer["error"])
            assert not re.search(r"[A-Za-z_]{2,}", outside_quotes.replace("A4", "").replace("US", "")), answer
