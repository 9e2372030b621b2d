"""`rulecheck build`: the CLI face of the knowledge-base build."""
from __future__ import annotations

import sys

import click

#: Show a progress bar only when there are more pages than this.
PROGRESS_MIN_PAGES = 20


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=str))
@click.option("--db", "db", type=click.Path(dir_okay=False, path_type=str),
              help="Database file to write (default: $RULECHECK_DB, else the per-user data folder).")
@click.option("--strict", is_flag=True,
              help="Exit 1 on any warning; the existing base is then left as it was, not replaced.")
@click.option("--manifest", "manifests", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=str),
              help="A manifest of your pages (the form of rulecheck's data/manifest.toml): each [[page]] has "
                   "`file` and any of `lang`, `edition`, `title`. Its pages are built too. Repeatable.")
def build(paths: tuple[str, ...], db: str | None, strict: bool, manifests: tuple[str, ...]) -> None:
    """Build the knowledge base from the bundled pages plus any PATH given.

    A PATH is a page file (MediaWiki source, wiki plain text, rulebook text or saved HTML), a
    MediaWiki XML export (Special:Export; its main-namespace pages), or a folder, read recursively. Bad files are reported as warnings and skipped; the good ones
    still land. The base is written to a temporary file and renamed at the end, so a reader
    never sees half a base.

    Say what your pages do not say themselves (language, edition, title) in a manifest, given
    with --manifest or as a manifest.toml in a folder PATH:

    \b
        [[page]]
        file = "camouflaged-n5.txt"
        lang = "en"
        edition = "N5"
        title = "Camouflaged State"

    \b
    Examples:
        rulecheck build
        rulecheck build my-pages/ Extra_Page.wiki --db rules.db --strict
        rulecheck build --manifest my-pages.toml
        rulecheck build wiki-export.xml
    """
    from rulecheck.kb.base_file import BuildInterrupted
    from rulecheck.kb.build import BadInput, StrictBuildFailed, build_database
    from rulecheck.kb.location import resolve_db_path
    from rulecheck.kb.read import KnowledgeBaseError

    bar = _Progress()
    try:
        db_path = resolve_db_path(db)
        report = build_database(db_path, list(paths), strict=strict, progress=bar.update,
                                manifests=list(manifests))
    except StrictBuildFailed as e:
        bar.close()
        _print_warnings(e.report.warnings)
        raise click.ClickException(str(e)) from None
    except BadInput as e:
        bar.close()
        raise click.UsageError(str(e)) from None
    except BuildInterrupted as e:
        bar.close()
        click.echo(f"Error: {e}", err=True)
        sys.exit(128 + e.signum)
    except KnowledgeBaseError as e:
        bar.close()
        raise click.ClickException(str(e)) from None
    bar.close()
    _print_warnings(report.warnings)
    for note in report.notes:
        click.echo(f"note: {note}", err=True)
    click.echo(
        f"Built {report.db_path}\n"
        f"  pages: {report.pages}\n"
        f"  rules: {report.rules}\n"
        f"  FAQs: {report.faqs}\n"
        f"  errata: {report.errata}\n"
        f"  links: {report.links_resolved} resolved, {report.links_dangling} dangling\n"
        f"  warnings: {len(report.warnings)}"
    )


def _print_warnings(warnings: list) -> None:
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)


class _Progress:
    """A click progress bar on stderr, opened on the first update when there are many pages."""

    def __init__(self) -> None:
        self._bar = None

    def update(self, done: int, total: int, source: str) -> None:
        if total <= PROGRESS_MIN_PAGES:
            return
        if self._bar is None:
            self._bar = click.progressbar(length=total, label="Reading pages", file=sys.stderr)
            self._bar.__enter__()
        self._bar.update(done - self._bar.pos)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None

