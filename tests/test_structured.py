"""Structured input: `--state/--declare/--enemy/--leader/--event/--property` options and scenario
files build the same `Reading` a question does, answer through the same engine, and reject bad
names, values, files and editions with typed errors that name the field and the fix.
"""
from __future__ import annotations

import json

import pytest

from rulecheck.checker.answer import answer_reading, answer_scenario
from rulecheck.checker.engine import evaluate
from rulecheck.checker.errors import BadScenario, CheckerError, UnknownEdition, UnknownSkill, UnknownState
from rulecheck.checker.interpret import read_question
from rulecheck.checker.reading import Reading
from rulecheck.checker.scenario import check_edition, load_scenario, make_scenario, override
from rulecheck.checker.states import EDITIONS


def test_options_build_a_reading(table):
    reading = make_scenario(table, state="Camuflado", declares=["Esquivar"], edition="n4")
    assert isinstance(reading, Reading)
    assert reading.states == ("camouflaged",) and reading.by("self", "skill") == ("dodge",)
    assert (reading.proposition, reading.polarity) == ("revealed", "+") and reading.edition == "N4"
    assert reading.used == ["Camuflado", "Esquivar"] and reading.unplaced == []


def test_the_edition_picks_its_camouflage(table):
    assert make_scenario(table, state="camouflaged", declares=["move"], edition="N3").states == ("to_camouflaged",)


def test_names_are_checked_with_a_suggestion(table):
    with pytest.raises(UnknownState, match='did you mean "Camouflaged"'):
        make_scenario(table, state="Camoflaged", declares=["move"])
    with pytest.raises(UnknownSkill, match='did you mean "dodge"'):
        make_scenario(table, state="camouflaged", declares=["dogde"])
    with pytest.raises(BadScenario, match="says nothing happens"):
        make_scenario(table, state="camouflaged")
    with pytest.raises(BadScenario, match="turn"):
        make_scenario(table, state="camouflaged", declares=["move"], context={"turn": "sometimes"})
    with pytest.raises(UnknownState, match="Impersonation is not one of the states"):
        make_scenario(table, state="Impersonation", declares=["move"])


def test_property_errors_list_properties_only(table):
    with pytest.raises(UnknownSkill) as e:
        make_scenario(table, state="camouflaged", properties=["flying"])
    assert "block_lof" in str(e.value) and "dodge" not in str(e.value)


@pytest.mark.parametrize("edition", ["N5", "garbage", "CodeOne"])
def test_editions_the_checker_cannot_read_raise(table, edition):
    with pytest.raises(UnknownEdition) as e:
        read_question(table, "Is a camo marker revealed if it moves?", edition=edition)
    assert isinstance(e.value, CheckerError) and "the checker reads N4 and N3" in str(e.value)
    with pytest.raises(UnknownEdition):
        make_scenario(table, state="camouflaged", declares=["move"], edition=edition)


def test_edition_suggestion_and_canonical_form():
    assert 'did you mean "N4"' in str(UnknownEdition("N44", EDITIONS))
    assert check_edition(" n3 ") == "N3"


def test_override_replaces_conditions_and_what_is_asked(table):
    reading = read_question(table, "Is a camo marker revealed if it declares Move?")
    override(reading, context={"turn": "reactive"}, ask="keeps")
    assert reading.context["turn"] == "reactive" and (reading.proposition, reading.polarity) == ("revealed", "-")
    leader = make_scenario(table, state="holomask", leader=["dodge"])
    with pytest.raises(BadScenario, match="fireteam"):
        override(leader, context={"fireteam": "leader"})
    with pytest.raises(BadScenario, match='ask = "maybe"'):
        override(reading, ask="maybe")



