"""The state logic table (`data/logic.toml`): conditions registered in code, rows loaded and
validated, and the check that no two rows can match one scenario with equal priority."""
from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from rulecheck.checker.errors import LogicTableError, suggest
from rulecheck.checker.states import StateInfo
from rulecheck.checker.vocabulary import Packed, Subject, Vocabulary
from rulecheck.data import DATA_ROOT, path_attribute, read_toml
from rulecheck.kb.user_cache import cache_file, load_cached

if TYPE_CHECKING:
    from pathlib import Path

#: The bundled logic table, as text (`LOGIC_PATH` is the same file as a `pathlib.Path`).
LOGIC_FILE = os.path.join(DATA_ROOT, "logic.toml")


def __getattr__(name: str):
    """`LOGIC_PATH`: `LOGIC_FILE` as a `pathlib.Path`, made on first use (`data.path_attribute`)."""
    return path_attribute(__name__, globals(), {"LOGIC_PATH": LOGIC_FILE}, name)

#: topic → the outcomes a row of that topic may give.
OUTCOMES: dict[str, tuple[str, ...]] = {
    "declares": ("keeps", "cancelled", "marker"),
    "happens": ("keeps", "cancelled"),
    "may": ("allowed", "forbidden"),
    "enemy": ("allowed", "forbidden"),
    "order": ("yes", "no"),
    "property": ("yes", "no", "open", "private"),
    "fact": ("fact",),
}

#: Context axes a scenario sets, with the value assumed when the question does not say.
#: None means "unknown": a row needing a value there only *possibly* matches.
AXES: dict[str, tuple[tuple[str, ...], str | None]] = {
    "turn": (("active", "reactive"), None),
    "fireteam": (("none", "leader", "member"), "none"),
    "camouflage": (("yes", "no"), None),
    # a marker asked about is, unless the question says otherwise, one not Discovered yet
    "discovered": (("yes", "no", "revealed"), "no"),
    "msv": (("none", "l3"), "none"),
    "template": (("other", "marker"), None),
    "lof": (("outside", "inside"), None),
    "second_skill": (("reveals", "keeps"), None),
    "retry": (("same_turn", "next_turn", "new_marker", "other_trooper"), None),
    "roll": (("passed", "failed"), None),
    "target": (("in_state", "plain"), "in_state"),
    # who brings an event about: the trooper in the state, or an enemy (moving into contact with it)
    "acted_by": (("self", "enemy"), "self"),
    # the Skill declared needs a roll (a Short Movement Skill that does, or one that does not)
    "roll_needed": (("yes", "no"), None),
    # where the trooper in the state is against an enemy Sensor's Zone of Control
    "zoc": (("inside", "outside"), None),
    # whose model the trooper in the state enters Silhouette contact with
    "contact_with": (("enemy", "ally"), None),
    # the imitated model's Silhouette against the HoloMask bearer's
    "silhouette_match": (("same", "other"), None),
    # the position a Hidden Deployment trooper was written down in, free or occupied
    "spot": (("free", "taken"), None),
    # the step of the Order the question is at: its Resolution (rolls and MODs determined), or before
    "step": (("before", "resolution"), "before"),
    # when a Hidden Deployment trooper places its Model or Marker to stop an enemy's return to a
    # Marker state: as the return is declared (the rule), or later ("wait until his Order ends")
    "moment": (("declared", "later"), None),
    # whether the Camouflage Marker has Mimetism ("si es que la posee": its MOD applies only then,
    # so a question that does not say gets a depends); what a Marker shows is its row's own matter
    "mimetism": (("yes", "no"), None),
    # where a Holoecho stands when Hidden Deployment is cancelled: within Coherency or out of it
    "coherency": (("in", "out"), None),
}
#: Axes that can be a prerequisite of declaring a Skill at all (Discover needs LoF; a Sensor
#: works in its Zone of Control): the general rules say so, not these pages, so being outside
#: one, said by the question and tested by no deciding row, leaves "may it?" unknown.
PREREQUISITE_AXES = ("lof", "zoc")
#: Axes whose rules each state's own page gives: a question that states one, about a state no row
#: of which tests it, is not what that state's rows answer ("I failed a Discover against a HoloMask
#: trooper. Can I try again?": the HoloMask page has no rule on trying again).
OWN_PAGE_AXES = ("retry",)
#: Axes that say when the Skill asked about is done ("placed at the end of his Order"): "Must I
#: (should I) wait until his Order is over to stop him?" asks whether doing it then is allowed, as
#: "May I…?" does — not whether something must be done first, which the verdict table reads a
#: forbidden row as (see `interpret`).
TIMING_AXES = ("moment",)
#: Axes a cue may set that describe the question rather than a condition rows test ("I delayed
#: my ARO" tells the scene; the reader turns it into what is asked).
READING_AXES: dict[str, tuple[str, ...]] = {"delayed": ("yes",)}
#: Values a question must state for a row to apply: left unsaid, such a row does not even
#: possibly match ("can an enemy shoot a trooper in Hidden Deployment?" presumes it still is).
EXPLICIT = {("discovered", "revealed"), ("retry", "new_marker"), ("retry", "other_trooper")}


