"""Keep the base current: build it when it is missing or the bundled data changed.

The build side of `rulecheck.kb.location` (which says where the base lives and whether it is
current, and never imports the build): `rulecheck ask` and `rulecheck serve` call
`ensure_built` before they read.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from rulecheck.kb.location import db_file, inspect_base

if TYPE_CHECKING:
    from pathlib import Path

#: `on_build(path, reason)`: told before an automatic build; reason `missing` or `stale`.
OnBuild = Callable[["Path", str], None]
#: `on_note(message)`: told of something the user should know about a rebuild (a vanished extra).
OnNote = Callable[[str], None]


def ensure_built(path: Path | str | None = None, *, on_build: OnBuild | None = None,
                 on_note: OnNote | None = None) -> Path:
    """Return the base's path, building it first when it is missing or the bundled data changed.

    `on_build(path, reason)` is called just before such a build, `reason` being `missing` or
    `stale` (the CLI prints its "Building…" note from it). A rebuild keeps the extra pages the
    base was built with (`rulecheck build PATH…`), under the same `pages.source`, and its
    manifests (`--manifest`); one that is gone is left out with a `missing-extra` warning in the base and an `on_note` message.
    Raises `NotAKnowledgeBase` when the file at `path` is not a rulecheck base (it is never
    overwritten), and `BuildError` when the base cannot be written.
    """
    from pathlib import Path

    return Path(ensure_built_file(path, on_build=on_build, on_note=on_note))


def ensure_built_file(path: str | os.PathLike | None = None, *, on_build: OnBuild | None = None,
                      on_note: OnNote | None = None) -> str:
    """`ensure_built`, the path returned as text: what a cold `rulecheck ask` uses, which
    `pathlib` would slow (only a build, when one is due, loads it)."""
    path = db_file(path)
    state = inspect_base(path)
    if state.status == "current":
        return path
    from pathlib import Path

    if on_build is not None:
        on_build(Path(path), state.status)
    from rulecheck.kb.build import build_database  # the heavy side, only when a build is due

    report = build_database(Path(path), state.extras, manifests=state.manifests, keep_missing=True)
    if on_note is not None:
        for warning in report.warnings:
            if warning.code == "missing-extra":
                on_note(str(warning))
    return path
