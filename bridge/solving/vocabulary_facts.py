"""The card vocabulary as clingo facts: selectors, numbers, operations, copy exceptions, abilities and
their conditions (bridge/model/vocabulary.py), each term built with clingo's API, never as ASP text."""
from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol

from bridge.cards.oracle.enchant import enchant_restriction
from bridge.cards.oracle.words import COLORS, card_type, singular_subtype
from bridge.model.vocabulary import Ability, Expr, Operation, Selector
from bridge.vocabulary.words import rules_words

PT_COUNTER = re.compile(r"([+-]\d+)/([+-]\d+)")


def fn(name: str, *args) -> Symbol:
    return Function(name, [to_symbol(a) for a in args])


def to_symbol(value) -> Symbol:
    if isinstance(value, Symbol):
        return value
    if isinstance(value, bool):
        raise TypeError("booleans are not symbols")
    if isinstance(value, int):
        return Number(value)
    if isinstance(value, str):
        return String(value)
    if isinstance(value, tuple):
        return Function("", [to_symbol(v) for v in value])
    raise TypeError(f"cannot make a symbol of {value!r}")


# 702.16a-j the qualities protection is read from: a color (105.1), "colorless"/"monocolored"/"multicolored"
# (105.2), a card type, supertype or subtype (702.16a: in the plural, "artifacts", "Humans"), "everything"
# (702.16j); 702.16g "from A and from B" is two protections; 702.16h "from each color" is five.
COLOR_KINDS = ("colorless", "monocolored", "multicolored")


def protection_qualities(keyword: str) -> list[Symbol] | None:
    """The qualities of a protection keyword, as terms for asp/702_keyword_abilities.lp: color("Red"),
    word("Artifact") (a card type, supertype or subtype), kind("multicolored"), everything; [] for no
    protection keyword; None for one the vocabulary cannot read (a player, "each of your opponents",
    "non-Human creatures", "instants and sorceries"), which the facts mark as not understood."""
    if not keyword.lower().startswith("protection from "):
        return []
    qualities = []
    for part in re.split(r",? and from |, from ", keyword[len("protection from "):]):
        if part.strip().lower() == "each color":       # 702.16h one protection from each of the five (105.1)
            qualities.extend(Function("color", [String(c.capitalize())]) for c in COLORS)
            continue
        quality = protection_quality(part.strip())
        if quality is None:
            return None
        qualities.append(quality)
    return qualities


def protection_quality(words: str) -> Symbol | None:
    lower = words.lower()
    if lower in COLORS:
        return Function("color", [String(lower.capitalize())])
    if lower == "everything":
        return Function("everything")
    if lower in COLOR_KINDS:
        return Function("kind", [String(lower)])
    if " " in words:
        return None
    word = card_type(words) or singular_subtype(words[:1].upper() + words[1:])
    return Function("word", [String(word)]) if word else None