#: (options, verdict, first citation or None): read off the four pages.
STRUCTURED = [
    (dict(state="camouflaged", enemy=["intuitive attack"]), "yes", "camuflado-effects-4"),
    (dict(state="camouflaged", enemy=["intuitive attack"], context={"target": "plain"}), "no",
     "faq-can-i-declare-an-intuitive-attack-a8be6a"),
    (dict(state="camouflaged", enemy=["discover_retry"], context={"retry": "new_marker"}), "yes", "camuflado-effects-7"),
    (dict(state="camouflaged", events=["riotstopper"], edition="N3"), "no", "faq-is-a-camo-marker-revealed-when-928f97"),
    (dict(state="hd", enemy=["bs attack"]), "no", "hidden-deployment-state-effects-3"),
    # Sensor Discovers troopers in Hidden Deployment within its Zone of Control, with a WIP+6 Roll
    (dict(state="hd", enemy=["sensor"]), "depends", None),
    (dict(state="hd", enemy=["sensor"], context={"zoc": "inside"}), "depends", None),
    (dict(state="hd", enemy=["sensor"], context={"zoc": "inside", "roll": "passed"}), "yes",
     "hidden-deployment-state-cancellation-1"),
    (dict(state="hd", enemy=["sensor"], context={"zoc": "outside", "roll": "passed"}), "no", None),
    (dict(state="holomask", enemy=["bs attack"]), "yes", "holomask-state-effects-1"),
    (dict(state="holomask", declares=["move"], context={"fireteam": "member"}), "no", "holomask-state-cancellation-1-2"),
    # "must it be Discovered before a BS Attack?" (the Camuflado page: yes)
    (dict(state="camouflaged", enemy=["bs attack"], ask="required"), "yes", "camuflado-effects-4"),
    (dict(state="camouflaged", enemy=["bs attack"], ask="required", context={"discovered": "no"}), "yes",
     "camuflado-effects-4"),
    (dict(state="camouflaged", enemy=["dodge"], ask="required"), "no", "camuflado-effects-12"),
    (dict(state="camouflaged", declares=["move", "discover"]), "yes", "camuflado-important-1"),
    (dict(state="camouflaged", declares=["bs attack", "move"]), "yes", "camuflado-cancellation-1-1"),
    (dict(state="holomask", leader=["bs attack"]), "no", "holomask-state-cancellation-1-2"),
    (dict(state="holomask", leader=["dodge"]), "yes", "holomask-state-example-2"),
    # what a member performs for a Leader's Discover is on no page; nor a Leader's Skill for a camo marker
    (dict(state="holomask", leader=["discover"]), "unknown", None),
    (dict(state="camouflaged", leader=["bs attack"]), "unknown", None),
    # an enemy's Discover reveals a marker only on a passed roll; unsaid, it depends
    (dict(state="camouflaged", enemy=["discover"]), "depends", None),
    (dict(state="camouflaged", enemy=["discover"], context={"roll": "failed"}), "no", None),
    (dict(state="camouflaged", enemy=["discover"], ask="allowed"), "yes", None),
    # Surprise Shot is for the Active Turn only: in the Reactive Turn it may not be declared at all
    (dict(state="TO", declares=["surprise shot"], context={"turn": "reactive"}), "no", "to-camouflaged-effects-8"),
    (dict(state="TO", declares=["surprise shot"], context={"turn": "active"}), "yes", "to-camouflaged-cancellation-1-2"),
]


@pytest.mark.parametrize("options,verdict,first", STRUCTURED,
                         ids=[str(o.values[0] if hasattr(o, "values") else o[0]) for o in STRUCTURED])
def test_structured_answers(conn, table, options, verdict, first):
    answer = answer_reading(conn, make_scenario(table, **options), table=table)
    assert answer.verdict == verdict, answer.to_text()
    if first is not None:
        assert answer.citations[0]["id"] == first and answer.citations[0]["deciding"], answer.to_text()
    elif verdict == "unknown":
        assert not any(c["deciding"] for c in answer.citations)


def test_structured_and_question_read_the_same(table):
    """The same Order, asked as a question and given as options, is the same reading."""
    asked = read_question(table, "Is a HoloMask trooper revealed if it declares Move, while its Team Leader declares BS Attack?")
    given = make_scenario(table, state="holomask", declares=["move"], leader=["bs attack"])
    for reading in (asked, given):
        assert reading.by("self") == ("move",) and reading.by("leader") == ("bs_attack",)
        assert reading.context["fireteam"] == "member" and (reading.proposition, reading.polarity) == ("revealed", "+")
    assert evaluate(table, asked).verdict == evaluate(table, given).verdict == "no"


def test_the_member_performs_what_its_leader_declares(conn, table):
    answer = answer_scenario(conn, make_scenario(table, state="holomask", leader=["bs attack"]), table=table)
    steps = " ".join(answer.to_dict()["reasoning"])
    assert "The Team Leader declares BS Attack: the trooper, a Fireteam member that is not the Team Leader, performs" in steps
    assert "holomask-state-example-1" in [c["id"] for c in answer.citations]
    with pytest.raises(BadScenario, match="fireteam"):
        make_scenario(table, state="holomask", leader=["dodge"], context={"fireteam": "leader"})


def test_a_barred_skill_says_so(conn, table):
    answer = answer_reading(conn, make_scenario(table, state="TO", declares=["surprise shot"], context={"turn": "reactive"}),
                            table=table)
    assert "may not declare Surprise Shot" in answer.answer, answer.answer


