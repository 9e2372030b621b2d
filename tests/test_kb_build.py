"""The knowledge-base writer on hand-made page records: ids, merging, links, FAQ links,
strictness, atomicity, determinism."""
from __future__ import annotations

import os
import signal
import sqlite3
import threading

import pytest

from rulecheck.ingest.records import Faq, Link, Page, Rule
from rulecheck.kb import build as kb_build
from rulecheck.kb.build import BuildError, StrictBuildFailed, build_database, write_database
from rulecheck.kb.ids import faq_id
from rulecheck.kb.manifest import ManifestError, load_manifest
from rulecheck.kb.resolve import assign_page_ids

SHARED_Q = "Q: Can a Marker be hit by a Template Weapon?"


def rule(key: str, text: str, *, parent: str | None = None, links: tuple[str, ...] = (), **kw) -> Rule:
    section = key.split("-")[0]
    return Rule(key, section, section.upper(), int(key.split("-")[-1]), text, f"* {text}", parent_key=parent,
                links=[Link("text", t) for t in links], **kw)


def faq(question: str, answer: str = "No.", related: tuple[str, ...] = (), **kw) -> Faq:
    return Faq(kw.pop("kind", "faq"), question, answer, f"q = {question}", links=[Link("related", t) for t in related],
               **kw)


def pages() -> list[Page]:
    to = Page("TO Camouflaged", "wikitext", "to.wiki", "", lang="en", edition="N3", rules=[
        rule("effects-1", "In order to Discover a TO Camouflaged trooper, the enemy must pass a Discover Roll.",
             links=("Discover", "TO Camouflaged")),
        rule("effects-2", "TO Camouflage Markers retain the Silhouette value printed on their profiles.",
             links=("Silhouette (S) ",)),
        rule("cancellation-1", "The TO Camouflaged state is canceled whenever:"),
        rule("cancellation-1-1", "The trooper is Discovered.", parent="cancellation-1"),
        rule("cancellation-1-2", "The trooper receives a hit that forces an ARM/BTS Roll.", parent="cancellation-1",
             links=("ARM/BTS",)),
    ], faqs=[
        faq("Can I declare two Discover skill against same marker in one Order?",
            related=("Camouflaged", "Discover", "TO Camouflaged")),
        faq(SHARED_Q, "Yes, indirectly.", related=("Camouflaged", "Template Weapon"), version="1.1"),
    ], links=[Link("interlanguage", "Camuflado", lang="es"), Link("category", "Game States")])
    camuflado = Page("Camuflado", "text", "camuflado.txt", "", lang="es", edition="N4", rules=[
        rule("effects-1", "Para revelar a un Marcador de Camuflado se debe superar una Tirada de Descubrir."),
        rule("cancellation-1", "El Marcador de Camuflado deba realizar una Tirada de Salvación.",
             errata="update", errata_version="PDF 2.1, July 2023"),
    ], faqs=[faq(SHARED_Q.removeprefix("Q: ").upper(), "Yes, indirectly.", related=("HoloMask",), date="Sep 2018")])
    hd = Page("Hidden Deployment State", "wikitext", "hd.wiki", "", lang="en", edition="N4", rules=[
        rule("activation-1", "Automatic in the Deployment Phase.", links=("HoloMask", "Hidden Deployment",
                                                                          "Nowhere Page")),
    ], faqs=[faq("[Errata] Can Surprise Attack be used with Hidden Deployment State?", "Yes.", kind="errata")])
    holo = Page("HoloMask State", "text", "holo.txt", "", lang="en", edition="N4",
                rules=[rule("effects-1", "While in HoloMask State, players don't place the bearer's Model.")])
    return [to, camuflado, hd, holo]


@pytest.fixture
def conn(db_path):
    write_database(db_path, pages())
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    yield conn
    conn.close()


def link_target(conn, to_title: str, **where) -> list[str | None]:
    clause = "".join(f" and {k} is not null" for k in where)
    return [r[0] for r in conn.execute(f"select to_page_id from links where to_title = ?{clause}", [to_title])]


# --- ids -------------------------------------------------------------------------------------

