"""Graveyards are ordered (404.1, issue 33 item 8): the case lists each one top first, a card an event puts
there goes on top, two or more at once leave the order to their owner (404.3); Volrath's Shapeshifter has
the full text of the top creature card (612, layer 3); subtypes keep the printed order on copies (205.3)."""
from bridge.cards.oracle import read_text
from bridge.interfaces.cli.main import main
from bridge.model.case import BoardObject
from bridge.model.events import Board, Event
from bridge.reading.case_keys import TOKEN_COPY

HEAD = "case: t\nsource: test\nplayers: [Alice, Bob]\n"
VOLRATH_LINE = ('As long as the top card of your graveyard is a creature card, this creature has the full text of '
                'that card and has the text "{2}: Discard a card." (This creature has that card\'s name, mana cost, '
                "color, types, abilities, power, and toughness.)")


def solve(tmp_path, capsys, text):
    path = tmp_path / "case.yaml"
    path.write_text(HEAD + text, encoding="utf-8")
    code = main(["solve", str(path)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def row(out, object_id):
    return next(line for line in out.splitlines() if line.startswith(object_id + " "))


def test_the_reader_reads_volraths_shapeshifter():
    (reading,) = read_text(VOLRATH_LINE, "Volrath's Shapeshifter", "Creature — Phyrexian Shapeshifter")
    assert reading.structured and reading.layer
    assert reading.abilities[0]["static"] == {"affects": "self", "does": [{"full_text_of": {
        "top_card_of": "graveyard", "if": {"all": ["creature"]}, "add_abilities": [{"text": "{2}: Discard a card."}]}}]}


def test_the_top_card_is_the_first_listed(tmp_path, capsys):
    code, out = solve(tmp_path, capsys, "battlefield: [{card: Volrath's Shapeshifter, id: shifter}]\n"
                      "graveyards: {Alice: [Serra Angel, Grizzly Bears]}\n")
    assert code == 0 and "Serra Angel" in row(out, "shifter") and "4/4" in row(out, "shifter")
    code, out = solve(tmp_path, capsys, "battlefield: [{card: Volrath's Shapeshifter, id: shifter}]\n"
                      "graveyards: {Alice: [Island, Grizzly Bears]}\n")    # a land on top: its own text
    assert code == 0 and "Volrath's Shapeshifter" in row(out, "shifter") and "0/1" in row(out, "shifter")


def test_a_graveyard_of_unknown_order_is_refused(tmp_path, capsys):
    code, out = solve(tmp_path, capsys, "battlefield: [{card: Volrath's Shapeshifter}]\ngraveyards: {Alice: 3}\n")
    assert code != 0 and "the order of Alice's graveyard is not known" in out and "Traceback" not in out
    code, out = solve(tmp_path, capsys, "battlefield: [{card: Volrath's Shapeshifter}, {card: Grizzly Bears, "
                      "id: a}, {card: Serra Angel, id: b}]\nevents: [{leaves: [a, b]}]\n")
    assert code != 0 and "404.3" in out


def piece(object_id, zone, position=0, owner="Alice"):
    return BoardObject(id=object_id, card=TOKEN_COPY, zone=zone, owner=owner, controller=owner, timestamp=1,
                       position=position)


def test_a_card_put_into_a_graveyard_goes_on_top_and_one_leaving_lifts_the_rest():
    board = Board((piece("bears", "battlefield"), piece("top", "graveyard", 1), piece("under", "graveyard", 2),
                   piece("bobs", "graveyard", 1, owner="Bob")), ())
    after = Event(1, "leaves", "events[0]", ("bears",), leaving=(("bears", "graveyard"),)).apply(board).by_id()
    assert (after["bears"].position, after["top"].position, after["under"].position) == (1, 2, 3)
    assert after["bobs"].position == 1                          # another player's graveyard is not touched
    exiled = Event(2, "leaves", "events[1]", ("bears",), leaving=(("bears", "exile"),),
                   from_graveyard=("bears",)).apply(Board(tuple(after.values()), ())).by_id()
    assert (exiled["bears"].position, exiled["top"].position, exiled["under"].position) == (0, 1, 2)


def test_a_copy_prints_the_copied_subtypes_in_their_printed_order(tmp_path, capsys):
    code, out = solve(tmp_path, capsys, "battlefield: [{card: Llanowar Elves}, {card: Clone, copy_of: llanowar_elves}]\n")
    assert code == 0 and "Creature — Elf Druid" in row(out, "clone")


def test_the_bundled_volrath_cases_pass(capsys):
    assert main(["check", "cases/text/volrath_shapeshifter_top_of_graveyard.yaml",
                 "cases/text/volrath_shapeshifter_card_put_on_top.yaml"]) == 0
