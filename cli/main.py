"""The `rulecheck` command group. Subcommands live in their own modules and load on demand,
so `rulecheck ask` never pays for the build side's imports."""
from __future__ import annotations

import importlib
import sys

import click

#: command name → "module:attribute" under `rulecheck.cli`.
COMMANDS = {
    "ask": "ask:ask",
    "build": "build:build",
    "serve": "serve:serve",
}


class LazyGroup(click.Group):
    """A click group that imports a subcommand's module only when that command runs."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        module = importlib.import_module(f"rulecheck.cli.{module_name}")
        return getattr(module, attr)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except BaseException as e:
            # A build `ask` or `serve` started was stopped by SIGTERM: it cleaned up; say so and
            # exit as a signalled process would. (No build ran unless its module is loaded.)
            base_file = sys.modules.get("rulecheck.kb.base_file")
            if base_file is None or not isinstance(e, base_file.BuildInterrupted):
                raise
            click.echo(f"Error: {e}", err=True)
            sys.exit(128 + e.signum)


@click.group(cls=LazyGroup)
@click.version_option(package_name="rulecheck")
def cli() -> None:
    """Rules knowledge base and rules checker for Infinity's hidden-information states
    (Camouflaged, TO Camouflaged, Hidden Deployment, HoloMask).

    \b
    Ask a question (the knowledge base is built on first use):
        rulecheck ask "Is a Camouflaged trooper revealed if it declares Cautious Movement?"
    """
