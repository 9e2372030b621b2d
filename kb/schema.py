"""The knowledge base's tables, as an ordered list of migrations.

Contract columns come first in each table (users' SQL and Datasette queries depend on them,
see DESIGN.md); extra columns follow. A change to the schema is a new migration appended to
`MIGRATIONS`, never an edit of an old one, so `schema_version` in `meta` says what a base holds.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import NamedTuple

# Re-exported: what proves a file is a base lives on the read side (`kb/identity.py`).
from rulecheck.kb.identity import APPLICATION_ID, CORE_COLUMNS, is_rulecheck_base, schema_version  # noqa: F401


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
    Migration(
        2,
        "faq_rules: one row per (FAQ, rule) pair, with its strength (settles/related), every way it "
        "was found, and the pair's cosine",
        """
        alter table faq_rules add column strength text not null default 'related'
            check (strength in ('settles', 'related'));
        alter table faq_rules add column ways text;
        alter table faq_rules add column similarity real;
        update faq_rules set ways = how, similarity = case when how = 'similarity' then score end;
        update faq_rules set ways = 'logic,similarity',
            similarity = (select s.score from faq_rules s where s.faq_id = faq_rules.faq_id
                          and s.rule_id = faq_rules.rule_id and s.how = 'similarity')
            where how = 'logic' and exists (select 1 from faq_rules s where s.faq_id = faq_rules.faq_id
                                            and s.rule_id = faq_rules.rule_id and s.how = 'similarity');
        delete from faq_rules where how = 'similarity' and exists (
            select 1 from faq_rules l where l.faq_id = faq_rules.faq_id and l.rule_id = faq_rules.rule_id
            and l.how = 'logic');
        create unique index faq_rules_pair on faq_rules(faq_id, rule_id);
        create index faq_rules_strength on faq_rules(strength);
        """,
    ),
    Migration(
        3,
        "links: how many pages answer the target's name, and what chose among several",
        """
        alter table links add column candidates integer;
        alter table links add column chosen_by text
            check (chosen_by in ('interlanguage', 'edition', 'language', 'order'));
        """,
    ),
    Migration(
        4,
        "MediaWiki exports: each page's revision and address, each export's site, redirects",
        """
        alter table pages add column revision_timestamp text;
        alter table pages add column revision_id text;
        alter table pages add column url text;
        create table exports (
            source text primary key,
            site_name text,
            base_url text,
            db_name text,
            generator text,
            schema_version text,
            lang text,
            pages integer not null,
            redirects integer not null,
            skipped text
        );
        create table redirects (
            title text not null,
            to_title text not null,
            to_page_id text references pages(id),
            source text not null
        );
        create index redirects_to_page_id on redirects(to_page_id);
        """,
    ),
)

SCHEMA_VERSION = MIGRATIONS[-1].version


def mark_as_rulecheck(conn: sqlite3.Connection) -> None:
    """Stamp a new base with rulecheck's application id and its schema version (`user_version`)."""
    conn.execute(f"pragma application_id = {APPLICATION_ID}")
    conn.execute(f"pragma user_version = {SCHEMA_VERSION}")


# One row type per table, fields in the table's column order (a test checks them against the
# schema): the build fills rows by name, and the insert statements are made from these.

class PageRow(NamedTuple):
    """A `pages` row."""

    id: str
    title: str
    lang: str | None
    edition: str | None
    format: str
    source: str
    ordinal: int
    rule_count: int
    faq_count: int
    revision_timestamp: str | None = None
    revision_id: str | None = None
    url: str | None = None


class RuleRow(NamedTuple):
    """A `rules` row."""

    id: str
    page_id: str
    section: str
    section_label: str | None
    ordinal: int
    parent_id: str | None
    text: str
    edition: str | None
    errata: str | None
    errata_version: str | None
    key: str
    heading: str | None
    line: int | None
    source_text: str | None


class FaqRow(NamedTuple):
    """A `faqs` row."""

    id: str
    kind: str
    title: str | None
    version: str | None
    date: str | None
    question: str
    answer: str
    edition: str | None
    source_text: str | None


class FaqPageRow(NamedTuple):
    """A `faq_pages` row."""

    faq_id: str
    page_id: str
    line: int | None
    ordinal: int


class LinkRow(NamedTuple):
    """A `links` row."""

    from_page_id: str
    from_rule_id: str | None
    from_faq_id: str | None
    kind: str
    to_title: str
    to_page_id: str | None
    label: str | None
    lang: str | None
    how: str | None
    #: How many pages answer the target's name (0 for a dangling link).
    candidates: int | None
    #: What chose among several: `interlanguage`, `edition`, `language` or `order`; None for one.
    chosen_by: str | None


