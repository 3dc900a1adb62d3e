"""The Oracle reader's regular expressions are compiled on first use (bridge/cards/oracle/patterns.py):
every one of them must still compile, as it did when the reader was imported, and answer as re does."""
import importlib
import pkgutil
import re

import bridge.cards.oracle
from bridge.cards.oracle.patterns import LazyPattern, lazy_pattern


def every_lazy_pattern():
    for module_info in pkgutil.iter_modules(bridge.cards.oracle.__path__):
        module = importlib.import_module(f"bridge.cards.oracle.{module_info.name}")
        for name, value in vars(module).items():
            if isinstance(value, LazyPattern):
                yield f"{module_info.name}.{name}", value


def test_every_pattern_of_the_reader_compiles():
    patterns = dict(every_lazy_pattern())
    assert len(patterns) > 40
    for name, pattern in patterns.items():
        assert isinstance(pattern.groups, int), name      # compiles it (re.error would be raised here)


def test_a_lazy_pattern_answers_as_re_does():
    text = "Creatures you control get +1/+1."
    lazy, plain = lazy_pattern(r"(\w+) you control get ([+-]\d+)/([+-]\d+)", re.IGNORECASE), \
        re.compile(r"(\w+) you control get ([+-]\d+)/([+-]\d+)", re.IGNORECASE)
    assert lazy.pattern == plain.pattern
    assert lazy.search(text).groups() == plain.search(text).groups()
    assert lazy.sub("X", text) == plain.sub("X", text)
    assert lazy.flags == plain.flags and lazy.groups == plain.groups
