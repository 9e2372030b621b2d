"""Names the checker understands: the four states, the subjects (skills, events, properties)
and the context cues, built from `data/glossary.toml` and the `[subject.*]` / `[[cue]]` parts of
`data/logic.toml`; and a phrase matcher over a question's words."""
from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from rulecheck.checker.errors import LogicTableError, UnknownSkill, UnknownState
from rulecheck.checker.states import StateInfo, read_states
from rulecheck.kb.glossary import fold, is_strict_alias, load_glossary

_WORD = re.compile(r"\w+")
SUBJECT_KINDS = ("skill", "event", "property")
#: The word lists a logic table's `[words]` gives (what each is for, in data/logic.toml).
WORD_LISTS = ("generic_marker", "own_state", "enemy", "back_to_trooper", "target_article", "trooper_noun")


def words(text: str) -> list[str]:
    """The question's words: ASCII words as written (strict aliases such as `TO` match only
    so), any other word accent- and case-folded by the glossary's `fold` (`Cancelación` →
    `cancelacion`)."""
    return [t if t.isascii() else fold(t) for t in _WORD.findall(unicodedata.normalize("NFC", text))]


class Subject(NamedTuple):
    """Something a row can be about; `groups` make it a composite found by words anywhere.

    `over`: composites this one beats when both are found (the table states the precedence);
    `means`: skills a question names only as the way this event comes about ("hit by an
    Intuitive Attack", "moves into base contact"), not as declarations of their own;
    `generic`: a catch-all word ("an ARO", "a skill") dropped when a specific skill is named;
    `asks`: how the last reasoning step words a yes/no question about it ("whether …").
    A phrase subject's `over` lists composites it beats: "Silhouette contact" is the contact
    event, not the Silhouette value a composite asks about.
    """

    id: str
    kind: str
    parents: tuple[str, ...]
    phrases: tuple[str, ...]
    groups: tuple[tuple[str, ...], ...] = ()
    over: tuple[str, ...] = ()
    means: tuple[str, ...] = ()
    generic: bool = False
    asks: str = ""


class Mention(NamedTuple):
    """A phrase found in a question: what it names and where (word positions)."""

    kind: str  # state | weak_state | hint | subject | cue | other_state
    value: str  # state id, subject id, or "axis=value"
    start: int
    end: int
    text: str


