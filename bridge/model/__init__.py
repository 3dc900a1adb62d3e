"""The data that crosses stages: frozen dataclasses for cards, the vocabulary, case files and events,
the errors, the stable ids and the words for terms and reasons. Imports nothing but itself (and files)."""