# Condition, Row (and the vocabulary's Subject, Mention) are NamedTuples, not frozen
# dataclasses: as immutable and comparable, and several times cheaper to define at import,
# which every `rulecheck ask` pays.
class Condition(NamedTuple):
    """A named predicate: the scenario's value on `axis` is one of `values` (None = unknown)."""

    name: str
    axis: str
    values: frozenset
    doc: str

    def test(self, context: dict[str, str | None]) -> bool | None:
        """True/False, or None when the axis is unknown and the answer depends on it."""
        value = context.get(self.axis, AXES[self.axis][1])
        if value in self.values:
            return True
        if value is None:
            return False if all((self.axis, v) in EXPLICIT for v in self.values) else None
        return False


CONDITIONS: dict[str, Condition] = {}


def condition(name: str, axis: str, *values: str | None, doc: str) -> None:
    """Register a named condition rows may use."""
    if axis not in AXES:
        raise LogicTableError(f"condition {name}: unknown axis {axis}")
    CONDITIONS[name] = Condition(name, axis, frozenset(values), doc)


condition("active_turn", "turn", "active", doc="the trooper in the state is in its Active Turn")
condition("reactive_turn", "turn", "reactive", doc="the trooper in the state is in its Reactive Turn")
condition("not_reactive_turn", "turn", "active", None, doc="not said to be the Reactive Turn")
condition("fireteam_non_leader", "fireteam", "member", doc="a Fireteam member that is not the Team Leader")
condition("not_fireteam_non_leader", "fireteam", "none", "leader", doc="not a non-leader Fireteam member")
condition("with_camouflage", "camouflage", "yes", doc="the trooper has a Skill to deploy in a Marker state")
condition("without_camouflage", "camouflage", "no", doc="the trooper has no Marker-state Skill")
condition("with_mimetism", "mimetism", "yes", doc="the marker has Mimetism")
condition("without_mimetism", "mimetism", "no", doc="the marker has no Mimetism")
condition("in_coherency", "coherency", "in", doc="the Holoecho is within Coherency")
condition("out_of_coherency", "coherency", "out", doc="the Holoecho is out of Coherency")
condition("discovered_first", "discovered", "yes", doc="the marker was Discovered before")
condition("not_discovered_first", "discovered", "no", doc="no successful Discover first")
condition("revealed_first", "discovered", "revealed", doc="the marker has already revealed itself (its state was cancelled)")
condition("with_msv3", "msv", "l3", doc="the enemy has Multispectral Visor L3")
condition("template_other_target", "template", "other", doc="the Template is aimed at another, visible target")
condition("template_at_marker", "template", "marker", doc="the Template is aimed at the marker itself")
condition("outside_enemy_lof", "lof", "outside", doc="outside enemy LoF")
condition("inside_enemy_lof", "lof", "inside", doc="inside enemy LoF")
condition("not_outside_enemy_lof", "lof", "inside", None, doc="not said to be outside enemy LoF")
condition("second_skill_reveals", "second_skill", "reveals", doc="the second Short Skill of the Order reveals the marker")
condition("second_skill_keeps", "second_skill", "keeps", doc="the second Short Skill does not reveal the marker")
condition("retry_same_turn", "retry", "same_turn", doc="trying again in the same Player Turn")
condition("retry_next_turn", "retry", "next_turn", doc="trying again in a later turn")
condition("retry_new_marker", "retry", "new_marker", doc="the marker went back into the state that turn: a new Marker")
condition("retry_other_trooper", "retry", "other_trooper", doc="another trooper tries, not the one that failed")
condition("roll_passed", "roll", "passed", doc="the roll succeeds")
condition("roll_failed", "roll", "failed", doc="the roll fails")
condition("target_in_state", "target", "in_state", doc="the target is the trooper in the state")
condition("by_self", "acted_by", "self", doc="the trooper in the state brings the event about itself")
condition("by_enemy", "acted_by", "enemy", doc="an enemy brings the event about (e.g. it moves into contact with the trooper)")
condition("target_plain", "target", "plain", doc="the target is in no hiding state (nor in a Zero Visibility Zone)")
condition("needs_roll", "roll_needed", "yes", doc="the Skill needs a roll")
condition("at_resolution", "step", "resolution", doc="at the Resolution step of the Order")
condition("no_roll", "roll_needed", "no", doc="the Skill needs no roll")
condition("same_silhouette", "silhouette_match", "same", doc="the imitated model has the bearer's Silhouette")
condition("other_silhouette", "silhouette_match", "other", doc="the imitated model has another Silhouette")
condition("placed_later", "moment", "later", doc="placed only after the return is declared (at the end of that Order, or later)")
condition("spot_free", "spot", "free", doc="the written position is free")
condition("spot_taken", "spot", "taken", doc="another model or Marker occupies the written position")
condition("contact_enemy", "contact_with", "enemy", doc="the contact is with an enemy model")
condition("contact_ally", "contact_with", "ally", doc="the contact is with an allied (friendly) model")
condition("inside_zoc", "zoc", "inside", doc="inside the enemy's Zone of Control (for Sensor: the Sensor trooper's)")
condition("outside_zoc", "zoc", "outside", doc="outside the enemy's Zone of Control (for Sensor: the Sensor trooper's)")

