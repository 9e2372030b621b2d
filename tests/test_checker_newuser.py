"""A new user's trial of the checker: the questions it answered wrongly or crashed on, with
paraphrases in English and Spanish, each verdict and deciding (first) citation checked by hand
against the four bundled pages. Also: the Fireteam member's view of its Team Leader's Order,
states the logic does not cover, misspelt state names, what "can it …?" answers say, the
N3-era FAQ note, scenario-file and option errors."""
from __future__ import annotations

import json

import pytest

from rulecheck.checker.answer import answer_question, answer_scenario
from rulecheck.checker.errors import BadScenario, UnknownSkill, UnknownState
from rulecheck.checker.logic import load_logic
from rulecheck.checker.question import read_question
from rulecheck.checker.scenario import load_scenario, make_scenario

#: (question, verdict, first citation id or None for unknown)
QUESTIONS = [
    # 1. A non-leader Fireteam member performs Movement / Support when its Team Leader declares
    #    Move + BS Attack (example 1), and Dodge when the Leader declares Dodge (example 2).
    ("A HoloMask Fireteam member who is not the Team Leader moves while the Team Leader declares BS Attack: is it revealed?",
     "no", "holomask-state-cancellation-1-2"),
    ("Does a holomask trooper stay hidden if the fireteam leader declares BS attack and he supports?",
     "yes", "holomask-state-cancellation-1-2"),
    ("Is a HoloMask trooper in a Fireteam revealed if its Team Leader declares Move + BS Attack?",
     "no", "holomask-state-cancellation-1-2"),
    ("Does a HoloMask trooper keep its state when the Team Leader declares BS Attack and it provides support?",
     "yes", "holomask-state-cancellation-1-2"),
    ("¿Se revela una tropa en estado HoloMask de un Fireteam si el Jefe de Equipo declara Ataque CD y ella mueve?",
     "no", "holomask-state-cancellation-1-2"),
    ("The Team Leader declares Dodge, so all the Fireteam members make a PH roll. Is the HoloMask trooper revealed?",
     "yes", "holomask-state-example-2"),
    ("¿Se revela una tropa HoloMask de un Fireteam si su Jefe de Equipo declara Esquivar?", "yes", "holomask-state-example-2"),
    # what a member performs for a Leader's Discover is on no bundled page: no guess
    ("Is a HoloMask trooper revealed if the team leader declares Discover?", "unknown", None),
    # 2. states the glossary knows but the logic does not cover
    ("Is an impersonation marker revealed if it declares an attack?", "unknown", None),
    ("Is an IMP-1 marker revealed if it declares dodge?", "unknown", None),
    ("¿Se revela una tropa en Suplantación si declara Esquivar?", "unknown", None),
    ("Is a Holoecho revealed if it declares a BS Attack?", "unknown", None),
    ("Is a trooper in Retreat! revealed if it declares Dodge?", "unknown", None),
    # 3. the Camouflage of a Hidden Deployment trooper is its Skill, not a second state
    ("Is a HD trooper with camo revealed if it declares Cautious Movement?", "no", "hidden-deployment-state-cancellation-3-1"),
    ("Is a camouflaged HD trooper revealed if it declares Cautious Movement?", "no", "hidden-deployment-state-cancellation-3-1"),
    ("Is a Hidden Deployment trooper with Camouflage revealed if it declares Cautious Movement?", "no",
     "hidden-deployment-state-cancellation-3-1"),
    ("¿Se revela una tropa en Despliegue Oculto con Camuflaje si declara Movimiento Cauteloso?", "no",
     "hidden-deployment-state-cancellation-3-1"),
    # 4. Silhouette contact is the event; the Silhouette value is the property
    ("Does a Camouflaged trooper lose camo when it enters silhouette contact with an enemy?", "yes", "camuflado-cancellation-1-3"),
    ("Is a camo marker revealed if it moves into base to base contact with an enemy model?", "yes", "camuflado-cancellation-1-3"),
    ("¿Se revela un Marcador de Camuflado que entra en contacto de Silueta con una miniatura enemiga?", "yes",
     "camuflado-cancellation-1-3"),
    ("Does a camo marker have the same silhouette value as the trooper?", "yes", "camuflado-effects-9"),
    # 5. the enemy delays its ARO (the enemy named just before the Skill acts)
    ("When my camo marker activates, can the enemy delay its ARO?", "yes", "camuflado-effects-13"),
    ("Can a reactive trooper delay its ARO against a camo marker?", "yes", "camuflado-effects-13"),
    ("¿Puede el enemigo retrasar su ORA cuando se activa mi Marcador de Camuflado?", "yes", "camuflado-effects-13"),
    # 6. misspelt state names
    ("Holomsk trooper declares Discover, is it revealed?", "yes", "holomask-state-cancellation-1-1"),
    ("Is a Camoflaged trooper revealed if it declares Move?", "no", "camuflado-cancellation-1-1"),
    ("Is a Hiden Deployment trooper revealed if it declares a BS Attack?", "yes", "hidden-deployment-state-cancellation-2"),
    ("¿Se revela una tropa Camuflda si declara Esquivar?", "yes", "camuflado-cancellation-1-1"),
    # 7. a Discover Roll does not cancel Hidden Deployment; Sensor does
    ("Is a Hidden Deployment trooper revealed if an enemy passes a Discover roll against it?", "no",
     "hidden-deployment-state-cancellation-1"),
    ("Does a trooper in Hidden Deployment stay hidden if an enemy succeeds at a Discover roll against it?", "no",
     "hidden-deployment-state-cancellation-1"),
    ("¿Se revela una tropa en Despliegue Oculto si el enemigo supera una tirada de Descubrir?", "no",
     "hidden-deployment-state-cancellation-1"),
    ("Is a Hidden Deployment trooper revealed if an enemy Sensor discovers it?", "yes", "hidden-deployment-state-cancellation-1"),
    ("Is a camo marker revealed if an enemy passes a Discover roll against it?", "yes", "camuflado-cancellation-1-4"),
    # 8. "can it …?" about its own declaration
    ("can a camo marker dodge", "yes", "camuflado-cancellation-1-1"),
    ("¿Puede un Marcador de Camuflado Esquivar?", "yes", "camuflado-cancellation-1-1"),
    ("Can a camo marker declare Cautious Movement?", "yes", "camuflado-cancellation-1-2"),
    ("Can a trooper regain hidden deployment after it is cancelled?", "no", "hidden-deployment-state-effects-9"),
]


