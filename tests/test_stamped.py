"""bridge/files/stamped.py, as the card readings (bridge/cards/kept_readings.py) and the rules that can fire
(bridge/solving/firing.py) use it: a value kept by an earlier process is the value worked out; a changed file
of the package makes every value again; a file of another key or a torn one is never used; nothing is
written when byte code is not."""
import os

import pytest

from bridge.cards import catalog, kept_readings
from bridge.cards.library import library
from bridge.files import stamped


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """A fresh process's view: nothing read yet, the readings kept under tmp_path."""
    folder = tmp_path / "readings-0"
    fresh = stamped.StampedFolder("readings", kept_readings.KEPT.dumps, kept_readings.KEPT.loads, 5)
    fresh.folder = folder
    monkeypatch.setattr(kept_readings, "KEPT", fresh)
    monkeypatch.setattr(kept_readings, "READ", {})
    monkeypatch.setattr(stamped, "can_keep", lambda: True)
    return folder


def new_process(monkeypatch):
    monkeypatch.setattr(kept_readings, "READ", {})
    catalog.pooled.cache_clear()


@pytest.mark.parametrize("name", ["Glorious Anthem", "Humility", "Opalescence", "Blood Moon", "Tarmogoyf"])
def test_a_kept_reading_is_the_reading(kept, monkeypatch, name):
    read = catalog.find_card(name)
    assert len(list(kept.glob("*-*"))) == 1
    new_process(monkeypatch)
    monkeypatch.setattr(catalog, "pooled", lambda proper: pytest.fail("read again"))
    monkeypatch.setattr(library(), "card", lambda proper: pytest.fail("read again"))
    again = catalog.find_card(name)
    assert again.card == read.card and again.card.abilities == read.card.abilities
    assert again.source == read.source and again.raw == read.raw


def test_another_name_in_the_same_file_or_a_torn_file_is_read_again(kept, monkeypatch):
    read = catalog.find_card("Grizzly Bears")
    (path,) = kept.glob("*-*")
    other = kept_readings.KEPT.path(b"pool:Glorious Anthem")
    os.replace(path, other)                                   # as if two names shared a file name
    new_process(monkeypatch)
    assert catalog.find_card("Glorious Anthem").card.name == "Glorious Anthem"
    other.write_bytes(other.read_bytes()[:40])                # torn
    new_process(monkeypatch)
    assert catalog.find_card("Glorious Anthem").card.name == "Glorious Anthem"
    assert catalog.find_card("Grizzly Bears").card == read.card


def test_nothing_is_written_when_byte_code_is_not(kept, monkeypatch):
    monkeypatch.setattr(stamped, "can_keep", lambda: False)
    catalog.find_card("Grizzly Bears")
    assert not kept.exists()


def test_the_stamp_changes_with_any_file_of_the_package(tmp_path, monkeypatch):
    package = tmp_path / "bridge"
    (package / "cards" / "oracle").mkdir(parents=True)
    reader = package / "cards" / "oracle" / "statics.py"
    reader.write_text("A = 1\n")
    os.utime(reader, ns=(5, 5))                               # before this process began
    monkeypatch.setattr(stamped, "PACKAGE", package)
    stamp = stamped.package_stamp.__wrapped__
    first = stamp()
    assert first is not None and stamp() == first
    reader.write_text("A = 22\n")                              # another size
    os.utime(reader, ns=(5, 5))
    second = stamp()
    assert second not in (first, None)
    os.utime(reader, ns=(6, 6))                               # another time
    assert stamp() not in (second, None)


def test_a_new_stamp_drops_the_readings_of_the_others(tmp_path, monkeypatch):
    old = tmp_path / "readings-1"
    old.mkdir()
    (old / "0-0").write_bytes(b"x")
    other_kind = tmp_path / "firing-1"
    other_kind.mkdir()
    monkeypatch.setattr(stamped, "FOLDER", tmp_path)
    monkeypatch.setattr(stamped, "can_keep", lambda: True)
    new = stamped.StampedFolder("readings", kept_readings.KEPT.dumps, kept_readings.KEPT.loads, 5)
    new.folder = tmp_path / "readings-2"
    card = catalog.find_card("Grizzly Bears").card
    new.keep(new.path(b"pool:Grizzly Bears"), ("pool", "Grizzly Bears"), card)
    assert new.load(new.path(b"pool:Grizzly Bears"), ("pool", "Grizzly Bears")) == card
    assert not old.exists() and other_kind.is_dir()


def test_at_most_most_kept(kept, monkeypatch):
    monkeypatch.setattr(kept_readings.KEPT, "most", 1)
    catalog.find_card("Grizzly Bears")
    catalog.find_card("Glorious Anthem")
    assert len(list(kept.glob("*-*"))) == 1


