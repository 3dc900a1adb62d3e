"""`mtg-layers cards import|show|search`: small MTGJSON and Scryfall files written here, with every kind
of multi-faced card; imported names then work in case files (after the library and inline cards)."""
import json
import subprocess
import sys

import pytest

pytest.importorskip("ijson")

from bridge.interfaces.cli.main import main  # noqa: E402

# Printed characteristics and Oracle text (Scryfall, 2025), in each source's own field names.
# (Imperious Perfect is in no library file: it can only come from the store.)
PERFECT = {"name": "Imperious Perfect", "manaCost": "{2}{G}", "type": "Creature — Elf Warrior", "power": "2",
           "toughness": "2", "layout": "normal",
           "text": "Other Elves you control get +1/+1.\n{G}, {T}: Create a 1/1 green Elf Warrior creature token."}
FIRE_ICE = [{"name": "Fire // Ice", "faceName": "Fire", "manaCost": "{1}{R}", "type": "Instant", "layout": "split",
             "side": "a", "text": "Fire deals 2 damage divided as you choose among one or two targets."},
            {"name": "Fire // Ice", "faceName": "Ice", "manaCost": "{1}{U}", "type": "Instant", "layout": "split",
             "side": "b", "text": "Tap target permanent.\nDraw a card."}]
DELVER = [{"name": "Delver of Secrets // Insectile Aberration", "faceName": "Delver of Secrets", "manaCost": "{U}",
           "type": "Creature — Human Wizard", "power": "1", "toughness": "1", "layout": "transform", "side": "a",
           "text": "At the beginning of your upkeep, look at the top card of your library. You may reveal that "
                   "card. If an instant or sorcery card is revealed this way, transform this creature."},
          {"name": "Delver of Secrets // Insectile Aberration", "faceName": "Insectile Aberration",
           "type": "Creature — Human Insect", "power": "3", "toughness": "2", "layout": "transform", "side": "b",
           "colorIndicator": ["U"], "text": "Flying"}]
JUSHI = [{"name": "Jushi Apprentice // Tomoya the Revealer", "faceName": "Jushi Apprentice", "manaCost": "{1}{U}",
          "type": "Creature — Human Wizard", "power": "1", "toughness": "2", "layout": "flip", "side": "a",
          "text": "{2}{U}, {T}: Draw a card. If you have nine or more cards in hand, flip Jushi Apprentice."},
         {"name": "Jushi Apprentice // Tomoya the Revealer", "faceName": "Tomoya the Revealer",
          "type": "Legendary Creature — Human Wizard", "power": "2", "toughness": "3", "layout": "flip", "side": "b",
          "text": "{3}{U}{U}, {T}: Target player draws X cards, where X is the number of cards in your hand."}]
BONECRUSHER = [{"name": "Bonecrusher Giant // Stomp", "faceName": "Bonecrusher Giant", "manaCost": "{2}{R}",
                "type": "Creature — Giant", "power": "4", "toughness": "3", "layout": "adventure", "side": "a",
                "text": "Whenever this creature becomes the target of a spell, this creature deals 2 damage to "
                        "that spell's controller."},
               {"name": "Bonecrusher Giant // Stomp", "faceName": "Stomp", "manaCost": "{1}{R}",
                "type": "Instant — Adventure", "layout": "adventure", "side": "b",
                "text": "Damage can't be prevented this turn. Stomp deals 2 damage to any target."}]
VALKI = [{"name": "Valki, God of Lies // Tibalt, Cosmic Impostor", "faceName": "Valki, God of Lies",
          "manaCost": "{1}{B}", "type": "Legendary Creature — God", "power": "2", "toughness": "1",
          "layout": "modal_dfc", "side": "a", "text": "When Valki enters, each opponent reveals their hand."},
         {"name": "Valki, God of Lies // Tibalt, Cosmic Impostor", "faceName": "Tibalt, Cosmic Impostor",
          "manaCost": "{5}{B}{R}", "type": "Legendary Planeswalker — Tibalt", "loyalty": "5",
          "layout": "modal_dfc", "side": "b", "text": "As Tibalt enters, you get an emblem."}]
TOKEN = [{"name": "Elf Warrior", "type": "Token Creature — Elf Warrior", "layout": "token", "text": ""}]


def atomic_cards():
    return {"meta": {"date": "2025-01-01", "version": "5.2.2"},
            "data": {"Imperious Perfect": [PERFECT], "Fire // Ice": FIRE_ICE,
                     "Delver of Secrets // Insectile Aberration": DELVER,
                     "Jushi Apprentice // Tomoya the Revealer": JUSHI, "Bonecrusher Giant // Stomp": BONECRUSHER,
                     "Valki, God of Lies // Tibalt, Cosmic Impostor": VALKI, "Elf Warrior": TOKEN}}


def scryfall_face(face):
    out = {"name": face.get("faceName", face["name"]), "mana_cost": face.get("manaCost", ""),
           "type_line": face["type"], "oracle_text": face["text"]}
    for key in ("power", "toughness", "loyalty"):
        if key in face:
            out[key] = face[key]
    if "colorIndicator" in face:
        out["color_indicator"] = face["colorIndicator"]
    return out


def oracle_cards():
    cards = []
    for faces in atomic_cards()["data"].values():
        card = {"object": "card", "name": faces[0]["name"], "layout": faces[0]["layout"]}
        if len(faces) == 1:
            card.update(scryfall_face(faces[0]))
            card["name"] = faces[0]["name"]
        else:
            card["card_faces"] = [scryfall_face(f) for f in faces]
        cards.append(card)
    return cards