class Vocabulary:
    """States, subjects and cues, with a phrase index for leftmost-longest matching.

    `cues`: (axis, value, phrases, at_start, overlay) — an `at_start` cue counts only as the
    question's first words; an `overlay` cue is matched on its own, leaving its words to the
    subjects too ("be attacked" says who acts *and* names the Attack). `index`: first word
    (lower case) → [(words, case-kept mask, kind, value)], longest first; a word whose mask is
    True matches only as written (strict aliases, and `TO`, `HD` inside a state's or hint's
    name: "return to Camouflaged state" is not TO Camouflaged). `overlay_index`: the same for
    overlay cues.
    """

    # A plain class, not a dataclass: `rulecheck ask` then never imports `dataclasses` nor
    # builds the generated methods at start-up (see benchmarks/ask_bench.py).
    def __init__(self, subjects: dict[str, Subject], state_names: dict[str, tuple[str, ...]],
                 cues: list[tuple[str, str, tuple[str, ...], bool, bool]],
                 index: dict[str, list[tuple[tuple[str, ...], tuple[bool, ...], str, str]]] | None = None,
                 overlay_index: dict[str, list[tuple[tuple[str, ...], tuple[bool, ...], str, str]]] | None = None,
                 other_states: dict[str, tuple[str, ...]] | None = None,
                 states: dict[str, StateInfo] | None = None, word_lists: dict[str, frozenset] | None = None) -> None:
        self.subjects = subjects
        #: The covered states (`[state.<id>]`), in the table's order.
        self.states = states if states is not None else {}
        #: `[words]`: list name → its words (lower case, accents folded).
        self.word_lists = word_lists if word_lists is not None else {}
        self.state_names = state_names
        self.cues = cues
        self.index = index if index is not None else {}
        self.overlay_index = overlay_index if overlay_index is not None else {}
        #: Glossary states the logic does not cover (Impersonation, Holoecho…): id → names.
        self.other_states = other_states if other_states is not None else {}

    def add(self, phrase: str, kind: str, value: str, *, overlay: bool = False) -> None:
        toks = words(phrase)
        if not toks:
            return
        if is_strict_alias(phrase):
            mask = (True,) * len(toks)
        elif kind in ("state", "hint"):
            mask = tuple(is_strict_alias(t) for t in toks)
        else:
            mask = (False,) * len(toks)
        toks = tuple(t if keep else t.lower() for t, keep in zip(toks, mask))
        bucket = (self.overlay_index if overlay else self.index).setdefault(toks[0].lower(), [])
        entry = (toks, mask, kind, value)
        if entry not in bucket:
            bucket.append(entry)
            bucket.sort(key=lambda e: (-len(e[0]), _KIND_ORDER[e[2]]))

    def scan(self, raw: list[str], *, overlay: bool = False) -> list[Mention]:
        """Leftmost-longest phrase matches over the question's words (strict words as written);
        `overlay`: the overlay cues' matches instead."""
        index = self.overlay_index if overlay else self.index
        low = [w.lower() for w in raw]
        found: list[Mention] = []
        i = 0
        while i < len(raw):
            for toks, mask, kind, value in index.get(low[i], ()):
                n = len(toks)
                if True not in mask:
                    hit = tuple(low[i:i + n]) == toks
                else:
                    hit = len(low) - i >= n and all((raw if keep else low)[i + k] == tok
                                                    for k, (tok, keep) in enumerate(zip(toks, mask)))
                if hit:
                    found.append(Mention(kind, value, i, i + n, " ".join(raw[i:i + n])))
                    i += n
                    break
            else:
                i += 1
        return found

    def composites(self, raw: list[str], among: set[str] | None = None) -> list[tuple[int, str]]:
        """Composite subjects (of `among`, if given) whose every word group is present:
        (number of groups, id), best first; a subject another found one is `over` is dropped."""
        low_text = " " + " ".join(w.lower() for w in raw) + " "
        raw_text = " " + " ".join(raw) + " "
        hits = []
        for subject in self.subjects.values():
            if subject.groups and (among is None or subject.id in among) and all(
                    any(_present(p, low_text, raw_text) for p in group) for group in subject.groups):
                hits.append((len(subject.groups), subject.id))
        beaten = {o for _, sid in hits for o in self.subjects[sid].over}
        hits = [h for h in hits if h[1] not in beaten]
        hits.sort(key=lambda h: -h[0])
        return hits

    def resolve_state(self, name: str) -> str:
        """A state id from an id or any alias (`TO`, `Camuflado`); `UnknownState` with a suggestion."""
        key = name.strip().lower().replace(" ", "_").replace("-", "_")
        if key in self.state_names:
            return key
        folded = " ".join(w.lower() for w in words(name))
        for sid, names in self.state_names.items():
            if any(" ".join(w.lower() for w in words(n)) == folded for n in names):
                return sid  # options are typed, not prose: `hd` is HD here
        for mention in self.scan(words(name)):
            if mention.kind == "state" and mention.end - mention.start == len(words(name)):
                return mention.value
        for mention in self.scan(words(name), overlay=True):
            if mention.kind == "other_state" and mention.end - mention.start == len(words(name)):
                raise UnknownState(name, (), covered=self.labels(), other=self.other_states[mention.value][0])
        names = [n for ns in self.state_names.values() for n in ns] + list(self.state_names)
        raise UnknownState(name, names, covered=self.labels())

    def labels(self) -> tuple[str, ...]:
        """The covered states as players name them, for messages."""
        return tuple(st.label for st in self.states.values())

    def label(self, state: str) -> str:
        """The name answers use for a state (`TO Camouflaged`)."""
        return self.states[state].label

    def guess_state(self, raw: list[str]) -> tuple[str, str] | None:
        """A misspelt state name ("Holomsk", "Camoflaged", "Hiden Deployment"): (the words as
        written, state id) for the closest alias of one or two words, when close enough and the
        words are not something else the vocabulary knows."""
        import difflib  # only when a question names no state

        names = {}
        for sid, ns in self.state_names.items():
            for n in ns:
                toks = words(n)
                if len(toks) <= 2 and len("".join(toks)) >= 5:
                    names.setdefault(" ".join(toks).lower(), sid)
        candidates = list(names)
        for size in (2, 1):
            for i in range(len(raw) - size + 1):
                span = raw[i:i + size]
                text = " ".join(span).lower()
                if len(text.replace(" ", "")) < 5 or self.index.get(span[0].lower()) and self.scan(span):
                    continue
                close = difflib.get_close_matches(text, candidates, n=1, cutoff=0.8)
                if close and (size == 2 or " " not in close[0]):
                    return " ".join(span), names[close[0]]
        return None

    def resolve_subject(self, name: str, kinds: tuple[str, ...] = ("skill", "event")) -> str:
        """A subject id from an id or any alias (`bs attack`, `Esquivar`); `UnknownSkill` otherwise,
        suggesting the canonical name of the closest subject of `kinds` (the option's kinds)."""
        key = name.strip().lower().replace(" ", "_").replace("-", "_").rstrip("!")
        if key in self.subjects:
            return key
        toks = words(name)
        folded = " ".join(w.lower() for w in toks)
        for subject in self.subjects.values():
            if any(" ".join(w.lower() for w in words(p)) == folded for p in subject.phrases):
                return subject.id
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


