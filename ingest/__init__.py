"""rulecheck.ingest: page files (wikitext, plain text, rulebook text, HTML) → `records.Page`.

`load_page(path)` reads and checks a file; `parse_text(text, source)` parses text whose
format is decided by its content.
"""
from rulecheck.ingest.detect import detect_format
from rulecheck.ingest.language import detect_lang
from rulecheck.ingest.loader import MAX_BYTES, LoadResult, load_page, page_to_dict, parse_text, title_from_name
from rulecheck.ingest.records import Faq, Link, Page, ParseWarning, Rule

__all__ = [
    "MAX_BYTES",
    "Faq",
    "Link",
    "LoadResult",
    "Page",
    "ParseWarning",
    "Rule",
    "detect_format",
    "detect_lang",
    "load_page",
    "page_to_dict",
    "parse_text",
    "title_from_name",
]
