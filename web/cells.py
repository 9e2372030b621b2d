"""Cells of a base's tables and query results, for players: ids in query results as links to
their rows (a rule id to /<db>/rules/<id>, a page id to /<db>/pages/<id>, a FAQ id to
/<db>/faqs/<id> shown by its question's opening words and version), and a Spanish page's rule
text marked Spanish (`lang="es"`).

Datasette links a table's keys itself; a canned query's or typed SQL's columns are plain text,
so the plugin's `render_cell` asks here. Only values that are ids the base holds become links,
and only in columns whose name says they hold ids (`id`, `…_id`, the lists `faqs`, `rules`,
`pages`, `from_pages`), so no text that happens to look like an id is touched. JSON keeps the
plain values.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Callable

from markupsafe import Markup

from rulecheck.kb.identity import read_only_uri
from rulecheck.web.faqs import unique_labels
from rulecheck.web.reload import file_stamp

#: Columns holding comma-separated lists of ids (`cancels_state.faqs`, `dangling_links.from_pages`).
LIST_COLUMNS = frozenset({"faqs", "rules", "pages", "from_pages", "faq_ids", "rule_ids", "page_ids"})

#: Tables in the order a bare `id` is looked up; a column naming one (`page_id`) tries it first.
TABLES = ("rules", "faqs", "pages")

#: Columns of a rule row written in its page's language.
TEXT_COLUMNS = frozenset({"text", "section", "section_label", "heading", "source_text"})

#: (what was read, path) → (stamp, what was read), one version per file.
_seen: dict[tuple[str, str], tuple[object, object]] = {}


def holds_ids(column: str) -> bool:
    """Whether a result column's name says it holds ids."""
    name = column.lower()
    return name == "id" or name.endswith("_id") or name in LIST_COLUMNS


def may_render(column: str, table: str | None) -> bool:
    """Whether a cell of `column` (in a table, or a query's results when `table` is None) is one
    this module may render: a text column, or in query results a column holding ids. Asked first,
    before any look at the base, since Datasette asks for every cell of every page."""
    return column in TEXT_COLUMNS or (table is None and holds_ids(column))


def _per_version(what: str, path: str, read: Callable[[sqlite3.Connection], object], missing: object):
    """`read(conn)` of the base at `path`, cached per version of the file; `missing` when it is gone."""
    stamp = file_stamp(path)
    if stamp is None:
        return missing
    key = (what, path)
    if key not in _seen or _seen[key][0] != stamp:
        conn = sqlite3.connect(read_only_uri(path), uri=True)
        conn.row_factory = sqlite3.Row
        try:
            _seen[key] = (stamp, read(conn))
        finally:
            conn.close()
    return _seen[key][1]


def _read_ids(conn: sqlite3.Connection) -> dict:
    found: dict = {table: frozenset(r[0] for r in conn.execute(f"select id from {table}")) for table in TABLES}
    found["faq_labels"] = unique_labels(dict(r) for r in conn.execute("select id, kind, title, version, question from faqs"))
    return found


def base_ids(path: str) -> dict:
    """For the base at `path`: table → the ids of its rows, and `faq_labels` (FAQ id → a label no
    other FAQ shares). Cached per version of the file; what query results link by."""
    return _per_version("ids", path, _read_ids, {**{table: frozenset() for table in TABLES}, "faq_labels": {}})


def spanish_rules(path: str) -> frozenset[str]:
    """The ids of the rules of the Spanish pages of the base at `path`, cached per version of the
    file: all a table page needs, so its first view does not wait for every id and FAQ label."""
    return _per_version("spanish", path, lambda conn: frozenset(r[0] for r in conn.execute(
        "select rules.id from rules join pages on pages.id = rules.page_id where pages.lang = 'es'")), frozenset())


def _table_of(value: str, column: str, ids: dict[str, frozenset[str]]) -> str | None:
    hinted = [t for t in TABLES if t.rstrip("s") in column.lower()]
    for table in hinted + [t for t in TABLES if t not in hinted]:
        if value in ids[table]:
            return table
    return None


def linked_ids(value: object, column: str, ids: dict, row_url: Callable[[str, str], str]) -> Markup | None:
    """`value` with each id a link (`row_url(table, id)`; a FAQ shown by its label), or None to
    leave the cell to Datasette: the column holds no ids, or some part of the value is no id of
    the base."""
    if not isinstance(value, str) or not value or not holds_ids(column):
        return None
    parts = [p.strip() for p in value.split(",")] if column.lower() in LIST_COLUMNS else [value]
    links = []
    faqs = False
    for part in parts:
        table = _table_of(part, column, ids)
        if table is None:
            return None
        if table == "faqs":
            faqs = True
            links.append(Markup('<a href="{}">{}</a>').format(row_url(table, part), ids["faq_labels"].get(part, part)))
        else:
            links.append(Markup('<a href="{}">{}</a>').format(row_url(table, part), part))
    # FAQ labels hold commas of their own: a list of them is one per line.
    return (Markup("<br>") if faqs else Markup(", ")).join(links) if links else None


def spanish_text(value: object, column: str, row, spanish: frozenset[str]) -> Markup | None:
    """A Spanish page's rule text (`text`, its section…) marked `lang="es"`; None for anything
    else, which Datasette renders as it does."""
    if not isinstance(value, str) or not value or column not in TEXT_COLUMNS:
        return None
    try:
        rule_id = row["id"]
    except (IndexError, KeyError, TypeError):
        return None
    if rule_id not in spanish:
        return None
    return Markup('<span lang="es">{}</span>').format(value)

