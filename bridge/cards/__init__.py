"""Cards by name (catalog.py): the hand-written library (library.yaml), the local card store and its
import from MTGJSON or Scryfall files, the shipped pool of every card (pool.py, pool.bin), forgiving
names (names.py), and the Oracle-text reader (oracle/)."""
