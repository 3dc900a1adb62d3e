"""702.16a-j the qualities a protection keyword is read from (bridge/solving/vocabulary_facts.py) and what the
rules make of them (asp/702_keyword_abilities.lp, 704.5m-n, 115): types, subtypes, everything, multicolored;
a quality not read is said where it may matter, never answered silently (issue 32)."""
import pytest
from clingo import Function, String

import bridge
from bridge.interfaces.cli.main import main
from bridge.solving.vocabulary_facts import protection_qualities


def color(c):
    return Function("color", [String(c)])


def word(w):
    return Function("word", [String(w)])


@pytest.mark.parametrize("keyword, qualities", [
    ("protection from red", [color("Red")]),
    ("protection from black and from green", [color("Black"), color("Green")]),                 # 702.16g
    ("protection from artifacts", [word("Artifact")]),                                          # a card type
    ("protection from creatures", [word("Creature")]),
    ("protection from instants", [word("Instant")]),
    ("protection from humans", [word("Human")]),                                                # a subtype
    ("protection from Demons and from Dragons", [word("Demon"), word("Dragon")]),
    ("protection from elves", [word("Elf")]),
    ("protection from everything", [Function("everything")]),                                   # 702.16j
    ("protection from multicolored", [Function("kind", [String("multicolored")])]),             # 105.2
    ("protection from monocolored", [Function("kind", [String("monocolored")])]),
    ("protection from artifacts and from each color", [word("Artifact")] + [color(c) for c in
                                                       ("White", "Blue", "Black", "Red", "Green")]),   # 702.16h
    ("flying", []),
])
def test_a_protection_keyword_gives_its_qualities(keyword, qualities):
    assert protection_qualities(keyword) == qualities


@pytest.mark.parametrize("keyword", ["protection from each of your opponents", "protection from the chosen player",
                                     "protection from non-Human creatures", "protection from instants and sorceries",
                                     "protection from Humans and from each of your opponents"])
def test_a_quality_not_read_is_none_never_a_word(keyword):
    """702.16k a player, or a description of several words: not read (the facts mark it protection_unread)."""
    assert protection_qualities(keyword) is None


BONESPLITTER = {"card": "Bonesplitter", "attached_to": "grizzly_bears"}


def case(protection: str, *others, **top) -> dict:
    return {"case": "test", "source": "test", "battlefield": [{"card": "Grizzly Bears"}, *others],
            "effects": [{"affects": ["grizzly_bears"], "does": {"add_abilities": [protection]}}], **top}


def performed(result) -> list[dict]:
    return [r.changes() for r in result.sba.performing]


@pytest.mark.parametrize("protection, falls_off", [
    ("protection from artifacts", True), ("protection from Equipment", True), ("protection from everything", True),
    ("protection from colorless", True), ("protection from creatures", False), ("protection from multicolored", False),
    ("protection from red", False)])
def test_equipment_with_the_stated_quality_becomes_unattached(protection, falls_off):
    """702.16d, 704.5n: Bonesplitter is a colorless artifact, an Equipment; no creature, not multicolored."""
    result = bridge.solve(case(protection, BONESPLITTER), file="t.yaml")
    assert performed(result) == ([{"bonesplitter": "unattached"}] if falls_off else [])


def test_a_multicolored_aura_falls_off_a_creature_with_protection_from_multicolored():
    """105.2b, 702.16c, 704.5m: an Aura of two colors has the quality; a monocolored one doesn't."""
    def aura(name, cost):
        return {"card": {"name": name, "mana_cost": cost, "type_line": "Enchantment — Aura",
                         "abilities": ["enchant creature"]}, "attached_to": "grizzly_bears"}
    result = bridge.solve(case("protection from multicolored", aura("Two", "{W}{U}"), aura("One", "{W}")), file="t.yaml")
    assert performed(result) == [{"two": "graveyard"}]


def test_an_unread_quality_is_said_at_the_attachment_and_the_target(capsys, tmp_path):
    """A protection whose quality is not read removes nothing silently and allows nothing silently: 704.5n and
    the target's verdict say it is not checked, in `solve` and `check`."""
    result = bridge.solve(case("protection from non-Human creatures", BONESPLITTER,
                               stack=[{"card": "Giant Growth", "targets": ["grizzly_bears"]}]), file="t.yaml")
    assert not result.sba.performing
    assert [(o, rule) for o, _, rule in result.sba.rounds[0].unchecked] == [("bonesplitter", "702.16d")]
    [check] = next(o for o in result.stack if o.id == "giant_growth").targets
    assert check.legal and check.not_checked == ("protection from non-human creatures",)
    assert main(["check", "cases/sba/cr702_16a_protection_not_read_is_flagged.yaml"]) == 0
    out = capsys.readouterr().out
    assert "giant_growth → grizzly_bears: not checked" in out and "not checked: bonesplitter" in out
