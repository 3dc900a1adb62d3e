"""Issue 32: static lines read from real cards' Oracle text (Scryfall bulk data in the pool) — "enters with" counters
(614.1c) including keyword counters (122.1b), "if you cast it from your hand", kicker (702.33c-d) with a keyword,
"your choice of" a counter (614.12); copies that keep "its other abilities" (707.9b); "creatures attacking you /
your opponents / enchanted player" (506.4c). And lines that must stay text."""
import pytest

from bridge.cards.oracle import read_text
from bridge.cards.oracle.counter_kinds import named_counter_kinds
from bridge.vocabulary.reader import Reader
from test_reader_statuses_and_riders import only      # a read layer line's one ability, without its text


def read(line, name, type_line="Legendary Creature — Test"):
    (reading,) = read_text(line, name, type_line)
    reader = Reader("test")
    reader.words = reader.words.with_counter_kinds(named_counter_kinds(line))   # 122.1 the kinds its text names
    for i, ability in enumerate(reading.abilities):
        reader.ability(ability, f"ability {i}")       # valid vocabulary
    return reading


@pytest.mark.parametrize("name,line,expected", [
    ("Biting-Palm Ninja", "This creature enters with a menace counter on it.", {"enters": {"counters": {"menace": 1}}}),
    ("Leatherhead, Swamp Stalker", "Leatherhead enters with a hexproof counter on her.",
     {"enters": {"counters": {"hexproof": 1}}}),
    ("Myojin of Grim Betrayal", "Myojin of Grim Betrayal enters with an indestructible counter on it if you cast it "
                                "from your hand.", {"enters": {"counters": {"indestructible": 1}, "if_cast_from_hand": True}}),
    ("Agent's Toolkit", "This artifact enters with a +1/+1 counter, a flying counter, a deathtouch counter, and a shield "
                        "counter on it. (If it would be dealt damage or destroyed, remove a shield counter from it instead.)",
     {"enters": {"counters": {"+1/+1": 1, "flying": 1, "deathtouch": 1, "shield": 1}}}),
    ("Tayam, Luminous Enigma", "Each other creature you control enters with an additional vigilance counter on it.",
     {"others_enter_with": {"what": {"controller": "you", "all": ["creature"], "other": True}, "counters": {"vigilance": 1}}}),
    ("Veiled Ascension", "Face-down creatures you control enter with a flying counter on them.",
     {"others_enter_with": {"what": {"controller": "you", "all": ["face_down", "creature"]}, "counters": {"flying": 1}}}),
    ("Kavu Titan", "If this creature was kicked, it enters with three +1/+1 counters on it and with trample.",
     {"enters": {"counters": {"+1/+1": 3}, "if_kicked": True, "abilities": ["trample"]}}),
    ("Rakavolver", "If this creature was kicked with its {U} kicker, it enters with a +1/+1 counter on it and with flying.",
     {"enters": {"counters": {"+1/+1": 1}, "if_kicked": "{U}", "abilities": ["flying"]}}),
    ("Voidpouncer", "If this creature was kicked, it enters with two +1/+1 counters and a trample counter on it and with "
                    "haste.", {"enters": {"counters": {"+1/+1": 2, "trample": 1}, "if_kicked": True, "abilities": ["haste"]}}),
    ("Denry Klin, Editor in Chief", "Denry Klin enters with your choice of a +1/+1, first strike, or vigilance counter on "
                                    "it.", {"enters": {"counter_choice": ["+1/+1", "first strike", "vigilance"]}}),
    ("Wingfold Pteron", "This creature enters with your choice of a flying counter or a hexproof counter on it. (A "
                        "creature with hexproof can't be the target of spells or abilities your opponents control.)",
     {"enters": {"counter_choice": ["flying", "hexproof"]}}),
    ("Sakashima of a Thousand Faces", "You may have Sakashima enter as a copy of another creature you control, except it "
                                      "has Sakashima's other abilities.",
     {"enters_as_copy": {"except": {"add_abilities": ["its_other_abilities"]}}}),
    ("The Misty Stepper", "You may have The Misty Stepper enter as a copy of a creature you control, except its name is "
                          "The Misty Stepper and it has its other abilities.",
     {"enters_as_copy": {"except": {"keep": ["name"], "add_abilities": ["its_other_abilities"]}}}),
    ("Metamorphic Alteration", "Enchanted creature is a copy of the chosen creature.",
     {"chosen": "creature", "static": {"affects": "enchanted", "does": [{"copy_of": {"chosen": "creature"}}]}}),
    ("Callidus Assassin", "Polymorphine — You may have this creature enter tapped as a copy of any creature on the "
                          "battlefield, except it has \"When this creature enters, destroy up to one other target "
                          "creature with the same name as this creature.\"",
     {"enters_as_copy": {"tapped": True, "except": {"add_abilities": [
         {"text": "When this creature enters, destroy up to one other target creature with the same name as this "
                  "creature.", "triggered": {"when": "enters", "what": "self"}}]}}}),
    ("Omo, Queen of Vesuva", "Each land with an everything counter on it is every land type in addition to its other "
                             "types.", {"static": {"affects": {"counters": {"kind": "everything", "at_least": 1},
                                                               "all": ["land"]},
                                                   "does": [{"add_subtypes": [
                                                       "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus",
                                                       "Mine", "Mountain", "Plains", "Planet", "Power-Plant", "Sphere",
                                                       "Swamp", "Tower", "Town", "Urza's"]}]}}),
    ("Throatseeker", "Unblocked attacking Ninjas you control have lifelink.",
     {"static": {"affects": {"controller": "you", "all": ["unblocked", "attacking", "Ninja"]},
                 "does": [{"add_abilities": ["lifelink"]}]}}),
    ("Essence of the Wild", "Creatures you control enter as a copy of this creature.",
     {"others_enter_as_copy": {"what": {"controller": "you", "all": ["creature"]}}}),
    ("Infinite Reflection", "Nontoken creatures you control enter as a copy of enchanted creature.",
     {"others_enter_as_copy": {"what": {"controller": "you", "all": ["creature"], "not": ["token"]}, "of": "attached"}}),
    ("Boarded Window", "Creatures attacking you get -1/-0.",
     {"static": {"affects": {"all": ["creature", "attacking"], "attacking": "you"}, "does": [{"modify_pt": "-1/-0"}]}}),
    ("Oviya, Automech Artisan", "Each creature that's attacking one of your opponents has trample.",
     {"static": {"affects": {"all": ["creature", "attacking"], "attacking": "opponent"},
                 "does": [{"add_abilities": ["trample"]}]}}),
    ("Curse of Hospitality", "Creatures attacking enchanted player have trample.",
     {"static": {"affects": {"all": ["creature", "attacking"], "attacking": "enchanted_player"},
                 "does": [{"add_abilities": ["trample"]}]}}),
])
def test_read_from_the_card(name, line, expected):
    assert only(read(line, name)) == expected