class VocabularyFacts:
    """Part of FactWriter (bridge/solving/facts.py): the facts of the card vocabulary."""

    # --- vocabulary ---
    def protection(self, term: Symbol, keyword: str) -> None:
        """702.16a each quality of a protection keyword (asp/702_keyword_abilities.lp); one not read is said:
        protection_unread, so what it may change (704.5m-n, 115) is flagged, never silently allowed."""
        qualities = protection_qualities(keyword)
        if qualities is None:
            self.add("protection_unread", term)
            return
        for quality in qualities:
            if quality.name == "color":
                self.add("protection_from", term, quality.arguments[0])
            else:
                self.add("protection_from_quality", term, quality)

    def selector(self, term: Symbol, sel: Selector, scope: str | None = None) -> None:
        if sel.self_only:
            self.add("selector_self", term)
        if sel.attached:
            self.add("selector_attached", term)
        if sel.paired:
            self.add("selector_paired", term)
        for word in sel.words:
            if word != "Permanent":
                self.add("selector_word", term, word)
        for word in sel.not_words:
            self.add("selector_not_word", term, word)
        if sel.controller:
            self.add("selector_controller", term, Function(sel.controller))
        if sel.other:
            self.add("selector_other", term)
        if sel.on_source:
            self.add("selector_on_source", term)
        if sel.on_affected:
            self.add("selector_on_affected", term)
        if sel.on_host:
            self.add("selector_on_host", term)
        if sel.other_than_affected:
            self.add("selector_other_than_affected", term)
        for zone in sel.zones:
            self.add("selector_zone", term, Function(zone))
        if sel.owner:
            self.add("selector_owner", term, Function(sel.owner))
        if sel.cast_by:
            self.add("selector_cast_by", term, Function(sel.cast_by))
        if scope:
            self.add("selector_scope", term, Function(scope))
        for key in sel.chosen:
            self.add("selector_chosen", term, key)
        for name in sel.has:
            self.add("selector_has", term, name)
        for name in sel.lacks:
            self.add("selector_lacks", term, name)
        if sel.no_abilities:
            self.add("selector_no_abilities", term)
        if sel.named is not None:
            self.add("selector_named", term, sel.named)
        for status in sel.statuses:
            self.add("selector_status", term, Function(status))
        for status in sel.not_statuses:
            self.add("selector_not_status", term, Function(status))
        if sel.counters is not None:                  # 122 "with a KIND counter on it"
            kind, least = sel.counters
            self.add("selector_counters", term, String(kind) if kind else Function("any"), least)
        for attribute, op, number in sel.compares:
            self.add("selector_compare", term, Function(attribute), Function(op), number)
        if sel.attacking:                             # 506.4c (asp/613_effects.lp)
            self.add("selector_attacking", term, Function(sel.attacking))
        for i, branch in enumerate(sel.branches, start=1):
            branch_term = Function("branch", [term, Number(i)])
            self.add("selector_branch", term, branch_term)
            self.selector(branch_term, branch, scope)

    def expr(self, term_base: Symbol, expr: Expr) -> Symbol:
        if expr.kind == "num":
            return fn("num", expr.number)
        if expr.kind == "mana_value":
            return Function("mana_value")
        if expr.kind == "calculated":
            return fn("calculated", expr.number)
        if expr.kind == "card_types_in_graveyards":
            return Function({"you": "card_types_in_your_graveyard", "opponent": "card_types_in_opponents_graveyards"}
                            .get(expr.owner, "card_types_in_graveyards"))
        if expr.kind == "mana_values_in_graveyard":
            return Function("mana_values_in_your_graveyard")
        if expr.kind == "your_turn":
            return Function("your_turn")
        if expr.kind == "opponent_count":
            return Function("opponent_count")
        if expr.kind == "life_total":
            return Function("life_total")
        if expr.kind == "poison":
            return Function("poison_total")
        if expr.kind == "emblems":
            return Function("emblems_of_you")
        if expr.kind in ("opponents_life", "opponents_poison", "players_life"):
            return Function(expr.kind, [Function(expr.owner)])
        if expr.kind in ("game_state", "object_state"):
            return Function(expr.kind, [Function(expr.fact)])
        if expr.kind == "counters":
            if expr.owner in ("source", "attached"):
                return Function("counters_on", [String(expr.counter), Function(expr.owner)])
            return Function("counters", [String(expr.counter)])
        if expr.kind in ("devotion", "own_mana_symbols"):
            for color in expr.colors:
                self.add("devotion_color", term_base, color)
            return Function(expr.kind, [term_base])
        if expr.kind == "counters_among":
            self.selector(term_base, expr.selector)
            return Function("counters_among", [String(expr.counter), term_base])
        if expr.kind == "all_counters":
            return Function("all_counters_on", [Function(expr.owner)])
        if expr.kind == "class_level":             # 716.2a (asp/716_class_cards.lp)
            return Function("class_level_of_source")
        if expr.kind == "commander_casts":
            return Function("commander_casts_of_you")
        if expr.kind == "player_counters":
            return Function("player_counters", [String(expr.counter), Function(expr.owner)])
        if expr.kind in ("number_of_colors", "number_of_creature_types", "bushido_points"):
            return Function(expr.kind)
        if expr.kind == "at_most":
            return Function("at_most", [self.expr(Function("part", [term_base, Number(1)]), expr.parts[0]),
                                        Number(expr.number)])
        if expr.kind in ("count", "count_sharing", "basic_land_types", "colors_among", "greatest_mana_value",
                         "names_among"):
            self.selector(term_base, expr.selector)
            return Function(expr.kind, [term_base])
        if expr.kind in ("count_cards", "greatest_card_mana_value"):
            self.selector(term_base, expr.selector, scope=expr.zone)
            return Function(expr.kind, [Function(expr.owner), term_base])
        if expr.kind == "minus":
            return Function("minus", [self.expr(Function("part", [term_base, Number(1)]), expr.parts[0])])
        if expr.kind == "half":
            return Function("half", [self.expr(Function("part", [term_base, Number(1)]), expr.parts[0]),
                                     Function(expr.owner)])
        left = self.expr(Function("part", [term_base, Number(1)]), expr.parts[0])
        right = self.expr(Function("part", [term_base, Number(2)]), expr.parts[1])
        return Function("greatest_of" if expr.kind == "greatest_of" else "sum", [left, right])

    def operations(self, definition: Symbol, operations: tuple[Operation, ...], this: Symbol | None = None) -> None:
        """Operations of a definition; `this` is the ability a copy's "it has this ability" names."""
        for i, op in enumerate(operations, start=1):
            self.add("definition_op", definition, i, Function(op.kind))
            if op.condition:                # 608.2c followed only if the condition held (or did not)
                self.add("definition_op_if", definition, i, op.condition[0], Function(str(op.condition[1]).lower()))
            if op.kind == "change_text":
                self.add("definition_op_text_change", definition, i, op.values[0], op.values[1])
                self.text_change_words.add(op.values[0])
                continue
            if op.kind == "set_name":       # a proper noun, not a word a text change rewrites (612.2)
                self.add("definition_op_name", definition, i, op.values[0])
                continue
            if op.kind == "copy_of":
                if op.chosen:           # "a copy of the chosen creature" (607.2: linked to the choice)
                    self.add("definition_op_chosen", definition, i, op.chosen)
                else:
                    self.add("definition_op_value", definition, i, op.copy_source)
                self.copy_exceptions(definition, i, op.exceptions, this or definition)
                continue
            for value in op.values:
                self.add("definition_op_value", definition, i, value)
            for j, ability in enumerate(op.abilities, start=1):
                ability_term = Function("granted", [definition, Number(i), Number(j)])
                ability_term = self.ability(ability_term, ability)
                self.add("definition_op_ability", definition, i, ability_term)
            if op.power is not None:
                power = self.expr(Function("expr", [definition, Number(i), Function("power")]), op.power)
                toughness = self.expr(Function("expr", [definition, Number(i), Function("toughness")]), op.toughness)
                self.add("definition_op_pt", definition, i, power, toughness)
            if op.chosen:
                self.add("definition_op_chosen", definition, i, op.chosen)
            if op.selector is not None:
                selector_term = Function("op_selector", [definition, Number(i)])
                self.selector(selector_term, op.selector)
                self.add("definition_op_selector", definition, i, selector_term)
            if op.player:
                self.add("definition_op_player", definition, i, Function(op.player))
            if op.to_player:
                self.add("definition_op_player", definition, i, Function("named", [String(op.to_player)]))

    def copy_exceptions(self, definition: Symbol, i: int, exceptions, owner: Symbol) -> None:
        """707.9: what the copy keeps, the values it is given, and what it gains."""
        if exceptions.enters_tapped:
            self.add("definition_op_enters_tapped", definition, i)
        for attribute in exceptions.keep:
            self.add("definition_op_keep", definition, i, Function(attribute))
        if exceptions.pt is not None:
            self.add("definition_op_except_pt", definition, i, exceptions.pt[0], exceptions.pt[1])
        if exceptions.colors is not None:
            self.add("definition_op_except_colors", definition, i)
            for color in exceptions.colors:
                self.add("definition_op_except_value", definition, i, Function("color"), color)
        for attribute, words in (("type", exceptions.add_types), ("subtype", exceptions.add_subtypes),
                                 ("supertype", exceptions.add_supertypes)):
            for word in words:
                self.add("definition_op_except_value", definition, i, Function(attribute), word)
        for word in exceptions.remove_supertypes:
            self.add("definition_op_except_removed", definition, i, Function("supertype"), word)
        for j, (counters, condition) in enumerate(exceptions.enters_with, start=1):
            for kind, number in counters:
                self.add("definition_op_except_counters", definition, i, j, kind, number)
                self.pt_counter_kind(kind)
            if condition is not None:
                condition_term = Function("copy_condition", [definition, Number(i), Number(j)])
                self.selector(condition_term, condition)
                self.add("definition_op_except_if", definition, i, j, condition_term)
        for term in self.exception_abilities(owner, exceptions):
            self.add("definition_op_ability", definition, i, term)
        if exceptions.gains_its_other_abilities:           # 707.9b (asp/707_copy.lp)
            self.add("definition_op_gains_other_abilities", definition, i, owner)
        for j, (condition, abilities) in enumerate(exceptions.conditional, start=1):
            condition_term = Function("copy_if", [definition, Number(i), Number(j)])
            self.selector(condition_term, condition)
            for n, ability in enumerate(abilities, start=1):
                term = self.ability(Function("copy_if_grant", [owner, Number(j), Number(n)]), ability)
                self.add("definition_op_conditional_ability", definition, i, condition_term, term)

    def pt_counter_kind(self, kind: str) -> None:
        """A counter kind of the form +N/+N or -N/-N modifies power and toughness (122.1a)."""
        match = PT_COUNTER.fullmatch(kind.strip())
        if match:
            self.add("counter_modifies_pt", kind, int(match.group(1)), int(match.group(2)))

    def keyword_counter_ability(self, kind: str) -> None:
        """The facts of the keyword a counter of this kind names, kw(Kind), as of a printed keyword (which kinds
        give their keyword, 122.1b: asp/122_1b_keyword_counters.lp)."""
        if rules_words().keyword_known(kind):
            self.ability(fn("kw", kind), Ability(text=kind, keyword=kind))

    def exception_abilities(self, owner: Symbol, exceptions) -> list[Symbol]:
        terms = [self.ability(Function("copy_grant", [owner, Number(j)]), ability)
                 for j, ability in enumerate(exceptions.abilities, start=1)]
        if exceptions.gains_this:
            terms.append(owner)
        return terms

    def ability(self, term: Symbol, ability: Ability) -> Symbol:
        """Facts of one ability; returns its term (keywords are named by the keyword itself)."""
        if ability.keyword:
            term = fn("kw", ability.keyword)
        if term in self._defined:
            return term
        self._defined.add(term)
        self.add("ability_text", term, ability.text)
        if ability.is_activated:
            self.add("activated_ability", term)
        if ability.is_triggered:
            self.add("triggered_ability", term)          # 603.1 (704.5s, 704.5v read it)
        if ability.keyword or not (ability.is_static or ability.trigger or ability.players or ability.activated
                                   or ability.copies_spell or ability.enters_as_copy or ability.becomes_copy
                                   or ability.creates_token_copy or ability.rule_off or ability.others_enter_with
                                   or ability.others_enter_as_copy
                                   or ability.doubles_counters or ability.turned_face_up_with):
            self.unmodelled_texts[term] = ability.text
        if ability.text_only and "legend rule" in ability.text.lower():   # it may switch 704.5j off (613.11): said
            self.add("legend_rule_text_unread", term)
        if ability.keyword:
            self.add("keyword", term)
            words = ability.keyword.split()
            self.add("keyword_name", term, words[0])
            title = rules_words().keyword_title(ability.keyword)
            if title:                           # the 702 keyword it is a form of ("basic landcycling" -> cycling)
                self.add("keyword_title", term, title)
            if len(words) == 2 and words[1].isdigit():
                self.add("keyword_number", term, int(words[1]))
            if not ability.protects_from_chosen:
                self.protection(term, ability.keyword)
            if words[0] == "enchant":          # 702.5a what an Aura can enchant (read by 704.5m)
                if words[1:] in (["player"], ["opponent"]):
                    self.add("enchant_player", term)
                    if words[1] == "opponent":
                        self.add("enchant_opponent", term)
                elif len(words) == 2:
                    self.add("enchant_word", term, words[1][:1].upper() + words[1][1:])
                elif (allowed := enchant_restriction(" ".join(words[1:]))) is not None:
                    self.add("enchant_selector", term, Function("enchant", [term]))      # "enchant creature you control"
                    self.selector(Function("enchant", [term]), allowed)
                else:
                    self.add("enchant_unread", term)
        if ability.trigger is not None:
            selector_term = Function("trig", [term])
            for when in (ability.trigger.when,) + ability.trigger.also_when:
                self.add("trigger_when", term, Function(when))
            if ability.trigger.once:
                self.add("trigger_once", term)
            self.add("trigger_selector", term, selector_term)
            if ability.trigger.to:
                self.add("trigger_to", term, Function(ability.trigger.to))
            self.selector(selector_term, ability.trigger.what)
        if ability.players is not None:
            self.add("player_effect_ability", term, Function(ability.players.who))
            for gained in ability.players.gains:
                self.add("player_gain", term, gained)
                for quality in protection_qualities(gained) or ():
                    if quality.name == "color":     # 702.16b-c a player's protection from a color (613.10)
                        self.add("player_protection_from", gained, quality.arguments[0])
            if ability.players.devotion_bonus:
                self.add("devotion_increase", term, ability.players.devotion_bonus)
            if ability.players.hand_size is not None:
                how, n = ability.players.hand_size
                self.add("hand_size_effect", term, Function(how), n)
        if ability.rule_off is not None:      # 613.11 (asp/613_10_players_and_rules.lp)
            rule, which = ability.rule_off
            self.add("rule_off_effect", term, Function(rule))
            if which is not None:
                self.add("rule_off_selector", term, Function("rule_off", [term]))
                self.selector(Function("rule_off", [term]), which)
        if ability.copies_spell is not None:
            self.add("copies_spells", term)
        if ability.enters_tapped:
            self.add("enters_replacement", term, Function("tapped"))
        if ability.others_enter_with is not None:     # 614.1c (asp/614_replacement_effects.lp)
            which, counters = ability.others_enter_with
            self.add("enters_others_selector", term, Function("enters_others", [term]))
            self.selector(Function("enters_others", [term]), which)
            for kind, number in counters:
                self.add("enters_others_counters", term, kind, number)
        if ability.others_enter_as_copy is not None:  # 614.1c, 707.5 (asp/707_copy.lp)
            which, of = ability.others_enter_as_copy
            self.add("enters_copy_selector", term, Function("enters_copy", [term]))
            self.selector(Function("enters_copy", [term]), which)
            self.add("enters_copy_of", term, Function(of))
        if ability.doubles_counters is not None:
            self.add("doubles_counters_selector", term, Function("doubles_counters", [term]))
            self.selector(Function("doubles_counters", [term]), ability.doubles_counters)
        for kind, number in ability.turned_face_up_with:
            self.add("face_up_replacement", term, fn("counters", kind, number))
        if ability.enters_unless_cast_from_hand:
            self.add("enters_unless_cast_from_hand", term)
        if ability.enters_if_cast_from_hand:
            self.add("enters_if_cast_from_hand", term)
        if ability.enters_if_kicked is not None:       # 702.33d
            self.add("enters_if_kicked", term, ability.enters_if_kicked)
        for kind in ability.enters_counter_choice:     # 614.12 (asp/614_replacement_effects.lp)
            self.add("enters_counter_choice", term, kind)
            self.pt_counter_kind(kind)
        if ability.enters_counter_choice:
            self.add("ability_choice", term, "counter")   # 607.2 (a choice left out marks it: asp/607)
        for gained in ability.enters_with_abilities:   # 614.1c "... and with flying"
            self.add("enters_replacement", term, fn("ability", self.ability(fn("kw", gained.keyword), gained)))
        for kind, number in ability.enters_with_counters:
            self.add("enters_replacement", term, fn("counters", kind, number))
        if ability.chosen:
            self.add("ability_choice", term, ability.chosen)
            if ability.protects_from_chosen:
                self.add("protection_from_chosen", term, ability.chosen)      # 702.16a (asp/702_keyword_abilities.lp)
        if ability.chooses:
            self.add("ability_chooses", term, ability.chooses)      # 614.12 it makes the choice: uses none
        if ability.text_only:
            self.add("text_only_ability", term)
        for characteristic in ability.unread:       # what an unread layer ability may change (issue 32)
            self.add("unread_layer_ability", term, Function(characteristic), Function(ability.unread_of))
        for exceptions in (ability.enters_as_copy, ability.becomes_copy):
            if exceptions is not None:
                self.exception_abilities(term, exceptions)
        for zone in ability.functions_in:            # 113.6b-c (asp/113_abilities.lp)
            self.add("ability_functions_in", term, Function(zone))
        if ability.is_static:
            self.add("static_ability", term)
            if ability.cda:
                self.add("cda_ability", term)
            selector_term = Function("sel", [term])
            self.add("ability_selector", term, selector_term)
            self.selector(selector_term, ability.selector)
            self.operations(term, ability.operations)
            self.conditions(term, ability)
            if ability.spares:                       # 702.16n (asp/704_state_based_actions.lp)
                self.add("ability_spares", term, Function(ability.spares))
        return term

    def conditions(self, term: Symbol, ability: Ability) -> None:
        """A static ability's "as long as ..." (asp/604_2_conditions.lp)."""
        for i, condition in enumerate(ability.conditions, start=1):
            if condition.status is not None:
                self.add("ability_condition_status", term, i, Function(condition.status))
                continue
            number = self.expr(Function("cond", [term, Number(i)]), condition.number)
            self.add("ability_condition", term, i, number)
            for bound, n in (("min", condition.at_least), ("max", condition.at_most)):
                if n is not None:
                    self.add("ability_condition_bound", term, i, Function(bound), n)
