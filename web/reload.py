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

from datasette.database import Database, connections

#: A file's identity: inode, size and modification time; None when it cannot be read.
Stamp = tuple[int, int, int] | None


def file_stamp(path: str | os.PathLike) -> Stamp:
    """What tells one version of the file at `path` from the next (None when it is gone)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


class FollowedDatabase(Database):
    """A read-only file `Database` that reopens its connections when the file is replaced."""

    def __init__(self, ds, path, is_mutable: bool = False):
        super().__init__(ds, path=str(path), is_mutable=is_mutable)
        self._stamp = file_stamp(self.path)
        self._lock = threading.Lock()

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


def follow_files(datasette, is_base) -> None:
    """Put a `FollowedDatabase` in place of each attached database `is_base(db)` accepts."""
    for name, db in list(datasette.databases.items()):
        if not isinstance(db, FollowedDatabase) and is_base(db):
            datasette.remove_database(name)
            datasette.add_database(FollowedDatabase(datasette, db.path, is_mutable=db.is_mutable), name=name, route=db.route)
