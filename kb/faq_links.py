"""`faq_rules`: which rule bullets each FAQ answer settles, and which it only relates to.

Two ways to find a pair. `similarity`: among the rules of the pages a FAQ relates to (and the
pages it is on), the few whose text is nearest the FAQ's question and answer, by TF-IDF cosine.
Words are folded and stemmed by the Snowball stemmer of the text's language (English,
Spanish: `cancellation` and `cancelación` → `cancel`), and every glossary alias becomes its
term (`Discover`, `Descubierto` → one token), so an English FAQ finds the Spanish page's
bullets too.
`logic`: the rows of `data/logic.toml` cite FAQs and rules together; each cited pair links.
One row per pair, with every way it was found; `settles` says which pairs are shown as
settled (the rest are `related`).
"""
from __future__ import annotations

import heapq
import math
import re
from collections import Counter, OrderedDict, defaultdict
from dataclasses import dataclass
from itertools import repeat
from operator import mul
from pathlib import Path
from typing import Iterable, Iterator, Mapping, Sequence

import Stemmer

from rulecheck.data import read_toml
from rulecheck.kb.glossary import Glossary, is_strict_alias, strip_accents
from rulecheck.kb.errors import KnowledgeBaseError
from rulecheck.kb.schema import FaqRuleRow

#: Keep at most this many rules per FAQ…
MAX_RULES = 4
#: …each scoring at least this cosine…
MIN_SCORE = 0.12
#: …and at least this share of the FAQ's best score (a clear winner drops the also-rans).
MIN_SHARE = 0.55
#: Glossary terms (`@discover`) carry a FAQ's topic: they weigh this much more than other words.
TERM_WEIGHT = 2.0
#: How many candidate pages' inverted indexes are kept at once (the most recently used).
INDEXED_PAGES = 64
#: How many texts' tokens, and how many distinct words' forms, the tokenizer keeps before it
#: starts afresh: a bound on memory, far above what one page and its FAQs repeat.
TOKEN_CACHE = 4096
WORD_CACHE = 200_000
#: How many distinct rule texts' vectors are kept (rules of many pages share texts: copies,
#: translations kept verbatim); a bound on memory like the tokenizer's caches.
VECTOR_CACHE = 4096
#: The ways a pair is found, strongest first (`faq_rules.how` is the first that found it).
WAYS = ("logic", "similarity")
#: A logic pair settles when the FAQ's and the bullet's words agree at least this much…
CORROBORATION = MIN_SCORE
#: …and any pair does when the FAQ restates the bullet (an answer made errata): at least this
#: share of the bullet's distinct words are in the FAQ…
RESTATES = 0.9
#: …the bullet having at least this many (a short bullet's few words prove no copy).
RESTATES_MIN_WORDS = 8

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


#: The Snowball stemmer for each language a page may have; any other (or none) is read as English.
STEMMERS = {"en": "english", "es": "spanish"}


def stemmer(lang: str | None) -> "Stemmer.Stemmer":
    """The Snowball stemmer for `lang` (`en`, `es`; English for anything else)."""
    return Stemmer.Stemmer(STEMMERS.get(lang or "en", "english"))


