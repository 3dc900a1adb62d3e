"""The judges' page in a real headless Chromium (Debian's /usr/bin/chromium, driven by Playwright):
one judge's story from issue 22. Chromium missing is a failure, not a skip: .ci/run installs it. The
server and the browser are the session's (tests/conftest.py, tests/web_browser.py)."""
from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from bridge.interfaces.cli.main import main
from web_browser import ROOT, add_card, open_page, pt_of, wait_solved

LOOP_CASE = ROOT / "cases" / "dependency" / "loop_color_swap.yaml"


def test_a_judges_story(chromium, page_address, artifacts, tmp_path, capsys, monkeypatch):
    page = open_page(chromium, page_address)

    # Humility + Opalescence by name, with a bear: Humility entered first is 4/4 (613.6, 613.7)
    solved = None
    for name in ("Humility", "Opalescence", "Grizzly Bears"):
        add_card(page, name)
        solved = wait_solved(page, solved)
    assert [pt_of(page, i) for i in ("humility", "opalescence", "grizzly_bears")] == ["4/4", "—", "1/1"]
    page.screenshot(path=str(artifacts / "humility_opalescence.png"), full_page=True)

    # swap the timestamps by dragging Opalescence above Humility: now Humility is 1/1
    page.drag_and_drop("#objects li:nth-child(2) .handle", "#objects li:nth-child(1)")
    solved = wait_solved(page, solved)
    assert page.locator("#objects li:nth-child(1) .object-id").inner_text() == "opalescence"
    assert pt_of(page, "humility") == "1/1"
    assert pt_of(page, "grizzly_bears") == "1/1"
    page.screenshot(path=str(artifacts / "opalescence_humility.png"), full_page=True)

    # and back with the buttons (phones, keyboards)
    page.click("button[aria-label='move humility earlier']")
    solved = wait_solved(page, solved)
    assert pt_of(page, "humility") == "4/4"

    # an object's history, with rule numbers
    page.click("button.object-link:text-is('humility')")
    history = page.locator("#history")
    history.wait_for(state="visible")
    assert re.search(r"layer 7b, CR 613\.4b", history.inner_text())

    # the editions compared
    page.click("#compare")
    page.wait_for_selector("#comparison h3")
    assert "Compared: current, m10, pre-m10" in page.locator("#comparison").inner_text()

    # a resolved effect: Giant Growth on the bear, +3/+3 in 7c after Humility's 1/1 in 7b
    add_card(page, "Giant Growth", field="#effect-spell")
    solved = wait_solved(page, solved)
    page.focus("#effects li:nth-child(1) select")          # the menu of objects is filled when it is opened
    page.select_option("#effects li:nth-child(1) select", "grizzly_bears")
    solved = wait_solved(page, solved)
    assert pt_of(page, "grizzly_bears") == "4/4"
    page.click("#effects li:nth-child(1) button[aria-label$='remove effect 1']")
    solved = wait_solved(page, solved)
    assert pt_of(page, "grizzly_bears") == "1/1"

    # an error next to the field that caused it, in the page's words (the card and the field, no file or
    # line); the command line's line for the downloaded file folded under it, the same as `check` prints
    page.fill("#objects li:nth-child(3) .counters", "+1/+1: lots")
    page.press("#objects li:nth-child(3) .counters", "Tab")
    error = page.locator("#objects li:nth-child(3) .field-error")
    error.wait_for()
    assert error.locator(".problem").inner_text() == ("Grizzly Bears (battlefield, #3), counters +1/+1: expected a "
                                                      "whole number, got a string 'lots'")
    assert "board.yaml" not in error.locator(".problem").inner_text()
    with page.expect_download() as download:
        page.click("#download")
    board = tmp_path / "board.yaml"
    download.value.save_as(board)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "board.yaml"]) == 2
    assert error.locator(".file-line code").text_content() in capsys.readouterr().err
    assert not error.locator(".file-line code").is_visible()               # folded

    # a pasted case file with a mistake: the board loads, the error is next to its field, in the page's
    # words, the name field as wide as before, and the names it suggests are buttons that apply the name
    page.click("#paste-toggle")
    page.fill("#paste-text", "case: pasted\nbattlefield:\n  - card: Humility\n  - card: Opalesence\n")
    name_width = page.locator("#objects li:nth-child(1) .card-input").bounding_box()["width"]
    page.click("#paste-load")
    error = page.locator("#objects li:nth-child(2) .field-error")
    error.wait_for()
    assert error.locator(".problem").inner_text().startswith(
        "Opalesence (battlefield, #2), name: unknown card 'Opalesence' (did you mean 'Opalescence'")
    assert "fix the name, or add the card with its printed values under “A card not in the pool”" in error.inner_text()
    assert "mtg-layers" not in error.locator(".problem").inner_text()
    assert error.locator(".file-line code").text_content().startswith(
        "pasted.yaml:4:5 at battlefield[1].card: unknown card 'Opalesence'")    # the pasted text's line and column
    # the row is drawn again when its card's facts arrive (a moment later under load): measured in the page
    # once it is stable, not on a row that may be replaced while Playwright measures it
    page.wait_for_function("""(least) => {
        const input = document.querySelector("#objects li:nth-child(2) .card-input");
        return input !== null && input.getBoundingClientRect().width >= least;
    }""", arg=name_width - 1, timeout=10_000)
    expect(page.locator("#banner")).to_contain_text("The answer below is out of date: the board has errors")
    page.locator("#objects").screenshot(path=str(artifacts / "error_in_page_words.png"))
    page.click("#objects li:nth-child(2) button.suggestion:text-is('Opalescence')")
    wait_solved(page, solved)
    assert page.locator("#objects li:nth-child(2) .card-input").input_value() == "Opalescence"
    assert pt_of(page, "humility") == "4/4" and page.locator(".field-error").count() == 0
    page.context.close()


