"""Printables: one-page rule sheets and score pads, rendered with WeasyPrint from the engine's rules.

Every rule fact on a sheet comes from `sixcardgolf` (rules data, rule statements,
card value rows, scoring); this package only lays them out. Run it as
`python -m printables --help`.
"""

KINDS = ("rules", "scorepad")
