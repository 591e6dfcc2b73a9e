"""The printables' own words (headings, form labels), in English and Japanese.

Rule facts never live here: numbers, values and rule sentences come from the engine.
Game terms (hole, total, pair, ...) come from the engine's glossary, so the sheets use
the same Japanese words as the site and the playground.
"""

from __future__ import annotations

from sixcardgolf.text.glossary import term

LABELS: dict[str, dict[str, str]] = {
    "not_solitaire": {
        "en": "A card game for several players, not to be confused with {solitaire}.",
        "ja": "数人で遊ぶカードゲームです（1人で遊ぶ{solitaire}とは別のゲームです）。",
    },
    "rule_sheet": {"en": "Rule sheet", "ja": "ルールシート"},
    "score_pad": {"en": "Score pad", "ja": "スコア表"},
    "custom_rules": {"en": "Custom rules", "ja": "カスタムルール"},
    "custom_summary": {
        "en": "Custom rules, exactly as chosen when this sheet was printed.",
        "ja": "印刷したときに選んだとおりのカスタムルールです。",
    },
    "strip_players": {"en": "Players", "ja": "人数"},
    "strip_decks": {"en": "Decks", "ja": "トランプ"},
    "strip_need": {"en": "You need", "ja": "用意するもの"},
    "players_range": {"en": "{low}–{high} players", "ja": "{low}〜{high}人"},
    "players_one": {"en": "{low} players", "ja": "{low}人"},
    "deck_count_one": {"en": "1 deck", "ja": "1組"},
    "deck_count": {"en": "{count} decks", "ja": "{count}組"},
    "deck_for": {"en": "{decks} for {players}", "ja": "{players}は{decks}"},
    "cards_per_deck": {"en": "standard {count}-card deck", "ja": "{count}枚のトランプ"},
    "jokers_per_deck": {"en": "+ {count} joker per deck", "ja": "1組につきジョーカー{count}枚"},
    "jokers_per_deck_many": {"en": "+ {count} jokers per deck", "ja": "1組につきジョーカー{count}枚"},
    "pencil": {"en": "pencil and a score pad", "ja": "筆記用具とスコア表"},
    "in_brief": {"en": "In brief", "ja": "ルールの要点"},
    "scoring": {"en": "Scoring", "ja": "得点の数え方"},
    "example": {"en": "Example at the end of a hole", "ja": "ホール終了時の例"},
    "example_legend": {
        "en": "Numbers are positions; an outline marks cards that cancel as a pair.",
        "ja": "小さな数字は位置の番号、囲みは打ち消し合うカードです。",
    },
    # {basic} is the basic preset's own title, so the sheets name it as the site and the Play page do.
    "differs": {"en": "differs from the basic game", "ja": "{basic}との違い"},
    "document_title": {"en": "{game}: {title}", "ja": "{game}：{title}"},
    "kind_and_title": {"en": "{kind} · {title}", "ja": "{kind}・{title}"},
    "kind_for_any_game": {"en": "{kind} · {title}", "ja": "{kind}（{title}）"},
    "footer": {
        "en": "{game} · {title} · printed from the rules engine {version}",
        "ja": "{game}・{title}・ルールエンジン {version} で作成",
    },
    "date": {"en": "Date", "ja": "日付"},
    "place": {"en": "Place", "ja": "場所"},
    "names": {"en": "Name", "ja": "名前"},
    "hole_points": {"en": "Hole", "ja": "得点"},
    "running_total": {"en": "Total", "ja": "累計"},
    "playoff": {"en": "Play-off", "ja": "プレーオフ"},
    "winner": {"en": "Winner", "ja": "勝者"},
    "reminder": {"en": "Reminder", "ja": "早見表"},
    "preset": {"en": "Rules", "ja": "ルール"},
    "any_game": {"en": "for any game", "ja": "ルール共通"},
    "game_name": {"en": "Game", "ja": "ルール"},
}


def label(key: str, lang: str, **values: object) -> str:
    text = LABELS[key][lang]
    return text.format(**values) if values else text


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