def test_the_graph_of_blood_moon_and_urborg_and_a_loop(chromium, page_address, artifacts):
    page = open_page(chromium, page_address)
    solved = None
    for name in ("Urborg, Tomb of Yawgmoth", "Blood Moon"):
        add_card(page, name)
        solved = wait_solved(page, solved)
    graph = page.locator("#graph svg.deps")
    assert graph.count() == 1
    nodes = graph.locator(".node").all_text_contents()
    assert any("Blood Moon" in n for n in nodes) and any("Urborg" in n for n in nodes)
    assert graph.locator(".edge").count() == 1 and graph.locator(".edge.loop").count() == 0
    assert "Urborg, Tomb of Yawgmoth (urborg_tomb_of_yawgmoth): Each land is a Swamp" in \
        page.locator("#graph").inner_text()                   # the reason, under the graph
    assert "existence" in page.locator("#graph").inner_text()
    page.locator("#graph").screenshot(path=str(artifacts / "blood_moon_urborg_graph.png"))

    # a case file with a dependency loop, uploaded: the loop is marked
    page.set_input_files("#upload", str(LOOP_CASE))
    wait_solved(page, solved)
    assert page.locator("#graph svg.deps .edge.loop").count() >= 2
    assert "loop" in page.locator("#graph svg.deps").first.text_content()
    with page.expect_download() as download:          # not edited: the file itself, byte for byte
        page.click("#download")
    assert download.value.suggested_filename == LOOP_CASE.name
    assert Path(download.value.path()).read_bytes() == LOOP_CASE.read_bytes()
    page.context.close()


def test_a_phone_screen(chromium, page_address, artifacts):
    page = open_page(chromium, page_address, {"width": 390, "height": 844})
    page.set_input_files("#upload", str(ROOT / "cases" / "classics" / "humility_then_opalescence.yaml"))
    wait_solved(page, None)
    assert pt_of(page, "humility") == "4/4"
    # one column, nothing wider than the screen but the table's own scrolling box; the answer first
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board, result = page.locator("#board").bounding_box(), page.locator("#results").bounding_box()
    assert board["y"] >= result["y"] + result["height"] - 1
    page.screenshot(path=str(artifacts / "phone.png"), full_page=True)
    page.context.close()


def test_names_are_text_and_an_odd_file_is_said(chromium, page_address, tmp_path):
    page = open_page(chromium, page_address)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    hostile = tmp_path / "hostile.yaml"
    hostile.write_text('case: "<img src=x onerror=alert(1)>"\nbattlefield:\n'
                       '  - card: {name: "<b>Bold</b> <img src=x onerror=alert(2)>", type_line: Creature — Elf, pt: 1/1}\n'
                       '    id: "<i>elf</i>"\n', encoding="utf-8")
    page.set_input_files("#upload", str(hostile))
    solved = wait_solved(page, None)
    table = page.locator("table.characteristics")
    assert table.locator("td").nth(1).inner_text() == "<b>Bold</b> <img src=x onerror=alert(2)>"
    assert page.locator("#results img, #results b, #results i").count() == 0 and dialogs == []

    odd = tmp_path / "odd.yaml"
    odd.write_text("case: odd\nbattlefield: {card: Humility}\n", encoding="utf-8")
    page.set_input_files("#upload", str(odd))
    error = page.locator("#board .field-error").first
    error.wait_for()
    assert error.locator(".problem").inner_text() == "The battlefield: expected a list of permanents"
    assert error.locator(".file-line code").text_content() == "odd.yaml:2:1 at battlefield: expected a list of permanents"
    add_card(page, "Humility")                       # the page still works: the list starts again
    wait_solved(page, solved)
    page.context.close()


def test_ties_triggers_state_based_actions_and_the_rules_edition(chromium, page_address):
    page = open_page(chromium, page_address)
    shown = {}
    solved = None
    for name, case in (("ties", "cr613/gray_ogre.yaml"), ("triggers", "events/s000_503_5_clone_striped_bears.yaml"),
                       ("sba", "sba/mycosynth_lattice_march_aura.yaml")):
        page.set_input_files("#upload", str(ROOT / "cases" / case))
        solved = wait_solved(page, solved)
        shown[name] = page.locator("#result-body").inner_text()
        shown[f"{name} explained"] = page.locator("#explanation").inner_text()
    assert "Ties a player must order (613.7k)" in shown["ties"] and "613.7k" in shown["ties"]
    assert "event 1: enters clone — clone triggers" in shown["triggers"]
    assert 'clone: "When this creature enters, draw a card." triggers for clone' in shown["triggers explained"]
    assert "State-based actions (704)" in shown["sba"] and "rancor" in shown["sba"] and "(704.5m)" in shown["sba"]

    # the edition: Gray Ogre is 5/8 today, 1/4 under the rules before 2009 (418.5a)
    page.set_input_files("#upload", str(ROOT / "cases" / "cr613" / "gray_ogre.yaml"))
    solved = wait_solved(page, solved)
    assert pt_of(page, "gray_ogre") == "5/8"
    page.select_option("#rules", "pre-m10")
    solved = wait_solved(page, solved)
    assert pt_of(page, "gray_ogre") == "1/4" and "rules: pre-m10" in page.locator("#result-body").inner_text()
    page.context.close()
