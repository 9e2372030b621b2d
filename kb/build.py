"""The one writer: parse the bundled and extra pages, give them ids, resolve their links, link
FAQs to rules, and write the knowledge base atomically (a temporary file, then a rename)."""
from __future__ import annotations

import contextlib
import functools
import gc
import json
import os
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

from rulecheck.data import DATA_DIR
from rulecheck.ingest.mediawiki_export import ExportInfo
from rulecheck.ingest.records import Faq, Link, Page, ParseWarning, Redirect
from rulecheck.kb import schema
from rulecheck.kb.base_file import locked_temp_file, remove_leftovers, replace_base, stop_on_terminate
from rulecheck.kb.errors import KnowledgeBaseError, NotAKnowledgeBase
from rulecheck.kb.faq_links import LogicFileError, faq_rule_rows, logic_links
from rulecheck.kb.glossary import load_glossary
from rulecheck.kb.ids import faq_id, normalise_question, rule_id
from rulecheck.kb.inputs import BadInput, MissingInput, NotAPageFile, walk_extras  # noqa: F401 - part of this API
from rulecheck.kb.location import ExtraSource, bundled_fingerprint, extras_to_meta, inspect_base
from rulecheck.kb.manifest import load_manifest
from rulecheck.kb.page_loading import Input, Progress, load_pages  # noqa: F401 - load_pages: part of this API
from rulecheck.kb.schema import (ExportRow, FaqPageRow, FaqRow, FaqRuleRow, LinkRow, PageRow, RedirectRow, RuleRow,
                                 WarningRow)
from rulecheck.kb.resolve import LinkResolver, PageRef, assign_page_ids

LOGIC_PATH = DATA_DIR / "logic.toml"


class BuildError(KnowledgeBaseError):
    """The build could not write a base; the old one (if any) is untouched."""


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
    with stop_on_terminate(), _collector_paused():
        loaded = load_pages(inputs, progress)
        warnings = walked.warnings + loaded.warnings + [ParseWarning(e.given, f"this extra page path was built into the base before, but {e.path} is "
                                  "gone: it was left out of this rebuild. Put it back, or run `rulecheck build` "
                                  "without it to stop using it.", code="missing-extra") for e in gone]
        report = write_database(db_path, loaded.pages, warnings=warnings, extra_sources=extras, strict=strict,
                                manifests=manifest_sources, redirects=loaded.redirects, exports=loaded.exports,
                                consume=True)
        del loaded  # freed before the one collection at the end, which then scans a small heap
    return report


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
    consume: bool = False,
) -> BuildReport:
    """Write parsed pages (in build order) to a new base at `db_path`, replacing it atomically.

    `redirects` (from MediaWiki exports) make their titles aliases of their targets; `exports`
    are recorded with their sites. With `consume` (the build's own call) the pages' records are
    emptied as their rows are made, to hold less memory.

    Raises `NotAKnowledgeBase` when a file at `db_path` is not a rulecheck base (it is left as it
    is), `BuildError` when the base cannot be written there.
    """
    db_path = Path(db_path).expanduser()
    _check_destination(db_path)
    try:
        db_path.parent.mkdir(parents=True, exist_ok=True)
        remove_leftovers(db_path)
        with locked_temp_file(db_path) as tmp:
            conn = sqlite3.connect(tmp, check_same_thread=False)  # `_finish` writes from a second thread
            try:
                _begin(conn)
                rows = _Rows.from_pages(pages, redirects, exports, consume=consume, conn=conn, defer_faq_links=True)
                report = _report(db_path, rows, warnings, exports)
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
                         "The old base, if any, is unchanged. Choose another --db path, or free the space.") from e
    return report


def _report(db_path: Path, rows: "_Rows", warnings: Sequence[ParseWarning], exports: Sequence[ExportInfo]) -> BuildReport:
    report = BuildReport(db_path, warnings=list(warnings) + rows.warnings,
                         notes=[note for e in exports if (note := e.note())])
    rows.flush()
    report.pages, report.rules, report.faqs = len(rows.pages), rows.written["rules"], len(rows.faqs)
    report.errata = sum(f.kind == "errata" for f in rows.faqs.values()) + rows.written["errata"]
    report.links_resolved = rows.written["links_resolved"]
    report.links_dangling = rows.written["links"] - report.links_resolved
    return report


#: `rules` and `links` rows are written to the temporary base in batches of this many, not all
#: kept until the end: at 5,000 pages they are most of the build's memory.
FLUSH_ROWS = 10_000


