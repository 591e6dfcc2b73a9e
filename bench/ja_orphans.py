"""Orphan lines in the Japanese printables: lines of one or two characters ending in 。 or 、 (issue 16 §6).

Reads every Japanese PDF `make build` made (build/printables/*-ja-*.pdf) with `pdftotext -layout`, splits the
text into the columns the layout keeps apart (runs of two or more spaces), and counts the pieces that are one or
two characters ending in 。 or 、 (「す。」「ん。」). Also counts breaks inside a short parenthesised word (「（上」 /
「がり）」: a line ends in an open 「（」 and the next line closes it, six characters or fewer inside), reading the
text in reading order (`pdftotext` without -layout) so that a column's lines follow each other.

usage: python bench/ja_orphans.py [PDF_DIR]   (prints per-file counts and the total; results/ja_orphans.md)
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ORPHAN = re.compile(r"^.{0,1}[。、]$")
OPEN_AT_END = re.compile(r"（([^）]*)$")
CLOSE_AT_START = re.compile(r"^([^（]*)）")
SHORT_WORD = 6


def pieces(pdf: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    out: list[str] = []
    for line in text.splitlines():
        out += [piece.strip() for piece in re.split(r"\s{2,}", line) if piece.strip()]
    return out


def split_words(pdf: Path) -> list[str]:
    text = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    return split_lines([line.strip() for line in text.splitlines() if line.strip()])


def split_lines(lines: list[str]) -> list[str]:
    """Short bracketed words broken between one line and the next."""
    found = []
    for line, following in itertools.pairwise(lines):
        opened, closed = OPEN_AT_END.search(line), CLOSE_AT_START.match(following)
        if opened and closed and len(opened.group(1) + closed.group(1)) <= SHORT_WORD:
            found.append(f"（{opened.group(1)}/{closed.group(1)}）")
    return found


def orphans(pdf: Path) -> tuple[list[str], list[str]]:
    lone = [piece for piece in pieces(pdf) if ORPHAN.match(piece)]
    return lone, split_words(pdf)


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "printables"
    total_lone = total_split = 0
    rows = []
    for pdf in sorted(folder.glob("*-ja-*.pdf")):
        lone, split = orphans(pdf)
        total_lone += len(lone)
        total_split += len(split)
        if lone or split:
            rows.append(f"| {pdf.name} | {len(lone)} | {len(split)} | {' '.join(lone + split)} |")
    files = len(list(folder.glob("*-ja-*.pdf")))
    print("| file | orphan lines | split parentheses | pieces |\n|---|---|---|---|")
    print("\n".join(rows))
    print(
        f"\n{files} Japanese PDFs: {total_lone} orphan lines (1-2 characters ending 。/、), {total_split} split parentheses"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
