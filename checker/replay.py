"""Replay the FAQs: every FAQ of the bundled state pages whose answer starts with yes or no is
asked, in its own words and edition, through the checker, and the verdicts compared."""
from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

from rulecheck.checker.answer import answer_question
from rulecheck.checker.coverage import state_page_ids
from rulecheck.checker.logic import LogicTable, load_logic

_YES_NO = re.compile(r"^\s*(?:a\s*:\s*)?(yes|no)\b", re.I)


@dataclass(frozen=True)
class Replay:
    """One FAQ replayed: what the FAQ says and what the checker answered."""

    faq_id: str
    question: str
    edition: str | None
    expected: str
    got: str

    @property
    def agrees(self) -> bool:
        return self.expected == self.got


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
    results = []
    for row in rows:
        expected = yes_no(row["answer"])
        if expected is None:
            continue
        got = answer_question(conn, row["question"], edition=row["edition"], table=table).verdict
        results.append(Replay(row["id"], row["question"], row["edition"], expected, got))
    return results