@pytest.mark.parametrize("question,verdict,first", QUESTIONS, ids=[q[0][:70] for q in QUESTIONS])
def test_new_user_question(ask, question, verdict, first):
    answer = ask(question, verdict, first)
    assert answer.citations, "even an unknown answer quotes the nearest passages"


def test_the_member_performs_what_its_leader_declares(conn):
    table = load_logic()
    scenario = read_question(table, "Does a holomask trooper stay hidden if the fireteam leader declares BS attack and he supports?")
    assert (scenario.leader, scenario.declares, scenario.context["fireteam"]) == (("bs_attack",), ("support",), "member")
    answer = answer_question(conn, "Is a HoloMask trooper in a Fireteam revealed if its Team Leader declares Move + BS Attack?")
    steps = " ".join(answer.to_dict()["reasoning"])
    assert "The Team Leader declares BS Attack: the trooper, a Fireteam member that is not the Team Leader, performs Support" in steps
    assert "holomask-state-example-1" in [c["id"] for c in answer.citations]
    # structured: the same engine
    for leader, verdict in ((["bs attack"], "no"), (["dodge"], "yes"), (["discover"], "unknown")):
        s = make_scenario(table, state="holomask", leader=leader)
        assert answer_scenario(conn, s, table=table).verdict == verdict, leader
    # a Team Leader's Skill with no Fireteam entry for that state is not guessed at
    assert answer_scenario(conn, make_scenario(table, state="camouflaged", leader=["bs attack"]), table=table).verdict == "unknown"
    with pytest.raises(BadScenario, match="fireteam"):
        make_scenario(table, state="holomask", leader=["dodge"], context={"fireteam": "leader"})


