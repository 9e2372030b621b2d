"""The read side of the knowledge base: open it read-only, fetch rows, search. sqlite3 only
(and, when a question is searched, the glossary through `rulecheck.kb.expansion`)."""
from __future__ import annotations

import math
import os
import re
import sqlite3
from typing import NamedTuple

from rulecheck.kb.errors import KnowledgeBaseError, MissingDatabase, NotAKnowledgeBase
from rulecheck.kb.identity import read_only_uri

__all__ = ["KnowledgeBaseError", "MissingDatabase", "NotAKnowledgeBase", "connect", "faqs_by_id", "lead_ins",
           "rules_by_id", "search", "search_plan"]


def connect(path: str | os.PathLike) -> sqlite3.Connection:
    """Open the base read-only, rows as `sqlite3.Row`; raise `MissingDatabase` with the fix."""
    path = os.fspath(path)
    if not os.path.exists(path):
        raise MissingDatabase(f"No knowledge base at {path}. Build it with: rulecheck build --db {path}")
    conn = sqlite3.connect(read_only_uri(path), uri=True, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    try:
        conn.execute("select 1 from rules limit 1")
    except sqlite3.DatabaseError as e:
        conn.close()
        raise MissingDatabase(f"{path} is not a rulecheck knowledge base ({e}). Rebuild it with: rulecheck build --db {path}") from e
    return conn


def rules_by_id(conn: sqlite3.Connection, ids: list[str]) -> dict[str, dict]:
    """Rule rows with their page's title (`page`), keyed by id; unknown ids are absent."""
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    rows = conn.execute(
        f"""select rules.*, pages.title as page, pages.lang as lang
            from rules join pages on pages.id = rules.page_id where rules.id in ({marks})""",
        list(ids),
    )
    return {row["id"]: dict(row) for row in rows}


def lead_ins(conn: sqlite3.Connection, ids: list[str]) -> dict[str, tuple[str, str]]:
    """rule id → (its parent's id, the parent's text), for the rules among `ids` whose parent is
    a lead-in ending in ":" ("El estado Camuflado se cancela siempre que:"): one query."""
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    rows = conn.execute(
        f"""select child.id, parent.id, parent.text from rules as child join rules as parent
            on parent.id = child.parent_id where child.id in ({marks}) and rtrim(parent.text) like '%:'""",
        list(ids),
    )
    return {child: (parent, text) for child, parent, text in rows}


def faqs_by_id(conn: sqlite3.Connection, ids: list[str]) -> dict[str, dict]:
    """FAQ rows keyed by id, each with `pages`: the titles of the pages it appears on."""
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    found = {row["id"]: dict(row, pages=[]) for row in conn.execute(f"select * from faqs where id in ({marks})", list(ids))}
    for row in conn.execute(
        f"""select faq_pages.faq_id, pages.title from faq_pages join pages on pages.id = faq_pages.page_id
            where faq_pages.faq_id in ({marks}) order by pages.title""",
        list(ids),
    ):
        found[row[0]]["pages"].append(row[1])
    return found


_WORD = re.compile(r"\w+", re.UNICODE)
# Words too common to help rank passages, in both languages.
_STOP = set(
    "a an and are as at be by can de del does el en es for from has how if in is it its la las los "
    "me my no not of on or que se si the this to un una what when where which who why will with y".split()
)


#: FTS5's bm25 constant: no term can add more than (k1 + 1) × its IDF to a passage's score.
_BM25_K1 = 1.2

#: The most passages one table's ranked query may match. bm25 scores every passage a query
#: matches before FTS5 sorts them, so a phrase found in a large share of a big base (a Spanish
#: expansion such as "camuflado") would make a question cost a scan of the whole index.
#: Measured at 5,000 generated pages (benchmarks/ask_bench.py --pages 5000): 10,000 rows cost
#: ~330 ms over eight questions, 3,000 ~165 ms, with the same first passage on most of them
#: (a word over budget there matches over a tenth of the base: it ranks little anyway).
ROW_BUDGET = 3_000


#: How deep `search(prefer=…)` looks for the preferred pages' passages, in multiples of `limit`.
PREFER_DEPTH = 6


def search(conn: sqlite3.Connection, text: str, limit: int = 5, budget: int = ROW_BUDGET,
           pages: list[str] | tuple[str, ...] | None = None, expand: bool = True,
           prefer: list[str] | tuple[str, ...] | None = None) -> list[dict]:
    """Rules and FAQs nearest to `text`, best first, the two kinds ranked on one scale.

    The question's content words are searched, and beside them the other names (English and
    Spanish) of the glossary terms it names, as phrases (`rulecheck.kb.expansion`): "cautious
    movement" also finds "Movimiento Cauteloso".
    bm25 ranks from `rules_fts` and `faqs_fts` are not comparable (each table has its own word
    frequencies), so each hit's bm25 is divided by the most the question's words and phrases
    could score in its table: `score` is the share (0–1) of the query the passage carries there.
    Words neither table has are left out of both; a word only one table has counts in the other's
    ceiling too, so a passage that covers it beats one from a table that cannot.
    In each table the rarest words are searched first, and a word joins only while the passages
    matched stay within `budget` (`search_plan`): in a big base the words that match a large
    share of it (low IDF) are left out of that table's query and ceiling, as stop words are.
    `pages`: only passages of the pages with these titles (a FAQ: linked to one of them).
    `prefer`: those pages' passages among the best `limit × PREFER_DEPTH` first, then the rest.
    Each hit: `kind` (`rule`/`faq`/`errata`), `id`, `page`, `section`, `text`, `version`,
    `score`, `rank` (−score: lower is better, like bm25) and `bm25` (the table's own rank); a rule
    also `section_label`, its section's heading as the page writes it (`CANCELACIÓN`), or None.
    """
    words = _content_words(text)
    if not words:
        return []
    if expand:
        from rulecheck.kb.expansion import extra_phrases  # the glossary: only when a question is searched

        words += extra_phrases(text, words)
    plans = search_plan(conn, words, budget)
    if prefer:
        # One query, deeper: a second one restricted to the pages would cost a cold `ask` in a
        # base of thousands of pages as much again (SQLite cannot stop early with the filter)
        hits = _ranked(conn, plans, limit * PREFER_DEPTH, [])
        return ([h for h in hits if h["page"] in prefer] + [h for h in hits if h["page"] not in prefer])[:limit]
    return _ranked(conn, plans, limit, list(pages or ()))


def _ranked(conn: sqlite3.Connection, plans: dict[str, "Plan"], limit: int, titles: list[str]) -> list[dict]:
    """The best `limit` passages of both tables for the planned queries, of the pages titled
    `titles` only when any are given."""
    hits: list[dict] = []
    rules, faqs = plans["rules"], plans["faqs"]
    marks = ",".join("?" * len(titles))
    rule_filter = f"and pages.title in ({marks})" if titles else ""
    faq_filter = (f"and exists (select 1 from faq_pages join pages on pages.id = faq_pages.page_id "
                  f"where faq_pages.faq_id = faqs.id and pages.title in ({marks}))" if titles else "")
    if rules.searched:
        for row in conn.execute(
            f"""select rules.id, rules.section, rules.section_label, rules.text, pages.title as page,
                      rules_fts.rank as rank
               from rules_fts join rules on rules.rowid = rules_fts.rowid join pages on pages.id = rules.page_id
               where rules_fts match ? {rule_filter} order by rank limit ?""",
            [rules.query, *titles, limit],
        ):
            hits.append({"kind": "rule", "id": row["id"], "page": row["page"], "section": row["section"],
                         "section_label": row["section_label"], "text": row["text"], "version": None,
                         **_scored(row["rank"], rules.ceiling)})
    if faqs.searched:
        for row in conn.execute(
            f"""select faqs.id, faqs.kind, faqs.question, faqs.answer, faqs.version, faqs_fts.rank as rank,
                      (select pages.title from faq_pages join pages on pages.id = faq_pages.page_id
                       where faq_pages.faq_id = faqs.id order by pages.title limit 1) as page
               from faqs_fts join faqs on faqs.rowid = faqs_fts.rowid
               where faqs_fts match ? {faq_filter} order by rank limit ?""",
            [faqs.query, *titles, limit],
        ):
            hits.append({"kind": row["kind"], "id": row["id"], "page": row["page"], "section": None,
                         "text": f"{row['question']}\n{row['answer']}", "version": row["version"],
                         **_scored(row["rank"], faqs.ceiling)})
    hits.sort(key=lambda h: (h["rank"], h["kind"] != "rule", h["id"]))
    return hits[:limit]


class Plan(NamedTuple):
    """How one table is searched: the phrases queried, those left out as too common there, the
    bm25 ceiling scores are divided by, and the FTS5 query."""

    searched: list[str]
    common: list[str]
    ceiling: float

    @property
    def query(self) -> str:
        return " OR ".join(f'"{w}"' for w in self.searched)


def search_plan(conn: sqlite3.Connection, words: list[str], budget: int = ROW_BUDGET) -> dict[str, Plan]:
    """How `search` queries `rules_fts` and `faqs_fts` for these words and phrases.

    Each table takes the words it has, rarest first, while the passages they match together
    stay within `budget` (always the rarest, so a question of common words still finds
    passages); the rest are left out of its query and its ceiling. Words are counted only up to
    the budget, so a common word costs at most `budget` index rows, not all it matches.
    """
    totals = _row_counts(conn)
    counts = {table: _document_counts(conn, table, words, budget, totals.get(table)) for table in ("rules", "faqs")}
    known = [i for i in range(len(words)) if counts["rules"][1][i] or counts["faqs"][1][i]]
    plans: dict[str, Plan] = {}
    for table, (total, per_word) in counts.items():
        present = [i for i in known if per_word[i]]
        if present and min(per_word[i] for i in present) > budget:
            # Every word is over the budget: count them fully, to search the rarest.
            per_word = [_matches(conn, table, w) if i in present else n for i, (w, n) in enumerate(zip(words, per_word))]
        taken: list[int] = []
        left_out: list[int] = []
        matched = 0
        for i in sorted(present, key=lambda i: per_word[i]):
            if left_out or (taken and matched + per_word[i] > budget):
                left_out.append(i)
            else:
                taken.append(i)
                matched += per_word[i]
        ceiling = _ceiling(total, [per_word[i] for i in known if i not in left_out])
        plans[table] = Plan([words[i] for i in sorted(taken)], [words[i] for i in sorted(left_out)], ceiling)
    return plans


def _content_words(text: str) -> list[str]:
    return list(dict.fromkeys(w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1))


def _row_counts(conn: sqlite3.Connection) -> dict[str, int]:
    """The rows of `rules` and `faqs` as the build recorded them (`meta` counts, read with
    SQLite's JSON functions: no `json` import on a cold `ask`), or {} when the base has none
    (then the tables are counted)."""
    try:
        row = conn.execute("select json_extract(value, '$.rules'), json_extract(value, '$.faqs') from meta "
                           "where key = 'counts' and json_valid(value)").fetchone()
    except sqlite3.OperationalError:
        return {}
    if row is None:
        return {}
    return {table: n for table, n in zip(("rules", "faqs"), row) if isinstance(n, int)}


def _document_counts(conn: sqlite3.Connection, table: str, words: list[str], cap: int,
                     total: int | None = None) -> tuple[int, list[int]]:
    """How many passages `table` has (`total` when the build recorded it: counting 145,000 rules
    costs a cold `ask` ~8 ms), and how many of them each word (or phrase) matches, up to `cap` + 1
    (more than `cap`)."""
    if total is None:
        # The full-text table indexes every row of its content table (external content, one row
        # each): counting the table's b-tree is the same number, without reading the whole index.
        total = conn.execute(f"select count(*) from {table}").fetchone()[0]
    return total, [_matches(conn, table, w, cap + 1) for w in words]


def _matches(conn: sqlite3.Connection, table: str, word: str, cap: int | None = None) -> int:
    """How many passages of `table` match `word` (a phrase), counting no further than `cap`."""
    fts = f"{table}_fts"
    if cap is None:
        return conn.execute(f"select count(*) from {fts} where {fts} match ?", [f'"{word}"']).fetchone()[0]
    return conn.execute(f"select count(*) from (select 1 from {fts} where {fts} match ? limit ?)",
                        [f'"{word}"', cap]).fetchone()[0]


def _ceiling(total: int, matches: list[int]) -> float:
    """The most bm25 words matching these many passages could give one: Σ (k1 + 1) × FTS5's IDF."""
    return sum((_BM25_K1 + 1) * max(math.log((total - n + 0.5) / (n + 0.5)), 1e-6) for n in matches)


def _scored(bm25: float, ceiling: float) -> dict:
    score = round(-bm25 / ceiling, 6) if ceiling else 0.0
    return {"score": score, "rank": -score, "bm25": bm25}
