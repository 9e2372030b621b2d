"""Page ids and link resolution: which page a `[[link]]` names, by title or through the glossary."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

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
    taken: dict[str, str] = {}  # id → source
    first_by_slug: dict[str, tuple[str, str]] = {}  # slug → (id, source) of its first page
    ids: list[str] = []
    warnings: list[ParseWarning] = []
    for title, edition, source in pages:
        base = slug(title)
        candidates = [base]
        if edition:
            candidates.append(f"{base}-{slug(edition)}")
        page_id = next((c for c in candidates if c not in taken), None)
        n = 2
        while page_id is None:
            if f"{base}-{n}" not in taken:
                page_id = f"{base}-{n}"
            n += 1
        if base in first_by_slug:
            first_id, first_source = first_by_slug[base]
            warnings.append(ParseWarning(
                source,
                f'two pages share the title "{title}": this one is stored as {page_id}, the one in '
                f"{first_source} as {first_id}. Expected for one page in two editions; otherwise "
                "rename one of them.",
                code="duplicate-title",
            ))
        else:
            first_by_slug[base] = (page_id, source)
        taken[page_id] = source
        ids.append(page_id)
    return ids, warnings


_STATE_SUFFIX = re.compile(r"\s+state$")


def title_key(title: str) -> str:
    """The form titles are compared in: folded, `_` as space, no `#section`, no trailing ` State`."""
    text = title.split("#", 1)[0].replace("_", " ")
    return _STATE_SUFFIX.sub("", fold(text))


#: How many redirects in a row a link may follow (A → B → C); a longer chain or a loop dangles.
MAX_REDIRECT_HOPS = 3


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
        self._cache: dict[tuple[str, str | None, str | None], tuple[str | None, str | None]] = {}

    def page_for_title(self, title: str, *, lang: str | None = None, edition: str | None = None) -> str | None:
        """The id of the page with this title (ignoring case, accents, a trailing ` State`).

        When several pages share the title, prefer the link's language, then the linking
        page's edition, then the first in build order.
        """
        found = self._by_title.get(title_key(title))
        if not found:
            return None
        best = min(
            enumerate(found),
            key=lambda item: (lang is not None and item[1].lang != lang,
                              edition is not None and item[1].edition != edition, item[0]),
        )
        return best[1].id

    def resolve(self, link: Link, *, edition: str | None = None) -> str | None:
        """The page a link lands on, or None (a dangling link: a page still to add)."""
        return self.explain(link, edition=edition)[0]

    def explain(self, link: Link, *, edition: str | None = None) -> tuple[str | None, str | None]:
        """`(page id, how)`: how is `title`, `redirect` or `glossary`; `(None, None)` for a dangling link."""
        key = (link.to_title, link.lang, edition)
        if key not in self._cache:
            self._cache[key] = self._explain(link, edition)
        return self._cache[key]

    def _explain(self, link: Link, edition: str | None) -> tuple[str | None, str | None]:
        target = link.to_title.strip()
        if not target:
            return None, None
        found = self.page_for_title(target, lang=link.lang, edition=edition)
        if found:
            return found, "title"
        found = self.follow_redirect(target, lang=link.lang, edition=edition)
        if found:
            return found, "redirect"
        if self._glossary is None:
            return None, None
        name = target.split("#", 1)[0].replace("_", " ").strip()
        page_title = self._glossary.page_for(name)
        if page_title is None:
            return None, None
        found = self.page_for_title(page_title, lang=link.lang, edition=edition)
        return (found, "glossary") if found else (None, None)

    def follow_redirect(self, title: str, *, lang: str | None = None, edition: str | None = None) -> str | None:
        """The page a redirect titled `title` leads to (through at most `MAX_REDIRECT_HOPS`), or None."""
        key = title_key(title)
        for _ in range(MAX_REDIRECT_HOPS):
            target = self._redirects.get(key)
            if target is None:
                return None
            found = self.page_for_title(target, lang=lang, edition=edition)
            if found:
                return found
            key = title_key(target)
        return None

    def page_in_language(self, title: str, lang: str) -> str | None:
        """The page titled `title` (or redirected to from it) written in `lang`, or None."""
        for key in (title_key(title), title_key(self._redirects.get(title_key(title), ""))):
            for page in self._by_title.get(key, ()):
                if page.lang == lang:
                    return page.id
        return None
