"""The user's cache folder (`$XDG_CACHE_HOME/rulecheck`, else `~/.cache/rulecheck`), where the
checker keeps its validated logic table and the build side the bundled data's fingerprint.

Paths here are text (`str`), not `pathlib.Path`: this module is on the cold `rulecheck ask`
path, which `pathlib` would slow by about 5 ms."""
from __future__ import annotations

import os
import sys
import time
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")
#: What reading a damaged, truncated or foreign cache file can raise: it is then ignored.
BAD_CACHE = (ValueError, TypeError, KeyError, EOFError, OSError)


def cache_dir() -> str | None:
    """The folder, or None when there is no cache home and no home folder (run without one)."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        home = os.path.expanduser("~")
        if home == "~":  # no HOME and no user entry
            return None
        base = os.path.join(home, ".cache")
    return os.path.join(base, "rulecheck")


def prune(keep: str | os.PathLike, pattern: str, age: float = 86400.0) -> None:
    """Remove the files matching `pattern` beside `keep` that earlier data or code left (each
    upgrade or edit keys a new one), but any written in the last `age` seconds, for another
    install still using it."""
    import glob

    keep = os.fspath(keep)
    cutoff = time.time() - age
    for old in glob.glob(os.path.join(glob.escape(os.path.dirname(keep)), pattern)):
        try:
            if old != keep and os.stat(old).st_mtime < cutoff:
                os.unlink(old)
        except OSError:
            pass  # gone already, or not ours to remove


def cache_file(kind: str, sources: Sequence[str | os.PathLike], salt: str = "") -> str | None:
    """`<cache dir>/<kind>-<key>.marshal`, the key a digest of the Python version, `salt` and the
    name, size and modification time of each of `sources` (file stats, not contents: reading
    them would cost what the cache saves); None without a cache folder or when a source is gone."""
    import zlib

    try:
        stamp = "\n".join(f"{os.fspath(p)}:{st.st_size}:{st.st_mtime_ns}" for p in sources for st in [os.stat(p)])
    except OSError:
        return None
    text = f"{salt}:{sys.version}:{sys.implementation.cache_tag}\n{stamp}".encode()
    folder = cache_dir()
    key = f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}"
    return os.path.join(folder, f"{kind}-{key}.marshal") if folder is not None else None


def load_cached(cache: str | None, make: Callable[[], T], to_plain: Callable[[T], object],
                from_plain: Callable[[object], T]) -> T:
    """`from_plain` of the marshalled `cache` file when it reads back; else `make()`, written to
    `cache` (atomically; a read-only home only costs the making) and older files of its kind pruned.
    `marshal` holds only plain data, so a tampered file cannot run code."""
    import gc
    import marshal

    if cache is not None:
        # the cached form is many new containers and none of them a cycle: collecting while
        # they are made only costs a cold start time
        paused = gc.isenabled()
        gc.disable()
        try:
            with open(cache, "rb") as f:
                return from_plain(marshal.loads(f.read()))  # one read: faster than marshal.load on a file
        except BAD_CACHE:
            pass  # no cache yet, or a damaged one: made again and rewritten below
        finally:
            if paused:
                gc.enable()
    value = make()
    if cache is not None:
        import threading  # loaded already by most hosts; only when a cache is written

        try:
            os.makedirs(os.path.dirname(cache), exist_ok=True)
            # pid and thread: two processes or two threads (the web server) never share a temp file
            tmp = f"{os.path.splitext(cache)[0]}.{os.getpid()}-{threading.get_ident()}.tmp"
            with open(tmp, "wb") as f:
                marshal.dump(to_plain(value), f)
            os.replace(tmp, cache)
        except OSError:
            pass
        prune(cache, os.path.basename(cache).split("-")[0] + "-*.marshal")
    return value
