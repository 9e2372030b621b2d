"""The doubt model (checker/doubt.py, data/doubt.toml): validated on load; an answer it rates at
or above its threshold is given as unknown, saying that the reading is doubtful and what the rows
would answer; options and scenario files are never doubted; and the model is the one trained on
the development sets as they are (scripts/train_doubt.py).

The tests that hold a doubted answer use a model written here as data (a bias far above the
threshold, or far below), in a data folder of their own beside a copy of the bundled logic
table, as a user's own table would be: no code of ours is replaced.
"""
from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

import question_sets
from rulecheck.checker.answer import answer_question, answer_scenario
from rulecheck.checker.doubt import DOUBT_FILE, FEATURES, NO_MODEL, doubt, features, load_doubt
from rulecheck.checker.engine import evaluate
from rulecheck.checker.errors import LogicTableError
from rulecheck.checker.interpret import read_question
from rulecheck.checker.logic import LOGIC_FILE, load_logic
from rulecheck.checker.scenario import make_scenario

CONFIDENT = "Does Hidden Deployment survive a Dodge?"  # no: 'cancelled whenever the Trooper declares any Short Skill'


def _table_with(tmp_path: Path, model: str):
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(LOGIC_FILE, folder / "logic.toml")
    (folder / "doubt.toml").write_text(model, encoding="utf-8")
    return load_logic(folder / "logic.toml")


def test_the_bundled_model_weighs_what_the_reader_makes_of_real_questions(table):
    """The weights name the features `features` makes today: most of a real answer's features
    have a weight (a model trained on other features would weigh few or none)."""
    assert table.doubt == load_doubt() and 0 < table.doubt[0] <= 1
    for q in (CONFIDENT, "¿Sobrevive el Despliegue Oculto a Esquivar?", "Can my camo marker declare Cautious Movement?"):
        reading = read_question(table, q)
        names = features(reading, evaluate(table, reading), q)
        assert sum(n in table.doubt[1] for n in names) >= 0.6 * len(names), [n for n in names if n not in table.doubt[1]]


def test_a_negated_statement_with_an_auxiliary_tag_is_a_feature_of_its_own(table):
    """"He can't go back into Hidden Deployment, can he?" is read as the plain question, and
    players answer such questions both ways: the model weighs the form (`form:tag_negation`);
    the plain question and a statement put to "right?" do not have it."""
    def names(q):
        reading = read_question(table, q)
        return features(reading, evaluate(table, reading), q)

    assert "form:tag_negation" in names("Once my HD trooper has been revealed, he can't go back into Hidden Deployment, can he?")
    assert "form:tag_negation" not in names("Once my HD trooper has been revealed, can he go back into Hidden Deployment?")
    assert "form:tag_negation" not in names("Once revealed, my HD trooper can't go back into Hidden Deployment, right?")
    assert "form:tag_negation" in table.doubt[1]


V = f"features = {FEATURES}\n"


@pytest.mark.parametrize("model, says", [
    (V + 'threshold = 1.5\n[weights]\nbias = 0.1\n', "threshold must be a number above 0 and at most 1"),
    (V + 'threshold = "high"\n[weights]\n', "threshold must be a number"),
    (V + 'threshold = true\n[weights]\n', "threshold must be a number"),
    (V + 'threshold = 0.7\n', "[weights] must be a table"),
    (V + 'threshold = 0.7\n[weights]\n"colour:red" = 1.0\n', "weight 'colour:red' names no feature"),
    (V + 'threshold = 0.7\n[weights]\n"row:x" = inf\n', "weight 'row:x' = inf must be a finite number"),
    (V + 'threshold = 0.7\n[weights]\n"row:x" = true\n', "must be a finite number"),
    ('features = 0\nthreshold = 0.7\n[weights]\n', f"trained on features version 0, but this rulecheck makes version {FEATURES}"),
    ('threshold = 0.7\n[weights]\n', "trained on features version None"),
    (V + 'threshold = 0.7\n[weights\n', "is not valid TOML"),
])
def test_a_bad_model_is_refused_naming_the_entry_and_what_to_do(tmp_path, model, says):
    path = tmp_path / "doubt.toml"
    path.write_text(model, encoding="utf-8")
    with pytest.raises(LogicTableError) as e:
        load_doubt(str(path))
    assert says in str(e.value) and str(path) in str(e.value)
    assert "train_doubt.py" in str(e.value) and "delete it" in str(e.value)


