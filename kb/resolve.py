"""Page ids and link resolution: which page a `[[link]]` names, by title or through the glossary."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, NamedTuple, Sequence

from rulecheck.ingest.records import Link, ParseWarning
from rulecheck.kb.glossary import Glossary, fold
from rulecheck.kb.ids import slug


@dataclass(frozen=True)
class PageRef:
    """What link resolution needs to know of a page in the base."""

    id: str
    title: str
    lang: str | None
    edition: str | None


def assign_page_ids(
    pages: Sequence[tuple[str, str | None, str]],
) -> tuple[list[str], list[ParseWarning]]:
    """Ids for `(title, edition, source)` triples given in build order (see DESIGN.md).

    The first page with a slug gets it; a later one gets `-<edition lowercased>`, then `-2`,
    `-3`, … Both land, and a warning on the later page's file says which page it collides with.
    """
    ids = PageIds()
    return [ids.add(*page) for page in pages], ids.warnings


class PageIds:
    """Page ids given one page at a time, in build order: a page's id depends only on the pages
    before it, so a build can name each page as soon as it is read (`assign_page_ids`)."""

    def __init__(self) -> None:
        self._taken: dict[str, str] = {}  # id → source
        self._first_by_slug: dict[str, tuple[str, str]] = {}  # slug → (id, source) of its first page
        #: A `duplicate-title` warning for each later page whose title's slug was taken.
        self.warnings: list[ParseWarning] = []

    def add(self, title: str, edition: str | None, source: str) -> str:
        """The id of the next page."""
        base = slug(title)
        candidates = [base]
        if edition:
            candidates.append(f"{base}-{slug(edition)}")
        page_id = next((c for c in candidates if c not in self._taken), None)
        n = 2
        while page_id is None:
            if f"{base}-{n}" not in self._taken:
                page_id = f"{base}-{n}"
            n += 1
        if base in self._first_by_slug:
            first_id, first_source = self._first_by_slug[base]
            self.warnings.append(ParseWarning(
                source,
                f'two pages share the title "{title}": this one is stored as {page_id}, the one in '
                f"{first_source} as {first_id}. Expected for one page in two editions; otherwise "
                "rename one of them.",
                code="duplicate-title",
            ))
        else:
            self._first_by_slug[base] = (page_id, source)
        self._taken[page_id] = source
        return page_id


_STATE_SUFFIX = re.compile(r"\s+state$")


def title_key(title: str) -> str:
    """The form titles are compared in: folded, `_` as space, no `#section`, no trailing ` State`."""
    text = title.split("#", 1)[0].replace("_", " ")
    return _STATE_SUFFIX.sub("", fold(text))


#: What told the chosen page from the other pages of the same name (`links.chosen_by`), in the
#: order they are tried: the interlanguage link's language, the linking page's edition, the
#: linking page's language, else the first page in build order.
CHOICES = ("interlanguage", "edition", "language", "order")

#: How many redirects in a row a link may follow (A → B → C); a longer chain or a loop dangles.
MAX_REDIRECT_HOPS = 3


class Resolution(NamedTuple):
    """Where a link lands and how it was found."""

    #: The page's id, or None for a dangling link.
    page_id: str | None
    #: `title`, `redirect` or `glossary`; None for a dangling link.
    how: str | None
    #: How many pages answer the name (0 for a dangling link).
    candidates: int = 0
    #: What chose among several (`CHOICES`); None when one page or none answered.
    chosen_by: str | None = None


class LinkResolver:
    """Resolves link targets to page ids: an exact title first, then a redirect of a MediaWiki
    export, then a glossary alias's page."""

    def __init__(self, pages: Iterable[PageRef], glossary: Glossary | None = None,
                 redirects: Iterable[tuple[str, str]] = ()) -> None:
        self._by_title: dict[str, list[PageRef]] = {}
        for page in pages:
            self._by_title.setdefault(title_key(page.title), []).append(page)
        #: title key of a redirect page → the title it points to (the first redirect of a title wins).
        self._redirects: dict[str, str] = {}
        for title, to_title in redirects:
            self._redirects.setdefault(title_key(title), to_title)
        self._glossary = glossary
        self._cache: dict[tuple[str, str | None, str | None, str | None], Resolution] = {}

    def page_for_title(self, title: str, *, lang: str | None = None, edition: str | None = None,
                       page_lang: str | None = None) -> str | None:
        """The id of the page with this title (ignoring case, accents, a trailing ` State`)."""
        return self._choose(title, lang, edition, page_lang)[0]

    def _choose(self, title: str, lang: str | None, edition: str | None,
                page_lang: str | None) -> tuple[str | None, int, str | None]:
        """`(page id, how many pages answer, what chose)`. When several pages share the title:
        the link's language (an interlanguage link), then the linking page's edition, then the
        linking page's language, then the first in build order."""
        found = self._by_title.get(title_key(title))
        if not found:
            return None, 0, None
        if len(found) == 1:
            return found[0].id, 1, None

        def key(item: tuple[int, PageRef]) -> tuple:
            order, page = item
            return (lang is not None and page.lang != lang, edition is not None and page.edition != edition,
                    page_lang is not None and page.lang != page_lang, order)

        ranked = sorted(enumerate(found), key=key)
        best, runner_up = key(ranked[0]), key(ranked[1])
        chosen_by = next(name for name, a, b in zip(CHOICES, best, runner_up) if a != b)
        return ranked[0][1].id, len(found), chosen_by

    def resolve(self, link: Link, *, edition: str | None = None, page_lang: str | None = None) -> str | None:
        """The page a link lands on, or None (a dangling link: a page still to add)."""
        return self.resolution(link, edition=edition, page_lang=page_lang).page_id

    def explain(self, link: Link, *, edition: str | None = None, page_lang: str | None = None
                ) -> tuple[str | None, str | None]:
        """`(page id, how)`: how is `title`, `redirect` or `glossary`; `(None, None)` for a dangling link."""
        return self.resolution(link, edition=edition, page_lang=page_lang)[:2]

    def resolution(self, link: Link, *, edition: str | None = None, page_lang: str | None = None) -> Resolution:
        """Where a link from a page of this `edition` and language (`page_lang`) lands, how it
        was found, and what chose among the pages of the same name."""
        key = (link.to_title, link.lang, edition, page_lang)
        if key not in self._cache:
            self._cache[key] = self._resolve(link, edition, page_lang)
        return self._cache[key]

    def _resolve(self, link: Link, edition: str | None, page_lang: str | None) -> Resolution:
        target = link.to_title.strip()
        if not target:
            return Resolution(None, None)
        found, count, chosen_by = self._choose(target, link.lang, edition, page_lang)
        if found:
            return Resolution(found, "title", count, chosen_by)
        found, count, chosen_by = self._through_redirects(target, link.lang, edition, page_lang)
        if found:
            return Resolution(found, "redirect", count, chosen_by)
        if self._glossary is None:
            return Resolution(None, None)
        name = target.split("#", 1)[0].replace("_", " ").strip()
        page_title = self._glossary.page_for(name)
        if page_title is None:
            return Resolution(None, None)
        found, count, chosen_by = self._choose(page_title, link.lang, edition, page_lang)
        return Resolution(found, "glossary", count, chosen_by) if found else Resolution(None, None)

    def follow_redirect(self, title: str, *, lang: str | None = None, edition: str | None = None) -> str | None:
        """The page a redirect titled `title` leads to (through at most `MAX_REDIRECT_HOPS`), or None."""
        return self._through_redirects(title, lang, edition, None)[0]

    def _through_redirects(self, title: str, lang: str | None, edition: str | None,
                           page_lang: str | None) -> tuple[str | None, int, str | None]:
        key = title_key(title)
        for _ in range(MAX_REDIRECT_HOPS):
            target = self._redirects.get(key)
            if target is None:
                break
            found = self._choose(target, lang, edition, page_lang)
            if found[0]:
                return found
            key = title_key(target)
        return None, 0, None
