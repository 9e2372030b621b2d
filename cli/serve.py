"""`rulecheck serve`: browse the knowledge base and ask questions in Datasette."""
from __future__ import annotations

import socket
from pathlib import Path

import click

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8001


def make_datasette(db_path: Path):
    """A Datasette on the base, immutable (no writes), with our metadata; the plugin loads by entry point."""
    from datasette.app import Datasette

    from rulecheck.web.metadata import build_metadata

    return Datasette(immutables=[str(db_path)], metadata=build_metadata(db_path.stem))


def _port_free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


@click.command()
@click.option("--db", "db", type=click.Path(dir_okay=False), help="The knowledge base (default: $RULECHECK_DB or the per-user data folder).")
@click.option("--port", "-p", default=DEFAULT_PORT, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--host", default=DEFAULT_HOST, show_default=True, help="Interface to listen on (0.0.0.0 for the whole network).")
def serve(db: str | None, port: int, host: str) -> None:
    """Browse rules, FAQs and errata, and ask questions, in Datasette (read-only).

    Builds the knowledge base first when it is missing or the bundled pages changed.

    \b
    Serve the default base on http://127.0.0.1:8001/ :
        rulecheck serve
    \b
    Another base, another port:
        rulecheck serve --db rules.db --port 8080
    """
    from rulecheck.kb.location import ensure_built
    from rulecheck.kb.read import KnowledgeBaseError

    try:
        path = ensure_built(db)
    except KnowledgeBaseError as e:
        raise click.ClickException(str(e)) from e
    if port and not _port_free(host, port):
        raise click.ClickException(f"Port {port} on {host} is in use. Pick another with: rulecheck serve --port {port + 1}")

    import uvicorn

    ds = make_datasette(path)  # its app runs Datasette's startup on the first request
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"Serving {path} (read-only) at http://{shown}:{port}/")
    click.echo(f"  Ask:    http://{shown}:{port}/-/ask")
    click.echo(f"  Search: http://{shown}:{port}/-/search")
    click.echo("Press Ctrl+C to stop.")
    uvicorn.run(ds.app(), host=host, port=port, log_level="warning", lifespan="on")
