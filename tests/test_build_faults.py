"""Builds that leave nothing behind: killed at any moment, given odd files, or pointed at a file
that is not theirs. The signal tests run real `rulecheck build` processes and wait on what can
be seen (the worker process, the temporary file), each wait bounded by a timeout."""
from __future__ import annotations

import hashlib
import os
import re
import signal
import socket
import sqlite3
import stat
import subprocess
import time
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli.main import cli
from rulecheck.kb import schema
from rulecheck.kb.build import NotAPageFile, build_database
from rulecheck.kb.manifest import load_manifest
from rulecheck.kb.read import NotAKnowledgeBase

import waiting

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc and uses the Linux worker")
WAIT = 60  # seconds: a bound on each wait for something to be seen, never a pause


def until(condition, what: str, timeout: float = WAIT):
    """Poll `condition()` until it returns something true; fail naming `what` after `timeout`."""
    return waiting.until(condition, what, timeout, step=0.002)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(c) for c in text.split()]


def dead(pid: int) -> bool:
    """Gone, or a zombie waiting for its new parent to reap it (it holds no memory, runs nothing)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True


def temp_files(db: Path) -> list[Path]:
    return sorted(db.parent.glob(f".{db.name}.*.tmp"))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """Over 1 MB of pages (copies of the bundled ones under new titles): the build forks its worker."""
    folder = tmp_path_factory.mktemp("corpus")
    sources = [e.path for e in load_manifest()]
    for i in range(180):
        src = sources[i % len(sources)]
        first, _, rest = src.read_text(encoding="utf-8").partition("\n")
        (folder / f"{i:03d}{src.suffix}").write_text(f"{first} {i}\n{rest}", encoding="utf-8")
    assert sum(p.stat().st_size for p in folder.iterdir()) > 1_000_000
    return folder


@pytest.fixture
def old_base(tmp_path) -> Path:
    db = tmp_path / "kb" / "rulecheck.db"
    build_database(db)
    return db


def start_build(db: Path, *paths: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", "from rulecheck.cli.main import cli; cli()", "build",
                             *map(str, paths), "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, RULECHECK_DB=str(db)))


@linux_only
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_build_killed_while_parsing_leaves_no_process_and_the_old_base(corpus, old_base, signum):
    before = digest(old_base)
    build = start_build(old_base, corpus)
    worker = until(lambda: children(build.pid), "the build's parse worker")[0]
    build.send_signal(signum)
    _, stderr = build.communicate(timeout=WAIT)
    until(lambda: dead(worker), f"the worker {worker} to die with its build")
    assert digest(old_base) == before
    if signum == signal.SIGTERM:  # it cleans up and says so
        assert build.returncode == 128 + signal.SIGTERM, stderr
        assert "stopped (SIGTERM)" in stderr and "unchanged" in stderr
        assert temp_files(old_base) == []
    else:
        assert build.returncode == -signal.SIGKILL


@linux_only
def test_a_build_killed_while_writing_leaves_a_file_the_next_build_removes(corpus, old_base):
    build = start_build(old_base, corpus)
    tmp = until(lambda: temp_files(old_base), "the build's temporary file")[0]
    build.send_signal(signal.SIGSTOP)  # frozen mid-write, holding its lock
    try:
        assert tmp.exists(), "the build finished before it could be stopped; the corpus is too small"
        build_database(old_base)  # another build meanwhile must not take a live build's file
        assert tmp.exists()
        current = digest(old_base)
    finally:
        build.kill()
        build.communicate(timeout=WAIT)
    assert tmp.exists()  # SIGKILL runs no clean-up...
    assert digest(old_base) == current  # ...and the base is the one before, whole
    with sqlite3.connect(old_base) as conn:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
    build_database(old_base)
    assert temp_files(old_base) == []  # the next build removed it


@linux_only
def test_the_parse_worker_never_holds_the_new_base(corpus, old_base):
    """Pages become rows while the worker parses, so the new base is open then; the worker was
    forked before it was, so a build killed outright frees the file's lock at once."""
    build = start_build(old_base, corpus)
    try:
        worker = until(lambda: children(build.pid), "the build's parse worker")[0]
        tmp = until(lambda: temp_files(old_base), "the build's temporary file")[0]
        held = []
        for fd in Path(f"/proc/{worker}/fd").iterdir():
            try:
                held.append(Path(os.readlink(fd)))
            except OSError:
                pass  # closed meanwhile
        assert held, "could not read the worker's open files"
        assert tmp not in held
    finally:
        build.kill()
        build.communicate(timeout=WAIT)
    build_database(old_base)
    assert temp_files(old_base) == []


