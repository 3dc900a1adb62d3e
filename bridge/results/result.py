"""Solver atoms back into characteristic tables and the trace of steps."""
from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import dataclass, field, replace

from clingo import Symbol, SymbolType

from bridge.model.case import Case
from bridge.model.ids import effect_id
from bridge.results.not_given import not_given
from bridge.model.texts import ability_text, effect_text
from bridge.results.atom_count import AtomCount
from bridge.results.decisions import read_decisions
from bridge.results.trace import Trace, build_trace, run_decisions
from bridge.solving.read_back import SIGNATURES, TRACE_ATOMS
from bridge.vocabulary.words import every_creature_type

TYPE_ORDER = ("Tribal", "Kindred", "Artifact", "Enchantment", "Land", "Planeswalker", "Battle", "Creature",
              "Instant", "Sorcery")
SUPERTYPE_ORDER = ("Basic", "Legendary", "Ongoing", "Snow", "World")
COLOR_ORDER = ("White", "Blue", "Black", "Red", "Green")


@dataclass(frozen=True)
class ObjectState:
    """One permanent's characteristics after all continuous effects."""
    id: str
    name: str
    mana_value: int
    colors: tuple[str, ...]                      # lowercase, in WUBRG order: ("white", "blue")
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    abilities: tuple[str, ...]
    power: int | None
    toughness: int | None
    loyalty: int | None
    controller: str
    owner: str
    counters: tuple[tuple[str, int], ...]
    timestamp: int
    zone: str = "battlefield"
    status: tuple[str, ...] = ()
    cast: bool | None = None                     # a spell: was it cast (a copy isn't, 707.10)
    decisions: dict = field(default_factory=dict)  # a spell's decisions, its own or copied (601.2, 707.10)
    copy_of: str | None = None
    targets: tuple = ()                          # a spell's TargetCheck, in the order of its targets
    countered_on_resolution: bool = False        # 608.2b every target illegal
    ability_of: str | None = None                # an ability on the stack: its source (113.7)
    text_only: tuple[str, ...] = ()              # its abilities kept as text: they generate no effect here
    instances: tuple[tuple[str, int], ...] = ()  # abilities it has more than once, each working (113.2c)
    # Values an ability kept as text may change (`unread:`, issue 32): (characteristic, ((source, text), ...))
    unsure: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()

    @property
    def type_line(self) -> str:
        left = " ".join(self.supertypes + self.types)
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    @property
    def pt(self) -> str | None:
        if self.power is None or self.toughness is None:
            return None
        return f"{self.power}/{self.toughness}"

    def as_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "mana_value": self.mana_value,
                "colors": list(self.colors), "supertypes": list(self.supertypes),
                "types": list(self.types), "subtypes": list(self.subtypes), "type_line": self.type_line,
                "abilities": list(self.abilities), "power": self.power, "toughness": self.toughness,
                "pt": self.pt, "loyalty": self.loyalty, "controller": self.controller, "owner": self.owner,
                "counters": dict(self.counters), "timestamp": self.timestamp, "zone": self.zone,
                "status": list(self.status), "text_only": list(self.text_only),
                **({"instances": dict(self.instances)} if self.instances else {}),
                **({"unsure": {what: [{"source": source, "ability": text} for source, text in by]
                               for what, by in self.unsure}} if self.unsure else {}),
                **({"cast": self.cast, "copy_of": self.copy_of,
                                                 "decisions": self.decisions,
                                                 "targets": [{"target": c.target, "legal": c.legal,
                                                              "illegal_because": [str(r) for r in c.reasons],
                                                              **({"not_checked": list(c.not_checked)}
                                                                 if c.not_checked else {})}
                                                             for c in self.targets],
                                                 "countered_on_resolution": self.countered_on_resolution,
                                                 "ability_of": self.ability_of}
                                                if self.zone == "stack" else {})}


@dataclass(frozen=True)
class TargetCheck:
    """Whether one target of a spell is still legal (608.2b), and what made it illegal."""
    target: str
    legal: bool
    reasons: tuple[Symbol, ...] = ()
    not_checked: tuple[str, ...] = ()    # the target's protections whose quality is not read (702.16a): legal
    #                                     may be wrong, said wherever the verdict is shown

    @property
    def verdict_note(self) -> str:
        return "; ".join(f'not checked: its "{text}" is a protection whose quality this version does not read '
                         f"(702.16a-b)" for text in self.not_checked)


