"""Reading page files: bad inputs become warnings, the format comes from the content, and
properties that hold over every golden case and bundled page: each rule's text is found in the
whole page's plain text, every FAQ has a question and an answer, and no markup is left."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import mwparserfromhell
import pytest
from bs4 import BeautifulSoup
from hypothesis import given, settings
from hypothesis import strategies as st

from rulecheck.data import DATA_DIR
from rulecheck.ingest import MAX_BYTES, LoadResult, detect_format, detect_lang, load_page, parse_text
from rulecheck.ingest.html import parse_html
from rulecheck.ingest.plainify import TextCollector, positional_text
from rulecheck.ingest.plaintext import parse_plaintext
from rulecheck.ingest.rulebook import parse_rulebook
from rulecheck.ingest.wikitext import parse_wikitext
from rulecheck.ingest.wikitext_templates import classify

GOLDEN = Path(__file__).parent / "golden"
PAGES = DATA_DIR / "pages"


def _codes(result: LoadResult) -> list[str]:
    return [w.code for w in result.warnings]


# --- bad files ------------------------------------------------------------------------------

def test_empty_file(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("  \n\n")
    result = load_page(path)
    assert result.page is None and _codes(result) == ["empty"]
    assert str(path) in str(result.warnings[0])


def test_binary_file(tmp_path):
    path = tmp_path / "picture.wiki"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    result = load_page(path, source="pages/picture.wiki")
    assert result.page is None and _codes(result) == ["binary"]
    assert str(result.warnings[0]).startswith("pages/picture.wiki")


def test_latin1_file_is_read_with_a_warning(tmp_path):
    path = tmp_path / "camuflado.txt"
    path.write_bytes("Camuflado\n\nACTIVACIÓN\n\nAutomático en la Fase de Despliegue.\n".encode("latin-1"))
    result = load_page(path)
    assert _codes(result) == ["encoding"] and result.warnings[0].line == 3
    assert result.page.rules[0].text == "Automático en la Fase de Despliegue."
    assert result.page.rules[0].section_label == "ACTIVACIÓN"


def test_file_over_the_size_limit(tmp_path):
    path = tmp_path / "dump.txt"
    path.write_bytes(b"Rule text.\n" * (6 * 1024 * 1024 // 11 + 1))
    result = load_page(path)
    assert result.page is None and _codes(result) == ["too-large"]
    message = str(result.warnings[0])
    assert "6.0 MB" in message and f"{MAX_BYTES // 1024 // 1024} MB" in message and str(path) in message


def test_folder_and_missing_file(tmp_path):
    assert _codes(load_page(tmp_path)) == ["unreadable"]
    missing = load_page(tmp_path / "nope.txt")
    assert missing.page is None and _codes(missing) == ["unreadable"] and "nope.txt" in str(missing.warnings[0])


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file")
def test_unreadable_file(tmp_path):
    path = tmp_path / "secret.txt"
    path.write_text("Camuflado\n")
    path.chmod(0)
    try:
        assert _codes(load_page(path)) == ["unreadable"]
    finally:
        path.chmod(0o600)


# --- format and title by content ------------------------------------------------------------

def test_wikitext_saved_as_txt(tmp_path):
    pytest.importorskip("rulecheck.ingest.wikitext")
    path = tmp_path / "notes.txt"
    path.write_text((PAGES / "to-camouflaged.wiki").read_text(encoding="utf-8"), encoding="utf-8")
    page = load_page(path).page
    assert (page.format, page.title, page.source) == ("wikitext", "TO Camouflaged", str(path))


def test_plain_text_saved_as_wiki(tmp_path):
    path = tmp_path / "holomask.wiki"
    path.write_text((PAGES / "holomask-state.txt").read_text(encoding="utf-8"), encoding="utf-8")
    result = load_page(path)
    assert (result.page.format, result.page.title, result.page.lang) == ("text", "HoloMask State", "en")
    assert len(result.page.rules) == 25 and result.warnings == []


def test_html_saved_as_txt(tmp_path):
    path = tmp_path / "page.txt"
    path.write_text((GOLDEN / "html" / "headings_lists.html").read_text(encoding="utf-8"), encoding="utf-8")
    assert load_page(path).page.format == "html"


def test_title_from_file_name(tmp_path):
    path = tmp_path / "hidden_deployment_state.txt"
    path.write_text("ACTIVATION\n► Automatic in the Deployment Phase.\n", encoding="utf-8")
    page = load_page(path).page
    assert (page.title, page.format, page.rules[0].key) == ("hidden deployment state", "text", "activation-1")


def test_html_without_title_uses_file_name(tmp_path):
    path = tmp_path / "TO_Camouflaged.htm"
    path.write_text("<h2>Effects</h2><ul><li>A</li><li>B</li></ul><p>Troopers may not do this.</p>", encoding="utf-8")
    page = load_page(path).page
    assert (page.title, page.format, [r.key for r in page.rules]) == (
        "TO Camouflaged", "html", ["effects-1", "effects-2", "effects-3"])


@pytest.mark.parametrize("text, fmt", [
    ("View source for Camouflaged\n\nplain words", "wikitext"),
    ("==Effects==\n*A bullet", "wikitext"),
    ("{{activation}}\n* Automatic.", "wikitext"),
    ("<!DOCTYPE html><html><body><p>x</p></body></html>", "html"),
    ("<h2>Effects</h2><ul><li>A</li><li>B</li></ul>", "html"),
    ("TITLE\nACTIVATION\n► Automatic.", "rulebook"),
    ("HoloMask State\n- Automatic when deployed.\n| HOLOMASK |", "text"),
    ("A page with one [[link]] only.", "text"),
    ("[[Camouflaged]] troopers:\n* may not be attacked.", "wikitext"),
    ("# Camouflaged\n\n## Effects\n\n# Automatic.\n# Then hidden.\n* Bullet.", "text"),
    ("# one\n# two\n# three\n# four", "text"),
])
def test_detect_format(text, fmt):
    assert detect_format(text) == fmt


def test_markdown_with_hash_headings_is_plain_text(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text("# HoloMask State\n\n## EFFECTS\n\n- The trooper is shown as another Model.\n"
                    "# A numbered step.\n", encoding="utf-8")
    page = load_page(path).page
    assert page.format == "text" and page.rules
    assert page.rules[0].text == "The trooper is shown as another Model."


@pytest.mark.parametrize("text, lang", [
    ("The Trooper in HoloMask State is Discovered when the enemy passes a Roll.", "en"),
    ("El Marcador de Camuflado se revela cuando el enemigo supera una Tirada.", "es"),
    ("¿Puede el Marcador declarar un Ataque CD?", "es"),
    ("CAMO ARO LoF", None),
])
def test_detect_lang(text, lang):
    assert detect_lang(text) == lang


def test_parse_text_detects_language_the_parser_left_open():
    page = parse_text("<h2>Efectos</h2><ul><li>El Marcador de Camuflado no puede ser atacado.</li></ul>"
                      "<p>Las Tropas Reactivas pueden retrasar su ORA.</p><p>x</p>", "x.html")
    assert (page.format, page.lang) == ("html", "es")


# --- a property of every golden case --------------------------------------------------------

PARSERS = {"plaintext": (parse_plaintext, "txt"), "rulebook": (parse_rulebook, "txt"), "html": (parse_html, "html")}
GOLDEN_CASES = [(parser, p.stem) for parser, (_, ext) in PARSERS.items() for p in sorted((GOLDEN / parser).glob(f"*.{ext}"))]
MARKUP = re.compile(r"\{\{|\}\}|\[\[|\]\]|'''|''|</?[a-z][a-z0-9]*[\s/>]|^\s*[-*#►]\s|^=+|=+$|&[a-z]+;", re.M)


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _source_text(parser: str, source: str) -> str:
    if parser == "html":
        return BeautifulSoup(source, "html.parser").get_text()
    if parser == "rulebook":  # the parser joins words hyphenated at a line end (`Camou-flaged`, `Look-Out!`)
        source = re.sub(r"(?<=[^\W\d_])-\n\s*(?=[a-z])", "", source)
        return re.sub(r"(?<=[^\W\d_]-)\n\s*(?=[^\W\d_])", "", source)
    return source


@pytest.mark.parametrize("parser, case", GOLDEN_CASES)
def test_golden_case_property(parser, case):
    parse, ext = PARSERS[parser]
    page = parse((GOLDEN / parser / f"{case}.{ext}").read_text(encoding="utf-8"), case)
    assert page.rules or page.faqs
    for rule in page.rules:
        assert rule.text and _squash(rule.text) in _squash(_source_text(parser, rule.source)), rule.key
        assert not MARKUP.search(rule.text), rule.key
    for faq in page.faqs:
        assert faq.question.strip() and faq.answer.strip()
        assert not MARKUP.search(faq.question + "\n" + faq.answer)
    assert json.loads((GOLDEN / parser / f"{case}.json").read_text(encoding="utf-8"))["title"] == page.title


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("abcEFSTQA:-►|<>/ p\n\tÓñ¿.")), max_size=300))
def test_parsers_never_raise(text):
    for parse, _ in PARSERS.values():
        page = parse(text, "fuzz")
        assert all(r.key for r in page.rules)


# --- a property of every page: rule text comes from the page itself ------------------------

def _wikitext_plain(text: str) -> str:
    """The whole page's plain text, read the way the parser reads its lines: known templates
    show nothing, unknown ones their unnamed parameters; links their labels; quotes and tags go."""
    collector = TextCollector(lambda t, c: "" if classify(t) is not None else positional_text(t, c))
    collector.add(mwparserfromhell.parse(text, skip_style_tags=True).nodes)
    return collector.text()


def _html_visible(text: str) -> str:
    """What a browser shows of the page: no head, scripts or styles; `<br>` a line break."""
    soup = BeautifulSoup(text, "html.parser")
    for hidden in soup.find_all(("head", "script", "style", "noscript")):
        hidden.decompose()
    for br in soup.find_all("br"):
        br.replace_with("\n")
    return soup.get_text()


def _page_plain(fmt: str, text: str) -> str:
    if fmt == "wikitext":
        return _wikitext_plain(text)
    if fmt == "html":
        return _html_visible(text)
    return _source_text(fmt, text)  # plain text as it is; rulebook text with its hyphenated wraps joined


ALL_PARSERS = {**PARSERS, "wikitext": (parse_wikitext, "wiki")}
PAGE_CASES = [(parser, GOLDEN / parser / f"{case}.{ALL_PARSERS[parser][1]}") for parser, case in GOLDEN_CASES] + [
    ("wikitext", p) for p in sorted((GOLDEN / "wikitext").glob("*.wiki"))] + [
    (None, p) for p in sorted(PAGES.iterdir())]


def _norm(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("parser, path", PAGE_CASES, ids=[f"{p or 'bundled'}-{path.name}" for p, path in PAGE_CASES])
def test_every_rule_text_is_found_in_its_whole_page(parser, path):
    text = path.read_text(encoding="utf-8")
    if parser is None:  # a bundled page, read as `rulecheck build` reads it
        page, fmt = parse_text(text, f"data/pages/{path.name}", path.stem), detect_format(text)
    else:
        page, fmt = ALL_PARSERS[parser][0](text, path.stem), parser
    whole = _norm(_page_plain(fmt, text))
    assert page.rules or page.faqs
    for rule in page.rules:
        assert rule.text and _norm(rule.text) in whole, rule.key
        assert not MARKUP.search(rule.text), (rule.key, rule.text)
    for faq in page.faqs:
        assert faq.question.strip() and faq.answer.strip()
        assert not MARKUP.search(faq.question) and not MARKUP.search(faq.answer), faq.question
    assert not MARKUP.search(page.title)
