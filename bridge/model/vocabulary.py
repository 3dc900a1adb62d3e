"""The card vocabulary as data: selectors, numbers, conditions, operations and abilities.

Frozen dataclasses that every stage passes on: bridge/vocabulary/reader.py makes them from YAML,
bridge/cards/oracle from Oracle text, bridge/solving/facts.py turns them into clingo symbols. What they
mean for the game is in asp/.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

COLOR_WORDS = ("white", "blue", "black", "red", "green")
# 113.3b "[Cost]: [Effect.]": a colon before any sentence ends or any quotation begins.
ACTIVATED_FORM = re.compile(r'[^."\n]+?:\s')
# 603.1 A triggered ability is written "[When/Whenever/At] [trigger event or condition], [effect]" (207.2c: an
# ability word may come first).
TRIGGERED_FORM = re.compile(r"(?:[^—\n(]{1,40} — )?(?:When|Whenever|At)\b")
LOYALTY_COST = re.compile(r"[+\u2212-]?(\d+|X)")      # 606.4 a loyalty ability's cost



@dataclass(frozen=True)
class Selector:
    """Which permanents a static ability's effect applies to (or which ones a number counts)."""
    self_only: bool = False
    attached: bool = False
    paired: bool = False           # the creature its object is paired with (702.95b soulbond: `paired`)
    words: tuple[str, ...] = ()
    not_words: tuple[str, ...] = ()
    controller: str | None = None  # "you" | "opponent"
    other: bool = False
    branches: tuple["Selector", ...] = ()
    chosen: tuple[str, ...] = ()   # {chosen: KEY} words: the value chosen for the source as it entered
    zones: tuple[str, ...] = ()    # the zones it looks in (400.1); none given: the battlefield (permanents)
    owner: str | None = None       # "you" | "opponent": cards owned by ... (108.3; cards outside the
                                   # battlefield and the stack have no controller, 108.4a)
    cast_by: str | None = None     # "you": spells the effect's controller cast ("spells you cast": 601.2a; no copy, 707.10)
    has: tuple[str, ...] = ()      # abilities it has (keywords by name, other abilities by their text)
    lacks: tuple[str, ...] = ()    # abilities it doesn't have
    no_abilities: bool = False     # "with no abilities" (Muraganda Petroglyphs)
    named: str | None = None       # "named X" (201.2)
    compares: tuple[tuple[str, str, int], ...] = ()   # (power | toughness | mana_value, le | ge | eq | lt | gt, N)
    statuses: tuple[str, ...] = ()     # token | face_down: what each object is (all)
    not_statuses: tuple[str, ...] = ()  # ... and isn't (not; "nontoken")
    on_source: bool = False        # "attached to it": permanents attached to the ability's object
    # In a count only: attached to what the ability's object is attached to (`attached_to: attached`; Brass
    # Knuckles' "as long as two or more Equipment are attached to it", 'it' the equipped creature, 301.5)
    on_host: bool = False
    # In a count only, "it" the object the effect changes (Strong Back's "Enchanted creature gets +2/+2 for each
    # Aura and Equipment attached to it", Bravado's "... for each other creature you control"):
    on_affected: bool = False      # attached to the affected object (`attached_to: affected`)
    other_than_affected: bool = False   # not the affected object (`other: affected`)
    counters: tuple[str, int] | None = None   # "with N or more KIND counters on it" (122): (KIND or "", N)
    attacking: str | None = None   # "creatures attacking you" (506.4c): the player they attack, you | opponent | enchanted_player


