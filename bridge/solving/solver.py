"""Drive clingo: one Control, the case's facts, then the layer steps as separate ground calls.

Each step grounds the program parts named in asp/613_layers.lp in order. Every call only
negates atoms settled by earlier calls, so the grounder decides everything: after the last step
every atom is a fact and the one model is found without search. `solve_case` checks that.
"""
from __future__ import annotations

import functools
import itertools
import time
from dataclasses import dataclass, field

import clingo
from clingo import Function, Number, ast

from bridge.files.derived import can_keep
from bridge.files.locations import asp_files
from bridge.model.case import Case
from bridge.model.errors import CaseError, SolveTimeout
from bridge.model.reasons import reason_text
from bridge.solving.facts import case_facts
from bridge.solving.prepared import CONTROL_OPTIONS, Prepared
from bridge.solving.prepared import take as take_prepared
from bridge.solving.read_back import SIGNATURES, TRACE_ATOMS

# The program parts grounded after the layers, and the input each one needs to have anything to do.
AFTER_LAYERS = {"events": ("event_object", 3), "players": ("player", 1),
                "targets": ("target_requirement", 3), "questions": ("question", 3)}
CONDITION = Function("condition")
# The ground calls of one step (asp/613_layers.lp) in order: each grounds its parts whose condition
# holds (the dependency test only at a step that has one, probing(k); the order only at a step without
# a safe batch, has_batch(k)). Parts share a call where no atom is left undecided (every call costs
# ~0.7 ms whatever it grounds; the tests assert that every atom is a fact). The probe's setup is a call
# of its own: in state(k), every step would convert its rules; with the probe, atoms are left undecided.
# Each view and outcome is grounded with the parts of rules that the operations of the step's layer need
# (step_view_part(k, P), step_outcome_part(k, P)).
STEP_CALLS = ((("probing", "probe_setup"),),
              (("probing", "view", "probe"), ("probing", "outcome", "probe")),
              (("probing", "worlds"), ("probing", "view", "hyp"), ("no_batch", "order")),
              ((None, "apply"), (None, "view", "apply"), (None, "outcome", "apply")),
              ((None, "carry"),))


def closing_parts(has) -> list:
    """The parts grounded with `final` (`has(name, arity)`: does the board have atoms of that predicate).
    704 State-based actions, when the bridge checks them on this board (sba_round/1, bridge/results/sba.py):
    what each rule would do, then what is done (sba_outcome); with them what they read: the players'
    abilities (613.10: protection, for 704.5m) and the selectors read on the finished board (`described`,
    grounded again after for what comes after): the permanents a rule doesn't apply to (613.11), enchant
    restrictions (704.5m). Their negations and counts read only atoms the grounder settles before them, so
    every atom is a fact (the tests compare every atom with a call per part, with every rule and with the
    rules that can fire)."""
    if not has("sba_round", 1):
        return []
    return [(part, []) for part in ["sba", "described", "sba_outcome"] + (["players"] if has("player", 1) else [])]


def after_layers_parts(has, grounded: list) -> list:
    """After the layers and 704: triggered abilities and how permanents enter (603, 614), players and game
    rules (613.10-11), targets (115, 608.2b), questions about characteristics (709): each part only when the
    board has what it reads (not grounded yet), with the selectors read on the finished board
    (asp/613_selector_reads.lp) for triggers, targets and questions. (In the call of `final` they leave
    atoms undecided when every rule is loaded.)"""
    done = {part for part, _ in grounded}
    parts = [(part, []) for part, (name, arity) in AFTER_LAYERS.items() if part not in done and has(name, arity)]
    return (parts + [("described", [])]) if parts else []


def step_programs(k: clingo.Symbol, probing: bool, has_batch: bool, rule_parts: dict) -> list[list]:
    """Step k's ground calls (STEP_CALLS), each a list of (part, arguments): the parts whose condition
    holds, each with the parts of rules its layer's operations need (`rule_parts`)."""
    when = {"probing": probing, "no_batch": not has_batch, None: True}
    plan = []
    for call in STEP_CALLS:
        program = []
        for condition, name, *phase in call:
            if when[condition]:
                args = [k, *map(Function, phase)]
                program += [(name, args)] + [(more, args) for more in rule_parts.get(name, ())]
        plan.append(program)
    return plan


