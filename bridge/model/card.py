"""A card's printed characteristics (CR 200-209), as the bridge hands them to asp/."""
from __future__ import annotations

from dataclasses import dataclass

from bridge.model.vocabulary import Ability, Operation, TargetSpec


@dataclass(frozen=True)
class ManaSymbol:
    kind: str          # generic | colored | hybrid | twobrid | phyrexian | hybrid_phyrexian | colorless_hybrid
    #                    | colorless_phyrexian | colorless | snow | x  (107.4)
    letters: tuple[str, ...] = ()
    amount: int = 0


@dataclass(frozen=True)
class Card:
    """A card's printed characteristics, as the bridge hands them to asp/."""
    name: str
    mana_cost: tuple[ManaSymbol, ...] | None
    mana_cost_text: str
    color_indicator: tuple[str, ...]
    type_line: str
    supertypes_and_types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    pt_text: str
    loyalty: int | None
    text: str
    abilities: tuple[Ability, ...]
    spell: tuple[Operation, ...]
    library: bool
    flip_face: "Card | None" = None    # 710.1b the alternative characteristics of a flip card
    back_face: "Card | None" = None    # 712 the back face of a transforming double-faced card
    modal_back_face: "Card | None" = None   # 712.1d-e the back face of a modal double-faced card
    adventure_face: "Card | None" = None    # 715.2 an Adventurer's Adventure (used only on the stack)
    prepare_face: "Card | None" = None      # the spell of a card that can become prepared (2026)
    halves: tuple["Card", ...] = ()    # 709 the two halves of a split card
    defense: int | None = None         # 310.4 a battle's printed defense
    # Facts the card data lacks, by face ("back", "modal_back", "flip", "halves", "front" ...): (face, what
    # and why). A face listed here is refused where it would be used, never read as blank.
    missing: tuple[tuple[str, str], ...] = ()
    # Words the card data declares (new_words keys): subtypes printed after the rules' lists, with the kind
    # the card pool's build gave them (tools/build_card_pool.py, unlisted_subtypes).
    declared: tuple[tuple[str, str], ...] = ()
    targets: tuple[TargetSpec, ...] = ()   # 115.1 what a spell's instances of the word "target" can name
    # 700.2 a modal spell's modes ("• ..."), in printed order: each one's effect as read, () if not read
    spell_modes: tuple[tuple[Operation, ...], ...] = ()
    # 611.2c a spell whose effect affects several groups: each group's operations, in printed order (`part: N`)
    spell_parts: tuple[tuple[Operation, ...], ...] = ()
