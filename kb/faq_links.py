"""`faq_rules`: which rule bullets each FAQ answer settles.

Two sources. `similarity`: among the rules of the pages a FAQ relates to (and the pages it is
on), the few whose text is nearest the FAQ's question and answer, by TF-IDF cosine. Words
are folded and lightly stemmed, and every glossary alias becomes its term (`Discover`,
`Descubierto` → one token), so an English FAQ finds the Spanish page's bullets too.
`logic`: the rows of `data/logic.toml` cite FAQs and rules together; each cited pair links.
"""
from __future__ import annotations

import math
import re
import tomllib
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from rulecheck.kb.glossary import Glossary, is_strict_alias

#: Keep at most this many rules per FAQ…
MAX_RULES = 4
#: …each scoring at least this cosine…
MIN_SCORE = 0.12
#: …and at least this share of the FAQ's best score (a clear winner drops the also-rans).
MIN_SHARE = 0.55

_STOP = frozenset("""
a about after all also an and any are as at be been but by can cannot could do does during each
either for from has have he her his how i if in into is it its may me must my neither no nor not
of on one or other own same so such than that the their them then there these they this those to
up was what when whenever where whether which while who why will with would yes you your
a al algo cada como con cual cuando de del desde donde el ella en entre era es esa ese eso esta
este esto estos la las le les lo los mas mismo muy ni no o para pero por puede pueden que se ser
si sin sobre su sus tambien tiene un una uno unos y ya
""".split())

_WORD = re.compile(r"@\w+|\w+")


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def stem(word: str) -> str:
    """A light English/Spanish stem: `discovers` → `discover`, `cancelaciones` → `cancel`."""
    for suffix in ("aciones", "acion", "ciones", "cion", "mente", "ments", "ment", "ings", "ing",
                   "edly", "ed", "ies", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


class Tokenizer:
    """Turns text into weighted-bag tokens: glossary terms as `@<term id>`, other words stemmed."""

    def __init__(self, glossary: Glossary | None) -> None:
        self._terms: dict[str, str] = {}
        loose: list[str] = []
        strict: list[str] = []
        if glossary is not None:
            for term in glossary.terms.values():
                for alias in term.names:
                    bare = _strip_accents(alias).strip()
                    if not bare:
                        continue
                    if is_strict_alias(alias):
                        self._terms.setdefault(bare, term.id)
                        strict.append(bare)
                    else:
                        self._terms.setdefault(bare.lower(), term.id)
                        loose.append(bare)
        # Longest aliases first, so `TO Camouflaged` wins over `Camouflaged`.
        parts = [(len(a), f"(?i:{re.escape(a)})") for a in loose] + [(len(a), re.escape(a)) for a in strict]
        parts.sort(key=lambda p: -p[0])
        self._pattern = (
            re.compile(r"(?<!\w)(?:" + "|".join(p for _, p in parts) + r")(?!\w)") if parts else None
        )

    def _term(self, match: re.Match[str]) -> str:
        text = match.group(0)
        term_id = self._terms.get(text) or self._terms.get(text.lower())
        return f" @{term_id} " if term_id else text

    def tokens(self, text: str) -> list[str]:
        """The tokens of `text`: folded, stop words dropped, aliases as terms."""
        bare = _strip_accents(text)
        if self._pattern is not None:
            bare = self._pattern.sub(self._term, bare)
        out = []
        for word in _WORD.findall(bare.lower()):
            if word.startswith("@"):
                out.append(word)
            elif word not in _STOP and len(word) > 1 and not word.isdigit():
                out.append(stem(word))
        return out


@dataclass
class Vectors:
    """TF-IDF vectors of a set of documents, normalised to unit length."""

    idf: dict[str, float]
    vectors: dict[str, dict[str, float]]

    @classmethod
    def build(cls, docs: Mapping[str, list[str]]) -> "Vectors":
        """Vectors for `{doc id: tokens}`; IDF over these documents."""
        df: Counter[str] = Counter()
        for tokens in docs.values():
            df.update(set(tokens))
        n = len(docs) or 1
        idf = {t: math.log((1 + n) / (1 + c)) + 1.0 for t, c in df.items()}
        self = cls(idf, {})
        for doc_id, tokens in docs.items():
            self.vectors[doc_id] = self.vector(tokens)
        return self

    def vector(self, tokens: list[str]) -> dict[str, float]:
        """A unit TF-IDF vector; words never seen in the documents weigh nothing."""
        counts = Counter(tokens)
        vec = {t: (1 + math.log(c)) * self.idf[t] for t, c in counts.items() if t in self.idf}
        norm = math.sqrt(sum(v * v for v in vec.values())) or 1.0
        return {t: v / norm for t, v in vec.items()}


def cosine(a: dict[str, float], b: dict[str, float]) -> float:
    """Cosine of two unit vectors."""
    if len(a) > len(b):
        a, b = b, a
    return sum(v * b.get(t, 0.0) for t, v in a.items())


def similarity_links(
    faq_texts: Mapping[str, str],
    rule_texts: Mapping[str, str],
    candidates: Mapping[str, Iterable[str]],
    glossary: Glossary | None,
) -> list[tuple[str, str, float]]:
    """`(faq_id, rule_id, score)` for each FAQ's nearest candidate rules, best first per FAQ.

    `candidates` maps a FAQ id to the rule ids it may link to (its pages' rules).
    """
    tokenizer = Tokenizer(glossary)
    vectors = Vectors.build({rule_id: tokenizer.tokens(text) for rule_id, text in rule_texts.items()})
    found: list[tuple[str, str, float]] = []
    for faq_id, text in faq_texts.items():
        query = vectors.vector(tokenizer.tokens(text))
        if not query:
            continue
        scored = sorted(
            ((round(cosine(query, vectors.vectors[r]), 4), r) for r in set(candidates.get(faq_id, ()))
             if r in vectors.vectors),
            key=lambda sr: (-sr[0], sr[1]),
        )
        if not scored or scored[0][0] < MIN_SCORE:
            continue
        floor = max(MIN_SCORE, scored[0][0] * MIN_SHARE)
        found.extend((faq_id, r, s) for s, r in scored[:MAX_RULES] if s >= floor)
    return found


class LogicFileError(ValueError):
    """`data/logic.toml` cannot be read."""


def logic_links(path: Path, faq_ids: Sequence[str] | set[str], rule_ids: Sequence[str] | set[str]) -> list[tuple[str, str]]:
    """`(faq_id, rule_id)` for every FAQ and rule a `[[row]]` of the logic table cites together.

    Ids the base does not have are ignored here (the checker's tests catch them). A missing
    file gives no links; an unreadable one raises `LogicFileError`.
    """
    if not path.is_file():
        return []
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise LogicFileError(f"{path}: {e}") from e
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
