"""The `serve` subcommand's options and its runner (bridge/interfaces/cli/main.py adds them in a few lines)."""
from __future__ import annotations

import sys

DEFAULT_PORT = 8613


def add_serve_command(commands, parents) -> None:
    serve = commands.add_parser(
        "serve", parents=parents, help="the judges' page: build a board from card names in a browser, see the "
                                       "layers, the explanation and the dependency graph",
        description="Start a local web server for the judges' page and print its address. Every request is "
                    "solved under the limits below (--timeout, --max-memory, ...), like a case file.")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1: this computer only; 0.0.0.0 lets a phone "
                            "on the same network in)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT,
                       help=f"port (default {DEFAULT_PORT}; 0 picks a free one)")


def run_serve(args, limits, bounds) -> int:
    from bridge.interfaces.web.server import Settings, serve
    try:
        serve(args.host, args.port, Settings(limits=limits, bounds=bounds, reevaluate=args.reevaluate),
              ready=lambda line: print(line, flush=True))
    except OSError as error:
        print(f"error: cannot listen on {args.host}:{args.port}: {error.strerror or error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
    return 0
