"""Where the base lives and when `ask`/`serve` (re)build it: never over a file that is not a
rulecheck base, extras kept under their given source, vanished extras reported, no home folder."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli.main import cli
from rulecheck.kb.build import BuildError, build_database
from rulecheck.kb.location import (
    ENV_VAR,
    default_db_path,
    files_digest,
    fingerprint_files,
    inspect_base,
    resolve_db_path,
)
from rulecheck.kb.read import KnowledgeBaseError, NotAKnowledgeBase
from rulecheck.kb.rebuild import ensure_built

EXTRA = "View source for Extra Test State\n\n==Effects==\n\n* An effect of the Extra Test State.\n"


def make_stale(db: Path) -> None:
    conn = sqlite3.connect(db)
    conn.execute("update meta set value = 'stale' where key = 'fingerprint'")
    conn.commit()
    conn.close()


def rows(db: Path, sql: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


class Calls:
    """Records the hook's calls."""

    def __init__(self) -> None:
        self.builds: list[tuple[Path, str]] = []
        self.notes: list[str] = []

    def on_build(self, path: Path, reason: str) -> None:
        self.builds.append((path, reason))

    def on_note(self, message: str) -> None:
        self.notes.append(message)


# --- what is at the path ---------------------------------------------------------------------------

def user_sqlite(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("create table notes (text)")
    conn.execute("insert into notes values ('my notes')")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("kind", ["sqlite with notes", "text", "sqlite with a meta table but no fingerprint"])
def test_ensure_built_never_overwrites_a_file_that_is_not_a_rulecheck_base(tmp_path, kind):
    path = tmp_path / "kb.db"
    if kind == "text":
        path.write_text("not a database at all\n")
    else:
        user_sqlite(path)
        if "meta" in kind:
            conn = sqlite3.connect(path)
            conn.execute("create table meta (key, value)")
            conn.commit()
            conn.close()
    before = path.read_bytes()
    calls = Calls()
    with pytest.raises(NotAKnowledgeBase, match=f"{path} is not a rulecheck knowledge base; choose another --db "
                                                r"\(or delete the file\)"):
        ensure_built(path, on_build=calls.on_build)
    assert path.read_bytes() == before and calls.builds == []


def test_serve_and_build_refuse_a_file_that_is_not_a_rulecheck_base(tmp_path):
    path = tmp_path / "mine.db"
    user_sqlite(path)
    before = path.read_bytes()
    for command in (["serve", "--db", str(path), "--port", "0"], ["build", "--db", str(path)]):
        result = CliRunner().invoke(cli, command, catch_exceptions=False)
        assert result.exit_code == 1, result.output
        assert "is not a rulecheck knowledge base; choose another --db" in result.output
    assert path.read_bytes() == before


def test_ensure_built_builds_a_missing_base_and_says_so_once(tmp_path):
    calls = Calls()
    db = tmp_path / "kb.db"
    assert ensure_built(db, on_build=calls.on_build) == db
    assert calls.builds == [(db, "missing")]
    assert inspect_base(db).status == "current"
    before = db.stat().st_mtime_ns
    ensure_built(db, on_build=calls.on_build)
    assert calls.builds == [(db, "missing")] and db.stat().st_mtime_ns == before
    assert ensure_built(db) == db  # the old call, without a hook, still works


def test_ensure_built_rebuilds_a_stale_base_and_says_why(tmp_path):
    db = tmp_path / "kb.db"
    build_database(db)
    make_stale(db)
    calls = Calls()
    ensure_built(db, on_build=calls.on_build, on_note=calls.on_note)
    assert calls.builds == [(db, "stale")] and calls.notes == []
    assert inspect_base(db).status == "current"


def test_an_empty_file_is_built_over(tmp_path):
    db = tmp_path / "kb.db"
    db.write_bytes(b"")
    calls = Calls()
    ensure_built(db, on_build=calls.on_build)
    assert calls.builds == [(db, "missing")]
    assert rows(db, "select count(*) from pages") == [(4,)]


def test_an_unwritable_path_is_a_build_error_not_a_traceback():
    with pytest.raises(BuildError, match=r"/proc/kb.db.*Choose another --db"):
        ensure_built("/proc/kb.db")
    result = CliRunner().invoke(cli, ["serve", "--db", "/proc/kb.db", "--port", "0"], catch_exceptions=False)
    assert result.exit_code == 1 and "Choose another --db" in result.output


@pytest.mark.parametrize("error, advice", [
    (OSError(28, "No space left on device"), "Choose another --db path, or free some space."),
    (OSError(30, "Read-only file system"), "That place cannot be written. Choose another --db path"),
    (OSError(13, "Permission denied"), "That place cannot be written."),
    (OSError(5, "Input/output error"), "Choose another --db path."),
])
def test_a_base_that_cannot_be_written_gets_advice_for_what_went_wrong(error, advice):
    from rulecheck.kb.build import _what_to_do

    assert _what_to_do(error).startswith(advice)


# --- extra pages across automatic rebuilds ---------------------------------------------------------

def test_a_rebuild_from_another_folder_keeps_the_sources_and_ids(tmp_path, monkeypatch):
    (tmp_path / "pages").mkdir()
    (tmp_path / "pages" / "Extra_Test_State.wiki").write_text(EXTRA)
    (tmp_path / "twin.wiki").write_text(EXTRA)  # the same title: its id depends on the sources' order
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "kb.db"
    build_database(db, ["twin.wiki", "pages"])
    query = "select id, source from pages where ordinal > 4 order by ordinal"
    first = rows(db, query)
    assert first == [("extra-test-state", "pages/Extra_Test_State.wiki"), ("extra-test-state-2", "twin.wiki")]
    make_stale(db)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    ensure_built(db)
    assert rows(db, query) == first
    assert inspect_base(db).status == "current"


def test_a_vanished_extra_is_reported_not_silently_dropped(tmp_path):
    extra = tmp_path / "Extra_Test_State.wiki"
    extra.write_text(EXTRA)
    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / "Kept.wiki").write_text(EXTRA.replace("Extra Test", "Kept Test"))
    db = tmp_path / "kb.db"
    build_database(db, [extra, kept])
    make_stale(db)
    extra.unlink()
    calls = Calls()
    ensure_built(db, on_build=calls.on_build, on_note=calls.on_note)
    assert calls.builds == [(db, "stale")]
    assert len(calls.notes) == 1 and str(extra) in calls.notes[0] and "gone" in calls.notes[0]
    assert rows(db, "select source, code from warnings") == [(str(extra), "missing-extra")]
    assert rows(db, "select id from pages where ordinal > 4") == [("kept-test-state",)]
    # still recorded: the next automatic rebuild reports it again, or reads it back if it returns
    assert [e.given for e in inspect_base(db).extras] == [str(extra), str(kept)]


