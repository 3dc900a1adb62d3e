"""State-based actions after the layers (CR 704): rounds, what each rule does, input and output."""
import copy
import json

import pytest
import yaml

import bridge
from bridge.reading.case import load_case
from bridge.interfaces.cli.main import main
from bridge.results.sba import round_fact
from bridge.results.sba_render import UNCHECKED_704_5M, rounds_json
from bridge.solving.solver import solve_case

from conftest import CASES

SBA = CASES / "sba"
BEARS = {"card": "Grizzly Bears"}


def board(*objects, **top) -> dict:
    return {"case": "test", "source": "test", "battlefield": list(objects), **top}


def rounds(data: dict) -> list[dict]:
    return [r.changes() for r in bridge.solve(data, file="t.yaml").sba.performing]


@pytest.mark.parametrize("path", sorted(SBA.glob("*.yaml")), ids=lambda p: p.name)
def test_every_atom_is_a_fact_with_the_checks(path):
    """Staged grounding: the 704 parts leave no undecided atom (strict checks every atom)."""
    case = load_case(path)
    solve_case(case, strict=True, extra_facts=[round_fact(1)])


def test_a_wrong_round_fails():
    data = yaml.safe_load((SBA / "two_rounds_lord_dies.yaml").read_text(encoding="utf-8"))
    wrong = copy.deepcopy(data)
    wrong["expect_after_sba"]["rounds"] = [{"benalish_marshal": "graveyard", "llanowar_elves": "graveyard"}]
    outcome = bridge.check(wrong, file="wrong.yaml")
    assert [m.key for m in outcome.mismatches] == ["rounds"]


def test_a_wrong_final_board_fails():
    data = yaml.safe_load((SBA / "ensoul_artifact_on_equipment.yaml").read_text(encoding="utf-8"))
    data["expect_after_sba"]["board"]["grizzly_bears"]["pt"] = "4/2"
    outcome = bridge.check(data, file="wrong.yaml")
    assert [str(m) for m in outcome.mismatches] == [
        "expect_after_sba.board.grizzly_bears.pt: expected 4/2, derived 2/2"]


def test_expect_keeps_its_meaning_before_any_check():
    result = bridge.solve(SBA / "two_rounds_lord_dies.yaml")
    assert result.objects["llanowar_elves"].pt == "1/1"
    assert result.sba.final.permanents == []


def test_no_sba_skips_the_checks(capsys):
    path = str(SBA / "two_rounds_lord_dies.yaml")
    assert main(["solve", "--no-sba", "--format", "json", path]) == 0
    assert "state_based_actions" not in json.loads(capsys.readouterr().out)[0]
    assert main(["check", "--no-sba", path]) == 1
    assert "not checked (--no-sba)" in capsys.readouterr().out


def test_solve_prints_each_round_with_its_rule(capsys):
    assert main(["solve", str(SBA / "humility_opalescence_march_lattice_humility_oldest.yaml")]) == 0
    out = capsys.readouterr().out
    # (issue 34: only the parts that changed the Forest's toughness, in the order they applied: Opalescence
    # applies to enchantments, not to it)
    assert "forest: put into its owner's graveyard — toughness 0 (704.5f) after Humility, March of the " \
           "Machines\n" in out


def test_json_has_the_rounds(capsys):
    assert main(["solve", "--format", "json", str(SBA / "mycosynth_lattice_march_aura.yaml")]) == 0
    sba = json.loads(capsys.readouterr().out)[0]["state_based_actions"]   # one result per file
    assert [[(a["object"], a["action"], a["rule"]) for a in r["actions"]] for r in sba["rounds"]] == [
        [("rancor", "unattached", "704.5p")], [("rancor", "graveyard", "704.5m")], []]
    assert sba["rounds"][1]["triggers"][0]["source"] == "rancor"


