"""The base built from the four bundled pages: exact ids, counts read off the pages by hand,
link resolution, FAQ-to-rule links, full-text search, and building from any folder."""
from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from rulecheck.kb.build import build_database
from rulecheck.kb.ids import faq_id
from rulecheck.kb.location import bundled_fingerprint, built_fingerprint

GOLDEN = Path(__file__).parent / "golden" / "bundled_rule_ids.txt"


def expected_rules() -> dict[str, str]:
    """`rule id → start of its text`, from the hand-written golden list."""
    out = {}
    for line in GOLDEN.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            rid, start = line.split(" | ", 1)
            out[rid.strip()] = start.strip()
    return out


def rules(conn) -> dict[str, str]:
    return {r["id"]: r["text"] for r in conn.execute("select id, text from rules")}


def linked_rules(conn, question: str) -> list[str]:
    return [r[0] for r in conn.execute(
        "select rule_id from faq_rules where faq_id = ? and instr(ways, 'similarity') order by similarity desc",
        [faq_id(question)])]


# --- rows ----------------------------------------------------------------------------------------

def test_exactly_the_hand_read_rule_ids(built_conn):
    assert sorted(rules(built_conn)) == sorted(expected_rules())
    assert len(expected_rules()) == 116


@pytest.mark.parametrize("rid, start", sorted(expected_rules().items()))
def test_rule_text_starts_as_read_off_the_page(built_conn, rid, start):
    assert rules(built_conn)[rid].startswith(start)


def test_pages_with_language_and_edition(built_conn):
    rows = built_conn.execute("select id, title, lang, edition, format from pages order by ordinal").fetchall()
    assert [tuple(r) for r in rows] == [
        ("to-camouflaged", "TO Camouflaged", "en", "N3", "wikitext"),
        ("camuflado", "Camuflado", "es", "N4", "text"),
        ("hidden-deployment-state", "Hidden Deployment State", "en", "N4", "wikitext"),
        ("holomask-state", "HoloMask State", "en", "N4", "text"),
    ]
    assert built_conn.execute("select source from pages where id = 'camuflado'").fetchone()[0] == (
        "data/pages/camuflado.txt")


def test_faq_counts(built_conn):
    assert built_conn.execute("select count(*) from faqs").fetchone()[0] == 15
    per_page = {r[0]: (r[1], r[2]) for r in built_conn.execute(
        """select page_id, count(*), sum(kind = 'errata') from faq_pages join faqs on faqs.id = faq_pages.faq_id
           group by page_id""")}
    assert per_page == {"to-camouflaged": (10, 0), "hidden-deployment-state": (4, 1), "holomask-state": (1, 0)}


def test_every_faq_has_question_and_answer_and_no_markup(built_conn):
    for row in built_conn.execute("select * from faqs"):
        assert row["question"].strip() and row["answer"].strip()
        for text in (row["question"], row["answer"]):
            assert not any(mark in text for mark in ("[[", "]]", "{{", "}}", "'''"))


def test_no_markup_left_in_rule_text(built_conn):
    for rid, text in rules(built_conn).items():
        assert not any(mark in text for mark in ("[[", "]]", "{{", "}}", "''", "<br")), rid


def test_parents_and_errata(built_conn):
    row = built_conn.execute("select * from rules where id = 'hidden-deployment-state-effects-6'").fetchone()
    assert (row["errata"], row["errata_version"]) == ("update", "PDF 2.1, July 2023")
    assert built_conn.execute("select parent_id from rules where id = 'camuflado-effects-13-2'").fetchone()[0] == (
        "camuflado-effects-13")
    nested = {rid for rid in expected_rules() if re.search(r"-\d+-\d+$", rid)}
    assert {r[0] for r in built_conn.execute("select id from rules where parent_id is not null")} == nested
    assert all(rid.startswith(parent + "-") for rid, parent in built_conn.execute(
        "select id, parent_id from rules where parent_id is not null"))


def test_no_warnings_and_meta_recorded(built_db, built_conn):
    assert built_conn.execute("select count(*) from warnings").fetchone()[0] == 0
    assert built_fingerprint(built_db) == (bundled_fingerprint(), [])


# --- links ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("to_title, page_id", [
    ("Camouflaged", "camuflado"),
    ("HoloMask State", "holomask-state"),
    ("Hidden Deployment", "hidden-deployment-state"),
    ("Hidden Deployment State", "hidden-deployment-state"),
    ("TO Camouflaged", "to-camouflaged"),
    ("Holoecho State", None),
    ("Riotstopper", None),
])
def test_links_resolve(built_conn, to_title, page_id):
    found = {r[0] for r in built_conn.execute("select to_page_id from links where to_title = ?", [to_title])}
    assert found == {page_id}


def test_camouflaged_in_the_to_camouflaged_faqs_lands_on_camuflado(built_conn):
    rows = built_conn.execute(
        """select to_page_id from links where from_page_id = 'to-camouflaged' and from_faq_id is not null
           and kind = 'related' and to_title = 'Camouflaged'""").fetchall()
    assert len(rows) == 10 and {r[0] for r in rows} == {"camuflado"}


# --- faq_rules: hand-checked pairs ---------------------------------------------------------------

def test_two_discovers_faq_belongs_to_the_discover_bullets_not_silhouette(built_conn):
    linked = linked_rules(built_conn, "Can I declare two Discover skill against same marker in one Order?")
    assert {"to-camouflaged-effects-4", "to-camouflaged-cancellation-1-4"} <= set(linked)
    assert "to-camouflaged-effects-10" not in linked