def test_without_a_model_file_no_answer_is_rated(conn, tmp_path):
    assert load_doubt(str(tmp_path / "none.toml")) == NO_MODEL
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(LOGIC_FILE, folder / "logic.toml")
    table = load_logic(folder / "logic.toml")  # this test's own table (a folder without a model
    table.doubt = NO_MODEL                     # falls back to the bundled one, so set it here)
    a = answer_question(conn, CONFIDENT, table=table)
    assert a.verdict == "no" and a.doubt is None and a.rows_verdict == "no"


def test_the_score_is_the_logistic_of_the_summed_weights():
    model = (0.7, {"bias": -1.0, "row:a": 2.0, "v:yes": 0.5})
    assert doubt(model, ["bias", "row:a", "v:yes", "row:unweighted"]) == pytest.approx(1 / (1 + math.exp(-1.5)))
    assert doubt(model, ["bias"]) == pytest.approx(1 / (1 + math.e))


def test_a_doubted_answer_is_unknown_and_says_what_the_rows_would_answer(conn, tmp_path):
    table = _table_with(tmp_path, V + "threshold = 0.7\n[weights]\nbias = 10.0\n")
    a = answer_question(conn, CONFIDENT, table=table)
    assert a.verdict == "unknown" and a.rows_verdict == "no"
    assert a.doubt["rows_verdict"] == "no" and a.doubt["score"] > 0.99 and a.doubt["threshold"] == 0.7
    assert a.answer.startswith("No checked answer") and "not sure it read this question right" in a.answer
    # the rows' answer in the first sentence, beside the Read as line it depends on
    assert "if the “Read as” line is what you asked, the rules answer no: compare that line with your question" in a.answer
    steps = a.to_dict()["reasoning"]
    assert "If the “Read as” line is not what you asked, ask again in other words." in steps
    assert sum("the rules answer no" in s for s in steps) == 1, steps  # said once, not twice
    assert steps[-1].endswith("No checked answer.")
    # the passage the rows rest on is shown first, marked as such, for the judge to read
    first = a.citations[0]
    assert "declares any Short Skill, Entire Order or ARO" in first["text"] and first.get("would_decide") and not first["deciding"]
    text = a.to_text()
    assert "Passages the answer would rest on (not a checked answer):" in text
    assert text.index("Passages the answer would rest on") < text.index("hidden-deployment-state-cancellation-2")
    es = answer_question(conn, "¿Sobrevive el Despliegue Oculto a Esquivar?", table=table)
    assert es.verdict == "unknown" and "no está seguro de haber leído bien la pregunta" in es.answer
    assert "si la línea «Leído como» es lo que preguntas, las reglas responden no" in es.answer
    assert "Pasajes en los que se apoyaría la respuesta" in es.to_text()


def test_an_answer_rated_below_the_threshold_is_given(conn, tmp_path):
    table = _table_with(tmp_path, V + "threshold = 0.7\n[weights]\nbias = -10.0\n")
    a = answer_question(conn, CONFIDENT, table=table)
    assert a.verdict == "no" and a.doubt["score"] < 0.01 and a.rows_verdict == "no"


def test_options_stated_beside_a_question_and_depends_answers_are_not_doubted(conn, tmp_path):
    table = _table_with(tmp_path, V + "threshold = 0.7\n[weights]\nbias = 10.0\n")
    # what the user states (--ask, --turn, --context) is not a reading to doubt
    asked = answer_question(conn, CONFIDENT, table=table, ask="keeps")
    assert asked.verdict == "no" and asked.doubt is None
    turned = answer_question(conn, CONFIDENT, table=table, context={"turn": "active"})
    assert turned.verdict == "no" and turned.doubt is None
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
    assert f"dev sets {question_sets.dev_digest()}" in Path(DOUBT_FILE).read_text(encoding="utf-8"), \
        "retrain: python scripts/train_doubt.py"


# --- The labelled examples' vote (checker/examples.py) ----------------------------------------

from rulecheck.checker import examples as ex  # noqa: E402
from rulecheck.checker.doubt import rate, rated_features  # noqa: E402

READ_AS = "hidden_deployment|revealed:-"
EXAMPLES = [
    ("A", "no", READ_AS, "Does Hidden Deployment survive a Dodge roll?"),
    ("A", "no", READ_AS, "Does my HD trooper survive declaring Dodge?"),
    ("B", "yes", READ_AS, "Does Hidden Deployment survive a Dodge against templates?"),
    # read another way: no vote, however many words it shares
    ("C", "yes", "hidden_deployment|may:+", "May Hidden Deployment survive a Dodge survive Dodge?"),
]


