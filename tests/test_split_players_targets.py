"""Split cards and questions, effects on players and game rules, target legality (issue 9)."""
import pytest

from bridge.interfaces import api
from bridge.interfaces.cli.main import main

HEAD = "case: t\nsource: test\n"

BAD = {
    "split_half_on_a_plain_card": (HEAD + "stack: [{card: Fork, half: 1}]\n", "stack[0].half: Fork is not a split card"),
    "split_without_half": (HEAD + "stack: [{card: Assault // Battery}]\n",
                           "say which half was cast with half: 1 or 2"),
    "split_half_3": (HEAD + "stack: [{card: Assault // Battery, half: 3}]\n", "expected 1 or 2"),
    "question_unknown_object": (HEAD + "questions: [{object: nope, ask: name}]\n",
                                "questions[0].object: no object with id 'nope'"),
    "question_unknown_kind": (HEAD + "hands: {Alice: [Fork]}\nquestions: [{object: fork_in_hand, ask: power}]\n",
                              "questions[0].ask: unknown question 'power'"),
    "question_two_things": (HEAD + "hands: {Alice: [Fork]}\n"
                            "questions: [{object: fork_in_hand, ask: {color: red, name: Fork}}]\n", "ask one thing"),
    "question_type_color": (HEAD + "hands: {Alice: [Fork]}\nquestions: [{object: fork_in_hand, ask: {type: red}}]\n",
                            "questions[0].ask.type: 'Red' is a color, not a word of the type line"),
    "question_type_unknown": (HEAD + "hands: {Alice: [Fork]}\nquestions: [{object: fork_in_hand, ask: {type: Bearr}}]\n",
                              "unknown word 'Bearr'"),
    "split_halves_reached_pre_m10": (HEAD + "rules: pre-m10\nbattlefield: [{card: Painter's Servant, choices: {color: blue}}]\n"
                                     "hands: {Bob: [Assault // Battery]}\n",
                                     "assault_battery_in_hand: a split card outside the stack has two sets"),
    "question_answer_type": (HEAD + "hands: {Alice: [Fork]}\n"
                             "questions: [{object: fork_in_hand, ask: {color: red}, expect: maybe}]\n",
                             "questions[0].expect: expected true or false"),
    "hands_not_a_mapping": (HEAD + "hands: [Fork]\n", "hands: expected a mapping of player name"),
    "player_expectation_unknown_player": (HEAD + "expect_players: {Carol: {has: [shroud]}}\n",
                                          "expect_players.Carol: unknown player 'Carol'"),
    "player_effect_who": (HEAD + "battlefield: [{card: {name: X, type_line: Artifact, abilities: [{text: t, "
                          "players: {who: everyone, gain: [shroud]}}]}}]\n", "unknown players 'everyone'"),
    "bad_target_spec": (HEAD + "battlefield: [{card: {name: X, type_line: Instant, targets: [creature]}}]\n",
                        "unknown target 'creature'"),
    "ability_of_unknown": (HEAD + "stack: [{ability_of: kavu}]\n", "stack[0].ability_of: no object with id 'kavu'"),
    "ability_number": (HEAD + "battlefield: [{card: Flametongue Kavu}]\nstack: [{ability_of: flametongue_kavu, ability: 2}]\n",
                       "stack[0].ability: Flametongue Kavu has 1 abilities"),
    "ability_with_a_card": (HEAD + "battlefield: [{card: Flametongue Kavu}]\n"
                            "stack: [{ability_of: flametongue_kavu, card: Fork}]\n", "an ability on the stack has no card"),
    "illegal_targets_on_a_permanent": (HEAD + "battlefield: [{card: Grizzly Bears}]\n"
                                       "expect: {grizzly_bears: {illegal_targets: []}}\n",
                                       "'grizzly_bears' is not a spell on the stack"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_gets_one_clear_message(name, refused):
    text, message = BAD[name]
    err = refused(text, f"{name}.yaml")
    assert message in err, err


def test_split_card_answers_depend_on_the_edition():
    """Seed 002 505.6 (pre-m10): 1 or 4 yes, 5 no; CR 709.4b (current): the reverse."""
    case = "cases/split/s002_505_6_void_assault_battery.yaml"
    old = [a.answer for a in api.solve(case).answers]
    new = [a.answer for a in api.solve(case, rules="current").answers]
    assert old[:3] == [True, True, False] and new[:3] == [False, False, True]


def test_a_wrong_answer_fails(write_case, capsys):
    path = write_case(HEAD + "hands: {Bob: [Assault // Battery]}\n"
                      "questions: [{object: assault_battery_in_hand, ask: {mana_value: 5}, expect: false}]\n")
    assert main(["check", str(path)]) == 1
    assert "questions[0].answer: expected False, derived True" in capsys.readouterr().out


def test_a_wrong_player_expectation_fails(write_case, capsys):
    path = write_case(HEAD + "battlefield: [{card: True Believer}, {card: Humility}]\n"
                      "expect_players: {Alice: {has: [shroud]}}\n")
    assert main(["check", str(path)]) == 1
    assert "Alice.has: expected [shroud], derived []" in capsys.readouterr().out


def test_hand_size_effects_apply_in_timestamp_order():
    """613.11 / 613.7: a later "set" wins over an earlier "no maximum"; an "add" after it adds."""
    def board(order):
        cards = {"none": {"name": "No Max", "type_line": "Artifact",
                          "abilities": [{"text": "You have no maximum hand size.",
                                         "players": {"who": "you", "max_hand_size": "none"}}]},
                 "five": {"name": "Five", "type_line": "Artifact",
                          "abilities": [{"text": "Your maximum hand size is five.",
                                         "players": {"who": "you", "max_hand_size": 5}}]},
                 "plus": {"name": "Plus Two", "type_line": "Artifact",
                          "abilities": [{"text": "Your maximum hand size is increased by two.",
                                         "players": {"who": "you", "max_hand_size": {"add": 2}}}]}}
        case = {"case": "t", "battlefield": [{"card": cards[name]} for name in order]}
        return api.solve(case).players[0].max_hand_size
    assert board(["none", "five"]) == 5
    assert board(["five", "none"]) is None
    assert board(["plus", "five"]) == 5
    assert board(["five", "plus"]) == 7
    assert board(["plus"]) == 9


def test_explain_says_which_characteristic_made_a_target_illegal():
    from bridge.results.explain import explain_text
    text = explain_text(api.solve("cases/targets/s004_413_2a_plague_spores_black_land.yaml"))
    assert "plague_spores → forest: illegal: forest has Black among its colors" in text
    text = explain_text(api.solve("cases/targets/cr702_16b_fork_copy_is_red.yaml"))
    assert "bear has protection from red, and the spell or the ability's source is red (702.16b)" in text


def test_a_target_that_left_is_illegal():
    case = {"case": "t", "battlefield": [{"card": "Crusade", "controller": "Bob"}],
            "stack": [{"card": "Aura Blast", "targets": ["crusade"]}],
            "events": [{"leaves": ["crusade"]}]}
    blast = api.solve(case).objects["aura_blast"]
    assert blast.countered_on_resolution
    assert [r.name for r in blast.targets[0].reasons] == ["gone"]


def test_modal_targets_follow_the_chosen_mode():
    """Emerald Charm's second mode targets a non-Aura enchantment: a creature is illegal there."""
    case = {"case": "t", "battlefield": [{"card": "Grizzly Bears"}, {"card": "Crusade"}],
            "stack": [{"card": "Emerald Charm", "id": "on_bears", "modes": [2], "targets": ["grizzly_bears"]},
                      {"card": "Emerald Charm", "id": "on_crusade", "modes": [2], "targets": ["crusade"]},
                      {"card": "Emerald Charm", "id": "untap_bears", "modes": [1], "targets": ["grizzly_bears"]}]}
    objects = api.solve(case).objects
    assert objects["on_bears"].countered_on_resolution
    assert not objects["on_crusade"].countered_on_resolution
    assert not objects["untap_bears"].countered_on_resolution


def test_compare_shows_answers_that_differ(capsys):
    assert main(["compare", "--rules", "pre-m10,current", "cases/split/s002_505_6_void_assault_battery.yaml"]) == 0
    out = capsys.readouterr().out
    assert "questions[2]: pre-m10: no   current: yes" in out


def test_an_ability_on_the_stack_has_its_source_color_for_protection():
    """702.16b: Flametongue Kavu's trigger can't target a creature with protection from red; the
    copy keeps the same source (707.10b) and a new target must be legal (707.10c)."""
    objects = api.solve("cases/targets/cr707_10b_copied_trigger_keeps_its_source.yaml").objects
    original = objects["flametongue_kavu_ability"]
    assert original.ability_of == "flametongue_kavu" and original.cast is False and original.colors == ()
    assert [r.name for r in original.targets[0].reasons] == ["protection"]
    assert objects["retargeted"].targets[0].legal


def test_without_effects_on_players_they_keep_seven_cards_and_no_table_is_printed(capsys):
    """402.2: the maximum hand size is normally seven (a case with no player effect still says so)."""
    result = api.solve("cases/cr613/gray_ogre.yaml")
    assert [(p.name, p.has, p.max_hand_size) for p in result.players] == [("Alice", (), 7), ("Bob", (), 7)]
    assert main(["solve", "cases/cr613/gray_ogre.yaml"]) == 0
    assert "players (613.10" not in capsys.readouterr().out


def test_explain_an_ability_on_the_stack(capsys):
    assert main(["explain", "cases/targets/cr707_10b_copied_trigger_keeps_its_source.yaml",
                 "flametongue_kavu_ability_copy"]) == 0
    out = capsys.readouterr().out
    assert "an ability on the stack has no characteristics (113.7a); its source is flametongue_kavu" in out
