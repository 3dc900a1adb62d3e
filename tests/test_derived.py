"""bridge/files/derived.py: the kept copies of the card library and the word lists give exactly what
reading the files gives, are made again when the file changed or the copy is unreadable, and are
not written when byte code is not."""
import os
import sys

import yaml

from bridge.files import derived as derived_module
from bridge.files.derived import derived
from bridge.cards.library import CARDS_FOLDER, LIBRARY_FILES
from bridge.vocabulary.words import read_word_lists, rules_words
from bridge.solving.solver import asp_files


def test_kept_copies_equal_what_the_files_give(tmp_path, monkeypatch):
    monkeypatch.setattr(derived_module, "FOLDER", tmp_path)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    for name in LIBRARY_FILES:
        source = CARDS_FOLDER / name
        direct = yaml.safe_load(source.read_text(encoding="utf-8"))
        made = derived(f"cards-{name}", source, lambda t: yaml.load(t.decode("utf-8"), Loader=yaml.CSafeLoader))
        assert made == direct
        assert derived(f"cards-{name}", source, lambda t: 1 / 0) == direct          # read back, not made
    words = next(p for p in asp_files() if p.name == "word_lists.lp")
    assert derived("word-lists", words, read_word_lists) == read_word_lists(words.read_bytes())
    assert len(list(tmp_path.glob("*.marshal"))) == len(LIBRARY_FILES) + 1
    lists = rules_words()
    assert lists.subtypes["Elf"] == "creature" and "blue" in lists.of("color")


def test_a_changed_file_or_a_broken_copy_is_read_again(tmp_path, monkeypatch):
    monkeypatch.setattr(derived_module, "FOLDER", tmp_path / "kept")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    source = tmp_path / "t.yaml"
    source.write_text("a: 1")
    assert derived("t", source, yaml.safe_load) == {"a": 1}
    source.write_text("a: 22")
    assert derived("t", source, yaml.safe_load) == {"a": 22}                       # another size
    os.utime(source, ns=(1, 1))
    assert derived("t", source, lambda t: "made again") == "made again"             # another time
    (tmp_path / "kept" / "t.marshal").write_bytes(b"\x00broken")
    assert derived("t", source, yaml.safe_load) == {"a": 22}
    assert derived("t", source, lambda t: 1 / 0) == {"a": 22}                      # written again, read back


def test_nothing_written_without_byte_code_or_for_other_data(tmp_path, monkeypatch):
    monkeypatch.setattr(derived_module, "FOLDER", tmp_path / "kept")
    source = tmp_path / "t.yaml"
    source.write_text("a: 1")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert derived("t", source, lambda t: [1]) == [1]
    assert not (tmp_path / "kept").exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    assert derived("u", source, lambda t: {object()})                              # not plain data
    assert not list((tmp_path / "kept").glob("*"))
