"""Static abilities that apply "as long as ..." (asp/604_2_conditions.lp, bridge/vocabulary/conditions.py)."""
from pathlib import Path

import pytest

from bridge import solve
from bridge.reading.case import load_case
from bridge.solving.solver import solve_case

HEAD = "case: t\nsource: test\n"
CONDITION_CASES = sorted((Path(__file__).resolve().parent.parent / "cases" / "conditions").glob("*.yaml"))


def relic(condition: str) -> str:
    return ("  - card: {name: Relic, mana_cost: '{4}', type_line: Artifact, abilities: [{text: t, static: "
            "{as_long_as: " + condition + ", affects: self, does: [{add_types: [Creature]}, {set_base_pt: 5/5}]}}]}\n")


def types_of(write_case, text: str) -> dict:
    result = solve(str(write_case(HEAD + text)))
    return {o.id: tuple(o.types) for o in result.objects.values()}


@pytest.mark.parametrize("path", CONDITION_CASES, ids=lambda p: p.name)
def test_every_atom_is_a_fact(path):
    """Staged grounding: the conditions are evaluated in a call of their own before each step."""
    solve_case(load_case(path), strict=True)
    solve_case(load_case(path), strict=True, batches=False)


@pytest.mark.parametrize("condition,artifacts,creature", [
    ("{count: {all: [artifact], controller: you}, at_least: 3}", 2, True),
    ("{count: {all: [artifact], controller: you}, at_least: 3}", 1, False),
    ("{count: {all: [artifact], controller: you}, less_than: 3}", 1, True),
    ("{count: {all: [artifact], controller: you, other: true}, equal: 0}", 0, True),
    ("{count: {all: [artifact], controller: you, other: true}, equal: 0}", 1, False),
    ("[{self: {all: [artifact]}}, {count: {all: [artifact]}, at_most: 2}]", 1, True),
    ("{self: {not: [artifact]}}", 0, False),
])
def test_counted_conditions(write_case, condition, artifacts, creature):
    board = relic(condition) + "".join(f"  - {{card: Bonesplitter, id: b{i}}}\n" for i in range(artifacts))
    assert ("Creature" in types_of(write_case, "battlefield:\n" + board)["relic"]) == creature


def test_control_change_counts_the_new_controllers_artifacts(write_case):
    """109.5: "you" is the current controller of the ability's object (a layer-2 change is seen in layer 4)."""
    board = (relic("{count: {all: [artifact], controller: you}, at_least: 3}")
             + "  - card: Bonesplitter\n  - {card: Darksteel Citadel}\n"
             + "effects: [{affects: [relic], does: {gain_control: you}, controller: Bob}]\n")
    assert "Creature" not in types_of(write_case, "battlefield:\n" + board)["relic"]


def test_dependency_reason_is_the_condition():
    path = next(p for p in CONDITION_CASES if p.name == "rusted_relic_song_of_the_dryads.yaml")
    text = explain_text(path)
    assert "would make that effect's condition (\"as long as ...\") false" in text


def explain_text(path) -> str:
    import contextlib
    import io
    from bridge.interfaces.cli.main import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["explain", str(path)]) == 0
    return out.getvalue()


@pytest.mark.parametrize("condition,message", [
    ("{count: {all: [artifact]}}", "say how many"),
    ("{status: monstrus}", "did you mean 'monstrous'"),
    ("{self: {all: [creature]}, at_least: 2}", "takes no number bound"),
    ("{counters: levle, at_least: 2}", "did you mean 'level'"),
    ("{count: {all: [artifact]}, counters: level, at_least: 1}", "a condition names one thing"),
    ("{self: self}", "give what it must be"),
])
def test_bad_conditions_refused(refused, condition, message):
    err = refused(HEAD + "battlefield:\n" + relic(condition))
    assert "as_long_as" in err and message in err


def test_cda_with_condition_refused(refused):
    err = refused(HEAD + "battlefield:\n  - card: {name: X, type_line: Creature — Elf, pt: 1/1, abilities: [{text: t, "
                  "cda: true, static: {as_long_as: {status: tapped}, affects: self, does: {set_base_pt: 2/2}}}]}\n")
    assert "604.3a(5)" in err


def god(extra: str = "") -> str:
    return ("  - card: {name: God, mana_cost: '{3}{R}', type_line: Enchantment Creature — God, pt: 6/5, abilities: "
            "[{text: t, static: {as_long_as: {devotion: [red, green], less_than: 3}, affects: self, "
            "does: {remove_types: [Creature]}}}]}\n" + extra)