@functools.lru_cache(maxsize=4)
def parsed_rules(files: tuple[str, ...]) -> tuple:
    """The rule files parsed once per process (3.5 ms to add to a Control instead of 11 ms to load
    the files): a sweep's worker solves thousands of boards."""
    statements = []
    ast.parse_files(list(files), statements.append)
    return tuple(statements)


@dataclass
class Solution:
    """The solved program: read atoms by signature (reading them all is slow on big boards).
    `earlier` holds the atoms the bridge reads back (tables, trace) from the Controls that a big
    board was solved in before the last one (see `fresh_control`)."""
    control: clingo.Control
    steps: int
    ground_atoms: int
    earlier: dict = field(default_factory=dict)
    values_in_order: bool = False     # were the values inside each step traced (solve_case)

    def atoms(self, name: str, arity: int) -> list[clingo.Symbol]:
        atoms = [a.symbol for a in self.control.symbolic_atoms.by_signature(name, arity)]
        if self.earlier.get((name, arity)):
            atoms += sorted(self.earlier[(name, arity)].difference(atoms))
        return atoms

    def undecided(self) -> list[clingo.Symbol]:
        """Every atom that is not a fact (there should be none)."""
        return [a.symbol for a in self.control.symbolic_atoms if not a.is_fact]


class NotAllFacts(RuntimeError):
    """The staged program left an atom undecided: a defect in asp/, not in the case."""


# Boards solved in a batch (bridge/solving/batch.py), by their facts, until solve_case asks for them.
PRESOLVED: dict[tuple, "Solution"] = {}


def board_facts(case: Case, extra_facts=None, reevaluate: bool = True, batches: bool = True,
                retest_changed_only: bool = True) -> list:
    """The facts of a board: the case's, the extra ones, and those of the options (see solve_case)."""
    facts = case_facts(case) + list(extra_facts or ())
    if not reevaluate:
        facts.append(Function("dependency_evaluation", [Function("once")]))
    if not batches:
        facts.append(Function("batching", [Function("off")]))
    if not retest_changed_only:
        facts.append(Function("dependency_retest", [Function("all_objects")]))
    return facts


def solve_case(case: Case, max_steps: int | None = None, reevaluate: bool = True, batches: bool = True,
               strict: bool = False, timeout: float | None = None, extra_facts: list | None = None,
               retest_changed_only: bool = True, atoms_per_control: int | None = 2_000_000,
               values_in_order: bool = False) -> Solution:
    """Solve one case. `reevaluate=False` is a research variant: dependencies found at the start of a
    layer are kept for the whole layer instead of being evaluated again after each step (613.8c).
    `batches=False` applies one part per step (the plain path that tests compare batches with).
    `retest_changed_only=False` runs every dependency test on every object a part touches at every step
    instead of only on the objects whose values the last step changed, and on the objects a part
    changes (613.8a, 613.8c; asp/613_8_dependency.lp; batches=False implies it).
    `atoms_per_control`: when a Control has grounded that many atoms since it began, the next steps go
    on in a fresh one, which keeps the memory of big boards bounded (None: never).
    `values_in_order=True` also traces every value a characteristic took inside each step, effect after
    effect (asp/613_4_values_in_order.lp: `explain OBJECT` shows them; one atom per edit and more).

    Every answer the tables show (final_value/3, applied/3) must be a fact, else NotAllFacts; any
    undecided atom upstream would make those undecided too. `strict=True` checks every atom."""
    started = time.monotonic()
    facts = board_facts(case, extra_facts, reevaluate, batches, retest_changed_only)
    if PRESOLVED and not (max_steps or strict or values_in_order):
        presolved = PRESOLVED.pop(tuple(facts), None)      # solved with other boards (bridge/solving/batch.py)
        if presolved is not None:
            return presolved
    ctl = new_control(facts)
    check_input(ctl, case)
    earlier: dict = {}
    grounded_before = 0            # atoms of the Controls before this one
    atoms_at_start = len(ctl.symbolic_atoms)
    limit = max_steps or (count_atoms(ctl, "part", 2) + 2)
    conditions = count_atoms(ctl, "conditional", 1) > 0
    step = 0
    while True:
        step += 1
        if step > limit:
            raise RuntimeError(f"{case.file}: no end of the layers after {limit} steps (a defect in asp/)")
        if timeout is not None and time.monotonic() - started > timeout:
            raise SolveTimeout(case.file, timeout, step - 1)
        k = Number(step)
        if conditions:        # "as long as ..." evaluated before the step (asp/604_2_conditions.lp)
            ctl.ground([("conditions", [k]), ("view", [k, CONDITION]), ("view_numbers", [k, CONDITION])])
        ctl.ground([("state", [k])])
        if ctl.symbolic_atoms[Function("finished", [k])] is not None:
            break
        probing = ctl.symbolic_atoms[Function("probing", [k])] is not None
        batch = ctl.symbolic_atoms[Function("has_batch", [k])] is not None
        rule_parts = {"view": step_atoms(ctl, "step_view_part", k),
                      "outcome": step_atoms(ctl, "step_outcome_part", k),
                      "carry": ["values_in_order"] if values_in_order else []}
        for program in step_programs(k, probing, batch, rule_parts):
            if program:
                ctl.ground(program)
        if atoms_per_control is not None and len(ctl.symbolic_atoms) - atoms_at_start > atoms_per_control:
            check_carried(ctl, case)
            check_decided(ctl, strict)
            grounded_before += len(ctl.symbolic_atoms)
            ctl = fresh_control(ctl, facts, k, earlier)
            atoms_at_start = len(ctl.symbolic_atoms)
    check_carried(ctl, case)
    # The final values with 704's parts in one ground call (one call less: ~1-3 ms, benchmarks/ground_calls.py),
    # before triggers, which see what state-based actions put into graveyards.
    def has(name: str, arity: int) -> bool:
        return count_atoms(ctl, name, arity) > 0
    closing = closing_parts(has)
    ctl.ground([("final", [Number(step - 1)])] + closing)
    after = after_layers_parts(has, closing)
    if after:
        ctl.ground(after)
        check_new_targets(ctl, case)
    check_decided(ctl, strict)
    return Solution(control=ctl, steps=step - 1, ground_atoms=grounded_before + len(ctl.symbolic_atoms),
                    earlier=earlier, values_in_order=values_in_order)


