"""Evaluate a reading against the logic table: the deciding rows and their outcome, and the
verdict the verdict table gives for what the question asks of that outcome."""
from __future__ import annotations

from typing import NamedTuple

from rulecheck.checker.logic import LogicTable, Relay, Row
from rulecheck.checker.reading import Action, Reading
from rulecheck.checker.verdicts import load_verdicts, verdict


class Decision(NamedTuple):
    """One subject resolved for one state: the winning row, or the rows it depends between."""

    subject: str
    topic: str
    outcome: str  # a row outcome, or "depends"
    rows: list[Row]


class Evaluation:
    """The engine's result for a reading: the verdict, the state and outcome it rests on, the
    deciding rows, the proposition and polarity the verdict answers, and `would`: the verdict
    the rows would give were it not for the reading's issues (a word not placed…)."""

    # A plain class, not a dataclass: `rulecheck ask` then never imports `dataclasses`.
    __slots__ = ("verdict", "state", "edition", "outcome", "decisions", "order_row", "relays", "proposition",
                 "polarity", "would", "category", "roles", "doubt")

    def __init__(self, verdict: str, state: str | None = None, edition: str | None = None, outcome: str | None = None,
                 decisions: list[Decision] | None = None, order_row: Row | None = None,
                 relays: list[Relay] | None = None, proposition: str = "revealed", polarity: str = "+",
                 would: str | None = None, category: str | None = None) -> None:
        self.verdict = verdict  # yes | no | depends | unknown
        self.state = state
        self.edition = edition
        self.outcome = outcome
        self.decisions = decisions if decisions is not None else []
        self.order_row = order_row
        #: The Team Leader's Skills as the trooper (a non-leader member) performs them.
        self.relays = relays if relays is not None else []
        self.proposition = proposition
        self.polarity = polarity
        self.would = would
        #: A general term asked about ("an Entire Order") whose kinds the rows answer differently.
        self.category = category
        #: "The team declares…", the trooper's role unsaid: each role's outcome (None: not known).
        self.roles: dict[str, str | None] = {}
        #: The doubt model's rating of a confident answer (checker/doubt.py; higher for a likelier
        #: misreading; None: not rated, as for options and scenario files).
        self.doubt: float | None = None

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
            # a general row whose conditions include all of a more specific possible row's is
            # decided by that row wherever it would apply ("Move" with Camouflage keeps the
            # Marker state: the Short Movement rows split on a roll Move never needs)
            possibles += [r for r in maybe if not any({c.name for c in p.conditions} <= {c.name for c in r.conditions}
                                                      for p in possibles)]
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


def _kinds(table: LogicTable, state: str, decision: Decision, topics: tuple[str, ...], context: dict,
           excluded: tuple[str, ...] = ()) -> list[Row]:
    """A general term asked about ("a Short Skill", "an Entire Order"): the rows of the more
    specific subjects under it whose outcome differs from the general one's, when there are
    any. Then the answer depends on which one is declared."""
    if decision.outcome == "depends":
        return []
    subjects = table.vocabulary.subjects
    if not subjects[decision.subject].generic and not subjects[decision.subject].category:
        return []
    out = []
    for sid in subjects:
        if sid == decision.subject or decision.subject not in ancestors(table, sid)[1:] or _set_apart(table, sid, excluded):
            continue  # not a kind of it, or one the question sets apart
        d = resolve(table, state, sid, topics, context)
        if d is not None and d.outcome != decision.outcome and any(r.subject == sid for r in d.rows):
            out += [r for r in d.rows if r.subject == sid]
    return _unshadowed(out)




def _set_apart(table: LogicTable, subject: str, excluded: tuple[str, ...]) -> bool:
    """Whether `subject` is, or is a kind of, a Skill the question sets apart ("an Entire Order
    other than Cautious Movement")."""
    return bool(excluded) and not set(excluded).isdisjoint(ancestors(table, subject))


def _topics(reading_prop: str, role: str) -> tuple[str, ...]:
    if role == "declares":
        return ("may", "declares") if reading_prop == "may" else ("declares", "may")
    if role == "events":
        return ("happens",)
    if role == "enemy":
        # "Is my marker revealed if the enemy fails its Discover?": what the enemy's Skill does
        # to the marker (`happens` rows for that Skill), before whether it may declare it
        return ("happens", "enemy") if reading_prop in ("revealed", "state_ends") else ("enemy",)
    return ("property", "order", "enemy", "may", "declares", "happens")


