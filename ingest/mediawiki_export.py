"""MediaWiki XML exports (`Special:Export`, schemas 0.10 and 0.11), read as a stream of pages.

The file is parsed incrementally with defusedxml's expat reader: memory holds one page at a
time, never the file, and a page's text stops being kept once it passes the per-page limit.
defusedxml refuses entity declarations and external references outright (a "billion laughs"
file becomes one warning naming it, never an expansion); MediaWiki exports declare none.

`read_export` yields the site's facts (`Site`) once, then one `ExportPage` per `<page>` with its
latest revision (the newest timestamp; the last one written on a tie). Nothing here parses
wikitext: `page_from_export` (in `rulecheck.ingest.loader`'s terms, a `LoadResult`) does that for
the pages the build keeps.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator
from xml.sax import SAXException
from xml.sax.handler import ContentHandler

from rulecheck.ingest.records import ParseWarning, Redirect

#: How much of a file is read to tell an export from a page.
SNIFF_BYTES = 4096
#: The root element `<mediawiki`, or a doctype naming it (whatever its internal subset holds),
#: after an optional byte-order mark, XML declaration and comments.
_ROOT = re.compile(rb"^(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*"
                   rb"(?:<!DOCTYPE\s+mediawiki[\s>\[]|(?:<!DOCTYPE[^>\[]*>\s*)?<mediawiki[\s>])", re.S)
_CHUNK = 1 << 16
#: `#REDIRECT [[Target]]` (and the Spanish wiki's `#REDIRECCIÓN`) where an export has no `<redirect>`.
_REDIRECT_TEXT = re.compile(r"\s*#(?:REDIRECT|REDIRECCI[OÓ]N)\s*:?\s*\[\[([^\]|#]+)", re.I)


def is_export(head: bytes) -> bool:
    """Whether a file starting with `head` is a MediaWiki XML export (its root is `<mediawiki>`)."""
    return _ROOT.match(head) is not None


@dataclass
class Site:
    """What an export says of its wiki (`<siteinfo>`) and of itself."""

    name: str | None = None
    base_url: str | None = None
    db_name: str | None = None
    generator: str | None = None
    #: The export schema, from `<mediawiki version=…>` (`0.10`, `0.11`).
    schema_version: str | None = None
    #: The wiki's content language (`<mediawiki xml:lang=…>`).
    lang: str | None = None
    #: namespace number → its name (`10` → `Template`); the main namespace (0) is unnamed.
    namespaces: dict[int, str] = field(default_factory=dict)

    def namespace_name(self, ns: int) -> str:
        """`Template`, `Talk`…; a number the site does not name as `namespace 42`."""
        return self.namespaces.get(ns) or ("main" if ns == 0 else f"namespace {ns}")

    def page_url(self, title: str) -> str | None:
        """The page's address on its wiki, from the base URL (`…/wiki/Main_Page` → `…/wiki/Title`)."""
        if not self.base_url:
            return None
        from urllib.parse import quote

        root = self.base_url.rsplit("/", 1)[0] if "/wiki/" in self.base_url else self.base_url.rstrip("/")
        return f"{root}/{quote(title.replace(' ', '_'), safe='/:()_,!-.')}"


@dataclass
class ExportPage:
    """One `<page>` of an export, with its latest revision."""

    title: str
    ns: int
    #: The target of a redirect page (`<redirect title=…>` or a `#REDIRECT [[…]]` text), else None.
    redirect: str | None
    timestamp: str | None
    revision_id: str | None
    #: The content model (`wikitext`, `text`…); None when the export does not say.
    model: str | None
    #: The latest revision's text; None when it is too large (see `size`) or missing.
    text: str | None
    #: The text's size in bytes (UTF-8) as read; past the limit, how far it was read.
    size: int
    #: Line of the export the `<page>` starts on.
    line: int
    revisions: int = 1