class FaqRuleRow(NamedTuple):
    """A `faq_rules` row: one per (FAQ, rule) pair."""

    faq_id: str
    rule_id: str
    #: The strongest way the pair was found: `logic`, else `similarity`.
    how: str
    #: 1.0 for `logic`, the cosine for `similarity`.
    score: float
    #: `settles` (shown as a FAQ that settles the bullet) or `related`.
    strength: str
    #: Every way it was found, comma-separated, strongest first: `logic,similarity`.
    ways: str
    #: The FAQ's and the rule's TF-IDF cosine, whichever way found the pair.
    similarity: float | None


class WarningRow(NamedTuple):
    """A `warnings` row."""

    source: str
    line: int | None
    code: str
    message: str


class ExportRow(NamedTuple):
    """An `exports` row: one MediaWiki XML export the base was built from."""

    source: str
    site_name: str | None
    base_url: str | None
    db_name: str | None
    generator: str | None
    schema_version: str | None
    lang: str | None
    pages: int
    redirects: int
    #: JSON object: namespace name → pages skipped there.
    skipped: str | None


class RedirectRow(NamedTuple):
    """A `redirects` row: a redirect page of an export, and the page it resolves to."""

    title: str
    to_title: str
    to_page_id: str | None
    source: str


#: table → its row type.
ROW_TYPES: dict[str, type[tuple]] = {
    "pages": PageRow,
    "rules": RuleRow,
    "faqs": FaqRow,
    "faq_pages": FaqPageRow,
    "links": LinkRow,
    "faq_rules": FaqRuleRow,
    "warnings": WarningRow,
    "exports": ExportRow,
    "redirects": RedirectRow,
}


def insert_sql(table: str) -> str:
    """`insert into <table> values (?, …)` with one placeholder per column of its row type."""
    return f"insert into {table} values ({', '.join('?' * len(ROW_TYPES[table]._fields))})"

#: The FTS5 tokenizer: diacritics folded so `cancelacion` finds `cancelación`; Porter stems
#: English (`Discovers` finds `Discover`) and, applied to query and text alike, leaves Spanish
#: words matching themselves.
FTS_TOKENIZER = "porter unicode61 remove_diacritics 2"

#: table → the columns its full-text index covers (`<table>_fts`).
FTS_COLUMNS = {
    "rules": ("text", "section_label", "heading"),
    "faqs": ("question", "answer"),
}


def _statements(sql: str) -> list[str]:
    """A migration's SQL split into whole statements (SQLite decides where each one ends)."""
    statements, pending = [], ""
    for part in sql.split(";"):
        pending += part + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n;"):
                statements.append(pending)
            pending = ""
    return statements


def _is_secondary_index(statement: str) -> bool:
    return statement.lstrip().lower().startswith("create index ")


def migrate(conn: sqlite3.Connection, *, defer_indexes: bool = False) -> int:
    """Apply every migration newer than the base's version, in order; return the new version.

    With `defer_indexes`, the plain (non-unique) indexes are left out: a build filling fresh
    tables creates them once after its inserts with `create_indexes`, cheaper than keeping
    them up to date row by row.
    """
    current = schema_version(conn)
    for migration in MIGRATIONS:
        if migration.version <= current:
            continue
        sql = migration.sql
        if defer_indexes:
            sql = "".join(s for s in _statements(sql) if not _is_secondary_index(s))
        conn.executescript(sql)
        conn.execute(
            "insert or replace into meta (key, value) values ('schema_version', ?)", [str(migration.version)]
        )
        current = migration.version
    conn.commit()
    return current


def create_indexes(conn: sqlite3.Connection) -> None:
    """Create the indexes `migrate(conn, defer_indexes=True)` left out (a base migrated from empty)."""
    conn.executescript("".join(s for m in MIGRATIONS for s in _statements(m.sql) if _is_secondary_index(s)))


def enable_search(conn: sqlite3.Connection) -> None:
    """Create and fill `rules_fts` and `faqs_fts` with sqlite-utils' `enable_fts`.

    No triggers: the base is immutable after the build. sqlite-utils is imported here, not at
    the top, so the read side (`rulecheck ask`) never loads it. Its plugins are not run and its
    `recursive_triggers` pragma is not set: the build's connection stays as the build made it.
    """
    from sqlite_utils import Database

    db = Database(conn, recursive_triggers=False, execute_plugins=False)
    for table, columns in FTS_COLUMNS.items():
        db.table(table).enable_fts(list(columns), tokenize=FTS_TOKENIZER, create_triggers=False)