def test_page_ids_are_slugs_and_rule_ids_prefix_them(conn):
    assert [r[0] for r in conn.execute("select id from pages order by ordinal")] == [
        "to-camouflaged", "camuflado", "hidden-deployment-state", "holomask-state"]
    row = conn.execute("select * from rules where id = 'to-camouflaged-cancellation-1-1'").fetchone()
    assert row["parent_id"] == "to-camouflaged-cancellation-1"
    assert row["edition"] == "N3" and row["page_id"] == "to-camouflaged" and row["key"] == "cancellation-1-1"
    assert row["source_text"] == "* The trooper is Discovered."


@pytest.mark.parametrize("text, slug_, fid, folded", [
    # values computed by the ids code before the accent folding was shared: ids must not change
    ("¿Puede un Marcador de Camuflado ﬁjar una ORA?", "puede-un-marcador-de-camuflado-fijar-una-ora",
     "faq-puede-un-marcador-de-camuflado-fijar-5b492d", "¿puede un marcador de camuflado fijar una ora?"),
    ("Línea de Tiro (LdT) ²", "linea-de-tiro-ldt-2", "faq-linea-de-tiro-ldt-2-1767e6", "linea de tiro (ldt) 2"),
    ("Ñandú — Ü", "nandu-u", "faq-nandu-u-5848fb", "nandu — u"),
])
def test_accents_fold_the_same_way_for_ids_and_the_glossary(text, slug_, fid, folded):
    from rulecheck.kb.glossary import fold
    from rulecheck.kb.ids import slug

    assert (slug(text), faq_id(text), fold(text)) == (slug_, fid, folded)


def test_accent_folding_lives_in_one_place():
    from pathlib import Path

    import rulecheck.kb

    users = [p.name for p in sorted(Path(rulecheck.kb.__file__).parent.glob("*.py")) if "unicodedata" in p.read_text()]
    assert users == ["glossary.py"]


def test_same_title_gets_edition_then_number_suffix_and_a_warning():
    ids, warnings = assign_page_ids([("TO Camouflaged", "N3", "a"), ("TO Camouflaged", "N4", "b"),
                                     ("TO Camouflaged", "N4", "c"), ("TO camouflaged", None, "d")])
    assert ids == ["to-camouflaged", "to-camouflaged-n4", "to-camouflaged-2", "to-camouflaged-3"]
    assert [w.source for w in warnings] == ["b", "c", "d"]
    assert all(w.code == "duplicate-title" and "share the title" in w.message for w in warnings)


def test_two_pages_with_one_title_both_land(db_path):
    twin = Page("TO Camouflaged", "text", "to-n4.txt", "", lang="en", edition="N4",
                rules=[rule("effects-1", "Another edition's text.")])
    report = write_database(db_path, pages() + [twin])
    conn = sqlite3.connect(db_path)
    assert conn.execute("select source from pages where id = 'to-camouflaged-n4'").fetchone() == ("to-n4.txt",)
    assert conn.execute("select count(*) from rules where page_id = 'to-camouflaged-n4'").fetchone() == (1,)
    assert [w.source for w in report.warnings] == ["to-n4.txt"]
    assert conn.execute("select source, code from warnings").fetchall() == [("to-n4.txt", "duplicate-title")]


def test_ids_are_stable_and_rows_deterministic(tmp_path):
    dumps = []
    for name in ("one.db", "two.db"):
        write_database(tmp_path / name, pages())
        conn = sqlite3.connect(tmp_path / name)
        dumps.append({t: conn.execute(f"select * from {t} order by 1, 2").fetchall()
                      for t in ("pages", "rules", "faqs", "faq_pages", "links", "faq_rules", "meta", "warnings")})
        conn.close()
    assert dumps[0] == dumps[1]


