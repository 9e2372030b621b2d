"""The labelled examples the doubt model compares a question with: the development and tuning
questions and the FAQs with their paraphrases, each with the verdict its writer decided from
the rules (`data/doubt_examples.txt`, written by scripts/train_doubt.py).

Each example also keeps how the reader read it (`key`: the state and the proposition asked with
its polarity), and only examples read the same way vote: "Can an enemy declare Reset against a
camo marker?" (yes) says nothing against "Is a camo marker revealed if an enemy declares Reset?"
(no). A confident answer whose question's nearest such examples were mostly given the other
verdict is likelier a misreading: `vote` turns them into two features of the doubt model
(`checker/doubt.py`), the share of their weight on the answer's verdict and on the opposite one.
The examples never answer a question themselves: the rows do.

Each example also keeps the passages that decide it (the rule or FAQ its writer quoted): when the
checker gives no checked answer, the passages deciding the examples nearest to the question, read
however they were read, come among its nearest passages (`passages`): a player's wording finds the
bullet that decided questions worded like it, where the bullet's own words share little with it.

The examples are searched with SQLite's full-text index, bm25-ranked like the passages
(`kb.read.search`): an index kept in the user's cache folder, built once from the text file
(about 0.2 s), so a cold `rulecheck ask` only opens it and runs one query.
"""
from __future__ import annotations

import os
import sqlite3

from rulecheck.data import DATA_ROOT

#: Tab-separated lines: the question set, the verdict, the reading's key (`key`), the question
#: and the ids of the passages that decide it, comma-separated (none for some).
EXAMPLES_FILE = os.path.join(DATA_ROOT, "doubt_examples.txt")
#: How many nearest examples vote.
K = 7
#: How many nearest examples give their deciding passages, and how many passages they give.
PASSAGE_EXAMPLES = 10
PASSAGES = 3
#: The fewest content words an example must share with the question to give its passages.
MIN_SHARED = 2
#: The most examples the words searched for `passages` may match together (see `BUDGET`).
PASSAGE_BUDGET = 1000
#: The vote's features are fifths of the neighbours' weight: `knn:mine0`…`knn:mine4`, and so for
#: `knn:other`.
VOTES = 5
#: The most examples the words searched may match together, rarest word first (and the rarest
#: always): bm25 scores every example a query matches, so a question's common words ("camo",
#: "marker", in thousands of examples) would cost a cold `ask` milliseconds and say little.
BUDGET = 3000
#: The knowledge base's full-text tokenizer (`kb.schema.FTS_TOKENIZER`: not imported, the build
#: side is not on a cold `ask`): accents folded, Porter stems.
TOKENIZER = "porter unicode61 remove_diacritics 2"
#: Bumped whenever the index's shape changes.
_FORMAT = 6

#: The open index (by the examples file), the cache file of each open connection
#: (`path:<id>`) and the lock of a first build (`lock`).
_open: dict = {}
_MISSING = object()


class BadExamples(ValueError):
    """The examples file is malformed: an authoring error (retrain to rewrite it)."""


def key(reading) -> str:
    """How a question was read, as the examples keep it: its first state and the proposition
    asked with its polarity ("camouflaged|revealed:+")."""
    return f"{reading.states[0] if reading.states else ''}|{reading.proposition}:{reading.polarity}"


