"""Selectors on what is attached (301.5 equipped, 303.4 enchanted, 301.5c fortified; "attached to it"),
in a static ability's set, a condition, a count, a target and a question (asp/613_selector_reads.lp)."""
import pytest

from bridge.interfaces.cli.main import main

HEAD = "case: t\nsource: test (derived by the authors from CR 301.5, 303.4, 301.5c)\nplayers: [Alice, Bob]\n"
DUELIST = ("  - card: &kd\n      name: Kor Duelist\n      mana_cost: '{W}'\n      type_line: Creature — Kor Soldier\n"
           "      pt: 1/1\n      abilities:\n        - text: As long as Kor Duelist is equipped, it has double strike.\n"
           "          static: {as_long_as: {self: {all: [equipped]}}, affects: self, does: {add_abilities: [double strike]}}\n"
           "    id: kd1\n  - {card: *kd, id: kd2}\n  - {card: Bonesplitter, attached_to: kd1}\n")
GARRISON = ("  - card: {name: Garrison, type_line: Artifact — Fortification, abilities: [{text: Fortified land has "
            "indestructible., static: {affects: fortified, does: {add_abilities: [indestructible]}}}]}\n"
            "    attached_to: forest\n  - card: Forest\n  - card: Forest\n    id: bare_forest\n")


def passes(write_case, capsys, text: str) -> bool:
    code = main(["check", str(write_case(HEAD + text))])
    out = capsys.readouterr()
    assert code in (0, 1), out.err
    return code == 0


ABILITY = "'As long as Kor Duelist is equipped, it has double strike.'"
CASES = {
    # name: (expected, a wrong expectation that must fail, more permanents)
    # "as long as ~ is equipped" (a condition on itself): Bonesplitter's +2/+0 and double strike on kd1 only
    "condition": ("kd1: {pt: 3/1, abilities: [" + ABILITY + ", double strike]}\n  kd2: {abilities: [" + ABILITY + "]}\n",
                  "kd2: {abilities: [" + ABILITY + ", double strike]}\n", ""),
    # "unequipped creatures get +0/+5"
    "not_equipped": ("kd1: {pt: 3/1}\n  kd2: {pt: 1/6}\n", "kd1: {pt: 3/6}\n",
                     "  - card: {name: An, type_line: Enchantment, abilities: [{text: t, static: {affects: {all: "
                     "[creature], not: [equipped]}, does: {modify_pt: +0/+5}}}]}\n"),
    # "fortified land" (the Fortification's own "attached" form)
    "fortified": ("forest: {abilities: ['{T}: Add {G}.', indestructible]}\n  bare_forest: {abilities: ['{T}: Add {G}.']}\n",
                  "bare_forest: {abilities: ['{T}: Add {G}.', indestructible]}\n", GARRISON),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_attachment_words_in_statics(write_case, capsys, name):
    expect, wrong, extra = CASES[name]
    board = "battlefield:\n" + DUELIST + extra
    assert passes(write_case, capsys, board + "expect:\n  " + expect)
    assert not passes(write_case, capsys, board + "expect:\n  " + wrong)


@pytest.mark.parametrize("target, illegal", [("kd1", "[]"), ("kd2", "[kd2]")])
def test_target_equipped_creature(write_case, capsys, target, illegal):
    text = ("battlefield:\n" + DUELIST + "stack:\n  - card: {name: Zap, type_line: Instant, targets: [{permanent: {all: "
            "[creature, equipped]}}]}\n    targets: [" + target + "]\nexpect:\n  zap: {illegal_targets: " + illegal + "}\n")
    assert passes(write_case, capsys, text)


@pytest.mark.parametrize("obj, selector, answer", [("forest", "{all: [fortified]}", "true"),
                                                   ("bare_forest", "{all: [fortified]}", "false"),
                                                   ("kd1", "{all: [equipped], not: [enchanted]}", "true"),
                                                   ("kd2", "{all: [equipped]}", "false")])
def test_question_on_attachments(write_case, capsys, obj, selector, answer):
    text = ("battlefield:\n" + DUELIST + GARRISON + "questions:\n  - {object: " + obj + ", ask: {matches: " + selector
            + "}, expect: " + answer + "}\n")
    assert passes(write_case, capsys, text)


def test_count_attached_to_it(write_case, capsys):
    """"+1/+1 for each Equipment attached to it" counts what is attached to the ability's object only."""
    card = ("  - card: &c\n      name: Counter\n      type_line: Creature — Golem\n      pt: 0/0\n      abilities:\n"
            "        - text: t\n          static: {affects: self, does: {modify_pt: {power: {count: {all: [Equipment], "
            "attached_to: self}}, toughness: {count: {all: [Equipment], attached_to: self}}}}}\n    id: two\n"
            "  - {card: *c, id: none}\n  - {card: Bonesplitter, attached_to: two}\n  - {card: Bonesplitter, attached_to: two}\n")
    assert passes(write_case, capsys, "battlefield:\n" + card + "expect:\n  two: {pt: 6/2}\n  none: {pt: 0/0}\n")
    assert not passes(write_case, capsys, "battlefield:\n" + card + "expect:\n  two: {pt: 4/0}\n")


@pytest.mark.parametrize("where, message", [
    ("questions: [{object: forest, ask: {matches: {attached_to: self}}, expect: true}]\n", "a question has no source"),
    ("  - card: {name: X, type_line: Enchantment, abilities: [{text: t, static: {affects: {attached_to: enchanted}, "
     "does: {modify_pt: +1/+1}}}]}\n", "expected self"),
])
def test_attachment_refusals(refused, where, message):
    board = "battlefield:\n  - card: Forest\n"
    err = refused(HEAD + board + where)
    assert message in err
