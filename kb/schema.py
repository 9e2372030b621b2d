"""The knowledge base's tables, as an ordered list of migrations.

Contract columns come first in each table (users' SQL and Datasette queries depend on them,
see DESIGN.md); extra columns follow. A change to the schema is a new migration appended to
`MIGRATIONS`, never an edit of an old one, so `schema_version` in `meta` says what a base holds.
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import NamedTuple


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

#: `pragma application_id` of every base rulecheck writes ("RuCk"): with its schema, what
#: proves a file is a rulecheck base that a build may replace.
APPLICATION_ID = 0x5275436B


def mark_as_rulecheck(conn: sqlite3.Connection) -> None:
    """Stamp a new base with rulecheck's application id and its schema version (`user_version`)."""
    conn.execute(f"pragma application_id = {APPLICATION_ID}")
    conn.execute(f"pragma user_version = {SCHEMA_VERSION}")


def is_rulecheck_base(conn: sqlite3.Connection) -> bool:
    """Whether the open database is provably a rulecheck base: its application id (or, for a
    base written before there was one, a `meta` schema version) and every core table with its
    columns. A foreign file that merely has a `meta` table with a fingerprint is not."""
    try:
        app_id = conn.execute("pragma application_id").fetchone()[0]
        if app_id != APPLICATION_ID:
            if app_id != 0 or schema_version(conn) < 1:
                return False
        for table, columns in CORE_COLUMNS.items():
            have = {row[1] for row in conn.execute(f"pragma table_info({table})")}
            if not have.issuperset(columns):
                return False
    except sqlite3.Error:
        return False
    return True


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


class FaqRuleRow(NamedTuple):
    """A `faq_rules` row."""

    faq_id: str
    rule_id: str
    how: str
    score: float


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


#: Columns added after schema 1: a base written before them lacks them, and is still ours.
_LATER_COLUMNS = {"pages": ("revision_timestamp", "revision_id", "url")}
#: The tables and columns every rulecheck base has had since schema 1 (bases written before
#: the application id are recognised by these, plus their `meta` schema version).
CORE_COLUMNS: dict[str, tuple[str, ...]] = {
    table: tuple(c for c in ROW_TYPES[table]._fields if c not in _LATER_COLUMNS.get(table, ()))
    for table in ("pages", "rules", "faqs", "faq_pages", "links", "faq_rules", "warnings")
} | {"meta": ("key", "value")}


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


def schema_version(conn: sqlite3.Connection) -> int:
    """The version a base's schema is at: 0 for an empty database."""
    try:
        row = conn.execute("select value from meta where key = 'schema_version'").fetchone()
    except sqlite3.OperationalError:
        return 0
    return int(row[0]) if row else 0


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
