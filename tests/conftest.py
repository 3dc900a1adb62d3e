from pathlib import Path

import pytest


def pytest_addoption(parser):
    parser.addoption("--fuzz-long", action="store_true", default=False,
                     help="run the fuzz tests with 20 times more inputs")

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"


@pytest.fixture
def write_case(tmp_path):
    """Write a case file from text and return its path."""
    def write(text: str, name: str = "case.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return write


@pytest.fixture
def refused(write_case, capsys):
    """Check a case written from text: it must be refused as bad input (exit 2) with one message that
    names the file, never a traceback. Returns the message."""
    from bridge.interfaces.cli.main import main

    def check(text: str, name: str = "case.yaml") -> str:
        path = write_case(text, name)
        assert main(["check", str(path)]) == 2
        err = capsys.readouterr().err
        assert str(path) in err
        assert "Traceback" not in err
        return err
    return check
