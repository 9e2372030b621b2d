"""HTML saved from a wiki page → a `Page` (format `html`), with beautifulsoup4's builtin parser.

Headings `h1`–`h4` are section labels; `ul`/`ol` items are rules (a nested list gives
children); `p` paragraphs are rules; `a[href]` links keep their target's title. Page
furniture is dropped first: `nav`, `script`, `style`, `footer`, and anything whose class or
id names a table of contents, a navbox or an edit-section link (`JUNK_MARKS`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import parse_qs, unquote, urlsplit

from bs4 import BeautifulSoup, NavigableString, Tag

from rulecheck.ingest.folding import collapse
from rulecheck.ingest.language import detect_lang
from rulecheck.ingest.plaintext import HEADING_SECTIONS, FaqReader, ImpliedSections, Numbering
from rulecheck.ingest.records import Link, Page, ParseWarning, Rule
from rulecheck.ingest.sections import is_empty_heading, is_faq_heading, section_for

JUNK_TAGS = ("nav", "script", "style", "footer", "noscript", "head")
#: Class or id words of page furniture (matched at the start or end of a class/id word).
JUNK_MARKS = ("toc", "navbox", "mw-editsection", "catlinks", "printfooter", "mw-jump", "sidebar",
              "navigation", "interlanguage", "noprint", "mw-indicators")
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_LISTS = ("ul", "ol")
_SKIP_LINK_PREFIXES = ("file:", "image:", "archivo:", "imagen:", "special:", "especial:")
_CATEGORY_PREFIXES = ("category:", "categoría:", "categoria:")
_TITLE_SUFFIX = re.compile(r"\s+[-–|]\s+[^-–|]+$")


def _is_junk(tag: Tag) -> bool:
    words = list(tag.get("class") or []) + ([tag["id"]] if tag.get("id") else [])
    return any(w.lower().startswith(mark) or w.lower().endswith(mark) for w in words for mark in JUNK_MARKS)


def link_title(anchor: Tag) -> str | None:
    """The page an `<a href>` names: its `title` attribute, else the href's last path part."""
    href = anchor.get("href") or ""
    if not href or href.startswith("#"):
        return None
    parts = urlsplit(href)
    target = (parse_qs(parts.query).get("title") or [None])[0] or unquote(parts.path.rstrip("/").rsplit("/", 1)[-1])
    title = anchor.get("title") or target.replace("_", " ")
    return collapse(title) or None


def element_text(el: Tag, *, skip_lists: bool = False) -> str:
    """Readable text of `el`: `<br>` a newline, spaces collapsed, nested lists left out if asked."""
    parts: list[str] = []

    def walk(node: Tag) -> None:
        for child in node.children:
            if isinstance(child, NavigableString):
                if type(child) is NavigableString:  # not comments, CDATA, doctypes
                    parts.append(str(child))
            elif child.name == "br":
                parts.append("\n")
            elif skip_lists and child.name in _LISTS:
                continue
            else:
                walk(child)

    walk(el)
    return "\n".join(line for line in (collapse(x) for x in "".join(parts).split("\n")) if line)


def _inside_nested_list(node: Tag, el: Tag) -> bool:
    for ancestor in node.parents:
        if ancestor is el:
            return False
        if ancestor.name in _LISTS:
            return True
    return False


def _links_in(el: Tag) -> list[Link]:
    links = []
    for a in el.find_all("a", href=True):
        if _inside_nested_list(a, el):
            continue  # the nested item it stands in keeps it
        title = link_title(a)
        if title and not title.lower().startswith(_SKIP_LINK_PREFIXES + _CATEGORY_PREFIXES):
            links.append(Link("text", title, collapse(a.get_text()) or None))
    return links


