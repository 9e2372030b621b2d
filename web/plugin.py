"""The rulecheck Datasette plugin: the ask page, the search page, row pages linked both ways.

A thin face over `rulecheck.checker` and `rulecheck.kb.read`: no rules logic lives here.
Registered through the `rulecheck.web` package (the `datasette` entry point in pyproject.toml),
so Datasette itself finds our `templates/` and serves `static/` at `/-/static-plugins/rulecheck/`.
"""
from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

from datasette import hookimpl
from datasette.utils import urlsafe_components
from datasette.utils.asgi import Response

from rulecheck.web import related
from rulecheck.web.sections import section_title

#: The name Datasette serves our `static/` folder under: the distribution's name.
PLUGIN_NAME = "rulecheck"
CSS_FILE = "rulecheck.css"
SEARCH_LIMIT = 30
DEFAULT_EDITION = "N4"

# One read-only connection per worker thread and base: sqlite3 connections are not shared
# across threads while in use, and opening one per request would cost more than the answer.
_local = threading.local()


def _connection(path: str):
    from rulecheck.kb.read import connect

    conns = _local.__dict__.setdefault("conns", {})
    if path not in conns:
        conns[path] = connect(path)
    return conns[path]


#: The tables that make a database a rulecheck base. The plugin is installed for every Datasette
#: in the environment, so each page, menu link and stylesheet waits for one to be attached.
BASE_TABLES = frozenset({"meta", "pages", "rules", "faqs", "faq_rules"})

_table_names_seen: dict[tuple[str, int], frozenset[str]] = {}


def _table_names(path: str) -> frozenset[str]:
    """The tables of the SQLite file at `path` (none when it is unreadable), cached per mtime."""
    try:
        key = (path, os.stat(path).st_mtime_ns)
    except OSError:
        return frozenset()
    if key not in _table_names_seen:
        try:
            conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
            try:
                names = frozenset(row[0] for row in conn.execute("select name from sqlite_master where type = 'table'"))
            finally:
                conn.close()
        except sqlite3.Error:
            names = frozenset()
        _table_names_seen[key] = names
    return _table_names_seen[key]


def is_rulecheck_base(db) -> bool:
    """True when Datasette's `Database` is a file holding the rulecheck tables."""
    if db is None or db.is_memory or not db.path:
        return False
    return BASE_TABLES <= _table_names(str(db.path))


def rulecheck_names(datasette) -> list[str]:
    """The names of the attached databases that are rulecheck bases, in Datasette's order."""
    return [name for name, db in datasette.databases.items() if name != "_internal" and is_rulecheck_base(db)]


def rulecheck_database(datasette):
    """The first attached database that is a rulecheck base, or None."""
    names = rulecheck_names(datasette)
    return datasette.get_database(names[0]) if names else None


def _serves_rulecheck(datasette, database: str | None) -> bool:
    """Whether a page belongs to the rulecheck face: a page of a base, or a page of no one
    database (home, ask, search) while a base is attached."""
    if database:
        return database in datasette.databases and is_rulecheck_base(datasette.get_database(database))
    return bool(rulecheck_names(datasette))


async def _in_thread(db, fn, *args):
    # Datasette's own SQL threads (`Database.execute_fn`), so the ask page shares the server's
    # concurrency budget. Its connection is left alone: the checker reads through ours, which
    # returns `sqlite3.Row`s.
    return await db.execute_fn(lambda _conn: fn(*args))


def asked_edition(raw: str | None) -> str | None:
    """The edition the form or URL asks for, None for the default. The checker checks it (its
    `UnknownEdition` says what to do, as `rulecheck ask --edition` does)."""
    return (raw or "").strip() or None


def _answer(path: str, question: str, edition: str | None) -> dict:
    from rulecheck.checker.answer import answer_question

    return answer_question(_connection(path), question, edition=edition).to_dict()


def _section_titles(path: str, rule_ids: list[str]) -> dict[str, str]:
    """Rule id → its section as the page writes it (see `sections.section_title`)."""
    if not rule_ids:
        return {}
    marks = ",".join("?" * len(rule_ids))
    rows = _connection(path).execute(f"select id, section_label, section from rules where id in ({marks})", rule_ids)
    return {row[0]: section_title(row[1], row[2]) for row in rows}


def _search(path: str, text: str) -> list[dict]:
    from rulecheck.kb.read import search

    hits = search(_connection(path), text, limit=SEARCH_LIMIT)
    titles = _section_titles(path, [h["id"] for h in hits if h["kind"] == "rule"])
    for hit in hits:
        hit["section"] = titles.get(hit["id"], hit["section"])
    return hits