def test_leftovers_go_but_a_locked_temporary_file_stays(old_base):
    import fcntl

    stale = old_base.parent / f".{old_base.name}.dead1234.tmp"
    stale.write_bytes(b"half a base")
    live = old_base.parent / f".{old_base.name}.live5678.tmp"
    live.write_bytes(b"a base being written")
    other = old_base.parent / ".other.db.x.tmp"
    other.write_bytes(b"not ours")
    with open(live, "rb+") as f:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX)
        build_database(old_base)
    assert not stale.exists() and live.exists() and other.exists()


def test_a_rebuild_keeps_the_mode_and_owner(old_base):
    os.chmod(old_base, 0o644)
    owner = (65534, 65534) if os.geteuid() == 0 else (os.getuid(), os.getgid())
    if os.geteuid() == 0:
        os.chown(old_base, *owner)
    build_database(old_base)
    st = os.stat(old_base)
    assert stat.S_IMODE(st.st_mode) == 0o644
    assert (st.st_uid, st.st_gid) == owner


def test_a_new_base_gets_the_usual_mode(tmp_path):
    umask = os.umask(0o027)
    try:
        build_database(tmp_path / "new.db")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(os.stat(tmp_path / "new.db").st_mode) == 0o640


def test_odd_files_in_a_folder_are_each_a_warning(tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    page = load_manifest()[0].path
    (folder / "good.wiki").write_text(page.read_text(encoding="utf-8").replace("TO Camouflaged", "Good Page", 1))
    os.mkfifo(folder / "pipe")
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(folder / "sock"))
    (folder / "loop").symlink_to(folder / "loop")
    (folder / "null").symlink_to("/dev/null")
    (folder / "gone").symlink_to(folder / "nowhere")
    try:
        report = build_database(tmp_path / "kb.db", [folder])
    finally:
        sock.close()
    said = {Path(w.source).name: w.message for w in report.warnings if w.code == "not-a-file"}
    assert said == {
        "pipe": "is a FIFO (named pipe), not a page file; skipped",
        "sock": "is a socket, not a page file; skipped",
        "loop": "is a symbolic link loop; skipped",
        "null": "is a character device, not a page file; skipped",
        "gone": f"is a broken symbolic link (to {folder / 'nowhere'}); skipped",
    }
    assert report.pages == 5  # the bundled four and the good one


@pytest.mark.parametrize("kind", ["device", "fifo"])
def test_a_device_or_fifo_given_directly_says_what_it_is(tmp_path, kind):
    if kind == "device":
        path, words = Path("/dev/zero"), "is a character device, not a page file or folder"
    else:
        path, words = tmp_path / "pipe", "is a FIFO (named pipe), not a page file or folder"
        os.mkfifo(path)
    with pytest.raises(NotAPageFile, match=re.escape(words)):
        build_database(tmp_path / "kb.db", [path])
    result = CliRunner().invoke(cli, ["build", str(path), "--db", str(tmp_path / "kb.db")], catch_exceptions=False)
    assert result.exit_code == 2 and words in result.stderr
    assert not (tmp_path / "kb.db").exists()


def test_a_foreign_file_with_a_meta_fingerprint_is_never_overwritten(tmp_path):
    path = tmp_path / "theirs.db"
    conn = sqlite3.connect(path)
    conn.executescript("create table meta (key text primary key, value text);"
                       "insert into meta values ('fingerprint', 'abc'), ('schema_version', '1');"
                       "create table pages (id text); create table notes (body text);")
    conn.commit()
    conn.close()
    before = digest(path)
    with pytest.raises(NotAKnowledgeBase, match="is not a rulecheck knowledge base"):
        build_database(path)
    assert digest(path) == before


def test_a_base_is_stamped_and_recognised(tmp_path, old_base):
    conn = sqlite3.connect(old_base)
    assert conn.execute("pragma application_id").fetchone()[0] == schema.APPLICATION_ID
    assert conn.execute("pragma user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert schema.is_rulecheck_base(conn)
    conn.close()


def test_a_base_written_before_the_application_id_is_still_rebuilt(old_base):
    conn = sqlite3.connect(old_base)
    conn.execute("pragma application_id = 0")
    conn.execute("update meta set value = 'stale' where key = 'fingerprint'")
    conn.commit()
    conn.close()
    build_database(old_base)
    conn = sqlite3.connect(old_base)
    assert conn.execute("pragma application_id").fetchone()[0] == schema.APPLICATION_ID
    conn.close()


def test_a_starting_builds_file_is_never_taken_for_a_leftover(tmp_path):
    """A build's file is locked under a name leftovers are not looked for under, then renamed: one
    not yet renamed is left alone for a minute (a build starting now), then removed (a build killed
    in that moment)."""
    from rulecheck.kb.base_file import remove_leftovers, temp_prefix

    db = tmp_path / "rulecheck.db"
    young = tmp_path / f"{temp_prefix(db)}abc.new"
    old = tmp_path / f"{temp_prefix(db)}def.new"
    young.write_bytes(b"")
    old.write_bytes(b"")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    assert remove_leftovers(db) == [old]
    assert young.exists() and not old.exists()
