"""Manifests: page files with the facts they do not state themselves (language, edition, title).

`data/manifest.toml` lists the bundled pages in build order. A user's own pages take a
manifest of the same form: `rulecheck build --manifest my.toml`, or a `manifest.toml` in a
folder given to build. Each `[[page]]` has `file` (relative to the manifest's folder) and any
of `lang` (`en`, `es`), `edition` (`N3`, `N4`, `N5`, `CodeOne`) and `title`."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulecheck.data import DATA_DIR, read_toml
from rulecheck.kb.errors import KnowledgeBaseError

MANIFEST_PATH = DATA_DIR / "manifest.toml"
_FIELDS = {"file", "lang", "edition", "title"}
#: The name a manifest has inside a folder given to build.
MANIFEST_NAME = "manifest.toml"
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
    #: The page's title, when the manifest states one (it wins over the page's own).
    title: str | None = None
    #: `file` as the manifest writes it, relative to the manifest's folder.
    file: str = ""


def load_manifest(path: Path | str = MANIFEST_PATH) -> list[ManifestEntry]:
    """Read a manifest; raise `ManifestError` naming the entry at fault.

    An entry's `source` is `<manifest's folder name>/<file>` (`data/pages/camuflado.txt` for the
    bundled pages); a build from a user's manifest names sources after the path the user gave.
    """
    path = Path(path)
    fix = "Reinstall rulecheck, or fix the file." if Path(path) == MANIFEST_PATH else "Fix the file."
    data = read_toml(path, ManifestError, "the manifest", fix)
    entries: list[ManifestEntry] = []
    seen: set[str] = set()
    for i, entry in enumerate(data.get("page", []), 1):
        where = f"{path}: page #{i}"
        unknown = set(entry) - _FIELDS
        if unknown:
            raise ManifestError(f"{where}: unknown field(s) {sorted(unknown)}; use file, lang, edition, title")
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
        title = entry.get("title")
        if title is not None and (not isinstance(title, str) or not title.strip()):
            raise ManifestError(f"{where} ({file}): title must be a non-empty string, got {title!r}")
        full = path.parent / file
        if not full.is_file():
            raise ManifestError(f"{where}: {full} does not exist; fix `file` or add the page")
        entries.append(ManifestEntry(full, f"{path.parent.name}/{file}", lang, edition,
                                     title.strip() if title else None, file))
    return entries
