"""An answer never contradicts itself: over every question of every tuning set and every FAQ
paraphrase, the answer sentence opens with the verdict's own word in the answer's language
(data/wording/<lang>.toml [verdict]), the last reasoning step names the same verdict, and the
verdict is the verdict table's cell for what was asked of the deciding rows' outcome (or
`unknown`, with the words or issues that keep it from being confident). Spanish questions are
answered in Spanish.

Each test walks all the questions and lists every one at fault.
"""
from __future__ import annotations

import re

import pytest

import question_sets
from rulecheck.checker.engine import evaluate
from rulecheck.checker.interpret import read_question
from rulecheck.checker.verdicts import verdict as cell

ITEMS = [(q.id, q.text, q.edition, q.lang) for q in question_sets.tuning()] + \
        [(f"paraphrase {i}", p.text, p.edition, p.lang) for i, p in enumerate(question_sets.paraphrases(), 1)]


class Answered:
    """A question with its answer and the engine's evaluation of the same reading."""

    def __init__(self, qid, text, edition, lang, answer, ev):
        self.id, self.text, self.edition, self.lang = qid, text, edition, lang
        self.answer, self.ev = answer, ev

    @property
    def kind(self) -> str:
        """`fact` (a what/where answer), `outcome` (rows decided it), or `unanswered`."""
        if self.answer.fact:
            return "fact"
        ev = self.ev
        if ev.outcome is None or (ev.verdict == "unknown" and ev.outcome != "fact" and ev.would is None):
            return "unanswered"
        return "outcome"


@pytest.fixture(scope="module")
def answered(answer_of, table) -> list[Answered]:
    out = []
    for qid, text, edition, lang in ITEMS:
        ev = evaluate(table, read_question(table, text, edition=edition))
        out.append(Answered(qid, text, edition, lang, answer_of(text, edition), ev))
    return out


def word(table, a: Answered) -> str:
    """The verdict's own word in the answer's language ("Yes", "Sí", "It depends"…)."""
    return table.wording[a.answer.lang]["verdict"][a.answer.verdict]


def report(bad: list[str]) -> str:
    return f"{len(bad)} at fault:\n" + "\n".join(bad[:40])


def test_every_kind_of_answer_is_walked(answered):
    kinds = {a.kind for a in answered}
    assert kinds == {"fact", "outcome", "unanswered"}, kinds
    assert sum(a.kind == "outcome" for a in answered) > len(answered) / 2


def test_the_answer_is_in_the_questions_language(answered):
    bad = [f"{a.id}: {a.lang} question, {a.answer.lang} answer" for a in answered if a.answer.lang != a.lang]
    assert not bad, report(bad)


def test_the_answer_sentence_opens_with_the_verdict_word(table, answered):
    """Decided or not ("No checked answer — …"), an answer's sentence opens with its verdict."""
    bad = [f"{a.id}: {a.answer.verdict}: {a.answer.answer[:100]}" for a in answered
           if a.kind in ("outcome", "unanswered") and not a.answer.answer.startswith(word(table, a))]
    assert not bad, report(bad)


def test_the_last_reasoning_step_names_the_verdict(table, answered):
    bad = []
    for a in answered:
        if a.kind != "outcome":
            continue
        steps = a.answer.to_dict()["reasoning"]
        if not steps or not steps[-1].endswith(f" {word(table, a)}."):
            bad.append(f"{a.id}: {a.answer.verdict}: {steps[-1] if steps else 'no reasoning'}")
    assert not bad, report(bad)


