"""Answers: the verdict, one sentence, the reasoning and the citations, as JSON data
(`Answer.to_dict()`, the `rulecheck ask --json` contract) and as text for people."""
from __future__ import annotations

import sqlite3

from rulecheck.checker.engine import Evaluation, evaluate, label
from rulecheck.checker.errors import EmptyQuestion
from rulecheck.checker.logic import LogicTable, load_logic
from rulecheck.checker.question import read_question
from rulecheck.checker.scenario import Scenario
from rulecheck.kb.read import faqs_by_id, rules_by_id, search

_CONDITION_WORDS = {"keeps": "it keeps the state", "cancelled": "it is revealed", "marker": "it keeps its Marker state",
                    "allowed": "it is allowed", "forbidden": "it is not allowed", "yes": "yes", "no": "no",
                    "open": "it is Open Information", "private": "it is Private Information"}


class Answer:
    """A checked answer. `to_dict()` is the JSON contract; `to_text()` prints the same data."""

    # A plain class, not a dataclass: `rulecheck ask` then never imports `dataclasses` nor
    # builds the generated methods at start-up (see benchmarks/ask_bench.py).
    __slots__ = ("question", "verdict", "answer", "edition", "scenario", "trace", "citations", "state", "notes",
                 "page", "fact")

    def __init__(self, question: str | None, verdict: str, answer: str, edition: str | None, scenario: dict,
                 trace: list[dict], citations: list[dict], state: str | None = None,
                 notes: list[str] | None = None, page: str | None = None, fact: str | None = None) -> None:
        self.question = question
        self.verdict = verdict
        self.answer = answer
        self.edition = edition
        self.scenario = scenario
        self.trace = trace
        self.citations = citations
        self.state = state
        self.notes = notes if notes is not None else []
        #: The title of the page the state was decided from.
        self.page = page
        #: The plain answer to a what/where question ("-6"), when a row gives one; the verdict is
        #: then "unknown" (the contract's verdicts are for yes/no questions).
        self.fact = fact

    def __repr__(self) -> str:
        return f"Answer({self.question!r}, {self.verdict!r}, {self.answer!r})"

    def to_dict(self) -> dict:
        """`{question, verdict, answer, edition, scenario, trace, citations, state, page, reasoning, notes, fact}`."""
        return {"question": self.question, "verdict": self.verdict, "answer": self.answer, "edition": self.edition,
                "scenario": self.scenario, "trace": self.trace, "citations": self.citations, "state": self.state,
                "page": self.page, "reasoning": [step["step"] for step in self.trace], "notes": self.notes,
                "fact": self.fact}

    def to_text(self) -> str:
        """Verdict first, the answer, numbered reasoning, then each citation quoted with its place."""
        head = f"Answer: {self.fact}" if self.fact else f"Verdict: {self.verdict.upper()}"
        lines = [head, self.answer]
        if self.state:
            lines.append(f"Edition: {self.edition} ({self.page})")
        lines += [f"Note: {n}" for n in self.notes]
        if self.trace:
            lines += ["", "Reasoning:"] + [f"  {i}. {step['step']}" for i, step in enumerate(self.trace, 1)]
        if self.citations:
            decided = self.verdict != "unknown" or self.fact
            lines += ["", "Citations:" if decided else "Nearest passages:"]
            for i, c in enumerate(self.citations, 1):
                if c["kind"] == "rule":
                    where = f"{c['page']}, {c['section']}"
                else:
                    label = c.get("title") or c["kind"].upper()
                    where = f"{c['page'] or '—'}, {label}{' ' + c['version'] if c.get('version') else ''}"
                lines.append(f"  [{i}] {where} ({c['id']})")
                for para in c["text"].splitlines():
                    lines += _wrap(para, 96, "      ")
        return "\n".join(lines)


