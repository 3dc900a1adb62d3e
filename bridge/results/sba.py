"""Rounds of state-based actions (CR 704) after the layers, until the board is stable.

asp/704_state_based_actions.lp says, on a solved board, which state-based actions are performed
(all at once, 704.3) and what leaving the battlefield triggers (603.10a, 704.8). This module only
moves the objects as it says (to the graveyard, unattached, counters removed, a token that ceases to
exist taken off the board), solves the new board
by the layers again (what left no longer has effects, 400.7, 611.2a) and repeats (704.3) until a
check performs nothing, asp/ says the game is over (104.3), or a choice is left to a player.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace

from clingo import Function, Number, String, Symbol

from bridge.model.case import Case
from bridge.model.errors import SolveTimeout
from bridge.results.result import Result, build_result
from bridge.solving.solver import Solution, solve_case

# How many rounds before giving up: each round moves at least one object or counter, so a board of
# N objects is stable after at most a few times N rounds; past that it is a defect in asp/.
ROUNDS_PER_OBJECT = 3
ACTION_WORDS = {"graveyard": "graveyard", "unattach": "unattached", "remove_counters": "counters_removed",
                "loses_game": "loses_game", "ceases_to_exist": "ceases_to_exist"}


@dataclass(frozen=True)
class Action:
    """One state-based action performed: its rule, on what, what it does, and why (an asp/ term)."""
    rule: str
    subject: str                 # an object id, or a player for 704.5a/c
    action: str                  # graveyard | unattached | counters_removed | loses_game | ceases_to_exist
    why: Symbol
    amount: int = 0              # counters_removed: that many +1/+1 and -1/-1 counters


@dataclass(frozen=True)
class Round:
    """One check of state-based actions (704.3) on a board, and what it did."""
    number: int
    board: Result                                    # the board checked, as the layers give it
    actions: tuple[Action, ...]
    triggers: tuple                                  # of bridge.solving.timeline.Trigger: what the objects leaving
                                                     # triggered (603.10a)
    not_destroyed: tuple[tuple[str, str], ...] = ()  # (object, why): e.g. indestructible (702.12b)
    choices: tuple[tuple[str, str, tuple[str, ...]], ...] = ()   # legend rule left to a player (704.5j)
    unchecked: tuple[tuple[str, str, str], ...] = ()   # (object, ability text, rule): an enchant restriction not
    #                                                   read (704.5m), an ability that may switch 704.5j off,
    #                                                   a protection whose quality is not read (702.16c-d)
    game_over: bool = False                          # asp/ says at most one player is left (104.3)

    @property
    def losers(self) -> tuple[str, ...]:
        return tuple(a.subject for a in self.actions if a.action == "loses_game")

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
    lost: list[str] = []
    while True:
        checked = read_round(number, result, solution)
        rounds.append(checked)
        if not checked.actions:
            return Rounds(tuple(rounds), result, stopped=choice_text(checked))
        if checked.game_over:
            return Rounds(tuple(rounds), result, stopped="the game is over: at most one player is left (104.3)")
        lost += checked.losers        # 800.4a they left the game; the game goes on without them
        if held := referenced_tokens(board, checked.actions):
            return Rounds(tuple(rounds), result, stopped=held)
        if number >= limit:
            raise RuntimeError(f"{case.file}: state-based actions still act after {number} rounds "
                               "(a defect in asp/)")
        board = performed(board, checked.actions)
        number += 1
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            raise SolveTimeout(case.file, timeout, 0)
        solution = solve_case(board, extra_facts=check_facts(number, lost), timeout=left, **options)
        result = build_result(board, solution)


def check_facts(number: int, lost: list[str]) -> list[Symbol]:
    """The extra facts of the board of check `number`: the check's number and the players who lost (800.4a)."""
    return [round_fact(number)] + [Function("player_lost", [String(p)]) for p in lost]


def second_board(case: Case, solution: Solution) -> tuple[Case, list[Symbol]] | None:
    """The board the second check solves, as check_rounds makes it, with its extra facts; None when the
    first check ends the checks (it performed nothing, the game is over, a token still referred to).
    `check` and `sweep` solve these boards together too (bridge/interfaces/api.py: presolve)."""
    actions = performed_actions(solution)
    if not actions or any(True for _ in solution.atoms("game_over", 0)):
        return None
    board = replace(case, events=())
    if referenced_tokens(board, actions):
        return None
    return performed(board, actions), check_facts(2, [a.subject for a in actions if a.action == "loses_game"])


