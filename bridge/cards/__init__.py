"""Cards by name: the built-in library (library.yaml, oracle_cards.yaml), the local card store and its
import from MTGJSON or Scryfall files, and the Oracle-text reader (oracle/)."""