def _wrap(text: str, width: int, indent: str) -> list[str]:
    """Greedy word wrap of one paragraph, every line indented (`[indent]` for an empty one).

    Not `textwrap`: importing it costs about half a millisecond of every cold `rulecheck ask`,
    and quoting a bullet needs only this.
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(indent) + len(line) + 1 + len(word) > width:
            lines.append(indent + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line or not lines:
        lines.append(indent + line if line else "")
    return lines


def answer_question(conn: sqlite3.Connection, question: str, *, edition: str | None = None,
                    table: LogicTable | None = None) -> Answer:
    """Answer a natural-language question (English or Spanish) from the logic, citing the base."""
    if not question or not question.strip():
        raise EmptyQuestion()
    table = table or load_logic()
    scenario = read_question(table, question, edition=edition)
    return answer_scenario(conn, scenario, question=question, table=table)


def answer_scenario(conn: sqlite3.Connection, scenario: Scenario, *, question: str | None = None,
                    table: LogicTable | None = None) -> Answer:
    """Answer a scenario (from a question, options or a file) with its citations."""
    table = table or load_logic()
    ev = evaluate(table, scenario) if scenario.states else Evaluation("unknown")
    notes = []
    if ev.verdict == "unknown" and ev.outcome != "fact":
        text = question or " ".join(scenario.declares + scenario.events + scenario.enemy + scenario.properties)
        hits = search(conn, text, limit=5)
        citations = [{"kind": h["kind"], "id": h["id"], "page": h["page"], "section": h["section"],
                      "text": h["text"], "version": h["version"], "deciding": False} for h in hits]
        if scenario.other_states:
            names = " and ".join(scenario.other_states)
            verb = "is not one" if len(scenario.other_states) == 1 else "are not"
            sentence = (f"{names} {verb} of the states the checker covers ({', '.join(table.vocabulary.labels())}), so there is "
                        "no checked answer; the nearest passages follow.")
        elif not scenario.states:  # "What is the best army?": off topic, whatever its form
            sentence = ("The question is outside the rules the checker covers: it names none of its states "
                        f"({', '.join(table.vocabulary.labels())}), so there is no checked answer; the nearest passages follow.")
        elif scenario.ask == "fact":
            sentence = ("The question asks for a fact (how, what, which…), not for a yes or no, and the checker's logic "
                        "holds no such fact, so there is no checked answer; the nearest passages follow.")
        else:
            sentence = ("The checker's logic does not cover this question, so there is no checked answer; "
                        "the nearest passages follow.")
        return Answer(question, "unknown", sentence, scenario.edition or None, scenario.to_dict(), [], citations)
    page = table.states[ev.state].page
    notes += list(scenario.readings)
    if scenario.edition and scenario.edition != ev.edition:
        notes.append(f"There is no {scenario.edition} text for this state here; the {ev.edition} page {page} was used.")
    # a fact answers no yes/no question: its sources are quoted first, but decide no verdict
    deciding = _deciding_ids(ev) if ev.outcome != "fact" else set()
    citations = _citations(conn, ev.cites, deciding)
    trace = list(ev.trace)
    page_edition = {st.page: st.edition for st in table.states.values()}  # to flag an N3-era FAQ in an N4 answer
    for c in citations:
        era = page_edition.get(c["page"] or "")
        if c["kind"] != "rule" and era and ev.edition and era != ev.edition:
            note = (f"FAQ {c['id']} ({c.get('version') or 'no version'}) is from the {era}-era FAQ on the {c['page']} page; "
                    f"there is no {ev.edition} FAQ on this.")
            notes.append(note)
            trace.insert(len(trace) - 1, {"step": note, "cites": [c["id"]]})
    fact = ev.decisions[0].rows[0].answer if ev.outcome == "fact" else None
    return Answer(question, ev.verdict, _sentence(table, scenario, ev), ev.edition, scenario.to_dict(), trace, citations,
                  ev.state, notes, page, fact)


def _deciding_ids(ev: Evaluation) -> set[str]:
    ids = set()
    if ev.order_row:
        ids.add(ev.order_row.cites[0])
    for d in ev.decisions:
        if d.outcome == ev.outcome or ev.outcome == "depends":
            ids.update(r.cites[0] for r in d.rows)
    return ids


def _sentence(table: LogicTable, scenario: Scenario, ev: Evaluation) -> str:
    if ev.outcome == "fact":
        row = ev.decisions[0].rows[0]
        return f"{row.answer[0].upper()}{row.answer[1:]} — {row.because[0].lower()}{row.because[1:]}"
    if ev.verdict == "depends":
        parts = []
        for d in ev.decisions:
            for row in d.rows:
                when = " and ".join(c.doc for c in row.conditions) or "otherwise"
                parts.append(f"{_CONDITION_WORDS[row.outcome]} when {when}")
        return "It depends: " + "; ".join(dict.fromkeys(parts)) + "."
    decisive = next((d for d in ev.decisions if d.outcome == ev.outcome), ev.decisions[0])
    because = decisive.rows[0].because.rstrip(".")
    if scenario.ask == "allowed" and scenario.declares and ev.outcome in ("cancelled", "marker", "keeps"):
        # "Can it Dodge?": it may; the answer says what declaring it costs
        skill = label(table, decisive.subject)
        if ev.outcome == "cancelled":
            return f"Yes — it may, but declaring {skill} {table.states[ev.state].cost}."
        if ev.outcome == "marker":
            return f"Yes — it may; declaring {skill} ends Hidden Deployment, but the trooper keeps its Marker state."
        return f"Yes — it may, and declaring {skill} keeps the {table.vocabulary.label(ev.state)} state: {because[0].lower()}{because[1:]}."
    if ev.outcome == "forbidden" and scenario.declares and not scenario.enemy:
        # "Is it revealed if it declares Surprise Shot in its Reactive Turn?": it cannot declare it at all
        skill = label(table, decisive.subject)
        return f"No — it may not declare {skill} here: {because[0].lower()}{because[1:]}."
    if ev.outcome == "marker" and scenario.ask in ("revealed", "keeps"):
        # two questions in one: the state itself ends, the trooper stays hidden as a Marker
        name = table.vocabulary.label(ev.state)
        lead = (f"{name} is cancelled, but the trooper keeps its Marker state" if scenario.asked == "state"
                else f"the trooper is not revealed as a model: it keeps its Marker state, though {name} itself ends")
        return f"{ev.verdict.capitalize()} — {lead}. {because}."
    if ev.order_row:
        order = ev.order_row.because
        because = _join_clauses(because, order[0].lower() + order[1:].rstrip("."))
    return f"{ev.verdict.capitalize()} — {because}."


def _join_clauses(first: str, more: str) -> str:
    """`first; more`, leaving out each clause of `more` that says again what a clause already
    does ("the imitated model is replaced by the real one at the end of the Order" and "the
    real model replaces the imitated one at the end of the Order"): the same words, give or take
    their endings."""
    clauses = first.split("; ")
    keys = [_clause_key(c) for c in clauses]
    for clause in more.split("; "):
        key = _clause_key(clause)
        if any(key == k or (len(key) >= 3 and key <= k) for k in keys):
            continue
        clauses.append(clause)
        keys.append(key)
    return "; ".join(clauses)


def _clause_key(clause: str) -> frozenset:
    """A clause's longer words, cut to their first five letters (replaced / replaces)."""
    return frozenset(w[:5] for w in clause.lower().replace(",", " ").split() if len(w) >= 4)


def _citations(conn: sqlite3.Connection, ids: list[str], deciding: set[str]) -> list[dict]:
    """The cited rows, looked up in both tables (an id's shape says nothing of its kind)."""
    rules = rules_by_id(conn, ids)
    faqs = faqs_by_id(conn, [i for i in ids if i not in rules])
    out = []
    for cid in ids:
        if cid in rules:
            r = rules[cid]
            out.append({"kind": "rule", "id": cid, "page": r["page"], "section": r.get("section_label") or r["section"],
                        "text": r["text"], "version": r.get("errata_version"), "deciding": cid in deciding})
        elif cid in faqs:
            f = faqs[cid]
            out.append({"kind": f["kind"], "id": cid, "page": f["pages"][0] if f["pages"] else None,
                        "section": f.get("title"), "title": f.get("title"),
                        "text": f"{f['question']}\n{f['answer']}", "version": f.get("version"),
                        "deciding": cid in deciding})
    return out
