"""A Case as clingo symbols: the facts asp/ reads. Names are always clingo Strings, never ASP text."""
from __future__ import annotations

from clingo import Function, Number, String, Symbol

from bridge.cards.library import library
from bridge.model.card import Card
from bridge.model.case import Case
from bridge.model.texts import has_word
from bridge.solving.vocabulary_facts import VocabularyFacts, fn, to_symbol
from bridge.vocabulary.words import SUBTYPE_KEYS


class FactWriter(VocabularyFacts):
    """Collects the facts of one case."""

    def __init__(self):
        self.facts: list[Symbol] = []
        self._defined: set[Symbol] = set()
        self.unmodelled_texts: dict[Symbol, str] = {}   # keywords and text-only abilities
        self.text_change_words: set[str] = set()

    def text_words(self) -> None:
        """612.2 The words a text-changing effect of the case could replace in the text of keywords
        (protection from red) and of abilities kept as text: text_word(A, Word), read from the text."""
        for term, text in self.unmodelled_texts.items():
            for word in sorted(self.text_change_words):
                if has_word(text, word):
                    self.add("text_word", term, word)

    def add(self, name: str, *args) -> None:
        self.facts.append(fn(name, *args))









    # --- questions about characteristics ---
    def question(self, q) -> None:
        if q.kind == "value":
            ask = Function("value", [Function(q.attribute)])
        elif q.kind in ("is", "less", "greater"):
            ask = Function(q.kind, [Function(q.attribute), to_symbol(q.value)])
        elif q.kind == "different_names":
            ask = Function("different_names", [String(q.value)])
        else:
            term = Function("qsel", [Number(q.index)])
            self.selector(term, q.value)
            ask = Function("matches", [term])
        self.add("question", q.index, q.object_id, ask)

    # --- the board ---
    def targets(self, o: Symbol, obj) -> None:
        """115.1 What each instance of the word "target" of a spell on the stack can name."""
        card = obj.card.halves[obj.half - 1] if obj.half else obj.card
        specs = obj.ability.targets if obj.ability_source else card.targets
        for i, spec in enumerate(specs, start=1):
            self.add("target_requirement", o, i, Function(spec.kind))
            if spec.selector is not None:
                term = Function("target_sel", [o, Number(i)])
                self.add("target_selector", o, i, term)
                self.selector(term, spec.selector)
            if spec.mode is not None:
                self.add("target_mode", o, i, spec.mode)

    def spell(self, o: Symbol, obj) -> None:
        """A spell on the stack: the decisions made as it was cast (601.2), or what it is a copy of. A spell
        that left the stack keeps its decisions: copies made of it before copied them (707.10)."""
        if obj.copied_by:
            self.add("spell_copy", o, obj.copy_of, obj.copied_by)
            if obj.controller_given:
                self.add("spell_copy_controller", o, obj.controller)
            for position, target in obj.new_targets:
                self.add("new_target", o, position, target)
            return
        choices = obj.spell
        if choices is None:
            return
        if obj.zone == "stack" and not obj.ability_source:      # abilities are activated or triggered
            self.add("cast_spell", o)
        decisions = [fn("mode", m) for m in choices.modes]
        decisions += [fn("target", i, t) for i, t in enumerate(choices.targets, start=1)]
        decisions += [fn("x", choices.x)] if choices.x is not None else []
        decisions += [Function("kicked")] if choices.kicked else []
        decisions += [fn("divided", t, n) for t, n in choices.divided]
        decisions += [fn("replicate", choices.replicate)] if choices.replicate else []
        decisions += [fn("sacrificed", s) for s in choices.sacrificed]
        for decision in decisions:
            self.add("cast_decision", o, decision)
        for i, color in enumerate(choices.mana_spent, start=1):
            self.add("mana_spent", o, i, color)

    def faces(self, obj_term: Symbol, card: Card, card_key: Symbol) -> None:
        """The front face, and a flip card's alternative face or a double-faced card's back (710, 712),
        or a split card's two halves (709)."""
        self.card(obj_term, card, card_key)
        if card.halves:
            self.add("split_card", obj_term)
        for i, half in enumerate(card.halves, start=1):
            face_term = Function("face", [obj_term, fn("half", i)])
            self.add("card_face", obj_term, fn("half", i), face_term)
            self.card(face_term, half, Function("face", [card_key, fn("half", i)]))
        for face, data in (("flip", card.flip_face), ("back", card.back_face), ("modal_back", card.modal_back_face)):
            if data is not None:
                face_term = Function("face", [obj_term, Function(face)])
                self.add("card_face", obj_term, Function(face), face_term)
                self.card(face_term, data, Function("face", [card_key, Function(face)]))

    def card(self, obj_term: Symbol, card: Card, card_key: Symbol) -> None:
        self.add("printed_card", obj_term)
        self.add("printed_name", obj_term, card.name)
        for i, symbol in enumerate(card.mana_cost or (), start=1):
            if symbol.kind == "generic":
                sym = fn("generic", symbol.amount)
            elif symbol.kind in ("colorless", "colorless_phyrexian", "snow", "x"):
                sym = Function(symbol.kind)
            else:
                sym = fn(symbol.kind, *symbol.letters)
            self.add("printed_mana_symbol", obj_term, i, sym)
        for color in card.color_indicator:
            self.add("printed_color_indicator", obj_term, color)
        for word in card.supertypes_and_types:
            self.add("type_line_word", obj_term, Function("before_dash"), word)
        for word in card.subtypes:
            self.add("type_line_word", obj_term, Function("after_dash"), word)
        if card.power is not None:
            self.add("printed_power", obj_term, card.power)
            self.add("printed_toughness", obj_term, card.toughness)
        if card.loyalty is not None:
            self.add("printed_loyalty", obj_term, card.loyalty)
        if card.defense is not None:
            self.add("printed_defense", obj_term, card.defense)
        for i, ability in enumerate(card.abilities, start=1):
            term = self.ability(Function("ab", [card_key, Number(i)]), ability)
            self.add("printed_ability", obj_term, term)