class Tokenizer:
    """Turns text of one language into bag-of-words tokens: glossary terms as `@<term id>`,
    other words by their Snowball stem in that language.

    Aliases match as word sequences (punctuation between words ignored), longest first, so
    `TO Camouflaged` wins over `Camouflaged`; short all-capitals aliases (`TO`, `ORA`) only
    as written. Results are cached by text (a bounded cache): FAQs and copies repeat a lot.
    """

    def __init__(self, glossary: Glossary | None, drop_terms: Iterable[str] = (), lang: str | None = None) -> None:
        self._drop = {f"@{t}" for t in drop_terms}
        self._stem = stemmer(lang).stemWord
        #: Aliases as word tries: word → node, a node's `""` key holding the term id of the alias
        #: that ends there. Loose aliases by lower-case words, strict ones as written.
        self._loose: dict = {}
        self._strict: dict = {}
        for term in glossary.terms.values() if glossary is not None else ():
            for alias in term.names:
                words = _WORD.findall(strip_accents(alias))
                if not words:
                    continue
                node = self._strict if is_strict_alias(alias) else self._loose
                for word in words if node is self._strict else (w.lower() for w in words):
                    node = node.setdefault(word, {})
                node.setdefault("", term.id)
        self._cache: dict[str, list[str]] = {}
        self._words: dict[str, tuple[str, str, str | None, bool]] = {}

    def tokens(self, text: str) -> list[str]:
        """The tokens of `text`: folded, stop words dropped, aliases as terms."""
        cached = self._cache.get(text)
        if cached is None:
            if len(self._cache) >= TOKEN_CACHE:
                self._cache.clear()
            cached = self._cache[text] = self._tokens(text)
        return cached

    def _tokens(self, text: str) -> list[str]:
        words = self._words
        folded = [words.get(w) or self._fold(w) for w in _WORD.findall(text)]
        longer = [i for i, word in enumerate(folded) if word[3]]  # where a many-word alias may start
        if not longer:
            return [word[2] for word in folded if word[2]]
        out: list[str] = []
        done = 0  # words before this one are in `out` (or were part of an alias)
        for i in longer:
            if i < done:
                continue
            length, term_id = self._longest(folded, i)
            if length > 1:
                out += [word[2] for word in folded[done:i] if word[2]]
                if f"@{term_id}" not in self._drop:
                    out.append(f"@{term_id}")
                done = i + length
        out += [word[2] for word in folded[done:] if word[2]]
        return out

    def _longest(self, folded: list[tuple], i: int) -> tuple[int, str | None]:
        """The longest alias starting at word `i` (a loose one on a tie): `(words, term id)`."""
        best, best_id = 0, None
        for trie, form in ((self._loose, 1), (self._strict, 0)):
            node = trie.get(folded[i][form])
            j = i + 1
            while node is not None:
                if "" in node and j - i > best:
                    best, best_id = j - i, node[""]
                if j == len(folded):
                    break
                node = node.get(folded[j][form])
                j += 1
        return best, best_id

    def _fold(self, word: str) -> tuple[str, str, str | None, bool]:
        """`(accents stripped, also lower-cased, its token, whether a many-word alias may start
        with it)`, once per distinct word: texts repeat their words far more than their
        sentences. The token is the word's term when it is a one-word alias (None for a term
        left out), else its stem (None for a stop word)."""
        if len(self._words) >= WORD_CACHE:
            self._words.clear()
        plain = strip_accents(word)
        lower = plain.lower()
        loose, strict = self._loose.get(lower, {}), self._strict.get(plain, {})
        term_id = loose.get("") or strict.get("")
        if term_id:
            token = None if f"@{term_id}" in self._drop else f"@{term_id}"
        elif lower not in _STOP and len(lower) > 1 and not lower.isdigit():
            token = self._stem(lower)
        else:
            token = None
        found = self._words[word] = (plain, lower, token, len(loose) > ("" in loose) or len(strict) > ("" in strict))
        return found


@dataclass
class Vectors:
    """TF-IDF weights over a set of documents; unit vectors made on demand."""

    idf: dict[str, float]

    def __post_init__(self) -> None:
        # Each token's IDF times its weight (`TERM_WEIGHT` for a glossary term), once.
        self._weights = {t: w * (TERM_WEIGHT if t[0] == "@" else 1.0) for t, w in self.idf.items()}

    @classmethod
    def from_df(cls, df: Mapping[str, int], n: int) -> "Vectors":
        """Weights from document frequencies over `n` documents."""
        n = n or 1
        return cls({t: math.log((1 + n) / (1 + c)) + 1.0 for t, c in df.items()})

    def vector(self, tokens: list[str]) -> dict[str, float]:
        """A unit TF-IDF vector; words never seen in the documents weigh nothing."""
        weights = self._weights
        counts: dict[str, int] = {}
        for t in tokens:
            counts[t] = counts.get(t, 0) + 1
        # A word met once weighs its weight alone: 1 + log(1) is exactly 1.
        vec = {t: weights[t] if c == 1 else (1 + math.log(c)) * weights[t] for t, c in counts.items() if t in weights}
        values = vec.values()
        norm = math.sqrt(sum(map(mul, values, values))) or 1.0
        return {t: v / norm for t, v in vec.items()}


def cosine(a: dict[str, float], b: dict[str, float]) -> float:
    """Cosine of two unit vectors."""
    if len(a) > len(b):
        a, b = b, a
    # Σ a[t]·b[t] over the smaller vector, in its order: the generator-free form runs in C.
    return sum(map(mul, a.values(), map(b.get, a, repeat(0.0))))


