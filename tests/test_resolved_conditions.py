"""Resolved effects that depend on how they resolved (issue 32, CR 608.2c): "If this spell was kicked, ...
instead" (702.33d), "If it's a Spirit, ...", "Otherwise, ...", "... unless ...", an ability word's line that goes
on from the line before, amass (701.47a). Each operation under a condition is `{OP, if: KEY}` or `{OP, unless:
KEY}`; the case's effect says how it resolved (`conditions: {KEY: true|false}`), and without it is refused.
Every line is a real card's Oracle text (its name given), read as `cards show` reads it."""
import pytest

from bridge.cards.oracle import read_text, spell_from_text
from bridge.interfaces.cli.main import main
from test_resolved_effects import case     # a case file of a few lines, written in tmp_path
from test_resolved_wider import activated, reading, spell


@pytest.mark.parametrize("name,text,expected", [
    # 608.2c "instead" replaces what the text before did of the same kind
    ("Explosive Growth", "Target creature gets +2/+2 until end of turn. If this spell was kicked, that creature gets "
     "+5/+5 until end of turn instead.",
     [{"modify_pt": "+2/+2", "unless": "kicked"}, {"modify_pt": "+5/+5", "if": "kicked"}]),
    ("Colossal Growth", "Target creature gets +3/+3 until end of turn. If this spell was kicked, instead that creature "
     "gets +4/+4 and gains trample and haste until end of turn.",
     [{"modify_pt": "+3/+3", "unless": "kicked"}, {"modify_pt": "+4/+4", "if": "kicked"},
      {"add_abilities": ["trample", "haste"], "if": "kicked"}]),
    # ... and only that: Behind the Mask stays an artifact creature
    ("Behind the Mask", "Until end of turn, target artifact or creature becomes an artifact creature with base power "
     "and toughness 4/3. If evidence was collected, it has base power and toughness 1/1 until end of turn instead.",
     [{"add_types": ["Artifact", "Creature"]}, {"set_base_pt": "4/3", "unless": "condition"},
      {"set_base_pt": "1/1", "if": "condition"}]),
    # what it replaces may be no layer effect: a counter instead of +2/+2
    ("Will of the All-Hunter", "Target creature gets +2/+2 until end of turn. If it's blocking, instead put two +1/+1 "
     "counters on it.", [{"modify_pt": "+2/+2", "unless": "condition"}]),
    # additions: 702.166b bargained, 702.174k the gift promised, a condition on the object
    ("Archon's Glory", "Target creature gets +2/+2 until end of turn. If this spell was bargained, that creature also "
     "gains flying and lifelink until end of turn.",
     [{"modify_pt": "+2/+2"}, {"add_abilities": ["flying", "lifelink"], "if": "bargained"}]),
    ("Crumb and Get It", "Target creature you control gets +2/+2 until end of turn. If the gift was promised, that "
     "creature also gains indestructible until end of turn.",
     [{"modify_pt": "+2/+2"}, {"add_abilities": ["indestructible"], "if": "gift_promised"}]),
    ("Unchecked Growth", "Target creature gets +4/+4 until end of turn. If it's a Spirit, it gains trample until end "
     "of turn.", [{"modify_pt": "+4/+4"}, {"add_abilities": ["trample"], "if": "condition"}]),
    # "Otherwise" is the condition before, not held; "unless" too
    ("Stolen Vitality", "Target creature gets +3/+1 until end of turn. If it's your turn, that creature gains trample "
     "until end of turn. Otherwise, it gains first strike until end of turn.",
     [{"modify_pt": "+3/+1"}, {"add_abilities": ["trample"], "if": "condition"},
      {"add_abilities": ["first strike"], "unless": "condition"}]),
    ("Wild Might", "Target creature gets +1/+1 until end of turn. That creature gets an additional +4/+4 until end of "
     "turn unless any player pays {2}.", [{"modify_pt": "+1/+1"}, {"modify_pt": "+4/+4", "unless": "condition"}]),
    # 614.1a a replacement effect ("would die ..., exile it instead") is no condition and no layer effect
    ("Bleed Dry", "Target creature gets -13/-13 until end of turn. If that creature would die this turn, exile it "
     "instead.", [{"modify_pt": "-13/-13"}]),
    ("Blind Fury", "All creatures lose trample until end of turn. If a creature would deal combat damage to a creature "
     "this turn, it deals double that damage to that creature instead.", [{"lose_abilities": ["trample"]}]),
    # the counter put on it is the case's; what it does besides is read (Regent's Authority)
    ("Regent's Authority", "Target creature gets +2/+2 until end of turn. If it's an enchantment creature or legendary "
     "creature, instead put a +1/+1 counter on it and it gets +1/+1 until end of turn.",
     [{"modify_pt": "+2/+2", "unless": "condition"}, {"modify_pt": "+1/+1", "if": "condition"}]),
    # a created token named "that creature" after it (111.3: its own text is no effect; this one is)
    ("Elemental Appeal", "Create a 7/1 red Elemental creature token with trample and haste. Exile it at the beginning "
     "of the next end step. If this spell was kicked, that creature gets +7/+0 until end of turn.",
     [{"modify_pt": "+7/+0", "if": "kicked"}]),
    # 701.47a amass: the Army becomes a Zombie in addition to its other types (the case names it)
    ("Lazotep Plating", "Amass Zombies 1.", [{"add_subtypes": ["Zombie"]}]),
])
def test_spells_with_conditions(name, text, expected):
    assert spell(name, text) == expected


