"""The schema: contract columns in order, foreign keys, migrations, full-text tables."""
from __future__ import annotations

import sqlite3

import pytest

from rulecheck.kb import schema

#: The contract (issue 2 and DESIGN.md): users' SQL depends on these names and this order.
CONTRACT = {
    "pages": ["id", "title", "lang", "edition", "format", "source"],
    "rules": ["id", "page_id", "section", "section_label", "ordinal", "parent_id", "text", "edition", "errata",
              "errata_version"],
    "faqs": ["id", "kind", "title", "version", "date", "question", "answer"],
    "faq_pages": ["faq_id", "page_id"],
    "links": ["from_page_id", "from_rule_id", "from_faq_id", "kind", "to_title", "to_page_id"],
    "faq_rules": ["faq_id", "rule_id", "how", "score", "strength", "ways"],
    "meta": ["key", "value"],
    "warnings": ["source", "line", "code", "message"],
}

FOREIGN_KEYS = {
    ("rules", "page_id", "pages"), ("rules", "parent_id", "rules"),
    ("faq_pages", "faq_id", "faqs"), ("faq_pages", "page_id", "pages"),
    ("links", "from_page_id", "pages"), ("links", "from_rule_id", "rules"), ("links", "from_faq_id", "faqs"),
    ("links", "to_page_id", "pages"),
    ("faq_rules", "faq_id", "faqs"), ("faq_rules", "rule_id", "rules"),
}


@pytest.fixture
def conn():
    conn = sqlite3.connect(":memory:")
    schema.migrate(conn)
    yield conn
    conn.close()


def columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in conn.execute(f"pragma table_info({table})")]


@pytest.mark.parametrize("table", sorted(CONTRACT))
def test_contract_columns_come_first_in_order(conn, table):
    assert columns(conn, table)[: len(CONTRACT[table])] == CONTRACT[table]


def test_rules_keep_their_source_fragment_heading_and_line(conn):
    assert {"source_text", "heading", "line"} <= set(columns(conn, "rules"))
    assert {"source_text", "edition"} <= set(columns(conn, "faqs"))


def test_foreign_keys_are_declared_for_datasette(conn):
    declared = set()
    for table in CONTRACT:
        for row in conn.execute(f"pragma foreign_key_list({table})"):
            declared.add((table, row["from"] if isinstance(row, sqlite3.Row) else row[3], row[2]))
    assert FOREIGN_KEYS <= declared


def test_migrations_are_ordered_and_recorded(conn):
    versions = [m.version for m in schema.MIGRATIONS]
    assert versions == sorted(set(versions)) and versions[0] == 1
    assert all(m.description for m in schema.MIGRATIONS)
    assert schema.schema_version(conn) == schema.SCHEMA_VERSION == versions[-1]


def test_migrate_twice_changes_nothing(conn):
    before = conn.execute("select sql from sqlite_master order by name").fetchall()
    assert schema.migrate(conn) == schema.SCHEMA_VERSION
    assert conn.execute("select sql from sqlite_master order by name").fetchall() == before


def test_a_version_1_base_gets_one_faq_rule_row_per_pair_with_its_ways():
    conn = sqlite3.connect(":memory:")
    conn.executescript(schema.MIGRATIONS[0].sql)
    conn.execute("insert into meta values ('schema_version', '1')")
    conn.executescript("""
        insert into pages values ('p', 'P', 'en', 'N4', 'text', 'p.txt', 1, 2, 1);
        insert into rules (id, page_id, section, ordinal, text, key) values
            ('p-effects-1', 'p', 'effects', 1, 'One.', 'effects-1'), ('p-effects-2', 'p', 'effects', 2, 'Two.', 'effects-2');
        insert into faqs (id, kind, question, answer) values ('faq-x-000000', 'faq', 'Q?', 'A.');
        insert into faq_rules values ('faq-x-000000', 'p-effects-1', 'similarity', 0.4),
            ('faq-x-000000', 'p-effects-1', 'logic', 1.0), ('faq-x-000000', 'p-effects-2', 'similarity', 0.2);
    """)
    assert schema.migrate(conn) == schema.SCHEMA_VERSION
    rows = conn.execute("select rule_id, how, score, strength, ways, similarity from faq_rules order by rule_id").fetchall()
    assert rows == [("p-effects-1", "logic", 1.0, "related", "logic,similarity", 0.4),
                    ("p-effects-2", "similarity", 0.2, "related", "similarity", 0.2)]
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("insert into faq_rules values ('faq-x-000000', 'p-effects-2', 'logic', 1.0, 'related', 'logic', 0)")
    conn.execute("delete from faq_rules")
    with pytest.raises(sqlite3.IntegrityError):  # strength is settles or related
        conn.execute("insert into faq_rules values ('faq-x-000000', 'p-effects-1', 'logic', 1.0, 'maybe', 'logic', 0)")


