"""`mtg-layers sweep --prune`: leave out the card combinations that provably cannot show a sweep's
interaction findings (a dependency loop, dependency overriding timestamp order, order sensitivity), from
the read/write analysis asp/ uses to make safe batches (asp/613_8_dependency.lp).

asp/ tests a dependency of effect A on effect B only when both have a part in one layer, and B writes
there what A reads (`part_writes`, `effect_reads`, `effect_reads_when_fresh`, `effect_reads_of`,
`condition_reads`) or may remove the ability A comes from (`part_removes_ability`) (613.8a); effects of
one layer that do neither apply in timestamp order, which changes the result only when both write one
characteristic there (613.7). Effects of different layers apply in layer order whatever their
timestamps (613.1). So two cards whose effects share no layer where one writes what the other reads or
writes, or removes abilities, cannot depend on each other nor be order-sensitive; nor through the
background's effects (paths through them are followed). Each card's effects are read from the board of
the background with that card alone, under every edition of the spec.

An effect that grants abilities its definition names brings its card the effects of those abilities, read
on the same board (each permanent there has one per grantable static ability, 604.1), whichever object
gets them on the combined board. What this reading cannot see makes a card `opaque` (never pruned): an
effect that takes abilities from other objects, copies, or changes text (those effects exist only on the
combined board), text kept unread that may
change a characteristic, an effect on players or game rules, a board that could not be solved.
A combination of two or more cards is pruned when no two of its cards may interact. Pruned boards get no
row (what they could show is what each card shows alone, its own loops and edition differences: a
`sizes: [1]` sweep, never pruned, finds them); a random sample of
them is solved anyway, and a finding there is said as an error.
"""
from __future__ import annotations

from dataclasses import dataclass, field

@dataclass
class Profile:
    """What a card's (or the background's) effects do, by layer: parts, writes, reads, removals."""
    reads: dict = field(default_factory=dict)        # effect -> attributes it reads
    layers_of: dict = field(default_factory=dict)    # effect -> its layers
    writes_of: dict = field(default_factory=dict)    # effect -> {(layer, attribute, operation kind)}
    removes_of: dict = field(default_factory=dict)   # effect -> layers where it may remove abilities
    own_only: dict = field(default_factory=dict)     # effect -> layers where it writes only its own object (604.3)
    commuting: set = field(default_factory=set)      # operation kinds whose order cannot matter (asp/ op_commutes)
    opaque: str | None = None

    def merge(self, other: "Profile") -> None:
        for name in ("reads", "layers_of", "writes_of", "removes_of", "own_only"):
            mine = getattr(self, name)
            for effect, values in getattr(other, name).items():
                mine.setdefault(effect, set()).update(values)
        self.commuting |= other.commuting
        self.opaque = self.opaque or other.opaque


def effect_source(term, sources: dict) -> str | None:
    if term.name in ("st", "ctr", "kctr", "face_down", "flipped", "reconfigured") and term.arguments \
            and term.arguments[0].type.name == "String":
        return term.arguments[0].string
    return sources.get(term)


def read_profile(result, owner) -> Profile:
    """The profile of the effects whose source `owner(source)` accepts, read from a solved board."""
    read = result.reader
    sources = {a.arguments[0]: a.arguments[1].string for a in read("effect_source")
               if len(a.arguments) == 2 and a.arguments[1].type.name == "String"}
    profile = Profile(commuting={a.arguments[0].name for a in read("op_commutes")})
    makes_effects = {a.arguments[0].name: a.arguments[1].name.replace("_", " ") for a in read("op_makes_effects")}
    granted = granted_abilities(read, lambda term: owner(effect_source(term, sources)))

    def mine(term) -> bool:
        return owner(effect_source(term, sources)) or (term.name == "st" and len(term.arguments) == 2
                                                       and term.arguments[1] in granted)
    for atom in read("op_in_part"):
        term, layer, _, kind = atom.arguments
        if mine(term):
            profile.layers_of.setdefault(str(term), set()).add(layer.string)
            if kind.name in makes_effects:
                profile.opaque = makes_effects[kind.name]
    writes = {}
    for atom in read("op_writes"):
        writes.setdefault(atom.arguments[0].name, set()).add(str(atom.arguments[1]))
    for atom in read("op_in_part"):
        term, layer, _, kind = atom.arguments
        if mine(term):
            profile.writes_of.setdefault(str(term), set()).update((layer.string, attribute, kind.name)
                                                                  for attribute in writes.get(kind.name, ()))
    for name in ("effect_reads", "effect_reads_when_fresh", "condition_reads", "effect_reads_of"):
        for atom in read(name):
            term, attribute = atom.arguments[0], atom.arguments[-1]
            if mine(term):
                profile.reads.setdefault(str(term), set()).add(str(attribute))
    for atom in read("part_writes_only_its_object"):
        term, layer = atom.arguments
        if mine(term):
            profile.own_only.setdefault(str(term), set()).add(layer.string)
    for atom in read("part_removes_ability"):
        term, layer, _ = atom.arguments
        if mine(term):
            profile.removes_of.setdefault(str(term), set()).add(layer.string)
    return profile


