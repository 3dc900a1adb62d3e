"""No silent typos: every characteristic word is checked against the Comprehensive Rules' lists
(asp/word_lists.lp), refused with a suggestion, or declared by the case (new_words:); abilities kept
as text are flagged by solve, check and explain, and check --strict fails on them."""
import json

import pytest

from bridge import solve
from bridge.interfaces.cli.main import main
from bridge.cards.library import library
from bridge.vocabulary.words import rules_words

HEAD = "case: t\nsource: test\n"
BEAR = "battlefield: [{card: Grizzly Bears}]\n"

TYPOS = {
    "subtype_in_selector": (
        "battlefield: [{card: {name: L, type_line: Enchantment, abilities: [{text: t, static: "
        "{affects: {all: [creature, Elves]}, does: {modify_pt: +1/+1}}}]}}]\n",
        "static.affects.all[1]: unknown word 'Elves' (did you mean 'Elf'?)"),
    "card_type_added": (BEAR + "effects: [{affects: [grizzly_bears], does: {add_types: [Creture]}}]\n",
                        "does.add_types[0]: unknown card type 'Creture' (did you mean 'Creature'?)"),
    "keyword": ("battlefield: [{card: {name: X, type_line: Creature — Bear, pt: 1/1, abilities: [flyng]}}]\n",
                "abilities[0]: unknown keyword ability 'flyng' (did you mean 'flying'?)"),
    "granted_keyword": (BEAR + "effects: [{affects: [grizzly_bears], does: {add_abilities: [trampel]}}]\n",
                        "unknown keyword ability 'trampel' (did you mean 'trample'?)"),
    "subtype_in_type_line": ("battlefield: [{card: {name: X, type_line: Creature — Elfs, pt: 1/1}}]\n",
                             "type_line: unknown subtype 'Elfs' (did you mean 'Elf'?)"),
    "counter": ("battlefield: [{card: Grizzly Bears, counters: {loyality: 1}}]\n",
                "counters.loyality: unknown kind of counter 'loyality' (did you mean 'loyalty'?)"),
    "land_type": (BEAR + "effects: [{affects: [grizzly_bears], does: {set_land_types: [Swamps]}}]\n",
                  "set_land_types[0]: unknown land type 'Swamps' (did you mean 'Swamp'?)"),
    "creature_type_that_is_a_land_type": (
        BEAR + "effects: [{affects: [grizzly_bears], does: {set_creature_types: [Forest]}}]\n",
        "'Forest' is a land type, not a creature type"),
    "chosen_creature_type": ("battlefield: [{card: Conspiracy, choices: {creature_type: Goblins}}]\n",
                             "choices.creature_type: unknown creature type 'Goblins' (did you mean 'Goblin'"),
    "supertype": (BEAR + "effects: [{affects: [grizzly_bears], does: {add_supertypes: [Legendery]}}]\n",
                  "unknown supertype 'Legendery' (did you mean 'Legendary'?)"),
    "expected_subtype": (BEAR + "expect: {grizzly_bears: {subtypes: [Baer]}}\n",
                         "expect.grizzly_bears.subtypes[0]: unknown subtype 'Baer' (did you mean 'Bear'"),
    "expected_keyword": (BEAR + "expect: {grizzly_bears: {lacks_abilities: [flyng]}}\n",
                         "expect.grizzly_bears.lacks_abilities[0]: unknown keyword ability 'flyng' (did you mean 'flying'"),
    "new_words_key": ("new_words: {creature_typ: [Elves]}\n" + BEAR,
                      "new_words.creature_typ: unknown key 'creature_typ' (did you mean 'creature_type'?)"),
}


@pytest.mark.parametrize("name", sorted(TYPOS))
def test_a_typo_is_refused_with_a_suggestion(refused, name):
    text, message = TYPOS[name]
    err = refused(HEAD + text)
    where_what, _, suggestion = message.partition(" (did you mean ")
    assert where_what in err
    assert suggestion.split("'")[1] in err.split("did you mean", 1)[-1] if suggestion else True
    assert "new_words" in err or name in ("new_words_key", "creature_type_that_is_a_land_type")


