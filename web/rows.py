"""The rows of a base's table and row pages as HTML: what Datasette 0.65's `_table.html` writes,
written by a Python function.

Datasette renders its templates with Jinja in async mode, where every `{{ … }}` is a few
awaited calls; the rows are most of a table page's expressions (a search page of the `rules`
table: 20 rows of 13 cells), so they were a third of its time. `templates/_table.html` calls
`rows_table` on a base's pages and includes Datasette's own template everywhere else. The
markup is the template's, element for element and attribute for attribute (a test renders both
and compares them); only the whitespace between tags differs.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from datasette.utils import to_css_class
from markupsafe import Markup, escape


def _sort_link(column: dict, sort, sort_desc, request, fix_path: Callable, path_with_replaced_args: Callable) -> str:
    name = column["name"]
    if name == sort:
        href = fix_path(path_with_replaced_args(request, {"_sort_desc": name, "_sort": None, "_next": None}))
        return f'<a href="{escape(href)}" rel="nofollow">{escape(name)}&nbsp;▼</a>'
    href = fix_path(path_with_replaced_args(request, {"_sort": name, "_sort_desc": None, "_next": None}))
    arrow = "&nbsp;▲" if name == sort_desc else ""
    return f'<a href="{escape(href)}" rel="nofollow">{escape(name)}{arrow}</a>'


def _header(column: dict, sort, sort_desc, request, fix_path: Callable, path_with_replaced_args: Callable) -> str:
    description = column.get("description")
    described = f'data-column-description="{escape(description)}" ' if description else ""
    label = (_sort_link(column, sort, sort_desc, request, fix_path, path_with_replaced_args)
             if column["sortable"] else escape(column["name"]))
    return (f'<th {described}class="col-{escape(to_css_class(column["name"]))}" scope="col" '
            f'data-column="{escape(column["name"])}" data-column-type="{escape(column["type"].lower())}" '
            f'data-column-not-null="{escape(column["notnull"])}" data-is-pk="{1 if column["is_pk"] else 0}">'
            f"{label}</th>")


def rows_table(display_columns: list[dict], display_rows: Iterable, sort=None, sort_desc=None, request=None,
               fix_path: Callable = str, path_with_replaced_args: Callable | None = None) -> Markup:
    """The rows of a table or row page (Datasette's `display_columns` and `display_rows`), as
    Datasette's `_table.html` writes them: a table with a header of sort links, or "0 records"."""
    if not display_rows:
        return Markup('<p class="zero-results">0 records</p>')
    css_classes: dict[str, str] = {}
    body = []
    for row in display_rows:
        cells = []
        for cell in row:
            column = cell["column"]
            if column not in css_classes:
                css_classes[column] = str(escape(to_css_class(column)))
            cells.append(f'<td class="col-{css_classes[column]} type-{escape(cell["value_type"])}">{escape(cell["value"])}</td>')
        body.append("<tr>" + "".join(cells) + "</tr>")
    headers = "".join(_header(column, sort, sort_desc, request, fix_path, path_with_replaced_args)
                      for column in display_columns)
    return Markup(f'<div class="table-wrapper">\n<table class="rows-and-columns">\n<thead><tr>{headers}</tr></thead>\n'
                  f"<tbody>\n" + "\n".join(body) + "\n</tbody>\n</table>\n</div>")
