"""`data/manifest.toml`: the bundled pages, in build order, with the facts they do not state
themselves (language, edition)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulecheck.data import DATA_DIR, read_toml
from rulecheck.kb.errors import KnowledgeBaseError

MANIFEST_PATH = DATA_DIR / "manifest.toml"
_FIELDS = {"file", "lang", "edition"}
_LANGS = {"en", "es"}
EDITIONS = ("N3", "N4", "N5", "CodeOne")


class ManifestError(KnowledgeBaseError):
    """The manifest is malformed or names a missing file: an authoring error."""


@dataclass(frozen=True)
class ManifestEntry:
    """One bundled page: where it is, how the base names its source, and its language/edition."""

    path: Path
    #: The source recorded in `pages.source` and in warnings: `data/<file>`, the same on every install.
    source: str
    lang: str | None
    edition: str | None


def load_manifest(path: Path | str = MANIFEST_PATH) -> list[ManifestEntry]:
    """Read the manifest; raise `ManifestError` naming the entry at fault."""
    path = Path(path)
    data = read_toml(path, ManifestError, "the manifest", "Reinstall rulecheck, or fix the file.")
    entries: list[ManifestEntry] = []
    seen: set[str] = set()
    for i, entry in enumerate(data.get("page", []), 1):
        where = f"{path}: page #{i}"
        unknown = set(entry) - _FIELDS
        if unknown:
            raise ManifestError(f"{where}: unknown field(s) {sorted(unknown)}; use file, lang, edition")
        file = entry.get("file")
        if not isinstance(file, str) or not file:
            raise ManifestError(f"{where}: give `file`, relative to {path.parent}")
        if file in seen:
            raise ManifestError(f"{where}: {file} is listed twice; remove one entry")
        seen.add(file)
        lang, edition = entry.get("lang"), entry.get("edition")
        if lang is not None and lang not in _LANGS:
            raise ManifestError(f"{where} ({file}): lang must be one of {', '.join(sorted(_LANGS))}, got {lang!r}")
        if edition is not None and edition not in EDITIONS:
            raise ManifestError(f"{where} ({file}): edition must be one of {', '.join(EDITIONS)}, got {edition!r}")
        full = path.parent / file
        if not full.is_file():
            raise ManifestError(f"{where}: {full} does not exist; fix `file` or add the page")
        entries.append(ManifestEntry(full, f"{path.parent.name}/{file}", lang, edition))
    return entries
