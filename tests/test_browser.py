"""A real browser against `rulecheck serve`: Debian's Chromium driven by Playwright, headless.

Home page → search "Cautious Movement" → a rule → a FAQ that settles it → the ask page's verdict.
Screenshots at phone width go to tests/artifacts/ (git-ignored) for a person to look at.
"""
from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
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


@pytest.fixture
def server(built_db: Path):
    """`rulecheck serve` on a free loopback port, as a subprocess; stopped at the end."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", "from rulecheck.cli.main import cli; cli()", "serve",
         "--db", str(built_db), "--port", str(port), "--host", "127.0.0.1"],
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
    page.fill("#rc-ask-q", QUESTION)
    page.click(".rc-form button")
    page.wait_for_selector(".rc-verdict")
    assert page.locator(".rc-verdict").get_attribute("data-verdict") == "no"
    assert page.locator(".rc-citation").count() > 0
    assert page.locator(".rc-citation a").first.get_attribute("href").startswith("/")
    page.screenshot(path=str(ARTIFACTS / "ask-page-phone.png"), full_page=True)
