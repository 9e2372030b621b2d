"""Page titles written in capitals (rulebook text: `CAMOUFLAGED STATE`) put in title case.

A title is a page's name, and the base shows and links it as players write it:
`CAMOUFLAGED STATE` → `Camouflaged State`, `TO CAMOUFLAGED` → `TO Camouflaged` (an
abbreviation the glossary keeps in capitals), `HOLOMASK STATE` → `HoloMask State` (the
glossary's spelling), `ESTADO DE CAMUFLADO` → `Estado de Camuflado`.
"""
from __future__ import annotations

import re
from functools import lru_cache

from rulecheck.kb.glossary import fold, is_strict_alias, load_glossary

#: Words a title keeps in lower case after its first word (English and Spanish).
MINOR_WORDS = frozenset("a an and as at by for in of on or the to vs via "
                        "a al con de del e el en la las los o para por sin u y".split())

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def is_shouted(title: str) -> bool:
    """Whether a title is written in capitals: letters, none of them lower case, and more than
    an abbreviation (a one-word title of 4 letters or fewer, `ARO`, stays as it is)."""
    letters = [c for c in title if c.isalpha()]
    if not letters or any(c.islower() for c in letters):
        return False
    return len(title.split()) > 1 or len(letters) > 4


def title_case(title: str) -> str:
    """`title` in title case: glossary abbreviations as written, glossary names in their own
    spelling, minor words in lower case (not the first), other two-letter words as written
    (`CH`, `BS`: game abbreviations), every other word capitalised."""
    strict, spelled = _spellings()
    out = []
    for i, match in enumerate(_WORD.finditer(title)):
        word = match.group(0)
        if word in strict:
            out.append(word)
        elif fold(word) in spelled:
            out.append(spelled[fold(word)])
        elif i and word.lower() in MINOR_WORDS:
            out.append(word.lower())
        elif len(word) == 2 and word.lower() not in MINOR_WORDS:  # `CH`, `BS`, `PH`: an attribute or skill
            out.append(word)
        else:
            out.append(word[:1].upper() + word[1:].lower())
    pieces, last = [], 0
    for match, word in zip(_WORD.finditer(title), out):
        pieces += [title[last:match.start()], word]
        last = match.end()
    return "".join(pieces) + title[last:]


@lru_cache(maxsize=1)
def _spellings() -> tuple[frozenset[str], dict[str, str]]:
    """The glossary's strict aliases (kept in capitals) and its one-word names with mixed case
    (`HoloMask`, `LoF`) by folded form."""
    strict, spelled = set(), {}
    for term in load_glossary().terms.values():
        for alias in term.names:
            if is_strict_alias(alias):
                strict.add(alias)
            elif " " not in alias.strip() and alias != alias.lower() and alias[1:] != alias[1:].lower():
                spelled.setdefault(fold(alias), alias.strip())
    return frozenset(strict), spelled
