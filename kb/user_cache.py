"""The user's cache folder (`$XDG_CACHE_HOME/rulecheck`, else `~/.cache/rulecheck`), where the
checker keeps its validated logic table and the build side the bundled data's fingerprint."""
from __future__ import annotations

import os
import time
from pathlib import Path


def cache_dir() -> Path | None:
    """The folder, or None when there is no cache home and no home folder (run without one)."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:  # no HOME and no user entry
            return None
    return Path(base) / "rulecheck"


def prune(keep: Path, pattern: str, age: float = 86400.0) -> None:
    """Remove the files matching `pattern` beside `keep` that earlier data or code left (each
    upgrade or edit keys a new one), but any written in the last `age` seconds, for another
    install still using it."""
    cutoff = time.time() - age
    for old in keep.parent.glob(pattern):
        try:
            if old != keep and old.stat().st_mtime < cutoff:
                old.unlink()
        except OSError:
            pass  # gone already, or not ours to remove
