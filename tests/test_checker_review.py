"""Review findings on the checker: state knowledge and word lists as validated data, one
edition check, the logic cache's narrow error handling, bundled pages chosen by source,
citations looked up by id in both tables, and the import direction that keeps `ask` light."""
from __future__ import annotations

import ast
import sqlite3
from pathlib import Path

import pytest

from rulecheck.checker import logic
from rulecheck.checker.answer import _citations
from rulecheck.checker.coverage import coverage_gaps, state_page_ids
from rulecheck.checker.errors import CheckerError, LogicTableError, UnknownEdition
from rulecheck.checker.logic import load_logic
from rulecheck.checker.question import read_question
from rulecheck.checker.replay import replay_faqs
from rulecheck.checker.scenario import check_edition, make_scenario
from rulecheck.checker.states import EDITIONS

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = '''
[subject.move]
kind = "skill"

[[row]]
id = "r-one"
state = "camouflaged"
topic = "declares"
subject = "move"
outcome = "keeps"
priority = 10
because = "A reason."
cites = ["camuflado-cancellation-1-1"]
'''
STATE = '''
[state.camouflaged]
edition = "N4"
label = "Camouflaged"
hints = ["camouflage"]
cost = "cancels it"
'''


def load_text(tmp_path, text):
    """Load `text` as a logic table, from a file of its own (tables are cached per path)."""
    path = tmp_path / f"logic-{len(list(tmp_path.glob('logic-*.toml')))}.toml"
    path.write_text(text, encoding="utf-8")
    return load_logic(path)


# --- States and word lists are data -------------------------------------------------------------

def test_states_come_from_the_table_with_the_glossarys_page_titles():
    states = load_logic().states
    assert [(s.id, s.edition, s.page, s.label) for s in states.values()] == [
        ("camouflaged", "N4", "Camuflado", "Camouflaged"), ("to_camouflaged", "N3", "TO Camouflaged", "TO Camouflaged"),
        ("hidden_deployment", "N4", "Hidden Deployment State", "Hidden Deployment"), ("holomask", "N4", "HoloMask State", "HoloMask")]
    assert states["camouflaged"].hints == ("camouflage",) and "Marker" in states["camouflaged"].cost


def test_a_table_may_describe_its_own_states(tmp_path):
    table = load_text(tmp_path, STATE + MINIMAL)
    assert list(table.states) == ["camouflaged"]


@pytest.mark.parametrize("change,message", [
    (('edition = "N4"', 'edition = "N5"'), "edition must be one of N3, N4"),
    (('[state.camouflaged]', '[state.ninja]'), "[state.ninja]: not a state in glossary.toml"),
    (('hints = ["camouflage"]', 'hints = ["camoflage"]'), "hint 'camoflage' is not a skill"),
    (('cost = "cancels it"', 'cost = ""'), "`cost` must be a non-empty string"),
    (('cost = "cancels it"', 'cost = "x"\ncolour = "red"'), "give exactly cost, edition, hints, label"),
])
def test_bad_state_entries_are_authoring_errors(tmp_path, change, message):
    with pytest.raises(LogicTableError) as e:
        load_text(tmp_path, STATE.replace(*change) + MINIMAL)
    assert message in str(e.value)


def test_bad_word_lists_are_authoring_errors(tmp_path):
    with pytest.raises(LogicTableError, match=r"\[words\]: unknown \['colours'\], missing"):
        load_text(tmp_path, '[words]\ncolours = ["red"]\n' + MINIMAL)
    words = "\n".join(f'{name} = ["x"]' for name in ("generic_marker", "own_state", "enemy", "back_to_trooper",
                                                     "target_article", "trooper_noun"))
    with pytest.raises(LogicTableError, match="enemy: give a non-empty list"):
        load_text(tmp_path, "[words]\n" + words.replace('enemy = ["x"]', "enemy = []") + MINIMAL)
    assert load_text(tmp_path, "[words]\n" + words + MINIMAL).vocabulary.word_lists["enemy"] == frozenset({"x"})


def test_no_state_knowledge_or_special_cases_left_in_the_code():
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "checker").glob("*.py"))
    for name in ("STATE_IDS", "GENERIC_MARKER", "STATE_HINTS", "STATE_LABELS", "_COST", "_IN_STATE", "_ENEMY_WORDS",
                 "_BACK_TO_TROOPER", '"Camuflado"', "hafza", "strip_accents"):
        assert name not in code, name


def test_a_fact_row_needs_its_answer(tmp_path):
    fact = MINIMAL.replace('topic = "declares"', 'topic = "fact"').replace('outcome = "keeps"', 'outcome = "fact"')
    with pytest.raises(LogicTableError, match="a `fact` row needs `answer`"):
        load_text(tmp_path, fact)
    assert load_text(tmp_path, fact.replace('priority = 10', 'priority = 10\nanswer = "-6"')).rows[0].answer == "-6"
    with pytest.raises(LogicTableError, match="only a fact row has one"):
        load_text(tmp_path, MINIMAL.replace('priority = 10', 'priority = 10\nanswer = "-6"'))


