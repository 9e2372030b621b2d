"""Where the knowledge base lives, what a base file at that path is, and whether it is current
with the bundled data. Read side: it never imports the build (`rulecheck.kb.rebuild` does the
automatic build).

Every `rulecheck ask` goes through here, so the work is done on paths as text (`os.path`); only
the public functions that have always handed out `pathlib.Path`s make one, on return."""
from __future__ import annotations

import os
import sqlite3
import zlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from rulecheck.data import DATA_ROOT
from rulecheck.kb.user_cache import cache_dir, prune
from rulecheck.kb.errors import KnowledgeBaseError, NotAKnowledgeBase
from rulecheck.kb.identity import is_rulecheck_base, read_only_uri

if TYPE_CHECKING:
    from pathlib import Path

ENV_VAR = "RULECHECK_DB"
_CODE_DIRS = ("ingest", "kb")
#: Bundled data the build never reads (the checker's lexicons, answer wording and verdict
#: table): editing them must not rebuild the base, and every `rulecheck ask` hashes the rest.
_CHECKER_ONLY = {"lexicon", "wording", "verdicts.toml", "faq_paraphrases.toml"}
_SQLITE_HEADER = b"SQLite format 3\x00"


class ExtraSource(NamedTuple):
    """An extra page file or folder a base was built with."""

    #: The path as the user gave it: the pages' `source`, kept across automatic rebuilds.
    given: str
    #: The same path made absolute when it was given: where an automatic rebuild reads it.
    path: str


class BaseState(NamedTuple):
    """What is at a base's path: `status` is `missing`, `current` or `stale`."""

    status: str
    fingerprint: str | None
    extras: list[ExtraSource]
    #: The user's manifest files the base was built with (`rulecheck build --manifest`).
    manifests: list[ExtraSource] = []


def _home() -> str:
    home = os.path.expanduser("~")
    if home == "~":  # no HOME and no passwd entry for this uid (CI containers)
        raise KnowledgeBaseError(
            "Cannot tell where to keep the knowledge base: this user has no home folder. "
            f"Give one with --db FILE or the {ENV_VAR} environment variable.")
    return home


def _expand(path: str | os.PathLike) -> str:
    """`~` expanded, `.` and doubled slashes dropped as `Path` drops them; a clear error where
    there is no home to expand it to."""
    text = os.fspath(path)
    if text.startswith("~"):
        expanded = os.path.expanduser(text)
        if expanded.startswith("~"):
            raise KnowledgeBaseError(f"Cannot expand {text}: this user has no home folder. "
                                     "Give the database path without ~.")
        text = expanded
    return _tidy(text)


def _tidy(text: str) -> str:
    """A path written as `pathlib` writes it: no `.` parts, doubled or trailing slashes (`..` kept)."""
    if not text:
        return "."
    lead = "/" if text.startswith("/") else ""
    parts = [p for p in text.split("/") if p and p != "."]
    return lead + "/".join(parts) if parts else (lead or ".")


def db_file(db: str | os.PathLike | None = None) -> str:
    """`resolve_db_path` as text: what the cold `rulecheck ask` path uses."""
    if db:
        return _expand(db)
    if os.environ.get(ENV_VAR):
        return _expand(os.environ[ENV_VAR])
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(_home(), ".local", "share")
    return _tidy(os.path.join(base, "rulecheck", "rulecheck.db"))


def default_db_path() -> Path:
    """`$RULECHECK_DB`, else `<XDG data dir>/rulecheck/rulecheck.db`.

    Raises `KnowledgeBaseError` (asking for `--db` or `RULECHECK_DB`) when neither is set and
    the user has no home folder.
    """
    from pathlib import Path

    return Path(db_file())


def resolve_db_path(db: str | os.PathLike | None) -> Path:
    """The `--db` value if given, else the default location."""
    from pathlib import Path

    return Path(db_file(db))


def fingerprint_files() -> list[Path]:
    """Everything a build reads by default, each file once: the bundled data, then the ingest
    and kb code (`kb/` holds this module, in an installed package and a checkout alike)."""
    from pathlib import Path

    return [Path(f) for f in _fingerprint_files()]


def _fingerprint_files() -> list[str]:
    """`fingerprint_files` as text: each folder's files by name, then its subfolders' (a
    symlinked folder is not followed, as `Path.rglob` did not), then the code."""
    files: list[str] = []

    def walk(folder: str) -> None:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            return
        subfolders = []
        for entry in entries:
            if entry.name == "__pycache__" or entry.name in _CHECKER_ONLY:
                continue
            if entry.is_dir(follow_symlinks=False):
                subfolders.append(entry.path)
            elif entry.is_file():
                files.append(entry.path)
        for sub in subfolders:
            walk(sub)

    walk(DATA_ROOT)
    root = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # the installed package, or the checkout
    for name in _CODE_DIRS:
        try:
            files.extend(sorted(e.path for e in os.scandir(os.path.join(root, name))
                                if e.name.endswith(".py") and e.is_file()))
        except OSError:
            pass
    return files


