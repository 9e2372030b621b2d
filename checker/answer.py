"""Answers: the verdict, one sentence, the reading, the reasoning and the citations, as JSON
data (`Answer.to_dict()`, the `rulecheck ask --json` contract) and as text for people, in the
question's language (the wording is data: `data/wording/<lang>.toml`)."""
from __future__ import annotations

import re

import sqlite3

from rulecheck.checker.engine import Evaluation, ancestors, evaluate, label
from rulecheck.checker.errors import EmptyQuestion, QuestionTooLong
from rulecheck.checker.logic import CONDITIONS, PREREQUISITE_AXES, LogicTable, Row, load_logic
from rulecheck.checker.reading import Reading
from rulecheck.checker.verdicts import load_verdicts, verdict
from rulecheck.kb.read import faqs_by_id, lead_ins, rules_by_id, search

#: The longest question read, in characters: a forum post with its whole scene is well under it,
#: and reading time grows faster than a question's length (a cap keeps the web server responsive).
MAX_QUESTION = 2000


class Answer:
    """A checked answer. `to_dict()` is the JSON contract; `to_text()` prints the same data."""

    # A plain class, not a dataclass: `rulecheck ask` then never imports `dataclasses`.
    __slots__ = ("question", "verdict", "answer", "edition", "scenario", "trace", "citations", "state", "notes",
                 "page", "fact", "reading", "lang", "heads", "doubt")

    def __init__(self, question: str | None, verdict: str, answer: str, edition: str | None, scenario: dict,
                 trace: list[dict], citations: list[dict], state: str | None = None,
                 notes: list[str] | None = None, page: str | None = None, fact: str | None = None,
                 reading: dict | None = None, lang: str = "en", heads: dict | None = None,
                 doubt: dict | None = None) -> None:
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
        #: What the question was read as (see checker.reading): the `reading` object of --json.
        self.reading = reading if reading is not None else {}
        self.lang = lang
        #: The text output's headings, in the answer's language.
        self.heads = heads if heads is not None else {}
        #: The doubt model's rating of the rows' yes/no (checker/doubt.py): `score` (0–1, higher for
        #: a likelier misreading), `threshold` (from which the answer is not given) and `rows_verdict`
        #: (what the rows answer); None when no yes/no was rated.
        self.doubt = doubt

    @property
    def rows_verdict(self) -> str:
        """The verdict before the doubt model held it back (the verdict itself when it did not):
        what the reading and the rows answer, which the question-set tests check."""
        return self.doubt["rows_verdict"] if self.doubt else self.verdict

    def __repr__(self) -> str:
        return f"Answer({self.question!r}, {self.verdict!r}, {self.answer!r})"

    def to_dict(self) -> dict:
        """`{question, verdict, answer, edition, scenario, trace, citations, state, page, reasoning, notes, fact, reading,
        doubt}`."""
        return {"question": self.question, "verdict": self.verdict, "answer": self.answer, "edition": self.edition,
                "scenario": self.scenario, "trace": self.trace, "citations": self.citations, "state": self.state,
                "page": self.page, "reasoning": [step["step"] for step in self.trace], "notes": self.notes,
                "fact": self.fact, "reading": self.reading, "doubt": self.doubt}

    def to_text(self) -> str:
        """Verdict first, the answer, what it was read as, numbered reasoning, then each citation quoted."""
        h = self.heads
        head = h["answer_head"].format(fact=self.fact) if self.fact else \
            h["verdict_head"].format(verdict=h.get(f"head_{self.verdict}", self.verdict.upper()))
        lines = [head, self.answer]
        if self.reading.get("summary"):
            lines.append(self.reading["summary"])
        if self.reading.get("unplaced"):
            lines.append(h["unplaced"].format(words=", ".join(f"“{w}”" for w in self.reading["unplaced"])))
        if self.state:
            lines.append(h["edition_head"].format(edition=self.edition, page=self.page))
        lines += [h["note"].format(note=n) for n in self.notes]
        if self.trace:
            lines += ["", h["reasoning"]] + [f"  {i}. {step['step']}" for i, step in enumerate(self.trace, 1)]
        if self.citations:
            decided = any(c.get("deciding") for c in self.citations) or self.fact
            would = not decided and any(c.get("would_decide") for c in self.citations)
            lines += ["", h["citations"] if decided else h["would_cited"] if would else h["nearest"]]
            for i, c in enumerate(self.citations, 1):
                if (decided or would) and c.get("nearest") and i > 1 and not self.citations[i - 2].get("nearest"):
                    lines += ["", h["related"] if decided else h["nearest"]]
                if c["kind"] == "rule":
                    where = f"{c['page']}, {c['section']}"
                else:
                    title = c.get("title") or c["kind"].upper()
                    where = f"{c['page'] or '—'}, {title}{' ' + c['version'] if c.get('version') else ''}"
                lines.append(f"  [{i}] {where} ({c['id']})")
                if c.get("lead_in"):
                    lines += _wrap(c["lead_in"] + " …", 96, "      ")
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
                    table: LogicTable | None = None, context: dict | None = None, ask: str | None = None,
                    leave_out: str | None = None) -> Answer:
    """Answer a natural-language question (English or Spanish) from the logic, citing the base.
    `context` (axis → value, None for not given) and `ask` win over what the question says, as
    `rulecheck ask --turn/--context/--ask` beside a question do; `BadScenario` on a bad value.
    `leave_out` (measuring a question set the labelled examples hold, as
    benchmarks/questions_eval.py does): that set's examples are left out of the examples' vote
    and passages, as a fresh question would find neither."""
    from rulecheck.checker.interpret import read_question

    if not question or not question.strip():
        raise EmptyQuestion()
    if len(question) > MAX_QUESTION:
        raise QuestionTooLong(len(question), MAX_QUESTION)
    table = table or load_logic()
    reading = read_question(table, question, edition=edition)
    stated = any(v is not None for v in (context or {}).values()) or ask is not None
    if stated:
        from rulecheck.checker.scenario import override

        reading = override(reading, context=context, ask=ask)
    # what the user stated beside the question is not a reading to doubt, and the doubt model
    # knows only readings made from words alone
    return answer_reading(conn, reading, question=question, table=table, doubt=not stated, leave_out=leave_out)


