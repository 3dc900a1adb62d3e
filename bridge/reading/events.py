"""Events in case files: what happens to the board, in order (cast, copy, enters, leaves, ...).

Parsing and bookkeeping only: an Event says which objects appear, move or change status, and the
board after it is the board before with those changes. What the event means for the game (which
abilities trigger, what a copy of a spell copies, how a permanent enters) is in asp/.
"""
from __future__ import annotations

import re
from dataclasses import replace

from bridge.model.case import BoardObject, Effect
from bridge.model.errors import close_matches
from bridge.model.events import Board, Event
from bridge.model.vocabulary import Operation
from bridge.reading.missing_faces import refuse_missing

EVENT_KINDS = ("cast", "activate", "copy", "enters", "leaves", "becomes_copy", "turn_face_up", "turn_face_down", "transform",
               "flip")
EVENT_KEYS = EVENT_KINDS + ("expect_triggers",)
# The kind of event asp/ sees for each (603.6a enters, 603.6c leaves, 601.2 cast, 707.10 copied ...).
ASP_KIND = {"cast": "cast", "activate": "activated", "copy": "copied", "enters": "enters", "becomes_copy": "became_copy",
            "turn_face_up": "turned_face_up", "turn_face_down": "turned_face_down", "transform": "transformed",
            "flip": "flipped"}
