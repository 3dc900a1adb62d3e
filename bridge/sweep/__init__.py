"""Sweeps over card combinations (mtg-layers sweep): spec, worker, output, command."""
