"""`rulecheck.kb.read.search`: rules and FAQs ranked on one scale, best passage first."""
from __future__ import annotations

import pytest

from rulecheck.kb.read import connect, search


@pytest.fixture(scope="module")
def conn(built_db):
    c = connect(built_db)
    yield c
    c.close()


@pytest.mark.parametrize("question, starts", [
    # the FAQ's own question: a rule holding more of its words has a higher bm25 in the rules table
    ("Is the Combat Group of a Marker Open or Private Information?", "Is the Combat Group of a Marker ("),
    ("Can Camouflage Markers be indirectly hit by Templates Weapons?", "Can Camouflage Markers be indirectly hit"),
    ("Riotstopper", "Is a Camo Marker revealed when it gets hit by a Riotstopper?"),
])
def test_a_question_whose_best_passage_is_a_faq_gets_it_first(conn, question, starts):
    hits = search(conn, question)
    assert hits[0]["kind"] == "faq" and hits[0]["text"].startswith(starts), hits[0]


def test_a_question_about_a_bullet_gets_the_bullet_first(conn):
    hits = search(conn, "discover roll against a TO Camouflaged trooper")
    assert hits[0]["kind"] == "rule" and hits[0]["page"] == "TO Camouflaged" and "Discover" in hits[0]["text"]


def test_hits_mix_kinds_best_first_with_comparable_scores(conn):
    hits = search(conn, "Is the Combat Group of a Marker Open or Private Information?", limit=6)
    assert {h["kind"] for h in hits} == {"rule", "faq"}
    assert [h["rank"] for h in hits] == sorted(h["rank"] for h in hits)
    assert all(0 < h["score"] <= 1 and h["rank"] == -h["score"] and h["bm25"] < 0 for h in hits)
    assert set(hits[0]) >= {"kind", "id", "page", "section", "text", "version", "rank"}


def test_no_content_words_no_hits(conn):
    assert search(conn, "is it the?") == []
    assert search(conn, "xyzzy plugh") == []
