"""The JSON outputs of solve, explain, deps, facts and check on every bundled case are byte for byte
those of tests/data/json_outputs.sha256.json (issue 30: moving bridge/'s modules changes nothing).
The work is done by benchmarks/json_outputs.py (its docstring says how; ~4 minutes on 2 cores).
If an output changed on purpose, write the digest again:
    python benchmarks/json_outputs.py --write tests/data/json_outputs.sha256.json"""
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("json_outputs", ROOT / "benchmarks" / "json_outputs.py")
json_outputs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(json_outputs)


DIGEST = ROOT / "tests" / "data" / "json_outputs.sha256.json"
SHARDS = 6          # the cases in six parts, so that the test workers share them (~15 CPU-minutes in all)


def test_the_digest_holds_every_bundled_case_and_no_other():
    assert sorted(json.loads(DIGEST.read_text(encoding="utf-8"))) == json_outputs.case_files()


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_json_output_is_byte_identical(monkeypatch, shard):
    monkeypatch.chdir(ROOT)                                  # outputs() works in the repository
    # outputs() switches the local card store off through this variable: unset again after the test
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(ROOT / "no-card-store.sqlite"))
    differing = json_outputs.compare(DIGEST, cases=json_outputs.case_files()[shard::SHARDS])
    assert not differing, f"{len(differing)} (case, command) outputs differ:\n" + "\n".join(differing)
