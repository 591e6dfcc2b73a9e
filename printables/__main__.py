import sys

from sixcardgolf.cli_io import INTERRUPTED, interrupted

try:
    from .cli import main  # imports WeasyPrint: a second or two in which Ctrl-C is still one line
except KeyboardInterrupt:
    interrupted("printables", sys.argv[1:])
    sys.exit(INTERRUPTED)

sys.exit(main())
