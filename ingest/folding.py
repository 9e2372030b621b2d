"""Text forms shared by the parsers: whitespace collapsed, accents folded, the folded match form.

`collapse` makes a rule's or FAQ's readable text; `strip_accents` and `plain` make the form
labels and cues are compared in (`ACTIVACIÓN:` → `activacion:`). Each is fast on plain ASCII.
"""
from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"[^\S\n]+")
_NEWLINE_SPACE = re.compile(r" ?\n ?")
_NEWLINES = re.compile(r"\n{2,}")


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


def collapse(text: str, *, keep_newlines: bool = False) -> str:
    """Whitespace runs → one space, ends trimmed: `rule.text` of a line or a paragraph.

    With `keep_newlines`, single newlines stay (wiki `<br>` and HTML `<br>` are line breaks
    the reader sees); blank lines become one newline.
    """
    if not keep_newlines or "\n" not in text:
        # `split()` breaks on exactly the characters `\s` matches: `\s+` runs become one space.
        return " ".join(text.split())
    text = _SPACES.sub(" ", text)
    text = _NEWLINE_SPACE.sub("\n", text)
    return _NEWLINES.sub("\n", text).strip()


def plain(text: str) -> str:
    """Lower-case, accents folded, single spaces; punctuation kept (cues need the final `:`)."""
    return collapse(strip_accents(text)).lower()
