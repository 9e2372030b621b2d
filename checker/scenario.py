"""A scenario: one Order's declarations and its context, from a question, options or a file."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rulecheck.checker.errors import BadScenario
from rulecheck.checker.logic import AXES, STATES, LogicTable

ASKS = ("plain", "revealed", "keeps", "allowed", "fact", "required")
EDITIONS = ("N3", "N4")


@dataclass
class Scenario:
    """What the checker evaluates. Subjects and states are vocabulary ids."""

    states: tuple[str, ...]
    edition: str | None = None
    declares: tuple[str, ...] = ()  # what the trooper in the state declares, in Order
    events: tuple[str, ...] = ()  # what happens to it
    enemy: tuple[str, ...] = ()  # what an enemy declares against it
    properties: tuple[str, ...] = ()  # yes/no facts asked about
    context: dict[str, str] = field(default_factory=dict)  # axis → value (see logic.AXES)
    ask: str = "plain"  # the question's polarity: revealed | keeps | allowed | plain | fact (how/what: no yes or no)
    #: | required (must it be Discovered before the enemy's Skill?)
    asked: str | None = None  # "open" / "private" when the question names one

    def to_dict(self) -> dict:
        """The scenario as plain JSON data."""
        return {"states": list(self.states), "edition": self.edition, "declares": list(self.declares),
                "events": list(self.events), "enemy": list(self.enemy), "properties": list(self.properties),
                "context": dict(self.context), "ask": self.ask, "asked": self.asked}


def make_scenario(table: LogicTable, *, state: str, declares=(), events=(), enemy=(), properties=(),
                  edition: str | None = None, ask: str | None = None, context: dict | None = None) -> Scenario:
    """Build a scenario from names as a user writes them (aliases allowed); typed errors on bad names."""
    vocab = table.vocabulary
    state_id = vocab.resolve_state(state)
    if edition is not None and edition.upper() not in EDITIONS:
        raise BadScenario(f'Unknown edition "{edition}" — use N4 (default) or N3')
    edition = edition.upper() if edition else None
    if edition == "N3" and state_id == "camouflaged":
        state_id = "to_camouflaged"
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
    if ask is not None and ask not in ASKS:
        raise BadScenario(f'ask = "{ask}" — use one of {", ".join(ASKS)}')
    scenario = Scenario(
        states=(state_id,), edition=edition,
        declares=tuple(vocab.resolve_subject(s) for s in declares),
        events=tuple(vocab.resolve_subject(s) for s in events),
        enemy=tuple(vocab.resolve_subject(s) for s in enemy),
        properties=tuple(vocab.resolve_subject(s) for s in properties),
        context=ctx, ask=ask or ("allowed" if (enemy or properties) else "revealed"),
    )
    if not (scenario.declares or scenario.events or scenario.enemy or scenario.properties):
        raise BadScenario("The scenario says nothing happens: give at least one declare, event, enemy or property")
    return scenario


_FILE_FIELDS = {"state", "edition", "declares", "events", "enemy", "properties", "ask", "context",
                "turn", "fireteam", "camouflage"}


def load_scenario(table: LogicTable, path: Path | str) -> Scenario:
    """Read a scenario file (TOML); `BadScenario` naming the file and field at fault."""
    import tomllib  # only scenario files need it

    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise BadScenario(f"Cannot read scenario file {path}: {e.strerror or e}") from e
    except tomllib.TOMLDecodeError as e:
        raise BadScenario(f"{path}: not valid TOML: {e}") from e
    unknown = set(data) - _FILE_FIELDS
    if unknown:
        raise BadScenario(f"{path}: unknown field(s) {sorted(unknown)}; use {', '.join(sorted(_FILE_FIELDS))}")
    if "state" not in data:
        raise BadScenario(f"{path}: missing `state` (one of {', '.join(STATES)})")
    context = dict(data.get("context", {}))
    for axis in ("turn", "fireteam", "camouflage"):
        if axis in data:
            context[axis] = data[axis]
    for key in ("declares", "events", "enemy", "properties"):
        if isinstance(data.get(key), str):
            data[key] = [data[key]]
    return make_scenario(table, state=data["state"], declares=data.get("declares", ()), events=data.get("events", ()),
                         enemy=data.get("enemy", ()), properties=data.get("properties", ()),
                         edition=data.get("edition"), ask=data.get("ask"), context=context)