class Similarity:
    """TF-IDF cosine between FAQ texts and rule texts, with IDF over every rule of the base.

    Built in one pass over the rules (each distinct text tokenized once); after that, scoring a
    FAQ against a rule costs only the two texts, so the build's FAQ links grow with the number
    of (FAQ, candidate rule) pairs, never with FAQs × rules. Nothing per rule is kept beyond the
    document frequencies: vectors are made when a page's rules are indexed. Each text is read
    in its language (`langs`: FAQ or rule id → `en`, `es`; English when not given).
    """

    def __init__(self, rule_texts: Mapping[str, str], glossary: Glossary | None, drop_terms: Iterable[str] = (),
                 langs: Mapping[str, str | None] | None = None) -> None:
        self._glossary, self._drop = glossary, tuple(drop_terms)
        self._tokenizers: dict[str | None, Tokenizer] = {}
        self.langs: Mapping[str, str | None] = langs or {}
        # Rules with the same text (copies, translations kept verbatim) share one vector and one
        # score; the IDF still counts every rule, each distinct text as often as rules carry it.
        df: Counter[str] = Counter()
        for (text, lang), count in Counter((t, self.langs.get(r)) for r, t in rule_texts.items()).items():
            for token in set(self.tokens(text, lang)):
                df[token] += count
        self._weights = Vectors.from_df(df, len(rule_texts))
        #: `(text, lang)` → the unit vector of a rule text (`VECTOR_CACHE`).
        self._vectors: dict[tuple[str, str | None], dict[str, float]] = {}

    def tokens(self, text: str, lang: str | None = None) -> list[str]:
        """The tokens of `text`, read in `lang`."""
        tokenizer = self._tokenizers.get(lang)
        if tokenizer is None:
            tokenizer = self._tokenizers[lang] = Tokenizer(self._glossary, self._drop, lang)
        return tokenizer.tokens(text)

    def query(self, faq_text: str, lang: str | None = None) -> dict[str, float]:
        """The unit vector of a FAQ's text."""
        return self._weights.vector(self.tokens(faq_text, lang))

    def vector(self, tokens: list[str]) -> dict[str, float]:
        """The unit vector of these tokens."""
        return self._weights.vector(tokens)

    def score(self, query: dict[str, float], rule_text: str, lang: str | None = None) -> float:
        """Cosine of a FAQ's vector (`query`) and a rule's text, rounded to 4 places."""
        return round(cosine(query, self.rule_vector(rule_text, lang)), 4)

    def rule_vector(self, text: str, lang: str | None = None) -> dict[str, float]:
        """The unit vector of a rule's text, made once for all the rules that share it."""
        key = (text, lang)
        vec = self._vectors.get(key)
        if vec is None:
            if len(self._vectors) >= VECTOR_CACHE:
                self._vectors.clear()
            vec = self._vectors[key] = self._weights.vector(self.tokens(text, lang))
        return vec

    def index(self, rule_ids: Iterable[str], rule_texts: Mapping[str, str]) -> dict[str, list[tuple[str, float]]]:
        """An inverted index of these rules: token → `(rule id, weight)` of each rule holding it."""
        index: dict[str, list[tuple[str, float]]] = {}
        langs = self.langs
        for rule_id in rule_ids:
            text = rule_texts.get(rule_id)
            if text is None:
                continue
            for token, weight in self.rule_vector(text, langs.get(rule_id)).items():
                index.setdefault(token, []).append((rule_id, weight))
        return index

    def restates(self, faq_text: str, rule_text: str, faq_lang: str | None = None, rule_lang: str | None = None) -> bool:
        """Whether the FAQ holds nearly all the bullet's words (`RESTATES`), the bullet having
        `RESTATES_MIN_WORDS` or more: the bullet is the FAQ's answer, copied into the page."""
        words = set(self.tokens(rule_text, rule_lang))
        if len(words) < RESTATES_MIN_WORDS:
            return False
        return len(words & set(self.tokens(faq_text, faq_lang))) >= RESTATES * len(words)