@dataclass(frozen=True)
class Expr:
    """A number in an operation: a constant, the affected object's mana value, a count, a sum."""
    kind: str  # num | mana_value | count | count_cards | card_types_in_graveyards | sum | counters | devotion
    #            | calculated (a number a resolving effect worked out, 611.2d: `number`, possibly negative)
    #            | x (a card's "X" in a resolved effect, `{calculated: X}`: the effect's `x: N` makes it calculated)
    #            | count_sharing (the permanents `selector` names, other than the affected object, that share a
    #              creature type with it: Coat of Arms)
    #            | basic_land_types (the basic land types among the permanents `selector` names: domain, 305.6)
    #            | colors_among (the colors among the permanents `selector` names, each once: 105.2)
    #            | player_counters (the `counter` counters on the effect's controller, or on its opponents together,
    #              `owner` you | opponent: 122.1, the case's poison: and player_counters:)
    #            | counters_among (the `counter` counters on the permanents `selector` names, all together: 122.1)
    #            | all_counters (the counters of every kind on the effect's source: "for each counter on ~", or on the
    #              object it changes, `affected`: Luxior's "for each counter on it", 122.1)
    #            | mana_values_in_graveyard (the different mana values among cards in the effect's controller's
    #              graveyard, each once: 202.3, Syndicate Infiltrator)
    #            | class_level (the level of the effect's source, a Class: 716.2a-b; 1 when it has none, 716.2d)
    #            | commander_casts (the times the effect's controller cast their commander from the command zone, 903.8)
    #            | greatest_mana_value (the greatest mana value among the permanents `selector` names, 0 if none: 202.3)
    #            | number_of_colors (the number of colors of the affected object: "for each of its colors", 105.2)
    #            | minus (`parts[0]` negated: "+X/-X", "-1/-1 for each ...")
    #            | life_total (the life total of the effect's controller, 119: the case's `life:`)
    #            | emblems (the emblems the effect's controller has, 114.2: the case's `emblems:`)
    #            | your_turn (1 during the turn of the effect's controller, else 0: a condition's "during your turn")
    #            | game_state (the case's `game_state:` value `fact` of the effect's controller: 702.131, "this turn")
    #            | poison (the poison counters of the effect's controller, 122.1f: the case's `poison:`)
    #            | opponents_life / opponents_poison (`owner` least | most: the least or greatest total among the
    #              opponents of the effect's controller: "as long as an opponent has 10 or less life")
    #            | players_life (`owner` most: the greatest life total among all players, the controller's too: 119)
    #            | own_mana_symbols (the mana symbols of the `colors` in the mana cost of the object the effect changes:
    #              chroma, 207.2c; a hybrid symbol counts once)
    #            | number_of_creature_types (the creature types of the object the effect changes, 205.3m)
    #            | bushido_points (the N of each bushido N of the object the effect changes, summed: 702.45a)
    #            | at_most (`parts[0]`, but never more than `number`: "to a maximum of 10")
    #            | greatest_card_mana_value (the greatest mana value among the cards `selector` names in `zone`, those of
    #              the effect's controller or of `owner` any: 202.3, 0 if none)
    #            | greatest_of (the greater of `parts[0]` and `parts[1]`)
    #            | names_among (the different names among the permanents `selector` names, each once: 201.2)
    #            | opponent_count (the number of opponents of the effect's controller: 102.2, 102.3)
    #            | half (`parts[0]` halved, `owner` up | down: how it is rounded, 107.1a)
    #            | object_state (the `game_state:` value `fact` of the effect's own object: "it entered this turn")
    number: int = 0
    counter: str = ""          # counters: the kind of counter (122), counted on the affected object
    selector: Selector | None = None
    owner: str = "any"
    parts: tuple["Expr", ...] = ()
    colors: tuple[str, ...] = ()   # devotion: to these colors (700.5)
    zone: str = "graveyard"        # count_cards: the zone its cards are in (400.1)
    fact: str = ""                 # game_state: which one (bridge/reading/game_state.py)


@dataclass(frozen=True)
class Condition:
    """One "as long as ..." of a static ability (611.3a: checked at every moment): a number and the
    bounds it must be within, or a designation its object must have (701.31b monstrous)."""
    number: Expr | None = None
    at_least: int | None = None
    at_most: int | None = None
    status: str | None = None      # monstrous | tapped | untapped | renowned | solved ... (STATUS_WORDS)


@dataclass(frozen=True)
class CopyExceptions:
    """What a copy effect does not copy or adds (707.9): kept characteristics, specific values,
    types "in addition", abilities gained as part of the copy ('this' = the ability itself)."""
    keep: tuple[str, ...] = ()
    pt: tuple[int, int] | None = None
    colors: tuple[str, ...] | None = None
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    add_supertypes: tuple[str, ...] = ()
    abilities: tuple["Ability", ...] = ()
    gains_this: bool = False
    gains_its_other_abilities: bool = False      # "it has [this card]'s other abilities" (Sakashima of a Thousand Faces)
    remove_supertypes: tuple[str, ...] = ()      # "it isn't legendary" (707.9b)
    # "it enters with an additional +1/+1 counter if it's a creature" (707.9e, 707.9f): each item is
    # (counters, condition on the copy as it would exist, or None)
    enters_with: tuple[tuple[tuple[tuple[str, int], ...], "Selector | None"], ...] = ()
    # "if it's a creature, it ... has changeling" (707.9f): (condition, abilities gained)
    conditional: tuple[tuple["Selector", tuple["Ability", ...]], ...] = ()
    # "enter tapped as a copy" (614.1c, Vesuva): how the copy enters, not a copied value
    enters_tapped: bool = False


