"""The fan wikis' templates, by what they do to the page around them.

A template either steers the parse (opens a section, a box, an errata or edition block, a FAQ
box), is decoration to drop (banners, navigation, highlight markers), or is unknown.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from mwparserfromhell.nodes import Template

from rulecheck.ingest.sections import section_for

#: Kinds of `Control.kind`.
SECTION = "section"  # {{activation}}: a rule section opens
BOX_START = "box-start"  # {{explain-start}}
BOX_END = "box-end"  # {{explain-end}}
ERRATA_START = "errata-start"  # {{update | PDF 2.1, July 2023}}, {{original}}
ERRATA_END = "errata-end"  # {{update-end}}, {{original-end}}
PAGE_EDITION = "page-edition"  # {{n4only}}
EDITION_BLOCK = "edition-block"  # {{n4list}} (page edition) … {{n4end}}
RULE_EDITION = "rule-edition"  # {{c1}} … {{c1end}}: the rules inside get the edition
EDITION_END = "edition-end"
FAQBOX = "faqbox"  # {{faqbox | q = … | a = …}}
FAQ_BOX_START = "faq-box-start"  # {{Template:FAQ_Box_FAQ}} 1.4, Sep 2018
FAQ_QUESTION = "faq-question"
FAQ_ANSWER = "faq-answer"
FAQ_RELATED = "faq-related"
BANNER = "banner"  # {{skillbox |black| HIDDEN DEPLOYMENT | }}: dropped, may name the state
DROP = "drop"  # navigation and layout: dropped silently
INLINE_DROP = "inline-drop"  # {{erratahighlight}}: dropped from the text it sits in

#: Kinds that change the parse state, so the text before them on a line is flushed first.
STEERING = frozenset(
    {SECTION, BOX_START, BOX_END, ERRATA_START, ERRATA_END, PAGE_EDITION, EDITION_BLOCK,
     RULE_EDITION, EDITION_END, FAQBOX, FAQ_BOX_START, FAQ_QUESTION, FAQ_ANSWER, FAQ_RELATED,
     BANNER, DROP}
)

_INLINE_DROPS = frozenset(
    {"erratahighlight", "erratahighlight end", "originalhighlight", "originalhighlight end",
     "highlight", "highlight end"}
)
_DROPS = frozenset({"clear", "toc", "notoc", "-", "clr"})
_EDITION_N = re.compile(r"n(\d)(only|list|end)")
_CODEONE = {"c1": RULE_EDITION, "c1 start": RULE_EDITION, "c1end": EDITION_END,
            "c1 end": EDITION_END, "c1only": PAGE_EDITION}


@dataclass(frozen=True)
class Control:
    """What a template does: its kind plus the detail that kind needs."""

    kind: str
    #: The section (`SECTION`, `BOX_*`), errata kind (`ERRATA_*`), edition, or FAQ kind.
    value: str | None = None
    #: The label as written (`Activation`, `Remember`), a version, or a FAQ box title.
    label: str | None = None


def template_name(template: Template) -> str:
    """`{{Template:FAQ_Box_FAQ}}` → `faq box faq`; `{{Remember_Start}}` → `remember start`."""
    name = str(template.name).strip()
    if name.lower().startswith("template:"):
        name = name[len("template:"):]
    return " ".join(name.replace("_", " ").replace("-", " ").lower().split())


def written_name(template: Template) -> str:
    """The template name as the page writes it, without `Template:` and underscores."""
    name = str(template.name).strip()
    if name.lower().startswith("template:"):
        name = name[len("template:"):]
    return " ".join(name.replace("_", " ").split())


def first_positional(template: Template) -> str | None:
    """The first unnamed parameter, stripped, or None (`{{update | PDF 2.1, July 2023}}`)."""
    for param in template.params:
        if not param.showkey:
            value = str(param.value).strip()
            return value or None
    return None


def classify(template: Template) -> Control | None:
    """The `Control` for a template, or None when the template is unknown."""
    name = template_name(template)
    if name in _INLINE_DROPS:
        return Control(INLINE_DROP)
    if name == "faqbox" or name == "faq box":
        return Control(FAQBOX)
    if name.startswith("faq box"):
        variant = written_name(template)[len("FAQ Box"):].strip() or "FAQ"
        kind = "errata" if "errata" in variant.lower() else "faq"
        return Control(FAQ_BOX_START, kind, variant)
    if name.startswith("faq question"):
        return Control(FAQ_QUESTION)
    if name.startswith("faq answer"):
        return Control(FAQ_ANSWER)
    if name.startswith(("faq linked pages", "faq related")):
        return Control(FAQ_RELATED)
    if name in ("update", "original"):
        return Control(ERRATA_START, name, first_positional(template))
    if name in ("update end", "updateend", "original end", "originalend"):
        return Control(ERRATA_END, name.split()[0].removesuffix("end"))
    match = _EDITION_N.fullmatch(name)
    if match:
        edition = f"N{match.group(1)}"
        kind = {"only": PAGE_EDITION, "list": EDITION_BLOCK, "end": EDITION_END}[match.group(2)]
        return Control(kind, edition)
    if name in _CODEONE:
        return Control(_CODEONE[name], "CodeOne")
    if name == "skillbox":
        return Control(BANNER)
    if name in _DROPS or name.startswith("section "):
        return Control(DROP)
    head, _, tail = name.rpartition(" ")
    if tail in ("start", "end") and section_for(head):
        label = " ".join(written_name(template).replace("-", " ").split()).rsplit(" ", 1)[0]
        return Control(BOX_START if tail == "start" else BOX_END, section_for(head), label)
    if not template.params and section_for(name):
        return Control(SECTION, section_for(name), written_name(template))
    return None


def banner_name(template: Template) -> str | None:
    """The state a `{{skillbox}}` banner names (its last non-empty unnamed parameter)."""
    values = [str(p.value).strip() for p in template.params if not p.showkey]
    values = [v for v in values if v]
    return values[-1] if len(values) > 1 else None
