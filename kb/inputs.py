"""The page files a build reads: the extra files, folders and manifests a user gives, walked
and checked.

Only regular files are read. Inside a folder, a FIFO, socket, device, broken link or symlink
loop is a warning naming it (reading a FIFO would wait forever, a device never ends); given
directly, it is `NotAPageFile`, saying what it is. Hidden files and folders are skipped. A
`manifest.toml` (given, or inside a folder) is read as a manifest, not a page: its pages are
built with the language, edition and title it states (`kb/manifest.py`).
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import NamedTuple, Sequence

from rulecheck.ingest.records import ParseWarning
from rulecheck.kb.errors import KnowledgeBaseError
from rulecheck.kb.location import ExtraSource
from rulecheck.kb.manifest import MANIFEST_NAME, ManifestEntry, load_manifest
from rulecheck.kb.page_loading import Input


class BadInput(KnowledgeBaseError):
    """A path given to the build cannot be read as pages (the CLI: a usage error)."""


class MissingInput(BadInput):
    """A page file or folder given to the build does not exist."""


class NotAPageFile(BadInput):
    """A path given to the build is a FIFO, socket or device, not a file or folder."""


class Walked(NamedTuple):
    """The page files found (sorted by source) and a warning for each thing skipped."""

    inputs: list[Input]
    warnings: list[ParseWarning]


def kind_of(mode: int) -> str | None:
    """What a file that is not a regular file or folder is, in words; None for those two."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    return "not a regular file"


def walk_extras(extras: Sequence[ExtraSource], skip: set[Path], manifests: Sequence[ExtraSource] = ()) -> Walked:
    """Every regular file under the extra paths and in the manifests, sorted by source; files in
    `skip` (resolved paths: the bundled pages) and files met twice left out.

    Files are read from the absolute path; their source is the path as given (a manifest's file
    joined to the manifest's path as given), so an automatic rebuild from another folder names
    (and so ids) the pages as the first build did. Raises `MissingInput` for a path that does
    not exist, `NotAPageFile` for one that is a FIFO, socket or device, `ManifestError` for a
    malformed manifest.
    """
    found: dict[str, Path] = {}
    #: Where each plain file met in a folder really is (its folder's real path and its name):
    #: resolving 5,000 paths one by one took half a second before any page was parsed.
    real_paths: dict[Path, Path] = {}
    manifests = list(manifests)
    warnings: list[ParseWarning] = []
    for extra in extras:
        path = Path(extra.path)
        try:
            mode = path.stat().st_mode
        except OSError as e:
            if e.errno == errno.ELOOP:
                raise NotAPageFile(f"{extra.given} is a symbolic link loop, not a page file or folder; "
                                   "give the file or folder it should point to.") from None
            raise MissingInput(f"No such file or folder: {extra.given}. Check the path and try again.") from None
        what = kind_of(mode)
        if what:
            raise NotAPageFile(f"{extra.given} is {what}, not a page file or folder; give a page file "
                               "(MediaWiki source or export, plain text, rulebook text, HTML) or a folder of them.")
        if stat.S_ISREG(mode):
            if path.name == MANIFEST_NAME:
                manifests.append(extra)
            else:
                found.setdefault(extra.given, path)
            continue
        top = path.resolve()
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            inside = Path(root).relative_to(path)  # os.walk never enters a link: `top / inside` is real
            given, real = Path(extra.given) / inside, top / inside
            for name in sorted(files) + [d for d in dirs if Path(root, d).is_symlink()]:
                if name.startswith("."):
                    continue
                child = Path(root, name)
                source = str(given / name)
                if _is_plain_file(child) and name != MANIFEST_NAME:
                    real_paths[child] = real / name
                    found.setdefault(source, child)
                    continue
                problem = _not_a_file(child)
                if problem:
                    warnings.append(ParseWarning(source, f"{problem}; skipped", code="not-a-file"))
                elif child.is_file():
                    if name == MANIFEST_NAME:
                        manifests.append(ExtraSource(source, str(child)))
                    else:
                        found.setdefault(source, child)
    facts: dict[Path, ManifestEntry] = {}
    for manifest in manifests:
        for entry in load_manifest(manifest.path):
            facts.setdefault(entry.path.resolve(), entry)
            found.setdefault(os.path.normpath(Path(manifest.given).parent / entry.file), entry.path)
    inputs: list[Input] = []
    seen = set(skip)
    for source, path in sorted(found.items()):
        resolved = real_paths.get(path) or path.resolve()
        if resolved in seen:
            continue
        seen.add(resolved)
        entry = facts.get(resolved)
        inputs.append(Input(path, source) if entry is None else
                      Input(path, source, entry.lang, entry.edition, entry.title))
    return Walked(inputs, warnings)


def _is_plain_file(child: Path) -> bool:
    """A regular file that is no symbolic link (one `lstat`; anything else takes the long way)."""
    try:
        return stat.S_ISREG(os.lstat(child).st_mode)
    except OSError:
        return False


def _not_a_file(child: Path) -> str | None:
    """Why a folder entry is not a page file (None for a regular file, or a link to a folder,
    which is not followed, as before)."""
    try:
        mode = child.stat().st_mode
    except OSError as e:
        if e.errno == errno.ELOOP:
            return "is a symbolic link loop"
        if child.is_symlink():
            return f"is a broken symbolic link (to {os.readlink(child)})"
        return f"cannot be read ({e.strerror})"
    what = kind_of(mode)
    return f"is {what}, not a page file" if what else None
