"""Read one page file, check it, and hand its text to the parser its content calls for.

File-level problems (empty, binary, not UTF-8, too large, unreadable) become warnings naming
the file; nothing here raises for bad content.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path

from rulecheck.ingest.detect import detect_format
from rulecheck.ingest.language import detect_lang
from rulecheck.ingest.records import Faq, Link, Page, ParseWarning, Rule

#: Pages larger than this are refused: no rule page is near it, a mistaken dump often is.
MAX_BYTES = 5 * 1024 * 1024


@dataclass
class LoadResult:
    """What `load_page` made of a file: the page (None when it could not be read) and warnings.

    `warnings` is complete: the file-level ones first, then the parser's (also in `page.warnings`).
    """

    page: Page | None
    warnings: list[ParseWarning] = field(default_factory=list)


def title_from_name(path: Path | str) -> str:
    """A title from a file name: `hidden_deployment_state.wiki` → `hidden deployment state`."""
    return Path(path).stem.replace("_", " ").strip()


def parse_text(text: str, source: str, name_hint: str | None = None) -> Page:
    """Parse page text of any supported format, chosen by content, into a `Page`.

    `name_hint` (usually the file stem) is the title when the page names none. The page's
    language is detected from its text when the parser could not tell.
    """
    text = text.lstrip("\ufeff")
    kind = detect_format(text)
    hint = name_hint.replace("_", " ").strip() if name_hint else None
    if kind == "wikitext":
        from rulecheck.ingest.wikitext import parse_wikitext  # lazy: mwparserfromhell is heavy

        page = parse_wikitext(text, source, title=hint)  # a `View source for` line wins over the hint
        if not page.title:
            page.title = hint or ""
    elif kind == "html":
        from rulecheck.ingest.html import parse_html  # lazy: bs4 is heavy

        page = parse_html(text, source, title=hint)
    elif kind == "rulebook":
        from rulecheck.ingest.rulebook import parse_rulebook

        page = parse_rulebook(text, source, title=hint)
    else:
        from rulecheck.ingest.plaintext import parse_plaintext

        page = parse_plaintext(text, source, title=hint)
    if page.lang is None:
        page.lang = detect_lang(text)
    return page


def _warn(source: str, message: str, code: str, line: int | None = None) -> ParseWarning:
    return ParseWarning(source, message, line, code)


def load_page(path: Path, source: str | None = None) -> LoadResult:
    """Read the page file at `path` and parse it; every problem is a warning naming the file.

    `source` (default `str(path)`) is how pages and warnings name the file. The page is None
    when the file is empty, binary, larger than `MAX_BYTES` or unreadable; a file that is
    not UTF-8 is read as cp1252 (nothing lost) with a warning.
    """
    path = Path(path)
    source = source if source is not None else str(path)
    try:
        size = path.stat().st_size
        if path.is_dir():
            return LoadResult(None, [_warn(source, "is a folder, not a page file; give the files inside it",
                                           "unreadable")])
        if size > MAX_BYTES:
            return LoadResult(None, [_warn(
                source, f"is {size / 1024 / 1024:.1f} MB, over the {MAX_BYTES // 1024 // 1024} MB limit for one page; "
                "split it into one file per page", "too-large")])
        data = path.read_bytes()
    except OSError as e:
        return LoadResult(None, [_warn(source, f"cannot be read ({e.strerror or e}); check it exists and is readable",
                                       "unreadable")])
    warnings: list[ParseWarning] = []
    if not data.strip():
        return LoadResult(None, [_warn(source, "is empty; nothing to read", "empty")])
    if b"\x00" in data:
        return LoadResult(None, [_warn(source, "is a binary file (it holds NUL bytes), not a text page; skipped",
                                       "binary")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:  # the five bytes cp1252 leaves undefined
            text = data.decode("latin-1")
        warnings.append(_warn(source, "is not UTF-8; read as Windows-1252 (cp1252). Save it as UTF-8 to be sure "
                                      "accents are right", "encoding", line))
    page = parse_text(text, source, name_hint=path.stem)
    for w in page.warnings:
        w.source = w.source or source
    return LoadResult(page, warnings + page.warnings)


def page_to_dict(page: Page) -> dict:
    """The page as JSON-ready data without raw text or source fragments: what golden files hold.

    Every record field a reader can check by eye is there (rule lines, ordinals, editions,
    errata); a link leaves out its empty fields.
    """
    def rule(r: Rule) -> dict:
        return {"key": r.key, "section": r.section, "section_label": r.section_label, "ordinal": r.ordinal,
                "parent_key": r.parent_key, "line": r.line, "text": r.text, "edition": r.edition,
                "errata": r.errata, "errata_version": r.errata_version, "heading": r.heading,
                "links": [_link(x) for x in r.links]}

    def faq(f: Faq) -> dict:
        return {"kind": f.kind, "title": f.title, "version": f.version, "date": f.date, "line": f.line,
                "edition": f.edition, "question": f.question, "answer": f.answer,
                "links": [_link(x) for x in f.links]}

    return {
        "title": page.title, "lang": page.lang, "edition": page.edition, "format": page.format,
        "rules": [rule(r) for r in page.rules],
        "faqs": [faq(f) for f in page.faqs],
        "links": [_link(x) for x in page.links],
        "warnings": [[w.line, w.code] for w in page.warnings],
    }


def _link(link: Link) -> dict:
    return {k: v for k, v in asdict(link).items() if v is not None}
