"""Cards outside the battlefield, spells under statics, token copies, merged and modal cards (issue 17):
bad input gets one clear message; what the zone rules change and what they leave alone."""
import pytest
import yaml

from bridge.interfaces import api
from bridge.interfaces.cli.main import main

HEAD = "case: t\nsource: test\n"
SERVANT = HEAD + "battlefield: [{card: Painter's Servant, choices: {color: blue}}]\n"

BAD = {
    "unknown_zone": (HEAD + "battlefield: [{card: {name: X, type_line: Artifact, abilities: [{text: t, static: "
                     "{affects: {zone: graveyrd}, does: {add_colors: [red]}}}]}}]\n",
                     "zone: unknown zone 'graveyrd' (did you mean 'graveyard'?)"),
    "bad_owner": (HEAD + "battlefield: [{card: {name: X, type_line: Artifact, abilities: [{text: t, static: "
                  "{affects: {zone: hand, owner: me}, does: {add_colors: [red]}}}]}}]\n",
                  "owner: expected you or opponent, got 'me'"),
    "controller_in_hand": (SERVANT + "hands: {Alice: [Grizzly Bears]}\n"
                           "expect: {grizzly_bears_in_hand: {controller: Alice}}\n",
                           "'grizzly_bears_in_hand' is in the hand: it has no controller (108.4a)"),
    "zone_entry_key": (HEAD + "libraries: {Alice: [{card: Forest, controller: Alice}]}\n",
                       "libraries.Alice[0].controller: unknown key 'controller'"),
    "token_without_card": (HEAD + "battlefield: [{token: true}]\n",
                           "a token needs a card (its characteristics, 111.4) or copy_of (707.2)"),
    "created_by_not_token": (HEAD + "battlefield: [{card: Grizzly Bears, created_by: x}]\n",
                             "only a token copy (token: true, copy_of) has this key"),
    "merged_in_hand": (HEAD + "hands: {Alice: [{card: Grizzly Bears, merged_under: [Forest]}]}\n",
                       "unknown key 'merged_under'"),
    "back_face_up_not_modal": (HEAD + "battlefield: [{card: Delver of Secrets, status: {back_face_up: true}}]\n",
                               "only a modal double-faced card (modal_back) on the battlefield or the stack"),
    "chosen_unknown_object": (HEAD + "battlefield: [{card: Grizzly Bears, choices: {creature: nobody}}]\n",
                              "choices.creature: no object with id 'nobody'"),
    "condition_with_controller": (HEAD + "battlefield: [{card: {name: X, type_line: Creature, pt: 0/0, abilities: "
                                  "[{text: t, enters_as_copy: {except: {conditional: [{if: {controller: you}, "
                                  "add_abilities: [flying]}]}}}]}}]\n",
                                  "a copy's condition names characteristics only: all / not"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_zone_input_gets_one_clear_message(name, refused):
    text, message = BAD[name]
    err = refused(text, f"{name}.yaml")
    assert message in err, err


def test_a_selector_without_zone_still_names_permanents_only():
    """Glorious Anthem's creatures are permanents: a creature card in hand keeps its printed P/T."""
    result = api.solve(yaml.safe_load(HEAD + "battlefield: [{card: Glorious Anthem}, {card: Grizzly Bears}]\n"
                       "hands: {Alice: [Grizzly Bears]}\ngraveyards: {Alice: [Grizzly Bears]}\n"))
    pts = {o.id: o.pt for o in result.objects.values()}
    assert pts == {"glorious_anthem": None, "grizzly_bears": "3/3", "grizzly_bears_in_hand": "2/2",
                   "grizzly_bears_in_graveyard": "2/2"}


def test_zone_tables_are_printed_by_zone_library_top_first(write_case, capsys):
    path = write_case(SERVANT + "libraries: {Alice: [Forest, Island]}\nhands: {Bob: [Gray Ogre]}\n")
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "hand:" in out and "library (top first):" in out
    assert out.index("forest_in_library") < out.index("island_in_library")
    assert "graveyard:" not in out                       # only zones that have cards


def test_an_effect_on_spells_reaches_the_stack_only_with_zone_stack():
    lattice = api.solve(yaml.safe_load(HEAD + "battlefield: [{card: Mycosynth Lattice}]\n"
                                       "stack: [{card: Giant Growth, targets: [mycosynth_lattice]}]\n"))
    assert lattice.objects["giant_growth"].colors == ()
    assert lattice.objects["giant_growth"].types == ("Instant",)     # "all permanents are artifacts" only


def test_the_zone_rules_leave_no_undecided_atom():
    from bridge.reading.case import load_case
    from bridge.solving.solver import solve_case
    case = load_case(yaml.safe_load(HEAD + "hands: {Alice: [Gray Ogre]}\n"
                     "battlefield: [{card: Painter's Servant, choices: {color: blue}}, {card: Necrotic Ooze},"
                     " {card: Yixlid Jailer}, {card: Tarmogoyf}]\n"
                     "graveyards: {Bob: [{name: D, type_line: Creature, pt: 1/1, abilities: [{text: '{T}: Add {G}.'}]}]}\n"))
    solution = solve_case(case)
    assert solution.undecided() == []


def test_counts_of_graveyard_cards_see_what_effects_made_of_them():
    """Tarmogoyf counts the card types the cards in graveyards have there (604.3, 613.1): a static ability
    that makes them artifacts adds one type (derived by the authors; the printed count is the control)."""
    board = HEAD + "battlefield: [{card: Tarmogoyf}%s]\ngraveyards: {Alice: [Grizzly Bears, Giant Growth]}\n"
    maker = (", {card: {name: Mill Smith, type_line: Enchantment, abilities: [{text: t, static: "
             "{affects: {zone: graveyard}, does: {add_types: [Artifact]}}}]}}")
    assert api.solve(yaml.safe_load(board % "")).objects["tarmogoyf"].pt == "2/3"
    assert api.solve(yaml.safe_load(board % maker)).objects["tarmogoyf"].pt == "3/4"
