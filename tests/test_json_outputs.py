"""The JSON outputs of solve, explain, deps, facts and check on every bundled case are byte for byte
those of tests/data/json_outputs.sha256.json (issue 30: moving bridge/'s modules changes nothing).
The work is done by benchmarks/json_outputs.py (its docstring says how; ~4 minutes on 2 cores).
If an output changed on purpose, write the digest again:
    python benchmarks/json_outputs.py --write tests/data/json_outputs.sha256.json"""
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("json_outputs", ROOT / "benchmarks" / "json_outputs.py")
json_outputs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(json_outputs)


def test_every_json_output_is_byte_identical(monkeypatch):
    monkeypatch.chdir(ROOT)                                  # outputs() works in the repository
    # outputs() switches the local card store off through this variable: unset again after the test
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(ROOT / "no-card-store.sqlite"))
    differing = json_outputs.compare(ROOT / "tests" / "data" / "json_outputs.sha256.json")
    assert not differing, f"{len(differing)} (case, command) outputs differ:\n" + "\n".join(differing)
