"""Never silent (issue 32): a layer ability the reader leaves as text is marked at every value it may
change — in the table, in `check` (and `--strict` fails on it, never on a mana ability kept as text),
in JSON, in `explain` — with the line that was not applied."""
import json

import pytest

from bridge.cards.oracle.reach import unread_reach
from bridge.interfaces.cli.main import main


@pytest.mark.parametrize("line,changes,of", [
    ("Creatures you control get +1/+1.", ["pt"], "any"),                       # no 'types' from the subject
    ("~'s power is equal to the number of cards in your hand.", ["pt"], "this"),  # a CDA (604.3)
    ("Enchanted creature is black.", ["colors"], "attached"),
    ("You control enchanted creature.", ["control"], "attached"),                # 613.2
    ("Nonbasic lands are Mountains.", ["types"], "any"),
    ("Creatures you control enter as a copy of ~.", ["copy"], "any"),            # 707.2
    ('Other Elves you control have "{T}: Add {G}."', ["abilities"], "any"),
    ("As long as you control a Wolf, ~ gets +2/+2 and is a Zombie.", ["types", "pt"], "this"),
    # what a count counts is not what changes (Ancestral Mask) ...
    ("Enchanted creature gets +2/+2 for each other enchantment on the battlefield.", ["pt"], "attached"),
    ("~ gets +X/+0, where X is the greatest power among creature cards in your graveyard.", ["pt"], "this"),
    # ... but what follows the count still is
    ("~ gets +1/+1 for each Forest you control and is a Treefolk.", ["types", "pt"], "this"),
    # Volrath's Shapeshifter (issue 33): "the full text" is its name, mana cost, color, types, abilities, P/T
    ("As long as the top card of your graveyard is a creature card, ~ has the full text of that card.",
     ["text", "types", "colors", "abilities", "pt"], "this")])
def test_what_an_unread_line_may_change(line, changes, of):
    assert unread_reach(line) == {"changes": changes, "of": of}


def write(tmp_path, battlefield, expect):
    path = tmp_path / "case.yaml"
    path.write_text("case: unread\nsource: the cards' Oracle text (card pool)\nbattlefield:\n"
                    + "".join(f"  - card: {name}\n" for name in battlefield)
                    + "expect:\n" + "".join(f"  {k}: {{pt: {v}}}\n" for k, v in expect.items()), encoding="utf-8")
    return str(path)


def test_an_unread_line_marks_its_own_pt_and_strict_fails(tmp_path, capsys):
    """Rampant Frogantua: 'This creature gets +10/+10 for each player who has lost the game.' The reader has no
    count of players who have lost the game, so the line stays text: its 3/3 is printed marked, and check names
    the value in doubt. (Mogg Squad's '-1/-1 for each other creature' was the example until the reader learnt
    negative counts; Vile Manifestation's "each card with cycling in your graveyard" until it learnt cards with a
    keyword.)"""
    path = write(tmp_path, ["Rampant Frogantua", "Llanowar Elves"], {"rampant_frogantua": "3/3"})
    assert main(["solve", path]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("rampant_frogantua "))
    assert "3/3 ?" in row and "Rampant Frogantua ?" not in row
    elves = next(line for line in out.splitlines() if line.startswith("llanowar_elves "))
    assert "?" not in elves                             # its mana ability is text, but no layer effect
    assert ('"This creature gets +10/+10 for each player who has lost the game." may change the power and '
            "toughness of rampant_frogantua") in out
    assert main(["check", path]) == 0
    assert "expected values these abilities may change: rampant_frogantua.pt" in capsys.readouterr().out
    assert main(["check", "--strict", path]) == 1
    capsys.readouterr()
    assert main(["check", "--format", "json", path]) == 0
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["unread_layer_abilities"] == 1 and entry["expected_values_in_doubt"] == [
        "rampant_frogantua.pt (from rampant_frogantua)"]


def test_strict_never_fails_on_a_mana_ability_kept_as_text(tmp_path):
    path = write(tmp_path, ["Llanowar Elves"], {"llanowar_elves": "1/1"})
    assert main(["check", "--strict", path]) == 0