def test_uncovered_states_say_so(conn):
    answer = answer_question(conn, "Is an IMP-1 marker revealed if it declares dodge?")
    assert answer.answer.startswith("Impersonation is not one of the states the checker covers "
                                    "(Camouflaged, TO Camouflaged, Hidden Deployment, HoloMask)")
    assert answer.scenario["other_states"] == ["Impersonation"] and answer.citations
    # a covered state named beside it still answers: Retreat! here is what happens to the Marker
    assert answer_question(conn, "Is a camo marker revealed if it enters Retreat!?").verdict == "yes"
    with pytest.raises(UnknownState, match="Impersonation is not one of the states"):
        make_scenario(load_logic(), state="Impersonation", declares=["move"])


def test_misspelt_state_is_read_and_said(conn):
    answer = answer_question(conn, "Holomsk trooper declares Discover, is it revealed?")
    assert answer.trace[0]["step"] == "Read “Holomsk” as HoloMask."
    assert "Read “Holomsk” as HoloMask." in answer.notes
    # words the vocabulary knows are never "corrected" into a state
    assert read_question(load_logic(), "Can a trooper discover a mine?").states == ()


def test_can_it_answers_say_what_it_costs(conn):
    answer = answer_question(conn, "can a camo marker dodge")
    assert answer.answer == "Yes — it may, but declaring Dodge cancels the Camouflaged state (the Marker is replaced by the model)."
    assert answer.trace[-1]["step"] == "The question asks whether it may declare Dodge: yes."
    answer = answer_question(conn, "Can a trooper regain hidden deployment after it is cancelled?")
    assert answer.trace[-1]["step"] == "The question asks whether it can return to (regain) the state: no."


def test_n4_answers_on_an_n3_era_faq_say_so(conn):
    answer = answer_question(conn, "When my camo marker activates, can the enemy delay its ARO?")
    note = ("FAQ faq-is-it-obligatory-to-declare-that-93902d (1.2) is from the N3-era FAQ on the TO Camouflaged page; "
            "there is no N4 FAQ on this.")
    assert note in answer.notes and note in answer.to_dict()["reasoning"]
    # the N3 page's own answer needs no such note
    assert not answer_question(conn, "When my camo marker activates, can the enemy delay its ARO?", edition="N3").notes


# --- Scenario files and options ---------------------------------------------------------------

@pytest.mark.parametrize("content,message", [
    (b'state = "camouflaged"\ndeclares = ["move"]\n# caf\xe9\n', "not UTF-8 text"),
    (b'state = ["camo", "holomask"]\ndeclares = ["move"]\n', "`state` must be a string naming one state"),
    (b'state = 5\n', "`state` must be a string naming one state, e.g. state = \"camouflaged\", not a number 5"),
    (b'state = "camo"\ndeclares = [1, 2]\n', "`declares` must be a list of Skill names"),
    (b'state = "camo"\ndeclares = ["move"]\ncontext = "x"\n', "`context` must be a table of axis = value"),
    (b'state = "camo"\ndeclares = ["move"]\n[context]\nturn = 3\n', "`context.turn` must be a string"),
])
def test_bad_scenario_files_exit_2_naming_the_field(run_ask, tmp_path, content, message):
    path = tmp_path / "s.toml"
    path.write_bytes(content)
    result = run_ask("--scenario", str(path))
    assert result.exit_code == 2 and message in result.output, result.output
    with pytest.raises(BadScenario):
        load_scenario(load_logic(), path)


def test_edition_flag_wins_over_the_scenario_file(run_ask, tmp_path):
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
def test_option_errors_name_the_kind_and_suggest_the_canonical_name(run_ask, args, message):
    result = run_ask(*args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_property_errors_list_properties_only():
    with pytest.raises(UnknownSkill) as e:
        make_scenario(load_logic(), state="camouflaged", properties=["flying"])
    assert "block_lof" in str(e.value) and "dodge" not in str(e.value)


def test_leader_option(run_ask):
    data = json.loads(run_ask("--state", "holomask", "--leader", "bs attack", "--declare", "move", "--json").output)
    assert data["verdict"] == "no" and data["scenario"]["leader"] == ["bs_attack"]
