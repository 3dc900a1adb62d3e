"""The case's `game_state:` — what a player has and has done that no permanent shows: a designation
(702.131 the city's blessing, 724 the monarch, 309.7 a completed dungeon) or what happened this turn
(cards drawn, life gained, spells cast ...). A condition reads it (611.3a: "as long as you have the
city's blessing", "as long as you've drawn two or more cards this turn"); the tool keeps no game history,
so only the case can say it. What the rules make of it is in asp/604_2_conditions.lp; a value the case
doesn't give is never assumed (the values its ability may change are marked, issue 32).

    game_state: {Alice: {citys_blessing: true, cards_drawn_this_turn: 2}}
    battlefield: [{card: Crew Captain, game_state: {entered_this_turn: true}}]     # an object's own
"""
from __future__ import annotations

from bridge.model.game_state import GAME_STATE, OBJECT_GAME_STATE


def read_game_state(builder, data: dict) -> tuple[tuple[str, str, int], ...]:
    """(player, what, N) for each value the case gives; true is 1, false 0."""
    raw = data.get("game_state", {}) or {}
    if not isinstance(raw, dict):
        raise builder.fail("game_state", "expected a mapping of player name to their values, "
                                         "e.g. {Alice: {citys_blessing: true}}")
    found = []
    for player, values in raw.items():
        where = f"game_state.{player}"
        name = builder.player(player, where)
        if not isinstance(values, dict):
            raise builder.fail(where, "expected a mapping, e.g. {citys_blessing: true, cards_drawn_this_turn: 2}")
        found += [(name, key, value) for key, value in values_of(builder, values, where, GAME_STATE)]
    return tuple(found)


def object_game_state(builder, value, where: str) -> tuple[tuple[str, int], ...]:
    """An object's `game_state:` ((what, N), ...)."""
    if not isinstance(value, dict):
        raise builder.fail(where, "expected a mapping, e.g. {entered_this_turn: true}")
    return tuple(values_of(builder, value, where, OBJECT_GAME_STATE))


def values_of(builder, values: dict, where: str, known: dict):
    for key, value in values.items():
        if key not in known:
            raise builder.fail(f"{where}.{key}", f"unknown game state {key!r}; known: " + ", ".join(known))
        if isinstance(value, bool):
            value = int(value)
        elif not isinstance(value, int) or value < 0:
            raise builder.fail(f"{where}.{key}", "expected true, false or a whole number (0 or more)")
        yield key, value
