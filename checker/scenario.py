"""Structured input: one Order's declarations and its context, from options or a scenario file,
read into the same `Reading` a question gives."""
from __future__ import annotations

import os

from rulecheck.checker.errors import BadScenario, UnknownEdition
from rulecheck.checker.logic import AXES, LogicTable
from rulecheck.checker.reading import Action, Reading
from rulecheck.checker.states import EDITIONS
from rulecheck.data import read_toml

#: What a structured question asks (`--ask`, a scenario file's `ask`) → (proposition, polarity).
ASKS = {"plain": ("plain", "+"), "revealed": ("revealed", "+"), "keeps": ("revealed", "-"), "allowed": ("may", "+"),
        "fact": ("fact", "+"), "required": ("required", "+"), "lost": ("may", "-")}
__all__ = ["ASKS", "EDITIONS", "check_edition", "checked_context", "make_scenario", "load_scenario", "override"]


def check_edition(edition: str) -> str:
    """The edition in canonical form (`n3` → `N3`); `UnknownEdition` for one the checker cannot read.

    The one edition check: questions, options, scenario files and the web page all come here."""
    canon = str(edition).strip().upper()
    if canon not in EDITIONS:
        raise UnknownEdition(str(edition), EDITIONS)
    return canon


def make_scenario(table: LogicTable, *, state: str, declares=(), events=(), enemy=(), properties=(),
                  edition: str | None = None, ask: str | None = None, context: dict | None = None,
                  leader=()) -> Reading:
    """The reading of structured input, names as a user writes them (aliases allowed); typed
    errors on bad names. `leader`: Skills the Team Leader of the trooper's Fireteam declares
    (the trooper is then a member that is not the Team Leader)."""
    vocab = table.vocabulary
    state_id = vocab.resolve_state(state)
    edition = check_edition(edition) if edition else None
    if edition:  # Camouflaged in N3 is TO Camouflaged (the edition's camouflage state)
        camo = [st for st in table.states.values() if st.hints]
        if state_id == camo[0].id and camo[0].edition != edition:
            state_id = next((st.id for st in camo if st.edition == edition), state_id)
    ctx = checked_context(context)
    _check_ask(ask)
    actions = [Action(vocab.resolve_subject(s), "self", "skill") for s in declares]
    actions += [Action(vocab.resolve_subject(s), "self", "event") for s in events]
    enemy_ids = [vocab.resolve_subject(s) for s in enemy]
    actions += [Action(s, "enemy", vocab.subjects[s].kind) for s in enemy_ids]
    actions += [Action(vocab.resolve_subject(s, ("skill",)), "leader", "skill") for s in leader]
    props = tuple(vocab.resolve_subject(s, ("property",)) for s in properties)
    for a in actions:  # a kind the option did not say: events given as --declare, skills as --event
        a.kind = vocab.subjects[a.subject].kind if a.by != "leader" else "skill"
    if leader:
        if ctx.get("fireteam", "member") != "member":
            raise BadScenario(f'fireteam = "{ctx["fireteam"]}" with a Team Leader\'s Skills: the trooper is then a member that is not the Team Leader (fireteam = "member")')
        ctx["fireteam"] = "member"
    if not actions and not props:
        raise BadScenario("The scenario says nothing happens: give at least one declare, event, enemy or property")
    prop, polarity = ASKS[ask] if ask else _default_ask(table, state_id, tuple(enemy_ids), bool(props))
    if prop == "required" and enemy_ids and "discovered" not in ctx:
        ctx["discovered"] = "no"  # "must it be Discovered before the enemy's Attack?", as a question reads it
    used = [state, *declares, *events, *enemy, *properties, *leader]
    return Reading(None, "en", edition, (state_id,), (), actions, props, ctx, prop, polarity, used=list(used))


def _default_ask(table: LogicTable, state: str, enemy: tuple[str, ...], properties: bool) -> tuple[str, str]:
    """What structured input asks when it does not say: whether the trooper is revealed; for
    an enemy's Skills, whether it is revealed when the logic says what they do to it (an
    enemy's Discover: only a passed roll reveals it), else whether the enemy may declare them;
    for properties, whether they hold."""
    if properties:
        return "property", "+"
    if enemy:
        does = all(any(r.topic == "happens" for r in table.rows_for(state, s)) for s in enemy)
        return ("revealed", "+") if does else ("may", "+")
    return "revealed", "+"


