"""Case files: load a YAML board state, check it, and give it back as frozen dataclasses.

The contract is docs/contract.md (version 1); docs/case-format.md documents this
implementation's keys, defaults and extensions.
"""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from bridge.cards.library import library, parse_card, stored_card
from bridge.cards.oracle.activated import is_activated
from bridge.model.card import Card
from bridge.model.case import (
    BoardObject,
    Case,
    Effect,
    Expectation,
    Question,
    SpellChoices,
)
from bridge.model.errors import CaseError, close_matches
from bridge.model.ids import snake_case
from bridge.model.vocabulary import Ability, CopyExceptions, Operation, canonical_word
from bridge.reading.bounds import check_number_range
from bridge.reading.collect import ErrorCollector, StopReading
from bridge.reading.emblems import read_emblems
from bridge.reading.sba_input import (
    SBA_OBJECT_KEYS,
    SBA_TOP_KEYS,
    object_damage,
    read_sba_input,
)
from bridge.reading.yaml_input import (
    DEFAULT_LIMITS,
    Limits,
    check_scalars,
    read_case_text,
    read_stdin,
    read_yaml,
)
from bridge.vocabulary.reader import Reader
from bridge.vocabulary.words import WordChecker, declared_words

TOP_KEYS = ("case", "source", "rules", "new_words", "emblems", "players", "battlefield", "stack", "graveyards", "hands",
            "libraries", "exile",
            "effects", "events",
            "questions", "expect", "expect_under", "expect_players", "notes") + SBA_TOP_KEYS
OBJECT_KEYS = ("id", "card", "controller", "owner", "timestamp", "counters", "attached_to", "status",
               "choices", "chosen_as", "copy_of", "token", "created_by", "merged_under") + SBA_OBJECT_KEYS
# A spell on the stack: what was decided as it was cast (601.2), or what it is a copy of (707.10).
SPELL_KEYS = ("modes", "targets", "x", "kicked", "divided", "replicate", "mana_spent", "copied_by", "new_targets",
              "half", "ability_of", "ability")
QUESTION_KEYS = ("object", "ask", "expect", "expect_under")
VALUE_QUESTIONS = {"mana_value": "mana_value", "name": "name", "names": "name", "colors": "color", "types": "type"}
COMPARISONS = ("mana_value", "mana_value_less_than", "mana_value_greater_than", "color", "name", "type",
               "different_names", "matches")
EFFECT_KEYS = ("from", "controller", "affects", "does", "timestamp", "spell", "activated", "ability", "becomes_copy_of")
# 111.4, 707.2 A token created as a copy has no characteristics of its own: the copy effect gives them.
TOKEN_COPY = Card(name="token", mana_cost=None, mana_cost_text="", color_indicator=(), type_line="",
                  supertypes_and_types=(), subtypes=(), power=None, toughness=None, pt_text="", loyalty=None, text="",
                  abilities=(), spell=(), library=False)
# The zones besides the battlefield and the stack, by the top-level key that lists their cards per owner
# (400.1); a library is listed top first.
CARD_ZONES = (("graveyards", "graveyard"), ("hands", "hand"), ("libraries", "library"), ("exile", "exile"))
# Choices of an object as a permanent enters ("choose a creature", Metamorphic Alteration): their value is an id.
OBJECT_CHOICES = ("creature", "permanent", "card")
CARD_ZONE_NAMES = tuple(zone for _, zone in CARD_ZONES)
# Cards outside the battlefield and the stack: no controller (108.4a), no status (face-down exiled cards
# are not modelled).
ZONE_OBJECT_KEYS = ("id", "card")
STATUS_KEYS = ("face_down", "flipped", "transformed", "tapped", "back_face_up", "monstrous")
EXPECT_KEYS = ("name", "mana_value", "types", "subtypes", "supertypes", "colors", "abilities", "has_abilities",
               "lacks_abilities", "pt", "power", "toughness", "controller", "zone", "tapped", "counters", "cast",
               "decisions", "illegal_targets", "countered_on_resolution")
PLAYER_EXPECT_KEYS = ("has", "lacks", "max_hand_size")
DECISION_KEYS = ("modes", "targets", "x", "kicked", "divided", "replicate", "sacrificed", "sacrificed_power",
                 "mana_spent")
EDITIONS = ("current", "m10", "pre-m10")
STDIN = "-"               # a case path that means: read the case from standard input


def load_case(source, file: str | None = None, limits: Limits = DEFAULT_LIMITS) -> Case:
    """Load a case from a path, or from an already-parsed mapping (then `file` names it)."""
    marks: dict[str, tuple[int, int]] = {}
    if isinstance(source, (str, Path)) and str(source) == STDIN:
        file = file or "<stdin>"
        data, marks = read_yaml(read_stdin(file, limits), file, limits)
    elif isinstance(source, (str, Path)):
        path = Path(source)
        file = file or str(path)
        text = read_case_text(str(source), file, limits)
        data, marks = read_yaml(text, file, limits)
    else:
        data, file = source, file or "<case>"
    return case_from_data(data, file, limits, marks)


def load_case_text(text: str, file: str, limits: Limits = DEFAULT_LIMITS) -> Case:
    """Load a case from YAML text (the web page's board): errors carry lines and columns, as for a file."""
    data, marks = read_yaml(text, file, limits)
    return case_from_data(data, file, limits, marks)


