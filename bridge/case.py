"""Case files: load a YAML board state, check it, and give it back as frozen dataclasses.

The contract is ../shared/case-format.md (version 1); docs/case-format.md documents this
implementation's keys, defaults and extensions.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from .library import Card, library, parse_card
from .errors import CaseError, close_matches
from .yaml_input import DEFAULT_LIMITS, Limits, read_yaml

from .vocabulary import Ability, Operation, Reader, canonical_word

TOP_KEYS = ("case", "source", "rules", "players", "battlefield", "stack", "graveyards", "effects", "events",
            "expect", "expect_under", "notes")
OBJECT_KEYS = ("id", "card", "controller", "owner", "timestamp", "counters", "attached_to", "status",
               "choices", "chosen_as", "copy_of")
EFFECT_KEYS = ("from", "controller", "affects", "does", "timestamp", "spell", "activated", "ability", "becomes_copy_of")
STATUS_KEYS = ("face_down", "flipped", "transformed")
EXPECT_KEYS = ("name", "mana_value", "types", "subtypes", "supertypes", "colors", "abilities", "has_abilities",
               "lacks_abilities", "pt", "power", "toughness", "controller")
EDITIONS = ("current", "m10", "pre-m10")


@dataclass(frozen=True)
class BoardObject:
    id: str
    card: Card
    zone: str                      # battlefield | graveyard
    owner: str
    controller: str
    timestamp: int
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: str | None = None
    choices: tuple[tuple[str, str], ...] = ()
    status: tuple[str, ...] = ()          # face_down, flipped, transformed (110.5)
    chosen_as: str | None = None          # the card whose "as enters, choose" ability made the choices
    copy_of: str | None = None            # entered as a copy of (707.5)


@dataclass(frozen=True)
class Effect:
    """A continuous effect from a resolved spell or ability; its affected set is fixed (611.2c)."""
    index: int
    label: str
    controller: str
    affects: tuple[str, ...]
    operations: tuple[Operation, ...]
    timestamp: int
    source: str | None = None


@dataclass(frozen=True)
class Expectation:
    object_id: str
    key: str
    value: object


@dataclass(frozen=True)
class Case:
    file: str
    title: str
    source: str
    rules: str
    players: tuple[str, ...]
    objects: tuple[BoardObject, ...]
    effects: tuple[Effect, ...]
    expectations: tuple[Expectation, ...]
    other_editions: tuple[tuple[str, tuple[Expectation, ...]], ...] = ()   # expect_under
    declared_rules: str = ""          # the edition the file states (rules may be overridden)

    def expectations_under(self, edition: str) -> tuple[Expectation, ...] | None:
        """What the case expects under an edition: `expect` for its own, `expect_under` for others."""
        if edition == (self.declared_rules or self.rules):
            return self.expectations
        return dict(self.other_editions).get(edition)

    def object(self, object_id: str) -> BoardObject:
        return next(o for o in self.objects if o.id == object_id)


def snake_case(name: str) -> str:
    """Default object id: the card name in snake_case (letters of any script are kept)."""
    text = unicodedata.normalize("NFC", name).lower().replace("'", "").replace("’", "")
    text = re.sub(r"[^\w]+", "_", text, flags=re.UNICODE).strip("_")
    return text or "object"


def load_case(source, file: str | None = None, limits: Limits = DEFAULT_LIMITS) -> Case:
    """Load a case from a path, or from an already-parsed mapping (then `file` names it)."""
    marks: dict[str, tuple[int, int]] = {}
    if isinstance(source, (str, Path)):
        path = Path(source)
        file = file or str(path)
        try:
            size = path.stat().st_size
            if size > limits.max_file_bytes:
                raise CaseError(file, "", f"the file has {size:,} bytes, more than the limit of "
                                          f"{limits.max_file_bytes:,} (--max-file-size)")
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise CaseError(file, "", "the file is not UTF-8 text") from None
        except (OSError, ValueError) as exc:      # ValueError: a path with a NUL byte
            raise CaseError(file, "", f"cannot read the file: {getattr(exc, 'strerror', None) or exc}") from None
        data, marks = read_yaml(text, file, limits)
    else:
        data, file = source, file or "<case>"
    try:
        return CaseBuilder(file, limits).build(data)
    except CaseError as error:
        if error.line is None and marks:
            error.line, error.column = locate(error.where, marks)
        raise
    except RecursionError:
        raise CaseError(file, "", "the case is nested too deeply") from None


def locate(where: str, marks: dict[str, tuple[int, int]]) -> tuple[int | None, int | None]:
    """The line and column of a key path, or of its nearest enclosing key."""
    path = where
    while path:
        if path in marks:
            return marks[path]
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return (None, None)


class CaseBuilder:
    def __init__(self, file: str, limits: Limits = DEFAULT_LIMITS):
        self.file = file
        self.limits = limits
        self.reader = Reader(file)
        self.library = library()

    def fail(self, where: str, problem: str) -> CaseError:
        return CaseError(self.file, where, problem)

    def build(self, data) -> Case:
        r = self.reader
        if data is None:
            raise self.fail("", "the file is empty")
        data = r.mapping(data, "", TOP_KEYS)
        if "case" not in data:
            raise self.fail("case", "missing: every case needs a one-line title under 'case'")
        title = r.string(data["case"], "case")
        source = r.string(data.get("source", ""), "source") if data.get("source") is not None else ""
        rules = r.string(data.get("rules", "current"), "rules")
        if rules not in EDITIONS:
            raise self.fail("rules", f"unknown rules edition {rules!r}" + close_matches(rules, EDITIONS)
                            + f"; expected one of {', '.join(EDITIONS)}")
        for later in ("stack", "events"):
            if data.get(later):
                raise self.fail(later, f"'{later}' is not supported by this version yet")
        players = r.string_list(data.get("players", ["Alice", "Bob"]), "players")
        if not players:
            raise self.fail("players", "expected at least one player")
        if len(set(players)) != len(players):
            raise self.fail("players", "a player is named twice")
        self.players = players

        battlefield = data.get("battlefield", []) or []
        if not isinstance(battlefield, list):
            raise self.fail("battlefield", "expected a list of permanents")
        if len(battlefield) > self.limits.max_objects:
            raise self.fail("battlefield", f"{len(battlefield):,} permanents is more than the limit of "
                                           f"{self.limits.max_objects:,} (--max-objects)")
        raw_objects = [(entry, f"battlefield[{i}]", "battlefield", i + 1) for i, entry in enumerate(battlefield)]
        graveyards = data.get("graveyards", {}) or {}
        if not isinstance(graveyards, dict):
            raise self.fail("graveyards", "expected a mapping of player name to a list of cards")
        for player, cards in graveyards.items():
            where = f"graveyards.{player}"
            self.player(player, where)
            if not isinstance(cards, list):
                raise self.fail(where, "expected a list of cards")
            for j, entry in enumerate(cards):
                raw_objects.append(({"card": entry, "owner": player}, f"{where}[{j}]", "graveyard", 0))

        self.ids: dict[str, str] = {}
        objects = [self.board_object(entry, where, zone, position) for entry, where, zone, position in raw_objects]
        by_id = {o.id: o for o in objects}
        for obj, (entry, where, _, _) in zip(objects, raw_objects):
            if obj.attached_to is not None:
                if obj.attached_to == obj.id:
                    raise self.fail(f"{where}.attached_to", f"{obj.id!r} cannot be attached to itself")
                self.known_object(obj.attached_to, f"{where}.attached_to", by_id, zone="battlefield")

        effects_raw = data.get("effects", []) or []
        if not isinstance(effects_raw, list):
            raise self.fail("effects", "expected a list of effects")
        if len(effects_raw) > self.limits.max_effects:
            raise self.fail("effects", f"{len(effects_raw):,} effects is more than the limit of "
                                       f"{self.limits.max_effects:,} (--max-effects)")
        if len(raw_objects) > self.limits.max_objects:
            raise self.fail("graveyards", f"{len(raw_objects):,} objects in all is more than the limit of "
                                          f"{self.limits.max_objects:,} (--max-objects)")
        first = len(battlefield) + 1
        effects = [self.effect(e, f"effects[{j}]", j + 1, first + j, by_id) for j, e in enumerate(effects_raw)]
        # 707.5 An object that enters as a copy has a copy effect from the moment it enters.
        for obj, (entry, where, _, _) in zip(objects, raw_objects):
            if obj.copy_of is not None:
                if obj.copy_of == obj.id:
                    raise self.fail(f"{where}.copy_of", f"{obj.id!r} cannot enter as a copy of itself")
                self.known_object(obj.copy_of, f"{where}.copy_of", by_id, zone="battlefield")
                path, exceptions = copy_find(obj.card.abilities, "enters_as_copy")
                effects.append(Effect(index=len(effects) + 1, label=f"{obj.card.name} ({obj.id}) entered as a copy of "
                                      f"{obj.copy_of} (707.5)", controller=obj.controller, affects=(obj.id,),
                                      operations=(Operation("copy_of", copy_source=obj.copy_of, exceptions=exceptions,
                                                            this_path=path),),
                                      timestamp=obj.timestamp, source=obj.id))
        effects = tuple(effects)

        expectations = self.expectations(data.get("expect", {}) or {}, by_id)
        other = []
        under = data.get("expect_under", {}) or {}
        if not isinstance(under, dict):
            raise self.fail("expect_under", "expected a mapping of rules edition to expectations")
        for edition, block in under.items():
            if edition not in EDITIONS or edition == rules:
                raise self.fail(f"expect_under.{edition}", f"expected another rules edition than {rules!r}, one of "
                                + ", ".join(e for e in EDITIONS if e != rules))
            other.append((edition, self.expectations(block or {}, by_id, f"expect_under.{edition}")))
        return Case(file=self.file, title=title, source=source, rules=rules, players=tuple(players),
                    objects=tuple(objects), effects=effects, expectations=expectations, other_editions=tuple(other),
                    declared_rules=rules)

    def player(self, value, where: str) -> str:
        name = self.reader.string(value, where)
        if name not in self.players:
            raise self.fail(where, f"unknown player {name!r}" + close_matches(name, self.players)
                            + f"; players are {', '.join(self.players)}")
        return name

    def known_object(self, object_id, where: str, by_id: dict, zone: str | None = None) -> str:
        object_id = self.reader.string(object_id, where)
        if object_id not in by_id:
            raise self.fail(where, f"no object with id {object_id!r}" + close_matches(object_id, by_id))
        if zone and by_id[object_id].zone != zone:
            raise self.fail(where, f"{object_id!r} is not on the {zone}")
        return object_id

    def card(self, value, where: str) -> Card:
        r = self.reader
        if isinstance(value, dict):
            if "name" not in value:
                raise self.fail(where, "an inline card needs a name")
            name = r.string(value["name"], f"{where}.name")
            return parse_card(r, name, value, where, library=False)
        name = r.string(value, where)
        proper = self.library.lookup(name)
        if proper is None:
            raise self.fail(where, f"unknown card {name!r}" + close_matches(name, self.library.names)
                            + "; give an inline card (a mapping with name, type_line ...) for cards not in the library")
        return self.library.card(proper)

    def board_object(self, entry, where: str, zone: str, position: int) -> BoardObject:
        r = self.reader
        if isinstance(entry, str) and zone == "graveyard":
            entry = {"card": entry}
        entry = r.mapping(entry, where, OBJECT_KEYS)
        if "card" not in entry:
            raise self.fail(where, "missing key 'card' (a library card name or an inline card)")
        card_where = f"{where}.card" if zone == "battlefield" else where
        card = self.card(entry["card"], card_where)
        status = []
        if entry.get("status"):
            raw_status = r.mapping(entry["status"], f"{where}.status", STATUS_KEYS)
            for key, value in raw_status.items():
                if not isinstance(value, bool):
                    raise self.fail(f"{where}.status.{key}", "expected true or false")
                if value:
                    status.append(key)
            if "transformed" in status and card.back_face is None:
                raise self.fail(f"{where}.status.transformed", f"{card.name} has no back face to transform to")
        copy_of = None
        if entry.get("copy_of") is not None:
            copy_of = r.string(entry["copy_of"], f"{where}.copy_of")
            if copy_find(card.abilities, "enters_as_copy") is None:
                raise self.fail(f"{where}.copy_of", f"{card.name} has no ability that lets it enter as a copy")
        if "id" in entry:
            object_id = r.string(entry["id"], f"{where}.id")
            if not object_id:
                raise self.fail(f"{where}.id", "an id cannot be empty")
            if object_id in self.ids:
                raise self.fail(f"{where}.id", f"id {object_id!r} is already used by {self.ids[object_id]}")
        else:
            base = snake_case(card.name) if zone == "battlefield" else f"{snake_case(card.name)}_in_graveyard"
            object_id, n = base, 1
            while object_id in self.ids:
                n += 1
                object_id = f"{base}_{n}"
        self.ids[object_id] = where
        if zone == "graveyard":
            owner = self.player(entry["owner"], where)
            controller = owner
        else:
            controller = self.player(entry.get("controller", self.players[0]), f"{where}.controller")
            owner = self.player(entry.get("owner", controller), f"{where}.owner")
        timestamp = r.integer(entry["timestamp"], f"{where}.timestamp") if "timestamp" in entry else position
        counters = []
        raw_counters = entry.get("counters", {}) or {}
        if not isinstance(raw_counters, dict):
            raise self.fail(f"{where}.counters", "expected a mapping of counter kind to number, e.g. {+1/+1: 2}")
        for kind, number in raw_counters.items():
            kind_text = r.string(kind, f"{where}.counters")
            n = r.integer(number, f"{where}.counters.{kind_text}")
            if n < 0:
                raise self.fail(f"{where}.counters.{kind_text}", "a number of counters cannot be negative")
            counters.append((kind_text, n))
        attached = r.string(entry["attached_to"], f"{where}.attached_to") if entry.get("attached_to") is not None \
            else None
        choices = []
        raw_choices = entry.get("choices", {}) or {}
        if not isinstance(raw_choices, dict):
            raise self.fail(f"{where}.choices", "expected a mapping such as {creature_type: Elf}")
        for key, value in raw_choices.items():
            choices.append((r.string(key, f"{where}.choices"),
                            canonical_word(r.string(value, f"{where}.choices.{key}"))))
        chosen_as = None
        if entry.get("chosen_as") is not None:
            chosen_as = self.card(entry["chosen_as"], f"{where}.chosen_as").name
        return BoardObject(id=object_id, card=card, zone=zone, owner=owner, controller=controller,
                           timestamp=timestamp, counters=tuple(counters), attached_to=attached,
                           choices=tuple(choices), status=tuple(status), copy_of=copy_of, chosen_as=chosen_as)

    def effect(self, entry, where: str, index: int, default_timestamp: int, by_id: dict) -> Effect:
        r = self.reader
        entry = r.mapping(entry, where, EFFECT_KEYS)
        operations: tuple[Operation, ...] = ()
        label = None
        source = None
        affects = None
        controller = None
        if "spell" in entry:
            card = self.card(entry["spell"], f"{where}.spell")
            if not card.spell:
                raise self.fail(f"{where}.spell", f"{card.name} has no spell effect in the library; give 'does'")
            operations, label = card.spell, card.name
        if "activated" in entry:
            source = self.known_object(entry["activated"], f"{where}.activated", by_id, zone="battlefield")
            activated = [a for a in by_id[source].card.abilities if a.activated]
            if not activated:
                raise self.fail(f"{where}.activated", f"{by_id[source].card.name} has no activated ability with an"
                                " effect in the library; give 'does'")
            number = r.integer(entry.get("ability", 1), f"{where}.ability")
            if not 1 <= number <= len(activated):
                raise self.fail(f"{where}.ability", f"{by_id[source].card.name} has {len(activated)} such abilities")
            operations = activated[number - 1].activated
            label = f"{by_id[source].card.name}'s ability"
            affects = (source,)
            controller = by_id[source].controller
        elif "ability" in entry:
            raise self.fail(f"{where}.ability", "'ability' only goes with 'activated'")
        if "becomes_copy_of" in entry:
            target = self.known_object(entry["becomes_copy_of"], f"{where}.becomes_copy_of", by_id)
            raw = entry.get("affects")
            copier = raw[0] if isinstance(raw, list) and len(raw) == 1 else raw
            if not isinstance(copier, str):
                raise self.fail(f"{where}.affects", "becomes_copy_of needs affects: [the id of the object that "
                                "becomes a copy]")
            copier = self.known_object(copier, f"{where}.affects[0]", by_id, zone="battlefield")
            found = copy_find(by_id[copier].card.abilities, "becomes_copy")
            if found is None:
                raise self.fail(f"{where}.becomes_copy_of", f"{by_id[copier].card.name} has no ability that makes "
                                "it become a copy; give does: {copy_of: {object: ..., except: ...}} instead")
            path, exceptions = found
            operations = (Operation("copy_of", copy_source=target, exceptions=exceptions, this_path=path),)
            label = f"{by_id[copier].card.name}'s ability: {copier} becomes a copy of {target}"
            source = copier
            controller = by_id[copier].controller
        if "does" in entry:
            operations = r.operations(entry["does"], f"{where}.does")
            for i, op in enumerate(operations):
                if op.kind == "copy_of":
                    self.known_object(op.copy_source, f"{where}.does[{i}].copy_of", by_id)
        if not operations:
            raise self.fail(where, "an effect needs 'does' (or 'spell'/'activated' naming a library effect)")
        if "from" in entry:
            label = r.string(entry["from"], f"{where}.from")
        if "affects" in entry:
            raw = entry["affects"]
            if isinstance(raw, str):
                raw = [raw]
            if not isinstance(raw, list):
                raise self.fail(f"{where}.affects", "expected a list of object ids")
            affects = tuple(self.known_object(o, f"{where}.affects[{i}]", by_id, zone="battlefield")
                            for i, o in enumerate(raw))
        if affects is None:
            raise self.fail(where, "missing key 'affects' (the ids the effect applies to, fixed as it began: 611.2c)")
        if "controller" in entry:
            controller = self.player(entry["controller"], f"{where}.controller")
        timestamp = r.integer(entry["timestamp"], f"{where}.timestamp") if "timestamp" in entry \
            else default_timestamp
        return Effect(index=index, label=label or f"effect {index}", controller=controller or self.players[0],
                      affects=affects, operations=operations, timestamp=timestamp, source=source)

    def expectations(self, data, by_id: dict, key: str = "expect") -> tuple[Expectation, ...]:
        r = self.reader
        if not isinstance(data, dict):
            raise self.fail(key, "expected a mapping of object id to expected characteristics")
        found = []
        for object_id, values in data.items():
            where = f"{key}.{object_id}"
            self.known_object(object_id, where, by_id, zone="battlefield")
            values = r.mapping(values, where, EXPECT_KEYS)
            for key, value in values.items():
                at = f"{where}.{key}"
                if key in ("types", "subtypes", "supertypes", "colors", "abilities", "has_abilities",
                           "lacks_abilities"):
                    if value is None:
                        value = []
                    value = r.string_list(value, at)
                elif key in ("mana_value", "power", "toughness"):
                    value = r.integer(value, at)
                elif key == "pt" and value is None:
                    value = None          # no power and toughness at all
                elif key == "pt":
                    text = r.string(value, at)
                    if not re.fullmatch(r"-?\d+/-?\d+", text.strip()):
                        raise self.fail(at, f"expected power/toughness like 2/2, got {text!r}")
                    value = text.strip()
                elif key == "controller":
                    value = self.player(value, at)
                else:
                    value = r.string(value, at)
                found.append(Expectation(str(object_id), key, value))
        return tuple(found)


def copy_find(abilities: tuple[Ability, ...], kind: str):
    """The first ability (printed, or gained as part of an "enter as a copy") that carries copy
    exceptions of this kind: (its path, the exceptions), or None."""
    for i, ability in enumerate(abilities, start=1):
        exceptions = getattr(ability, kind)
        if exceptions is not None:
            return (i,), exceptions
    for i, ability in enumerate(abilities, start=1):
        if ability.enters_as_copy is not None:
            for j, gained in enumerate(ability.enters_as_copy.abilities, start=1):
                exceptions = getattr(gained, kind)
                if exceptions is not None:
                    return (i, j), exceptions
    return None