def test_an_ability_words_line_goes_on_from_the_line_before():
    """Tragic Slip: 'Morbid — That creature gets -13/-13 ... instead if a creature died this turn' (207.2c: the
    ability word has no rules meaning): one effect, held by the first line; the second is read as part of it."""
    text = ("Target creature gets -1/-1 until end of turn.\nMorbid — That creature gets -13/-13 until end of turn "
            "instead if a creature died this turn.")
    first, second = read_text(text, "Tragic Slip", "Instant")
    assert second.structured and not second.spell
    assert list(first.spell) == [{"modify_pt": "-1/-1", "unless": "condition"}, {"modify_pt": "-13/-13", "if": "condition"}]
    assert spell_from_text(text, "Tragic Slip", "Instant")[0] == list(first.spell)
    # Temur Battle Rage: its second line alone would be an effect of its own on "that creature"
    text = ("Target creature gains double strike until end of turn.\nFerocious — That creature also gains trample until "
            "end of turn if you control a creature with power 4 or greater.")
    assert spell_from_text(text, "Temur Battle Rage", "Instant")[0] == [
        {"add_abilities": ["double strike"]}, {"add_abilities": ["trample"], "if": "condition"}]


def test_activated_abilities_with_conditions():
    """Figure of Destiny: 'If this creature is a Spirit, it becomes ...' ("it" is the object the condition names);
    Angrath, Captain of Chaos's loyalty ability amasses."""
    assert activated("Figure of Destiny", "{R/W}{R/W}{R/W}: If this creature is a Spirit, it becomes a Kithkin Spirit "
                     "Warrior with base power and toughness 4/4.") == {"does": [
                         {"set_creature_types": ["Kithkin", "Spirit", "Warrior"], "if": "condition"},
                         {"set_base_pt": "4/4", "if": "condition"}]}
    assert activated("Figure of Destiny", "{R/W}{R/W}{R/W}{R/W}{R/W}{R/W}: If this creature is a Warrior, it becomes a "
                     "Kithkin Spirit Warrior Avatar with base power and toughness 8/8, flying, and first strike.") == {
                         "does": [{"set_creature_types": ["Kithkin", "Spirit", "Warrior", "Avatar"], "if": "condition"},
                                  {"set_base_pt": "8/8", "if": "condition"},
                                  {"add_abilities": ["flying", "first strike"], "if": "condition"}]}
    # one group or the other, never both (the case names it); what "instead" replaces may be no layer effect
    assert activated("Everflame Eidolon", "{R}: This creature gets +1/+0 until end of turn. If it's an Aura, enchanted "
                     "creature gets +1/+0 until end of turn instead.", "Enchantment Creature — Spirit") == {
                         "does": [{"modify_pt": "+1/+0", "unless": "condition"}, {"modify_pt": "+1/+0", "if": "condition"}],
                         "affects": "others"}
    assert activated("Crown of Empires", "{3}, {T}: Tap target creature. Gain control of that creature instead if you "
                     "control artifacts named Scepter of Empires and Throne of Empires.", "Artifact") == {
                         "does": [{"gain_control": "you", "if": "condition"}], "affects": "others"}
    # "untap this creature and it gets +1/+1": "it" is the creature itself
    assert activated("Harsh Deceiver", "{2}: Reveal the top card of your library. If it's a land card, untap this "
                     "creature and it gets +1/+1 until end of turn. Activate only once each turn.") == {
                         "does": [{"modify_pt": "+1/+1", "if": "condition"}]}
    assert activated("Angrath, Captain of Chaos", "[−2]: Amass Zombies 2. (Put two +1/+1 counters on an Army you "
                     "control. It's also a Zombie. If you don't control an Army, create a 0/0 black Zombie Army "
                     "creature token first.)", "Legendary Planeswalker — Angrath") == {
                         "does": [{"add_subtypes": ["Zombie"]}], "affects": "others"}


