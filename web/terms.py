"""The glossary's English names for the Spanish game terms a passage uses, for English readers
of a Spanish page (the N4 Camuflado page): `Movimiento Cauteloso` → Cautious Movement.

Only names the glossary (`data/glossary.toml`) pairs; nothing is translated by machine.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple


class TermUse(NamedTuple):
    """A glossary term a passage names in Spanish: the Spanish names found, longest first, the
    term's English name, and the page the term names (a title) if any."""

    spanish: tuple[str, ...]
    english: str
    page: str | None


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[object, str, re.Pattern], ...]:
    """(term, Spanish alias, pattern) for every Spanish alias that is not also an English name of
    its term (`HoloMask` is both: no translation to give), longest alias first."""
    from rulecheck.kb.glossary import fold, is_strict_alias, load_glossary

    found = []
    for term in load_glossary().terms.values():
        english = {fold(name) for name in term.en}
        for alias in term.es:
            if fold(alias) in english:
                continue
            # Strict aliases (short capitals) match as written; the rest folded, as the glossary does.
            text = alias if is_strict_alias(alias) else fold(alias)
            found.append((term, alias, re.compile(rf"(?<!\w){re.escape(text)}(?!\w)")))
    found.sort(key=lambda item: -len(item[1]))
    return tuple(found)


def english_terms(texts: Iterable[str]) -> list[TermUse]:
    """The glossary terms the Spanish `texts` name, in the order the texts first name them. A
    name inside a longer one found there (`Marcador` in `Marcador de Camuflado`) does not count."""
    from rulecheck.kb.glossary import fold, is_strict_alias

    texts = [t for t in texts if t]
    # Folding keeps the length of Spanish text (accents drop, case changes), so spans line up.
    folded = [fold(t) if len(fold(t)) == len(t) else t.lower() for t in texts]
    taken: list[list[tuple[int, int]]] = [[] for _ in texts]
    first_seen: dict[str, tuple[int, int]] = {}
    names: dict[str, list[str]] = {}
    terms: dict[str, object] = {}
    for term, alias, pattern in _patterns():  # longest alias first
        haystack = texts if is_strict_alias(alias) else folded
        for i, text in enumerate(haystack):
            for match in pattern.finditer(text):
                start, end = match.span()
                if any(s <= start and end <= e for s, e in taken[i]):
                    continue
                taken[i].append((start, end))
                where = (i, start)
                # one entry per English name: "Tropa Camuflada" (camouflaged trooper) and "Marcador
                # de Camuflado" (Camouflage Marker) are one term, two names
                key = (term.id, term.english(alias))
                if key not in first_seen or where < first_seen[key]:
                    first_seen[key] = where
                terms[key] = term
                if alias not in names.setdefault(key, []):
                    names[key].append(alias)
    ordered = sorted(first_seen, key=first_seen.get)
    return [TermUse(tuple(names[k]), k[1], terms[k].page) for k in ordered]
