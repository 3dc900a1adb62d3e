"""bridge/derived.py: the kept copies of the card library and the word lists give exactly what
reading the files gives, are made again when unreadable, and are not written when byte code is not."""
import sys

import yaml

from bridge import derived as derived_module
from bridge.derived import derived
from bridge.library import LIBRARY_FILES
from bridge.words import read_word_lists, rules_words
from bridge.solver import asp_files

from conftest import ROOT


def test_kept_copies_equal_what_the_files_give(tmp_path, monkeypatch):
    monkeypatch.setattr(derived_module, "FOLDER", tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    for name in LIBRARY_FILES:
        text = (ROOT / "bridge" / "cards" / name).read_bytes()
        direct = yaml.safe_load(text.decode("utf-8"))
        made = derived(f"cards-{name}", text, lambda t: yaml.load(t.decode("utf-8"), Loader=yaml.CSafeLoader))
        assert made == direct
        assert derived(f"cards-{name}", text, lambda t: 1 / 0) == direct          # read back, not made
    words = next(p for p in asp_files() if p.name == "word_lists.lp").read_bytes()
    assert derived("word-lists", words, read_word_lists) == read_word_lists(words)
    assert len(list(tmp_path.glob("*.marshal"))) == len(LIBRARY_FILES) + 1
    lists = rules_words()
    assert lists.subtypes["Elf"] == "creature" and "blue" in lists.of("color")


def test_an_edited_file_or_a_broken_copy_is_read_again(tmp_path, monkeypatch):
    monkeypatch.setattr(derived_module, "FOLDER", tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    assert derived("t", b"a: 1", lambda t: yaml.safe_load(t)) == {"a": 1}
    assert derived("t", b"a: 2", lambda t: yaml.safe_load(t)) == {"a": 2}        # another digest
    for kept in tmp_path.glob("*.marshal"):
        kept.write_bytes(b"\x00broken")
    assert derived("t", b"a: 1", lambda t: yaml.safe_load(t)) == {"a": 1}
    assert derived("t", b"a: 1", lambda t: 1 / 0) == {"a": 1}                   # written again, read back


def test_nothing_written_without_byte_code_or_for_other_data(tmp_path, monkeypatch):
    monkeypatch.setattr(derived_module, "FOLDER", tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert derived("t", b"x", lambda t: [1]) == [1]
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    assert derived("u", b"x", lambda t: {object()}) and not list(tmp_path.glob("u.*"))   # not plain data
    assert not list(tmp_path.glob("t.*"))
