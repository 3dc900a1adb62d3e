"""What a sweep spec will do before it runs (`mtg-layers sweep SPEC --dry-run`, and the warnings of every
sweep): each pool card's status and the board count.

A pool card is *inert* when some of what it prints cannot act on the sweep's boards:
- `unattached`: an Aura or Equipment, or an ability of "enchanted/equipped ..." (303.4, 301.5), that the
  pool entry attaches to nothing (`attached_to:`), so its effect reaches no object;
- `choice undefined`: an "as ... enters, choose" ability (614.12) or an ability that reads the choice,
  with no `choices:` value in the entry;
- `text only`: abilities kept as their text (the vocabulary does not read them): they generate no effect;
- `controller overridden`: the entry's own `controller:` is replaced on every board by the spec's
  `controllers:`;
- `does nothing on this background`: solved alone on the background (each edition), none of its effects
  changed an object and the players are as without it (a card with a characteristic-defining ability,
  604.3, always acts on itself). It may still act beside another pool card (Crusade beside Painter's
  Servant), so it is a warning, not a refusal.
Only the last is found by solving (one board per card and edition); the others are read from the entry.
"""
from __future__ import annotations

from dataclasses import dataclass

from bridge.interfaces.sweep.spec import PoolCard, SweepSpec, attaches, board_mapping, chosen_keys
from bridge.model.errors import CaseError, SolveTimeout
from bridge.reading.case import load_case

UNATTACHED, CHOICE, TEXT_ONLY, CONTROLLER, NOTHING = ("unattached", "choice undefined", "text only",
                                                      "controller overridden", "does nothing on this background")
PARTLY_TEXT = "partly text only"
INERT = (UNATTACHED, CHOICE, TEXT_ONLY, NOTHING)     # an overridden controller, or some abilities kept as text,
#                                                      are said, but the card may still act


@dataclass(frozen=True)
class CardStatus:
    label: str
    statuses: tuple[tuple[str, str], ...]      # (status, detail)

    @property
    def inert(self) -> bool:
        return any(status in INERT for status, _ in self.statuses)

    def line(self) -> str:
        said = "; ".join(f"{status} ({detail})" if detail else status for status, detail in self.statuses)
        return f"{self.label}: {said or 'ok'}"


def read_statuses(spec: SweepSpec, card: PoolCard) -> list[tuple[str, str]]:
    """The statuses read from the pool entry, without solving."""
    obj = pool_object(spec, card)
    found = []
    if obj.attached_to is None and attaches(obj):
        kind = next((t for t in ("Aura", "Equipment") if t in obj.card.subtypes), "attaching")
        found.append((UNATTACHED, f"{kind} without attached_to: (pool attach_to: gives one)"))
    chosen = dict(obj.choices)
    missing = [key for key in chosen_keys(obj) if key not in chosen]
    if missing:
        found.append((CHOICE, "no choices: " + ", ".join(missing) + " (pool choices: gives them)"))
    unread = [a.text for a in obj.card.abilities if a.text_only and not a.is_activated]
    if unread:
        every = len(unread) == len([a for a in obj.card.abilities if not a.is_activated])
        found.append((TEXT_ONLY if every else PARTLY_TEXT,
                      f"{len(unread)} ability(ies) kept as text: " + " | ".join(unread)))
    own = card.entry.get("controller")
    if own is not None and any(who != own for who in spec.controllers):
        found.append((CONTROLLER, f"controller: {own} replaced by controllers: {', '.join(spec.controllers)}"))
    return found


def pool_object(spec: SweepSpec, card: PoolCard):
    case = load_case(board_mapping("pool card", "sweep", spec.players, spec.background, spec.totals, [card.entry]),
                     spec.file)
    return case.objects[-1]


def solved_alone(spec: SweepSpec, card: PoolCard, timeout: float, empty: dict):
    """[(the board of the background and this card alone (its first controller), the background's board)]
    per edition, or the message of a board that could not be solved."""
    from bridge.interfaces import api
    entry = dict(card.entry, controller=spec.controllers[0])
    boards = []
    for edition in spec.editions:
        def board(entries):
            return board_mapping(f"dry run: {card.label}", "sweep --dry-run", spec.players, spec.background,
                                 spec.totals, entries, rules=edition)
        try:
            alone = api.solve(board([entry]), file=spec.file, timeout=timeout)
            if edition not in empty:
                empty[edition] = api.solve(board([]), file=spec.file, timeout=timeout)
        except CaseError as error:
            return f"not solved: {error.problem}"
        except SolveTimeout as error:
            return f"not solved: {error}"
        boards.append((alone, empty[edition]))
    return boards


def does_nothing(spec: SweepSpec, card: PoolCard, boards) -> str | None:
    """`does nothing on this background` when, on the background with this card alone, under every
    edition, no effect of the card changed an object and the players are as without it; else None. A
    board that cannot be solved is said too."""
    if isinstance(boards, str):
        return boards
    if any(a.cda for a in pool_object(spec, card).card.abilities):
        return None                 # 604.3 a characteristic-defining ability always defines its object's value
    prefix = card.entry["id"] + "#"
    for alone, without in boards:
        if any(step.effect_id.startswith(prefix) and step.changed for step in alone.steps):
            return None
        if [p.as_dict() for p in alone.players] != [p.as_dict() for p in without.players]:
            return None
    return ""


def pool_statuses(spec: SweepSpec, timeout: float = 60.0, profiles: dict | None = None) -> list[CardStatus]:
    """Each pool card's status; with `profiles` (a dict), also what its effects read and write, by pool
    index, and the background's under "background" (bridge/interfaces/sweep/pruning.py)."""
    from bridge.interfaces.sweep.pruning import Profile, card_opacity, read_profile
    statuses, empty = [], {}
    for index, card in enumerate(spec.pool):
        found = read_statuses(spec, card)
        boards = solved_alone(spec, card, timeout, empty)
        nothing = does_nothing(spec, card, boards)
        if nothing is not None:
            found.append((NOTHING, nothing))
        statuses.append(CardStatus(card.label, tuple(found)))
        if profiles is not None:
            profile = profiles[index] = Profile(opaque=boards if isinstance(boards, str)
                                                else card_opacity(pool_object(spec, card)))
            for alone, _ in boards if not isinstance(boards, str) else ():
                profile.merge(read_profile(alone, lambda source: source == card.entry["id"]))
    if profiles is not None:
        background = profiles["background"] = Profile()
        for without in empty.values():
            background.merge(read_profile(without, lambda source: True))
    return statuses


def dry_run_report(spec: SweepSpec, statuses: list[CardStatus]) -> str:
    inert = [s for s in statuses if s.inert]
    lines = [f"sweep {spec.name}: {len(spec.pool)} pool card(s), sizes {list(spec.sizes)}, "
             f"{spec.board_count():,} boards ({spec.task_count():,} combinations x orders x editions "
             f"{', '.join(spec.editions)})"]
    lines += ["  " + s.line() for s in statuses]
    lines.append(f"  inert: {len(inert)} of {len(statuses)}" + (": " + ", ".join(s.label for s in inert)
                                                                 if inert else ""))
    return "\n".join(lines)


def warnings(statuses: list[CardStatus]) -> list[str]:
    """One warning per pool card with a status (what a sweep prints on stderr before it starts)."""
    return [f"warning: pool card {s.line()}" for s in statuses if s.statuses]
