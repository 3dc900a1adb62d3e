"""Rounds of state-based actions (CR 704) after the layers, until the board is stable.

asp/704_state_based_actions.lp says, on a solved board, which state-based actions are performed
(all at once, 704.3) and what leaving the battlefield triggers (603.10a, 704.8). This module only
moves the objects as it says (to the graveyard, unattached, counters removed), solves the new board
by the layers again (what left no longer has effects, 400.7, 611.2a) and repeats (704.3) until a
check performs nothing, a player loses the game, or a choice is left to a player.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace

from clingo import Function, Number, Symbol

from .case import Case
from .errors import SolveTimeout
from .events import Board, Event
from .result import Result, build_result
from .solver import Solution, solve_case
from .timeline import Trigger

# How many rounds before giving up: each round moves at least one object or counter, so a board of
# N objects is stable after at most a few times N rounds; past that it is a defect in asp/.
ROUNDS_PER_OBJECT = 3
ACTION_WORDS = {"graveyard": "graveyard", "unattach": "unattached", "remove_counters": "counters_removed",
                "loses_game": "loses_game"}


@dataclass(frozen=True)
class Action:
    """One state-based action performed: its rule, on what, what it does, and why (an asp/ term)."""
    rule: str
    subject: str                 # an object id, or a player for 704.5a/c
    action: str                  # graveyard | unattached | counters_removed | loses_game
    why: Symbol
    amount: int = 0              # counters_removed: that many +1/+1 and -1/-1 counters


@dataclass(frozen=True)
class Round:
    """One check of state-based actions (704.3) on a board, and what it did."""
    number: int
    board: Result                                    # the board checked, as the layers give it
    actions: tuple[Action, ...]
    triggers: tuple[Trigger, ...]                    # what the objects leaving triggered (603.10a)
    not_destroyed: tuple[tuple[str, str], ...] = ()  # (object, why): e.g. indestructible (702.12b)
    choices: tuple[tuple[str, str, tuple[str, ...]], ...] = ()   # legend rule left to a player (704.5j)
    unchecked: tuple[tuple[str, str], ...] = ()      # (aura, enchant text) a restriction not read

    def changes(self) -> dict[str, str]:
        """{object or player: action} as `expect_after_sba.rounds` states it (leaving wins)."""
        found: dict[str, str] = {}
        for action in self.actions:
            if found.get(action.subject) != "graveyard":
                found[action.subject] = action.action
        return found


@dataclass(frozen=True)
class Rounds:
    rounds: tuple[Round, ...]      # every check, the last one performed nothing (unless `stopped`)
    final: Result                  # the board when it is stable
    stopped: str = ""              # why the checks stopped early: a player lost, or a choice is open

    @property
    def performing(self) -> tuple[Round, ...]:
        return tuple(r for r in self.rounds if r.actions)


def round_fact(number: int) -> Symbol:
    return Function("sba_round", [Number(number)])


def check_rounds(case: Case, result: Result, solution: Solution, timeout: float | None = None,
                 **options) -> Rounds:
    """Check state-based actions on the solved board (`solution` was solved with round_fact(1)), then
    on each board after them. `case` holds the board the layers solved (after its events)."""
    deadline = None if timeout is None else time.monotonic() + timeout
    board = replace(case, events=())
    rounds: list[Round] = []
    limit = ROUNDS_PER_OBJECT * (len(case.objects) + 1)
    number = 1
    while True:
        checked = read_round(number, result, solution)
        rounds.append(checked)
        if not checked.actions:
            return Rounds(tuple(rounds), result, stopped=choice_text(checked))
        if any(a.action == "loses_game" for a in checked.actions):
            # 104.2a, 104.3 a player who loses leaves the game; in a two-player game it is over
            return Rounds(tuple(rounds), result, stopped="a player lost the game (104.3)")
        if number >= limit:
            raise RuntimeError(f"{case.file}: state-based actions still act after {number} rounds "
                               "(a defect in asp/)")
        board = performed(board, checked.actions)
        number += 1
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            raise SolveTimeout(case.file, timeout, 0)
        solution = solve_case(board, extra_facts=[round_fact(number)], timeout=left, **options)
        result = build_result(board, solution)


def performed(case: Case, actions: tuple[Action, ...]) -> Case:
    """The board after the actions: leaving objects are new objects in the graveyard (400.7)."""
    leaving = tuple(dict.fromkeys((a.subject, "graveyard") for a in actions if a.action == "graveyard"))
    board = Event(0, "leaves", "state-based actions", tuple(o for o, _ in leaving), leaving=leaving).apply(
        Board(case.objects, case.effects))
    unattached = {a.subject for a in actions if a.action == "unattached"}
    removed = {a.subject: a.amount for a in actions if a.action == "counters_removed"}
    objects = []
    for obj in board.objects:
        if obj.id in unattached:
            obj = replace(obj, attached_to=None)
        if obj.id in removed:
            n = removed[obj.id]
            obj = replace(obj, counters=tuple((k, c - n if k in ("+1/+1", "-1/-1") else c) for k, c in obj.counters))
        # 704.5h deathtouch damage counts "since the last time state-based actions were checked"
        objects.append(replace(obj, deathtouch_damage=False))
    return replace(case, objects=tuple(objects), effects=board.effects)


def read_round(number: int, result: Result, solution: Solution) -> Round:
    actions = []
    for atom in solution.atoms("performed", 4):
        rule, subject, action, why = atom.arguments
        amount = action.arguments[0].number if action.name == "remove_counters" else 0
        actions.append(Action(rule.string, subject.string, ACTION_WORDS[action.name], why, amount))
    actions.sort(key=lambda a: (a.rule, a.subject, str(a.why)))
    controllers = {o.id: o.controller for o in result.objects.values()}
    triggers = []
    for atom in solution.atoms("trigger_count", 4):
        event, source, ability, times = atom.arguments
        if event == Function("sba", [Number(number)]):
            triggers.append(Trigger(source.string, ability, controllers.get(source.string, ""), times.number))
    groups: dict[tuple[str, str], list[str]] = {}
    for atom in solution.atoms("legend_group", 3):
        player, name, obj = (a.string for a in atom.arguments)
        groups.setdefault((player, name), []).append(obj)
    choices = tuple((p, n, tuple(sorted(groups.get((p, n), ()))))
                    for p, n in sorted((a.arguments[0].string, a.arguments[1].string)
                                       for a in solution.atoms("legend_choice", 2)))
    not_destroyed = tuple(sorted((a.arguments[0].string, a.arguments[1].name)
                                 for a in solution.atoms("not_destroyed", 2)))
    unchecked = tuple(sorted((a.arguments[0].string, result.texts.get(a.arguments[1], str(a.arguments[1])))
                             for a in solution.atoms("enchant_not_checked", 2)))
    return Round(number, result, tuple(actions), tuple(sorted(triggers, key=lambda t: (t.source, str(t.ability)))),
                 not_destroyed, choices, unchecked)


def choice_text(checked: Round) -> str:
    if not checked.choices:
        return ""
    return "waiting for " + " and ".join(f"{player}'s legend rule choice among {', '.join(objs)} (704.5j)"
                                         for player, _, objs in checked.choices)