def test_rule_ordinal_is_the_position_on_the_page_whatever_the_parser_numbered(conn):
    # the records number within a section or parent (effects-1, effects-2, cancellation-1, -1-1, -1-2)
    for (page_id,) in conn.execute("select id from pages"):
        got = conn.execute("select ordinal from rules where page_id = ? order by rowid", [page_id]).fetchall()
        assert [r[0] for r in got] == list(range(1, len(got) + 1)), page_id
    assert [r[0] for r in conn.execute("select key from rules where page_id = 'to-camouflaged' order by ordinal")] == [
        "effects-1", "effects-2", "cancellation-1", "cancellation-1-1", "cancellation-1-2"]


# --- FAQs --------------------------------------------------------------------------------------

def test_one_faq_on_two_pages_is_one_row(conn):
    fid = faq_id(SHARED_Q)
    assert conn.execute("select count(*) from faqs where id = ?", [fid]).fetchone()[0] == 1
    row = conn.execute("select * from faqs where id = ?", [fid]).fetchone()
    assert (row["version"], row["date"], row["edition"]) == ("1.1", "Sep 2018", "N3")  # later copy fills gaps
    assert [r[0] for r in conn.execute("select page_id from faq_pages where faq_id = ? order by page_id", [fid])] == [
        "camuflado", "to-camouflaged"]


def test_errata_counted_from_faqs_and_rules(db_path):
    report = write_database(db_path, pages())
    assert (report.pages, report.rules, report.faqs, report.errata) == (4, 9, 3, 2)
    conn = sqlite3.connect(db_path)
    assert conn.execute("select kind from faqs where question like '[Errata]%'").fetchone() == ("errata",)


# Two different questions whose 6-hex FAQ ids collide (found by search; the test checks it).
COLLIDING = ("Can a Marker be hit by template 3089?", "Can a Marker be hit by template 6109?")


def test_two_questions_with_one_faq_id_stay_apart_with_a_warning(db_path):
    assert faq_id(COLLIDING[0]) == faq_id(COLLIDING[1])
    first, second = pages()[:2]
    first.faqs.append(faq(COLLIDING[0], "Yes."))
    second.faqs.append(faq(COLLIDING[1], "No."))
    second.faqs.append(faq(COLLIDING[1].upper(), "No."))  # the same question again: the same longer id
    report = write_database(db_path, [first, second])
    conn = sqlite3.connect(db_path)
    longer = faq_id(COLLIDING[1], digits=12)
    assert dict(conn.execute("select id, answer from faqs where question like 'Can a Marker be hit by template%'")) == {
        faq_id(COLLIDING[0]): "Yes.", longer: "No."}
    assert conn.execute("select count(*) from faq_pages where faq_id = ?", [longer]).fetchone() == (1,)
    assert [w.code for w in report.warnings] == ["faq-id-collision"]
    assert longer in report.warnings[0].message and report.warnings[0].source == "camuflado.txt"


# --- links -------------------------------------------------------------------------------------

def test_camouflaged_resolves_to_the_spanish_n4_page(conn):
    assert set(link_target(conn, "Camouflaged")) == {"camuflado"}


@pytest.mark.parametrize("title, page_id", [
    ("HoloMask", "holomask-state"),
    ("Hidden Deployment", "hidden-deployment-state"),
    ("TO Camouflaged", "to-camouflaged"),
    ("Silhouette (S) ", None),
    ("Nowhere Page", None),
])
def test_link_resolution(conn, title, page_id):
    assert set(link_target(conn, title)) == {page_id}


def test_interlanguage_link_resolves_by_title(conn):
    row = conn.execute("select * from links where kind = 'interlanguage'").fetchone()
    assert (row["to_title"], row["to_page_id"], row["lang"], row["from_page_id"]) == (
        "Camuflado", "camuflado", "es", "to-camouflaged")


def test_every_link_kept_and_counted(db_path):
    report = write_database(db_path, pages())
    conn = sqlite3.connect(db_path)
    total, dangling = conn.execute("select count(*), sum(to_page_id is null) from links").fetchone()
    assert (report.links_resolved, report.links_dangling) == (total - dangling, dangling)
    assert conn.execute("select count(*) from links where from_page_id is null").fetchone() == (0,)
    assert conn.execute("select count(*) from links where kind = 'category'").fetchone() == (1,)
    # A FAQ's links point back to the FAQ row and to the page it was read on.
    assert set(conn.execute("select from_page_id from links where from_faq_id = ?", [faq_id(SHARED_Q)])) == {
        ("to-camouflaged",), ("camuflado",)}


