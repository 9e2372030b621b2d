"""Keep the base current: build it when it is missing or the bundled data changed.

The build side of `rulecheck.kb.location` (which says where the base lives and whether it is
current, and never imports the build): `rulecheck ask` and `rulecheck serve` call
`ensure_built` before they read.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rulecheck.kb.location import inspect_base, resolve_db_path

#: `on_build(path, reason)`: told before an automatic build; reason `missing` or `stale`.
OnBuild = Callable[[Path, str], None]
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
    path = resolve_db_path(path)
    state = inspect_base(path)
    if state.status == "current":
        return path
    if on_build is not None:
        on_build(path, state.status)
    from rulecheck.kb.build import build_database  # the heavy side, only when a build is due

    report = build_database(path, state.extras, manifests=state.manifests, keep_missing=True)
    if on_note is not None:
        for warning in report.warnings:
            if warning.code == "missing-extra":
                on_note(str(warning))
    return path
