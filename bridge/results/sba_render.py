"""State-based action rounds in words and as JSON (solve, explain)."""
from __future__ import annotations

from clingo import Symbol, SymbolType

from bridge.model.reasons import reason_text
from bridge.model.texts import ability_text, trigger_text
from bridge.results.sba import Action, Round, Rounds
from bridge.results.unsure import WORDS, permanents_in_doubt

DOING = {"graveyard": "put into its owner's graveyard", "unattached": "becomes unattached, stays on the battlefield",
         "counters_removed": "loses {n} +1/+1 and {n} -1/-1 counters", "loses_game": "loses the game",
         "ceases_to_exist": "ceases to exist"}
UNCHECKED_704_5M = "an enchant restriction this version does not read (702.5a)"
UNCHECKED_704_5J = "an ability kept as text speaks of the legend rule and may switch it off (613.11): not performed"
NOT_MODELLED_800_4A = "the game goes on (104.3); their objects leaving the game with them (800.4a) is not modelled"


def arg(term: Symbol):
    return term.string if term.type == SymbolType.String else (term.number if term.type == SymbolType.Number
                                                               else str(term))


UNCHECKED_PROTECTION = "a protection whose quality this version does not read (702.16a), which may {}"
UNCHECKED = {"704.5m": UNCHECKED_704_5M, "704.5j": UNCHECKED_704_5J,
             "702.16c": UNCHECKED_PROTECTION.format("put this Aura into its owner's graveyard (704.5m)"),
             "702.16d": UNCHECKED_PROTECTION.format("unattach this Equipment or Fortification (704.5n)")}


def unchecked_why(rule: str) -> str:
    return UNCHECKED[rule]


def why_text(why: Symbol) -> str:
    """asp/704's reason term in words."""
    a = [arg(x) for x in why.arguments]
    return {
        "toughness": lambda: f"toughness {a[0]}",
        "lethal_damage": lambda: f"{a[0]} damage marked, toughness {a[1]}",
        "deathtouch": lambda: "dealt damage by a source with deathtouch",
        "destroyed": lambda: "destroyed: " + why_text(why.arguments[0]),
        "loyalty": lambda: f"loyalty {a[0]}",
        "defense": lambda: f"defense {a[0]}",
        "legend_rule": lambda: f"legend rule, {a[0]} is kept",
        "world_rule": lambda: f"world rule, {a[0]} has been a world permanent for no longer",
        "not_attached": lambda: "attached to nothing",
        "left": lambda: f"{a[0]} is no longer on the battlefield",
        "enchant": lambda: f"what it enchants is not a {a[0]} (its enchant ability)",
        "enchant_restriction": lambda: f"its enchant ability doesn't allow {a[0]}: {reason_text(a[0], why.arguments[1])}",
        "enchants_players": lambda: f"{a[0]} is a permanent, and it enchants players (its enchant ability)",
        "not_a_permanent": lambda: f"{a[0]} is a player, and its enchant ability names permanents",
        "not_an_opponent": lambda: f"{a[0]} controls it, and it enchants an opponent (its enchant ability)",
        "protection": lambda: f"{a[0]} has protection from {a[1].lower()}",
        "not_a": lambda: f"{a[0]} is not a {a[1].lower()}",
        "creature": lambda: "it is a creature",
        "not_attachable": lambda: "it is neither an Aura, an Equipment nor a Fortification",
        "counters": lambda: f"{a[0]} +1/+1 and {a[1]} -1/-1 counters",
        "life": lambda: f"life total {a[0]}",
        "poison": lambda: f"{a[0]} poison counters",
        "zone": lambda: f"a token in the {a[0]} (111.7)",
    }.get(why.name, lambda: str(why))()


def doing_text(action: Action) -> str:
    return DOING[action.action].format(n=action.amount)


def toughness_from(board, object_id: str) -> list[str]:
    """The parts that changed the object's toughness, in the order they applied (from the trace: only
    those that changed it, in any edition's P/T layers)."""
    return list(dict.fromkeys(effect.split(" (")[0] for step in board.trace.steps for change in step.changes
                              if change.object_id == object_id and change.attribute == "toughness"
                              for effect in change.by))


def after_text(action: Action, checked: Round) -> str:
    """The effects that made a creature's toughness what it is (layer 7), for 704.5f."""
    if action.why.name != "toughness":
        return ""
    effects = toughness_from(checked.board, action.subject)
    return " after " + ", ".join(effects) if effects else ""


def action_line(action: Action, checked: Round) -> str:
    return (f"{action.subject}: {doing_text(action)} — {why_text(action.why)} ({action.rule})"
            f"{after_text(action, checked)}")


# A value marked "?" (an ability not read, a choice, a count or a game state not given) is read by the
# checks as it is shown: what they do to that permanent may differ (issue 32: never silent).
IN_DOUBT = "may be wrong (marked ?), and these checks read it: what happens to it may differ"


def in_doubt(checked: Round) -> list[tuple[str, list[str]]]:
    return permanents_in_doubt(checked.board)


