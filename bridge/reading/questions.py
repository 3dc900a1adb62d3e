"""Questions about characteristics (`questions:`; seed 002, CR 709.4): what is asked and the expected answer."""
from __future__ import annotations

from bridge.model.case import Question
from bridge.model.errors import close_matches
from bridge.model.vocabulary import canonical_word
from bridge.reading.case_keys import COMPARISONS, EDITIONS, QUESTION_KEYS, VALUE_QUESTIONS


class QuestionReading:
    """Part of CaseBuilder (bridge/reading/case.py): questions."""

    # --- questions (seed 002, 505.5-505.6; CR 709.4) ---
    def questions(self, data, by_id: dict) -> tuple[Question, ...]:
        if not isinstance(data, list):
            raise self.fail("questions", "expected a list of questions")
        found = []
        for i, entry in enumerate(data):
            with self.collector.entry():
                found.append(self.question(i, entry, by_id))
        return tuple(found)

    def question(self, i: int, entry, by_id: dict) -> Question:
        r = self.reader
        where = f"questions[{i}]"
        entry = r.mapping(entry, where, QUESTION_KEYS)
        for key in ("object", "ask"):
            if key not in entry:
                raise self.fail(where, f"missing key {key!r}")
        object_id = self.known_object(entry["object"], f"{where}.object", by_id)
        kind, attribute, value = self.question_ask(entry["ask"], f"{where}.ask", by_id)
        expect = self.answer(entry["expect"], f"{where}.expect", kind) if "expect" in entry else None
        under = entry.get("expect_under", {}) or {}
        if not isinstance(under, dict):
            raise self.fail(f"{where}.expect_under", "expected a mapping of rules edition to the answer")
        for edition in under:
            if edition not in EDITIONS:
                raise self.fail(f"{where}.expect_under.{edition}", f"unknown rules edition {edition!r}"
                                + close_matches(str(edition), EDITIONS))
        return Question(index=i + 1, where=where, object_id=object_id, kind=kind, attribute=attribute,
                        value=value, expect=expect,
                        expect_under=tuple((e, self.answer(a, f"{where}.expect_under.{e}", kind))
                                           for e, a in under.items()))

    def question_ask(self, value, where: str, by_id: dict):
        r = self.reader
        if isinstance(value, str):
            if value not in VALUE_QUESTIONS:
                raise self.fail(where, f"unknown question {value!r}" + close_matches(value, VALUE_QUESTIONS)
                                + f"; ask for one of {', '.join(VALUE_QUESTIONS)} or compare with a mapping")
            return "value", VALUE_QUESTIONS[value], None
        data = r.mapping(value, where, COMPARISONS)
        if len(data) != 1:
            raise self.fail(where, "ask one thing: a single key such as {mana_value: 1} or {color: red}")
        key, item = next(iter(data.items()))
        at = f"{where}.{key}"
        if key == "mana_value":
            return "is", "mana_value", r.integer(item, at)
        if key in ("mana_value_less_than", "mana_value_greater_than"):
            return key.rsplit("_", 2)[1], "mana_value", r.integer(item, at)
        if key == "color":
            word = canonical_word(r.string(item, at).lower())
            r.words.color(word, at)
            return "is", key, word
        if key == "type":
            # 205: a card type, supertype or subtype (the type line); a color is not on it.
            word = canonical_word(r.string(item, at))
            if word.lower() in r.words.lists.of("color"):
                raise self.fail(at, f"{word!r} is a color, not a word of the type line (205); ask {{color: {word.lower()}}}")
            r.words.characteristic_word(word, at)
            return "is", key, word
        if key == "name":
            return "is", "name", r.string(item, at)
        if key == "different_names":
            return "different_names", "name", self.known_object(item, at, by_id)
        return "matches", "", r.selector(item, at, place="question")

    def answer(self, value, where: str, kind: str):
        if kind == "value":
            return [v if isinstance(v, int) and not isinstance(v, bool) else str(v)
                    for v in (value if isinstance(value, list) else [value])]
        if not isinstance(value, bool):
            raise self.fail(where, "expected true or false (the answer to a comparison)")
        return value
