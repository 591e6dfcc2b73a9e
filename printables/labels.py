"""The printables' own words (headings, form labels, titles), in English and Japanese: the `[sheet]` table of the
engine's message catalogues (engine/sixcardgolf/messages/en.toml, ja.toml).

Rule facts never live there: numbers, values and rule sentences come from the engine.
Game terms (hole, total, pair, ...) come from the engine's glossary, so the sheets use
the same Japanese words as the site and the playground.
"""

from __future__ import annotations

from sixcardgolf.messages import text
from sixcardgolf.text.glossary import term

NAMESPACE = "sheet."


def label(key: str, lang: str, **values: object) -> str:
    """The sheets' message `key` (of the catalogues' [sheet] table) in `lang`, its placeholders filled."""
    return text(NAMESPACE + key, lang, **values)


def game_term(key: str, lang: str) -> str:
    """A game term from the engine's one glossary."""
    return term(key, lang)


def sheet_game_name(size: int | None, lang: str) -> str:
    """The game's name atop a sheet for layouts of `size` cards (None: a blank pad for any game). The Japanese
    name carries the gloss （6枚ゴルフ）, true of six-card layouts only: above 「8枚ゴルフ」 it would contradict."""
    name = game_term("game", lang)
    if size in (6, None):
        return name
    return name.removesuffix(f"（{game_term('game_short', lang)}）")


def heading_term(key: str, lang: str) -> str:
    """A glossary term used as a heading: capitalised in English."""
    text = game_term(key, lang)
    return text[:1].upper() + text[1:] if lang == "en" else text
