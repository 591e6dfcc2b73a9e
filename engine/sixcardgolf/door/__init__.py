"""The browser's door into the engine: JSON in, JSON out.

The playground's Web Worker runs this package in Pyodide, keeps one `Session` (door/session.py: the match being
played and the review's caches) and calls `handle(request_json, session)`; every answer is `{"ok": true, "result": ...}` or `{"ok": false, "error": "..."}` with the error in the page's language, so a
bad card or option never reaches the page as a traceback. The methods live by what they serve: `reference`
(presets, rules summary, options catalogue, the build's static data), `score` (the calculator), `match` (the
Play page's match), `review` (the hole review) and `observed` (the Hint of a room's seat, from its observation).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import LANGS, GolfError, RequestError, quote_code, quote_text
from ..json_input import MAX_DEPTH, read_json, request_lang, what_is_read
from ..messages import both, text
from . import lesson, match, observed, reference, review, score
from .params import lang_of
from .session import Session

Method = Callable[[dict[str, Any], Session], Any]


def _no_session(method: Callable[[dict[str, Any]], Any]) -> Method:
    """A method that reads the rules data only: the session is not passed on."""
    return lambda params, session: method(params)


METHODS: dict[str, Method] = {
    "presets": _no_session(reference.presets),
    "rules_summary": _no_session(reference.rules_summary),
    "score": _no_session(score.score),
    "options_catalogue": _no_session(reference.options_catalogue),
    "static_data": _no_session(reference.static_data),
    **review.METHODS,
    **match.METHODS,
    **observed.METHODS,
    **lesson.METHODS,
}
"""Every method, in the order an error lists them, each called with the request's params and the session."""


MAX_ERROR_CHARS = 1_000
"""The longest error an answer carries: every quoted input is already short (errors.QUOTE_CHARS); this is the
last guard, so that no request can make the page show a megabyte."""


def handle(request_json: str, session: Session | None = None) -> str:
    """Answer one request {"method": ..., "params": {...}} with a JSON envelope.

    `session` holds the match being played and the review's caches between requests (the Web Worker keeps one
    and passes it to every call); without one, the request is answered on a new session that is then dropped.
    """
    kept = session if session is not None else Session()
    return serve(request_json, lambda name, params: _answer(name, params, kept), list(METHODS))


def serve(request_json: str, answer: Callable[[str, dict[str, Any]], Any], methods: Sequence[str]) -> str:
    """The envelope of a JSON door: `answer(method, params)` gives the result (`methods` are the names it
    takes, for the error about any other), and every request is answered, whatever it holds. A refused one is {"ok": false, "error": ...} in the request's language (English when
    even that cannot be read), naming what was wrong; a request refused before `answer` changes nothing.
    printables.browser's rule-sheet door answers through this too.
    """
    lang = "en"
    name: object = None
    try:
        request = read_json(request_json) if isinstance(request_json, str | bytes) else request_json
        params, lang = _envelope(request)
        name = request.get("method")
        if not isinstance(name, str):
            raise _no_method(name, methods)
        result = answer(name, params)
        return json.dumps({"ok": True, "result": result}, ensure_ascii=False)
    except RequestError as error:
        if isinstance(request_json, str) and lang == "en":
            lang = request_lang(request_json)  # a text that could not be read may still say its language
        return _refused(error.message(lang))
    except GolfError as error:
        return _refused(error.message(lang))
    except RecursionError:  # a value nested too deeply for some step of the answer: the same words as the reader's
        return _refused(text("error.json.too_deep", lang, what=what_is_read("request"), most=MAX_DEPTH))
    except Exception as error:  # a bug: the page still gets an answer naming the method, never a traceback
        return _refused(
            text(
                "error.request.failed",
                lang,
                method_code=quote_code(name),
                method=quote_text(name),
                kind_code=type(error).__name__,
            )
        )


def _envelope(request: Any) -> tuple[dict[str, Any], str]:
    """The request's params and language, or a RequestError naming what is not as the door reads it."""
    if not isinstance(request, dict):
        raise RequestError(
            *both("error.request.not_object", request_code=quote_code(request), request=quote_text(request))
        )
    params = request.get("params")
    params = {} if params is None else params
    if not isinstance(params, dict):
        raise RequestError(*both("error.request.params", params_code=quote_code(params), params=quote_text(params)))
    lang = params.get("lang")
    return params, lang if isinstance(lang, str) and lang in LANGS else "en"


def _answer(name: str, params: dict[str, Any], session: Session) -> Any:
    lang_of(params)  # a language not offered is refused before a method runs (a match method would act first)
    if name in METHODS:
        return METHODS[name](params, session)
    raise _no_method(name, list(METHODS))


def _no_method(name: object, methods: Sequence[str]) -> RequestError:
    return RequestError(
        *both(
            "error.request.method",
            method_code=quote_code(name),
            method=quote_text(name),
            methods_code=", ".join(methods),
        )
    )


def _refused(message: str) -> str:
    if len(message) > MAX_ERROR_CHARS:
        message = message[: MAX_ERROR_CHARS - 1] + "…"
    return json.dumps({"ok": False, "error": message}, ensure_ascii=False)


__all__ = ["MAX_ERROR_CHARS", "METHODS", "Session", "handle", "serve"]
