"""Tell English from Spanish rule text by a stop-word vote: deterministic, no dependencies."""
from __future__ import annotations

import re
from collections import Counter

#: Frequent words of one language that the other does not use (`a`, `no`, `me` are left out).
_STOP_WORDS = {
    "en": frozenset(
        "the of and to is are be that this with for by from when while which whenever it its "
        "their they his her was will may must can cannot not any an or if into on at as".split()
    ),
    "es": frozenset(
        "el la los las de del que en un una unos unas por con se al es son su sus para "
        "como cuando mientras siempre puede pueden debe deberá este esta estado sin sobre "
        "pero o y ni lo le les ha han".split()
    ),
}

#: Letters and marks only Spanish writes; each one is a vote for Spanish.
_SPANISH_MARKS = re.compile(r"[áéíóúñ¿¡ÁÉÍÓÚÑ]")
_WORD = re.compile(r"[^\W\d_]+")


def detect_lang(text: str, *, min_votes: int = 3) -> str | None:
    """`en` or `es` for the language most of `text`'s stop words belong to; None when unsure.

    Spanish accents, `ñ`, `¿` and `¡` count as Spanish votes. A tie, or fewer than
    `min_votes` votes in all, gives None.
    """
    counts = Counter(_WORD.findall(text.lower()))  # counted in C; then one look-up per stop word
    votes = {lang: sum(counts[w] for w in words if w in counts) for lang, words in _STOP_WORDS.items()}
    votes["es"] += len(_SPANISH_MARKS.findall(text))
    if votes["en"] + votes["es"] < min_votes or votes["en"] == votes["es"]:
        return None
    return "en" if votes["en"] > votes["es"] else "es"
