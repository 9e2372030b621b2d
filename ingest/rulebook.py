"""Rule text copied from a rulebook PDF → a `Page` (format `text`).

PDF copies write `►` bullets nested by indentation, capitalised labels (`ACTIVATION`,
`CANCELACIÓN`) on their own lines, a state's header line under the title (`CAMOUFLAGED`
under `CAMOUFLAGED STATE`: read as the page's header, not a section), and hard-wrap long
bullets: a line that starts no bullet, no label and follows no blank line continues the item
before it (`Camou-` + `flaged` → `Camouflaged`). A paragraph ending with `:` owns the bullets
that follow it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rulecheck.ingest.folding import collapse
from rulecheck.ingest.language import detect_lang
from rulecheck.ingest.plaintext import FaqReader, Numbering, looks_like_label
from rulecheck.ingest.records import Page, ParseWarning, Rule
from rulecheck.ingest.sections import fold, is_empty_heading, is_faq_heading, section_for

_BULLET = re.compile(r"^(\s*)►\s*(.*)$")
_PAGE_NUMBER = re.compile(r"^\d{1,4}$")
_MAX_LABEL_WORDS = 3


@dataclass
class _Open:
    """An item being read: its rule, its indentation, whether it is a bullet."""

    rule: Rule
    indent: int
    bullet: bool
    lines: list[str]


def join_wrapped(first: str, more: str) -> str:
    """Join a hard-wrapped line to the text before it, undoing end-of-line hyphenation.

    `Camou-` + `flaged` → `Camouflaged`; `Look-` + `Out` keeps the hyphen; otherwise one space.
    """
    first, more = first.rstrip(), more.strip()
    if re.search(r"[^\W\d_]-$", first) and more[:1].isalpha():
        return first[:-1] + more if more[:1].islower() else first + more
    return f"{first} {more}"


def _label_of(line: str) -> str | None:
    cleaned = line.strip().rstrip("!:").strip()
    if len(cleaned.split()) > _MAX_LABEL_WORDS:
        return None
    return section_for(cleaned)


#: Words a state's header line may add to or drop from the page's title.
_STATE_WORDS = {"state", "estado"}


def names_title(line: str, title: str) -> bool:
    """Whether a short capitals line names the page itself: `CAMOUFLAGED` or `CAMOUFLAGED
    STATE` under the title `CAMOUFLAGED STATE` (the state's header box of a rulebook page)."""
    if not title or not looks_like_label(line):
        return False
    words = [w for w in fold(line.rstrip(":!")).split() if w not in _STATE_WORDS]
    return bool(words) and words == [w for w in fold(title).split() if w not in _STATE_WORDS]


def parse_rulebook(text: str, source: str, title: str | None = None) -> Page:
    """Parse rulebook text (`►` bullets) into a `Page` with format `text`; never raises.

    The first line is the title unless it is a label or a bullet; `title` is the fallback.
    """
    lines = text.expandtabs(4).splitlines()
    page = Page(title=title or "", format="text", source=source, raw=text)
    numbering = Numbering()
    faqs = FaqReader(source)

    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    title_index = None
    if first is not None:
        candidate = collapse(lines[first])
        if not (_label_of(candidate) or _BULLET.match(lines[first]) or candidate.endswith((".", ":"))):
            title_index, page.title = first, candidate
    page.title = page.title or title or ""

    section: str | None = None
    label: str | None = None
    in_faq = in_empty = False
    stack: list[_Open] = []  # the open item and its ancestors, outermost first
    after_blank = True

    def start(body: str, raw: str, lineno: int, indent: int, bullet: bool) -> None:
        while stack and stack[-1].indent >= indent and not (
                bullet and not stack[-1].bullet and stack[-1].indent == indent
                and stack[-1].rule.text.endswith(":")):
            stack.pop()
        if not bullet:
            stack.clear()
        parent = stack[-1].rule if stack else None
        key = numbering.child(parent.key) if parent is not None else numbering.top(section or "effects")
        rule = Rule(key=key, section=parent.section if parent else (section or "effects"), section_label=label,
                    ordinal=len(page.rules) + 1, text=collapse(body), source=raw, parent_key=parent.key if parent else None,
                    line=lineno)
        page.rules.append(rule)
        stack.append(_Open(rule, indent, bullet, [raw]))

    for i, raw in enumerate(lines):
        lineno = i + 1
        stripped = collapse(raw)
        if not stripped:
            after_blank = True
            continue
        if i == title_index or _PAGE_NUMBER.match(stripped):
            continue
        if is_faq_heading(stripped):
            in_faq, after_blank = True, True
            stack.clear()
            continue
        if found := _label_of(stripped):
            faqs.close()
            section, label = found, stripped.rstrip("!: ")
            in_faq = in_empty = False
            stack.clear()
            after_blank = True
            continue
        if in_faq:
            faqs.feed(stripped, lineno)
            continue
        if is_empty_heading(stripped):
            in_empty, after_blank = True, True
            stack.clear()
            continue
        if in_empty:
            continue
        bullet = _BULLET.match(raw)
        if bullet:
            start(bullet.group(2), raw, lineno, len(bullet.group(1)), bullet=True)
        elif not after_blank and stack:
            item = stack[-1]
            item.rule.text = collapse(join_wrapped(item.rule.text, stripped))
            item.lines.append(raw)
            item.rule.source = "\n".join(item.lines)
        elif section is None and not stack and names_title(stripped, page.title):
            pass  # the state's header line (`CAMOUFLAGED` under `CAMOUFLAGED STATE`): the page's header
        elif looks_like_label(stripped):
            page.warnings.append(ParseWarning(
                source, f'Unknown section label "{stripped}"; its lines stay in the section before. '
                "Known labels: ACTIVATION, EFFECTS, CANCELLATION, IMPORTANT, REMEMBER",
                lineno, "unknown-label"))
        else:
            start(stripped, raw, lineno, len(raw) - len(raw.lstrip()), bullet=False)
        after_blank = False

    faqs.close()
    page.faqs = faqs.faqs
    page.warnings.extend(faqs.warnings)
    if page.rules and section is None:
        page.warnings.append(ParseWarning(
            source, "no section labels recognised; every item was filed under effects. "
            "Put labels such as ACTIVATION, EFFECTS, CANCELLATION on their own lines",
            page.rules[0].line, "no-sections"))
    page.lang = detect_lang(text)
    return page