def checked_context(context: dict | None) -> dict[str, str]:
    """Context axis → value, checked against `logic.AXES` (booleans read as yes/no, None skipped);
    `BadScenario` naming the axis or value at fault."""
    ctx = {}
    for axis, value in (context or {}).items():
        if value is None:
            continue
        if axis not in AXES:
            raise BadScenario(f'Unknown context "{axis}" — use one of {", ".join(AXES)}')
        value = {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else value
        value = str(value).lower()
        if value not in AXES[axis][0]:
            raise BadScenario(f'{axis} = "{value}" — use one of {", ".join(AXES[axis][0])}')
        ctx[axis] = value
    return ctx


def _check_ask(ask: str | None) -> None:
    if ask is not None and ask not in ASKS:
        raise BadScenario(f'ask = "{ask}" — use one of {", ".join(ASKS)}')


def override(reading: Reading, *, context: dict | None = None, ask: str | None = None) -> Reading:
    """The reading with `context` values and what is asked replaced (options given beside a
    question or a scenario file win over what it says); `BadScenario` on a bad value, or on a
    Fireteam role that contradicts a Team Leader's Skills."""
    ctx = checked_context(context)
    _check_ask(ask)
    if reading.by("leader") and ctx.get("fireteam", "member") != "member":
        raise BadScenario(f'fireteam = "{ctx["fireteam"]}" with a Team Leader\'s Skills: the trooper is then a member that is not the Team Leader (fireteam = "member")')
    reading.context = {**reading.context, **ctx}
    if ask:
        reading.proposition, reading.polarity = ASKS[ask]
    return reading


_FILE_FIELDS = {"state", "edition", "declares", "events", "enemy", "properties", "ask", "context",
                "turn", "fireteam", "camouflage", "leader"}
_LIST_FIELDS = ("declares", "events", "enemy", "properties", "leader")


def load_scenario(table: LogicTable, path: str | os.PathLike, *, edition: str | None = None) -> Reading:
    """Read a scenario file (TOML); `BadScenario` naming the file and field at fault.

    `edition` (the command line's `--edition`) wins over the file's `edition`.
    """
    data = read_toml(path, BadScenario, "the scenario file",
                     f"Its fields: {', '.join(sorted(_FILE_FIELDS))} (state is required), e.g. "
                     'state = "hidden_deployment" and declares = ["move"]; see `rulecheck ask --help` and the README, "Ask".')
    unknown = set(data) - _FILE_FIELDS
    if unknown:
        raise BadScenario(f"{path}: unknown field(s) {sorted(unknown)}; use {', '.join(sorted(_FILE_FIELDS))}")
    if "state" not in data:
        raise BadScenario(f"{path}: missing `state` (one of {', '.join(table.states)})")
    for key in ("state", "edition", "ask", "turn", "fireteam", "camouflage"):
        if key in data and not isinstance(data[key], str) and not (key == "camouflage" and isinstance(data[key], bool)):
            one = "one state" if key == "state" else "a single value"
            raise BadScenario(f'{path}: `{key}` must be a string naming {one}, e.g. {key} = "{_EXAMPLE[key]}", '
                              f"not {_toml_type(data[key])}")
    for key in _LIST_FIELDS:
        value = data.get(key)
        if isinstance(value, str):
            data[key] = [value]
        elif value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise BadScenario(f'{path}: `{key}` must be a list of Skill names, e.g. {key} = ["move", "bs attack"], '
                              f"not {_toml_type(value)}")
    context = data.get("context", {})
    if not isinstance(context, dict):
        raise BadScenario(f'{path}: `context` must be a table of axis = value, e.g. [context] then turn = "active", '
                          f"not {_toml_type(context)}")
    context = dict(context)
    for axis, value in context.items():
        if not isinstance(value, (str, bool)):
            raise BadScenario(f'{path}: `context.{axis}` must be a string, e.g. {axis} = "{AXES[axis][0][0] if axis in AXES else "value"}", '
                              f"not {_toml_type(value)}")
    for axis in ("turn", "fireteam", "camouflage"):
        if axis in data:
            context[axis] = data[axis]
    try:
        return make_scenario(table, state=data["state"], declares=data.get("declares", ()), events=data.get("events", ()),
                             enemy=data.get("enemy", ()), properties=data.get("properties", ()),
                             edition=edition or data.get("edition"), ask=data.get("ask"), context=context,
                             leader=data.get("leader", ()))
    except BadScenario as e:
        raise BadScenario(f"{path}: {e}") from e


_EXAMPLE = {"state": "camouflaged", "edition": "N4", "ask": "revealed", "turn": "active", "fireteam": "member",
            "camouflage": "yes"}


def _toml_type(value: object) -> str:
    """How a TOML value reads in a message: `an array [...]`, `a number 5`."""
    if isinstance(value, list):
        return f"an array {value!r}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, bool):
        return f"a boolean {str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"a number {value!r}"
    return f"a string {value!r}" if isinstance(value, str) else f"{type(value).__name__} {value!r}"
