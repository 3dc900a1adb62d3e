"""The effects of a case: resolved spells and abilities (611.2), and the copy effects of objects that
entered or were cast as copies (707.5, 707.10)."""
from __future__ import annotations

from dataclasses import replace

from bridge.cards.oracle.activated import is_activated
from bridge.model.case import BoardObject, Effect
from bridge.cards.oracle.words import BASIC_LAND_TYPES
from bridge.model.vocabulary import Ability, CopyExceptions, Expr, Operation, canonical_word
from bridge.reading.case_keys import EFFECT_KEYS
from bridge.vocabulary.keys import CHOSEN_OPS


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


# What each condition key of a resolved effect says (608.2c), for the message that asks for it.
CONDITION_WORDS = {"kicked": "was it kicked? 702.33d", "bargained": "was it bargained? 702.166b",
                   "gift_promised": "was the gift promised? 702.174k",
                   "condition": "did the condition its text states ('if ...', 'unless ...') hold as it resolved?",
                   "first_chosen": "was the first of the two its text offers chosen as it resolved ('+1/-1 or -1/+1')? "
                                   "608.2d"}


def has_x(expr: Expr | None) -> bool:
    return expr is not None and (expr.kind == "x" or any(has_x(p) for p in expr.parts))


def x_replaced(expr: Expr | None, value: int) -> Expr | None:
    if expr is None:
        return None
    if expr.kind == "x":
        return Expr("calculated", number=value)
    return replace(expr, parts=tuple(x_replaced(p, value) for p in expr.parts))


