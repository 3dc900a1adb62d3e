"""The direct loop: the floor of issue 37 (the least a board of generate.py's vocabulary needs).

Issue 37 compares the solver with "a direct Python loop of the same steps and dependency tests".
This is that loop, for the boards of `benchmarks/generate.py` only: a plain function computes each
permanent's final types, creature subtypes, colors, abilities, power and toughness by the layer
system the simple way, and the benchmark times it per board. It is NOT part of the product: the
package `bridge/` never imports it, it decides rules only for this comparison, and every board it
times is checked against the solver (`bridge.interfaces.api.solve`, state-based actions off).

What it does, per layer (613.1d-f, 613.4): 4 types (add_types, set_creature_types), 5 colors
(set_colors), 6 abilities (add_abilities, lose_abilities, lose_all_abilities), 7b set base P/T, 7c
modifications and +1/+1 counters (613.4c, the current edition). Timestamps (613.7) as the bridge
gives them: a permanent's position on the battlefield (its static ability's timestamp, and its
counters'), resolved effects after the battlefield, in their order. Inside layers 4-6, one effect at
a time: 613.8a B -> A ("A depends on B") when applying B to the board as it is now would change the
set A applies to (A's selector on the objects B changes) or A's existence (B removes the ability
A's source has); 613.8b an effect waits for those it depends on, except inside a loop, and the
earliest timestamp among those that wait for nothing goes next; 613.8c the tests are run again
after every application. A static ability's effect applies only while its source has the ability
(604.1, 613.6: an effect that started goes on, e.g. "lose all abilities" on its own source); the set
is read when the effect applies (613.6: every effect here has one part, so it is locked then).

Left out (the vocabulary has none of it): layers 1-3 and 7a/7d, control changes, characteristic-
defining abilities (613.3), 613.8a "what it does" (every operation here makes a fixed edit: only
the set can change), timestamp ties (613.7k), effects with several parts, conditions, counters other
than +1/+1, state-based actions. Rules it decides as the solver does: an object with no printed P/T
that becomes a creature has none (+1/+1 adds nothing to it); 208.3 a noncreature has none.

Usage:  python benchmarks/direct_loop.py [--sizes 40/8,400/80] [--mixes realistic,dependencies,layered]
                                        [--seeds 5] [--reps 200] [--no-check]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import make_board  # noqa: E402

COLOR_LETTERS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
COLOR_WORDS = frozenset(COLOR_LETTERS.values())
EMPTY = frozenset()
# An object's values: a tuple indexed so (the characteristics the layers write).
TYPES, SUBTYPES, COLORS, ABILITIES, POWER, TOUGHNESS = range(6)
# 613.1d-f, 613.4: the layers this vocabulary reaches; what each operation writes; where it applies.
LAYER_OF = {"add_types": "4", "set_creature_types": "4", "set_colors": "5", "add_abilities": "6",
            "lose_abilities": "6", "lose_all_abilities": "6", "set_base_pt": "7b", "modify_pt": "7c",
            "counter_pt": "7c"}
LAYERS = ("4", "5", "6", "7b", "7c")
WRITES = {"add_types": TYPES, "set_creature_types": SUBTYPES, "set_colors": COLORS, "add_abilities": ABILITIES,
          "lose_abilities": ABILITIES, "lose_all_abilities": ABILITIES}


class Effect:
    """One continuous effect (one part: every effect of this vocabulary lives in one layer)."""
    __slots__ = ("name", "kind", "value", "layer", "timestamp", "source", "text", "controller",
                 "fixed", "types", "colors", "has", "whose", "reads")

    def __init__(self, name, kind, value, timestamp, source=None, text=None, controller=None,
                 affects=None):
        self.name, self.kind, self.value, self.layer = name, kind, value, LAYER_OF[kind]
        self.timestamp, self.source, self.text, self.controller = timestamp, source, text, controller
        self.fixed = frozenset(affects) if isinstance(affects, list) else None   # resolved: named objects
        selector = affects if isinstance(affects, dict) else {}
        words = [w.lower() for w in selector.get("all", [])]
        self.types = frozenset(w.title() for w in words if w not in COLOR_WORDS)
        self.colors = frozenset(w for w in words if w in COLOR_WORDS)
        self.has = frozenset(selector.get("has", []))
        self.whose = selector.get("controller")
        # what its selector reads (controllers too, but nothing here changes them)
        self.reads = {index for index, words in ((TYPES, self.types), (COLORS, self.colors),
                                                 (ABILITIES, self.has)) if words}


def parse_pt(text: str) -> tuple[int, int]:
    power, toughness = text.split("/")
    return int(power), int(toughness)


def read_board(board: dict):
    """The printed values, controllers and the effects (static abilities, resolved effects, counters)."""
    values, controllers, effects = {}, {}, []
    for position, entry in enumerate(board["battlefield"], start=1):      # 613.7d: entered in this order
        oid, card = entry["id"], entry["card"]
        left, _, right = card["type_line"].partition("—")
        power, toughness = parse_pt(card["pt"]) if "pt" in card else (None, None)
        abilities = set()
        for ability in card.get("abilities", []):
            if isinstance(ability, str):
                abilities.add(ability)
                continue
            abilities.add(ability["text"])
            static = ability["static"]
            kind, value = next(iter(static["does"].items())) if isinstance(static["does"], dict) \
                else (static["does"], None)
            effects.append(Effect(f"{oid}:{ability['text']}", kind, convert(kind, value), position,
                                  source=oid, text=ability["text"], controller=entry["controller"],
                                  affects=static["affects"]))
        colors = frozenset(COLOR_LETTERS[c] for c in card["mana_cost"] if c in COLOR_LETTERS)
        values[oid] = (frozenset(left.split()), frozenset(right.split()), colors, frozenset(abilities),
                       power, toughness)
        controllers[oid] = entry["controller"]
        plus = entry.get("counters", {}).get("+1/+1", 0)
        if plus:   # 613.4c (current edition): counters in 7c, with the permanent's timestamp (613.7c)
            effects.append(Effect(f"{oid}:counters", "counter_pt", (plus, plus), position, affects=[oid]))
    for index, entry in enumerate(board.get("effects", []), start=len(values) + 1):   # after the permanents
        kind, value = next(iter(entry["does"].items()))
        effects.append(Effect(entry["from"], kind, convert(kind, value), index, affects=entry["affects"]))
    return values, controllers, effects


def convert(kind: str, value):
    if kind in ("set_base_pt", "modify_pt"):
        return parse_pt(value)
    return frozenset(value) if isinstance(value, list) else value


def edit(effect: Effect, values: tuple) -> tuple:
    """What the effect makes of one object's values."""
    kind, value = effect.kind, effect.value
    types, subtypes, colors, abilities, power, toughness = values
    if kind == "add_types":                    # 205.1b "in addition to its other types"
        types = types | value
    elif kind == "set_creature_types":         # 205.1b: replaces its creature types (here all its subtypes)
        subtypes = value
    elif kind == "set_colors":                 # 105.3
        colors = value
    elif kind == "add_abilities":
        abilities = abilities | value
    elif kind == "lose_abilities":
        abilities = abilities - value
    elif kind == "lose_all_abilities":
        abilities = EMPTY
    elif kind == "set_base_pt":                # 613.4b
        power, toughness = value
    elif power is not None:                    # 613.4c modify_pt, counter_pt: no numbers, nothing to add
        power, toughness = power + value[0], toughness + value[1]
    return types, subtypes, colors, abilities, power, toughness