# (patterns, not compiled ones: only loading the TOML table checks ids, which a cold `ask` reading
# the cache never does; `re` compiles them on first use)
_ROW_ID = r"[a-z0-9]+(?:-[a-z0-9]+)*"
_CITE_ID = r"[a-z0-9]+(?:[-_][a-z0-9]+)*"
_ROW_FIELDS = {"id", "state", "edition", "topic", "subject", "conditions", "outcome", "priority", "because", "cites",
               "answer", "because_es", "answer_es"}


class Row(NamedTuple):
    """One line of the logic: state × topic × subject (+ conditions) → outcome, with its sources."""

    id: str
    state: str
    edition: str
    topic: str
    subject: str
    conditions: tuple[Condition, ...]
    outcome: str
    priority: int
    because: str
    cites: tuple[str, ...]
    #: A `fact` row's plain answer to a what/where question ("-6").
    answer: str = ""
    #: `because` and `answer` in Spanish, for answers to Spanish questions.
    because_es: str = ""
    answer_es: str = ""

    def test(self, context: dict[str, str | None]) -> bool | None:
        """True when every condition holds, None when only unknown axes stand in the way."""
        result: bool | None = True
        for cond in self.conditions:
            ok = cond.test(context)
            if ok is False:
                return False
            if ok is None:
                result = None
        return result


class Relay(NamedTuple):
    """A Fireteam's Order seen by a member that is not the Team Leader: when the Leader declares
    `leader`, the member performs `member` (`[[fireteam]]` in the table)."""

    state: str
    leader: str
    member: str
    because: str
    cites: tuple[str, ...]
    because_es: str = ""


