"""The logic table: authoring errors caught on load, no ambiguous pairs, every citation a real
row of the bundled base, coverage explained, the FAQ replay agreeing, the engine's precedence."""
from __future__ import annotations

import pytest

from rulecheck.checker.coverage import coverage_gaps, stale_explanations
from rulecheck.checker.engine import evaluate
from rulecheck.checker.errors import BadScenario, LogicTableError, UnknownSkill, UnknownState
from rulecheck.checker.logic import LOGIC_PATH, find_ambiguities, load_logic
from rulecheck.checker.replay import replay_faqs, yes_no
from rulecheck.checker.scenario import load_scenario, make_scenario
from rulecheck.kb.read import connect

GOOD_ROW = '''
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


def load_text(tmp_path, text):
    path = tmp_path / "logic.toml"
    path.write_text(text, encoding="utf-8")
    return load_logic(path)


@pytest.fixture(scope="module")
def conn(built_db):
    c = connect(built_db)
    yield c
    c.close()


def test_bundled_table_loads_with_no_ambiguous_pairs():
    table = load_logic()
    assert len(table.rows) > 100
    assert find_ambiguities(table) == []


def test_a_good_minimal_table_loads(tmp_path):
    table = load_text(tmp_path, GOOD_ROW)
    assert [r.id for r in table.rows] == ["r-one"]


@pytest.mark.parametrize("change,message", [
    (('state = "camouflaged"', 'state = "camoflaged"'), 'unknown state \'camoflaged\' — did you mean "camouflaged"?'),
    (('subject = "move"', 'subject = "mvoe"'), "unknown subject 'mvoe'"),
    (('priority = 10', 'priority = 10\nconditions = ["active_trun"]'), "unknown condition 'active_trun'"),
    (('outcome = "keeps"', 'outcome = "revealed"'), "outcome 'revealed' is not one of"),
    (('topic = "declares"', 'topic = "declare"'), "unknown topic 'declare'"),
    (('cites = ["camuflado-cancellation-1-1"]', 'cites = []'), "cites is empty"),
    (('cites = ["camuflado-cancellation-1-1"]', 'cites = ["Camuflado cancellation"]'), "malformed citation id"),
    (('id = "r-one"', 'id = "R One"'), "id must be lower-case words"),
    (('priority = 10', 'priority = 10\nedition = "N3"'), "edition 'N3' but the camouflaged page is N4"),
])
def test_authoring_errors_name_the_row(tmp_path, change, message):
    with pytest.raises(LogicTableError) as e:
        load_text(tmp_path, GOOD_ROW.replace(*change))
    assert message in str(e.value)


def test_duplicate_row_id(tmp_path):
    second = GOOD_ROW.split("[[row]]")[1].replace('subject = "move"', 'subject = "move"\nconditions = ["active_turn"]')
    with pytest.raises(LogicTableError, match="'r-one': duplicate row id"):
        load_text(tmp_path, GOOD_ROW + "[[row]]" + second)


def test_ambiguous_pair_is_an_authoring_error(tmp_path):
    second = GOOD_ROW.split("[[row]]")[1].replace('"r-one"', '"r-two"').replace('"keeps"', '"cancelled"')
    with pytest.raises(LogicTableError, match="rows 'r-one' and 'r-two' can match the same scenario"):
        load_text(tmp_path, GOOD_ROW + "[[row]]" + second)


def test_exclusive_conditions_or_priorities_are_not_ambiguous(tmp_path):
    a = GOOD_ROW.replace('priority = 10', 'priority = 10\nconditions = ["active_turn"]')
    b = GOOD_ROW.split("[[row]]")[1].replace('"r-one"', '"r-two"').replace('priority = 10', 'priority = 10\nconditions = ["reactive_turn"]')
    c = GOOD_ROW.split("[[row]]")[1].replace('"r-one"', '"r-three"').replace('priority = 10', 'priority = 5')
    assert len(load_text(tmp_path, a + "[[row]]" + b + "[[row]]" + c).rows) == 3


def test_unknown_parent_subject(tmp_path):
    with pytest.raises(LogicTableError, match="unknown parent 'skil'"):
        load_text(tmp_path, GOOD_ROW.replace('kind = "skill"', 'kind = "skill"\nparents = ["skil"]'))


def test_every_citation_is_a_real_row(conn):
    table = load_logic()
    rules = {r[0] for r in conn.execute("select id from rules")}
    faqs = {r[0] for r in conn.execute("select id from faqs")}
    missing = {(row.id, c) for row in table.rows for c in row.cites if c not in rules | faqs}
    assert missing == set()


def test_coverage_is_explained(conn):
    gaps = coverage_gaps(conn)
    assert [g.id for g in gaps if not g.reason] == []
    assert stale_explanations(conn) == []
    assert all(g.kind == "rule" for g in gaps), "every FAQ of the four pages is cited by a row"


def test_faq_replay_agrees(conn):
    results = replay_faqs(conn)
    assert len(results) >= 9
    assert [(r.question, r.expected, r.got) for r in results if not r.agrees] == []


def test_yes_no_reads_faq_answers():
    assert yes_no("A: No. The second bullet…") == "no"
    assert yes_no("Yes, but this action will reveal the TAG") == "yes"
    assert yes_no("It is Open Information.") is None
    assert yes_no("Nobody knows") is None


def test_specific_subject_beats_general():
    table = load_logic()
    cautious = evaluate(table, make_scenario(table, state="camouflaged", declares=["cautious movement"]))
    entire = evaluate(table, make_scenario(table, state="camouflaged", declares=["entire order"]))
    assert (cautious.outcome, entire.outcome) == ("keeps", "cancelled")


def test_unknown_axis_gives_depends():
    table = load_logic()
    ev = evaluate(table, make_scenario(table, state="to_camouflaged", declares=["surprise attack"], ask="allowed"))
    assert ev.verdict == "depends"
    ev = evaluate(table, make_scenario(table, state="to_camouflaged", declares=["surprise attack"], ask="allowed",
                                       context={"turn": "reactive"}))
    assert ev.verdict == "no" and ev.cites[0] == "to-camouflaged-effects-7"


def test_whole_order_reveals_the_move():
    table = load_logic()
    ev = evaluate(table, make_scenario(table, state="holomask", declares=["move", "bs attack"]))
    assert ev.verdict == "yes" and ev.cites[0] == "holomask-state-important-1"
    keeps = evaluate(table, make_scenario(table, state="holomask", declares=["move", "cautious movement"]))
    assert keeps.verdict == "no"


def test_structured_names_accept_aliases_and_suggest():
    table = load_logic()
    s = make_scenario(table, state="Camuflado", declares=["Esquivar"], edition="n4")
    assert s.states == ("camouflaged",) and s.declares == ("dodge",)
    assert make_scenario(table, state="camouflaged", declares=["move"], edition="N3").states == ("to_camouflaged",)
    with pytest.raises(UnknownState, match='did you mean "Camouflaged"'):
        make_scenario(table, state="Camoflaged", declares=["move"])
    with pytest.raises(UnknownSkill, match='did you mean "dodge"'):
        make_scenario(table, state="camouflaged", declares=["dogde"])
    with pytest.raises(BadScenario, match="says nothing happens"):
        make_scenario(table, state="camouflaged")
    with pytest.raises(BadScenario, match="turn"):
        make_scenario(table, state="camouflaged", declares=["move"], context={"turn": "sometimes"})


def test_scenario_file(tmp_path):
    table = load_logic()
    path = tmp_path / "order.toml"
    path.write_text('state = "HD"\ndeclares = ["move"]\ncamouflage = "yes"\nask = "keeps"\n', encoding="utf-8")
    ev = evaluate(table, load_scenario(table, path))
    assert ev.verdict == "yes" and ev.outcome == "marker"
    path.write_text('state = "HD"\ndeclares = ["move"]\ncolour = "red"\n', encoding="utf-8")
    with pytest.raises(BadScenario, match="unknown field"):
        load_scenario(table, path)
    with pytest.raises(BadScenario, match="Cannot read"):
        load_scenario(table, tmp_path / "missing.toml")


def test_logic_path_is_bundled_data():
    assert LOGIC_PATH.name == "logic.toml" and LOGIC_PATH.exists()


def test_strict_alias_rule_matches_the_glossary():
    from rulecheck.checker.vocabulary import is_strict_alias as ours
    from rulecheck.kb.glossary import is_strict_alias, load_glossary

    names = [n for t in load_glossary().terms.values() for n in t.names] + ["TO", "to", "HD", "CAMO", "Camo", "ORA"]
    assert [ours(n) for n in names] == [is_strict_alias(n) for n in names]
