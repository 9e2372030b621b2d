"""The schema's declared vocabularies and orders hold in every base we build: the bundled one,
one built from every golden input (all four formats), and the golden records themselves."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from rulecheck.ingest.records import LINK_KINDS, SECTIONS
from rulecheck.kb import schema
from rulecheck.kb.build import build_database

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_JSON = sorted(GOLDEN.glob("*/*.json"))
GOLDEN_INPUTS = sorted(p for p in GOLDEN.glob("*/*") if p.suffix != ".json")

FORMATS = {"wikitext", "text", "html"}
LANGS = {"en", "es", None}
EDITIONS = {"N3", "N4", "N5", "CodeOne", None}
FAQ_KINDS = {"faq", "errata"}
FAQ_RULE_HOWS = {"similarity", "logic"}
FAQ_RULE_STRENGTHS = {"settles", "related"}
FAQ_RULE_WAYS = {"logic", "similarity", "logic,similarity"}
LINK_CHOICES = {"interlanguage", "edition", "language", "order", None}


@pytest.fixture(scope="module")
def golden_db(tmp_path_factory) -> Path:
    """The bundled pages plus every golden parser input, in one base."""
    path = tmp_path_factory.mktemp("golden-kb") / "kb.db"
    build_database(path, GOLDEN_INPUTS)
    return path


@pytest.fixture(params=["bundled", "golden"])
def base(request, built_db, golden_db):
    conn = sqlite3.connect(built_db if request.param == "bundled" else golden_db)
    yield conn
    conn.close()


def values(conn: sqlite3.Connection, sql: str) -> set:
    return {r[0] for r in conn.execute(sql)}


def test_the_golden_base_has_every_format(golden_db):
    conn = sqlite3.connect(golden_db)
    assert values(conn, "select format from pages") == FORMATS
    assert len(values(conn, "select id from pages")) > 20


def test_vocabularies_hold_in_the_base(base):
    assert values(base, "select section from rules") <= set(SECTIONS)
    assert values(base, "select kind from links") <= set(LINK_KINDS)
    assert values(base, "select how from faq_rules") <= FAQ_RULE_HOWS
    assert values(base, "select strength from faq_rules") <= FAQ_RULE_STRENGTHS
    assert values(base, "select ways from faq_rules") <= FAQ_RULE_WAYS
    assert values(base, "select chosen_by from links") <= LINK_CHOICES
    assert values(base, "select count(*) from links where (candidates > 1) != (chosen_by is not null)") == {0}
    assert values(base, "select count(*) from links where (candidates = 0) != (to_page_id is null)") == {0}
    assert values(base, "select kind from faqs") <= FAQ_KINDS
    assert values(base, "select format from pages") <= FORMATS
    assert values(base, "select lang from pages") <= LANGS
    for table in ("pages", "rules", "faqs"):
        assert values(base, f"select edition from {table}") <= EDITIONS, table


def test_rule_ordinals_are_the_position_on_the_page(base):
    for (page_id,) in base.execute("select id from pages"):
        by_rowid = [r[0] for r in base.execute("select id from rules where page_id = ? order by rowid", [page_id])]
        by_ordinal = [r[0] for r in base.execute("select id from rules where page_id = ? order by ordinal", [page_id])]
        ordinals = [r[0] for r in base.execute("select ordinal from rules where page_id = ? order by rowid", [page_id])]
        assert by_ordinal == by_rowid and ordinals == list(range(1, len(by_rowid) + 1)), page_id


@pytest.mark.parametrize("path", GOLDEN_JSON, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_vocabularies_hold_in_the_golden_records(path):
    page = json.loads(path.read_text(encoding="utf-8"))
    assert page["format"] in FORMATS and page["lang"] in LANGS and page["edition"] in EDITIONS
    links = list(page.get("links", []))
    for rule in page["rules"]:
        assert rule["section"] in SECTIONS, rule["key"]
        assert rule.get("edition") in EDITIONS, rule["key"]
        links += rule.get("links", [])
    for faq in page.get("faqs", []):
        assert faq["kind"] in FAQ_KINDS
        assert faq.get("edition") in EDITIONS
        links += faq.get("links", [])
    assert {link["kind"] for link in links} <= set(LINK_KINDS)


def test_golden_records_are_found():
    assert len(GOLDEN_JSON) >= 20 and {p.parent.name for p in GOLDEN_JSON} == {"html", "plaintext", "rulebook",
                                                                               "wikitext"}


@pytest.mark.parametrize("table", sorted(schema.ROW_TYPES))
def test_row_types_match_the_tables_columns(table):
    conn = sqlite3.connect(":memory:")
    schema.migrate(conn)
    columns = tuple(r[1] for r in conn.execute(f"pragma table_info({table})"))
    assert schema.ROW_TYPES[table]._fields == columns
