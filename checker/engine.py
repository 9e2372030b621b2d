"""Evaluate a scenario against the logic table: the outcome, the verdict for the question as
worded, the deciding rows and a trace of each step."""
from __future__ import annotations

from typing import NamedTuple

from rulecheck.checker.logic import CONDITIONS, LogicTable, Relay, Row
from rulecheck.checker.scenario import Scenario

_OUTCOME_WORDS = {"keeps": "keeps the state", "cancelled": "cancels the state", "marker": "ends Hidden Deployment but keeps the Marker state",
                  "allowed": "is allowed", "forbidden": "is not allowed", "yes": "yes", "no": "no",
                  "open": "Open Information", "private": "Private Information"}


class Decision(NamedTuple):
    """One subject resolved for one state: the winning row, or the rows it depends between."""

    subject: str
    topic: str
    outcome: str  # a row outcome, or "depends"
    rows: list[Row]


class Evaluation:
    """The engine's result for a scenario."""

    # A plain class, not a dataclass: `rulecheck ask` then never imports `dataclasses` nor
    # builds the generated methods at start-up (see benchmarks/ask_bench.py).
    __slots__ = ("verdict", "state", "edition", "outcome", "decisions", "order_row", "trace", "relays")

    def __init__(self, verdict: str, state: str | None = None, edition: str | None = None, outcome: str | None = None,
                 decisions: list[Decision] | None = None, order_row: Row | None = None,
                 trace: list[dict] | None = None, relays: list[Relay] | None = None) -> None:
        self.verdict = verdict  # yes | no | depends | unknown
        self.state = state
        self.edition = edition
        self.outcome = outcome
        self.decisions = decisions if decisions is not None else []
        self.order_row = order_row
        self.trace = trace if trace is not None else []
        #: The Team Leader's Skills as the trooper (a non-leader member) performs them.
        self.relays = relays if relays is not None else []

    def __repr__(self) -> str:
        return f"Evaluation({self.verdict!r}, {self.state!r}, outcome={self.outcome!r}, cites={self.cites!r})"

    @property
    def cites(self) -> list[str]:
        """Citation ids, deciding first, without repeats."""
        deciding = [d for d in self.decisions if d.outcome == self.outcome] + [d for d in self.decisions if d.outcome != self.outcome]
        rows = ([self.order_row] if self.order_row else []) + [r for d in deciding for r in d.rows]
        ids = [r.cites[0] for r in rows] + [c for r in rows for c in r.cites[1:]] + [c for r in self.relays for c in r.cites]
        return list(dict.fromkeys(ids))


def ancestors(table: LogicTable, subject: str) -> list[str]:
    """The subject, then its parents breadth-first: the order rows are looked up in."""
    return ancestors_in(table.vocabulary.subjects, subject)


def ancestors_in(subjects: dict, subject: str) -> list[str]:
    """`ancestors` over a vocabulary's subjects."""
    chain, queue = [], [subject]
    while queue:
        s = queue.pop(0)
        if s not in chain:
            chain.append(s)
            queue += list(subjects[s].parents) if s in subjects else []
    return chain


def resolve(table: LogicTable, state: str, subject: str, topics: tuple[str, ...], context: dict) -> Decision | None:
    """The row deciding `subject` for `state`, trying topics in order and subjects specific first.

    The highest-priority definite match at the most specific level wins; rows that *might*
    match (an axis the question left unknown) at a more specific level, with another outcome,
    make the answer depend on that axis.
    """
    chain = ancestors(table, subject)
    for topic in topics:
        possibles: list[Row] = []
        for s in chain:
            rows = [r for r in table.rows_for(state, s) if r.topic == topic]
            if not rows:
                continue
            tests = [(r, r.test(context)) for r in rows]
            definite = [r for r, ok in tests if ok is True]
            maybe = [r for r, ok in tests if ok is None]
            if definite:
                best = definite[0]
                if any(a.outcome != best.outcome for a in possibles):
                    return Decision(subject, topic, "depends", _unshadowed(possibles + [best]))
                return Decision(subject, topic, best.outcome, [best])
            possibles += maybe
        if possibles:
            possibles = _unshadowed(possibles)
            outcomes = {r.outcome for r in possibles}
            if len(outcomes) == 1:
                return Decision(subject, topic, possibles[0].outcome, [possibles[0]])
            return Decision(subject, topic, "depends", possibles)
    return None


def _unshadowed(rows: list[Row]) -> list[Row]:
    """Drop general rows that a more specific row with the same conditions already decides."""
    kept, seen = [], set()
    for row in rows:
        key = frozenset(c.name for c in row.conditions)
        if key not in seen:
            seen.add(key)
            kept.append(row)
    return kept


def _topics(scenario: Scenario, role: str) -> tuple[str, ...]:
    if role == "declares":
        return ("may", "declares") if scenario.ask == "allowed" else ("declares", "may")
    if role == "events":
        return ("happens",)
    if role == "enemy":
        # "Is my marker revealed if the enemy fails its Discover?": what the enemy's Skill does
        # to the marker (`happens` rows for that Skill), before whether it may declare it
        return ("happens", "enemy") if scenario.ask in ("revealed", "keeps") else ("enemy",)
    return ("property", "order", "enemy", "may", "declares", "happens")


