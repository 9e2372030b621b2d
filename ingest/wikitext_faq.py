"""FAQ and errata entries in wikitext: `{{faqbox | q = … | a = …}}` and the older box sequences.

The older style writes one entry as lines:

    {{Template:FAQ_Box_FAQ}} 1.4, Sep 2018
    {{Template:FAQ_Question}} Is the Combat Group of a Marker … ?
    {{Template:FAQ_Answer_2}} It is Open Information.
    {{Template:FAQ_Linked_Pages_2}} [[Camouflaged]], [[Combat Group]]
    |}
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from mwparserfromhell.nodes import Node, Template

from rulecheck.ingest.folding import collapse
from rulecheck.ingest.plainify import TextCollector
from rulecheck.ingest.records import Faq, Link
from rulecheck.ingest.sections import split_version

_QUESTION_PREFIX = re.compile(r"^\s*[QP]\s*:\s*", re.I)
_ANSWER_PREFIX = re.compile(r"^\s*[AR]\s*:\s*", re.I)

#: Makes a fresh collector that knows how to read (and warn about) templates.
NewCollector = Callable[[], TextCollector]


class IncompleteFaq(Exception):
    """A FAQ box without a question or an answer (internal: the parser turns it into a warning)."""


def faq_kind(declared: str | None, question: str) -> str:
    """`errata` when the box says so (`type = errata`) or the question starts `[Errata]`."""
    if declared and declared.strip().lower() == "errata":
        return "errata"
    return "errata" if question.lstrip().lower().startswith("[errata]") else "faq"


def _related(collector: TextCollector) -> list[Link]:
    """Related pages: the links written, or else the comma-separated names."""
    if collector.links:
        return [Link(kind="related", to_title=link.to_title, label=link.label) for link in collector.links]
    names = [collapse(name, keep_newlines=True) for name in collector.text().split(",")]
    return [Link(kind="related", to_title=name) for name in names if name]


def _build(kind: str | None, question_c: TextCollector, answer_c: TextCollector,
           related_c: TextCollector, **fields) -> Faq:
    question = _QUESTION_PREFIX.sub("", question_c.text(), count=1).strip()
    answer = _ANSWER_PREFIX.sub("", answer_c.text(), count=1).strip()
    if not question or not answer:
        raise IncompleteFaq("question" if not question else "answer")
    links = question_c.links + answer_c.links + _related(related_c)
    return Faq(kind=faq_kind(kind, question), question=question, answer=answer, links=links, **fields)


def faq_from_template(template: Template, new_collector: NewCollector, *, line: int,
                      edition: str | None, page_links: list[Link]) -> Faq:
    """One `{{faqbox}}` → a `Faq`; raises `IncompleteFaq` when the question or answer is missing.

    Categories or interlanguage links found inside go to `page_links`.
    """
    values: dict[str, list[Node]] = {}
    for param in template.params:
        values[str(param.name).strip().lower()] = param.value.nodes

    def read(*names: str) -> TextCollector:
        collector = new_collector()
        for name in names:
            if name in values:
                collector.add(values[name])
                break
        page_links.extend(collector.page_links)
        return collector

    title = read("title").text() or None
    version, date = split_version(read("version").text() or None)
    date = date or read("date").text() or None
    return _build(read("type").text() or None, read("q", "question"), read("a", "answer"),
                  read("related", "related pages"), source=str(template), title=title,
                  version=version, date=date, edition=edition, line=line)


@dataclass
class FaqBoxDraft:
    """An older-style FAQ box being read line by line, until `|}` or the next box."""

    kind: str
    title: str | None
    line: int
    edition: str | None
    #: The rest of the box's first line: `1.4, Sep 2018`.
    version: TextCollector
    question: TextCollector
    answer: TextCollector
    related: TextCollector
    sources: list[str] = field(default_factory=list)
    #: The part unmarked text continues: `version`, `question`, `answer` or `related`.
    current: str = "version"

    def add(self, nodes: list[Node]) -> TextCollector:
        """Append nodes to the part being written; returns that part's collector."""
        collector: TextCollector = getattr(self, self.current)
        collector.parts.append(" ")
        collector.add(nodes)
        return collector

    def page_links(self) -> list[Link]:
        """Categories and interlanguage links written inside the box."""
        parts = (self.version, self.question, self.answer, self.related)
        return [link for part in parts for link in part.page_links]

    def finish(self) -> Faq:
        """The finished `Faq`; raises `IncompleteFaq` when the question or answer is missing."""
        version, date = split_version(self.version.text() or None)
        return _build(self.kind, self.question, self.answer, self.related,
                      source="\n".join(self.sources), title=self.title, version=version,
                      date=date, edition=self.edition, line=self.line)