def asked(reading: Reading, decisions: list[Decision]) -> tuple[str, str]:
    """(proposition, polarity) the verdict answers: the reading's, or for a question that asks
    none ("plain"), what the deciding rows are about."""
    if reading.proposition not in ("plain", "what_happens"):
        return reading.proposition, reading.polarity
    topics = {d.topic for d in decisions}
    if topics & {"property", "order"}:
        return "property", reading.polarity
    if topics & {"enemy", "may"}:
        return "may", reading.polarity
    return "revealed", reading.polarity


def evaluate_state(table: LogicTable, reading: Reading, state: str) -> Evaluation:
    """Evaluate the reading for one state. "The team declares…" with the trooper's role
    unsaid: evaluated as the Team Leader's Order and as the trooper's own; it depends when the
    two answer differently."""
    if reading.by("team"):
        import copy

        results = []
        for who, role in (("leader", "member"), ("self", "leader")):
            r = copy.copy(reading)
            r.actions = [Action(a.subject, who if a.by == "team" else a.by, a.kind, a.position, a.text) for a in reading.actions]
            r.context = dict(reading.context, fireteam=role)
            results.append(evaluate_state(table, r, state))
        if results[0].verdict == results[1].verdict:
            return results[0]
        # the roles answer differently, or the rules here answer for one role only: which
        # one the trooper is decides (never the one known answer, confidently)
        merged = results[0] if results[0].outcome is not None else results[1]
        ev = Evaluation("depends", state, merged.edition, "depends",
                        results[0].decisions + results[1].decisions, merged.order_row, merged.relays,
                        merged.proposition, merged.polarity)
        ev.roles = {"member": results[0].outcome, "leader": results[1].outcome}
        return ev
    return _evaluate_state(table, reading, state)