def test_the_core_columns_that_prove_a_base_are_those_of_schema_1():
    conn = sqlite3.connect(":memory:")
    conn.executescript(schema.MIGRATIONS[0].sql)
    tables = [r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")]
    assert {t: tuple(columns(conn, t)) for t in tables} == schema.CORE_COLUMNS


def test_a_version_3_base_gains_the_export_columns_and_tables_and_keeps_its_rows():
    """A base written before MediaWiki exports (faq_rules strength, links.chosen_by: schema 3)."""
    conn = sqlite3.connect(":memory:")
    for migration in schema.MIGRATIONS[:3]:
        conn.executescript(migration.sql)
    conn.execute("insert into meta values ('schema_version', '3')")
    conn.execute("insert into pages values ('p', 'P', 'en', 'N4', 'text', 'p.txt', 1, 0, 0)")
    conn.execute("insert into links (from_page_id, kind, to_title, candidates, chosen_by) "
                 "values ('p', 'text', 'Q', 2, 'edition')")
    assert schema.migrate(conn) == schema.SCHEMA_VERSION == 4
    assert conn.execute("select id, revision_timestamp, revision_id, url from pages").fetchall() == [("p", None, None, None)]
    assert conn.execute("select to_title, candidates, chosen_by from links").fetchall() == [("Q", 2, "edition")]
    assert columns(conn, "exports")[:3] == ["source", "site_name", "base_url"]
    assert columns(conn, "redirects") == ["title", "to_title", "to_page_id", "source"]


def test_empty_database_is_version_zero():
    assert schema.schema_version(sqlite3.connect(":memory:")) == 0


def test_full_text_tables_fold_accents_and_stem(conn):
    conn.execute("insert into pages (id, title, format, source, ordinal) values ('p', 'P', 'text', 'p.txt', 1)")
    conn.executemany(
        "insert into rules (id, page_id, section, ordinal, text, key) values (?, 'p', 'effects', 1, ?, ?)",
        [("p-1", "CANCELACIÓN del estado", "a"), ("p-2", "In order to Discover a trooper", "b")],
    )
    schema.enable_search(conn)
    sql = conn.execute("select sql from sqlite_master where name = 'rules_fts'").fetchone()[0]
    assert "remove_diacritics 2" in sql

    def match(q):
        return [r[0] for r in conn.execute(
            "select rules.id from rules_fts join rules on rules.rowid = rules_fts.rowid where rules_fts match ?", [q])]

    assert match('"cancelacion"') == ["p-1"]
    assert match('"discovers"') == ["p-2"]
    assert conn.execute("select count(*) from faqs_fts").fetchone()[0] == 0


#: The full-text tables as every base so far has them (bases built before and after the switch
#: back to sqlite-utils' `enable_fts` must read alike).
FTS_SQL = {
    "rules_fts": 'CREATE VIRTUAL TABLE "rules_fts" USING FTS5 (\n    "text", "section_label", "heading",\n'
                "    tokenize='porter unicode61 remove_diacritics 2',\n    content=\"rules\"\n)",
    "faqs_fts": 'CREATE VIRTUAL TABLE "faqs_fts" USING FTS5 (\n    "question", "answer",\n'
                "    tokenize='porter unicode61 remove_diacritics 2',\n    content=\"faqs\"\n)",
}


def test_full_text_tables_are_sqlite_utils_own_without_triggers(built_conn):
    from sqlite_utils import Database

    sql = dict(built_conn.execute("select name, sql from sqlite_master where name in ('rules_fts', 'faqs_fts')"))
    assert sql == FTS_SQL
    db = Database(built_conn, recursive_triggers=False, execute_plugins=False)
    assert db["rules"].detect_fts() == "rules_fts" and db["faqs"].detect_fts() == "faqs_fts"
    assert built_conn.execute("select count(*) from sqlite_master where type = 'trigger'").fetchone()[0] == 0
    for table in ("rules", "faqs"):
        assert (built_conn.execute(f"select count(*) from {table}_fts").fetchone()[0]
                == built_conn.execute(f"select count(*) from {table}").fetchone()[0])
