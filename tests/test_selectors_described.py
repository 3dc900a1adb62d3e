"""Selectors read on the finished board: targets (608.2b), trigger conditions (603.2, 603.10) and
questions, with every key a static ability's selector has (asp/613_selector_reads.lp, part described);
and the keys refused where they have nothing to refer to (bridge/vocabulary/selector_places.py)."""
import pytest

from bridge.interfaces.cli.main import main

HEAD = "case: t\nsource: test\nplayers: [Alice, Bob]\n"


def passes(write_case, capsys, text: str) -> bool:
    """Whether `check` finds every expectation of the case met (exit 0) rather than failed (exit 1)."""
    code = main(["check", str(write_case(HEAD + text))])
    out = capsys.readouterr()
    assert code in (0, 1), out.err
    return code == 0


def target_case(requirement: str, effects: str = "", controller: str = "Alice", spell_controller: str = "Alice",
                illegal: str = "[]") -> str:
    return ("battlefield:\n  - {card: Grizzly Bears, id: bear, controller: " + controller + "}\n"
            + "  - {card: Gray Ogre}\n" + effects
            + "stack:\n  - card: {name: Zap, mana_cost: '{R}', type_line: Instant, targets: [" + requirement + "]}\n"
            + "    controller: " + spell_controller + "\n    targets: [bear]\n"
            + "expect:\n  zap: {illegal_targets: " + illegal + "}\n")


PUMP = "effects: [{affects: [bear], does: {modify_pt: +1/+0}}]\n"
GRANT_FLYING = "effects: [{affects: [bear], does: {add_abilities: [flying]}}]\n"
TARGETS = {
    # "target creature with power 2 or less": the bear's power as the layers leave it (608.2b)
    "power": ("{permanent: {all: [creature], power: {at_most: 2}}}", "", PUMP),
    "mana_value": ("{permanent: {all: [creature], mana_value: {less_than: 3}}}", "",
                   "effects: [{affects: [bear], does: {copy_of: {object: gray_ogre}}}]\n"),
    "has": ("{permanent: {all: [creature], has: [flying]}}", GRANT_FLYING, ""),
    "lacks": ("{permanent: {all: [creature], lacks: [flying]}}", "", GRANT_FLYING),
    "no_abilities": ("{permanent: {all: [creature], abilities: none}}", "", GRANT_FLYING),
    "named": ("{permanent: {named: Grizzly Bears}}", "", "effects: [{affects: [bear], does: {copy_of: {object: gray_ogre}}}]\n"),
    "monocolored": ("{permanent: {all: [creature, monocolored]}}", "",
                    "effects: [{affects: [bear], does: {add_colors: [red]}}]\n"),
    "multicolored": ("{permanent: {all: [creature, multicolored]}}",
                     "effects: [{affects: [bear], does: {add_colors: [red]}}]\n", ""),
    "nontoken": ("{permanent: {all: [creature, nontoken]}}", "", None),
}


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_target_requirement_reads_final_values(write_case, capsys, name):
    """Derived by the authors from 608.2b: a target is checked against its characteristics as they are now."""
    requirement, legal_with, illegal_with = TARGETS[name]
    legal = target_case(requirement, legal_with)
    assert passes(write_case, capsys, legal)
    assert not passes(write_case, capsys, legal.replace("illegal_targets: []", "illegal_targets: [bear]"))
    if illegal_with is not None:
        illegal = target_case(requirement, illegal_with, illegal="[bear]")
        assert passes(write_case, capsys, illegal)


def test_target_token_is_illegal_for_nontoken(write_case, capsys):
    text = target_case("{permanent: {all: [creature, nontoken]}}", illegal="[bear]").replace(
        "id: bear,", "id: bear, token: true,")
    assert passes(write_case, capsys, text)


@pytest.mark.parametrize("spell_controller, illegal", [("Bob", "[]"), ("Alice", "[bear]")])
def test_target_an_opponent_controls(write_case, capsys, spell_controller, illegal):
    """115.1, 109.5: "target creature an opponent controls", relative to the spell's controller (this
    key used to be ignored in targets)."""
    text = target_case("{permanent: {all: [creature], controller: opponent}}", spell_controller=spell_controller,
                       illegal=illegal)
    assert passes(write_case, capsys, text)


@pytest.mark.parametrize("requirement, illegal", [("{permanent: {any: [{all: [artifact]}, {all: [creature]}]}}", "[]"),
                                                  ("{permanent: {any: [{all: [artifact]}, {all: [enchantment]}]}}",
                                                   "[bear]")])
def test_target_alternatives(write_case, capsys, requirement, illegal):
    """"target artifact or creature": one alternative must fit (alternatives used to be ignored in targets)."""
    assert passes(write_case, capsys, target_case(requirement, illegal=illegal))


WATCHER = ("  - card:\n      name: Watcher\n      type_line: Enchantment\n      abilities:\n"
           "        - text: Whenever a creature enters, ...\n          triggered: {when: enters, what: WHAT}\n")


def trigger_case(what: str, entering: str, times: int, board: str = "") -> str:
    expect = "{watcher: %d}" % times if times else "{}"
    return ("battlefield:\n" + WATCHER.replace("WHAT", what) + board
            + "events:\n  - enters: " + entering + "\n    expect_triggers: " + expect + "\n")


