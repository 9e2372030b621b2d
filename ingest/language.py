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
#: A byte table for UTF-8 text: ASCII letters and every byte of a non-ASCII character kept,
#: every other ASCII byte (all ASCII non-letters) a space.
_ASCII_BREAKS = bytes(b if 65 <= b <= 90 or 97 <= b <= 122 or b >= 128 else 32 for b in range(256))
_STOP_WORD_BYTES = {lang: [(w, w.encode()) for w in sorted(words)] for lang, words in _STOP_WORDS.items()}


def _stop_word_votes(text: str) -> dict[str, int]:
    """Per language, how many of `text`'s words (`_WORD` matches) are its stop words.

    The counts `Counter(_WORD.findall(text))` gives, without making a string per word: runs of
    ASCII letters are split and counted in C on the UTF-8 bytes; only the few pieces holding
    non-ASCII characters (`cancelación`, `the—and`) go through the regex, once per distinct piece.
    """
    runs = Counter(text.encode("utf-8", "surrogatepass").translate(_ASCII_BREAKS).split())
    others: Counter[str] = Counter()
    for piece in [p for p in runs if not p.isascii()]:
        n = runs.pop(piece)
        for word in _WORD.findall(piece.decode("utf-8", "surrogatepass")):
            others[word] += n
    return {lang: sum(runs[b] for _, b in words if b in runs) + sum(others[w] for w, _ in words if w in others)
            for lang, words in _STOP_WORD_BYTES.items()}


def detect_lang(text: str, *, min_votes: int = 3) -> str | None:
    """`en` or `es` for the language most of `text`'s stop words belong to; None when unsure.

    Spanish accents, `ñ`, `¿` and `¡` count as Spanish votes. A tie, or fewer than
    `min_votes` votes in all, gives None.
    """
    votes = _stop_word_votes(text.lower())
    votes["es"] += len(_SPANISH_MARKS.findall(text))
    if votes["en"] + votes["es"] < min_votes or votes["en"] == votes["es"]:
        return None
    return "en" if votes["en"] > votes["es"] else "es"
