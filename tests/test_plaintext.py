"""Plain wiki text → rules and FAQs: golden cases, the bundled pages' rule ids, the wording cues."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck.data import DATA_DIR
from rulecheck.ingest.plaintext import is_navigation, parse_plaintext, wording_section

GOLDEN = Path(__file__).parent / "golden" / "plaintext"
CASES = sorted(p.stem for p in GOLDEN.glob("*.txt"))
BUNDLED_IDS = Path(__file__).parent / "golden" / "bundled_rule_ids.txt"


@pytest.mark.parametrize("case", CASES)
def test_golden(case, golden):
    golden(parse_plaintext((GOLDEN / f"{case}.txt").read_text(encoding="utf-8"), case), GOLDEN / f"{case}.json")


def _expected_rules(page_id: str) -> list[tuple[str, str]]:
    rows = []
    for line in BUNDLED_IDS.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"{page_id}-") and "|" in line:
            rule_id, start = (part.strip() for part in line.split("|", 1))
            rows.append((rule_id[len(page_id) + 1:], start))
    return rows


@pytest.mark.parametrize("file, page_id", [("camuflado.txt", "camuflado"), ("holomask-state.txt", "holomask-state")])
def test_bundled_page_gives_the_rule_ids_read_off_by_hand(file, page_id):
    page = parse_plaintext((DATA_DIR / "pages" / file).read_text(encoding="utf-8"), file)
    expected = _expected_rules(page_id)
    assert [r.key for r in page.rules] == [key for key, _ in expected]
    for rule, (key, start) in zip(page.rules, expected):
        assert rule.text.startswith(start), key


def test_holomask_state_counts_and_faq():
    page = parse_plaintext((DATA_DIR / "pages" / "holomask-state.txt").read_text(encoding="utf-8"), "h")
    assert (page.title, page.lang, page.edition) == ("HoloMask State", "en", "N4")
    assert len(page.faqs) == 1
    assert [link.to_title for link in page.faqs[0].links] == [
        "Fireteam Bonuses", "HoloMask State", "Open and Private Information"]
    assert {link.kind for link in page.faqs[0].links} == {"related"}
    assert page.warnings == []


def test_camuflado_is_spanish_without_faqs():
    page = parse_plaintext((DATA_DIR / "pages" / "camuflado.txt").read_text(encoding="utf-8"), "c")
    assert (page.title, page.lang, page.faqs) == ("Camuflado", "es", [])


def test_rule_line_and_source_point_back_at_the_file():
    text = (DATA_DIR / "pages" / "camuflado.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    for rule in parse_plaintext(text, "c").rules:
        assert lines[rule.line - 1] == rule.source


@pytest.mark.parametrize("line, section", [
    ("Automatic when deployed.", "activation"),
    ("Troopers may revert to TO Camouflaged State by expending 1 Entire Order.", "activation"),
    ("A Trooper's Impersonation State is cancelled whenever:", "cancellation"),
    ("El estado Suplantación se cancela siempre que:", "cancellation"),
    ("Cancellation of Impersonation State is applied to the whole declared Order.", "important"),
    ("Its Combat Group is considered Open Information.", "important"),
    ("This N4 rule is not used in CodeOne.", "note"),
    ("While in HoloMask State, players place another Model.", None),
])
def test_wording_cues(line, section):
    assert wording_section(line, bullet=False) == section


def test_narrative_example_needs_a_paragraph():
    story = "A Fusilier declares a Move + BS Attack Order. The enemy delays its ARO."
    assert wording_section(story, bullet=False) == "example"
    assert wording_section(story, bullet=True) is None


@pytest.mark.parametrize("line, nav", [
    ("Estados | Terminología | Alineamiento | Etiquetas | Propiedades", True),
    ("| HOLOMASK |", True),
    ("CAMUFLADO", True),
    ("Módulo de Estados y Glosario", True),
    ("Camuflado", False),
    ("Restricción: No se puede entrar en contacto de Silueta.", False),
])
def test_navigation_lines(line, nav):
    assert is_navigation(line, "Camuflado") is nav


def test_unknown_label_is_a_warning_with_its_line():
    page = parse_plaintext("Page\n\nEFFECTS\n\nA rule.\n\nWEIRD STUFF\n\nAnother rule.\n", "x.txt")
    assert [(w.line, w.code) for w in page.warnings] == [(7, "unknown-label")]
    assert "WEIRD STUFF" in str(page.warnings[0]) and str(page.warnings[0]).startswith("x.txt:7")
    assert [r.key for r in page.rules] == ["effects-1", "effects-2"]


def test_faq_in_english_with_errata_box():
    text = ("Page\nEFFECTS\nA rule.\nFAQs & Errata\nN4 Errata 1.3, Mar 2023\nQ: [Errata] Is it so?\n"
            "A: Yes.\nRelated Pages: Page, Other Page\n")
    [faq] = parse_plaintext(text, "x").faqs
    assert (faq.kind, faq.title, faq.version, faq.date) == ("errata", "N4 Errata", "1.3", "Mar 2023")
    assert (faq.question, faq.answer, faq.line) == ("Is it so?", "Yes.", 6)


def test_odd_input_never_raises():
    for text in ["", "\n\n", "- lone bullet", "Q: question only", "A:", "FAQ\nA: answer first", "::::\n- -"]:
        parse_plaintext(text, "odd")


def test_title_skips_a_leading_navigation_line():
    page = parse_plaintext("Terminology | Alignment | Labels\nHoloMask State\n- Automatic when deployed.\n", "x")
    assert (page.title, [r.key for r in page.rules]) == ("HoloMask State", ["activation-1"])


def test_note_before_labels_sets_the_edition():
    page = parse_plaintext("Camouflaged\nThis N4 rule is not used in CodeOne.\nEFFECTS\nA rule.\n", "x")
    assert [(r.key, r.section_label) for r in page.rules] == [("note-1", None), ("effects-1", "EFFECTS")]
    assert page.edition == "N4"
