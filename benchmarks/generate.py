"""Generate board states of a given size, reproducibly (same seed, same board).

A board has `objects` permanents, of which `effects` are enchantments with one static ability
each (anthems, color-conditional anthems, type changers, ability granters and removers), plus
a few resolved pumps, P/T-setting effects and counters. Usage:  python benchmarks/generate.py 400 80 --seed 1 > board.yaml

Mixes (`--mix`): `realistic` (the default), `dependencies` (mostly color changers and the effects
they feed), `layered` (many effects per layer that read what their layer writes: "artifacts /
creatures / lands / enchantments are also X" type changers, color setters that read colors under
color-conditional anthems, "lose all abilities" effects, some of which read abilities, over many
granted abilities; the other permanents are creatures, artifacts, artifact creatures and lands).
"""
from __future__ import annotations

import argparse
import random
import sys

import yaml

COLORS = ["white", "blue", "black", "red", "green"]
LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
CREATURE_TYPES = ["Bear", "Elf", "Goblin", "Soldier", "Wizard", "Zombie"]
KEYWORDS = ["flying", "trample", "vigilance", "haste", "reach"]


# The realistic mix of static abilities, and one where most effects read what others write (color
# changers and the color-conditional effects they feed), to exercise dependency tests.
MIXES = {"realistic": ["anthem", "anthem", "color_anthem", "type_changer", "granter", "remover", "colorizer"],
         "dependencies": ["colorizer", "colorizer", "colorizer", "color_anthem", "granter", "type_changer"],
         # issue 21's slow board: per 20 effects, 5 type changers (layer 4 reads and writes card
         # types), 3 color setters (layer 5 reads and writes colors), 4 color-conditional anthems,
         # 4 granters, 1 "lose all abilities" (layer 6 reads and writes abilities), 3 anthems.
         "layered": ["also_type"] * 5 + ["color_setter"] * 3 + ["color_anthem"] * 4 + ["granter"] * 4
                    + ["loses_all"] + ["anthem"] * 3}
CARD_TYPES = ["artifact", "creature", "land", "enchantment"]


def static_enchantment(rng: random.Random, index: int, mix: str = "realistic") -> dict:
    kind = rng.choice(MIXES[mix])
    color = rng.choice(COLORS)
    if kind == "anthem":
        text, affects, does = "Creatures you control get +1/+1.", {"all": ["creature"], "controller": "you"}, \
            {"modify_pt": "+1/+1"}
    elif kind == "color_anthem":
        text, affects, does = f"{color.title()} creatures get +1/+1.", {"all": ["creature", color]}, \
            {"modify_pt": "+1/+1"}
    elif kind == "type_changer":
        kind_type = rng.choice(CREATURE_TYPES)
        text, affects, does = f"Creatures you control are {kind_type}s.", {"all": ["creature"], "controller": "you"}, \
            {"set_creature_types": [kind_type]}
    elif kind == "granter":
        keyword = rng.choice(KEYWORDS)
        text, affects, does = f"{color.title()} creatures have {keyword}.", {"all": ["creature", color]}, \
            {"add_abilities": [keyword]}
    elif kind == "remover":
        keyword = rng.choice(KEYWORDS)
        text, affects, does = f"Creatures your opponents control lose {keyword}.", \
            {"all": ["creature"], "controller": "opponent"}, {"lose_abilities": [keyword]}
    elif kind == "also_type":
        read, written = rng.sample(CARD_TYPES, 2)
        text, affects, does = f"{read.title()}s are also {written}s.", {"all": [read]}, \
            {"add_types": [written.title()]}
    elif kind == "color_setter":
        other = rng.choice([c for c in COLORS if c != color])
        text, affects, does = f"{color.title()} creatures are {other}.", {"all": ["creature", color]}, \
            {"set_colors": [other]}
    elif kind == "loses_all":
        keyword = rng.choice(KEYWORDS)
        read = rng.choice(["creature", "enchantment", "artifact"])
        if rng.random() < 0.5:
            text, affects = f"{read.title()}s with {keyword} lose all abilities.", {"all": [read], "has": [keyword]}
        else:
            text, affects = f"{color.title()} {read}s lose all abilities.", {"all": [read, color]}
        does = "lose_all_abilities"
    else:
        other = rng.choice(COLORS)
        text, affects, does = f"{color.title()} creatures are {other}.", {"all": ["creature", color]}, \
            {"set_colors": [other]}
    return {"id": f"enchantment_{index}",
            "controller": rng.choice(["Alice", "Bob"]),
            "card": {"name": f"Enchantment {index}", "mana_cost": "{2}{W}", "type_line": "Enchantment",
                     "abilities": [{"text": text, "static": {"affects": affects, "does": does}}]}}