def verdict_for(outcome: str, scenario: Scenario) -> str:
    """The answer to the question as worded, given the deciding outcome."""
    if outcome == "depends":
        return "depends"
    if scenario.ask in ("required", "lost") and outcome in ("allowed", "forbidden"):
        # must it be Discovered first? / do I lose my ARO? yes iff not allowed
        return "yes" if outcome == "forbidden" else "no"
    if outcome in ("allowed", "yes"):
        return "yes"
    if outcome in ("forbidden", "no"):
        return "no"
    if outcome in ("open", "private"):
        return "yes" if (scenario.asked if scenario.asked in ("open", "private") else "open") == outcome else "no"
    if outcome == "marker" and scenario.asked == "state":
        # "Is its Hidden Deployment cancelled?": it is, though the trooper keeps its Marker state
        return "no" if scenario.ask == "keeps" else "yes"
    revealed = outcome == "cancelled"
    if scenario.ask == "keeps":
        return "no" if revealed else "yes"
    if scenario.ask == "allowed":
        return "yes"  # nothing forbids declaring it; the answer says what it costs
    return "yes" if revealed else "no"


def evaluate_state(table: LogicTable, scenario: Scenario, state: str) -> Evaluation:
    """Evaluate the scenario for one state."""
    ctx = scenario.context
    decisions: list[Decision] = []
    order_row = None
    if scenario.properties:
        decisions = [d for d in (resolve(table, state, s, _topics(scenario, "property"), ctx) for s in scenario.properties[:1]) if d]
    elif scenario.enemy:
        decisions = [d for d in (resolve(table, state, s, _topics(scenario, "enemy"), ctx) for s in scenario.enemy) if d]
    else:
        relays = [table.fireteam.get((state, s)) for s in scenario.leader]
        if None in relays:
            return Evaluation("unknown", state, table.states[state].edition)  # what the member performs is not in the logic
        if relays:
            ctx = dict(ctx, fireteam="member")
        performed = list(dict.fromkeys(list(scenario.declares) + [r.member for r in relays if r]))
        for role, subjects in (("declares", performed), ("events", scenario.events)):
            for s in subjects:
                d = _barred(table, state, s, ctx) if role == "declares" else None
                d = d or resolve(table, state, s, _topics(scenario, role), ctx)
                if d:
                    decisions.append(d)
        if len(performed) + len(scenario.events) > len(decisions):
            decisions = []  # part of the Order is outside the logic: no guess
    if not decisions:
        return Evaluation("unknown", state, table.states[state].edition)
    outcomes = [d.outcome for d in decisions]
    if "depends" in outcomes:
        outcome = "depends"
    elif "forbidden" in outcomes and not scenario.enemy:
        outcome = "forbidden"  # a Skill it may not declare here: the Order is not possible at all
    elif "cancelled" in outcomes:
        outcome = "cancelled"
        if _revealed_late(scenario, decisions):
            order = [r for r in table.rows_for(state, "whole_order") if r.topic == "order"]
            order_row = order[0] if order else None
    elif "forbidden" in outcomes:
        outcome = "forbidden"
    else:
        outcome = outcomes[0]
    ev = Evaluation(verdict_for(outcome, scenario), state, table.states[state].edition, outcome, decisions, order_row,
                    relays=[r for r in (table.fireteam.get((state, s)) for s in scenario.leader) if r])
    ev.trace = _trace(table, scenario, ev)
    return ev


def _barred(table: LogicTable, state: str, subject: str, context: dict) -> Decision | None:
    """A `may` row that definitely forbids declaring `subject` in this context (Surprise Shot
    in the Reactive Turn): that decides before whether the Skill would reveal the trooper."""
    d = resolve(table, state, subject, ("may",), context)
    if d is not None and d.outcome == "forbidden" and all(r.test(context) is True for r in d.rows):
        return d
    return None


def evaluate_fact(table: LogicTable, scenario: Scenario) -> Evaluation:
    """A what/where question: the `fact` row of the first state that has one for a subject
    asked about ("What MOD…?" → -6), else `unknown`. The verdict stays `unknown` (there is no
    yes or no); the Evaluation's outcome is `fact` and its decision holds the row."""
    subjects = scenario.properties + scenario.enemy + scenario.declares + scenario.events
    for state in scenario.states:
        for subject in subjects:
            d = resolve(table, state, subject, ("fact",), scenario.context)
            if d is not None and d.outcome == "fact":
                ev = Evaluation("unknown", state, table.states[state].edition, "fact", [d])
                ev.trace = _trace(table, scenario, ev)
                return ev
    return Evaluation("unknown", scenario.states[0] if scenario.states else None)