class LogicTable:
    """The validated table, indexed by (state, subject) for fast evaluation; `fireteam`:
    (state, Skill the Team Leader declares) → the `Relay` saying what the other members perform."""

    # A plain class, not a dataclass: `rulecheck ask` then never imports `dataclasses` nor
    # builds the generated methods at start-up (see benchmarks/ask_bench.py).
    def __init__(self, rows: list[Row], vocabulary: Vocabulary, explained: dict[str, str], path: str,
                 fireteam: dict[tuple[str, str], Relay] | None = None, verdicts: dict | None = None,
                 wording: dict | None = None, doubt: tuple | None = None) -> None:
        self.rows = rows
        #: (threshold, feature → weight): the doubt model (data/doubt.toml, see checker/doubt.py).
        self.doubt = doubt if doubt is not None else (2.0, {})  # doubt.NO_MODEL, not imported on the way to an answer
        #: (proposition, polarity, outcome) → verdict (data/verdicts.toml).
        self.verdicts = verdicts if verdicts is not None else {}
        #: language → section → key → text (data/wording/<lang>.toml).
        self.wording = wording if wording is not None else {}
        self.fireteam = fireteam if fireteam is not None else {}
        self.vocabulary = vocabulary
        self.explained = explained
        self.path = path
        self.index: dict[tuple[str, str], list[Row]] = {}
        for row in self.rows:
            self.index.setdefault((row.state, row.subject), []).append(row)
        for rows in self.index.values():
            rows.sort(key=lambda r: -r.priority)
        #: Subjects some row speaks of (a composite without rows answers by its parent's).
        self.with_rows = frozenset(subject for _, subject in self.index)
        self._testing: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    @property
    def states(self) -> dict[str, StateInfo]:
        """The covered states (`[state.<id>]`): id → edition, page title, label, hints, cost."""
        return self.vocabulary.states

    def rows_for(self, state: str, subject: str) -> list[Row]:
        """Rows for one state and subject, highest priority first."""
        return self.index.get((state, subject), [])

    def testing(self, axis: str) -> tuple[frozenset[str], frozenset[str]]:
        """(states, subjects) of the rows with a condition on `axis`, worked out once per axis."""
        found = self._testing.get(axis)
        if found is None:
            rows = [r for r in self.rows if any(c.axis == axis for c in r.conditions)]
            found = self._testing[axis] = (frozenset(r.state for r in rows), frozenset(r.subject for r in rows))
        return found

    def cited_ids(self) -> set[str]:
        """Every rules.id / faqs.id some row cites."""
        return {c for row in self.rows for c in row.cites} | {c for r in self.fireteam.values() for c in r.cites}


def load_logic(path: Path | str | None = None, *, glossary: Path | str | None = None) -> LogicTable:
    """Load and validate the logic table (cached per path); raise `LogicTableError` naming the row.

    `glossary`: another glossary file (a test's fictional state, a user's own terms); the
    bundled one by default. The bundled table, once validated, is also kept in the user cache
    folder (see `_cache_file`), so a cold `rulecheck ask` skips parsing TOML and validating.
    """
    if (path is None or os.path.normpath(path) == os.path.normpath(LOGIC_FILE)) and glossary is None:
        return _load_bundled()
    return _load(os.fspath(path or LOGIC_FILE), os.fspath(glossary) if glossary else None)


#: Bumped whenever the cached form below changes shape.
_CACHE_FORMAT = 19


def _cache_file() -> str | None:
    """`<cache dir>/rulecheck/logic-<key>.marshal`, keyed (`user_cache.cache_file`) by the Python
    version and the name, size and modification time of every file the table is read from (the
    logic table, glossary, verdict table, lexicons, common words, wording, manifest and pages) and
    of the code that reads them: any change is a new file."""
    here = os.path.dirname(os.path.abspath(__file__))

    def listing(folder: str, suffix: str = "") -> list[str]:
        return sorted(e.path for e in os.scandir(folder) if e.name.endswith(suffix))
    try:
        code = listing(here, ".py")
        data_files = [*listing(os.path.join(DATA_ROOT, "lexicon")), *listing(os.path.join(DATA_ROOT, "wording")),
                      *listing(os.path.join(DATA_ROOT, "pages"))]
    except OSError:
        return None
    doubt = os.path.join(DATA_ROOT, "doubt.toml")
    sources = [LOGIC_FILE, *(os.path.join(DATA_ROOT, name) for name in ("glossary.toml", "verdicts.toml", "manifest.toml")),
               *([doubt] if os.path.exists(doubt) else []),  # optional: without it, no answer is doubted
               *data_files, *code, os.path.join(os.path.dirname(here), "kb", "glossary.py")]
    return cache_file("logic", sources, salt=str(_CACHE_FORMAT))


