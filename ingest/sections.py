"""Section labels as pages write them (English, Spanish, any case) → the `rules.section` vocabulary."""
from __future__ import annotations

import re

from rulecheck.ingest.folding import plain

_LABELS = {
    "activation": "activation",
    "activacion": "activation",
    "requirements": "requirements",
    "requisitos": "requirements",
    "effects": "effects",
    "efectos": "effects",
    "cancellation": "cancellation",
    "cancelacion": "cancellation",
    "important": "important",
    "importante": "important",
    "remember": "remember",
    "recuerda": "remember",
    "explain": "explain",
    "explanation": "explain",
    "example": "example",
    "examples": "example",
    "ejemplo": "example",
    "ejemplos": "example",
    "see also": "see_also",
    "ver tambien": "see_also",
    "note": "note",
    "notes": "note",
    "nota": "note",
    "notas": "note",
}

#: Headings that open a page's FAQ part rather than a rule section.
_FAQ_HEADINGS = {"faq", "faqs", "faqs & errata", "faqs and errata", "faq & errata", "errata", "preguntas frecuentes"}

#: Headings that carry no rules (the marker pictures).
_EMPTY_HEADINGS = {"marker", "marcador", "markers", "marcadores"}


#: What `fold` strips from both ends once whitespace is collapsed.
FOLD_STRIP = " \t:=*'\"|"


def fold(text: str) -> str:
    """Lower-case, strip accents and surrounding punctuation/space: `ACTIVACIÓN:` → `activacion`."""
    return plain(text).strip(FOLD_STRIP)


def section_for(label: str) -> str | None:
    """The section a heading or label opens (`CANCELACIÓN` → `cancellation`), or None."""
    return _LABELS.get(fold(label))


def is_faq_heading(label: str) -> bool:
    """True for a heading such as `FAQs & Errata` or `=FAQ=` that opens the FAQ part."""
    return fold(label) in _FAQ_HEADINGS


def is_empty_heading(label: str) -> bool:
    """True for headings known to hold no rules (`Marker`, `Marcador`)."""
    return fold(label) in _EMPTY_HEADINGS


def section_for_folded(folded: str) -> str | None:
    """`section_for` of a label already passed through `fold` (a parser folds each line once)."""
    return _LABELS.get(folded)


def is_faq_folded(folded: str) -> bool:
    """`is_faq_heading` of a label already passed through `fold`."""
    return folded in _FAQ_HEADINGS


def is_empty_folded(folded: str) -> bool:
    """`is_empty_heading` of a label already passed through `fold`."""
    return folded in _EMPTY_HEADINGS


_VERSION = re.compile(r"^\s*(?:v(?:ersion)?\.?\s*)?(\d+(?:\.\d+)*)\s*(?:[,;-]\s*(.+?))?\s*$", re.I)


def split_version(text: str | None) -> tuple[str | None, str | None]:
    """`1.4, Sep 2018` → (`1.4`, `Sep 2018`); `1.2` → (`1.2`, None); `PDF 2.1, July 2023` → (None, …)."""
    if not text:
        return None, None
    m = _VERSION.match(text)
    if not m:
        return None, text.strip() or None
    return m.group(1), (m.group(2) or None)
