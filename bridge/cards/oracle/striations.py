"""Level symbols (711.2) and station symbols (721.2): the abilities and the power/toughness box printed
in a striation are part of one static ability, which applies only at that many counters. The Oracle
text gives each striation as a header line and the lines under it:

    LEVEL 2-6 / 3/3 / First strike      711.2a: as long as it has 2 to 6 level counters, it has base
                                        power and toughness 3/3 and has first strike
    8+ | Flying / ...                   721.2a-b: as long as it has 8 or more charge counters, it has
                                        flying (and, at the threshold its Station reminder names, "It's
                                        an artifact creature at 8+", or else its highest one, is a
                                        creature with base power and toughness its printed P/T box, in
                                        addition to its other types)

Each striation is read as one ability `static: {as_long_as: {counters: KIND, at_least: N1[, at_most:
N2]}, affects: self, does: [...]}` whose text is the striation's lines; the lines under the header keep
no ability of their own. A class level bar (716.2a, "{G}: Level 2") is no counter: each static ability under it is
read on its own line with the condition `as_long_as: {class_level: source, at_least: N}` ("As long as this Class is
level N or greater, it has [abilities]"); what is not read there stays text, flagged.
"""
from __future__ import annotations

import dataclasses
import re

from bridge.cards.oracle.conditions import with_condition
from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.quoted import quoted_ability
from bridge.cards.oracle.reach import unread_reach
from bridge.cards.oracle.text import normalized

LEVEL = lazy_pattern(r"^LEVEL (\d+)(?:-(\d+)|\+)$")
STATION = lazy_pattern(r"^(\d+)\+ \| (.+)$")
CLASS_LEVEL = lazy_pattern(r"^(?:\{[^}]*\})+: Level (\d+)$")
BOX = lazy_pattern(r"^(\d+)/(\d+)$")
CREATURE_AT = lazy_pattern(r"It's an artifact creature at (\d+)\+")


def read_striations(readings: list, name: str, text: str, read_line, pt: str = "") -> list:
    """The readings with each striation read as one ability (`read_line` reads a station header's
    ability, the part after "|"; `pt` is the printed P/T box of a station card's creature striation).
    "N+ | ..." is a station symbol only on a station card (702.184b): on others it is a row of a die
    roll's table (706.3a), part of a resolving ability."""
    out, current, class_level = [], None, None
    station_card = any(re.match(r"Station\b", r.line.strip()) for r in readings)
    reminder = CREATURE_AT.search(text)
    thresholds = [int(m.group(1)) for m in (STATION.match(r.line.strip()) for r in readings) if m]
    # 721.2b the striation with the P/T box: the one the Station reminder names, else the highest
    creature_at = int(reminder.group(1)) if reminder else (max(thresholds) if thresholds and pt else None)
    box = pt if re.fullmatch(r"\d+/\d+", pt or "") else None
    for reading in readings:
        line = reading.line.strip()
        level, station = LEVEL.match(line), STATION.match(line) if station_card else None
        if level or station:
            class_level = None
            if level:
                condition = {"counters": "level", "at_least": int(level.group(1)),
                             **({"at_most": int(level.group(2))} if level.group(2) else {})}
                members = []
            else:
                condition = {"counters": "charge", "at_least": int(station.group(1))}
                members = [read_line(station.group(2))]
            creature = bool(station and creature_at == int(station.group(1)))
            current = {"index": len(out), "header": line, "condition": condition, "members": members,
                       "creature": creature, "box": box if creature else None}
            out.append(reading)
            out[current["index"]] = striation_reading(reading, current, name)
            continue
        bar = CLASS_LEVEL.match(line)
        if bar:
            class_level, current = int(bar.group(1)), None
        if current is not None:
            current["members"].append(reading)
            out[current["index"]] = striation_reading(out[current["index"]], current, name)
            read = member_read(reading)      # its effect is the header's ability: counted there, unless unread
            out.append(dataclasses.replace(reading, abilities=(), structured=read, layer=not read))
            continue
        if class_level is not None and not bar:
            reading = at_a_class_level(reading, class_level, name)
        out.append(reading)
    return out


def member_read(reading) -> bool:
    """A line of a striation is read when its ability is: a keyword, a P/T box, or text that changes no
    characteristic; a layer ability left as text stays unread (it is granted as text, flagged)."""
    return reading.structured or not reading.layer or bool(BOX.match(reading.line.strip()))


def striation_reading(header, striation: dict, name: str):
    """The header's reading: the striation's one static ability (711.2a-b, 721.2a-b)."""
    does: list = []
    granted: list = []
    for member in striation["members"]:
        line = member.line.strip()
        box = BOX.match(line)
        if box:
            does.append({"set_base_pt": f"{box.group(1)}/{box.group(2)}"})
        elif member.abilities and all(isinstance(a, str) for a in member.abilities):
            granted.extend(member.abilities)            # keywords ("First strike", "Flying, deathtouch")
        else:                                            # granted as printed: "this creature" is the object
            printed = normalized(line, name).replace("~", "this creature")
            granted.append(quoted_ability(printed[:1].upper() + printed[1:]))
    if striation["creature"]:
        does.insert(0, {"add_types": ["Creature"]})    # 721.2b: a creature in addition to its other types ...
        if striation["box"]:
            does.insert(1, {"set_base_pt": striation["box"]})     # ... with base power and toughness [P/T]
    if granted:
        does.append({"add_abilities": granted})
    if not does:
        return dataclasses.replace(header, abilities=({"text": header.line},), structured=True, layer=False)
    under = [m.line.strip() for m in striation["members"]]
    if STATION.match(striation["header"]):
        under = under[1:]                                # the header line holds the first one
    text = striation["header"] + ("; " if STATION.match(striation["header"]) else " — ") + "; ".join(under) \
        if under else striation["header"]
    static = {"as_long_as": striation["condition"], "affects": "self", "does": does}
    return dataclasses.replace(header, abilities=({"text": text, "static": static},), structured=True, layer=True,
                               kind="static")


def at_a_class_level(reading, level: int, name: str):
    """716.2a "[Cost]: Level N — [Abilities]": "As long as this Class is level N or greater, it has [abilities]". A
    static ability read whole gets that condition (with its own, if it has one: Blacksmith's Talent's "During your
    turn, ..."); anything else stays text."""
    statics = [a for a in reading.abilities if isinstance(a, dict) and "static" in a]
    if reading.structured and reading.kind == "static" and statics and len(statics) == len(reading.abilities) \
            and not any(set(a) - {"text", "static"} for a in statics):
        gate = {"class_level": "source", "at_least": level}
        return dataclasses.replace(reading, abilities=tuple({**a, "static": with_condition(a["static"], gate)}
                                                            for a in statics))
    return unread_at_a_class_level(reading, name)


def unread_at_a_class_level(reading, name: str):
    """716.2a: an ability of a Class level not read stays text; flagged when it changes the layers on the board."""
    keywords = bool(reading.abilities) and all(isinstance(a, str) for a in reading.abilities)
    layer = reading.layer or keywords
    on_board = layer and reading.kind in ("static", "cda", "keyword")
    mark = {"unread": {"changes": ["abilities"], "of": "this"}} if keywords else \
        {"unread": unread_reach(normalized(reading.line, name))}
    return dataclasses.replace(reading, abilities=({"text": reading.line, **(mark if on_board else {})},),
                               structured=False, layer=layer)