def _evaluate_state(table: LogicTable, reading: Reading, state: str) -> Evaluation:
    """Evaluate the reading for one state (the trooper's role settled)."""
    ctx = dict(reading.context)
    info = table.states[state]
    decisions: list[Decision] = []
    order_row = None
    relays: list[Relay] = []
    prop = reading.proposition
    category_rows: list[Row] = []
    kinds_of: list[tuple[Decision, list[Row]]] = []  # each decision with the rows of its general term's kinds
    enemy = reading.by("enemy")
    declares = reading.by("self", "skill")
    events = reading.by("self", "event") + reading.by("enemy", "event")
    if reading.properties:
        topics = _topics(prop, "property")
        for s in reading.properties[:1]:
            d = resolve(table, state, s, topics, ctx)
            if reading.numbers and (d is None or d.outcome != "fact"):
                # "¿Es cierto que el Marcador siempre tiene Silueta 2?": a number asked is judged
                # by the fact row that states one, never dropped for the yes of a row without it
                d = _number_check(table, state, s, reading.numbers, ctx) or d
            if d:
                decisions.append(d)
    elif prop == "property" and events:
        # "Is the camo marker affected by the Template too?": whether the event befalls it
        for s in events:
            d = resolve(table, state, s, ("property", "happens"), ctx)
            if d is None:
                return Evaluation("unknown", state, info.edition)
            decisions.append(d)
    elif enemy and not declares and not reading.by("leader"):
        if any(a.kind == "event" for a in reading.actions if a.by == "enemy"):
            ctx.setdefault("acted_by", "enemy")
        topics = _topics(prop, "enemy")
        outside = False
        for s in reading.by("enemy", "skill"):
            d = resolve(table, state, s, topics, ctx)
            if d is None:
                return Evaluation("unknown", state, info.edition)
            decisions.append(d)
            category_rows += _kinds(table, state, d, topics, ctx, reading.excluded)
        for s in reading.by("enemy", "event"):
            # "Can an enemy move into base contact with my marker?": whether it may, first
            d = resolve(table, state, s, ("enemy", "happens") if prop == "may" else ("happens",), ctx)
            if d is None:
                outside = True
                continue
            decisions.append(d)
        for s in reading.by("self", "event"):
            # "an enemy walks past; my HD trooper makes its Infiltration roll": what befalls the
            # trooper counts too, not only what the enemy declares
            d = resolve(table, state, s, _topics(prop, "events"), ctx)
            if d is None:
                outside = True
                continue
            decisions.append(d)
        if outside and not _sure_cancellation(prop, decisions, ctx):
            return Evaluation("unknown", state, info.edition)
    else:
        leader = reading.by("leader")
        relays_or_none = [table.fireteam.get((state, s)) for s in leader]
        members = {r.member for r in relays_or_none if r}
        # "the team goes Move + BS Attack and he just supports": the Support the member performs
        # is said beside the leader's Skills, not declared by the leader
        relays_or_none = [r for s, r in zip(leader, relays_or_none) if r or s not in members]
        if None in relays_or_none:
            return Evaluation("unknown", state, info.edition)  # what the member performs is not in the logic
        relays = [r for r in relays_or_none if r]
        if relays:
            ctx["fireteam"] = "member"
        if reading.by("ally"):
            return Evaluation("unknown", state, info.edition)  # an ally's Skills: no row speaks of them
        performed = list(dict.fromkeys(list(declares) + [r.member for r in relays]))
        outside = False
        for role, subjects in (("declares", performed), ("events", events)):
            topics = _topics(prop, role)
            for s in subjects:
                if role == "declares" and prop == "may" and _may_elsewhere(table, state, s):
                    # "may a HoloMask trooper use Surprise Attack?": the Skill's own rows say where
                    # it may be used, and they name other states only
                    return Evaluation("unknown", state, info.edition)
                d = _barred(table, state, s, ctx) if role == "declares" else None
                d = d or resolve(table, state, s, topics, ctx) or _by_kinds(table, state, s, topics, ctx, reading.excluded)
                if d is None:
                    outside = True  # part of the Order or scene is outside the logic
                    continue
                decisions.append(d)
                kinds_of.append((d, _kinds(table, state, d, topics, ctx, reading.excluded)))
                category_rows += kinds_of[-1][1]
        if prop in ("revealed", "state_ends"):
            # "his marker moved and I declared Discover: if I pass, is it revealed?": an enemy's
            # Skill whose rows surely end the state decides beside what the trooper declares
            # (one that only may, a delayed ARO or a Dodge of the enemy's, is left to the rows
            # of the trooper's own Skills, as before)
            ends = [d for d in (resolve(table, state, s, _topics(prop, "enemy"), ctx) for s in reading.by("enemy", "skill"))
                    if d is not None and _surely_cancels(d, ctx)]
            decisions += ends[:1]
        if outside and not _sure_cancellation(prop, decisions, ctx):
            return Evaluation("unknown", state, info.edition)
    if not decisions:
        return Evaluation("unknown", state, info.edition)
    outcomes = [d.outcome for d in decisions]
    # a Skill sure to cancel the state decides, whatever general term beside it the answer
    # depends on ("BS Attack and then another Short Skill": which Short Skill does not matter)
    subs = table.vocabulary.subjects
    sure = prop in ("revealed", "state_ends") and any(_surely_cancels(d, ctx) for d in decisions) and all(
        subs[d.subject].category for d in decisions if d.outcome == "depends")
    if "depends" in outcomes and not sure:
        outcome = "depends"
    elif "forbidden" in outcomes and not enemy:
        outcome = "forbidden"  # a Skill it may not declare here: the Order is not possible at all
    elif "cancelled" in outcomes:
        outcome = "cancelled"
        if _revealed_late(declares, decisions):
            order = [r for r in table.rows_for(state, "whole_order") if r.topic == "order"]
            order_row = order[0] if order else None
    elif "forbidden" in outcomes:
        outcome = "forbidden"
    else:
        outcome = outcomes[0]
    category = None
    proposition, polarity = asked(reading, decisions)
    cells = table.verdicts or load_verdicts()
    if category_rows and outcome != "depends" and len(decisions) == 1:
        # "Is it revealed if it declares an Entire Order?": Cautious Movement is one that keeps
        # it. Kinds whose outcome gives the same answer ("is Hidden Deployment cancelled?" is yes
        # whether the Marker state is kept or not) change nothing.
        here = verdict(cells, proposition, polarity, outcome)
        differ = [r for r in category_rows if verdict(cells, proposition, polarity, r.outcome) != here]
        if differ:
            d = decisions[0]
            decisions = [Decision(d.subject, d.topic, "depends", d.rows + differ)]
            category, outcome = d.subject, "depends"
    elif category_rows and outcome == "cancelled" and len(decisions) > 1:
        # "Move and then another Short Skill": the one general term is all that cancels, and
        # its kinds do not all cancel (a Move keeps it): which Skill it is decides
        cancelling = [d for d in decisions if d.outcome == "cancelled"]
        d = cancelling[0]
        differ = [r for x, kinds in kinds_of if x is d for r in kinds if r.outcome != "cancelled"]
        if len(cancelling) == 1 and differ and all(x.outcome == "keeps" for x in decisions if x is not d):
            decisions = [x if x is not d else Decision(d.subject, d.topic, "depends", d.rows + differ) for x in decisions]
            category, outcome = d.subject, "depends"
    result = verdict(cells, proposition, polarity, outcome)
    if result == "depends" and category is None:
        # rows that differ in outcome but not in answer ("is Hidden Deployment cancelled?" is yes
        # whether or not the trooper keeps a Marker state): the answer does not depend
        answers = {verdict(cells, proposition, polarity, r.outcome) for d in decisions for r in d.rows}
        if len(answers) == 1 and "unknown" not in answers:
            result = answers.pop()
            outcome = "either"  # the sentence says the answer holds in each case
        elif reading.possible and "yes" in answers:
            # "Can Sensor reveal an HD trooper?": it can, in the cases where the rows say it is
            result, outcome = "yes", "possible"
    would = None
    if reading.issues or reading.unplaced:
        would, result = result, "unknown"
    return Evaluation(result, state, info.edition, outcome, decisions, order_row, relays, proposition, polarity,
                      would, category)