@dataclass
class _Walker:
    page: Page
    numbering: Numbering = field(default_factory=Numbering)
    implied: ImpliedSections = field(default_factory=ImpliedSections)
    faqs: FaqReader | None = None
    section: str | None = None
    label: str | None = None
    labelled: bool = False
    in_faq: bool = False
    in_empty: bool = False
    heading: str | None = None
    colon_parent: Rule | None = None

    def add(self, text: str, el: Tag, parent: Rule | None, *, bullet: bool) -> Rule | None:
        if parent is not None:
            key = self.numbering.child(parent.key)
            section = parent.section
        else:
            section = self.section if self.labelled else self.implied.section_of(text, bullet=bullet)
            if section is None:
                return None
            key = self.numbering.top(section)
        rule = Rule(key=key, section=section, section_label=self.label if self.labelled else None,
                    ordinal=len(self.page.rules) + 1, text=text, source=str(el), parent_key=parent.key if parent else None,
                    heading=self.heading, line=el.sourceline, links=_links_in(el))
        if section == "see_also" and self.heading:
            rule.links.append(Link("see_also", self.heading.rstrip(":")))
        self.page.rules.append(rule)
        return rule

    def heading_tag(self, el: Tag) -> None:
        text = element_text(el)
        self.colon_parent = None
        if not text or (el.name == "h1" and text == self.page.title):
            return
        if is_faq_heading(text):
            self.in_faq, self.in_empty = True, False
        elif found := section_for(text):
            self.section, self.label, self.labelled = found, text, True
            self.in_faq = self.in_empty = False
            self.heading = None
        elif is_empty_heading(text):
            self.in_empty, self.labelled, self.in_faq = True, True, False
        elif el.name in ("h3", "h4", "h5", "h6") and self.labelled and not self.in_empty:
            self.heading = text
        else:
            self.page.warnings.append(ParseWarning(
                self.page.source, f'Unknown section heading "{text}"; its content is skipped. '
                "Known headings: Activation, Effects, Cancellation, Important, Remember, See also, FAQ",
                el.sourceline, "unknown-label"))
            self.in_empty, self.labelled, self.in_faq = True, True, False

    def list_tag(self, el: Tag, parent: Rule | None) -> None:
        for li in el.find_all("li", recursive=False):
            text = element_text(li, skip_lists=True)
            rule = self.add(text, li, parent, bullet=True) if text else parent
            for sub in li.find_all(_LISTS, recursive=False):
                self.list_tag(sub, rule)

    def paragraph(self, el: Tag) -> None:
        text = element_text(el)
        if not text:
            return
        if (self.labelled and self.section in HEADING_SECTIONS and len(text.split()) <= 8
                and not text.endswith((".", "!", "?", ":"))):
            self.heading = text
            return
        rule = self.add(text, el, None, bullet=False)
        self.colon_parent = rule if rule and text.endswith(":") else None

    def walk(self, node: Tag) -> None:
        for el in node.children:
            if not isinstance(el, Tag):
                continue
            if el.name in _HEADINGS:
                self.heading_tag(el)
            elif self.in_empty:
                continue
            elif self.in_faq:
                if el.name in ("p", "li", "dd", "dt", "td"):
                    for line in element_text(el).split("\n"):
                        self.faqs.feed(line, el.sourceline or 0)
                else:
                    self.walk(el)
            elif el.name in _LISTS:
                self.list_tag(el, self.colon_parent)
                self.colon_parent = None
            elif el.name == "p":
                self.paragraph(el)
            elif el.name not in ("img", "figure", "hr"):
                self.walk(el)


def parse_html(text: str, source: str, title: str | None = None) -> Page:
    """Parse saved wiki HTML into a `Page` (format `html`); never raises on bad markup.

    Title: the first `<h1>`, else `<title>` without a ` - Site name` suffix, else `title`.
    """
    soup = BeautifulSoup(text, "html.parser")
    h1 = soup.find("h1")
    page_title = element_text(h1) if h1 else ""
    if not page_title and soup.title and soup.title.string:
        page_title = _TITLE_SUFFIX.sub("", collapse(soup.title.string))
    page = Page(title=page_title or title or "", format="html", source=source, raw=text)
    html_tag = soup.find("html")
    if html_tag and html_tag.get("lang", "")[:2] in ("en", "es"):
        page.lang = html_tag["lang"][:2]

    for a in soup.find_all("a", href=True):
        target = link_title(a)
        if not target:
            continue
        if target.lower().startswith(_CATEGORY_PREFIXES):
            page.links.append(Link("category", target.split(":", 1)[1].strip()))
        elif a.get("hreflang") and a.get("hreflang") != page.lang:
            page.links.append(Link("interlanguage", target, lang=a["hreflang"][:2]))

    for junk in soup.find_all(JUNK_TAGS):
        junk.decompose()
    for junk in [t for t in soup.find_all(True) if _is_junk(t)]:
        if not junk.decomposed:
            junk.decompose()

    root = soup.find(id="mw-content-text") or soup.find(class_="mw-parser-output") or soup.body or soup
    walker = _Walker(page, faqs=FaqReader(source))
    walker.walk(root)
    walker.faqs.close()
    page.faqs = walker.faqs.faqs
    page.warnings.extend(walker.faqs.warnings)
    if page.rules and not walker.labelled and not walker.implied.cued:
        page.warnings.append(ParseWarning(
            source, "no section headings or rule wording recognised; every item was filed under effects. "
            "Give the page headings such as Activation, Effects, Cancellation", page.rules[0].line, "no-sections"))
    page.lang = page.lang or detect_lang(soup.get_text(" "))
    return page
