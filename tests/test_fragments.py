"""Every question's deciding fragment is real text of the bundled base: with `cite`, it is in
that row (a rule's text, or a FAQ's question and answer); with only `page`, it is in some rule
or FAQ of that page. Compared normalised (case, accents, punctuation and spaces). A fragment
found in no row is a defect of the question data: the failure lists each one.

Covers the tuning sets, the blind set (its fragments only: never its verdicts) and the FAQs that
faq_paraphrases.toml restates (their question and answer are quoted from the FAQ).
"""
from __future__ import annotations

import pytest

import question_sets
from question_sets import normalise, unlabelled


@pytest.fixture(scope="module")
def rows(conn):
    """id → normalised text of each rule and FAQ, and page title → the texts on that page."""
    by_id = {r["id"]: normalise(r["text"]) for r in conn.execute("select id, text from rules")}
    by_id |= {r["id"]: normalise(f"{r['question']} {r['answer']}")
              for r in conn.execute("select id, question, answer from faqs")}
    by_page: dict[str, list[str]] = {}
    for r in conn.execute("select rules.id, pages.title from rules join pages on pages.id = rules.page_id"):
        by_page.setdefault(r["title"], []).append(by_id[r["id"]])
    for r in conn.execute("select faq_id, pages.title from faq_pages join pages on pages.id = faq_pages.page_id"):
        by_page.setdefault(r["title"], []).append(by_id[r["faq_id"]])
    return by_id, by_page


def missing(rows, entries) -> list[str]:
    """The entries (id, cite, page, fragment) whose fragment is not where they say."""
    by_id, by_page = rows
    out = []
    for qid, cite, page, fragment in entries:
        frag = normalise(fragment)
        if cite:
            if cite not in by_id:
                out.append(f"{qid}: cite {cite!r} is no rule or FAQ of the base")
            elif frag not in by_id[cite]:
                out.append(f"{qid}: not in {cite}: {fragment!r}")
        elif page:
            if page not in by_page:
                out.append(f"{qid}: page {page!r} is not in the base")
            elif not any(frag in text for text in by_page[page]):
                out.append(f"{qid}: in no rule or FAQ of {page}: {fragment!r}")
        else:
            out.append(f"{qid}: a fragment with neither cite nor page: {fragment!r}")
    return out


def test_normalise_folds_case_accents_punctuation_and_spaces():
    assert normalise("  Movimiento  CAUTELOSO, ¡excepto!") == normalise("movimiento cauteloso excepto")
    assert normalise("Descubrir… (LDT)") == "descubrir ldt"
    assert normalise("Look Out!") != normalise("Look In")


def test_tuning_fragments_are_in_their_rows(rows):
    entries = [(q.id, q.cite, q.page, q.fragment) for q in question_sets.tuning() if q.fragment]
    assert len(entries) > 600
    bad = missing(rows, entries)
    assert not bad, "fragments in no row (fix the question file):\n" + "\n".join(bad)


def test_blind_fragments_are_in_their_rows(rows):
    entries = question_sets.blind_fragments()
    assert entries, "the blind set quotes its deciding passages"
    bad = missing(rows, entries)
    assert not bad, "fragments in no row (fix the blind set's file):\n" + "\n".join(bad)


def test_paraphrased_faqs_are_quoted_from_their_page(rows):
    """Quoted as the page writes them; the "Q:" and "A:" labels are the box's, not the FAQ's
    text (the base keeps the text without them)."""
    entries = []
    for i, faq in enumerate(question_sets.faqs(), 1):
        entries.append((f"faq #{i} question", "", faq["page"], unlabelled(faq["question"])))
        entries.append((f"faq #{i} answer", "", faq["page"], unlabelled(faq["answer"])))
    bad = missing(rows, entries)
    assert not bad, "FAQ quotes in no FAQ of their page (fix faq_paraphrases.toml):\n" + "\n".join(bad)



def test_a_fragment_in_no_row_is_reported(rows):
    """The check can fail: a made-up fragment, a wrong cite and an unknown page are listed."""
    entries = [("x-1", "camuflado-cancellation-1-2", "", "excepto Movimiento Cauteloso"),
               ("x-2", "camuflado-cancellation-1-2", "", "excepto Esquivar"),
               ("x-3", "no-such-row", "", "anything"),
               ("x-4", "", "Camuflado", "a sentence the page never says"),
               ("x-5", "", "No Such Page", "anything")]
    assert [m.split(":")[0] for m in missing(rows, entries)] == ["x-2", "x-3", "x-4", "x-5"]