@pytest.fixture(params=["mtgjson", "scryfall"])
def store(request, tmp_path, monkeypatch):
    source = tmp_path / ("AtomicCards.json" if request.param == "mtgjson" else "oracle-cards-20250101.json")
    source.write_text(json.dumps(atomic_cards() if request.param == "mtgjson" else oracle_cards()))
    path = tmp_path / "data" / "cards.sqlite"
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(path))
    assert main(["cards", "import", str(source)]) == 0
    return path


def test_import_counts_cards_and_skips_tokens(store, capsys):
    from bridge.cards.store import CardStore
    assert CardStore(store).count() == 6
    assert CardStore(store).lookup("Elf Warrior") is None


def test_show_prints_characteristics_structure_and_text(store, capsys):
    assert main(["cards", "show", "imperious", "perfect"]) == 0
    out = capsys.readouterr().out
    assert "Creature — Elf Warrior  2/2" in out
    assert "[read] Other Elves you control get +1/+1." in out
    assert "modify_pt: +1/+1" in out
    assert "[text only] {G}, {T}: Create a 1/1 green Elf Warrior creature token." in out
    assert "Imperious Perfect: from the card store" in out


@pytest.mark.parametrize("name,faces", [("Fire // Ice", ["Fire", "Ice"]),
                                        ("Delver of Secrets", ["Delver of Secrets", "Insectile Aberration"]),
                                        ("Tomoya the Revealer", ["Jushi Apprentice", "Tomoya the Revealer"]),
                                        ("Valki, God of Lies", ["Valki, God of Lies", "Tibalt, Cosmic Impostor"]),
                                        ("Bonecrusher Giant", ["Bonecrusher Giant", "Stomp"])])
def test_multi_faced_cards_keep_every_face(store, capsys, name, faces):
    assert main(["cards", "show", name]) == 0
    out = capsys.readouterr().out
    for face in faces:
        assert face in out


def test_imported_faces_have_their_characteristics(store):
    from bridge.cards.library import stored_card
    delver = stored_card("Delver of Secrets")
    assert delver.back_face.name == "Insectile Aberration" and delver.back_face.color_indicator == ("Blue",)
    assert stored_card("Jushi Apprentice").flip_face.pt_text == "2/3"
    assert [h.name for h in stored_card("fire // ice").halves] == ["Fire", "Ice"]


def test_search_finds_names_in_library_and_store(store, capsys):
    assert main(["cards", "search", "perf"]) == 0
    out = capsys.readouterr().out.split("\n")
    assert "Imperious Perfect" in out and "Elvish Perfect" not in out
    assert main(["cards", "search", "llanowar"]) == 0
    assert "Llanowar Elves" in capsys.readouterr().out


def test_imported_names_work_in_case_files(store, tmp_path):
    from bridge.interfaces.api import solve
    from bridge.cards.library import library
    assert library().lookup("Imperious Perfect") is None          # it can only come from the store
    case = tmp_path / "archdruid.yaml"
    case.write_text("case: imported Imperious Perfect\nsource: derived by the authors from its Oracle text\n"
                    "battlefield: [{card: Imperious Perfect}, {card: Llanowar Elves}]\n")
    result = solve(str(case))
    pts = {o.id: o.pt for o in result.permanents}
    assert pts == {"imperious_perfect": "2/2", "llanowar_elves": "2/2"}


def test_store_option_wins_over_environment(tmp_path, monkeypatch, capsys):
    source = tmp_path / "AtomicCards.json"
    source.write_text(json.dumps({"meta": {}, "data": {"Imperious Perfect": [PERFECT]}}))
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(tmp_path / "env.sqlite"))
    assert main(["cards", "import", str(source), "--store", str(tmp_path / "option.sqlite")]) == 0
    assert (tmp_path / "option.sqlite").is_file() and not (tmp_path / "env.sqlite").exists()


def test_cards_the_solver_cannot_read_are_named_not_dropped_silently(tmp_path, capsys):
    source = tmp_path / "AtomicCards.json"
    source.write_text(json.dumps({"data": {"Little Girl": [{"name": "Little Girl", "type": "Creature — Human Child",
                                                             "power": "0.5", "toughness": "0.5", "layout": "normal",
                                                             "text": ""}], "Imperious Perfect": [PERFECT]}}))
    assert main(["cards", "import", str(source), "--store", str(tmp_path / "s.sqlite")]) == 0
    out = capsys.readouterr().out
    assert "imported 1 cards" in out and "skipped 1 cards" in out and "Little Girl: expected a printed number" in out


@pytest.mark.parametrize("content,problem", [('{"data": {"X": [{"name": ', "not valid JSON"), ('"a string"', "not an MTGJSON"),
                                             ('{"data": {"X": [{"name": "X", "type": "Creature \u2014 Bear", "text": "", "po',
                                              "read up to byte")])
def test_bad_files_get_one_clear_message(tmp_path, capsys, content, problem):
    source = tmp_path / "AtomicCards.json"
    source.write_text(content)
    assert main(["cards", "import", str(source), "--store", str(tmp_path / "s.sqlite")]) == 2
    err = capsys.readouterr().err
    assert problem in err and "AtomicCards.json" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err         # one line: not the JSON parser's caret drawing


def test_unknown_card_names_the_import_command(tmp_path, monkeypatch):
    from bridge.interfaces.api import solve
    from bridge.model.errors import CaseError
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(tmp_path / "none.sqlite"))
    case = tmp_path / "c.yaml"
    case.write_text("case: x\nbattlefield: [{card: Imperious Perfectionist}]\n")     # no such card
    with pytest.raises(CaseError, match="cards import"):
        solve(str(case))


def test_show_says_written_abilities_win(capsys):
    assert main(["cards", "show", "Conspiracy"]) == 0
    out = capsys.readouterr().out
    assert "[written] Creatures you control are the chosen type." in out and "TEXT ONLY" not in out
