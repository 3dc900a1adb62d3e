"""What a new user meets first: the README's quick start, the examples that --help and the README
print, --version, standard input, a closed pipe, and one JSON shape for `solve`."""
import io
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from bridge.interfaces.cli.main import EPILOG, build_parser, main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
OGRE = ROOT / "cases" / "cr613" / "gray_ogre.yaml"
PLACEHOLDER = re.compile(r"\b[A-Z]{2,}\b|\.\.\.")      # CASE, PATH, OBJECT ... in a synopsis


def quick_start() -> list[str]:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, flags=re.S)


def test_quick_start_is_two_commands_in_a_virtual_environment():
    commands = quick_start()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    for command in commands:
        # PEP 668: a system Python may refuse installs, so both create and use .venv themselves.
        assert command.startswith("python3 -m venv .venv && .venv/bin/pip install -e ")
        assert " pip install" not in command.replace(".venv/bin/pip install", "")
    assert commands[0].endswith("&& .venv/bin/mtg-layers check cases/")
    assert "'.[test]'" in commands[1] and commands[1].endswith("&& .venv/bin/python -m pytest")


def test_ci_runs_the_readmes_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert quick_start()[1] in ci


def example_commands() -> list[str]:
    """Every mtg-layers command line the README and --help print (without placeholders)."""
    found = [line.strip() for line in EPILOG.split("examples:", 1)[1].splitlines() if line.strip()]
    found += re.findall(r"^\$ (mtg-layers .*)$", README, flags=re.M)
    found += re.findall(r"`(?:\.venv/bin/)?(mtg-layers [^`]*)`", README)
    return list(dict.fromkeys(found))


def test_there_are_examples_to_run():
    commands = example_commands()
    assert len(commands) >= 10
    assert "mtg-layers check cases/" in commands


def synopsis(command: str) -> bool:
    """`mtg-layers solve CASE...` or a bare `mtg-layers solve` in a sentence: a command's name only."""
    words = command.split()
    return bool(PLACEHOLDER.search(command)) or (len(words) == 2 and words[1] not in ("--help", "--version", "help"))


def serves(command: str) -> bool:
    """`mtg-layers serve ...` runs until stopped: started, asked for its address, then stopped."""
    return command.split()[:2] == ["mtg-layers", "serve"] and "--help" not in command


@pytest.mark.parametrize("command", [c for c in example_commands() if not synopsis(c) and not serves(c)])
def test_every_example_command_runs(command):
    """Run as the shell would (some read standard input or pipe into head); exit 0 as documented."""
    runnable = command.replace("mtg-layers", f"{shlex.quote(sys.executable)} -m bridge", 1)
    done = subprocess.run(runnable, shell=True, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, (command, done.stderr[-2000:])
    assert "Traceback" not in done.stderr and "error" not in done.stderr.lower()


@pytest.mark.parametrize("command", [c for c in example_commands() if serves(c)])
def test_every_serve_example_starts_and_prints_its_address(command):
    """Placeholders become a loopback address and a free port (--port 0 when none is given)."""
    words = ["127.0.0.1" if w == "HOST" else "0" if w == "PORT" else w for w in shlex.split(command)[1:]]
    if "--port" not in words:
        words += ["--port", "0"]
    process = subprocess.Popen([sys.executable, "-m", "bridge.interfaces.cli.main", *words], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()          # the server prints its address first, or exits
    finally:
        process.kill()
        process.wait(timeout=60)
    assert re.search(r"is at http://127\.0\.0\.1:\d+/", line), (command, line, process.stderr.read()[-2000:])


@pytest.mark.parametrize("command", [c for c in example_commands() if synopsis(c)])
def test_every_synopsis_names_a_command_that_exists(command):
    words = command.split()
    assert words[1] in build_parser().commands or words[1] == "help", command


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert re.fullmatch(r"mtg-layers \d+\.\d+\.\d+\n", capsys.readouterr().out)


def test_a_case_from_standard_input(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(OGRE.read_bytes())))
    assert main(["solve", "--format", "json", "-"]) == 0
    (result,) = json.loads(capsys.readouterr().out)
    assert result["file"] == "<stdin>"
    assert {o["id"]: o["pt"] for o in result["objects"]}["gray_ogre"] == "5/8"


def test_bad_input_on_standard_input_is_named(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"case: t\nbattlefield: [{card: Grizly Bears}]\n")))
    assert main(["check", "-"]) == 2
    assert "<stdin>:2" in capsys.readouterr().err


