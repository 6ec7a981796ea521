"""``python -m fastalloc`` runs the command line (``fastalloc.cli.main``)."""

import sys

from fastalloc.cli import main

sys.exit(main())
