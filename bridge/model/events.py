"""Events (cast, enters, leaves, turn face up ...) and the board each one leaves behind."""
from __future__ import annotations

from dataclasses import dataclass, replace

from bridge.model.case import BoardObject, Effect

# 701.28, 702.37, 710: what an event that changes a status does to it (None: turns it over).
STATUS_CHANGE = {"turn_face_up": ("face_down", False), "turn_face_down": ("face_down", True),
                 "transform": ("transformed", None), "flip": ("flipped", True)}


@dataclass(frozen=True)
class Board:
    objects: tuple[BoardObject, ...]
    effects: tuple[Effect, ...]

    def by_id(self) -> dict[str, BoardObject]:
        return {o.id: o for o in self.objects}

    def next_timestamp(self) -> int:
        """613.7d-e An object or effect that appears now gets a timestamp later than everything so far."""
        return max([o.timestamp for o in self.objects] + [e.timestamp for e in self.effects] + [0]) + 1


def graveyard_piles(board: Board, objects: list[BoardObject], gone: dict[str, str]) -> list[BoardObject]:
    """Each graveyard's order after the event (position 1 is the top). 404.1 What is put into a graveyard
    goes on top of the cards there; 404.3 two or more put into one graveyard at once are arranged by their
    owner, so their order is not known (position 0)."""
    arriving = {o.id for o in board.objects if gone.get(o.id) == "graveyard" and o.zone != "graveyard"}
    if not arriving and not any(o.zone == "graveyard" for o in board.objects if o.id in gone):
        return objects
    new_on_top: dict[str, int] = {}
    for obj in objects:
        if obj.id in arriving:
            new_on_top[obj.owner] = new_on_top.get(obj.owner, 0) + 1
    staying = sorted((o for o in objects if o.zone == "graveyard" and o.id not in arriving and o.position),
                     key=lambda o: o.position)
    place: dict[str, int] = {}
    for obj in staying:                    # the cards there before, in their order, under the new ones
        place[obj.id] = new_on_top.get(obj.owner, 0) + 1 + sum(1 for o in staying[:staying.index(obj)]
                                                               if o.owner == obj.owner)
    for obj in objects:
        if obj.id in arriving and new_on_top[obj.owner] == 1:
            place[obj.id] = 1
    return [replace(o, position=place.get(o.id, 0)) if o.zone == "graveyard" else o for o in objects]


def library_piles(board: Board, objects: list[BoardObject], gone: dict[str, str]) -> list[BoardObject]:
    """401.1 A library is a pile too; a card an event puts into one may go anywhere in it (an event does not say
    where): that library's order is then not known (position 0, asp/401_library.lp marks what reads its top)."""
    owners = {o.owner for o in board.objects if gone.get(o.id) == "library" and o.zone != "library"}
    if not owners:
        return objects
    return [replace(o, position=0) if o.zone == "library" and o.owner in owners else o for o in objects]


@dataclass(frozen=True)
class Event:
    number: int
    kind: str                                     # one of EVENT_KINDS
    where: str                                    # its key path in the file, e.g. events[2]
    subjects: tuple[str, ...]                     # the objects the event is about
    new_objects: tuple[BoardObject, ...] = ()     # put onto the battlefield or the stack
    new_effects: tuple[Effect, ...] = ()          # copy effects that start with the event
    leaving: tuple[tuple[str, str], ...] = ()     # (object, zone it goes to): seen on the board before (603.10a)
    from_graveyard: tuple[str, ...] = ()          # those of `leaving` that leave a graveyard (not the battlefield)
    targeted: tuple[str, ...] = ()                # objects that become the target of the cast spell (601.2c)
    cast_from_hand: bool = False                  # an enters event: the permanent is a spell cast from a hand resolving
    # an enters event: the permanent was a kicked spell (702.33d); the kicker costs paid, () if the case said `true`
    kicked: tuple[str, ...] | None = None
    expected_triggers: tuple[tuple[str, int], ...] | None = None

    def apply(self, board: Board) -> Board:
        """The board after the event."""
        gone = dict(self.leaving)
        now = board.next_timestamp()
        objects = []
        for obj in board.objects:
            if obj.id in gone:
                # 400.7 it becomes a new object in its new zone, with no counters or status; what that
                # means for the effects that applied to it is in asp/611_continuous_effects.lp.
                obj = replace(obj, zone=gone[obj.id], attached_to=None, counters=(), status=(), damage=0,
                              deathtouch_damage=False, position=0)
            if obj.id in self.subjects and self.kind in STATUS_CHANGE:
                name, value = STATUS_CHANGE[self.kind]
                present = name in obj.status
                wanted = (not present) if value is None else value
                status = tuple(s for s in obj.status if s != name) + ((name,) if wanted else ())
                obj = replace(obj, status=status,
                              status_changes=obj.status_changes + ((name, present, now, self.number),))
            objects.append(obj)
        objects = library_piles(board, graveyard_piles(board, objects, gone), gone)
        return Board(tuple(objects) + self.new_objects, board.effects + self.new_effects)