TRIGGERS = {
    # what, entering object that matches, one that does not
    "token": ("{all: [creature, token], controller: you}",
              "{token: true, card: {name: Soldier, type_line: Creature — Soldier, pt: 1/1}}",
              "{card: Grizzly Bears}"),
    "nontoken": ("{all: [creature, nontoken]}", "{card: Grizzly Bears}",
                 "{token: true, card: {name: Soldier, type_line: Creature — Soldier, pt: 1/1}}"),
    "opponent": ("{all: [creature], controller: opponent}", "{card: Grizzly Bears, controller: Bob}",
                 "{card: Grizzly Bears}"),
    "mana_value": ("{all: [creature], mana_value: {at_least: 3}}", "{card: Gray Ogre, id: big}", "{card: Grizzly Bears}"),
    "multicolored": ("{all: [creature, multicolored]}",
                     "{card: {name: Gold, mana_cost: '{G}{W}', type_line: Creature — Elf, pt: 2/2}}",
                     "{card: Grizzly Bears}"),
    "has": ("{all: [creature], has: [flying]}",
            "{card: {name: Bird, type_line: Creature — Bird, pt: 1/1, abilities: [flying]}}", "{card: Grizzly Bears}"),
    "named": ("{named: Grizzly Bears}", "{card: Grizzly Bears}", "{card: Gray Ogre}"),
}


@pytest.mark.parametrize("name", sorted(TRIGGERS))
def test_trigger_condition_reads_final_values(write_case, capsys, name):
    """603.2, 603.10: the entering object as the event left it (derived by the authors)."""
    what, matching, other = TRIGGERS[name]
    assert passes(write_case, capsys, trigger_case(what, matching, 1))
    assert passes(write_case, capsys, trigger_case(what, other, 0))
    assert not passes(write_case, capsys, trigger_case(what, other, 1))


def test_trigger_sees_granted_ability(write_case, capsys):
    """An anthem that grants flying makes the entering bear "a creature with flying" (603.10)."""
    anthem = ("  - card: {name: Wings, type_line: Enchantment, abilities: [{text: t, static: {affects: {all: [creature]},"
              " does: {add_abilities: [flying]}}}]}\n")
    assert passes(write_case, capsys, trigger_case("{all: [creature], has: [flying]}", "{card: Grizzly Bears}", 1,
                                                   anthem))


@pytest.mark.parametrize("entering, times", [("{card: {name: E, type_line: Creature — Elf, pt: 1/1}}", 1),
                                             ("{card: {name: G, type_line: Creature — Goblin, pt: 1/1}}", 0)])
def test_trigger_of_the_chosen_type(write_case, capsys, entering, times):
    """"Whenever a creature of the chosen type enters" (the source's choice, 614.12)."""
    text = trigger_case("{all: [creature, {chosen: creature_type}]}", entering, times).replace(
        "      type_line: Enchantment\n", "      type_line: Enchantment\n").replace(
        "          triggered:", "          choose: creature_type\n          triggered:").replace(
        "events:", "    choices: {creature_type: Elf}\nevents:")
    assert passes(write_case, capsys, text)


QUESTIONS = {
    "lacks": ("{all: [creature], lacks: [flying]}", True),
    "has": ("{has: [flying]}", False),
    "abilities_none": ("{abilities: none}", True),
    "named": ("{named: Grizzly Bears}", True),
    "named_other": ("{named: Gray Ogre}", False),
    "power": ("{power: {greater_than: 2}}", True),
    "toughness": ("{toughness: {greater_than: 2}}", False),
    "monocolored": ("{all: [monocolored]}", True),
    "colorless": ("{all: [colorless]}", False),
    "token": ("{all: [token]}", False),
    "face_down": ("{not: [face_down]}", True),
    "alternatives": ("{any: [{power: 1}, {power: 3}]}", True),
}


@pytest.mark.parametrize("name", sorted(QUESTIONS))
def test_question_matches(write_case, capsys, name):
    """A question's selector reads the final values (the bear is 3/2 after +1/+0)."""
    selector, answer = QUESTIONS[name]
    text = ("battlefield:\n  - {card: Grizzly Bears, id: bear}\n" + PUMP
            + "questions:\n  - {object: bear, ask: {matches: " + selector + "}, expect: " + str(answer).lower() + "}\n")
    assert passes(write_case, capsys, text)
    assert not passes(write_case, capsys, text.replace("expect: " + str(answer).lower(),
                                                       "expect: " + str(not answer).lower()))


REFUSED = {
    "question_controller": ("questions: [{object: bear, ask: {matches: {controller: you}}, expect: true}]\n",
                            "a question has no source"),
    "question_self": ("questions: [{object: bear, ask: {matches: self}, expect: true}]\n", "a question has no source"),
    "question_chosen": ("questions: [{object: bear, ask: {matches: {all: [{chosen: color}]}}, expect: true}]\n",
                        "a question has no source"),
    "target_zone": ("stack:\n  - card: {name: Zap, type_line: Instant, targets: [{permanent: {zone: graveyard}}]}\n"
                    "    targets: [bear]\n", "a target's kind says where it is"),
    "count_cards_chosen": ("  - card: {name: Goyf, type_line: Creature — Lhurgoyf, pt: 0/0, abilities: [{text: t, "
                           "cda: true, static: {affects: self, does: {set_base_pt: {power: {count_cards: {all: "
                           "[{chosen: color}]}}, toughness: 1}}}}]}\n", "nor a choice of the source"),
    "copy_condition_token": ("  - card: {name: Cl, type_line: Creature — Shapeshifter, pt: 0/0, abilities: [{text: t, "
                             "enters_as_copy: {except: {conditional: [{if: {all: [token]}, add_abilities: [flying]}]}}}]}\n",
                             "707.9f"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_with_the_reason(refused, name):
    extra, reason = REFUSED[name]
    board = "battlefield:\n  - {card: Grizzly Bears, id: bear}\n"
    text = HEAD + board + extra if not extra.startswith("  - ") else HEAD + board + extra
    err = refused(text)
    assert reason in err
    assert "cannot be used in a" in err
