"""Build-time helpers for the rules site: markers in the Markdown pages become tables, rule text and SVG
drawings generated from the engine (package `sixcardgolf`), so no page restates a rule fact by hand."""
