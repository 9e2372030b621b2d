"""Replay the FAQs: every FAQ of the bundled state pages whose answer starts with yes or no is
asked, in its own words and edition, through the checker, and the verdicts compared; then the
same FAQ in other people's words (`data/faq_paraphrases.toml`: at least three per FAQ, written
from the FAQ, never from the lexicon), each with the verdict its wording asks for."""
from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from rulecheck.checker.answer import answer_question
from rulecheck.checker.coverage import state_page_ids
from rulecheck.checker.logic import LogicTable, load_logic
from rulecheck.data import DATA_DIR, read_toml
from rulecheck.checker.errors import LogicTableError

#: FAQs in other words: `[[faq]]` (page, version, question, answer, faq_verdict), each with
#: `[[faq.paraphrase]]` (text, lang, edition, verdict).
PARAPHRASES = DATA_DIR / "faq_paraphrases.toml"
#: A tag the wiki puts before a FAQ's question ("[Errata] Can Surprise Attack…").
_TAG = re.compile(r"^\s*\[[^\]]*\]\s*")

_YES_NO = re.compile(r"^\s*(?:a\s*:\s*)?(yes|no)\b", re.I)


@dataclass(frozen=True)
class Paraphrased:
    """The FAQ in someone else's words: the verdict that wording asks for, and the checker's."""

    text: str
    edition: str | None
    expected: str
    got: str
    #: The rows' verdict (`Answer.rows_verdict`): `got`, unless the doubt model held it back.
    rows: str

    @property
    def agrees(self) -> bool:
        return self.expected == self.got

    @property
    def logic_agrees(self) -> bool:
        """The logic gives the FAQ's verdict (the answer given may still be held back as doubtful)."""
        return self.expected == self.rows


@dataclass(frozen=True)
class Replay:
    """One FAQ replayed: what the FAQ says and what the checker answered, in the FAQ's words
    and in each paraphrase of it."""

    faq_id: str
    question: str
    edition: str | None
    expected: str
    got: str
    #: The rows' verdict (`Answer.rows_verdict`): `got`, unless the doubt model held it back.
    rows: str
    paraphrases: list[Paraphrased] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return self.expected == self.got

    @property
    def logic_agrees(self) -> bool:
        """The logic gives the FAQ's verdict (the answer given may still be held back as doubtful)."""
        return self.expected == self.rows

    def to_dict(self) -> dict:
        """The JSON form: the FAQ's fields, `agrees`, `rows` and `logic_agrees`, and `paraphrases`
        (each with the same)."""
        return {"faq_id": self.faq_id, "question": self.question, "edition": self.edition, "expected": self.expected,
                "got": self.got, "agrees": self.agrees, "rows": self.rows, "logic_agrees": self.logic_agrees,
                "paraphrases": [dict(p.__dict__, agrees=p.agrees, logic_agrees=p.logic_agrees) for p in self.paraphrases]}


def yes_no(answer: str) -> str | None:
    """`yes` / `no` when a FAQ answer begins with it (`A: No. …`, `Yes, but …`), else None."""
    m = _YES_NO.match(answer or "")
    return m.group(1).lower() if m else None


def replay_faqs(conn: sqlite3.Connection, table: LogicTable | None = None) -> list[Replay]:
    """Every yes/no FAQ on the four state pages, replayed through `answer_question`."""
    table = table or load_logic()
    pages = state_page_ids(conn, table)
    marks = ",".join("?" * len(pages))
    rows = conn.execute(
        f"""select distinct faqs.id, faqs.question, faqs.answer, coalesce(faqs.edition, pages.edition) as edition
            from faqs join faq_pages on faq_pages.faq_id = faqs.id join pages on pages.id = faq_pages.page_id
            where pages.id in ({marks}) order by faqs.id""", pages).fetchall()
    others, labelled = _paraphrases()
    results = []
    for row in rows:
        question = _TAG.sub("", row["question"])
        # a FAQ that settles a yes/no question without opening with the word ("They can be
        # hit…"): the paraphrase file says which it is
        expected = yes_no(row["answer"]) or labelled.get(_key(question))
        if expected is None:
            continue
        own = answer_question(conn, question, edition=row["edition"], table=table)
        said = []
        for p in others.get(_key(question), []):
            edition = p.get("edition") or row["edition"]  # a paraphrase restates the FAQ, in its edition
            a = answer_question(conn, p["text"], edition=edition, table=table)
            said.append(Paraphrased(p["text"], edition, p["verdict"], a.verdict, a.rows_verdict))
        results.append(Replay(row["id"], row["question"], row["edition"], expected, own.verdict, own.rows_verdict, said))
    return results


def _key(question: str) -> str:
    text = _TAG.sub("", question).strip()
    if text[:2].lower() == "q:":
        text = text[2:]
    return " ".join(text.lower().split())


def _paraphrases(path: Path = PARAPHRASES) -> tuple[dict[str, list[dict]], dict[str, str]]:
    """FAQ question (normalised) → its paraphrases, and → the yes or no the file reads in its
    answer; both empty when the file is not there."""
    if not path.exists():
        return {}, {}
    data = read_toml(path, LogicTableError, "the FAQ paraphrases", "Fix the file (an authoring error).")
    faqs = data.get("faq", [])
    return ({_key(f["question"]): list(f.get("paraphrase", [])) for f in faqs},
            {_key(f["question"]): f["faq_verdict"] for f in faqs if f.get("faq_verdict") in ("yes", "no")})
