"""MediaWiki source of a rules page → `records.Page`: its rules, FAQs, links and warnings.

The page is parsed once with mwparserfromhell and its top-level nodes are read line by line.
Section templates (`{{effects}}`), headings (`==Effects==`), boxes, errata and edition
wrappers steer a small state; bullets and paragraphs become rules under that state.

Warning codes: `unknown-template`, `unbalanced-braces`, `unbalanced-brackets`,
`unbalanced-tag`, `no-sections`, `unclosed-block`, `unmatched-end`, `incomplete-faq`,
`orphan-bullet`, `stray-faq-text`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePath

import mwparserfromhell
from mwparserfromhell.nodes import Heading, Node, Template

from rulecheck.ingest import wikitext_templates as tpl
from rulecheck.ingest.detect import view_source_title
from rulecheck.ingest.folding import collapse
from rulecheck.ingest.plainify import STRAY_BRACES, STRAY_BRACKETS, STRAY_TAG, TextCollector, positional_text
from rulecheck.ingest.records import Link, Page, ParseWarning, Rule
from rulecheck.ingest.sections import is_empty_heading, is_faq_heading, section_for
from rulecheck.ingest.wikitext_faq import FaqBoxDraft, IncompleteFaq, faq_from_template
from rulecheck.ingest.wikitext_lines import Line, lines, split_markers

def parse_wikitext(text: str, source: str, title: str | None = None) -> Page:
    """Read MediaWiki source into a `Page`. Never raises on bad markup: see `page.warnings`.

    The title comes from a first (non-blank) line `View source for TITLE`, else `title`, else
    the state a `{{skillbox}}` banner names, else the file name.
    """
    return _PageReader(text, source, title).read()


def _is_prose(text: str) -> bool:
    """Real sentences rather than a stray caption or label."""
    words = text.split()
    return len(words) >= 8 or (len(words) >= 3 and text.rstrip()[-1:] in ".!?:")


@dataclass
class _Paragraph:
    """Consecutive non-bullet lines, read as one rule."""

    line: int
    last_line: int
    texts: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)


@dataclass
class _Open:
    """A nested bullet that may take children."""

    depth: int
    key: str
    children: int = 0


class _PageReader:
    """Walks one page's lines, holding the parse state between them."""

    def __init__(self, text: str, source: str, title: str | None) -> None:
        self.text = text.lstrip("\ufeff")
        self.page = Page(title=title or "", format="wikitext", source=source, raw=text)
        self.line_no = 1
        # Where the next rule goes.
        self.section: str | None = None
        self.label: str | None = None
        self.heading: str | None = None
        self.skip = False  # under a heading that holds no rules (`==Marker==`)
        self.faq_part = False  # under `=FAQ=` / `== FAQs & Errata ==`
        self.recognised = False
        self.box: tuple[str, int, tuple] | None = None  # (section, line, saved section state)
        self.errata: tuple[str, str | None, int] | None = None  # (kind, version, line)
        self.rule_edition: tuple[str, int] | None = None  # {{c1}}
        self.edition_block: tuple[str, int] | None = None  # {{n4list}}
        self.banner_title: str | None = None
        # What has been read.
        self.counters: dict[str, int] = {}
        self.stack: list[_Open] = []
        self.paragraph: _Paragraph | None = None
        self.draft: FaqBoxDraft | None = None

    # -- driving ---------------------------------------------------------------------------

    def read(self) -> Page:
        # Style tags are left as text on purpose: pages carry unbalanced quotes
        # (`'''[[Discover]]'' Roll`) that the style-tag tree gets wrong; plainify strips them.
        code = mwparserfromhell.parse(self.text, skip_style_tags=True)
        looking_for_title = True
        for line in lines(code):
            self.line_no = line.number
            if looking_for_title and line.strs and "".join(line.strs).strip():
                looking_for_title = False
                if self._title_line(line):
                    continue
            self._line(line)
        self._flush_paragraph()
        self._finish_draft()
        self._close_all()
        if not self.page.title:
            self.page.title = self.banner_title or PurePath(self.page.source).stem.replace("_", " ")
        return self.page

    def _title_line(self, line: Line) -> bool:
        title = view_source_title("".join(line.strs))
        if title is None:
            return False
        self.page.title = title
        return True

    def _line(self, line: Line) -> None:
        source = "".join(line.strs)
        if source.strip() == "|}":
            if self.draft is not None:
                self.draft.sources.append(source)
                self._finish_draft()
            return
        pending: list[Node] = []
        pending_strs: list[str] = []
        for node, text in zip(line.nodes, line.strs):
            if isinstance(node, Heading):
                self._content(pending, pending_strs, line)
                pending, pending_strs = [], []
                self._heading(node)
                continue
            control = tpl.classify(node) if isinstance(node, Template) else None
            if control is not None and control.kind in tpl.STEERING:
                markers, _ = split_markers(pending)
                if "".join(pending_strs[len(markers):]).strip():
                    self._content(pending, pending_strs, line)
                    pending, pending_strs = [], []
                self._control(control, node)
                continue
            pending.append(node)
            pending_strs.append(text)
        self._content(pending, pending_strs, line)
        if self.draft is not None:
            self.draft.sources.append(source)

    # -- content: bullets and paragraphs ----------------------------------------------------

    def _collector(self) -> TextCollector:
        return TextCollector(self._template_text)

    def _template_text(self, template: Template, collector: TextCollector) -> str:
        if tpl.classify(template) is not None:
            return ""
        name = tpl.written_name(template)
        self._warn("unknown-template", f"Unknown template {{{{{name}}}}}: its unnamed parameters were "
                   "kept as text; teach ingest/wikitext_templates.py the template if it matters")
        return positional_text(template, collector)

    def _check_stray(self, collector: TextCollector) -> None:
        if not collector.stray:
            return
        if collector.stray & set(STRAY_BRACES):
            self._warn("unbalanced-braces", f"Unbalanced {{{{ or }}}} on line {self.line_no}: "
                       "close the template (or remove the stray braces)")
        if collector.stray & set(STRAY_BRACKETS):
            self._warn("unbalanced-brackets", f"Unbalanced [[ or ]] on line {self.line_no}: "
                       "close the link (or remove the stray brackets)")
        if STRAY_TAG in collector.stray:
            self._warn("unbalanced-tag", f"An HTML tag on line {self.line_no} is not closed: "
                       "close it (or remove it); it was dropped from the text")
        collector.stray.clear()

    def _content(self, nodes: list[Node], strs: list[str], line: Line) -> None:
        if self.draft is not None:
            if nodes:
                self._check_stray(self.draft.add(split_markers(nodes)[1]))
            return
        markers, body = split_markers(nodes)
        collector = self._collector()
        collector.add(body)
        self.page.links.extend(collector.page_links)
        self._check_stray(collector)
        text = collector.text()
        if not text or self.skip:
            self._flush_paragraph()
            return
        if self.faq_part:
            self._warn("stray-faq-text", "Text outside any FAQ box in the FAQ part was skipped "
                       f"({text[:40]!r}): put it in a FAQ box or under a rule heading")
            return
        source = "".join(strs)
        depth = markers.count("*") + markers.count("#")
        if depth:
            self._flush_paragraph()
            self._emit(depth, text, source, line.number, collector.links)
            return
        para = self.paragraph
        if para is not None and para.last_line == line.number - 1:
            para.texts.append(text)
            para.sources.append(source)
            para.links.extend(collector.links)
            para.last_line = line.number
        else:
            self._flush_paragraph()
            self.paragraph = _Paragraph(line.number, line.number, [text], [source], collector.links)

    def _flush_paragraph(self) -> None:
        para, self.paragraph = self.paragraph, None
        if para is not None:
            text = collapse(" ".join(para.texts), keep_newlines=True)
            self._emit(0, text, "\n".join(para.sources), para.line, para.links)

    def _emit(self, depth: int, text: str, source: str, line: int, links: list[Link]) -> None:
        section, label = self.section, self.label
        if section is None:
            if not _is_prose(text):
                return
            section, label = "note", None
        while self.stack and self.stack[-1].depth >= depth:
            self.stack.pop()
        if depth > 1 and not self.stack:
            self._warn("orphan-bullet", f"A level-{depth} bullet on line {line} has no parent "
                       "bullet: it was read as a top-level one", line)
        if self.stack:
            parent = self.stack[-1]
            parent.children += 1
            key, parent_key = f"{parent.key}-{parent.children}", parent.key
        else:
            self.counters[section] = self.counters.get(section, 0) + 1
            key, parent_key = f"{section}-{self.counters[section]}", None
        errata, version = (self.errata[0], self.errata[1]) if self.errata else (None, None)
        self.page.rules.append(Rule(
            key=key, section=section, section_label=label, ordinal=len(self.page.rules) + 1,
            text=text, source=source, parent_key=parent_key,
            edition=self.rule_edition[0] if self.rule_edition else None,
            errata=errata, errata_version=version, heading=self.heading, line=line, links=links,
        ))
        if depth:
            self.stack.append(_Open(depth, key))

    # -- steering: headings and templates ---------------------------------------------------

    def _heading(self, node: Heading) -> None:
        self._flush_paragraph()
        self._finish_draft()
        collector = self._collector()
        collector.add(node.title.nodes)
        label = collector.text()
        kind = section_for(label)
        if is_faq_heading(label):
            self._set_section(None, None)
            self.faq_part = self.recognised = True
        elif is_empty_heading(label):
            self._set_section(None, None)
            self.skip = True
        elif kind:
            self._set_section(kind, label)
            self.recognised = True
        elif self.section is not None and node.level >= 3:
            self.heading = label
        else:
            self._set_section("note", label)

    def _set_section(self, section: str | None, label: str | None) -> None:
        if self.box is not None:
            self._warn("unclosed-block", f"The {self.box[0]} box opened on line {self.box[1]} was "
                       f"never closed: add {{{{{self.box[0]}-end}}}}", self.box[1])
            self.box = None
        self.section, self.label, self.heading = section, label, None
        self.skip = self.faq_part = False
        self.stack = []

    def _control(self, control: tpl.Control, node: Template) -> None:
        kind = control.kind
        if kind not in (tpl.FAQ_QUESTION, tpl.FAQ_ANSWER, tpl.FAQ_RELATED, tpl.DROP, tpl.BANNER):
            self._flush_paragraph()
            self._finish_draft()
        if kind == tpl.SECTION:
            self._set_section(control.value, control.label)
            self.recognised = True
        elif kind == tpl.BOX_START:
            saved = (self.section, self.label, self.heading, self.skip, self.faq_part)
            self._set_section(control.value, control.label)
            self.box = (control.value, self.line_no, saved)
            self.recognised = True
        elif kind == tpl.BOX_END:
            self._box_end(control)
        elif kind == tpl.ERRATA_START:
            if self.errata is not None:
                self._unclosed_errata()
            self.errata = (control.value, control.label, self.line_no)
        elif kind == tpl.ERRATA_END:
            if self.errata is not None and self.errata[0] == control.value:
                self.errata = None
            else:
                self._unmatched(node)
        elif kind in (tpl.PAGE_EDITION, tpl.EDITION_BLOCK):
            self.page.edition = self.page.edition or control.value
            if kind == tpl.EDITION_BLOCK:
                self.edition_block = (control.value, self.line_no)
        elif kind == tpl.RULE_EDITION:
            self.rule_edition = (control.value, self.line_no)
        elif kind == tpl.EDITION_END:
            if self.rule_edition and self.rule_edition[0] == control.value:
                self.rule_edition = None
            elif self.edition_block and self.edition_block[0] == control.value:
                self.edition_block = None
            else:
                self._unmatched(node)
        elif kind == tpl.FAQBOX:
            self._faqbox(node)
        elif kind == tpl.FAQ_BOX_START:
            self.draft = self._new_draft(control.value, control.label)
        elif kind in (tpl.FAQ_QUESTION, tpl.FAQ_ANSWER, tpl.FAQ_RELATED):
            if self.draft is None:
                self.draft = self._new_draft("faq", None)
            self.draft.current = kind.removeprefix("faq-")
        elif kind == tpl.BANNER:
            self.banner_title = self.banner_title or _title_case(tpl.banner_name(node))

    def _box_end(self, control: tpl.Control) -> None:
        if self.box is None or self.box[0] != control.value:
            self._warn("unmatched-end", f"{{{{{control.label}-end}}}} on line {self.line_no} closes "
                       "no open box: remove it or add the matching -start")
            return
        self._flush_paragraph()
        section, label, heading, skip, faq_part = self.box[2]
        self.box = None
        self._set_section(section, label)
        self.heading, self.skip, self.faq_part = heading, skip, faq_part

    def _unmatched(self, node: Template) -> None:
        self._warn("unmatched-end", f"{{{{{tpl.written_name(node)}}}}} on line {self.line_no} closes "
                   "no open block: remove it or add the block's opening template")

    def _unclosed_errata(self) -> None:
        kind, _, line = self.errata
        self._warn("unclosed-block", f"The {{{{{kind}}}}} block opened on line {line} was never "
                   f"closed: add {{{{{kind}-end}}}}", line)

    def _close_all(self) -> None:
        if self.box is not None:
            self._set_section(None, None)
        if self.errata is not None:
            self._unclosed_errata()
        for block, closer in ((self.rule_edition, "c1end"), (self.edition_block, "n4end")):
            if block is not None:
                self._warn("unclosed-block", f"The {block[0]} block opened on line {block[1]} was "
                           f"never closed: add its end template ({{{{{closer}}}}}-style)", block[1])
        if not self.recognised:
            self._warn("no-sections", "No recognisable sections (Activation, Effects, Cancellation, "
                       "FAQ…): check the page is a rules page; nothing was read as rules", None)

    # -- FAQs -------------------------------------------------------------------------------

    def _faqbox(self, node: Template) -> None:
        self.recognised = True
        collectors: list[TextCollector] = []

        def new_collector() -> TextCollector:
            collectors.append(self._collector())
            return collectors[-1]

        try:
            faq = faq_from_template(node, new_collector, line=self.line_no,
                                    edition=self._faq_edition(), page_links=self.page.links)
            self.page.faqs.append(faq)
        except IncompleteFaq as missing:
            self._warn("incomplete-faq", f"A FAQ box on line {self.line_no} has no {missing}: "
                       "fill in its q = and a = parameters; it was skipped")
        for collector in collectors:
            self._check_stray(collector)

    def _faq_edition(self) -> str | None:
        return self.rule_edition[0] if self.rule_edition else None

    def _new_draft(self, kind: str, title: str | None) -> FaqBoxDraft:
        self.recognised = True
        return FaqBoxDraft(kind=kind, title=title, line=self.line_no, edition=self._faq_edition(),
                           version=self._collector(), question=self._collector(),
                           answer=self._collector(), related=self._collector())

    def _finish_draft(self) -> None:
        draft, self.draft = self.draft, None
        if draft is None:
            return
        self.page.links.extend(draft.page_links())
        try:
            self.page.faqs.append(draft.finish())
        except IncompleteFaq as missing:
            self._warn("incomplete-faq", f"The FAQ box on line {draft.line} has no {missing}: add its "
                       "FAQ_Question / FAQ_Answer line; it was skipped", draft.line)

    def _warn(self, code: str, message: str, line: int | None | str = "current") -> None:
        where = self.line_no if line == "current" else line
        self.page.warnings.append(ParseWarning(self.page.source, message, where, code))


def _title_case(name: str | None) -> str | None:
    """`HIDDEN DEPLOYMENT` → `Hidden Deployment` (banners shout)."""
    if not name:
        return None
    return name.title() if name.isupper() else name
