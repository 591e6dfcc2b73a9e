"""A page for every game, enough to play it; and a hole walked through, as the engine plays it.

Each preset's page, in both languages, has: a summary of the whole game, what differs from Basic, the full rules
(the engine's statements for exactly that preset), its card values, a scored example of that preset, its rule
sheet and score pad, and a link that opens the Play page of the same language with the preset chosen.
"""

from __future__ import annotations

import json
import posixpath
import random
from pathlib import Path

from htmltree import find_all, parse, text
from sitebuild import GAME_PAGES, LANGS, page_path

from sixcardgolf import actions as A
from sixcardgolf.cards import parse_layout
from sixcardgolf.hole import HoleState
from sixcardgolf.presets import preset_info, preset_names
from sixcardgolf.text.describe import SECTIONS, describe_rules


def _article(site: Path, lang: str, page: str):
    root = parse(page_path(site, lang, page))
    return root, find_all(root, "article", **{"class": "md-content__inner md-typeset"})[0]


def test_every_preset_has_its_page_in_both_languages(site: Path) -> None:
    assert set(GAME_PAGES) == {f"games/{name}/" for name in preset_names()}
    for name in preset_names():
        for lang in LANGS:
            assert page_path(site, lang, f"games/{name}/").is_file(), f"no {lang} page for {name}"


def test_each_game_page_has_every_part(site: Path) -> None:
    for name in preset_names():
        preset = preset_info(name)
        for lang in LANGS:
            where = f"{lang}/games/{name}/"
            _, article = _article(site, lang, f"games/{name}/")
            assert text(article.find("h1")).replace("¶", "").strip() == preset.title[lang], where
            summaries = [p for p in article.iter("p") if p.get("class") == "golf-summary"]
            assert len(summaries) == 1 and summaries[0].get("data-preset") == name, f"{where}: summary"
            assert [e for e in article.iter() if e.get("data-golf") == "differences"], f"{where}: differences"
            lists = {ul.get("data-section"): ul for ul in article.iter("ul") if ul.get("data-preset") == name}
            assert set(lists) == set(SECTIONS), f"{where}: rule sections {sorted(lists)}"
            statements = describe_rules(preset.rules, lang)
            shown = [text(li) for section in SECTIONS for li in lists[section].iter("li")]
            assert shown == [s.text for s in statements], f"{where}: the rules are not exactly the preset's"
            values = find_all(article, "table", **{"data-golf": "values"})
            assert [t.get("data-preset") for t in values] == [name], f"{where}: card values"
            examples = [f for f in article.iter("figure") if "golf-example" in (f.get("class") or "")]
            assert examples and all(f.get("data-preset") == name for f in examples), f"{where}: example"
            kinds = {f.get("data-kind") for f in article.iter("figure") if f.get("data-preset") == name}
            assert {"rules", "scorepad"} <= kinds, f"{where}: printables {kinds}"
            pdfs = [a.get("href") for a in article.iter("a") if (a.get("href") or "").endswith(".pdf")]
            assert pdfs and all(f"-{name}-" in h and f"-{lang}-" in h for h in pdfs), f"{where}: {pdfs}"


def test_play_link_opens_the_play_page_of_the_same_language_with_the_preset(site: Path) -> None:
    for name in preset_names():
        for lang in LANGS:
            path = page_path(site, lang, f"games/{name}/")
            links = [a for a in parse(path).iter("a") if "#preset=" in (a.get("href") or "")]
            assert len(links) == 1, f"{lang}/games/{name}/: {len(links)} play links"
            href, fragment = links[0].get("href").split("#")
            assert fragment == f"preset={name}"
            target = posixpath.normpath(posixpath.join(path.parent.relative_to(site).as_posix(), href))
            assert target == page_path(site, lang, "play/").parent.relative_to(site).as_posix()


def test_differences_are_the_options_the_preset_changes(site: Path) -> None:
    basic = preset_info("basic").rules.to_dict()
    for name in preset_names():
        changed = {key for key, value in preset_info(name).rules.to_dict().items() if basic[key] != value}
        for lang in LANGS:
            _, article = _article(site, lang, f"games/{name}/")
            shown = {tr.get("data-key") for tr in article.iter("tr") if tr.get("data-key")}
            assert shown == changed, f"{lang}/games/{name}/: differences {sorted(shown)} != {sorted(changed)}"