class EventReader:
    """Reads `events:` with the CaseBuilder that read the board (its objects, effects and Reader)."""

    def __init__(self, case_builder):
        self.cb = case_builder
        self.r = case_builder.reader

    def events(self, data, board: Board) -> tuple[tuple[Event, ...], Board]:
        if not isinstance(data, list):
            raise self.cb.fail("events", "expected a list of events")
        if len(data) > self.cb.limits.max_effects:
            raise self.cb.fail("events", f"{len(data):,} events is more than the limit of "
                                         f"{self.cb.limits.max_effects:,} (--max-effects)")
        found = []
        for i, entry in enumerate(data):
            where = f"events[{i}]"
            entry = self.r.mapping(entry, where, EVENT_KEYS)
            kinds = [k for k in entry if k in EVENT_KINDS]
            if len(kinds) != 1:
                raise self.cb.fail(where, "each event has exactly one of " + ", ".join(EVENT_KINDS))
            kind = kinds[0]
            event = getattr(self, kind)(entry[kind], f"{where}.{kind}", board, i + 1)
            if "expect_triggers" in entry:
                event = replace(event, expected_triggers=self.expected(entry["expect_triggers"],
                                                                       f"{where}.expect_triggers"))
            event = replace(event, where=where)
            board = event.apply(board)
            if len(board.objects) > self.cb.limits.max_objects:
                raise self.cb.fail(where, f"after this event there are {len(board.objects):,} objects, more than "
                                          f"the limit of {self.cb.limits.max_objects:,} (--max-objects)")
            found.append(event)
        return tuple(found), board

    def expected(self, value, where: str) -> tuple[tuple[str, int], ...]:
        """{source id: times}: every source that triggers, and how many times (exact)."""
        if value is None:
            return ()
        if not isinstance(value, dict):
            raise self.cb.fail(where, "expected a mapping of source id to the number of times it triggers, "
                                      "e.g. {gelectrode: 1}; {} for nothing")
        return tuple((self.r.string(k, where), self.r.integer(n, f"{where}.{k}")) for k, n in value.items())

    def object_on(self, board: Board, value, where: str, zones: tuple[str, ...]) -> str:
        object_id = self.r.string(value, where)
        by_id = board.by_id()
        if object_id not in by_id:
            raise self.cb.fail(where, f"no object with id {object_id!r} at this point"
                               + close_matches(object_id, by_id))
        if by_id[object_id].zone not in zones:
            raise self.cb.fail(where, f"{object_id!r} is in the {by_id[object_id].zone}, not on the "
                               + " or ".join(zones))
        return object_id

    # --- each kind of event ---
    def cast(self, value, where, board: Board, number: int) -> Event:
        entry = dict(self.r.mapping(value, where, self.cb.stack_keys() + ("sacrifice",)))
        sacrificed = ()
        if "sacrifice" in entry:
            sacrificed = tuple(self.object_on(board, o, f"{where}.sacrifice[{j}]", ("battlefield",))
                               for j, o in enumerate(self.r.string_list(entry.pop("sacrifice"), f"{where}.sacrifice")))
        if "copy_of" in entry or "copied_by" in entry:
            raise self.cb.fail(where, "a cast spell is not a copy; use a copy event for copies (707.10)")
        if "ability_of" in entry:
            raise self.cb.fail(f"{where}.ability_of", "an ability is not cast: use an activate event (602.1; "
                                                      "601.1 casting is for spells)")
        spell = self.cb.stack_object(entry, where, board, board.next_timestamp())
        spell = replace(spell, spell=replace(spell.spell, sacrificed=sacrificed))
        # 601.2c the objects it targets become targets as it is cast (players are no objects)
        targeted = tuple(dict.fromkeys(t for t in spell.spell.targets if t not in self.cb.players))
        return Event(number, "cast", where, (spell.id,), new_objects=(spell,),
                     leaving=tuple((o, "graveyard") for o in sacrificed), targeted=targeted)

    def activate(self, value, where, board: Board, number: int) -> Event:
        """602.2 An activated ability is put on the stack (113.7, `{ability_of: id, ability: N}`); 602.2b its
        targets are chosen as for a spell (601.2c): the objects it targets become its targets then."""
        entry = dict(self.r.mapping(value, where, ("ability_of", "ability", "id", "controller", "targets", "modes", "x",
                                                   "divided")))
        if "ability_of" not in entry:
            raise self.cb.fail(where, "missing key 'ability_of' (the id of the permanent whose ability is activated)")
        self.cb.board_cards.update({o.id: o.card for o in board.objects})
        self.object_on(board, entry["ability_of"], f"{where}.ability_of", ("battlefield", "graveyard", "hand", "exile"))
        ability = self.cb.stack_object(entry, where, board, board.next_timestamp())
        if not ability.ability.is_activated:
            raise self.cb.fail(f"{where}.ability", f"{ability.ability.text!r} is not an activated ability (602.1: "
                                                   "\"[Cost]: [Effect.]\"); a triggered ability goes on the stack "
                                                   "when it triggers (603.3)")
        targeted = tuple(dict.fromkeys(t for t in ability.spell.targets if t not in self.cb.players))
        return Event(number, "activate", where, (ability.id,), new_objects=(ability,), targeted=targeted)

    def copy(self, value, where, board: Board, number: int) -> Event:
        entry = self.r.mapping(value, where, ("spell", "by", "count", "ids", "controller", "new_targets"))
        for key in ("spell", "by"):
            if key not in entry:
                raise self.cb.fail(where, f"missing key {key!r}")
        original = self.object_on(board, entry["spell"], f"{where}.spell", ("stack",))
        by = self.object_on(board, entry["by"], f"{where}.by", ("stack", "battlefield"))
        count = self.r.integer(entry.get("count", 1), f"{where}.count")
        if count < 1:
            raise self.cb.fail(f"{where}.count", "expected at least 1")
        limit = self.cb.limits.max_objects
        if len(board.objects) + count > limit:
            raise self.cb.fail(f"{where}.count", f"{count:,} copies would make more than {limit:,} objects "
                                                 "(--max-objects)")
        ids = self.r.string_list(entry["ids"], f"{where}.ids") if "ids" in entry else ()
        if ids and len(ids) != count:
            raise self.cb.fail(f"{where}.ids", f"expected {count} ids (count), got {len(ids)}")
        copies, effects, stamp = [], [], board.next_timestamp()
        for j in range(count):
            spec = {"card": None, "copy_of": original, "copied_by": by}
            if ids:
                spec["id"] = ids[j]
            for key in ("controller", "new_targets"):
                if key in entry:
                    spec[key] = entry[key]
            copy, effect = self.cb.spell_copy(spec, where, Board(board.objects + tuple(copies), board.effects),
                                              stamp + j, len(board.effects) + len(effects) + 1)
            copies.append(copy)
            effects += [effect] if effect else []
        return Event(number, "copy", where, tuple(c.id for c in copies), new_objects=tuple(copies),
                     new_effects=tuple(effects))

    def enters(self, value, where, board: Board, number: int) -> Event:
        entry = dict(self.r.mapping(value, where, self.cb.object_keys() + ("cast_from_hand", "kicked")))
        cast_from_hand = entry.pop("cast_from_hand", False)
        if not isinstance(cast_from_hand, bool):
            raise self.cb.fail(f"{where}.cast_from_hand", "expected true or false")
        kicked = self.kicked(entry.pop("kicked", False), f"{where}.kicked")
        obj, effect = self.cb.entering(entry, where, board, board.next_timestamp())
        obj = replace(obj, entered=True)      # its counters are those it entered with (614.1c), all known
        return Event(number, "enters", where, (obj.id,), new_objects=(obj,),
                     new_effects=(effect,) if effect else (), cast_from_hand=cast_from_hand, kicked=kicked)

    def kicked(self, value, where: str) -> tuple[str, ...] | None:
        """702.33d `kicked: true`, or the kicker costs paid (`["{1}{U}"]`: a card with two kickers, 702.33c)."""
        if value is False:
            return None
        if value is True:
            return ()
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not value or not all(isinstance(c, str) and re.fullmatch(r"(?:\{[0-9WUBRGCXSP/]+\})+", c) for c in value):
            raise self.cb.fail(where, "expected true, false or a list of the kicker costs paid, like [\"{1}{U}\"]")
        return tuple(value)

    def leaves(self, value, where, board: Board, number: int) -> Event:
        if isinstance(value, (str, list)):
            value = {"objects": value}
        entry = self.r.mapping(value, where, ("objects", "to"))
        to = self.r.zone(entry.get("to", "graveyard"), f"{where}.to")
        ids = tuple(self.object_on(board, o, f"{where}.objects[{j}]", ("battlefield", "stack", "graveyard"))
                    for j, o in enumerate(self.r.string_list(entry.get("objects", []), f"{where}.objects")))
        if not ids:
            raise self.cb.fail(f"{where}.objects", "expected at least one object")
        from_graveyard = tuple(o for o in ids if board.by_id()[o].zone == "graveyard")
        if to == "graveyard" and from_graveyard:
            j = ids.index(from_graveyard[0])
            raise self.cb.fail(f"{where}.objects[{j}]", f"{from_graveyard[0]!r} is in the graveyard already: it can leave "
                               "the battlefield or the stack for it, or the graveyard for another zone (to:)")
        return Event(number, "leaves", where, ids, leaving=tuple((o, to) for o in ids), from_graveyard=from_graveyard)

    def becomes_copy(self, value, where, board: Board, number: int) -> Event:
        entry = self.r.mapping(value, where, ("object", "of"))
        for key in ("object", "of"):
            if key not in entry:
                raise self.cb.fail(where, f"missing key {key!r}")
        obj = self.object_on(board, entry["object"], f"{where}.object", ("battlefield",))
        effect = self.cb.effect({"affects": [obj], "becomes_copy_of": entry["of"]}, where, len(board.effects) + 1,
                                board.next_timestamp(), board.by_id())
        return Event(number, "becomes_copy", where, (obj,), new_effects=(effect,))

    def status_change(self, value, where, board: Board, number: int, kind: str) -> Event:
        obj = self.object_on(board, value, where, ("battlefield",))
        status = board.by_id()[obj].status
        if kind == "turn_face_up" and "face_down" not in status:
            raise self.cb.fail(where, f"{obj!r} is not face down")
        # (Transforming or flipping what can't is no bad input: asp/ says nothing happens, 701.28c.)
        if kind in ("transform", "flip"):
            face = "flip" if kind == "flip" else ("front" if "transformed" in status else "back")
            refuse_missing(self.cb, board.by_id()[obj].card, {face}, where)
        return Event(number, kind, where, (obj,))

    def turn_face_up(self, value, where, board, number):
        return self.status_change(value, where, board, number, "turn_face_up")

    def turn_face_down(self, value, where, board, number):
        return self.status_change(value, where, board, number, "turn_face_down")

    def transform(self, value, where, board, number):
        return self.status_change(value, where, board, number, "transform")

    def flip(self, value, where, board, number):
        return self.status_change(value, where, board, number, "flip")


def copy_effect(index: int, copy: BoardObject, original: str, exceptions, timestamp: int, by: str) -> Effect:
    """The copy effect that makes a copy of a spell (707.10, layer 1a), with the copier's exceptions."""
    return Effect(index=index, label=f"{copy.id} is a copy of {original}, made by {by} (707.10)",
                  controller=copy.controller, affects=(copy.id,),
                  operations=(Operation("copy_of", copy_source=original, exceptions=exceptions),),
                  timestamp=timestamp, source=by)
