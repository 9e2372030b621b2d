"""Glossary expansion of search questions: the names a question uses, in the other language too.

`rulecheck.kb.read.search` imports this module only when it searches, so `rulecheck ask` pays
for the glossary only on the questions it cannot answer from the logic. The glossary's alias
index is built once per process.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from rulecheck.kb.glossary import Glossary, Term, fold, is_strict_alias, load_glossary

#: At most this many extra phrases join a question's own words.
MAX_EXTRA_PHRASES = 12

_WORD = re.compile(r"\w+", re.UNICODE)


class _Index(NamedTuple):
    """Aliases by their words: folded for ordinary aliases, as written for strict ones."""

    glossary: Glossary
    folded: dict[tuple[str, ...], tuple[str, ...]]
    strict: dict[tuple[str, ...], tuple[str, ...]]
    longest: int
    #: Players' words for terms (`Term.search`), folded.
    player: dict[tuple[str, ...], tuple[str, ...]]


#: Bumped whenever the cached form below changes shape.
_CACHE_FORMAT = 3


@lru_cache(maxsize=1)
def _index() -> _Index:
    """The index of the bundled glossary: kept in the user cache folder (`user_cache`), so a cold
    `rulecheck ask` that searches skips parsing the glossary's TOML."""
    import os

    from rulecheck.kb.glossary import GLOSSARY_FILE
    from rulecheck.kb.user_cache import cache_file, load_cached

    here = os.path.dirname(os.path.abspath(__file__))
    sources = [GLOSSARY_FILE, os.path.join(here, "glossary.py"), os.path.join(here, "expansion.py")]
    cache = cache_file("glossary", sources, salt=str(_CACHE_FORMAT))
    return load_cached(cache, _make_index, _index_to_plain, _index_from_plain)


def _index_to_plain(index: _Index) -> tuple:
    """The index as tuples, dicts and strings only, for `marshal`."""
    return ("rulecheck-glossary", _CACHE_FORMAT, tuple(tuple(t) for t in index.glossary.terms.values()),
            index.glossary.by_alias, index.folded, index.strict, index.longest, index.player)


def _index_from_plain(data) -> _Index:
    """Rebuild the index from `_index_to_plain`'s form; any mismatch raises (the cache is then ignored)."""
    tag, fmt, terms, by_alias, folded, strict, longest, player = data
    if tag != "rulecheck-glossary" or fmt != _CACHE_FORMAT:
        raise ValueError("not a rulecheck glossary cache of this format")
    glossary = Glossary({t[0]: Term(*t) for t in terms}, by_alias)
    return _Index(glossary, folded, strict, longest, player)


def _make_index() -> _Index:
    glossary = load_glossary()
    folded: dict[tuple[str, ...], list[str]] = {}
    strict: dict[tuple[str, ...], list[str]] = {}
    longest = 1
    for term in glossary.terms.values():
        for alias in term.names:
            words = tuple(_WORD.findall(alias if is_strict_alias(alias) else fold(alias)))
            if not words:
                continue
            ids = (strict if is_strict_alias(alias) else folded).setdefault(words, [])
            if term.id not in ids:
                ids.append(term.id)
            longest = max(longest, len(words))
    player: dict[tuple[str, ...], list[str]] = {}
    for term in glossary.terms.values():
        for word in term.search:
            words = tuple(_WORD.findall(fold(word)))
            if words and term.id not in player.setdefault(words, []):
                player[words].append(term.id)
                longest = max(longest, len(words))
    return _Index(glossary, {k: tuple(v) for k, v in folded.items()}, {k: tuple(v) for k, v in strict.items()},
                  longest, {k: tuple(v) for k, v in player.items()})


def named_terms(text: str) -> list[tuple[Term, tuple[str, ...]]]:
    """The glossary terms `text` names, in order, each with the words that named it.

    Aliases match as whole words, case- and accent-folded (strict aliases such as `TO` only as
    written); the longest alias at a place wins, so `camo marker` is one Camouflaged mention,
    not also a Marker one.
    """
    index = _index()
    raw = _WORD.findall(text)
    words = [fold(w) for w in raw]
    found: list[tuple[Term, tuple[str, ...]]] = []
    seen: set[str] = set()
    i = 0
    while i < len(words):
        for n in range(min(index.longest, len(words) - i), 0, -1):
            ids = index.folded.get(tuple(words[i:i + n]), ()) + index.strict.get(tuple(raw[i:i + n]), ())
            if ids:
                for term_id in ids:
                    if term_id not in seen:
                        seen.add(term_id)
                        found.append((index.glossary.terms[term_id], tuple(words[i:i + n])))
                i += n
                break
        else:
            i += 1
    return found


