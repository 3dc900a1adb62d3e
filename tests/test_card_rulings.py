"""Rulings the imported card data carries (MTGJSON's `rulings`, Scryfall's rulings file): kept by `mtg-layers cards import`,
printed by `cards show`, given by the page's `GET /api/card`. The import file is hand-made, with real
Gatherer rulings (tests/data/rulings/README.md names where each is quoted from)."""
import json
from pathlib import Path

import pytest

pytest.importorskip("ijson")

from bridge.interfaces.cli.main import main  # noqa: E402
from web_server import request, running  # noqa: E402

RULINGS_FILE = Path(__file__).parent / "data" / "rulings" / "atomic_cards_with_rulings.json"
ALTERATION = [{"date": "2018-07-13", "text": "If the chosen creature isn't normally a creature (for example, if the "
               "chosen creature is an animated Treetop Village), the enchanted creature becomes a copy of that "
               "noncreature permanent."}]


@pytest.fixture
def store(tmp_path, monkeypatch):
    path = tmp_path / "cards.sqlite"
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(path))
    assert main(["cards", "import", str(RULINGS_FILE)]) == 0
    return path


def test_import_keeps_the_rulings_and_show_prints_them(store, capsys):
    from bridge.cards.store import CardStore
    assert CardStore(store).rulings("metamorphic alteration") == ALTERATION
    assert main(["cards", "import", str(RULINGS_FILE)]) == 0           # imported again: replaced, not doubled
    assert CardStore(store).rulings("Metamorphic Alteration") == ALTERATION
    capsys.readouterr()
    assert main(["cards", "show", "Awakening of Vitu-Ghazi"]) == 0
    out = capsys.readouterr().out
    # the library's own entry gives the characteristics; the store's data, the rulings
    assert "from the built-in library" in out
    assert "Rulings (from the card store's imported data, 1):\n  2019-05-03: The target land loses the name it had, " \
           "and its name is just Vitu-Ghazi." in out
    assert main(["cards", "show", "Grizzly Bears"]) == 0
    assert "Rulings" not in capsys.readouterr().out                   # none in the data: none printed


def test_the_page_gets_a_cards_rulings(store):
    with running() as address:
        status, facts = request(address, "/api/card?name=Metamorphic%20Alteration")
        assert status == 200 and facts["rulings"] == ALTERATION
        assert request(address, "/api/card?name=Grizzly%20Bears")[1]["rulings"] == []


def test_a_store_made_before_rulings_has_none(tmp_path, monkeypatch):
    import sqlite3
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE cards (name TEXT PRIMARY KEY, folded TEXT NOT NULL, data TEXT NOT NULL);"
                     "CREATE TABLE names (folded TEXT PRIMARY KEY, name TEXT NOT NULL);"
                     "INSERT INTO cards VALUES ('Zodiac Zebrafish', 'zodiac zebrafish', "
                     "'{\"name\": \"Zodiac Zebrafish\", \"type_line\": \"Creature — Fish\", \"pt\": \"2/2\"}');"
                     "INSERT INTO names VALUES ('zodiac zebrafish', 'Zodiac Zebrafish');")
    db.commit()
    db.close()
    from bridge.cards.store import CardStore
    assert CardStore(path).rulings("Zodiac Zebrafish") == []
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(path))
    assert main(["cards", "import", str(RULINGS_FILE)]) == 0          # the old store gets the rulings' table
    assert CardStore(path).rulings("Metamorphic Alteration") == ALTERATION


@pytest.mark.parametrize("rulings, where", [("soon", "data.X[0].rulings: expected a list of rulings"),
                                            (["a ruling"], "data.X[0].rulings[0]: expected a ruling"),
                                            ([{"date": "2020-01-01"}], "data.X[0].rulings[0].text: expected text")])
def test_a_ruling_of_the_wrong_shape_is_refused(tmp_path, monkeypatch, capsys, rulings, where):
    source = tmp_path / "AtomicCards.json"
    source.write_text(json.dumps({"data": {"X": [{"name": "X", "type": "Instant", "layout": "normal", "text": "",
                                                  "rulings": rulings}]}}))
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(tmp_path / "cards.sqlite"))
    assert main(["cards", "import", str(source)]) == 2
    assert f"{source} at {where}" in capsys.readouterr().err


def test_scryfalls_rulings_file_is_matched_by_oracle_id(tmp_path, monkeypatch, capsys):
    # Scryfall's rulings are a bulk file of their own, naming cards by oracle id: the oracle-cards file
    # imported first gives the ids (these two are made up for the test; the ruling is the real one above)
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(tmp_path / "cards.sqlite"))
    cards, rulings = tmp_path / "oracle-cards.json", tmp_path / "rulings.json"
    cards.write_text(json.dumps([{"object": "card", "oracle_id": "made-up-1", "name": "Metamorphic Alteration",
                                  "layout": "normal", "mana_cost": "{1}{U}", "type_line": "Enchantment — Aura",
                                  "oracle_text": "Enchant creature\nAs this Aura enters, choose a creature.\n"
                                                 "Enchanted creature is a copy of the chosen creature."}]))
    ruling = {"object": "ruling", "oracle_id": "made-up-1", "source": "wotc", "published_at": ALTERATION[0]["date"],
              "comment": ALTERATION[0]["text"]}
    rulings.write_text(json.dumps([ruling, {**ruling, "source": "scryfall", "comment": "a note of Scryfall's own "
                                            "(made up here): not kept"}, {**ruling, "oracle_id": "made-up-2"}]))
    assert main(["cards", "import", str(cards)]) == 0
    assert main(["cards", "import", str(rulings)]) == 0
    assert main(["cards", "import", str(rulings)]) == 0              # again: replaced, not doubled
    out = capsys.readouterr().out
    assert f"imported 1 rulings from {rulings} (scryfall-rulings)" in out
    assert "skipped 1 notes of Scryfall's own" in out
    assert "warning: 1 rulings are of cards the store does not have" in out
    from bridge.cards.store import CardStore
    assert CardStore(tmp_path / "cards.sqlite").rulings("Metamorphic Alteration") == ALTERATION
    rulings.write_text(json.dumps([{**ruling, "comment": 7}]))
    assert main(["cards", "import", str(rulings)]) == 2
    assert f"{rulings} at [0].comment: expected text" in capsys.readouterr().err