CONTROLS_MADE = itertools.count()
# Ground only the rules that can fire on the facts (bridge/solving/firing.py): "auto" when the analysis
# of asp/ is at hand (done in this process, or kept on disk), "always", or "never" (every rule).
ONLY_RULES_THAT_FIRE = ["auto"]
# "auto" analyses asp/ itself (~1 s of CPU) when the analysis can be kept for later processes (paid
# once per content of asp/), or at this Control of a process (a case with many events, a test run); else
# it loads every rule (a one-shot `solve` under PYTHONDONTWRITEBYTECODE or in a read-only install).
ANALYSE_AT_CONTROL = 6


def add_rules(ctl: clingo.Control, facts: list, prepared: Prepared | None = None) -> None:
    """The rule files into a Control: only those that can fire on `facts` when the analysis of asp/ is
    at hand (firing.py), as statements parsed once per process when they are (a warmed parent: check,
    sweep, the server) or from their text; else the first two Controls of a process load the files (a
    one-shot `solve`: loading, ~15 ms, is faster than parsing then adding, ~30 ms), later ones add the
    statements parsed once (~7 ms). A Control `prepared` before forking (prepared.py) has asp/'s static
    statements grounded already: they are left out."""
    files = tuple(str(path) for path in asp_files())
    mode, made = ONLY_RULES_THAT_FIRE[0], next(CONTROLS_MADE)
    if mode != "never":                  # (a Control is prepared only then: new_control)
        from bridge.solving import firing
        index = prepared.index if prepared else firing.program_index(
            files, compute=mode == "always" or made >= ANALYSE_AT_CONTROL or can_keep())
        if index is not None:
            shapes = firing.fact_shapes(facts)
            leave_out = prepared.static if prepared else frozenset()
            # parsed statements when at hand (a warmed parent; parsing them, ~35 ms, pays from a few Controls
            # on): ~5 ms a Control against ~14 ms for their text
            statements = firing.parsed_statements(files, parse=made >= ANALYSE_AT_CONTROL)
            if statements is None or len(statements) != len(index.texts):
                ctl.add("base", [], index.program(shapes, leave_out))
                return
            with ast.ProgramBuilder(ctl) as builder:
                for i in index.kept(shapes, leave_out):
                    builder.add(statements[i])
            return
    if made < 2 and not parsed_rules.cache_info().currsize:
        for file in files:
            ctl.load(file)
        return
    with ast.ProgramBuilder(ctl) as builder:
        for statement in parsed_rules(files):
            builder.add(statement)


