"""`links` rows: staged in the new base as the pages are read, resolved once every page is known.

Where a link lands (`to_page_id`, `how`, `candidates`, `chosen_by`) depends on every page of
the build: a page read later may be the one it names, or share its name. So each link is
written as it is read to a temporary table, with the linking page's edition and language (what
resolution weighs). Once every page is in, each distinct target — (name, the link's language,
the page's edition, the page's language) — is resolved once (`LinkResolver`), and one SQL
statement writes the `links` rows in the order they were read, each with its target's
resolution. Interlanguage links of a page also pair it with its other-language page
(`kind = 'translation'`), both ways; those rows come after.
"""
from __future__ import annotations

import sqlite3
from typing import Mapping

from rulecheck.ingest.records import Link, Page
from rulecheck.kb import schema
from rulecheck.kb.resolve import LinkResolver, PageRef, Resolution
from rulecheck.kb.schema import LinkRow

#: What a link's resolution depends on: `(to_title, the link's lang, the page's edition, the page's lang)`.
LinkKey = tuple[str, str | None, str | None, str | None]

_STAGE = """create temp table link_staging (from_page_id, from_rule_id, from_faq_id, kind, to_title, label,
                                            lang, edition, page_lang)"""
_TARGETS = """create temp table link_targets (to_title, lang, edition, page_lang, page_id, how, candidates,
                                              chosen_by)"""
_TARGETS_KEY = "create unique index temp.link_targets_key on link_targets (to_title, lang, edition, page_lang)"
#: Every staged link, in the order read, with its target's resolution (`is`: a NULL matches a NULL).
_WRITE = """
insert into links
select s.from_page_id, s.from_rule_id, s.from_faq_id, s.kind, s.to_title, t.page_id, s.label, s.lang, t.how,
       t.candidates, t.chosen_by
from temp.link_staging s
join temp.link_targets t
  on t.to_title = s.to_title and t.lang is s.lang and t.edition is s.edition and t.page_lang is s.page_lang
order by s.rowid
"""


class StagedLinks:
    """The build's links: `add` each as read, `flush` to the base now and then, `resolve` once
    every page is in, then `write` the `links` rows."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        conn.execute("drop table if exists temp.link_staging")
        conn.execute(_STAGE)
        self._batch: list[tuple] = []
        self._counts: dict[LinkKey, int] = {}
        #: `(page id, key, label)` of each page-level interlanguage link, in the order read.
        self._interlanguage: list[tuple[str, LinkKey, str | None]] = []
        self._targets: dict[LinkKey, Resolution] = {}
        self._translations: list[LinkRow] = []
        #: `links` rows: staged, then translations too.
        self.count = 0
        #: Of those, the rows that land on a page (known once resolved).
        self.resolved = 0

    def __len__(self) -> int:
        """Links staged since the last flush."""
        return len(self._batch)

    def add(self, page_id: str, page: Page, link: Link, *, rule_id: str | None = None, faq_id: str | None = None,
            page_level: bool = False) -> LinkKey:
        """Stage a link of `page` (from one of its rules or FAQs, or the page itself:
        `page_level`, whose interlanguage links pair translations); return its target's key."""
        key = (link.to_title, link.lang, page.edition, page.lang)
        self._counts[key] = self._counts.get(key, 0) + 1
        self._batch.append((page_id, rule_id, faq_id, link.kind, link.to_title, link.label, link.lang,
                            page.edition, page.lang))
        if page_level and link.kind == "interlanguage" and link.lang:
            self._interlanguage.append((page_id, key, link.label))
        return key

    def flush(self) -> None:
        """Write the links staged so far to the base's temporary table."""
        self._conn.executemany("insert into temp.link_staging values (?, ?, ?, ?, ?, ?, ?, ?, ?)", self._batch)
        self.count += len(self._batch)
        self._batch = []

    def resolve(self, resolver: LinkResolver, pages: Mapping[str, PageRef]) -> None:
        """Resolve every target (each once) and pair the translations; `pages` by id."""
        self.flush()
        self._targets = {key: resolver.resolution(Link("text", key[0], lang=key[1]), edition=key[2], page_lang=key[3])
                         for key in self._counts}
        self.resolved = sum(n for key, n in self._counts.items() if self._targets[key].page_id is not None)
        self._translations = _translations(self._interlanguage, self._targets, pages)
        self.count += len(self._translations)
        self.resolved += len(self._translations)

    def target(self, key: LinkKey) -> Resolution:
        """Where the links of this key land (after `resolve`)."""
        return self._targets[key]

    def write(self) -> None:
        """Write the `links` rows: the staged links in the order read, then the translations.

        One SQL statement does the staged ones, so a thread running this leaves Python's lock
        free for another while SQLite works."""
        conn = self._conn
        conn.execute("drop table if exists temp.link_targets")
        conn.execute(_TARGETS)
        conn.executemany("insert into temp.link_targets values (?, ?, ?, ?, ?, ?, ?, ?)",
                         [(*key, *found) for key, found in self._targets.items()])
        conn.execute(_TARGETS_KEY)
        conn.execute(_WRITE)
        conn.executemany(schema.insert_sql("links"), self._translations)
        conn.execute("drop table temp.link_staging")
        conn.execute("drop table temp.link_targets")


def _translations(interlanguage: list[tuple[str, LinkKey, str | None]],
                  targets: Mapping[LinkKey, Resolution], pages: Mapping[str, PageRef]) -> list[LinkRow]:
    """A `translation` row for each interlanguage link whose target the base has in that
    language, chosen as the interlanguage row's own target is (the link's language, then the
    page's edition), with the same `candidates` and `chosen_by`; and the way back, `how =
    'interlanguage'`, when that page does not link back itself."""
    pairs: dict[tuple[str, str], LinkRow] = {}
    for page_id, key, label in interlanguage:
        found = targets[key]
        target = found.page_id
        if target is not None and target != page_id and pages[target].lang == key[1]:
            pairs[(page_id, target)] = LinkRow(page_id, None, None, "translation", key[0], target, label, key[1],
                                               found.how, found.candidates, found.chosen_by)
    for (page_id, target), row in list(pairs.items()):
        if (target, page_id) not in pairs:
            ref = pages[page_id]
            pairs[(target, page_id)] = LinkRow(target, None, None, "translation", ref.title, page_id, None, ref.lang,
                                               "interlanguage", None, None)
    return list(pairs.values())
