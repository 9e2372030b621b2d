"""A scenario: one Order's declarations and its context, from a question, options or a file."""
from __future__ import annotations

from pathlib import Path

from rulecheck.checker.errors import BadScenario
from rulecheck.checker.logic import AXES, STATES, LogicTable

ASKS = ("plain", "revealed", "keeps", "allowed", "fact", "required")
EDITIONS = ("N3", "N4")


class Scenario:
    """What the checker evaluates. Subjects and states are vocabulary ids.

    `declares`: what the trooper in the state declares, in Order; `events`: what happens to it;
    `enemy`: what an enemy declares against it; `properties`: yes/no facts asked about;
    `context`: axis → value (see logic.AXES); `ask`: the question's polarity — revealed | keeps
    | allowed | plain | fact (how/what: no yes or no) | required (must it be Discovered before
    the enemy's Skill?); `asked`: "open" / "private" when the question names one.
    """

    # A plain class, not a dataclass: `rulecheck ask` then never imports `dataclasses` nor
    # builds the generated methods at start-up (see benchmarks/ask_bench.py).
    __slots__ = ("states", "edition", "declares", "events", "enemy", "properties", "context", "ask", "asked")

    def __init__(self, states: tuple[str, ...], edition: str | None = None, declares: tuple[str, ...] = (),
                 events: tuple[str, ...] = (), enemy: tuple[str, ...] = (), properties: tuple[str, ...] = (),
                 context: dict[str, str] | None = None, ask: str = "plain", asked: str | None = None) -> None:
        self.states = states
        self.edition = edition
        self.declares = declares
        self.events = events
        self.enemy = enemy
        self.properties = properties
        self.context = context if context is not None else {}
        self.ask = ask
        self.asked = asked

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scenario) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"Scenario({self.to_dict()!r})"

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
