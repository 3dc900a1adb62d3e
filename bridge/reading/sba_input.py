"""The case keys that state-based actions read and that the layers don't (CR 704).

Per object: `damage: 3` (damage marked on it, 120.6) and `deathtouch_damage: true` (dealt damage by a
source with deathtouch since state-based actions were last checked, 704.5h). Top level: `keep: [ids]`
(the legend rule's choice, 704.5j), `life: {player: N}` and `poison: {player: N}` (704.5a, 704.5c), and
`expect_after_sba:` (what each round of state-based actions did, and the board at the end).
Reading and checking the input only: what the actions are is decided in asp/704_state_based_actions.lp.
"""
from __future__ import annotations

from bridge.model.case import SbaInput

SBA_OBJECT_KEYS = ("damage", "deathtouch_damage")
SBA_TOP_KEYS = ("keep", "life", "poison", "expect_after_sba")
# What a round can do to an object or a player (the `rounds` of expect_after_sba), and their words.
ACTIONS = ("graveyard", "unattached", "counters_removed", "loses_game", "ceases_to_exist")
AFTER_SBA_KEYS = ("rounds", "triggers", "board")


def object_damage(builder, entry: dict, where: str) -> tuple[int, bool]:
    """An object's `damage` and `deathtouch_damage`."""
    r = builder.reader
    damage = r.integer(entry.get("damage", 0) or 0, f"{where}.damage")
    if damage < 0:
        raise builder.fail(f"{where}.damage", "damage marked cannot be negative")
    deathtouch = entry.get("deathtouch_damage", False)
    if not isinstance(deathtouch, bool):
        raise builder.fail(f"{where}.deathtouch_damage", "expected true or false")
    return damage, deathtouch


def read_sba_input(builder, data: dict, by_id: dict, players: list[str]) -> SbaInput:
    """The top-level keys; `by_id` holds the objects as they are after the case's events."""
    r = builder.reader
    keep = tuple(builder.known_object(r.string(k, f"keep[{i}]"), f"keep[{i}]", by_id, zone="battlefield")
                 for i, k in enumerate(r.string_list(data.get("keep", []) or [], "keep")))
    numbers = {}
    for key in ("life", "poison"):
        raw = data.get(key, {}) or {}
        if not isinstance(raw, dict):
            raise builder.fail(key, "expected a mapping of player name to a number, e.g. {Alice: 0}")
        numbers[key] = tuple((builder.player(p, key), r.integer(n, f"{key}.{p}")) for p, n in raw.items())
    rounds, board, triggers = None, (), None
    if data.get("expect_after_sba") is not None:
        block = r.mapping(data["expect_after_sba"], "expect_after_sba", AFTER_SBA_KEYS)
        if "rounds" in block:
            rounds = expected_rounds(builder, block["rounds"], by_id, players)
        if "triggers" in block:
            triggers = expected_triggers(builder, block["triggers"])
        board = builder.expectations(block.get("board", {}) or {}, by_id, "expect_after_sba.board")
    return SbaInput(keep=keep, life=numbers["life"], poison=numbers["poison"], expected_rounds=rounds,
                    expected_board=board, expected_triggers=triggers)


def expected_rounds(builder, value, by_id: dict, players: list[str]) -> tuple[dict, ...]:
    """[{id or player: action}, ...]: every round that performs something, in order ([] for none)."""
    r = builder.reader
    if not isinstance(value, list):
        raise builder.fail("expect_after_sba.rounds", "expected a list of rounds, each a mapping of object id to "
                           f"what happens to it ({', '.join(ACTIONS)}); [] when nothing happens")
    rounds = []
    for i, entry in enumerate(value):
        where = f"expect_after_sba.rounds[{i}]"
        if not isinstance(entry, dict) or not entry:
            raise builder.fail(where, "expected a mapping of object id (or player) to what happens to it, "
                               "e.g. {forest: graveyard}")
        found = {}
        for name, action in entry.items():
            name = r.string(name, where)
            if name not in players:
                builder.known_object(name, f"{where}.{name}", by_id)
            action = r.string(action, f"{where}.{name}")
            if action not in ACTIONS:
                from bridge.model.errors import close_matches
                raise builder.fail(f"{where}.{name}", f"unknown action {action!r}" + close_matches(action, ACTIONS)
                                   + f"; expected one of {', '.join(ACTIONS)}")
            found[name] = action
        rounds.append(found)
    return tuple(rounds)


def expected_triggers(builder, value) -> tuple[dict, ...]:
    """[{source id: times}, ...]: for each round that performs something, what its leaving triggered."""
    if not isinstance(value, list):
        raise builder.fail("expect_after_sba.triggers", "expected a list with, for each round that does something, "
                           "a mapping of source id to the number of times it triggers ({} for nothing)")
    from bridge.reading.events import (
        EventReader,  # (events.py reads cases: imported when used)
    )
    reader = EventReader(builder)
    return tuple(dict(reader.expected(entry, f"expect_after_sba.triggers[{i}]")) for i, entry in enumerate(value))
