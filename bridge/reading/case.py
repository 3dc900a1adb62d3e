"""Case files: load a YAML board state, check it, and give it back as frozen dataclasses.

The contract is docs/contract.md (version 1); docs/case-format.md documents this
implementation's keys, defaults and extensions.
"""
from __future__ import annotations

import dataclasses
import functools

from pathlib import Path

from bridge.cards.library import library
from bridge.model.case import Case
from bridge.model.errors import CaseError, close_matches
from bridge.model.vocabulary import Operation
from bridge.reading.board import BoardReading
from bridge.reading.bounds import check_number_range
from bridge.reading.case_keys import CARD_ZONES, EDITIONS, STDIN, TOP_KEYS
from bridge.reading.collect import ErrorCollector, StopReading
from bridge.reading.effects import EffectReading
from bridge.reading.emblems import read_emblems
from bridge.reading.expectations import ExpectationReading
from bridge.reading.questions import QuestionReading
from bridge.reading.game_state import read_game_state
from bridge.reading.sba_input import read_sba_input
from bridge.reading.yaml_input import DEFAULT_LIMITS, Limits, check_scalars, read_case_text, read_stdin, read_yaml
from bridge.vocabulary.reader import Reader
from bridge.vocabulary.words import WordChecker, declared_words


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


class CaseBuilder(BoardReading, EffectReading, QuestionReading, ExpectationReading):
    """Reads one case file into a Case; each kind of entry is read by a part of its own."""

    def __init__(self, file: str, limits: Limits = DEFAULT_LIMITS):
        self.file = file
        self.limits = limits
        self.reader = Reader(file)
        self.library = library()
        self.collector = ErrorCollector()

    def fail(self, where: str, problem: str) -> CaseError:
        return CaseError(self.file, where, problem)

    def card_name_exists(self, name: str, where: str) -> None:
        """A `named:` selector matches nothing unless some card has that name: one written in this case,
        or one the library, the card store or the pool knows; a misspelling gets the close names."""
        from bridge.cards.catalog import UnknownCard, find_card
        key = " ".join(name.split()).casefold()
        if key in self.names_in_case | names_set_by_library():
            return
        try:
            find_card(name)
        except UnknownCard as error:
            if key in names_set_by_cards_of(self.names_in_case):
                return
            raise self.fail(where, f"no card is named {name!r}, so this selector would match nothing: {error}"
                            ) from None

    def read(self, data) -> Case:
        """The case, or every error found in one pass (bridge/reading/collect.py): the first error carries
        the others. An error in an entry (an object, an effect, an expectation ...) is recorded and
        the next entry is read; an error in the file's shape stops the reading."""
        self.reader.on_unknown_key = self.collector.unknown_key
        self.names_in_case = written_strings(data)
        self.reader.check_card_name = self.card_name_exists
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
        objects = self.graveyard_positions(objects)
        with self.collector.entry():
            objects += read_emblems(self, data.get("emblems") or [], len(battlefield) + len(stack) + 1)
        by_id = {o.id: o for o in objects}
        for obj, (entry, where, _, _) in zip(objects, raw_objects):
            with self.collector.entry():
                self.attachment(obj, where, by_id)
        with self.collector.entry():
            self.check_choices_and_copies(objects, raw_objects, data)

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
                    sba=read_sba_input(self, data, by_id, players), unlisted_cards=tuple(self.unlisted_cards),
                    game_state=read_game_state(self, data),
                    hands_given=tuple(p for p in players if p in (data.get("hands") or {})),
                    libraries_given=tuple(p for p in players if p in (data.get("libraries") or {})),
                    graveyards_given=tuple(p for p in players if p in (data.get("graveyards") or {})),
                    player_counters=read_player_counters(self, data.get("player_counters")),
                    player_counters_given=tuple(p for p in players if p in (data.get("player_counters") or {})),
                    commander_casts=read_commander_casts(self, data.get("commander_casts")))


@functools.lru_cache(maxsize=1)
def names_set_by_library() -> frozenset[str]:
    """The names the library's effects give (612.7 set_name: Awakening of Vitu-Ghazi's 'Vitu-Ghazi')."""
    lib = library()
    return frozenset(" ".join(value.split()).casefold() for name in lib.names
                     for value in set_names(lib.raw(name)))


def names_set_by_cards_of(strings) -> set[str]:
    """The names that the readings of the cards a case names give (612.7 set_name), whichever source the
    card comes from (store, pool): asked only when a `named:` is found nowhere else."""
    from bridge.cards.catalog import UnknownCard, find_card
    found = set()
    for text in strings:
        try:
            card = find_card(text).card
        except (UnknownCard, CaseError, ValueError):    # not a card name, or a card that fails to read
            continue
        found.update(" ".join(value.split()).casefold() for value in names_set_in_reading(card))
    return found


def names_set_in_reading(value):
    """Every set_name operation's name in a card as read (its abilities, their operations, granted
    abilities inside them ...)."""
    if isinstance(value, Operation) and value.kind == "set_name":
        yield value.values[0]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from names_set_in_reading(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for child in value:
            yield from names_set_in_reading(child)


def set_names(value):
    if isinstance(value, dict):
        for key, child in value.items():
            if key == "set_name" and isinstance(child, str):
                yield child
            else:
                yield from set_names(child)
    elif isinstance(value, list):
        for child in value:
            yield from set_names(child)


def written_strings(data) -> set[str]:
    """Every text the case writes but as a `named:` value (a card, a name an effect gives, ...), in the
    forgiving form: a `named:` that one of them gives is a name some object may have."""
    found, stack = set(), [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(v for k, v in value.items() if k != "named")
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            found.add(" ".join(value.split()).casefold())
    return found


def read_player_counters(builder, raw) -> tuple[tuple[str, str, int], ...]:
    """`player_counters: {Alice: {experience: 2}}` (122.1 counters on a player; a kind a player's entry leaves
    out: none of it). Poison counters are `poison:` (704.5c)."""
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise builder.fail("player_counters", "expected a mapping of player name to {kind: number}, e.g. "
                                              "{Alice: {experience: 2}}")
    found = []
    for player, kinds in raw.items():
        where = f"player_counters.{player}"
        builder.player(player, where)
        if not isinstance(kinds or {}, dict):
            raise builder.fail(where, "expected a mapping of counter kind to number, e.g. {experience: 2}")
        for kind, n in (kinds or {}).items():
            if kind == "poison":
                raise builder.fail(f"{where}.poison", "poison counters are given by the top-level key poison: "
                                                      f"{{{player}: N}} (704.5c)")
            number = builder.reader.integer(n, f"{where}.{kind}")
            if number < 0:
                raise builder.fail(f"{where}.{kind}", "a number of counters cannot be negative")
            found.append((player, str(kind), number))
    return tuple(found)


def read_commander_casts(builder, raw) -> tuple[tuple[str, int], ...]:
    """`commander_casts: {Alice: 2}`: the times a player has cast their commander from the command zone this game
    (903.8; Commander's Insignia's "for each time you've cast your commander from the command zone this game")."""
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise builder.fail("commander_casts", "expected a mapping of player name to a number, e.g. {Alice: 2}")
    found = []
    for player, n in raw.items():
        builder.player(player, f"commander_casts.{player}")
        number = builder.reader.integer(n, f"commander_casts.{player}")
        if number < 0:
            raise builder.fail(f"commander_casts.{player}", "a number of casts cannot be negative")
        found.append((player, number))
    return tuple(found)