class _Handler(ContentHandler):
    """Collects `<siteinfo>` and each `<page>`; finished pages wait in `self.done`."""

    def __init__(self, max_page_bytes: int) -> None:
        super().__init__()
        self.max_bytes = max_page_bytes
        self.site = Site()
        self.site_done = False
        self.done: list[ExportPage] = []
        self.path: list[str] = []
        self.buf: list[str] = []
        self.buf_bytes = 0
        self.page: dict | None = None
        self.rev: dict | None = None
        self.locator = None

    def setDocumentLocator(self, locator) -> None:  # noqa: N802 - the SAX API's name
        self.locator = locator

    def startElement(self, name: str, attrs) -> None:  # noqa: N802
        parent = self.path[-1] if self.path else None
        self.path.append(name)
        self.buf, self.buf_bytes = [], 0
        if name == "mediawiki" and parent is None:
            self.site.schema_version = attrs.get("version")
            self.site.lang = attrs.get("xml:lang")
        elif name == "namespace" and parent == "namespaces":
            self._ns_key = attrs.get("key")
        elif name == "page":
            self.site_done = True
            self.page = {"line": self.locator.getLineNumber() if self.locator else None, "best": None, "revisions": 0}
        elif name == "redirect" and parent == "page" and self.page is not None:
            self.page["redirect"] = attrs.get("title")
        elif name == "revision" and parent == "page":
            self.rev = {}

    def characters(self, content: str) -> None:
        if self.buf_bytes <= self.max_bytes:
            self.buf.append(content)
            # Character counts bound the bytes from below; the exact UTF-8 size is taken at the end.
            self.buf_bytes += len(content)
        else:
            self.buf_bytes += len(content)

    def endElement(self, name: str) -> None:  # noqa: N802
        self.path.pop()
        parent = self.path[-1] if self.path else None
        text = "".join(self.buf) if self.buf_bytes <= self.max_bytes else None
        self.buf, size, self.buf_bytes = [], self.buf_bytes, 0
        if parent == "siteinfo" and text is not None:
            key = {"sitename": "name", "base": "base_url", "dbname": "db_name", "generator": "generator"}.get(name)
            if key:
                setattr(self.site, key, text.strip())
        elif name == "namespace" and parent == "namespaces":
            if self._ns_key is not None and self._ns_key.lstrip("-").isdigit():
                self.site.namespaces[int(self._ns_key)] = (text or "").strip()
        elif name == "siteinfo":
            self.site_done = True
        elif self.rev is not None and parent == "revision":
            if name == "text":
                exact = len(text.encode("utf-8")) if text is not None else size
                self.rev.update(text=text if exact <= self.max_bytes else None, size=exact)
            elif name in ("timestamp", "id", "model"):
                self.rev[name] = (text or "").strip()
        elif name == "revision" and self.page is not None and self.rev is not None:
            self._keep_latest(self.rev)
            self.rev = None
        elif self.page is not None and parent == "page" and name in ("title", "ns"):
            self.page[name] = (text or "").strip()
        elif name == "page" and self.page is not None:
            self.done.append(self._finish(self.page))
            self.page = None

    def _keep_latest(self, rev: dict) -> None:
        """Keep one revision per page: the newest timestamp, the later one on a tie (ISO 8601 sorts)."""
        page = self.page
        page["revisions"] += 1
        best = page["best"]
        if best is None or (rev.get("timestamp") or "") >= (best.get("timestamp") or ""):
            page["best"] = rev

    def _finish(self, page: dict) -> ExportPage:
        rev = page["best"] or {}
        title = page.get("title", "")
        ns_text = page.get("ns", "")
        ns = int(ns_text) if ns_text.lstrip("-").isdigit() else self._ns_from_title(title)
        text = rev.get("text")
        redirect = page.get("redirect")
        if redirect is None and text:
            found = _REDIRECT_TEXT.match(text)
            redirect = found.group(1).strip() if found else None
        return ExportPage(title=title, ns=ns, redirect=redirect, timestamp=rev.get("timestamp") or None,
                          revision_id=rev.get("id") or None, model=rev.get("model") or None, text=text,
                          size=rev.get("size", 0), line=page["line"], revisions=page["revisions"])

    def _ns_from_title(self, title: str) -> int:
        prefix, colon, _ = title.partition(":")
        if colon:
            for key, name in self.site.namespaces.items():
                if name and name.lower() == prefix.strip().lower():
                    return key
        return 0


