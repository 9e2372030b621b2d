"""Names the checker understands and the phrase matcher that finds them in a question.

Built from three sources: `data/glossary.toml` (the game terms and their English and Spanish
names), the `[subject.*]` and `[[cue]]` parts of `data/logic.toml` (what rows can be about and
the conditions they test), and `data/lexicon/<lang>.toml` (how players word things: the phrases
for each subject, cue, question and actor, and the word lists that account for every other
word of a question). Phrases match word by word on the folded form or on the Snowball stem in
the phrase's language; short all-capitals aliases (`TO`, `HD`) only as written.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from rulecheck.checker.errors import UnknownSkill, UnknownState
from rulecheck.checker.states import StateInfo
from rulecheck.checker.words import Token, fold, stem, tokenize, written

SUBJECT_KINDS = ("skill", "event", "property")
LANGS = ("en", "es")

#: Mention kinds, in the order they win a tie between two phrases of one length.
KIND_ORDER = ("cue", "ask", "state", "subject", "actor", "hint", "weak_state", "other_state", "term", "game_term",
              "trooper", "unit", "weapon", "filler")
_KIND_RANK = {k: i for i, k in enumerate(KIND_ORDER)}


class Subject(NamedTuple):
    """Something a row can be about; `groups` make it a composite found by words anywhere.

    `over`: composites this one beats when both are found (the table states the precedence);
    `means`: skills a question names only as the way this event comes about ("hit by an
    Intuitive Attack", "moves into base contact"), not as declarations of their own;
    `generic`: a catch-all word ("an ARO", "a skill") dropped when a specific skill is named;
    `asks`: how the last reasoning step words a yes/no question about it ("whether …").
    """

    id: str
    kind: str
    parents: tuple[str, ...]
    phrases: tuple[str, ...]
    groups: tuple = ()
    over: tuple[str, ...] = ()
    means: tuple[str, ...] = ()
    generic: bool = False
    asks: str = ""
    #: A property's situation: subjects a question about it may name as part of it.
    situation: tuple[str, ...] = ()
    #: A general term whose kinds the rows may answer differently ("an Entire Order", "an
    #: Attack"): the answer then depends on which kind it is.
    category: bool = False
    #: A general Skill any property question may name as its situation ("by spending a Long Skill").
    general: bool = False
    #: A state named right after its words is another trooper's ("to stop an enemy going back to
    #: camo"): the one it is done against, not the state asked about.
    others_state: bool = False
    #: A Skill done against another trooper (Discover, an Attack, and their kinds): "revealed by a
    #: Discover" is an enemy's, "cancelled by a Dodge" the trooper's own.
    against: bool = False
    #: Skills named after "with" as what this one is made with ("an Intuitive Attack with his
    #: flamethrower"): the means, not a second declaration.
    made_with: tuple[str, ...] = ()
    #: A property whose words inside a longer phrase asking whether the trooper is revealed ("Is it
    #: *put on the table* as a Camo marker?") ask, and do not name it.
    not_in_asking: bool = False
    #: The group (counted from 0) of `all` that a number written with a minus sign fills ("is
    #: the Discover roll made at -6?": a MOD); -1 for none.
    signed_number: int = -1
    #: The group (counted from 0) of `all` that must be found in the sentence that asks ("I
    #: delay my ARO. Do I have to *announce* it?"), not only in the scene told before it ("I
    #: delay, then he *declares* BS Attack. He says I have to measure…"); -1 for none.
    asked_group: int = -1
    #: (value group, filled group): the filled group of `all` is also found when two different
    #: numbers each follow a word of the value group: the question's first, and the first after a
    #: word of the first group ("my S2 bearer imitates an S5 model": two Silhouettes that differ);
    #: () for none.
    differing_values: tuple[int, ...] = ()
    #: The group (counted from 0) of `all` whose words fill it only when no word of `[words]
    #: as_what` follows them ("markers don't *count*", not "they *count as* the same marker");
    #: -1 for none.
    bare_group: int = -1
    #: Groups (counted from 0; never the first, the imitation's words) of `all` also filled by a
    #: named army other than the bearer's, named after the first group's words ("my Hafza…
    #: imitate a PanO Fusilier"); () for none. See `recognize._other_army`.
    other_army: tuple[int, ...] = ()


class Mention(NamedTuple):
    """A phrase found in a question: what it names and where (token positions, end excluded)."""

    kind: str  # see KIND_ORDER
    value: str  # state id, subject id, "axis=value", "proposition:polarity", actor role…
    start: int
    end: int
    text: str


# A phrase as the matcher holds it: per word (folded word, stem or "", as-written-only flag),
# its language, its mention kind and value.
Spec = tuple  # ((word, stem, strict), …)


def _before(toks: list[Token], tok: Token) -> str | None:
    """The word before `tok` in its sentence, folded ("" at the sentence's start; capitalised
    mid-sentence, a name: no word at all)."""
    if tok.cap:
        return None
    k = tok.i - 1
    return toks[k].low if 0 <= k < len(toks) and toks[k].sent == tok.sent else ""


class Vocabulary:
    """States, subjects, cues, the lexicon's phrases and word lists, with the phrase index.

    `index` / `overlay`: key → [(spec, lang, kind, value)], longest first; a key is `"=" +
    word` (matched on the folded word) or `lang + ":" + stem`. Overlay phrases are matched on
    their own, leaving their words to the main layer too ("be attacked" says who acts *and*
    names the Attack). `word_lists`: list name → folded words (stop words, filler, negation…).
    `stems`: (lang, word) → stem of every lexicon word, so reading a question made of known
    words never loads the stemmer.
    """

    # A plain class, not a dataclass: `rulecheck ask` then never imports `dataclasses`.
    def __init__(self, subjects: dict[str, Subject], state_names: dict[str, tuple[str, ...]],
                 cues: list, index: dict | None = None, overlay: dict | None = None,
                 other_states: dict[str, tuple[str, ...]] | None = None,
                 states: dict[str, StateInfo] | None = None, word_lists: dict[str, frozenset] | None = None,
                 groups: dict | None = None, stems: dict | None = None, labels_es: dict | None = None,
                 group_index: dict | None = None, group_counts: dict[str, int] | None = None) -> None:
        self.subjects = subjects
        self.states = states if states is not None else {}
        self.word_lists = word_lists if word_lists is not None else {}
        self.state_names = state_names
        #: (axis, value, phrases, overlay, language, needs) from the logic table and the lexicons;
        #: `needs`: subjects one of which the question must name for the cue to count.
        self.cues = cues
        self.index = index if index is not None else {}
        self.overlay = overlay if overlay is not None else {}
        self.other_states = other_states if other_states is not None else {}
        #: composite subject id → its word groups, each a tuple of (spec, lang).
        self.groups = groups if groups is not None else {}
        #: composite subject id → how many groups it has (what reading a question needs of
        #: `groups`, which the logic cache then keeps packed).
        self.group_counts = group_counts if group_counts is not None else {}
        #: the groups' phrases by first-word key (as `index`): key → [(sid, group number, spec, lang)].
        self.group_index = group_index if group_index is not None else {}
        self.stems = stems if stems is not None else {}
        #: glossary id or subject id → its Spanish name, for answers in Spanish.
        self.labels_es = labels_es if labels_es is not None else {}

    # --- building ---------------------------------------------------------------------------

    def spec(self, phrase: str, lang: str, kind: str) -> Spec | None:
        """A phrase as matcher words: strict aliases as written, others folded with their stem.
        A word written with a leading `=` matches only in that form, never by its stem
        ("=delayed his aro" is told, "delay his aro" is not)."""
        from rulecheck.kb.glossary import is_strict_alias  # building the vocabulary only: not on a cached ask

        exact = {fold(w[1:]) for w in phrase.split() if w.startswith("=")}
        toks = tokenize(phrase.replace("=", ""))
        if not toks:
            return None
        strict_all = is_strict_alias(phrase.replace("=", ""))
        out = []
        for t in toks:
            strict = strict_all or (kind in ("state", "hint", "other_state") and is_strict_alias(t.text))
            word = t.text if strict else t.low
            st = "" if strict or t.low in exact or len(word) <= 3 or word.isdigit() or word == "+" else self._stem(word, lang)
            out.append((word, st, strict))
        return tuple(out)

    def _stem(self, word: str, lang: str) -> str:
        st = stem(word, lang)
        self.stems.setdefault(lang, {})[word] = st
        return st

    def add(self, phrase: str, lang: str, kind: str, value: str, *, overlay: bool = False) -> None:
        """Index one phrase of `lang` naming `value` as a mention of `kind`."""
        spec = self.spec(phrase, lang, kind)
        if spec is None:
            return
        word, st, strict = spec[0]
        key = ("=" + word.lower()) if strict or not st else f"{lang}:{st}"
        bucket = (self.overlay if overlay else self.index).setdefault(key, [])
        entry = (spec, lang, kind, value)
        if entry not in bucket:
            bucket.append(entry)
            bucket.sort(key=lambda e: (-len(e[0]), _KIND_RANK[e[2]]))
        if not strict and st and len(spec) > 0:
            # also reachable by the exact first word, for words whose stem the question's
            # other language would give differently
            exact = (self.overlay if overlay else self.index).setdefault("=" + word, [])
            if entry not in exact:
                exact.append(entry)
                exact.sort(key=lambda e: (-len(e[0]), _KIND_RANK[e[2]]))

    # --- matching ---------------------------------------------------------------------------

    def token_stem(self, low: str, lang: str, prev: str | None = None) -> str:
        """The stem of a question word (from the lexicon's stems when known). Given the word
        before it (`prev`, "" at a sentence's start), a Spanish past tense written without its
        accent ("perdio", "descubri", "se movio": the stemmer knows "perdió", "descubrí") takes
        the accented form's stem when that is a lexicon word's ("perder"), so "¿Perdio el
        Despliegue Oculto?" reads as "perdió"; not after an article or a preposition
        (`[words] noun_before`: "el estadio", "la mini", "de medio"), where it is a noun."""
        st = self.stems.get(lang, {}).get(low)
        if st is None:
            st = stem(low, lang)
        # (whether or not the lexicon's own stems are at hand: a base built afresh has them, one
        # loaded from the cache does not, and both must read a question alike)
        if prev is not None and lang == "es" and len(low) > 3 and low[-1] in "io" \
                and prev not in self.word_lists.get("noun_before@es", ()):
            accented = low[:-2] + "ió" if low.endswith("io") else low[:-1] + "í" if low.endswith("i") else None
            if accented is not None:
                # (the phrases' content-word stems, worked out when the cache is built: reading
                # every packed entry here would cost a cold `ask` some 20 ms)
                alt = stem(accented, lang)
                if alt != st and f"es:{alt}" in self.word_lists.get("phrases@stems", ()):
                    return alt
        return st

    def _match(self, spec: Spec, lang: str, toks: list[Token], i: int, qlang: str | None = None) -> int:
        """How many of the phrase's words match exactly (-1: no match). A word matches by its
        stem only in the question's own language (`qlang`): "information" is not "informar"."""
        if i + len(spec) > len(toks):
            return -1
        end = i + len(spec)
        if len(spec) > 1 and (toks[i].joined or (end < len(toks) and toks[end].joined)):
            # a phrase of several words takes whole written words: "another S2 trooper" is not
            # "another Silhouette" (the "S" of "S2" alone is still the word "Silhouette")
            return -1
        exact = 0
        for (word, st, strict), tok in zip(spec, toks[i:i + len(spec)]):
            if strict:
                if tok.text != word:
                    return -1
                exact += 1
            elif tok.low == word:
                exact += 1
            elif not st or len(tok.low) <= 3 or (qlang is not None and lang != qlang) \
                    or self.token_stem(tok.low, lang, _before(toks, tok)) != st or (tok.cap and self._names_itself(tok)):
                # "his first Short Skill is Discover": a capitalised name is that name, not an
                # inflection of another phrase's word ("is discovered")
                return -1
        return exact

    def _names_itself(self, tok: Token) -> bool:
        """Whether the word as written is a one-word phrase of its own (`Discover`)."""
        return any(len(entry[0]) == 1 for entry in self.index.get("=" + tok.low, ()))

    def _keys(self, tok: Token, qlang: str | None, toks: list[Token]) -> list[str]:
        keys = ["=" + tok.low]
        if len(tok.low) > 3 and not tok.low.isdigit():
            prev = _before(toks, tok)
            keys += [f"{lang}:{self.token_stem(tok.low, lang, prev)}" for lang in LANGS if qlang in (None, lang)]
        return keys

    def also_as(self, m: Mention, kind: str, toks: list[Token], lang: str | None = None) -> Mention | None:
        """The same words read as a phrase of another `kind`, when the vocabulary has one
        ("stays hidden": a cue of the scene, and what a question asks)."""
        n = m.end - m.start
        for key in self._keys(toks[m.start], lang, toks):
            for spec, plang, k, value in self.index.get(key, ()):
                if k == kind and len(spec) == n and self._match(spec, plang, toks, m.start, lang) >= 0:
                    return Mention(kind, value, m.start, m.end, m.text)
        return None

    def scan(self, toks: list[Token], *, overlay: bool = False, lang: str | None = None) -> list[Mention]:
        """Leftmost-longest phrase matches over the question's tokens; among phrases of one
        length, the one with more words matched exactly, then by mention kind. With `lang`,
        words match by stem in that language only."""
        index = self.overlay if overlay else self.index
        found: list[Mention] = []
        i = 0
        while i < len(toks):
            best = None
            for key in self._keys(toks[i], lang, toks):
                for spec, plang, kind, value in index.get(key, ()):
                    if best is not None and len(spec) < best[0]:
                        break
                    exact = self._match(spec, plang, toks, i, lang)
                    if exact < 0:
                        continue
                    rank = (len(spec), exact, -_KIND_RANK[kind])
                    if best is None or rank > best[:3]:
                        best = (len(spec), exact, -_KIND_RANK[kind], kind, value)
            if best is not None:
                n = best[0]
                found.append(Mention(best[3], best[4], i, i + n, written(toks[i:i + n])))
                i += n
            else:
                i += 1
        return found

    def index_groups(self) -> None:
        """Build `group_index` and `group_counts` from `groups` (once, when the vocabulary is built)."""
        self.group_counts = {sid: len(g) for sid, g in self.groups.items()}
        self.group_index = {}
        for sid, groups in self.groups.items():
            for n, group in enumerate(groups):
                for spec, lang in group:
                    word, st, strict = spec[0]
                    keys = {"=" + word.lower()} | ({f"{lang}:{st}"} if st and not strict else set())
                    for key in keys:
                        self.group_index.setdefault(key, []).append((sid, n, spec, lang))

    def scan_groups(self, toks: list[Token], qlang: str | None = None) -> dict[tuple[str, int], list[tuple[int, int, bool]]]:
        """(composite id, group number) → every place (start, end, matched word for word) one of
        that group's phrases occurs, longest at each start."""
        found: dict[tuple[str, int], dict[int, tuple[int, bool]]] = {}
        for i, tok in enumerate(toks):
            for key in self._keys(tok, qlang, toks):
                for sid, n, spec, lang in self.group_index.get(key, ()):
                    exact = self._match(spec, lang, toks, i, qlang)
                    if exact < 0:
                        continue
                    at = found.setdefault((sid, n), {})
                    best = at.get(i)
                    cand = (len(spec), exact == len(spec))
                    if best is None or cand > best:
                        at[i] = cand
        out = {}
        for pair, at in found.items():
            places, end = [], -1
            for i in sorted(at):
                if i >= end:
                    length, exact = at[i]
                    places.append((i, i + length, exact))
                    end = i + length
            out[pair] = places
        return out

    def in_pages(self, tok: Token, lang: str) -> bool:
        """Whether the rules pages written in `lang` use this word (by its stem)."""
        return f"{lang}:{self.token_stem(tok.low, lang)}" in self.word_lists.get("pages@stems", frozenset())

    def ordinary(self, tok: Token, lang: str, *, forms: bool = True) -> bool:
        """A word that cannot name a rule here: `common`, and not one both the rules pages and
        the reader's phrases use ("tucked", "lobbed"; not "short", which a phrase missed).
        `forms`: as `common`."""
        if not self.common(tok, lang, forms=forms):
            return False
        return not (self.in_pages(tok, lang)
                    and f"{lang}:{self.token_stem(tok.low, lang)}" in self.word_lists.get("phrases@stems", ()))

    def common(self, tok: Token, lang: str, *, forms: bool = True) -> bool:
        """A word common in the question's language, written in lower case (or at a sentence's
        start), that is not one of the `significant` words — whether or not the pages use it.
        `forms`: another form of a frequent word counts (`CommonWords._inflected`); without,
        only the frequency list itself."""
        if tok.cap or not tok.low.isalpha() or tok.low in self.word_lists.get("significant", ()):
            return False
        words = common_words(lang)
        return tok.low in words if forms else words.listed(tok.low)

    def listed(self, name: str, lang: str) -> frozenset:
        """The word list `name` of one language (`stop`, `article`…)."""
        return self.word_lists.get(f"{name}@{lang}", frozenset())

    def in_list(self, name: str, tok: Token) -> bool:
        """Whether a question word is in the word list `name` (its folded form, or for lists of
        content words, its stem in either language)."""
        words = self.word_lists.get(name, frozenset())
        if tok.low in words:
            return True
        if name in _STEMMED_LISTS and len(tok.low) > 3 and self._may_stem_into(name, tok.low):
            stems = self.word_lists.get(name + "@stems", frozenset())
            return any(f"{lang}:{self.token_stem(tok.low, lang)}" in stems for lang in LANGS)
        return False

    def _may_stem_into(self, name: str, low: str) -> bool:
        """Whether `low` may share a stem with a word of the list `name`: a stem keeps a word's
        first three letters (or is shorter), so a word starting otherwise is not stemmed at all
        (the stemmer is not loaded for a word the lexicon does not know)."""
        prefixes = self.word_lists.get(name + "@prefixes", frozenset())
        return low[:3] in prefixes or low[:2] in prefixes

    # --- names ------------------------------------------------------------------------------

    def resolve_state(self, name: str) -> str:
        """A state id from an id or any alias (`TO`, `Camuflado`); `UnknownState` with a suggestion."""
        key = name.strip().lower().replace(" ", "_").replace("-", "_")
        if key in self.state_names:
            return key
        folded = " ".join(fold(w) for w in name.split())
        for sid, names in self.state_names.items():
            if any(" ".join(fold(w) for w in n.split()) == folded for n in names):
                return sid  # options are typed, not prose: `hd` is HD here
        toks = tokenize(name)
        for mention in self.scan(toks):
            if mention.kind == "state" and mention.end - mention.start == len(toks):
                return mention.value
            if mention.kind == "other_state" and mention.end - mention.start == len(toks):
                raise UnknownState(name, (), covered=self.labels(), other=self.other_states[mention.value][0])
        names = [n for ns in self.state_names.values() for n in ns] + list(self.state_names)
        raise UnknownState(name, names, covered=self.labels())

    def labels(self) -> tuple[str, ...]:
        """The covered states as players name them, for messages."""
        return tuple(st.label for st in self.states.values())

    def label(self, state: str) -> str:
        """The name answers use for a state (`TO Camouflaged`)."""
        return self.states[state].label

    def guess_state(self, toks: list[Token]) -> tuple[str, str, int, int] | None:
        """A misspelt state name ("Holomsk", "Camoflaged", "Hiden Deployment"): (the words as
        written, state id, first token, token after the last) for the closest alias of as many
        words, when close enough and the words are not something else the vocabulary knows."""
        import difflib  # only when a question names no state

        names = {}
        for sid, ns in self.state_names.items():
            for n in ns:
                low = " ".join(fold(w) for w in re.findall(r"\w+", n))
                if len(low.split()) <= 2 and len(low.replace(" ", "")) >= 5:
                    names.setdefault(low, sid)
        candidates = list(names)
        for size in (2, 1):
            for i in range(len(toks) - size + 1):
                span = toks[i:i + size]
                text = " ".join(t.low for t in span)
                if len(text.replace(" ", "")) < 5 or any(
                        m.end - m.start == size or m.kind in ("state", "hint", "trooper", "unit", "actor")
                        for m in self.scan(span)):
                    # a phrase the vocabulary knows whole, or a trooper noun beside the name
                    # ("tropa Camuflda"); a known word may be half of a misspelt name
                    # ("Hiden Deployment", "Hidden Deploymnet")
                    continue
                close = difflib.get_close_matches(text, candidates, n=1, cutoff=0.8)
                if close and len(close[0].split()) == size and all(
                        difflib.SequenceMatcher(None, a, b).ratio() >= 0.6 for a, b in zip(text.split(), close[0].split())):
                    # each word near its own ("Hiden Deployment"), not the pair near as a whole
                    # ("Does camoflaged" is not "TO Camouflaged")
                    return written(span), names[close[0]], i, i + size
        return None

    def resolve_subject(self, name: str, kinds: tuple[str, ...] = ("skill", "event")) -> str:
        """A subject id from an id or any alias (`bs attack`, `Esquivar`); `UnknownSkill` otherwise,
        suggesting the canonical name of the closest subject of `kinds` (the option's kinds)."""
        key = name.strip().lower().replace(" ", "_").replace("-", "_").rstrip("!")
        if key in self.subjects:
            return key
        folded = " ".join(fold(w) for w in re.findall(r"\w+", name))
        for subject in self.subjects.values():
            if any(" ".join(fold(w) for w in re.findall(r"\w+", p)) == folded for p in subject.phrases):
                return subject.id
        toks = tokenize(name)
        for mention in self.scan(toks):
            if mention.kind == "subject" and mention.end - mention.start == len(toks):
                return mention.value
        raise UnknownSkill(name, self.canonical_names(kinds), kinds)

    def canonical_names(self, kinds: tuple[str, ...]) -> dict[str, str]:
        """Every name a subject of `kinds` is known by → the name to suggest, as an option is
        typed: a skill's or event's id in words ("cautious movement"), a property's id (`block_lof`)."""
        out: dict[str, str] = {}
        for s in self.subjects.values():
            if s.kind not in kinds:
                continue
            canon = s.id if s.kind == "property" else s.id.replace("_", " ")
            for n in (s.id, s.id.replace("_", " "), *s.phrases):
                out.setdefault(n.lower(), canon)
        return out


class Packed:
    """A read-only phrase index as the logic cache keeps it: each key's entries stay marshalled
    bytes until a question's word asks for them. A question reads a few dozen of ~4,000 keys,
    and decoding them all is most of a cold `rulecheck ask`'s cache load."""

    __slots__ = ("_raw", "_open")

    def __init__(self, raw: dict[str, bytes]) -> None:
        self._raw = raw
        self._open: dict[str, list] = {}

    @classmethod
    def pack(cls, index: dict) -> dict[str, bytes]:
        """The form the cache writes: each key's entries marshalled on their own."""
        import marshal

        return {key: marshal.dumps(entries) for key, entries in index.items()}

    def get(self, key: str, default=None):
        entries = self._open.get(key)
        if entries is None:
            raw = self._raw.get(key)
            if raw is None:
                return default
            import marshal  # built in

            entries = self._open[key] = marshal.loads(raw)
        return entries

    def __getitem__(self, key: str):
        entries = self.get(key)
        if entries is None:
            raise KeyError(key)
        return entries

    def __contains__(self, key: object) -> bool:
        return key in self._raw

    def __iter__(self):
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def keys(self):
        return self._raw.keys()

    def items(self):
        return ((key, self[key]) for key in self._raw)

    def values(self):
        return (self[key] for key in self._raw)


class CommonWords:
    """One language's most frequent words (`data/lexicon/common-<lang>.txt`, a word a line).

    Membership is a search of the file's text, not a set: building a set of its ~38,000
    words costs a cold `rulecheck ask` more (~20 ms) than all the lookups a question makes.
    `word in words` also counts another form of a frequent word (`_inflected`); `listed` does not.
    """

    def __init__(self, text: str, lang: str = "") -> None:
        self._text = "\n" + text + "\n"
        self._listed: dict[str, bool] = {}
        self._forms: dict[str, bool] = {}
        self._lang = lang
        self._stems: str | None = None

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and (self.listed(word) or self._inflected(word))

    def listed(self, word: str) -> bool:
        """Whether `word` itself is one of the frequent words (not another form of one)."""
        hit = self._listed.get(word)
        if hit is None:
            hit = self._listed[word] = bool(word) and "\n" not in word and not word.startswith("#") \
                and f"\n{word}\n" in self._text
        return hit

    def _inflected(self, word: str) -> bool:
        """Whether `word` is another form of a frequent word: its Snowball stem is one of theirs
        (`common-stems-<lang>.txt`: "colocarla", "beneficiándose", "confirmás", "acerté" are
        forms of "colocar", "beneficiar", "confirmar", "acertar" that the frequency list lacks)."""
        hit = self._forms.get(word)
        if hit is None:
            hit = False
            if self._lang and len(word) >= 5 and word.isalpha():
                if self._stems is None:
                    self._stems = "\n" + _lexicon_text(f"common-stems-{self._lang}.txt") + "\n"
                from rulecheck.checker.words import stem

                hit = f"\n{stem(word, self._lang)}\n" in self._stems
            self._forms[word] = hit
        return hit


def _lexicon_text(name: str) -> str:
    """The text of a file of data/lexicon/, or "" when it is missing."""
    import os

    from rulecheck.data import DATA_ROOT

    try:
        with open(os.path.join(DATA_ROOT, "lexicon", name), encoding="utf-8") as f:
            return f.read()
    except OSError:
        return ""


_common: dict[str, CommonWords] = {}


def common_words(lang: str) -> CommonWords:
    """The language's most frequent words, read on first use: only a question with a word the
    lexicon does not know needs them."""
    words = _common.get(lang)
    if words is None:
        words = _common[lang] = CommonWords(_lexicon_text(f"common-{lang}.txt"), lang)
    return words


#: Word lists of content words, matched on their stems too ("players" is "player").
_STEMMED_LISTS = ("filler", "trooper")