def _to_plain(table: LogicTable) -> tuple:
    """The table as tuples, dicts and strings only: `marshal` writes it, and reading it back
    runs no code (unlike a pickle, a tampered file cannot execute anything)."""
    from rulecheck.checker.words import pack_stems

    vocab = table.vocabulary
    rows = tuple((r.id, r.state, r.edition, r.topic, r.subject, tuple(c.name for c in r.conditions), r.outcome,
                  r.priority, r.because, r.cites, r.answer, r.because_es, r.answer_es) for r in table.rows)
    subjects = tuple(tuple(s) for s in vocab.subjects.values())
    relays = tuple(tuple(r) for r in table.fireteam.values())
    states = tuple(tuple(st) for st in vocab.states.values())
    return ("rulecheck-logic", _CACHE_FORMAT, table.path, table.explained, rows, subjects, vocab.state_names,
            tuple(vocab.cues), Packed.pack(vocab.index), vocab.overlay, vocab.other_states, relays, states,
            Packed.pack(vocab.word_lists),
            Packed.pack(vocab.groups), pack_stems(vocab.stems), vocab.labels_es, table.verdicts, table.wording,
            Packed.pack(vocab.group_index), vocab.group_counts, table.doubt)


def _from_plain(data: tuple) -> LogicTable:
    """Rebuild a table from `_to_plain`'s form; any mismatch raises (and the cache is ignored)."""
    (tag, fmt, path, explained, rows, subjects, state_names, cues, index, overlay, other_states, relays,
     states, word_lists, groups, stems, labels_es, verdicts, wording, group_index, group_counts, doubt) = data
    if (tag, fmt) != ("rulecheck-logic", _CACHE_FORMAT):
        raise ValueError("not a rulecheck logic cache of this format")
    # word lists stay marshalled until a question reads one (a few of ~100, some of them large)
    vocab = Vocabulary({s[0]: Subject(*s) for s in subjects}, state_names, list(cues), Packed(index), overlay,
                       other_states, {st[0]: StateInfo(*st) for st in states}, Packed(word_lists), Packed(groups), {}, labels_es,
                       Packed(group_index), group_counts)
    table_rows = [Row(i, st, ed, topic, subj, tuple(CONDITIONS[c] for c in conds), *rest)
                  for i, st, ed, topic, subj, conds, *rest in rows]
    fireteam = {(r[0], r[1]): Relay(*r) for r in relays}
    from rulecheck.checker.words import preload_stems

    preload_stems(stems)
    return LogicTable(table_rows, vocab, explained, path, fireteam, verdicts, wording, doubt)


@lru_cache(maxsize=1)
def _load_bundled() -> LogicTable:
    return load_cached(_cache_file(), lambda: _load(LOGIC_FILE), _to_plain, _from_plain)



