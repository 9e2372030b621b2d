"""`rulecheck.kb.read.search`: rules and FAQs ranked on one scale, best passage first."""
from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

from rulecheck.kb.expansion import MAX_EXTRA_PHRASES, extra_phrases, named_terms
from rulecheck.kb.read import ROW_BUDGET, connect, search, search_plan


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


def test_search_keeps_to_the_pages_named(conn):
    """`pages`: only those pages' bullets, and the FAQs linked to them."""
    q = "Is the Combat Group of a Marker Open or Private Information?"
    hits = search(conn, q, limit=10, pages=["Hidden Deployment State"])
    assert hits and all(h["page"] == "Hidden Deployment State" or h["kind"] != "rule" for h in hits), hits
    linked = {r[0] for r in conn.execute(
        "select faq_id from faq_pages join pages on pages.id = faq_pages.page_id where pages.title = ?",
        ["Hidden Deployment State"])}
    assert {h["id"] for h in hits if h["kind"] != "rule"} <= linked
    assert any(h["page"] == "TO Camouflaged" for h in search(conn, q, limit=10))


def test_search_can_prefer_pages_without_leaving_out_the_rest(conn):
    """`prefer`: the pages' own passages first, then the base's best, never more than `limit`."""
    q = "Is the Combat Group of a Marker Open or Private Information?"
    assert search(conn, q, limit=6)[0]["page"] == "TO Camouflaged"  # what the words alone rank first
    for page in ("Hidden Deployment State", "HoloMask State"):
        pages = [h["page"] for h in search(conn, q, limit=6, prefer=[page])]
        own = len(pages) - len(list(itertools.dropwhile(lambda p: p == page, pages)))
        assert len(pages) == 6 and own >= 1 and page not in pages[own:], pages
    assert own < 6  # HoloMask has fewer such passages: the rest of the base fills the answer


def test_no_content_words_no_hits(conn):
    assert search(conn, "is it the?") == []
    assert search(conn, "xyzzy plugh") == []


# --- At scale: words matching a large share of the base are left out, rarest first ----------

def matched(conn, query):
    return conn.execute("select count(*) from rules_fts where rules_fts match ?", [query]).fetchone()[0]


def test_a_common_expansion_phrase_no_longer_makes_search_match_the_whole_index(conn):
    # "camo marker" brings the Spanish "camuflado", in 38 of the bundled bullets; with a budget
    # of 20 passages the query keeps the rare words and leaves the common ones out
    words = ["silhouette", "camo", "marker", *extra_phrases("silhouette of a camo marker", ["silhouette", "camo", "marker"])]
    everything = " OR ".join(f'"{w}"' for w in words)
    assert matched(conn, everything) > 20 and matched(conn, '"camuflado"') > 20
    plan = search_plan(conn, words, budget=20)["rules"]
    assert matched(conn, plan.query) <= 20
    assert "camuflado" in plan.common and "silhouette" in plan.searched
    assert set(plan.searched) | set(plan.common) == {w for w in words if matched(conn, f'"{w}"')}
    # still the Silhouette bullets first ("posee el mismo valor de Silueta (S)" among them)
    hits = search(conn, "silhouette of a camo marker", budget=20)
    assert all(0 < h["score"] <= 1 for h in hits)
    assert any(w in hits[0]["text"] for w in ("Silhouette", "Silueta"))


def test_the_bundled_base_is_searched_whole_and_the_rarest_word_always(conn):
    words = ["silhouette", "camo", "marker", "camuflado"]
    assert search_plan(conn, words, budget=ROW_BUDGET)["rules"].common == []
    # over the budget on its own, the rarest word is still searched: a question of common words finds passages
    plan = search_plan(conn, ["camuflado", "camo"], budget=1)["rules"]
    assert plan.searched == ["camo"] and plan.common == ["camuflado"]  # 24 bullets say "camo", 38 "camuflado"
    assert search(conn, "camo", budget=1)


# --- Across languages: the glossary's other names of the terms a question names ----------------

def top_ids(conn, question, n):
    return [h["id"] for h in search(conn, question, limit=n)]


def test_an_english_question_finds_the_spanish_bullet(conn):
    assert "camuflado-cancellation-1-2" in top_ids(conn, "cautious movement", 5)  # "Movimiento Cauteloso"


def test_a_spanish_question_finds_the_english_bullets(conn):
    top = top_ids(conn, "Movimiento Cauteloso", 5)
    assert top[0] == "camuflado-cancellation-1-2"
    assert {"to-camouflaged-cancellation-1-1", "hidden-deployment-state-cancellation-3-1"} <= set(top)


def test_a_camo_marker_s_silhouette_is_the_n4_bullet(conn):
    # "El Marcador de Camuflado (CAMO) ... posee el mismo valor de Silueta (S) ..."
    assert "camuflado-effects-9" in top_ids(conn, "silhouette of a camo marker", 3)


def test_other_language_names_are_searched_as_phrases():
    assert extra_phrases("cautious movement", ["cautious", "movement"]) == ["movimiento cauteloso"]
    assert extra_phrases("Movimiento Cauteloso", ["movimiento", "cauteloso"]) == ["cautious movement", "cautious move"]
    assert extra_phrases("xyzzy plugh", ["xyzzy", "plugh"]) == []