def matches(effect: Effect, oid: str, values: tuple, controllers: dict) -> bool:
    """Whether the effect's selector takes the object with these values (its words, `has`, controller)."""
    if effect.fixed is not None:
        return oid in effect.fixed
    if not (effect.types <= values[TYPES] and effect.colors <= values[COLORS] and effect.has <= values[ABILITIES]):
        return False
    if effect.whose == "you":
        return controllers[oid] == effect.controller
    if effect.whose == "opponent":
        return controllers[oid] != effect.controller
    return True


def exists(effect: Effect, state: dict) -> bool:
    """604.1 A static ability's effect exists while its source has the ability."""
    return effect.source is None or effect.text in state[effect.source][ABILITIES]


def depends_on(layer: str, live: list, state: dict, controllers: dict) -> dict:
    """613.8a For each live effect A, the effects B it depends on, tested on the board as it is now."""
    depends = {a: set() for a in live}
    reading = {}                # 613.8a what may read what: the effects whose selectors read each value
    for a in live:
        for index in a.reads:
            reading.setdefault(index, []).append(a)
    static = [a for a in live if a.source is not None]
    pairs = []                  # (B, the effects that may read what B writes, those whose existence B may end)
    for b in live:
        readers = [a for a in reading.get(WRITES[b.kind], ()) if a is not b]
        existence = [a for a in static if a is not b] if b.kind == "lose_all_abilities" else []
        if readers or existence:
            pairs.append((b, readers, existence))
    if not pairs:
        return depends
    # Objects alike in what these effects read and write, and in controller, are tested once: no
    # effect of layers 4-6 here names its objects (one that did would need them all).
    seen = sorted(set().union(*(a.reads for a in live)) | {WRITES[a.kind] for a in live})
    kinds = {}
    for oid, values in state.items():
        kinds.setdefault((controllers[oid], *(values[i] for i in seen)), oid)
    for b, readers, existence in pairs:
        changed = []                # the objects B would change, with their values in the world where B applied
        for oid in kinds.values():
            values = state[oid]
            if matches(b, oid, values, controllers):
                after = edit(b, values)
                if after != values:
                    changed.append((oid, values, after))
        for a in readers:           # B would change what A applies to
            if any(matches(a, oid, values, controllers) != matches(a, oid, after, controllers)
                   for oid, values, after in changed):
                depends[a].add(b)
        for a in existence:         # B would remove the ability A comes from (it removes them all)
            if matches(b, a.source, state[a.source], controllers):
                depends[a].add(b)
    return depends


