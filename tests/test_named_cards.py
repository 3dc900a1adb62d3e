"""`check` and `query` read the cards their files name once, in the parent, before the first fork
(bridge/reading/named_cards.py, issue 37): the names are found at any depth, files that cannot be read
are left to their cases, and a name that is no card still gets its full message in its own child."""
import json
import threading
import time

import bridge.cards.catalog as catalog
from bridge.interfaces.cli.check import warm_up
from bridge.interfaces.cli.main import main
from bridge.reading.named_cards import card_names, names_in_files
from bridge.reading.yaml_input import Limits

BOARD = """case: t
source: t
battlefield:
  - card: Grizzly Bears
  - card: {name: Homemade Bear, type_line: Creature — Bear, power: 2, toughness: 2}
graveyards:
  you:
    - card: Tarmogoyf
stack:
  - card: Lightning Bolt
    copies:
      - card: Shock
"""


def test_names_are_found_at_any_depth_and_inline_cards_are_not_names():
    import yaml
    assert card_names(yaml.safe_load(BOARD)) == {"Grizzly Bears", "Tarmogoyf", "Lightning Bolt", "Shock"}
    assert card_names(None) == set()


def test_files_that_cannot_be_read_are_left_to_their_cases(write_case, tmp_path):
    good = write_case(BOARD, "good.yaml")
    broken = write_case("battlefield: [card: Grizzly Bears\n", "broken.yaml")
    large = write_case("battlefield:\n  - card: Memnite\n" + "# padding\n" * 20, "large.yaml")
    names = names_in_files([good, broken, large, tmp_path / "missing.yaml", "-"], Limits(max_file_bytes=100))
    assert names == set()                     # good.yaml is over 100 bytes too: nothing read past a limit
    assert names_in_files([good, broken]) == {"Grizzly Bears", "Tarmogoyf", "Lightning Bolt", "Shock"}


def test_check_reads_the_named_cards_before_forking(write_case, monkeypatch):
    asked = []
    real = catalog.find_card

    def recording(name, store_path=None, suggest=True):
        asked.append((name, suggest))
        return real(name, store_path, suggest)
    monkeypatch.setattr(catalog, "find_card", recording)
    warm_up([write_case(BOARD)])
    assert sorted(asked) == [(name, False) for name in ("Grizzly Bears", "Lightning Bolt", "Shock", "Tarmogoyf")]


def test_a_name_that_is_no_card_still_gets_its_suggestions(write_case, capsys):
    path = write_case("case: t\nsource: t\nbattlefield:\n  - card: Grizly Bears\nexpect:\n  grizly_bears: {power: 2}\n")
    assert main(["check", str(path)]) != 0
    out = capsys.readouterr()
    assert "unknown card 'Grizly Bears'" in out.out + out.err
    assert "did you mean 'Grizzly Bears'" in out.out + out.err


def test_the_page_finds_the_names_in_a_request_without_parsing_it():
    from bridge.reading.named_cards import MOST_NAMES, names_in_json
    body = json.dumps({"board": {"battlefield": [{"card": "Grizzly Bears"}, {"card": "Lim-Dûl's Vault"},
                                                 {"card": {"name": "Homemade", "types": ["Creature"]}},
                                                 {"card": 'a "quoted" name'}]}}).encode()
    assert names_in_json(body) == {"Grizzly Bears", "Lim-Dûl's Vault", 'a "quoted" name'}
    many = json.dumps([{"card": f"Name {i}"} for i in range(MOST_NAMES + 50)]).encode()
    assert len(names_in_json(many)) == MOST_NAMES
    assert names_in_json(b'{"card": "' + b"x" * 300 + b'"}') == set()      # longer than a name field
    assert names_in_json(b'\xff\xfe{"card": [') == set()


def test_the_server_reads_the_named_cards_before_forking(monkeypatch):
    from bridge.interfaces.web import server
    asked = []
    monkeypatch.setattr(server, "read_ahead", lambda names: asked.append(set(names)))
    server.read_named_cards(b'{"board": {"battlefield": [{"card": "Grizzly Bears"}]}}')
    assert asked == [{"Grizzly Bears"}]


def test_reading_ahead_never_raises_and_never_outlasts_its_time(monkeypatch):
    def broken(name, store_path=None, suggest=True):
        raise RuntimeError("a defect in the reader")
    monkeypatch.setattr(catalog, "find_card", broken)
    catalog.read_ahead(["Grizzly Bears", "Memnite"])

    def endless(name, store_path=None, suggest=True):
        while True:
            pass
    monkeypatch.setattr(catalog, "find_card", endless)
    started = time.monotonic()
    catalog.read_ahead(["Grizzly Bears"], seconds=0.3)       # the main thread: the timer interrupts it
    assert time.monotonic() - started < 3
    import signal
    assert signal.getsignal(signal.SIGALRM) == signal.SIG_DFL and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)

    def slow(name, store_path=None, suggest=True):
        time.sleep(0.2)
    monkeypatch.setattr(catalog, "find_card", slow)
    started = []
    thread = threading.Thread(target=lambda: started.append(time.monotonic()) or catalog.read_ahead(
        [f"Name {i}" for i in range(50)], seconds=0.3))
    thread.start()
    thread.join(timeout=10)
    assert not thread.is_alive() and time.monotonic() - started[0] < 3    # elsewhere: no card begun after


def test_several_files_read_their_cards_once_in_the_parent(write_case, monkeypatch, capsys):
    asked = []
    real = catalog.read_ahead
    monkeypatch.setattr(catalog, "read_ahead", lambda names, **kw: asked.append(set(names)) or real(names, **kw))
    board = "case: t\nsource: t\nbattlefield:\n  - card: Grizzly Bears\n  - card: Glorious Anthem\n"
    first, second = write_case(board, "a.yaml"), write_case(board.replace("Glorious Anthem", "Memnite"), "b.yaml")
    assert main(["solve", str(first), str(second)]) == 0
    assert asked == [{"Grizzly Bears", "Glorious Anthem", "Memnite"}]
    asked.clear()
    assert main(["solve", str(first)]) == 0
    assert asked == []                          # one file: its child reads them, under its deadline