def _parser(handler: _Handler):
    from defusedxml.expatreader import DefusedExpatParser

    class _Reader(DefusedExpatParser):
        """defusedxml's reader with expat's text buffering on: one `characters` call per text run,
        not one per line (a third of the time on a large export)."""

        def reset(self) -> None:
            super().reset()
            self._parser.buffer_text = True
            self._parser.buffer_size = _CHUNK

    reader = _Reader()
    reader.setContentHandler(handler)
    return reader


def read_export(path: Path, source: str, max_page_bytes: int) -> Iterator[Site | ExportPage | ParseWarning]:
    """Stream an export: its `Site` first, then each `ExportPage`, in file order.

    A page whose latest text passes `max_page_bytes` comes with `text=None` and its `size`.
    Broken XML, entity declarations or external references end the stream with one
    `ParseWarning` naming the file (the pages before it are kept); nothing raises for content.
    Raises `OSError` when the file cannot be read.
    """
    from defusedxml import DefusedXmlException

    handler = _Handler(max_page_bytes)
    reader = _parser(handler)
    sent_site = False
    with open(path, "rb") as f:
        try:
            while chunk := f.read(_CHUNK):
                reader.feed(chunk)
                if handler.site_done and not sent_site:
                    sent_site = True
                    yield handler.site
                if handler.done:
                    pages, handler.done = handler.done, []
                    yield from pages
            reader.close()
        except DefusedXmlException as e:
            yield from _flush(handler, sent_site)
            yield ParseWarning(source, f"declares XML entities or external references ({type(e).__name__}: {e}); "
                               "a MediaWiki export has none, and rulecheck expands none (a 'billion laughs' file "
                               "would never finish). The rest of the file was skipped: export it again from the wiki",
                               code="xml-entities")
            return
        except SAXException as e:
            yield from _flush(handler, sent_site)
            line = handler.locator.getLineNumber() if handler.locator else None
            yield ParseWarning(source, f"is not well-formed XML ({e.getMessage()}); the pages before line {line} "
                               "were read, the rest skipped. Export it again, or fix the XML there",
                               line=line, code="bad-xml")
            return
    yield from _flush(handler, sent_site)


def _flush(handler: _Handler, sent_site: bool) -> Iterator[Site | ExportPage]:
    if not sent_site:
        yield handler.site
    pages, handler.done = handler.done, []
    yield from pages


def count_pages(path: Path) -> int:
    """How many `<page>` elements the file holds, by a byte scan (for progress; no XML parsing)."""
    count, tail = 0, b""
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            data = tail + chunk
            count += data.count(b"<page>")
            tail = data[-5:]
    return count


@dataclass
class ExportInfo:
    """What the build took from one export: the site, and how many pages of each kind."""

    source: str
    site: Site = field(default_factory=Site)
    #: Main-namespace pages handed to the parsers.
    pages: int = 0
    redirects: int = 0
    #: Namespace name → pages skipped there (`Template`, `Talk`…).
    skipped: dict[str, int] = field(default_factory=dict)
    #: Pages whose latest revision was over the per-page limit or empty.
    unreadable: int = 0

    def note(self) -> str | None:
        """One line on the pages skipped by namespace, or None when there were none."""
        if not self.skipped:
            return None
        parts = ", ".join(f"{n} page{'s' if n > 1 else ''} in {name}:" for name, n in sorted(self.skipped.items()))
        return f"{self.source}: skipped {parts} (only main-namespace pages are rules pages)"


