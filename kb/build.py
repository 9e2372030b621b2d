"""The one writer: parse the bundled and extra pages, give them ids, resolve their links, link
FAQs to rules, and write the knowledge base atomically (a temporary file, then a rename)."""
from __future__ import annotations

import contextlib
import errno
import gc
import json
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from rulecheck.data import DATA_DIR
from rulecheck.ingest.mediawiki_export import ExportInfo
from rulecheck.ingest.records import Page, ParseWarning, Redirect
from rulecheck.kb import schema
from rulecheck.kb.base_file import locked_temp_file, remove_leftovers, replace_base, stop_on_terminate
from rulecheck.kb.errors import BuildError, KnowledgeBaseError, NotAKnowledgeBase
from rulecheck.kb.inputs import BadInput, MissingInput, NotAPageFile, walk_extras  # noqa: F401 - part of this API
from rulecheck.kb.location import ExtraSource, bundled_fingerprint, extras_to_meta, inspect_base
from rulecheck.kb.manifest import load_manifest
from rulecheck.kb.page_loading import (Input, Loaded, PageStream, Progress,  # noqa: F401 - load_pages: part of this API
                                      load_pages)
from rulecheck.kb.rows import Rows
from rulecheck.kb.schema import WarningRow

LOGIC_PATH = DATA_DIR / "logic.toml"


class StrictBuildFailed(BuildError):
    """`strict=True` and the inputs gave warnings: the base was not written or replaced."""

    def __init__(self, message: str, report: "BuildReport") -> None:
        super().__init__(message)
        self.report = report


@dataclass
class BuildReport:
    """What a build wrote: counts for the closing summary, and every warning."""

    db_path: Path
    pages: int = 0
    rules: int = 0
    faqs: int = 0
    #: FAQ rows of kind `errata` plus rules carrying errata (`original`/`update`).
    errata: int = 0
    links_resolved: int = 0
    links_dangling: int = 0
    warnings: list[ParseWarning] = field(default_factory=list)
    #: What the user should know that is no fault of the input (an export's skipped namespaces).
    notes: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """The counts alone, as stored in `meta`."""
        return {k: getattr(self, k) for k in ("pages", "rules", "faqs", "errata", "links_resolved", "links_dangling")} | {
            "warnings": len(self.warnings)
        }


def build_database(
    db_path: Path | str,
    extra_paths: Sequence[str | Path | ExtraSource] = (),
    *,
    strict: bool = False,
    progress: Progress | None = None,
    keep_missing: bool = False,
    manifests: Sequence[str | Path | ExtraSource] = (),
) -> BuildReport:
    """Build the base at `db_path` from the bundled pages plus `extra_paths` (files or folders).

    `manifests` are the user's manifest files (`kb/manifest.py`): their pages are built too, with
    the language, edition and title they state; a `manifest.toml` inside a folder given as an
    extra path is one as well (and no page). Both kinds raise `ManifestError` when malformed.

    Bad inputs become warnings (in the report and the `warnings` table); the good pages still
    land. With `strict`, any warning raises `StrictBuildFailed` and the old base stays as it was.
    `progress(done, total, source)` is called after each page is read. An extra path may be an
    `ExtraSource` (read from its absolute path, its pages' source the path as first given).
    A missing extra path raises `MissingInput`; with `keep_missing` (the automatic rebuild) it
    is a `missing-extra` warning instead, and stays recorded for the next rebuild. A FIFO,
    socket or device given as a path raises `NotAPageFile`; inside a folder it is a warning.
    A file at `db_path` that is not a rulecheck base raises `NotAKnowledgeBase`, untouched.
    SIGTERM or SIGHUP during the build raises `BuildInterrupted` once everything is cleaned up
    (the parse worker stopped, the temporary file removed, the old base as it was).
    """
    db_path = Path(db_path).expanduser()
    _check_destination(db_path)
    extras = [_extra_source(p) for p in extra_paths]
    manifest_sources = [_extra_source(p) for p in manifests]
    gone = [e for e in extras + manifest_sources if not Path(e.path).exists()]
    if gone and not keep_missing:
        raise MissingInput(f"No such file or folder: {gone[0].given}. Check the path and try again.")
    walked = walk_extras([e for e in extras if e not in gone], {e.path.resolve() for e in load_manifest()},
                         [m for m in manifest_sources if m not in gone])
    inputs = _bundled_inputs() + walked.inputs
    missing = [ParseWarning(e.given, f"this extra page path was built into the base before, but {e.path} is "
                            "gone: it was left out of this rebuild. Put it back, or run `rulecheck build` "
                            "without it to stop using it.", code="missing-extra") for e in gone]
    with stop_on_terminate(), _collector_paused():
        # The stream forks its worker now, before the new base's file is opened: the worker
        # never holds that file (nor its lock), whenever the build is stopped.
        with PageStream(inputs, progress) as stream:
            return _write(db_path, stream, lambda: Loaded([], walked.warnings + stream.warnings + missing,
                                                          stream.redirects, stream.exports),
                          extra_sources=extras, strict=strict, manifests=manifest_sources)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for the build.

    The build keeps every page, rule and row alive until it writes them, so each automatic
    collection re-scans a growing heap and finds next to nothing (parse trees hold no cycles):
    about 5% of a large build. One collection at the end clears what little there is.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect()