@pytest.mark.parametrize("name,text", [
    # "that creature" is the one it is paired with, not the target
    ("Joint Assault", "Target creature gets +2/+2 until end of turn. If it's paired with a creature, that creature also "
     "gets +2/+2 until end of turn."),
    # the condition gates a choice and what follows it
    ("Aven Warcraft", "Threshold — If there are seven or more cards in your graveyard, choose a color. Creatures you "
     "control also gain protection from the chosen color until end of turn."),
    # two conditions, each of its own words
    ("Cankerous Thirst", "If {B} was spent to cast this spell, you may have target creature get -3/-3 until end of "
     "turn. If {G} was spent to cast this spell, you may have target creature get +3/+3 until end of turn."),
])
def test_conditions_that_stay_text(name, text):
    line = reading(name, text, "Instant")
    assert line.layer and not line.structured and not line.spell


BOARD = "battlefield: [{card: Grizzly Bears}]\n"


def test_how_it_resolved_is_the_cases(tmp_path, capsys):
    """Without `conditions:` the effect is refused, naming the key; a key it does not depend on, or a value that
    is no boolean, too; asp/608_resolving.lp follows the operations whose condition matches (608.2c)."""
    effect = "effects: [{spell: Explosive Growth, affects: [grizzly_bears]%s}]\n"
    assert main(["solve", case(tmp_path, BOARD + effect % "")]) == 2
    assert "depends on how it resolved (608.2c: was it kicked? 702.33d): give conditions: {kicked: true} or false" \
        in capsys.readouterr().err
    assert main(["solve", case(tmp_path, BOARD + effect % ", conditions: {kicked: maybe}")]) == 2
    assert "conditions.kicked: expected true or false" in capsys.readouterr().err
    assert main(["solve", case(tmp_path, BOARD + effect % ", conditions: {bargained: true}")]) == 2
    assert "bargained" in capsys.readouterr().err
    giant = "effects: [{spell: Giant Growth, affects: [grizzly_bears], conditions: {kicked: true}}]\n"
    assert main(["solve", case(tmp_path, BOARD + giant)]) == 2
    assert "depends on no condition as it resolved" in capsys.readouterr().err
    for kicked, pt in (("true", "7/7"), ("false", "4/4")):
        path = case(tmp_path, BOARD + effect % f", conditions: {{kicked: {kicked}}}"
                    + f"expect: {{grizzly_bears: {{pt: {pt}}}}}\n".replace("\n", "") + "\n")
        assert main(["check", path]) == 0, kicked


def test_a_condition_written_by_hand(tmp_path, capsys):
    """`does:` written in a case may depend on how it resolved; a static ability's operation may not (its condition
    is as_long_as, 611.3a)."""
    path = case(tmp_path, BOARD + "effects: [{affects: [grizzly_bears], does: [{modify_pt: +1/+1, unless: condition}, "
                "{modify_pt: +3/+3, if: condition}], conditions: {condition: true}}]\nexpect: {grizzly_bears: {pt: 5/5}}\n")
    assert main(["check", path]) == 0
    anthem = ("battlefield:\n  - card: {name: Odd Anthem, type_line: Enchantment, text: x, abilities: [{static: "
              "{affects: {all: [creature]}, does: [{modify_pt: +1/+1, if: kicked}]}}]}\n")
    path = case(tmp_path, anthem)
    assert main(["solve", path]) == 2
    assert "only a resolved effect's operation depends on how it resolved" in capsys.readouterr().err


