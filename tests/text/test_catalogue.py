"""The engine's message catalogues: the two languages have the same keys and placeholders, glossary terms are
written as placeholders, and the Japanese keeps the style the project chose (japanese-review.md §2 and §3.5)."""

from __future__ import annotations

import re
from string import Formatter

import pytest

from sixcardgolf.messages import LANGUAGES, catalogue, text
from sixcardgolf.option_text import describe_option_value, option_help, option_label
from sixcardgolf.options import CHOICES, OPTION_KEYS
from sixcardgolf.text.glossary import TERMS

# Tables whose entries are the glossary itself: a term, its meaning and the rank names are written out there.
GLOSSARY_TABLES = ("term.", "meaning.", "rank.")
# Terms that are verbs (or a verb's stem) in Japanese: a sentence conjugates them, so no placeholder can stand in.
VERB_TERMS = {"flip", "swap", "go_out"}
# Verb forms that contain a noun term: 上がります and 「誰々が上がり、」 are the verb 上がる, not the noun 上がり.
VERB_FORMS = {"going_out": ("上がりま", "が上がり、")}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def without_placeholders(template: str) -> str:
    return re.sub(r"\{[^{}]*\}", "\x00", template)


def messages(lang: str) -> dict[str, str]:
    return {key: value for key, value in catalogue(lang).items() if not key.startswith(GLOSSARY_TABLES)}


def test_both_languages_have_the_same_keys() -> None:
    en, ja = set(catalogue("en")), set(catalogue("ja"))
    assert not en - ja, f"only in en.toml: {sorted(en - ja)}"
    assert not ja - en, f"only in ja.toml: {sorted(ja - en)}"


# Where one language names what the other says in words: the sheets' ★ key says "differs from the basic game" in
# English and 「ベーシックとの違い」 (the basic preset's title) in Japanese. The Japanese may add the name, never drop one.
NAMED_IN_JAPANESE_ONLY = {"sheet.differs"}


def test_both_languages_fill_the_same_values() -> None:
    """A translation may not drop or invent a number or a name (glossary terms may differ: one language may say
    'hole' where the other says 得点). An error's English may also show raw codes (placeholders ending in _code,
    for developers and the command line) and its Japanese may add words (an option's label): so for errors every
    English value that is not a code must be in the Japanese, and the Japanese shows no code."""
    for key, template in catalogue("en").items():
        en = {name for name in fields(template) if not name.startswith("t.")}
        ja = {name for name in fields(catalogue("ja")[key]) if not name.startswith("t.")}
        if key.startswith("error.") or key in NAMED_IN_JAPANESE_ONLY:
            assert {name for name in en if not name.endswith("_code")} <= ja, (key, en, ja)
            assert not {name for name in ja if name.endswith("_code")}, (key, ja)
        else:
            assert en == ja, (key, en, ja)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_terms_are_plain_words(lang: str) -> None:
    for key, names in TERMS.items():
        assert names[lang] and not fields(catalogue(lang)[f"term.{key}"]), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_placeholder_names_a_term(lang: str) -> None:
    for key, template in catalogue(lang).items():
        for name in fields(template):
            if name.startswith("t."):
                assert name[2:] in TERMS, f"{lang} {key}: no glossary term {name[2:]!r}"


def test_japanese_glossary_terms_are_placeholders_not_hand_written() -> None:
    nouns = {key: names["ja"] for key, names in TERMS.items() if key not in VERB_TERMS and len(names["ja"]) >= 2}
    found = []
    for key, template in messages("ja").items():
        rest = without_placeholders(template)
        for name, word in sorted(nouns.items(), key=lambda item: -len(item[1])):
            for form in VERB_FORMS.get(name, ()):
                rest = rest.replace(form, "\x00")
            if word in rest:
                found.append(f"{key}: {word} (write {{t.{name}}})")
            rest = rest.replace(word, "\x00")
    assert not found, "\n".join(found)


