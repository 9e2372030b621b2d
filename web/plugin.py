"""The rulecheck Datasette plugin's hooks: its pages, the player's pages of a base (home, state
pages, bullets, FAQs), the editors' view, the menu, metadata, cells and error pages.

Registered through the `rulecheck.web` package (the `datasette` entry point in pyproject.toml),
so Datasette itself finds our `templates/` and serves `static/` at `/-/static-plugins/rulecheck/`.
"""
from __future__ import annotations

from datasette import hookimpl

from rulecheck.web.bases import is_rulecheck_base, rulecheck_bases, rulecheck_names, serves_rulecheck

#: The name Datasette serves our `static/` folder under: the distribution's name.
PLUGIN_NAME = "rulecheck"
CSS_FILE = "rulecheck.css"
JS_FILE = "rulecheck.js"

#: At most this much of a base is memory-mapped (`pragma mmap_size`): more than any base built yet.
MMAP_BYTES = 1 << 30

#: `?view=editors` on a rule, FAQ or page shows Datasette's own row page: every column and the
#: rows of other tables pointing at it, with a page's dangling links.
EDITORS_ARG = ("view", "editors")


@hookimpl
def register_routes():
    from rulecheck.web.routes import ask_json, ask_page, search_page

    return [
        (r"^/-/ask\.json$", ask_json),
        (r"^/-/ask$", ask_page),
        (r"^/-/search$", search_page),
    ]


@hookimpl
def asgi_wrapper(datasette):
    # Each request looks at each base's file once (see reload.one_look_per_request).
    from rulecheck.web.reload import one_look_per_request

    return one_look_per_request


@hookimpl
def startup(datasette):
    # Serve a rebuilt base without a restart (see reload.py).
    from rulecheck.web.reload import follow_files

    follow_files(datasette, is_rulecheck_base)


def warm_up(datasette) -> None:
    """Read now what a base's pages read on first use: the metadata, the Spanish rules and the
    pages of each base, once per version of its file (most of a first table page's second on a
    base of 5,000 pages), and the checker's logic table (the ask page). No connection is kept
    open. `rulecheck serve` calls it once its first server process is serving, before it forks
    the others, which then start with all of it read."""
    from rulecheck.checker.answer import answer_question  # noqa: F401 - the ask page's imports
    from rulecheck.checker.logic import load_logic
    from rulecheck.web.cells import spanish_rules
    from rulecheck.web.statepages import state_pages

    load_logic()
    get_metadata(datasette)
    for _name, path, _stamp in rulecheck_bases(datasette):
        spanish_rules(path)
        state_pages(path)


@hookimpl
def prepare_connection(conn, database, datasette):
    # For the canned queries (metadata.ALIAS_FUNCTION, CLOSE_FUNCTION): the base keeps no alias
    # table, and the web never writes one.
    from rulecheck.web.metadata import ALIAS_FUNCTION, CLOSE_FUNCTION
    from rulecheck.web.names import alias_page, close_page

    if database in datasette.databases and is_rulecheck_base(datasette.get_database(database)):
        # Pages read straight from the OS's file cache, shared by every connection and process,
        # rather than copied into each connection's small cache (a search of 145,000 bullets
        # reads thousands): safe, as nothing writes to a base while it is served.
        conn.execute(f"pragma mmap_size = {MMAP_BYTES}")
    conn.create_function(ALIAS_FUNCTION, 1, alias_page, deterministic=True)
    conn.create_function(CLOSE_FUNCTION, 1, close_page, deterministic=True)


@hookimpl
def render_cell(row, value, column, table, database, datasette):
    # Only on a base: in query results, ids become links to their rows and FAQ ids show their
    # question; in tables and results, the text of a Spanish page's rule is marked Spanish.
    from rulecheck.web.cells import base_ids, linked_ids, may_render, spanish_rules, spanish_text

    if not isinstance(value, str) or not may_render(column, table) or not serves_rulecheck(datasette, database):
        return None
    path = str(datasette.get_database(database).path)
    if table is None:
        linked = linked_ids(value, column, base_ids(path), lambda tbl, key: datasette.urls.row(database, tbl, key))
        if linked is not None:
            return linked
    return spanish_text(value, column, row, spanish_rules(path))


_metadata_cache: dict[tuple, dict] = {}


@hookimpl
def get_metadata(datasette):
    # Each rulecheck base gets its descriptions, facets and canned queries, whether served by
    # `rulecheck serve` or a plain `datasette rulecheck.db`; metadata the user passes wins, as
    # Datasette merges local metadata over plugins'. Called many times per request, hence the
    # cache, kept per version of each base (a rebuilt one may hold other editions).
    bases = rulecheck_bases(datasette)
    names, paths = [b[0] for b in bases], [b[1] for b in bases]
    key = (datasette.urls.path("/"), tuple(bases))
    if key not in _metadata_cache:
        from rulecheck.web.metadata import base_facts, build_metadata, site_name

        merged: dict = {}
        for i, (name, path) in enumerate(zip(names, paths)):
            found = build_metadata(name, url=datasette.urls.path, title=site_name(name, first=i == 0),
                                   facts=base_facts(path))
            merged = {**found, "databases": {**merged.get("databases", {}), **found["databases"]}}
        _metadata_cache.clear()
        _metadata_cache[key] = merged
    return _metadata_cache[key]


@hookimpl
def menu_links(datasette):
    from rulecheck.web.statepages import state_pages

    names = rulecheck_names(datasette)
    if not names:
        return []
    db = datasette.get_database(names[0])
    # The states only: a base with 5,000 extra pages would put 5,000 links in every page's menu
    # (most of a table page's time); the home page and the pages table list the others.
    states = [{"href": datasette.urls.row(names[0], "pages", page.id), "label": page.name}
              for page in state_pages(str(db.path)) if page.is_state]
    return states + [
        {"href": datasette.urls.path("/-/ask"), "label": "Ask a rules question"},
        {"href": datasette.urls.path("/-/search"), "label": "Search rules and FAQs"},
        {"href": datasette.urls.database(names[0]), "label": "For editors: tables and queries"},
    ]


@hookimpl
def extra_css_urls(database, datasette):
    # Only on pages of a base (and home/ask/search beside one): the stylesheet restyles
    # Datasette's own elements, which another database's pages must keep.
    return [datasette.urls.static_plugins(PLUGIN_NAME, CSS_FILE)] if serves_rulecheck(datasette, database) else []


@hookimpl
def extra_js_urls(database, datasette):
    # Names for Datasette's unlabelled filter, sort and SQL controls (see static/rulecheck.js).
    return [{"url": datasette.urls.static_plugins(PLUGIN_NAME, JS_FILE)}] if serves_rulecheck(datasette, database) else []


@hookimpl
def handle_exception(datasette, request, exception):
    # "Not found" and other errors on a server with a base: the site's header, menu and a way
    # home, in our stylesheet. JSON requests and other servers keep Datasette's own answer.
    from rulecheck.web.pages import error_page

    if request is None or request.path.split("?")[0].endswith(".json") or not rulecheck_names(datasette):
        return None
    return error_page(datasette, request, exception)


@hookimpl
def extra_template_vars(template, view_name, table, database, request, datasette):
    # `rulecheck_base` switches on our blocks of the templates; without it those pages render
    # exactly as Datasette's own. The rest is what the player's pages show.
    from rulecheck.web.pages import template_vars

    if not serves_rulecheck(datasette, database):
        return {"rulecheck_base": False}
    editors = request is not None and request.args.get(EDITORS_ARG[0]) == EDITORS_ARG[1]
    return template_vars(datasette, template, view_name, table, database, request, editors=editors)
