"""`rulecheck build`: summary, where the base goes, bad inputs as warnings, --strict, errors."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli.main import cli
from rulecheck.data import PAGES_DIR

GOOD_PAGE = """View source for Extra Test State

==Effects==

* While in Extra Test State, the trooper is represented by a [[Marker]] and links to [[Camouflaged]].
* A second effect that links to a [[Page Nobody Wrote]].

==Cancellation==

* The Extra Test State is cancelled when the trooper is [[Discovered]].
"""


def run(*args: str, env: dict | None = None):
    return CliRunner().invoke(cli, ["build", *args], env=env, catch_exceptions=False)


def count(db: Path, table: str) -> int:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(f"select count(*) from {table}").fetchone()[0]
    finally:
        conn.close()


def bad_inputs() -> dict[str, bytes]:
    """One bad file per case: the name it is written under and its bytes."""
    return {
        "empty": b"",
        "binary": bytes(range(256)) * 64,
        "latin1": "Camuflado\n\nEFECTOS\n\nCancelaci\u00f3n del estado Camuflado.\n".encode("latin-1"),
        "unbalanced": b"View source for Broken Page\n\n==Effects==\n\n* A {{skillbox |black| BROKEN\n* See [[Camouflaged\n",
        "huge": ("View source for Huge Page\n\n==Effects==\n\n"
                 + "* A very long effect bullet about Camouflaged troopers and their Markers.\n" * 80_000).encode(),
        "no-sections": b"Nothing Here\n\nJust a sentence of prose with no rule sections at all, and nothing else.\n",
        "twin": (PAGES_DIR / "to-camouflaged.wiki").read_bytes(),
    }


def test_build_writes_the_bundled_pages_and_prints_a_summary(tmp_path):
    db = tmp_path / "out" / "kb.db"
    result = run("--db", str(db))
    assert result.exit_code == 0, result.output
    assert f"Built {db}" in result.stdout
    for label in ("pages: 4", "rules: 116", "FAQs: 15", "errata:", "resolved", "dangling", "warnings: 0"):
        assert label in result.stdout
    assert count(db, "pages") == 4
    assert result.stderr == ""


def test_rulecheck_db_is_the_default_destination(tmp_path, monkeypatch):
    db = tmp_path / "env.db"
    monkeypatch.setenv("RULECHECK_DB", str(db))
    assert run().exit_code == 0
    assert count(db, "rules") == 116


def test_extra_file_and_folder_land_beside_the_bundled_pages(tmp_path):
    folder = tmp_path / "pages"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "Extra_Test_State.wiki").write_text(GOOD_PAGE)
    (folder / ".hidden.wiki").write_text(GOOD_PAGE.replace("Extra Test", "Hidden Test"))
    db = tmp_path / "kb.db"
    result = run(str(folder), "--db", str(db))
    assert result.exit_code == 0, result.output
    conn = sqlite3.connect(db)
    assert [r[0] for r in conn.execute("select id from pages order by ordinal")] == [
        "to-camouflaged", "camuflado", "hidden-deployment-state", "holomask-state", "extra-test-state"]
    assert conn.execute("select source, edition from pages where id = 'extra-test-state'").fetchone() == (
        str(folder / "sub" / "Extra_Test_State.wiki"), None)
    links = dict(conn.execute("select to_title, to_page_id from links where from_page_id = 'extra-test-state'"))
    assert links["Camouflaged"] == "camuflado" and links["Page Nobody Wrote"] is None
    import json
    assert json.loads(conn.execute("select value from meta where key = 'extra_sources'").fetchone()[0]) == [
        {"given": str(folder), "path": str(folder.absolute())}]


@pytest.mark.parametrize("case", sorted(bad_inputs()))
def test_bad_input_is_a_warning_naming_the_file_and_good_files_land(tmp_path, case):
    bad = tmp_path / f"{case}.wiki"
    bad.write_bytes(bad_inputs()[case])
    good = tmp_path / "Extra_Test_State.wiki"
    good.write_text(GOOD_PAGE)
    db = tmp_path / "kb.db"
    result = run(str(bad), str(good), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert f"warning: {bad}" in result.stderr
    assert "Traceback" not in result.output
    conn = sqlite3.connect(db)
    assert conn.execute("select count(*) from pages where id = 'extra-test-state'").fetchone() == (1,)
    assert conn.execute("select count(*) from rules where page_id = 'to-camouflaged'").fetchone() == (25,)
    assert conn.execute("select count(*) from warnings where source = ?", [str(bad)]).fetchone()[0] >= 1
    assert "warnings: 0" not in result.stdout


@pytest.mark.parametrize("case", sorted(bad_inputs()))
def test_strict_exits_non_zero_and_keeps_the_old_base(tmp_path, case):
    db = tmp_path / "kb.db"
    assert run("--db", str(db)).exit_code == 0
    before = db.read_bytes()
    bad = tmp_path / f"{case}.wiki"
    bad.write_bytes(bad_inputs()[case])
    result = run(str(bad), "--db", str(db), "--strict")
    assert result.exit_code == 1
    assert f"warning: {bad}" in result.stderr
    assert "--strict" in result.stderr and "not written" in result.stderr
    assert db.read_bytes() == before


def test_strict_with_clean_inputs_exits_zero(tmp_path):
    assert run("--db", str(tmp_path / "kb.db"), "--strict").exit_code == 0


def test_two_pages_with_one_title_both_land(tmp_path):
    twin = tmp_path / "TO_Camouflaged.wiki"
    twin.write_bytes(bad_inputs()["twin"])
    db = tmp_path / "kb.db"
    result = run(str(twin), "--db", str(db))
    assert result.exit_code == 0
    assert "share the title" in result.stderr
    conn = sqlite3.connect(db)
    assert [r[0] for r in conn.execute("select id from pages where title = 'TO Camouflaged' order by ordinal")] == [
        "to-camouflaged", "to-camouflaged-2"]


def test_missing_path_is_a_usage_error(tmp_path):
    result = run(str(tmp_path / "nope.wiki"), "--db", str(tmp_path / "kb.db"))
    assert result.exit_code == 2
    assert "does not exist" in result.stderr
    assert not (tmp_path / "kb.db").exists()


def test_folder_as_db_is_a_clear_error(tmp_path):
    result = run("--db", str(tmp_path))
    assert result.exit_code != 0
    assert "Traceback" not in result.output


def test_progress_bar_on_many_pages(tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(25):
        (folder / f"Page_{i}.wiki").write_text(GOOD_PAGE.replace("Extra Test State", f"Extra Test {i} State"))
    result = run(str(folder), "--db", str(tmp_path / "kb.db"))
    assert result.exit_code == 0
    assert "Reading pages" in result.stderr
    assert "pages: 29" in result.stdout


def test_help_has_an_example():
    result = CliRunner().invoke(cli, ["build", "--help"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "rulecheck build my-pages/" in result.output and "--strict" in result.output


def test_cli_module_imports_no_heavy_modules_at_top():
    import subprocess
    import sys

    code = ("import sys, rulecheck.cli.build; "
            "print(sorted(m for m in ('sqlite_utils', 'mwparserfromhell', 'bs4', 'rulecheck.ingest', "
            "'rulecheck.kb.build') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
