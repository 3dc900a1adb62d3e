"""702.95 Soulbond: the case's `paired_with`, the condition `status: paired` and the selector `paired`
(asp/702_keyword_abilities.lp, asp/604_2_conditions.lp), and the Oracle reader's soulbond sentence."""
import pytest

from bridge import solve
from bridge.cards.oracle import read_text

HEAD = "case: t\nsource: test\n"


@pytest.mark.parametrize("name,line,does", [
    ("Wolfir Silverheart", "As long as this creature is paired with another creature, each of those creatures gets "
     "+4/+4.", [{"modify_pt": "+4/+4"}]),
    ("Geist Trappers", "As long as this creature is paired with another creature, both creatures have reach.",
     [{"add_abilities": ["reach"]}]),
    ("Stonewright", "As long as Stonewright is paired with another creature, each of those creatures has \"{R}: "
     "This creature gets +1/+0 until end of turn.\"",
     [{"add_abilities": [{"text": "{R}: This creature gets +1/+0 until end of turn."}]}]),
])
def test_the_reader_reads_soulbond(name, line, does):
    found = [r for r in read_text(line, name, "Creature — Wolf", "4/4") if r.layer]
    assert len(found) == 1 and found[0].structured
    static = found[0].abilities[0]["static"]
    assert static == {"as_long_as": {"status": "paired"}, "affects": {"any": ["self", "paired"]}, "does": does}


def test_paired_with_a_battle_stays_text():
    """Azra Matchthrower pairs with a battle, not a creature: not this reading."""
    line = ("As long as Azra Matchthrower is paired with a battle, each of those permanents has \"Whenever this "
            "permanent is dealt combat damage, this permanent deals 1 damage to any target.\"")
    assert not any(r.structured for r in read_text(line, "Azra Matchthrower", "Creature — Human", "2/2") if r.layer)


BOARD = ("battlefield:\n  - {card: Wolfir Silverheart%s}\n  - {card: Grizzly Bears}\n"
         "  - {card: Llanowar Elves}\n")


@pytest.mark.parametrize("pairing,silverheart,bears,elves", [
    (", paired_with: grizzly_bears", 8, 6, 1),
    ("", 4, 2, 1),
])
def test_each_of_those_creatures(write_case, pairing, silverheart, bears, elves):
    result = solve(str(write_case(HEAD + BOARD % pairing)))
    powers = {o.id: o.power for o in result.objects.values()}
    assert (powers["wolfir_silverheart"], powers["grizzly_bears"], powers["llanowar_elves"]) == (silverheart, bears, elves)


def test_the_other_side_may_say_it(write_case):
    text = HEAD + BOARD % "" + "  - {card: Runeclaw Bear, paired_with: wolfir_silverheart}\n"
    powers = {o.id: o.power for o in solve(str(write_case(text))).objects.values()}
    assert (powers["wolfir_silverheart"], powers["runeclaw_bear"], powers["grizzly_bears"]) == (8, 6, 2)


@pytest.mark.parametrize("board,words", [
    ("  - {card: Grizzly Bears, paired_with: grizzly_bears}\n", "cannot be paired with itself"),
    ("  - {card: Grizzly Bears, paired_with: nobody}\n", "no object with id 'nobody'"),
    ("  - {card: Wolfir Silverheart, paired_with: grizzly_bears}\n  - {card: Grizzly Bears, paired_with: "
     "llanowar_elves}\n  - {card: Llanowar Elves}\n", "paired with only one other creature (702.95d)"),
])
def test_bad_pairing_is_refused(refused, board, words):
    assert words in refused(HEAD + "battlefield:\n" + board)
