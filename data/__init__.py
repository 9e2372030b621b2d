"""The bundled corpus (pages/) and the tables rulecheck reads: manifest, glossary, state logic."""
from pathlib import Path

#: The folder holding the bundled data files, installed or in a checkout.
DATA_DIR = Path(__file__).resolve().parent
PAGES_DIR = DATA_DIR / "pages"


def read_toml(path: Path | str, error: type[Exception], what: str, fix: str) -> dict:
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
