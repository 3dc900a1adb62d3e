"""Every command's `--format json` output validates against its schema in bridge/results/schemas, on one
case of each folder of cases/ (events, stack, split cards, players, copies, dependency loops ...)."""
import json

import pytest
from jsonschema import Draft202012Validator

from bridge.interfaces.cli.main import main
from bridge.interfaces.query import example_path
from bridge.results.schemas import FORMAT_VERSION, SCHEMAS, schema

from conftest import CASES

SAMPLE = sorted(str(sorted(folder.glob("*.yaml"))[0]) for folder in CASES.iterdir() if folder.is_dir()) \
    + [str(CASES / "dependency" / "loop_color_swap.yaml"), str(CASES / "dependency" / "blood_moon_urborg_urborg_older.yaml")]


def validate(command: str, data) -> None:
    validator = Draft202012Validator(schema(command))
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.path))
    assert not errors, f"{command}: {errors[0].message} at {list(errors[0].path)}"


def test_the_schemas_are_valid_schemas():
    for command in SCHEMAS:
        Draft202012Validator.check_schema(schema(command))


@pytest.mark.parametrize("command", ["solve", "check", "compare"])
def test_several_file_commands(command, capsys):
    main([command, "--format", "json", *SAMPLE])
    data = json.loads(capsys.readouterr().out)
    assert len(data) == len(SAMPLE) and all(entry["format_version"] == FORMAT_VERSION for entry in data)
    validate(command, data)


@pytest.mark.parametrize("command", ["explain", "deps", "facts"])
def test_one_file_commands(command, capsys):
    for case in SAMPLE:
        assert main([command, "--format", "json", case]) == 0
        validate(command, json.loads(capsys.readouterr().out))


def test_query_lines(capsys):
    assert main(["query", "--program", str(example_path("loops")), "--format", "json", *SAMPLE]) == 0
    for line in capsys.readouterr().out.splitlines():
        validate("query", json.loads(line))


def test_a_schema_catches_a_wrong_shape():
    with pytest.raises(AssertionError):
        validate("deps", {"format_version": FORMAT_VERSION, "case": "x", "file": "x", "rules": "current",
                          "steps": [{"step": "one"}]})
