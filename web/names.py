"""The state and page names typed into the canned queries: glossary aliases, and the closest
alias when a name is misspelt (`camoflaged` → Camouflaged), as `rulecheck ask` suggests one.

Registered as SQL functions by the plugin (`prepare_connection`); the queries in
`metadata.py` use the close match only when no exact name matches.
"""
from __future__ import annotations

import difflib
from functools import lru_cache
from typing import NamedTuple

#: How alike a typed name and an alias must be (difflib's ratio) for a query to show the alias's
#: rows without being asked: `camoflaged`/`camouflaged` is 0.95, `holomsk`/`holomask` 0.93.
CLOSE_CUTOFF = 0.8

#: How alike they must be for a "did you mean" only: the checker's cutoff (`checker.errors.suggest`).
SUGGEST_CUTOFF = 0.6


class CloseName(NamedTuple):
    """The alias closest to a typed name, the page it names, and its term's English name."""

    alias: str
    page: str
    label: str


def alias_page(name: str | None) -> str | None:
    """The page title a glossary alias names (`CAMO` → `Camuflado`, `hd` → `Hidden Deployment State`).

    A typed parameter is the whole name, so short capitals (`TO`, `HD`) match in any case here,
    unlike in running prose where "to" must not mean TO Camouflaged.
    """
    from rulecheck.kb.glossary import fold, load_glossary

    if not name or not name.strip():
        return None
    glossary = load_glossary()
    for term_id in glossary.by_alias.get(fold(name), ()):
        if glossary.terms[term_id].page:
            return glossary.terms[term_id].page
    return None


@lru_cache(maxsize=1)
def _aliases() -> dict[str, CloseName]:
    """Folded alias → (alias as written, its page, its term's name), for the terms that name a page. Short
    capitals (`TO`, `HD`) are left out: one or two letters off, anything is close to them."""
    from rulecheck.kb.glossary import fold, is_strict_alias, load_glossary

    found: dict[str, CloseName] = {}
    for term in load_glossary().terms.values():
        if term.page:
            for alias in term.names:
                if not is_strict_alias(alias):
                    found.setdefault(fold(alias), CloseName(alias, term.page, term.label))
    return found


def close_name(name: str | None, cutoff: float = CLOSE_CUTOFF) -> CloseName | None:
    """The glossary alias closest to `name` and its page, when one is at least `cutoff` alike."""
    from rulecheck.kb.glossary import fold

    if not name or not name.strip():
        return None
    aliases = _aliases()
    close = difflib.get_close_matches(fold(name), list(aliases), n=1, cutoff=cutoff)
    return aliases[close[0]] if close else None


def close_page(name: str | None) -> str | None:
    """The page of the alias closest to `name` (see `close_name`), for SQL."""
    found = close_name(name)
    return found.page if found else None


def state_names() -> list[str]:
    """The English names of the terms that name a page (`Camouflaged`, `TO Camouflaged`, …)."""
    from rulecheck.kb.glossary import load_glossary

    return [term.label for term in load_glossary().terms.values() if term.page]


def unmatched_note(typed: str, what: str) -> str:
    """What to tell someone whose `typed` name matched nothing, `what` being "state" or "page":
    the closest state as `rulecheck ask` would suggest it (difflib, 0.6), else the states."""
    near = close_name(typed, cutoff=SUGGEST_CUTOFF)
    if near:
        hint = f" — did you mean “{near.label}”?"
    else:
        names = state_names()
        hint = f" — try {', '.join(names[:-1])} or {names[-1]}." if len(names) > 1 else "."
    return f"No {what} matches “{typed.strip()}”{hint} Leave it empty to list them all."


def close_note(typed: str, found: CloseName, what: str) -> str:
    """What to tell someone whose misspelt `typed` name is shown as `found`."""
    page = f" (the {found.page} page)" if found.page != found.alias else ""
    return f"No {what} is called “{typed.strip()}”: showing {found.alias}{page}, the closest name."