def new_control(facts: list) -> clingo.Control:
    """A Control with the rules, the given facts, and base grounded: in a child forked from a warmed
    parent, its first Control is the one prepared there with asp/'s static part grounded (prepared.py),
    when that gives the same atoms."""
    prepared = None if ONLY_RULES_THAT_FIRE[0] == "never" else take_prepared(
        tuple(str(path) for path in asp_files()), facts)
    ctl = prepared.control if prepared else clingo.Control(list(CONTROL_OPTIONS))
    add_rules(ctl, facts, prepared)
    with ctl.backend() as backend:
        for fact in facts:
            backend.add_rule([backend.add_atom(fact)])
    ctl.ground([("base", [])])
    return ctl


def check_carried(ctl: clingo.Control, case: Case) -> None:
    """A characteristic rewritten after it stopped being carried would be lost (asp/613_layers.lp)."""
    asked = next((a for a in ctl.symbolic_atoms.by_signature("unknown_cards_asked", 1)), None)
    if asked is not None:        # asp/613_effects.lp: cards given as a number have no characteristics
        zone = asked.symbol.arguments[0].name
        raise CaseError(case.file, f"cards in {zone}", f"a count asks what the {zone} cards are, but some are given "
                        "as a number only: list them (cards or ids) to count them by their words")
    halves = next((a for a in ctl.symbolic_atoms.by_signature("split_halves_reached", 1)), None)
    if halves is not None:       # a limit said out loud (asp/709_split_cards.lp)
        raise CaseError(case.file, halves.symbol.arguments[0].string, "a split card outside the stack has two sets "
                        "of characteristics under these rules (505.5, seed 002), and an effect looks in its zone: "
                        "this version does not apply effects to either half (709.4, since 2017, is modelled)")
    unknown_top = next((a for a in ctl.symbolic_atoms.by_signature("graveyard_top_unknown", 1)), None)
    if unknown_top is not None:     # asp/612_text_changing.lp: 404.3 the case leaves the order unknown
        player = unknown_top.symbol.arguments[0].string
        raise CaseError(case.file, "graveyards", f"an ability reads the top card of a graveyard (404.1), and the "
                        f"order of {player}'s graveyard is not known (cards given as a number, or put there "
                        "together, 404.3): list that graveyard, top first")
    unknown_life = next((a for a in ctl.symbolic_atoms.by_signature("life_total_unknown", 1)), None)
    if unknown_life is not None:    # asp/119_life.lp: the case holds no game history to work a life total out
        player = unknown_life.symbol.arguments[0].string
        raise CaseError(case.file, "life", f"an ability reads {player}'s life total: give it (life: {{{player}: N}})")
    attacked = next((a for a in ctl.symbolic_atoms.by_signature("attacked_unknown", 1)), None)
    if attacked is not None:        # asp/613_effects.lp: "creatures attacking you" asks what each attacks (506.4c)
        obj = attacked.symbol.arguments[0].string
        raise CaseError(case.file, f"attacks of {obj}", f"an ability asks whom attacking creatures attack, and {obj} "
                        "is attacking: say what it attacks (attacks: a player, or a planeswalker's or battle's id)")
    unknown_poison = next((a for a in ctl.symbolic_atoms.by_signature("poison_unknown", 1)), None)
    if unknown_poison is not None:  # asp/119_life.lp (122.1f): the same of poison counters
        player = unknown_poison.symbol.arguments[0].string
        raise CaseError(case.file, "poison", f"an ability reads {player}'s poison counters: give them "
                        f"(poison: {{{player}: N}})")
    lost = next((a for name in ("rewritten_not_carried", "hyp_written_not_carried")
                 for a in ctl.symbolic_atoms.by_signature(name, 3) if a.is_fact), None)
    if lost is not None:
        raise RuntimeError(f"{case.file}: {lost.symbol} (a defect in asp/: layer_writes misses a writer)")


def check_decided(ctl: clingo.Control, strict: bool) -> None:
    """Every answer the tables show must be a fact (every atom, if strict)."""
    sentinels = [a for sig in (("final_value", 3), ("applied", 3), ("triggered", 4), ("enters_with", 2), ("decision", 2),
                               ("fails", 5), ("answer", 2), ("answer_value", 2), ("illegal", 4),
                               ("player_has", 2), ("max_hand_size", 2), ("performed", 4))
                 for a in ctl.symbolic_atoms.by_signature(*sig)]
    undecided = [a.symbol for a in sentinels if not a.is_fact]
    if strict and not undecided:
        undecided = [a.symbol for a in ctl.symbolic_atoms if not a.is_fact]
    if undecided:
        raise NotAllFacts(f"{len(undecided)} atoms are not facts, e.g. {undecided[0]}")