def test_summary_states_the_shape_and_the_match(site: Path) -> None:
    """The whole-game paragraph is generated from the rules: it names the number of cards and of holes, the knock
    when there is one, and that jokers never pair when the deck has jokers that do not."""
    for name in preset_names():
        rules = preset_info(name).rules
        for lang in LANGS:
            _, article = _article(site, lang, f"games/{name}/")
            summary = text(next(p for p in article.iter("p") if p.get("class") == "golf-summary"))
            assert str(rules.size) in summary and str(rules.holes) in summary, f"{lang}/{name}: {summary}"
            assert ("ノック" in summary or "knock" in summary) == rules.knock, f"{lang}/{name}: knock in summary"
            never_pair = bool(rules.jokers_per_deck) and rules.pairs != "off" and rules.joker_pairs == "never"
            said = "jokers never" in summary or "ジョーカーどうしは打ち消し合いません" in summary
            assert said == never_pair, f"{lang}/{name}: whether jokers pair, in the summary"


def test_games_index_links_every_game(site: Path) -> None:
    for lang in LANGS:
        path = page_path(site, lang, "games/")
        hrefs = {
            posixpath.normpath(posixpath.join(path.parent.relative_to(site).as_posix(), a.get("href")))
            for a in parse(path).iter("a")
            if a.get("href")
        }
        for page in GAME_PAGES:
            assert page_path(site, lang, page).parent.relative_to(site).as_posix() in hrefs, f"{lang}: {page}"


# -- the walk-through --------------------------------------------------------------------------------------------
def _walk(site: Path, lang: str):
    _, article = _article(site, lang, "walkthrough/")
    block = next(d for d in article.iter("div") if d.get("data-walk"))
    return article, block, json.loads(block.get("data-walk"))


def test_walkthrough_is_a_legal_hole_and_its_scores_are_the_engines(site: Path) -> None:
    for lang in LANGS:
        article, block, walk = _walk(site, lang)
        rules = preset_info(block.get("data-preset")).rules
        assert block.get("data-preset") == "basic"
        state = HoleState.deal(rules, 2, walk["dealer"] - 1, random.Random(walk["seed"]))
        for action in walk["actions"]:  # replaying the page's moves: each must be legal where it is played
            code = A.parse_action(action)
            assert code in state.legal_actions(), f"{lang}: {action} is not legal there"
            state.apply_action(code)
        assert state.is_over(), f"{lang}: the hole on the page does not end"
        figure = next(f for f in article.iter("figure") if "golf-example" in (f.get("class") or ""))
        layouts = [parse_layout(t, rules.rows, rules.cols) for t in json.loads(figure.get("data-layouts"))]
        assert layouts == state.layouts, f"{lang}: the final layouts differ from the replayed hole"
        table = find_all(article, "table", **{"data-golf": "hole-table"})[0]
        totals = [int(td.get("data-total")) for td in table.iter("td") if td.get("data-total") is not None]
        assert totals == state.returns(), f"{lang}: page totals {totals}, engine {state.returns()}"


def test_walkthrough_tells_every_move_with_a_reason_and_a_drawing(site: Path) -> None:
    for lang in LANGS:
        article, _, walk = _walk(site, lang)
        steps = [li for li in article.iter("li") if li.get("data-action")]
        assert [li.get("data-action") for li in steps] == walk["actions"]
        for li in steps:
            reason = [p for p in li.iter("p") if p.get("class") == "golf-reason"]
            assert reason and len(text(reason[0])) > 10, f"{lang}: a move without its reason"
        headings = [h.get("id") for h in article.iter("h2")]
        assert headings[0] == "deal" and headings[-1] == "scoring"
        assert {"opening-1", "opening-2", "turn-1"} <= set(headings)
        turns = [h for h in headings if h.startswith("turn-")]
        assert 4 <= len(turns) <= 16, f"{lang}: {len(turns)} turns is not a short hole"
        drawings = [d for d in article.iter("div") if d.get("class") == "golf-walk-step"]
        assert len(drawings) == len(turns) + 2
        for drawing in drawings:
            svg = next(drawing.iter("svg"))
            assert svg.get("role") == "img" and svg.get("aria-label")
