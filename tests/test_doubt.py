"""The doubt model (checker/doubt.py, data/doubt.toml): validated on load; an answer it rates at
or above its threshold is given as unknown, saying that the reading is doubtful and what the rows
would answer; options and scenario files are never doubted; and the model is the one trained on
the development sets as they are (scripts/train_doubt.py).

The tests that hold a doubted answer use a model written here as data (a bias far above the
threshold, or far below), in a data folder of their own beside a copy of the bundled logic
table, as a user's own table would be: no code of ours is replaced.
"""
from __future__ import annotations

import hashlib
import math
import shutil
from pathlib import Path

import pytest

from rulecheck.checker.answer import answer_question, answer_scenario
from rulecheck.checker.doubt import DOUBT_FILE, KINDS, doubt, load_doubt
from rulecheck.checker.errors import LogicTableError
from rulecheck.checker.logic import LOGIC_FILE, load_logic
from rulecheck.checker.scenario import make_scenario

ROOT = Path(__file__).resolve().parent.parent
DEV = ROOT / "tests" / "questions" / "dev"
CONFIDENT = "Does Hidden Deployment survive a Dodge?"  # no: 'cancelled whenever the Trooper declares any Short Skill'


def _table_with(tmp_path: Path, model: str):
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(LOGIC_FILE, folder / "logic.toml")
    (folder / "doubt.toml").write_text(model, encoding="utf-8")
    return load_logic(folder / "logic.toml")


def test_the_bundled_model_loads_and_names_only_features_the_reader_makes():
    threshold, weights = load_doubt()
    assert 0 < threshold <= 1 and len(weights) > 50
    assert all(name.startswith(KINDS) and math.isfinite(w) for name, w in weights.items())
    assert load_logic().doubt == (threshold, weights)


@pytest.mark.parametrize("model, says", [
    ('threshold = 1.5\n[weights]\nbias = 0.1\n', "threshold must be a number above 0 and at most 1"),
    ('threshold = "high"\n[weights]\n', "threshold must be a number"),
    ('threshold = 0.7\n', "[weights] must be a table"),
    ('threshold = 0.7\n[weights]\n"colour:red" = 1.0\n', "weight 'colour:red' names no feature"),
    ('threshold = 0.7\n[weights]\n"row:x" = inf\n', "weight 'row:x' = inf must be a finite number"),
    ('threshold = 0.7\n[weights]\n"row:x" = true\n', "must be a finite number"),
    ('threshold = 0.7\n[weights\n', "is not valid TOML"),
])
def test_a_bad_model_is_refused_naming_the_entry(tmp_path, model, says):
    path = tmp_path / "doubt.toml"
    path.write_text(model, encoding="utf-8")
    with pytest.raises(LogicTableError) as e:
        load_doubt(str(path))
    assert says in str(e.value) and str(path) in str(e.value)


def test_without_a_model_file_nothing_is_doubted(tmp_path):
    threshold, weights = load_doubt(str(tmp_path / "none.toml"))
    assert weights == {} and threshold > 1
    assert doubt((threshold, weights), ["bias", "row:anything"]) < threshold


def test_the_score_is_the_logistic_of_the_summed_weights():
    model = (0.7, {"bias": -1.0, "row:a": 2.0, "v:yes": 0.5})
    assert doubt(model, ["bias", "row:a", "v:yes", "row:unweighted"]) == pytest.approx(1 / (1 + math.exp(-1.5)))
    assert doubt(model, ["bias"]) == pytest.approx(1 / (1 + math.e))


def test_a_doubted_answer_is_unknown_and_says_what_the_rows_would_answer(conn, tmp_path):
    table = _table_with(tmp_path, "threshold = 0.7\n[weights]\nbias = 10.0\n")
    a = answer_question(conn, CONFIDENT, table=table)
    assert a.verdict == "unknown" and a.rows_verdict == "no"
    assert a.doubt["rows_verdict"] == "no" and a.doubt["score"] > 0.99 and a.doubt["threshold"] == 0.7
    assert a.answer.startswith("No checked answer") and "not sure it read this question right" in a.answer
    steps = a.to_dict()["reasoning"]
    assert any("the rows would answer no" in s for s in steps) and steps[-1].endswith("No checked answer.")
    # the passage that decides it is still shown first, for the judge to read
    assert "declares any Short Skill, Entire Order or ARO" in a.citations[0]["text"]
    es = answer_question(conn, "¿Sobrevive el Despliegue Oculto a Esquivar?", table=table)
    assert es.verdict == "unknown" and "no está seguro de haber leído bien la pregunta" in es.answer


def test_an_answer_rated_below_the_threshold_is_given(conn, tmp_path):
    table = _table_with(tmp_path, "threshold = 0.7\n[weights]\nbias = -10.0\n")
    a = answer_question(conn, CONFIDENT, table=table)
    assert a.verdict == "no" and a.doubt["score"] < 0.01 and a.rows_verdict == "no"


def test_options_and_depends_answers_are_not_doubted(conn, tmp_path):
    table = _table_with(tmp_path, "threshold = 0.7\n[weights]\nbias = 10.0\n")
    scenario = make_scenario(table, state="hidden_deployment", declares=["dodge"], ask="revealed")
    a = answer_scenario(conn, scenario, table=table)
    assert a.verdict == "yes" and a.doubt is None
    depends = answer_question(conn, "Is a HoloMask bearer in a Fireteam revealed when the Fireteam declares "
                                    "Move + BS Attack?", table=table)
    assert depends.verdict == "depends" and depends.doubt is None


def test_the_json_carries_the_rating_of_a_confident_answer(conn, table):
    d = answer_question(conn, CONFIDENT, table=table).to_dict()
    assert set(d["doubt"]) == {"score", "threshold", "rows_verdict"} and 0 <= d["doubt"]["score"] <= 1
    assert answer_question(conn, "What's the weather like on Paradiso?", table=table).to_dict()["doubt"] is None


def test_the_model_was_trained_on_the_development_sets_as_they_are():
    """The header of data/doubt.toml records a digest of tests/questions/dev/: a changed set
    means retraining (python scripts/train_doubt.py)."""
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sorted(DEV.glob("*.toml")))).hexdigest()[:16]
    assert f"dev sets {digest}" in Path(DOUBT_FILE).read_text(encoding="utf-8"), "retrain: python scripts/train_doubt.py"
