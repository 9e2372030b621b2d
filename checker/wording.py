"""How answers are worded, per language (`data/wording/<lang>.toml`), validated on load: every
language gives the same keys as the English file, so an answer never falls back silently."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rulecheck.checker.errors import LogicTableError
from rulecheck.data import DATA_DIR, read_toml

WORDING_DIR = DATA_DIR / "wording"
SECTIONS = ("verdict", "outcome", "outcome_when", "by", "asks", "text", "condition", "banner")
#: Sections a language file may leave out (then empty): how answers name the logic table's
#: subjects (`subject`: id → label) and word a yes/no question about a property (`question`).
OPTIONAL = ("subject", "question")


def load_wording(folder: Path | str = WORDING_DIR) -> dict[str, dict[str, dict[str, str]]]:
    """language → section → key → text; `LogicTableError` naming a missing or extra key."""
    return _load(str(folder))


@lru_cache(maxsize=4)
def _load(folder: str) -> dict:
    files = sorted(Path(folder).glob("*.toml"))
    out: dict[str, dict] = {}
    for path in files:
        data = read_toml(path, LogicTableError, "the wording file", "Fix the file (an authoring error).")
        lang = data.get("language")
        if not isinstance(lang, str) or not lang:
            raise LogicTableError(f"{path}: give `language`, e.g. language = \"en\"")
        sections = {}
        for name in SECTIONS + OPTIONAL:
            table = data.get(name, {} if name in OPTIONAL else None)
            if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
                raise LogicTableError(f"{path}: [{name}] must be a table of texts")
            sections[name] = dict(table)
        extra = set(data) - set(SECTIONS + OPTIONAL) - {"language"}
        if extra:
            raise LogicTableError(f"{path}: unknown section(s) {sorted(extra)}; use {', '.join(SECTIONS + OPTIONAL)}")
        out[lang] = sections
    if "en" not in out:
        raise LogicTableError(f"{folder}: no en.toml; English is the reference every other language follows")
    for lang, sections in out.items():
        for name in SECTIONS + OPTIONAL:
            missing = set(out["en"][name]) - set(sections[name])
            extra = set(sections[name]) - set(out["en"][name])
            if missing or extra:
                raise LogicTableError(f"{folder}/{lang}.toml: [{name}] missing {sorted(missing)}, unknown {sorted(extra)}; "
                                      "give the same keys as en.toml")
    return out
