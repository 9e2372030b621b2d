"""What proves a file is a rulecheck base: its application id, or (a base written before there
was one) a `meta` schema version, plus the tables and columns every base has had since schema 1.

A leaf of the read side (sqlite3 only): `location` asks it before it reads or replaces a file,
and `schema` stamps new bases with the same id.
"""
from __future__ import annotations

import sqlite3

#: `pragma application_id` of every base rulecheck writes ("RuCk").
APPLICATION_ID = 0x5275436B

#: The tables and columns of schema 1 (migration 1), which every rulecheck base has; a test
#: checks them against `schema.MIGRATIONS[0]`. Later migrations only add to them.
CORE_COLUMNS: dict[str, tuple[str, ...]] = {
    "meta": ("key", "value"),
    "pages": ("id", "title", "lang", "edition", "format", "source", "ordinal", "rule_count", "faq_count"),
    "rules": ("id", "page_id", "section", "section_label", "ordinal", "parent_id", "text", "edition", "errata",
              "errata_version", "key", "heading", "line", "source_text"),
    "faqs": ("id", "kind", "title", "version", "date", "question", "answer", "edition", "source_text"),
    "faq_pages": ("faq_id", "page_id", "line", "ordinal"),
    "links": ("from_page_id", "from_rule_id", "from_faq_id", "kind", "to_title", "to_page_id", "label", "lang",
              "how"),
    "faq_rules": ("faq_id", "rule_id", "how", "score"),
    "warnings": ("source", "line", "code", "message"),
}


def schema_version(conn: sqlite3.Connection) -> int:
    """The version a base's schema is at: 0 for an empty database."""
    try:
        row = conn.execute("select value from meta where key = 'schema_version'").fetchone()
    except sqlite3.OperationalError:
        return 0
    return int(row[0]) if row else 0


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


#: Bytes a `file:` URI keeps as they are (RFC 3986 unreserved, and the path's slashes).
_URI_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")


def read_only_uri(path) -> str:
    """`file:///abs/path?mode=ro` for `sqlite3.connect(…, uri=True)`: the file opened read-only,
    never created. The absolute, symlink-resolved path is percent-encoded as
    `pathlib.Path.as_uri` does (a `?`, `#` or `%` in a folder name stays part of the path), without
    importing `pathlib` on the cold `rulecheck ask` path."""
    import os

    raw = os.fsencode(os.path.realpath(path))
    return "file://" + "".join(chr(b) if b in _URI_SAFE else f"%{b:02X}" for b in raw) + "?mode=ro"
