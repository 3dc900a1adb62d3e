"""Loyalty abilities' emblems read from the real cards (issue 32): Wrenn and Six's "Instant and sorcery cards in
your graveyard have retrace." (each card of one of the card types, 702.81a) and Ellywick Tumblestrum's "+2/+2
for each differently named dungeon you've completed" (309.7, the case's `game_state:`). A count an emblem reads
that the case leaves out is never taken as zero: the values it may change are marked (114.4)."""
from bridge import solve
from bridge.cards.oracle import read_line
from bridge.cards.oracle.subjects import subject

HEAD = "case: t\nsource: test\n"


def test_instant_and_sorcery_cards_in_a_graveyard():
    assert subject("Instant and sorcery cards in your graveyard") == {"any": [
        {"all": ["instant"], "owner": "you", "zone": "graveyard"},
        {"all": ["sorcery"], "owner": "you", "zone": "graveyard"}]}


def test_colors_joined_by_and_stay_text():
    """'Red and green cards': red ones and green ones, or red-and-green ones? English does not say: unread."""
    assert subject("Red and green cards in your graveyard") is None


def test_the_emblem_lines_are_read():
    for card, line in [
            ("Wrenn and Six", '[−7]: You get an emblem with "Instant and sorcery cards in your graveyard have '
                              'retrace." (You may cast instant and sorcery cards from your graveyard by discarding '
                              'a land card in addition to paying their other costs.)'),
            ("Ellywick Tumblestrum", '[−7]: You get an emblem with "Creatures you control have trample and haste '
                                     'and get +2/+2 for each differently named dungeon you\'ve completed."')]:
        reading = read_line(line, card)
        assert reading.structured and reading.layer and reading.kind == "loyalty", reading


def test_a_dungeon_count_left_out_is_marked(write_case):
    board = "battlefield:\n  - {card: Grizzly Bears}\nemblems:\n  - from: Ellywick Tumblestrum\n"
    given = solve(str(write_case(HEAD + board + "game_state: {Alice: {differently_named_dungeons_completed: 1}}\n")))
    assert (given.objects["grizzly_bears"].power, given.objects["grizzly_bears"].toughness) == (4, 4)
    left_out = solve(str(write_case(HEAD + board)))
    assert "pt" in dict(left_out.objects["grizzly_bears"].unsure)


def test_an_emblem_a_target_opponent_gets_is_read_like_yours():
    """Garruk, Apex Predator's −8: the opponent owns and controls the emblem (114.2); its only ability is a trigger,
    so the line is counted with the triggered ones (114.4, 603.1: creating it changes no characteristic)."""
    reading = read_line('[−8]: Target opponent gets an emblem with "Whenever a creature attacks you, it gets +5/+5 '
                        'and gains trample until end of turn."', "Garruk, Apex Predator")
    assert reading.kind == "triggered" and not reading.structured