def test_the_nearest_examples_read_the_same_way_vote_by_their_verdicts():
    memory = ex.index(EXAMPLES)
    mine, other = ex.vote(memory, CONFIDENT, "no", READ_AS)
    # two of the three examples read the same way say no, the one of set B yes
    assert mine in ("knn:mine2", "knn:mine3") and other in ("knn:other1", "knn:other2"), (mine, other)
    assert ex.vote(memory, CONFIDENT, "no", READ_AS, exclude="B") == ["knn:mine4", "knn:other0"]
    assert ex.vote(memory, CONFIDENT, "no", READ_AS, exclude="A") == ["knn:mine0", "knn:other4"]
    assert ex.vote(memory, "Can a camo marker climb?", "no", READ_AS) == ["knn:none"]  # no word shared
    assert ex.vote(memory, CONFIDENT, "no", "camouflaged|revealed:+") == ["knn:none"]  # none read so
    assert ex.vote(None, CONFIDENT, "no", READ_AS) == ["knn:none"]


def test_the_examples_searched_are_the_rarest_words_within_the_budget(monkeypatch):
    memory = ex.index([("A", "no", READ_AS, "Is my Dodge roll a problem?")]
                      + [("B", "yes", READ_AS, f"Dodge number {i}, Dodge again?") for i in range(6)]
                      + [("C", "no", READ_AS, f"Camo marker question {i}?") for i in range(30)])
    # "dodge" is in every example, "roll" in one: within a budget of 3, only "roll" is searched
    monkeypatch.setattr(ex, "BUDGET", 3)
    assert ex.vote(memory, "Dodge roll?", "no", READ_AS) == ["knn:mine4", "knn:other0"]
    monkeypatch.setattr(ex, "BUDGET", 100)
    assert ex.vote(memory, "Dodge roll?", "no", READ_AS)[1] != "knn:other0"


def test_a_malformed_examples_file_names_the_line_and_what_to_do(tmp_path):
    bad = tmp_path / "examples.txt"
    bad.write_text("# comment\nA\tno\tx|revealed:+\tA question?\nB\tmaybe\tx|revealed:+\tAnother?\n", encoding="utf-8")
    with pytest.raises(ex.BadExamples, match=r"examples.txt:3: .*train_doubt.py"):
        ex.read_examples(str(bad))


def test_the_bundled_examples_are_the_labelled_sets_as_they_are():
    """data/doubt_examples.txt is what scripts/train_doubt.py made of the sets the model was
    trained on: editing a development set without retraining fails here."""
    stored = {(s, v, q) for s, v, _, q, _ in ex.read_examples()}
    sets = [*question_sets.dev(), *question_sets.tuning()]
    labelled = {(q.set, q.verdicts[0], " ".join(q.text.split())) for q in sets}
    assert not labelled - stored, sorted(labelled - stored)[:3]  # a question or verdict edited since
    assert len(stored) - len(labelled) <= 400  # and the FAQs with their paraphrases


def test_the_bundled_index_is_built_once_in_the_cache_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(ex, "_open", {})
    conn = ex.bundled()
    built = list((tmp_path / "rulecheck").glob("examples-*.sqlite"))
    assert len(built) == 1 and conn.execute("select count(*) from examples").fetchone()[0] == len(ex.read_examples())
    monkeypatch.setattr(ex, "_open", {})
    monkeypatch.setattr(ex, "read_examples", lambda *a: pytest.fail("the cached index is read, not rebuilt"))
    assert ex.bundled().execute("select count(*) from examples").fetchone()[0] > 1000


def test_a_damaged_cached_index_is_made_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(ex, "_open", {})
    ex.bundled()
    [cached] = (tmp_path / "rulecheck").glob("examples-*.sqlite")
    cached.write_bytes(b"not a database")
    monkeypatch.setattr(ex, "_open", {})
    assert ex.bundled().execute("select count(*) from examples").fetchone()[0] > 1000


def test_a_cache_folder_with_uri_characters_in_its_path_holds_the_index(tmp_path, monkeypatch):
    home = tmp_path / "x c#4?%"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.setattr(ex, "_open", {})
    assert ex.bundled().execute("select count(*) from words").fetchone()[0] > 100
    assert len(list((home / "rulecheck").glob("examples-*.sqlite"))) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x c#4?%"], "no stray file beside the cache folder"


