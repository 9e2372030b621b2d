"""The verdict table (`data/verdicts.toml`): (proposition asked, polarity, outcome) → verdict.

The one place a verdict comes from: the rows decide an outcome ("Hidden Deployment is
cancelled"), the question decides what is asked of it ("does it survive?"), and this table
turns the pair into yes / no / depends / unknown. A pair the table lacks is `unknown`.
"""
from __future__ import annotations

import os
from functools import lru_cache
from typing import TYPE_CHECKING

from rulecheck.checker.errors import LogicTableError
from rulecheck.checker.logic import OUTCOMES as ROW_OUTCOMES
from rulecheck.data import DATA_ROOT, path_attribute, read_toml

if TYPE_CHECKING:
    from pathlib import Path

#: The bundled verdict table, as text (`VERDICTS_PATH` is the same file as a `pathlib.Path`).
VERDICTS_FILE = os.path.join(DATA_ROOT, "verdicts.toml")
VERDICTS = ("yes", "no", "depends", "unknown")
PROPOSITIONS = ("revealed", "state_ends", "may", "required", "property", "open", "fact")
POLARITIES = ("+", "-")
#: Every outcome a row can give, and `depends`.
OUTCOMES = (*dict.fromkeys(o for outcomes in ROW_OUTCOMES.values() for o in outcomes), "depends")


def __getattr__(name: str):
    """`VERDICTS_PATH`: `VERDICTS_FILE` as a `pathlib.Path`, made on first use (`data.path_attribute`)."""
    return path_attribute(__name__, globals(), {"VERDICTS_PATH": VERDICTS_FILE}, name)


def load_verdicts(path: Path | str = VERDICTS_FILE) -> dict[tuple[str, str, str], str]:
    """(proposition, polarity, outcome) → verdict; `LogicTableError` naming a bad cell."""
    return dict(_load(os.fspath(path)))


@lru_cache(maxsize=4)
def _load(path: str) -> tuple:
    data = read_toml(path, LogicTableError, "the verdict table", "Fix the file (an authoring error).")
    cells = {}
    for prop, by_polarity in data.items():
        if prop not in PROPOSITIONS:
            raise LogicTableError(f"{path}: [{prop}] is not a proposition; use {', '.join(PROPOSITIONS)}")
        if not isinstance(by_polarity, dict):
            raise LogicTableError(f"{path}: [{prop}] must hold a table per polarity (\"+\", \"-\")")
        for polarity, row in by_polarity.items():
            if polarity not in POLARITIES or not isinstance(row, dict):
                raise LogicTableError(f"{path}: [{prop}.{polarity!r}]: the polarity must be \"+\" or \"-\"")
            for outcome, verdict in row.items():
                if outcome not in OUTCOMES:
                    raise LogicTableError(f"{path}: [{prop}.\"{polarity}\"] {outcome}: not an outcome; use {', '.join(OUTCOMES)}")
                if verdict not in VERDICTS:
                    raise LogicTableError(f"{path}: [{prop}.\"{polarity}\"] {outcome} = {verdict!r}: use {', '.join(VERDICTS)}")
                cells[(prop, polarity, outcome)] = verdict
    return tuple(cells.items())


def verdict(table: dict[tuple[str, str, str], str], proposition: str, polarity: str, outcome: str) -> str:
    """The verdict for one cell; `unknown` for a pair the table lacks."""
    return table.get((proposition, polarity, outcome), "unknown")