def test_a_base_from_before_given_paths_were_kept_still_rebuilds(tmp_path):
    extra = tmp_path / "Extra_Test_State.wiki"
    extra.write_text(EXTRA)
    db = tmp_path / "kb.db"
    build_database(db, [extra])
    conn = sqlite3.connect(db)
    conn.execute("update meta set value = ? where key = 'extra_sources'", [f'["{extra}"]'])
    conn.execute("update meta set value = 'stale' where key = 'fingerprint'")
    conn.commit()
    conn.close()
    ensure_built(db)
    assert rows(db, "select source from pages where id = 'extra-test-state'") == [(str(extra),)]


# --- where the base lives ------------------------------------------------------------------------

def no_home(monkeypatch):
    """HOME unset and no passwd entry for the uid (as in some CI containers): `Path.home()` raises."""
    for name in (ENV_VAR, "XDG_DATA_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(os.path, "expanduser", lambda p: p)  # what it does when the passwd lookup fails
    with pytest.raises(RuntimeError):
        Path.home()


def test_no_home_folder_asks_for_db_or_the_variable(monkeypatch):
    no_home(monkeypatch)
    with pytest.raises(KnowledgeBaseError, match=f"--db FILE or the {ENV_VAR} environment variable"):
        default_db_path()
    with pytest.raises(KnowledgeBaseError, match="--db FILE"):
        ensure_built()
    result = CliRunner().invoke(cli, ["build"], catch_exceptions=False)
    assert result.exit_code == 1 and f"--db FILE or the {ENV_VAR}" in result.output


def test_no_home_folder_is_fine_with_a_path_or_a_data_dir(monkeypatch, tmp_path):
    no_home(monkeypatch)
    assert resolve_db_path(tmp_path / "kb.db") == tmp_path / "kb.db"
    with pytest.raises(KnowledgeBaseError, match="without ~"):
        resolve_db_path("~/kb.db")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "rulecheck" / "rulecheck.db"


def test_files_digest_frames_names_and_contents(tmp_path):
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    (tmp_path / "one" / "ab").write_text("c")
    (tmp_path / "two" / "a").write_text("bc")
    assert files_digest([tmp_path / "one" / "ab"]) != files_digest([tmp_path / "two" / "a"])
    assert files_digest([tmp_path / "one" / "ab"]) == files_digest([tmp_path / "one" / "ab"])


def test_the_fingerprint_reads_each_file_once_code_and_data():
    files = fingerprint_files()
    assert len(files) == len(set(files))
    assert {(p.parent.name, p.name) for p in files} >= {
        ("kb", "build.py"), ("kb", "location.py"), ("ingest", "wikitext.py"), ("data", "manifest.toml"),
        ("pages", "camuflado.txt")}


def test_serve_prints_its_building_note_from_the_hook(tmp_path):
    import socket

    db = tmp_path / "kb.db"
    with socket.socket() as busy:  # serve stops at the busy port, after building the base
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--db", str(db), "--port", str(port)], catch_exceptions=False)
    assert result.exit_code == 1 and "is in use" in result.output
    assert f"Building the knowledge base at {db} (first use)…" in result.output
    assert inspect_base(db).status == "current"


def test_the_fingerprint_is_kept_and_follows_an_edit(tmp_path, monkeypatch):
    """The bundled fingerprint is remembered under the files' stats: the same files give the
    same fingerprint without a second reading; an edited file gives another."""
    import shutil

    from rulecheck.kb import location

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    data = tmp_path / "data"
    from rulecheck.data import DATA_DIR

    shutil.copytree(DATA_DIR, data, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(location, "DATA_ROOT", str(data))
    first = location.bundled_fingerprint()
    memos = list((tmp_path / "cache" / "rulecheck").glob("fingerprint-*"))
    assert len(memos) == 1 and memos[0].read_text() == first
    assert location.bundled_fingerprint() == first == location.files_digest(location.fingerprint_files())
    page = next((data / "pages").iterdir())
    page.write_text(page.read_text(encoding="utf-8") + "\nAn edit.\n", encoding="utf-8")
    assert location.bundled_fingerprint() not in (first,)
    assert location.bundled_fingerprint() == location.files_digest(location.fingerprint_files())


def test_a_read_only_uri_is_encoded_as_pathlib_encodes_it(tmp_path):
    from rulecheck.kb.identity import read_only_uri

    for name in ("plain.db", "we?ird#dir%20x/kb.db", "café ñ/kb.db", "a b/kb.db"):
        path = tmp_path / name
        assert read_only_uri(path) == f"{path.resolve().as_uri()}?mode=ro"
        assert read_only_uri(str(path)) == read_only_uri(path)
    folder = tmp_path / "we?ird#dir%20x"
    folder.mkdir()
    db = folder / "kb.db"
    sqlite3.connect(db).execute("create table t (x)").connection.commit()
    sqlite3.connect(read_only_uri(db), uri=True).execute("select * from t").fetchall()  # opens that very file