# --- faq_rules ---------------------------------------------------------------------------------

def test_similarity_links_the_discover_faq_to_discover_bullets(conn):
    fid = faq_id("Can I declare two Discover skill against same marker in one Order?")
    linked = {r[0] for r in conn.execute("select rule_id from faq_rules where faq_id = ? and instr(ways, 'similarity')",
                                         [fid])}
    assert "to-camouflaged-effects-1" in linked
    assert "to-camouflaged-effects-2" not in linked


def test_logic_rows_link_each_cited_faq_to_each_cited_rule(db_path, tmp_path, monkeypatch):
    fid = faq_id(SHARED_Q)
    logic = tmp_path / "logic.toml"
    logic.write_text(f'[[row]]\ncites = ["{fid}", "camuflado-effects-1", "to-camouflaged-effects-2", '
                     '"no-such-rule", "faq-nope-000000"]\n[[row]]\ncites = ["camuflado-effects-1"]\n')
    monkeypatch.setattr(kb_build, "LOGIC_PATH", logic)
    write_database(db_path, pages())
    rows = sqlite3.connect(db_path).execute("select faq_id, rule_id, score from faq_rules where how = 'logic' "
                                            "order by rule_id").fetchall()
    assert rows == [(fid, "camuflado-effects-1", 1.0), (fid, "to-camouflaged-effects-2", 1.0)]


def test_unreadable_logic_table_is_a_warning(db_path, tmp_path, monkeypatch):
    logic = tmp_path / "logic.toml"
    logic.write_text("[[row]\n")
    monkeypatch.setattr(kb_build, "LOGIC_PATH", logic)
    report = write_database(db_path, pages())
    assert [w.code for w in report.warnings] == ["logic-table"]


# --- full-text search --------------------------------------------------------------------------

def test_search_reads_the_built_tables(conn):
    from rulecheck.kb.read import search

    hits = search(conn, "Descubrir", limit=3)
    assert hits and hits[0]["id"] == "camuflado-effects-1"
    assert any(h["id"] == "to-camouflaged-effects-1" for h in search(conn, "Discovers"))


# --- strictness and atomicity ------------------------------------------------------------------

def test_strict_refuses_to_write_when_there_are_warnings(db_path):
    write_database(db_path, pages())
    before = db_path.read_bytes()
    twin = Page("Camuflado", "text", "dup.txt", "", lang="es", edition="N4")
    with pytest.raises(StrictBuildFailed) as e:
        write_database(db_path, pages() + [twin], strict=True)
    assert e.value.report.warnings[0].source == "dup.txt"
    assert db_path.read_bytes() == before


def test_strict_without_warnings_writes(db_path):
    assert write_database(db_path, pages(), strict=True).warnings == []
    assert db_path.exists()


def test_failure_midway_leaves_old_base_byte_identical(db_path, monkeypatch):
    write_database(db_path, pages())
    before = db_path.read_bytes()

    def broken(conn, *args):
        conn.execute("create table half (x)")
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(kb_build, "_finish", broken)
    with pytest.raises(RuntimeError):
        write_database(db_path, pages())
    assert db_path.read_bytes() == before
    assert sorted(p.name for p in db_path.parent.iterdir()) == ["rulecheck.db"]


@pytest.mark.parametrize("where", ["faq_rules", "links"])
def test_a_row_breaking_a_foreign_key_is_a_build_error(db_path, monkeypatch, where):
    """Every table's keys are checked: `faq_rules` at the end, the others beside the FAQ links."""
    from rulecheck.kb import rows as kb_rows
    from rulecheck.kb.schema import FaqRuleRow

    write_database(db_path, pages())
    before = db_path.read_bytes()
    if where == "faq_rules":
        monkeypatch.setattr(kb_rows, "faq_rule_rows", lambda *args: [
            FaqRuleRow(faq_id(SHARED_Q), "no-such-rule", "similarity", 0.5, "related", "similarity", 0.5)])
    else:
        write_links = kb_rows.Rows.write_links

        def and_a_stray(self):
            write_links(self)
            self._conn.execute("insert into links (from_page_id, kind, to_title) values ('no-such-page', 'text', 'X')")

        monkeypatch.setattr(kb_rows.Rows, "write_links", and_a_stray)
    with pytest.raises(BuildError, match="1 row.s. break a foreign key"):
        write_database(db_path, pages())
    assert db_path.read_bytes() == before
    assert [p.name for p in db_path.parent.iterdir()] == ["rulecheck.db"]