@pytest.mark.parametrize("name,line", [
    # a condition on the board as it enters, mana spent, a counter that is two kinds, a random card: not read
    ("Dust Animus", "If you control five or more untapped lands, this creature enters with two +1/+1 counters and a "
                    "lifelink counter on it."),
    ("Oozeavite", "Oozeavite enters with each of a vigilance, reach, trample, and hexproof counter on it. These are "
                  "also +1/+1 counters."),
    ("Anavolver", "If this creature was kicked with its {B} kicker, it enters with a +1/+1 counter on it and with "
                  "\"Pay 3 life: Regenerate this creature.\""),
    ("The Playful Winners", "The Playful Winners enters as a copy of a random tournament-legal card with partner "
                            "(including any variant), except it has its other abilities."),
    ("Beckoning Will-o'-Wisp", "Creatures attacking the last chosen player get +1/+0."),
])
def test_stays_text(name, line):
    assert not read(line, name).structured


def test_an_ability_it_enters_with_flags_the_unread_line():
    """614.1c "it enters with a +1/+1 counter on it and with "Pay 3 life: ..."": the permanent has that ability
    from then on (layer 6), so the line left as text is a layer line, flagged where it may change a value."""
    reading = read("If this creature was kicked with its {B} kicker, it enters with a +1/+1 counter on it and with "
                   "\"Pay 3 life: Regenerate this creature.\"", "Anavolver")
    assert reading.layer and not reading.structured


CASE = "case: t\nsource: test\nplayers: [Alice, Bob]\n"
REFUSED = {
    # 702.33c a card with two kickers whose line names one: `kicked: true` says not which was paid
    "kicker_unsaid": (CASE + "events:\n  - enters: {card: Anavolver, kicked: true}\n",
                      "events[0].enters.kicked: anavolver has an ability for its {1}{U} kicker"),
    "kicker_not_a_cost": (CASE + "events:\n  - enters: {card: Kavu Titan, kicked: [2G]}\n",
                          "events[0].enters.kicked: expected true, false or a list of the kicker costs paid"),
    # 614.12 a counter kind the card doesn't offer
    "counter_not_offered": (CASE + "events:\n  - enters: {card: Boot Nipper, choices: {counter: flying}}\n",
                            "events[0].enters.choices.counter: boot_nipper offers no flying counter to choose"),
    # 506.4c "creatures attacking you" asks what each attacking creature attacks
    "attacks_unsaid": (CASE + "battlefield:\n  - {card: Boarded Window}\n"
                       "  - {card: Grizzly Bears, controller: Bob, status: {attacking: true}}\n",
                       "an ability asks whom attacking creatures attack, and grizzly_bears is attacking"),
    "attacks_not_attacking": (CASE + "battlefield:\n  - {card: Grizzly Bears, controller: Bob, attacks: Alice}\n",
                              "battlefield[0].attacks: only an attacking creature attacks something"),
    "unblocked_not_attacking": (CASE + "battlefield:\n  - {card: Grizzly Bears, status: {unblocked: true}}\n",
                                "battlefield[0].status.unblocked: only an attacking creature is unblocked"),
    # 616.1 a Clone entering as a copy of its own choice under Essence of the Wild: two replacements to order
    "two_copy_replacements": (CASE + "battlefield:\n  - {card: Essence of the Wild}\n  - {card: Grizzly Bears}\n"
                              "events:\n  - enters: {card: Clone, copy_of: grizzly_bears}\n",
                              "clone would enter as a copy by two replacement effects at once"),
    "attacks_own_controller": (CASE + "battlefield:\n  - {card: Grizzly Bears, status: {attacking: true}, attacks: Alice}\n",
                               "battlefield[0].attacks: grizzly_bears attacks an opponent of its controller"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_with_one_message(name, refused):
    text, message = REFUSED[name]
    assert message in refused(text, f"{name}.yaml")
