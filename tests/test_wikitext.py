"""The MediaWiki parser: golden cases (tests/golden/wikitext/<case>.wiki → <case>.json) and properties.

Regenerate the expected files only on purpose, then read every diff by hand:
    RULECHECK_REGEN=1 pytest tests/test_wikitext.py
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.ingest.plainify import plain_text, split_link_title, strip_quotes
from rulecheck.ingest.records import Page
from rulecheck.ingest.wikitext import parse_wikitext

GOLDEN = Path(__file__).parent / "golden" / "wikitext"
CASES = sorted(path.stem for path in GOLDEN.glob("*.wiki"))
MARKUP = re.compile(r"\[\[|\]\]|\{\{|\}\}|''|<\s*/?\s*[a-zA-Z][^>]*>|^\s*\|\}", re.M)


def parse_case(case: str) -> Page:
    path = GOLDEN / f"{case}.wiki"
    return parse_wikitext(path.read_text(encoding="utf-8"), source=f"{case}.wiki")


@pytest.mark.parametrize("case", CASES)
def test_golden(case, golden):
    golden(parse_case(case), GOLDEN / f"{case}.json")


def test_every_golden_input_has_an_expected_file():
    assert CASES
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == CASES


def _norm(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("case", CASES)
def test_rule_text_comes_from_its_source_and_has_no_markup(case):
    page = parse_case(case)
    for rule in page.rules:
        assert rule.text and rule.text == rule.text.strip()
        assert _norm(rule.text) in _norm(plain_text(rule.source)), rule.key
        assert not MARKUP.search(rule.text), (rule.key, rule.text)
        assert "  " not in rule.text


@pytest.mark.parametrize("case", CASES)
def test_every_faq_has_a_question_and_an_answer_without_markup(case):
    for faq in parse_case(case).faqs:
        assert faq.question.strip() and faq.answer.strip()
        assert not MARKUP.search(faq.question) and not MARKUP.search(faq.answer)
        assert not faq.question.lower().startswith("q:") and not faq.answer.lower().startswith("a:")
        assert faq.source and faq.line


@pytest.mark.parametrize("case", CASES)
def test_rule_keys_ordinals_and_lines(case):
    page = parse_case(case)
    keys = [r.key for r in page.rules]
    assert len(keys) == len(set(keys))
    assert [r.ordinal for r in page.rules] == list(range(1, len(page.rules) + 1))
    lines = page.raw.splitlines()
    for rule in page.rules:
        # The source fragment starts on the line the rule says.
        assert lines[rule.line - 1].startswith(rule.source.split("\n")[0].rstrip()[:30])
        if rule.parent_key:
            assert rule.key.startswith(rule.parent_key + "-") and rule.parent_key in keys


def test_bundled_pages_give_the_expected_rule_ids():
    from rulecheck.kb.ids import slug

    listing = (GOLDEN.parent / "bundled_rule_ids.txt").read_text(encoding="utf-8").splitlines()
    expected = [line.split(" | ", 1) for line in listing if " | " in line and not line.startswith("#")]
    for case in ("to-camouflaged", "hidden-deployment-state"):
        page = parse_case(case)
        page_id = slug(page.title)
        want = [(rule_id, start.strip()) for rule_id, start in expected if rule_id.startswith(page_id + "-")]
        got = [(f"{page_id}-{r.key}", r.text) for r in page.rules]
        assert [g[0] for g in got] == [w[0] for w in want]
        for (rule_id, text), (_, start) in zip(got, want):
            assert text.startswith(start), rule_id


def test_title_from_view_source_line_then_argument_then_banner_then_file_name():
    assert parse_wikitext("View source for Dodge\n{{effects}}\n* x y z.", "a.wiki", "Other").title == "Dodge"
    assert parse_wikitext("{{effects}}\n* x y z.", "a.wiki", "Other").title == "Other"
    assert parse_wikitext("{{skillbox |blue| DODGE | }}\n{{effects}}\n* x.", "a.wiki").title == "Dodge"
    assert parse_wikitext("{{effects}}\n* x.", "pages/Cautious_Movement.wiki").title == "Cautious Movement"


def test_view_source_line_is_not_content():
    page = parse_wikitext("\n\nView source for A Long Page Title Here.\n==Effects==\n*One.", "a.wiki")
    assert page.title == "A Long Page Title Here."
    assert [(r.text, r.line) for r in page.rules] == [("One.", 5)]


def test_capitalised_section_templates_open_sections_as_written():
    page = parse_wikitext("{{Activation}}\n* A.\n{{Cancellation}}\n* B.\n{{Requirements}}\n* C.", "a.wiki")
    assert [(r.key, r.section_label) for r in page.rules] == [
        ("activation-1", "Activation"), ("cancellation-1", "Cancellation"), ("requirements-1", "Requirements")]


def test_warnings_name_the_source_and_line():
    page = parse_wikitext("{{effects}}\n* a {{nope|b}} c", "pages/x.wiki")
    (warning,) = page.warnings
    assert warning.code == "unknown-template" and warning.line == 2
    assert str(warning).startswith("pages/x.wiki:2: Unknown template {{nope}}")
    assert page.rules[0].text == "a b c"


def test_unclosed_blocks_warn_and_rules_keep_their_state():
    page = parse_wikitext("{{effects}}\n{{update | v2}}\n* a.\n{{c1}}\n* b.", "x.wiki")
    assert [(w.line, w.code) for w in page.warnings] == [(2, "unclosed-block"), (4, "unclosed-block")]
    assert [(r.errata, r.errata_version, r.edition) for r in page.rules] == [
        ("update", "v2", None), ("update", "v2", "CodeOne")]


@pytest.mark.parametrize("markup, expected", [
    ("'''bold''' and ''italic''", "bold and italic"),
    ("'''[[Discover]]'' Roll", "[[Discover]] Roll"),
    ("Troopers''''", "Troopers'"),
    ("the trooper's model", "the trooper's model"),
])
def test_strip_quotes(markup, expected):
    assert strip_quotes(markup) == expected


@pytest.mark.parametrize("title, expected", [
    ("es:Camuflado", ("interlanguage", "Camuflado", "es")),
    ("Category:Game States", ("category", "Game States", None)),
    ("File:TO_Camouflaged.jpg", ("file", "TO Camouflaged.jpg", None)),
    (" Alert", ("text", "Alert", None)),
    ("Silhouette (S) ", ("text", "Silhouette (S)", None)),
    ("CH: TO Camouflage", ("text", "CH: TO Camouflage", None)),
    ("Cover#Partial", ("text", "Cover", None)),
    (":Category:Game States", ("text", "Category:Game States", None)),
])
def test_split_link_title(title, expected):
    assert split_link_title(title) == expected


_TOKENS = st.sampled_from([
    "\n", "\n* ", "\n** ", "\n*** ", "\n==Effects==\n", "\n=FAQ=\n", "{{activation}}", "{{cancellation}}",
    "{{", "}}", "[[", "]]", "|", "''", "'''", "<br>", "[[Marker]]", "[[A|b]]", "[[es:X]]", "[[File:a.png]]",
    "{{update | PDF 2.1}}", "{{update-end}}", "{{c1}}", "{{c1end}}", "{{explain-start}}", "{{explain-end}}",
    "{{faqbox | q = Q: why? | a = A: because. }}", "{{faqbox | q = x }}", "{{Template:FAQ_Box_FAQ}} 1.2",
    "{{Template:FAQ_Question}} q?", "{{Template:FAQ_Answer_2}} a.", "\n|}\n", "{{mystery|x}}", "word ",
    "Troopers cannot do that. ", "<div>", "</div>", "<!--", "-->", "{|", "=", "&nbsp;",
])


@settings(max_examples=200, deadline=None)
@given(st.lists(_TOKENS, max_size=40).map("".join))
def test_any_markup_parses_to_clean_records_without_raising(text):
    page = parse_wikitext(text, "fuzz.wiki", "Fuzz")
    for rule in page.rules:
        # (Not "found in its source": a broken fragment re-parsed alone may read differently.)
        assert rule.text and not MARKUP.search(rule.text)
        assert all(link.to_title for link in rule.links)
    for faq in page.faqs:
        assert faq.question and faq.answer
    assert all(w.source == "fuzz.wiki" for w in page.warnings)
