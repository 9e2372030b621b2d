"""Stable ids: the same pages always give the same page, rule and FAQ ids (see DESIGN.md)."""
from __future__ import annotations

import hashlib
import re

from rulecheck.kb.glossary import strip_accents


def slug(text: str) -> str:
    """`TO Camouflaged` → `to-camouflaged`; accents folded, anything else a single hyphen."""
    ascii_text = strip_accents(text).lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-") or "page"


_QUESTION_PREFIX = re.compile(r"^\s*(?:(?:q|p)\s*[:.]\s*|\[errata\]\s*)+", re.I)


def normalise_question(question: str) -> str:
    """A FAQ question with `Q:` / `[Errata]`, case, accents, punctuation and spacing dropped."""
    text = _QUESTION_PREFIX.sub("", question)
    ascii_text = strip_accents(text).lower()
    return " ".join(re.findall(r"[a-z0-9]+", ascii_text))


def faq_id(question: str, digits: int = 6) -> str:
    """`faq-<first six words>-<6 hex>`: readable, unique, and one id for one FAQ on many pages.

    `digits` more hex digits of the hash tell apart two questions whose 6 collide (the build does).
    """
    return faq_id_of_normalised(normalise_question(question), digits)


def faq_id_of_normalised(norm: str, digits: int = 6) -> str:
    """`faq_id` of a question already normalised by `normalise_question`."""
    words = "-".join(norm.split()[:6]) or "faq"
    digest = hashlib.sha1(norm.encode()).hexdigest()[:digits]
    return f"faq-{words}-{digest}"


def rule_id(page_id: str, rule_key: str) -> str:
    """`camuflado` + `cancellation-1-3` → `camuflado-cancellation-1-3`."""
    return f"{page_id}-{rule_key}"