class _Rows:
    """The rows of every table. `rules` and `links`, the long ones, are written to `conn` (the
    new base) as they grow (`FLUSH_ROWS`), counted in `written`; the rest are written at the end."""

    def __init__(self, conn: sqlite3.Connection | None = None) -> None:
        self._conn = conn
        self.written = {"rules": 0, "errata": 0, "links": 0, "links_resolved": 0}
        self._faq_links: Callable[[], list[FaqRuleRow]] | None = None
        self.pages: list[PageRow] = []
        self.rules: list[RuleRow] = []
        self.faqs: dict[str, FaqRow] = {}
        #: FAQ id → its normalised question: two questions under one id are told apart.
        self.faq_questions: dict[str, str] = {}
        self.faq_pages: dict[tuple[str, str], FaqPageRow] = {}
        self.links: list[LinkRow] = []
        self.faq_rules: list[FaqRuleRow] = []
        self.warnings: list[ParseWarning] = []
        self.exports: list[ExportRow] = []
        self.redirects: list[RedirectRow] = []

    @classmethod
    def from_pages(cls, pages: Sequence[Page], redirects: Sequence[Redirect] = (),
                   exports: Sequence[ExportInfo] = (), *, consume: bool = False,
                   conn: sqlite3.Connection | None = None, defer_faq_links: bool = False) -> "_Rows":
        """The rows of `pages`. With `consume`, each page's rules, FAQs and links are emptied once
        their rows are made, so the parsed records and the rows are never all held at once. With
        `conn`, rules and links are written there as they grow (else all are kept). With
        `defer_faq_links`, `faq_rules` is left for `link_faqs()`."""
        self = cls(conn)
        ids, self.warnings = assign_page_ids([(p.title, p.edition, p.source) for p in pages])
        glossary = load_glossary()
        resolver = LinkResolver((PageRef(i, p.title, p.lang, p.edition) for i, p in zip(ids, pages)), glossary,
                                ((r.title, r.to_title) for r in redirects))
        candidates: dict[str, set[str]] = {}
        related: dict[str, dict[str, None]] = {}
        rules_of_page: dict[str, list[str]] = {}
        rule_texts: dict[str, str] = {}
        translations: dict[tuple[str, str], LinkRow] = {}
        lang_of = {i: p.lang for i, p in zip(ids, pages)}
        #: FAQ or rule id → its language, when not English (the FAQ's: its first page's).
        text_langs: dict[str, str] = {}
        for ordinal, (page_id, page) in enumerate(zip(ids, pages), 1):
            page_rules = self._add_rules(page_id, page, resolver, rule_texts)
            rules_of_page[page_id] = page_rules
            faq_count = self._add_faqs(page_id, page, resolver, candidates, related, text_langs)
            if page.lang not in (None, "en"):
                text_langs.update(dict.fromkeys(page_rules, page.lang))
            for link in page.links:
                self._add_link(resolver, page_id, page, link)
            self.pages.append(PageRow(page_id, page.title, page.lang, page.edition, page.format, page.source,
                                      ordinal, len(page_rules), faq_count, page.revision_timestamp,
                                      page.revision_id, page.url))
            self._pair_translations(page_id, page, resolver, lang_of, translations)
            if consume:
                page.rules, page.faqs, page.links = [], [], []
            if len(self.rules) + len(self.links) >= FLUSH_ROWS:
                self.flush()
        self._add_translations(translations, {i: (p.title, p.lang) for i, p in zip(ids, pages)})
        self.redirects = [RedirectRow(r.title, r.to_title, resolver.page_for_title(r.to_title)
                                      or resolver.follow_redirect(r.to_title), r.source) for r in redirects]
        self.exports = [_export_row(e) for e in exports]
        faq_texts = {fid: f"{row.question}\n{row.answer}" for fid, row in self.faqs.items()}
        # Related pages the base lacks say what a FAQ is about (`Discover`, `Riotstopper`): they
        # steer its search; those it has are the pages the candidates come from.
        topics = {fid: "\n".join(titles) for fid, titles in related.items()}
        page_terms = [t.id for t in glossary.terms.values() if t.page and resolver.page_for_title(t.page)]
        try:
            pairs = logic_links(LOGIC_PATH, self.faqs.keys(), rule_texts.keys())
        except LogicFileError as e:
            self.warnings.append(ParseWarning(str(LOGIC_PATH), f"the logic table cannot be read ({e}); "
                                              "no logic FAQ links were made", code="logic-table"))
            pairs = []
        self._faq_links = functools.partial(faq_rule_rows, faq_texts, rule_texts, candidates, rules_of_page, pairs,
                                            glossary, page_terms, text_langs, topics)
        if not defer_faq_links:
            self.link_faqs()
        return self

    def link_faqs(self) -> None:
        """Make the `faq_rules` rows (`kb/faq_links.py`), once."""
        if self._faq_links is not None:
            self.faq_rules, self._faq_links = self._faq_links(), None

    def flush(self) -> None:
        """Write the `rules` and `links` rows made so far (when there is a base to write to)."""
        if self._conn is None:
            return
        self.written["rules"] += len(self.rules)
        self.written["errata"] += sum(r.errata is not None for r in self.rules)
        self.written["links"] += len(self.links)
        self.written["links_resolved"] += sum(link.to_page_id is not None for link in self.links)
        self._conn.executemany(schema.insert_sql("rules"), self.rules)
        self._conn.executemany(schema.insert_sql("links"), self.links)
        self.rules, self.links = [], []

    @staticmethod
    def _pair_translations(page_id: str, page: Page, resolver: LinkResolver, lang_of: dict[str, str | None],
                           pairs: dict[tuple[str, str], LinkRow]) -> None:
        """A `translation` link for each interlanguage link (`[[es:Camuflado]]`) whose target the
        base has in that language: chosen as the interlanguage row's own target is (the link's
        language, then this page's edition), with the same `candidates` and `chosen_by`."""
        for link in page.links:
            if link.kind != "interlanguage" or not link.lang:
                continue
            found = resolver.resolution(link, edition=page.edition, page_lang=page.lang)
            target = found.page_id
            if target is not None and target != page_id and lang_of[target] == link.lang:
                pairs[(page_id, target)] = LinkRow(page_id, None, None, "translation", link.to_title, target,
                                                   link.label, link.lang, found.how, found.candidates,
                                                   found.chosen_by)

    def _add_translations(self, pairs: dict[tuple[str, str], LinkRow], pages: dict[str, tuple[str, str | None]]) -> None:
        """The translation pairs, both ways: the way back `how = 'interlanguage'` when that page
        does not link back itself."""
        for (page_id, target), row in list(pairs.items()):
            if (target, page_id) not in pairs:
                title, lang = pages[page_id]
                pairs[(target, page_id)] = LinkRow(target, None, None, "translation", title, page_id, None, lang,
                                                   "interlanguage", None, None)
        self.links.extend(pairs.values())

    def _add_rules(self, page_id: str, page: Page, resolver: LinkResolver, rule_texts: dict[str, str]) -> list[str]:
        """Add a page's rules; `ordinal` is each rule's position on the page (1…N in the parser's
        order), whatever the parser numbered: parsers count within a section or a parent."""
        keys = {r.key for r in page.rules}
        added: list[str] = []
        for rule in page.rules:
            rid = rule_id(page_id, rule.key)
            if rid in rule_texts:
                self.warnings.append(ParseWarning(page.source, f"two rules with the key {rule.key}; the second "
                                                  "was skipped", line=rule.line, code="duplicate-rule"))
                continue
            parent = None
            if rule.parent_key:
                if rule.parent_key in keys:
                    parent = rule_id(page_id, rule.parent_key)
                else:
                    self.warnings.append(ParseWarning(page.source, f"rule {rule.key} names a missing parent "
                                                      f"{rule.parent_key}", line=rule.line, code="missing-parent"))
            self.rules.append(RuleRow(rid, page_id, rule.section, rule.section_label, len(added) + 1, parent,
                                      rule.text, rule.edition or page.edition, rule.errata, rule.errata_version,
                                      rule.key, rule.heading, rule.line, rule.source))
            rule_texts[rid] = rule.text
            added.append(rid)
            for link in rule.links:
                self._add_link(resolver, page_id, page, link, rule_id=rid)
        return added

    def _add_link(self, resolver: LinkResolver, page_id: str, page: Page, link: Link, *,
                  rule_id: str | None = None, faq_id: str | None = None) -> str | None:
        """Resolve a link from the page (its edition, then its language, choose among pages of
        one name), add its row, and return the page it lands on."""
        found = resolver.resolution(link, edition=page.edition, page_lang=page.lang)
        self.links.append(LinkRow(page_id, rule_id, faq_id, link.kind, link.to_title, found.page_id, link.label,
                                  link.lang, found.how, found.candidates, found.chosen_by))
        return found.page_id

    def _add_faqs(self, page_id: str, page: Page, resolver: LinkResolver, candidates: dict[str, set[str]],
                  related: dict[str, dict[str, None]], text_langs: dict[str, str]) -> int:
        for ordinal, faq in enumerate(page.faqs, 1):
            fid = self._faq_id(page, faq)
            row = self.faqs.get(fid)
            if row is None:
                self.faqs[fid] = FaqRow(fid, faq.kind, faq.title, faq.version, faq.date, faq.question, faq.answer,
                                        faq.edition or page.edition, faq.source)
                if page.lang not in (None, "en"):
                    text_langs[fid] = page.lang
            else:  # the same FAQ on another page: one row; fill what the first copy lacked
                self.faqs[fid] = row._replace(kind="errata" if faq.kind == "errata" else row.kind,
                                              title=row.title or faq.title, version=row.version or faq.version,
                                              date=row.date or faq.date)
            self.faq_pages.setdefault((fid, page_id), FaqPageRow(fid, page_id, faq.line, ordinal))
            pages_ = candidates.setdefault(fid, set())
            pages_.add(page_id)
            for link in faq.links:
                to_id = self._add_link(resolver, page_id, page, link, faq_id=fid)
                if link.kind == "related" and to_id:
                    pages_.add(to_id)
                elif link.kind == "related":  # a page the base lacks names the FAQ's topic
                    related.setdefault(fid, {})[link.to_title] = None
        return len(page.faqs)

    def _faq_id(self, page: Page, faq: Faq) -> str:
        """The FAQ's id; one FAQ on several pages shares it. Two different questions whose ids
        collide (24 bits of hash) stay apart: the later one gets a longer hash, and a warning."""
        norm = _normalised(faq.question)
        short = _faq_id(faq.question)
        for digits in _HASH_DIGITS:
            fid = short if digits == _HASH_DIGITS[0] else faq_id(faq.question, digits=digits)
            new = fid not in self.faq_questions
            if self.faq_questions.setdefault(fid, norm) != norm:
                continue
            if new and fid != short:
                self.warnings.append(ParseWarning(
                    page.source, f"the FAQ {faq.question[:60]!r} has the id {short} of another question "
                    f"({self.faqs[short].question[:60]!r}); it was given the id {fid}", line=faq.line,
                    code="faq-id-collision"))
            return fid
        raise BuildError(f"internal error: two FAQ questions share a whole SHA-1 ({fid}). Please report this.")


