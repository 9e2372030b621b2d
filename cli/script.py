"""The `rulecheck` console script's first module: it imports nothing until it knows the command.

A cold `rulecheck ask` makes a few hundred thousand objects (click, the checker's modules, the
logic cache) and frees almost none of them before it ends, so the cyclic collector's passes during
those imports find nothing and cost about a twentieth of the run. For `ask` alone the collector is
switched off before anything else loads (`build` and `serve` run long and keep it); an `ask`
holds a few MiB, which the operating system takes back when the process ends.
"""
from __future__ import annotations

import sys


def main() -> None:
    """The console script: `rulecheck.cli.main.main`, with the collector off for `ask`."""
    if sys.argv[1:2] == ["ask"]:
        import gc

        gc.disable()
    from rulecheck.cli.main import main as run

    run()
