"""bridge/cards/kept_readings.py: a card kept by an earlier process is the card reading it gives; a changed
file of the package makes every reading again; a file of another name or a torn one is never used; nothing
is written when byte code is not."""
import os
import sys

import pytest

from bridge.cards import catalog, kept_readings
from bridge.cards.library import library


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """A fresh process's view: nothing read yet, the readings kept under tmp_path."""
    folder = tmp_path / "readings-0"
    monkeypatch.setattr(kept_readings, "folder", lambda: folder)
    monkeypatch.setattr(kept_readings, "READ", {})
    monkeypatch.setattr(kept_readings, "COUNT", [])
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(kept_readings, "can_keep", lambda: True)
    return folder


def new_process(monkeypatch):
    monkeypatch.setattr(kept_readings, "READ", {})
    catalog.pooled.cache_clear()


@pytest.mark.parametrize("name", ["Glorious Anthem", "Humility", "Opalescence", "Blood Moon", "Tarmogoyf"])
def test_a_kept_reading_is_the_reading(kept, monkeypatch, name):
    read = catalog.find_card(name)
    assert len(list(kept.glob("*.pickle"))) == 1
    new_process(monkeypatch)
    monkeypatch.setattr(catalog, "pooled", lambda proper: pytest.fail("read again"))
    monkeypatch.setattr(library(), "card", lambda proper: pytest.fail("read again"))
    again = catalog.find_card(name)
    assert again.card == read.card and again.card.abilities == read.card.abilities
    assert again.source == read.source and again.raw == read.raw


def test_another_name_in_the_same_file_or_a_torn_file_is_read_again(kept, monkeypatch):
    read = catalog.find_card("Grizzly Bears")
    (path,) = kept.glob("*.pickle")
    other = kept_readings.reading_path("pool", "Glorious Anthem")
    os.replace(path, other)                                   # as if two names shared a file name
    new_process(monkeypatch)
    assert catalog.find_card("Glorious Anthem").card.name == "Glorious Anthem"
    other.write_bytes(other.read_bytes()[:40])                # torn
    new_process(monkeypatch)
    assert catalog.find_card("Glorious Anthem").card.name == "Glorious Anthem"
    assert catalog.find_card("Grizzly Bears").card == read.card


def test_nothing_is_written_when_byte_code_is_not(kept, monkeypatch):
    monkeypatch.setattr(kept_readings, "can_keep", lambda: False)
    catalog.find_card("Grizzly Bears")
    assert not kept.exists()


def test_the_stamp_changes_with_any_file_of_the_package(tmp_path, monkeypatch):
    package = tmp_path / "bridge"
    (package / "cards" / "oracle").mkdir(parents=True)
    reader = package / "cards" / "oracle" / "statics.py"
    reader.write_text("A = 1\n")
    monkeypatch.setattr(kept_readings, "PACKAGE", package)
    first = kept_readings.stamp()
    assert kept_readings.stamp() == first
    reader.write_text("A = 22\n")                              # another size
    second = kept_readings.stamp()
    assert second != first
    os.utime(reader, ns=(1, 1))                               # another time
    assert kept_readings.stamp() != second


def test_a_new_stamp_drops_the_readings_of_the_others(tmp_path, monkeypatch):
    old = tmp_path / "readings-1"
    old.mkdir()
    (old / "pool-0-0.pickle").write_bytes(b"x")
    new = tmp_path / "readings-2"
    monkeypatch.setattr(kept_readings, "can_keep", lambda: True)
    monkeypatch.setattr(kept_readings, "COUNT", [])
    card = catalog.find_card("Grizzly Bears").card
    kept_readings.keep_reading(new / "pool-1-1.pickle", ("pool", "Grizzly Bears"), card)
    assert (new / "pool-1-1.pickle").is_file() and not old.exists()


def test_at_most_most_kept(kept, monkeypatch):
    monkeypatch.setattr(kept_readings, "MOST_KEPT", 1)
    catalog.find_card("Grizzly Bears")
    catalog.find_card("Glorious Anthem")
    assert len(list(kept.glob("*.pickle"))) == 1
