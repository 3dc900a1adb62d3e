"""Emblems (CR 114): abilities that function in the command zone, on no permanent."""
from bridge import solve

HEAD = "case: t\nsource: test\n"
EMBLEM = ("emblems:\n  - controller: Bob\n    abilities:\n      - text: Creatures you control get +1/+1.\n"
          "        static: {affects: {all: [creature], controller: you}, does: {modify_pt: +1/+1}}\n")


def test_an_emblems_you_is_its_controller_and_it_is_no_permanent(write_case):
    path = write_case(HEAD + EMBLEM + "battlefield:\n  - card: Grizzly Bears\n  - {card: Gray Ogre, controller: Bob}\n"
                      "  - card: {name: L, type_line: Enchantment, abilities: [{text: t, static: {affects: "
                      "{all: [permanent]}, does: lose_all_abilities}}]}\n")
    result = solve(str(path))
    assert result.objects["gray_ogre"].pt == "3/3" and result.objects["grizzly_bears"].pt == "2/2"
    emblem = result.objects["emblem_1"]              # no characteristics but its abilities (114.3)
    assert emblem.zone == "command" and emblem.types == () and emblem.pt is None


def test_an_emblem_needs_abilities(refused):
    err = refused(HEAD + "emblems: [{controller: Alice}]\n")
    assert "emblems[0].abilities: an emblem has one or more abilities (114.1)" in err
