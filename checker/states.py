"""The states the checker reasons about, as `data/logic.toml` describes them (`[state.<id>]`):
the edition of the page that decides them, the name answers use, the Skills whose bearer
deploys in the state, and what cancelling it costs. The page title is the glossary's."""
from __future__ import annotations

from typing import NamedTuple

from rulecheck.checker.errors import LogicTableError

#: The editions whose pages the checker reads (a state's page is one of them).
EDITIONS = ("N3", "N4")
#: The edition a question is read in when it names none.
DEFAULT_EDITION = "N4"
_FIELDS = {"edition", "label", "hints", "cost"}
_OPTIONAL = {"label_es", "cost_es", "hosts_markers"}


class StateInfo(NamedTuple):
    """One covered state: `page` is the glossary's page title; `hints`: glossary ids of the
    Skills whose bearer deploys in it (a question naming only the Skill means this state);
    `cost`: what declaring a Skill that cancels it does, for "can it …?" answers."""

    id: str
    edition: str
    page: str
    label: str
    hints: tuple[str, ...]
    cost: str
    #: The label and cost in Spanish, for answers to Spanish questions.
    label_es: str = ""
    cost_es: str = ""
    #: Its trooper may also have a Marker-state Skill (Camouflage): "an HD camo trooper" names
    #: that Skill, not a second state.
    hosts_markers: bool = False


def read_states(raw_states: object, path: str, glossary) -> dict[str, StateInfo]:
    """`[state.<id>]` tables → id → `StateInfo`; `LogicTableError` naming the entry at fault."""
    if not isinstance(raw_states, dict) or not raw_states:
        raise LogicTableError(f"{path}: no [state.<id>] tables; describe each state the checker covers")
    states: dict[str, StateInfo] = {}
    for sid, raw in raw_states.items():
        where = f"{path}: [state.{sid}]"
        term = glossary.terms.get(sid)
        if term is None or term.kind != "state":
            raise LogicTableError(f"{where}: not a state in glossary.toml; add it there (kind = \"state\") first")
        if not term.page:
            raise LogicTableError(f"{where}: its glossary entry names no `page`; give the page the state is decided by")
        if not isinstance(raw, dict) or not _FIELDS <= set(raw) or set(raw) - _FIELDS - _OPTIONAL:
            raise LogicTableError(f"{where}: give {', '.join(sorted(_FIELDS))} (and optionally {', '.join(sorted(_OPTIONAL))})")
        if raw["edition"] not in EDITIONS:
            raise LogicTableError(f"{where}: edition must be one of {', '.join(EDITIONS)}, got {raw['edition']!r}")
        for key in ("label", "cost"):
            if not isinstance(raw[key], str) or not raw[key].strip():
                raise LogicTableError(f"{where}: `{key}` must be a non-empty string")
        hints = raw["hints"]
        if not isinstance(hints, list) or not all(isinstance(h, str) for h in hints):
            raise LogicTableError(f"{where}: `hints` must be a list of glossary skill ids")
        for hint in hints:
            if hint not in glossary.terms or glossary.terms[hint].kind != "skill":
                raise LogicTableError(f"{where}: hint {hint!r} is not a skill in glossary.toml")
        if not isinstance(raw.get("hosts_markers", False), bool):
            raise LogicTableError(f"{where}: `hosts_markers` must be true or false")
        states[sid] = StateInfo(sid, raw["edition"], term.page, raw["label"].strip(), tuple(hints), raw["cost"].strip(),
                                str(raw.get("label_es", "")).strip(), str(raw.get("cost_es", "")).strip(),
                                bool(raw.get("hosts_markers", False)))
    return states
