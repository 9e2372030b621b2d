"""Which of Datasette's attached databases are rulecheck bases, and the read-only connection the
checker and search use on one. Everything here follows a rebuilt file (`reload.file_stamp`).

The plugin is installed for every Datasette in the environment, so each page, menu link and
stylesheet waits for a base to be attached; other databases keep Datasette's own pages.
"""
from __future__ import annotations

import sqlite3
import threading

from rulecheck.kb.identity import read_only_uri
from rulecheck.web.reload import file_stamp

#: The tables that make a database a rulecheck base.
BASE_TABLES = frozenset({"meta", "pages", "rules", "faqs", "faq_rules"})

# One read-only connection per worker thread and base: sqlite3 connections are not shared
# across threads while in use, and opening one per request would cost more than the answer.
_local = threading.local()

#: path → (stamp, table names), one version per file.
_table_names_seen: dict[str, tuple[object, frozenset[str]]] = {}


def connection(path: str):
    """This thread's read-only connection (`kb.read.connect`) to the base at `path`, reopened
    when the file has been rebuilt since."""
    from rulecheck.kb.read import connect

    conns = _local.__dict__.setdefault("conns", {})
    stamp = file_stamp(path)
    if path in conns and conns[path][0] != stamp:
        conns.pop(path)[1].close()
    if path not in conns:
        conns[path] = (stamp, connect(path))
    return conns[path][1]


def table_names(path: str, stamp=None) -> frozenset[str]:
    """The tables of the SQLite file at `path` (none when it is unreadable); `stamp`, when the
    caller has just read it, spares a second look at the file."""
    stamp = stamp or file_stamp(path)
    if stamp is None:
        return frozenset()
    if path not in _table_names_seen or _table_names_seen[path][0] != stamp:
        try:
            conn = sqlite3.connect(read_only_uri(path), uri=True)
            try:
                names = frozenset(row[0] for row in conn.execute("select name from sqlite_master where type = 'table'"))
            finally:
                conn.close()
        except sqlite3.Error:
            names = frozenset()
        _table_names_seen[path] = (stamp, names)
    return _table_names_seen[path][1]


def is_rulecheck_base(db) -> bool:
    """True when Datasette's `Database` is a file holding the rulecheck tables."""
    if db is None or db.is_memory or not db.path:
        return False
    return BASE_TABLES <= table_names(str(db.path))


def rulecheck_bases(datasette) -> list[tuple[str, str, object]]:
    """(name, path, stamp) of each attached database that is a rulecheck base, in Datasette's
    order: one look at each file (Datasette asks for metadata many times a request)."""
    found = []
    for name, db in datasette.databases.items():
        if name == "_internal" or db.is_memory or not db.path:
            continue
        path = str(db.path)
        stamp = file_stamp(path)
        if stamp is not None and BASE_TABLES <= table_names(path, stamp):
            found.append((name, path, stamp))
    return found


def rulecheck_names(datasette) -> list[str]:
    """The names of the attached databases that are rulecheck bases, in Datasette's order."""
    return [name for name, _path, _stamp in rulecheck_bases(datasette)]


def rulecheck_database(datasette):
    """The first attached database that is a rulecheck base, or None."""
    names = rulecheck_names(datasette)
    return datasette.get_database(names[0]) if names else None


def serves_rulecheck(datasette, database: str | None) -> bool:
    """Whether a page belongs to the rulecheck face: a page of a base, or a page of no one
    database (home, ask, search) while a base is attached."""
    if database:
        return database in datasette.databases and is_rulecheck_base(datasette.get_database(database))
    return bool(rulecheck_names(datasette))
