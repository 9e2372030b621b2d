"""HTML saved from a wiki page: headings as labels, lists and nested lists, links, junk dropped."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.ingest.detect import detect_format
from rulecheck.ingest.html import link_title, parse_html

GOLDEN = Path(__file__).parent / "golden" / "html"
CASES = sorted(p.stem for p in GOLDEN.glob("*.html"))


def _page(case: str):
    return parse_html((GOLDEN / f"{case}.html").read_text(encoding="utf-8"), case)


@pytest.mark.parametrize("case", CASES)
def test_golden(case, golden):
    golden(_page(case), GOLDEN / f"{case}.json")


@pytest.mark.parametrize("case", CASES)
def test_detected_as_html(case):
    assert detect_format((GOLDEN / f"{case}.html").read_text(encoding="utf-8")) == "html"


def test_page_links_category_and_interlanguage():
    assert [(x.kind, x.to_title) for x in _page("headings_lists").links] == [("category", "Game States")]
    assert [(x.kind, x.to_title, x.lang) for x in _page("nav_junk").links] == [("interlanguage", "Camouflaged", "en")]


def test_junk_leaves_nothing_behind():
    everything = " ".join(r.text for r in _page("nav_junk").rules)
    for junk in ("Contenidos", "tracking", "Dead State", "licencia", "Terminología", "color"):
        assert junk not in everything


def test_rule_lines_are_html_source_lines():
    page = _page("headings_lists")
    assert [(r.key, r.line) for r in page.rules[:2]] == [("activation-1", 11), ("effects-1", 14)]


@pytest.mark.parametrize("attrs, title", [
    ({"href": "/wiki/Cautious_Movement"}, "Cautious Movement"),
    ({"href": "/wiki/Line_of_Fire", "title": "LoF"}, "LoF"),
    ({"href": "/index.php?title=Open_and_Private_Information&action=edit"}, "Open and Private Information"),
    ({"href": "/wiki/Retreat%21"}, "Retreat!"),
    ({"href": "#Effects"}, None),
])
def test_link_title(attrs, title):
    from bs4 import BeautifulSoup

    anchor = BeautifulSoup("<a>x</a>", "html.parser").a
    anchor.attrs.update(attrs)
    assert link_title(anchor) == title


def test_headless_fragment_uses_wording_and_the_title_hint():
    html = ("<ul><li>Automatic when deployed.</li><li>While in this State, nothing is shown.</li></ul>"
            "<p>A Trooper's HoloMask State is canceled whenever:</p><ul><li>It is Discovered.</li></ul>")
    page = parse_html(html, "frag.html", title="HoloMask State")
    assert page.title == "HoloMask State"
    assert [(r.key, r.parent_key) for r in page.rules] == [
        ("activation-1", None), ("effects-1", None), ("cancellation-1", None), ("cancellation-1-1", "cancellation-1")]


def test_broken_markup_never_raises():
    for html in ["", "<", "<ul><li>open item<ul><li>deeper", "<h2>Effects<p>text</h2>", "<p><br><br></p>",
                 "<h2>FAQ</h2><p>A: answer first</p>"]:
        parse_html(html, "broken.html")
