"""What the command lines (`python -m sixcardgolf`, `python -m printables`) share around their commands: a
mistake in the arguments is one line, a file is read with a size limit, and Ctrl-C, a closed pipe or a full
disk end the run with one line (or quietly) and the usual exit status, never a traceback.

Exit statuses: 0 done; 2 bad input (an argument, a file, an option); 1 the output could not be written;
130 interrupted (Ctrl-C, as a shell reports SIGINT); 141 the reader of stdout went away (as SIGPIPE).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from .errors import LANGS, UsageError, quote_code
from .json_input import what_is_read
from .messages import both, text

USAGE_ERROR = 2
WRITE_FAILED = 1
INTERRUPTED = 130
PIPE_CLOSED = 141
MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest file a command reads (a save, a rules file): the Play page's largest saves fit in a few MB."""

_WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
_LONG_QUOTE = re.compile(r"'([^']{80,})'")


MAX_LINE_CHARS = 1_000
"""The longest error line: inputs are quoted short already (errors.QUOTE_CHARS); this is the last guard."""


def one_line(message: str) -> str:
    """A message as one line, and never longer than MAX_LINE_CHARS."""
    flat = " ".join(message.split())
    return flat if len(flat) <= MAX_LINE_CHARS else flat[: MAX_LINE_CHARS - 1] + "…"


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a mistake is one line on stderr (no usage block), its input quoted short, and exit 2."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes the value it refuses whole ("invalid int value: '999…'"): cut a long one short.
        short = _LONG_QUOTE.sub(lambda found: quote_code(found.group(1)), message)
        self.exit(USAGE_ERROR, f"{self.prog}: error: {one_line(short)}\n")


def lang_in(argv: Sequence[str]) -> str:
    """The --lang an argument list asks for (for the messages of a run stopped before its arguments are read)."""
    for index, item in enumerate(argv):
        value = item.partition("=")[2] if item.startswith("--lang=") else None
        if item == "--lang" and index + 1 < len(argv):
            value = argv[index + 1]
        if value in LANGS:
            return value
    return "en"


def read_input_file(path: str | Path, what: str) -> str:
    """The text of a file a command reads (`what`: "save" or "rules_file", see json_input.what_is_read).

    Only a regular file is opened, so a FIFO with no writer cannot block and /dev/zero cannot fill the memory;
    and at most MAX_FILE_BYTES are read. Every refusal is a UsageError naming the file, in both languages.
    """
    # A path is quoted whole: it is what the user typed, and the system bounds its length.
    shown = {"what": what_is_read(what), "path_code": repr(str(path)), "path": str(path)}
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise UsageError(*both("error.cli.not_found", **shown)) from None
    except OSError as error:
        raise UsageError(*both("error.cli.unreadable", reason_code=_reason(error), **shown)) from None
    if not stat.S_ISREG(info.st_mode):
        raise UsageError(*both("error.cli.not_a_file", **shown))
    size = f"{MAX_FILE_BYTES // (1024 * 1024)} MB"
    if info.st_size > MAX_FILE_BYTES:
        raise UsageError(*both("error.cli.too_big", size=size, **shown))
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)  # a file that grew since stat() is still read no further
    except OSError as error:
        raise UsageError(*both("error.cli.unreadable", reason_code=_reason(error), **shown)) from None
    if len(data) > MAX_FILE_BYTES:
        raise UsageError(*both("error.cli.too_big", size=size, **shown))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(*both("error.cli.not_utf8", encoding="UTF-8", **shown)) from None


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__


def run(command: Callable[[], int], prog: str, lang: str = "en") -> int:
    """Run a command line's `command` (which prints its output) and flush stdout inside the guard; what a
    process meets from outside becomes one line on stderr and an exit status (module docstring)."""
    try:
        status = command()
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        interrupted(prog, lang=lang)
        return INTERRUPTED
    except BrokenPipeError:  # `| head`: the reader has all it wanted; say nothing, as a tool killed by SIGPIPE
        _silence_stdout()
        return PIPE_CLOSED
    except OSError as error:
        if not _is_stdout_error(error):
            raise
        _silence_stdout()
        _say(prog, text("error.cli.write_failed", lang, reason_code=_reason(error)))
        return WRITE_FAILED


def interrupted(prog: str, argv: Sequence[str] = (), lang: str | None = None) -> None:
    """Say on stderr that Ctrl-C stopped the run (in the --lang of `argv` unless `lang` is given)."""
    _say(prog, text("error.cli.interrupted", lang or lang_in(argv)))


def _is_stdout_error(error: OSError) -> bool:
    """An OSError of writing stdout (a full disk, a file too large, a closed terminal): a command's own file
    errors are UsageErrors naming the file before they get here."""
    return error.filename is None and error.errno in _WRITE_ERRNOS


def _say(prog: str, message: str) -> None:
    with contextlib.suppress(OSError):  # stderr itself gone: nothing left to tell
        print(f"{prog}: {message}", file=sys.stderr, flush=True)


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush at exit has nowhere to fail (Python's
    documented way to leave after a closed pipe)."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
