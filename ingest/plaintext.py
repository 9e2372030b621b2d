"""Plain text copied from the official wiki (English or Spanish) → a `Page` of rules and FAQs.

The page's first line is its title. Navigation lines are dropped; section labels
(`ACTIVACIÓN`, `EFFECTS`, …) open sections; a page without labels (HoloMask State) has its
sections recognised from their wording (`WORDING_CUES`). `- ` bullets under a line ending
with `:` are that line's children. A `FAQs & Errata` heading opens `Q:` / `A:` /
`Related Pages:` entries.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulecheck.ingest.folding import collapse, plain
from rulecheck.ingest.language import detect_lang
from rulecheck.ingest.records import Faq, Link, Page, ParseWarning, Rule
from rulecheck.ingest.sections import (
    FOLD_STRIP, is_empty_folded, is_faq_folded, is_faq_heading, section_for, section_for_folded, split_version,
)


# --- Wording cues: how a page without labels says which section a line belongs to ---------
#
# (section, pattern on the `plain()` form of the line, who may match: "any" | "paragraph").
# Checked in order; the first match wins. A cue names a section; lines with no cue stay in
# the section of the line before, except right after activation, where they are effects.
WORDING_CUES: tuple[tuple[str, re.Pattern[str], str], ...] = tuple(
    (section, re.compile(pattern), who)
    for section, pattern, who in (
        ("note", r"\bnot used in codeone\b|\bno se (usa|utiliza|emplea) en codeone\b", "any"),
        ("note", r"^this (n\d|codeone) rule\b|^esta regla (de )?(n\d|codeone)\b", "any"),
        ("activation", r"^automatic\b|^automatico\b", "any"),
        ("activation", r"\b(return|revert)\w* to .*\bstate by (consuming|expending|spending)\b", "any"),
        ("activation", r"\bvolver a (estado )?.*\bconsumiendo\b", "any"),
        ("cancellation", r"\bis cancell?ed\b.*\bwhenever\b.*:$", "any"),
        ("cancellation", r"\bse cancela\b.*\bsiempre que\b.*:$", "any"),
        ("important", r"^(the )?cancell?ation of .*\bis applied to the (entirety|whole)\b", "any"),
        ("important", r"^la cancelacion de(l)? .*\bse aplica a la totalidad\b", "any"),
        ("important", r"\bis considered (open|private|public) information\b", "any"),
        ("important", r"\bse considera informacion (abierta|privada|publica)\b", "any"),
        ("example", r"^(for example|example|por ejemplo|ejemplo)\b", "paragraph"),
        # A narrative: "A Fireteam Core of … declares a Move + BS Attack Order. …"
        ("example", r"^(an?|the|un|una|el|la) .*\b(declares?|declara)\b .*\b(order|orden)\b.*\. \S", "paragraph"),
    )
)

#: Lines that keep the section of the line before (`In addition:` after cancellation bullets).
CONTINUATION_CUES = re.compile(r"^(in addition|additionally|ademas|asimismo)\s*:$")

#: Step labels inside examples: headings for the text that follows, never rules.
STEP_LABEL = re.compile(
    r"^((paso|step|fase|phase)\s*\d+|resolucion|resolution|resultado|result|conclusion)\s*:$"
)

#: Navigation phrases of the official wiki's page furniture (folded, whole line).
NAV_PHRASES = re.compile(r"^(modulo de estados( y glosario)?|states? module( and glossary)?|game states list|glosario|glossary)$")

#: Sections whose short unpunctuated lines are headings (`Sensor`, `ORA ante un Marcador:`).
HEADING_SECTIONS = frozenset({"see_also", "remember", "example", "explain"})

_BULLET = re.compile(r"^\s*[-–•]\s+(.*)$")
_EDITION = re.compile(r"\b(N[3-5]|CodeOne)\b")
_MAX_HEADING_WORDS = 8


@dataclass
class Numbering:
    """Gives rule keys: `<section>-<n>` across the page, `<parent>-<m>` under a parent.

    (A rule's `ordinal` is its 1-based position on the page, not these counts.)
    """

    tops: dict[str, int] = field(default_factory=dict)
    children: dict[str, int] = field(default_factory=dict)

    def top(self, section: str) -> str:
        """The key of the next top-level item of `section`."""
        n = self.tops[section] = self.tops.get(section, 0) + 1
        return f"{section}-{n}"

    def child(self, parent_key: str) -> str:
        """The key of the next child of `parent_key`."""
        m = self.children[parent_key] = self.children.get(parent_key, 0) + 1
        return f"{parent_key}-{m}"


def is_navigation(line: str, title: str | None) -> bool:
    """Page furniture: `A | B | C` link rows, `| HOLOMASK |` banners, the title repeated in capitals."""
    stripped = line.strip()
    return _is_navigation(stripped, plain(stripped), plain(title) if title else None)


def _is_navigation(stripped: str, plain_line: str, plain_title: str | None) -> bool:
    """`is_navigation` of a stripped line, given its `plain()` form and the title's (made once)."""
    if "|" in stripped:
        parts = [p.strip() for p in stripped.split("|") if p.strip()]
        if stripped.startswith("|") and stripped.endswith("|") and len(parts) <= 2:
            return True
        if len(parts) >= 3 and all(len(p.split()) <= 6 and not p.endswith(".") for p in parts):
            return True
    if plain_title and stripped.isupper() and plain_line == plain_title:
        return True
    return bool(NAV_PHRASES.match(plain_line))


def looks_like_label(line: str) -> bool:
    """A short all-capitals line: a section label, whether or not we know it."""
    stripped = line.strip().rstrip(":!")
    # Cheap tests first: most lines are long sentences in mixed case.
    if not stripped.isupper() or len(stripped.split()) > 4 or stripped.endswith("."):
        return False
    return sum(1 for c in stripped if c.isalpha()) >= 3


def wording_section(text: str, *, bullet: bool) -> str | None:
    """The section a line's wording names (`… is canceled … whenever:` → cancellation), or None."""
    folded = plain(text)
    for section, pattern, who in WORDING_CUES:
        if who == "paragraph" and bullet:
            continue
        if pattern.search(folded):
            return section
    return None


@dataclass
class ImpliedSections:
    """Follows a page that has no labels, section by section, from its wording."""

    current: str | None = None
    cued: bool = False

    def section_of(self, text: str, *, bullet: bool) -> str:
        """The section `text` belongs to, given the lines before it."""
        cue = wording_section(text, bullet=bullet)
        if cue == "note":
            self.cued = True
            return "note"
        if cue:
            self.cued = True
            self.current = cue
        elif self.current and CONTINUATION_CUES.match(plain(text)):
            pass
        elif self.current in (None, "activation"):
            self.current = "effects"
        return self.current or "effects"


@dataclass
class FaqReader:
    """Collects `Q:` / `A:` / `Related Pages:` lines (and `P:` / `R:` / `Páginas relacionadas:`)."""

    source: str
    faqs: list[Faq] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)
    title: str | None = None
    version: str | None = None
    date: str | None = None
    _open: dict | None = None

    QUESTION = re.compile(r"^\s*(?:Q|P|Pregunta|Question)\s*[:.]\s*(.*)$", re.I)
    ANSWER = re.compile(r"^\s*(?:A|R|Respuesta|Answer)\s*[:.]\s*(.*)$", re.I)
    RELATED = re.compile(r"^\s*(?:Related Pages|Linked Pages|P[aá]ginas relacionadas)\s*:\s*(.*)$", re.I)
    BOX = re.compile(r"^\s*((?:(?:N\d|CodeOne)\s+)?(?:FAQ|Errata))\b\s*(.*)$", re.I)
    ERRATA = re.compile(r"^\s*\[errata\]\s*", re.I)

    def feed(self, line: str, lineno: int) -> None:
        """Read one non-blank line of the FAQ part."""
        if m := self.QUESTION.match(line):
            self.close()
            self._open = {"question": [m.group(1)], "answer": [], "related": [], "line": lineno,
                          "source": [line], "field": "question"}
        elif m := self.ANSWER.match(line):
            if not self._open:
                self.warnings.append(ParseWarning(self.source, "answer without a question; start it with `Q:`",
                                                  lineno, "faq-incomplete"))
                return
            self._open["answer"].append(m.group(1))
            self._open["field"] = "answer"
            self._open["source"].append(line)
        elif m := self.RELATED.match(line):
            if self._open:
                self._open["related"].extend(p.strip() for p in m.group(1).split(",") if p.strip())
                self._open["field"] = "related"
                self._open["source"].append(line)
        elif (m := self.BOX.match(line)) and (not self._open or self._open["field"] == "related"):
            self.close()
            self.title = collapse(m.group(1))
            self.version, self.date = split_version(m.group(2))
        elif self._open and self._open["field"] in ("question", "answer"):
            self._open[self._open["field"]].append(line)
            self._open["source"].append(line)

    def close(self) -> None:
        """Finish the entry being read, if any."""
        entry, self._open = self._open, None
        if not entry:
            return
        question = collapse(" ".join(entry["question"]))
        answer = collapse(" ".join(entry["answer"]))
        if not question or not answer:
            self.warnings.append(ParseWarning(
                self.source, "FAQ without " + ("an answer (`A:` line)" if question else "a question"),
                entry["line"], "faq-incomplete"))
            return
        errata = bool(self.ERRATA.match(question)) or bool(self.title and "errata" in self.title.lower())
        self.faqs.append(Faq(
            kind="errata" if errata else "faq",
            question=self.ERRATA.sub("", question),
            answer=answer,
            source="\n".join(entry["source"]),
            title=self.title,
            version=self.version,
            date=self.date,
            line=entry["line"],
            links=[Link("related", title) for title in entry["related"]],
        ))