def case_facts(case: Case) -> list[Symbol]:
    """Every fact asp/ needs about `case`."""
    w = FactWriter()
    w.add("rules_edition", Function(case.rules.replace("-", "_")))
    card_words = tuple(dict.fromkeys(pair for obj in case.objects for pair in obj.card.declared))
    for key, word in library().words.declared + case.new_words + card_words:
        if key in SUBTYPE_KEYS:
            w.add("declared_subtype", word, Function(SUBTYPE_KEYS[key]))
        else:
            w.add("declared_word", Function(key), word)
    for i, player in enumerate(case.players, start=1):
        w.add("player", player)
        w.add("turn_order", player, i)
    for player, kind, number in case.player_counters:       # asp/122_counters_on_players.lp
        w.add("player_counter", player, kind, number)
    for player in case.player_counters_given:
        w.add("player_counters_given", player)
    for player, number in case.commander_casts:             # asp/903_commander.lp
        w.add("commander_casts", player, number)
    for player in case.hands_given:                 # asp/402_hand.lp
        w.add("hand_given", player)
    for player in case.libraries_given:             # asp/401_library.lp
        w.add("library_given", player)
    for player in case.graveyards_given:            # asp/404_graveyard.lp
        w.add("graveyard_given", player)
    for player, zone, number in case.unlisted_cards:
        w.add("unlisted_cards", player, Function(zone), number)
    for obj in case.objects:
        o = String(obj.id)
        w.faces(o, obj.card, card_key_of(obj))
        for status in obj.status:
            w.add("status", o, Function(status))
        for status, had, time, number in obj.status_changes:
            w.add("status_changed", o, Function(status), Function("on" if had else "off"), time, number)
        w.add("in_zone", o, Function(obj.zone))
        if obj.zone == "graveyard" and obj.position:
            w.add("graveyard_position", o, obj.position)      # 404.1, 1 = the top card
        if obj.zone == "library" and obj.position:
            w.add("library_position", o, obj.position)        # 401.1, 1 = the top card
        if obj.token:
            w.add("token", o)                  # 111.1 (704.5d reads it)
        if obj.entered:
            w.add("entered_by_event", o)       # its counters are known: none of a kind is 0 (704.5i, 704.5v)
        for j, component in enumerate(obj.merged_under, start=1):
            # 723.2 a merged permanent's other components (their abilities count, 702.140e)
            component_term = Function("component", [o, Number(j)])
            w.card(component_term, component, String(component.name) if component.library
                   else Function("inline", [String(f"{obj.id}/{j}")]))
            w.add("merged_component", o, component_term)
        w.add("owner", o, obj.owner)
        if obj.ability_source and not obj.copied_by:
            # 113.7 an ability on the stack: its source, which ability it is, who controls it (113.8)
            w.add("stack_ability", o)
            w.add("ability_source", o, obj.ability_source)
            w.add("ability_on_stack", o, ability_term_at(card_key_of(case.object(obj.ability_source)),
                                                         (obj.ability_index,)))
            if obj.controller_given:
                w.add("ability_controller", o, obj.controller)
        elif obj.zone in ("battlefield", "stack", "command"):
            if not obj.copied_by:          # a copy's controller is set in asp/707_copy.lp (707.10)
                w.add("initial_controller", o, obj.controller)
            w.add("timestamp", o, obj.timestamp)
        elif obj.timestamp:             # a card in another zone whose case gives its timestamp (613.7d)
            w.add("timestamp", o, obj.timestamp)
        w.spell(o, obj)
        if obj.zone == "stack":
            w.targets(o, obj)
            if obj.half:
                w.add("cast_half", o, obj.half)
        if obj.attached_to:
            w.add("attached_to", o, obj.attached_to)
        for what, number in obj.game_state:            # what it did (asp/604_2_conditions.lp)
            w.add("object_game_state", o, Function(what), number)
        if obj.attacks:                                 # 506.4c what it attacks (asp/613_effects.lp)
            w.add("attacks_player" if obj.attacks in case.players else "attacks_object", o, obj.attacks)
        if obj.class_level is not None:                 # 716.2b (asp/716_class_cards.lp)
            w.add("class_level", o, obj.class_level)
        if obj.paired_with:                             # 702.95b: each is paired with the other
            w.add("paired", o, obj.paired_with)
            w.add("paired", obj.paired_with, o)
        for key, value in obj.choices:
            w.add("choice", o, key, value)
        # 607.2 the choices were made for the card it entered as (itself, or what it copied)
        if obj.chosen_as:
            made_for = String(obj.chosen_as)
        elif obj.copy_of:
            made_for = card_key_of(case.object(obj.copy_of))
        else:
            made_for = card_key_of(obj)
        if obj.choices:
            w.add("choice_for", o, made_for)
        if obj.zone == "battlefield":
            w.add("entered_as", o, made_for)   # 614.12 the card whose choices it made as it entered
        if obj.damage:
            w.add("damage_marked", o, obj.damage)
        if obj.deathtouch_damage:
            w.add("deathtouch_damage", o)
        for kind, number in obj.counters:
            w.add("counter", o, kind, number)
            w.pt_counter_kind(kind)
            w.keyword_counter_ability(kind)
    for question in case.questions:
        w.question(question)
    # What state-based actions read (asp/704_state_based_actions.lp).
    for kept in case.sba.keep:
        w.add("legend_kept", kept)
    for player, life in case.sba.life:
        w.add("player_life", player, life)
    for player, poison in case.sba.poison:
        w.add("player_poison", player, poison)
    for player, what, number in case.game_state:      # what a condition may read (asp/604_2_conditions.lp)
        w.add("player_game_state", player, Function(what), number)
    for effect in case.effects:
        e = Function("res", [Number(effect.index)])
        w.add("resolved_effect", e)
        w.add("effect_label", e, effect.label)
        w.add("effect_controller", e, effect.controller)
        w.add("effect_timestamp", e, effect.timestamp)
        if effect.source:
            w.add("effect_source", e, effect.source)
        for target in effect.affects:
            w.add("effect_affects", e, target)
        for key, held in effect.conditions:
            w.add("effect_condition", e, key, Function(str(held).lower()))
        this = None
        for op in effect.operations:
            if op.this_path and effect.source:
                this = ability_term_at(card_key_of(case.object(effect.source)), op.this_path)
        w.operations(e, effect.operations, this)
    w.text_words()
    return list(dict.fromkeys(w.facts))


def card_key_of(obj) -> Symbol:
    """How an object's card names its abilities: the library name, or inline(<object id>)."""
    return String(obj.card.name) if obj.card.library else Function("inline", [String(obj.id)])


def ability_term_at(card_key: Symbol, path: tuple[int, ...]) -> Symbol:
    """The term of printed ability i, or of the j-th ability gained by its copy exceptions."""
    term = Function("ab", [card_key, Number(path[0])])
    for j in path[1:]:
        term = Function("copy_grant", [term, Number(j)])
    return term
