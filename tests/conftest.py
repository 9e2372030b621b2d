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
def copy_with_a_lookalike_page(built_db: Path):
    """The bundled base copied into memory, plus a user's page titled like a state page
    ("HoloMask State", source outside data/pages/) with a rule whose id looks like a FAQ's and a
    yes/no FAQ of its own."""
    disk = sqlite3.connect(built_db)
    conn = sqlite3.connect(":memory:")
    disk.backup(conn)
    disk.close()
    conn.row_factory = sqlite3.Row
    conn.execute("insert into pages (id, title, lang, edition, format, source, ordinal) values "
                 "('holomask-state-n4', 'HoloMask State', 'en', 'N4', 'plaintext', '/home/me/holomask.txt', 99)")
    conn.execute("insert into rules (id, page_id, section, ordinal, text, key) values "
                 "('faq-looking-rule-1', 'holomask-state-n4', 'cancellation', 1, 'A house rule.', 'cancellation-1')")
    conn.execute("insert into faqs (id, kind, question, answer) values "
                 "('faq-house-1', 'faq', 'Is a HoloMask trooper revealed when it sneezes?', 'Yes.')")
    conn.execute("insert into faq_pages (faq_id, page_id, ordinal) values ('faq-house-1', 'holomask-state-n4', 1)")
    yield conn
    conn.close()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh database path in a folder of its own (the folder does not exist yet)."""
    return tmp_path / "kb" / "rulecheck.db"


@pytest.fixture(scope="session")
def conn(built_db: Path):
    """The checker's own read-only connection (`rulecheck.kb.read.connect`) to the bundled base."""
    from rulecheck.kb.read import connect

    c = connect(built_db)
    yield c
    c.close()


@pytest.fixture
def run_ask(built_db: Path, monkeypatch):
    """`rulecheck ask ARGS…` through click's runner against the session's base; returns the Result."""
    from click.testing import CliRunner

    from rulecheck.cli.main import cli

    monkeypatch.setenv("RULECHECK_DB", str(built_db))

    def invoke(*args: str):
        return CliRunner().invoke(cli, ["ask", *args], catch_exceptions=False)

    return invoke


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch):
    """A private cache folder for the logic table and a fresh in-process cache, restored afterwards."""
    from rulecheck.checker import logic

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    logic._load_bundled.cache_clear()
    yield tmp_path / "cache" / "rulecheck"
    logic._load_bundled.cache_clear()


@pytest.fixture(scope="session")
def golden():
    """Compare a parsed `Page` with its expected records (`<case>.json` beside the input).

    `RULECHECK_REGEN=1` rewrites the expected file instead: then read every diff by hand, since a
    golden says what is right, not what the parser happens to print.
    """
    import json
    import os

    from rulecheck.ingest import page_to_dict

    regen = os.environ.get("RULECHECK_REGEN") == "1"

    def check(page, expected_path: Path) -> None:
        got = page_to_dict(page)
        if regen:
            expected_path.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        assert got == json.loads(expected_path.read_text(encoding="utf-8"))

    return check


@pytest.fixture(scope="session")
def table():
    """The bundled logic table, loaded once for the session (read it, never change it)."""
    from rulecheck.checker.logic import load_logic

    return load_logic()


@pytest.fixture(scope="session")
def rules_answer_of(conn, table):
    """`rules_answer_of(question, edition=None)` → the `Answer` the rows give to the reading of
    `question`, the doubt model aside: for tests of the reading and the answer's wording (the
    doubt model, which may hold such an answer back, is tests/test_doubt.py's)."""
    from rulecheck.checker.answer import answer_reading
    from rulecheck.checker.interpret import read_question

    def answer(question: str, edition: str | None = None):
        return answer_reading(conn, read_question(table, question, edition=edition), question=question,
                              table=table, doubt=False)

    return answer


@pytest.fixture(scope="session")
def answer_of(conn, table):
    """`answer_of(question, edition=None)` → the `Answer` from the session's base and table,
    each question answered once per session (the question-set tests share them)."""
    from rulecheck.checker.answer import answer_question

    done: dict = {}

    def answer(question: str, edition: str | None = None):
        key = (question, edition)
        if key not in done:
            done[key] = answer_question(conn, question, edition=edition, table=table)
        return done[key]

    return answer
