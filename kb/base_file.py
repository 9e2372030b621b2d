"""The base's file on disk: written beside it under a lock, renamed over it, leaving nothing behind.

A build writes `.<name>.<random>.tmp` next to the base and holds an exclusive `flock` on it
until the rename. A build killed outright (SIGKILL, power loss) leaves that file behind, but
its lock dies with it: the next build removes every such file it can lock, and never one a
running build still holds. The new file takes the old base's mode and owner (or the usual
mode for a new file) before the rename, so a rebuild never narrows who may read it.
SIGTERM during a build becomes `BuildInterrupted`, so the usual clean-up runs.
"""
from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import stat
import tempfile
import time
import threading
from pathlib import Path
from typing import Iterator



#: The suffix of a build's temporary file before it is locked and renamed to `.tmp`.
_NEW = ".new"
#: Seconds after which an unrenamed temporary file is a killed build's, not a starting one's.
_NEW_GRACE_S = 60

#: The signals a build stops on, cleaning up (`stop_on_terminate`).
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class BuildInterrupted(BaseException):
    """The build got SIGTERM (or SIGHUP): it stopped, cleaned up, and left the old base as it was.

    A `BaseException`, like `KeyboardInterrupt`: no `except Exception` on the way (a parser's
    safety net) may swallow it. The CLI exits with 128 + the signal's number.
    """

    def __init__(self, signum: int) -> None:
        self.signum = signum
        name = signal.Signals(signum).name
        super().__init__(f"The build was stopped ({name}); the old base, if any, is unchanged.")


def temp_prefix(db_path: Path) -> str:
    """What a build's temporary file for `db_path` is named with: `.rulecheck.db.` (then random, `.tmp`)."""
    return f".{db_path.name}."


def remove_leftovers(db_path: Path) -> list[Path]:
    """Remove the temporary files killed builds left beside `db_path`; return those removed.

    A file some live build still holds locked is left alone.
    """
    removed = []
    try:
        candidates = list(db_path.parent.glob(f"{temp_prefix(db_path)}*.tmp"))
        # a file not yet renamed is a live build's for a moment; one a minute old was left by a build
        # killed in that moment
        candidates += [p for p in db_path.parent.glob(f"{temp_prefix(db_path)}*{_NEW}")
                       if time.time() - p.lstat().st_mtime > _NEW_GRACE_S]
    except OSError:
        return removed
    for path in candidates:
        try:
            fd = os.open(path, os.O_RDWR | os.O_NOFOLLOW)
        except OSError:
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # a running build's file
            path.unlink(missing_ok=True)
            removed.append(path)
        finally:
            os.close(fd)
    return removed


@contextlib.contextmanager
def locked_temp_file(db_path: Path) -> Iterator[Path]:
    """A new, locked temporary file beside `db_path`; removed on any failure or interruption.

    The caller fills it and renames it over the base (`replace_base`) inside the block. Raises
    `OSError` when the folder cannot be written.
    """
    # Made under a name leftovers are not looked for under, locked, then renamed: a build that
    # looks for leftovers between the file's creation and its lock would take it for a dead
    # build's file (a lock goes with the open file, not the name).
    fd, name = tempfile.mkstemp(prefix=temp_prefix(db_path), suffix=_NEW, dir=db_path.parent)
    tmp = Path(name[: -len(_NEW)] + ".tmp")
    # one try around the rename and the yield: a SIGTERM between them (`stop_on_terminate` raises
    # where it lands) must still remove the renamed file
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.rename(name, tmp)
        yield tmp
    except BaseException:
        Path(name).unlink(missing_ok=True)
        tmp.unlink(missing_ok=True)
        raise
    finally:
        os.close(fd)  # the lock goes with it


def replace_base(tmp: Path, db_path: Path) -> None:
    """fsync `tmp`, give it the old base's mode and owner, and rename it over `db_path`."""
    with open(tmp, "rb+") as f:
        os.fsync(f.fileno())
    _copy_mode_and_owner(tmp, db_path)
    os.replace(tmp, db_path)
    with contextlib.suppress(OSError):  # the rename itself made durable; not every file system allows it
        dir_fd = os.open(db_path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _copy_mode_and_owner(tmp: Path, db_path: Path) -> None:
    try:
        old = os.stat(db_path)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # what sqlite3 gives a new file; mkstemp's 0600 would hide it
        return
    os.chmod(tmp, stat.S_IMODE(old.st_mode))
    new = os.stat(tmp)
    if (new.st_uid, new.st_gid) != (old.st_uid, old.st_gid):
        with contextlib.suppress(PermissionError):  # only root (or the group's member) may; the mode still holds
            os.chown(tmp, old.st_uid, old.st_gid)


@contextlib.contextmanager
def stop_on_terminate() -> Iterator[None]:
    """Turn SIGTERM and SIGHUP into `BuildInterrupted` while the block runs, so `finally` clean-ups
    run (a temporary file removed, the parse worker stopped). Only in the main thread, and only
    where the signal has its default action: an application's own handler is left alone."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = {}
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is signal.SIG_DFL:
            saved[signum] = signal.signal(signum, _raise_interrupted)
    try:
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)


def _raise_interrupted(signum: int, frame) -> None:
    raise BuildInterrupted(signum)