def _export_row(info: ExportInfo) -> ExportRow:
    site = info.site
    return ExportRow(info.source, site.name, site.base_url, site.db_name, site.generator, site.schema_version,
                     site.lang, info.pages, info.redirects,
                     json.dumps(info.skipped, sort_keys=True) if info.skipped else None)


_faq_id = functools.lru_cache(maxsize=4096)(faq_id)
_normalised = functools.lru_cache(maxsize=4096)(normalise_question)
#: How many hex digits of hash a FAQ id has: 6, and more only to tell colliding questions apart.
_HASH_DIGITS = (6, 12, 40)


def _begin(conn: sqlite3.Connection) -> None:
    """Make the new base's empty tables (their plain indexes come after the rows)."""
    conn.execute("pragma journal_mode = off")  # a temporary file: on failure it is deleted, not rolled back
    conn.execute("pragma synchronous = off")  # fsync'd once before the rename instead
    schema.migrate(conn, defer_indexes=True)
    schema.mark_as_rulecheck(conn)


def _finish(conn: sqlite3.Connection, rows: _Rows, warnings: Sequence[ParseWarning], meta: dict[str, str]) -> None:
    """Write the rows not yet written, the indexes and the full-text tables.

    The FAQ links (pure Python) are made in this thread while a second one writes the other
    tables, their indexes and the full-text indexes: SQLite's own work there runs without
    Python's lock, so the two overlap on two cores. Then `faq_rules` is written and every
    foreign key checked.
    """
    rows.flush()
    failed: list[BaseException] = []

    def write_the_rest() -> None:
        try:
            conn.executemany(schema.insert_sql("pages"), rows.pages)
            conn.executemany(schema.insert_sql("faqs"), rows.faqs.values())
            conn.executemany(schema.insert_sql("faq_pages"), rows.faq_pages.values())
            conn.executemany(schema.insert_sql("exports"), rows.exports)
            conn.executemany(schema.insert_sql("redirects"), rows.redirects)
            conn.executemany(schema.insert_sql("warnings"),
                             [WarningRow(w.source, w.line, w.code, w.message) for w in warnings])
            conn.executemany("insert or replace into meta values (?, ?)", sorted(meta.items()))
            schema.create_indexes(conn)
            schema.enable_search(conn)
            conn.commit()
        except BaseException as e:  # noqa: BLE001 - handed to the build's thread, raised there
            failed.append(e)

    writer = threading.Thread(target=write_the_rest, name="rulecheck-base-writer")
    writer.start()
    try:
        rows.link_faqs()
    finally:
        writer.join()
    if failed:
        raise failed[0]
    conn.executemany(schema.insert_sql("faq_rules"), rows.faq_rules)
    conn.commit()
    broken = conn.execute("pragma foreign_key_check").fetchall()
    if broken:
        raise BuildError(f"internal error: {len(broken)} row(s) break a foreign key (first: {broken[0]}). "
                         "Please report this with the pages you built.")