def test_the_longest_name_wins_and_names_repeating_the_question_are_left_out():
    # "camo marker" is one Camouflaged mention: no Marker expansion ("marcador"), and no
    # Camouflaged name holding a word of the question
    phrases = extra_phrases("silhouette of a camo marker", ["silhouette", "camo", "marker"])
    assert "marcador" not in phrases and "silueta" in phrases and "marcador de camuflado" in phrases
    assert not [p for p in phrases if set(p.split()) & {"silhouette", "camo", "marker"}]
    # a plural is a repeat: "Markers" beside "marker"
    assert "markers" not in extra_phrases("Marker", ["marker"])


def test_abbreviations_match_as_written_and_are_spelled_out():
    assert [t.id for t, _ in named_terms("how to hide")] == []  # the word "to" is not TO Camouflaged
    # the words as search() passes them: "to" is a stop word
    phrases = extra_phrases("Can a TO trooper Dodge an ARO in HD?", ["trooper", "dodge", "aro", "hd"])
    assert {"to camouflaged", "hidden deployment", "despliegue oculto", "esquivar", "ora"} <= set(phrases)


def test_expansion_is_bounded_and_skips_tiny_names():
    text = "camo, TO, HD, ARO, LoF, ZoC, Silhouette, Discover, Dodge, Markers, Cautious Movement, Combat Group"
    phrases = extra_phrases(text, text.lower().replace(",", "").split())
    assert len(phrases) == MAX_EXTRA_PHRASES == 12
    assert all(len(p) > 2 for p in phrases if " " not in p)  # "ZC", "S" never
    assert len(extra_phrases(text, [], limit=3)) == 3


def test_the_read_side_loads_the_glossary_only_to_search(built_db):
    code = (
        "import sys\n"
        "from rulecheck.kb.read import connect, search\n"
        f"conn = connect({str(built_db)!r})\n"
        "before = [m for m in ('rulecheck.kb.expansion', 'rulecheck.kb.glossary', 'tomllib') if m in sys.modules]\n"
        "search(conn, 'cautious movement')\n"
        "from rulecheck.kb.expansion import _index\n"
        "search(conn, 'camo marker')\n"
        "print(before, _index.cache_info().misses)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[] 1"


def test_the_recorded_row_counts_are_the_tables_and_search_the_same_without_them(built_db, tmp_path):
    """`search` takes each table's size from the build's `meta` counts (counting 145,000 rules cost a
    cold `ask` ~8 ms): they are the tables' own counts, and a base without them searches the same."""
    import shutil
    import sqlite3

    from rulecheck.kb.read import _row_counts, connect, search

    conn = connect(built_db)
    counts = _row_counts(conn)
    assert counts["rules"] == conn.execute("select count(*) from rules").fetchone()[0]
    assert counts["faqs"] == conn.execute("select count(*) from faqs").fetchone()[0]
    question = "Does a camo marker survive Cautious Movement if an enemy declares Discover?"
    with_counts = search(conn, question, limit=8)
    bare = tmp_path / "bare.db"
    shutil.copy(built_db, bare)
    with sqlite3.connect(bare) as w:
        w.execute("delete from meta where key = 'counts'")
    bare_conn = connect(bare)
    assert _row_counts(bare_conn) == {}
    assert search(bare_conn, question, limit=8) == with_counts and with_counts


def test_the_glossary_index_is_cached_whole_and_a_damaged_cache_is_remade(tmp_path, monkeypatch):
    """The search's glossary index is kept in the user cache (a cold `ask` that searches skips the
    glossary's TOML): read back it is the same index; a damaged file is remade, not an error."""
    from rulecheck.kb import expansion, user_cache

    made = expansion._make_index()
    assert expansion._index_from_plain(expansion._index_to_plain(made)) == made
    with pytest.raises(user_cache.BAD_CACHE):
        expansion._index_from_plain(("rulecheck-glossary", -1, (), {}, {}, {}, 1))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    expansion._index.cache_clear()
    try:
        assert expansion._index() == made
        (cached,) = (tmp_path / "rulecheck").glob("glossary-*.marshal")
        cached.write_bytes(b"\x00damaged")
        expansion._index.cache_clear()
        assert expansion._index() == made and cached.read_bytes() != b"\x00damaged"
    finally:
        expansion._index.cache_clear()


def _passage_with(conn, question, fragment, n=5):
    """Whether one of the first `n` passages for `question` holds `fragment` (the rule's words)."""
    return any(fragment in h["text"] for h in search(conn, question, limit=n))


@pytest.mark.parametrize("question, fragment", [
    # players' words for a term, none of its names: the term's names are searched beside them
    ("Does the guy with the disguise have to say what loadout his fake is carrying?",
     "declaring which weapon option it is duplicating"),
    ("Can my disguised trooper copy a model from the PanOceania army?",
     "must be a Trooper from the bearer's faction or Sectorial Army"),
    ("Do I have to tell my opponent I brought a HoloMask trooper?",
     "The presence of Troopers in HoloMask or Holoecho State is considered Private Information"),
    ("¿Tengo que avisar al rival de que llevo un HoloMask?",
     "The presence of Troopers in HoloMask or Holoecho State is considered Private Information"),
])
def test_players_words_for_a_term_find_its_passage(conn, question, fragment):
    assert _passage_with(conn, question, fragment), [h["id"] for h in search(conn, question)]


def test_a_players_word_offers_the_terms_first_names_in_both_languages():
    assert extra_phrases("which loadout?", ["which", "loadout"]) == ["weapon option", "opcion de armamento"]
    # a term the question names by one of its names is offered as before, not twice
    phrases = extra_phrases("Silhouette of an S2 trooper", ["silhouette", "s2", "trooper"])
    assert phrases.count("silueta") == 1 and "silhouette" not in phrases
