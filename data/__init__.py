"""The bundled corpus (pages/) and the tables rulecheck reads: manifest, glossary, state logic."""
from __future__ import annotations

import os

#: The folder holding the bundled data files, installed or in a checkout, as text: what the
#: `rulecheck ask` path uses (see `__getattr__`).
DATA_ROOT = os.path.dirname(os.path.realpath(__file__))


def __getattr__(name: str):
    """`DATA_DIR` and `PAGES_DIR`, the same folders as `pathlib.Path`s, made on first use:
    importing `pathlib` (and the `urllib.parse` it loads) costs a cold `rulecheck ask` about
    5 ms, so nothing on that path touches them."""
    if name in ("DATA_DIR", "PAGES_DIR"):
        from pathlib import Path

        value = Path(DATA_ROOT) if name == "DATA_DIR" else Path(DATA_ROOT) / "pages"
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
