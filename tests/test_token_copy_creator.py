"""707.9: a token copy has the exceptions of the ability that created it. A card with several abilities
that create token copies with different exceptions (Saheeli's Artistry: "Create a token that's a copy of
target artifact." / "... of target creature, except it's an artifact in addition to its other types.")
needs the case to say which one (`created_by_ability: N`): taking the first one found would silently give
the creature's token no artifact type."""
from bridge.interfaces.cli.main import main

CASE = """case: Saheeli's Artistry's second mode
source: "Saheeli's Artistry's Oracle text (card pool); CR 707.9"
stack:
  - {card: "Saheeli's Artistry", id: artistry}
battlefield:
  - card: Grizzly Bears
  - {token: true, copy_of: grizzly_bears, created_by: artistry, id: bear_token%s}
"""


def solve(tmp_path, capsys, extra: str):
    path = tmp_path / "case.yaml"
    path.write_text(CASE % extra, encoding="utf-8")
    code = main(["solve", str(path)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_several_creating_abilities_need_the_one_that_created_the_token(tmp_path, capsys):
    code, out = solve(tmp_path, capsys, "")
    assert code != 0 and "battlefield[1].created_by_ability" in out and "abilities 1, 2" in out


def test_the_second_mode_makes_an_artifact_the_first_does_not(tmp_path, capsys):
    code, out = solve(tmp_path, capsys, ", created_by_ability: 2")
    assert code == 0
    assert next(l for l in out.splitlines() if l.startswith("bear_token ")).count("Artifact Creature — Bear") == 1
    code, out = solve(tmp_path, capsys, ", created_by_ability: 1")
    row = next(l for l in out.splitlines() if l.startswith("bear_token "))
    assert code == 0 and "Artifact" not in row and "Creature — Bear" in row


def test_an_ability_that_creates_no_token_copy_is_refused(tmp_path, capsys):
    code, out = solve(tmp_path, capsys, ", created_by_ability: 3")
    assert code != 0 and "ability 3 of Saheeli's Artistry creates no token copy" in out
