"""Coverage of the logic table: the Activation, Effects and Cancellation bullets and the FAQs
of the four state pages that no row cites, each with the reason given in the table if any."""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from rulecheck.checker.logic import LogicTable, load_logic

SECTIONS = ("activation", "effects", "cancellation")


@dataclass(frozen=True)
class Gap:
    """A bullet or FAQ no row cites; `reason` from `[coverage.explained]`, or None."""

    id: str
    kind: str
    page: str
    text: str
    reason: str | None


def coverage_gaps(conn: sqlite3.Connection, table: LogicTable | None = None) -> list[Gap]:
    """Every uncited bullet (of the covered sections) and FAQ of the four pages."""
    table = table or load_logic()
    cited = table.cited_ids()
    pages = state_page_ids(conn, table)
    marks = ",".join("?" * len(pages))
    gaps = []
    for row in conn.execute(
        f"""select rules.id, rules.text, pages.title from rules join pages on pages.id = rules.page_id
            where pages.id in ({marks}) and rules.section in ({",".join("?" * len(SECTIONS))})
            order by pages.title, rules.rowid""", pages + list(SECTIONS)):
        if row["id"] not in cited:
            gaps.append(Gap(row["id"], "rule", row["title"], row["text"], table.explained.get(row["id"])))
    for row in conn.execute(
        f"""select distinct faqs.id, faqs.question, pages.title from faqs join faq_pages on faq_pages.faq_id = faqs.id
            join pages on pages.id = faq_pages.page_id where pages.id in ({marks}) order by faqs.id""", pages):
        if row["id"] not in cited:
            gaps.append(Gap(row["id"], "faq", row["title"], row["question"], table.explained.get(row["id"])))
    return gaps


#: `pages.source` of every bundled page: `data/pages/<file>` on every install (see DESIGN.md).
BUNDLED_SOURCE = "data/pages/"


def state_page_ids(conn: sqlite3.Connection, table: LogicTable) -> list[str]:
    """The ids of the bundled pages of the covered states: chosen by title *and* by a source
    under `data/pages/`, so a user's extra page with the same title is never pulled in."""
    titles = [st.page for st in table.states.values()]
    marks = ",".join("?" * len(titles))
    return [r[0] for r in conn.execute(
        f"select id from pages where title in ({marks}) and substr(source, 1, ?) = ? order by id",
        [*titles, len(BUNDLED_SOURCE), BUNDLED_SOURCE])]


def stale_explanations(conn: sqlite3.Connection, table: LogicTable | None = None) -> list[str]:
    """Ids explained in `[coverage.explained]` that a row now cites or the base does not hold."""
    table = table or load_logic()
    gap_ids = {g.id for g in coverage_gaps(conn, table)}
    return sorted(i for i in table.explained if i not in gap_ids)
