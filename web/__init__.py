"""rulecheck.web: the Datasette plugin.

The `datasette` entry point names this package, not `plugin.py`: Datasette looks for a
plugin's `templates/` and `static/` folders beside the module it registers, so only a
package gets them found and served (`/-/static-plugins/rulecheck/rulecheck.css`).
The hooks live in `plugin.py`; pluggy finds them here by their `@hookimpl` marks.
"""
from rulecheck.web.plugin import (
    asgi_wrapper,
    extra_css_urls,
    extra_js_urls,
    extra_template_vars,
    get_metadata,
    handle_exception,
    menu_links,
    prepare_connection,
    register_routes,
    render_cell,
    startup,
)

__all__ = [
    "asgi_wrapper",
    "extra_css_urls",
    "extra_js_urls",
    "extra_template_vars",
    "get_metadata",
    "handle_exception",
    "menu_links",
    "prepare_connection",
    "register_routes",
    "render_cell",
    "startup",
]