def _page_answer(path: str, question: str, edition: str | None) -> dict:
    """The answer for the HTML page: as `ask.json`, with sections named as the pages write them."""
    answer = _answer(path, question, edition)
    citations = answer.get("citations") or []
    titles = _section_titles(path, [c["id"] for c in citations if c.get("kind") == "rule"])
    for citation in citations:
        citation["section"] = titles.get(citation["id"], citation.get("section"))
    answer["outcome"] = outcome_label(answer)
    return answer


#: What a yes or no means for the thing asked, so the verdict states the outcome rather than
#: colouring it good or bad ("no" to "is it revealed?" is good news for its player).
_OUTCOMES = {
    ("revealed", "yes"): "revealed", ("revealed", "no"): "stays hidden",
    ("keeps", "yes"): "keeps its state", ("keeps", "no"): "loses its state",
    ("allowed", "yes"): "allowed", ("allowed", "no"): "not allowed",
    (None, "depends"): "it depends on the situation", (None, "unknown"): "no checked answer",
}


def outcome_label(answer: dict) -> str:
    """A few words saying what the verdict means (`stays hidden`), or "" when yes/no says it all."""
    asked = (answer.get("scenario") or {}).get("ask")
    verdict = answer.get("verdict")
    return _OUTCOMES.get((asked, verdict)) or _OUTCOMES.get((None, verdict), "")


def _citation_url(datasette, database: str, citation: dict) -> str:
    table = "rules" if citation.get("kind") == "rule" else "faqs"
    return datasette.urls.row(database, table, citation["id"])


async def _missing_base(datasette, request):
    return Response.html(
        await datasette.render_template(
            "rulecheck_error.html",
            {"message": "No rulecheck knowledge base is attached. Start the server with: rulecheck serve"},
            request=request,
        ),
        status=500,
    )


async def ask_json(datasette, request):
    """`/-/ask.json?q=…[&edition=N3]`: exactly `rulecheck ask --json`; 400 with {"error"} on a bad question."""
    from rulecheck.checker.errors import CheckerError

    question = (request.args.get("q") or "").strip()
    if not question:
        return Response.json({"error": 'Empty question: add one as ?q=…, e.g. ?q=Is+a+camo+marker+revealed+by+Cautious+Movement'}, status=400)
    db = rulecheck_database(datasette)
    if db is None:
        return Response.json({"error": "No rulecheck knowledge base is attached. Start the server with: rulecheck serve"}, status=500)
    try:
        answer = await _in_thread(db, _answer, str(db.path), question, asked_edition(request.args.get("edition")))
    except CheckerError as e:
        return Response.json({"error": str(e)}, status=400)
    return Response.json(answer)


async def ask_page(datasette, request):
    """`/-/ask?q=…`: the question form, then the verdict, answer, reasoning and linked citations."""
    from rulecheck.checker.errors import CheckerError

    db = rulecheck_database(datasette)
    if db is None:
        return await _missing_base(datasette, request)
    from rulecheck.checker.scenario import EDITIONS

    question = (request.args.get("q") or "").strip()
    edition = (request.args.get("edition") or "").strip()
    context = {"question": question, "edition": edition.upper(), "answer": None, "error": None,
               "editions": sorted(EDITIONS, reverse=True), "default_edition": DEFAULT_EDITION, "database": db.name}
    if question:
        try:
            answer = await _in_thread(db, _page_answer, str(db.path), question, asked_edition(edition))
        except CheckerError as e:
            context["error"] = str(e)
        else:
            for citation in answer.get("citations", []):
                citation["url"] = _citation_url(datasette, db.name, citation)
            context["answer"] = answer
    elif "q" in request.args:
        context["error"] = "Type a question first, e.g. “Is a Camouflaged trooper revealed if it declares Cautious Movement?”"
    return Response.html(await datasette.render_template("rulecheck_ask.html", context, request=request))


async def search_page(datasette, request):
    """`/-/search?q=…`: full-text search across rules and FAQs, in English or Spanish."""
    db = rulecheck_database(datasette)
    if db is None:
        return await _missing_base(datasette, request)
    text = (request.args.get("q") or "").strip()
    hits = await _in_thread(db, _search, str(db.path), text) if text else []
    for hit in hits:
        hit["url"] = _citation_url(datasette, db.name, hit)
    return Response.html(
        await datasette.render_template(
            "rulecheck_search.html", {"q": text, "hits": hits, "database": db.name}, request=request
        )
    )


def _row_title(table: str, found: dict) -> str:
    if table == "rules":
        return f"{found['rule']['page_title']}: {found['rule']['id']}"
    if table == "faqs":
        question = found["faq"]["question"]
        return question if len(question) <= 70 else question[:69] + "…"
    return found["page"]["title"]


@hookimpl
def register_routes():
    return [
        (r"^/-/ask\.json$", ask_json),
        (r"^/-/ask$", ask_page),
        (r"^/-/search$", search_page),
    ]


