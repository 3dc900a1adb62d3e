"""Dependency (613.8): the re-evaluation of 613.8c matters, explanations say why, graphs draw."""
import json

import bridge
from bridge.results import deps
from bridge.interfaces.cli.main import main

from conftest import CASES

DEP = CASES / "dependency"


def test_reevaluation_after_each_application_matters():
    """Ordering once at the start of layer 4 makes the Forest a Swamp; 613.8c does not."""
    path = DEP / "reevaluation_613_8c.yaml"
    assert bridge.solve(path).objects["forest"].subtypes == ("Forest",)
    frozen = bridge.solve(path, reevaluate=False)
    assert frozen.objects["forest"].subtypes == ("Forest", "Swamp")


def test_loop_member_waits_for_an_effect_outside_its_loop():
    """The reading implemented: 'this rule is ignored' only among the loop's effects (asp/613_8)."""
    result = bridge.solve(DEP / "loop_waits_for_outside.yaml")
    order = [step.applied[0].label.split(" (")[0] for step in result.trace.steps]
    assert order == ["Blackwash", "Greenwash", "Whitewash"]
    # Ignoring every dependency of loop members would have applied Whitewash (oldest) first and
    # left the Lions white.
    assert result.objects["savannah_lions"].colors == ("black",)


def test_explain_says_the_dependency_overrode_timestamps(capsys):
    assert main(["explain", str(DEP / "blood_moon_urborg_urborg_older.yaml")]) == 0
    out = capsys.readouterr().out
    assert "step 1: Blood Moon (blood_moon): Nonbasic lands are Mountains.  [static, timestamp 2]" in out
    assert ("applied before Urborg, Tomb of Yawgmoth (urborg_tomb_of_yawgmoth): Each land is a Swamp in addition to "
            "its other land types. [timestamp 1], which depends on it: it would remove the ability that generates "
            "that effect (existence) (613.8a-b: dependency overrides timestamp order)") in out
    assert "did not apply:" in out and ("its source urborg_tomb_of_yawgmoth lost the ability in layer 4 (step 1, by "
                                        "Blood Moon (blood_moon))") in out


def test_explain_one_object_json(capsys):
    assert main(["explain", "--format", "json", str(DEP / "conspiracy_animated_keyrune.yaml"), "azorius_keyrune"]) == 0
    data = json.loads(capsys.readouterr().out)
    subtypes = data["object"]["history"]["subtypes"]
    assert [entry["value"] for entry in subtypes] == [[], ["Bird"], ["Goblin"]]
    assert "Conspiracy" in subtypes[-1]["how"] and "613.1d" in subtypes[-1]["how"]


def test_explain_unknown_object_is_bad_input(capsys):
    assert main(["explain", str(DEP / "conspiracy_animated_keyrune.yaml"), "keyrune"]) == 2
    assert "no permanent with id 'keyrune'" in capsys.readouterr().err


def test_deps_marks_loops_in_every_format(capsys):
    path = str(DEP / "loop_color_swap.yaml")
    assert main(["deps", path]) == 0
    assert "[loop: timestamp order, 613.8b]" in capsys.readouterr().out
    assert main(["deps", "--format", "json", path]) == 0
    data = json.loads(capsys.readouterr().out)
    assert all(d["in_loop"] for d in data["steps"][0]["dependencies"])
    assert main(["deps", "--format", "dot", path]) == 0
    dot = capsys.readouterr().out
    assert dot.startswith("digraph dependencies {") and 'label="loop"' in dot


def test_deps_render_without_graphviz_says_so(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(deps.shutil, "which", lambda name: None)
    assert main(["deps", str(DEP / "loop_color_swap.yaml"), "--render", str(tmp_path / "g.svg")]) == 2
    assert "Graphviz is not installed" in capsys.readouterr().err


def test_deps_render_with_graphviz(tmp_path, capsys):
    import shutil
    import pytest
    if shutil.which("dot") is None:
        pytest.skip("Graphviz not installed")
    out = tmp_path / "g.svg"
    assert main(["deps", str(DEP / "loop_color_swap.yaml"), "--render", str(out)]) == 0
    assert out.read_text().lstrip().startswith("<?xml")


def test_a_timestamp_tie_is_reported_not_hidden():
    case = {
        "case": "tie", "source": "test",
        "battlefield": [
            {"card": {"name": "Blue Wash", "type_line": "Enchantment", "abilities": [
                {"text": "Creatures are blue.", "static": {"affects": {"all": ["creature"]}, "does": {"set_colors": ["blue"]}}}]},
             "timestamp": 1},
            {"card": {"name": "Red Wash", "type_line": "Enchantment", "abilities": [
                {"text": "Creatures are red.", "static": {"affects": {"all": ["creature"]}, "does": {"set_colors": ["red"]}}}]},
             "timestamp": 1},
            {"card": "Grizzly Bears", "timestamp": 2},
        ],
    }
    result = bridge.solve(case, file="tie.yaml")
    assert len(result.trace.ties) == 1
    assert "613.7k" in result.trace.ties[0] and "timestamp:" in result.trace.ties[0]


def test_control_of_the_source_is_a_dependency_in_layer_2(capsys):
    """613.8a, 109.5: Confiscate taking Mind Control changes whom Mind Control gives the bear to."""
    path = str(CASES / "peers" / "forge_control_layer_dependency.yaml")
    result = bridge.solve(path)
    assert [step.applied[0].label.split(" (")[0] for step in result.trace.steps] == ["Confiscate", "Mind Control"]
    assert result.objects["bear_cub"].controller == "Alice"
    assert main(["deps", path]) == 0
    out = capsys.readouterr().out
    assert "Mind Control (mind_control): You control enchanted creature.\n    depends on Confiscate" in out
    assert "it would change what that effect does to bear_cub (what it does)" in out
    assert "it would change who controls mind_control, the source of that effect" in out