def nearest_rules(
    similarity: Similarity,
    faq_texts: Mapping[str, str],
    rule_texts: Mapping[str, str],
    candidate_pages: Mapping[str, Iterable[str]],
    rules_of_page: Mapping[str, Sequence[str]],
    topics: Mapping[str, str] | None = None,
) -> Iterator[tuple[str, str, float, float]]:
    """`(faq_id, rule_id, score, cosine)` for each FAQ's nearest candidate rules, best first per
    FAQ, FAQ after FAQ (made as they are asked for).

    A FAQ is searched with its text plus its `topics` (the titles of related pages the base
    lacks, `Discover`, `Riotstopper`: what the FAQ is about): that is `score`; `cosine` is its
    own text's (the same when it has no topics), summed from the same postings.

    `candidate_pages` maps a FAQ id to the pages whose rules it may link to (the pages it is on
    and those its related links resolve to); `rules_of_page` gives their rules. Only those rules
    are scored, through an inverted index of each candidate page, so a FAQ costs the postings
    its words meet there, not a pass over every rule. The last `INDEXED_PAGES` pages' indexes are
    kept: a page many FAQs relate to stays indexed, a page's own FAQs (met together, in page
    order) reuse its index, and memory stays bounded whatever the number of pages.
    """
    indexes: OrderedDict[str, dict[str, list[tuple[str, float]]]] = OrderedDict()
    topics = topics or {}
    for faq_id, text in faq_texts.items():
        topic, lang = topics.get(faq_id), similarity.langs.get(faq_id)
        own = similarity.tokens(text, lang)
        query = similarity.vector(own + similarity.tokens(topic, lang)) if topic else similarity.vector(own)
        if not query:
            continue
        pages = set(candidate_pages.get(faq_id, ()))
        sums: defaultdict[str, float] = defaultdict(float)
        for page in pages:
            index = indexes.get(page)
            if index is None:
                index = indexes[page] = similarity.index(rules_of_page.get(page, ()), rule_texts)
                if len(indexes) > INDEXED_PAGES:
                    indexes.popitem(last=False)
            else:
                indexes.move_to_end(page)
            for token, weight in query.items():
                for rule_id, rule_weight in index.get(token, ()):
                    sums[rule_id] += weight * rule_weight
        best = _best(sums)
        if not best or -best[0][0] < MIN_SCORE:
            continue
        floor = max(MIN_SCORE, -best[0][0] * MIN_SHARE)
        kept = {r: -s for s, r in best if -s >= floor}
        if topic:  # the FAQ's own words against the kept rules, summed as the search sums
            own_query = similarity.vector(own)
            for r, score in kept.items():
                vec, total = similarity.rule_vector(rule_texts[r], similarity.langs.get(r)), 0.0
                for token, weight in own_query.items():
                    rule_weight = vec.get(token)
                    if rule_weight is not None:
                        total += weight * rule_weight
                yield faq_id, r, score, round(total, 4)
        else:
            yield from ((faq_id, r, score, score) for r, score in kept.items())


def _best(sums: Mapping[str, float]) -> list[tuple[float, str]]:
    """The `MAX_RULES` best `(-score, rule id)`, scores rounded to 4 places: highest first, then
    by rule id. Only sums that can round as high as the `MAX_RULES`-th are rounded (rounding
    keeps the order, so the `MAX_RULES`-th rounded score is the `MAX_RULES`-th sum's)."""
    if len(sums) <= MAX_RULES:
        return sorted((-round(total, 4), r) for r, total in sums.items())
    cutoff = round(sorted(sums.values(), reverse=True)[MAX_RULES - 1], 4) - 1e-4
    return heapq.nsmallest(MAX_RULES, [(-round(total, 4), r) for r, total in sums.items() if total >= cutoff])