_KIND_ORDER = {"cue": 0, "state": 1, "subject": 2, "hint": 3, "weak_state": 4, "other_state": 5}


def _present(phrase: str, low_text: str, raw_text: str) -> bool:
    if is_strict_alias(phrase):
        return f" {' '.join(words(phrase))} " in raw_text
    return f" {' '.join(w.lower() for w in words(phrase))} " in low_text


def read_word_lists(raw: object, path: str) -> dict[str, frozenset]:
    """`[words]` → list name → folded words; `LogicTableError` on a missing, unknown or bad list."""
    if not isinstance(raw, dict):
        raise LogicTableError(f"{path}: [words] must be a table of word lists ({', '.join(WORD_LISTS)})")
    unknown, missing = set(raw) - set(WORD_LISTS), set(WORD_LISTS) - set(raw)
    if unknown or missing:
        raise LogicTableError(f"{path}: [words]: unknown {sorted(unknown)}, missing {sorted(missing)}; "
                              f"give exactly {', '.join(WORD_LISTS)}")
    lists = {}
    for name, values in raw.items():
        if not isinstance(values, list) or not values or not all(isinstance(v, str) and v.strip() for v in values):
            raise LogicTableError(f"{path}: [words] {name}: give a non-empty list of words")
        lists[name] = frozenset(" ".join(w.lower() for w in words(v)) for v in values)
    return lists


def _bundled_part(key: str) -> object:
    """A part of the bundled logic table, for a table (a test's, a user's) that leaves it out."""
    from rulecheck.data import DATA_DIR, read_toml

    return read_toml(DATA_DIR / "logic.toml", LogicTableError, "the logic table", "Reinstall rulecheck.").get(key)