def test_explain_walks_an_object_through_the_rounds(capsys):
    assert main(["explain", str(SBA / "two_rounds_lord_dies.yaml"), "llanowar_elves"]) == 0
    out = capsys.readouterr().out
    assert "round 1: Creature 1/1" in out
    assert "round 2: Creature 0/0" in out
    assert "round 3: in the graveyard" in out


def test_deathtouch_and_indestructible():
    assert rounds(board({**BEARS, "deathtouch_damage": True})) == [{"grizzly_bears": "graveyard"}]
    assert rounds(board({**BEARS, "damage": 1})) == []
    # 702.12b lethal damage destroys, and indestructible isn't destroyed; toughness 0 is no destruction
    citadel = {"card": "Darksteel Citadel", "damage": 9}
    ensoul = {"card": "Ensoul Artifact", "attached_to": "darksteel_citadel"}
    result = bridge.solve(board(citadel, ensoul), file="t.yaml")
    assert not result.sba.performing
    assert result.sba.rounds[0].not_destroyed == (("darksteel_citadel", "indestructible"),)


def test_planeswalker_loyalty():
    walker = {"card": {"name": "Test Walker", "mana_cost": "{3}", "type_line": "Legendary Planeswalker — Jace",
                       "loyalty": 3}}
    assert rounds(board(walker)) == []
    assert rounds(board({**walker, "counters": {"loyalty": 0}})) == [{"test_walker": "graveyard"}]


def test_battle_defense_0_and_its_trigger_on_the_stack():
    """704.5v (2025-09-19): a battle with defense 0 goes to the graveyard, unless it is the source of a
    triggered ability (603.1) still on the stack; an activated one does not keep it."""
    def battle(ability):
        return {"card": {"name": "Test Siege", "mana_cost": "{2}", "type_line": "Battle — Siege", "defense": 4,
                         "abilities": [{"text": ability}]}, "id": "siege"}
    assert rounds(board(battle("When this Siege enters, draw a card."))) == []
    zero = {**battle("When this Siege enters, draw a card."), "counters": {"defense": 0}}
    assert rounds(board(zero)) == [{"siege": "graveyard"}]
    assert rounds(board(zero, stack=[{"ability_of": "siege", "ability": 1}])) == []
    tapper = {**battle("{T}: Draw a card."), "counters": {"defense": 0}}
    assert rounds(board(tapper, stack=[{"ability_of": "siege", "ability": 1}])) == [{"siege": "graveyard"}]


def test_world_rule_keeps_the_newest_and_a_tie_loses_all():
    def world(name):
        return {"card": {"name": name, "mana_cost": "{2}", "type_line": "World Enchantment"}}
    assert rounds(board(world("Old World"), world("New World"))) == [{"old_world": "graveyard"}]
    tie = board({**world("A World"), "timestamp": 2}, {**world("B World"), "timestamp": 2})
    assert rounds(tie) == [{"a_world": "graveyard", "b_world": "graveyard"}]


def test_plus_and_minus_counters_annihilate():
    result = bridge.solve(board({**BEARS, "counters": {"+1/+1": 2, "-1/-1": 3}}), file="t.yaml")
    assert [r.changes() for r in result.sba.performing] == [{"grizzly_bears": "counters_removed"}]
    assert dict(result.sba.final.objects["grizzly_bears"].counters) == {"-1/-1": 1}  # none left at 0
    assert result.sba.final.objects["grizzly_bears"].pt == "1/1"


def test_life_and_poison():
    result = bridge.solve(board(BEARS, life={"Bob": 0}, poison={"Alice": 9}), file="t.yaml")
    assert [r.changes() for r in result.sba.performing] == [{"Bob": "loses_game"}]
    assert "the game is over" in result.sba.stopped
    assert result.sba.rounds[0].game_over


