"""Reading the PDFs back, independently of the code that wrote them (pypdf, and poppler's pdftotext for the plain
text: a C reader about thirty times faster than pypdf's text extraction, which was most of the printables tests'
CPU).

Also the expectations that must not come from the code under test: paper sizes from
their definitions in mm and inches, and a text normaliser that ignores line breaks.
"""

from __future__ import annotations

import io
import logging
import re
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pypdf

# ISO 216 A4 is 210 x 297 mm; US Letter is 8.5 x 11 in; 72 pt per inch.
MM = 72 / 25.4
PAPER_PT = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}
MIN_TEXT_PT = 8.0


@dataclass(frozen=True)
class TextRun:
    text: str
    size_pt: float  # the size on paper: font size times the text and graphics scaling


def reader(pdf: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(pdf))


def page_size(pdf: bytes) -> tuple[float, float]:
    box = reader(pdf).pages[0].mediabox
    return float(box.width), float(box.height)


def text(pdf: bytes) -> str:
    """Every page's text in reading order (pages apart by a line break)."""
    done = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", "-", "-"], input=pdf, capture_output=True, check=True)
    return done.stdout.decode("utf-8").replace("\f", "\n")


def squash(value: str) -> str:
    """Text with every kind of whitespace removed (lines wrap anywhere, in both scripts) and
    one minus sign (a sheet may print the typographic minus U+2212)."""
    return re.sub(r"\s+", "", value).replace("\u2212", "-")


def _multiply(a: list[float], b: list[float]) -> list[float]:
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def text_runs(pdf: bytes) -> list[TextRun]:
    """Every non-blank piece of text on the first page with its size on paper in pt."""
    runs: list[TextRun] = []

    def visit(content: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if content.strip():
            m = _multiply(tm, cm)
            scale = abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
            runs.append(TextRun(content, size * scale))

    reader(pdf).pages[0].extract_text(visitor_text=visit)
    return runs


@dataclass(frozen=True)
class FontInfo:
    name: str  # BaseFont without the subset prefix
    embedded: bool
    has_to_unicode: bool


def fonts(pdf: bytes) -> list[FontInfo]:
    """The fonts the page uses, from its resources (Type0 fonts through their descendant)."""
    found = []
    for page in reader(pdf).pages:
        resources = page["/Resources"].get_object()
        font_dict = resources.get("/Font", {})
        for ref in font_dict.values():
            font = ref.get_object()
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            descriptor = descendant.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))
            name = str(font["/BaseFont"]).lstrip("/")
            name = name.split("+", 1)[1] if re.match(r"^[A-Z]{6}\+", name) else name
            found.append(FontInfo(name, embedded, "/ToUnicode" in font))
    return found


@contextmanager
def weasyprint_log() -> Iterator[list[logging.LogRecord]]:
    """Every record of WARNING or worse that the weasyprint loggers emit inside the block."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Keep(level=logging.WARNING)
    logger = logging.getLogger("weasyprint")
    logger.addHandler(handler)
    try:
        yield records
    finally:
        logger.removeHandler(handler)


def values_in_table_order(extracted: str, rows: list[tuple[str, object]], points: list[str]) -> bool:
    """True if the card labels and their points appear as a table reads out: a run of labels,
    then the same run's points, run after run. Runs may break anywhere (a table row wraps),
    so every split of the rows into consecutive runs is tried. A ★ (the sheets' mark for a
    value that differs from the basic game) may precede a label.
    """
    flat = squash(extracted).replace("★", "")
    labels = [squash(label) for label, _ in rows]
    values = [squash(p) for p in points]

    def match(start_row: int, position: int) -> bool:
        if start_row == len(labels):
            return True
        for end in range(start_row + 1, len(labels) + 1):
            pattern = "".join(labels[start_row:end]) + "".join(values[start_row:end])
            found = flat.find(pattern, position)
            if found >= 0 and match(end, found + len(pattern)):
                return True
        return False

    return match(0, 0)
