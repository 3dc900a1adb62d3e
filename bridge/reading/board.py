"""The objects of a case: permanents, spells and abilities on the stack, cards in other zones, their cards,
controllers, counters, statuses, choices, attachments and targets."""
from __future__ import annotations

import re
from dataclasses import replace

from bridge.cards.catalog import UnknownCard, find_card
from bridge.cards.library import SECOND_FACES, parse_card
from bridge.cards.oracle.counter_kinds import named_counter_kinds
from bridge.cards.oracle.words import BASIC_LAND_TYPES
from bridge.model.card import Card
from bridge.model.case import BoardObject, SpellChoices
from bridge.reading.game_state import object_game_state
from bridge.model.errors import CARD_ADVICE, close_matches
from bridge.model.ids import snake_case
from bridge.model.vocabulary import canonical_word
from bridge.reading.case_keys import (CARD_ZONE_NAMES, OBJECT_CHOICES, OBJECT_KEYS, SPELL_KEYS, STATUS_KEYS, TOKEN_COPY,
                                      ZONE_OBJECT_KEYS)
from bridge.reading.effects import copy_find
from bridge.reading.missing_faces import FACE_RULES, FACE_STATUS, faces_in_use, refuse_missing
from bridge.reading.sba_input import object_damage


class BoardReading:
    """Part of CaseBuilder (bridge/reading/case.py): the objects of the board."""

    def object_counters(self, value, card: Card, where: str) -> tuple[tuple[str, int], ...]:
        """122.1: counters of a kind the rules name, the case declares, or the object's card's own text
        names (Beastmaster Ascension's quest counters)."""
        r = self.reader
        faces = (card, *card.halves, *(f for f in (card.flip_face, card.back_face, card.modal_back_face) if f))
        checker = r.words
        r.words = checker.with_counter_kinds(set().union(*(named_counter_kinds(face.text) for face in faces)))
        try:
            return r.counters(value, where)
        finally:
            r.words = checker

    def attachment(self, obj: BoardObject, where: str, by_id: dict) -> None:
        for key, value in obj.choices:
            if key in OBJECT_CHOICES:           # "choose a creature": an object's id
                self.known_object(value, f"{where}.choices.{key}", by_id)
        if obj.attached_to is not None:
            if obj.attached_to == obj.id:
                raise self.fail(f"{where}.attached_to", f"{obj.id!r} cannot be attached to itself")
            if obj.attached_to not in self.players:     # 303.4 an Aura may enchant a player (a Curse)
                self.known_object(obj.attached_to, f"{where}.attached_to", by_id, zone="battlefield")
        if obj.paired_with is not None:
            self.pairing(obj, f"{where}.paired_with", by_id)
        if obj.attacks is not None:             # 506.4c a player, a planeswalker or a battle
            if "attacking" not in obj.status:
                raise self.fail(f"{where}.attacks", "only an attacking creature attacks something: give it status: "
                                                    "{attacking: true} (508.1a)")
            if obj.attacks == obj.controller:
                raise self.fail(f"{where}.attacks", f"{obj.id} attacks an opponent of its controller, not "
                                                    f"{obj.attacks} (506.2, 508.1b)")
            if obj.attacks not in self.players:
                self.known_object(obj.attacks, f"{where}.attacks", by_id, zone="battlefield")

    def pairing(self, obj: BoardObject, where: str, by_id: dict) -> None:
        """702.95b-d Two permanents on the battlefield, each paired with the other only."""
        if obj.zone != "battlefield":
            raise self.fail(where, "only a permanent on the battlefield can be paired (702.95)")
        if obj.paired_with == obj.id:
            raise self.fail(where, f"{obj.id!r} cannot be paired with itself")
        self.known_object(obj.paired_with, where, by_id, zone="battlefield")
        others = sorted(o.id for o in by_id.values() if isinstance(o, BoardObject) and o.id != obj.id
                        and (o.paired_with in (obj.id, obj.paired_with)) and o.id != obj.paired_with)
        partner = by_id[obj.paired_with]
        if others or (isinstance(partner, BoardObject) and partner.paired_with not in (None, obj.id)):
            raise self.fail(where, "a creature can be paired with only one other creature (702.95d): "
                                   + ", ".join(sorted({obj.id, obj.paired_with, *others, getattr(partner, "paired_with", None)}
                                                      - {None})) + " name more than one pair")

    def check_choices_and_copies(self, objects, raw_objects, data: dict) -> None:
        """What nothing would read is refused, not ignored (issue 36): `choices:` on a card that makes no
        choice (its text says neither choose nor name, no ability of it or of the case's effects reads a
        choice), and copy_of going round in a cycle (as a self-copy is)."""
        chosen_elsewhere = "chosen" in repr(data.get("effects")) + repr(data.get("events"))
        copies = {obj.id: obj.copy_of for obj in objects if obj.copy_of is not None}
        for obj, (_, where, _, _) in zip(objects, raw_objects):
            # a copy makes the choices of what it copies: its 'as ... enters' abilities take effect (707.5)
            if obj.choices and obj.copy_of is None and not chosen_elsewhere and not makes_a_choice(obj.card):
                raise self.fail(f"{where}.choices", f"{obj.card.name} makes no choice (its text has no 'choose' or "
                                                    "'name', and no ability reads a choice): nothing would read this")
            cycle = [obj.id]
            while copies.get(cycle[-1]) in copies and copies[cycle[-1]] not in cycle:
                cycle.append(copies[cycle[-1]])
            if len(cycle) > 1 and copies.get(cycle[-1]) == obj.id:
                raise self.fail(f"{where}.copy_of", "copy_of goes round in a cycle (" + " → ".join(cycle + [obj.id])
                                + "): a copy copies the copiable values of an object that is not itself a copy "
                                  "of it (707.2); one of them must copy something outside the cycle")

    def stack_keys(self) -> tuple[str, ...]:
        return tuple(k for k in OBJECT_KEYS + SPELL_KEYS if k not in ("attached_to", "paired_with", "attacks", "game_state", "class_level",
                                                                      "copy_of", "copied_by",
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
        if obj.attached_to is not None and obj.attached_to not in self.players:
            self.known_object(obj.attached_to, f"{where}.attached_to", by_id, zone="battlefield")
        if obj.copy_of is None:
            return obj, None
        self.known_object(obj.copy_of, f"{where}.copy_of", by_id, zone="battlefield")
        if obj.created_by is not None:
            self.known_object(obj.created_by, f"{where}.created_by", by_id)
        return obj, self.enters_as_copy_effect(obj, len(board.effects) + 1, by_id, where)

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

    @staticmethod
    def graveyard_positions(objects: list) -> list:
        """404.1 A graveyard is a pile, and so is a library (401.1): the case lists each one top first (position 1
        is the top card)."""
        seen: dict[tuple[str, str], int] = {}
        placed = []
        for obj in objects:
            if obj.zone in ("graveyard", "library"):
                seen[(obj.owner, obj.zone)] = seen.get((obj.owner, obj.zone), 0) + 1
                obj = replace(obj, position=seen[(obj.owner, obj.zone)])
            placed.append(obj)
        return placed

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
        return self.card_and_face(value, where)[0]

    def card_and_face(self, value, where: str) -> tuple[Card, tuple[str, str] | None]:
        """The card an entry names, and the face its name named when that is not the front."""
        r = self.reader
        if isinstance(value, dict):
            halves = value.get("halves")
            if "name" not in value and isinstance(halves, list) and all(isinstance(h, dict) and "name" in h
                                                                         for h in halves):
                # 709.4 a split card's name outside the stack is both halves' names
                name = " // ".join(r.string(h["name"], f"{where}.halves[{i}].name") for i, h in enumerate(halves))
            elif "name" not in value:
                raise self.fail(where, "an inline card needs a name")
            else:
                name = r.string(value["name"], f"{where}.name")
            return parse_card(r, name, value, where, library=False), None
        name = r.string(value, where)
        try:
            found = find_card(name)         # library.yaml, then the card store, then the card pool
        except UnknownCard as error:
            raise self.fail(where, f"{error}; {CARD_ADVICE}")
        return found.card, found.face

    def face_named(self, named: tuple[str, str], card: Card, status: list[str], where: str) -> None:
        """A name of a back, flipped or Adventure face names the card; the status must say that face is up."""
        key, what = named
        needed = FACE_STATUS.get(key)
        if needed is not None and needed in status:
            return
        face = getattr(card, SECOND_FACES[key])
        if needed is not None:
            raise self.fail(where, f"{face.name!r} is {what} of {card.name}: write card: {card.name} with "
                            f"status: {{{needed}: true}} ({FACE_RULES[key]})")
        raise self.fail(where, f"{face.name!r} is {what} of {card.name}: write card: {card.name} (outside the stack "
                        "it has only its normal characteristics, 715.4; an Adventure or prepared spell on the stack "
                        "is not modeled yet)")

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
        if "created_by_ability" in entry and "created_by" not in entry:
            raise self.fail(f"{where}.created_by_ability", "only with created_by (the permanent whose ability created it)")
        if card is None:
            if "card" not in entry:
                raise self.fail(where, "missing key 'card' (a library card name or an inline card)")
            card_where = where if card_only else f"{where}.card"
            card, named = self.card_and_face(entry["card"], card_where)
        else:
            card_where, named = where, None
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
            if "renowned" in status and zone != "battlefield":
                raise self.fail(f"{where}.status.renowned", "only permanents can be renowned (702.112b)")
            if "solved" in status and zone != "battlefield":
                raise self.fail(f"{where}.status.solved", "only permanents can be solved (719.3b)")
            for combat in ("attacking", "blocking"):
                if combat in status and zone != "battlefield":
                    raise self.fail(f"{where}.status.{combat}", f"only a permanent can be {combat} (506.3)")
            if "unblocked" in status and "attacking" not in status:
                raise self.fail(f"{where}.status.unblocked", "only an attacking creature is unblocked (509.1h): give it "
                                                           "attacking: true too")
            if "attacking" in status and "blocking" in status:
                raise self.fail(f"{where}.status", "a creature is either attacking or blocking, not both (506.2: the "
                                                 "active player's creatures attack, a defending player's block)")
        if named is not None:
            self.face_named(named, card, status, card_where)
        refuse_missing(self, card, faces_in_use(status), card_where)
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
            alike = [other for other in self.ids if " ".join(other.split()) == " ".join(object_id.split())]
            if alike:       # 'bear' and 'bear ' print alike: two objects a reader cannot tell apart (issue 36)
                raise self.fail(f"{where}.id", f"id {object_id!r} differs from {alike[0]!r} ({self.ids[alike[0]]}) "
                                               "only by spaces: they would print alike")
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
        if zone in CARD_ZONE_NAMES:
            self.zone_card_timestamp(card, entry, where, zone)
        counters = self.object_counters(entry.get("counters", {}) or {}, card, f"{where}.counters")
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
            # (a counter kind as the rules write it, lower case: "enters with your choice of a flying counter ...")
            choices.append((key, value if key in OBJECT_CHOICES or key == "counter" else canonical_word(value)))
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
        class_level = None
        if "class_level" in entry:          # 716.2b a level is a designation of a permanent
            class_level = r.integer(entry["class_level"], f"{where}.class_level")
            if class_level < 1:
                raise self.fail(f"{where}.class_level", "a level is 1 or more (716.2a; a permanent without one is "
                                                        "treated as level 1, 716.2d)")
        return BoardObject(id=object_id, card=card, zone=zone, owner=owner, controller=controller,
                           timestamp=timestamp, counters=tuple(counters), attached_to=attached,
                           paired_with=(r.string(entry["paired_with"], f"{where}.paired_with")
                                        if entry.get("paired_with") is not None else None),
                           attacks=r.string(entry["attacks"], f"{where}.attacks") if entry.get("attacks") is not None else None,
                           game_state=object_game_state(self, entry.get("game_state", {}) or {}, f"{where}.game_state"),
                           choices=tuple(choices), status=tuple(status), copy_of=copy_of, chosen_as=chosen_as,
                           spell=spell, copied_by=copied_by, new_targets=new_targets,
                           controller_given="controller" in entry, half=half, ability_source=ability_source,
                           ability_index=ability_index, token=token,
                           merged_under=self.merged_cards(entry.get("merged_under"), f"{where}.merged_under", zone),
                           created_by=r.string(entry["created_by"], f"{where}.created_by") if "created_by" in entry
                           else None,
                           created_by_ability=(r.integer(entry["created_by_ability"], f"{where}.created_by_ability")
                                               if "created_by_ability" in entry else None), damage=damage, deathtouch_damage=deathtouch_damage,
                           class_level=class_level)

    def zone_card_timestamp(self, card: Card, entry: dict, where: str, zone: str) -> None:
        """613.7d A card got a timestamp as it entered its zone: a static ability that functions there
        (113.6b, `functions_in`) needs it to be ordered with the other effects (613.7a)."""
        if "timestamp" in entry:
            if self.reader.integer(entry["timestamp"], f"{where}.timestamp") < 1:
                raise self.fail(f"{where}.timestamp", "expected a whole number of at least 1 (613.7d)")
            return
        functioning = [a.text for a in card.abilities if zone in a.functions_in and a.is_static]
        if functioning:
            raise self.fail(where, f"{card.name} has a static ability that functions in the {zone} (113.6b): "
                            f"give the card as {{card: ..., timestamp: N}}, the timestamp it got as it entered "
                            f"the {zone} (613.7d), to order its effect with the others (613.7a)")

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
        elif key == "basic_land_type" and value not in BASIC_LAND_TYPES:          # 205.3i
            raise self.fail(where, f"{value!r} is no basic land type; expected one of {', '.join(BASIC_LAND_TYPES)}")
        elif key == "color":
            self.reader.words.color(value, where)
        elif key == "counter":
            self.reader.words.counter(value, where)

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


CHOICE_WORDS = re.compile(r"(?i)\bchoose\b|\bchosen\b|\bname(?:d|s)? a\b|\bnamed\b|\bchoice\b")


def makes_a_choice(card) -> bool:
    """Whether a card's text or its abilities (on any face) speak of a choice."""
    faces = (card, *card.halves, *(f for f in (card.flip_face, card.back_face, card.modal_back_face) if f))
    return any(CHOICE_WORDS.search(face.text or "") or re.search(r"chosen=(?!None|\(\))", repr(face.abilities))
               for face in faces)

