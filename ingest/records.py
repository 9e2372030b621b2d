"""Plain records the parsers produce: one `Page` per input file, holding its rules and FAQs.

Parsers know nothing of the database. The knowledge-base build (`rulecheck.kb.build`) gives
pages their ids, resolves links and writes the rows.
"""
from __future__ import annotations

from dataclasses import dataclass, field

#: The `rules.section` vocabulary (a contract: users query on it).
SECTIONS = (
    "activation",
    "requirements",
    "effects",
    "cancellation",
    "important",
    "remember",
    "explain",
    "example",
    "see_also",
    "note",
)

#: `links.kind` values. `text`, `related` and `interlanguage` are the contract; the rest extend it.
#: `translation` is made by the build, never a parser: a page paired with its other-language page.
LINK_KINDS = ("text", "related", "interlanguage", "category", "see_also", "translation")


@dataclass(slots=True)
class Link:
    """A link written in a rule, a FAQ or the page: `[[to_title|label]]`, a related page, `[[es:X]]`."""

    kind: str
    to_title: str
    label: str | None = None
    #: The language prefix of an interlanguage link (`es` in `[[es:Camuflado]]`).
    lang: str | None = None


@dataclass(slots=True)
class Rule:
    """One bullet or paragraph of a rule section.

    `key` is the rule's id within its page: `<section>-<n>` for the n-th top-level item of
    that section kind on the page (counted across repeated sections of the same kind), and
    `<parent key>-<m>` for the m-th child of a nested bullet. The build prefixes the page id:
    `camuflado-cancellation-1-3`.
    """

    key: str
    section: str
    section_label: str | None
    ordinal: int
    text: str
    source: str
    parent_key: str | None = None
    edition: str | None = None
    errata: str | None = None
    errata_version: str | None = None
    #: A heading inside the section the item stands under (`ORA ante un Marcador:`,
    #: `Sensor` in a see-also block, `Ejemplo: Camuflado y Ataque CD`).
    heading: str | None = None
    line: int | None = None
    links: list[Link] = field(default_factory=list)


@dataclass(slots=True)
class Faq:
    """One FAQ or errata entry as it appears on a page."""

    kind: str  # "faq" | "errata"
    question: str
    answer: str
    source: str
    title: str | None = None  # "N4 FAQ", "N4 Errata", "FAQ"
    version: str | None = None  # "1.2"
    date: str | None = None  # "Jan 2022"
    edition: str | None = None
    line: int | None = None
    #: Related pages (`kind="related"`) and links written in the question or answer (`kind="text"`).
    links: list[Link] = field(default_factory=list)


@dataclass(slots=True)
class ParseWarning:
    """Something wrong with an input, reported and survived: never an exception."""

    source: str
    message: str
    line: int | None = None
    code: str = "warning"

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}" if self.line else self.source
        return f"{where}: {self.message}"


@dataclass(slots=True)
class Page:
    """A parsed page: what the file says, plus the records extracted from it."""

    title: str
    format: str  # "wikitext" | "text" | "html" (rulebook copies are "text")
    source: str
    raw: str
    lang: str | None = None  # "en" | "es"; None when the parser could not tell
    edition: str | None = None  # "N3" | "N4" | "N5" | "CodeOne" | None
    rules: list[Rule] = field(default_factory=list)
    faqs: list[Faq] = field(default_factory=list)
    #: Page-level links: interlanguage links and categories.
    links: list[Link] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)
    #: From a MediaWiki export: the latest revision's timestamp (ISO 8601) and id, and the
    #: page's address on its wiki. None for page files.
    revision_timestamp: str | None = None
    revision_id: str | None = None
    url: str | None = None


@dataclass(slots=True)
class Redirect:
    """A redirect page of a MediaWiki export: a link to `title` means the page `to_title`."""

    title: str
    to_title: str
    source: str