@pytest.mark.parametrize("board,creature", [
    ("", False),
    ("  - card: {name: H, mana_cost: '{R/G}', type_line: Enchantment}\n", False),        # a hybrid symbol counts once
    ("  - card: {name: H, mana_cost: '{R/G}{G}', type_line: Enchantment}\n", True),
    ("  - {card: {name: H, mana_cost: '{R/G}{G}', type_line: Enchantment}, controller: Bob}\n", False),
    ("  - {card: {name: H, mana_cost: '{R}{G}', type_line: Creature — Elf, pt: 1/1}, status: {face_down: true}}\n",
     False),                                                                               # 708.2a no mana cost
])
def test_devotion(write_case, board, creature):
    assert ("Creature" in types_of(write_case, "battlefield:\n" + god(board))["god"]) == creature


RED = "  - card: {name: H, mana_cost: '{R}', type_line: Creature — Elf, pt: 1/1}\n"
COPIER = ("  - {card: {name: C, mana_cost: '{3}{U}', type_line: Creature — Shapeshifter, pt: 0/0, abilities: "
          "[{text: c, enters_as_copy: {%s}}]}, copy_of: %s, id: %s}\n")


@pytest.mark.parametrize("board,creature", [
    (RED, False),                                                                  # 1 + 1
    (RED + COPIER % ("", "h", "c1"), True),                                        # 700.5a: a copy's {R} counts
    (RED + COPIER % ("except: {keep: [mana_cost]}", "h", "c1"), False),            # 707.9c it keeps its {3}{U}
    (RED + COPIER % ("except: {keep: [mana_cost]}", "h", "c1") + COPIER % ("", "c1", "c2"), False),  # ... so its copy too
])
def test_devotion_counts_a_copys_mana_cost(write_case, board, creature):
    """700.5a devotion after copy effects; 707.2 the mana cost is a copiable value (derived from the CR)."""
    assert ("Creature" in types_of(write_case, "battlefield:\n" + god(board))["god"]) == creature


def test_devotion_counts_the_cost_of_a_copied_card_in_a_graveyard(write_case):
    """Dimir Doppelganger's 'becomes a copy of that card' (707.2: a card's printed mana cost): {R}{R} + the god's {R}."""
    board = ("graveyards: {Alice: [{card: {name: H, mana_cost: '{R}{R}', type_line: Creature — Elf, pt: 1/1}}]}\n"
             "battlefield:\n" + god("  - {card: {name: D, mana_cost: '{1}{U}{B}', type_line: Creature — Shapeshifter, "
                                    "pt: 0/2, abilities: [{text: d, becomes_copy: {}}]}, id: d}\n")
             + "effects:\n  - {affects: [d], becomes_copy_of: h_in_graveyard}\n")
    assert "Creature" in types_of(write_case, board)["god"]


def test_unknown_devotion_color_refused(refused):
    err = refused(HEAD + "battlefield:\n" + relic("{devotion: [rde], at_least: 1}"))
    assert "did you mean 'red'" in err


HELLBENT = ("  - card: {name: Imp, type_line: Creature — Imp, pt: 1/1, abilities: [{text: t, static: {as_long_as: "
            "{count_cards: {zone: hand, owner: you}, equal: 0}, affects: self, does: {modify_pt: +2/+0}}}]}\n")


@pytest.mark.parametrize("hand,pt", [
    ("", "3/1"), ("hands: {Alice: 2}\n", "1/1"), ("hands: {Bob: 2}\n", "3/1"), ("hands: {Alice: [Forest]}\n", "1/1"),
    ("hands: {Alice: 0}\n", "3/1"),
])
def test_cards_in_hand_listed_or_given_as_a_number(write_case, hand, pt):
    result = solve(str(write_case(HEAD + "battlefield:\n" + HELLBENT + hand)))
    assert result.objects["imp"].pt == pt


def test_words_asked_of_cards_given_as_a_number_refused(refused):
    imp = HELLBENT.replace("zone: hand, owner: you", "zone: library, owner: you, all: [creature]")
    err = refused(HEAD + "battlefield:\n" + imp + "libraries: {Alice: 40}\n")
    assert "given as a number only" in err


def test_text_change_rewrites_the_condition(write_case):
    """612.2 (derived by the authors): Clout of the Dominus's 'is blue' changed to 'is green' applies to a green bear."""
    board = ("battlefield:\n  - card: Grizzly Bears\n  - {card: Clout of the Dominus, attached_to: grizzly_bears}\n"
             "effects:\n  - {affects: [clout_of_the_dominus], does: {change_text: {from: blue, to: green}}}\n")
    result = solve(str(write_case(HEAD + board)))
    assert result.objects["grizzly_bears"].pt == "3/3"


@pytest.mark.parametrize("change,pt", [("", "5/5"), ("{from: red, to: green}", "4/4"), ("{from: green, to: red}", "5/5")])
def test_text_change_rewrites_devotion_in_a_number(write_case, change, pt):
    """612.2, 700.5 (derived by the authors): 'gets +X/+X where X is your devotion to red' changed to green counts
    green symbols; a change of a word it doesn't use changes nothing."""
    idol = "{power: {devotion: [red]}, toughness: {devotion: [red]}}"
    pips = "  - card: {name: Pips, mana_cost: '{G}{G}', type_line: Enchantment}\n"
    assert idol_pt(write_case, idol, pips, change, mana_cost="{R}{R}{R}") == pt