def _bundled_inputs() -> list[Input]:
    return [Input(e.path, e.source, e.lang, e.edition) for e in load_manifest()]


def _extra_source(given: str | Path | ExtraSource) -> ExtraSource:
    if isinstance(given, ExtraSource):
        return given
    return ExtraSource(str(given), str(Path(given).expanduser().absolute()))


def _check_destination(db_path: Path) -> None:
    """Refuse a folder, or a file that is not a rulecheck base, before any work is done."""
    if db_path.is_dir():
        raise BuildError(f"{db_path} is a folder; give a database file path such as {db_path / 'rulecheck.db'}")
    try:
        inspect_base(db_path)
    except NotAKnowledgeBase:
        raise
    except KnowledgeBaseError as e:
        raise BuildError(str(e)) from e.__cause__


def write_database(
    db_path: Path | str,
    pages: Sequence[Page],
    *,
    warnings: Sequence[ParseWarning] = (),
    extra_sources: Sequence[ExtraSource | str] = (),
    strict: bool = False,
    manifests: Sequence[ExtraSource | str] = (),
    redirects: Sequence[Redirect] = (),
    exports: Sequence[ExportInfo] = (),
) -> BuildReport:
    """Write parsed pages (in build order) to a new base at `db_path`, replacing it atomically.

    `redirects` (from MediaWiki exports) make their titles aliases of their targets; `exports`
    are recorded with their sites.

    Raises `NotAKnowledgeBase` when a file at `db_path` is not a rulecheck base (it is left as it
    is), `BuildError` when the base cannot be written there.
    """
    db_path = Path(db_path).expanduser()
    _check_destination(db_path)
    return _write(db_path, pages, lambda: Loaded([], list(warnings), list(redirects), list(exports)),
                  extra_sources=extra_sources, strict=strict, manifests=manifests)


def _what_to_do(error: BaseException) -> str:
    """The advice for a base that could not be written, by what went wrong."""
    if isinstance(error, OSError):
        full = error.errno == errno.ENOSPC
        unwritable = error.errno in (errno.EROFS, errno.EACCES, errno.EPERM)
    else:  # SQLite says it in words ("database or disk is full", "attempt to write a readonly database")
        full, unwritable = "full" in str(error), "readonly" in str(error)
    if full:
        return "Choose another --db path, or free some space."
    if unwritable:
        return "That place cannot be written. Choose another --db path (or set RULECHECK_DB)."
    return "Choose another --db path."


def _write(db_path: Path, pages: Iterable[Page], read: Callable[[], Loaded], *,
           extra_sources: Sequence[ExtraSource | str], strict: bool, manifests: Sequence[ExtraSource | str],
           ) -> BuildReport:
    """Make each page's rows as it comes (writing the long tables as they grow), then the rest
    (`read()`: the warnings, redirects and exports, once every page has come), and replace the
    base at `db_path` with the result."""
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
        remove_leftovers(db_path)
        with locked_temp_file(db_path) as tmp:
            conn = sqlite3.connect(tmp, check_same_thread=False)  # `_finish` writes from a second thread
            try:
                _begin(conn)
                rows = Rows(conn)
                for page in pages:
                    rows.add_page(page)
                loaded = read()
                rows.finish(loaded.redirects, loaded.exports, logic_path=LOGIC_PATH)
                report = _report(db_path, rows, loaded.warnings, loaded.exports)
                if strict and report.warnings:  # the temporary file goes; the old base stays
                    raise StrictBuildFailed(
                        f"{len(report.warnings)} warning(s) under --strict: the base at {db_path} was not written "
                        "(an existing one is left as it was). Fix the files named above, or build without --strict.",
                        report)
                meta = {
                    "fingerprint": bundled_fingerprint(),
                    "extra_sources": extras_to_meta(_extra_source(e) for e in extra_sources),
                    "manifests": extras_to_meta(_extra_source(m) for m in manifests),
                    "counts": json.dumps(report.counts(), sort_keys=True),
                }
                _finish(conn, rows, report.warnings, meta)
            finally:
                conn.close()
            replace_base(tmp, db_path)
    except (OSError, sqlite3.Error) as e:
        raise BuildError(f"Could not write the knowledge base to {db_path}: {e}. "
                         f"The old base, if any, is unchanged. {_what_to_do(e)}") from e
    return report


