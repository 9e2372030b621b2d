"""Regenerate data/lexicon/common-en.txt and common-es.txt: the most frequent words of English
and Spanish, from the `wordfreq` package (a development tool only, not a runtime dependency).

The checker sets aside a word of a question that is common in the language *and* never used by
the rules pages (`tucked`, `lobbed`, `mid-game`): such a word cannot name a rule. Any other word
it cannot place keeps the answer from being a confident yes or no.

    python -m venv /tmp/wf && /tmp/wf/bin/pip install wordfreq==3.1.1
    /tmp/wf/bin/pip install PyStemmer && /tmp/wf/bin/python scripts/common_words.py

The lists are derived from wordfreq's data and, like it, redistributed under CC BY-SA 4.0
(https://creativecommons.org/licenses/by-sa/4.0/); see the header of each file.
"""
from __future__ import annotations

import unicodedata
from pathlib import Path

from wordfreq import top_n_list

SIZE = 40000
OUT = Path(__file__).resolve().parent.parent / "data" / "lexicon"


def fold(word: str) -> str:
    word = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
    return word.lower()


def main() -> None:
    for lang in ("en", "es"):
        words = sorted({fold(w) for w in top_n_list(lang, SIZE) if w.isalpha()})
        header = (f"# The {SIZE} most frequent {lang} words (accents folded), from wordfreq 3.1.1 "
                  "(https://github.com/rspeer/wordfreq).\n# Data: CC BY-SA 4.0, "
                  "https://creativecommons.org/licenses/by-sa/4.0/ — regenerate with scripts/common_words.py.\n")
        (OUT / f"common-{lang}.txt").write_text(header + "\n".join(words) + "\n", encoding="utf-8")
        print(lang, len(words))
        write_stems(lang, words)


def write_stems(lang: str, words: list[str]) -> None:
    """common-stems-<lang>.txt: the Snowball stems of the list's words, so that another form of
    a frequent word ("colocarla", "confirmás") counts as frequent too (`CommonWords`)."""
    import Stemmer  # PyStemmer, as the checker stems with

    stemmer = Stemmer.Stemmer({"en": "english", "es": "spanish"}[lang])
    stems = sorted({stemmer.stemWord(w) for w in words})
    header = (f"# The Snowball stems of common-{lang}.txt's words (derived from wordfreq 3.1.1's data, CC BY-SA 4.0, "
              "https://creativecommons.org/licenses/by-sa/4.0/) — regenerate with scripts/common_words.py.\n")
    (OUT / f"common-stems-{lang}.txt").write_text(header + "\n".join(stems) + "\n", encoding="utf-8")
    print(lang, "stems", len(stems))


if __name__ == "__main__":
    main()
