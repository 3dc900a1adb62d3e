"""A token copy and an effect on the token after it (707.2, 611.2c): "Create a token that's a copy of target
artifact. That token gains haste. Exile it at the beginning of the next end step." (Cogwork Assembler). The
copy effect is the token's (`creates_token_copy`, with its exceptions, 707.9); "That token gains haste" is no
exception but a continuous effect of the resolving spell or ability on the token it created, whose id the
case names (`effects: - {spell: NAME, affects: [TOKEN]}` or `{activated: ID, affects: [TOKEN]}`).
"""
from __future__ import annotations

import re

from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.resolved import changes_the_layers, layer_sentence, sentences, token_copy

# The token named back: "It", "They", "That token", "Those tokens", "The token" (never "It has ...": 111.3 a
# created token's own text; a copy has the copied values, 707.2, so only "gains"/"gets" is an effect)
ON_THE_TOKEN = lazy_pattern(r"(?:until end of turn, )?(?:it|they|that token|those tokens|the tokens?)(?: each)? "
                            r"(?:gains?|gets?) ", re.IGNORECASE)


def token_copy_then(effect: str, printed: str) -> tuple[dict, list] | None:
    """(the `creates_token_copy` reading, the operations of the effect on the token) when the effect's first
    layer sentence creates token copies and each other one is an effect on those tokens; else None."""
    layered = [s for s in sentences(effect) if changes_the_layers(s) or ON_THE_TOKEN.match(s)]
    # (Mordor on the March: "Exile a creature card from your graveyard. Create a token that's a copy of it.": a copy
    # of a card in exile, which the case's `copy_of` names, 707.2; "for each": several copies of several objects)
    if len(layered) < 2 or re.search(r"\bfor each\b", effect, re.IGNORECASE):
        return None
    copied = token_copy(layered[0], printed)
    if copied is None:
        return None
    ops: list = []
    for sentence in layered[1:]:
        if not ON_THE_TOKEN.match(sentence):
            return None
        found = layer_sentence(sentence)
        if found is None:
            return None
        ops.extend(found[1])
    return copied, ops


# "For each creature token you control, create a token that's a copy of that creature." (Rhys the Redeemed), "For
# each of those creatures, create ..." (Hate Mirage): one token copy of each object of a group (707.2); the case
# lists each token with its own `copy_of`. (Each player's or opponent's, a card's, X's: stays text.)
FOR_EACH_COPY = lazy_pattern(r"(?P<before>^|(?<=\. ))For each (?P<what>[^,.\"]+), (?P<create>create (?:a|one) tokens? "
                             r"that's a copy of (?:that (?:creature|permanent|artifact)|it)\b)", re.IGNORECASE)


def for_each_token_copy(effect: str, printed: str) -> tuple[dict, list] | None:
    """(the `creates_token_copy` reading, the operations on the tokens: [] when none) of one token copy of each
    object of a group."""
    m = FOR_EACH_COPY.search(effect)
    # (Clone Legion's "each creature target player controls": one group of one player's, the tokens all yours)
    group = re.sub(r" target (?:player|opponent) controls$", "", m.group("what")) if m else ""
    if m is None or re.search(r"\b(?:players?|opponents?|cards?|X)\b", group + " " + effect.replace(m.group("what"), ""),
                              re.IGNORECASE):
        return None
    one_each = effect[:m.start()] + m.group("create")[0].upper() + m.group("create")[1:] + effect[m.end():]
    then = token_copy_then(one_each, printed)
    if then is not None:
        return then
    copied = token_copy(one_each, printed)
    return (copied, []) if copied else None
