"""What a count reads that the case does not give, said where the values it may change are marked
(asp/107_numbers.lp `number_left_unknown`: never taken as empty or zero)."""
from __future__ import annotations

# The case key that gives a player's counters of a kind (poison: its own key, 704.5c).
UNKNOWN_KEYS = {"poison": "poison"}


def not_given(player: str, what) -> str:
    """The words for `what` (a clingo symbol: hand, graveyard, library, library_top, several_names, commander_casts, or
    counters(Kind)) of `player` that the case leaves unknown, with the rule and the key that would give it."""
    return (f"cards in {player}'s hand: not given (hands:), 402.1" if what.name == "hand" else
            f"cards in {player}'s graveyard: not given (graveyards:, [] for an empty one), 404.1"
            if what.name == "graveyard" else
            f"cards in {player}'s library: not given (libraries:), 401.1" if what.name == "library" else
            f"the top card of {player}'s library: not known (libraries:, top first), 401.1"
            if what.name == "library_top" else
            "differently named permanents, one of them of two names or more: not worked out, 201.2a"
            if what.name == "several_names" else
            f"times {player} cast their commander from the command zone: not given (commander_casts:), 903.8"
            if what.name == "commander_casts" else
            f"{what.arguments[0].string} counters on {player}: not given ({UNKNOWN_KEYS.get(what.arguments[0].string, 'player_counters')}:), 122.1")