def _next_content(lines: list[str], i: int) -> str | None:
    for line in lines[i + 1:]:
        if line.strip():
            return line
    return None


def parse_plaintext(text: str, source: str, title: str | None = None) -> Page:
    """Parse plain wiki text into a `Page` (format `text`); never raises on odd input.

    `title` is used only when the page's first line cannot be its title (it is a label or
    a rule).
    """
    return _PageReader(text, source, title).read()


class _PageReader:
    """Walks one page's lines, holding the parse state between them."""

    def __init__(self, text: str, source: str, title: str | None) -> None:
        self.text = text
        self.lines = text.splitlines()
        self.page = Page(title=title or "", format="text", source=source, raw=text)
        self.numbering = Numbering()
        self.implied = ImpliedSections()
        self.faqs = FaqReader(source)
        #: The first line that is not blank or navigation, and the title line (when it is one).
        self.first: int | None = None
        self.title_index: int | None = None
        self.plain_title: str | None = None
        # Where the next rule goes.
        self.section: str | None = None
        self.label: str | None = None
        self.labelled = False  # a label has been seen: sections no longer come from wording
        self.in_faq = False
        self.in_empty = False  # under a label that holds no rules (`MARCADOR`)
        self.parent: Rule | None = None  # the `…:` line whose `- ` bullets are its children
        self.heading: str | None = None
        self.step: str | None = None

    def read(self) -> Page:
        self._title(self.page.title)
        for i, line in enumerate(self.lines):
            self._line(i, line)
        self._finish()
        return self.page

    def _title(self, hint: str) -> None:
        """Take the first content line as the title unless it reads as a label or a rule."""
        self.first = next((i for i, line in enumerate(self.lines)
                           if line.strip() and not is_navigation(line, None)), None)
        if self.first is not None:
            candidate = collapse(self.lines[self.first])
            if not (section_for(candidate) or _BULLET.match(candidate) or candidate.endswith((".", ":"))
                    or is_faq_heading(candidate)):
                self.title_index, self.page.title = self.first, candidate.strip("| ")
        self.page.title = self.page.title or hint or ""
        self.plain_title = plain(self.page.title) if self.page.title else None

    def _line(self, i: int, line: str) -> None:
        """Read one line: a label, a FAQ line, a bullet, a heading or a paragraph."""
        stripped = collapse(line)
        if not stripped or i == self.title_index:
            return
        # Each line is folded once; the label tests below all read these two forms.
        plain_line = plain(stripped)
        if _is_navigation(stripped, plain_line, self.plain_title):
            return
        if self._label(stripped, plain_line.strip(FOLD_STRIP)):  # == fold(stripped)
            return
        lineno = i + 1
        if self.in_faq:
            self.faqs.feed(stripped, lineno)
        elif self.in_empty:
            return
        elif bullet := _BULLET.match(line):
            self._bullet(collapse(bullet.group(1)), line, lineno)
        elif looks_like_label(stripped):
            self.page.warnings.append(ParseWarning(
                self.page.source, f'Unknown section label "{stripped}"; its lines stay in the section before. '
                "Known labels: ACTIVATION, EFFECTS, CANCELLATION, IMPORTANT, REMEMBER, SEE ALSO, Examples",
                lineno, "unknown-label"))
        else:
            self._paragraph(i, line, stripped, plain_line)

    def _label(self, stripped: str, folded: str) -> bool:
        """Open the FAQ part, a known section or a part without rules; True when the line did."""
        if is_faq_folded(folded):
            self.in_faq, self.parent = True, None
            return True
        known = section_for_folded(folded)
        if known and len(stripped.split()) <= 3:
            self.faqs.close()
            self.in_faq = self.in_empty = False
            self.section, self.label, self.labelled = known, stripped.rstrip(": "), True
            self.parent = self.heading = self.step = None
            return True
        if not self.in_faq and is_empty_folded(folded):
            self.in_empty, self.labelled, self.parent = True, True, None
            return True
        return False

    def _bullet(self, item: str, line: str, lineno: int) -> None:
        """A `- ` bullet: a child of the open `…:` line, else a top-level rule."""
        if self.parent is not None:
            self._add(item, line, lineno, self.parent.section, as_child=True)
            return
        section = self.section if self.labelled else self.implied.section_of(item, bullet=True)
        if section is not None:
            self._add(item, line, lineno, section, as_child=False)

    def _paragraph(self, i: int, line: str, stripped: str, plain_line: str) -> None:
        """A line that is no bullet: a step label, a heading inside a section, or a rule."""
        upcoming = _next_content(self.lines, i)
        opens_list = stripped.endswith(":") and upcoming is not None and bool(_BULLET.match(upcoming))
        if STEP_LABEL.match(plain_line):
            self.step, self.parent = stripped, None
            return
        if (self.labelled and self.section in HEADING_SECTIONS and not opens_list and upcoming is not None
                and len(stripped.split()) <= _MAX_HEADING_WORDS and not stripped.endswith((".", "!", "?"))
                and not section_for(collapse(upcoming))):
            self.heading, self.step, self.parent = stripped, None, None
            return
        section = self.section if self.labelled else self.implied.section_of(stripped, bullet=False)
        if section is None:
            return
        rule = self._add(stripped, line, i + 1, section, as_child=False)
        if section == "note" and not self.page.edition and (m := _EDITION.search(stripped)):
            self.page.edition = m.group(1)
        self.parent = rule if opens_list else None

    def _add(self, text: str, source: str, lineno: int, section: str, *, as_child: bool) -> Rule:
        if as_child and self.parent is not None:
            key, parent_key = self.numbering.child(self.parent.key), self.parent.key
        else:
            key, parent_key = self.numbering.top(section), None
        heading, step = self.heading, self.step
        full_heading = f"{heading} › {step.rstrip(':')}" if heading and step else (step or heading)
        rule = Rule(key=key, section=section, section_label=self.label if self.labelled else None,
                    ordinal=len(self.page.rules) + 1, text=collapse(text), source=source,
                    parent_key=parent_key, heading=full_heading, line=lineno)
        if section == "see_also" and heading:
            rule.links.append(Link("see_also", heading.rstrip(":")))
        self.page.rules.append(rule)
        return rule

    def _finish(self) -> None:
        """Close the last FAQ, and warn when nothing told the sections apart."""
        page = self.page
        self.faqs.close()
        page.faqs = self.faqs.faqs
        page.warnings.extend(self.faqs.warnings)
        if page.rules and not self.labelled and not self.implied.cued:
            page.warnings.append(ParseWarning(
                page.source, "no section labels or rule wording recognised; every line was filed under effects. "
                "Add labels such as ACTIVATION, EFFECTS, CANCELLATION on their own lines",
                page.rules[0].line, "no-sections"))
        elif not page.rules and not page.faqs:
            page.warnings.append(ParseWarning(
                page.source, "no rules found: no section labels and no bullets or paragraphs",
                self.first + 1 if self.first is not None else None, "no-sections"))
        page.lang = detect_lang(self.text)