def faq_rule_rows(
    faq_texts: Mapping[str, str],
    rule_texts: Mapping[str, str],
    candidate_pages: Mapping[str, Iterable[str]],
    rules_of_page: Mapping[str, Sequence[str]],
    logic_pairs: Iterable[tuple[str, str]],
    glossary: Glossary | None,
    drop_terms: Iterable[str] = (),
    langs: Mapping[str, str | None] | None = None,
    topics: Mapping[str, str] | None = None,
) -> list[FaqRuleRow]:
    """The `faq_rules` rows: one per (FAQ, rule) pair, with every way it was found.

    A pair is found by `similarity` (among the FAQ's nearest candidate rules, `nearest_rules`)
    and by `logic` (a row of the logic table cites both, `logic_pairs`). `how` is the strongest
    way (`WAYS` order), `ways` all of them; `score` is 1.0 for logic, else the search's score
    (the FAQ with its `topics`, `nearest_rules`); `similarity` is the cosine of the FAQ's own
    words (question and answer) and the bullet's, whichever way found the pair, and what
    `settles(…)` judges by: `strength` is `settles` when it says so, else `related`. Rows are
    sorted by FAQ id, then rule id. `langs` gives each FAQ's and rule's language (by id;
    English when missing), which its words are stemmed in.
    """
    similarity = Similarity(rule_texts, glossary, drop_terms, langs)
    logic: dict[str, dict[str, None]] = {}
    for faq_id, rule_id in logic_pairs:
        logic.setdefault(faq_id, {})[rule_id] = None
    rows: list[FaqRuleRow] = []
    # FAQ by FAQ as the search finds their rules (the pages' order): a FAQ's rows are made while
    # the tokenizer still holds their texts, and no table of every pair is kept beside the rows.
    faq_id, found = None, {}
    for next_faq, rule_id, score, cos in nearest_rules(similarity, faq_texts, rule_texts, candidate_pages,
                                                        rules_of_page, topics):
        if next_faq != faq_id:
            _add_rows(rows, similarity, faq_id, found, logic.pop(faq_id, {}), faq_texts, rule_texts)
            faq_id, found = next_faq, {}
        found[rule_id] = (score, cos)
    _add_rows(rows, similarity, faq_id, found, logic.pop(faq_id, {}), faq_texts, rule_texts)
    for faq_id, rules in logic.items():  # FAQs the search found nothing for
        _add_rows(rows, similarity, faq_id, {}, rules, faq_texts, rule_texts)
    rows.sort()
    return rows


#: `ways` as stored, one string each (72,000 rows at 5,000 pages share them).
_WAYS_TEXT = {ways: ",".join(ways) for ways in (("logic",), ("similarity",), ("logic", "similarity"))}


def _add_rows(rows: list[FaqRuleRow], similarity: Similarity, faq_id: str | None,
              found: Mapping[str, tuple[float, float]], logic: Iterable[str],
              faq_texts: Mapping[str, str], rule_texts: Mapping[str, str]) -> None:
    """Add one FAQ's rows: the rules its search `found` (`rule → (score, own cosine)`) and those
    a logic row cites beside it."""
    if faq_id is None:
        return
    langs = similarity.langs
    faq_text, faq_lang = faq_texts.get(faq_id, ""), langs.get(faq_id)
    query = None
    logic = set(logic)
    for rule_id in {**found, **dict.fromkeys(logic)}:
        rule_text, rule_lang = rule_texts.get(rule_id, ""), langs.get(rule_id)
        if rule_id in found:
            score, cos = found[rule_id]
        else:  # found by logic alone: do the FAQ's own words agree with the bullet's?
            query = similarity.query(faq_text, faq_lang) if query is None else query
            score, cos = None, (similarity.score(query, rule_text, rule_lang) if query else 0.0)
        ways = tuple(w for w in WAYS if w == "logic" and rule_id in logic or w == "similarity" and rule_id in found)
        restated = similarity.restates(faq_text, rule_text, faq_lang, rule_lang)
        strength = "settles" if settles(ways, cos, restated) else "related"
        rows.append(FaqRuleRow(faq_id, rule_id, ways[0], 1.0 if ways[0] == "logic" else score, strength,
                               _WAYS_TEXT[ways], cos))


def settles(ways: Sequence[str], similarity: float, restated: bool = False) -> bool:
    """Whether a pair found in `ways` with this cosine is shown as one the FAQ settles.

    Measured on hand-labelled pairs of the bundled pages (tests/labels/faq_rules.toml,
    tests/test_faq_links.py): word overlap alone never reaches 90% precision there (FAQs
    about a different case of the same Skill share the most words), and a logic row cites the
    FAQ and every rule of a chain of reasoning. So: a logic row cites both AND their texts
    share words (cosine at least `CORROBORATION`); or the FAQ `restated` the bullet (an answer
    made errata, `Similarity.restates`). Everything else is `related`.
    """
    return ("logic" in ways and similarity >= CORROBORATION) or restated


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