def test_an_index_damaged_inside_counts_as_no_vote_and_is_built_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(ex, "_open", {})
    ex.bundled()
    [cached] = (tmp_path / "rulecheck").glob("examples-*.sqlite")
    import sqlite3

    db = sqlite3.connect(cached)  # the tables open and read, but the full-text index is broken
    db.execute("delete from examples_data where id > 10")
    db.commit()
    db.close()
    monkeypatch.setattr(ex, "_open", {})
    for q in (CONFIDENT, "Is a camo marker revealed if it declares Cautious Movement?", "¿Puedo disparar a un CAMO?"):
        got = ex.vote(ex.bundled(), q, "no", "camouflaged|revealed:+")  # never raises
        assert got == ["knn:none"] or got[0].startswith("knn:mine"), got
    assert ex.bundled().execute("select count(*) from examples").fetchone()[0] > 1000
    assert ex.vote(ex.bundled(), "Is a camo marker revealed if it declares Cautious Movement?", "no",
                   "camouflaged|revealed:+") != ["knn:none"]


def test_the_vote_is_searched_only_when_it_could_change_the_answer(table, conn):
    """`rate` gives what the model says of every feature, vote included, whenever the vote could
    move the rating across the threshold; else it leaves the search out, with the same outcome."""
    calls = []

    def examples():
        calls.append(1)
        return ex.bundled()

    for q in (CONFIDENT, "Is a camo marker revealed if it declares Cautious Movement?",
              "Does a camo marker get revealed if it declares BS Attack?", "¿Sobrevive el Despliegue Oculto a Esquivar?"):
        reading = read_question(table, q)
        ev = evaluate(table, reading)
        if ev.verdict not in ("yes", "no"):
            continue
        full = doubt(table.doubt, rated_features(reading, ev, q, ex.bundled()))
        before = len(calls)
        fast = rate(table.doubt, reading, ev, q, examples)
        assert (full >= table.doubt[0]) == (fast >= table.doubt[0]), q
        if len(calls) > before:
            assert math.isclose(full, fast), q
    # a model whose vote weighs nothing never searches
    calls.clear()
    reading = read_question(table, CONFIDENT)
    ev = evaluate(table, reading)
    rate((0.5, {"bias": -3.0}), reading, ev, CONFIDENT, examples)
    assert calls == []
    # models whose vote always adds (no vote too): the decision is still the full model's
    names = rated_features(reading, ev, CONFIDENT, ex.bundled())
    votes = {f"knn:{k}{i}": 0.5 + 0.1 * i for k in ("mine", "other") for i in range(ex.VOTES)}
    for model in ((0.5, {"bias": -0.5, "knn:none": 0.5, **votes}), (1.0, {"bias": 40.0}),
                  (1.0, {"bias": 30.0, "knn:mine0": 10.0, "knn:mine4": 10.0})):
        full = doubt(model, names) >= model[0]
        assert (rate(model, reading, ev, CONFIDENT, examples) >= model[0]) == full, model


# --- the examples' deciding passages, shown when the checker gives no checked answer ----------

PASSAGE_EXAMPLES = [
    ("A", "no", READ_AS, "Can my TO marker flip to the model whenever I like?", "faq-flip"),
    ("B", "no", READ_AS, "Whenever I like, may I flip the marker?", "to-camouflaged-effects-1"),
    ("C", "yes", READ_AS, "Does a Dodge cancel Hidden Deployment?", "hidden-deployment-state-cancellation-1"),
    ("D", "yes", READ_AS, "Can I flip my TO marker whenever I like?", ""),  # no passage: gives none
    ("E", "yes", READ_AS, "Can I flip a coin?", "faq-coin"),  # one word shared: says nothing
]


def test_the_nearest_examples_give_the_passages_that_decide_them_most_weighed_first():
    memory = ex.index(PASSAGE_EXAMPLES)
    question = "Am I allowed to flip my TO marker to the model whenever I like?"
    # A shares the most words with the question, then B; C none; D gives no passage; E one word
    assert ex.passages(memory, question) == ["faq-flip", "to-camouflaged-effects-1"]
    assert ex.passages(memory, question, exclude="A") == ["to-camouflaged-effects-1"]
    assert ex.passages(memory, question, exclude="B") == ["faq-flip"]
    assert ex.passages(memory, "Climb?") == []  # no word shared
    assert ex.passages(None, question) == []


def test_the_passages_are_searched_by_the_rarest_words_within_their_budget(monkeypatch):
    memory = ex.index([("A", "no", READ_AS, "Is my Dodge roll a problem?", "rule-roll")]
                      + [("B", "yes", READ_AS, f"Dodge problem number {i}, Dodge again?", "rule-dodge") for i in range(6)])
    # "dodge" and "problem" are in every example, "roll" in one: within a budget of 3, only "roll"
    # is searched, and no example shares two searched words
    monkeypatch.setattr(ex, "PASSAGE_BUDGET", 3)
    assert ex.passages(memory, "Dodge roll problem?") == []
    monkeypatch.setattr(ex, "PASSAGE_BUDGET", 100)
    assert ex.passages(memory, "Dodge roll problem?")[0] == "rule-roll"


