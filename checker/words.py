"""A question's words: tokens with their folded form, the sentence each is in, and their stems.

Words are compared in two ways: by their folded form (lower case, accents dropped) and by
their Snowball stem in the phrase's language (`dodges`, `dodging` → `dodg`; `esquiva`,
`esquivar` → `esquiv`), so the lexicon lists a word once, not each of its inflections. Short
all-capitals words (`TO`, `HD`, `ARO`) keep their case: a strict alias matches only as written.
"""
from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

#: Snowball stemmer names for the languages questions are read in.
STEMMERS = {"en": "english", "es": "spanish"}

# Contractions are undone before words are split, so "doesn't" reads as "does not" and
# "marker's" as "marker", marked as an owner ("the leader's BS Attack" is the leader's). Compiled
# on the first question with an apostrophe: most have none, and compiling costs a cold `rulecheck ask`.
#: What "'s" becomes: no word, but `tokenize` marks the word before it (`Token.poss`).
_POSSESSIVE = "\x01"
_CONTRACTION_RULES = (
    (r"\b(can)[’']?t\b", r"\1 not"),
    (r"\bwon[’']t\b", "will not"),
    (r"\b(\w+)n[’']t\b", r"\1 not"),
    (r"[’']s\b", _POSSESSIVE),
    (r"[’'](re|ve|ll|d|m)\b", r" \1"),
    (r"[’']", " "),
)
_contractions: list = []
#: Contractions written without the apostrophe ("dont", "isnt"): split when words are split.
_BARE_NOT = frozenset(f"{w}nt" for w in ("do", "does", "did", "is", "are", "was", "were", "has", "have", "had",
                                           "could", "would", "should", "must", "need"))
# A "!" followed by a word in lower case ends no sentence: it is part of a name ("the Retreat!
# threshold"). Any run with ".", "?", ";" or ":" in it ends one ("What?! no way"), except the colon
# of an attribute's level ("CH: Mimetism", "BTS: -3"... two or three capitals, then the level).
_SENTENCE = re.compile(r"(?!(?<=\b[A-Z]{2}):\s+[A-Z-])(?!(?<=\b[A-Z]{3}):\s+[A-Z-])"
                       r"[.?!;:]*[.?;:][.?!;:]*(?=\s|$)|!+(?=\s*$|\s+[^\sa-z\u00e0-\u00ff])|[¿¡]|\n")
_TOKEN = re.compile(r"\+|\w+")
#: (a pattern: compiled by `re` on first use, only for a question with a "/")
_SHORT_WITH = r"(?i)\bw/(o(?:ut)?\b)?(?=\s|$|[^\w/])"
_ORDINALS = {"1st": "first", "2nd": "second", "3rd": "third", "1a": "primera", "2a": "segunda", "3a": "tercera",
             "1o": "primero", "2o": "segundo", "3o": "tercero"}
_CLAUSE = re.compile(r"\s*[,()\u2013\u2014]|\s+-\s")


class Token(NamedTuple):
    """One word of a question: as written, folded, its position, its sentence."""

    text: str
    low: str
    i: int
    sent: int
    #: Written with a capital letter other than at the start of its sentence.
    cap: bool
    #: A comma, dash or parenthesis follows: the end of a clause inside the sentence.
    brk: bool = False
    #: Written with "'s" ("the leader's attack", or "it's"): an owner, or a contracted "is".
    poss: bool = False
    #: A number written with a minus sign ("-6"): a MOD.
    signed: bool = False
    #: Written glued to the token before, as one word ("S2": "Silhouette", "2").
    joined: bool = False


def fold(text: str) -> str:
    """Lower case, accents dropped: `Línea` → `linea`. (`kb.glossary.strip_accents` does the same
    for the knowledge base; a question is folded without loading the glossary module.)"""
    if not text.isascii():
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return text.lower()


def expand(text: str) -> str:
    """The text with contractions undone (`isn't` → `is not`; `marker's` → `marker` and a mark
    `tokenize` reads as `Token.poss`)."""
    text = unicodedata.normalize("NFC", text)
    if "/" in text:
        # "w/o" and "w/" are how players write "without" and "with": read as words, never dropped
        text = re.sub(_SHORT_WITH, lambda m: "without" if m.group(1) else "with", text)
    if "'" not in text and "’" not in text:
        return text
    if not _contractions:
        _contractions.extend((re.compile(p, re.I), repl) for p, repl in _CONTRACTION_RULES)
    for pattern, repl in _contractions:
        text = pattern.sub(repl, text)
    return text


