"""Decide a page's format from its content, never from its file name."""
from __future__ import annotations

import re
from itertools import islice

from rulecheck.ingest.folding import collapse

#: What `detect_format` returns. Rulebook copies are stored with `Page.format == "text"`.
FORMATS = ("wikitext", "html", "rulebook", "text")

_VIEW_SOURCE = re.compile(r"\s*View source for\s+(\S.*?)\s*", re.I | re.S)
_HTML_DOCUMENT = re.compile(r"<!doctype\s+html|<html[\s>]|<body[\s>]", re.I)
_HTML_TAG = re.compile(r"</?(?:p|ul|ol|li|h[1-6]|div|span|a|table|tr|td|b|i|em|strong)\b[^>]*>", re.I)
_WIKI_TEMPLATE = re.compile(r"\{\{")
_WIKI_LINK = re.compile(r"\[\[")
_WIKI_HEADING = re.compile(r"^=+[^=\n]+=+\s*$", re.M)
#: Bullets back the signs above, but prove nothing alone: Markdown writes `#` headings and `*` lists.
_WIKI_BULLET = re.compile(r"^[*#]+\s*\S", re.M)
_RULEBOOK_BULLET = re.compile(r"^[ \t]*►", re.M)

#: Signs only MediaWiki writes; a page needs at least one to be wikitext.
_WIKI_EVIDENCE = (_WIKI_TEMPLATE, _WIKI_LINK, _WIKI_HEADING)
#: How many wikitext signs (templates, links, headings, bullets) make a page wikitext.
_WIKI_SIGNS = 2
#: How many HTML tags make a page HTML when it has no <html>/<body>.
_HTML_TAGS = 5


def detect_format(text: str) -> str:
    """One of `FORMATS` for `text`: MediaWiki source, saved HTML, rulebook text or plain text.

    Cues, strongest first: a `View source for` first line (wikitext); `<html>`/`<body>`
    (HTML); two wikitext signs (`{{`, `[[`, `== … ==` headings, `*`/`#` bullets), at least
    one of them not a bullet; many HTML tags; `►` bullets (rulebook); anything else is
    plain text (Markdown with `#` headings and numbered lists too).
    """
    head = text.lstrip("\ufeff")[:2000]
    first_line = head.strip().split("\n", 1)[0] if head.strip() else ""
    if view_source_title(first_line) is not None:
        return "wikitext"
    if _HTML_DOCUMENT.search(head):
        return "html"
    evidence = sum(_count(pattern, text, 3) for pattern in _WIKI_EVIDENCE)
    if evidence and evidence + _count(_WIKI_BULLET, text, 3) >= _WIKI_SIGNS:
        return "wikitext"
    if _count(_HTML_TAG, text, _HTML_TAGS) >= _HTML_TAGS:
        return "html"
    if _RULEBOOK_BULLET.search(text):
        return "rulebook"
    return "text"


def _count(pattern: re.Pattern[str], text: str, cap: int) -> int:
    """How many times `pattern` matches in `text`, counting no further than `cap`."""
    return sum(1 for _ in islice(pattern.finditer(text), cap))


def view_source_title(line: str) -> str | None:
    """The title a saved MediaWiki source's first line names (`View source for TO Camouflaged`), or None."""
    found = _VIEW_SOURCE.fullmatch(line)
    return collapse(found.group(1), keep_newlines=True) if found else None