@dataclass(frozen=True)
class Operation:
    kind: str
    values: tuple[str, ...] = ()
    abilities: tuple["Ability", ...] = ()
    power: Expr | None = None
    toughness: Expr | None = None
    chosen: str | None = None
    player: str | None = None
    copy_source: str | None = None
    exceptions: CopyExceptions = CopyExceptions()
    this_path: tuple[int, ...] = ()   # for "it has this ability": which ability of the source's card
    selector: Selector | None = None  # add_activated_abilities_of: the objects whose abilities it gains
    to_player: str | None = None      # gain_control: the player named by the case who gains control (613.1b)
    # 608.2c a resolved effect's instruction that depends on how it resolved: (KEY, True) is followed only if
    # the condition KEY held ("If this spell was kicked, ..."), (KEY, False) only if it did not (the text it
    # replaces "instead", or after "unless"); the case's effect gives conditions: {KEY: true|false}
    condition: tuple[str, bool] | None = None


@dataclass(frozen=True)
class PlayerEffect:
    """What a static ability does to players (613.10) and to the game's rules for them (613.11)."""
    who: str                                   # you | opponents | each
    gains: tuple[str, ...] = ()                # shroud, hexproof, protection from red, can't gain life ...
    hand_size: tuple[str, int] | None = None   # ("set", N), ("add", N) or ("none", 0): 402.2
    devotion_bonus: int = 0                    # "Your devotion to each color ... is increased by N" (700.5a)


@dataclass(frozen=True)
class TargetSpec:
    """One instance of the word "target" on a spell (115.1): what it can name."""
    kind: str                      # any | player | permanent | spell
    selector: Selector | None = None
    mode: int | None = None        # the mode it belongs to, for a modal spell (700.2)


@dataclass(frozen=True)
class Trigger:
    """The trigger condition of a triggered ability (603.1): the kind of event and what it is about."""
    when: str                      # one of TRIGGER_EVENTS
    what: Selector
    to: str | None = None          # for "leaves": the zone it goes to (None: any)
    also_when: tuple[str, ...] = ()    # more events of the same condition: "enters or is turned face up"
    once: bool = False             # "one or more ...": once per event, however many objects it holds (603.2c)


# `unread:` on an ability kept as text (bridge/cards/oracle/reach.py): what it may change, and whose.
UNREAD_CHANGES = ("copy", "control", "text", "types", "colors", "abilities", "pt")
UNREAD_REACHES = ("this", "attached", "any")