def test_with_three_players_the_game_goes_on_after_one_loses(capsys, tmp_path):
    """104.3, 800.4a: one of three players loses; the checks go on (Bob is not checked again)."""
    data = board({**BEARS, "damage": 2}, players=["Alice", "Bob", "Carol"], life={"Bob": 0})
    result = bridge.solve(data, file="t.yaml")
    assert [r.changes() for r in result.sba.performing] == [{"Bob": "loses_game", "grizzly_bears": "graveyard"}]
    assert not result.sba.stopped and not result.sba.rounds[0].game_over
    assert len(result.sba.rounds) == 2
    # Alice and Bob lose at once: only Carol is left, the game is over
    both = bridge.solve(board(BEARS, players=["Alice", "Bob", "Carol"], life={"Alice": 0, "Bob": -1}), file="t.yaml")
    assert both.sba.rounds[0].game_over and "the game is over" in both.sba.stopped
    path = tmp_path / "three.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert main(["solve", str(path)]) == 0
    assert "Bob: the game goes on (104.3); their objects leaving the game with them (800.4a) is not modelled" \
        in capsys.readouterr().out
    assert main(["solve", "--format", "json", str(path)]) == 0
    first = json.loads(capsys.readouterr().out)[0]["state_based_actions"]["rounds"][0]
    assert first["game_over"] is False and first["not_modelled"][0]["players"] == ["Bob"]


def test_an_aura_whose_permanent_left_goes_to_the_graveyard():
    data = board(BEARS, {"card": "Rancor", "attached_to": "grizzly_bears"},
                 events=[{"leaves": ["grizzly_bears"]}])
    assert rounds(data) == [{"rancor": "graveyard"}]


CURSE = {"name": "Test Curse", "mana_cost": "{B}", "type_line": "Enchantment — Aura Curse", "abilities": ["enchant player"]}


def test_an_aura_attached_to_a_player(capsys, tmp_path):
    """303.4, 704.5m: a Curse attached to a player stays; attached to nothing, or to a permanent, it goes;
    protection from its color (702.16c, a player's 613.10 ability) makes the player illegal."""
    assert rounds(board({"card": CURSE, "attached_to": "Bob"})) == []
    assert rounds(board({"card": CURSE})) == [{"test_curse": "graveyard"}]
    assert rounds(board(BEARS, {"card": CURSE, "attached_to": "grizzly_bears"})) == [{"test_curse": "graveyard"}]
    ward = {"card": {"name": "Ward", "type_line": "Enchantment", "abilities": [
        {"text": "You have protection from black.", "players": {"who": "you", "gain": ["protection from black"]}}]},
        "controller": "Bob"}
    result = bridge.solve(board(ward, {"card": CURSE, "attached_to": "Bob"}), file="t.yaml")
    assert [r.changes() for r in result.sba.performing] == [{"test_curse": "graveyard"}]
    path = tmp_path / "curse.yaml"
    path.write_text(yaml.safe_dump(board(ward, {"card": CURSE, "attached_to": "Bob"})), encoding="utf-8")
    assert main(["solve", str(path)]) == 0
    assert "test_curse: put into its owner's graveyard — Bob has protection from black (704.5m)" in capsys.readouterr().out