def answer_reading(conn: sqlite3.Connection, reading: Reading, *, question: str | None = None,
                   table: LogicTable | None = None, doubt: bool = True, leave_out: str | None = None) -> Answer:
    """Answer a reading (from a question, options or a scenario file) with its citations.
    `doubt`: whether the doubt model may hold back a reading of `question` (never without one);
    `leave_out`: as for `answer_question`."""
    table = table or load_logic()
    w = Words(table, reading.lang)
    ev = decide(conn, table, reading, question, doubt=doubt, w=w, leave_out=leave_out)
    summary = w.summary(reading)
    reading_dict = dict(reading.to_dict(), summary=summary)
    scenario = scenario_dict(reading)
    if ev.outcome is None or (ev.verdict == "unknown" and ev.outcome != "fact" and ev.would is None):
        return _unanswered(conn, table, w, reading, ev, question, scenario, reading_dict, leave_out)
    page = table.states[ev.state].page
    notes = list(reading.notes)
    if reading.edition and reading.edition != ev.edition:
        notes.append(w.text("edition_note", edition=reading.edition, used=ev.edition, page=page))
    deciding = _deciding_ids(ev) if ev.outcome != "fact" and ev.would is None else set()
    citations = _citations(conn, ev.cites, deciding)
    text = question or " ".join(a.subject for a in reading.actions)
    if ev.would is not None:
        # no checked answer: the passages the rows would decide by, marked so, before the nearest
        would = _deciding_ids(ev)
        for c in citations:
            if c["id"] in would:
                c["would_decide"] = True
        citations += _example_passages(conn, table, reading, question, {c["id"] for c in citations}, leave_out)
        hits = _nearest(conn, table, reading, text)
        have = {c["id"] for c in citations}
        citations += [_hit(h) for h in hits if h["id"] not in have]
    elif len(citations) < RELATED and text:
        have = {c["id"] for c in citations}
        citations += [_hit(h) for h in _page_neighbours(conn, table, reading, ev.state, page, text, have)
                      ][:RELATED - len(citations)]
    trace = w.trace(reading, ev)
    page_edition = {st.page: st.edition for st in table.states.values()}  # to flag an N3-era FAQ in an N4 answer
    for c in citations:
        era = page_edition.get(c["page"] or "")
        if c["kind"] != "rule" and era and ev.edition and era != ev.edition and (c["deciding"] or c.get("would_decide")):
            note = w.text("era_note", faq=_faq_question(c["text"]), version=c.get("version") or "—", era=era,
                          page=c["page"], edition=ev.edition)
            notes.append(note)
            trace.insert(len(trace) - 1, {"step": note, "cites": [c["id"]]})
    fact = w.fact(ev.decisions[0].rows[0]) if ev.outcome == "fact" else None
    citations = _with_lead_ins(conn, citations)
    rated = None if ev.doubt is None else {"score": ev.doubt, "threshold": table.doubt[0],
                                           "rows_verdict": ev.would if ev.verdict == "unknown" else ev.verdict}
    return Answer(question, ev.verdict, w.sentence(reading, ev), ev.edition, scenario, trace, citations, ev.state, notes,
                  page, fact, reading_dict, reading.lang, w.heads(), rated)