def case_from_data(data, file: str, limits: Limits, marks: dict) -> Case:
    try:
        check_scalars(data, file, limits)
        case = CaseBuilder(file, limits).read(data)
        check_number_range(case)
        return case
    except CaseError as error:
        raise in_file_order(error, marks) from None
    except RecursionError:
        raise CaseError(file, "", "the case is nested too deeply") from None


def in_file_order(error: CaseError, marks: dict) -> CaseError:
    """The errors of one pass with their lines and columns, the first in the file first."""
    found = [error, *error.others]
    for each in found:
        if each.line is None and marks:
            each.line, each.column = locate(each.where, marks)
    found.sort(key=lambda e: (e.line or 0, e.column or 0))
    first = found[0]
    first.others, first.stopped = tuple(e for e in found[1:]), error.stopped
    for each in first.others:
        each.others, each.stopped = (), False
    return first


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
        self.collector = ErrorCollector()

    def fail(self, where: str, problem: str) -> CaseError:
        return CaseError(self.file, where, problem)

    def read(self, data) -> Case:
        """The case, or every error found in one pass (bridge/reading/collect.py): the first error carries
        the others. An error in an entry (an object, an effect, an expectation ...) is recorded and
        the next entry is read; an error in the file's shape stops the reading."""
        self.reader.on_unknown_key = self.collector.unknown_key
        case, stopped = None, False
        try:
            try:
                case = self.build(data)
            except CaseError as error:          # an error in the file's shape: the reading stops
                self.collector.record(error)
        except StopReading as stop:
            stopped = stop.at_limit
        error = self.collector.combined(stopped)
        if error is not None:
            raise error
        return case

    def build(self, data) -> Case:
        r = self.reader
        if data is None:
            raise self.fail("", "the file is empty")
        data = r.mapping(data, "", TOP_KEYS)
        # Words the case declares (new cards bring new words): checked words are the rules' and these.
        self.declared_words = ()
        with self.collector.entry():
            self.declared_words = declared_words(r, data.get("new_words"))
        r.words = WordChecker(self.file, self.library.words.with_declared(self.declared_words))
        title, source, rules = "", "", "current"
        with self.collector.entry():
            if "case" not in data:
                raise self.fail("case", "missing: every case needs a one-line title under 'case'")
            title = r.string(data["case"], "case")
        with self.collector.entry():
            source = r.string(data.get("source", ""), "source") if data.get("source") is not None else ""
        with self.collector.entry():
            rules = r.string(data.get("rules", "current"), "rules")
            if rules not in EDITIONS:
                raise self.fail("rules", f"unknown rules edition {rules!r}" + close_matches(rules, EDITIONS)
                                + f"; expected one of {', '.join(EDITIONS)}")
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
        self.unlisted_cards: list[tuple[str, str, int]] = []
        raw_objects = [(entry, f"battlefield[{i}]", "battlefield", i + 1) for i, entry in enumerate(battlefield)]
        for key, zone in CARD_ZONES:
            raw_objects += self.zone_cards(data.get(key, {}) or {}, key, zone)
        stack = data.get("stack", []) or []
        if not isinstance(stack, list):
            raise self.fail("stack", "expected a list of spells, bottom first")
        raw_objects += [(entry, f"stack[{i}]", "stack", len(battlefield) + i + 1) for i, entry in enumerate(stack)]
        if len(raw_objects) > self.limits.max_objects:     # before any object is built
            zone_key = raw_objects[self.limits.max_objects][1].split("[")[0]
            raise self.fail(zone_key, f"{len(raw_objects):,} objects in all (battlefield, graveyards, hands and "
                                      f"stack) is more than the limit of {self.limits.max_objects:,} (--max-objects)")

        self.ids: dict[str, str] = {}
        self.next_suffix: dict[str, int] = {}   # the next number to try after a default id that is taken
        self.board_cards: dict = {}           # id -> card of the objects read so far (for abilities on the stack)
        objects, read = [], []
        for raw in raw_objects:
            entry, where, zone, position = raw
            with self.collector.entry(raw):
                objects.append(self.board_object(entry, where, zone, position))
                read.append(raw)
                self.board_cards[objects[-1].id] = objects[-1].card
        raw_objects = read                  # the entries that became objects (the others' errors are recorded)
        with self.collector.entry():
            objects += read_emblems(self, data.get("emblems") or [], len(battlefield) + len(stack) + 1)
        by_id = {o.id: o for o in objects}
        for obj, (entry, where, _, _) in zip(objects, raw_objects):
            with self.collector.entry():
                self.attachment(obj, where, by_id)

        effects_raw = data.get("effects", []) or []
        if not isinstance(effects_raw, list):
            raise self.fail("effects", "expected a list of effects")
        if len(effects_raw) > self.limits.max_effects:
            raise self.fail("effects", f"{len(effects_raw):,} effects is more than the limit of "
                                       f"{self.limits.max_effects:,} (--max-effects)")
        self.check_effect_count(objects, len(effects_raw))
        first = len(battlefield) + len(stack) + 1
        effects = []
        for j, e in enumerate(effects_raw):
            with self.collector.entry():
                effects.append(self.effect(e, f"effects[{j}]", j + 1, first + j, by_id))
        for obj, (entry, where, _, _) in zip(objects, raw_objects):
            if obj.copy_of is not None:
                with self.collector.entry():
                    effects += self.copy_effects(obj, where, by_id, len(effects) + 1)
        effects = tuple(effects)
        self.check_targets(objects, raw_objects, by_id)

        events = ()
        if data.get("events"):
            self.collector.stop_if_any()          # events need the whole board
            from bridge.model.events import Board
            from bridge.reading.events import EventReader
            events, final_board = EventReader(self).events(data["events"], Board(tuple(objects), effects))
            by_id = final_board.by_id()
        expectations = questions = player_expectations = ()
        with self.collector.entry():
            expectations = self.expectations(data.get("expect", {}) or {}, by_id)
        with self.collector.entry():
            questions = self.questions(data.get("questions", []) or [], by_id)
        with self.collector.entry():
            player_expectations = self.player_expectations(data.get("expect_players", {}) or {})
        other = []
        under = data.get("expect_under", {}) or {}
        if not isinstance(under, dict):
            raise self.fail("expect_under", "expected a mapping of rules edition to expectations")
        for edition, block in under.items():
            with self.collector.entry():
                if edition not in EDITIONS or edition == rules:
                    raise self.fail(f"expect_under.{edition}", f"expected another rules edition than {rules!r}, "
                                    "one of " + ", ".join(e for e in EDITIONS if e != rules))
                other.append((edition, self.expectations(block or {}, by_id, f"expect_under.{edition}")))
        self.collector.stop_if_any()
        return Case(file=self.file, title=title, source=source, rules=rules, players=tuple(players),
                    objects=tuple(objects), effects=effects, expectations=expectations, other_editions=tuple(other),
                    declared_rules=rules, events=events, questions=questions,
                    player_expectations=player_expectations, new_words=self.declared_words,
                    sba=read_sba_input(self, data, by_id, players), unlisted_cards=tuple(self.unlisted_cards))

    def attachment(self, obj: BoardObject, where: str, by_id: dict) -> None:
        for key, value in obj.choices:
            if key in OBJECT_CHOICES:           # "choose a creature": an object's id
                self.known_object(value, f"{where}.choices.{key}", by_id)
        if obj.attached_to is not None:
            if obj.attached_to == obj.id:
                raise self.fail(f"{where}.attached_to", f"{obj.id!r} cannot be attached to itself")
            self.known_object(obj.attached_to, f"{where}.attached_to", by_id, zone="battlefield")

    def copy_effects(self, obj: BoardObject, where: str, by_id: dict, index: int) -> list[Effect]:
        """The copy effect of an object that entered as a copy (707.5), or of a copy of a spell (707.10)."""
        if obj.copy_of == obj.id:
            raise self.fail(f"{where}.copy_of", f"{obj.id!r} cannot be a copy of itself")
        zone = "stack" if obj.zone == "stack" else "battlefield"
        self.known_object(obj.copy_of, f"{where}.copy_of", by_id, zone=zone)
        if obj.zone == "stack":
            effect = self.spell_copy_effect(obj, where, by_id, index, obj.timestamp)
            return [effect] if effect else []
        if obj.created_by is not None:
            self.known_object(obj.created_by, f"{where}.created_by", by_id)
        return [self.enters_as_copy_effect(obj, index, by_id)]

    def check_effect_count(self, objects, effects_given: int) -> None:
        """What drives the cost of solving: the effects given and the static abilities of every object."""
        statics = sum(1 for o in objects for a in o.card.abilities if a.operations or a.players)
        if effects_given + statics > self.limits.max_effects:
            raise self.fail("effects" if effects_given > statics else "battlefield",
                            f"{effects_given:,} effects and {statics:,} static abilities of the objects make more "
                            f"than the limit of {self.limits.max_effects:,} (--max-effects)")

    def player_expectations(self, data) -> tuple[Expectation, ...]:
        """{player: {has: [...], lacks: [...], max_hand_size: N or none}} (613.10, 613.11)."""
        r = self.reader
        if not isinstance(data, dict):
            raise self.fail("expect_players", "expected a mapping of player name to what they have")
        found = []
        for player, values in data.items():
            where = f"expect_players.{player}"
            name = self.player(player, where)
            for key, value in r.mapping(values, where, PLAYER_EXPECT_KEYS).items():
                if key == "max_hand_size":
                    value = None if value == "none" else r.integer(value, f"{where}.{key}")
                else:
                    value = [" ".join(v.lower().split()) for v in r.string_list(value or [], f"{where}.{key}")]
                found.append(Expectation(name, key, value))
        return tuple(found)

    # --- questions (seed 002, 505.5-505.6; CR 709.4) ---
    def questions(self, data, by_id: dict) -> tuple[Question, ...]:
        if not isinstance(data, list):
            raise self.fail("questions", "expected a list of questions")
        found = []
        for i, entry in enumerate(data):
            with self.collector.entry():
                found.append(self.question(i, entry, by_id))
        return tuple(found)

    def question(self, i: int, entry, by_id: dict) -> Question:
        r = self.reader
        where = f"questions[{i}]"
        entry = r.mapping(entry, where, QUESTION_KEYS)
        for key in ("object", "ask"):
            if key not in entry:
                raise self.fail(where, f"missing key {key!r}")
        object_id = self.known_object(entry["object"], f"{where}.object", by_id)
        kind, attribute, value = self.question_ask(entry["ask"], f"{where}.ask", by_id)
        expect = self.answer(entry["expect"], f"{where}.expect", kind) if "expect" in entry else None
        under = entry.get("expect_under", {}) or {}
        if not isinstance(under, dict):
            raise self.fail(f"{where}.expect_under", "expected a mapping of rules edition to the answer")
        for edition in under:
            if edition not in EDITIONS:
                raise self.fail(f"{where}.expect_under.{edition}", f"unknown rules edition {edition!r}"
                                + close_matches(str(edition), EDITIONS))
        return Question(index=i + 1, where=where, object_id=object_id, kind=kind, attribute=attribute,
                        value=value, expect=expect,
                        expect_under=tuple((e, self.answer(a, f"{where}.expect_under.{e}", kind))
                                           for e, a in under.items()))

    def question_ask(self, value, where: str, by_id: dict):
        r = self.reader
        if isinstance(value, str):
            if value not in VALUE_QUESTIONS:
                raise self.fail(where, f"unknown question {value!r}" + close_matches(value, VALUE_QUESTIONS)
                                + f"; ask for one of {', '.join(VALUE_QUESTIONS)} or compare with a mapping")
            return "value", VALUE_QUESTIONS[value], None
        data = r.mapping(value, where, COMPARISONS)
        if len(data) != 1:
            raise self.fail(where, "ask one thing: a single key such as {mana_value: 1} or {color: red}")
        key, item = next(iter(data.items()))
        at = f"{where}.{key}"
        if key == "mana_value":
            return "is", "mana_value", r.integer(item, at)
        if key in ("mana_value_less_than", "mana_value_greater_than"):
            return key.rsplit("_", 2)[1], "mana_value", r.integer(item, at)
        if key in ("color", "type"):
            word = canonical_word(r.string(item, at).lower() if key == "color" else r.string(item, at))
            (r.words.color if key == "color" else r.words.characteristic_word)(word, at)
            return "is", key, word
        if key == "name":
            return "is", "name", r.string(item, at)
        if key == "different_names":
            return "different_names", "name", self.known_object(item, at, by_id)
        return "matches", "", r.selector(item, at, place="question")

    def answer(self, value, where: str, kind: str):
        if kind == "value":
            return [v if isinstance(v, int) and not isinstance(v, bool) else str(v)
                    for v in (value if isinstance(value, list) else [value])]
        if not isinstance(value, bool):
            raise self.fail(where, "expected true or false (the answer to a comparison)")
        return value

    # --- copies (707.5, 707.10) ---
    def enters_as_copy_effect(self, obj: BoardObject, index: int, by_id: dict) -> Effect:
        """707.5 An object that enters as a copy has a copy effect from the moment it enters; a token
        created as a copy (707.2) has the exceptions of the ability that created it, if any."""
        if obj.token:
            creator = by_id[obj.created_by].card if obj.created_by else None
            found = copy_find(creator.abilities, "creates_token_copy") if creator else None
            path, exceptions = None, (found[1] if found else CopyExceptions())
        else:
            path, exceptions = copy_find(obj.card.abilities, "enters_as_copy")
        return Effect(index=index, label=f"{obj.card.name} ({obj.id}) entered as a copy of {obj.copy_of} (707.5)",
                      controller=obj.controller, affects=(obj.id,),
                      operations=(Operation("copy_of", copy_source=obj.copy_of, exceptions=exceptions,
                                            this_path=path),),
                      timestamp=obj.timestamp, source=obj.id)

    def spell_copy_effect(self, obj: BoardObject, where: str, by_id: dict, index: int, timestamp: int) -> Effect | None:
        """A copy of a spell copies it in layer 1a, with the exceptions of the ability that copied it
        (e.g. Fork: "except that the copy is red"); a spell's own replicate has none (702.56a)."""
        by = self.known_object(obj.copied_by, f"{where}.copied_by", by_id)
        copier = by_id[by].card
        exceptions = next((a.copies_spell for a in copier.abilities if a.copies_spell is not None), None)
        from bridge.reading.events import copy_effect
        if by_id[obj.copy_of].ability_source:
            return None               # an ability on the stack has no characteristics to copy (707.10)
        return copy_effect(index, obj, obj.copy_of, exceptions or CopyExceptions(), timestamp, by)

    def spell_copy(self, spec: dict, where: str, board, timestamp: int, index: int):
        """A copy put on the stack by a copy event: the object and its copy effect."""
        by_id = board.by_id()
        original = by_id[spec["copy_of"]]
        base, n = spec.get("id") or f"{original.id}_copy", 1
        object_id = base
        if "id" not in spec:
            while object_id in self.ids:
                n += 1
                object_id = f"{base}_{n}"
        entry = {"id": object_id, "card": None, "copy_of": original.id, "copied_by": spec["copied_by"]}
        for key in ("controller", "new_targets"):
            if key in spec:
                entry[key] = spec[key]
        obj = self.board_object(entry, where, "stack", timestamp, card=original.card)
        obj = replace(obj, ability_source=original.ability_source, ability_index=original.ability_index)
        by_id = dict(by_id, **{obj.id: obj})
        self.check_targets([obj], [(entry, where, "stack", 0)], by_id)
        return obj, self.spell_copy_effect(obj, where, by_id, index, timestamp)

    def stack_keys(self) -> tuple[str, ...]:
        return tuple(k for k in OBJECT_KEYS + SPELL_KEYS if k not in ("attached_to", "copy_of", "copied_by",
                                                                      "new_targets", "choices", "chosen_as"))

    def object_keys(self) -> tuple[str, ...]:
        return OBJECT_KEYS

    def stack_object(self, entry: dict, where: str, board, timestamp: int) -> BoardObject:
        """A spell cast by a cast event."""
        entry = dict(entry, timestamp=entry.get("timestamp", timestamp))
        obj = self.board_object(entry, where, "stack", timestamp)
        self.check_targets([obj], [(entry, where, "stack", 0)], dict(board.by_id(), **{obj.id: obj}))
        return obj

    def entering(self, entry: dict, where: str, board, timestamp: int):
        """A permanent put onto the battlefield by an enters event, and its copy effect if it enters as a copy."""
        entry = dict(entry, timestamp=entry.get("timestamp", timestamp))
        obj = self.board_object(entry, where, "battlefield", timestamp)
        by_id = board.by_id()
        if obj.attached_to is not None:
            self.known_object(obj.attached_to, f"{where}.attached_to", by_id, zone="battlefield")
        if obj.copy_of is None:
            return obj, None
        self.known_object(obj.copy_of, f"{where}.copy_of", by_id, zone="battlefield")
        if obj.created_by is not None:
            self.known_object(obj.created_by, f"{where}.created_by", by_id)
        return obj, self.enters_as_copy_effect(obj, len(board.effects) + 1, by_id)

    def check_targets(self, objects, raw_objects, by_id: dict) -> None:
        """Targets name objects or players; new targets of a copy name the position they replace."""
        for obj, (entry, where, _, _) in zip(objects, raw_objects):
            with self.collector.entry():
                self.check_object_targets(obj, where, by_id)

    def check_object_targets(self, obj: BoardObject, where: str, by_id: dict) -> None:
        if obj.spell is not None:
            for j, target in enumerate(obj.spell.targets):
                if target not in by_id and target not in self.players:
                    raise self.collector.reference(target, self.fail(
                        f"{where}.targets[{j}]", f"no object or player {target!r}"
                        + close_matches(target, list(by_id) + list(self.players))))
            for target, _ in obj.spell.divided:
                if target not in obj.spell.targets:
                    raise self.fail(f"{where}.divided.{target}", f"{target!r} is not one of the targets")
        for position, target in obj.new_targets:
            if target not in by_id and target not in self.players:
                raise self.collector.reference(target, self.fail(
                    f"{where}.new_targets.{position}", f"no object or player {target!r}"
                    + close_matches(target, list(by_id) + list(self.players))))

    def zone_cards(self, cards_by_player, key: str, zone: str) -> list:
        """{player: [card, ...]} for a graveyard, a hand, a library (top first) or exile: each card owned by
        that player; an entry is a card (a name or an inline card) or an object {card, id}."""
        if not isinstance(cards_by_player, dict):
            raise self.fail(key, "expected a mapping of player name to a list of cards")
        found = []
        for player, cards in cards_by_player.items():
            where = f"{key}.{player}"
            self.player(player, where)
            if isinstance(cards, int) and not isinstance(cards, bool):
                # cards the case gives as a number only: counted, never matched by words (unlisted_cards)
                if cards < 0:
                    raise self.fail(where, "a number of cards cannot be negative")
                self.unlisted_cards.append((player, zone, cards))
                continue
            if not isinstance(cards, list):
                raise self.fail(where, "expected a list of cards, or a number of cards not listed")
            for j, entry in enumerate(cards):
                if isinstance(entry, dict) and "card" in entry:
                    entry = self.reader.mapping(entry, f"{where}[{j}]", ZONE_OBJECT_KEYS)
                    found.append((dict(entry, owner=player), f"{where}[{j}]", zone, 0))
                else:
                    found.append(({"card": entry, "owner": player, "card_only": True}, f"{where}[{j}]", zone, 0))
        return found

    def player(self, value, where: str) -> str:
        name = self.reader.string(value, where)
        if name not in self.players:
            raise self.fail(where, f"unknown player {name!r}" + close_matches(name, self.players)
                            + f"; players are {', '.join(self.players)}")
        return name

    def known_object(self, object_id, where: str, by_id: dict, zone: str | None = None) -> str:
        object_id = self.reader.string(object_id, where)
        if object_id not in by_id:
            raise self.collector.reference(object_id, self.fail(where, f"no object with id {object_id!r}"
                                                                + close_matches(object_id, by_id)))
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
            stored = stored_card(name)        # cards imported with `mtg-layers cards import`
            if stored is not None:
                return stored
            raise self.fail(where, f"unknown card {name!r}" + close_matches(name, self.library.names)
                            + "; give an inline card (a mapping with name, type_line ...) for cards not in the library,"
                            " or import card data with `mtg-layers cards import FILE`")
        return self.library.card(proper)

    def board_object(self, entry, where: str, zone: str, position: int, card: Card | None = None) -> BoardObject:
        """A permanent, a card in a graveyard or a spell on the stack (`card` is given for a copy of a spell)."""
        r = self.reader
        card_only = isinstance(entry, dict) and entry.pop("card_only", False)    # a bare card in a zone list
        entry = r.mapping(entry, where, OBJECT_KEYS + SPELL_KEYS if zone == "stack" else OBJECT_KEYS)
        ability_source = ability_index = None
        if zone == "stack" and "ability_of" in entry:
            ability_source, ability_index, card = self.stack_ability(entry, where)
        token = entry.get("token", False)
        if not isinstance(token, bool) or (token and zone != "battlefield"):
            raise self.fail(f"{where}.token", "expected true or false, for a permanent (a token elsewhere ceases "
                            "to exist, 111.7)")
        if token and "card" not in entry:
            if entry.get("copy_of") is None:
                raise self.fail(where, "a token needs a card (its characteristics, 111.4) or copy_of (707.2)")
            card = TOKEN_COPY
        if "created_by" in entry and not (token and entry.get("copy_of") is not None):
            raise self.fail(f"{where}.created_by", "only a token copy (token: true, copy_of) has this key")
        if card is None:
            if "card" not in entry:
                raise self.fail(where, "missing key 'card' (a library card name or an inline card)")
            card_where = where if card_only else f"{where}.card"
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
            if "back_face_up" in status and (card.modal_back_face is None or zone not in ("battlefield", "stack")):
                raise self.fail(f"{where}.status.back_face_up", "only a modal double-faced card (modal_back) on the "
                                "battlefield or the stack has its back face up (712.4a, 712.4e)")
            if "monstrous" in status and zone != "battlefield":
                raise self.fail(f"{where}.status.monstrous", "only permanents can be monstrous (701.31b)")
        copy_of = None
        if entry.get("copy_of") is not None:
            copy_of = r.string(entry["copy_of"], f"{where}.copy_of")
            if zone == "stack" and "copied_by" not in entry:
                raise self.fail(f"{where}.copied_by", "a copy of a spell needs 'copied_by': the id of the object "
                                "whose ability copied it (the spell itself for replicate)")
            if zone != "stack" and not token and copy_find(card.abilities, "enters_as_copy") is None:
                raise self.fail(f"{where}.copy_of", f"{card.name} has no ability that lets it enter as a copy")
        elif "copied_by" in entry or "new_targets" in entry:
            raise self.fail(f"{where}.copied_by" if "copied_by" in entry else f"{where}.new_targets",
                            "only a copy of a spell (with copy_of) has this key")
        if "id" in entry:
            object_id = r.string(entry["id"], f"{where}.id")
            if not object_id:
                raise self.fail(f"{where}.id", "an id cannot be empty")
            if object_id in self.ids:
                raise self.fail(f"{where}.id", f"id {object_id!r} is already used by {self.ids[object_id]}")
            if object_id in self.players:
                raise self.fail(f"{where}.id", f"id {object_id!r} is also the name of a player: an object and a "
                                               "player need different names")
        else:
            base = f"{snake_case(card.name)}_in_{zone}" if zone in CARD_ZONE_NAMES else snake_case(card.name)
            if ability_source:
                base = f"{ability_source}_ability"
            if card is TOKEN_COPY:
                base = f"{r.string(entry['copy_of'], f'{where}.copy_of')}_token"
            object_id, n = base, self.next_suffix.get(base, 1)
            while object_id in self.ids or object_id in self.players:
                n += 1
                object_id = f"{base}_{n}"
            self.next_suffix[base] = n
        self.ids[object_id] = where
        if zone in CARD_ZONE_NAMES:
            owner = self.player(entry["owner"], where)
            controller = owner
        else:
            controller = self.player(entry.get("controller", self.players[0]), f"{where}.controller")
            owner = self.player(entry.get("owner", controller), f"{where}.owner")
        timestamp = r.integer(entry["timestamp"], f"{where}.timestamp") if "timestamp" in entry else position
        counters = r.counters(entry.get("counters", {}) or {}, f"{where}.counters")
        attached = r.string(entry["attached_to"], f"{where}.attached_to") if entry.get("attached_to") is not None \
            else None
        choices = []
        raw_choices = entry.get("choices", {}) or {}
        if not isinstance(raw_choices, dict):
            raise self.fail(f"{where}.choices", "expected a mapping such as {creature_type: Elf}")
        for key, value in raw_choices.items():
            key = r.string(key, f"{where}.choices")
            value = r.string(value, f"{where}.choices.{key}")
            # "choose a creature / a permanent / a card": the id of the object chosen (checked once all are read)
            choices.append((key, value if key in OBJECT_CHOICES else canonical_word(value)))
            self.choice_word(*choices[-1], f"{where}.choices.{key}")
        chosen_as = None
        if entry.get("chosen_as") is not None:
            chosen_as = self.card(entry["chosen_as"], f"{where}.chosen_as").name
        spell, copied_by, new_targets, half = None, None, (), None
        if "half" in entry:
            half = r.integer(entry["half"], f"{where}.half")
            if not card.halves:
                raise self.fail(f"{where}.half", f"{card.name} is not a split card")
            if half not in (1, 2):
                raise self.fail(f"{where}.half", "expected 1 or 2: the half that was cast (709.3)")
        elif zone == "stack" and card.halves and copy_of is None:
            raise self.fail(where, f"{card.name} is a split card: say which half was cast with half: 1 or 2 (709.3)")
        if zone == "stack" and copy_of is None:
            spell = self.spell_choices(entry, where)
        elif zone == "stack":
            copied_by = r.string(entry["copied_by"], f"{where}.copied_by")
            raw = entry.get("new_targets", {}) or {}
            if not isinstance(raw, dict):
                raise self.fail(f"{where}.new_targets", "expected a mapping of target position (1, 2, ...) to "
                                "the new target (707.10c)")
            new_targets = tuple((r.integer(k, f"{where}.new_targets"), r.string(v, f"{where}.new_targets.{k}"))
                                for k, v in raw.items())
        damage, deathtouch_damage = object_damage(self, entry, where)
        return BoardObject(id=object_id, card=card, zone=zone, owner=owner, controller=controller,
                           timestamp=timestamp, counters=tuple(counters), attached_to=attached,
                           choices=tuple(choices), status=tuple(status), copy_of=copy_of, chosen_as=chosen_as,
                           spell=spell, copied_by=copied_by, new_targets=new_targets,
                           controller_given="controller" in entry, half=half, ability_source=ability_source,
                           ability_index=ability_index, token=token,
                           merged_under=self.merged_cards(entry.get("merged_under"), f"{where}.merged_under", zone),
                           created_by=r.string(entry["created_by"], f"{where}.created_by") if "created_by" in entry
                           else None, damage=damage, deathtouch_damage=deathtouch_damage)

    def merged_cards(self, value, where: str, zone: str) -> tuple[Card, ...]:
        """`merged_under: [card, ...]`: a mutated permanent's other components, under its `card` (702.140c)."""
        if value is None:
            return ()
        if zone != "battlefield" or not isinstance(value, list) or not value:
            raise self.fail(where, "expected a non-empty list of the cards under a merged permanent (723.2)")
        return tuple(self.card(c, f"{where}[{i}]") for i, c in enumerate(value))

    def choice_word(self, key: str, value: str, where: str) -> None:
        """A chosen creature type, land type or color is one the rules know (205.3e, 105.1)."""
        if key == "creature_type":
            self.reader.words.subtype(value, where, kind="creature")
        elif key == "land_type":
            self.reader.words.subtype(value, where, kind="land")
        elif key == "color":
            self.reader.words.color(value, where)

    def stack_ability(self, entry: dict, where: str):
        """An activated or triggered ability on the stack: {ability_of: source id, ability: N}."""
        r = self.reader
        if "card" in entry:
            raise self.fail(f"{where}.card", "an ability on the stack has no card: give ability_of and ability")
        source = r.string(entry["ability_of"], f"{where}.ability_of")
        if source not in self.board_cards:
            raise self.collector.reference(source, self.fail(f"{where}.ability_of", f"no object with id {source!r}"
                                                             + close_matches(source, self.board_cards)))
        card = self.board_cards[source]
        number = r.integer(entry.get("ability", 1), f"{where}.ability")
        if not 1 <= number <= len(card.abilities):
            raise self.fail(f"{where}.ability", f"{card.name} has {len(card.abilities)} abilities")
        return source, number, card

    def spell_choices(self, entry: dict, where: str) -> SpellChoices:
        """601.2b-h What the caster decided: modes, targets, X, kicker, division, replicate payments."""
        r = self.reader
        modes = tuple(r.integer(m, f"{where}.modes[{i}]") for i, m in
                      enumerate(entry["modes"] if isinstance(entry.get("modes"), list) else [entry["modes"]]))\
            if "modes" in entry else ()
        if any(m < 1 for m in modes):
            raise self.fail(f"{where}.modes", "modes are numbered from 1, in the order the card lists them")
        x = r.integer(entry["x"], f"{where}.x") if "x" in entry else None
        if x is not None and x < 0:
            raise self.fail(f"{where}.x", "X cannot be negative")
        kicked = entry.get("kicked", False)
        if not isinstance(kicked, bool):
            raise self.fail(f"{where}.kicked", "expected true or false")
        raw_divided = entry.get("divided", {}) or {}
        if not isinstance(raw_divided, dict):
            raise self.fail(f"{where}.divided", "expected a mapping of target to its share, e.g. {bear: 1}")
        divided = tuple((r.string(k, f"{where}.divided"), r.integer(v, f"{where}.divided.{k}"))
                        for k, v in raw_divided.items())
        replicate = r.integer(entry.get("replicate", 0), f"{where}.replicate")
        if replicate < 0:
            raise self.fail(f"{where}.replicate", "a number of payments cannot be negative")
        mana = tuple(canonical_word(c) for c in r.string_list(entry.get("mana_spent", []), f"{where}.mana_spent"))
        for i, color in enumerate(mana):
            if color.lower() not in ("white", "blue", "black", "red", "green", "colorless"):
                raise self.fail(f"{where}.mana_spent[{i}]", f"expected a color of mana (or colorless), got {color!r}")
        return SpellChoices(modes=modes, targets=r.string_list(entry.get("targets", []), f"{where}.targets"),
                            x=x, kicked=kicked, divided=divided, replicate=replicate, mana_spent=mana)

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
            name = by_id[source].card.name
            # numbered as printed: every activated ability counts, modelled or not
            activated = [a for a in by_id[source].card.abilities if a.activated or is_activated(a.text, a.keyword)]
            with_effect = [i for i, a in enumerate(activated, start=1) if a.activated]
            if not with_effect:
                raise self.fail(f"{where}.activated", f"{name} has no activated ability with an"
                                " effect in the library; give 'does'")
            number = r.integer(entry.get("ability", with_effect[0]), f"{where}.ability")
            if not 1 <= number <= len(activated):
                raise self.fail(f"{where}.ability", f"{name} has {len(activated)} activated abilities")
            if not activated[number - 1].activated:
                raise self.fail(f"{where}.ability", f"activated ability {number} of {name} is "
                                f"{activated[number - 1].text!r}, which has no continuous effect in the vocabulary "
                                f"(those with one: {', '.join(map(str, with_effect))}); give 'does'")
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
        if not isinstance(data, dict):
            raise self.fail(key, "expected a mapping of object id to expected characteristics")
        found = []
        for object_id, values in data.items():
            with self.collector.entry():
                found += self.object_expectations(object_id, values, f"{key}.{object_id}", by_id)
        return tuple(found)

    def object_expectations(self, object_id, values, where: str, by_id: dict) -> list[Expectation]:
        """What the case expects of one object; each key's error is recorded and the next key read."""
        object_id = self.known_object(object_id, where, by_id)      # an id written as a number, too
        values = self.reader.mapping(values, where, EXPECT_KEYS)
        found = []
        for key, value in values.items():
            with self.collector.entry():
                found.append(Expectation(str(object_id), key,
                                         self.expected_value(object_id, key, value, f"{where}.{key}", by_id)))
        return found

    def expected_value(self, object_id: str, key: str, value, at: str, by_id: dict):
        r = self.reader
        zone = by_id[object_id].zone
        if key != "zone" and not by_id[object_id].has_characteristics:
            raise self.fail(at, f"{object_id!r} ends in the {zone} where it has no characteristics of its "
                            "own in this version (a split card, or a copy of a spell): only its zone "
                            "can be expected")
        if key == "controller" and zone in CARD_ZONE_NAMES:
            raise self.fail(at, f"{object_id!r} is in the {zone}: it has no controller (108.4a)")
        if key in ("cast", "decisions", "illegal_targets", "countered_on_resolution") and zone != "stack":
            raise self.fail(at, f"{object_id!r} is not a spell on the stack")
        if key in ("types", "subtypes", "supertypes", "colors", "abilities", "has_abilities",
                   "lacks_abilities"):
            if value is None:
                value = []
            value = r.string_list(value, at)
            self.expected_words(key, value, at)
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
        elif key == "illegal_targets":
            value = list(r.string_list(value or [], at))
        elif key in ("tapped", "cast", "countered_on_resolution"):
            if not isinstance(value, bool):
                raise self.fail(at, "expected true or false")
        elif key == "counters":
            value = dict(r.counters(value or {}, at))
        elif key == "decisions":
            value = self.expected_decisions(value, at)
        else:
            value = r.string(value, at)
        return value

    def expected_words(self, key: str, values, where: str) -> None:
        """Expected types, subtypes, supertypes and colors are words of the rules' lists."""
        check = {"types": self.reader.words.card_type, "subtypes": self.reader.words.subtype,
                 "supertypes": self.reader.words.supertype, "colors": self.reader.words.color,
                 # an ability written without sentence punctuation is a keyword ("flyng" is a typo)
                 **dict.fromkeys(("abilities", "has_abilities", "lacks_abilities"), self.expected_keyword)}.get(key)
        for i, word in enumerate(values):
            if check is not None:
                check(canonical_word(word) if key != "colors" else word, f"{where}[{i}]")

    def expected_keyword(self, text: str, where: str) -> None:
        if not re.search(r"[.:;\"(]", text):
            self.reader.words.keyword(" ".join(text.split()).lower(), where)

    def expected_decisions(self, value, where: str) -> dict:
        """The decisions a spell has (its own, or copied: 707.10); only the keys given are checked."""
        r = self.reader
        data = r.mapping(value, where, DECISION_KEYS)
        found = {}
        for key, item in data.items():
            at = f"{where}.{key}"
            if key in ("modes",):
                found[key] = [r.integer(m, f"{at}[{i}]") for i, m in enumerate(item if isinstance(item, list) else [item])]
            elif key in ("targets", "sacrificed", "mana_spent"):
                found[key] = [canonical_word(v) if key == "mana_spent" else v for v in r.string_list(item or [], at)]
            elif key in ("x", "replicate", "sacrificed_power"):
                found[key] = None if item is None else r.integer(item, at)
            elif key == "kicked":
                if not isinstance(item, bool):
                    raise self.fail(at, "expected true or false")
                found[key] = item
            else:
                if not isinstance(item or {}, dict):
                    raise self.fail(at, "expected a mapping of target to its share, e.g. {bear: 1}")
                found[key] = {r.string(k, at): r.integer(v, f"{at}.{k}") for k, v in (item or {}).items()}
        return found


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
