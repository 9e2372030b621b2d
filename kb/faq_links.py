"""`faq_rules`: which rule bullets each FAQ answer settles.

Two sources. `similarity`: among the rules of the pages a FAQ relates to (and the pages it is
on), the few whose text is nearest the FAQ's question and answer, by TF-IDF cosine. Words
are folded and lightly stemmed, and every glossary alias becomes its term (`Discover`,
`Descubierto` → one token), so an English FAQ finds the Spanish page's bullets too.
`logic`: the rows of `data/logic.toml` cite FAQs and rules together; each cited pair links.
"""
from __future__ import annotations

import heapq
import math
import re
from collections import Counter
from dataclasses import dataclass
from itertools import repeat
from operator import mul
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from rulecheck.data import read_toml
from rulecheck.kb.glossary import Glossary, is_strict_alias, strip_accents
from rulecheck.kb.read import KnowledgeBaseError

#: Keep at most this many rules per FAQ…
MAX_RULES = 4
#: …each scoring at least this cosine…
MIN_SCORE = 0.12
#: …and at least this share of the FAQ's best score (a clear winner drops the also-rans).
MIN_SHARE = 0.55
#: Glossary terms (`@discover`) carry a FAQ's topic: they weigh this much more than other words.
TERM_WEIGHT = 2.0

_STOP = frozenset("""
a about after all also an and any are as at be been but by can cannot could do does during each
either for from has have he her his how i if in into is it its may me must my neither no nor not
of on one or other own same so such than that the their them then there these they this those to
up was what when whenever where whether which while who why will with would yes you your
a al algo cada como con cual cuando de del desde donde el ella en entre era es esa ese eso esta
este esto estos la las le les lo los mas mismo muy ni no o para pero por puede pueden que se ser
si sin sobre su sus tambien tiene un una uno unos y ya
""".split())

_WORD = re.compile(r"\w+")