def test_a_full_folder_drops_its_older_half_and_keeps_the_new_value(kept, monkeypatch):
    """Full, the folder makes room rather than keep nothing more: before, a folder that a sweep of new
    boards had filled left every later board's rules to be worked out again in every process."""
    written = {}                                  # name -> the file its reading was kept in
    for age, name in enumerate(["Grizzly Bears", "Glorious Anthem", "Humility", "Opalescence", "Blood Moon",
                                "Tarmogoyf"], start=1):
        before = set(kept.glob("*-*"))
        catalog.find_card(name)
        (file,) = set(kept.glob("*-*")) - before
        os.utime(file, ns=(age * 10**9, age * 10**9))   # written in this order, a second apart
        written[name] = file.name
    # the fixture keeps at most 5: the sixth found the folder full, the three oldest went (5 - 5 // 2)
    left = {file.name for file in kept.glob("*-*")}
    assert left == {written[name] for name in ("Opalescence", "Blood Moon", "Tarmogoyf")}
    new_process(monkeypatch)
    catalog.find_card("Tarmogoyf")                # found kept: its file not written again (its time as set)
    assert {file.name for file in kept.glob("*-*")} == left
    assert (kept / written["Tarmogoyf"]).stat().st_mtime_ns == 6 * 10**9


@pytest.mark.parametrize("case", ["cr613/gray_ogre.yaml", "classics/humility_then_opalescence.yaml",
                                  "dependency/blood_moon_urborg_urborg_older.yaml"])
def test_kept_firing_is_what_the_fixpoint_gives(tmp_path, monkeypatch, case):
    from conftest import CASES

    from bridge.reading.case import load_case
    from bridge.solving import firing
    from bridge.solving.solver import board_facts
    index = firing.warm_up()
    shapes = firing.fact_shapes(board_facts(load_case(CASES / case)))
    fresh = stamped.StampedFolder("firing", firing.KEPT.dumps, firing.KEPT.loads, 5)
    fresh.folder = tmp_path / "firing-0"
    monkeypatch.setattr(firing, "KEPT", fresh)
    monkeypatch.setattr(stamped, "can_keep", lambda: True)
    monkeypatch.setattr(index, "_firing", {})
    worked_out = index.firing(shapes)
    assert worked_out == index.worked_out(frozenset(next(iter(index._firing))))
    assert len(list(fresh.folder.iterdir())) == 1
    monkeypatch.setattr(index, "_firing", {})                 # a later process
    real = index.worked_out
    monkeypatch.setattr(index, "worked_out", lambda seen: pytest.fail("worked out again"))
    assert index.firing(shapes) == worked_out
    monkeypatch.setattr(index, "_firing", {})                 # other statements analysed: not the kept one
    monkeypatch.setitem(index.__dict__, "identity", index.identity + 1)
    monkeypatch.setattr(index, "worked_out", real)
    assert index.firing(shapes) == worked_out and len(list(fresh.folder.iterdir())) == 2


def test_a_file_changed_after_the_process_began_keeps_nothing(tmp_path, monkeypatch):
    """The code this process runs may be older than the file: its stamp would describe other code."""
    package = tmp_path / "bridge"
    package.mkdir()
    reader = package / "statics.py"
    reader.write_text("A = 1\n")
    monkeypatch.setattr(stamped, "PACKAGE", package)
    os.utime(reader, ns=(1, 1))
    assert stamped.package_stamp.__wrapped__() is not None
    os.utime(reader, ns=(stamped.LOADED_AT_NS + 1, stamped.LOADED_AT_NS + 1))
    assert stamped.package_stamp.__wrapped__() is None


def test_a_later_process_finds_what_an_earlier_one_kept(tmp_path):
    """The file a key is kept in is named the same in every process (marshal's bytes are not)."""
    import subprocess
    import sys

    from conftest import CASES, ROOT
    script = f"""
import sys
from bridge.files import stamped
from bridge.cards import kept_readings
from bridge.reading.case import load_case
from bridge.solving import firing
from bridge.solving.solver import board_facts
stamped.can_keep = lambda: True
for kept, kind in ((firing.KEPT, "firing"), (kept_readings.KEPT, "readings")):
    kept.folder = stamped.Path({str(tmp_path)!r}) / kind
index = firing.warm_up()
worked = []
real = index.worked_out
index.worked_out = lambda seen: worked.append(1) or real(seen)
index.firing(firing.fact_shapes(board_facts(load_case({str(CASES / "classics" / "humility_then_opalescence.yaml")!r}))))
print(len(worked), len(kept_readings.READ))
"""
    runs = [subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout.split() for seed in ("1", "2")]
    assert runs[0][0] == "1" and runs[1][0] == "0"
    assert len(list((tmp_path / "readings").iterdir())) == int(runs[0][1]) > 0