def build_vocabulary(data: dict, path: str) -> Vocabulary:
    """The vocabulary from a parsed logic table plus the glossary; `LogicTableError` on bad entries.

    A table without `[state.*]` or `[words]` takes the bundled table's."""
    glossary = load_glossary()
    states = read_states(data["state"] if "state" in data else _bundled_part("state"), path, glossary)
    word_lists = read_word_lists(data["words"] if "words" in data else _bundled_part("words"), path)
    subjects: dict[str, Subject] = {}
    for sid, raw in data.get("subject", {}).items():
        where = f"{path}: [subject.{sid}]"
        if not re.fullmatch(r"[a-z][a-z0-9_]*", sid):
            raise LogicTableError(f"{where}: id must be lower_snake_case")
        unknown = set(raw) - {"kind", "parents", "en", "es", "all", "glossary", "over", "means", "generic", "asks"}
        if unknown:
            raise LogicTableError(f"{where}: unknown field(s) {sorted(unknown)}")
        kind = raw.get("kind")
        if kind not in SUBJECT_KINDS:
            raise LogicTableError(f"{where}: kind must be one of {', '.join(SUBJECT_KINDS)}")
        phrases = list(raw.get("en", [])) + list(raw.get("es", []))
        term = glossary.terms.get(raw.get("glossary", sid))
        if raw.get("glossary") and term is None:
            raise LogicTableError(f"{where}: glossary term {raw['glossary']!r} not in glossary.toml")
        if term is not None and kind != "property":
            phrases = list(term.names) + phrases
        groups = tuple(tuple(g) for g in raw.get("all", []))
        if any(not g for g in groups):
            raise LogicTableError(f"{where}: an empty group in `all`")
        subjects[sid] = Subject(sid, kind, tuple(raw.get("parents", [])), tuple(dict.fromkeys(phrases)), groups,
                                tuple(raw.get("over", [])), tuple(raw.get("means", [])), bool(raw.get("generic", False)),
                                str(raw.get("asks", "")))
    for subject in subjects.values():
        for field_name in ("parents", "over", "means"):
            for other in getattr(subject, field_name):
                if other not in subjects:
                    what = "parent" if field_name == "parents" else f"subject in `{field_name}`"
                    raise LogicTableError(f"{path}: [subject.{subject.id}]: unknown {what} {other!r}")
        if subject.over and not subject.groups and not subject.phrases:
            raise LogicTableError(f"{path}: [subject.{subject.id}]: `over` ranks composites; give `all` word groups or phrases")
        for other in subject.over:
            if not subjects[other].groups:
                raise LogicTableError(f"{path}: [subject.{subject.id}]: `over` names {other!r}, which is not a composite")
    state_names = {sid: glossary.terms[sid].names for sid in states}
    cues = []
    for i, raw in enumerate(data.get("cue", []), 1):
        if not raw.get("axis") or not raw.get("value") or not raw.get("phrases"):
            raise LogicTableError(f"{path}: cue #{i}: give axis, value and phrases")
        unknown = set(raw) - {"axis", "value", "phrases", "at_start", "overlay"}
        if unknown:
            raise LogicTableError(f"{path}: cue #{i}: unknown field(s) {sorted(unknown)}")
        cues.append((raw["axis"], raw["value"], tuple(raw["phrases"]), bool(raw.get("at_start", False)),
                     bool(raw.get("overlay", False))))
    other_states = {t.id: t.names for t in glossary.terms.values() if t.kind == "state" and t.id not in states}
    vocab = Vocabulary(subjects, state_names, cues, other_states=other_states, states=states, word_lists=word_lists)
    for sid, names in state_names.items():
        for name in names:
            vocab.add(name, "state", sid)
    for name in word_lists["generic_marker"]:
        vocab.add(name, "weak_state", "marker")
    for state in states.values():
        for term_id in state.hints:
            for name in glossary.terms[term_id].names:
                vocab.add(name, "hint", state.id)
    for subject in subjects.values():
        for phrase in subject.phrases:
            vocab.add(phrase, "subject", subject.id)
    for sid, names in other_states.items():
        for name in names:
            vocab.add(name, "other_state", sid, overlay=True)
    for axis, value, phrases, _, overlay in cues:
        for phrase in phrases:
            vocab.add(phrase, "cue", f"{axis}={value}", overlay=overlay)
    return vocab