def next_effect(layer: str, live: list, state: dict, controllers: dict) -> Effect:
    """613.8b The earliest effect (613.7) among those that wait for none: an effect waits for each one it
    depends on, unless the two are in a dependency loop."""
    if len(live) == 1:
        return live[0]
    depends = depends_on(layer, live, state, controllers)

    def reach(a):               # every effect A depends on, directly or not
        seen, todo = set(), list(depends[a])
        while todo:
            b = todo.pop()
            if b not in seen:
                seen.add(b)
                todo.extend(depends[b])
        return seen

    reaches = {a: reach(a) for a in live if depends[a]}
    ready = [a for a in live if all(a in reaches.get(b, ()) for b in depends[a])]
    return min(ready, key=lambda e: (e.timestamp, e.name))


def final_values(board: dict) -> dict:
    """Every permanent's values after all continuous effects: {id: (types, subtypes, colors, abilities,
    power, toughness)}, 208.3 a noncreature's power and toughness None."""
    state, controllers, effects = read_board(board)
    for layer in LAYERS:
        pending = sorted((e for e in effects if e.layer == layer), key=lambda e: e.timestamp)
        while pending:
            # 604.1 a static ability its source lost makes no effect (613.6 one that started goes on:
            # here every effect has one part, applied at once)
            live = [e for e in pending if exists(e, state)]
            if not live:
                break
            # 7b and 7c read nothing they write: timestamp order; layers 4-6 test dependencies (613.8)
            effect = live[0] if layer[0] == "7" else next_effect(layer, live, state, controllers)
            for oid, values in state.items():                 # 613.6: the set, read as it starts to apply
                if matches(effect, oid, values, controllers):
                    state[oid] = edit(effect, values)
            pending.remove(effect)
    return {oid: v if "Creature" in v[TYPES] else v[:POWER] + (None, None) for oid, v in state.items()}


def solver_values(board: dict) -> dict:
    """The same values as the solver gives them (bridge.interfaces.api.solve, state-based actions off)."""
    from bridge.interfaces.api import solve
    result = solve(board, sba=False)
    return {o.id: (frozenset(o.types), frozenset(o.subtypes), frozenset(o.colors), frozenset(o.abilities),
                   o.power, o.toughness) for o in result.permanents}


NAMES = ("types", "subtypes", "colors", "abilities", "power", "toughness")


def mismatches(board: dict, loop: dict, solver: dict) -> list[str]:
    """Each value the loop and the solver give differently: board, object, characteristic, both values."""
    found = []
    for oid in sorted(set(loop) | set(solver)):
        ours, theirs = loop.get(oid), solver.get(oid)
        if ours is None or theirs is None:
            found.append(f"{board['case']}: {oid} only in {'the solver' if ours is None else 'the loop'}")
            continue
        for name, a, b in zip(NAMES, ours, theirs):
            if a != b:
                show = (lambda v: sorted(v) if isinstance(v, frozenset) else v)
                found.append(f"{board['case']}: {oid} {name}: loop {show(a)}, solver {show(b)}")
    return found


def time_board(board: dict, reps: int) -> list[float]:
    """Seconds per run of final_values on a board already built (no YAML)."""
    final_values(board)         # once untimed: the first run pays for warming up
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        final_values(board)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="40/8,400/80")
    parser.add_argument("--mixes", default="realistic,dependencies,layered")
    parser.add_argument("--seeds", type=int, default=5, help="seeds 1..N per size and mix")
    parser.add_argument("--reps", type=int, default=200, help="timed runs per board (fewer for big boards: below)")
    parser.add_argument("--no-check", action="store_true", help="skip the comparison with the solver")
    args = parser.parse_args()
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average "
          f"{os.getloadavg()[0]:.1f}, Python {sys.version.split()[0]}, seeds 1-{args.seeds}")
    print(f"{'size':>7} {'mix':>12} {'matched':>8} {'loop ms/board: median':>22} {'min':>7}")
    rows, all_problems = [], []
    for size in args.sizes.split(","):
        objects, effects = map(int, size.split("/"))
        reps = max(5, args.reps * 40 // objects)   # about the same time per size
        for mix in args.mixes.split(","):
            boards = [make_board(objects, effects, seed, mix) for seed in range(1, args.seeds + 1)]
            runs = [time_board(board, reps) for board in boards]
            rows.append((size, mix, boards, statistics.median(statistics.median(t) for t in runs),
                         min(min(t) for t in runs)))
    # The solver afterwards (its Controls and caches would stay in this process's heap while timing).
    for size, mix, boards, median, least in rows:
        checked = "-"
        if not args.no_check:
            problems = [mismatches(board, final_values(board), solver_values(board)) for board in boards]
            checked = f"{sum(not p for p in problems)}/{len(boards)}"
            all_problems += [line for p in problems for line in p]
        print(f"{size:>7} {mix:>12} {checked:>8} {median * 1e3:>22.3f} {least * 1e3:>7.3f}", flush=True)
    for problem in all_problems:
        print("MISMATCH", problem)


if __name__ == "__main__":
    main()
