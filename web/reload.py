"""A rebuilt base is served without a restart.

`rulecheck build` writes a new file and renames it over the old one. A connection opened before
holds the old file, and Datasette keeps one connection per worker thread and database for as
long as the server runs (and, for an immutable file, its table counts and hash too), so a server
would go on serving the old base. `FollowedDatabase` notices the file at its path has changed
(another inode, size or modification time) and opens fresh connections to the new file.

Tied to Datasette 0.65's `Database` (pinned in pyproject.toml): its per-thread connections live
in `datasette.database.connections`, keyed by the database's name.
"""
from __future__ import annotations

import asyncio
import os
import threading
from contextvars import ContextVar

from datasette.database import Database, connections

#: A file's identity: inode, size and modification time; None when it cannot be read.
Stamp = tuple[int, int, int] | None

#: The stamps of the files looked at while answering the current request (`one_look_per_request`).
_request_stamps: ContextVar[dict | None] = ContextVar("rulecheck_request_stamps", default=None)


def file_stamp(path: str | os.PathLike) -> Stamp:
    """What tells one version of the file at `path` from the next (None when it is gone); within
    one request, what it was at the request's first look (`one_look_per_request`)."""
    seen = _request_stamps.get()
    key = os.fspath(path)
    if seen is not None and key in seen:
        return seen[key]
    try:
        st = os.stat(path)
    except OSError:
        stamp = None
    else:
        stamp = (st.st_ino, st.st_size, st.st_mtime_ns)
    if seen is not None:
        seen[key] = stamp
    return stamp


def one_look_per_request(app):
    """The ASGI `app`, where each request sees one version of each file: the first `file_stamp` of
    a path holds until the request is answered. A page looks at its base a few hundred times (each
    cell, each hook); a base rebuilt meanwhile is served from the next request on."""

    async def wrapped(scope, receive, send):
        token = _request_stamps.set({})
        try:
            await app(scope, receive, send)
        finally:
            _request_stamps.reset(token)

    return wrapped


class FollowedDatabase(Database):
    """A read-only file `Database` that reopens its connections when the file is replaced."""

    def __init__(self, ds, path, is_mutable: bool = False):
        super().__init__(ds, path=str(path), is_mutable=is_mutable)
        self._stamp = file_stamp(self.path)
        self._lock = threading.Lock()
        #: (method, arguments) → what a `SCHEMA_METHODS` method read from this version of the file.
        self._schema: dict[tuple, object] = {}

    def _check_file(self) -> Stamp:
        """The file's stamp now; when it differs from the last one seen, forget what was cached."""
        stamp = file_stamp(self.path)
        if stamp != self._stamp and stamp is not None:
            with self._lock:
                if stamp != self._stamp:
                    self._stamp = stamp
                    self.cached_hash = None
                    self.cached_size = None
                    self._cached_table_counts = None
                    self._schema = {}
                    if self._read_connection is not None:
                        self._read_connection.close()
                        self._read_connection = None
        return self._stamp

    async def execute_fn(self, fn):
        stamp = self._check_file()
        if self.ds.executor is None:
            return await super().execute_fn(fn)

        # Datasette's threaded `execute_fn`, with each thread's connection tagged by the file
        # version it was opened on and reopened when that is no longer the file at the path.
        def in_thread():
            stamps = connections.__dict__.setdefault("rulecheck_stamps", {})
            conn = getattr(connections, self.name, None)
            if conn is not None and stamps.get(self.name) != stamp:
                conn.close()
                conn = None
            if conn is None:
                conn = self.connect()
                self.ds._prepare_connection(conn, self.name)
                setattr(connections, self.name, conn)
                stamps[self.name] = stamp
            return fn(conn)

        return await asyncio.get_event_loop().run_in_executor(self.ds.executor, in_thread)


#: `Database` methods that read only the schema. Datasette asks them again on every request (a
#: table page: 15 trips to a worker thread); the schema of an immutable file changes only with
#: the file, so each is read once per version of it.
SCHEMA_METHODS = ("table_exists", "table_names", "view_names", "hidden_table_names", "table_columns",
                  "table_column_details", "primary_keys", "fts_table", "label_column_for_table",
                  "foreign_keys_for_table", "get_all_foreign_keys", "get_table_definition", "get_view_definition")


def _fresh(value):
    """A copy of `value` its caller may change: lists and dicts anew, all the way down (strings,
    numbers and tuples are kept; they cannot change)."""
    if isinstance(value, list):
        return [_fresh(item) for item in value]
    if isinstance(value, dict):
        return {key: _fresh(item) for key, item in value.items()}
    return value


def _read_once_per_version(name: str):
    read = getattr(Database, name)

    async def method(self, *args):
        if self.is_mutable:  # written in place, its schema can change under the same file
            return await read(self, *args)
        stamp, schema = self._check_file(), self._schema
        key = (name, args)
        if key not in schema:
            found = await read(self, *args)
            if stamp != self._stamp:  # the file was replaced meanwhile: keep nothing of the old one
                return found
            schema[key] = found
        return _fresh(schema[key])

    method.__name__ = name
    method.__doc__ = f"`Database.{name}`, read once per version of an immutable file."
    return method


for _name in SCHEMA_METHODS:
    setattr(FollowedDatabase, _name, _read_once_per_version(_name))


def follow_files(datasette, is_base) -> None:
    """Put a `FollowedDatabase` in place of each attached database `is_base(db)` accepts."""
    for name, db in list(datasette.databases.items()):
        if not isinstance(db, FollowedDatabase) and is_base(db):
            datasette.remove_database(name)
            datasette.add_database(FollowedDatabase(datasette, db.path, is_mutable=db.is_mutable), name=name, route=db.route)