def _surely_cancels(d: Decision, ctx: dict) -> bool:
    """Whether the decision cancels the state by rows whose every condition holds."""
    return d.outcome == "cancelled" and bool(d.rows) and all(r.test(ctx) is True for r in d.rows)


def _sure_cancellation(prop: str, decisions: list[Decision], ctx: dict) -> bool:
    """Whether, asked if the state ends (or the trooper is revealed), the rows are sure one of
    the things named cancels it and none of the others says otherwise: then what no row covers
    does not matter ("hit by a Riotstopper and has to make a Saving Roll": the Saving Roll)."""
    if prop not in ("revealed", "state_ends") or not decisions:
        return False
    sure = [d for d in decisions if _surely_cancels(d, ctx)]
    return bool(sure) and all(d.outcome in ("cancelled", "keeps") for d in decisions) and \
        all(d in sure for d in decisions if d.outcome == "cancelled")


def _by_kinds(table: LogicTable, state: str, subject: str, topics: tuple[str, ...], context: dict,
              excluded: tuple[str, ...] = ()) -> Decision | None:
    """A general term no row speaks of ("a Short Skill" for HoloMask): when the kinds of it
    that rows do speak of answer differently, it depends on which one is declared."""
    if not table.vocabulary.subjects[subject].category and not table.vocabulary.subjects[subject].generic:
        return None
    rows, outcomes = [], set()
    for sid in table.vocabulary.subjects:
        if sid != subject and subject in ancestors(table, sid)[1:] and not _set_apart(table, sid, excluded):
            d = resolve(table, state, sid, topics, context)
            if d is not None and d.rows[0].subject == sid:
                rows += d.rows
                outcomes.add(d.outcome)
    if len(outcomes) > 1:
        return Decision(subject, topics[0], "depends", _unshadowed(rows))
    return None


