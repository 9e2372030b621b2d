"""FAQs as players meet them: which settle a bullet and which are only related, which apply to a
page, and a short label that tells the FAQs on one page apart.

`faq_rules` gains a `strength` column ('settles' or 'related') and `ways` (how the link was
found). A base without `strength` is read as before: every `faq_rules` row settles its bullet.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

SETTLES = "settles"
RELATED = "related"

#: Words of the question a label starts with; more when two labels on a page would read alike.
LABEL_WORDS = 6

_PREFIX = re.compile(r"^\s*(\[errata\]|q\s*:)\s*", re.IGNORECASE)


def strength_sql(columns: Iterable[str], table: str = "faq_rules") -> str:
    """SQL for one `faq_rules` row's strength: its `strength` column, or 'settles' for a base
    that has none (every row settles, as before the column existed)."""
    return f"coalesce({table}.strength, '{RELATED}')" if "strength" in set(columns) else f"'{SETTLES}'"


def question_words(question: str) -> list[str]:
    """The question's words, without the `[Errata]` or `Q:` it may start with."""
    return _PREFIX.sub("", question or "").split()


def version_label(faq: dict) -> str:
    """Which document the FAQ comes from: its box's title and version (`FAQ 1.4`, `N4 Errata 1.0`)."""
    title = faq.get("title") or ("Errata" if faq.get("kind") == "errata" else "FAQ")
    return f"{title} {faq['version']}" if faq.get("version") else title


def faq_label(faq: dict, words: int = LABEL_WORDS) -> str:
    """`Can you choose to cancel game states… (FAQ 1.4)`: the question's opening words, then
    its document and version."""
    all_words = question_words(faq.get("question") or "")
    opening = " ".join(all_words[:words])
    if len(all_words) > words:
        opening = opening.rstrip(",;:.?!") + "…"
    return f"{opening} ({version_label(faq)})"


def unique_labels(faqs: Iterable[dict]) -> dict[str, str]:
    """FAQ id → a label no other FAQ of `faqs` shares: labels that would read alike take more of
    their question's words, then the id's end (two questions alike to the last word)."""
    faqs = {f["id"]: f for f in faqs}
    words = {faq_id: LABEL_WORDS for faq_id in faqs}
    labels = {faq_id: faq_label(faq, words[faq_id]) for faq_id, faq in faqs.items()}
    while True:
        seen: dict[str, list[str]] = {}
        for faq_id, label in labels.items():
            seen.setdefault(label, []).append(faq_id)
        clashes = [ids for ids in seen.values() if len(ids) > 1]
        if not clashes:
            return labels
        grown = False
        for ids in clashes:
            for faq_id in ids:
                if words[faq_id] < len(question_words(faqs[faq_id].get("question") or "")):
                    words[faq_id] += 1
                    # Only a label that took a word changes (a base of 5,000 pages: 18,000 FAQs).
                    labels[faq_id] = faq_label(faqs[faq_id], words[faq_id])
                    grown = True
        if not grown:
            for ids in clashes:
                for faq_id in ids:
                    labels[faq_id] = f"{labels[faq_id]} [{faq_id.rsplit('-', 1)[-1]}]"
            return labels