def test_every_passage_the_bundled_examples_name_is_a_rule_or_faq_of_the_base(conn):
    named = {pid for *_, ids in ex.read_examples() for pid in ids.split(",") if pid}
    assert len(named) > 100
    rows = {r[0] for r in conn.execute("select id from rules union select id from faqs")}
    assert not named - rows, sorted(named - rows)[:5]


def test_the_bundled_examples_passages_are_the_rows_their_questions_quote(conn):
    """Each development and tuning example keeps the rows its `cite` or `fragment` names: a
    question's deciding text edited without retraining fails here."""
    find = question_sets.deciding_passages(conn)
    sets = [*question_sets.dev(), *question_sets.tuning()]
    # the examples file lists them first, in this order (a set may ask one question twice, of two editions)
    stored = ex.read_examples()[:len(sets)]
    assert [(s, q) for s, _, _, q, _ in stored] == [(q.set, " ".join(q.text.split())) for q in sets]
    stale = [q.id for q, (*_, ids) in zip(sets, stored) if ids != ",".join(find(q.cite, q.page, q.fragment))]
    assert not stale, stale[:5]


def test_a_question_with_no_checked_answer_shows_the_passage_deciding_questions_worded_like_it(conn, monkeypatch,
                                                                                               tmp_path):
    """The N3 FAQ on cancelling a state at will ("No, unless the Cancellation bullet points for
    the game state say that you can cancel it") shares few words with a player's "turn my TO
    marker into the model whenever I want": full-text search alone does not bring it among the
    first five; the labelled questions worded like it do."""
    question = "N3: am I allowed to turn my TO marker into the model whenever I want, just because?"
    deciding = "unless the Cancellation bullet points for the game state say"

    def first_five(a):
        return [question_sets.normalise(c["text"]) for c in a.citations[:5]]

    a = answer_question(conn, question)
    assert a.verdict == "unknown"
    assert any(question_sets.normalise(deciding) in t for t in first_five(a)), a.citations
    # without the examples (a package without data/doubt_examples.txt) the FAQ is not found
    monkeypatch.setattr(ex, "EXAMPLES_FILE", str(tmp_path / "no-examples.txt"))
    assert not any(question_sets.normalise(deciding) in t for t in first_five(answer_question(conn, question)))


def test_a_set_the_examples_hold_can_be_answered_without_its_own_examples(conn):
    """`answer_question(leave_out=set)` (benchmarks/questions_eval.py, measuring the sets the
    examples hold): a development question left unknown whose nearest passages come from its own
    set's examples is shown other passages without them, as a fresh question would be."""
    for source, _, _, question, _ in ex.read_examples()[:600]:
        if ex.passages(ex.bundled(), question) == ex.passages(ex.bundled(), question, exclude=source):
            continue
        a = answer_question(conn, question)
        if a.verdict != "unknown" or not a.reading["states"]:
            continue
        b = answer_question(conn, question, leave_out=source)
        if [c["id"] for c in a.citations] != [c["id"] for c in b.citations]:
            return
    pytest.fail("no development question's passages changed with its own set left out")


# The N3 FAQ (TO Camouflaged page): "Can I declare an Intuitive Attack against a troop that is
# neither Camouflaged nor inside a Zero Visibility Zone?" — "No, you cannot."
FAQ_OWN_WORDS = "Can I declare an Intuitive Attack against a troop that is neither Camouflaged nor inside a Zero Visibility Zone?"


def test_a_faqs_own_question_is_not_doubted(conn, tmp_path):
    """The FAQ that decides it answers that very question: however the model rates the reading,
    the answer is given; the same question in other words is still rated."""
    table = _table_with(tmp_path, V + "threshold = 0.7\n[weights]\nbias = 10.0\n")
    a = answer_question(conn, FAQ_OWN_WORDS, edition="N3", table=table)
    assert a.verdict == "no" and a.doubt is None
    faq = next(c for c in a.citations if c["kind"] != "rule" and c["deciding"])
    assert faq["text"].split("\n", 1)[0].endswith(FAQ_OWN_WORDS) and "No" in faq["text"].split("\n", 1)[1]
    # case, punctuation and a "Q:" label aside
    assert answer_question(conn, "Q: " + FAQ_OWN_WORDS.lower().rstrip("?"), edition="N3", table=table).verdict == "no"
    other = answer_question(conn, "Can I declare an Intuitive Attack against a trooper who is neither Camouflaged nor "
                            "inside a Zero Visibility Zone?", edition="N3", table=table)
    assert other.verdict == "unknown" and other.rows_verdict == "no" and other.doubt["score"] > 0.99
