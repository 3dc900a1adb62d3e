"""`python -m bridge ...`: the same as the `mtg-layers` command."""
import sys

from .cli import main

sys.exit(main())