def test_an_enchant_restriction_not_read_is_said(capsys, tmp_path):
    aura = {"card": {"name": "Odd Aura", "mana_cost": "{B}", "type_line": "Enchantment — Aura",
                     "abilities": ["enchant creature with power 2 or less"]}, "attached_to": "grizzly_bears"}
    result = bridge.solve(board(BEARS, aura), file="t.yaml")
    assert not result.sba.performing
    assert result.sba.rounds[0].unchecked == (("odd_aura", "enchant creature with power 2 or less", "704.5m"),)
    assert rounds_json(result.sba)["rounds"][0]["not_checked"] == [
        {"object": "odd_aura", "enchant": "enchant creature with power 2 or less", "rule": "704.5m",
         "why": UNCHECKED_704_5M}]
    path = tmp_path / "odd.yaml"
    path.write_text(yaml.safe_dump({**board(BEARS, aura), "expect": {"odd_aura": {"pt": None}}}), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    assert f'not checked: odd_aura "enchant creature with power 2 or less" ({UNCHECKED_704_5M})' \
        in capsys.readouterr().out


@pytest.mark.parametrize("restriction,controller,stays", [
    ("enchant creature you control", "Alice", True),
    ("enchant creature you control", "Bob", False),
    ("enchant creature an opponent controls", "Bob", True),
    ("enchant nonland permanent", "Alice", True),
    ("enchant artifact or enchantment", "Alice", False),
    ("enchant creature without flying", "Alice", True),
])
def test_enchant_restrictions_of_several_words(restriction, controller, stays):
    """702.5a, 303.4c, 704.5m: read as a selector on the finished board, 'you' the Aura's controller (109.5)."""
    aura = {"card": {"name": "Aura", "mana_cost": "{W}", "type_line": "Enchantment — Aura", "abilities": [restriction]},
            "attached_to": "grizzly_bears"}
    assert rounds(board({**BEARS, "controller": controller}, aura)) == ([] if stays else [{"aura": "graveyard"}])


def test_the_legend_rule_switched_off_by_an_unread_ability_is_said():
    """613.11: Brothers Yamazaki's conditional 'the legend rule doesn't apply to them' is kept as text: 704.5j
    is not performed, and that is said."""
    result = bridge.solve(board({"card": "Brothers Yamazaki"}, {"card": "Brothers Yamazaki", "id": "b2"}), file="t.yaml")
    assert not result.sba.performing and not result.sba.rounds[0].choices
    assert {(o, rule) for o, _, rule in result.sba.rounds[0].unchecked} == {("brothers_yamazaki", "704.5j"),
                                                                          ("b2", "704.5j")}


def test_an_unknown_rule_switched_off_is_refused(refused):
    err = refused("case: t\nsource: t\nbattlefield:\n  - card: {name: G, type_line: Artifact, abilities: "
                  "[{text: t, rule_off: {rule: world_rul}}]}\n")
    assert "rule_off.rule" in err and "legend_rule" in err


def test_a_token_that_died_ceases_to_exist_at_the_next_check():
    """704.5d, 111.7: the token dies (its dies triggers fire), then ceases to exist: it is off the board."""
    result = bridge.solve(SBA / "token_dies_then_ceases_to_exist.yaml")
    assert [r.changes() for r in result.sba.performing] == [{"soldier_token": "graveyard"},
                                                            {"soldier_token": "ceases_to_exist"}]
    assert [t.source for t in result.sba.performing[0].triggers] == ["blood_artist"]
    assert "soldier_token" not in {o.id for o in result.sba.final.case.objects}
    # a token that left by an event is in the graveyard until the first check
    data = board({"card": "Grizzly Bears", "token": True}, events=[{"leaves": ["grizzly_bears"]}])
    assert rounds(data) == [{"grizzly_bears": "ceases_to_exist"}]
    # a copy of the token still reads its copiable values: not modelled, said, and the checks stop
    copied = bridge.solve(board({**BEARS, "token": True, "damage": 2}, {"card": "Clone", "copy_of": "grizzly_bears"}),
                          file="t.yaml")
    assert copied.sba.stopped.startswith("not modelled: grizzly_bears ceases to exist (704.5d) but clone")
    assert copied.sba.final.objects["clone"].pt == "2/2"
    # a card (not a token) stays in the graveyard
    assert rounds(board({**BEARS, "damage": 2})) == [{"grizzly_bears": "graveyard"}]


@pytest.mark.parametrize("text, message", [
    ("battlefield: [{card: Grizzly Bears, damage: -1}]", "battlefield[0].damage: damage marked cannot be negative"),
    ("battlefield: [{card: Grizzly Bears}]\nkeep: [bears]", "keep[0]"),
    ("battlefield: [{card: Grizzly Bears}]\nexpect_after_sba: {rounds: [{grizzly_bears: dies}]}",
     "unknown action 'dies'"),
    ("battlefield: [{card: Grizzly Bears}]\nlife: {Carol: 3}", "life"),
])
def test_bad_input_is_refused(refused, text, message):
    assert message in refused(f"case: bad\nsource: test\n{text}\n")
