"""The knowledge base's tables, as an ordered list of migrations.

Contract columns come first in each table (users' SQL and Datasette queries depend on them,
see DESIGN.md); extra columns follow. A change to the schema is a new migration appended to
`MIGRATIONS`, never an edit of an old one, so `schema_version` in `meta` says what a base holds.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    """One step of the schema: its version number, what it does, and its SQL."""

    version: int
    description: str
    sql: str


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "pages, rules, FAQs, links, FAQ-to-rule links, warnings and meta",
        """
        create table meta (
            key text primary key,
            value text
        );
        create table pages (
            id text primary key,
            title text not null,
            lang text,
            edition text,
            format text not null,
            source text not null,
            ordinal integer not null,
            rule_count integer not null default 0,
            faq_count integer not null default 0
        );
        create table rules (
            id text primary key,
            page_id text not null references pages(id),
            section text not null,
            section_label text,
            ordinal integer not null,
            parent_id text references rules(id),
            text text not null,
            edition text,
            errata text,
            errata_version text,
            key text not null,
            heading text,
            line integer,
            source_text text
        );
        create table faqs (
            id text primary key,
            kind text not null,
            title text,
            version text,
            date text,
            question text not null,
            answer text not null,
            edition text,
            source_text text
        );
        create table faq_pages (
            faq_id text not null references faqs(id),
            page_id text not null references pages(id),
            line integer,
            ordinal integer not null,
            primary key (faq_id, page_id)
        );
        create table links (
            from_page_id text not null references pages(id),
            from_rule_id text references rules(id),
            from_faq_id text references faqs(id),
            kind text not null,
            to_title text not null,
            to_page_id text references pages(id),
            label text,
            lang text,
            how text
        );
        create table faq_rules (
            faq_id text not null references faqs(id),
            rule_id text not null references rules(id),
            how text not null,
            score real not null,
            primary key (faq_id, rule_id, how)
        );
        create table warnings (
            source text not null,
            line integer,
            code text not null,
            message text not null
        );
        create index rules_page_id on rules(page_id);
        create index rules_parent_id on rules(parent_id);
        create index rules_section on rules(section);
        create index faq_pages_page_id on faq_pages(page_id);
        create index links_from_page_id on links(from_page_id);
        create index links_from_rule_id on links(from_rule_id);
        create index links_from_faq_id on links(from_faq_id);
        create index links_to_page_id on links(to_page_id);
        create index faq_rules_rule_id on faq_rules(rule_id);
        """,
    ),
)

SCHEMA_VERSION = MIGRATIONS[-1].version

#: The FTS5 tokenizer: diacritics folded so `cancelacion` finds `cancelación`; Porter stems
#: English (`Discovers` finds `Discover`) and, applied to query and text alike, leaves Spanish
#: words matching themselves.
FTS_TOKENIZER = "porter unicode61 remove_diacritics 2"

#: table → the columns its full-text index covers (`<table>_fts`).
FTS_COLUMNS = {
    "rules": ("text", "section_label", "heading"),
    "faqs": ("question", "answer"),
}


def schema_version(conn: sqlite3.Connection) -> int:
    """The version a base's schema is at: 0 for an empty database."""
    try:
        row = conn.execute("select value from meta where key = 'schema_version'").fetchone()
    except sqlite3.OperationalError:
        return 0
    return int(row[0]) if row else 0


def migrate(conn: sqlite3.Connection) -> int:
    """Apply every migration newer than the base's version, in order; return the new version."""
    current = schema_version(conn)
    for migration in MIGRATIONS:
        if migration.version <= current:
            continue
        conn.executescript(migration.sql)
        conn.execute(
            "insert or replace into meta (key, value) values ('schema_version', ?)", [str(migration.version)]
        )
        current = migration.version
    conn.commit()
    return current


def enable_search(conn: sqlite3.Connection) -> None:
    """Create and fill `rules_fts` and `faqs_fts` (the base is immutable after build: no triggers)."""
    import sqlite_utils  # the build side only; readers never need it

    db = sqlite_utils.Database(conn)
    for table, columns in FTS_COLUMNS.items():
        db[table].enable_fts(list(columns), fts_version="FTS5", create_triggers=False, tokenize=FTS_TOKENIZER)
