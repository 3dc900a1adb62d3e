"""`mtg-layers help [TOPIC]`: the documentation installed with the package (docs/), or a command's help."""
from __future__ import annotations

import sys

from bridge.files.locations import docs_folder
from bridge.model.errors import close_matches

# topic: (file in docs/, what it is)
TOPICS = {
    "vocabulary": ("case-format.md", "every key of a case file, its default, and the vocabulary of selectors, "
                                     "operations, numbers, abilities and events"),
    "contract": ("contract.md", "the case-file contract (version 1): the keys whose meaning never changes"),
    "seed-coverage": ("seed-coverage.md", "which rules of the seed documents the bundled cases cover"),
    "seed-examples": ("seed-examples.md", "the seed documents' examples and the cases that encode them"),
    "research": ("research.md", "facts, query and sweep: effect ids, the predicates, example queries, sweep specs"),
}


def topic_text(topic: str) -> str:
    return (docs_folder() / TOPICS[topic][0]).read_text(encoding="utf-8")


def topics_text(commands) -> str:
    width = max(map(len, TOPICS))
    lines = ["usage: mtg-layers help TOPIC", "", "topics:"]
    lines += [f"  {name.ljust(width)}  {about}" for name, (_, about) in TOPICS.items()]
    lines += ["", f"and the commands ({', '.join(commands)}): the same as `mtg-layers COMMAND --help`"]
    return "\n".join(lines)


def run_help(args, parser, commands: dict) -> int:
    """Print a topic, a command's help, or the list of topics; exit 2 for an unknown topic."""
    if args.topic is None:
        print(topics_text(commands))
        return 0
    if args.topic in TOPICS:
        print(topic_text(args.topic))
        return 0
    if args.topic in commands:
        print(commands[args.topic].format_help(), end="")
        return 0
    print(f"error: unknown help topic {args.topic!r}" + close_matches(args.topic, list(TOPICS) + list(commands))
          + f"; topics: {', '.join(TOPICS)}; commands: {', '.join(commands)}", file=sys.stderr)
    return 2
