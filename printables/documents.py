"""What to print: a document spec (kind, rules, language, paper, table size), its title, file name and PDF."""

from __future__ import annotations

from dataclasses import dataclass

from sixcardgolf import Rules, RulesError
from sixcardgolf.errors import quote_code, quote_shown
from sixcardgolf.messages import both

from . import KINDS, facts, rules_sheet, score_pad
from .labels import label, sheet_game_name
from .page import LANGS, PAPERS
from .render import PrintableError, Rendered, render_one_page

PAD_HOLES = (1, 18)  # a score pad has one row per hole and must stay one page


@dataclass(frozen=True)
class DocumentSpec:
    kind: str
    rules: Rules
    lang: str
    paper: str
    preset: str | None = None  # None: custom rules (a rules file)
    players: int = facts.TABLE_MAX_PLAYERS  # score pads only
    holes: int | None = None  # score pads only; None: the rules' own hole count
    blank: bool = False  # score pads only: a pad for any game (no rules reminder, a line for the game's name)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise PrintableError(f"kind {self.kind!r} is not known: expected one of {', '.join(KINDS)}")
        if self.lang not in LANGS:
            raise PrintableError(f"language {self.lang!r} is not available: expected one of {', '.join(LANGS)}")
        if self.paper not in PAPERS:
            raise PrintableError(f"paper {self.paper!r} is not known: expected one of {', '.join(PAPERS)}")
        if self.kind == "scorepad":
            low_players, high_players = facts.PAD_PLAYERS[0], facts.PAD_PLAYERS[-1]
            if isinstance(self.players, bool) or self.players not in facts.PAD_PLAYERS:
                raise PrintableError(
                    *both(
                        "error.printables.pad_players",
                        players_code=quote_code(self.players),
                        players=quote_shown(self.players),
                        low=low_players,
                        high=high_players,
                    )
                )
            try:
                self.rules.check_players(self.players)
            except RulesError as error:
                raise PrintableError(str(error), ja=error.ja) from None
            low, high = PAD_HOLES
            if not low <= self.hole_count <= high:
                raise PrintableError(
                    *both(
                        "error.printables.pad_holes",
                        holes_code=quote_code(self.hole_count),
                        holes=quote_shown(self.hole_count),
                        low=low,
                        high=high,
                        flag="--holes",
                    )
                )

    @property
    def hole_count(self) -> int:
        return self.holes if self.holes is not None else self.rules.holes

    @property
    def rules_title(self) -> str:
        return label("any_game", self.lang) if self.blank else facts.rules_title(self.preset, self.lang)

    def title(self) -> str:
        words = {
            "game": sheet_game_name(None if self.blank else self.rules.size, self.lang),
            "rules": self.rules_title,
            "paper": PAPERS[self.paper].label[self.lang],
        }
        if self.kind == "rules":
            return label("title_rules", self.lang, **words)
        key = "title_blank_pad" if self.blank else "title_pad"
        return label(key, self.lang, players=self.players, holes=self.hole_count, **words)

    def file_stem(self) -> str:
        name = "any" if self.blank else self.preset or "custom"
        if self.kind == "rules":
            return f"rules-{name}-{self.lang}-{self.paper}"
        return f"scorepad-{name}-{self.players}p-{self.hole_count}h-{self.lang}-{self.paper}"

    def steps(self) -> int:
        return rules_sheet.STEPS if self.kind == "rules" else score_pad.STEPS

    def build_html(self, step: int) -> str:
        if self.kind == "rules":
            return rules_sheet.build_html(self.rules, self.preset, self.lang, self.paper, step)
        rules = None if self.blank else self.rules
        return score_pad.build_html(rules, self.preset, self.lang, self.paper, self.players, self.hole_count, step)

    def first_guess(self) -> int:
        if self.kind == "rules":
            return rules_sheet.guess_step(self.rules, self.lang, self.paper)
        return score_pad.guess_step(None if self.blank else self.rules, self.lang, self.hole_count)

    def render(self) -> Rendered:
        return render_one_page(self.build_html, self.steps(), self.title(), self.first_guess())