def bundled_fingerprint() -> str:
    """A hash of `fingerprint_files()`: bundled pages, data tables, and the ingest and build
    code (an upgraded rulecheck rebuilds its base).

    The hash is of contents (a base copied to another machine stays current), but every
    `rulecheck ask` checks it, so it is kept in the user cache folder under a key made of the
    files' names, sizes and modification times: unchanged files are not read again."""
    files = _fingerprint_files()
    memo = _fingerprint_memo(files)
    if memo is not None:
        try:
            with open(memo, encoding="ascii") as f:
                known = f.read().strip()
            if len(known) == 16 and all(c in "0123456789abcdef" for c in known):
                return known
        except (OSError, UnicodeDecodeError):
            pass  # not computed yet, or unreadable: computed below
    digest = files_digest(files)
    if memo is not None:
        try:
            os.makedirs(os.path.dirname(memo), exist_ok=True)
            tmp = f"{memo}.{os.getpid()}.tmp"
            with open(tmp, "w", encoding="ascii") as f:
                f.write(digest)
            os.replace(tmp, memo)
            prune(memo, "fingerprint-*")
        except OSError:
            pass  # a read-only home only costs the reading
    return digest



def _fingerprint_memo(files: list[str]) -> str | None:
    """`<cache dir>/rulecheck/fingerprint-<key>`, the key the files' names, sizes and times."""
    try:
        stamp = "\n".join(f"{p}:{st.st_size}:{st.st_mtime_ns}" for p in files for st in [os.stat(p)]).encode()
    except OSError:
        return None
    folder = cache_dir()
    name = f"fingerprint-{zlib.crc32(stamp):08x}{zlib.adler32(stamp):08x}"
    return os.path.join(folder, name) if folder is not None else None


def files_digest(paths: Iterable[str | os.PathLike], salt: str = "") -> str:
    """16 hex digits over the names and contents of `paths` (and `salt`): changes when any does.

    Each name and content is preceded by its length, so moving bytes from one to the next
    (`ab` + `c` against `a` + `bc`) changes the digest too.
    CRC-32 and Adler-32 side by side (64 bits) detect edits as surely as a fingerprint needs,
    and zlib loads in a fraction of the time hashlib's OpenSSL backend takes on every
    `rulecheck ask`. Not for security: nothing here defends against a chosen collision.
    """
    crc, adler = zlib.crc32(salt.encode()), zlib.adler32(salt.encode())
    for p in paths:
        with open(p, "rb") as f:
            content = f.read()
        for chunk in (os.path.basename(os.fspath(p)).encode(), content):
            for part in (b"%d:" % len(chunk), chunk):
                crc, adler = zlib.crc32(part, crc), zlib.adler32(part, adler)
    return f"{crc:08x}{adler:08x}"


def _extras_from_meta(value: str | None) -> list[ExtraSource]:
    if not value or value == "[]":
        return []
    import json  # only a base built with extra pages has a list to read

    extras = []
    for item in json.loads(value):
        if isinstance(item, str):  # bases built before the given path was kept: the absolute one
            extras.append(ExtraSource(item, item))
        else:
            extras.append(ExtraSource(item["given"], item["path"]))
    return extras


def extras_to_meta(extras: Iterable[ExtraSource]) -> str:
    """The `meta.extra_sources` value: a JSON list of `{"given": …, "path": …}`."""
    import json

    return json.dumps([{"given": e.given, "path": e.path} for e in extras])


def inspect_base(path: str | os.PathLike) -> BaseState:
    """What is at `path`: nothing (or an empty file), a current base, or a stale one.

    Raises `NotAKnowledgeBase` for a folder or any file that is not provably a rulecheck base
    (its application id and schema, `identity.is_rulecheck_base`, and a `meta` fingerprint):
    rulecheck never overwrites those. `KnowledgeBaseError` when the file
    cannot be read.
    """
    path = os.fspath(path)
    try:
        if not os.path.exists(path):
            return BaseState("missing", None, [])
        if os.path.isdir(path):
            raise NotAKnowledgeBase(f"{path} is a folder; give a database file path such as "
                                    f"{os.path.join(path, 'rulecheck.db')}")
        with open(path, "rb") as f:
            header = f.read(len(_SQLITE_HEADER))
    except OSError as e:
        raise KnowledgeBaseError(f"Cannot read {path}: {e.strerror or e}. Choose another --db path.") from e
    if not header:
        return BaseState("missing", None, [])  # an empty file holds nothing to lose
    rows: dict[str, str] = {}
    if header == _SQLITE_HEADER:
        try:
            conn = sqlite3.connect(read_only_uri(path), uri=True)
            try:
                if is_rulecheck_base(conn):
                    rows = dict(conn.execute("select key, value from meta where key in "
                                             "('fingerprint', 'extra_sources', 'manifests')"))
            finally:
                conn.close()
        except sqlite3.Error:
            rows = {}
    if not rows.get("fingerprint"):
        raise NotAKnowledgeBase(f"{path} is not a rulecheck knowledge base; choose another --db (or delete the file).")
    fingerprint = rows["fingerprint"]
    status = "current" if fingerprint == bundled_fingerprint() else "stale"
    return BaseState(status, fingerprint, _extras_from_meta(rows.get("extra_sources")),
                     _extras_from_meta(rows.get("manifests")))


def built_fingerprint(path: Path) -> tuple[str | None, list[str]]:
    """The fingerprint and extra sources (absolute paths) recorded in an existing base, or (None, [])."""
    try:
        state = inspect_base(path)
    except KnowledgeBaseError:
        return None, []
    return state.fingerprint, [e.path for e in state.extras]
