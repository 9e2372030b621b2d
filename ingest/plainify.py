"""Wiki markup → readable plain text: links become their labels, quotes, tags and images go.

Works on mwparserfromhell nodes that are already parsed (a page is parsed once), collecting
the links met on the way: links written in the text, and the page-level ones (categories,
interlanguage links) that show no text at all.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import mwparserfromhell
from mwparserfromhell.nodes import (
    Argument,
    Comment,
    ExternalLink,
    Heading,
    HTMLEntity,
    Node,
    Tag,
    Template,
    Text,
    Wikilink,
)
from mwparserfromhell.wikicode import Wikicode

from rulecheck.ingest.folding import collapse
from rulecheck.ingest.records import Link

#: Namespaces whose links show an image or file instead of text.
FILE_NAMESPACES = frozenset({"file", "image", "media", "archivo", "imagen"})
CATEGORY_NAMESPACES = frozenset({"category", "categoría", "categoria"})
#: Interlanguage prefixes: written lower-case on the fan wikis (`[[es:Camuflado]]`). A fixed
#: list, so `[[CH: TO Camouflage]]`-like titles with a colon stay ordinary links.
LANGUAGE_PREFIXES = frozenset(
    {"en", "es", "fr", "de", "it", "pt", "ca", "pl", "ru", "ja", "zh", "nl", "ko", "cs", "hu", "sv"}
)
#: Tags whose content is not reader-visible text.
_HIDDEN_TAGS = frozenset({"ref", "references", "gallery", "math", "score", "templatedata"})
#: Stray markup a broken page leaves in text nodes.
STRAY_BRACES = ("{{", "}}")
STRAY_BRACKETS = ("[[", "]]")
#: The `stray` mark for an HTML tag left as text (mwparserfromhell leaves unclosed `<div>` as text).
STRAY_TAG = "<tag>"
#: Table delimiters left over from a broken table, or ending an old-style FAQ box.
_TABLE_MARKS = ("{|", "|}")

_QUOTE_RUN = re.compile(r"'{2,}")
# Behaviour switches such as __NOTOC__ are not parsed by mwparserfromhell; they are plain text to it.
_MAGIC_WORD = re.compile(r"__[A-Z]+__")
_LEFTOVER_TAG = re.compile(r"</?[a-zA-Z][^<>]*>")

#: Reads a template met in text: (template, the collector it sits in) → its readable text.
TemplateText = Callable[[Template, "TextCollector"], str]


def strip_quotes(text: str) -> str:
    """Drop bold/italic quote runs the way MediaWiki reads them, balanced or not.

    Two, three or five quotes are markup; four are an apostrophe and bold. MediaWiki shows
    the extras of a longer run as apostrophes; one is kept, since `''` must never reach a text.
    """

    def keep(match: re.Match[str]) -> str:
        n = len(match.group())
        return "'" if n == 4 or n > 5 else ""

    return _QUOTE_RUN.sub(keep, text)


def split_link_title(raw_title: str) -> tuple[str, str, str | None]:
    """Classify a wikilink target: (`kind`, `target`, `lang`).

    `kind` is `file`, `category`, `interlanguage` or `text`; `target` loses the namespace,
    a leading colon, an `#anchor` and surrounding space: `[[ Alert]]` → (`text`, `Alert`, None),
    `[[es:Camuflado]]` → (`interlanguage`, `Camuflado`, `es`).
    """
    title = " ".join(raw_title.replace("_", " ").split())
    escaped = title.startswith(":")
    title = title.lstrip(":").strip()
    prefix, colon, rest = title.partition(":")
    if colon:
        folded = prefix.strip().lower()
        if not escaped and folded in FILE_NAMESPACES:
            return "file", rest.strip(), None
        if not escaped and folded in CATEGORY_NAMESPACES:
            return "category", rest.strip(), None
        if not escaped and prefix.strip() in LANGUAGE_PREFIXES:
            return "interlanguage", rest.strip(), prefix.strip()
    page = title.split("#", 1)[0].strip() or title
    return "text", page, None


def positional_text(template: Template, collector: TextCollector) -> str:
    """The readable part of a template nobody taught us: its unnamed parameters, in order."""
    parts = []
    for param in template.params:
        if not param.showkey:
            sub = collector.child()
            sub.add(param.value.nodes)
            parts.append(sub.raw_text())
    return " ".join(p for p in parts if p.strip())


class TextCollector:
    """Accumulates the plain text of nodes, and the links met on the way.

    `template_text` decides what a template reads as (and may record a warning); by default
    a template reads as its unnamed parameters.
    """

    def __init__(self, template_text: TemplateText | None = None) -> None:
        self.template_text = template_text
        self.parts: list[str] = []
        #: Links shown in the text: `Link(kind="text")`.
        self.links: list[Link] = []
        #: Categories and interlanguage links, which belong to the page.
        self.page_links: list[Link] = []
        #: Leftover `{{`, `}}`, `[[`, `]]` seen in text: the markup around them was broken.
        self.stray: set[str] = set()

    def child(self) -> TextCollector:
        """A collector for nested markup that shares this one's links and findings."""
        sub = TextCollector(self.template_text)
        sub.links, sub.page_links, sub.stray = self.links, self.page_links, self.stray
        return sub

    def add(self, nodes: Iterable[Node]) -> None:
        """Append the plain text of `nodes`."""
        for node in nodes:
            self._node(node)

    def raw_text(self) -> str:
        """The text so far, not yet collapsed."""
        return "".join(self.parts)

    def text(self) -> str:
        """The readable text so far: whitespace collapsed, `<br>` as a newline."""
        text = self.raw_text()
        if "''" in text:  # quotes from neighbouring nodes can meet once joined
            text = _QUOTE_RUN.sub("'", text)
        return collapse(text, keep_newlines=True)

    def _node(self, node: Node) -> None:
        if isinstance(node, Text):
            self.parts.append(self._clean(node.value))
        elif isinstance(node, Wikilink):
            self._wikilink(node)
        elif isinstance(node, Template):
            self.parts.append(
                self.template_text(node, self) if self.template_text else positional_text(node, self)
            )
        elif isinstance(node, Tag):
            self._tag(node)
        elif isinstance(node, HTMLEntity):
            self.parts.append(node.normalize())
        elif isinstance(node, ExternalLink):
            if node.title is not None:
                self.add(node.title.nodes)
            else:
                self.parts.append(str(node.url))
        elif isinstance(node, Heading):
            self.add(node.title.nodes)
        elif isinstance(node, (Comment, Argument)):
            pass

    def _clean(self, value: str) -> str:
        for mark in STRAY_BRACES + STRAY_BRACKETS:
            if mark in value:
                self.stray.add(mark)
                value = value.replace(mark, "")
        for mark in _TABLE_MARKS:
            if mark in value:
                value = value.replace(mark, "")
        if "<" in value:
            value, found = _LEFTOVER_TAG.subn("", value)
            if found:
                self.stray.add(STRAY_TAG)
        if "__" in value:
            value = _MAGIC_WORD.sub("", value)
        if "''" in value:
            value = strip_quotes(value)
        return value.replace("\n", " ")

    def _wikilink(self, node: Wikilink) -> None:
        title = str(node.title)
        kind, target, lang = split_link_title(title)
        if kind == "file":
            return
        if not target:  # `[[|x]]` links nowhere; MediaWiki shows it as text
            if node.text is not None:
                self.add(node.text.nodes)
            return
        if kind in ("category", "interlanguage"):
            self.page_links.append(Link(kind=kind, to_title=target, lang=lang))
            return
        if node.text is not None:
            sub = self.child()
            sub.add(node.text.nodes)
            label = sub.raw_text()
            self.parts.append(label)
            self.links.append(Link(kind="text", to_title=target, label=collapse(label, keep_newlines=True) or None))
        else:
            # The title as written (`Silhouette (S) `) keeps the spacing the reader sees.
            self.parts.append(self._clean(title.lstrip(":")))
            self.links.append(Link(kind="text", to_title=target))

    def _tag(self, node: Tag) -> None:
        name = str(node.tag).strip().lower()
        if name == "br":
            self.parts.append("\n")
        elif node.wiki_markup in ("*", "#", ":", ";"):
            self.parts.append(" ")
        elif name in _HIDDEN_TAGS:
            pass
        elif name == "nowiki":
            self.parts.append(str(node.contents or "").replace("\n", " "))
        elif node.contents is not None:
            self.add(node.contents.nodes)


def plain_text(markup: str | Wikicode) -> str:
    """Readable plain text of a piece of markup (parsed here if given as a string)."""
    code = mwparserfromhell.parse(markup, skip_style_tags=True) if isinstance(markup, str) else markup
    collector = TextCollector()
    collector.add(code.nodes)
    return collector.text()