def test_riotstopper_faq_belongs_to_the_saving_roll_bullet(built_conn):
    assert "to-camouflaged-cancellation-1-5" in linked_rules(
        built_conn, "Is a Camo Marker revealed when it gets hit by a Riotstopper?")


def test_holoecho_faq_belongs_to_the_holoecho_errata_bullet(built_conn):
    assert linked_rules(built_conn, "Q: How do Hidden Deployment and Holoecho States interact?")[0] == (
        "hidden-deployment-state-effects-6")


def test_intuitive_attack_faq_belongs_to_the_attack_restriction(built_conn):
    linked = linked_rules(built_conn, "Can I declare an Intuitive Attack against a troop that is neither "
                                      "Camouflaged nor inside a Zero Visibility Zone?")
    assert linked[0] == "to-camouflaged-effects-3"


def test_template_faq_finds_the_spanish_remember_bullet(built_conn):
    linked = linked_rules(built_conn, "Can Camouflage Markers be indirectly hit by Templates Weapons? "
                                      "How does this interact with Impersonation?")
    assert linked[0] == "camuflado-remember-4"


def test_fireteam_faq_stays_on_the_holomask_fireteam_bullets(built_conn):
    linked = linked_rules(built_conn, "Q: When are a Fireteam’s Composition Bonuses checked?")
    assert "holomask-state-cancellation-1-2" in linked
    assert all(rid.startswith("holomask-state-") for rid in linked)


def test_every_similarity_link_is_a_candidate_page_rule(built_conn):
    bad = built_conn.execute(
        """select faq_rules.faq_id, faq_rules.rule_id from faq_rules join rules on rules.id = faq_rules.rule_id
           where rules.page_id not in (select page_id from faq_pages where faq_id = faq_rules.faq_id)
             and rules.page_id not in (select to_page_id from links where from_faq_id = faq_rules.faq_id
                                       and kind = 'related' and to_page_id is not null)""").fetchall()
    assert bad == []


# --- full-text search ----------------------------------------------------------------------------

def fts(conn, table: str, query: str) -> set[str]:
    return {r[0] for r in conn.execute(
        f"select {table}.id from {table}_fts join {table} on {table}.rowid = {table}_fts.rowid "
        f"where {table}_fts match ?", [query])}


def test_fts_folds_spanish_accents(built_conn):
    found = fts(built_conn, "rules", '"cancelacion"')
    assert "camuflado-important-1" in found and all(r.startswith("camuflado-") for r in found)


def test_fts_finds_spanish_rows(built_conn):
    found = fts(built_conn, "rules", "Esquivar")
    assert {"camuflado-effects-12", "camuflado-remember-1"} <= found


def test_fts_stems_english(built_conn):
    found = fts(built_conn, "rules", "Discovers")
    assert {"to-camouflaged-effects-4", "holomask-state-effects-5"} <= found
    assert "Discover" in " ".join(r["question"] for r in built_conn.execute(
        "select question from faqs where rowid in (select rowid from faqs_fts where faqs_fts match 'discovers')"))


def test_read_search_works_on_the_built_base(built_db):
    from rulecheck.kb.read import connect, search

    conn = connect(built_db)
    hits = search(conn, "Riotstopper")
    assert hits[0]["id"] == faq_id("Is a Camo Marker revealed when it gets hit by a Riotstopper?")


# --- stability and installation ------------------------------------------------------------------

def test_build_from_another_folder_and_twice_gives_the_same_rows(built_db, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    build_database(Path("again.db"))
    tables = ("pages", "rules", "faqs", "faq_pages", "links", "faq_rules", "meta", "warnings")
    dumps = []
    for path in (built_db, tmp_path / "again.db"):
        conn = sqlite3.connect(path)
        dumps.append({t: conn.execute(f"select * from {t} order by rowid").fetchall() for t in tables})
        conn.close()
    assert dumps[0] == dumps[1]


def test_logic_table_rows_link_their_cited_faqs_and_rules(built_conn):
    import tomllib

    from rulecheck.data import DATA_DIR

    faqs = {r[0] for r in built_conn.execute("select id from faqs")}
    rule_ids = {r[0] for r in built_conn.execute("select id from rules")}
    expected = set()
    path = DATA_DIR / "logic.toml"
    if path.exists():
        for row in tomllib.loads(path.read_text(encoding="utf-8")).get("row", []):
            cites = row.get("cites", [])
            expected |= {(f, r) for f in cites if f in faqs for r in cites if r in rule_ids}
    got = {tuple(r) for r in built_conn.execute("select faq_id, rule_id from faq_rules where how = 'logic'")}
    assert got == expected
    assert {r[0] for r in built_conn.execute("select score from faq_rules where how = 'logic'")} <= {1.0}


def test_ensure_built_builds_once_and_rebuilds_a_stale_base_with_its_extras(tmp_path):
    from rulecheck.kb.rebuild import ensure_built

    extra = tmp_path / "Extra_Test_State.wiki"
    extra.write_text("View source for Extra Test State\n\n==Effects==\n\n* An effect of the Extra Test State.\n")
    db = tmp_path / "kb.db"
    build_database(db, [extra])
    conn = sqlite3.connect(db)
    conn.execute("update meta set value = 'stale' where key = 'fingerprint'")
    conn.commit()
    conn.close()
    assert ensure_built(db) == db
    assert built_fingerprint(db) == (bundled_fingerprint(), [str(extra)])
    assert sqlite3.connect(db).execute("select count(*) from pages where id = 'extra-test-state'").fetchone() == (1,)
    before = db.stat().st_mtime_ns
    ensure_built(db)
    assert db.stat().st_mtime_ns == before