def test_english_glossary_phrases_are_placeholders_not_hand_written() -> None:
    """English inflects single words (turns, holes, Knock), so only the fixed phrases of two or more words are held
    to their placeholder; a hyphenated adjective ("a face-down card") is a different spelling and stays."""
    phrases = {key: names["en"] for key, names in TERMS.items() if " " in names["en"] and key not in VERB_TERMS}
    found = [
        f"{key}: {phrase!r} (write {{t.{name}}})"
        for key, template in messages("en").items()
        for name, phrase in phrases.items()
        if re.search(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", without_placeholders(template))
    ]
    assert not found, "\n".join(found)


# One word per concept (japanese-review.md §2): the variants the review found, and the word the glossary keeps.
REJECTED_JA = {
    "めく": "表にする (T1, T2)",
    "取り消し": "元に戻す (T3)",
    "デッキ": "トランプ1組 / 組 (T6)",
    "引き分け": "勝ちを分け合う (T9)",
    "最悪": "いちばん悪い (T11)",
    "こっそり": "のぞき見 (T12)",
    "対局": "マッチ (T13)",
    "配り札": "配札 (T15)",
    "ペアで打ち消し": "そろって打ち消し (T17)",
}


# Where a rejected word is the right one: the AI benchmark counts a hole or match that no level wins as a tie
# (引き分け), which is not a tie for the lowest total that players share (T9); the moves an undo took back and a hole
# taken off the score keeper are 取り消した, where the Undo button itself is 元に戻す (T3).
REJECTED_JA_KEPT = {
    ("site.ladder_source", "引き分け"),
    ("page.play.undone.redealt", "取り消し"),
    ("page.keeper.removed", "取り消し"),
    ("page.keeper.otherTabNotRemoved", "取り消し"),
}


def test_japanese_uses_one_word_per_concept() -> None:
    for key, template in catalogue("ja").items():
        unquoted = re.sub(r"「[^」]*」", "", template)  # a meaning may name a synonym in quotes
        for word, instead in REJECTED_JA.items():
            assert word not in unquoted or (key, word) in REJECTED_JA_KEPT, f"{key}: {word} -> {instead}"


def test_japanese_punctuation_is_full_width_and_minus_is_a_true_minus() -> None:
    for key, template in catalogue("ja").items():
        rest = without_placeholders(template)
        assert not re.search(r"[:,()]", rest), f"{key}: half-width punctuation in {template!r}"
        assert not re.search(r"-\d", rest), f"{key}: ASCII hyphen as a minus in {template!r}"
        assert "。 " not in rest, f"{key}: a space between Japanese sentences in {template!r}"


# Card notation is what a player types, so the card error's examples show it.
CARD_NOTATION = re.compile(r"(?<![A-Za-z])(?:10|[2-9AJQKT])[SHDCshdc](?![A-Za-z])|(?<![A-Za-z])JK(?![A-Za-z])")


# Words in Latin letters that are not code: file formats, the AI, the paper (USレター), the Enter key the pages name.
# A file name the site's note points to stands in backquotes, as code. The calculator's link holds JSON, so what is
# wrong with a value in it names JSON's own true and false.
NOT_CODE = {"PDF", "JSON", "WebAssembly", "AI", "US", "Enter", "QR"}  # QR: 「QRコード」 is the Japanese word
NOT_CODE_IN = {"page.calc.linkOptionsValue": {"true", "false"}}


def test_japanese_messages_name_no_code() -> None:
    """No option key, value code or true/false inside a Japanese message (japanese-review.md §3.2)."""
    for key, template in messages("ja").items():
        rest = re.sub(r"`[^`]*`", "", CARD_NOTATION.sub("", without_placeholders(template)))
        allowed = NOT_CODE | NOT_CODE_IN.get(key, set())
        words = [word for word in re.findall(r"[A-Za-z_]{2,}", rest) if word not in allowed]
        assert not words, f"{key}: {words} in {template!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_and_choice_has_words_a_player_reads(lang: str) -> None:
    code = r"[A-Za-z_]" if lang == "ja" else r"_"
    for key in OPTION_KEYS:
        shown = [option_label(key, lang), option_help(key, lang)]
        shown += [describe_option_value(key, value, lang) for value in CHOICES.get(key, ())]
        for words in shown:
            assert words and not re.search(code, words.replace("♥", "")), (key, words)


def test_a_missing_key_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        text("no.such.key", "en")