def _report(db_path: Path, rows: Rows, warnings: Sequence[ParseWarning], exports: Sequence[ExportInfo]) -> BuildReport:
    report = BuildReport(db_path, warnings=list(warnings) + rows.warnings,
                         notes=[note for e in exports if (note := e.note())])
    rows.flush()
    report.pages, report.rules, report.faqs = rows.page_count, rows.written["rules"], len(rows.faqs)
    report.errata = sum(f.kind == "errata" for f in rows.faqs.values()) + rows.written["errata"]
    report.links_resolved = rows.links_resolved
    report.links_dangling = rows.links_written - report.links_resolved
    return report


def _begin(conn: sqlite3.Connection) -> None:
    """Make the new base's empty tables (their plain indexes come after the rows)."""
    conn.execute("pragma journal_mode = off")  # a temporary file: on failure it is deleted, not rolled back
    conn.execute("pragma synchronous = off")  # fsync'd once before the rename instead
    schema.migrate(conn, defer_indexes=True)
    schema.mark_as_rulecheck(conn)


def _finish(conn: sqlite3.Connection, rows: Rows, warnings: Sequence[ParseWarning], meta: dict[str, str]) -> None:
    """Write the rows not yet written, the indexes and the full-text tables; check every foreign key.

    The FAQ links (pure Python) are made in this thread while a second one writes the `links`
    rows, the indexes and the full-text indexes and checks the keys of every table but
    `faq_rules`: each of those is one long SQLite statement, run without Python's lock, so the
    two overlap on two cores. (The short tables are written first, here: a row-by-row insert
    would take the lock back at every row.) Then `faq_rules` is written and its keys checked.
    """
    rows.flush()
    conn.executemany(schema.insert_sql("faqs"), rows.faqs.values())
    conn.executemany(schema.insert_sql("exports"), rows.exports)
    conn.executemany(schema.insert_sql("redirects"), rows.redirects)
    conn.executemany(schema.insert_sql("warnings"), [WarningRow(w.source, w.line, w.code, w.message) for w in warnings])
    conn.executemany("insert or replace into meta values (?, ?)", sorted(meta.items()))
    failed: list[BaseException] = []
    broken: list[tuple] = []

    def write_the_rest() -> None:
        try:
            rows.write_links()
            schema.create_indexes(conn)
            schema.enable_search(conn)
            tables = [name for (name,) in conn.execute("select name from sqlite_master where type = 'table'")]
            for table in tables:
                if table != "faq_rules":
                    broken.extend(conn.execute(f'pragma foreign_key_check("{table}")').fetchall())
        except BaseException as e:  # noqa: BLE001 - handed to the build's thread, raised there
            failed.append(e)

    writer = threading.Thread(target=write_the_rest, name="rulecheck-base-writer")
    writer.start()
    try:
        rows.link_faqs()
    except BaseException:
        conn.interrupt()  # a stopped build: the writer's statement ends now, its work is thrown away
        raise
    finally:
        _wait_for(writer, on_stop=conn.interrupt)
    if failed:
        raise failed[0]
    conn.executemany(schema.insert_sql("faq_rules"), rows.faq_rules)
    conn.commit()
    broken.extend(conn.execute("pragma foreign_key_check(faq_rules)").fetchall())
    if broken:
        raise BuildError(f"internal error: {len(broken)} row(s) break a foreign key (first: {broken[0]}). "
                         "Please report this with the pages you built.")


def _wait_for(thread: threading.Thread, *, on_stop: Callable[[], None]) -> None:
    """Join `thread` even when a stop signal arrives meanwhile (`on_stop()` is called, and the
    signal's exception raised once the thread has ended): what it writes to must not be closed
    under it."""
    stopped: BaseException | None = None
    while thread.is_alive():
        try:
            thread.join()
        except BaseException as e:  # noqa: BLE001 - raised below, once the thread is done
            if stopped is None:
                stopped = e
                on_stop()
    if stopped is not None:
        raise stopped