def test_interrupted_build_leaves_old_base_byte_identical(db_path):
    build_database(db_path)
    before = db_path.read_bytes()

    def interrupt(done, total, source):
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_database(db_path, progress=interrupt)
    assert db_path.read_bytes() == before
    assert [p.name for p in db_path.parent.iterdir()] == ["rulecheck.db"]


def test_a_stop_signal_while_the_faq_links_are_made_stops_the_build(db_path, monkeypatch):
    """SIGTERM while the FAQ links are made and a thread writes the indexes: the writer is
    stopped and waited for, the temporary file goes, the old base stays."""
    from rulecheck.kb import rows as kb_rows
    from rulecheck.kb.base_file import BuildInterrupted, stop_on_terminate

    write_database(db_path, pages())
    before = db_path.read_bytes()
    link_faqs = kb_rows.Rows.link_faqs

    def terminated(self):
        os.kill(os.getpid(), signal.SIGTERM)
        link_faqs(self)

    monkeypatch.setattr(kb_rows.Rows, "link_faqs", terminated)
    with pytest.raises(BuildInterrupted), stop_on_terminate():
        write_database(db_path, pages())
    assert db_path.read_bytes() == before
    assert [p.name for p in db_path.parent.iterdir()] == ["rulecheck.db"]
    assert not [t for t in threading.enumerate() if t.name == "rulecheck-base-writer"]


def test_waiting_for_the_writer_outlasts_a_stop_signal():
    """A second signal while the build waits for its writer thread still waits for it (its
    connection must not close under it), tells it to stop, and is raised after."""
    from rulecheck.kb.base_file import BuildInterrupted

    release = threading.Event()
    writer = threading.Thread(target=release.wait)
    writer.start()
    join = writer.join

    def interrupted_once(timeout=None):
        writer.join = join
        raise BuildInterrupted(signal.SIGTERM)

    writer.join = interrupted_once
    with pytest.raises(BuildInterrupted):
        kb_build._wait_for(writer, on_stop=release.set)
    assert not writer.is_alive()


