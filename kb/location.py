"""Where the knowledge base lives, and whether it must be (re)built from the bundled data."""
from __future__ import annotations

import os
import sqlite3
import zlib
from collections.abc import Iterable
from pathlib import Path

from rulecheck.data import DATA_DIR

ENV_VAR = "RULECHECK_DB"
_CODE_DIRS = ("ingest", "kb")


def default_db_path() -> Path:
    """`$RULECHECK_DB`, else `<XDG data dir>/rulecheck/rulecheck.db`."""
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "rulecheck" / "rulecheck.db"


def resolve_db_path(db: str | os.PathLike | None) -> Path:
    """The `--db` value if given, else the default location."""
    return Path(db).expanduser() if db else default_db_path()


def bundled_fingerprint() -> str:
    """A hash of everything a build reads by default: bundled pages, data tables, and the
    ingest and build code (an upgraded rulecheck rebuilds its base)."""
    root = Path(__file__).resolve().parent.parent  # the installed `rulecheck` package, or the checkout
    files = sorted(p for p in DATA_DIR.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    for name in _CODE_DIRS:
        files += sorted((root / name).glob("*.py")) if (root / name).is_dir() else []
    files += sorted(Path(__file__).resolve().parent.glob("*.py"))  # kb/ itself, in a checkout too
    return files_digest(dict.fromkeys(files))


def files_digest(paths: Iterable[Path], salt: str = "") -> str:
    """16 hex digits over the names and contents of `paths` (and `salt`): changes when any does.

    CRC-32 and Adler-32 side by side (64 bits) detect edits as surely as a fingerprint needs,
    and zlib loads in a fraction of the time hashlib's OpenSSL backend takes on every
    `rulecheck ask`. Not for security: nothing here defends against a chosen collision.
    """
    crc, adler = zlib.crc32(salt.encode()), zlib.adler32(salt.encode())
    for p in paths:
        for chunk in (p.name.encode(), p.read_bytes()):
            crc, adler = zlib.crc32(chunk, crc), zlib.adler32(chunk, adler)
    return f"{crc:08x}{adler:08x}"


def built_fingerprint(path: Path) -> tuple[str | None, list[str]]:
    """The fingerprint and extra sources recorded in an existing base, or (None, [])."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            rows = dict(conn.execute("select key, value from meta where key in ('fingerprint', 'extra_sources')"))
        finally:
            conn.close()
    except sqlite3.Error:
        return None, []
    extra = rows.get("extra_sources")
    if not extra or extra == "[]":
        return rows.get("fingerprint"), []
    import json  # only a base built with extra pages has a list to read

    return rows.get("fingerprint"), json.loads(extra)


def ensure_built(path: Path | str | None = None) -> Path:
    """Return the base's path, building it first when it is missing or the bundled data changed.

    A rebuild keeps any extra pages the base was built with (`rulecheck build PATH…`).
    """
    path = resolve_db_path(path)
    if path.exists():
        fingerprint, extra = built_fingerprint(path)
        if fingerprint == bundled_fingerprint():
            return path
    else:
        extra = []
    from rulecheck.kb.build import build_database  # the heavy side, only when needed

    build_database(path, [p for p in extra if Path(p).exists()])
    return path
