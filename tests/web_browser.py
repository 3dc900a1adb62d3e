"""Test helpers for the judges' page in Debian's Chromium (Playwright): one server and one browser for the
whole session (the fixtures `chromium`, `page_address`, `artifacts` and `axe` in tests/conftest.py start
them), a new browser context (its own storage) per page, and the steps the tests share. Nothing here
sleeps: every wait is on a condition of the page."""
from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parent.parent
AXE_VERSION = "4.14.1"          # axe-core, pinned; installed from the npm registry on first use (not vendored)
AXE = ROOT / ".cache" / f"axe-core-{AXE_VERSION}" / "node_modules" / "axe-core" / "axe.min.js"
LAPTOP, PHONE = {"width": 1366, "height": 768}, {"width": 390, "height": 844}
# how long an assertion waits for the page (Playwright's default, 5 s, is too short for an answer under the
# whole suite's load: an expected text that never comes still fails); tests that solve more ask for more
ASSERTION_MS = 20_000
RULINGS_FILE = ROOT / "tests" / "data" / "rulings" / "atomic_cards_with_rulings.json"


@contextmanager
def served_with_rulings(store: Path):
    """`mtg-layers serve --port 0 --timeout 60` as a process, its card store holding the hand-made
    import file with rulings (tests/data/rulings); yields (the process, a function that waits for its
    address). The caller starts the browser meanwhile: both start at once."""
    from bridge.cards.bulk_import import mtgjson_cards
    from bridge.cards.store import CardStore
    with RULINGS_FILE.open("rb") as stream:
        cards = CardStore(store, create=True)
        cards.add_all(mtgjson_cards(stream, str(RULINGS_FILE)), str(RULINGS_FILE), "mtgjson")
        cards.db.close()
    process = subprocess.Popen([sys.executable, "-m", "bridge.interfaces.cli.main", "serve", "--port", "0",
                                "--timeout", "60"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "MTG_LAYERS_CARD_STORE": str(store)})

    def address() -> str:
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line, (line, process.stderr.read() if process.poll() is not None else "")
        return line.split(" is at ")[1].split()[0]
    try:
        yield process, address
    finally:
        process.kill()
        process.wait(timeout=30)


def artifact_folder() -> Path:
    folder = Path(os.environ.get("MTG_LAYERS_ARTIFACTS") or tempfile.mkdtemp(prefix="mtg-layers-web-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nbrowser test artifacts (screenshots): {folder}")
    return folder


def installed_axe() -> Path:
    import pytest
    if not AXE.exists():
        if not shutil.which("npm"):
            pytest.fail("npm is missing: the accessibility check installs axe-core with it (apt-get install npm)")
        done = subprocess.run(["npm", "install", "--prefix", str(AXE.parents[2]), f"axe-core@{AXE_VERSION}", "--no-audit",
                               "--no-fund", "--silent"], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0 and AXE.exists(), f"npm install axe-core@{AXE_VERSION} failed: {done.stderr[-2000:]}"
    return AXE


def violations(page, axe: Path) -> list[str]:
    """axe-core's WCAG 2 A/AA violations on the page as it is (the page's CSP is bypassed for the script)."""
    page.add_script_tag(path=str(axe))
    return page.evaluate("() => axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa']}})"
                         ".then(r => r.violations.map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', ')))")


def open_page(browser, address, size=LAPTOP, fragment="", context=None):
    """The page in a new browser context (empty storage: a new board), or in `context` (a reload)."""
    context = context or browser.new_context(viewport=size, bypass_csp=True, accept_downloads=True)
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.script_errors = []                                      # said when a wait fails (wait_solved)
    page.on("pageerror", lambda error: page.script_errors.append(str(error)))
    page.goto(address + fragment)
    page.wait_for_selector("body[data-ready=true]")
    return page


def shared(board: dict) -> str:
    """The address fragment the page writes for a board (base64url of its JSON)."""
    return "#board=" + base64.urlsafe_b64encode(json.dumps(board).encode()).decode().rstrip("=")


def kept_board(page) -> dict:
    """The board the page wrote into its address."""
    return json.loads(base64.urlsafe_b64decode(page.url.split("#board=")[1] + "==="))


def add_card(page, name: str, field: str = "#card-name") -> None:
    """A name typed into an adder once the completion offers it (so the page knows its id), then Enter."""
    page.fill(field, name)
    page.wait_for_function("name => [...document.querySelectorAll('#card-names option')].some(o => o.value === name)",
                           arg=name)
    page.press(field, "Enter")


def wait_solved(page, before: str | None) -> str:
    """Waits for a solve newer than `before` to be drawn; returns its number."""
    from playwright.sync_api import TimeoutError
    try:
        page.wait_for_function("before => document.body.dataset.solved && document.body.dataset.solved !== before "
                               "&& !document.body.classList.contains('busy')", arg=before)
    except TimeoutError:
        raise AssertionError(f"no new answer; the page says {page.locator('#status').inner_text()!r}, "
                             f"script errors: {getattr(page, 'script_errors', [])}") from None
    return page.evaluate("document.body.dataset.solved")


def pt_of(page, object_id: str) -> str:
    return page.locator(f'td.pt[data-object="{object_id}"]').inner_text()


def row(page, object_id: str):
    """The characteristics table's row of an object (any zone)."""
    return page.locator(f"#result-body tr:has(button.object-link:text-is('{object_id}'))")


def pick(page, selector: str, value: str) -> None:
    page.focus(selector)                                         # menus are filled when opened
    page.select_option(selector, value)
