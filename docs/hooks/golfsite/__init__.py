"""Build-time helpers for the rules site: markers in the Markdown pages become tables, rule text and SVG
drawings generated from the engine (package `sixcardgolf`), so no page restates a rule fact by hand.

Importing the package registers every marker (each renderer module registers its own).
"""

from . import examples, games, ladder, printables, render_rules, walkthrough  # noqa: F401
