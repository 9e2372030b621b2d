"""The rows of every table, made one page at a time in build order, as the pages are read.

A page's id depends only on the pages before it (`PageIds`), so its `pages`, `rules` and
`faq_pages` rows are made, and written to the new base in batches, while later pages are still
being parsed. Where a link lands depends on every page (a link may name a page read later), so
`links` rows are staged with what the page says and resolved once every page is known
(`kb/link_rows.py`); so are the FAQ↔bullet links (`kb/faq_links.py`), which weigh words over
every rule of the base.
"""
from __future__ import annotations

import functools
import json
import sqlite3
from pathlib import Path
from typing import Callable, Iterable, Sequence

from rulecheck.ingest.mediawiki_export import ExportInfo
from rulecheck.ingest.records import Faq, Page, ParseWarning, Redirect
from rulecheck.kb import schema
from rulecheck.kb.errors import BuildError
from rulecheck.kb.faq_links import LogicFileError, faq_rule_rows, logic_links
from rulecheck.kb.glossary import load_glossary
from rulecheck.kb.ids import faq_id_of_normalised, normalise_question, rule_id
from rulecheck.kb.link_rows import LinkKey, StagedLinks
from rulecheck.kb.resolve import LinkResolver, PageIds, PageRef
from rulecheck.kb.schema import ExportRow, FaqPageRow, FaqRow, FaqRuleRow, PageRow, RedirectRow, RuleRow

#: `rules`, `pages`, `faq_pages` and staged `links` rows are written to the new base in batches
#: of about this many, not kept until the end (at 5,000 pages they would be most of the build's
#: memory); small enough that writing one (~20 ms) never leaves the parse worker waiting.
FLUSH_ROWS = 2_500


