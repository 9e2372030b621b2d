"""A scenario: one Order's declarations and its context, from a question, options or a file."""
from __future__ import annotations

from pathlib import Path

from rulecheck.checker.errors import BadScenario, UnknownEdition
from rulecheck.checker.logic import AXES, LogicTable
from rulecheck.checker.states import EDITIONS
from rulecheck.data import read_toml

ASKS = ("plain", "revealed", "keeps", "allowed", "fact", "required", "lost")
__all__ = ["ASKS", "EDITIONS", "Scenario", "check_edition", "checked_context", "make_scenario", "load_scenario", "override"]


def check_edition(edition: str) -> str:
    """The edition in canonical form (`n3` → `N3`); `UnknownEdition` for one the checker cannot read.

    The one edition check: questions, options, scenario files and the web page all come here."""
    canon = str(edition).strip().upper()
    if canon not in EDITIONS:
        raise UnknownEdition(str(edition), EDITIONS)
    return canon


class Scenario:
    """What the checker evaluates. Subjects and states are vocabulary ids.

    `declares`: what the trooper in the state declares, in Order; `events`: what happens to it;
    `enemy`: what an enemy declares against it; `properties`: yes/no facts asked about;
    `context`: axis → value (see logic.AXES); `ask`: the question's polarity — revealed | keeps
    | allowed | plain | fact (how/what: no yes or no) | required (must it be Discovered before
    the enemy's Skill?); `asked`: "open" / "private" when the question names one;
    `leader`: what the Team Leader of its Fireteam declares (the trooper in the state is then a
    member that is not the Team Leader); `other_states`: states the question names that the
    logic does not cover (Impersonation…); `readings`: how misspelt words were read.
    """

    # A plain class, not a dataclass: `rulecheck ask` then never imports `dataclasses` nor
    # builds the generated methods at start-up (see benchmarks/ask_bench.py).
    __slots__ = ("states", "edition", "declares", "events", "enemy", "properties", "context", "ask", "asked",
                 "leader", "other_states", "readings")

    def __init__(self, states: tuple[str, ...], edition: str | None = None, declares: tuple[str, ...] = (),
                 events: tuple[str, ...] = (), enemy: tuple[str, ...] = (), properties: tuple[str, ...] = (),
                 context: dict[str, str] | None = None, ask: str = "plain", asked: str | None = None,
                 leader: tuple[str, ...] = (), other_states: tuple[str, ...] = (), readings: tuple[str, ...] = ()) -> None:
        self.states = states
        self.edition = edition
        self.declares = declares
        self.events = events
        self.enemy = enemy
        self.properties = properties
        self.context = context if context is not None else {}
        self.ask = ask
        self.asked = asked
        self.leader = leader
        self.other_states = other_states
        self.readings = readings

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scenario) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"Scenario({self.to_dict()!r})"

    def to_dict(self) -> dict:
        """The scenario as plain JSON data."""
        return {"states": list(self.states), "edition": self.edition, "declares": list(self.declares),
                "events": list(self.events), "enemy": list(self.enemy), "properties": list(self.properties),
                "context": dict(self.context), "ask": self.ask, "asked": self.asked, "leader": list(self.leader),
                "other_states": list(self.other_states), "readings": list(self.readings)}


def make_scenario(table: LogicTable, *, state: str, declares=(), events=(), enemy=(), properties=(),
                  edition: str | None = None, ask: str | None = None, context: dict | None = None,
                  leader=()) -> Scenario:
    """Build a scenario from names as a user writes them (aliases allowed); typed errors on bad names.

    `leader`: Skills the Team Leader of the trooper's Fireteam declares (the trooper is then a
    member that is not the Team Leader).
    """
    vocab = table.vocabulary
    state_id = vocab.resolve_state(state)
    edition = check_edition(edition) if edition else None
    if edition:  # Camouflaged in N3 is TO Camouflaged (the edition's camouflage state)
        camo = [st for st in table.states.values() if st.hints]
        if state_id == camo[0].id and camo[0].edition != edition:
            state_id = next((st.id for st in camo if st.edition == edition), state_id)
    ctx = checked_context(context)
    _check_ask(ask)
    enemy_ids = tuple(vocab.resolve_subject(s) for s in enemy)
    scenario = Scenario(
        states=(state_id,), edition=edition,
        declares=tuple(vocab.resolve_subject(s) for s in declares),
        events=tuple(vocab.resolve_subject(s) for s in events),
        enemy=enemy_ids,
        properties=tuple(vocab.resolve_subject(s, ("property",)) for s in properties),
        context=ctx, ask=ask or _default_ask(table, state_id, enemy_ids, bool(properties)),
        leader=tuple(vocab.resolve_subject(s, ("skill",)) for s in leader),
    )
    if scenario.leader:
        if ctx.get("fireteam", "member") != "member":
            raise BadScenario(f'fireteam = "{ctx["fireteam"]}" with a Team Leader\'s Skills: the trooper is then a member that is not the Team Leader (fireteam = "member")')
        scenario.context["fireteam"] = "member"
    if not (scenario.declares or scenario.events or scenario.enemy or scenario.properties or scenario.leader):
        raise BadScenario("The scenario says nothing happens: give at least one declare, event, enemy or property")
    return scenario


def _default_ask(table: LogicTable, state: str, enemy: tuple[str, ...], properties: bool) -> str:
    """What a scenario asks when it does not say: whether the trooper is revealed; for an enemy's
    Skills, whether it is revealed when the logic says what they do to it (an enemy's Discover:
    only a passed roll reveals it), else whether the enemy may declare them; for properties,
    whether they hold."""
    if properties:
        return "allowed"
    if enemy:
        does = all(any(r.topic == "happens" for r in table.rows_for(state, s)) for s in enemy)
        return "revealed" if does else "allowed"
    return "revealed"


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


def override(scenario: Scenario, *, context: dict | None = None, ask: str | None = None) -> Scenario:
    """The scenario with `context` values and the polarity `ask` replaced (options given beside
    a question or a scenario file win over what it says); `BadScenario` on a bad value, or on a
    Fireteam role that contradicts a Team Leader's Skills."""
    ctx = checked_context(context)
    _check_ask(ask)
    if scenario.leader and ctx.get("fireteam", "member") != "member":
        raise BadScenario(f'fireteam = "{ctx["fireteam"]}" with a Team Leader\'s Skills: the trooper is then a member that is not the Team Leader (fireteam = "member")')
    return Scenario(scenario.states, scenario.edition, scenario.declares, scenario.events, scenario.enemy,
                    scenario.properties, {**scenario.context, **ctx}, ask or scenario.ask, scenario.asked,
                    scenario.leader, scenario.other_states, scenario.readings)


_FILE_FIELDS = {"state", "edition", "declares", "events", "enemy", "properties", "ask", "context",
                "turn", "fireteam", "camouflage", "leader"}
_LIST_FIELDS = ("declares", "events", "enemy", "properties", "leader")


def load_scenario(table: LogicTable, path: Path | str, *, edition: str | None = None) -> Scenario:
    """Read a scenario file (TOML); `BadScenario` naming the file and field at fault.

    `edition` (the command line's `--edition`) wins over the file's `edition`.
    """
    data = read_toml(path, BadScenario, "the scenario file", "See `rulecheck ask --help` for its fields.")
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
