"""Names are data: quotes, parentheses, dots, ASP syntax and non-ASCII letters round-trip unchanged."""
import pytest

import bridge

NAMES = [
    'Æther Vial', 'x). #false.', 'a). #false :- b(', '#include "/etc/passwd".', 'quote " and \\ backslash',
    "percent % hash # (paren)", "new\nline", "Ünïcödé Ñame", "dots... and, commas",
]


@pytest.mark.parametrize("name", NAMES)
def test_names_round_trip(name):
    case = {
        "case": "names",
        "players": [name + " (player)", "Bob"],
        "battlefield": [
            {"id": name, "card": {"name": name, "mana_cost": "{1}{G}", "type_line": "Creature — Bear", "pt": "2/2",
                                  "abilities": [{"text": name + " gets +1/+1.",
                                                 "static": {"affects": "self", "does": {"modify_pt": "+1/+1"}}}]}},
        ],
        "effects": [{"from": name, "affects": [name], "does": {"add_abilities": ["flying"]}}],
        "expect": {name: {"name": name, "pt": "3/3", "controller": name + " (player)"}},
    }
    outcome = bridge.check(case, file="names.yaml")
    assert outcome.passed, outcome.mismatches
    state = outcome.result.objects[name]
    assert state.name == name and state.controller == name + " (player)"
    assert state.abilities == (name + " gets +1/+1.", "flying")