def test_an_unread_static_of_others_marks_every_permanent_in_json_and_explain(tmp_path, capsys):
    """The Inspector Inspector: 'Other creatures you control enter the battlefield as a copy of Thraben Inspector.'
    (kept as text): every copiable value of every permanent may be other than shown. (Essence of the Wild's "...
    as a copy of this creature", the example before, is read since branch j32l.)"""
    path = write(tmp_path, ["The Inspector Inspector", "Grizzly Bears"], {"grizzly_bears": "2/2"})
    assert main(["solve", "--format", "json", path]) == 0
    (result,) = json.loads(capsys.readouterr().out)
    bears = next(o for o in result["objects"] if o["id"] == "grizzly_bears")
    assert bears["unsure"] == {"copy": [{"source": "the_inspector_inspector", "ability": (
        "Other creatures you control enter the battlefield as a copy of Thraben Inspector. (They're 1/2s with "
        "\"When this creature enters the battlefield, investigate\".)")}]}
    assert main(["explain", path]) == 0
    assert "may change the copiable values of the_inspector_inspector, grizzly_bears" in capsys.readouterr().out


def test_unread_is_refused_on_an_ability_that_does_something(tmp_path, capsys):
    path = tmp_path / "case.yaml"
    path.write_text("case: x\nsource: x\nbattlefield:\n  - card: Grizzly Bears\n    abilities:\n"
                    "      - {text: t, static: {affects: self, does: {modify_pt: +1/+1}}, unread: {changes: [pt]}}\n",
                    encoding="utf-8")
    assert main(["solve", str(path)]) == 2
    assert "unread" in capsys.readouterr().err


def test_state_based_actions_that_read_a_value_in_doubt_say_so(tmp_path, capsys):
    """Maro's P/T counts the cards in its controller's hand; with no `hands:` that count is unknown (402.1),
    so its 0/0 is marked. 704.5f then puts it into the graveyard on that 0/0: the round says the value it
    read may be wrong, the JSON names it, and `check` counts an `expect_after_sba` among the values in doubt
    (--strict fails)."""
    path = tmp_path / "maro.yaml"
    path.write_text("case: Maro with no hand given\nsource: Maro's Oracle text (card pool); CR 402.1, 704.5f\n"
                    "battlefield:\n  - card: Maro\n  - card: Grizzly Bears\n"
                    "expect_after_sba:\n  rounds: [{maro: graveyard}]\n", encoding="utf-8")
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "? maro: the power and toughness may be wrong (marked ?), and these checks read it" in out
    assert "? grizzly_bears" not in out
    assert main(["solve", "--format", "json", str(path)]) == 0
    (first, *_) = json.loads(capsys.readouterr().out)[0]["state_based_actions"]["rounds"]
    assert [d["object"] for d in first["in_doubt"]] == ["maro"] and first["in_doubt"][0]["characteristics"] == ["pt"]
    assert main(["check", str(path)]) == 0
    assert "expect_after_sba (the checks read values in doubt of maro)" in capsys.readouterr().out
    assert main(["check", "--strict", str(path)]) == 1


@pytest.mark.parametrize("graveyards, marked", [
    ("", ["Alice", "Bob"]),                                   # none given: both counted as none, and said
    ("graveyards: {Alice: [Grizzly Bears]}\n", ["Bob"]),      # Bob's not given
    ("graveyards: {Alice: [Grizzly Bears], Bob: []}\n", []),  # both given (Bob's empty)
])
def test_a_graveyard_the_case_does_not_give_is_said(tmp_path, capsys, graveyards, marked):
    """Tarmogoyf counts the card types in all graveyards (404.1: a count of what happened in the game). A
    graveyard the case doesn't give is counted as none, and each value the count may change is marked, as for
    a hand (402.1): with no `graveyards:`, a judge's lone Tarmogoyf was a silent 0/1."""
    path = tmp_path / "goyf.yaml"
    path.write_text("case: Tarmogoyf\nsource: Tarmogoyf's Oracle text (card pool); CR 404.1\n" + graveyards +
                    "battlefield:\n  - card: Tarmogoyf\n", encoding="utf-8")
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    said = [player for player in ("Alice", "Bob") if f"cards in {player}'s graveyard: not given" in out]
    assert said == marked
    pt = "1/2" if "Grizzly" in graveyards else "0/1"
    assert (f"{pt} ?" in out) == bool(marked) and pt in out
    # the legend under the table names the key that gives a graveyard, as it names `hands:` for a hand
    assert ("a graveyard (`graveyards:`)" in out) == bool(marked)
