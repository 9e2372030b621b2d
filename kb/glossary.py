"""The bilingual glossary in `data/glossary.toml`: game terms, their aliases, the page they name.

Light on purpose: both the knowledge-base build and `rulecheck ask` import it, and tomllib is
imported only when the file is parsed (a cached logic table never parses it).
"""
from __future__ import annotations

import os
import re
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from rulecheck.data import DATA_ROOT, path_attribute, read_toml
from rulecheck.kb.errors import KnowledgeBaseError

if TYPE_CHECKING:
    from pathlib import Path

#: The bundled glossary, as text (`GLOSSARY_PATH` is the same file as a `pathlib.Path`).
GLOSSARY_FILE = os.path.join(DATA_ROOT, "glossary.toml")
#: `search`: a concept only search uses (its passages' wording, "imitated Model", "weapon option"):
#: the checker's reader never takes its names as a rules term a question turns on.
KINDS = ("state", "skill", "event", "concept", "search")


class GlossaryError(KnowledgeBaseError):
    """The glossary file is malformed: an authoring error, caught by a test."""


def strip_accents(text: str) -> str:
    """`Línea` → `Linea`: compatibility-decomposed (NFKD), combining marks dropped; case kept.

    The one accent folding of `rulecheck.kb` (ids, glossary matching, FAQ-rule similarity).
    """
    if text.isascii():  # NFKD leaves ASCII as it is
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Case- and accent-folded form with single spaces: `Línea de Tiro` → `linea de tiro`."""
    return re.sub(r"\s+", " ", strip_accents(text)).strip().lower()


def is_strict_alias(alias: str) -> bool:
    """Short all-capitals aliases (`TO`, `HD`, `ORA`, `CAMO`) match only as written."""
    letters = alias.replace(" ", "")
    return len(letters) <= 4 and letters.isupper()


class Term(NamedTuple):
    """One glossary entry (a NamedTuple: immutable, and cheap to define on every `rulecheck ask`)."""

    id: str
    kind: str
    en: tuple[str, ...]
    es: tuple[str, ...]
    page: str | None = None
    #: (Spanish alias, English alias) where the Spanish one has its own English name
    #: ("Marcador de Camuflado" is the Camouflage Marker, not the Camouflaged state).
    english_for: tuple[tuple[str, str], ...] = ()
    #: Words players use for the term that are none of its names ("loadout" for a weapon option,
    #: "token" for a Marker), in either language: a searched question using one also searches
    #: the term's names. Never aliases: links and the checker's reader do not use them.
    search: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """Every alias, English first."""
        return self.en + self.es

    @property
    def label(self) -> str:
        """The term's English name as players write it."""
        return (self.en or self.es or (self.id,))[0]

    def english(self, spanish: str) -> str:
        """The English name of one of the term's Spanish aliases: its own (`english_for`), else
        the term's `label`."""
        return dict(self.english_for).get(spanish, self.label)


class Glossary(NamedTuple):
    """All terms, indexed by id and by folded alias."""

    terms: dict[str, Term]
    #: folded alias → term ids (an alias may name more than one term).
    by_alias: dict[str, tuple[str, ...]]

    def lookup(self, name: str) -> list[Term]:
        """Terms one of whose aliases is `name` (folded; strict aliases as written)."""
        found = []
        for term_id in self.by_alias.get(fold(name), ()):
            term = self.terms[term_id]
            if any(is_strict_alias(a) and a == name.strip() or not is_strict_alias(a) and fold(a) == fold(name)
                   for a in term.names):
                found.append(term)
        return found

    def page_for(self, name: str) -> str | None:
        """The page title a link to `name` resolves to through the glossary, if any."""
        for term in self.lookup(name):
            if term.page:
                return term.page
        return None


def __getattr__(name: str):
    """`GLOSSARY_PATH`: `GLOSSARY_FILE` as a `pathlib.Path`, made on first use (`data.path_attribute`)."""
    return path_attribute(__name__, globals(), {"GLOSSARY_PATH": GLOSSARY_FILE}, name)


def load_glossary(path: Path | str = GLOSSARY_FILE) -> Glossary:
    """Read and validate the glossary; raise `GlossaryError` naming the entry at fault."""
    return _load(os.fspath(path))


@lru_cache(maxsize=4)
def _load(path: str) -> Glossary:
    data = read_toml(path, GlossaryError, "the glossary", "Fix the file (an authoring error).")
    terms: dict[str, Term] = {}
    by_alias: dict[str, list[str]] = {}
    for i, entry in enumerate(data.get("term", []), 1):
        where = f"{path}: term #{i}"
        unknown = set(entry) - {"id", "kind", "en", "es", "page", "english_for", "search"}
        if unknown:
            raise GlossaryError(f"{where}: unknown field(s) {sorted(unknown)}; use id, kind, en, es, page, english_for, search")
        term_id = entry.get("id")
        if not term_id or not re.fullmatch(r"[a-z][a-z0-9_]*", term_id):
            raise GlossaryError(f"{where}: id must be lower_snake_case, got {term_id!r}")
        if term_id in terms:
            raise GlossaryError(f"{where}: duplicate id {term_id!r}")
        if entry.get("kind") not in KINDS:
            raise GlossaryError(f"{where} ({term_id}): kind must be one of {', '.join(KINDS)}")
        english_for = entry.get("english_for", {})
        if not isinstance(english_for, dict):
            raise GlossaryError(f'{where} ({term_id}): english_for must be a table, e.g. {{"Habilidad Larga" = "Long Skill"}}')
        for es_name, en_name in english_for.items():
            if es_name not in entry.get("es", ()) or en_name not in entry.get("en", ()):
                raise GlossaryError(f"{where} ({term_id}): english_for pairs {es_name!r} with {en_name!r}; "
                                    "each must be one of the term's own es and en names")
        search = entry.get("search", [])
        if not isinstance(search, list) or not all(isinstance(w, str) and w.strip() for w in search):
            raise GlossaryError(f'{where} ({term_id}): search must be a list of words, e.g. ["token", "ficha"]')
        clash = [w for w in search if fold(w) in {fold(a) for a in entry.get("en", []) + entry.get("es", [])}]
        if clash:
            raise GlossaryError(f"{where} ({term_id}): search repeats the term's own name(s) {clash}; "
                                "list there only players' words that are not names")
        term = Term(term_id, entry["kind"], tuple(entry.get("en", ())), tuple(entry.get("es", ())), entry.get("page"),
                    tuple(english_for.items()), tuple(search))
        if not term.names:
            raise GlossaryError(f"{where} ({term_id}): give at least one English or Spanish name")
        terms[term_id] = term
        for alias in term.names:
            ids = by_alias.setdefault(fold(alias), [])
            if term_id not in ids:
                ids.append(term_id)
    return Glossary(terms, {k: tuple(v) for k, v in by_alias.items()})
