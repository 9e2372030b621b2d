"""Rulebook text copied from a PDF: `►` bullets, nesting by indentation, hard wraps, labels."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.ingest.detect import detect_format
from rulecheck.ingest.rulebook import join_wrapped, parse_rulebook

GOLDEN = Path(__file__).parent / "golden" / "rulebook"
CASES = sorted(p.stem for p in GOLDEN.glob("*.txt"))


@pytest.mark.parametrize("case", CASES)
def test_golden(case, golden):
    golden(parse_rulebook((GOLDEN / f"{case}.txt").read_text(encoding="utf-8"), case), GOLDEN / f"{case}.json")


@pytest.mark.parametrize("case", CASES)
def test_detected_as_rulebook(case):
    assert detect_format((GOLDEN / f"{case}.txt").read_text(encoding="utf-8")) == "rulebook"


@pytest.mark.parametrize("first, more, joined", [
    ("by ex-", "pending one Order", "by expending one Order"),
    ("declare Look-", "Out! as an ARO", "declare Look-Out! as an ARO"),
    ("a TO Camouflage Marker (TO", "CAMO).", "a TO Camouflage Marker (TO CAMO)."),
    ("a roll of 1-", "20", "a roll of 1- 20"),
])
def test_join_wrapped(first, more, joined):
    assert join_wrapped(first, more) == joined


def test_wrapped_bullet_keeps_its_first_line_and_all_source_lines():
    page = parse_rulebook("X\n\nEFFECTS\n► One two\n  three four.\n► Five.\n", "x")
    first, second = page.rules
    assert (first.text, first.line, first.source) == ("One two three four.", 4, "► One two\n  three four.")
    assert (second.key, second.line) == ("effects-2", 6)


def test_bullets_without_a_label_warn_and_land_in_effects():
    page = parse_rulebook("► A bullet.\n► Another.\n", "nolabel.txt")
    assert [r.key for r in page.rules] == ["effects-1", "effects-2"]
    assert [(w.line, w.code) for w in page.warnings] == [(1, "no-sections")]
    assert page.title == ""


def test_title_falls_back_to_the_hint_when_the_first_line_is_a_label():
    assert parse_rulebook("ACTIVATION\n► Automatic.\n", "x", title="TO Camouflaged").title == "TO Camouflaged"


def test_odd_input_never_raises():
    for text in ["", "►", "►\n  ►\n►", "  ► deep first\n► shallow", "EFFECTS\n\n\n-", "FAQ\nQ: x"]:
        parse_rulebook(text, "odd")
