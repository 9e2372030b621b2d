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


def main() -> None:
    """The `rulecheck` console script: the command group, then a quick exit for `ask`.

    `rulecheck ask` is read cold, once per question: once its answer is written and flushed,
    freeing the logic table object by object at interpreter shutdown would cost about a sixth
    of its run. So after `ask` (and only then: `build` and `serve` own files, threads and
    sockets that a normal shutdown closes) the process ends at once with the command's exit
    code; the operating system reclaims the memory. Tests call `cli` in-process and never
    reach this.
    """
    import sys

    try:
        cli()
    except SystemExit as done:
        if len(sys.argv) > 1 and sys.argv[1] == "ask":
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
            if not isinstance(done.code, (int, type(None))):
                print(done.code, file=sys.stderr)
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except OSError:  # a reader that went away (`| head -1`): nothing left to say
                    pass
            import os

            os._exit(code)
        raise
