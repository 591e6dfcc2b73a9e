"""`python -m sixcardgolf ...`: see sixcardgolf.cli."""

from .cli import main

raise SystemExit(main())