# What the bridge reads back after solving (result.py, trace.py).
READ_BACK = set(TRACE_ATOMS) | set(SIGNATURES)


def fresh_control(ctl: clingo.Control, facts: list, k: clingo.Symbol, earlier: dict) -> clingo.Control:
    """Go on after step k in a new Control: the case's facts and, as facts, what later steps read of
    the steps so far (history/1, asp/613_layers.lp). The atoms the bridge reads back are kept in
    `earlier`; the old Control and its ground program are freed."""
    ctl.ground([("history", [k])])
    atoms = ctl.symbolic_atoms
    history = [a.symbol.arguments[0] for a in atoms.by_signature("history", 1)]
    for name, arity, positive in atoms.signatures:
        if name in READ_BACK and positive:
            earlier.setdefault((name, arity), set()).update(a.symbol for a in atoms.by_signature(name, arity))
    return new_control(facts + history)


def check_new_targets(ctl: clingo.Control, case: Case) -> None:
    """707.10c: a copy's new targets must be legal (asp/115_targets.lp says why one is not)."""
    for atom in ctl.symbolic_atoms.by_signature("illegal_new_target", 3):
        copy, target, why = atom.symbol.arguments
        raise CaseError(case.file, f"new_targets of {copy.string!r}",
                        f"the new target {target.string!r} is not a legal target (707.10c): "
                        f"{reason_text(target.string, why)}")


def step_atoms(ctl: clingo.Control, name: str, k: clingo.Symbol) -> list[str]:
    """The names in the atoms name(k, Name) of step k."""
    return [a.symbol.arguments[1].name for a in ctl.symbolic_atoms.by_signature(name, 2) if a.symbol.arguments[0] == k]


def count_atoms(ctl: clingo.Control, name: str, arity: int) -> int:
    return sum(1 for _ in ctl.symbolic_atoms.by_signature(name, arity))


COPY_PROBLEMS = {
    "no_copier": "{by!r} has no ability that copies spells (a card with copies_spell, or the spell itself "
                 "with replicate: 702.56a)",
    "no_new_targets": "the ability that made this copy doesn't let its controller choose new targets (707.10c)",
    "no_target": "the original spell has no target number {n} to change",
    "replicate_count": "{made} copies made by its replicate trigger, but its replicate cost was paid {paid} "
                       "times (702.56a: one copy for each payment)",
}


def check_input(ctl: clingo.Control, case: Case) -> None:
    """Problems that asp/ finds in the printed data (e.g. a type line word that is no type)."""
    for atom in ctl.symbolic_atoms.by_signature("op_without_rules", 1):
        raise RuntimeError(f"{case.file}: the operation {atom.symbol.arguments[0]} has no part of rules "
                           "(op_view_part, a defect in asp/)")
    for atom in ctl.symbolic_atoms.by_signature("copy_input_error", 2):
        obj, problem = atom.symbol.arguments
        args = [a.string if a.type == clingo.SymbolType.String else a.number for a in problem.arguments]
        text = COPY_PROBLEMS[problem.name]
        if problem.name == "no_copier":
            text = text.format(by=args[0])
        elif problem.name == "no_target":
            text = text.format(n=args[0])
        elif problem.name == "replicate_count":
            text = text.format(paid=args[0], made=args[1])
        raise CaseError(case.file, f"copy of a spell {obj.string!r}", text)
    for atom in ctl.symbolic_atoms.by_signature("unknown_type_word", 2):
        obj, word = atom.symbol.arguments
        face = ""
        if obj.type == clingo.SymbolType.Function and obj.name == "face":                      # a flip or back face of the object's card
            obj, face = obj.arguments[0], f" ({obj.arguments[1].name} face)"
        where = next((f"{o.card.name}{face} (object {o.id!r})" for o in case.objects if o.id == obj.string),
                     obj.string)
        raise CaseError(case.file, f"type_line of {where}",
                        f"{word.string!r} before the dash is neither a card type nor a supertype")