class EffectReading:
    """Part of CaseBuilder (bridge/reading/case.py): effects."""

    def with_x(self, operations: tuple, entry: dict, where: str, label: str | None) -> tuple:
        """608.2h, 611.2d: a number the effect worked out as it resolved ("+X/+X, where X is ...", "for each
        ...", an X paid in its cost), `{calculated: X}` in its operations, is the case's `x: N`: the tool
        keeps no game history to work it out (a negative N counts as zero in +X/+X, 107.1b)."""
        with_x = any(has_x(op.power) or has_x(op.toughness) for op in operations)
        if "x" not in entry:
            if with_x:
                raise self.fail(f"{where}.x", f"{label or 'the effect'} has a number X worked out as it resolved "
                                "(608.2h: its card's text says what X is): give x: N")
            return operations
        value = self.reader.integer(entry["x"], f"{where}.x")
        if not with_x:
            raise self.fail(f"{where}.x", f"{label or 'the effect'} has no number X to give (its operations: no "
                            "calculated: X)")
        return tuple(replace(op, power=x_replaced(op.power, value), toughness=x_replaced(op.toughness, value))
                     for op in operations)

    def conditions(self, operations: tuple, entry: dict, where: str, label: str | None) -> tuple:
        """608.2c How the effect resolved, for operations that depend on it ("If this spell was kicked, that
        creature gets +4/+4 instead": `{modify_pt: +2/+2, unless: kicked}`, `{modify_pt: +4/+4, if: kicked}`):
        the case's `conditions: {kicked: true}`, each key the operations name, as booleans. Without it the tool
        would have to guess which instructions were followed (it keeps no game history): refused.
        asp/608_resolving.lp follows the operations whose condition matches."""
        keys = sorted({op.condition[0] for op in operations if op.condition})
        given = entry.get("conditions")
        if given is None:
            if keys:
                raise self.fail(f"{where}.conditions", f"{label or 'the effect'} depends on how it resolved (608.2c: "
                                f"{CONDITION_WORDS[keys[0]]}): give conditions: {{{keys[0]}: true}} or false")
            return ()
        if not keys:
            raise self.fail(f"{where}.conditions", f"{label or 'the effect'} depends on no condition as it resolved "
                            "(its operations: no if: or unless:)")
        given = self.reader.mapping(given, f"{where}.conditions", tuple(keys))
        found = []
        for key in keys:
            if key not in given:
                raise self.fail(f"{where}.conditions.{key}", f"{label or 'the effect'} depends on how it resolved "
                                f"(608.2c: {CONDITION_WORDS[key]}): give conditions: {{{key}: true}} or false")
            if not isinstance(given[key], bool):
                raise self.fail(f"{where}.conditions.{key}", f"expected true or false, got {given[key]!r}")
            found.append((key, given[key]))
        return tuple(found)

    def with_choices(self, operations: tuple, entry: dict, where: str, label: str | None,
                     made_by_source: set, held: dict) -> tuple:
        """608.2h-like: a choice the effect made as it resolved ("becomes the color of your choice", Wild
        Mongrel), `{chosen: KEY}` in its operations, is the case's `choices: {KEY: VALUE}`: without it the
        effect would change nothing, so it is refused, never left out. An operation the case's `conditions`
        (`held`) say was not followed makes no choice (Razor Barrier's "protection from artifacts or from the
        color of your choice" with the first chosen, 608.2d): it is dropped, and needs none."""
        followed = tuple(op for op in operations if op.condition is None or op.condition[0] not in held
                         or held[op.condition[0]] == op.condition[1])
        if len(followed) < len(operations) and not self.choice_keys(followed) < self.choice_keys(operations):
            followed = operations                # (no choice left out: every operation kept, as before)
        operations = followed
        # (a color or type the ability's object chose as it entered is its own, 607.2: asp/607_linked_abilities.lp
        # gives it to the effect; a granted ability's choice and a player are made here only)
        of_ops = {op.chosen for op in operations if op.kind in CHOSEN_OPS and op.chosen}
        made_here = {op.chosen for op in operations if op.kind == "gain_control" and op.chosen} | \
            {a.chosen for op in operations if op.kind == "add_abilities" for a in op.abilities if a.chosen}
        keys = of_ops | made_here
        given = entry.get("choices")
        if given is None:
            missing = (of_ops - made_by_source) | made_here
            if missing:
                raise self.fail(f"{where}.choices", f"{label or 'the effect'} makes a choice as it resolves (its "
                                f"text says which): give choices: {{{sorted(missing)[0]}: ...}}")
            return operations
        if not keys:
            raise self.fail(f"{where}.choices", f"{label or 'the effect'} makes no choice as it resolves (its "
                            "operations: no chosen: KEY)")
        given = self.reader.mapping(given, f"{where}.choices", tuple(sorted(keys)))
        values = {}
        for key in sorted(keys):
            if key not in given:
                raise self.fail(f"{where}.choices.{key}", f"{label or 'the effect'} chooses a {key} as it resolves: "
                                f"give choices: {{{key}: ...}}")
            if key == "player":             # 613.1b the player who gains control: one of the case's players
                values[key] = self.player(given[key], f"{where}.choices.{key}")
                continue
            value = canonical_word(self.reader.string(given[key], f"{where}.choices.{key}"))
            if key == "basic_land_type" and value not in BASIC_LAND_TYPES:      # 205.3i
                raise self.fail(f"{where}.choices.{key}", f"{value!r} is no basic land type (205.3i: "
                                f"{', '.join(BASIC_LAND_TYPES)})")
            self.choice_word(key, value, f"{where}.choices.{key}")
            values[key] = value
        return tuple(self.chosen_made(op, values, where) for op in operations)

    @staticmethod
    def choice_keys(operations: tuple) -> set:
        return {op.chosen for op in operations if op.kind in CHOSEN_OPS | {"gain_control"} and op.chosen} | \
            {a.chosen for op in operations if op.kind == "add_abilities" for a in op.abilities if a.chosen}

    def chosen_made(self, op: Operation, values: dict, where: str) -> Operation:
        """The operation with the values chosen: a color or type in its values, a granted keyword's "the chosen
        color" made the color ("protection from the chosen color": protection from blue, 702.16a)."""
        if op.kind == "gain_control" and op.chosen:
            return replace(op, chosen=None, to_player=values[op.chosen])
        if op.kind in CHOSEN_OPS and op.chosen:
            return replace(op, chosen=None, values=(values[op.chosen],))
        if op.kind == "add_abilities":
            return replace(op, abilities=tuple(
                self.reader.ability(a.text.replace(f"the chosen {a.chosen}", values[a.chosen].lower()),
                                    f"{where}.choices.{a.chosen}") if a.chosen else a for a in op.abilities))
        return op

    def copy_effects(self, obj: BoardObject, where: str, by_id: dict, index: int) -> list[Effect]:
        """The copy effect of an object that entered as a copy (707.5), or of a copy of a spell (707.10)."""
        if obj.copy_of == obj.id:
            raise self.fail(f"{where}.copy_of", f"{obj.id!r} cannot be a copy of itself")
        zone = "stack" if obj.zone == "stack" else "battlefield"
        # 707.2, 111.1: a token created as a copy of a card in a graveyard or in exile (Nahiri, the Unforgiving's
        # "Exile target creature ... card ... from your graveyard. Create a token that's a copy of it.") copies the
        # card's copiable values, its printed ones
        if obj.token and obj.zone == "battlefield" and obj.copy_of in by_id \
                and by_id[obj.copy_of].zone in ("graveyard", "exile"):
            zone = by_id[obj.copy_of].zone
        self.known_object(obj.copy_of, f"{where}.copy_of", by_id, zone=zone)
        if obj.zone == "stack":
            effect = self.spell_copy_effect(obj, where, by_id, index, obj.timestamp)
            return [effect] if effect else []
        if obj.created_by is not None:
            self.known_object(obj.created_by, f"{where}.created_by", by_id)
        return [self.enters_as_copy_effect(obj, index, by_id, where)]

    def check_effect_count(self, objects, effects_given: int) -> None:
        """What drives the cost of solving: the effects given and the static abilities of every object."""
        statics = sum(1 for o in objects for a in o.card.abilities if a.operations or a.players)
        if effects_given + statics > self.limits.max_effects:
            raise self.fail("effects" if effects_given > statics else "battlefield",
                            f"{effects_given:,} effects and {statics:,} static abilities of the objects make more "
                            f"than the limit of {self.limits.max_effects:,} (--max-effects)")

    # --- copies (707.5, 707.10) ---
    def enters_as_copy_effect(self, obj: BoardObject, index: int, by_id: dict, where: str) -> Effect:
        """707.5 An object that enters as a copy has a copy effect from the moment it enters; a token
        created as a copy (707.2) has the exceptions of the ability that created it, if any."""
        if obj.token:
            creator = by_id[obj.created_by].card if obj.created_by else None
            path, exceptions = None, (self.token_copy_exceptions(obj, creator, where) if creator else CopyExceptions())
        else:
            path, exceptions = copy_find(obj.card.abilities, "enters_as_copy")
        return Effect(index=index, label=f"{obj.card.name} ({obj.id}) entered as a copy of {obj.copy_of} (707.5)",
                      controller=obj.controller, affects=(obj.id,),
                      operations=(Operation("copy_of", copy_source=obj.copy_of, exceptions=exceptions,
                                            this_path=path),),
                      timestamp=obj.timestamp, source=obj.id)

    def token_copy_exceptions(self, obj: BoardObject, creator, where: str) -> CopyExceptions:
        """707.9 The exceptions of the ability that created the token copy. A card with several such abilities
        that differ (Saheeli's Artistry's two modes) needs the case to say which: never the first one found."""
        creating = [(i, a.creates_token_copy) for i, a in enumerate(creator.abilities, start=1)
                    if a.creates_token_copy is not None]
        if obj.created_by_ability is not None:
            found = dict(creating).get(obj.created_by_ability)
            if found is None:
                raise self.fail(f"{where}.created_by_ability", f"ability {obj.created_by_ability} of {creator.name} "
                                "creates no token copy (its abilities that do: "
                                + (", ".join(str(i) for i, _ in creating) or "none") + ")")
            return found
        if len({repr(e) for _, e in creating}) > 1:
            raise self.fail(f"{where}.created_by_ability", f"{creator.name} creates token copies with different "
                            "exceptions (707.9) by its abilities " + ", ".join(str(i) for i, _ in creating)
                            + ": say which created this token with created_by_ability: N")
        if creating:
            return creating[0][1]
        found = copy_find(creator.abilities, "creates_token_copy")      # gained as part of a copy effect
        return found[1] if found else CopyExceptions()

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

    def spell_mode(self, card, entry: dict, where: str) -> tuple:
        """700.2 the mode of a modal spell that resolved (`mode: N`): its operations and label."""
        modes = card.spell_modes
        if "mode" not in entry:
            raise self.fail(f"{where}.mode", f"{card.name} is modal (700.2): say which mode resolved, mode: 1 "
                            f"to {len(modes)}")
        number = self.reader.integer(entry["mode"], f"{where}.mode")
        if not modes:
            raise self.fail(f"{where}.mode", f"{card.name} has no modes read from its text; give 'does'")
        if not 1 <= number <= len(modes):
            raise self.fail(f"{where}.mode", f"{card.name} has {len(modes)} modes")
        if not modes[number - 1]:
            raise self.fail(f"{where}.mode", f"mode {number} of {card.name} has no effect that changes the layers "
                            f"in the vocabulary (`mtg-layers cards show {card.name}`); give 'does'")
        return modes[number - 1], f"{card.name} (mode {number})"

    def spell_part(self, card, entry: dict, where: str) -> tuple:
        """611.2c one part of a spell whose effect affects several groups (`part: N`): its operations and label;
        each part is its own entry with its own `affects`."""
        parts = card.spell_parts
        if "part" not in entry:
            raise self.fail(f"{where}.part", f"{card.name} affects {len(parts)} groups (611.2c: its text names each): "
                            f"say which with part: 1 to {len(parts)}, one entry per group with its own affects")
        number = self.reader.integer(entry["part"], f"{where}.part")
        if not 1 <= number <= len(parts):
            raise self.fail(f"{where}.part", f"{card.name} has {len(parts)} parts" if parts else
                            f"{card.name} has no parts read from its text (one group, or not read): drop 'part'")
        return parts[number - 1], f"{card.name} (part {number})"

    def activated_copy(self, entry, where: str, by_id: dict) -> tuple[str, tuple, str]:
        """(source, operations, label) of an activated or loyalty ability that makes other objects become a copy
        (707.2: Saheeli, Sublime Artificer's "Target artifact you control becomes a copy of another target artifact
        or creature you control until end of turn, except ..."): each object in `affects` becomes a copy of
        `becomes_copy_of`, with the exceptions of the ability's `becomes_copy`."""
        r = self.reader
        source = self.known_object(entry["activated"], f"{where}.activated", by_id, zone="battlefield")
        name = by_id[source].card.name
        activated = [a for a in by_id[source].card.abilities if a.activated or is_activated(a.text, a.keyword)]
        copying = [i for i, a in enumerate(activated, start=1) if a.becomes_copy is not None]
        if not copying:
            raise self.fail(f"{where}.becomes_copy_of", f"{name} has no activated ability that makes objects become "
                            "a copy; give does: {copy_of: {object: ..., except: ...}} instead")
        number = r.integer(entry.get("ability", copying[0]), f"{where}.ability")
        if number not in copying:
            raise self.fail(f"{where}.ability", f"activated ability {number} of {name} makes nothing become a copy "
                            f"(those that do: {', '.join(map(str, copying))})")
        if "affects" not in entry:
            raise self.fail(f"{where}.affects", "becomes_copy_of needs affects: [the ids of the objects that become "
                            "a copy], fixed as it resolved (611.2c)")
        target = self.known_object(entry["becomes_copy_of"], f"{where}.becomes_copy_of", by_id)
        operations = (Operation("copy_of", copy_source=target, exceptions=activated[number - 1].becomes_copy,
                                this_path=None),)
        return source, operations, f"{name}'s ability: becomes a copy of {target}"

    def effect(self, entry, where: str, index: int, default_timestamp: int, by_id: dict) -> Effect:
        r = self.reader
        entry = r.mapping(entry, where, EFFECT_KEYS)
        operations: tuple[Operation, ...] = ()
        label = None
        source = None
        affects = None
        controller = None
        if "mode" in entry and "spell" not in entry:
            raise self.fail(f"{where}.mode", "'mode' only goes with 'spell' (a modal spell's mode, 700.2)")
        if "part" in entry and "spell" not in entry and "activated" not in entry:
            raise self.fail(f"{where}.part", "'part' only goes with 'spell' or 'activated' (an effect on several "
                            "groups, 611.2c)")
        if "spell" in entry:
            card = self.card(entry["spell"], f"{where}.spell")
            label = card.name
            if "does" in entry or "becomes_copy_of" in entry:
                pass                                    # the case's own operations, or the copy (read below)
            elif "part" in entry or (card.spell_parts and not card.spell):
                operations, label = self.spell_part(card, entry, where)
            elif "mode" in entry or (card.spell_modes and not card.spell):
                operations, label = self.spell_mode(card, entry, where)
            elif not card.spell:
                raise self.fail(f"{where}.spell", f"{card.name} has no spell effect that changes the layers in the "
                                f"vocabulary (`mtg-layers cards show {card.name}` shows what was read); give 'does'")
            else:
                operations = card.spell
        if "activated" in entry and "becomes_copy_of" in entry:
            source, operations, label = self.activated_copy(entry, where, by_id)
            controller = by_id[source].controller
        elif "activated" in entry:
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
            on_others = activated[number - 1].activated_targets
            parts = activated[number - 1].activated_parts
            if parts or "part" in entry:            # 611.2c an effect on several groups: one part per entry
                if not parts or "part" not in entry:
                    raise self.fail(f"{where}.part", f"activated ability {number} of {name} affects " + (
                        f"{len(parts)} groups (611.2c): say which with part: 1 to {len(parts)}, one entry per group"
                        if parts else "one group: drop 'part'"))
                part = r.integer(entry["part"], f"{where}.part")
                if not 1 <= part <= len(parts):
                    raise self.fail(f"{where}.part", f"activated ability {number} of {name} has {len(parts)} parts")
                operations, on_others = parts[part - 1]
                label = f"{label} (part {part})"
            if on_others and "affects" not in entry:
                raise self.fail(f"{where}.affects", f"activated ability {number} of {name} affects other objects "
                                f"than {name} ({activated[number - 1].text!r}): name them with affects: [ID, ...], "
                                "fixed as it resolved (611.2c)")
            affects = (source,)
            controller = by_id[source].controller
        elif "ability" in entry:
            raise self.fail(f"{where}.ability", "'ability' only goes with 'activated'")
        if "becomes_copy_of" in entry and "spell" in entry:
            # Cytoshape, Mirrorweave: each object the spell affects becomes a copy (707.2), with the exceptions
            # its text gives (a `becomes_copy` read from it, or written in the library)
            target = self.known_object(entry["becomes_copy_of"], f"{where}.becomes_copy_of", by_id)
            found = copy_find(card.abilities, "becomes_copy")
            if found is None:
                raise self.fail(f"{where}.becomes_copy_of", f"{card.name} has no effect that makes objects become a "
                                "copy (`mtg-layers cards show` says what was read); give does: {copy_of: {object: "
                                "..., except: ...}} instead")
            operations = (Operation("copy_of", copy_source=target, exceptions=found[1], this_path=None),)
            label = f"{card.name}: becomes a copy of {target}"
        elif "becomes_copy_of" in entry and "activated" not in entry:
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
            operations = r.operations(entry["does"], f"{where}.does", resolved=True)
            for i, op in enumerate(operations):
                if op.kind == "copy_of":
                    self.known_object(op.copy_source, f"{where}.does[{i}].copy_of", by_id)
        if not operations:
            raise self.fail(where, "an effect needs 'does' (or 'spell'/'activated' naming a library effect)")
        operations = self.with_x(operations, entry, where, label)
        conditions = self.conditions(operations, entry, where, label)
        made_by_source = {key for key, _ in by_id[source].choices} if source in by_id else set()
        operations = self.with_choices(operations, entry, where, label, made_by_source, dict(conditions))
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
                      affects=affects, operations=operations, timestamp=timestamp, source=source, conditions=conditions)