@lru_cache(maxsize=8)
def _load(path: str, glossary: str | None = None) -> LogicTable:
    from pathlib import Path

    from rulecheck.checker.doubt import DOUBT_FILE, load_doubt
    from rulecheck.checker.lexicon import build_vocabulary
    from rulecheck.checker.verdicts import load_verdicts
    from rulecheck.checker.wording import load_wording

    from rulecheck.checker.lexicon import LEXICON_DIR
    from rulecheck.checker.verdicts import VERDICTS_PATH
    from rulecheck.checker.wording import WORDING_DIR

    data = read_toml(path, LogicTableError, "the logic table", "Fix the file (an authoring error).")
    folder = Path(path).parent
    bundled_data = Path(DATA_ROOT)

    def beside(name: str, bundled: Path) -> Path:
        # a data folder of its own (a test's fictional state, a user's table) may hold any of
        # the checker's files beside the logic table; what it lacks is the bundled file
        return folder / name if (folder / name).exists() else bundled

    lexicon_dir = beside("lexicon", LEXICON_DIR)
    glossary = glossary or (str(folder / "glossary.toml") if (folder / "glossary.toml").exists() else None)
    vocabulary = build_vocabulary(data, path, lexicon_dir, glossary_path=glossary,
                                  own_lexicon=lexicon_dir != LEXICON_DIR or folder == bundled_data,
                                  data_dir=folder if (folder / "manifest.toml").exists() else bundled_data)
    for axis, value, phrases, _, _, needs in vocabulary.cues:
        for need in needs:
            if need not in vocabulary.subjects:
                raise LogicTableError(f"{path}: the cue {axis}={value} needs {need!r}, which is not a subject")
        if value not in (AXES[axis][0] if axis in AXES else READING_AXES.get(axis, ())):
            valid = ", ".join([f"{a}={v}" for a, (vals, _) in AXES.items() for v in vals] +
                              [f"{a}={v}" for a, vals in READING_AXES.items() for v in vals])
            raise LogicTableError(f"{path}: the cue {axis}={value} ({phrases[0]!r}…) sets no condition rows test; "
                                  f"use one of {valid}")
    rows: list[Row] = []
    seen: set[str] = set()
    for i, raw in enumerate(data.get("row", []), 1):
        row = _row(raw, i, path, vocabulary)
        if row.id in seen:
            raise LogicTableError(f"{path}: row {row.id!r}: duplicate row id; give each row its own id")
        seen.add(row.id)
        rows.append(row)
    explained = dict(data.get("coverage", {}).get("explained", {}))
    fireteam: dict[tuple[str, str], Relay] = {}
    for i, raw in enumerate(data.get("fireteam", []), 1):
        relay = _relay(raw, i, path, vocabulary)
        if (relay.state, relay.leader) in fireteam:
            raise LogicTableError(f"{path}: fireteam #{i}: a second entry for {relay.state} / {relay.leader}")
        fireteam[(relay.state, relay.leader)] = relay
    table = LogicTable(rows, vocabulary, explained, path, fireteam,
                       load_verdicts(beside("verdicts.toml", VERDICTS_PATH)), load_wording(beside("wording", WORDING_DIR)),
                       load_doubt(os.fspath(beside("doubt.toml", Path(DOUBT_FILE)))))
    clashes = find_ambiguities(table)
    if clashes:
        a, b = clashes[0]
        raise LogicTableError(
            f"{path}: rows {a.id!r} and {b.id!r} can match the same scenario with equal priority "
            f"{a.priority}; give the more specific one a higher priority or make their conditions exclusive"
        )
    return table


