"""`rulecheck serve`: browse the knowledge base and ask questions in Datasette."""
from __future__ import annotations

import logging
import socket
import sys
from pathlib import Path

import click

from rulecheck.cli.workers import MAX_DEFAULT_WORKERS, WorkerError, default_workers, run_workers

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8001


#: Datasette settings of `rulecheck serve`. No suggested facets: Datasette would run one query
#: per column of a table on every table page to suggest some (two for a date check), which on a
#: base with 5,000 extra pages (145,000 bullets) is most of a search's time; the metadata's own
#: facets stay, and any other column is a facet when asked (`_facet=`, a column's menu).
SETTINGS = {"suggest_facets": False}


def make_datasette(db_path: Path):
    """A Datasette on the base, immutable (no writes). The plugin, loaded by its entry point,
    supplies the metadata (`get_metadata`), as it does for a plain `datasette rulecheck.db`."""
    from datasette.app import Datasette

    return Datasette(immutables=[str(db_path)], settings=SETTINGS)


def run_server(ds, sock: socket.socket, compile_templates: bool = False) -> bool:
    """Serve the Datasette `ds` on the listening `sock` in this process until SIGTERM or SIGINT
    (Ctrl+C); whether it served at all (False: the server could not start). `compile_templates`:
    compile every template first, before taking connections, rather than on first use."""
    import uvicorn

    quiet_hung_up_clients()
    if compile_templates:
        for name in ds.jinja_env.list_templates():
            ds.jinja_env.get_template(name)
    # lifespan: uvicorn runs Datasette's startup before it takes connections.
    server = uvicorn.Server(uvicorn.Config(ds.app(), log_level="warning", lifespan="on"))
    server.run(sockets=[sock])
    return server.started


def bound_socket(host: str, port: int) -> socket.socket:
    """A socket bound to `host:port` for uvicorn to listen on (port 0: any free port; read the
    one it got with `getsockname()`). Raises OSError when the port is taken.

    Binds with SO_REUSEADDR, as uvicorn does: connections of a server just stopped linger in
    TIME-WAIT on the port, and only a socket still listening there makes it busy.
    """
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def port_free(host: str, port: int) -> bool:
    """True when uvicorn could listen on `host:port` now (see `bound_socket`)."""
    try:
        bound_socket(host, port).close()
    except OSError:
        return False
    return True


class HungUpClientFilter(logging.Filter):
    """Drops asyncio's "socket.send() raised exception." warning.

    asyncio logs it when a response is still being written after its client hung up (a browser
    tab closed, a request cancelled): the rest of that response is discarded, which is all there
    is to do. Every other asyncio message passes.
    """

    MESSAGE = "socket.send() raised exception."

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg != self.MESSAGE


def quiet_hung_up_clients() -> None:
    """Install `HungUpClientFilter` on the asyncio logger (once)."""
    logger = logging.getLogger("asyncio")
    if not any(isinstance(f, HungUpClientFilter) for f in logger.filters):
        logger.addFilter(HungUpClientFilter())


@click.command()
@click.option("--db", "db", type=click.Path(dir_okay=False), help="The knowledge base (default: $RULECHECK_DB or the per-user data folder).")
@click.option("--port", "-p", default=DEFAULT_PORT, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--host", default=DEFAULT_HOST, show_default=True, help="Interface to listen on (0.0.0.0 for the whole network).")
@click.option("--workers", "-w", type=click.IntRange(1, 64), default=None,
              help=f"Server processes answering requests (default: one per CPU, at most {MAX_DEFAULT_WORKERS}).")
def serve(db: str | None, port: int, host: str, workers: int | None) -> None:
    """Browse rules, FAQs and errata, and ask questions, in Datasette (read-only).

    Builds the knowledge base first when it is missing or the bundled pages changed. A base
    rebuilt while the server runs (rulecheck build) is served from the next request on, with no
    restart. --port 0 picks a free port and prints it.

    \b
    Serve the default base on http://127.0.0.1:8001/ :
        rulecheck serve
    \b
    Another base, another port:
        rulecheck serve --db rules.db --port 8080
    \b
    One server process only:
        rulecheck serve --workers 1
    """
    from rulecheck.kb.processes import fork_is_safe
    from rulecheck.kb.rebuild import ensure_built
    from rulecheck.kb.read import KnowledgeBaseError

    count = workers or default_workers()
    if count > 1 and not fork_is_safe():
        raise click.UsageError("--workers above 1 needs Linux (its workers are forked); use --workers 1.")

    def building(path: Path, reason: str) -> None:
        why = "first use" if reason == "missing" else "the bundled data changed"
        click.echo(f"Building the knowledge base at {path} ({why})…", err=True)

    try:
        path = ensure_built(db, on_build=building,
                            on_note=lambda note: click.echo(f"warning: {note}", err=True))
    except KnowledgeBaseError as e:
        raise click.ClickException(str(e)) from e
    try:
        sock = bound_socket(host, port)
    except OSError as e:
        if port:
            raise click.ClickException(f"Port {port} on {host} is in use. Pick another with: rulecheck serve --port {port + 1}") from e
        raise click.ClickException(f"Cannot listen on {host}: {e.strerror or e}. Pick another with: rulecheck serve --host 127.0.0.1") from e
    port = sock.getsockname()[1]  # the one the system gave, for --port 0

    import uvicorn  # noqa: F401 - here, once, rather than in each worker

    ds = make_datasette(path)

    shown = f"[{host}]" if ":" in host else host
    processes = "" if count == 1 else f", {count} processes"
    click.echo(f"Serving {path} (read-only{processes}) at http://{shown}:{port}/")
    click.echo(f"  Ask:    http://{shown}:{port}/-/ask")
    click.echo(f"  Search: http://{shown}:{port}/-/search")
    click.echo("A rebuilt base (rulecheck build) is served from the next request on, without a restart.")
    click.echo("Press Ctrl+C to stop.")
    sys.stdout.flush()  # or each forked worker would write this process's unwritten output again
    if count == 1:
        run_server(ds, sock)
        return
    from rulecheck.web.plugin import warm_up

    try:
        # Each worker its own Datasette: its connections, threads and event loop are its own. The
        # first serves at once, as one process would; meanwhile this process reads what pages
        # read on first use and the others start with it, compiling the templates before they
        # take connections: they join warm.
        run_workers(count, lambda number: run_server(make_datasette(path), sock, compile_templates=number > 0),
                    prepare=lambda: warm_up(ds))
    except WorkerError as e:
        raise click.ClickException(str(e)) from e
