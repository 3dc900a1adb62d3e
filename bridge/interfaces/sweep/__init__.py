"""Sweeps over card combinations (mtg-layers sweep): spec, worker, output, command."""

MAX_BOARDS = 1_000_000     # `sweep --max-boards` default: a sweep larger than this is most likely a mistake
# (here, not in spec.py: the command line reads it when it builds its parser, for every command)