def _row(raw: dict, i: int, path: str, vocabulary: Vocabulary) -> Row:
    row_id = raw.get("id")
    where = f"{path}: row {row_id!r}" if row_id else f"{path}: row #{i}"
    if not isinstance(row_id, str) or not re.fullmatch(_ROW_ID, row_id):
        raise LogicTableError(f"{where}: id must be lower-case words joined by hyphens, e.g. camo-declares-move")
    unknown = set(raw) - _ROW_FIELDS
    if unknown:
        raise LogicTableError(f"{where}: unknown field(s) {sorted(unknown)}; use {', '.join(sorted(_ROW_FIELDS))}")
    missing = {"state", "topic", "subject", "outcome", "priority", "because", "cites"} - set(raw)
    if missing:
        raise LogicTableError(f"{where}: missing field(s) {sorted(missing)}")
    state = raw["state"]
    states = vocabulary.states
    if state not in states:
        raise LogicTableError(f"{where}: unknown state {state!r}{suggest(str(state), states)}")
    edition = raw.get("edition", states[state].edition)
    if edition != states[state].edition:
        raise LogicTableError(f"{where}: edition {edition!r} but the {state} page is {states[state].edition}")
    topic = raw["topic"]
    if topic not in OUTCOMES:
        raise LogicTableError(f"{where}: unknown topic {topic!r}{suggest(str(topic), OUTCOMES)}")
    subject = raw["subject"]
    if subject not in vocabulary.subjects:
        raise LogicTableError(f"{where}: unknown subject {subject!r}{suggest(str(subject), vocabulary.subjects)}; declare it under [subject.{subject}]")
    conds = []
    for name in raw.get("conditions", []):
        if name not in CONDITIONS:
            raise LogicTableError(f"{where}: unknown condition {name!r}{suggest(str(name), CONDITIONS)}; conditions are registered in checker/logic.py")
        conds.append(CONDITIONS[name])
    outcome = raw["outcome"]
    if outcome not in OUTCOMES[topic]:
        raise LogicTableError(f"{where}: outcome {outcome!r} is not one of {', '.join(OUTCOMES[topic])} (topic {topic})")
    if not isinstance(raw["priority"], int):
        raise LogicTableError(f"{where}: priority must be an integer")
    cites = raw["cites"]
    if not isinstance(cites, list) or not cites:
        raise LogicTableError(f"{where}: cites is empty; cite the rules.id or faqs.id that decide the row")
    for cite in cites:
        if not isinstance(cite, str) or not re.fullmatch(_CITE_ID, cite):
            raise LogicTableError(f"{where}: malformed citation id {cite!r}")
    if not str(raw["because"]).strip():
        raise LogicTableError(f"{where}: because is empty; say why in one sentence")
    answer = raw.get("answer", "")
    if (topic == "fact") != bool(isinstance(answer, str) and answer.strip()):
        raise LogicTableError(f"{where}: a `fact` row needs `answer` (the plain answer, e.g. \"-6\"), and only a fact row has one")
    return Row(row_id, state, edition, topic, subject, tuple(conds), outcome, raw["priority"],
               str(raw["because"]).strip(), tuple(cites), answer.strip(), str(raw.get("because_es", "")).strip(),
               str(raw.get("answer_es", "")).strip())


def _relay(raw: dict, i: int, path: str, vocabulary: Vocabulary) -> Relay:
    where = f"{path}: fireteam #{i}"
    fields = {"state", "leader", "member", "because", "cites"}
    if not fields <= set(raw) or set(raw) - fields - {"because_es"}:
        raise LogicTableError(f"{where}: give {', '.join(sorted(fields))} (and optionally because_es)")
    if raw["state"] not in vocabulary.states:
        raise LogicTableError(f"{where}: unknown state {raw['state']!r}{suggest(str(raw['state']), vocabulary.states)}")
    for key in ("leader", "member"):
        if raw[key] not in vocabulary.subjects or vocabulary.subjects[raw[key]].kind != "skill":
            raise LogicTableError(f"{where}: {key} {raw[key]!r} is not a skill subject{suggest(str(raw[key]), vocabulary.subjects)}")
    cites = raw["cites"]
    if not isinstance(cites, list) or not cites or not all(isinstance(c, str) and re.fullmatch(_CITE_ID, c) for c in cites):
        raise LogicTableError(f"{where}: cites must list the rules.id / faqs.id that say it")
    if not str(raw["because"]).strip():
        raise LogicTableError(f"{where}: because is empty; say why in one sentence")
    return Relay(raw["state"], raw["leader"], raw["member"], str(raw["because"]).strip(), tuple(cites),
                 str(raw.get("because_es", "")).strip())


def _compatible(a: Row, b: Row) -> bool:
    """Whether some context satisfies both rows' conditions."""
    allowed: dict[str, frozenset] = {}
    for cond in a.conditions + b.conditions:
        values = allowed.get(cond.axis, frozenset(AXES[cond.axis][0]) | {None})
        allowed[cond.axis] = values & cond.values
        if not allowed[cond.axis]:
            return False
    return True


def find_ambiguities(table: LogicTable) -> list[tuple[Row, Row]]:
    """Pairs of rows for one state, topic and subject that can both match with equal priority."""
    clashes = []
    for rows in table.index.values():
        for i, a in enumerate(rows):
            for b in rows[i + 1:]:
                if a.topic == b.topic and a.priority == b.priority and _compatible(a, b):
                    clashes.append((a, b))
    return clashes
