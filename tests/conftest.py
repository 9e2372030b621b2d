"""Shared fixtures. Nothing here sets global state: a test that needs `RULECHECK_DB` sets it
with monkeypatch."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def built_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled pages built once into a session-wide temporary base (read it, never write it)."""
    from rulecheck.kb.build import build_database

    path = tmp_path_factory.mktemp("kb") / "rulecheck.db"
    build_database(path)
    return path


@pytest.fixture
def built_conn(built_db: Path):
    """A read-only connection to the session's bundled base, rows as `sqlite3.Row`."""
    conn = sqlite3.connect(f"{built_db.as_uri()}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    yield conn
    conn.close()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh database path in a folder of its own (the folder does not exist yet)."""
    return tmp_path / "kb" / "rulecheck.db"