def decide(conn: sqlite3.Connection, table: LogicTable, reading: Reading, question: str | None, *,
           doubt: bool = True, w: "Words | None" = None, leave_out: str | None = None) -> Evaluation:
    """The evaluation an answer states: the rows' verdict, then what keeps it from being given
    (a word no rule uses, a prerequisite no row tests, a reading the doubt model distrusts).
    `doubt=False`: without the doubt model (scripts/train_doubt.py trains it on these);
    `leave_out`: as for `answer_question`."""
    w = w or Words(table, reading.lang)
    ev = evaluate(table, reading)
    if ev.would is not None and ev.would != "unknown" and reading.unplaced and not reading.issues:
        _placed_by_passages(conn, w, reading, ev)
    _untested_prerequisites(w, reading, ev)
    if doubt and question is not None and not _a_deciding_faq_asked(conn, ev, question):
        _doubted(table, w, reading, ev, question, leave_out)
    return ev


def _a_deciding_faq_asked(conn: sqlite3.Connection, ev: Evaluation, question: str) -> bool:
    """Whether the question is, word for word (case, accents, punctuation, a "Q:" label or an
    "[Errata]" tag aside), the question of a FAQ that decides it: the FAQ answers that very
    question, so the reading is not in doubt ("Can I declare an Intuitive Attack against a troop
    that is neither Camouflaged nor inside a Zero Visibility Zone?")."""
    if ev.verdict not in ("yes", "no"):
        return False
    faqs = [c for c in _deciding_passages(conn, ev) if c["kind"] != "rule"]
    if not faqs:
        return False
    from rulecheck.checker.words import fold

    def plain(text: str) -> str:
        text = re.sub(r"^\s*(\[[^\]]*\]\s*)?([QA]\s*:\s*)?", "", text)
        return " ".join(re.findall(r"\w+", fold(text)))
    asked = plain(question)
    return any(plain(c["text"].split("\n", 1)[0]) == asked for c in faqs)


def _faq_question(text: str, limit: int = 80) -> str:
    """A FAQ's question, as a player reads it in a note (its id means nothing to them): the
    citation's first line (`_citations` writes the question, a line break, then the answer),
    shortened at a word to about `limit` characters."""
    question = text.split("\n", 1)[0].strip()
    if len(question) <= limit:
        return question
    return question[:limit].rsplit(" ", 1)[0] + "…"


def _untested_prerequisites(w: "Words", reading: Reading, ev: Evaluation) -> None:
    """"Can an enemy Discover a marker outside his LoF?": whether a Skill may be declared, with
    a LoF or Zone of Control the question states and no deciding row tests, is not what those
    rows answer (the general rules may forbid it): the answer is unknown, saying so."""
    if ev.verdict not in ("yes", "no") or ev.proposition != "may" or not ev.decisions or reading.properties \
            or not any(a.kind == "skill" for a in reading.actions):
        return
    tested = {c.axis for d in ev.decisions for r in d.rows for c in r.conditions}
    said = [(axis, value) for axis, value in reading.context.items()
            if axis in PREREQUISITE_AXES and value == "outside" and axis not in tested and axis in reading.question_axes]
    if not said:
        return
    words = "; ".join(filter(None, (w._context_words(axis, value) for axis, value in said)))
    reading.issues.append(w.text("untested_issue", conditions=words))
    ev.would, ev.verdict = ev.verdict, "unknown"


def _doubted(table: LogicTable, w: "Words", reading: Reading, ev: Evaluation, question: str,
             leave_out: str | None = None) -> None:
    """A confident answer the doubt model (checker/doubt.py) rates as likely a misreading of
    the question is not given: the answer is unknown, saying what the rows would answer.
    Only for a question in words: options and scenario files are read as given."""
    if ev.verdict not in ("yes", "no") or not table.doubt[1]:
        return
    from rulecheck.checker.doubt import rate
    from rulecheck.checker.examples import bundled

    ev.doubt = rate(table.doubt, reading, ev, question, bundled, exclude=leave_out)
    if ev.doubt >= table.doubt[0]:
        # the rows' answer comes in the first sentence, beside the Read as line it depends on:
        # a player who checks the reading should not have to find it at the end of the reasoning
        reading.issues.append(w.text("doubt_issue", verdict=w.verdict(ev.verdict).lower()))
        ev.would, ev.verdict = ev.verdict, "unknown"


def _deciding_passages(conn: sqlite3.Connection, ev: Evaluation) -> list[dict]:
    """The rules and FAQs the evaluation's deciding rows cite, as citations."""
    return [c for c in _citations(conn, ev.cites, _deciding_ids(ev)) if c["deciding"]]


def _placed_by_passages(conn, w: "Words", reading: Reading, ev: Evaluation) -> None:
    """Words the reading could not place that the deciding rules or FAQs use themselves ("For
    example via Airborne Deployment", in the FAQ's own question): the answer takes them into
    account, so it stands, with a note saying so."""
    from rulecheck.checker.words import fold

    texts = " ".join(fold(c["text"]) for c in _deciding_passages(conn, ev))
    if not texts or not all(re.search(rf"\b{re.escape(fold(word))}\b", texts) for word in reading.unplaced):
        return
    words = "”, “".join(reading.unplaced)
    reading.notes.append(w.text("placed_by_passages", words=words))
    reading.used = reading.used + reading.unplaced
    reading.unplaced = []
    ev.verdict, ev.would = ev.would, None


