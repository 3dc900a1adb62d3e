"""Events, the stack and triggers: bad input, a wrong expectation is caught, output and explain."""
import json

import pytest

from bridge.interfaces import api
from bridge.interfaces.cli.main import main

HEAD = "case: t\nsource: test\n"
GELECTRODE = HEAD + "battlefield: [{card: Gelectrode}, {card: Island, controller: Bob}]\n"

BAD = {
    "two_kinds": (GELECTRODE + "events: [{cast: {card: Gigadrowse}, enters: {card: Clone}}]\n",
                  "events[0]: each event has exactly one of"),
    "no_kind": (GELECTRODE + "events: [{expect_triggers: {}}]\n", "events[0]: each event has exactly one of"),
    "unknown_kind": (GELECTRODE + "events: [{dies: island}]\n", "events[0].dies: unknown key 'dies'"),
    "leaves_unknown": (GELECTRODE + "events: [{leaves: [islnd]}]\n",
                       "events[0].leaves.objects[0]: no object with id 'islnd' at this point (did you mean 'island'?)"),
    "leaves_twice": (GELECTRODE + "events: [{leaves: [island]}, {leaves: [island]}]\n",
                     "events[1].leaves.objects[0]: 'island' is in the graveyard already"),
    "sacrifice_a_spell": (GELECTRODE + "stack: [{card: Gigadrowse, targets: [island]}]\n"
                          "events: [{cast: {card: Fling, sacrifice: [gigadrowse]}}]\n",
                          "events[0].cast.sacrifice[0]: 'gigadrowse' is in the stack, not on the battlefield"),
    "copy_by_a_non_copier": (GELECTRODE + "stack: [{card: Gigadrowse, targets: [island]}]\n"
                             "events: [{copy: {spell: gigadrowse, by: gelectrode}}]\n",
                             "'gelectrode' has no ability that copies spells"),
    "replicate_count": (GELECTRODE + "stack: [{card: Gigadrowse, targets: [island], replicate: 2}]\n"
                        "events: [{copy: {spell: gigadrowse, by: gigadrowse, count: 3}}]\n",
                        "3 copies made by its replicate trigger, but its replicate cost was paid 2 times"),
    "new_target_position": (GELECTRODE + "stack: [{card: Gigadrowse, targets: [island], replicate: 1}]\n"
                            "events: [{copy: {spell: gigadrowse, by: gigadrowse, new_targets: {2: gelectrode}}}]\n",
                            "the original spell has no target number 2 to change"),
    "illegal_new_target": (GELECTRODE + "stack: [{card: Giant Growth, targets: [gelectrode]}]\n"
                           "events: [{cast: {card: Fork, targets: [giant_growth]}}, {copy: {spell: giant_growth, by: fork,"
                           " new_targets: {1: island}}}]\n",
                           "the new target 'island' is not a legal target (707.10c): island doesn't have Creature"),
    "too_many_copies": (GELECTRODE + "stack: [{card: Gigadrowse, targets: [island], replicate: 1}]\n"
                        "events: [{copy: {spell: gigadrowse, by: gigadrowse, count: 1000000000}}]\n",
                        "1,000,000,000 copies would make more than 5,000 objects (--max-objects)"),
    "divided_not_a_mapping": (GELECTRODE + "stack: [{card: Gigadrowse, targets: [island]}]\n"
                              "expect: {gigadrowse: {decisions: {divided: [1, 2]}}}\n",
                              "expect.gigadrowse.decisions.divided: expected a mapping of target to its share"),
    "unknown_target": (GELECTRODE + "stack: [{card: Gigadrowse, targets: [islnd]}]\n",
                       "stack[0].targets[0]: no object or player 'islnd'"),
    "copy_without_copier": (GELECTRODE + "stack: [{card: Gigadrowse, targets: [island]}, {card: Gigadrowse, "
                            "copy_of: gigadrowse}]\n", "stack[1].copied_by: a copy of a spell needs 'copied_by'"),
    "face_up_twice": (GELECTRODE + "events: [{turn_face_up: gelectrode}]\n", "'gelectrode' is not face down"),
    "cast_is_no_copy": (GELECTRODE + "events: [{cast: {card: Gigadrowse, copy_of: x}}]\n",
                        "events[0].cast.copy_of: unknown key 'copy_of'"),
    "expect_in_graveyard": (GELECTRODE + "events: [{leaves: [island]}]\nexpect: {island: {controller: Alice}}\n",
                            "expect.island.controller: 'island' is in the graveyard: it has no controller (108.4a)"),
    "bad_trigger_expectation": (GELECTRODE + "events: [{cast: {card: Gigadrowse}, expect_triggers: [gelectrode]}]\n",
                                "events[0].expect_triggers: expected a mapping of source id"),
    "bad_trigger_word": (HEAD + "battlefield: [{card: {name: X, type_line: Artifact, abilities: [{text: t, "
                         "triggered: {when: dies, what: self}}]}}]\n",
                         "battlefield[0].card.abilities[0].triggered.when: unknown event 'dies'"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_events_get_one_clear_message(name, refused):
    text, message = BAD[name]
    err = refused(text, f"{name}.yaml")
    assert message in err, err


def test_a_wrong_trigger_count_fails(write_case, capsys):
    path = write_case(GELECTRODE + "events: [{cast: {card: Gigadrowse, targets: [island], replicate: 2}, "
                      "expect_triggers: {gelectrode: 3, gigadrowse: 1}}]\n")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "events[0].expect_triggers" in out and "'gelectrode': 1" in out


def test_a_wrong_decision_fails(write_case, capsys):
    path = write_case(GELECTRODE + "stack: [{card: Emerald Charm, modes: [2], targets: [island]}]\n"
                      "events: [{cast: {card: Fork, targets: [emerald_charm]}}, {copy: {spell: emerald_charm, by: fork}}]\n"
                      "expect: {emerald_charm_copy: {decisions: {modes: [1]}}}\n")
    assert main(["check", str(path)]) == 1
    assert "emerald_charm_copy.decisions.modes: expected [1], derived [2]" in capsys.readouterr().out


def test_solve_json_lists_the_stack_and_the_triggers(capsys):
    assert main(["solve", "--format", "json", "cases/events/s003_gigadrowse_replicate_gelectrode.yaml"]) == 0
    data = json.loads(capsys.readouterr().out)
    result = data[0] if isinstance(data, list) else data
    stack = [o for o in result["objects"] if o["zone"] == "stack"]
    assert len(stack) == 6 and sum(o["cast"] for o in stack) == 1
    cast, copy = result["events"]
    assert {t["source"]: t["times"] for t in cast["triggers"]} == {"gelectrode": 1, "gigadrowse": 1}
    assert copy["triggers"] == []


def test_explain_says_what_decided_a_trigger():
    from bridge.results.explain import explain_text
    text = explain_text(api.solve("cases/events/s004_410_10b_lands_are_creatures.yaml"))
    assert 'soul_warden: "Whenever another creature enters, you gain 1 life." triggers for forest' in text
    assert "forest has Creature among its types" in text
    text = explain_text(api.solve("cases/events/s004_410_10b_lose_all_abilities.yaml"))
    assert "but it doesn't have that ability then" in text
    text = explain_text(api.solve("cases/events/s003_gigadrowse_replicate_gelectrode.yaml"))
    assert "a copy of a spell isn't cast (707.10)" in text


def test_leaves_triggers_look_back_but_enters_triggers_look_forward(write_case):
    """603.10a: a creature that dies with Soul Watcher triggers it; Soul Warden doesn't see a creature
    that entered and died in earlier events (each event looks at its own board)."""
    result = api.solve("cases/events/s004_410_10d_leaves_look_back.yaml")
    assert [(t.source, t.times) for t in result.events[0].triggers] == [("soul_watcher", 2)]
    assert result.case.object("soul_watcher").zone == "graveyard"


def test_entering_as_a_copy_uses_the_copy_for_replacement_effects():
    result = api.solve("cases/events/s000_503_5_clone_skyshroud_behemoth.yaml")
    clone = result.objects["clone"]
    assert "tapped" in clone.status and dict(clone.counters) == {"fade": 2}
    plain = api.solve(HEAD_CLONE_BEARS)
    assert "tapped" not in plain.objects["clone"].status


HEAD_CLONE_BEARS = {"case": "t", "battlefield": [{"card": "Grizzly Bears"}],
                    "events": [{"enters": {"card": "Clone", "copy_of": "grizzly_bears"}}]}


def test_a_copy_is_controlled_and_owned_by_who_put_it_on_the_stack():
    """707.10: by default the controller of what copied it; a case may say another player."""
    case = {"case": "t", "players": ["Alice", "Bob"],
            "stack": [{"card": "Azorius Charm", "modes": [2]}],
            "events": [{"cast": {"card": "Fork", "controller": "Bob", "targets": ["azorius_charm"]}},
                       {"copy": {"spell": "azorius_charm", "by": "fork"}},
                       {"copy": {"spell": "azorius_charm", "by": "fork", "controller": "Alice", "ids": ["mine"]}}]}
    result = api.solve(case)
    copy, mine = result.objects["azorius_charm_copy"], result.objects["mine"]
    assert (copy.controller, copy.owner) == ("Bob", "Bob")
    assert (mine.controller, mine.owner) == ("Alice", "Alice")
    assert result.objects["azorius_charm"].controller == "Alice"


def test_the_timeout_bounds_all_the_boards_of_a_case():
    from bridge.model.errors import SolveTimeout
    case = {"case": "t", "battlefield": [{"card": "Soul Warden"}],
            "events": [{"enters": {"card": "Grizzly Bears"}} for _ in range(30)]}
    with pytest.raises(SolveTimeout):
        api.solve(case, timeout=0.3)


def test_a_copy_stays_red_when_fork_has_left_the_stack():
    """611.2a / 707.10: the copy effect doesn't end when its source (Fork) leaves the stack."""
    case = {"case": "t", "stack": [{"card": "Azorius Charm", "modes": [2]}],
            "events": [{"cast": {"card": "Fork", "targets": ["azorius_charm"]}},
                       {"copy": {"spell": "azorius_charm", "by": "fork"}},
                       {"leaves": ["fork"]}]}
    copy = api.solve(case).objects["azorius_charm_copy"]
    assert copy.colors == ("red",) and copy.decisions["modes"] == [2]


def test_transforming_what_is_no_double_faced_card_does_nothing_and_says_so(capsys):
    """701.28c, 712.5: not bad input; the Clone stays as it was and explain says why."""
    path = "cases/peers/xmage_transform_copy.yaml"
    result = api.solve(path)
    assert result.objects["clone"].name == "Lambholt Pacifist"
    assert result.events[1].nothing == (("clone", "not_double_faced"),)
    assert main(["explain", path]) == 0
    assert "clone: it isn't represented by a transforming double-faced card, so nothing happens (701.28c" \
        in capsys.readouterr().out


PARAGON = {"card": "Bramblewood Paragon"}
SEASON = {"card": "Doubling Season"}
WARRIOR = {"name": "W", "type_line": "Creature — Elf Warrior", "pt": "1/1"}


def entering_counters(objects, entering) -> dict:
    result = api.solve({"case": "t", "source": "t", "battlefield": objects, "events": [{"enters": entering}]})
    return dict(result.objects[entering["id"]].counters)


def test_counters_from_several_permanents_add_up():
    """614.1c: two Paragons give two counters (one each), doubled by each Doubling Season (616.1e)."""
    assert entering_counters([PARAGON, PARAGON], {"card": WARRIOR, "id": "w"}) == {"+1/+1": 2}
    assert entering_counters([PARAGON, SEASON, SEASON], {"card": WARRIOR, "id": "w"}) == {"+1/+1": 4}
    # its own counters (614.1c) are doubled too; a non-Warrior gets no additional counter
    own = {**WARRIOR, "type_line": "Creature — Elf", "abilities": [{"text": "e", "enters": {"counters": {"+1/+1": 3}}}]}
    assert entering_counters([PARAGON, SEASON], {"card": own, "id": "w"}) == {"+1/+1": 6}


def test_an_order_of_replacements_that_a_player_chooses_is_refused(refused):
    """616.1: its own counters, an additional one and a doubler at once: the controller orders them."""
    own = {**WARRIOR, "abilities": [{"text": "e", "enters": {"counters": {"+1/+1": 3}}}]}
    import yaml
    err = refused(yaml.safe_dump({"case": "t", "source": "t", "battlefield": [PARAGON, SEASON],
                                  "events": [{"enters": {"card": own, "id": "w"}}]}))
    assert "events[0]" in err and "616.1" in err
