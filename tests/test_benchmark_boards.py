"""benchmarks/generate.py's boards: valid cases, the same board for the same seed, and the layered
mix (issue 21) really puts effects in one layer that read what that layer writes."""
import hashlib
import json
import sys
from collections import Counter

from bridge.reading.case import load_case
from bridge.solving.solver import solve_case

from conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import make_board, named_board  # noqa: E402
import run  # noqa: E402

LAYER_OF = {"add_types": 4, "set_colors": 5, "lose_all_abilities": 6, "add_abilities": 6, "modify_pt": 7}


def static_abilities(board):
    return [e["card"]["abilities"][0]["static"] for e in board["battlefield"] if e["id"].startswith("enchantment_")]


def operation(static):
    does = static["does"]
    return does if isinstance(does, str) else next(iter(does))


def test_same_seed_same_board_other_seed_other_board():
    assert make_board(120, 30, 7, "layered") == make_board(120, 30, 7, "layered")
    assert make_board(120, 30, 7, "layered") != make_board(120, 30, 8, "layered")
    assert named_board("layered:120/30", 7) == make_board(120, 30, 7, "layered")
    assert named_board("120/30", 7, "layered") == make_board(120, 30, 7, "layered")


def test_the_other_mixes_are_unchanged_by_the_layered_one():
    # the realistic and dependencies mixes give the boards they gave before the layered mix was
    # added (the README's benchmark figures are on them): a digest taken with that code
    boards = [make_board(40, 8, 1), make_board(400, 80, 1), make_board(24, 12, 5, "dependencies"),
              named_board("lords10"), make_board(14, 6, 3)]
    digest = hashlib.sha256(json.dumps(boards, sort_keys=True).encode()).hexdigest()
    assert digest == "24e1127437c3eb2314d6c8c7111bfa67aabb1f642f7764b87b1c5a6a1f7cb0d4"


def test_layered_mix_reads_what_each_layer_writes():
    statics = static_abilities(make_board(400, 80, 1, "layered"))
    per_layer = Counter(LAYER_OF[operation(s)] for s in statics)
    assert per_layer[4] >= 15 and per_layer[5] >= 8 and per_layer[6] >= 15
    # layer 4: "artifacts are also creatures": the selector reads a card type, the effect adds another
    for s in statics:
        if operation(s) == "add_types":
            read, (written,) = s["affects"]["all"], s["does"]["add_types"]
            assert len(read) == 1 and read[0] in ("artifact", "creature", "land", "enchantment")
            assert read[0] != written.lower()
    # layer 5: color setters read colors
    setters = [s for s in statics if operation(s) == "set_colors"]
    assert all(s["affects"]["all"][1] not in [c.lower() for c in s["does"]["set_colors"]] for s in setters)
    # layer 6: "lose all abilities" over objects that have granted and printed abilities
    assert any(operation(s) == "lose_all_abilities" for s in statics)
    permanents = {e["card"]["type_line"].split(" —")[0] for e in make_board(400, 80, 1, "layered")["battlefield"]}
    assert permanents == {"Enchantment", "Creature", "Artifact", "Artifact Creature", "Land"}


def test_layered_board_is_a_valid_case_and_solves_with_dependencies():
    case = load_case(make_board(60, 20, 3, "layered"), file="generated-layered")
    solution = solve_case(case)
    assert not solution.undecided()
    depends = solution.atoms("depends", 3)
    assert len(depends) >= 5


def test_run_measures_a_named_mix():
    figures = run.measure("layered:40/8", runs=1, seed=1)
    assert figures["size"] == "layered:40/8" and figures["steps"] >= 5 and figures["ground_atoms"] > 0