#: `answer_scenario` is the name structured callers have used; a scenario is a reading.
answer_scenario = answer_reading


def _unanswered(conn, table, w: "Words", reading: Reading, ev: Evaluation, question, scenario, reading_dict,
                leave_out: str | None = None) -> Answer:
    """`unknown` with the nearest passages from full-text search, and the reason in words."""
    text = question or " ".join(a.subject for a in reading.actions) or " ".join(reading.properties)
    citations = _with_lead_ins(conn, _subject_passages(conn, table, reading, text, question, leave_out=leave_out))
    covered = ", ".join(w.state_label(s) for s in table.states)
    v = w.verdict("unknown")
    if reading.unplaced or reading.issues:
        sentence = w.unknown_issue(reading)
    elif reading.other_states:
        many = len(reading.other_states) > 1
        sentence = w.text("other_state", verdict=v, covered=covered, verb=w.text("other_many" if many else "other_one"),
                          names=w.text("and").strip().join(reading.other_states) if many else reading.other_states[0])
    elif not reading.states:
        sentence = w.text("off_topic", verdict=v, covered=covered)
    elif reading.proposition == "fact":
        sentence = w.text("no_fact", verdict=v)
    else:
        sentence = w.text("not_covered", verdict=v)
    state = w.state_label(reading.states[0]) if reading.states else "—"
    trace = [{"step": n} for n in reading.notes]
    trace.append({"step": w.text("last_step", asked=w.asked(reading, reading.proposition, reading.polarity, state),
                                 verdict=v)})
    return Answer(question, "unknown", sentence, reading.edition or None, scenario, trace, citations,
                  notes=list(reading.notes), reading=reading_dict, lang=reading.lang, heads=w.heads())


def _nearest(conn, table: LogicTable, reading: Reading, text: str, limit: int = 5) -> list[dict]:
    """The passages nearest to the question, best first: when the reading found a state, the
    first state's page is searched apart and its passages come first (a question about Hidden
    Deployment in Spanish otherwise meets the Spanish Camuflado page's words before the Hidden
    Deployment page's), then the best of the whole base, the other states' pages first."""
    titles = list(dict.fromkeys(table.states[s].page for s in reading.states if s in table.states))
    if not titles:
        return search(conn, text, limit=limit)
    # the first state's page searched apart: among the whole base's best, an N3 question about
    # TO Camouflaged met only the N4 Camuflado page's words ("camo", "Discover")
    own = search(conn, text, limit=limit, pages=titles[:1])
    if len(own) >= limit:
        return own
    have = {h["id"] for h in own}
    return (own + [h for h in search(conn, text, limit=limit, prefer=titles) if h["id"] not in have])[:limit]


def _subject_passages(conn, table: LogicTable, reading: Reading, text: str, question: str | None,
                      limit: int = 5, leave_out: str | None = None) -> list[dict]:
    """The nearest passages of a question the rows do not answer: first the passages that
    decide the rows on the same state and Skill or property (another topic or other conditions:
    "may it copy a TAG?" has no row of its own, but the rows on the imitated model's Silhouette
    cite the bullet a judge would quote), then the passages deciding the labelled questions
    nearest to `question` (`_example_passages`), then full-text search's. Never deciding."""
    subjects = list(dict.fromkeys([*(a.subject for a in reading.actions), *reading.properties]))
    ids: list[str] = []
    for state in reading.states:
        for subject in subjects:
            for row in table.rows_for(state, subject)[:2]:
                if row.cites and row.cites[0] not in ids:
                    ids.append(row.cites[0])
    found = _citations(conn, ids[:2], set()) if ids else []
    for c in found:
        c["nearest"] = True
    # two places at least are full-text search's: the examples' passages are a guess too
    found += _example_passages(conn, table, reading, question, {c["id"] for c in found},
                               leave_out)[:max(0, limit - 2 - len(found))]
    have = {c["id"] for c in found}
    return found + [_hit(h) for h in _nearest(conn, table, reading, text) if h["id"] not in have][:limit - len(found)]


def _example_passages(conn, table: LogicTable, reading: Reading, question: str | None, have: set[str],
                      leave_out: str | None = None) -> list[dict]:
    """The passages that decide the labelled questions nearest to `question` (checker/examples.py),
    not among `have`, as nearest passages: a player's wording meets the bullet that decided
    questions worded like it, where the bullet's own words share little with it. Only those of
    the pages of the states the reading found (an N3 question is shown the N3 page, not the N4
    bullets that decided N4 questions worded alike); none when it found no state (a question
    off the pages' subject is shown what full-text search finds), nor for a reading given
    without words (options, a scenario file). `leave_out`: as for `answer_question`."""
    pages = {table.states[s].page for s in reading.states if s in table.states}
    if not question or not pages:
        return []
    from rulecheck.checker.examples import bundled, passages

    ids = [pid for pid in passages(bundled(), question, leave_out) if pid not in have]
    found = [c for c in (_citations(conn, ids, set()) if ids else []) if c["page"] in pages]
    for c in found:
        c["nearest"] = True
    return found


