"""What the templates of a base's pages are given (`extra_template_vars`), and the error page.

Every page of a base gets `rulecheck_base`, the site's name, the state pages (home and the
"not found" page lead to them) and the link to the editors' view of what it shows. Rule, FAQ
and page rows get the player's view (`related.py`) unless `?view=editors` asks for Datasette's
own row page. Canned queries get a note when a typed name or edition matched nothing.
"""
from __future__ import annotations

from datasette.utils import urlsafe_components

from rulecheck.web import related
from rulecheck.web.bases import rulecheck_names
from rulecheck.web.rows import rows_table
from rulecheck.web.sections import section_title

ROW_CONTEXTS = {"rules": related.rule_context, "faqs": related.faq_context, "pages": related.page_context}

#: Facets named in words on a base's table pages (the columns keep their names elsewhere).
COLUMN_NAMES = {
    "page_id": "Page", "section": "Section", "edition": "Edition", "errata": "Errata", "kind": "Kind",
    "title": "Box title", "version": "Version", "lang": "Language", "format": "Format", "how": "How it was found",
    "from_page_id": "From page", "to_page_id": "To page", "source": "File", "code": "Problem",
    "strength": "Strength", "ways": "Ways found",
}


def site_name(datasette, database: str | None) -> str:
    """What the page calls its base: "rulecheck" (see `metadata.site_name`)."""
    from rulecheck.web.metadata import site_name as name_of

    names = rulecheck_names(datasette)
    name = database if database in names else names[0]
    return name_of(name, first=name == names[0])


def _row_title(table: str, found: dict) -> str:
    if table == "rules":
        return f"{found['rule']['page_title']}: {found['rule']['ref']}"
    if table == "faqs":
        question = found["faq"]["question"]
        return question if len(question) <= 70 else question[:69] + "…"
    return found["page"]["title"]


def _common(datasette, database: str | None, request) -> dict:
    from rulecheck.web.statepages import state_pages

    names = rulecheck_names(datasette)
    home_db = database if database in names else names[0]
    path = str(datasette.get_database(home_db).path)
    return {
        "rulecheck_base": True,
        "rulecheck_site": site_name(datasette, database),
        "rulecheck_db": home_db,
        "rulecheck_states": state_pages(path),
        "rulecheck_editors_url": datasette.urls.database(home_db),
        "rulecheck_names": names,
        "rulecheck_column_names": COLUMN_NAMES,
        "rulecheck_section_title": section_title,
        "rulecheck_rows_table": rows_table,
    }


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


async def _edition_note(db, typed: str) -> str | None:
    """The note `rules_by_edition` shows for an edition the base has no bullet of."""
    from rulecheck.web.metadata import base_editions_sql, edition_note

    held = [row[0] for row in (await db.execute(base_editions_sql())).rows]
    return None if typed.upper() in {e.upper() for e in held} else edition_note(typed, held)


def template_vars(datasette, template, view_name, table, database, request, *, editors: bool):
    """The variables (or a coroutine for them) a page of a base is rendered with."""
    from rulecheck.web.metadata import EDITION_QUERY, NAME_PARAMETERS

    plain = _common(datasette, database, request)
    query = (request.url_vars.get("table") if request is not None else None) if table is None else None
    if view_name == "table" and (query in NAME_PARAMETERS or query == EDITION_QUERY):
        param = NAME_PARAMETERS[query][0] if query in NAME_PARAMETERS else "edition"
        typed = (request.args.get(param) or "").strip()
        if not typed:
            return plain

        async def with_note():
            db = datasette.get_database(database)
            note = await (_edition_note(db, typed) if query == EDITION_QUERY else _name_note(db, query, typed))
            return {**plain, "rulecheck_note": note}

        return with_note
    if view_name != "row" or table not in ROW_CONTEXTS or request is None:
        return plain
    pks = urlsafe_components(request.url_vars["pks"])
    if len(pks) != 1:
        return plain
    row_path = datasette.urls.row(database, table, pks[0])
    if editors:
        # Datasette's own row page; the footer leads back to the player's view.
        editing = {**plain, "rulecheck_editors": True, "rulecheck_editors_url": row_path}
        if table != "pages":
            return editing

        async def for_editors():
            return {**editing, "rulecheck_dangling": await related.dangling_links(datasette.get_database(database), pks[0])}

        return for_editors

    async def player_view():
        found = await ROW_CONTEXTS[table](datasette.get_database(database), pks[0])
        if not found:
            return plain
        return {**plain, "rulecheck": found, "rulecheck_table": table, "rulecheck_title": _row_title(table, found),
                "rulecheck_editors_url": f"{row_path}?view=editors"}

    return player_view


async def error_page(datasette, request, exception):
    """The error page of a server with a base: Datasette's status and message, the site's
    header and menu, the ways on (home, the states, ask, search)."""
    from datasette.utils.asgi import Base400, Response
    from datasette.views.base import DatasetteError
    from markupsafe import Markup

    title = None
    if isinstance(exception, Base400):
        status, message = exception.status, exception.args[0]
    elif isinstance(exception, DatasetteError):
        status, message, title = exception.status, exception.message, exception.title
        if exception.message_is_html:
            message = Markup(message)
    else:
        return None  # a crash: Datasette's own handler reports it (and prints the traceback)
    if status == 404 and not title:
        title = "Not found"
    context = {"status": status, "message": message, "title": title or f"Error {status}", "error": message}
    html = await datasette.render_template(["rulecheck_error.html"], context, request=request)
    return Response.html(html, status=status)