def page_source(export_source: str, title: str) -> str:
    """How a page of an export is named in `pages.source` and warnings: `wiki.xml#TO Camouflaged`."""
    return f"{export_source}#{title}"


def is_export_file(path: Path) -> bool:
    """Whether the file at `path` is a MediaWiki XML export (False for anything unreadable)."""
    try:
        with open(path, "rb") as f:
            return is_export(f.read(SNIFF_BYTES))
    except OSError:
        return False


def export_steps(path: Path, source: str, redirects: list[Redirect], exports: list[ExportInfo],
                 max_page_bytes: int | None = None) -> Iterator[tuple[str, ExportPage | tuple[None, list[ParseWarning]]]]:
    """`(page source, step)` for each `<page>` of the export at `path`, in file order.

    A step is the `ExportPage` to parse (a main-namespace page with text), or a settled
    `(None, warnings)`: a redirect (added to `redirects`), a page of another namespace
    (counted in the `ExportInfo`, no warning), a page over the limit or with no text (a
    warning naming it). The export's `ExportInfo` is appended to `exports` before any step.
    """
    from rulecheck.ingest.loader import MAX_BYTES

    limit = MAX_BYTES if max_page_bytes is None else max_page_bytes
    info = ExportInfo(source)
    exports.append(info)
    try:
        stream = read_export(path, source, limit)
        for item in stream:
            if isinstance(item, Site):
                info.site = item
            elif isinstance(item, ParseWarning):
                yield source, (None, [item])
            else:
                yield page_source(source, item.title), _step(item, info, redirects, limit)
    except OSError as e:
        yield source, (None, [ParseWarning(source, f"cannot be read ({e.strerror or e}); check it exists and "
                                           "is readable", code="unreadable")])


def _step(page: ExportPage, info: ExportInfo, redirects: list[Redirect], limit: int):
    where = page_source(info.source, page.title)
    if page.ns != 0:
        name = info.site.namespace_name(page.ns)
        info.skipped[name] = info.skipped.get(name, 0) + 1
        return None, []
    if page.redirect is not None:
        info.redirects += 1
        redirects.append(Redirect(page.title, page.redirect, where))
        return None, []
    if page.text is None or not page.text.strip():
        info.unreadable += 1
        if page.size > limit:
            message = (f"is {page.size / 1024 / 1024:.1f} MB, over the {limit // 1024 // 1024} MB limit for one page; "
                       "it was skipped (the rest of the export was read)")
            return None, [ParseWarning(where, message, page.line, "too-large")]
        return None, [ParseWarning(where, "has no text in its latest revision; skipped", page.line, "empty")]
    if page.model not in (None, "wikitext", "text"):
        info.unreadable += 1
        return None, [ParseWarning(where, f"holds {page.model} content, not a rules page; skipped", page.line,
                                   "not-a-page")]
    info.pages += 1
    return page


def page_from_export(page: ExportPage, site: Site, export_source: str):
    """Parse an export's page into a `LoadResult`: wikitext unless its content model says plain
    text; titled as the export titles it; in the wiki's language (when it is one rulecheck
    reads), else the language its text shows; with its revision and address."""
    from rulecheck.ingest.language import detect_lang
    from rulecheck.ingest.loader import LoadResult, parse_text

    source = page_source(export_source, page.title)
    if page.model == "text":
        parsed = parse_text(page.text, source, name_hint=page.title)
    else:
        from rulecheck.ingest.wikitext import parse_wikitext

        parsed = parse_wikitext(page.text, source, title=page.title)
    parsed.title = page.title
    lang = (site.lang or "").split("-")[0].lower()
    parsed.lang = lang if lang in ("en", "es") else parsed.lang or detect_lang(page.text)
    parsed.revision_timestamp = page.timestamp
    parsed.revision_id = page.revision_id
    parsed.url = site.page_url(page.title)
    return LoadResult(parsed, list(parsed.warnings))
