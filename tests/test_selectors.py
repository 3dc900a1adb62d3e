"""Selectors that read abilities, names, numbers and the number of colors (asp/613_selector_reads.lp)."""
import pytest

from bridge import solve

HEAD = "case: t\nsource: test\n"


def anthem(affects: str) -> str:
    return ("  - card: {name: A, type_line: Enchantment, abilities: [{text: t, static: {affects: " + affects
            + ", does: {modify_pt: +1/+1}}}]}\n")


def pts(write_case, text: str) -> dict:
    result = solve(str(write_case(HEAD + text)))
    return {o.id: o.pt for o in result.objects.values() if o.pt}


BEARS_OGRE = "  - card: Grizzly Bears\n  - card: Gray Ogre\n"
BOARDS = {
    # the anthem reads power in 7c, where the ogre's +1/+0 (a later timestamp) changes it: it depends on it
    "power": ("{all: [creature], power: {at_most: 2}}",
              BEARS_OGRE + "  - card: {name: Big, type_line: Creature — Giant, pt: 3/3}\n"
              "effects: [{affects: [gray_ogre], does: {modify_pt: +1/+0}}]\n",
              {"grizzly_bears": "3/3", "gray_ogre": "3/2", "big": "3/3"}),
    "mana_value_toughness": ("{all: [creature], mana_value: {greater_than: 2}, toughness: 2}", BEARS_OGRE,
                             {"grizzly_bears": "2/2", "gray_ogre": "3/3"}),
    "color_qualities": ("{all: [creature], not: [monocolored]}",
                        "  - card: Grizzly Bears\n  - card: {name: Gold, mana_cost: '{G}{W}', type_line: Creature — Elf,"
                        " pt: 1/1}\n  - card: {name: Pod, mana_cost: '{2}', type_line: Artifact Creature — Golem, pt: 1/1}\n",
                        {"grizzly_bears": "2/2", "gold": "2/2", "pod": "2/2"}),
    "lacks_and_text": ("{all: [creature], lacks: [flying], has: [{text: 'Swim.'}]}",
                       "  - card: {name: Fish, type_line: Creature — Fish, pt: 1/1, abilities: [{text: Swim.}]}\n"
                       "  - card: {name: Bird, type_line: Creature — Bird, pt: 1/1, abilities: [flying, {text: Swim.}]}\n",
                       {"fish": "2/2", "bird": "1/1"}),
}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_selector_reads(write_case, name):
    affects, board, expected = BOARDS[name]
    assert pts(write_case, "battlefield:\n" + anthem(affects) + board) == expected


@pytest.mark.parametrize("where", ["targets: [{permanent: {all: [creature], zone: graveyard}}]",
                                   "abilities: [{text: t, triggered: {when: enters, what: {zone: hand}}}]"])
def test_refused_where_not_supported(refused, where):
    """The reads work in targets and triggers now (tests/test_selectors_described.py); a zone does not."""
    err = refused(HEAD + "battlefield:\n  - card: {name: X, type_line: Instant, " + where + "}\n")
    assert "'zone' cannot be used in a" in err


def test_the_chosen_name(write_case):
    """201.2, 607.2 (derived by the authors): 'creatures with the chosen name' match by name, not as a type word."""
    board = ("battlefield:\n  - card: {name: A, type_line: Enchantment, abilities: [{text: t, choose: name, static: "
             "{affects: {all: [creature, {chosen: name}]}, does: {modify_pt: +1/+1}}}]}\n    choices: {name: Grizzly Bears}\n"
             + BEARS_OGRE)
    assert pts(write_case, board) == {"grizzly_bears": "3/3", "gray_ogre": "2/2"}
