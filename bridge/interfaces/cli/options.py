"""The options every command shares: the limits of the input and of each case's child process
(bridge/reading/yaml_input.py, bridge/solving/runner.py), and the types that check their values."""
from __future__ import annotations

import argparse
import math

from bridge.reading.yaml_input import DEFAULT_LIMITS, Limits
from bridge.solving.runner import DEFAULT_BOUNDS, Bounds


def common_options() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--timeout", type=seconds, default=DEFAULT_BOUNDS.seconds, metavar="SECONDS", action=Given,
                        help="stop each case after this long, reading and printing included (default 60)")
    common.add_argument("--max-memory", type=megabytes, default=DEFAULT_BOUNDS.memory_bytes >> 20, metavar="MB",
                        help=f"memory of each case's solving (default {DEFAULT_BOUNDS.memory_bytes >> 20})")
    common.add_argument("--max-output", type=count, default=DEFAULT_BOUNDS.output_bytes, metavar="BYTES",
                        help=f"printed output of each case (default {DEFAULT_BOUNDS.output_bytes})")
    common.add_argument("--max-file-size", type=count, default=DEFAULT_LIMITS.max_file_bytes, metavar="BYTES")
    common.add_argument("--max-objects", type=count, default=DEFAULT_LIMITS.max_objects, metavar="N")
    common.add_argument("--max-effects", type=count, default=DEFAULT_LIMITS.max_effects, metavar="N")
    common.add_argument("--no-reevaluate", dest="reevaluate", action="store_false",
                        help="research: keep the dependency graph found at the start of each layer instead of "
                             "evaluating it again after every application (ignores CR 613.8c; answers may be wrong)")
    return common


class Given(argparse.Action):
    """Store the value and note that the command line gave it (`args.given`): a sweep's spec has a
    timeout of its own, which only a --timeout written out overrides."""

    def __call__(self, parser, namespace, value, option_string=None):
        setattr(namespace, self.dest, value)
        namespace.given = getattr(namespace, "given", frozenset()) | {self.dest}


MOST_SECONDS = 1_000_000          # ~11.6 days: past this, the clock's arithmetic overflows (1e308)


def seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not math.isfinite(value) or not 0 < value <= MOST_SECONDS:
        raise argparse.ArgumentTypeError(f"expected a number of seconds greater than 0 and at most "
                                         f"{MOST_SECONDS:,}, got {text!r}")
    return value


def count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number of 0 or more, got {text!r}")
    return value


# Boards solved in one clingo Control (issue 37; README, "The fixed cost per board", fourth round, measured):
# `check --batch` (40/8 boards: slower together, 475 ms CPU a board alone against 589 at 8 and 667 at 24),
# `sweep --solve-together` (a pool of small boards: 548 ms alone against 457 at 24).
BATCH_SIZE = 1
SOLVE_TOGETHER = 24


def jobs_count(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of 1 or more, got {text!r}")
    return value


def megabytes(text: str) -> int:
    value = int(text)
    if value < 100:
        raise argparse.ArgumentTypeError(f"expected at least 100 (MB): clingo and Python need that, got {text!r}")
    return value


def limits_of(args) -> Limits:
    return Limits(max_file_bytes=args.max_file_size, max_objects=args.max_objects, max_effects=args.max_effects,
                  max_nodes=DEFAULT_LIMITS.max_nodes)


def bounds_of(args) -> Bounds:
    """The hard limits of one file's child process: the deadline leaves a second over --timeout for the
    solver's own check, which names the step it stopped at."""
    return Bounds(seconds=args.timeout, grace=1.0, memory_bytes=args.max_memory << 20, output_bytes=args.max_output)