def creature(rng: random.Random, index: int) -> dict:
    color = rng.choice(COLORS)
    entry = {"id": f"creature_{index}", "controller": rng.choice(["Alice", "Bob"]),
             "card": {"name": f"Creature {index}", "mana_cost": "{1}{%s}" % LETTER[color],
                      "type_line": f"Creature — {rng.choice(CREATURE_TYPES)}",
                      "pt": f"{rng.randint(1, 5)}/{rng.randint(1, 5)}",
                      "abilities": rng.sample(KEYWORDS, rng.randint(0, 2))}}
    if rng.random() < 0.2:
        entry["counters"] = {"+1/+1": rng.randint(1, 3)}
    return entry


def other_permanent(rng: random.Random, index: int) -> dict:
    """For the layered mix: a creature (half of them), an artifact, an artifact creature or a land,
    so that "artifacts / lands are also X" have something to change."""
    kind = rng.choice(["creature", "creature", "artifact", "artifact_creature", "land"])
    if kind == "creature":
        return creature(rng, index)
    if kind == "artifact_creature":
        entry = creature(rng, index)
        entry["card"].update(mana_cost="{3}", type_line=f"Artifact Creature — {rng.choice(CREATURE_TYPES)}")
        return entry
    type_line, mana_cost = ("Artifact", "{2}") if kind == "artifact" else ("Land", "")
    return {"id": f"{kind}_{index}", "controller": rng.choice(["Alice", "Bob"]),
            "card": {"name": f"{kind.title()} {index}", "mana_cost": mana_cost, "type_line": type_line,
                     "abilities": rng.sample(KEYWORDS, rng.randint(0, 1))}}


def make_board(objects: int, effects: int, seed: int = 1, mix: str = "realistic") -> dict:
    rng = random.Random(seed)
    battlefield = [static_enchantment(rng, i, mix) for i in range(effects)]
    permanent = other_permanent if mix == "layered" else creature
    battlefield += [permanent(rng, i) for i in range(objects - effects)]
    rng.shuffle(battlefield)
    creatures = [e["id"] for e in battlefield if "Creature" in e["card"]["type_line"]]
    pumps = []
    for i in range(max(2, effects // 10) if creatures else 0):
        if i % 2:
            pumps.append({"from": f"Turn to Frog {i}", "affects": [rng.choice(creatures)], "does": {"set_base_pt": "1/1"}})
        else:
            pumps.append({"from": f"Giant Growth {i}", "affects": [rng.choice(creatures)], "does": {"modify_pt": "+3/+3"}})
    mix_name = f", mix {mix}" if mix == "layered" else ""
    return {"case": f"generated board: {objects} objects, {effects} static effects, seed {seed}{mix_name}",
            "source": "generated by benchmarks/generate.py (no expectations)",
            "battlefield": battlefield, "effects": pumps}


def lords_board(lords: int) -> dict:
    """`lords` copies of a 1/1 with "Creatures get +1/+1." (all with their own timestamps)."""
    lord = {"card": {"name": "Lord", "mana_cost": "{1}{W}", "type_line": "Creature — Soldier", "pt": "1/1",
                     "abilities": [{"text": "Creatures get +1/+1.",
                                    "static": {"affects": {"all": ["creature"]}, "does": {"modify_pt": "+1/+1"}}}]}}
    return {"case": f"{lords} lords", "source": "generated by benchmarks/generate.py (no expectations)",
            "battlefield": [dict(lord) for _ in range(lords)]}


def spell_copies_board(copies: int) -> dict:
    """Gigadrowse on the stack with replicate paid `copies` times, and its copies (702.56a, 707.10)."""
    spell = {"card": "Gigadrowse", "id": "gigadrowse", "targets": ["island"], "replicate": copies}
    made = [{"card": "Gigadrowse", "copy_of": "gigadrowse", "copied_by": "gigadrowse", "id": f"copy_{i + 1}"} for i in range(copies)]
    return {"case": f"{copies} copies of one spell", "source": "generated by benchmarks/generate.py (no expectations)",
            "battlefield": [{"card": "Island", "controller": "Bob"}], "stack": [spell] + made}


def named_board(size: str, seed: int = 1, mix: str = "realistic") -> dict:
    """A board named as benchmarks/run.py names them: 400/80 (objects/effects, of `mix`), a mix's
    name before a colon (layered:400/80), lords600, copies4990."""
    if size.startswith("lords"):
        return lords_board(int(size[len("lords"):]))
    if size.startswith("copies"):
        return spell_copies_board(int(size[len("copies"):]))
    if ":" in size:
        mix, size = size.split(":", 1)
    objects, effects = map(int, size.split("/"))
    return make_board(objects, effects, seed, mix)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("objects", type=int)
    parser.add_argument("effects", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mix", choices=sorted(MIXES), default="realistic")
    args = parser.parse_args()
    yaml.safe_dump(make_board(args.objects, args.effects, args.seed, args.mix), sys.stdout, sort_keys=False,
                   allow_unicode=True)


if __name__ == "__main__":
    main()
