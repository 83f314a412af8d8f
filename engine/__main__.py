"""``python -m engine``: the terminal client."""

import sys

from .cli import main

sys.exit(main())
