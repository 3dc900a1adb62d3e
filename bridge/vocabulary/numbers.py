"""Numbers in operations: constants, mana value, counts, sums, counters, devotion (`Expr`), and P/T pairs."""
from __future__ import annotations

import re

from bridge.model.errors import close_matches
from bridge.model.game_state import GAME_STATE, OBJECT_GAME_STATE
from bridge.model.vocabulary import COLOR_WORDS, Expr, canonical_word
from bridge.vocabulary.keys import COUNT_CARDS_KEYS, COUNTER_HOLDERS, EXPRESSION_KEYS, ZONES


# Whose cards a count_cards counts: the effect's controller's, every opponent's together, the one opponent with
# the most ("an opponent has eight or more cards in their graveyard"), every player's, or those of the controller of
# the object the effect changes (Death's Approach: "in its controller's graveyard"; power and toughness only), or
# those of the player its source chose as it entered (Sewer Nemesis: "the chosen player's graveyard", 607.2).
# "a_player": the one player with the most, any player (Swimmer in Nightmares: "ten or more cards in a single graveyard").
# "your_top_card": the top card of the effect's controller's library only (401.1, zone library: Mul Daya Channelers'
# "as long as the top card of your library is a creature card" counts 1 or 0).
COUNT_CARDS_OWNERS = ("you", "opponent", "an_opponent", "a_player", "any", "affected_controller", "chosen_player",
                      "your_top_card")