def test_the_verdict_is_the_verdict_tables_cell(table, answered):
    """verdict = cell(proposition, polarity, outcome); an answer that holds "either way" has
    each deciding row's cell equal to it; one asked whether it can happen (`possible`) is yes
    with one deciding row's cell yes; with `would`, the answer is unknown because the
    reading names what the rows do not use, and `would` is what the cell gives. An answer the
    doubt model holds back is unknown, says so, and keeps the engine's verdict as `rows_verdict`
    (the cell's, checked as for any answer); one rated below the threshold is given."""
    cells = table.verdicts
    bad = []
    for a in answered:
        if a.kind != "outcome":
            continue
        ev, ans = a.ev, a.answer
        # the doubt model held a yes/no back: unknown, saying so, its rating at or above the
        # threshold, the rows' verdict kept (`rows_verdict`: the answer below, as if given)
        rated = ans.doubt is not None and ans.doubt["score"] >= ans.doubt["threshold"]
        held = rated and ans.verdict == "unknown" \
            and table.wording[ans.lang]["text"]["doubt_issue"].format(
                verdict=table.wording[ans.lang]["verdict"][ans.doubt["rows_verdict"]].lower()) in ans.reading["issues"]
        if rated and not held:
            bad.append(f"{a.id}: rated {ans.doubt['score']} at or above {ans.doubt['threshold']} but given as {ans.verdict}")
            continue
        given = ans.doubt["rows_verdict"] if held else ans.verdict
        if ev.verdict != given:
            # words the reading could not place that the deciding passages use themselves: the
            # answer gives `would`, says so in a note, and lists no word as unplaced
            placed = ev.would is not None and given == ev.would and not ans.reading["unplaced"] \
                and any("deciding passage itself" in n or "propio pasaje" in n for n in ans.notes)
            if not placed:
                bad.append(f"{a.id}: the engine says {ev.verdict}, the answer {given}")
            elif ev.would != cell(cells, ev.proposition, ev.polarity, ev.outcome) and ev.outcome != "either":
                bad.append(f"{a.id}: {given}, but the cell gives {cell(cells, ev.proposition, ev.polarity, ev.outcome)}")
            continue
        if ev.outcome == "either":
            rows = {cell(cells, ev.proposition, ev.polarity, r.outcome) for d in ev.decisions for r in d.rows}
            expected = rows.pop() if len(rows) == 1 else f"one answer (rows give {sorted(rows)})"
        elif ev.outcome == "possible":
            # asked whether it can happen at all: yes when one deciding row's cell is yes
            rows = {cell(cells, ev.proposition, ev.polarity, r.outcome) for d in ev.decisions for r in d.rows}
            expected = "yes" if "yes" in rows and ans.reading["asked"]["possible"] else f"a possibility (rows give {sorted(rows)})"
        else:
            expected = cell(cells, ev.proposition, ev.polarity, ev.outcome)
        if ev.would is None:
            if given != expected:
                bad.append(f"{a.id}: {given}, but the cell ({ev.proposition}, {ev.polarity}, {ev.outcome}) "
                           f"gives {expected}")
        elif ans.verdict != "unknown" or not (ans.reading["unplaced"] or ans.reading["issues"]) or ev.would != expected:
            bad.append(f"{a.id}: {ans.verdict} (would {ev.would}, cell {expected}) with unplaced "
                       f"{ans.reading['unplaced']}, issues {ans.reading['issues']}")
    assert not bad, report(bad)


def test_fact_answers_lead_with_the_fact(answered):
    """A what/where question has no yes or no: the verdict stays unknown, the fact opens the
    sentence and ends the reasoning."""
    bad = []
    for a in answered:
        if a.kind != "fact":
            continue
        ans = a.answer
        steps = ans.to_dict()["reasoning"]
        if ans.verdict != "unknown" or not ans.answer.lower().startswith(ans.fact.lower()) \
                or not steps or ans.fact not in steps[-1]:
            bad.append(f"{a.id}: {ans.verdict}, fact {ans.fact!r}: {ans.answer[:80]}")
    assert not bad, report(bad)


def test_an_unanswered_question_names_its_verdict_in_a_last_reasoning_step(table, answered):
    bad = [f"{a.id}: {a.answer.to_dict()['reasoning'][-1:]}" for a in answered if a.kind == "unanswered"
           and not (a.answer.trace and word(table, a) in a.answer.trace[-1]["step"])]
    assert not bad, report(bad)


def test_spanish_questions_get_spanish_answers(answered):
    """The heads, the reading and the reasoning's own wording are Spanish (citations stay as written)."""
    bad = []
    spanish = [a for a in answered if a.lang == "es"]
    assert len(spanish) >= 100
    for a in spanish:
        ans = a.answer
        text = ans.to_text()
        steps = ans.to_dict()["reasoning"]
        if not text.startswith(("Veredicto:", "Respuesta:")):
            bad.append(f"{a.id}: head {text.splitlines()[0]!r}")
        if not ans.reading["summary"].startswith("Leído como:"):
            bad.append(f"{a.id}: reading {ans.reading['summary'][:60]!r}")
        if a.kind == "outcome" and not (any(s.startswith("Estado:") for s in steps) and steps[-1].startswith("La pregunta es:")):
            bad.append(f"{a.id}: reasoning {steps[:1]} … {steps[-1:]}")
        if "Reasoning:" in text or "Citations:" in text or "Read as:" in text:
            bad.append(f"{a.id}: English heads in the text")
    for a in answered:
        if a.lang == "en" and not a.answer.reading["summary"].startswith("Read as:"):
            bad.append(f"{a.id}: English question, reading {a.answer.reading['summary'][:60]!r}")
    assert not bad, report(bad)


#: English words that would show a Spanish reading or reasoning step was left in English.
ENGLISH = re.compile(r"\b(whether|declares|happens|the state|is discovered|return to|can)\b")


def test_spanish_readings_and_reasoning_hold_no_english_words(answered):
    bad = []
    for a in answered:
        if a.lang != "es":
            continue
        for line in [a.answer.reading["summary"], *a.answer.to_dict()["reasoning"]]:
            if ENGLISH.search(line) and "faq-" not in line:  # a FAQ's id is English words
                bad.append(f"{a.id}: {line[:120]}")
                break
    assert not bad, report(bad)