@pytest.mark.parametrize("change,pt", [("", "3/2"), ("{from: red, to: green}", "4/2"), ("{from: blue, to: green}", "3/2")])
def test_text_change_rewrites_a_count_of_cards(write_case, change, pt):
    """612.2 (derived by the authors): 'gets +1/+0 for each red card in your graveyard' changed to green counts
    the green cards."""
    idol = "{power: {count_cards: {zone: graveyard, owner: you, all: [red]}}, toughness: 0}"
    graveyard = "graveyards: {Alice: [{card: {name: Bolt, mana_cost: '{R}', type_line: Instant}}, Grizzly Bears, Giant Growth]}\n"
    assert idol_pt(write_case, idol, graveyard, change) == pt


@pytest.mark.parametrize("change,pt", [("", "4/2"), ("{from: black, to: green}", "3/2")])
def test_text_change_rewrites_a_word_a_count_excludes(write_case, change, pt):
    """612.2 (derived by the authors): 'gets +1/+0 for each nonblack creature you control' changed to nongreen
    no longer counts the green bear (the colorless Idol counts itself in both; Bob's bear never)."""
    idol = "{power: {count: {all: [creature], not: [black], controller: you}}, toughness: 0}"
    bears = "  - card: Grizzly Bears\n  - {card: Grizzly Bears, controller: Bob}\n"
    assert idol_pt(write_case, idol, bears, change) == pt


def idol_pt(write_case, modify: str, rest: str, change: str, mana_cost: str = "") -> str:
    """The P/T of an Idol whose ability 'gets MODIFY', on a board with REST, its text changed by CHANGE."""
    cost = f"mana_cost: '{mana_cost}', " if mana_cost else ""
    board = ("battlefield:\n  - card: {name: Idol, " + cost + "type_line: Artifact Creature — Golem, pt: 2/2, abilities: "
             "[{text: t, static: {affects: self, does: {modify_pt: " + modify + "}}}]}\n" + rest)
    if change:
        board += "effects:\n  - {affects: [idol], does: {change_text: " + change + "}}\n"
    return solve(str(write_case(HEAD + board))).objects["idol"].pt


@pytest.mark.parametrize("path", [Path(__file__).resolve().parent.parent / "cases" / "text" /
                                  "sleight_of_mind_purphoros_devotion.yaml"], ids=lambda p: p.name)
def test_text_changed_devotion_every_atom_is_a_fact(path):
    solve_case(load_case(path), strict=True)
    solve_case(load_case(path), strict=True, batches=False)


@pytest.mark.parametrize("on,pt", [("source", "5/2"), ("attached", "3/2"), ("affected", "3/2")])
def test_counters_on_another_object(write_case, on, pt):
    """122.1 (derived by the authors): 'gets +1/+0 for each charge counter on ~' counts the Equipment's counters."""
    board = ("battlefield:\n  - {card: Grizzly Bears, counters: {charge: 1}}\n  - card: {name: Rod, type_line: Artifact — "
             "Equipment, abilities: [{text: t, static: {affects: equipped, does: {modify_pt: {power: {counters: "
             "{kind: charge, object: " + on + "}}, toughness: 0}}}}]}\n    attached_to: grizzly_bears\n"
             "    counters: {charge: 3}\n")
    result = solve(str(write_case(HEAD + board)))
    assert result.objects["grizzly_bears"].pt == pt


def test_counters_on_unknown_object_refused(refused):
    err = refused(HEAD + "battlefield:\n" + relic("{counters: {kind: charge, object: sorce}, at_least: 1}"))
    assert "did you mean 'source'" in err


LIFE_ANTHEM = ("  - card: {name: L, type_line: Enchantment, abilities: [{text: t, static: {as_long_as: {life: you, "
               "at_least: 30}, affects: {all: [creature]}, does: {add_types: [Artifact]}}}]}\n  - card: Grizzly Bears\n")


@pytest.mark.parametrize("life,artifact", [(29, False), (30, True)])
def test_a_life_total_condition(write_case, life, artifact):
    """119, 109.5: 'as long as you have 30 or more life' reads the case's life total of the ability's controller."""
    types = types_of(write_case, f"life: {{Alice: {life}}}\nbattlefield:\n" + LIFE_ANTHEM)
    assert ("Artifact" in types["grizzly_bears"]) == artifact


def test_a_life_total_the_case_does_not_give_is_refused(refused):
    err = refused(HEAD + "life: {Bob: 20}\nbattlefield:\n" + LIFE_ANTHEM)
    assert "Alice's life total" in err and "life: {Alice: N}" in err


def test_life_of_another_player_is_refused(refused):
    err = refused(HEAD + "battlefield:\n" + LIFE_ANTHEM.replace("life: you", "life: opponent"))
    assert "expected you" in err
