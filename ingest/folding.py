"""Accent folding shared by the parsers: `ACTIVACIÓN` → `ACTIVACION`, fast on plain ASCII."""
from __future__ import annotations

import unicodedata


class _DropCombining(dict):
    """A `str.translate` table that deletes combining marks, filled in as characters are met.

    `unicodedata.combining` is asked once per distinct character, not once per character
    of every line.
    """

    def __missing__(self, code: int) -> int | None:
        value = None if unicodedata.combining(chr(code)) else code
        self[code] = value
        return value


_TABLE = _DropCombining()


def strip_accents(text: str) -> str:
    """`text` in NFKD form without its combining marks; ASCII text is returned as it is."""
    if text.isascii():
        return text
    return unicodedata.normalize("NFKD", text).translate(_TABLE)
