"""bridge/files/dataclass_code.py: the bridge's dataclasses behave the same whether their generated
methods were compiled now or read from the kept copy; only the bridge's classes are kept; the copy
is written only when byte code is, and one that is broken or from another Python is made again."""
import dataclasses
import marshal
import subprocess
import sys
import types

import pytest

from bridge.files import dataclass_code
from conftest import ROOT

CLASS = '''
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Card:
    name: str
    power: int = 0
    colors: tuple = ()
    notes: list = field(default_factory=list, compare=False)
'''


@pytest.fixture(autouse=True)
def restored_exec(monkeypatch):
    """Each test installs copies of its own; the process's own is put back after it."""
    monkeypatch.setattr(dataclasses, "exec", dataclasses.exec)


def made_in(module_name: str, monkeypatch) -> type:
    module = types.ModuleType(module_name)
    monkeypatch.setitem(sys.modules, module_name, module)
    exec(CLASS, module.__dict__)
    return module.Card


def behaviour(card_class) -> tuple:
    a, b = card_class("Bears", 2, ("green",)), card_class("Bears", 2, ("green",), notes=["x"])
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.power = 3
    return (repr(a), a == b, hash(a) == hash(b), card_class("Ogre") == card_class("Ogre", 0, ()),
            [f.name for f in dataclasses.fields(card_class)])


def test_a_kept_class_is_the_class_dataclasses_makes(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    plain = behaviour(made_in("elsewhere_plain", monkeypatch))
    first = dataclass_code.install(tmp_path / "code.marshal")
    assert behaviour(made_in("bridge.kept_first", monkeypatch)) == plain
    assert first.made                                              # compiled now
    first.write()
    second = dataclass_code.install(tmp_path / "code.marshal")
    assert behaviour(made_in("bridge.kept_second", monkeypatch)) == plain
    assert not second.made and second.used                         # read back, nothing compiled


def test_other_packages_classes_are_not_kept(tmp_path, monkeypatch):
    copy = dataclass_code.install(tmp_path / "code.marshal")
    made_in("somebody_else", monkeypatch)
    assert not copy.made and not copy.used


def test_nothing_written_without_byte_code_and_a_bad_copy_is_made_again(tmp_path, monkeypatch):
    path = tmp_path / "kept" / "code.marshal"
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    copy = dataclass_code.install(path)
    made_in("bridge.not_written", monkeypatch)
    copy.write()
    assert copy.made and not path.exists()
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    for bad in (b"\x00broken", marshal.dumps(((0, "another Python", 0), {}))):
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(bad)
        copy = dataclass_code.install(path)
        made_in("bridge.made_again", monkeypatch)
        assert copy.made
        copy.write()
        assert dataclass_code.read(path).keys() == copy.made.keys()


def test_the_bridge_imports_its_classes_through_the_copy():
    code = ("import dataclasses, bridge.results.result; from bridge.files import dataclass_code; "
            "assert dataclasses.exec.__self__.used, 'no class went through the copy'")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
