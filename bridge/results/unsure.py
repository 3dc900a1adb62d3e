"""Values that may be wrong because an ability that changes the layers was kept as text (issue 32:
never silent). The reader marks such an ability `unread:` (bridge/cards/oracle/reach.py); the table
marks each value it may change with "?", says which ability under the table, and `check` names the
expected values in doubt."""
from __future__ import annotations

from bridge.results.result import Result

TEXT_ONLY_MARK = "[text only]"

# What each characteristic an unread ability may change shows in (`unread:`, issue 32): its table
# columns and the expectation keys it may make wrong. A copy effect reaches every copiable value (707.2).
UNSURE_MARK = "?"
UNSURE_COLUMNS = {"copy": ("name", "MV", "colors", "type line", "P/T", "abilities"), "control": ("controller",),
                  "text": ("abilities",), "types": ("type line",), "colors": ("colors",),
                  "abilities": ("abilities",), "pt": ("P/T",)}
UNSURE_KEYS = {"copy": ("name", "mana_value", "types", "subtypes", "supertypes", "colors", "abilities", "has_abilities",
                        "lacks_abilities", "pt", "power", "toughness"),
               "control": ("controller",), "text": ("abilities", "has_abilities", "lacks_abilities"),
               "types": ("types", "subtypes", "supertypes"), "colors": ("colors",),
               "abilities": ("abilities", "has_abilities", "lacks_abilities"), "pt": ("pt", "power", "toughness")}
WORDS = {"copy": "the copiable values", "control": "the controller", "text": "the text", "types": "the types",
         "colors": "the colors", "abilities": "the abilities", "pt": "the power and toughness"}


def unsure_columns(obj) -> set[str]:
    return {column for what, _ in obj.unsure for column in UNSURE_COLUMNS[what]}


def marked(cell: str, column: str, columns: set[str]) -> str:
    return f"{cell} {UNSURE_MARK}" if column in columns else cell


def unread_abilities(result: Result) -> dict[tuple[str, str], dict[str, list[str]]]:
    """{(source, ability text): {characteristic: [ids of the objects it may change]}}."""
    reached: dict[tuple[str, str], dict[str, list[str]]] = {}
    for obj in result.objects.values():
        for what, by in obj.unsure:
            for source, text in by:
                reached.setdefault((source, text), {}).setdefault(what, []).append(obj.id)
    return reached


def unsure_lines(result: Result) -> list[str]:
    """Each ability kept as text that may change values, and which: said under the table (issue 32)."""
    reached = unread_abilities(result)
    if not reached:
        return []
    lines = [f"{UNSURE_MARK} may be wrong: these abilities change the layers but were not read, so they were "
             "not applied (give the case `abilities:` for the card, docs/case-format.md), or read a choice made "
             "as their object entered that the case doesn't give (give it `choices:`), or a game state (a "
             "player's or an object's) it doesn't give (give it `game_state:`), or count what the case "
             "doesn't give: cards in a hand (give it `hands:`), a graveyard (`graveyards:`) or a library "
             "(`libraries:`), counters on a player (`poison:`, `player_counters:`), casts of a commander "
             "(`commander_casts:`):"]
    for (source, text), whats in reached.items():
        parts = "; ".join(f"{WORDS[what]} of {', '.join(ids)}" for what, ids in whats.items())
        lines.append(f"  {source}: \"{' '.join(text.split())}\" may change {parts}")
    return lines


def permanents_in_doubt(board: Result) -> list[tuple[str, list[str]]]:
    """(id, [characteristics]) of each permanent with a value marked "?": state-based actions read it too."""
    return [(o.id, [what for what, _ in o.unsure]) for o in board.objects.values() if o.unsure and o.zone == "battlefield"]


def unsure_expectations(result: Result) -> list[str]:
    """The expected values of the case that an unread ability may change (`check` says so), and what it
    expects of state-based actions when they read a value in doubt."""
    out = []
    expected_sba = result.case.sba
    if result.sba is not None and (expected_sba.expected_rounds is not None or expected_sba.expected_triggers is not None
                                   or expected_sba.expected_board):
        doubtful = dict.fromkeys(o for r in result.sba.rounds for o, _ in permanents_in_doubt(r.board))
        if doubtful:
            out.append(f"expect_after_sba (the checks read values in doubt of {', '.join(doubtful)})")
    for expectation in result.case.expectations:
        obj = result.objects.get(expectation.object_id)
        if obj is None:
            continue
        for what, by in obj.unsure:
            if expectation.key in UNSURE_KEYS[what]:
                out.append(f"{expectation.object_id}.{expectation.key} (from " + ", ".join(dict.fromkeys(s for s, _ in by))
                           + ")")
                break
    return out
