"""`python -m bridge ...`: the same as the `mtg-layers` command."""
import sys

from bridge.interfaces.cli.main import main

sys.exit(main())