def stem(word: str) -> str:
    """A light English/Spanish stem: `discovers`, `discovering` → `discover`; `enemies` → `enemy`."""
    if word.endswith("ies") and len(word) > 5:
        return word[:-3] + "y"
    for suffix in ("aciones", "acion", "ciones", "cion", "mente", "ments", "ment", "ings", "ing", "edly",
                   "ly", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[: -len(suffix)]
            break
    # `declare`, `declared`, `declaring` → `declar`
    return word[:-1] if word.endswith("e") and len(word) > 4 else word


class Tokenizer:
    """Turns text into bag-of-words tokens: glossary terms as `@<term id>`, other words stemmed.

    Aliases match as word sequences (punctuation between words ignored), longest first, so
    `TO Camouflaged` wins over `Camouflaged`; short all-capitals aliases (`TO`, `ORA`) only
    as written. Results are cached by text: generated and translated corpora repeat a lot.
    """

    def __init__(self, glossary: Glossary | None, drop_terms: Iterable[str] = ()) -> None:
        self._drop = {f"@{t}" for t in drop_terms}
        #: (words…) → term id; loose aliases folded to lower case, strict ones as written.
        self._loose: dict[tuple[str, ...], str] = {}
        self._strict: dict[tuple[str, ...], str] = {}
        #: first word (lower case) → the alias lengths starting with it, longest first.
        self._starts: dict[str, list[int]] = {}
        for term in glossary.terms.values() if glossary is not None else ():
            for alias in term.names:
                words = tuple(_WORD.findall(strip_accents(alias)))
                if not words:
                    continue
                if is_strict_alias(alias):
                    self._strict.setdefault(words, term.id)
                else:
                    words = tuple(w.lower() for w in words)
                    self._loose.setdefault(words, term.id)
                lengths = self._starts.setdefault(words[0].lower(), [])
                if len(words) not in lengths:
                    lengths.append(len(words))
                    lengths.sort(reverse=True)
        self._cache: dict[str, list[str]] = {}

    def tokens(self, text: str) -> list[str]:
        """The tokens of `text`: folded, stop words dropped, aliases as terms."""
        cached = self._cache.get(text)
        if cached is None:
            cached = self._cache[text] = self._tokens(text)
        return cached

    def _tokens(self, text: str) -> list[str]:
        words = _WORD.findall(strip_accents(text))
        lower = [w.lower() for w in words]
        out: list[str] = []
        i, n = 0, len(words)
        while i < n:
            term_len, term_id = 0, None
            for length in self._starts.get(lower[i], ()):
                if i + length > n:
                    continue
                term_id = self._loose.get(tuple(lower[i:i + length])) or self._strict.get(tuple(words[i:i + length]))
                if term_id:
                    term_len = length
                    break
            if term_id:
                token = f"@{term_id}"
                if token not in self._drop:
                    out.append(token)
                i += term_len
                continue
            word = lower[i]
            if word not in _STOP and len(word) > 1 and not word.isdigit():
                out.append(stem(word))
            i += 1
        return out


@dataclass
class Vectors:
    """TF-IDF weights over a set of documents; unit vectors made on demand, one per distinct text."""

    idf: dict[str, float]
    vectors: dict[str, dict[str, float]]

    @classmethod
    def build(cls, docs: Mapping[str, list[str]]) -> "Vectors":
        """Vectors for `{doc id: tokens}`; IDF over these documents."""
        df: Counter[str] = Counter()
        for tokens in docs.values():
            df.update(set(tokens))
        self = cls.from_df(df, len(docs))
        for doc_id, tokens in docs.items():
            self.vectors[doc_id] = self.vector(tokens)
        return self

    @classmethod
    def from_df(cls, df: Mapping[str, int], n: int) -> "Vectors":
        """Weights from document frequencies over `n` documents; no vectors yet."""
        n = n or 1
        return cls({t: math.log((1 + n) / (1 + c)) + 1.0 for t, c in df.items()}, {})

    def vector(self, tokens: list[str]) -> dict[str, float]:
        """A unit TF-IDF vector; words never seen in the documents weigh nothing."""
        idf = self.idf
        vec = {t: (1 + math.log(c)) * idf[t] * (TERM_WEIGHT if t[0] == "@" else 1.0)
               for t, c in Counter(tokens).items() if t in idf}
        values = vec.values()
        norm = math.sqrt(sum(map(mul, values, values))) or 1.0
        return {t: v / norm for t, v in vec.items()}


def cosine(a: dict[str, float], b: dict[str, float]) -> float:
    """Cosine of two unit vectors."""
    if len(a) > len(b):
        a, b = b, a
    # Σ a[t]·b[t] over the smaller vector, in its order: the generator-free form runs in C.
    return sum(map(mul, a.values(), map(b.get, a, repeat(0.0))))


def similarity_links(
    faq_texts: Mapping[str, str],
    rule_texts: Mapping[str, str],
    candidates: Mapping[str, Iterable[str]],
    glossary: Glossary | None,
    drop_terms: Iterable[str] = (),
) -> list[tuple[str, str, float]]:
    """`(faq_id, rule_id, score)` for each FAQ's nearest candidate rules, best first per FAQ.

    `candidates` maps a FAQ id to the rule ids it may link to (its pages' rules). `drop_terms`
    are glossary term ids left out of the comparison: the states the pages themselves are
    about, named in nearly every bullet of their page, so they tell no bullet from another.
    """
    tokenizer = Tokenizer(glossary, drop_terms)
    # Rules with the same text (copies, translations kept verbatim) share one vector and one
    # score; the IDF still counts every rule, each distinct text as often as rules carry it.
    copies = Counter(rule_texts.values())
    df: Counter[str] = Counter()
    #: token → the distinct rule texts holding it: only those can score above zero.
    holders: dict[str, list[str]] = {}
    for text, count in copies.items():
        for token in set(tokenizer.tokens(text)):
            df[token] += count
            holders.setdefault(token, []).append(text)
    weights = Vectors.from_df(df, len(rule_texts))
    found: list[tuple[str, str, float]] = []
    for faq_id, text in faq_texts.items():
        query = weights.vector(tokenizer.tokens(text))
        if not query:
            continue
        sharing = {t for token in query for t in holders.get(token, ())}
        scores: dict[str, float] = {}
        scored = []
        for r in set(candidates.get(faq_id, ())):
            rule_text = rule_texts.get(r)
            if rule_text not in sharing:  # no word in common: cosine 0, below any floor
                continue
            score = scores.get(rule_text)
            if score is None:
                vec = weights.vectors.get(rule_text)
                if vec is None:
                    vec = weights.vectors[rule_text] = weights.vector(tokenizer.tokens(rule_text))
                score = scores[rule_text] = round(cosine(query, vec), 4)
            scored.append((-score, r))
        best = heapq.nsmallest(MAX_RULES, scored)  # highest score first, then by rule id
        if not best or -best[0][0] < MIN_SCORE:
            continue
        floor = max(MIN_SCORE, -best[0][0] * MIN_SHARE)
        found.extend((faq_id, r, -s) for s, r in best if -s >= floor)
    return found


class LogicFileError(KnowledgeBaseError):
    """`data/logic.toml` cannot be read."""


def logic_links(path: Path, faq_ids: Sequence[str] | set[str], rule_ids: Sequence[str] | set[str]) -> list[tuple[str, str]]:
    """`(faq_id, rule_id)` for every FAQ and rule a `[[row]]` of the logic table cites together.

    Ids the base does not have are ignored here (the checker's tests catch them). A missing
    file gives no links; an unreadable one raises `LogicFileError`.
    """
    if not path.is_file():
        return []
    data = read_toml(path, LogicFileError, "the logic table", "Fix the file (an authoring error).")
    faqs, rules = set(faq_ids), set(rule_ids)
    pairs: dict[tuple[str, str], None] = {}
    for row in data.get("row", []):
        cites = row.get("cites", []) if isinstance(row, dict) else []
        if not isinstance(cites, list):
            continue
        cited_faqs = [c for c in cites if c in faqs]
        cited_rules = [c for c in cites if c in rules]
        for faq_id in cited_faqs:
            for rule_id in cited_rules:
                pairs[(faq_id, rule_id)] = None
    return list(pairs)