def player_terms(text: str, named: set[str] = frozenset()) -> list[Term]:
    """The glossary terms `text` names by a player's word (`Term.search`: "loadout", "token"),
    in order, leaving out those in `named`; the longest word run at a place wins."""
    index = _index()
    words = [fold(w) for w in _WORD.findall(text)]
    found: list[Term] = []
    i = 0
    while i < len(words):
        for n in range(min(index.longest, len(words) - i), 0, -1):
            ids = index.player.get(tuple(words[i:i + n]), ())
            if ids:
                found += [index.glossary.terms[t] for t in ids
                          if t not in named and all(f.id != t for f in found)]
                i += n
                break
        else:
            i += 1
    return found


def extra_phrases(text: str, words: list[str], limit: int = MAX_EXTRA_PHRASES) -> list[str]:
    """Other names of the terms `text` names, as folded phrases, to search beside its `words`.

    Each term offers its aliases in the other language; when the question named it by an
    abbreviation (`HD`, `ARO`), its other names in the question's language follow; a term named
    only by a player's word (`player_terms`) offers its names in both. Terms take
    turns, so one term with many names cannot crowd out the rest. Left out: one-word aliases of
    two letters or fewer, and names holding one of the question's own words or the name it used
    (`Markers` beside `marker`, `estado Camuflado` beside `Camuflado`): they would count one
    mention twice. At most `limit` phrases.
    """
    taken = [_key((w,)) for w in words]
    offers: list[list[tuple[str, ...]]] = []
    named_here = named_terms(text)
    for term, named in named_here:
        in_english = any(tuple(_WORD.findall(fold(a))) == named for a in term.en)
        other, same = (term.es, term.en) if in_english else (term.en, term.es)
        # Same-language names only spell out an abbreviation (`HD`, `ARO`): otherwise they are
        # looser synonyms (`base to base contact` for Silhouette) that outrank the question's own words.
        abbreviation = any(is_strict_alias(a) and tuple(_WORD.findall(fold(a))) == named for a in same)
        order = other + same if abbreviation else other
        offers.append([p for p in (tuple(_WORD.findall(fold(a))) for a in order)
                       if p and p != named and not (len(p) == 1 and len(p[0]) <= 2)])
        if not abbreviation:  # `TO` must not keep out `TO Camouflaged`, which spells it out
            taken.append(_key(named))
    # a term named only by a player's word ("loadout"): its first names in both languages, the
    # passages' own words (not looser synonyms: "base contact" for Silhouette)
    for term in player_terms(text, {t.id for t, _ in named_here}):
        offers.append([p for p in (tuple(_WORD.findall(fold(a))) for a in term.en[:2] + term.es[:2])
                       if p and not (len(p) == 1 and len(p[0]) <= 2)])
    phrases: list[str] = []
    chosen: set[tuple[str, ...]] = set()
    while len(phrases) < limit and any(offers):
        for offer in offers:
            while offer:
                phrase = offer.pop(0)
                key = _key(phrase)
                if not any(_contains(key, t) for t in taken) and key not in chosen:
                    chosen.add(key)
                    phrases.append(" ".join(phrase))
                    break
            if len(phrases) == limit:
                break
    return phrases


def _contains(phrase: tuple[str, ...], part: tuple[str, ...]) -> bool:
    """Whether `part` runs word for word inside `phrase`: then searching `phrase` as well would
    only count the same mention twice (`estado camuflado` beside `camuflado`)."""
    n = len(part)
    return any(phrase[i:i + n] == part for i in range(len(phrase) - n + 1))


def _key(words: tuple[str, ...]) -> tuple[str, ...]:
    """Words with plural and verb endings trimmed, so `markers` repeats `marker`, `marcadores`
    `marcador`, `discovered` `discover` (a rough cut: it only decides what is a repeat)."""
    return tuple(_trim(w) for w in words)


def _trim(word: str) -> str:
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    for suffix in ("s", "e"):
        if word.endswith(suffix) and len(word) > 3:
            word = word[:-1]
    return word