class Rows:
    """The rows of the pages given to `add_page`, in build order; `finish` once every page is in.

    `pages`, `rules` and `faq_pages` rows and the staged links are written to `conn` (the new
    base, made by `schema.migrate`) as they grow (`FLUSH_ROWS`), counted in `written`; `faqs`
    (a FAQ met again fills what its first copy lacked) are kept for the end.
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self._glossary = load_glossary()
        self._ids = PageIds()
        self._links = StagedLinks(conn)
        self.written = {"rules": 0, "errata": 0}
        self.pages: list[PageRow] = []
        self.rules: list[RuleRow] = []
        self.faqs: dict[str, FaqRow] = {}
        #: FAQ id → its normalised question: two questions under one id are told apart.
        self.faq_questions: dict[str, str] = {}
        self.faq_pages: list[FaqPageRow] = []
        self._faq_page_keys: set[tuple[str, str]] = set()
        self.faq_rules: list[FaqRuleRow] = []
        #: Rule and FAQ warnings (duplicate rules, missing parents, FAQ id collisions), in page order.
        self._row_warnings: list[ParseWarning] = []
        self.warnings: list[ParseWarning] = []
        self.exports: list[ExportRow] = []
        self.redirects: list[RedirectRow] = []
        self._refs: list[PageRef] = []
        self._candidates: dict[str, set[str]] = {}
        #: `(FAQ id, link key)` of each related link of a FAQ, in page order: resolved at the end.
        self._related: list[tuple[str, LinkKey]] = []
        self._rules_of_page: dict[str, list[str]] = {}
        self._rule_texts: dict[str, str] = {}
        #: FAQ or rule id → its language, when not English (the FAQ's: its first page's).
        self._text_langs: dict[str, str] = {}
        self._faq_links: Callable[[], list[FaqRuleRow]] | None = None

    @classmethod
    def from_pages(cls, conn: sqlite3.Connection, pages: Iterable[Page], redirects: Sequence[Redirect] = (),
                   exports: Sequence[ExportInfo] = (), *, logic_path: Path | None = None) -> "Rows":
        """The rows of `pages` (`add_page` each, then `finish`); `faq_rules` is left for `link_faqs()`."""
        self = cls(conn)
        for page in pages:
            self.add_page(page)
        self.finish(redirects, exports, logic_path=logic_path)
        return self

    def add_page(self, page: Page) -> None:
        """Make the rows of the next page in build order."""
        page_id = self._ids.add(page.title, page.edition, page.source)
        self._refs.append(PageRef(page_id, page.title, page.lang, page.edition))
        page_rules = self._add_rules(page_id, page)
        self._rules_of_page[page_id] = page_rules
        faq_count = self._add_faqs(page_id, page)
        if page.lang not in (None, "en"):
            self._text_langs.update(dict.fromkeys(page_rules, page.lang))
        for link in page.links:
            self._links.add(page_id, page, link, page_level=True)
        self.pages.append(PageRow(page_id, page.title, page.lang, page.edition, page.format, page.source,
                                  len(self._refs), len(page_rules), faq_count,
                                  page.revision_timestamp, page.revision_id, page.url))
        if len(self.rules) + len(self._links) + len(self.pages) >= FLUSH_ROWS:
            self.flush()

    def finish(self, redirects: Sequence[Redirect] = (), exports: Sequence[ExportInfo] = (), *,
               logic_path: Path | None = None) -> None:
        """Once every page is in: resolve the links (`redirects` from the exports too), pair
        translations, make the `redirects` and `exports` rows, and prepare the FAQ links
        (`logic_path`: the logic table, whose rows cite FAQs and rules together)."""
        resolver = LinkResolver(self._refs, self._glossary, ((r.title, r.to_title) for r in redirects))
        self._links.resolve(resolver, {ref.id: ref for ref in self._refs})
        self.warnings = self._ids.warnings + self._row_warnings
        self.redirects = [RedirectRow(r.title, r.to_title, resolver.page_for_title(r.to_title)
                                      or resolver.follow_redirect(r.to_title), r.source) for r in redirects]
        self.exports = [_export_row(e) for e in exports]
        # Related pages the base lacks say what a FAQ is about (`Discover`, `Riotstopper`): they
        # steer its search; those it has are the pages the candidates come from.
        related: dict[str, dict[str, None]] = {}
        for fid, key in self._related:
            target = self._links.target(key).page_id
            if target:
                self._candidates[fid].add(target)
            else:
                related.setdefault(fid, {})[key[0]] = None
        self._related = []
        faq_texts = {fid: f"{row.question}\n{row.answer}" for fid, row in self.faqs.items()}
        topics = {fid: "\n".join(titles) for fid, titles in related.items()}
        glossary = self._glossary
        page_terms = [t.id for t in glossary.terms.values() if t.page and resolver.page_for_title(t.page)]
        pairs: list[tuple[str, str]] = []
        if logic_path is not None:
            try:
                pairs = logic_links(logic_path, self.faqs.keys(), self._rule_texts.keys())
            except LogicFileError as e:
                self.warnings.append(ParseWarning(str(logic_path), f"the logic table cannot be read ({e}); "
                                                  "no logic FAQ links were made", code="logic-table"))
        self._faq_links = functools.partial(faq_rule_rows, faq_texts, self._rule_texts, self._candidates,
                                            self._rules_of_page, pairs, glossary, page_terms, self._text_langs,
                                            topics)

    @property
    def page_count(self) -> int:
        """Pages added."""
        return len(self._refs)

    @property
    def links_written(self) -> int:
        """`links` rows, staged and translations."""
        return self._links.count

    @property
    def links_resolved(self) -> int:
        """`links` rows that land on a page (known once `finish` has resolved them)."""
        return self._links.resolved

    def link_faqs(self) -> None:
        """Make the `faq_rules` rows (`kb/faq_links.py`), once; the texts they needed are let go."""
        if self._faq_links is not None:
            self.faq_rules, self._faq_links = self._faq_links(), None
            self._rule_texts, self._candidates, self._rules_of_page = {}, {}, {}

    def write_links(self) -> None:
        """Write the resolved `links` rows (the staged ones, then the translations)."""
        self._links.write()

    def flush(self) -> None:
        """Write the `pages`, `rules` and `faq_pages` rows and the staged links made so far."""
        self.written["rules"] += len(self.rules)
        self.written["errata"] += sum(r.errata is not None for r in self.rules)
        self._conn.executemany(schema.insert_sql("pages"), self.pages)
        self._conn.executemany(schema.insert_sql("rules"), self.rules)
        self._conn.executemany(schema.insert_sql("faq_pages"), self.faq_pages)
        self._links.flush()
        self.pages, self.rules, self.faq_pages = [], [], []

    def _add_rules(self, page_id: str, page: Page) -> list[str]:
        """Add a page's rules; `ordinal` is each rule's position on the page (1…N in the parser's
        order), whatever the parser numbered: parsers count within a section or a parent."""
        keys = {r.key for r in page.rules}
        added: list[str] = []
        rule_texts = self._rule_texts
        for rule in page.rules:
            rid = rule_id(page_id, rule.key)
            if rid in rule_texts:
                self._row_warnings.append(ParseWarning(page.source, f"two rules with the key {rule.key}; the "
                                                       "second was skipped", line=rule.line, code="duplicate-rule"))
                continue
            parent = None
            if rule.parent_key:
                if rule.parent_key in keys:
                    parent = rule_id(page_id, rule.parent_key)
                else:
                    self._row_warnings.append(ParseWarning(page.source, f"rule {rule.key} names a missing parent "
                                                           f"{rule.parent_key}", line=rule.line, code="missing-parent"))
            self.rules.append(RuleRow(rid, page_id, rule.section, rule.section_label, len(added) + 1, parent,
                                      rule.text, rule.edition or page.edition, rule.errata, rule.errata_version,
                                      rule.key, rule.heading, rule.line, rule.source))
            rule_texts[rid] = rule.text
            added.append(rid)
            for link in rule.links:
                self._links.add(page_id, page, link, rule_id=rid)
        return added

    def _add_faqs(self, page_id: str, page: Page) -> int:
        for ordinal, faq in enumerate(page.faqs, 1):
            fid = self._faq_id(page, faq)
            row = self.faqs.get(fid)
            if row is None:
                self.faqs[fid] = FaqRow(fid, faq.kind, faq.title, faq.version, faq.date, faq.question, faq.answer,
                                        faq.edition or page.edition, faq.source)
                if page.lang not in (None, "en"):
                    self._text_langs[fid] = page.lang
            else:  # the same FAQ on another page: one row; fill what the first copy lacked
                self.faqs[fid] = row._replace(kind="errata" if faq.kind == "errata" else row.kind,
                                              title=row.title or faq.title, version=row.version or faq.version,
                                              date=row.date or faq.date)
            if (fid, page_id) not in self._faq_page_keys:
                self._faq_page_keys.add((fid, page_id))
                self.faq_pages.append(FaqPageRow(fid, page_id, faq.line, ordinal))
            self._candidates.setdefault(fid, set()).add(page_id)
            for link in faq.links:
                key = self._links.add(page_id, page, link, faq_id=fid)
                if link.kind == "related":
                    self._related.append((fid, key))
        return len(page.faqs)

    def _faq_id(self, page: Page, faq: Faq) -> str:
        """The FAQ's id; one FAQ on several pages shares it. Two different questions whose ids
        collide (24 bits of hash) stay apart: the later one gets a longer hash, and a warning."""
        norm = _normalised(faq.question)
        short = faq_id_of_normalised(norm)
        for digits in _HASH_DIGITS:
            fid = short if digits == _HASH_DIGITS[0] else faq_id_of_normalised(norm, digits=digits)
            new = fid not in self.faq_questions
            if self.faq_questions.setdefault(fid, norm) != norm:
                continue
            if new and fid != short:
                self._row_warnings.append(ParseWarning(
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


_normalised = functools.lru_cache(maxsize=4096)(normalise_question)
#: How many hex digits of hash a FAQ id has: 6, and more only to tell colliding questions apart.
_HASH_DIGITS = (6, 12, 40)