def granted_abilities(read, own) -> set:
    """The abilities the effects `own` accepts grant by naming them (asp/ op_grants_named_abilities), and those
    these grant in turn: their effects, on whichever object of the combined board gets them, read and write
    what their effects on the board alone do (every permanent has one per grantable static ability, 604.1)."""
    naming = {a.arguments[0].name for a in read("op_grants_named_abilities")}
    grants = {(a.arguments[0], a.arguments[1]) for a in read("effect_op") if a.arguments[2].name in naming}
    gives: dict = {}
    for atom in read("effect_op_ability"):
        term, index, ability = atom.arguments
        if (term, index) in grants:
            gives.setdefault(term, set()).add(ability)
    by_ability: dict = {}
    for term in gives:
        if term.name == "st" and len(term.arguments) == 2:
            by_ability.setdefault(term.arguments[1], []).append(term)
    found, frontier = set(), [a for term, given in gives.items() if own(term) for a in given]
    while frontier:
        ability = frontier.pop()
        if ability not in found:
            found.add(ability)
            frontier += [a for term in by_ability.get(ability, ()) for a in gives[term]]
    return found


def card_opacity(obj) -> str | None:
    """What the card's own text says this reading cannot follow."""
    for ability in obj.card.abilities:
        if ability.unread:
            return "text kept unread may change " + ", ".join(ability.unread)
        if ability.players is not None or ability.rule_off is not None:
            return "affects players or game rules"
    return None


def interact(a: tuple, b: tuple, commuting: set) -> bool:
    """Two effects of different objects (layers, writes, reads, removals, layers where each writes only its
    own object) may depend on each other or be order-sensitive; `commuting`: the operation kinds whose order
    cannot matter (asp/613_8_dependency.lp, op_commutes)."""
    layers_a, writes_a, reads_a, removes_a, own_a = a
    layers_b, writes_b, reads_b, removes_b, own_b = b
    for layer in layers_a & layers_b:
        wrote_a = {attr for lay, attr, _ in writes_a if lay == layer}
        wrote_b = {attr for lay, attr, _ in writes_b if lay == layer}
        if wrote_a & reads_b or wrote_b & reads_a or layer in removes_a or layer in removes_b:
            return True
        if layer in own_a and layer in own_b:      # 604.3: each writes its own object, never the other's
            continue
        for attribute in wrote_a & wrote_b:        # 613.7: then timestamp order matters, unless both commute
            kinds = {kind for lay, attr, kind in writes_a | writes_b if lay == layer and attr == attribute}
            if not kinds <= commuting:
                return True
    return False


def effects_of(profile: Profile) -> list[tuple]:
    return [(profile.layers_of.get(e, set()), profile.writes_of.get(e, set()), profile.reads.get(e, set()),
             profile.removes_of.get(e, set()), profile.own_only.get(e, set()))
            for e in set(profile.layers_of) | set(profile.reads)]


class Interactions:
    """Which pool cards may interact (directly, or through a chain of the background's effects)."""

    def __init__(self, profiles: dict[int, Profile], background: Profile):
        effects = {i: effects_of(p) for i, p in profiles.items()}
        ground = effects_of(background)
        commuting = set(background.commuting).union(*(p.commuting for p in profiles.values()))

        def effects_interact(a, b):
            return interact(a, b, commuting)
        reach = {}                           # card -> background effects it reaches, through background chains
        for i, mine in effects.items():
            seen = {j for j, g in enumerate(ground) if any(effects_interact(e, g) for e in mine)}
            frontier = list(seen)
            while frontier:
                g = ground[frontier.pop()]
                for j, other in enumerate(ground):
                    if j not in seen and effects_interact(g, other):
                        seen.add(j)
                        frontier.append(j)
            reach[i] = seen
        self.opaque = {i for i, p in profiles.items() if p.opaque}
        self.pairs = set()
        for i in effects:
            for j in effects:
                if i < j and (i in self.opaque or j in self.opaque or reach[i] & reach[j]
                              or any(effects_interact(a, b) for a in effects[i] for b in effects[j])):
                    self.pairs.add((i, j))

    def may_interact(self, cards: tuple[int, ...]) -> bool:
        """Some two cards of the combination may interact (cards in the pool's order); a card alone is never
        pruned (its own effects may form a loop, its editions differ)."""
        return len(cards) < 2 or any((a, b) in self.pairs for k, a in enumerate(cards) for b in cards[k + 1:])