@dataclass(frozen=True)
class PlayerState:
    """A player after effects on players (613.10) and on game rules (613.11)."""
    name: str
    has: tuple[tuple[str, tuple[str, ...]], ...]     # (what, the permanents that give it)
    max_hand_size: int | None                        # None: no maximum hand size

    def as_dict(self) -> dict:
        return {"name": self.name, "has": {k: list(src) for k, src in self.has},
                "max_hand_size": self.max_hand_size}


@dataclass(frozen=True)
class Answer:
    """The answer to a question about characteristics, and the values each view showed."""
    question: object                                  # bridge.reading.case.Question
    answer: object                                    # True/False, or the list of values
    shown: tuple[tuple[str, str, str, str], ...]      # (object, view, attribute, value)


@dataclass(frozen=True)
class Step:
    """One application of one part of an effect (613.6), in order."""
    number: int
    layer: str
    effect: str
    effect_id: str           # stable id (bridge.model.ids), the same in every output
    timestamp: int
    changed: tuple[str, ...]  # the objects whose values this part changed (asp part_changed), not its batch's others
    depends_on: tuple[str, ...] = ()
    depends_on_ids: tuple[str, ...] = ()


class AtomReader:
    """Reads the solver's atoms by name, the arity looked up once per name.

    A pickled reader (a Result sent to another process) keeps the atoms the trace and the research
    facts read (KEPT_WHEN_PICKLED), not the solver: asking it for others is an error, not []."""

    def __init__(self, atoms):
        self._atoms = atoms
        self._cache: dict[str, list[Symbol]] = {}

    def __call__(self, name: str) -> list[Symbol]:
        if name not in self._cache:
            if self._atoms is None:
                raise KeyError(f"the atoms of {name!r} were not kept when this Result was pickled")
            self._cache[name] = [a for arity in range(0, 8) for a in self._atoms(name, arity)]
        return self._cache[name]

    def __getstate__(self) -> dict:
        for name in KEPT_WHEN_PICKLED:
            self(name)
        return {"_atoms": None, "_cache": self._cache}


# What a pickled Result can still read: the trace's atoms and those of bridge.results.board_facts.
KEPT_WHEN_PICKLED = TRACE_ATOMS + ("effect_source", "effect_kind")