def test_rename_failure_is_a_build_error_and_leaves_no_temp_file(db_path, monkeypatch):
    write_database(db_path, pages())
    before = db_path.read_bytes()

    def no_rename(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", no_rename)
    with pytest.raises(BuildError, match="unchanged"):
        write_database(db_path, pages())
    assert db_path.read_bytes() == before
    assert [p.name for p in db_path.parent.iterdir()] == ["rulecheck.db"]


def test_a_folder_as_destination_is_a_build_error(tmp_path):
    with pytest.raises(BuildError, match="is a folder"):
        write_database(tmp_path, pages())


def test_an_unwritable_destination_is_a_build_error_naming_the_path(tmp_path):
    with pytest.raises(BuildError, match=r"/proc/nope.*Choose another --db"):
        build_database("/proc/nope/kb.db")
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(BuildError, match="a-file"):
        write_database(blocker / "kb.db", pages())


@pytest.mark.parametrize("content", [b"my shopping list\n", "notes"])
def test_a_file_that_is_not_a_rulecheck_base_is_never_overwritten(tmp_path, content):
    from rulecheck.kb.read import NotAKnowledgeBase

    path = tmp_path / "mine.db"
    if content == "notes":
        user = sqlite3.connect(path)
        user.execute("create table notes (text)")
        user.execute("insert into notes values ('keep me')")
        user.commit()
        user.close()
    else:
        path.write_bytes(content)
    before = path.read_bytes()
    with pytest.raises(NotAKnowledgeBase, match="is not a rulecheck knowledge base; choose another --db"):
        build_database(path)
    with pytest.raises(NotAKnowledgeBase):
        write_database(path, pages())
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["mine.db"]


def test_an_empty_file_or_an_old_base_is_replaced(db_path):
    db_path.parent.mkdir()
    db_path.write_bytes(b"")
    write_database(db_path, pages())
    write_database(db_path, pages()[:1])
    assert sqlite3.connect(db_path).execute("select count(*) from pages").fetchone() == (1,)


def test_authoring_errors_are_knowledge_base_errors():
    from rulecheck.kb.faq_links import LogicFileError
    from rulecheck.kb.glossary import GlossaryError
    from rulecheck.kb.read import KnowledgeBaseError

    assert issubclass(GlossaryError, KnowledgeBaseError) and issubclass(LogicFileError, KnowledgeBaseError)
    assert not issubclass(GlossaryError, ValueError) and not issubclass(LogicFileError, ValueError)


def test_a_missing_extra_path_is_a_build_error(db_path, tmp_path):
    with pytest.raises(kb_build.MissingInput, match="No such file or folder"):
        build_database(db_path, [tmp_path / "nope.wiki"])
    assert not db_path.exists()


# --- manifest ----------------------------------------------------------------------------------

def test_manifest_lists_every_bundled_page():
    from rulecheck.data import PAGES_DIR

    assert {e.path for e in load_manifest()} == set(PAGES_DIR.iterdir())
    assert [e.source for e in load_manifest()][0] == "data/pages/to-camouflaged.wiki"


@pytest.mark.parametrize("text, message", [
    ('[[page]]\nfile = "nope.txt"\n', "does not exist"),
    ('[[page]]\nfile = "m.toml"\nlang = "fr"\n', "lang must be one of"),
    ('[[page]]\nfile = "m.toml"\nedition = "N9"\n', "edition must be one of"),
    ('[[page]]\nfile = "m.toml"\ncolour = "red"\n', "unknown field"),
    ('[[page]\n', "not valid TOML"),
])
def test_manifest_errors_name_the_fix(tmp_path, text, message):
    path = tmp_path / "m.toml"
    path.write_text(text)
    with pytest.raises(ManifestError, match=message):
        load_manifest(path)


def test_a_glossary_english_for_must_pair_the_terms_own_names(tmp_path):
    from rulecheck.kb.glossary import GlossaryError, load_glossary

    bad = tmp_path / "glossary.toml"
    bad.write_text('[[term]]\nid = "entire_order"\nkind = "concept"\nen = ["Entire Order", "Long Skill"]\n'
                   'es = ["Orden Completa", "Habilidad Larga"]\nenglish_for = {"Habilidad Larga" = "Short Skill"}\n',
                   encoding="utf-8")
    with pytest.raises(GlossaryError, match="english_for pairs 'Habilidad Larga' with 'Short Skill'"):
        load_glossary(bad)
    good = tmp_path / "good.toml"
    good.write_text(bad.read_text(encoding="utf-8").replace('"Short Skill"', '"Long Skill"'), encoding="utf-8")
    term = load_glossary(good).terms["entire_order"]
    assert term.english("Habilidad Larga") == "Long Skill" and term.english("Orden Completa") == "Entire Order"


@pytest.mark.parametrize("search, message", [
    ('"token"', "search must be a list of words"),
    ('["token", ""]', "search must be a list of words"),
    ('["token", "marcador"]', r"search repeats the term's own name\(s\) \['marcador'\]"),
])
def test_a_glossary_search_list_holds_only_players_words(tmp_path, search, message):
    from rulecheck.kb.glossary import GlossaryError, load_glossary

    bad = tmp_path / "glossary.toml"
    bad.write_text(f'[[term]]\nid = "marker"\nkind = "concept"\nen = ["Marker"]\nes = ["Marcador"]\nsearch = {search}\n',
                   encoding="utf-8")
    with pytest.raises(GlossaryError, match=message):
        load_glossary(bad)
