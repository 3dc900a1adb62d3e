"""A board state as read from a case file: objects, effects, questions, expectations (docs/contract.md)."""
from __future__ import annotations

from dataclasses import dataclass

from bridge.model.card import Card
from bridge.model.vocabulary import Operation


@dataclass(frozen=True)
class SbaInput:
    keep: tuple[str, ...] = ()                        # legend rule choices (704.5j)
    life: tuple[tuple[str, int], ...] = ()            # (player, life total)
    poison: tuple[tuple[str, int], ...] = ()          # (player, poison counters)
    expected_rounds: tuple[dict, ...] | None = None   # per round {object or player: action}, exact
    expected_board: tuple = ()                        # bridge.reading.case.Expectation on the final board
    expected_triggers: tuple[dict, ...] | None = None  # per round {source: times}, exact (603.10a)


@dataclass(frozen=True)
class SpellChoices:
    """What was decided for a spell as it was cast (601.2b-h); a copy gets them from asp/ (707.10)."""
    modes: tuple[int, ...] = ()
    targets: tuple[str, ...] = ()          # object ids or player names, in the order of the word "target"
    x: int | None = None
    kicked: bool = False
    divided: tuple[tuple[str, int], ...] = ()
    replicate: int = 0                     # times its replicate cost was paid (702.56a)
    mana_spent: tuple[str, ...] = ()       # colors of mana spent: not a decision, never copied
    sacrificed: tuple[str, ...] = ()       # objects sacrificed to pay its costs (in a cast event)


@dataclass(frozen=True)
class BoardObject:
    id: str
    card: Card
    zone: str                      # battlefield | stack | graveyard (or exile, hand, library after an event)
    owner: str
    controller: str
    timestamp: int
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: str | None = None
    paired_with: str | None = None        # 702.95b soulbond: the creature it is paired with (either side says it)
    attacks: str | None = None            # 506.4c what an attacking creature attacks: a player, or a planeswalker / battle id
    game_state: tuple[tuple[str, int], ...] = ()   # (what, N): what it did, as the case gives it (entered this turn)
    class_level: int | None = None        # 716.2b its level, a designation (None: it has none, 716.2d)
    choices: tuple[tuple[str, str], ...] = ()
    status: tuple[str, ...] = ()          # face_down, flipped, transformed (110.5)
    # status changes by events: (status, had it before, the next timestamp then, event number)
    status_changes: tuple[tuple[str, bool, int, int], ...] = ()
    chosen_as: str | None = None          # the card whose "as enters, choose" ability made the choices
    copy_of: str | None = None            # entered as a copy of (707.5); on the stack: a copy of that spell
    spell: SpellChoices | None = None     # on the stack: a cast spell's decisions (None for a copy)
    copied_by: str | None = None          # on the stack: the object whose ability made this copy (707.10)
    new_targets: tuple[tuple[int, str], ...] = ()   # a copy's changed targets (707.10c): (position, target)
    controller_given: bool = True         # False: a copy's controller is left to asp/ (707.10)
    half: int | None = None               # a split card on the stack: the half that was cast (709.3)
    ability_source: str | None = None     # an activated or triggered ability on the stack: its source (113.7)
    ability_index: int | None = None      # which ability of the source's card (1, 2, ...)
    token: bool = False                   # a token (111.1); with copy_of, created as a copy (707.2)
    created_by: str | None = None         # a token copy: the permanent whose ability created it
    created_by_ability: int | None = None # ... and which of that card's abilities (1, 2, ...), when it has several
    merged_under: tuple[Card, ...] = ()   # a merged permanent (723.2): the cards under `card`, top first
    damage: int = 0                       # damage marked on it (120.6), read by 704.5g
    deathtouch_damage: bool = False       # dealt damage by a deathtouch source since the last check (704.5h)
    position: int = 0                     # its place in its graveyard or library, 1 = the top (404.1, 401.1); 0: not known (404.3)
    entered: bool = False                 # entered by one of the case's events: its counters are all known

    @property
    def has_characteristics(self) -> bool:
        """Whether the layers give it characteristics that tables show (asp/400_zones.lp: not a copy of a
        spell outside the battlefield and the stack; a split card there has them where its halves are
        combined, 709.4, asp/709_split_cards.lp)."""
        if self.zone in ("battlefield", "stack"):
            return True
        return self.copied_by is None and self.ability_source is None

    @property
    def ability(self):
        """The ability this stack object is, for an ability on the stack."""
        return self.card.abilities[self.ability_index - 1] if self.ability_index else None


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
    # 608.2c how it resolved, for operations that depend on it: ((KEY, held), ...)
    conditions: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True)
class Question:
    """A question about an object's characteristics (seed 002, 505.5-505.6; CR 709.4)."""
    index: int
    where: str
    object_id: str
    kind: str                  # value | is | less | greater | different_names | matches
    attribute: str = ""        # mana_value, name, color, type
    value: object = None       # the number or word compared with, the other object, or a Selector
    expect: object = None      # True/False for a comparison, a list for a value question
    expect_under: tuple = ()   # ((edition, expected), ...)


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
    events: tuple = ()                # bridge.reading.events.Event, in order: each holds the board after it
    questions: tuple[Question, ...] = ()
    player_expectations: tuple[Expectation, ...] = ()   # object_id is the player's name
    new_words: tuple[tuple[str, str], ...] = ()         # (kind, word) declared by the case (words.py)
    sba: SbaInput = SbaInput()        # what state-based actions read and what the case expects of them (704)
    unlisted_cards: tuple[tuple[str, str, int], ...] = ()   # (player, zone, N): cards given as a number only
    game_state: tuple[tuple[str, str, int], ...] = ()       # (player, what, N): `game_state:` (reading/game_state.py)
    # 122.1 counters on players other than poison (`poison:`): (player, kind, N); the players the case gives them for
    player_counters: tuple[tuple[str, str, int], ...] = ()
    player_counters_given: tuple[str, ...] = ()
    hands_given: tuple[str, ...] = ()   # the players whose hand the case gives (`hands:`, 402: no other is empty)
    libraries_given: tuple[str, ...] = ()   # ... and whose library (`libraries:`, 401: no other is empty)
    graveyards_given: tuple[str, ...] = ()  # ... and whose graveyard (`graveyards:`, 404: no other is known empty)
    # 903.8 the times each player has cast their commander from the command zone this game (player, N)
    commander_casts: tuple[tuple[str, int], ...] = ()

    def expectations_under(self, edition: str) -> tuple[Expectation, ...] | None:
        """What the case expects under an edition: `expect` for its own, `expect_under` for others."""
        if edition == (self.declared_rules or self.rules):
            return self.expectations
        return dict(self.other_editions).get(edition)

    def object(self, object_id: str) -> BoardObject:
        return next(o for o in self.objects if o.id == object_id)