def test_standard_input_over_the_size_limit(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"case: t\n" + b"#" * 200)))
    assert main(["solve", "--max-file-size", "100", "-"]) == 2
    captured = capsys.readouterr()
    assert "--max-file-size" in captured.err and captured.out == ""


def test_a_closed_pipe_stops_quietly():
    """`mtg-layers solve ... | head`: the reader is gone before we write; no message, exit 141."""
    process = subprocess.Popen([sys.executable, "-m", "bridge.interfaces.cli.main", "solve", str(OGRE)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()
    err = process.stderr.read().decode()
    assert process.wait(timeout=120) == 141
    assert err == ""


def test_solve_json_is_a_list_for_one_file_and_for_several(capsys):
    assert main(["solve", "--format", "json", str(OGRE)]) == 0
    one = json.loads(capsys.readouterr().out)
    assert isinstance(one, list) and len(one) == 1 and one[0]["file"] == str(OGRE)
    assert main(["solve", "--format", "json", str(OGRE), str(OGRE)]) == 0
    assert [r["file"] for r in json.loads(capsys.readouterr().out)] == [str(OGRE)] * 2


def test_an_error_prints_nothing_on_stdout(tmp_path, capsys):
    for argv in (["solve", "--format", "json", str(tmp_path / "nope.yaml")], ["solve", str(tmp_path / "nope.yaml")],
                 ["solve", "--format", "json", str(tmp_path)]):
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.startswith("error:")


def test_one_bad_file_among_good_ones(tmp_path, capsys):
    assert main(["solve", "--format", "json", str(OGRE), str(tmp_path / "nope.yaml")]) == 2
    captured = capsys.readouterr()
    assert [r["file"] for r in json.loads(captured.out)] == [str(OGRE)]
    assert "nope.yaml" in captured.err


def test_license_is_mit():
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert re.search(r'^license = "MIT"$', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), flags=re.M)


def test_help_vocabulary_prints_the_installed_docs(capsys):
    assert main(["help", "vocabulary"]) == 0
    assert capsys.readouterr().out.rstrip("\n") == (ROOT / "docs" / "case-format.md").read_text(encoding="utf-8").rstrip("\n")
    assert main(["help", "contract"]) == 0
    assert "the contract (version 1)" in capsys.readouterr().out
    assert main(["help"]) == 0
    assert "vocabulary" in capsys.readouterr().out
    assert main(["help", "solve"]) == 0
    assert "usage: mtg-layers solve" in capsys.readouterr().out


def test_help_on_an_unknown_topic(capsys):
    assert main(["help", "vocabluary"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "did you mean 'vocabulary'" in captured.err


def test_docs_are_self_contained_and_installed():
    """The docs name no file outside the clone, and the package ships them (bridge.docs = docs/*.md)."""
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        for link in re.findall(r"\]\(([^)#]+)", text):
            if not link.startswith("http"):
                assert (page.parent / link).exists(), (page.name, link)
        assert "shared/" not in text, page.name          # no file outside the clone
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"bridge.docs" = "docs"' in pyproject and '"bridge.docs" = ["*.md"]' in pyproject


def test_compare_takes_folders_and_always_prints_a_list(capsys):
    split = ROOT / "cases" / "split"
    assert main(["compare", "--format", "json", str(split), str(OGRE), "--rules", "pre-m10,current"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["file"] for d in data] == [str(p) for p in sorted(split.glob("*.yaml"))] + [str(OGRE)]
    void = next(d for d in data if d["file"].endswith("s002_505_6_void_assault_battery.yaml"))
    assert void["answers"][0]["answers"] == {"pre-m10": "yes", "current": "no"}
    assert main(["compare", str(split), "--rules", "pre-m10,current"]) == 0
    assert capsys.readouterr().out.count("compared: pre-m10, current") == len(data) - 1


def test_compare_reports_a_broken_file_and_goes_on(tmp_path, capsys):
    (tmp_path / "a_broken.yaml").write_text("case: t\nbattlefield: [{card: Grizly Bears}]\n", encoding="utf-8")
    (tmp_path / "b_ogre.yaml").write_text(OGRE.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["compare", "--format", "json", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert [d["file"] for d in json.loads(captured.out)] == [str(tmp_path / "b_ogre.yaml")]
    assert "a_broken.yaml" in captured.err and "unknown card" in captured.err


def test_no_reevaluate_on_the_command_line(capsys):
    """The API's reevaluate=False (tests/test_dependency.py): the Forest becomes a Swamp, and the
    command says that 613.8c was ignored."""
    case = str(ROOT / "cases" / "dependency" / "reevaluation_613_8c.yaml")
    subtypes = {}
    for flags in ([], ["--no-reevaluate"]):
        assert main(["solve", "--format", "json", *flags, case]) == 0
        captured = capsys.readouterr()
        (result,) = json.loads(captured.out)
        subtypes[bool(flags)] = next(o["subtypes"] for o in result["objects"] if o["id"] == "forest")
        assert ("613.8c" in captured.err) == bool(flags)
    assert subtypes == {False: ["Forest"], True: ["Forest", "Swamp"]}
    assert main(["check", "--no-reevaluate", case]) == 1      # its expect: is the rules' answer
    assert "forest.subtypes" in capsys.readouterr().out


def test_colors_are_lowercase_in_the_api_and_in_json(capsys):
    import bridge
    assert bridge.solve(OGRE).objects["gray_ogre"].colors == ("red",)
    assert main(["solve", "--format", "json", str(OGRE)]) == 0
    (result,) = json.loads(capsys.readouterr().out)
    assert {o["id"]: o["colors"] for o in result["objects"]}["gray_ogre"] == ["red"]


def test_keywords_keep_mana_symbols_uppercase(write_case):
    import bridge
    path = write_case("case: t\nsource: test\nbattlefield:\n"
                      "  - card: {name: Ainok, type_line: Creature — Dog, pt: 2/2, abilities: [\"Megamorph {6}{b}\"]}\n"
                      "  - card: Grinning Demon\n  - card: Grinning Demon\n"
                      "effects: [{affects: [grinning_demon_2], does: {lose_abilities: [\"morph {2}{b}{b}\"]}}]\n")
    result = bridge.solve(path)
    assert result.objects["ainok"].abilities == ("megamorph {6}{B}",)
    assert "morph {2}{B}{B}" in result.objects["grinning_demon"].abilities
    assert "morph {2}{B}{B}" not in result.objects["grinning_demon_2"].abilities    # written in any case


def test_an_ability_without_text_as_in_the_contract(tmp_path):
    """docs/contract.md's Honor of the Pure: `text:` on the card, one structured ability without one."""
    import bridge
    (tmp_path / "honor.yaml").write_text(
        "case: t\nsource: test\nbattlefield:\n"
        "  - card:\n      name: Honor of the Pure\n      mana_cost: \"{1}{W}\"\n      type_line: Enchantment\n"
        "      text: White creatures you control get +1/+1.\n      abilities:\n        - static:\n"
        "            affects: {all: [creature, white], controller: you}\n            does: {modify_pt: +1/+1}\n"
        "  - card: {name: Two Anthems, mana_cost: \"{2}\", type_line: Artifact, text: Two lines., abilities: [\n"
        "      {static: {affects: {all: [creature]}, does: {modify_pt: +1/+0}}},\n"
        "      {static: {affects: {all: [creature]}, does: {modify_pt: +0/+1}}}]}\n"
        "  - card: {name: Savannah Lions, mana_cost: \"{W}\", type_line: Creature — Cat, pt: 2/1}\n"
        "effects: [{affects: [savannah_lions], does: {add_abilities: [{static: {affects: self, does: switch_pt}}]}}]\n",
        encoding="utf-8")
    objects = bridge.solve(tmp_path / "honor.yaml").objects
    assert objects["honor_of_the_pure"].abilities == ("White creatures you control get +1/+1.",)
    assert objects["two_anthems"].abilities == ("static: {affects: {all: [creature]}, does: {modify_pt: +1/+0}}",
                                                "static: {affects: {all: [creature]}, does: {modify_pt: +0/+1}}")
    assert objects["savannah_lions"].abilities == ("static: {affects: self, does: switch_pt}",)
    assert objects["savannah_lions"].pt == "3/4"      # 2/1 +1/+1 +1/+0 +0/+1 = 4/3, then switched (7d)


def test_an_empty_ability_is_refused(refused):
    message = refused("case: t\nbattlefield: [{card: {name: X, type_line: Creature, pt: 1/1, abilities: [{}]}}]\n")
    assert "battlefield[0].card.abilities[0]: an empty ability" in message