@dataclass(frozen=True)
class Result:
    case: Case
    edition: str
    objects: dict[str, ObjectState]
    steps: tuple[Step, ...]
    atom_count: AtomCount = field(repr=False)      # see ground_atoms
    reader: AtomReader = field(repr=False, compare=False, default=None)
    names: dict = field(repr=False, compare=False, default_factory=dict)
    events: tuple = ()         # bridge.solving.timeline.EventOutcome, one per event of the case
    players: tuple[PlayerState, ...] = ()
    answers: tuple[Answer, ...] = ()
    texts: dict = field(repr=False, compare=False, default_factory=dict)
    sba: object = None         # bridge.results.sba.Rounds: state-based actions after the layers (None: not checked)
    values_in_order: bool = False   # the trace has the values inside each step (solve(values_in_order=True))

    @property
    def ground_atoms(self) -> int:
        """The atoms the board's ground program has (clingo's symbolic atoms, of every Control it was
        solved in), counted when first read."""
        return int(self.atom_count)

    @property
    def stack(self) -> list[ObjectState]:
        return [o for o in self.objects.values() if o.zone == "stack"]

    @property
    def permanents(self) -> list[ObjectState]:
        return [o for o in self.objects.values() if o.zone == "battlefield"]

    def cards_in(self, zone: str) -> list[ObjectState]:
        """The cards in a hand, graveyard, library or exile, in the case's order (a library top first); a
        graveyard top first as events left it (404.1; a card whose place is not known, 404.3, last)."""
        cards = [o for o in self.objects.values() if o.zone == zone]
        if zone == "graveyard":
            last = len(self.case.objects) + 1
            place = {o.id: o.position or last for o in self.case.objects}
            owners = {o.owner: None for o in cards}          # each owner's pile where the case lists it first
            order = {owner: i for i, owner in enumerate(owners)}
            cards.sort(key=lambda o: (order[o.owner], place.get(o.id, last)))
        return cards

    @functools.cached_property
    def trace(self) -> Trace:
        """What applied at each step and why (read from the solver on first use)."""
        printed = {o.id: tuple(o.card.subtypes) for o in self.case.objects if getattr(o, "card", None) is not None}
        return build_trace(self.reader, self.names, printed)

    @functools.cached_property
    def decisions(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The trace's ties and notes, read without the whole trace when it is not built (`check`, `solve`)."""
        return (self.trace.ties, self.trace.notes) if "trace" in self.__dict__ else run_decisions(self.reader, self.names)

    def to_frame(self):
        """The objects' final characteristics as a pandas DataFrame, one row per object, indexed by id, the
        columns of `solve`'s JSON (lists stay lists). Needs pandas: pip install 'mtg-layers[research]'."""
        pandas = research_module("pandas")
        return pandas.DataFrame([o.as_dict() for o in self.objects.values()]).set_index("id")

    def dependency_graph(self):
        """The effects and their dependencies as a networkx MultiDiGraph (docs/research.md#the-python-api):
        a node per effect (its stable id; attributes label, kind, timestamp, layers, steps it applied at),
        an edge A -> B for each step at which A depended on B (613.8a; attributes step, layer, reasons,
        in_loop). Needs networkx: pip install 'mtg-layers[research]'."""
        networkx = research_module("networkx")
        graph = networkx.MultiDiGraph(case=self.case.title, rules=self.edition)

        def node(ref, layer: str, step: int | None = None) -> None:
            if ref.key not in graph:
                graph.add_node(ref.key, label=ref.label, kind=ref.kind, timestamp=ref.timestamp, layers=[],
                               steps=[])
            data = graph.nodes[ref.key]
            if layer not in data["layers"]:
                data["layers"].append(layer)
            if step is not None:
                data["steps"].append(step)
        for step in self.trace.steps:
            for ref in step.candidates:
                node(ref, step.layer)
            for ref in step.applied:
                node(ref, step.layer, step.number)
            for dependency in step.dependencies:
                node(dependency.dependent, step.layer)
                node(dependency.on, step.layer)
                graph.add_edge(dependency.dependent.key, dependency.on.key, step=step.number, layer=step.layer,
                               reasons=list(dependency.reasons), in_loop=dependency.in_loop)
        return graph


def research_module(name: str):
    """pandas or networkx, or one clear message saying which extra installs it."""
    import importlib
    try:
        return importlib.import_module(name)
    except ImportError:
        raise ImportError(f"this needs {name}: pip install 'mtg-layers[research]'") from None


def build_result(case: Case, solution, events: tuple = ()) -> Result:
    """The tables from a solver.Solution; the detailed trace is read only when asked for."""
    by_name = {name: solution.atoms(name, arity) for name, arity in SIGNATURES.items()}
    texts = {a.arguments[0]: a.arguments[1].string for a in by_name["ability_text"]}
    labels = {a.arguments[0]: a.arguments[1].string for a in by_name["effect_label"]}
    names = {o.id: o.card.name for o in case.objects}
    land_mana = {a.arguments[0].string: a.arguments[1].string for a in by_name["basic_land_type"]}
    ability_choices = {a.arguments[0]: a.arguments[1].string for a in by_name["ability_choice"]}
    chosen = {(a.arguments[0].string, a.arguments[1]): a.arguments[3].string
              for a in by_name["chosen_value"] + by_name["granted_chosen_value"]}
    text_only = {a.arguments[0] for a in by_name["text_only_ability"]}

    values: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for atom in by_name["final_value"]:
        obj, attr, value = atom.arguments
        values[obj.string][attr.name].append(value)

    def describe_effect(term: Symbol) -> str:
        return effect_text(term, labels, names, texts)

    decisions = read_decisions(solution)
    targets, countered = read_targets(solution, texts)
    cast = {a.arguments[0].string for a in solution.atoms("cast_spell", 1)}
    copy_owners = {a.arguments[0].string: a.arguments[1].string for a in solution.atoms("copy_owner", 2)}
    ability_controllers = {a.arguments[0].string: a.arguments[1].string for a in solution.atoms("initial_controller", 2)}
    objects, held, emblem_unread = {}, {}, []
    type_lines: dict[frozenset, tuple] = {}
    for obj in case.objects:
        if not obj.has_characteristics:
            continue
        if obj.ability_source:
            # 113.7a an ability on the stack: no characteristics, only its text, source and controller
            objects[obj.id] = ObjectState(
                id=obj.id, name=f"ability of {obj.ability_source}", mana_value=0, colors=(), supertypes=(), types=(),
                subtypes=(), abilities=(obj.ability.text,), power=None, toughness=None, loyalty=None,
                controller=ability_controllers.get(obj.id, obj.controller), owner=obj.owner, counters=(),
                timestamp=obj.timestamp, zone="stack", cast=False, decisions=decisions.get(obj.id, {}),
                copy_of=obj.copy_of, targets=targets.get(obj.id, ()), countered_on_resolution=obj.id in countered,
                ability_of=obj.ability_source)
            continue
        if obj.zone == "command":
            # 114.3 an emblem: its abilities and nothing else (the layers don't apply to it)
            objects[obj.id] = ObjectState(
                id=obj.id, name=obj.card.name, mana_value=0, colors=(), supertypes=(), types=(), subtypes=(),
                abilities=tuple(a.text for a in obj.card.abilities), power=None, toughness=None, loyalty=None,
                controller=obj.controller, owner=obj.owner, counters=(), timestamp=obj.timestamp, zone="command",
                text_only=tuple(a.text for a in obj.card.abilities if a.text_only))
            emblem_unread += [(obj.id, a.text, [(what, a.unread_of) for what in a.unread])
                              for a in obj.card.abilities if a.unread]
            continue
        if obj.card.halves and obj.zone not in ("battlefield", "stack") and obj.id not in values:
            continue        # 709.4 under seed 002's rules (505.5): two sets of characteristics, for questions only
        v = values[obj.id]
        subtypes = in_printed_order([s.string for s in v["subtype"]], obj.card, case.objects, type_lines)
        ability_terms = {value.arguments[0] for value in v["ability"]}
        land_order = {land_mana.get(sub, ""): i for i, sub in enumerate(subtypes)}
        subtypes = every_creature_type(subtypes)       # 205.3m: one phrase for the whole list

        printed = {ability.text: i for i, ability in enumerate(obj.card.abilities)}

        def ability_order(a):
            text = ability_text(a, texts)
            if text in printed and a.name != "mana":
                return (printed[text], "")
            if a.name == "mana":        # 305.6 intrinsic mana abilities, in the order of the land types
                return (1000 + land_order.get(a.arguments[0].string, 9), "")
            return (2000, ability_text(a, texts))
        abilities = sorted(ability_terms, key=ability_order)
        held[obj.id] = abilities
        shown = {a: with_choice(ability_text(a, texts), ability_choices.get(a), chosen.get((obj.id, a)))
                 for a in abilities}
        objects[obj.id] = ObjectState(
            id=obj.id,
            name=shown_name(obj, v["name"]),
            mana_value=(v["mana_value"][0].number if v["mana_value"] else 0),
            colors=tuple(c.lower() for c in COLOR_ORDER if String_in(v["color"], c)),   # lowercase, as in case files
            supertypes=tuple(sorted((s.string for s in v["supertype"]), key=order_key(SUPERTYPE_ORDER))),
            types=tuple(sorted((s.string for s in v["type"]), key=order_key(TYPE_ORDER))),
            subtypes=tuple(subtypes),
            abilities=tuple(shown[a] for a in abilities),
            power=(v["power"][0].number if v["power"] else None),
            toughness=(v["toughness"][0].number if v["toughness"] else None),
            loyalty=(v["loyalty"][0].number if v["loyalty"] else None),
            controller=(v["controller"][0].string if v["controller"] else obj.controller),
            owner=copy_owners.get(obj.id, obj.owner), counters=obj.counters, timestamp=obj.timestamp, zone=obj.zone,
            status=obj.status + (("token",) if obj.token else ()),
            cast=(obj.id in cast) if obj.zone == "stack" else None, decisions=decisions.get(obj.id, {}),
            copy_of=obj.copy_of, targets=targets.get(obj.id, ()), countered_on_resolution=obj.id in countered,
            text_only=tuple(shown[a] for a in abilities if a in text_only),
            instances=tuple(sorted((ability_text(a.arguments[1], texts), a.arguments[2].number)
                                   for a in by_name["ability_instances"] if a.arguments[0].string == obj.id)))

    emblem_unread += undefined_choice_reaches(by_name, texts) + unknown_number_reaches(by_name, texts)
    objects = with_unsure_values(objects, held, case, by_name["unread_layer_ability"], texts, emblem_unread,
                                 by_name["ability_functions_in"])
    times = {(a.arguments[0].number, a.arguments[1]): a.arguments[2].number for a in by_name["effect_time"]}
    changed = defaultdict(set)        # (step, part) -> the objects whose values that part changed
    for atom in by_name["part_changed"]:
        changed[(atom.arguments[0].number, atom.arguments[1])].add(atom.arguments[2].string)
    depends = defaultdict(set)
    depends_ids = defaultdict(set)
    for atom in by_name["depends"]:
        k, a, b = atom.arguments
        depends[(k.number, a)].add(describe_effect(b))
        depends_ids[(k.number, a)].add(effect_id(b, names))
    trace = []
    # the effects one step applies together (613.7, 613.8: a batch of the same layer), in timestamp order,
    # then by id: the same order whether the board was solved alone or in a batch with others
    in_order = sorted(by_name["applied"], key=lambda a: (a.arguments[0].number, times.get((a.arguments[0].number,
                      a.arguments[1]), 0), effect_id(a.arguments[1], names)))
    for atom in in_order:
        k, effect, layer = atom.arguments
        trace.append(Step(number=k.number, layer=layer.string, effect=describe_effect(effect),
                          effect_id=effect_id(effect, names),
                          timestamp=times.get((k.number, effect), 0),
                          changed=tuple(sorted(changed[(k.number, effect)])),
                          depends_on=tuple(sorted(depends[(k.number, effect)])),
                          depends_on_ids=tuple(sorted(depends_ids[(k.number, effect)]))))
    return Result(case=case, edition=case.rules, objects=objects, steps=tuple(trace),
                  atom_count=AtomCount(solution), reader=AtomReader(solution.atoms), names=names,
                  events=events, texts=texts, players=read_players(case, solution),
                  answers=read_answers(case, solution), values_in_order=solution.values_in_order)


def in_printed_order(subtypes: list[str], card, board, found: dict) -> list[str]:
    """205.3 Subtypes in the order a type line prints them: that of the object's card, or of the card whose
    type line it took (707.2 a copy, 612 a full text: the copied card prints them), the first card on the
    board that has them all (`found` keeps it by set of subtypes); the others after, alphabetically."""
    wanted = frozenset(subtypes)
    if wanted <= set(card.subtypes):
        printed = card.subtypes
    else:
        if wanted not in found:
            found[wanted] = next((o.card.subtypes for o in board if wanted <= set(o.card.subtypes)), None)
        printed = found[wanted] if found[wanted] is not None else card.subtypes
    order = {w: i for i, w in enumerate(printed)}
    return sorted(subtypes, key=lambda s: (order.get(s, 1000), s))


def shown_name(obj, names) -> str:
    """Its name; a split card outside the stack has both halves' names (709.4), shown in printed order."""
    if len(names) < 2:
        return names[0].string if names else ""
    order = {h.name: i for i, h in enumerate(obj.card.halves)}
    return " // ".join(sorted((n.string for n in names), key=lambda n: (order.get(n, len(order)), n)))


# The characteristic an operation writes (asp/613_8_dependency.lp op_writes) as the table marks it (unsure).
UNSURE_OF = {"type": "types", "subtype": "types", "supertype": "types", "color": "colors", "ability": "abilities",
             "power": "pt", "toughness": "pt", "controller": "control", "name": "text", "mana_value": "copy",
             "loyalty": "copy", "defense": "copy"}


def undefined_choice_reaches(by_name: dict, texts: dict) -> list:
    """614.12 An ability that reads a choice its object made as it entered, which the case doesn't give
    (asp/607_linked_abilities.lp): every value it may change is marked, as for an unread ability."""
    writes, reach = defaultdict(set), {}
    for atom in by_name["undefined_choice_writes"]:
        writes[(atom.arguments[0].string, atom.arguments[1])].add(UNSURE_OF.get(atom.arguments[2].name, "copy"))
    for atom in by_name["undefined_choice_reach"]:
        reach[(atom.arguments[0].string, atom.arguments[1])] = atom.arguments[2].name
    found = []
    for atom in by_name["choice_left_undefined"]:
        obj, ability, key = atom.arguments[0].string, atom.arguments[1], atom.arguments[2].string
        text = f"{ability_text(ability, texts)} [chosen {key.replace('_', ' ')}: not given, 614.12]"
        found.append((obj, text, [(what, reach.get((obj, ability), "any")) for what in sorted(writes[(obj, ability)])]))
    for atom in by_name["game_state_left_undefined"]:     # a condition's game state the case leaves out (611.3a)
        obj, ability, what = atom.arguments[0].string, atom.arguments[1], atom.arguments[2].name
        text = f"{ability_text(ability, texts)} [{what.replace('_', ' ')}: " + (
            "not known: show it entering with an enters event, kicked: ...]" if what == "entered_kicked"   # 614.1c
            else "not given in game_state]")
        found.append((obj, text, [(w, reach.get((obj, ability), "any")) for w in sorted(writes[(obj, ability)])]))
    return found


def unknown_number_reaches(by_name: dict, texts: dict) -> list:
    """An ability that counts what the case doesn't give (asp/107_numbers.lp: cards in a hand, 402.1; counters
    on a player, 122.1): every value it may change is marked, as for an unread ability."""
    writes, reach, unknown = defaultdict(set), {}, defaultdict(list)
    for atom in by_name["unknown_number_writes"]:
        writes[(atom.arguments[0].string, atom.arguments[1])].add(UNSURE_OF.get(atom.arguments[2].name, "copy"))
    for atom in by_name["unknown_number_reach"]:
        reach[(atom.arguments[0].string, atom.arguments[1])] = atom.arguments[2].name
    for atom in by_name["number_left_unknown"]:
        player, what = atom.arguments[2].string, atom.arguments[3]
        said = not_given(player, what)
        if said not in unknown[(atom.arguments[0].string, atom.arguments[1])]:
            unknown[(atom.arguments[0].string, atom.arguments[1])].append(said)
    found = []
    for (obj, ability), said in unknown.items():
        text = f"{ability_text(ability, texts)} [{'; '.join(sorted(said))}]"
        found.append((obj, text, [(what, reach.get((obj, ability), "any")) for what in sorted(writes[(obj, ability)])]))
    return found


def with_unsure_values(objects: dict, held: dict, case: Case, atoms, texts: dict, emblem_unread=(),
                       functions_in_atoms=()) -> dict:
    """Mark each value an ability kept as text may change (issue 32: never silent). The ability counts
    where its object has it after the layers; one that reaches other objects works only from the
    battlefield (113.6) or the zones it says it functions in (113.6b-c: `functions_in`), one of its own
    object's values anywhere (a CDA, 604.3)."""
    if not atoms and not emblem_unread:
        return objects
    reach = defaultdict(list)                        # ability term -> [(characteristic, of)]
    zones = defaultdict(set)                         # ability term -> the zones it functions in (113.6b-c)
    for atom in functions_in_atoms:
        zones[atom.arguments[0]].add(atom.arguments[1].name)
    for atom in atoms:
        term, what, of = atom.arguments
        reach[term].append((what.name, of.name))
    attached = {o.id: o.attached_to for o in case.objects}
    marks = defaultdict(lambda: defaultdict(list))    # object id -> characteristic -> [(source, text)]

    def held_with_reach(obj):
        for term in held.get(obj.id, ()):
            base = term
            while base.type == SymbolType.Function and base.name == "changed":     # its text changed (612)
                base = base.arguments[0]
            yield " ".join(ability_text(term, texts).split()), reach.get(base, ()), zones.get(base)
        for emblem, text, reaches in emblem_unread:  # an emblem's abilities, as the case gave them (114)
            if emblem == obj.id:
                yield " ".join(text.split()), reaches, None
    for obj in objects.values():
        for text, reaches, functions_in in held_with_reach(obj):
            for what, of in reaches:
                if of == "this":
                    reached = [obj.id]
                elif functions_in is not None and obj.zone not in functions_in:
                    reached = []
                elif functions_in is None and obj.zone not in ("battlefield", "command"):
                    reached = []                     # (an emblem's abilities function in the command zone, 114.4)
                elif of == "attached":
                    reached = [attached[obj.id]] if attached.get(obj.id) in objects else []
                else:
                    reached = [o.id for o in objects.values() if o.zone in ("battlefield", "stack")]
                for target in reached:
                    if (obj.id, text) not in marks[target][what]:
                        marks[target][what].append((obj.id, text))
    return {oid: (replace(o, unsure=tuple((what, tuple(by)) for what, by in marks[oid].items())) if oid in marks else o)
            for oid, o in objects.items()}


def read_targets(solution, texts: dict) -> tuple[dict[str, tuple[TargetCheck, ...]], set[str]]:
    """Each spell's checked targets (asp/115_targets.lp), in order, and the spells that would be
    removed from the stack on resolution."""
    unread = defaultdict(set)
    for atom in solution.atoms("target_not_checked", 3):
        s, target, ability = atom.arguments
        unread[(s.string, target.string)].add(ability_text(ability, texts))
    reasons = defaultdict(list)
    for atom in solution.atoms("illegal", 4):
        s, j, target, why = atom.arguments
        reasons[(s.string, j.number, target.string)].append(why)
    found = defaultdict(list)
    for atom in sorted(solution.atoms("target_of", 3), key=lambda a: a.arguments[1].number):
        s, j, target = atom.arguments
        why = tuple(sorted(reasons.get((s.string, j.number, target.string), []), key=str))
        found[s.string].append(TargetCheck(target.string, not why, why,
                                           tuple(sorted(unread.get((s.string, target.string), ())))))
    countered = {a.arguments[0].string for a in solution.atoms("countered_on_resolution", 1)}
    return {k: tuple(v) for k, v in found.items()}, countered


def read_players(case: Case, solution) -> tuple[PlayerState, ...]:
    sources = defaultdict(lambda: defaultdict(list))
    for atom in solution.atoms("player_has_from", 3):
        p, what, src = atom.arguments
        sources[p.string][what.string].append(src.string)
    sizes = {a.arguments[0].string: a.arguments[1].number for a in solution.atoms("max_hand_size", 2)}
    return tuple(PlayerState(name=p, has=tuple((k, tuple(sorted(v))) for k, v in sorted(sources[p].items())),
                             max_hand_size=sizes.get(p)) for p in case.players)


def read_answers(case: Case, solution) -> tuple[Answer, ...]:
    answers = {a.arguments[0].number: a.arguments[1].name == "yes" for a in solution.atoms("answer", 2)}
    values = defaultdict(list)
    for atom in solution.atoms("answer_value", 2):
        value = atom.arguments[1]
        values[atom.arguments[0].number].append(value.number if value.type == SymbolType.Number else value.string)
    shown = defaultdict(list)
    for atom in solution.atoms("shown", 5):
        q, obj, view, attr, value = atom.arguments
        shown[q.number].append((obj.string, str(view), attr.name,
                                str(value.number) if value.type == SymbolType.Number else value.string))
    found = []
    for question in case.questions:
        answer = sorted(values[question.index], key=str) if question.kind == "value" else answers.get(question.index)
        found.append(Answer(question, answer, tuple(sorted(shown[question.index]))))
    return tuple(found)


def with_choice(text: str, key: str | None, value: str | None) -> str:
    """An ability that refers to a choice made as its object entered shows the value it sees
    (707.6, 607.2: asp/607_linked_abilities.lp), or says plainly that there is none."""
    if key is None:
        return text
    shown = value.lower() if value and key == "color" else value
    return f"{text} [chosen {key.replace('_', ' ')}: {shown or 'undefined'}]"


def String_in(symbols: list[Symbol], text: str) -> bool:
    return any(s.string == text for s in symbols)


def order_key(order: tuple[str, ...]):
    return lambda word: (order.index(word) if word in order else len(order), word)
