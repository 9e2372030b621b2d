"""Decide a page's format from its content, never from its file name."""
from __future__ import annotations

import re
from itertools import islice

#: What `detect_format` returns. Rulebook copies are stored with `Page.format == "text"`.
FORMATS = ("wikitext", "html", "rulebook", "text")

_VIEW_SOURCE = re.compile(r"^\s*View source for\s+\S", re.I)
_HTML_DOCUMENT = re.compile(r"<!doctype\s+html|<html[\s>]|<body[\s>]", re.I)
_HTML_TAG = re.compile(r"</?(?:p|ul|ol|li|h[1-6]|div|span|a|table|tr|td|b|i|em|strong)\b[^>]*>", re.I)
_WIKI_TEMPLATE = re.compile(r"\{\{")
_WIKI_LINK = re.compile(r"\[\[")
_WIKI_HEADING = re.compile(r"^=+[^=\n]+=+\s*$", re.M)
_WIKI_BULLET = re.compile(r"^[*#]+\s*\S", re.M)
_RULEBOOK_BULLET = re.compile(r"^[ \t]*►", re.M)

#: How many wikitext signs (templates, links, headings, bullets) make a page wikitext.
_WIKI_SIGNS = 2
#: How many HTML tags make a page HTML when it has no <html>/<body>.
_HTML_TAGS = 5


def detect_format(text: str) -> str:
    """One of `FORMATS` for `text`: MediaWiki source, saved HTML, rulebook text or plain text.

    Cues, strongest first: a `View source for` first line (wikitext); `<html>`/`<body>`
    (HTML); wikitext signs `{{`, `[[`, `== … ==` headings, `*` bullets; many HTML tags;
    `►` bullets (rulebook); anything else is plain text.
    """
    head = text.lstrip("\ufeff")[:2000]
    first_line = head.strip().split("\n", 1)[0] if head.strip() else ""
    if _VIEW_SOURCE.match(first_line):
        return "wikitext"
    if _HTML_DOCUMENT.search(head):
        return "html"
    wiki_signs = sum(
        _count(pattern, text, 3) for pattern in (_WIKI_TEMPLATE, _WIKI_LINK, _WIKI_HEADING, _WIKI_BULLET)
    )
    if wiki_signs >= _WIKI_SIGNS:
        return "wikitext"
    if _count(_HTML_TAG, text, _HTML_TAGS) >= _HTML_TAGS:
        return "html"
    if _RULEBOOK_BULLET.search(text):
        return "rulebook"
    return "text"


def _count(pattern: re.Pattern[str], text: str, cap: int) -> int:
    """How many times `pattern` matches in `text`, counting no further than `cap`."""
    return sum(1 for _ in islice(pattern.finditer(text), cap))