@hookimpl
def prepare_connection(conn):
    # For the canned queries (metadata.ALIAS_FUNCTION, CLOSE_FUNCTION): the base keeps no alias
    # table, and the web never writes one.
    from rulecheck.web.metadata import ALIAS_FUNCTION, CLOSE_FUNCTION
    from rulecheck.web.names import alias_page, close_page

    conn.create_function(ALIAS_FUNCTION, 1, alias_page, deterministic=True)
    conn.create_function(CLOSE_FUNCTION, 1, close_page, deterministic=True)


@hookimpl
def render_cell(value, column, table, database, datasette):
    # Query results only (a table page links its keys itself), and only on a base: ids → rows.
    from rulecheck.web.cells import base_ids, holds_ids, linked_ids

    if table is not None or not isinstance(value, str) or not holds_ids(column):
        return None
    if not _serves_rulecheck(datasette, database):
        return None
    ids = base_ids(str(datasette.get_database(database).path))
    return linked_ids(value, column, ids, lambda tbl, key: datasette.urls.row(database, tbl, key))


_metadata_cache: dict[tuple, dict] = {}


@hookimpl
def get_metadata(datasette):
    # Each rulecheck base gets its descriptions, facets and canned queries, whether served by
    # `rulecheck serve` or a plain `datasette rulecheck.db`; metadata the user passes wins, as
    # Datasette merges local metadata over plugins'. Called many times per request, hence the cache.
    names = rulecheck_names(datasette)
    key = (datasette.urls.path("/"), tuple(names))
    if key not in _metadata_cache:
        from rulecheck.web.metadata import build_metadata, site_name

        merged: dict = {}
        for i, name in enumerate(names):
            found = build_metadata(name, url=datasette.urls.path, title=site_name(name, first=i == 0))
            merged = {**found, "databases": {**merged.get("databases", {}), **found["databases"]}}
        _metadata_cache[key] = merged
    return _metadata_cache[key]


@hookimpl
def menu_links(datasette):
    if not rulecheck_names(datasette):
        return []
    return [
        {"href": datasette.urls.path("/-/ask"), "label": "Ask a rules question"},
        {"href": datasette.urls.path("/-/search"), "label": "Search rules and FAQs"},
    ]


@hookimpl
def extra_css_urls(database, datasette):
    # Only on pages of a base (and home/ask/search beside one): the stylesheet restyles
    # Datasette's own elements, which another database's pages must keep.
    return [datasette.urls.static_plugins(PLUGIN_NAME, CSS_FILE)] if _serves_rulecheck(datasette, database) else []


def _site_name(datasette, database: str | None) -> str:
    """What the page calls its base: "rulecheck" (see `metadata.site_name`)."""
    from rulecheck.web.metadata import site_name

    names = rulecheck_names(datasette)
    name = database if database in names else names[0]
    return site_name(name, first=name == names[0])


async def _name_note(db, query: str, typed: str) -> str | None:
    """The note a canned query's page shows when its typed state or page name (`typed`) matched
    no name exactly: the misspelling it shows instead, or that nothing matched."""
    from rulecheck.web.metadata import NAME_PARAMETERS, named_pages_sql
    from rulecheck.web.names import close_name, close_note, unmatched_note

    what = NAME_PARAMETERS[query][1]
    exact = await db.execute(f"with {named_pages_sql(':p')} select count(*) from exact_pages", {"p": typed})
    if exact.first()[0]:
        return None
    found = close_name(typed)
    return close_note(typed, found, what) if found else unmatched_note(typed, what)


@hookimpl
def extra_template_vars(view_name, table, database, request, datasette):
    # `rulecheck_base` switches on our blocks of the templates; without it those pages render
    # exactly as Datasette's own. `rulecheck_site` is the base's name on every page of it.
    from rulecheck.web.metadata import NAME_PARAMETERS

    if not _serves_rulecheck(datasette, database):
        return {"rulecheck_base": False}
    plain = {"rulecheck_base": True, "rulecheck_site": _site_name(datasette, database)}
    query = (request.url_vars.get("table") if request is not None else None) if table is None else None
    if view_name == "table" and query in NAME_PARAMETERS:
        typed = (request.args.get(NAME_PARAMETERS[query][0]) or "").strip()
        if not typed:
            return plain

        async def with_note():
            return {**plain, "rulecheck_note": await _name_note(datasette.get_database(database), query, typed)}

        return with_note
    if view_name != "row" or table not in ("rules", "faqs", "pages") or request is None:
        return plain

    async def inner():
        db = datasette.get_database(database)
        pks = urlsafe_components(request.url_vars["pks"])
        if len(pks) != 1:
            return plain
        key = pks[0]
        fetch = {"rules": related.rule_context, "faqs": related.faq_context, "pages": related.page_context}[table]
        found = await fetch(db, key)
        if not found:
            return plain
        return {**plain, "rulecheck": found, "rulecheck_table": table, "rulecheck_title": _row_title(table, found)}

    return inner
