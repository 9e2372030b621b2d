"""A real browser against `rulecheck serve`: Debian's Chromium driven by Playwright, headless.

Home page → search "Cautious Movement" → a rule → a FAQ that settles it → the ask page's verdict.
Screenshots at phone width (ask page, rule page, a canned query, the rules table) go to tests/artifacts/ (git-ignored) for a person to look at.
"""
from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 390, "height": 844}
QUESTION = "Is a Camouflaged trooper revealed if it declares Cautious Movement?"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(url: str, server: subprocess.Popen, deadline_s: float = 60.0) -> None:
    """Poll `url` until it answers; fail with the server's output if it exits or never answers."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        if server.poll() is not None:
            pytest.fail(f"rulecheck serve exited with {server.returncode}:\n{server.stdout.read()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    pytest.fail(f"rulecheck serve did not answer {url} within {deadline_s:.0f}s")


@contextmanager
def serving(db: Path, port: int):
    """`rulecheck serve` on `port` of the loopback, as a subprocess, up until the block ends."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from rulecheck.cli.main import cli; cli()", "serve",
         "--db", str(db), "--port", str(port), "--host", "127.0.0.1"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base + "/", proc)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def server(built_db: Path):
    """`rulecheck serve` on a free loopback port; stopped at the end."""
    with serving(built_db, free_port()) as base:
        yield base


def test_serve_restarts_on_the_same_port_at_once(built_db):
    """Stopping the server leaves its closed connections in TIME-WAIT; starting again must work."""
    port = free_port()
    with serving(built_db, port) as base:
        for _ in range(3):
            urllib.request.urlopen(base + "/-/ask.json?q=Is+a+camo+marker+revealed+by+Cautious+Movement", timeout=10).read()
    with socket.socket() as plain, pytest.raises(OSError):
        plain.bind(("127.0.0.1", port))  # the port is still taken for a plain bind: TIME-WAIT
    with serving(built_db, port) as base:
        with urllib.request.urlopen(base + "/", timeout=10) as response:
            assert response.status == 200


@pytest.fixture
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("The browser test needs the Python package playwright: pip install '.[test]'")
    if not CHROMIUM.exists():
        pytest.skip(f"Chromium is not installed at {CHROMIUM}: install it with `apt-get install -y chromium` "
                    "(scripts/test.sh does so when run as root). The browser test did NOT run.")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def test_search_rule_faq_and_ask_in_a_real_browser(server, browser):
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport=PHONE, device_scale_factor=2)
    page.set_default_timeout(15_000)

    page.goto(server + "/")
    assert "rulecheck" in page.title()
    page.fill("#rc-search-q", "Cautious Movement")
    page.click("form[role=search] button")
    page.wait_for_url("**/-/search?q=Cautious*")
    rule_links = page.locator(".rc-hit-rule a.rc-hit-link")
    assert rule_links.count() > 0, "searching Cautious Movement found no rule"
    hrefs = [rule_links.nth(i).get_attribute("href") for i in range(rule_links.count())]

    # Open the rules the search found until one has a FAQ that settles it, and follow that link.
    for href in hrefs:
        page.goto(server + href)
        assert page.locator(".rc-rule-id").inner_text() == href.rsplit("/", 1)[1]
        faq_links = page.locator(".rc-faqs a")
        if faq_links.count():
            break
    else:
        pytest.fail(f"none of the rules found for Cautious Movement links to a FAQ: {hrefs}")
    page.screenshot(path=str(ARTIFACTS / "rule-page-phone.png"), full_page=True)
    faq_links.first.click()
    page.wait_for_url("**/faqs/**")
    assert page.locator("h1.rc-title").inner_text() in ("FAQ", "Errata")
    assert page.locator(".rc-quote .rc-q").inner_text().strip()

    page.goto(server + "/-/ask")
    page.fill("#rc-ask-q", "Is a Camouflaged trooper revealed")
    page.press("#rc-ask-q", "Shift+Enter")  # a new line, not a question asked
    page.type("#rc-ask-q", "if it declares Cautious Movement?")
    assert page.input_value("#rc-ask-q") == QUESTION.replace("revealed ", "revealed\n")
    assert page.locator(".rc-verdict").count() == 0
    page.fill("#rc-ask-q", QUESTION)
    page.press("#rc-ask-q", "Enter")  # Enter asks
    page.wait_for_selector(".rc-verdict")
    assert page.input_value("#rc-ask-q") == QUESTION
    assert page.locator(".rc-verdict").get_attribute("data-verdict") == "no"
    assert page.locator(".rc-citation").count() > 0
    assert page.locator(".rc-citation a").first.get_attribute("href").startswith("/")
    page.screenshot(path=str(ARTIFACTS / "ask-page-phone.png"), full_page=True)
    # The verdict states its outcome; "no" and "yes" look alike (neither reads as good or bad).
    assert page.locator(".rc-verdict-outcome").inner_text() == "stays hidden"
    no_colours = _colours(page.locator(".rc-verdict"))
    page.fill("#rc-ask-q", "A camo marker declares a BS Attack. Is it revealed?")
    page.click(".rc-form button")
    page.wait_for_selector(".rc-verdict[data-verdict=yes]")
    assert _colours(page.locator(".rc-verdict")) == no_colours
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def _colours(locator) -> tuple[str, str]:
    return locator.evaluate("e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color].join(' ')")


def test_canned_query_and_rules_table_fit_a_phone(server, browser, built_db):
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport=PHONE, device_scale_factor=2)
    page.set_default_timeout(15_000)
    stem = built_db.stem

    page.goto(f"{server}/{stem}/cancels_state?state=CAMO")
    assert page.title().startswith("Everything that cancels a state")
    assert page.locator(".rows-and-columns tbody tr").count() > 0, "CAMO found no Cancellation bullet"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(ARTIFACTS / "canned-query-phone.png"), full_page=True)
    rule_link = page.locator(".rows-and-columns td.col-id a").first
    href = rule_link.get_attribute("href")
    assert href == f"/{stem}/rules/" + rule_link.inner_text()  # rule ids are links to their rows
    rule_link.click()
    page.wait_for_url(f"**{href}")
    assert page.locator(".rc-rule-id").inner_text() == href.rsplit("/", 1)[1]

    page.goto(f"{server}/{stem}/cancels_state?state=camoflaged")  # a typo: the closest state, said so
    assert "showing Camouflaged" in page.locator(".rc-name-note").inner_text()
    assert page.locator(".rows-and-columns tbody tr").count() > 0

    page.goto(f"{server}/{stem}/faqs_for_page")  # opened with the parameter empty: every FAQ, not "0 results"
    assert page.locator(".rows-and-columns tbody tr").count() > 0
    assert page.locator(".zero-results").count() == 0

    page.goto(f"{server}/{stem}/rules")
    assert not page.locator("dl.column-descriptions").is_visible()
    assert not page.locator(".rc-column-descriptions dl").is_visible()  # folded until asked for
    assert page.locator(".rows-and-columns tbody tr").count() == 20
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 20_000, f"the rules table is {height} px tall on a phone"
    page.screenshot(path=str(ARTIFACTS / "rules-table-phone.png"), full_page=True)
