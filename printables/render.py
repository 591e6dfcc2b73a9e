"""HTML to a one-page PDF with WeasyPrint: capture its log, fit to one page, write atomically.

Fitting: a document builder takes a step (0 = most generous type and spacing, each later step
a little tighter, the last still at or above the 8 pt floor). From a first guess, the search
walks to a step whose layout is one page, then to the roomiest one next to it that still is:
about two layouts from a good guess.
"""

from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import weasyprint

from sixcardgolf.errors import GolfError
from sixcardgolf.messages import both

from .page import PACKAGE_DIR

WEASYPRINT_LOGGER = "weasyprint"


class PrintableError(GolfError):
    """A document cannot be made as asked (bad input, or it cannot fit one page); English and Japanese."""


def missing_folder(folder: Path) -> PrintableError:
    """The error for an output folder that does not exist."""
    return PrintableError(
        *both(
            "error.printables.output_folder_missing",
            folder_code=repr(str(folder)),
            folder=str(folder),
        )
    )


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.levelname}: {record.getMessage()}")


@contextmanager
def weasyprint_warnings() -> Iterator[list[str]]:
    """Every warning or error WeasyPrint logs inside the block (a bad CSS rule, a missing font...)."""
    handler = _Collect()
    logger = logging.getLogger(WEASYPRINT_LOGGER)
    logger.addHandler(handler)
    try:
        yield handler.messages
    finally:
        logger.removeHandler(handler)


@dataclass
class Rendered:
    pdf: bytes
    step: int  # the fitting step used (0 = roomiest)
    renders: int  # layouts computed to find it
    warnings: list[str]


def layout(html: str) -> weasyprint.Document:
    # base_url: relative URLs (none today) would resolve inside the package, never on the network.
    return weasyprint.HTML(string=html, base_url=str(PACKAGE_DIR)).render()


def render_one_page(build_html: Callable[[int], str], steps: int, what: str, start: int = 0) -> Rendered:
    """Lay out `build_html(step)` at the roomiest step (lowest index) that still fits one page.

    `start` is a guess: a good one costs two layouts (it fits, the roomier step does not).
    Where page counts grow steadily with the type size it only affects speed.
    """
    with weasyprint_warnings() as warnings:
        tried: dict[int, weasyprint.Document] = {}

        def fits(step: int) -> bool:
            if step not in tried:
                tried[step] = layout(build_html(step))
            return len(tried[step].pages) == 1

        step = min(max(start, 0), steps - 1)
        if not fits(step):
            # Overflowing: the answer is tighter. Floats and column balancing make page counts
            # not quite monotonic, so walk step by step rather than bisect; guesses are close.
            tighter = next((s for s in range(step + 1, steps) if fits(s)), None)
            if tighter is None:
                tighter = next((s for s in range(step - 1, -1, -1) if fits(s)), None)
            if tighter is None:
                raise PrintableError(f"{what} does not fit on one page even at the smallest readable size (8 pt)")
            step = tighter
        # The answer is here or a step or two roomier.
        while step > 0 and fits(step - 1):
            step -= 1
        pdf = tried[step].write_pdf()
    return Rendered(pdf, step, len(tried), list(warnings))


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file in the same folder: never a half-written file."""
    folder = path.parent
    if not folder.is_dir():
        raise missing_folder(folder)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o644)  # mkstemp makes it private; the site serves these files
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