def _number_check(table: LogicTable, state: str, subject: str, numbers: tuple[str, ...], context: dict) -> Decision | None:
    """"Is the Discover MOD -6?": the fact row's answer holds the question's numbers (yes) or
    other ones (no)."""
    import re

    d = resolve(table, state, subject, ("fact",), context)
    if d is None or d.outcome != "fact":
        return None
    row = d.rows[0]
    stated = set(re.findall(r"\d+", row.answer))
    # a number only in the answer's parenthesis is an exception's ("the Silhouette of the
    # trooper it represents (S2 for a weapon or piece of Equipment)"): "Silhouette 2?" depends
    main = set(re.findall(r"\d+", re.sub(r"\([^)]*\)", "", row.answer)))
    asked = set(numbers)
    if not stated:
        return None  # the fact states no number ("which way it faces"): the number is the scene's
    if asked <= main:
        return Decision(subject, "fact", "yes", [row])
    if asked <= stated or not main:
        # in the exception only, or the main value is the trooper's own ("its Silhouette"): depends
        return Decision(subject, "fact", "depends", [row])
    return Decision(subject, "fact", "no", [row])


def _may_elsewhere(table: LogicTable, state: str, subject: str) -> bool:
    """Whether `may` rows speak of `subject` itself for some state but not for this one."""
    here = any(r.topic == "may" for r in table.rows_for(state, subject))
    return not here and any(r.topic == "may" and r.subject == subject for r in table.rows)


def _barred(table: LogicTable, state: str, subject: str, context: dict) -> Decision | None:
    """A `may` row that definitely forbids declaring `subject` in this context (Surprise Shot
    in the Reactive Turn): that decides before whether the Skill would reveal the trooper."""
    d = resolve(table, state, subject, ("may",), context)
    if d is not None and d.outcome == "forbidden" and all(r.test(context) is True for r in d.rows):
        return d
    return None


def evaluate_fact(table: LogicTable, reading: Reading) -> Evaluation:
    """A what/where question: the `fact` row of the first state that has one for a subject
    asked about ("What MOD…?" → -6), else `unknown`. The verdict stays `unknown` (there is no
    yes or no); the Evaluation's outcome is `fact` and its decision holds the row."""
    subjects = list(reading.properties) + [a.subject for a in reading.actions]
    for state in reading.states:
        for subject in subjects:
            d = resolve(table, state, subject, ("fact",), reading.context)
            if d is not None and d.outcome == "fact":
                return Evaluation("unknown", state, table.states[state].edition, "fact", [d], proposition="fact")
    return Evaluation("unknown", reading.states[0] if reading.states else None, proposition="fact")


def _revealed_late(declares: tuple[str, ...], decisions: list[Decision]) -> bool:
    """Whether a declared Skill that keeps the state comes before one that cancels it: only then
    does the whole-Order rule decide (the first Skill is revealed too)."""
    declared = [d.outcome for d in decisions if d.subject in declares]
    first_cancel = declared.index("cancelled") if "cancelled" in declared else -1
    return first_cancel > 0 and any(o in ("keeps", "marker") for o in declared[:first_cancel])


def evaluate(table: LogicTable, reading: Reading) -> Evaluation:
    """Evaluate for each state the reading names; states the logic has nothing on are skipped.

    An open question ("how far…?", "what MOD…?") has no yes or no: `unknown`, whatever the table says.
    """
    if reading.other_states or not reading.states:
        return Evaluation("unknown", reading.states[0] if reading.states else None)
    if reading.proposition == "fact":
        return evaluate_fact(table, reading)
    results = [evaluate_state(table, reading, s) for s in reading.states]
    known = [r for r in results if r.outcome is not None]
    if not known:
        return results[0]
    if len(known) < len(results) and not reading.properties:
        # a state named that the logic cannot answer for: part of the question is outside it
        # (a property is answered by the states whose rows speak of it)
        return next(r for r in results if r.outcome is None)
    if len({(r.verdict, r.would) for r in known}) == 1:
        return known[0]
    first = known[0]
    return Evaluation("depends" if first.verdict != "unknown" else "unknown", first.state, first.edition, "depends",
                      [d for r in known for d in r.decisions], first.order_row, first.relays, first.proposition,
                      first.polarity, "depends" if first.verdict == "unknown" else None)


def label(table: LogicTable, subject: str) -> str:
    """How answers name a subject: its first alias ("Dodge"), or its id in words."""
    s = table.vocabulary.subjects.get(subject)
    if s and s.phrases and (s.kind != "property" or s.phrases[0][:1].isupper()):
        return s.phrases[0]  # a glossary term's name comes first, as the rules write it
    return subject.replace("_", " ")
