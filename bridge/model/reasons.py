"""Why, in words: why a target is illegal (asp/115_targets.lp), why a trigger did or did not trigger
(asp/603_triggered_abilities.lp, 702_keyword_abilities.lp), why an event changed nothing. The solver's
messages, the tables and the explanations all say it the same way."""
from __future__ import annotations

from bridge.model.texts import ATTRIBUTE_NAMES

# Why an event changed nothing on an object (asp/710_flip_cards.lp, 712_double_faced_cards.lp).
NOTHING_HAPPENS = {
    "not_double_faced": "it isn't represented by a transforming double-faced card, so nothing happens (701.28c, 712.5)",
    "no_flip_half": "it has no flip card's other half now: it keeps the flipped status, which changes nothing "
                    "now (110.5c)",
}


# What decided a trigger (the reasons of asp/603_triggered_abilities.lp and 702_keyword_abilities.lp).
REASONS = {
    "not_cast": "a copy of a spell isn't cast (707.10)",
    "not_entering": "it was already on the battlefield: becoming a copy, turning face up, transforming or "
                    "flipping is not entering (708.8; seed 002, 503.4 and 504.5)",
    "no_replicate_payment": "no replicate cost was paid for it (702.56a)",
    "itself": "the ability says \"another\"",
}


def reason_text(obj: str, why) -> str:
    if why.name in REASONS:
        return REASONS[why.name]
    args = why.arguments
    if why.name in ("lacks", "has"):
        attribute = ATTRIBUTE_NAMES.get(args[0].name, args[0].name)
        verb = "doesn't have" if why.name == "lacks" else "has"
        return f"{obj} {verb} {args[1].string} among its {attribute}"
    if why.name == "controller":
        return f"{obj} is controlled by {args[0].string}"
    if why.name == "to":
        return f"{obj} doesn't go to the {args[0].name}"
    if why.name in SELECTOR_REASONS:
        return SELECTOR_REASONS[why.name](obj, [plain(a) for a in args])
    if why.name == "protection_from":       # a type or subtype as asp/ spells it ("Demon"), or "everything"
        return TARGET_REASONS[why.name].format(obj=obj, color=args[0].string)
    return TARGET_REASONS.get(why.name, str(why)).format(obj=obj, color=args[0].string.lower() if args else "")


def plain(symbol) -> str:
    """A reason's argument as words: a string, a number or a name."""
    text = symbol.string if symbol.type.name == "String" else str(symbol)
    return {"face_down": "face-down", "le": "at most", "ge": "at least", "eq": "equal to", "lt": "less than",
            "gt": "greater than"}.get(text, ATTRIBUTE_NAMES.get(text, text))


# Why an object doesn't fit a selector read on the finished board (asp/613_selector_reads.lp, part described).
SELECTOR_REASONS = {
    "no_controller": lambda obj, a: f"{obj} has no controller",
    "not_attached": lambda obj, a: f"{obj} isn't the permanent the source is attached to",
    "owner": lambda obj, a: f"{obj} is owned by {a[0]}",
    "no_choice": lambda obj, a: f"nothing was chosen ({a[0]}) for the source",
    "not_chosen": lambda obj, a: f"{obj} doesn't have the chosen {a[0].replace('_', ' ')} ({a[1]})",
    "status": lambda obj, a: f"{obj} isn't {'a ' if a[0] == 'token' else ''}{a[0]}",
    "not_status": lambda obj, a: f"{obj} is {'a ' if a[0] == 'token' else ''}{a[0]}",
    "color_quality": lambda obj, a: f"{obj} isn't {a[0].lower()} (105.2)",
    "not_color_quality": lambda obj, a: f"{obj} is {a[0].lower()} (105.2)",
    "lacks_ability": lambda obj, a: f"{obj} doesn't have {a[0]}",
    "has_ability": lambda obj, a: f"{obj} has {a[0]}",
    "has_abilities": lambda obj, a: f"{obj} has abilities (113.3)",
    "counters": lambda obj, a: f"{obj} doesn't have the counters the selector names (122)",
    "not_named": lambda obj, a: f"{obj} isn't named {a[0]} (201.2)",
    "no_number": lambda obj, a: f"{obj} has no {a[0]} (208.3)",
    "number": lambda obj, a: f"{obj}'s {a[0]} is {a[1]}, not {a[2]} {a[3]}",
}


# Why a target is illegal (asp/115_targets.lp).
TARGET_REASONS = {
    "gone": "{obj} is no longer where it was when targeted (608.2b)",
    "not_a_player": "{obj} is not a player",
    "a_player": "{obj} is a player, not a permanent or a spell",
    "not_any_target": "{obj} is neither a creature nor a planeswalker (115.4)",
    "shroud": "{obj} has shroud (702.18a)",
    "hexproof": "{obj} has hexproof and the spell's controller is an opponent (702.11)",
    "protection": "{obj} has protection from {color}, and the spell or the ability's source is {color} (702.16b)",
    "protection_from": "{obj} has protection from {color}, and the spell or the ability's source has that quality "
                       "(702.16a-b, 702.16j)",
}