#: A checked answer's citations are filled up to this many with the nearest passages of its page.
RELATED = 5


def _page_neighbours(conn, table: LogicTable, reading: Reading, state: str, page: str, text: str,
                     have: set[str]) -> list[dict]:
    """The passages of a checked answer's page nearest to the question, not already cited: the
    passage a judge would quote may be another than the one the row cites, and when the reading
    was wrong the right one is often among them. Searched with the other names of the Skills
    and properties the reading found (an English question meets the Spanish Camuflado page
    through "Esquivar"), not the glossary's expansion: a cold `ask` the logic answers never
    loads the glossary."""
    vocab = table.vocabulary
    names = [p for sid in [*(a.subject for a in reading.actions), *reading.properties] if sid in vocab.subjects
             for p in vocab.subjects[sid].phrases]
    for extra in ((), vocab.state_names.get(state, ())):
        # the state's names only when nothing else is found: "¿Sobrevive el Despliegue Oculto a
        # Esquivar?" shares no word with the English page, which says "any Short Skill"
        hits = [h for h in search(conn, " ".join([text, *names, *extra]), limit=RELATED, pages=[page], expand=False)
                if h["id"] not in have]
        if hits:
            return hits
    return []


def _hit(h: dict) -> dict:
    """A full-text search hit as a citation: never deciding, marked `nearest`."""
    return {"kind": h["kind"], "id": h["id"], "page": h["page"], "section": h.get("section_label") or h["section"],
            "text": h["text"], "version": h["version"], "deciding": False, "nearest": True}


def scenario_dict(reading: Reading) -> dict:
    """The reading in the `scenario` form the JSON contract has always had."""
    ask = {("revealed", "+"): "revealed", ("revealed", "-"): "keeps", ("state_ends", "+"): "revealed",
           ("state_ends", "-"): "keeps", ("may", "+"): "allowed", ("may", "-"): "lost",
           ("required", "+"): "required", ("fact", "+"): "fact"}.get((reading.proposition, reading.polarity), "plain")
    return {"states": list(reading.states), "edition": reading.edition,
            "declares": list(reading.by("self", "skill")), "events": list(reading.by("self", "event")),
            "enemy": list(reading.by("enemy")), "properties": list(reading.properties), "context": dict(reading.context),
            "ask": ask, "asked": reading.asked_value or ("state" if reading.about == "state" else None),
            "leader": list(reading.by("leader")), "other_states": list(reading.other_states),
            "readings": list(reading.notes)}


def _deciding_ids(ev: Evaluation) -> set[str]:
    ids = set()
    if ev.order_row:
        ids.add(ev.order_row.cites[0])
    for d in ev.decisions:
        if d.outcome == ev.outcome or ev.outcome in ("depends", "either", "possible"):
            ids.update(r.cites[0] for r in d.rows)
    return ids


def _with_lead_ins(conn: sqlite3.Connection, citations: list[dict]) -> list[dict]:
    """"El estado Camuflado se cancela siempre que:" says nothing alone: every cited bullet
    under a lead-in ending in ":" carries it (`lead_in`), and the lead-in is not listed beside a
    bullet that carries it unless it decides the answer itself (or would, for a held answer)."""
    found = lead_ins(conn, [c["id"] for c in citations if c["kind"] == "rule"])
    carried = set()
    for c in citations:
        if c["kind"] == "rule" and c["id"] in found:
            parent, c["lead_in"] = found[c["id"]]
            carried.add(parent)
    return [c for c in citations if c["id"] not in carried or c.get("deciding") or c.get("would_decide")]


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


