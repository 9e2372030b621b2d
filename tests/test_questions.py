"""Every question of tests/questions/tuning/ answered through `answer_question` against
the bundled base: the verdict the reading and the rows give (`Answer.rows_verdict`, before the
doubt model may hold it back as a doubtful reading; tests/test_doubt.py tests that) is the one the
question file gives from the rules (or one of its `also`). The questions the checker answers wrongly today are listed in
tests/questions/known_misses.toml and run as strict xfails: a fix shows as XPASS, and then the
list is regenerated with `python scripts/known_misses.py`.
"""
from __future__ import annotations

import pytest

import question_sets

TUNING = question_sets.tuning()
MISSES = question_sets.known_misses()


def _param(q: question_sets.Question):
    miss = MISSES["tuning"].get(q.id)
    marks = [pytest.mark.xfail(strict=True, reason=miss)] if miss else []
    return pytest.param(q, id=q.id, marks=marks)


@pytest.mark.parametrize("q", [_param(q) for q in TUNING])
def test_tuning_question(answer_of, q):
    answer = answer_of(q.text, q.edition)
    assert answer.rows_verdict in q.verdicts, f"{q.text}\nexpected {' or '.join(q.verdicts)}\n\n{answer.to_text()}"


def test_known_misses_name_real_questions():
    """A stale entry (a question renamed or removed) would hide nothing and mislead."""
    ids = {q.id for q in TUNING}
    assert sorted(set(MISSES["tuning"]) - ids) == []
    texts = {p.text for p in question_sets.paraphrases()}
    assert sorted(set(MISSES["paraphrase"]) - texts) == []


def test_question_ids_are_unique_and_verdicts_are_verdicts():
    ids = [q.id for q in TUNING]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    bad = [(q.id, q.verdicts) for q in TUNING if not set(q.verdicts) <= {"yes", "no", "depends", "unknown"}]
    assert bad == []


def test_every_set_asks_in_both_languages():
    for name in sorted({q.set.split("/")[0] for q in TUNING}):  # a folder's files are one set
        langs = {q.lang for q in TUNING if q.set.split("/")[0] == name}
        assert langs == {"en", "es"}, name


def test_a_confident_verdict_comes_with_the_text_that_decides_it():
    """yes, no and depends are decided by a passage: the question quotes it (see test_fragments)."""
    bare = [q.id for q in TUNING if q.verdict != "unknown" and not (q.fragment and (q.cite or q.page))]
    assert bare == []