def read_examples(path: str = EXAMPLES_FILE) -> list[tuple[str, str, str, str, str]]:
    """(set, verdict, key, question, passages) of every example; `BadExamples` naming the line
    at fault."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) not in (4, 5) or parts[1] not in ("yes", "no", "depends", "unknown") or not parts[3].strip():
                raise BadExamples(f"{path}:{n}: expected 'set<TAB>verdict<TAB>key<TAB>question<TAB>passages' with a "
                                  "verdict of yes, no, depends or unknown; run scripts/train_doubt.py to write the file again")
            out.append((parts[0], parts[1], parts[2], parts[3], parts[4] if len(parts) == 5 else ""))
    return out


def index(examples: list[tuple], path: str = ":memory:") -> sqlite3.Connection:
    """A full-text index of `examples` at `path` (in memory by default): (set, verdict, key,
    question) or (set, verdict, key, question, passages)."""
    conn = _connect(path)
    # the reading's key as one token of a column of its own: a query matches it first, so bm25
    # scores only the examples read the same way (weighted 0 there: it ranks nothing)
    conn.execute(f"create virtual table examples using fts5(question, key, source unindexed, verdict unindexed, "
                 f"passages unindexed, tokenize='{TOKENIZER}')")
    conn.executemany("insert into examples(question, key, source, verdict, passages) values (?, ?, ?, ?, ?)",
                     [(q, _token(k), s, v, p[0] if p else "") for s, v, k, q, *p in examples])
    from rulecheck.kb.read import _content_words

    counts: dict[str, int] = {}
    for _, _, _, q, *_ in examples:
        for w in _content_words(q):
            counts[w] = counts.get(w, 0) + 1
    # how many examples hold each word as written (folded case): what `vote` keeps within BUDGET
    conn.execute("create table words(word text primary key, examples integer) without rowid")
    conn.executemany("insert into words values (?, ?)", counts.items())
    conn.commit()
    return conn


def bundled() -> sqlite3.Connection | None:
    """The index of the bundled examples, from the cache folder (built there on first use, by
    one thread of a process at a time); an index in memory without a usable cache folder; None
    when the package has no examples file."""
    conn = _open.get(EXAMPLES_FILE, _MISSING)
    if conn is not _MISSING:
        return conn
    import _thread  # built in: `threading` would cost a cold `ask` 0.7 ms

    # dict.setdefault is atomic: every thread gets the same lock
    with _open.setdefault("lock", _thread.allocate_lock()):  # type: ignore[arg-type]
        conn = _open.get(EXAMPLES_FILE, _MISSING)
        if conn is _MISSING:
            conn = _open[EXAMPLES_FILE] = _load()
    return conn


def forget(conn: sqlite3.Connection) -> None:
    """Drop an index a query found damaged (and its cache file): the next use builds it again."""
    path = _open.pop(f"path:{id(conn)}", None)
    if _open.get(EXAMPLES_FILE) is conn:
        del _open[EXAMPLES_FILE]
    if path:
        try:
            os.unlink(path)
        except OSError:
            pass


def _load() -> sqlite3.Connection | None:
    from rulecheck.kb.user_cache import cache_file, prune

    if not os.path.exists(EXAMPLES_FILE):
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    # the index holds `kb.read`'s words (`_content_words`) too
    sources = [EXAMPLES_FILE, __file__, os.path.join(os.path.dirname(here), "kb", "read.py")]
    cache = cache_file("examples", sources, salt=str(_FORMAT))
    if cache is not None:
        cache = cache[: -len(".marshal")] + ".sqlite"
        conn = _cached(cache)
        if conn is not None:
            return conn
        try:
            import tempfile

            os.makedirs(os.path.dirname(cache), exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=os.path.basename(cache) + ".", suffix=".tmp", dir=os.path.dirname(cache))
            os.close(fd)
            try:
                os.unlink(tmp)  # SQLite makes its own file at the name
                index(read_examples(), tmp).close()
                os.replace(tmp, cache)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)
            prune(cache, "examples-*.sqlite")
            conn = _cached(cache)
            if conn is not None:
                return conn
        except (OSError, sqlite3.Error):
            pass  # a read-only or full cache folder: the index is made in memory, each process
    return index(read_examples())


def _cached(path: str) -> sqlite3.Connection | None:
    """The index at `path`, opened read-only and immutable (nothing is locked or journalled for a
    query), when it holds both tables; else None."""
    # a path is not a URI: "%", "?" and "#" in it must be escaped
    uri = "file:" + path.replace("%", "%25").replace("?", "%3f").replace("#", "%23") + "?mode=ro&immutable=1"
    try:
        conn = _connect(uri, uri=True)
        conn.execute("select word from words limit 1").fetchone()
        conn.execute("select verdict from examples limit 1").fetchone()
    except sqlite3.Error:
        return None
    _open[f"path:{id(conn)}"] = path
    return conn


def _connect(path: str, uri: bool = False) -> sqlite3.Connection:
    # one connection per process, read by the web server's threads too: the index is read-only
    # (immutable), and this Python's sqlite3 module serialises the calls on a connection
    # (`sqlite3.threadsafety` 3)
    return sqlite3.connect(path, uri=uri, check_same_thread=False)


def vote(conn: sqlite3.Connection | None, question: str, verdict: str, read_as: str,
         exclude: str | None = None) -> list[str]:
    """The doubt model's features from the `K` examples nearest to `question` read as `read_as`
    (`key`): `knn:mine<0-4>` and `knn:other<0-4>`, fifths of their bm25 weight on `verdict` and
    on the opposite yes/no; `knn:none` when no such example shares a word with it. `exclude`
    (training): leave out the examples of that set and any with the question's own words, as a
    fresh question would find neither. A damaged index is dropped (`forget`) and counts as none."""
    from rulecheck.kb.read import _content_words

    words = _content_words(question)
    if conn is None or not words or verdict not in ("yes", "no"):
        return ["knn:none"]
    try:
        rows = _nearest(conn, words, read_as, exclude, " ".join(question.split()) if exclude else "")
    except sqlite3.DatabaseError:
        forget(conn)
        return ["knn:none"]
    total = sum(-b for _, b in rows)
    if not rows or total <= 0:
        return ["knn:none"]
    other = "no" if verdict == "yes" else "yes"
    mine = sum(-b for v, b in rows if v == verdict) / total
    against = sum(-b for v, b in rows if v == other) / total
    return [f"knn:mine{min(int(mine * VOTES), VOTES - 1)}", f"knn:other{min(int(against * VOTES), VOTES - 1)}"]


def passages(conn: sqlite3.Connection | None, question: str, exclude: str | None = None) -> list[str]:
    """The ids of the passages deciding the `PASSAGE_EXAMPLES` examples nearest to `question`
    (read however they were read), the `PASSAGES` with the most bm25 weight first. `exclude`
    (measuring): leave out the examples of that set, as for a fresh question. A damaged index
    is dropped (`forget`) and gives none."""
    from rulecheck.kb.read import _content_words

    words = _content_words(question)
    if conn is None or not words:
        return []
    try:
        searched = _rarest(conn, words, PASSAGE_BUDGET)
        if not searched:
            return []
        query = _any_of(searched)
        rows = conn.execute("select passages, bm25(examples, 1.0, 0.0), question from examples where examples match ? "
                            "and passages != '' and source != ? order by bm25(examples, 1.0, 0.0) limit ?",
                            (f"question : ({query})", exclude or "", PASSAGE_EXAMPLES)).fetchall()
    except sqlite3.DatabaseError:
        forget(conn)
        return []
    asked = set(searched)
    weight: dict[str, float] = {}
    for ids, b, text in rows:
        if len(asked & set(_content_words(text))) < MIN_SHARED:
            continue  # one shared rare word says little of what decides the question
        for pid in ids.split(","):
            weight[pid] = weight.get(pid, 0.0) - b
    return sorted(weight, key=lambda pid: -weight[pid])[:PASSAGES]


def _any_of(words: list[str]) -> str:
    """`words` as a full-text query matching any of them."""
    return " OR ".join(f'"{w}"' for w in words)


def _rarest(conn: sqlite3.Connection, words: list[str], budget: int) -> list[str]:
    """The rarest of `words` the examples hold, as many as match at most `budget` examples
    together (always the rarest): bm25 scores every example a query matches."""
    marks = ",".join("?" * len(words))
    counts = dict(conn.execute(f"select word, examples from words where word in ({marks})", words).fetchall())
    taken, matched = [], 0
    for w in sorted(counts, key=counts.get):
        if taken and matched + counts[w] > budget:
            break
        taken.append(w)
        matched += counts[w]
    return taken


def _nearest(conn: sqlite3.Connection, words: list[str], read_as: str, exclude: str | None,
             text: str) -> list[tuple[str, float]]:
    """(verdict, bm25) of the nearest examples read as `read_as`, searched by the rarest of
    `words` within `BUDGET` (always the rarest)."""
    searched = _rarest(conn, words, BUDGET)
    if not searched:
        return []
    query = f"key : {_token(read_as)} AND question : ({_any_of(searched)})"
    return conn.execute("select verdict, bm25(examples, 1.0, 0.0) from examples where examples match ? "
                        "and source != ? and question != ? order by bm25(examples, 1.0, 0.0) limit ?",
                        (query, exclude or "", text, K)).fetchall()


def _token(read_as: str) -> str:
    """A key as one full-text token: "k" and decimal digits, which the Porter stemmer leaves
    as they are (a hex token ending in "e" lost it)."""
    import zlib

    return f"k{zlib.crc32(read_as.encode()):010d}"