# --- One edition check ------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["N5", "garbage", "CodeOne"])
def test_editions_the_checker_cannot_read_raise(edition):
    table = load_logic()
    with pytest.raises(UnknownEdition) as e:
        read_question(table, "Is a camo marker revealed if it moves?", edition=edition)
    assert isinstance(e.value, CheckerError) and "the checker reads N4 and N3" in str(e.value)
    with pytest.raises(UnknownEdition):
        make_scenario(table, state="camouflaged", declares=["move"], edition=edition)


def test_edition_suggestion_and_canonical_form():
    assert 'did you mean "N4"' in str(UnknownEdition("N44", EDITIONS))
    assert check_edition(" n3 ") == "N3"


# --- The logic cache ----------------------------------------------------------------------------------

def test_a_second_load_reads_the_cache_without_parsing(cache_home):
    first = load_logic()
    assert list(cache_home.glob("logic-*.marshal")) and not list(cache_home.glob("*.tmp"))
    logic._load.cache_clear()
    logic._load_bundled.cache_clear()
    second = load_logic()
    assert logic._load.cache_info().misses == 0, "the table was parsed again"
    assert second.rows == first.rows and second.states == first.states
    assert second.vocabulary.word_lists == first.vocabulary.word_lists


def test_no_home_means_no_cache_and_no_traceback(monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def no_home():
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert logic._cache_file() is None
    logic._load_bundled.cache_clear()
    try:
        assert len(load_logic().rows) > 100
    finally:
        logic._load_bundled.cache_clear()


def test_only_cache_errors_are_swallowed():
    assert logic._BAD_CACHE == (ValueError, TypeError, KeyError, EOFError, OSError)
    for damaged in ((), ("rulecheck-logic", 1), ("rulecheck-logic", logic._CACHE_FORMAT) + ("x",) * 14, 5):
        with pytest.raises(logic._BAD_CACHE):
            logic._from_plain(damaged)


# --- Bundled pages by source; citations by id ---------------------------------------------------------

@pytest.fixture
def copy_with_a_lookalike_page(built_db):
    """The bundled base in memory, plus a user's page titled like a state page."""
    disk = sqlite3.connect(built_db)
    conn = sqlite3.connect(":memory:")
    disk.backup(conn)
    disk.close()
    conn.row_factory = sqlite3.Row
    conn.execute("insert into pages (id, title, lang, edition, format, source, ordinal) values "
                 "('holomask-state-n4', 'HoloMask State', 'en', 'N4', 'plaintext', '/home/me/holomask.txt', 99)")
    conn.execute("insert into rules (id, page_id, section, ordinal, text, key) values "
                 "('faq-looking-rule-1', 'holomask-state-n4', 'cancellation', 1, 'A house rule.', 'cancellation-1')")
    yield conn
    conn.close()


def test_coverage_and_replay_read_the_bundled_pages_only(copy_with_a_lookalike_page):
    conn = copy_with_a_lookalike_page
    assert "holomask-state-n4" not in state_page_ids(conn, load_logic())
    assert len(state_page_ids(conn, load_logic())) == 4
    assert all(g.id != "faq-looking-rule-1" for g in coverage_gaps(conn))
    assert all(r.agrees for r in replay_faqs(conn))


def test_citations_look_ids_up_in_both_tables(copy_with_a_lookalike_page):
    cited = _citations(copy_with_a_lookalike_page, ["faq-looking-rule-1", "faq-can-i-declare-two-discover-skill-09e05a"], set())
    assert [(c["id"], c["kind"]) for c in cited] == [("faq-looking-rule-1", "rule"),
                                                     ("faq-can-i-declare-two-discover-skill-09e05a", "faq")]


# --- Import direction ----------------------------------------------------------------------------------

FORBIDDEN = ("rulecheck.ingest", "rulecheck.kb.build", "sqlite_utils", "datasette", "mwparserfromhell", "bs4")


def _imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("path", sorted((ROOT / "checker").glob("*.py")) + [ROOT / "kb" / "read.py"],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_checker_side_never_imports_the_build_side(path):
    bad = sorted(n for n in _imported(path) if any(n == f or n.startswith(f + ".") for f in FORBIDDEN))
    assert not bad, f"{path.name} imports {bad} (at some level): the ask path must stay light"


def test_the_import_check_sees_nested_imports(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    if True:\n        from rulecheck.kb.build import build_database\n", encoding="utf-8")
    assert "rulecheck.kb.build" in _imported(sample)
