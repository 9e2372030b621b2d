"""The verdict table (data/verdicts.toml): (proposition asked × polarity × row outcome) → yes /
no / depends / unknown. It loads, its authoring errors are caught on load naming the cell, every
pair of the vocabularies has a verdict (a pair the table lacks is `unknown`), the cells the issue
names hold, and the engine's verdict comes from this table and nowhere else.
"""
from __future__ import annotations

import pytest

from rulecheck.checker import verdicts as v
from rulecheck.checker.engine import evaluate
from rulecheck.checker.errors import LogicTableError
from rulecheck.checker.interpret import read_question
from rulecheck.checker.logic import OUTCOMES as ROW_OUTCOMES
from rulecheck.checker.logic import LogicTable

GOOD = '''
[revealed."+"]
cancelled = "yes"
keeps = "no"

[revealed."-"]
cancelled = "no"
keeps = "yes"
'''
OPPOSITE = {"yes": "no", "no": "yes", "depends": "depends", "unknown": "unknown"}


@pytest.fixture(scope="module")
def cells():
    return v.load_verdicts()


def write(tmp_path, text):
    """`text` as a verdict table of its own (tables are cached per path)."""
    path = tmp_path / f"verdicts-{len(list(tmp_path.glob('verdicts-*.toml')))}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_bundled_table_loads(cells):
    assert v.VERDICTS_PATH.name == "verdicts.toml" and v.VERDICTS_PATH.exists()
    assert cells and set(cells.values()) <= set(v.VERDICTS)


def test_a_small_table_loads(tmp_path):
    assert v.load_verdicts(write(tmp_path, GOOD)) == {
        ("revealed", "+", "cancelled"): "yes", ("revealed", "+", "keeps"): "no",
        ("revealed", "-", "cancelled"): "no", ("revealed", "-", "keeps"): "yes"}


@pytest.mark.parametrize("change,message", [
    (('[revealed."+"]', '[reveled."+"]'), '[reveled] is not a proposition'),
    (('[revealed."-"]', '[revealed."~"]'), "[revealed.'~']: the polarity must be"),
    (('keeps = "no"', 'kept = "no"'), '[revealed."+"] kept: not an outcome'),
    (('keeps = "no"', 'keeps = "nope"'), "[revealed.\"+\"] keeps = 'nope': use yes, no, depends, unknown"),
    (('cancelled = "yes"', 'cancelled = true'), "[revealed.\"+\"] cancelled = True: use yes, no, depends, unknown"),
    (('[revealed."+"]', 'open = "yes"\n[revealed."+"]'), "[open] must hold a table per polarity"),
    (('keeps = "no"', 'keeps = "no'), "is not valid TOML"),
])
def test_authoring_errors_name_the_cell(tmp_path, change, message):
    with pytest.raises(LogicTableError) as e:
        v.load_verdicts(write(tmp_path, GOOD.replace(*change)))
    assert message in str(e.value), str(e.value)


def test_the_vocabularies_agree_with_the_rows():
    """Every outcome a row can give is an outcome of the verdict table's vocabulary."""
    row_outcomes = {o for outcomes in ROW_OUTCOMES.values() for o in outcomes}
    assert row_outcomes | {"depends"} <= set(v.OUTCOMES)


def test_every_pair_has_a_verdict(cells):
    """Each (proposition, polarity, outcome) has a cell, or `verdict()` gives `unknown`."""
    walked = 0
    for prop in v.PROPOSITIONS:
        for polarity in v.POLARITIES:
            for outcome in v.OUTCOMES:
                got = v.verdict(cells, prop, polarity, outcome)
                if (prop, polarity, outcome) in cells:
                    assert got == cells[(prop, polarity, outcome)] and got in v.VERDICTS
                else:
                    assert got == "unknown", (prop, polarity, outcome)
                walked += 1
    assert walked == len(v.PROPOSITIONS) * len(v.POLARITIES) * len(v.OUTCOMES)
    assert not set(cells) - {(p, s, o) for p in v.PROPOSITIONS for s in v.POLARITIES for o in v.OUTCOMES}


@pytest.mark.parametrize("cell,expected", [
    (("revealed", "+", "cancelled"), "yes"),   # is it revealed? the state is cancelled
    (("revealed", "-", "cancelled"), "no"),    # does it survive? it is cancelled
    (("state_ends", "+", "marker"), "yes"),    # is Hidden Deployment cancelled? it ends, the Marker stays
    (("revealed", "+", "marker"), "no"),       # is the trooper revealed? it keeps its Marker state
    (("may", "+", "forbidden"), "no"),
    (("required", "+", "forbidden"), "yes"),   # must it be Discovered first? attacking without it is forbidden
    (("revealed", "+", "allowed"), "unknown"), # an enemy may declare Reset: says nothing of revealing
    (("fact", "+", "fact"), "unknown"),        # a what/where question has no yes or no
])
def test_the_cells_the_issue_names(cells, cell, expected):
    assert v.verdict(cells, *cell) == expected


def test_the_opposite_polarity_gives_the_opposite_answer(cells):
    """"Does it survive?" is "Is it cancelled?" turned round: wherever both cells exist, the
    answers are opposite (depends and unknown stay)."""
    bad = [(p, o, cells[(p, "+", o)], cells[(p, "-", o)]) for (p, s, o) in cells
           if s == "+" and (p, "-", o) in cells and cells[(p, "-", o)] != OPPOSITE[cells[(p, "+", o)]]]
    assert bad == []


def test_the_engine_takes_its_verdict_from_the_table(table):
    """The same rows under a table with one cell turned round give the other verdict."""
    reading = read_question(table, "Does Hidden Deployment survive a Dodge?")
    ev = evaluate(table, reading)
    assert (ev.proposition, ev.polarity, ev.outcome, ev.verdict) == ("state_ends", "-", "cancelled", "no")
    turned = dict(table.verdicts)
    turned[("state_ends", "-", "cancelled")] = "yes"
    other = LogicTable(table.rows, table.vocabulary, table.explained, table.path, table.fireteam, turned, table.wording)
    assert evaluate(other, reading).verdict == "yes"