@dataclass(frozen=True)
class Ability:
    """A keyword, or an ability with its text and, when modelled, its static effect.

    `enters_as_copy` / `becomes_copy`: the exceptions of "enter as a copy" (used by an object's
    copy_of) and of "becomes a copy" (used by an effect's becomes_copy_of). `chosen`: the key of
    a choice made as the object entered that the ability refers to (shown with the object's value)."""
    text: str
    keyword: str | None = None
    selector: Selector | None = None
    operations: tuple[Operation, ...] = ()
    cda: bool = False
    activated: tuple[Operation, ...] = ()
    activated_targets: bool = False                # its `activated` effect is on others (`affects: others`)
    # 611.2c an effect on several groups: (operations, on others) of each part (`activated` is the first's)
    activated_parts: tuple[tuple[tuple[Operation, ...], bool], ...] = ()
    enters_as_copy: CopyExceptions | None = None
    becomes_copy: CopyExceptions | None = None
    creates_token_copy: CopyExceptions | None = None   # "create a token that's a copy of ..., except" (707.2, 111.1)
    chosen: str | None = None
    trigger: Trigger | None = None
    copies_spell: CopyExceptions | None = None     # "copy target spell, except ..." (707.10, 707.9)
    enters_tapped: bool = False                    # "... enters tapped" (614.1c)
    enters_with_counters: tuple[tuple[str, int], ...] = ()   # "... enters with N ... counters" (614.1c)
    players: PlayerEffect | None = None            # "you have shroud", "your maximum hand size ..." (613.10-11)
    targets: tuple["TargetSpec", ...] = ()         # an activated or triggered ability's targets (115.1c-d)
    chooses: str | None = None                     # "As ... enters, choose a ..." (614.12): the object's choices key
    conditions: tuple[Condition, ...] = ()         # a static ability's "as long as ..." (all must hold)
    spares: str | None = None                      # 702.16n its protection "doesn't remove" this Aura / Auras
    # 614.1c-e replacement effects with counters: "Each other creature you control enters with an additional +1/+1
    # counter" (the permanents it names, the counters), "puts twice that many of those counters" (Doubling Season:
    # the permanents it names), "As this is turned face up, put five +1/+1 counters on it" (Hooded Hydra)
    others_enter_with: tuple[Selector, tuple[tuple[str, int], ...]] | None = None
    # 614.1c, 707.5 Essence of the Wild: "Creatures you control enter as a copy of this creature" (the permanents it
    # names, and what they copy: self, or attached: "of enchanted creature", Infinite Reflection)
    others_enter_as_copy: tuple[Selector, str] | None = None
    doubles_counters: Selector | None = None
    turned_face_up_with: tuple[tuple[str, int], ...] = ()
    enters_unless_cast_from_hand: bool = False     # Epochrasite: "... enters with ... if you didn't cast it from your hand"
    enters_if_cast_from_hand: bool = False         # the Myojin: "... enters with ... if you cast it from your hand"
    # "If this creature was kicked [with its {1}{U} kicker], it enters with ... and with flying" (702.33d, 614.1c):
    # "any" or the kicker cost; and the abilities it enters with
    enters_if_kicked: str | None = None
    enters_with_abilities: tuple["Ability", ...] = ()
    enters_counter_choice: tuple[str, ...] = ()    # "enters with your choice of a deathtouch counter or a lifelink counter"
    rule_off: tuple[str, Selector | None] | None = None   # "The legend rule doesn't apply [to ...]" (613.11):
    #                                              (rule, the permanents it doesn't apply to; None: every one)
    unread: tuple[str, ...] = ()                   # kept as text, it may change these (UNREAD_CHANGES) ...
    unread_of: str | None = None                   # ... of this object, the one it is attached to, or any
    functions_in: tuple[str, ...] = ()             # 113.6b-c the zones it functions in (none given: 113.6)

    @property
    def is_activated(self) -> bool:
        """113.3b An activated ability is written "[Cost]: [Effect.]" (a loyalty ability too, 606.4); one
        with a modelled effect says so with `activated`. (Keyword abilities are not classified here.)"""
        return bool(self.activated) or (self.keyword is None and ACTIVATED_FORM.match(self.text) is not None)

    @property
    def is_triggered(self) -> bool:
        """603.1 Modelled (`triggered:`) or written "When / Whenever / At ..."."""
        return self.trigger is not None or (self.keyword is None and TRIGGERED_FORM.match(self.text) is not None)

    @property
    def is_mana_ability(self) -> bool:
        """605.1a An activated ability that could add mana, needs no target and is no loyalty ability;
        it is no layer effect, so it is not flagged as kept as text."""
        cost, _, effect = self.text.partition(":")
        return (self.is_activated and effect.strip().startswith("Add ") and "target" not in effect
                and LOYALTY_COST.fullmatch(cost.strip()) is None)

    @property
    def is_static(self) -> bool:
        return self.selector is not None

    @property
    def text_only(self) -> bool:
        """Kept as its text: nothing of it is modelled, so it generates no effect here (its
        targets alone, or `chosen:` to show a value, do not make it do anything)."""
        return not (self.keyword or self.selector or self.activated or self.is_mana_ability or self.enters_as_copy or self.becomes_copy
                    or self.trigger or self.copies_spell or self.enters_tapped or self.enters_with_counters
                    or self.enters_with_abilities or self.enters_counter_choice
                    or self.players or self.chooses or self.rule_off or self.others_enter_with or self.doubles_counters
                    or self.others_enter_as_copy
                    or self.turned_face_up_with or self.protects_from_chosen)

    @property
    def protects_from_chosen(self) -> bool:
        """702.16a "protection from the chosen color": from the color its source chose (607.2)."""
        return self.chosen == "color" and self.text.lower() == "protection from the chosen color"


def canonical_word(word: str) -> str:
    """Spell a type, supertype, subtype or color word the one way asp/ knows it ("Creature")."""
    word = word.strip()
    return word[:1].upper() + word[1:] if word else word
