"""Ids in query results as links to their rows: a rule id to /<db>/rules/<id>, a FAQ id to
/<db>/faqs/<id>, a page id to /<db>/pages/<id>.

Datasette links a table's keys itself; a canned query's or typed SQL's columns are plain text,
so the plugin's `render_cell` asks here. Only values that are ids the base holds become links,
and only in columns whose name says they hold ids (`id`, `…_id`, the lists `faqs`, `rules`,
`pages`, `from_pages`), so no text that happens to look like an id is touched.
"""
from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from markupsafe import Markup

#: Columns holding comma-separated lists of ids (`cancels_state.faqs`, `dangling_links.from_pages`).
LIST_COLUMNS = frozenset({"faqs", "rules", "pages", "from_pages", "faq_ids", "rule_ids", "page_ids"})

#: Tables in the order a bare `id` is looked up; a column naming one (`page_id`) tries it first.
TABLES = ("rules", "faqs", "pages")

_ids_seen: dict[tuple[str, int], dict[str, frozenset[str]]] = {}


def holds_ids(column: str) -> bool:
    """Whether a result column's name says it holds ids."""
    name = column.lower()
    return name == "id" or name.endswith("_id") or name in LIST_COLUMNS


def base_ids(path: str) -> dict[str, frozenset[str]]:
    """Table → the ids of its rows, for the base at `path` (cached per file and mtime; a few
    thousand short strings at most)."""
    try:
        key = (path, os.stat(path).st_mtime_ns)
    except OSError:
        return {table: frozenset() for table in TABLES}
    if key not in _ids_seen:
        conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
        try:
            _ids_seen[key] = {table: frozenset(r[0] for r in conn.execute(f"select id from {table}")) for table in TABLES}
        finally:
            conn.close()
    return _ids_seen[key]


def _table_of(value: str, column: str, ids: dict[str, frozenset[str]]) -> str | None:
    hinted = [t for t in TABLES if t.rstrip("s") in column.lower()]
    for table in hinted + [t for t in TABLES if t not in hinted]:
        if value in ids[table]:
            return table
    return None


def linked_ids(value: object, column: str, ids: dict[str, frozenset[str]], row_url: Callable[[str, str], str]) -> Markup | None:
    """`value` with each id a link (`row_url(table, id)`), or None to leave the cell to Datasette:
    the column holds no ids, or some part of the value is no id of the base."""
    if not isinstance(value, str) or not value or not holds_ids(column):
        return None
    parts = [p.strip() for p in value.split(",")] if column.lower() in LIST_COLUMNS else [value]
    links = []
    for part in parts:
        table = _table_of(part, column, ids)
        if table is None:
            return None
        links.append(Markup('<a href="{}">{}</a>').format(row_url(table, part), part))
    return Markup(", ").join(links) if links else None