def test_a_whole_order_answer_says_each_thing_once(conn, table):
    reading = make_scenario(table, state="holomask", declares=["move", "bs attack"], context={"fireteam": "leader"})
    answer = answer_reading(conn, reading, table=table)
    assert answer.verdict == "yes" and answer.answer.count("at the end of the Order") == 1, answer.answer


# --- Scenario files --------------------------------------------------------------------------

def test_scenario_files(table, tmp_path):
    path = tmp_path / "order.toml"
    path.write_text('state = "HD"\ndeclares = ["move"]\ncamouflage = "yes"\nask = "keeps"\n', encoding="utf-8")
    reading = load_scenario(table, path)
    assert isinstance(reading, Reading) and reading.context == {"camouflage": "yes"}
    ev = evaluate(table, reading)
    assert ev.verdict == "yes" and ev.outcome == "marker"
    path.write_text('state = "Camuflado"\nenemy = "delayed_aro_declare"\n[context]\nsecond_skill = "keeps"\n',
                    encoding="utf-8")
    ev = evaluate(table, load_scenario(table, path))
    assert ev.verdict == "no" and ev.cites[0] == "camuflado-effects-13-2"
    path.write_text('state = "HD"\ndeclares = ["delay aro"]\ncamouflage = "yes"\nask = "keeps"\n', encoding="utf-8")
    ev = evaluate(table, load_scenario(table, path))
    assert (ev.verdict, ev.outcome, ev.cites[0]) == ("yes", "marker", "hidden-deployment-state-cancellation-3-2")


@pytest.mark.parametrize("content,message", [
    (b'state = "HD"\ndeclares = ["move"]\ncolour = "red"\n', "unknown field(s) ['colour']"),
    (b'declares = ["move"]\n', "missing `state`"),
    (b'state = "camouflaged"\ndeclares = ["move"]\n# caf\xe9\n', "not UTF-8 text"),
    (b'state = ["camo", "holomask"]\ndeclares = ["move"]\n', "`state` must be a string naming one state"),
    (b'state = 5\n', "`state` must be a string naming one state, e.g. state = \"camouflaged\", not a number 5"),
    (b'state = "camo"\ndeclares = [1, 2]\n', "`declares` must be a list of Skill names"),
    (b'state = "camo"\ndeclares = ["move"]\ncontext = "x"\n', "`context` must be a table of axis = value"),
    (b'state = "camo"\ndeclares = ["move"]\n[context]\nturn = 3\n', "`context.turn` must be a string"),
    (b'state = "camo"\ndeclares = ["move"]\nask = "maybe"\n', 'ask = "maybe"'),
])
def test_bad_scenario_files_name_the_field(table, run_ask, tmp_path, content, message):
    path = tmp_path / "s.toml"
    path.write_bytes(content)
    with pytest.raises(BadScenario) as e:
        load_scenario(table, path)
    assert message in str(e.value) and str(path) in str(e.value), str(e.value)
    result = run_ask("--scenario", str(path))
    assert result.exit_code == 2 and message in result.output, result.output


def test_a_missing_scenario_file(table, tmp_path):
    with pytest.raises(BadScenario, match="Cannot read"):
        load_scenario(table, tmp_path / "missing.toml")


def test_the_edition_flag_wins_over_the_scenario_file(run_ask, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('state = "camo"\nedition = "N3"\ndeclares = ["move"]\n', encoding="utf-8")
    assert json.loads(run_ask("--scenario", str(path), "--json").output)["edition"] == "N3"
    data = json.loads(run_ask("--scenario", str(path), "--edition", "N4", "--json").output)
    assert data["edition"] == "N4" and data["scenario"]["states"] == ["camouflaged"]
    assert "flag wins" in run_ask("--help").output


@pytest.mark.parametrize("args,message", [
    (("--state", "camouflaged", "--property", "flying"), 'Unknown property "flying" — known properties: '),
    (("--state", "ninja", "--declare", "move"),
     'Unknown state "ninja" — the checker covers Camouflaged, TO Camouflaged, Hidden Deployment, HoloMask'),
    (("--state", "camouflaged", "--declare", "cautous movement"), 'did you mean "cautious movement"?'),
    (("--state", "camouflaged", "--property", "blok_lof"), 'Unknown property "blok_lof" — did you mean "block_lof"?'),
])
def test_option_errors_name_the_kind_and_suggest(run_ask, args, message):
    result = run_ask(*args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_the_leader_option(run_ask):
    data = json.loads(run_ask("--state", "holomask", "--leader", "bs attack", "--declare", "move", "--json").output)
    assert data["verdict"] == "no" and data["scenario"]["leader"] == ["bs_attack"]
    assert data["reading"]["actions"][0] == {"subject": "move", "by": "self", "kind": "skill", "position": 0, "text": ""}