class Words:
    """An answer's words in one language: the wording file's texts, the state's and rows' own
    words in that language (Spanish where the data gives them)."""

    def __init__(self, table: LogicTable, lang: str) -> None:
        self.table = table
        self.lang = lang if lang in table.wording else "en"
        self.w = table.wording[self.lang]
        self.es = self.lang == "es"

    def heads(self) -> dict:
        t = self.w["text"]
        return {k: t[k] for k in ("answer_head", "verdict_head", "edition_head", "note", "reasoning", "citations",
                                  "nearest", "related", "would_cited", "unplaced", "head_yes", "head_no", "head_depends", "head_unknown")}

    def text(self, key: str, **fields) -> str:
        return self.w["text"][key].format(**fields)

    def verdict(self, v: str) -> str:
        return self.w["verdict"][v]

    def state_label(self, state: str) -> str:
        info = self.table.states[state]
        return info.label_es if self.es and info.label_es else info.label

    def because(self, row: Row) -> str:
        return row.because_es if self.es and row.because_es else row.because

    def fact(self, row: Row) -> str:
        return row.answer_es if self.es and row.answer_es else row.answer

    def subject(self, sid: str) -> str:
        """How this language names a subject: the wording file's label, else (in Spanish) the
        glossary's Spanish name, else the subject's first phrase or its id in words."""
        named = self.w["subject"].get(sid)
        if named:
            return named
        if self.es:
            glossary_es = self.table.vocabulary.labels_es.get(sid)
            if glossary_es:
                return glossary_es
        return label(self.table, sid)

    def condition(self, name: str) -> str:
        return self.w["condition"].get(name) or CONDITIONS[name].doc

    def _case_parts(self, rows: list[Row]) -> str:
        """Each row's case and reason ("when …, …"), once each, for a sentence that names them."""
        return "; ".join(dict.fromkeys(self.text("either_part", when=self.when(r), because=_mid_sentence(self.because(r).rstrip(".")))
                                       for r in rows))

    def when(self, row: Row) -> str:
        return self.w["text"]["and"].join(self.condition(c.name) for c in row.conditions) or self.text("in_general")

    def outcome(self, outcome: str, state: str) -> str:
        return self.w["outcome"][outcome].format(state=self.state_label(state))

    # --- the reading -------------------------------------------------------------------------

    def summary(self, reading: Reading) -> str:
        """"Read as: the trooper in Hidden Deployment declares Dodge; is Hidden Deployment kept?"."""
        state = self.state_label(reading.states[0]) if reading.states else (
            reading.other_states[0] if reading.other_states else "—")
        parts = []
        for who in ("self", "leader", "team", "ally", "enemy"):
            skills = [a for a in reading.actions if a.by == who and a.kind == "skill"]
            if skills:
                parts.append(self.text("acts", who=self._who(who, state), verb=self.text("declares"),
                                       skills=self.text("then").join(self._declared(reading, a) for a in skills)))
        events = [a for a in reading.actions if a.kind == "event"]
        if events:
            parts.append(self.text("happens", who=self._who("self", state),
                                   skills=self.text("and").join(self.subject(a.subject) for a in events)))
        own_question = bool(reading.properties) and self._property_question(reading)
        for p in reading.properties:
            if not (own_question and p == reading.properties[0]):
                parts.append(self.subject(p))  # else the question asked is the property's own
        context = dict(reading.context)
        if any(a.kind == "event" and a.by == "enemy" and self._tests_acted_by(reading, a.subject) for a in reading.actions):
            # "my Fusilier moves into base contact with the marker": the event is brought about by
            # an enemy, which is what tells this reading from the marker's own move
            context.setdefault("acted_by", "enemy")
        conds = [self._context_words(axis, value) for axis, value in context.items()]
        conds = [c for c in conds if c]
        asked = self.asked(reading, reading.proposition, reading.polarity, state)
        if not parts and reading.properties:
            # "Read as: does the bearer use its real Unit Profile?": the question says it all
            where = self.text("conditions", conditions="; ".join(conds)).strip() if conds else ""
            return self.text("read_as_question", asked=asked + (f" {where}" if where else ""))
        what = "; ".join(parts) or self.text("nothing")
        if conds:
            what += self.text("conditions", conditions="; ".join(conds))
        return self.text("read_as", what=what, asked=asked)

    def _declared(self, reading: Reading, a) -> str:
        """A declared Skill's name, with the kinds of it the question sets apart ("Entire Order
        (other than Cautious Movement)")."""
        name = self.subject(a.subject)
        apart = [x for x in reading.excluded if a.subject in ancestors(self.table, x)[1:]]
        if apart:
            name = self.text("excluding", skill=name, excluded=self.text("and").join(self.subject(x) for x in apart))
        return name

    def _who(self, who: str, state: str) -> str:
        """"the trooper in Hidden Deployment", or "a trooper" when the question names no state
        (not "the trooper in —")."""
        if who == "self" and state == "—":
            return self.w["by"]["nostate"]
        return self.w["by"][who].format(state=state)

    def _tests_acted_by(self, reading: Reading, subject: str) -> bool:
        """Whether a row of the state asked about turns on who brings the event about (a contact
        does; a Sensor or a Riotstopper hit is always the enemy's)."""
        return any(c.axis == "acted_by" for st in reading.states[:1] for r in self.table.rows_for(st, subject)
                   for c in r.conditions)

    def asked(self, reading: Reading, prop: str, polarity: str, state: str) -> str:
        key = f"{prop}.{polarity}"
        if key not in self.w["asks"]:
            key = "plain.+"
        if reading.possible and f"possible_{key}" in self.w["asks"]:
            key = f"possible_{key}"  # "Can Sensor reveal an HD trooper?": can it be revealed
        if reading.properties and self._property_question(reading):
            # a property asked with no asking word, or no Skill named: its own question (or its
            # negation: "is it correct that it does not add its Order…?")
            key = "property.-" if polarity == "-" else "property.+"
        elif key == "may.+" and reading.actions and all(a.kind == "event" for a in reading.actions):
            key = "may_event.+"  # "Can a marker be hit by a Template?": whether it can happen to it
        elif key in ("may.+", "may.-") and not reading.actions:
            key = key.replace("may", "may_nothing")  # "Can a HoloMask trooper be part of a Fireteam?": no Skill to name
        # an event happens to the trooper in the state, whoever brings it about
        enemy_acts = reading.by("enemy") and not reading.by("self") and key != "may_event.+"
        who = self._who("enemy" if enemy_acts else "self", state)
        skills = self.text("then").join(self.subject(a.subject) for a in reading.actions) or "—"
        asks = self._asks_property(reading.properties[0]) if reading.properties else self.w["asks"]["plain.+"]
        text = self.w["asks"][key].format(state=state, who=who, skills=skills, asks=asks)
        return text[1:] if text.startswith("¿") and not self.es else text

    def _property_question(self, reading: Reading) -> bool:
        """Whether "Read as" words what is asked as the property's own question: a property
        asked with no asking word, or whether it may or must be done with no Skill named."""
        key = f"{reading.proposition}.{reading.polarity}"
        if key == "plain.+" or key not in self.w["asks"]:
            return True
        return reading.properties[0] in self.w["question"] and (
            key == "property.+" or (not reading.actions and key in ("may.+", "required.+")))

    def _asks_property(self, sid: str) -> str:
        """A property as a yes/no question ("does the bearer use its real Unit Profile"): the
        wording file's, else the table's `asks`, else its name."""
        s = self.table.vocabulary.subjects[sid]
        return self.w["question"].get(sid) or s.asks or self.subject(sid)

    def _context_words(self, axis: str, value: str) -> str:
        for name, cond in CONDITIONS.items():
            if cond.axis == axis and cond.values == frozenset({value}):
                return self.condition(name)
        return ""

    def unknown_issue(self, reading: Reading) -> str:
        issues = list(reading.issues)
        if reading.unplaced:
            issues.insert(0, self.text("unplaced_issue", words=self.text("unplaced_join").join(reading.unplaced)))
        return self.text("unknown_issue", verdict=self.verdict("unknown"), issues="; ".join(dict.fromkeys(issues)))

    # --- the reasoning -----------------------------------------------------------------------

    def trace(self, reading: Reading, ev: Evaluation) -> list[dict]:
        info = self.table.states[ev.state]
        steps = [{"step": n} for n in reading.notes]
        steps.append({"step": self.text("state_line", state=self.state_label(ev.state), edition=info.edition, page=info.page)})
        for relay in ev.relays:
            because = relay.because_es if self.es and relay.because_es else relay.because
            steps.append({"step": self.text("relay", leader=self.subject(relay.leader), member=self.subject(relay.member),
                                            because=because), "cites": list(relay.cites)})
        for d in ev.decisions:
            rows = d.rows if d.outcome == "depends" else d.rows[:1]
            for row in rows:
                if row.outcome == "fact":
                    said = self.fact(row)  # also when the number asked holds in one case only ("S2 for a weapon…")
                elif d.outcome == "depends":
                    said = f"{self.outcome(row.outcome, ev.state)} ({self.when(row)})"
                else:
                    said = self.outcome(row.outcome, ev.state)
                steps.append({"step": f"{self.subject(row.subject if ev.category else d.subject)}: {said} — {self.because(row)}",
                              "row": row.id, "outcome": row.outcome, "cites": list(row.cites)})
        if ev.order_row:
            steps.append({"step": self.text("whole_order", because=self.because(ev.order_row)), "row": ev.order_row.id,
                          "outcome": "cancelled", "cites": list(ev.order_row.cites)})
        if ev.outcome == "fact":
            steps.append({"step": self.text("fact", answer=self.fact(ev.decisions[0].rows[0]))})
            return steps
        if ev.would is not None:
            steps.append({"step": self.unknown_issue(reading)})
            held = ev.doubt is not None  # rated, and not given: the doubt model held it back
            steps.append({"step": self.text("doubt_would" if held else "would", verdict=self.verdict(ev.would).lower())})
        asked = self.asked(reading, ev.proposition, ev.polarity, self.state_label(ev.state))
        steps.append({"step": self.text("last_step", asked=asked, verdict=self.verdict(ev.verdict))})
        return steps

    # --- the one sentence --------------------------------------------------------------------

    def sentence(self, reading: Reading, ev: Evaluation) -> str:
        """The answer in one sentence; it always opens with the verdict's own word."""
        v = self.verdict(ev.verdict)
        if ev.outcome == "fact":
            row = ev.decisions[0].rows[0]
            fact, because = self.fact(row), self.because(row)
            return f"{fact[0].upper()}{fact[1:]} — {_mid_sentence(because)}"
        if ev.would is not None:
            return self.unknown_issue(reading)
        if ev.verdict == "depends":
            if ev.roles:
                told = {role: self.w["outcome_when"].get(o, o) if o else self.text("role_unknown")
                        for role, o in ev.roles.items()}
                return self.text("by_role", leader=told["leader"], member=told["member"])
            if ev.category:
                parts = [f"{self.subject(r.subject)}: {self.w['outcome_when'][r.outcome]}" for d in ev.decisions for r in d.rows]
                return self.text("category", skill=self.subject(ev.category), parts="; ".join(dict.fromkeys(parts)))
            facts = [r for d in ev.decisions for r in d.rows if d.outcome == "depends" and r.outcome == "fact"]
            if facts:
                # "Does the camo marker have Silhouette 2?": the number asked holds in one case only
                return self.text("depends", parts=_mid_sentence(self.because(facts[0]).rstrip(".")))
            parts, otherwise = [], []
            several = len({d.subject for d in ev.decisions if d.rows}) > 1
            for d in ev.decisions:
                # two things done or happening, each with its own "otherwise": say whose each
                # is, or "otherwise it keeps the state; otherwise it is revealed" contradicts itself
                whose = f"{self.subject(d.subject)}: " if several else ""
                for row in d.rows:
                    outcome = self.w["outcome_when"].get(row.outcome, row.outcome)
                    if row.conditions:
                        parts.append(whose + self.text("depends_part", outcome=outcome, when=self.when(row)))
                    else:  # the rule when none of the others' conditions holds: said last
                        otherwise.append(whose + self.text("depends_otherwise", outcome=outcome))
            return self.text("depends", parts="; ".join(dict.fromkeys(parts + otherwise)))
        if ev.outcome == "possible":
            # "Can Sensor reveal an HD trooper?": yes, in the cases the rows say it does
            cells = self.table.verdicts or load_verdicts()
            return self.text("possible", verdict=v, parts=self._case_parts(
                [r for d in ev.decisions for r in d.rows if verdict(cells, ev.proposition, ev.polarity, r.outcome) == "yes"]))
        if ev.outcome == "either":
            # "Is Hidden Deployment cancelled if it declares Cautious Movement?": yes with or
            # without Camouflage; each case says why
            rows = [r for d in ev.decisions for r in d.rows]
            if len(rows) > 2:
                # more cases than a sentence can carry: the answer once, each case in the reasoning
                outcomes = [r.outcome for r in rows]
                common = max(set(outcomes), key=lambda o: (outcomes.count(o), o == "cancelled"))
                plain = min((r for r in rows if r.outcome == common), key=lambda r: len(r.conditions))
                return self.text("either_many", verdict=v, because=_mid_sentence(self.because(plain).rstrip(".")))
            return self.text("either", verdict=v, parts=self._case_parts(rows))
        decisive = next((d for d in ev.decisions if d.outcome == ev.outcome), ev.decisions[0])
        because = self.because(decisive.rows[0]).rstrip(".")
        declares = reading.by("self", "skill")
        state = self.state_label(ev.state)
        if ev.proposition == "may" and ev.polarity == "+" and declares and ev.outcome in ("cancelled", "marker", "keeps"):
            skill = self.subject(decisive.subject)
            if ev.outcome == "cancelled":
                info = self.table.states[ev.state]
                return self.text("may_cost", verdict=v, skill=skill, cost=info.cost_es if self.es and info.cost_es else info.cost)
            if ev.outcome == "marker":
                return self.text("may_marker", verdict=v, skill=skill, state=state)
            return self.text("may_keeps", verdict=v, skill=skill, state=state, because=_mid_sentence(because))
        if ev.outcome == "forbidden" and declares and not reading.by("enemy"):
            return self.text("barred", verdict=v, skill=self.subject(decisive.subject), because=_mid_sentence(because))
        if ev.outcome == "marker" and ev.proposition in ("revealed", "state_ends"):
            lead = self.text("marker_state" if ev.proposition == "state_ends" else "marker_model", state=state)
            return f"{v} — {lead}. {because}."
        if ev.order_row:
            order = self.because(ev.order_row)
            because = _join_clauses(because, _mid_sentence(order).rstrip("."))
        return f"{v} — {because}."


#: Sentence openings that read on in lower case inside another sentence ("when …, a trooper …").
_OPENERS = {"A", "An", "The", "Only", "Any", "Declaring", "Entering", "Being", "Once", "When", "If", "No", "Every",
            "Each", "Its", "Their", "Un", "Una", "El", "La", "Los", "Las", "Solo", "Declarar", "Entrar", "Cuando", "Si"}


def _mid_sentence(text: str) -> str:
    """A sentence set inside another: its opening word in lower case when it is a plain word
    ("A trooper…" → "a trooper…"), names kept as written ("Hidden Deployment…")."""
    first, _, rest = text.partition(" ")
    return f"{first.lower()} {rest}" if first in _OPENERS else text


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
