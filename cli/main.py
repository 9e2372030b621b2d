import click

@click.group()
def cli():
    """rulecheck."""

@cli.command()
def hello():
    from rulecheck.data import PAGES_DIR
    print([p.name for p in PAGES_DIR.iterdir()])