class NumberReading:
    """Part of Reader (bridge/vocabulary/reader.py): numbers."""

    # --- numbers ---
    def expr(self, value, where: str) -> Expr:
        if isinstance(value, bool):
            raise self.fail(where, "expected a number or a number expression")
        if isinstance(value, int):
            return Expr("num", number=value)
        if isinstance(value, str):
            text = value.strip()
            if re.fullmatch(r"[+-]?\d+", text):
                return Expr("num", number=int(text))
            if text == "mana_value":
                return Expr("mana_value")
            if text == "number_of_colors":     # "for each of its colors": the affected object's colors (105.2)
                return Expr("number_of_colors")
            if text == "number_of_creature_types":     # "for each of its creature types" (205.3m)
                return Expr("number_of_creature_types")
            if text == "bushido_points":    # "for each point of bushido it has" (702.45a: each bushido N, summed)
                return Expr("bushido_points")
            raise self.fail(where, f"unknown number {value!r}; expected an integer, mana_value, number_of_colors, "
                            "number_of_creature_types, bushido_points, or one of "
                            + ", ".join(EXPRESSION_KEYS))
        data = self.mapping(value, where, EXPRESSION_KEYS)
        if len(data) != 1:
            raise self.fail(where, "a number expression has exactly one key")
        (key, arg), = data.items()
        if key == "count":
            return Expr("count", selector=self.selector(arg, f"{where}.count", place="count"))
        if key == "count_sharing_creature_type":     # Coat of Arms: other permanents sharing a creature type with it
            return Expr("count_sharing", selector=self.selector(arg, f"{where}.count_sharing_creature_type"))
        if key == "basic_land_types":        # domain: the basic land types among the lands SELECTOR names (305.6)
            return Expr("basic_land_types", selector=self.selector(arg, f"{where}.basic_land_types"))
        if key == "player_counters":         # 122.1 counters on players: {kind: experience, whose: you | opponent}
            spec = self.mapping(arg, f"{where}.player_counters", ("kind", "whose"))
            kind = self.string(spec.get("kind"), f"{where}.player_counters.kind")
            whose = spec.get("whose", "you")
            if whose not in ("you", "opponent"):
                raise self.fail(f"{where}.player_counters.whose", f"expected you or opponent, got {whose!r}")
            return Expr("player_counters", counter=kind, owner=whose)
        if key == "counters_among":          # 122.1 Fungal Behemoth: "+1/+1 counters on creatures you control"
            spec = self.mapping(arg, f"{where}.counters_among", ("kind", "of"))
            if set(spec) != {"kind", "of"}:
                raise self.fail(f"{where}.counters_among", "give kind and of, e.g. {kind: +1/+1, of: {all: [creature]}}")
            kind = self.string(spec["kind"], f"{where}.counters_among.kind")
            self.words.counter(kind, f"{where}.counters_among.kind")
            return Expr("counters_among", counter=kind,
                        selector=self.selector(spec["of"], f"{where}.counters_among.of"))
        if key == "all_counters":            # 122.1 the counters of every kind on the ability's source, or on
            if arg not in ("source", "affected"):   # the object the effect changes (Luxior: "counter on it")
                raise self.fail(f"{where}.all_counters", f"expected source or affected, got {arg!r}")
            return Expr("all_counters", owner=arg)
        if key == "class_level":             # 716.2a the level of the ability's own Class ("level N or greater")
            if arg != "source":
                raise self.fail(f"{where}.class_level", f"expected source (the Class whose ability it is), got {arg!r}")
            return Expr("class_level")
        if key == "commander_casts":         # 903.8 the times you've cast your commander from the command zone
            if arg != "you":
                raise self.fail(f"{where}.commander_casts", f"expected you, got {arg!r}")
            return Expr("commander_casts")
        if key == "greatest_mana_value":     # the greatest mana value among the permanents SELECTOR names (202.3)
            return Expr("greatest_mana_value", selector=self.selector(arg, f"{where}.greatest_mana_value"))
        if key == "names_among":             # "differently named": the names among the permanents SELECTOR names (201.2)
            return Expr("names_among", selector=self.selector(arg, f"{where}.names_among", place="count"))
        if key == "greatest_card_mana_value":    # 202.3 the greatest mana value among cards in a zone (0 if none)
            spec = self.mapping(arg, f"{where}.greatest_card_mana_value", ("zone", "owner") + COUNT_CARDS_KEYS)
            zone, owner = spec.get("zone", "graveyard"), spec.get("owner", "any")
            if zone not in ZONES:
                raise self.fail(f"{where}.greatest_card_mana_value.zone", f"unknown zone {zone!r}"
                                + close_matches(str(zone), ZONES) + f"; expected one of {', '.join(ZONES)}")
            if owner not in ("you", "any"):
                raise self.fail(f"{where}.greatest_card_mana_value.owner", f"expected you or any, got {owner!r}")
            sel = self.selector({k: v for k, v in spec.items() if k in COUNT_CARDS_KEYS},
                                f"{where}.greatest_card_mana_value", place="count_cards")
            return Expr("greatest_card_mana_value", selector=sel, owner=owner, zone=zone)
        if key == "colors_among":            # the colors among the permanents SELECTOR names, each once (105.2)
            return Expr("colors_among", selector=self.selector(arg, f"{where}.colors_among"))
        if key == "count_cards":
            spec = self.mapping(arg, f"{where}.count_cards", ("zone", "owner") + COUNT_CARDS_KEYS)
            zone = spec.get("zone", "graveyard")
            if zone not in ZONES:
                raise self.fail(f"{where}.count_cards.zone", f"unknown zone {zone!r}" + close_matches(str(zone), ZONES)
                                + f"; expected one of {', '.join(ZONES)}")
            owner = spec.get("owner", "any")
            if owner not in COUNT_CARDS_OWNERS:
                raise self.fail(f"{where}.count_cards.owner", f"expected {', '.join(COUNT_CARDS_OWNERS)}, got {owner!r}")
            if owner == "your_top_card" and zone != "library":
                raise self.fail(f"{where}.count_cards.zone", "owner your_top_card is the top card of a library: zone "
                                                             "library (401.1)")
            sel = self.selector({k: v for k, v in spec.items() if k in COUNT_CARDS_KEYS}, f"{where}.count_cards",
                                place="count_cards")
            return Expr("count_cards", selector=sel, owner=owner, zone=zone)
        if key == "card_types_in_graveyards":     # all (Tarmogoyf) or you: your graveyard (delirium, 207.2c)
            whose = self.string(arg, f"{where}.card_types_in_graveyards")      # or opponent (Nighthawk Scavenger)
            if whose not in ("all", "you", "opponent"):
                raise self.fail(f"{where}.card_types_in_graveyards", f"expected all, you or opponent, got {whose!r}")
            return Expr("card_types_in_graveyards", owner="any" if whose == "all" else whose)
        if key == "mana_values_in_graveyard":   # 202.3 the different mana values among cards in your graveyard
            if arg != "you":                        # (Syndicate Infiltrator: "five or more mana values among ...")
                raise self.fail(f"{where}.mana_values_in_graveyard", f"expected you, got {arg!r}")
            return Expr("mana_values_in_graveyard", owner="you")
        if key == "calculated":             # "+X/+X where X is its power", X fixed on resolution (611.2d)
            if arg == "X":                  # the card's X, which the effect gives (`x: N`, bridge/reading/effects.py)
                return Expr("x")
            return Expr("calculated", number=self.integer(arg, f"{where}.calculated"))
        if key == "minus":                  # "-X", "-1/-1 for each ...": the number negated (107.1b: asp/107_numbers.lp)
            inner = self.expr(arg, f"{where}.minus")
            if inner.kind == "num":
                raise self.fail(f"{where}.minus", "a number written on the card keeps its sign: write it as such "
                                f"({-inner.number}), not under minus")
            return Expr("minus", parts=(inner,))
        if key == "game_state":             # the case's `game_state:` (Duelist of the Mind's "cards you've drawn this
            known = {**GAME_STATE, **OBJECT_GAME_STATE}     # turn"; its own object's: Nameless Race's life paid)
            what = self.string(arg, f"{where}.game_state")
            if what not in known:
                raise self.fail(f"{where}.game_state", f"unknown game state {what!r}" + close_matches(what, known)
                                + "; known: " + ", ".join(known))
            return Expr("object_state" if what in OBJECT_GAME_STATE else "game_state", fact=what)
        if key == "emblems":                # 114.2 the emblems "you" have (Baneslayer Aspirant; the case's emblems:)
            if arg != "you":
                raise self.fail(f"{where}.emblems", f"expected you (the emblems of the ability's controller), got {arg!r}")
            return Expr("emblems", owner="you")
        if key == "life":                   # "your life total" (119; the case's life:)
            if arg == "you":
                return Expr("life_total")
            if arg == "most_among_opponents":       # Roiling Horror: "the life total of an opponent with the most life"
                return Expr("opponents_life", owner="most")
            if arg == "most_among_players":         # Scourge of the Skyclaves: "the highest life total among players"
                return Expr("players_life", owner="most")
            raise self.fail(f"{where}.life", "expected you (the life total of the ability's controller), "
                            f"most_among_opponents or most_among_players, got {arg!r}")
        if key == "opponents":              # 102.2, 102.3 Blazing Sunsteel: "for each opponent you have"
            if arg != "you":
                raise self.fail(f"{where}.opponents", f"expected you (the opponents of the ability's controller), got {arg!r}")
            return Expr("opponent_count")
        if key == "at_most":                # Diligent Zookeeper: "..., to a maximum of 10": {at_most: [NUMBER, 10]}
            if not isinstance(arg, list) or len(arg) != 2 or not isinstance(arg[1], int) or isinstance(arg[1], bool):
                raise self.fail(f"{where}.at_most", "expected [a number, the greatest it may be], e.g. [..., 10]")
            return Expr("at_most", parts=(self.expr(arg[0], f"{where}.at_most[0]"),), number=arg[1])
        if key == "greatest_of":            # the greater of two numbers (Dragon Man: among permanents and among cards)
            if not isinstance(arg, list) or len(arg) != 2:
                raise self.fail(f"{where}.greatest_of", "expected a list of two numbers")
            return Expr("greatest_of", parts=(self.expr(arg[0], f"{where}.greatest_of[0]"),
                                              self.expr(arg[1], f"{where}.greatest_of[1]")))
        if key == "half":                   # 107.1a "half ..., rounded up" (Malignus; Aspect of Wolf: down and up)
            spec = self.mapping(arg, f"{where}.half", ("of", "rounded"))
            if set(spec) != {"of", "rounded"} or spec["rounded"] not in ("up", "down"):
                raise self.fail(f"{where}.half", "give of and rounded (up or down), e.g. {of: {life: you}, rounded: up}")
            return Expr("half", parts=(self.expr(spec["of"], f"{where}.half.of"),), owner=spec["rounded"])
        if key in ("devotion", "mana_symbols_in_its_cost"):     # chroma: "each white mana symbol in its mana cost"
            colors = self.string_list(arg, f"{where}.{key}")
            for i, color in enumerate(colors):
                if color.lower() not in COLOR_WORDS:
                    raise self.fail(f"{where}.{key}[{i}]", f"unknown color {color!r}" + close_matches(color.lower(), COLOR_WORDS)
                                    + f"; expected {', '.join(COLOR_WORDS)}")
            if not colors:
                raise self.fail(f"{where}.{key}", f"name a color, e.g. {key}: [red]")
            return Expr("devotion" if key == "devotion" else "own_mana_symbols",
                        colors=tuple(canonical_word(c.lower()) for c in colors))
        if key == "counters":
            on = "affected"
            if isinstance(arg, dict):       # {counters: {kind: charge, object: source | attached}} (122.1)
                spec = self.mapping(arg, f"{where}.counters", ("kind", "object"))
                on = self.string(spec.get("object", "affected"), f"{where}.counters.object")
                if on not in COUNTER_HOLDERS:
                    raise self.fail(f"{where}.counters.object", f"unknown object {on!r}" + close_matches(on, COUNTER_HOLDERS)
                                    + f"; expected one of {', '.join(COUNTER_HOLDERS)}")
                arg = spec.get("kind")
                where = f"{where}.counters.kind"
            else:
                where = f"{where}.counters"
            kind = self.string(arg, where)
            self.words.counter(kind, where)
            return Expr("counters", counter=kind, owner=on)
        if not isinstance(arg, list) or len(arg) != 2:
            raise self.fail(f"{where}.sum", "expected a list of two numbers")
        return Expr("sum", parts=(self.expr(arg[0], f"{where}.sum[0]"), self.expr(arg[1], f"{where}.sum[1]")))

    def pt_pair(self, value, where: str, signed: bool) -> tuple[Expr, Expr]:
        if isinstance(value, dict):
            data = self.mapping(value, where, ("power", "toughness"))
            if set(data) != {"power", "toughness"}:
                raise self.fail(where, "give both power and toughness")
            return self.expr(data["power"], f"{where}.power"), self.expr(data["toughness"], f"{where}.toughness")
        text = self.string(value, where).strip()
        pattern = r"([+-]?\d+)/([+-]?\d+)"
        match = re.fullmatch(pattern, text)
        if not match:
            example = "+1/+1" if signed else "1/1"
            raise self.fail(where, f"expected power/toughness like {example}, got {text!r}")
        return Expr("num", number=int(match.group(1))), Expr("num", number=int(match.group(2)))
