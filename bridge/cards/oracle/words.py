"""Words of type lines and colors, from the Comprehensive Rules (2022-04-29, rule 205.3 and 105.1).

Data only: the reader looks words up here to tell a creature type from a card type and to turn
a plural ("Elves") into the subtype it names ("Elf")."""
from __future__ import annotations

# 205.3g
ARTIFACT_TYPES = frozenset("""
    called artifact types. The artifact types are Blood Clue Contraption Equipment Food
    Fortification Gold Treasure Vehicle
""".split())

# 205.3h
ENCHANTMENT_TYPES = frozenset("""
    called enchantment types. The enchantment types are Aura Cartouche Class Curse Rune Saga Shard
    Shrine
""".split())

# 205.3i (Urza's is one word)
LAND_TYPES = frozenset("""
    called land types. The land types are Desert Forest Gate Island Lair Locus Mine Mountain Plains
    Power-Plant Swamp Tower Urza's
""".split())

# 205.3k
SPELL_TYPES = frozenset("""
    called spell types. The spell types are Adventure Arcane Lesson Trap
""".split())

# 205.3m
CREATURE_TYPES = frozenset("""
    called creature types. The creature types are Advisor Aetherborn Ally Angel Antelope Ape Archer
    Archon Army Artificer Assassin Assembly-Worker Atog Aurochs Avatar Azra Badger Barbarian Bard
    Basilisk Bat Bear Beast Beeble Beholder Berserker Bird Blinkmoth Boar Bringer Brushwagg Camarid
    Camel Caribou Carrier Cat Centaur Cephalid Chimera Citizen Cleric Cockatrice Construct Coward
    Crab Crocodile Cyclops Dauthi Demigod Demon Deserter Devil Dinosaur Djinn Dog Dragon Drake
    Dreadnought Drone Druid Dryad Dwarf Efreet Egg Elder Eldrazi Elemental Elephant Elf Elk Eye
    Faerie Ferret Fish Flagbearer Fox Fractal Frog Fungus Gargoyle Germ Giant Gnoll Gnome Goat
    Goblin God Golem Gorgon Graveborn Gremlin Griffin Hag Halfling Hamster Harpy Hellion Hippo
    Hippogriff Homarid Homunculus Horror Horse Human Hydra Hyena Illusion Imp Incarnation Inkling
    Insect Jackal Jellyfish Juggernaut Kavu Kirin Kithkin Knight Kobold Kor Kraken Lamia Lammasu
    Leech Leviathan Lhurgoyf Licid Lizard Manticore Masticore Mercenary Merfolk Metathran Minion
    Minotaur Mole Monger Mongoose Monk Monkey Moonfolk Mouse Mutant Myr Mystic Naga Nautilus
    Nephilim Nightmare Nightstalker Ninja Noble Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc Orgg
    Otter Ouphe Ox Oyster Pangolin Peasant Pegasus Pentavite Pest Phelddagrif Phoenix Phyrexian
    Pilot Pincher Pirate Plant Praetor Prism Processor Rabbit Raccoon Ranger Rat Rebel Reflection
    Rhino Rigger Rogue Sable Salamander Samurai Sand Saproling Satyr Scarecrow Scion Scorpion Scout
    Sculpture Serf Serpent Servo Shade Shaman Shapeshifter Shark Sheep Siren Skeleton Slith Sliver
    Slug Snake Soldier Soltari Spawn Specter Spellshaper Sphinx Spider Spike Spirit Splinter Sponge
    Squid Squirrel Starfish Surrakar Survivor Tentacle Tetravite Thalakos Thopter Thrull Tiefling
    Treefolk Trilobite Triskelavite Troll Turtle Unicorn Vampire Vedalken Viashino Volver Wall
    Warlock Warrior Weird Werewolf Whale Wizard Wolf Wolverine Wombat Worm Wraith Wurm Yeti Zombie
    Zubera
""".split())

# 205.2a card types, 205.4a supertypes, 105.1 colors, 305.6 basic land types
CARD_TYPES = frozenset("Artifact Battle Conspiracy Creature Dungeon Enchantment Instant Kindred Land Phenomenon "
                       "Plane Planeswalker Scheme Sorcery Tribal Vanguard".split())
SUPERTYPES = frozenset("Basic Legendary Ongoing Snow World".split())
COLORS = ("white", "blue", "black", "red", "green")
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
# Creature types printed since 2022 that cards in the library use.
CREATURE_TYPES = CREATURE_TYPES | frozenset("Detective Employee Glimmer Possum Skunk Survivor Wizard".split())
# The one-word subtypes the Comprehensive Rules of 2025-09-19 add to those lists (205.3g-i, 205.3m).
CREATURE_TYPES = CREATURE_TYPES | frozenset("""
    Alien Armadillo Astartes Balloon Beaver Capybara Child Clown Coyote Custodes Cyberman Dalek Doctor Drix
    Echidna Gamer Gith Guest Hedgehog Hero Inquisitor Llama Lobster Mite Moogle Mount Necron Performer Porcupine
    Primarch Robot Scientist Seal Sloth Snail Symbiote Synth Toy Tyranid Varmint Villain Walrus Weasel
""".split())
ARTIFACT_TYPES = ARTIFACT_TYPES | frozenset("Attraction Bobblehead Incubator Infinity Junk Lander Map Powerstone "
                                            "Spacecraft Stone".split())
ENCHANTMENT_TYPES = ENCHANTMENT_TYPES | frozenset("Background Case Role Room".split())
LAND_TYPES = LAND_TYPES | frozenset("Cave Planet Sphere Town".split())
# (the rule's own words before its list, "called artifact types. The ... are", are no subtypes)
SUBTYPES = frozenset(w for w in ARTIFACT_TYPES | ENCHANTMENT_TYPES | LAND_TYPES | SPELL_TYPES | CREATURE_TYPES
                     if w[:1].isupper() and w != "The")

# Plurals that the regular endings below would get wrong.
IRREGULAR_PLURALS = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Werewolves": "Werewolf",
                     "Homunculi": "Homunculus", "Fungi": "Fungus", "Plains": "Plains", "Mice": "Mouse",
                     "Octopi": "Octopus", "Sphinxes": "Sphinx", "Foxes": "Fox", "Oxen": "Ox",
                     "Lamiae": "Lamia", "Djinn": "Djinn", "Efreet": "Efreet", "Pegasi": "Pegasus",
                     "Cyclopes": "Cyclops"}


def singular_subtype(word: str) -> str | None:
    """The subtype a word names, in the singular ("Goblins" -> "Goblin", "Merfolk" -> "Merfolk"), or None."""
    word = word.strip()
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if word in SUBTYPES:
        return word
    for ending, replacement in (("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(ending) and word[:-len(ending)] + replacement in SUBTYPES:
            return word[:-len(ending)] + replacement
    return None


def card_type(word: str) -> str | None:
    """A card type or supertype, singular or plural, as asp/ spells it ("artifacts" -> "Artifact")."""
    w = word.strip().capitalize()
    if w.endswith("ies"):
        w = w[:-3] + "y"
    for candidate in (w, w[:-1] if w.endswith("s") else None):
        if candidate and (candidate in CARD_TYPES or candidate in SUPERTYPES):
            return candidate
    return None
