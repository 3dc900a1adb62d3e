"""The judges' page in Debian's Chromium (Playwright), issue 35: never a quiet wrong answer (the banner),
every famous question asked without YAML, the phone layout with the answer first, a shared link, a
300-card board. One server and one browser for the session (tests/conftest.py); each test its own browser
context (its own storage). Screenshots go to the artifact folder (MTG_LAYERS_ARTIFACTS, else a temporary one)."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from web_browser import ASSERTION_MS, LAPTOP, PHONE, add_card, kept_board, open_page, pick, row, shared, violations


@pytest.fixture(autouse=True)
def patient_assertions(page_server_and_browser):
    """An assertion here waits up to 60 s: a solve takes seconds on a busy machine. (Set at import, as it was,
    the session's fixture in tests/conftest.py set its ASSERTION_MS after it, when it started: a CI run under the
    whole suite's load once saw a phone's answer still "solving" at 20 s.) Put back after each test."""
    expect.set_options(timeout=60_000)
    yield
    expect.set_options(timeout=ASSERTION_MS)


def test_the_banner_says_what_the_answer_lacks(chromium, page_address, artifacts, axe):
    page = open_page(chromium, page_address)
    banner = page.locator("#banner")
    for name in ("Grizzly Bears", "Ancestral Mask", "Llanowar Elves"):
        add_card(page, name)
    pick(page, "[data-where='battlefield[1].attached_to']", "grizzly_bears")
    # an effect kept as text that may change the Bear's values: said above the answer; a mana ability is not
    # (Ancestral Mask's count of other enchantments is still unread: Darksteel Mutation was the example until
    # the reader learnt it)
    expect(banner).to_contain_text("ancestral_mask's \"Enchanted creature gets +2/+2 for each other enchantment")
    expect(banner).to_contain_text("the P/T of grizzly_bears")
    assert "llanowar" not in banner.inner_text().lower()
    page.screenshot(path=str(artifacts / "banner_text_only.png"))
    assert violations(page, axe) == []

    # a choice not made (614.12): said, with the field to make it, from the card's own "as ... enters, choose"
    add_card(page, "Conspiracy")
    expect(banner).to_contain_text("conspiracy has no chosen creature type")
    field = "[data-where='battlefield[3].choices.creature_type']"
    page.fill(field, "Elf")
    page.press(field, "Enter")
    expect(banner).not_to_contain_text("no chosen creature type")
    expect(row(page, "llanowar_elves")).to_contain_text("Creature — Elf")
    assert page.evaluate("document.activeElement.dataset.where") == "battlefield[3].choices.creature_type"
    expect(page.locator("#status")).to_contain_text("llanowar_elves type line")      # the live region says what changed
    page.locator("#explanation button.rule-link", has_text="613.1d").first.click()      # a rule number opens its text
    expect(page.locator("#rule")).to_contain_text("Layer 4: Type-changing effects are applied.")
    page.locator("#rule button").click()

    # the server gone: the answer is marked out of date, the spinner stops, Retry solves again
    page.route("**/api/solve", lambda route: route.abort())
    page.click("#solve")
    expect(banner).to_contain_text("The answer below is out of date: the server does not answer")
    expect(page.locator("body")).not_to_have_class("busy")
    assert "stale" in page.locator("#result-body").get_attribute("class")
    page.screenshot(path=str(artifacts / "banner_server_gone.png"))
    page.unroute("**/api/solve")
    page.click("#retry")
    expect(banner).not_to_contain_text("out of date")
    page.context.close()


def test_four_judge_questions_without_yaml(chromium, page_address, artifacts):
    page = open_page(chromium, page_address)

    # Painter's Servant naming blue, a Forest in Alice's library: the Forest is blue
    add_card(page, "Painter's Servant")
    pick(page, "[data-where='battlefield[0].choices.color']", "blue")
    page.select_option("#zone-kind", "libraries")
    add_card(page, "Forest", field="#zone-card")
    expect(row(page, "forest_in_library")).to_contain_text("blue")
    page.screenshot(path=str(artifacts / "painters_servant_library.png"), full_page=True)

    # the board is in the address, to send to another judge (the phone test opens such a link)
    kept = kept_board(page)
    assert kept["libraries"] == {"Alice": ["Forest"]} and kept["battlefield"][0]["choices"] == {"color": "blue"}
    # "New board" can be undone
    page.click("#clear")
    expect(page.locator("#objects li")).to_have_count(0)
    page.click("#undo")
    expect(page.locator("#objects li")).to_have_count(1)

    # Conspiracy naming Elf, Grizzly Bears in hand: a creature card in hand is an Elf
    page.click("#clear")
    add_card(page, "Conspiracy")
    field = "[data-where='battlefield[0].choices.creature_type']"
    page.fill(field, "Elf")
    page.press(field, "Enter")
    page.select_option("#zone-kind", "hands")
    add_card(page, "Grizzly Bears", field="#zone-card")
    expect(row(page, "grizzly_bears_in_hand")).to_contain_text("Creature — Elf")
    page.screenshot(path=str(artifacts / "conspiracy_hand.png"), full_page=True)

    # Necrotic Ooze with Llanowar Elves in a graveyard has its ability; Yixlid Jailer takes it away (613.8)
    page.click("#clear")
    add_card(page, "Necrotic Ooze")
    page.select_option("#zone-kind", "graveyards")
    add_card(page, "Llanowar Elves", field="#zone-card")
    expect(row(page, "necrotic_ooze")).to_contain_text("{T}: Add {G}.")
    add_card(page, "Yixlid Jailer")
    expect(row(page, "necrotic_ooze")).not_to_contain_text("{T}: Add {G}.")
    page.screenshot(path=str(artifacts / "necrotic_ooze_yixlid_jailer.png"), full_page=True)

    # Mirrorweave on a Clone that entered as a copy of Grizzly Bears: it becomes Llanowar Elves
    page.click("#clear")
    for name in ("Grizzly Bears", "Clone", "Llanowar Elves"):
        add_card(page, name)
    pick(page, "[data-where='battlefield[1].copy_of']", "grizzly_bears")
    expect(row(page, "clone")).to_contain_text("Grizzly Bears")
    page.fill("#effect-from", "Mirrorweave")
    page.select_option("#effect-kind", "copy")
    pick(page, "#effect-object", "llanowar_elves")
    page.click("#add-other-effect button[type=submit]")
    pick(page, "select[data-where='effects[0].affects']", "clone")
    expect(row(page, "clone")).to_contain_text("Llanowar Elves")
    expect(page.locator("#result-body td.pt[data-object=clone]")).to_have_text("1/1")
    page.screenshot(path=str(artifacts / "mirrorweave_clone.png"), full_page=True)
    page.context.close()


BANNER_BOARD = {"case": "Ancestral Mask on a Bear, Blood Moon and Urborg", "players": ["Alice", "Bob"],
                "battlefield": [{"card": "Grizzly Bears", "id": "grizzly_bears", "counters": {"+1/+1": 2}},
                                {"card": "Ancestral Mask", "id": "ancestral_mask", "attached_to": "grizzly_bears"},
                                {"card": "Urborg, Tomb of Yawgmoth", "id": "urborg"},
                                {"card": "Blood Moon", "id": "blood_moon"}]}


def test_a_phone_shows_the_answer_first_from_a_shared_link_and_storage(chromium, page_address, artifacts, axe):
    page = open_page(chromium, page_address, PHONE, shared(BANNER_BOARD))
    pt = page.locator("#summary .pt[data-object=grizzly_bears]")
    expect(pt).to_have_text("4/4 ?")
    # only what the unread line may change is marked: Ancestral Mask's count reaches P/T, not the type line
    expect(page.locator("#summary li").filter(has=page.locator(".pt[data-object=grizzly_bears]")).locator(".type")).to_have_text("Creature — Bear")
    box = pt.bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"], box         # P/T in the first screen
    banner = page.locator("#banner").bounding_box()
    assert banner["y"] < box["y"]                                   # the banner above the answer
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]    # no sideways scrolling
    graph = page.locator("#graph svg.deps").bounding_box()
    assert graph["x"] + graph["width"] <= PHONE["width"]             # the graph fits the width
    page.screenshot(path=str(artifacts / "phone_answer_first.png"))
    page.screenshot(path=str(artifacts / "phone_full.png"), full_page=True)
    assert violations(page, axe) == []
    again = open_page(chromium, page_address, context=page.context)        # a reload without the link: the stored board
    expect(again.locator("#summary .pt[data-object=grizzly_bears]")).to_have_text("4/4 ?")
    page.context.close()


def test_a_300_card_board_edits_in_under_two_seconds(chromium, page_address, artifacts):
    names = ["Grizzly Bears", "Llanowar Elves", "Forest", "Runeclaw Bear", "Savannah Lions"]
    board = {"case": "300 cards", "players": ["Alice", "Bob"],
             "battlefield": [{"card": "Glorious Anthem", "id": "anthem"}]
             + [{"card": names[i % 5], "id": f"card_{i}"} for i in range(299)]}
    page = open_page(chromium, page_address, LAPTOP, shared(board))
    expect(page.locator("td.pt[data-object=card_298]")).to_have_text("3/3")
    nodes = page.evaluate("document.getElementsByTagName('*').length")
    answer = int(page.evaluate("document.body.dataset.answerMs"))          # the 300-row answer, drawn
    field = "[data-where='battlefield[299].counters']"
    begun = time.monotonic()
    page.fill(field, "+1/+1: 1")
    page.press(field, "Enter")                    # the editor is drawn again at once; the solve follows
    expect(page.locator("#objects li").nth(299).locator(".counters")).to_have_value("+1/+1: 1")
    assert page.evaluate("document.activeElement.dataset.where") == "battlefield[299].counters"   # focus kept
    total = time.monotonic() - begun
    edit = int(page.evaluate("document.body.dataset.editMs"))
    print(f"\n300 cards: {nodes} DOM nodes; editor redrawn in {edit} ms ({total:.2f} s from the keystroke, "
          f"as Playwright sees it), the answer drawn in {answer} ms (the server's solve apart)")
    assert nodes < 30_000 and edit < 2000 and answer < 2000 and total < 2
    page.context.close()


def test_the_stack_in_the_editor_travels_in_the_link_and_rulings_show(chromium, page_address, artifacts, axe):
    page = open_page(chromium, page_address)
    for name in ("Painter's Servant", "Grizzly Bears", "Flametongue Kavu"):
        add_card(page, name)
    pick(page, "[data-where='battlefield[0].choices.color']", "blue")
    # a spell cast (by name) and a triggered ability of a permanent, each with its target (601.2c)
    add_card(page, "Lightning Bolt", field="#stack-spell")
    pick(page, "select[data-where='stack[0].targets']", "grizzly_bears")
    page.fill("[data-where='stack[0].x']", "two")                         # a decision mistyped: said at its field
    page.press("[data-where='stack[0].x']", "Enter")
    expect(page.locator("#stack-entries li").nth(0).locator(".field-error .problem")).to_contain_text(
        "Lightning Bolt (stack, 1 from the bottom), x: expected a whole number, got a string 'two'")
    page.fill("[data-where='stack[0].x']", "")
    page.press("[data-where='stack[0].x']", "Enter")
    pick(page, "#stack-source", "flametongue_kavu")
    page.click("#add-stack-ability button[type=submit]")
    pick(page, "select[data-where='stack[1].targets']", "grizzly_bears")
    expect(row(page, "flametongue_kavu_ability")).to_be_visible()
    expect(row(page, "lightning_bolt")).to_contain_text("blue, red")       # Painter's Servant reaches the stack
    # ordered: the Bolt moved to the top (the last entry, 405.5)
    page.click("button[aria-label='move Lightning Bolt up the stack']")
    expect(page.locator("#stack-entries li").nth(1)).to_contain_text("Lightning Bolt")
    expect(page.locator("#stack-entries li").nth(0)).to_contain_text("ability 1 of flametongue_kavu")
    page.wait_for_function("() => location.hash.length > 10 && JSON.parse(new TextDecoder().decode(Uint8Array.from("
                           "atob(location.hash.slice(7).replace(/-/g, '+').replace(/_/g, '/')), c => c.charCodeAt(0))))"
                           ".stack[0].ability_of === 'flametongue_kavu'")
    stack = kept_board(page)["stack"]
    assert stack == [{"ability_of": "flametongue_kavu", "ability": 1, "id": "flametongue_kavu_ability",
                      "targets": ["grizzly_bears"]},
                     {"card": "Lightning Bolt", "id": "lightning_bolt", "targets": ["grizzly_bears"]}]
    page.screenshot(path=str(artifacts / "stack_editor.png"), full_page=True)
    page.set_viewport_size(PHONE)                                           # the stack's rows fit a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#stack").screenshot(path=str(artifacts / "stack_phone.png"))
    page.set_viewport_size(LAPTOP)

    # the link in another browser: the same stack, the same answer; a reload there keeps it (storage)
    other = open_page(chromium, page_address, fragment=page.url[page.url.index("#"):])
    expect(other.locator("#stack-entries li")).to_have_count(2)
    expect(other.locator("#stack-entries li").nth(1)).to_contain_text("Lightning Bolt")
    expect(row(other, "lightning_bolt")).to_contain_text("blue, red")
    again = open_page(chromium, page_address, context=other.context)
    expect(again.locator("#stack-entries li").nth(1)).to_contain_text("Lightning Bolt")
    other.context.close()

    # a card whose imported data carries rulings: shown under the answer, folded, each dated
    add_card(page, "Metamorphic Alteration")
    rulings = page.locator("#rulings details[data-card='Metamorphic Alteration']")
    expect(rulings.locator("summary")).to_have_text("Metamorphic Alteration: 1 ruling")
    assert not rulings.locator("li").is_visible()                          # collapsed
    rulings.locator("summary").click()
    expect(rulings.locator("li")).to_have_text("2018-07-13 If the chosen creature isn't normally a creature (for "
                                               "example, if the chosen creature is an animated Treetop Village), the "
                                               "enchanted creature becomes a copy of that noncreature permanent.")
    assert page.locator("#rulings details").count() == 1                  # the pool's cards carry none
    page.click("#objects li:nth-child(2) button[aria-label='move grizzly_bears later']")   # an edit: it stays open
    expect(page.locator("#objects li:nth-child(3) .object-id")).to_have_text("grizzly_bears")
    expect(rulings.locator("li")).to_be_visible()
    page.locator("#rulings").screenshot(path=str(artifacts / "rulings.png"))
    assert violations(page, axe) == []
    page.context.close()
