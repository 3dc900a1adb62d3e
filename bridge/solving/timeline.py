"""Solve a case with events: one board after another, each solved by the layers.

Board 0 is the case's board; board i is the board after event i. Each board is solved with the
facts of event i (as the board after it) and of event i+1 (as the board before it); asp/603 says
on which of the two each kind of event is checked (603.10, 603.10a). After an `enters` event the permanent is put on
the board tapped or with counters when asp/ says so (614.12), and that board is solved again.
Python only moves facts between boards; what triggers and why is decided in asp/.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace

from clingo import Function, Number, String, Symbol

from bridge.model.case import Case, Effect
from bridge.model.errors import CaseError, SolveTimeout
from bridge.model.events import Board, Event
from bridge.model.vocabulary import Ability, CopyExceptions, Operation
from bridge.reading.events import ASP_KIND
from bridge.solving.solver import Solution, solve_case


@dataclass(frozen=True)
class Trigger:
    """A triggered ability that triggered: its source, its text, who controls it, how many times."""
    source: str
    ability: Symbol
    controller: str
    times: int


@dataclass(frozen=True)
class TriggerCheck:
    """One (source, ability, object) pair asp/ looked at, for `explain`."""
    source: str
    ability: Symbol
    object: str
    triggered: bool
    reasons: tuple[Symbol, ...]     # fails/5 reasons, or matched_by/5 words when it triggered


@dataclass(frozen=True)
class EventOutcome:
    event: Event
    triggers: tuple[Trigger, ...]
    checks: tuple[TriggerCheck, ...]
    absent: tuple[tuple[str, Symbol], ...]          # (object, ability its card has but it doesn't now)
    entered_with: tuple[tuple[str, Symbol], ...]    # (object, tapped | counters(K, N)) (614.12)
    nothing: tuple[tuple[str, str], ...] = ()        # (object, why) the event changed nothing on it


@dataclass(frozen=True)
class Story:
    case: Case                          # the case with the final board
    solution: Solution                  # the final board's solution
    outcomes: tuple[EventOutcome, ...]


def event_facts(event: Event, board: str) -> list[Symbol]:
    """event_object/3 facts of one event, for the board just `before` or just `after` it; asp/603
    decides which of the two each kind of event is seen on."""
    ev = Number(event.number)
    facts = [Function("event_board", [ev, Function(board)])]
    facts += [Function("event_object", [ev, Function("left_graveyard" if o in event.from_graveyard else "leaves",
                                                      [Function(zone)]), String(o)])
              for o, zone in event.leaving]
    facts += [Function("event_object", [ev, Function("targeted"), String(o)]) for o in event.targeted]
    facts += [Function("cast_from_hand", [String(o)]) for o in event.subjects if event.cast_from_hand]
    if event.kicked is not None:            # 702.33d (asp/614_replacement_effects.lp)
        facts += [Function("kicked", [String(o)]) for o in event.subjects]
        facts += [Function("kicked_with", [String(o), String(c)]) for o in event.subjects for c in event.kicked]
    if event.kind != "leaves":
        facts += [Function("event_object", [ev, Function(ASP_KIND[event.kind]), String(o)]) for o in event.subjects]
    return facts


def solve_story(case: Case, timeout: float | None = None, final_facts: list[Symbol] = (), **options) -> Story:
    """Solve the case's board, then the board after each event, collecting what triggered.
    `timeout` bounds the whole: each board gets what is left of it. `final_facts` go to the last
    board only (e.g. that state-based actions are checked on it, bridge/results/sba.py)."""
    deadline = None if timeout is None else time.monotonic() + timeout

    def solve(snapshot: Case, extra: list[Symbol]) -> Solution:
        if deadline is None:
            return solve_case(snapshot, extra_facts=extra, **options)
        left = deadline - time.monotonic()
        if left <= 0:
            raise SolveTimeout(case.file, timeout, 0)
        try:
            return solve_case(snapshot, extra_facts=extra, timeout=left, **options)
        except SolveTimeout as late:          # name the limit, not the time that was left of it
            raise SolveTimeout(case.file, timeout, late.steps) from None

    board = Board(case.objects, case.effects)
    events = case.events
    last_known: list[Symbol] = []
    outcomes_before: dict[int, Solution] = {}
    outcomes: list[EventOutcome] = []
    solution = None
    for i in range(len(events) + 1):
        event = events[i - 1] if i > 0 else None
        following = events[i] if i < len(events) else None
        extra = list(last_known)
        if event is not None:
            extra += event_facts(event, "after")
        if following is not None:
            extra += event_facts(following, "before")
        else:
            extra += list(final_facts)
        snapshot = replace(case, objects=board.objects, effects=board.effects, events=())
        solution = solve(snapshot, extra)
        if event is not None and event.kind in ("enters", "turn_face_up"):
            ordered = next(iter(solution.atoms("copy_replacements_to_order", 1)), None)
            if ordered is not None:         # asp/707_copy.lp: 616.1, a player's choice
                raise CaseError(case.file, event.where, f"{ordered.arguments[0].string} would enter as a copy by two "
                                "replacement effects at once (two permanents' \"enter as a copy\", or one and its own copy_of): "
                                "their order is its controller's choice (616.1), and this version does not take it")
            copying = [(o, r) for o, r in entered_with(solution) if r.name == "copy_of"]
            if copying:                     # 614.12 the copy first: the other "enters" replacements are the copy's
                board = put_as_entered(board, copying)
                snapshot = replace(case, objects=board.objects, effects=board.effects, events=())
                solution = solve(snapshot, extra)
            chosen = next(iter(solution.atoms("counters_order_chosen", 1)), None)
            if chosen is not None:          # asp/614_replacement_effects.lp: 616.1, a player's choice
                raise CaseError(case.file, event.where, f"{chosen.arguments[0].string} gets its own counters, another "
                                "permanent's additional counters and doubled counters at once: their order is its "
                                "controller's choice (616.1), and this version does not take it")
            offered = next(iter(solution.atoms("counter_not_offered", 2)), None)
            if offered is not None:         # asp/614_replacement_effects.lp: 614.12
                raise CaseError(case.file, f"{event.where}.enters.choices.counter", f"{offered.arguments[0].string} "
                                f"offers no {offered.arguments[1].string} counter to choose")
            unsaid = next(iter(solution.atoms("kicker_cost_unsaid", 2)), None)
            if unsaid is not None:          # asp/614_replacement_effects.lp: 702.33c-d, which kicker was paid
                raise CaseError(case.file, f"{event.where}.enters.kicked", f"{unsaid.arguments[0].string} has an ability for "
                                f"its {unsaid.arguments[1].string} kicker: say which kicker costs were paid, like "
                                f"kicked: [\"{unsaid.arguments[1].string}\"] (702.33c)")
            entering = [(o, r) for o, r in entered_with(solution) if r.name != "copy_of"]
            if entering:
                board = put_as_entered(board, entering)
                snapshot = replace(case, objects=board.objects, effects=board.effects, events=())
                solution = solve(snapshot, extra)
        if event is not None:
            outcomes.append(outcome(event, outcomes_before.pop(event.number, None), solution))
        if following is not None:
            outcomes_before[following.number] = solution
            last_known += lki_facts(following, solution)
            board = following.apply(board)
    final_case = replace(case, objects=board.objects, effects=board.effects)
    return Story(case=final_case, solution=solution, outcomes=tuple(outcomes))


def entered_with(solution: Solution) -> list[tuple[str, Symbol]]:
    # sorted: the order of the atoms is clingo's grounding order, which any new rule may change
    return sorted(((a.arguments[0].string, a.arguments[1]) for a in solution.atoms("enters_with", 2)),
                  key=lambda item: (item[0], str(item[1])))


def put_as_entered(board: Board, entering: list[tuple[str, Symbol]]) -> Board:
    """The permanent as asp/ says it enters (614.12): tapped, with counters, with a keyword ("and with flying",
    614.1c: an effect on it alone from then on, with its timestamp)."""
    objects, effects = [], list(board.effects)
    for obj in board.objects:
        changes = [r for o, r in entering if o == obj.id]
        if changes:
            status = obj.status + tuple("tapped" for r in changes if r.name == "tapped" and "tapped" not in obj.status)
            counters = dict(obj.counters)
            for r in changes:
                if r.name == "counters":
                    kind, n = r.arguments[0].string, r.arguments[1].number
                    counters[kind] = counters.get(kind, 0) + n
            obj = replace(obj, status=status, counters=tuple(counters.items()))
            for r in changes:
                if r.name == "copy_of":                                   # 707.5 Essence of the Wild
                    effects.append(Effect(index=max((e.index for e in effects), default=0) + 1,
                                          label=f"{obj.card.name} ({obj.id}) entered as a copy of "
                                                f"{r.arguments[0].string} (614.1c, 707.5)",
                                          controller=obj.controller, affects=(obj.id,),
                                          operations=(Operation("copy_of", copy_source=r.arguments[0].string,
                                                                exceptions=CopyExceptions()),),
                                          timestamp=obj.timestamp, source=obj.id))
                if r.name == "ability":
                    keyword = r.arguments[0].arguments[0].string        # kw(Name): a keyword
                    effects.append(Effect(index=max((e.index for e in effects), default=0) + 1,
                                          label=f"{obj.card.name} ({obj.id}) entered with {keyword} (614.1c)",
                                          controller=obj.controller, affects=(obj.id,),
                                          operations=(Operation("add_abilities",
                                                                abilities=(Ability(text=keyword, keyword=keyword),)),),
                                          timestamp=obj.timestamp, source=obj.id))
        objects.append(obj)
    return Board(tuple(objects), tuple(effects))


def lki_facts(event: Event, solution: Solution) -> list[Symbol]:
    """608.2h What an object sacrificed to cast a spell looked like just before it left."""
    if event.kind != "cast":
        return []
    sacrificed = {o for o, _ in event.leaving}
    return [Function("last_known", [a.arguments[0], a.arguments[1], a.arguments[2]])
            for a in solution.atoms("final_value", 3)
            if a.arguments[0].string in sacrificed and a.arguments[1].name in ("power", "toughness")]


def outcome(event: Event, before: Solution | None, after: Solution) -> EventOutcome:
    """What asp/ found for the event, on the board before it (leaving objects) and after it."""
    ev = Number(event.number)
    triggers, checks, absent, entered, nothing = [], [], [], [], []
    for solution in (before, after):
        if solution is None:
            continue
        controllers = {a.arguments[0].string: a.arguments[2].string for a in solution.atoms("final_value", 3)
                       if a.arguments[1].name == "controller"}
        for atom in solution.atoms("trigger_count", 4):
            e, src, ability, n = atom.arguments
            if e == ev:
                triggers.append(Trigger(src.string, ability, controllers.get(src.string, ""), n.number))
        reasons: dict[tuple, list[Symbol]] = {}
        for name in ("fails", "matched_by"):
            for atom in solution.atoms(name, 5):
                e, src, ability, obj, why = atom.arguments
                if e == ev:
                    reasons.setdefault((src.string, ability, obj.string, name == "fails"), []).append(why)
        for atom in solution.atoms("considered", 4):
            e, src, ability, obj = atom.arguments
            if e != ev:
                continue
            failed = (src.string, ability, obj.string, True) in reasons
            why = reasons.get((src.string, ability, obj.string, failed), [])
            checks.append(TriggerCheck(src.string, ability, obj.string, not failed, tuple(sorted(why))))
        absent += [(a.arguments[1].string, a.arguments[2]) for a in solution.atoms("absent_trigger", 3)
                   if a.arguments[0] == ev]
        if solution is after and event.kind == "enters":
            entered = entered_with(after)
        if solution is after:
            nothing = [(a.arguments[1].string, a.arguments[2].name) for a in solution.atoms("nothing_happens", 3)
                       if a.arguments[0] == ev]
    key = lambda t: (t.source, str(t.ability))   # noqa: E731
    return EventOutcome(event, tuple(sorted(triggers, key=key)),
                        tuple(sorted(checks, key=lambda c: (c.source, str(c.ability), c.object))),
                        tuple(sorted(set(absent), key=str)), tuple(entered), tuple(sorted(nothing)))