def performed(case: Case, actions: tuple[Action, ...]) -> Case:
    """The board after the actions: leaving objects are new objects in the graveyard (400.7); a token
    that ceases to exist (704.5d, 111.7) is no longer on the board."""
    from bridge.model.events import (  # events.py: imported when a check did something (issue 21)
        Board,
        Event,
    )
    leaving = tuple(dict.fromkeys((a.subject, "graveyard") for a in actions if a.action == "graveyard"))
    board = Event(0, "leaves", "state-based actions", tuple(o for o, _ in leaving), leaving=leaving).apply(
        Board(case.objects, case.effects))
    unattached = {a.subject for a in actions if a.action == "unattached"}
    removed = {a.subject: a.amount for a in actions if a.action == "counters_removed"}
    ceased = {a.subject for a in actions if a.action == "ceases_to_exist"}
    objects = []
    for obj in board.objects:
        if obj.id in ceased:
            continue
        if obj.id in unattached:
            obj = replace(obj, attached_to=None)
        if obj.id in removed:
            n = removed[obj.id]
            # 704.5q N of each kind removed (asp/ decides N); a kind left with none is no longer listed
            left = ((k, c - n if k in ("+1/+1", "-1/-1") else c) for k, c in obj.counters)
            obj = replace(obj, counters=tuple((k, c) for k, c in left if c))
        # 704.5h deathtouch damage counts "since the last time state-based actions were checked"
        objects.append(replace(obj, deathtouch_damage=False))
    return replace(case, objects=tuple(objects), effects=board.effects)


def referenced_tokens(case: Case, actions: tuple[Action, ...]) -> str:
    """A token that ceases to exist (704.5d) while the board still refers to it (a copy of it reads its
    copiable values, 707.2; an effect names it as its source): taking it off would leave those references
    with nothing, so the checks stop here and say so (not modelled)."""
    ceased = {a.subject for a in actions if a.action == "ceases_to_exist"}
    refs = [(o.id, ref) for o in case.objects for ref in (o.copy_of, o.created_by, o.chosen_as) if ref in ceased]
    refs += [(e.label, e.source) for e in case.effects if e.source in ceased]
    refs += [(e.label, op.copy_source) for e in case.effects for op in e.operations if op.copy_source in ceased]
    by_token: dict[str, list[str]] = {}
    for by, token in refs:
        by_token.setdefault(token, []).append(by)
    return "; ".join(f"not modelled: {token} ceases to exist (704.5d) but {', '.join(dict.fromkeys(by))} refer to it"
                     for token, by in by_token.items()) + (
        " (what a copy keeps of an object that no longer exists, 707.2); the checks stop here" if refs else "")


def performed_actions(solution: Solution) -> tuple[Action, ...]:
    """The state-based actions the check performs (asp/704_state_based_actions.lp), in a stable order."""
    actions = []
    for atom in solution.atoms("performed", 4):
        rule, subject, action, why = atom.arguments
        amount = action.arguments[0].number if action.name == "remove_counters" else 0
        actions.append(Action(rule.string, subject.string, ACTION_WORDS[action.name], why, amount))
    return tuple(sorted(actions, key=lambda a: (a.rule, a.subject, str(a.why))))


def read_round(number: int, result: Result, solution: Solution) -> Round:
    actions = performed_actions(solution)
    controllers = {o.id: o.controller for o in result.objects.values()}
    triggers = []
    for atom in solution.atoms("trigger_count", 4):
        event, source, ability, times = atom.arguments
        if event == Function("sba", [Number(number)]):
            from bridge.solving.timeline import (
                Trigger,  # timeline.py: imported when something triggered (issue 21)
            )
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
    unchecked = tuple(sorted((a.arguments[0].string, result.texts.get(a.arguments[1], str(a.arguments[1])), rule)
                             for name, rule in (("enchant_not_checked", "704.5m"), ("legend_not_checked", "704.5j"),
                                                ("protection_not_checked", "702.16c"),
                                                ("attachment_protection_not_checked", "702.16d"))
                             for a in solution.atoms(name, 2)))
    return Round(number, result, actions, tuple(sorted(triggers, key=lambda t: (t.source, str(t.ability)))),
                 not_destroyed, choices, unchecked, game_over=any(True for _ in solution.atoms("game_over", 0)))


def choice_text(checked: Round) -> str:
    if not checked.choices:
        return ""
    return "waiting for " + " and ".join(f"{player}'s legend rule choice among {', '.join(objs)} (704.5j)"
                                         for player, _, objs in checked.choices)
