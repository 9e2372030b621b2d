"""The cached logic table: the bundled table, once validated, is kept in the user cache folder so a
cold `rulecheck ask` skips parsing and validating. A cached table answers as the parsed one, a
damaged cache is ignored and rewritten, the key follows every file the table is read from and
the Python that reads it, and only the cache's own errors are swallowed.
"""
from __future__ import annotations

import marshal
import os
import shutil
from pathlib import Path

import pytest

from rulecheck.checker import logic
from rulecheck.checker.engine import evaluate
from rulecheck.checker.interpret import read_question
from rulecheck.checker.logic import load_logic
from rulecheck.kb import user_cache

QUESTIONS = ["My camouflaged trooper declares Move + CC Attack. Is it revealed?",
             "Can an enemy declare a Reset ARO against a camo marker?",
             "¿Sobrevive el Despliegue Oculto a Esquivar?",
             "Does a Hidden Deployment trooper with Camouflage keep its Marker if it delays its ARO against a Marker?"]


def answers(table):
    out = []
    for q in QUESTIONS:
        ev = evaluate(table, read_question(table, q))
        out.append((ev.verdict, ev.cites))
    return out


def test_a_round_trip_gives_the_same_table(cache_home):
    parsed = logic._load(str(logic.LOGIC_PATH))
    cached = logic._from_plain(marshal.loads(marshal.dumps(logic._to_plain(parsed))))
    assert cached.rows == parsed.rows and cached.vocabulary.subjects == parsed.vocabulary.subjects
    assert cached.explained == parsed.explained and cached.vocabulary.states == parsed.vocabulary.states
    assert cached.verdicts == parsed.verdicts and cached.wording == parsed.wording
    assert cached.doubt == parsed.doubt and len(cached.doubt[1]) > 50
    assert answers(cached) == answers(parsed)


def test_a_second_load_reads_the_cache_without_parsing(cache_home):
    first = load_logic()
    assert len(list(cache_home.glob("logic-*.marshal"))) == 1 and not list(cache_home.glob("*.tmp"))
    logic._load.cache_clear()
    logic._load_bundled.cache_clear()
    second = load_logic()
    assert logic._load.cache_info().misses == 0, "the table was parsed again"
    assert second is not first and second.rows == first.rows and second.states == first.states
    assert dict(second.vocabulary.word_lists.items()) == dict(first.vocabulary.word_lists.items())


@pytest.mark.parametrize("damage", [b"garbage, not marshal", b"\xe3\x00\x00", "truncate",
                                     marshal.dumps(("rulecheck-logic", -1))])
def test_a_damaged_cache_is_ignored_and_rewritten(cache_home, damage):
    good = load_logic()
    (path,) = cache_home.glob("logic-*.marshal")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2] if damage == "truncate" else damage)
    logic._load_bundled.cache_clear()
    table = load_logic()
    assert table.rows == good.rows and answers(table) == answers(good)
    assert logic._from_plain(marshal.loads(path.read_bytes())).rows == good.rows, "rewritten whole"


def test_the_key_follows_the_files_and_the_python(cache_home, tmp_path, monkeypatch):
    """The key is each file's name, size and modification time (no file is read to key it):
    the same files give the same key; an edit gives another."""
    first = logic._cache_file()
    assert logic._cache_file() == first
    copy = tmp_path / "logic.toml"
    copy.write_bytes(logic.LOGIC_PATH.read_bytes())
    monkeypatch.setattr(logic, "LOGIC_FILE", str(copy))
    moved = logic._cache_file()
    assert moved != first and logic._cache_file() == moved
    copy.write_bytes(copy.read_bytes() + b"\n# an edit\n")
    edited = logic._cache_file()
    assert edited not in (first, moved)
    monkeypatch.setattr(user_cache.sys, "version", "3.99.0 (judge)")
    assert logic._cache_file() not in (first, edited)


@pytest.mark.parametrize("data_file", ["verdicts.toml", "glossary.toml", "lexicon/en.toml", "lexicon/es.toml",
                                       "wording/es.toml", "lexicon/common-en.txt", "manifest.toml", "doubt.toml"])
def test_the_key_follows_every_data_file_the_table_is_read_with(cache_home, tmp_path, monkeypatch, data_file):
    """An edited verdict table, glossary, lexicon or wording file is a new cache file."""
    data = tmp_path / "data"
    shutil.copytree(logic.DATA_ROOT, data, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(logic, "DATA_ROOT", str(data))
    monkeypatch.setattr(logic, "LOGIC_FILE", str(data / "logic.toml"))
    before = logic._cache_file()
    edited = data / data_file
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    assert logic._cache_file() != before


def test_without_a_doubt_model_the_cache_still_works(cache_home, tmp_path, monkeypatch):
    """The doubt model is optional (no file: nothing is doubted); its absence must not turn the
    logic cache off."""
    data = tmp_path / "data"
    shutil.copytree(logic.DATA_ROOT, data, ignore=shutil.ignore_patterns("__pycache__"))
    (data / "doubt.toml").unlink()
    monkeypatch.setattr(logic, "DATA_ROOT", str(data))
    monkeypatch.setattr(logic, "LOGIC_FILE", str(data / "logic.toml"))
    assert logic._cache_file() is not None


def test_no_home_means_no_cache_and_no_traceback(monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    # no HOME and no passwd entry: `~` cannot be expanded (`Path.home()` raises)
    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.setattr(os.path, "expanduser", lambda p: p)
    assert logic._cache_file() is None
    logic._load_bundled.cache_clear()
    try:
        assert len(load_logic().rows) > 100
    finally:
        logic._load_bundled.cache_clear()


def test_only_the_caches_own_errors_are_swallowed():
    assert user_cache.BAD_CACHE == (ValueError, TypeError, KeyError, EOFError, OSError)
    for damaged in ((), ("rulecheck-logic", 1), ("rulecheck-logic", logic._CACHE_FORMAT) + ("x",) * 18, 5):
        with pytest.raises(user_cache.BAD_CACHE):
            logic._from_plain(damaged)


def test_writing_a_cache_removes_the_stale_ones(cache_home):
    """Each edit or upgrade keys a new file: writing one removes those older than a day, and
    keeps a recent one (another install may still use it)."""
    import os
    import time

    folder = Path(logic._cache_file()).parent
    folder.mkdir(parents=True, exist_ok=True)
    stale, recent = folder / "logic-0000000000000000.marshal", folder / "logic-1111111111111111.marshal"
    for path in (stale, recent):
        path.write_bytes(b"old")
    two_days_ago = time.time() - 2 * 86400
    os.utime(stale, (two_days_ago, two_days_ago))
    logic._load_bundled.cache_clear()
    logic._load_bundled()
    assert not stale.exists() and recent.exists() and os.path.exists(logic._cache_file())