def round_lines(checked: Round, texts: dict) -> list[str]:
    lines = [f"  round {checked.number}:" + ("" if checked.actions else " nothing happens")]
    lines += [f"     {action_line(a, checked)}" for a in checked.actions]
    for obj, whats in in_doubt(checked):
        lines.append(f"     ? {obj}: {' and '.join(WORDS[w] for w in whats)} {IN_DOUBT}")
    for obj, why in checked.not_destroyed:
        lines.append(f"     {obj}: not destroyed — {why} (702.12b)")
    for trigger in checked.triggers:
        lines.append(f"     {trigger_text(trigger, texts)} (603.10a)")
    for player, name, objs in checked.choices:
        lines.append(f"     {player} chooses which of {', '.join(objs)} ({name}) stays (704.5j): "
                     "a player's choice, say it with keep: [id]")
    for obj, text, rule in checked.unchecked:
        lines.append(f"     {obj}: \"{text}\" is not checked ({unchecked_why(rule)})")
    if checked.losers and not checked.game_over:
        lines.append(f"     {', '.join(checked.losers)}: {NOT_MODELLED_800_4A}")
    return lines


def limit_notes(rounds: Rounds | None) -> list[str]:
    """What the checks did not decide, one line each (for `check`): 704.5m not checked, 800.4a."""
    if rounds is None:
        return []
    notes = [f"not checked: {obj} \"{text}\" ({unchecked_why(rule)})" for r in rounds.rounds
             for obj, text, rule in r.unchecked]
    notes += [f"{', '.join(r.losers)}: {NOT_MODELLED_800_4A}" for r in rounds.rounds if r.losers and not r.game_over]
    if rounds.stopped.startswith("not modelled"):
        notes.append(rounds.stopped)
    return list(dict.fromkeys(notes))


def rounds_text(rounds: Rounds, texts: dict) -> list[str]:
    """The rounds, then the board they leave when anything happened."""
    lines = ["", "state-based actions (704.3: checked again after each round that did something):"]
    for checked in rounds.rounds:
        lines += round_lines(checked, texts)
    if rounds.stopped:
        lines.append(f"  stopped: {rounds.stopped}")
    if rounds.performing:
        final = rounds.final
        staying = {o.id for o in final.permanents}
        gone = [o for o in rounds.rounds[0].board.permanents if o.id not in staying]
        lines.append("  board after them: " + ("; ".join(
            f"{o.id} {o.pt or '—'}" + (f" attached to {a}" if (a := attached(final, o.id)) else "")
            for o in final.permanents) or "no permanents"))
        if gone:
            lines.append("  gone: " + ", ".join(o.id for o in gone))
    return lines


def attached(result, object_id: str) -> str | None:
    return next((o.attached_to for o in result.case.objects if o.id == object_id), None)


def rounds_json(rounds: Rounds) -> dict:
    return {
        "rounds": [{"round": r.number,
                    "actions": [{"rule": a.rule, "object": a.subject, "action": a.action, "why": why_text(a.why),
                                 **({"counters": a.amount} if a.action == "counters_removed" else {})}
                                for a in r.actions],
                    "not_destroyed": [{"object": o, "why": w} for o, w in r.not_destroyed],
                    "triggers": [{"source": t.source, "ability": ability_text(t.ability, r.board.texts),
                                  "controller": t.controller, "times": t.times} for t in r.triggers],
                    "choices": [{"player": p, "name": n, "objects": list(objs), "rule": "704.5j"}
                                for p, n, objs in r.choices],
                    "not_checked": [{"object": o, "enchant" if rule == "704.5m" else "ability": text, "rule": rule,
                                     "why": unchecked_why(rule)} for o, text, rule in r.unchecked],
                    "game_over": r.game_over,
                    **({"in_doubt": [{"object": o, "characteristics": whats, "why": IN_DOUBT} for o, whats in in_doubt(r)]}
                       if in_doubt(r) else {}),
                    **({"not_modelled": [{"players": list(r.losers), "rule": "800.4a", "why": NOT_MODELLED_800_4A}]}
                       if r.losers and not r.game_over else {})}
                   for r in rounds.rounds],
        "stopped": rounds.stopped,
        "board": [o.as_dict() for o in rounds.final.objects.values()],
    }


def object_rounds(rounds: Rounds, object_id: str) -> list[dict]:
    """One object through the rounds: how each board the checks saw showed it, and what they did to it."""
    walk = []
    for checked in rounds.rounds:
        state = checked.board.objects.get(object_id)
        obj = next((o for o in checked.board.case.objects if o.id == object_id), None)
        entry = {"round": checked.number, "zone": obj.zone if obj else "gone"}
        if state is not None:
            entry.update({"types": list(state.types), "pt": state.pt, "attached_to": obj.attached_to,
                          "damage": obj.damage, "counters": dict(state.counters),
                          "toughness_from": toughness_from(checked.board, object_id)})
        entry["actions"] = [action_line(a, checked) for a in checked.actions if a.subject == object_id]
        walk.append(entry)
        if entry["zone"] != "battlefield":
            break
    return walk


def object_rounds_lines(walk: list[dict]) -> list[str]:
    lines = ["", "state-based actions, round by round (704.3):"]
    for entry in walk:
        if entry["zone"] != "battlefield":
            lines.append(f"  round {entry['round']}: in the {entry['zone']}")
            continue
        seen = f"{' '.join(entry['types'])} {entry['pt'] or ''}".strip()
        if entry["toughness_from"]:
            seen += " (P/T after " + ", ".join(dict.fromkeys(entry["toughness_from"])) + ")"
        if entry["attached_to"]:
            seen += f", attached to {entry['attached_to']}"
        if entry["damage"]:
            seen += f", {entry['damage']} damage marked"
        lines.append(f"  round {entry['round']}: {seen}")
        lines += [f"     {line}" for line in entry["actions"]] or ["     nothing happens to it"]
    return lines