def _revealed_late(scenario: Scenario, decisions: list[Decision]) -> bool:
    """Whether a declared Skill that keeps the state comes before one that cancels it: only then
    does the whole-Order rule decide (the first Skill is revealed too)."""
    declared = [d.outcome for d in decisions if d.subject in scenario.declares]
    first_cancel = declared.index("cancelled") if "cancelled" in declared else -1
    return first_cancel > 0 and any(o in ("keeps", "marker") for o in declared[:first_cancel])


def evaluate(table: LogicTable, scenario: Scenario) -> Evaluation:
    """Evaluate for each state the scenario names; states the logic has nothing on are skipped.

    An open question ("how far…?", "what MOD…?") has no yes or no: `unknown`, whatever the table says.
    """
    if scenario.other_states:
        return Evaluation("unknown", scenario.states[0] if scenario.states else None)
    if scenario.ask == "fact":
        return evaluate_fact(table, scenario)
    results = [evaluate_state(table, scenario, s) for s in scenario.states]
    known = [r for r in results if r.verdict != "unknown"]
    if not known:
        return results[0] if results else Evaluation("unknown")
    if len({r.verdict for r in known}) == 1:
        return known[0]
    first = known[0]
    merged = Evaluation("depends", first.state, first.edition, "depends",
                        [d for r in known for d in r.decisions], first.order_row)
    merged.trace = [step for r in known for step in r.trace] + [
        {"step": "The states named answer differently, so the answer depends on which state the trooper is in."}]
    return merged


def label(table: LogicTable, subject: str) -> str:
    """How answers name a subject: its first alias ("Dodge"), or its id in words."""
    s = table.vocabulary.subjects.get(subject)
    if s and s.phrases and s.kind != "property":
        return s.phrases[0]
    return subject.replace("_", " ")


def _when(row: Row) -> str:
    return " and ".join(c.doc for c in row.conditions) or "in general"


def _trace(table: LogicTable, scenario: Scenario, ev: Evaluation) -> list[dict]:
    state = ev.state or ""
    info = table.states[state]
    steps = [{"step": reading} for reading in scenario.readings]
    steps.append({"step": f"State: {info.label}, from the {info.edition} page {info.page}."})
    for relay in ev.relays:
        steps.append({"step": f"The Team Leader declares {label(table, relay.leader)}: the trooper, a Fireteam member that is "
                              f"not the Team Leader, performs {label(table, relay.member)} — {relay.because}",
                      "cites": list(relay.cites)})
    for d in ev.decisions:
        if d.outcome == "depends":
            for row in d.rows:
                steps.append({"step": f"{label(table, d.subject)}: {_OUTCOME_WORDS[row.outcome]} when {_when(row)} — {row.because}",
                              "row": row.id, "outcome": row.outcome, "cites": list(row.cites)})
        else:
            row = d.rows[0]
            said = row.answer if row.outcome == "fact" else _OUTCOME_WORDS[row.outcome]
            steps.append({"step": f"{label(table, d.subject)}: {said} — {row.because}",
                          "row": row.id, "outcome": row.outcome, "cites": list(row.cites)})
    if ev.order_row:
        steps.append({"step": f"Whole Order: {ev.order_row.because}", "row": ev.order_row.id,
                      "outcome": "cancelled", "cites": list(ev.order_row.cites)})
    if ev.outcome == "fact":
        steps.append({"step": f"The question asks for a fact: {ev.decisions[0].rows[0].answer}."})
    else:
        steps.append({"step": f"The question asks {asked_about(table, scenario)}: {ev.verdict}."})
    return steps


def asked_about(table: LogicTable, scenario: Scenario) -> str:
    """The question as the last reasoning step restates it: "whether it may declare Dodge",
    "whether it can return to the state", "whether it is revealed"."""
    if scenario.properties:
        subject = table.vocabulary.subjects[scenario.properties[0]]
        return subject.asks or f"about {label(table, subject.id)}"
    named = scenario.enemy or scenario.declares
    asks = table.vocabulary.subjects[named[0]].asks if len(named) == 1 else ""
    if asks and scenario.ask in ("allowed", "plain"):
        return asks
    if scenario.enemy:
        skills = " + ".join(label(table, s) for s in scenario.enemy)
        if scenario.ask == "required":
            return f"whether it must be Discovered before an enemy may declare {skills} against it"
        if scenario.ask == "lost":
            return f"whether the right to declare {skills} is lost"
        if scenario.ask in ("allowed", "plain"):
            return f"whether an enemy may declare {skills} against it"
    if scenario.ask == "allowed" and scenario.declares:
        return f"whether it may declare {' + '.join(label(table, s) for s in scenario.declares)}"
    if scenario.asked == "state" and scenario.ask in ("revealed", "keeps"):
        return "whether the state itself is cancelled" if scenario.ask == "revealed" else "whether it keeps the state itself"
    return {"revealed": "whether it is revealed", "keeps": "whether it keeps its state",
            "allowed": "whether it is allowed", "plain": "the fact itself", "fact": "for a fact",
            "required": "whether a Discover must come first", "lost": "whether it is lost"}[scenario.ask]


def condition_docs() -> dict[str, str]:
    """Name → description of every registered condition (for help and the README)."""
    return {name: c.doc for name, c in CONDITIONS.items()}
