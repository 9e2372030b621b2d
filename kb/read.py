"""The read side of the knowledge base: open it read-only, fetch rows, search. sqlite3 only
(and, when a question is searched, the glossary through `rulecheck.kb.expansion`)."""
from __future__ import annotations

import math
import re
import sqlite3
from pathlib import Path

from rulecheck.kb.errors import KnowledgeBaseError, MissingDatabase, NotAKnowledgeBase

__all__ = ["KnowledgeBaseError", "MissingDatabase", "NotAKnowledgeBase", "connect", "faqs_by_id", "fts_query",
           "get_meta", "rules_by_id", "search"]


def connect(path: Path | str) -> sqlite3.Connection:
    """Open the base read-only, rows as `sqlite3.Row`; raise `MissingDatabase` with the fix."""
    path = Path(path)
    if not path.exists():
        raise MissingDatabase(f"No knowledge base at {path}. Build it with: rulecheck build --db {path}")
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    try:
        conn.execute("select 1 from rules limit 1")
    except sqlite3.DatabaseError as e:
        conn.close()
        raise MissingDatabase(f"{path} is not a rulecheck knowledge base ({e}). Rebuild it with: rulecheck build --db {path}") from e
    return conn


def get_meta(conn: sqlite3.Connection, key: str) -> str | None:
    """A value from the `meta` table (build fingerprint, sources), or None."""
    try:
        row = conn.execute("select value from meta where key = ?", [key]).fetchone()
    except sqlite3.OperationalError:
        return None
    return row[0] if row else None


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


def fts_query(text: str) -> str | None:
    """An FTS5 query matching any of the question's content words, each quoted (never a syntax error)."""
    words = _content_words(text)
    return " OR ".join(f'"{w}"' for w in words) if words else None


#: FTS5's bm25 constant: no term can add more than (k1 + 1) × its IDF to a passage's score.
_BM25_K1 = 1.2


def search(conn: sqlite3.Connection, text: str, limit: int = 5) -> list[dict]:
    """Rules and FAQs nearest to `text`, best first, the two kinds ranked on one scale.

    The question's content words are searched, and beside them the other names (English and
    Spanish) of the glossary terms it names, as phrases (`rulecheck.kb.expansion`): "cautious
    movement" also finds "Movimiento Cauteloso".
    bm25 ranks from `rules_fts` and `faqs_fts` are not comparable (each table has its own word
    frequencies), so each hit's bm25 is divided by the most the question's words and phrases
    could score in its table: `score` is the share (0–1) of the query the passage carries there.
    Words neither table has are left out of both; a word only one table has counts in the other's
    ceiling too, so a passage that covers it beats one from a table that cannot.
    Each hit: `kind` (`rule`/`faq`/`errata`), `id`, `page`, `section`, `text`, `version`,
    `score`, `rank` (−score: lower is better, like bm25) and `bm25` (the table's own rank).
    """
    words = _content_words(text)
    if not words:
        return []
    from rulecheck.kb.expansion import extra_phrases  # the glossary: only when a question is searched

    words += extra_phrases(text, words)
    query = " OR ".join(f'"{w}"' for w in words)
    counts = {table: _document_counts(conn, table, words) for table in ("rules", "faqs")}
    known = [i for i in range(len(words)) if counts["rules"][1][i] or counts["faqs"][1][i]]
    ceilings = {table: _ceiling(total, [per_word[i] for i in known]) for table, (total, per_word) in counts.items()}
    hits: list[dict] = []
    for row in conn.execute(
        """select rules.id, rules.section, rules.text, pages.title as page, rules_fts.rank as rank
           from rules_fts join rules on rules.rowid = rules_fts.rowid join pages on pages.id = rules.page_id
           where rules_fts match ? order by rank limit ?""",
        [query, limit],
    ):
        hits.append({"kind": "rule", "id": row["id"], "page": row["page"], "section": row["section"],
                     "text": row["text"], "version": None, **_scored(row["rank"], ceilings["rules"])})
    for row in conn.execute(
        """select faqs.id, faqs.kind, faqs.question, faqs.answer, faqs.version, faqs_fts.rank as rank,
                  (select pages.title from faq_pages join pages on pages.id = faq_pages.page_id
                   where faq_pages.faq_id = faqs.id order by pages.title limit 1) as page
           from faqs_fts join faqs on faqs.rowid = faqs_fts.rowid
           where faqs_fts match ? order by rank limit ?""",
        [query, limit],
    ):
        hits.append({"kind": row["kind"], "id": row["id"], "page": row["page"], "section": None,
                     "text": f"{row['question']}\n{row['answer']}", "version": row["version"],
                     **_scored(row["rank"], ceilings["faqs"])})
    hits.sort(key=lambda h: (h["rank"], h["kind"] != "rule", h["id"]))
    return hits[:limit]


def _content_words(text: str) -> list[str]:
    return list(dict.fromkeys(w for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1))


def _document_counts(conn: sqlite3.Connection, table: str, words: list[str]) -> tuple[int, list[int]]:
    """How many passages `table` has, and how many of them each word (or phrase) matches."""
    fts = f"{table}_fts"
    # The full-text table indexes every row of its content table (external content, one row
    # each): counting the table's b-tree is the same number, without reading the whole index.
    total = conn.execute(f"select count(*) from {table}").fetchone()[0]
    return total, [conn.execute(f"select count(*) from {fts} where {fts} match ?", [f'"{w}"']).fetchone()[0]
                   for w in words]


def _ceiling(total: int, matches: list[int]) -> float:
    """The most bm25 words matching these many passages could give one: Σ (k1 + 1) × FTS5's IDF."""
    return sum((_BM25_K1 + 1) * max(math.log((total - n + 0.5) / (n + 0.5)), 1e-6) for n in matches)


def _scored(bm25: float, ceiling: float) -> dict:
    score = round(-bm25 / ceiling, 6) if ceiling else 0.0
    return {"score": score, "rank": -score, "bm25": bm25}
