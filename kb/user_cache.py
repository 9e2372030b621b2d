"""The user's cache folder (`$XDG_CACHE_HOME/rulecheck`, else `~/.cache/rulecheck`), where the
checker keeps its validated logic table and the build side the bundled data's fingerprint."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")
#: What reading a damaged, truncated or foreign cache file can raise: it is then ignored.
BAD_CACHE = (ValueError, TypeError, KeyError, EOFError, OSError)


def cache_dir() -> Path | None:
    """The folder, or None when there is no cache home and no home folder (run without one)."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no HOME and no user entry
            return None
    return Path(base) / "rulecheck"


def prune(keep: Path, pattern: str, age: float = 86400.0) -> None:
    """Remove the files matching `pattern` beside `keep` that earlier data or code left (each
    upgrade or edit keys a new one), but any written in the last `age` seconds, for another
    install still using it."""
    cutoff = time.time() - age
    for old in keep.parent.glob(pattern):
        try:
            if old != keep and old.stat().st_mtime < cutoff:
                old.unlink()
        except OSError:
            pass  # gone already, or not ours to remove


def cache_file(kind: str, sources: Sequence[Path], salt: str = "") -> Path | None:
    """`<cache dir>/<kind>-<key>.marshal`, the key a digest of the Python version, `salt` and the
    name, size and modification time of each of `sources` (file stats, not contents: reading
    them would cost what the cache saves); None without a cache folder or when a source is gone."""
    import zlib

    try:
        stamp = "\n".join(f"{p}:{st.st_size}:{st.st_mtime_ns}" for p in sources for st in [p.stat()])
    except OSError:
        return None
    text = f"{salt}:{sys.version}:{sys.implementation.cache_tag}\n{stamp}".encode()
    folder = cache_dir()
    key = f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}"
    return folder / f"{kind}-{key}.marshal" if folder is not None else None


def load_cached(cache: Path | None, make: Callable[[], T], to_plain: Callable[[T], object],
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
            cache.parent.mkdir(parents=True, exist_ok=True)
            # pid and thread: two processes or two threads (the web server) never share a temp file
            tmp = cache.with_suffix(f".{os.getpid()}-{threading.get_ident()}.tmp")
            with open(tmp, "wb") as f:
                marshal.dump(to_plain(value), f)
            os.replace(tmp, cache)
        except OSError:
            pass
        prune(cache, cache.name.split("-")[0] + "-*.marshal")
    return value