def test_one_of_two_chosen_as_it_resolves(tmp_path, capsys):
    """608.2d Endling's "gets +1/-1 or -1/+1", Urborg's "loses first strike or swampwalk": which one was chosen is
    the case's `conditions: {first_chosen: ...}`."""
    assert activated("Endling", "{1}: This creature gets +1/-1 or -1/+1 until end of turn.") == {"does": [
        {"modify_pt": "+1/-1", "if": "first_chosen"}, {"modify_pt": "-1/+1", "unless": "first_chosen"}]}
    assert activated("Urborg", "{T}: Target creature loses first strike or swampwalk until end of turn.",
                     "Legendary Land") == {"does": [{"lose_abilities": ["first strike"], "if": "first_chosen"},
                                                    {"lose_abilities": ["swampwalk"], "unless": "first_chosen"}],
                                           "affects": "others"}
    board = "battlefield: [{card: Endling}]\neffects: [{activated: endling, ability: 4%s}]\n"
    assert main(["solve", case(tmp_path, board % "")]) == 2
    assert "give conditions: {first_chosen: true} or false" in capsys.readouterr().err
    path = case(tmp_path, board % ", conditions: {first_chosen: false}" + "expect: {endling: {pt: 2/4}}\n")
    assert main(["check", path]) == 0


def test_one_of_two_with_x():
    """Liliana of the Dark Realms: "+X/+X or -X/-X, where X is the number of Swamps you control" (608.2d, 608.2h)."""
    x = {"calculated": "X"}
    assert activated("Liliana of the Dark Realms", "[−3]: Target creature gets +X/+X or -X/-X until end of turn, where X "
                     "is the number of Swamps you control.", "Legendary Planeswalker — Liliana") == {
                         "does": [{"modify_pt": {"power": x, "toughness": x}, "if": "first_chosen"},
                                  {"modify_pt": {"power": {"minus": x}, "toughness": {"minus": x}},
                                   "unless": "first_chosen"}], "affects": "others"}


def test_a_count_ahead_and_a_short_name():
    """Blademane Baku: "For each counter removed, this creature gets +2/+0" (608.2h: the case's x); Volrath the
    Fallen names itself "Volrath" (a legendary card, by the part before " the ")."""
    x = {"calculated": "X"}
    assert activated("Blademane Baku", "{1}, Remove X ki counters from this creature: For each counter removed, this "
                     "creature gets +2/+0 until end of turn.") == {
                         "does": [{"modify_pt": {"power": {"sum": [x, x]}, "toughness": 0}}]}
    assert activated("Volrath the Fallen", "{1}{B}, Discard a creature card: Volrath gets +X/+X until end of turn, "
                     "where X is the discarded card's mana value.", "Legendary Creature — Phyrexian Shapeshifter") == {
                         "does": [{"modify_pt": {"power": x, "toughness": x}}]}


def test_three_for_each_is_a_sum_of_two_numbers(tmp_path):
    """Devouring Rage: "an additional +3/+0 ... for each Spirit sacrificed this way": X + (X + X) (a sum holds two
    numbers); with x: 2 Grizzly Bears is 2 + 3 + 6 = 11 power."""
    x = {"calculated": "X"}
    assert spell("Devouring Rage", "Target creature gets +3/+0 until end of turn. For each Spirit sacrificed this way, "
                 "that creature gets an additional +3/+0 until end of turn.") == [
                     {"modify_pt": "+3/+0"}, {"modify_pt": {"power": {"sum": [x, {"sum": [x, x]}]}, "toughness": 0}}]
    path = case(tmp_path, BOARD + "effects: [{spell: Devouring Rage, affects: [grizzly_bears], x: 2}]\n"
                "expect: {grizzly_bears: {pt: 11/2}}\n")
    assert main(["check", path]) == 0
