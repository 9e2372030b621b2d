"""The bundled corpus (pages/) and the tables rulecheck reads: manifest, glossary, state logic."""
from __future__ import annotations

import os

#: The folder holding the bundled data files, installed or in a checkout, as text: what the
#: `rulecheck ask` path uses (see `__getattr__`).
DATA_ROOT = os.path.dirname(os.path.realpath(__file__))


def path_attribute(module: str, namespace: dict, paths: dict[str, str], name: str):
    """A module's `__getattr__` for its `pathlib.Path` constants (PEP 562): `paths` maps each
    name to its text twin's value; the Path is made on first use and kept in `namespace`.
    Importing `pathlib` (and the `urllib.parse` it loads) costs a cold `rulecheck ask` about
    5 ms, so nothing on that path reads these names; the code reads the text twins, which are
    also the names to change (a test's `monkeypatch`), not the Paths."""
    if name not in paths:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    from pathlib import Path

    value = namespace[name] = Path(paths[name])
    return value


def __getattr__(name: str):
    """`DATA_DIR` and `PAGES_DIR`: `DATA_ROOT` and its `pages` folder as `pathlib.Path`s."""
    return path_attribute(__name__, globals(), {"DATA_DIR": DATA_ROOT, "PAGES_DIR": os.path.join(DATA_ROOT, "pages")},
                          name)


def read_toml(path: str | os.PathLike, error: type[Exception], what: str, fix: str) -> dict:
    """Parse the TOML file at `path`, raising `error` with a message that names `what` the file is,
    what went wrong, and the `fix` (e.g. "Reinstall rulecheck.")."""
    import tomllib  # only when a file is parsed: a cached logic table keeps `ask` from needing it

    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except OSError as e:
        raise error(f"Cannot read {what} {path}: {e.strerror or e}. {fix}") from e
    except UnicodeDecodeError as e:
        raise error(f"{what.capitalize()} {path} is not UTF-8 text (byte {e.start}): save it as UTF-8.") from e
    except tomllib.TOMLDecodeError as e:
        raise error(f"{what.capitalize()} {path} is not valid TOML: {e}. {fix}") from e