def test_declared_words_are_accepted_and_work(write_case):
    path = write_case(HEAD + "new_words: {creature_type: [Elfkin], keyword: [flyng], counter: [oil]}\n"
                      "battlefield:\n"
                      "  - {card: {name: X, type_line: Creature — Elfkin, pt: 1/1, abilities: [flyng]}, "
                      "counters: {oil: 2}}\n"
                      "  - {card: {name: L, type_line: Enchantment, abilities: [{text: Elfkin get +1/+1, "
                      "static: {affects: {all: [Elfkin]}, does: {modify_pt: +1/+1}}}]}}\n"
                      "expect: {x: {pt: 2/2, subtypes: [Elfkin], abilities: [flyng]}}\n")
    assert main(["check", str(path)]) == 0


def test_keyword_forms_of_702():
    words = rules_words()
    for keyword in ("flying", "first strike", "protection from red", "equip {8}", "fading 2", "swampwalk",
                    "nonbasic landwalk", "snow swampwalk", "hexproof from white", "changeling", "megamorph {6}{b}",
                    "swampcycling {2}", "basic landcycling {1}{b}", "wizardcycling {3}", "multikicker {1}{r}"):
        assert words.keyword_known(keyword), keyword
    for keyword in ("flyng", "swampwalker", "blue walk", "elfwalk", "strike", "bluecycling {2}"):
        assert not words.keyword_known(keyword), keyword


def test_the_lists_are_the_rules_lists():
    words = rules_words()
    creature = [w for w, k in words.subtypes.items() if k == "creature"]
    # 205.3m of 2025-09-19 (310 types, "Time Lord" among them), and the 2022 types since renamed
    assert len(creature) == 313 and {"Saproling", "Elf", "Time Lord", "Hero", "Cephalid"} <= set(creature)
    assert words.subtypes["Forest"] == "land" and words.subtypes["Aura"] == "enchantment"
    assert words.of("color") == {"white", "blue", "black", "red", "green"}        # 105.1
    assert {"Basic", "Legendary", "Snow", "World", "Ongoing"} == words.of("supertype")   # 205.4a
    assert len(words.of("keyword")) == 196 and {"changeling", "umbra armor", "totem armor"} <= words.of("keyword")
    assert {"Kindred", "Battle", "Tribal"} <= words.of("card_type") and words.subtypes["Siege"] == "battle"
    assert {"+1/+1", "-1/-1", "loyalty", "fade", "flying"} <= words.of("counter")


def test_every_library_card_uses_known_words():
    # parsing checks every word; a library word that is not in the lists would raise
    assert len(library().all_cards()) == len(library().names)


def test_text_only_abilities_are_flagged(write_case, capsys):
    # Rune of Flight with its first layer line kept as text, as a card with a line the reader leaves unread
    # is written: `unread:` marks the enchanted permanent's abilities (issue 32)
    rune = ("{name: Rune of Flight, type_line: Enchantment — Aura Rune, abilities: [enchant permanent, "
            "{text: 'When this Aura enters, draw a card.'}, {text: 'As long as enchanted permanent is a creature, it "
            "has flying.', unread: {changes: [abilities], of: attached}}]}")
    path = write_case(HEAD + "battlefield: [{card: " + rune + ", attached_to: grizzly_bears}, "
                      "{card: Grizzly Bears}, {card: Glorious Anthem}]\n"
                      "expect: {grizzly_bears: {pt: 3/3}}\n")
    result = solve(str(path))
    assert result.objects["rune_of_flight"].text_only == (
        "When this Aura enters, draw a card.", "As long as enchanted permanent is a creature, it has flying.")
    assert result.objects["glorious_anthem"].text_only == ()
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[text only] abilities generate no effect in this model (kept as text): rune_of_flight (2)" in out
    assert main(["check", "--strict", str(path)]) == 1
    assert "--strict" in capsys.readouterr().out
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "As long as enchanted permanent is a creature, it has flying.  [text only: a layer effect, not applied]" in out
    assert "When this Aura enters, draw a card.  [text only]" in out
    assert main(["explain", "--format", "json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["text_only"] == {"rune_of_flight": list(
        result.objects["rune_of_flight"].text_only)}