def tokenize(text: str) -> list[Token]:
    """The question's words, `+` kept as a word (Move + BS Attack), each with its sentence."""
    text = expand(text)
    tokens: list[Token] = []
    sent = 0
    last = 0
    starts_sentence = True
    for m in _SENTENCE.finditer(text + "\n"):
        chunk = text[last:m.start()]
        found = False
        for t in _TOKEN.finditer(chunk):
            word = t.group()
            cap = word[:1].isupper() and not starts_sentence
            poss = chunk.startswith(_POSSESSIVE, t.end())
            brk = bool(_CLAUSE.match(chunk, t.end() + poss))
            # "my 2nd short skill", "la 2ª Habilidad Corta" ("2ª" folds to "2a"): an ordinal read
            # as the word the rules use, written as it was
            low = fold(word)
            low = _ORDINALS.get(low, low)
            if word[-1:] in "º°˚" and word[:-1].isdigit() and int(word[:-1]) >= 45:
                low = word[:-1]  # "360º": degrees (the ordinal sign folds to "o"), not "360o"
            if low in _BARE_NOT or low in ("cannot", "cant"):  # "dont" is "do not"; "cannot", "cant" "can not"
                cut = {"cannot": 3, "cant": 1}.get(low, 2)
                tokens.append(Token(word[:-cut], low[:-cut], len(tokens), sent, cap))
                word, low, cap = word[-3:] if low == "cannot" else "not", "not", False
            if len(low) in (2, 3) and low[0] == "s" and low[1:].isdigit() and 0 < int(low[1:]) <= 10:
                # "an S2 Hafza", "is it S5?": how players write a Silhouette value, read as the
                # rules write it ("Silhouette 2"), the word and its number each a token
                tokens.append(Token(word[:1], "silhouette", len(tokens), sent, cap))
                word, low, cap, joined = word[1:], low[1:], False, True
            else:
                joined = False
            signed = word.isdigit() and t.start() > 0 and chunk[t.start() - 1] in "-\u2212" and (
                t.start() < 2 or not chunk[t.start() - 2].isalnum())
            tokens.append(Token(word, low, len(tokens), sent, cap, brk, poss, signed, joined))
            starts_sentence = False
            found = True
        last = m.end()
        if found:
            sent += 1
            starts_sentence = True
    return tokens


def written(toks) -> str:
    """Tokens as the question wrote them: a space between words, none inside a word read as two
    tokens ("S2")."""
    return "".join(("" if n == 0 or t.joined else " ") + t.text for n, t in enumerate(toks))


def whole(toks, i: int, j: int) -> str:
    """Tokens `i`..`j` as written, widened to whole written words: half of a word read as two
    tokens ("S2") brings its other half."""
    if toks[i].joined:
        i -= 1
    if j + 1 < len(toks) and toks[j + 1].joined:
        j += 1
    return written(toks[i:j + 1])


def asking_sentences(text: str) -> set[int]:
    """The sentences of `text` (numbered as `tokenize` numbers them) that end with a question
    mark."""
    text = expand(text)
    asking, sent, last = set(), 0, 0
    for m in _SENTENCE.finditer(text + "\n"):
        chunk = text[last:m.start()]
        if _TOKEN.search(chunk):
            if "?" in m.group():
                asking.add(sent)
            sent += 1
        last = m.end()
    return asking


def words(text: str) -> list[str]:
    """The question's words as matched: ASCII words as written (strict aliases keep their
    case), others folded (`Cancelación` → `cancelacion`)."""
    return [t.text if t.text.isascii() else t.low for t in tokenize(text)]


_stemmers: dict[str, object] = {}
#: language → folded word → stem; seeded from the logic cache (`preload_stems`).
_stem_cache: dict[str, dict[str, str]] = {"en": {}, "es": {}}


#: language → first letter → the marshalled {word: stem} of the lexicon's words starting with it
#: (`preload_stems`): unpacked a letter at a time, as a question's words ask for them.
_packed_stems: dict[str, dict[str, bytes]] = {}


def stem(word: str, lang: str) -> str:
    """The Snowball stem of a folded word in `lang` (`en` or `es`)."""
    known = _stem_cache[lang]
    hit = known.get(word)
    if hit is None:
        bucket = _packed_stems.get(lang, {}).pop(word[:1], None)
        if bucket is not None:
            import marshal  # built in

            known.update(marshal.loads(bucket))
            hit = known.get(word)
    if hit is None:
        stemmer = _stemmers.get(lang)
        if stemmer is None:
            import Stemmer  # PyStemmer (C): loaded on the first word not stemmed already

            stemmer = _stemmers[lang] = Stemmer.Stemmer(STEMMERS[lang])
        hit = known[word] = stemmer.stemWord(word)
    return hit


def pack_stems(known: dict[str, dict[str, str]]) -> dict[str, dict[str, bytes]]:
    """The lexicon's stems as the logic cache keeps them: per language, per first letter,
    marshalled on their own (see `preload_stems`)."""
    import marshal

    out: dict[str, dict[str, bytes]] = {}
    for lang, stems in known.items():
        buckets: dict[str, dict[str, str]] = {}
        for word, st in stems.items():
            buckets.setdefault(word[:1], {})[word] = st
        out[lang] = {letter: marshal.dumps(b) for letter, b in buckets.items()}
    return out


def preload_stems(packed: dict[str, dict[str, bytes]]) -> None:
    """Seed the stem cache with the lexicon's own words (`pack_stems`' form, from the logic
    cache): a question made of known words never loads the stemmer, and only the letters its
    words start with are unpacked."""
    for lang, buckets in packed.items():
        _stem_cache.setdefault(lang, {})
        _packed_stems.setdefault(lang, {}).update(buckets)
