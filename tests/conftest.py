from pathlib import Path

import pytest


def pytest_addoption(parser):
    parser.addoption("--fuzz-long", action="store_true", default=False,
                     help="run the fuzz tests with 20 times more inputs")

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"


@pytest.fixture
def write_case(tmp_path):
    """Write a case file from text and return its path."""
    def write(text: str, name: str = "case.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return write


@pytest.fixture
def refused(write_case, capsys):
    """Check a case written from text: it must be refused as bad input (exit 2) with one message that
    names the file, never a traceback. Returns the message."""
    from bridge.interfaces.cli.main import main

    def check(text: str, name: str = "case.yaml") -> str:
        path = write_case(text, name)
        assert main(["check", str(path)]) == 2
        err = capsys.readouterr().err
        assert str(path) in err
        assert "Traceback" not in err
        return err
    return check


# The judges' page in a browser (tests/web_browser.py): one server and one Chromium for the session.
@pytest.fixture(scope="session")
def page_server_and_browser(tmp_path_factory):
    from web_browser import ARGS, ASSERTION_MS, CHROMIUM, served_with_rulings
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); .ci/run does")
    from playwright.sync_api import expect, sync_playwright
    expect.set_options(timeout=ASSERTION_MS)
    with served_with_rulings(tmp_path_factory.mktemp("page-store") / "cards.sqlite") as (_, address), \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            yield browser, address()          # the server warmed up while Chromium started
        finally:
            browser.close()


@pytest.fixture(scope="session")
def chromium(page_server_and_browser):
    return page_server_and_browser[0]


@pytest.fixture(scope="session")
def page_address(page_server_and_browser):
    return page_server_and_browser[1]


@pytest.fixture(scope="session")
def artifacts():
    from web_browser import artifact_folder
    return artifact_folder()


@pytest.fixture(scope="session")
def axe():
    from web_browser import installed_axe
    return installed_axe()
