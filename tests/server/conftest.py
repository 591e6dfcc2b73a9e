"""The room server's tests import the server package from the repository's root and their kit (roomkit.py)
from this folder, whichever way pytest is launched."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE.parents[1], HERE):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
