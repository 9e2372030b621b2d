"""Questions answered through the whole checker against the bundled base: the issue's examples
table, and questions read off the four pages, in both languages and both polarities. Each
checks the verdict and the deciding (first) citation."""
from __future__ import annotations

import pytest

from rulecheck.checker.answer import answer_question

#: (question, edition or None, verdict, first citation id or None)
ISSUE_EXAMPLES = [
    ("Is a Camouflaged trooper revealed if it declares Cautious Movement?", None, "no", "camuflado-cancellation-1-2"),
    ("A camo marker declares a BS Attack. Is it revealed?", None, "yes", "camuflado-cancellation-1-1"),
    ("My camouflaged trooper declares Move + CC Attack. Is it revealed during the Move?", None, "yes", "camuflado-important-1"),
    ("Can I declare a BS Attack against an enemy Camouflage Marker without Discovering it first?", None, "no", "camuflado-effects-4"),
    ("Can a reactive trooper Dodge against a camo marker?", None, "yes", "camuflado-effects-12"),
    ("Does a Camouflaged trooper keep its state if it declares Look Out!?", None, "no", "camuflado-cancellation-1-1"),
    ("Is a TO Camouflaged trooper revealed when it is hit by a Riotstopper?", None, "no", "faq-is-a-camo-marker-revealed-when-928f97"),
    ("Can a TO Camouflaged trooper use Surprise Attack in its Active Turn?", None, "yes", "to-camouflaged-effects-7"),
    ("Can a Hidden Deployment trooper without Camouflage declare Move and stay hidden?", None, "no", "hidden-deployment-state-cancellation-2"),
    ("Does a trooper in Hidden Deployment block Line of Fire?", None, "no", "hidden-deployment-state-effects-3"),
    ("If the spot written down for my Hidden Deployment trooper is occupied, can it be revealed in Silhouette contact?", None, "no", "faq-what-happens-if-another-model-or-272bc0"),
    ("Can my Hidden Deployment trooper with Camouflage stop an enemy from going back into a Marker State without being revealed as a model?", None, "yes", "hidden-deployment-state-cancellation-3-3"),
    ("Does a HoloMask trooper reveal itself when it declares a BS Attack?", None, "yes", "holomask-state-cancellation-1-1"),
    ("Must the imitated model of a HoloMask trooper belong to its faction or Sectorial Army?", None, "yes", "holomask-state-effects-2"),
    ("¿Se revela un Marcador de Camuflado que declara un Ataque CD?", None, "yes", "camuflado-cancellation-1-1"),
    ("¿Puede una Tropa volver al estado Camuflado consumiendo una Habilidad Larga fuera de LDT enemiga?", None, "yes", "camuflado-activation-2"),
    ("What's the weather like on Paradiso?", None, "unknown", None),
]

OWN_QUESTIONS = [
    # Camouflaged (N4), English
    ("Does a camo marker stay camouflaged if it declares Move?", None, "yes", "camuflado-cancellation-1-1"),
    ("Is a Camouflaged trooper revealed if it declares Dodge?", None, "yes", "camuflado-cancellation-1-1"),
    ("Is a camo marker revealed when it declares Discover?", None, "yes", "camuflado-cancellation-1-1"),
    ("Is a Camouflaged trooper revealed when it enters base contact with an enemy?", None, "yes", "camuflado-cancellation-1-3"),
    ("Is a camouflaged trooper revealed if it is discovered?", None, "yes", "camuflado-cancellation-1-4"),
    ("Is a camo marker revealed if it has to make a Saving Roll?", None, "yes", "camuflado-cancellation-1-5"),
    ("Does a Camouflaged trooper lose its state when it enters Retreat!?", None, "yes", "camuflado-cancellation-1-6"),
    ("Is a camo marker revealed when it becomes Impetuous?", None, "yes", "camuflado-cancellation-1-6"),
    ("Can an enemy trooper enter base contact with a camo marker?", None, "no", "camuflado-effects-3"),
    ("Can a reactive trooper declare Reset against a camo marker?", None, "yes", "camuflado-effects-12"),
    ("Can a trooper with Multispectral Visor L3 declare a BS Attack against a camo marker without Discovering it?", None, "yes", "camuflado-see_also-5"),
    ("Can I declare a CC Attack against a camo marker after discovering it?", None, "yes", "camuflado-effects-4"),
    ("If my trooper fails a Discover roll against a camo marker, can it try to discover it again this turn?", None, "no", "camuflado-effects-7"),
    ("Does a Camouflage Marker have 360 degree LoF?", None, "yes", "camuflado-effects-8"),
    ("Can a camouflaged trooper be part of a Fireteam?", None, "no", "camuflado-effects-11"),
    ("Does the Camouflaged state interfere with Automatic Skills?", None, "no", "camuflado-effects-10"),
    ("Can a Camouflaged trooper return to the Camouflaged state in enemy LoF?", None, "no", "camuflado-activation-2"),
    ("Does the camo marker of a piece of Equipment have Silhouette 2?", None, "yes", "camuflado-effects-9"),
    ("Can a camo marker be hit indirectly by a Template aimed at another trooper?", None, "yes", "camuflado-remember-4"),
    ("Can a reactive trooper delay its ARO against a camo marker?", None, "yes", "camuflado-effects-13"),
    ("If the second skill does not reveal the camo marker, can the reactive trooper declare its delayed ARO?", None, "no", "camuflado-effects-13-2"),
    ("Is a camouflaged trooper revealed if it declares a Long Skill?", None, "yes", "camuflado-cancellation-1-2"),
    # Camouflaged, Spanish
    ("¿Se revela un Marcador de Camuflado que declara Movimiento Cauteloso?", None, "no", "camuflado-cancellation-1-2"),
    ("¿Mantiene el estado Camuflado una Tropa que declara Alertar?", None, "no", "camuflado-cancellation-1-1"),
    ("¿Puede una tropa reactiva Esquivar contra un Marcador de Camuflado?", None, "yes", "camuflado-effects-12"),
    ("¿Se puede declarar un Ataque CD contra un Marcador de Camuflado sin descubrirlo?", None, "no", "camuflado-effects-4"),
    ("¿Se revela un Marcador de Camuflado que entra en contacto de Silueta con un enemigo?", None, "yes", "camuflado-cancellation-1-3"),
    ("¿Pierde el estado Camuflado una tropa que debe hacer una Tirada de Salvación?", None, "yes", "camuflado-cancellation-1-5"),
    # TO Camouflaged (N3)
    ("Can a TO Camouflaged trooper use Surprise Attack in its Reactive Turn?", None, "no", "to-camouflaged-effects-7"),
    ("Does a TO Camouflaged trooper stay hidden if it declares Cautious Movement?", None, "yes", "to-camouflaged-cancellation-1-1"),
    ("Is a TO Camouflaged trooper revealed if it declares Look Out!?", None, "yes", "to-camouflaged-cancellation-1-1"),
    ("Can enemies declare an Intuitive Attack against a TO Camouflaged trooper?", None, "yes", "to-camouflaged-effects-3"),
    ("If an enemy fails his Discover roll, can he discover the same TO Camouflaged trooper again in the next turn?", None, "yes", "to-camouflaged-effects-6"),
    ("When a TO Camouflaged trooper's Retreat! ends, does it revert to the TO Camouflaged state?", None, "no", "to-camouflaged-cancellation-1-6"),
    ("Is a TO Camouflaged trooper's CH downgraded to Mimetism when it enters Retreat!?", None, "yes", "to-camouflaged-cancellation-1-6"),
    ("A TO Camouflaged trooper declares Move + BS Attack. Is it revealed during the Move?", None, "yes", "to-camouflaged-cancellation-4"),
    ("Is the Combat Group of a TO Camouflaged marker Private Information?", None, "no", "faq-is-the-combat-group-of-a-4e8799"),
    ("Is a camo marker revealed if it is hit by a Riotstopper?", "N3", "no", "faq-is-a-camo-marker-revealed-when-928f97"),
    ("Can I dismount from a TAG while TO Camouflaged?", None, "yes", "faq-can-a-troop-dismount-from-his-a121ab"),
    # Hidden Deployment (N4)
    ("Does a Hidden Deployment trooper add its Order to the Order Pool?", None, "no", "hidden-deployment-state-effects-4"),
    ("Can a trooper regain Hidden Deployment once it has been cancelled?", None, "no", "hidden-deployment-state-effects-9"),
    ("Is a Hidden Deployment trooper affected by Template Weapons?", None, "no", "hidden-deployment-state-effects-3"),
    ("Does a Hidden Deployment trooper with Camouflage keep its Marker state if it declares Cautious Movement?", None, "yes", "hidden-deployment-state-cancellation-3-1"),
    ("Is a Hidden Deployment trooper with Camouflage revealed if it declares Look Out!?", None, "yes", "hidden-deployment-state-cancellation-3-1"),
    ("Is a Hidden Deployment trooper with Camouflage revealed if it declares a BS Attack?", None, "yes", "hidden-deployment-state-cancellation-4"),
    ("Is a Hidden Deployment trooper revealed if it declares Move?", None, "depends", "hidden-deployment-state-cancellation-3-1"),
    ("Is a Hidden Deployment trooper revealed when it is discovered by Sensor?", None, "yes", "hidden-deployment-state-cancellation-1"),
    ("Can a trooper in Hidden Deployment use Surprise Attack?", None, "yes", "faq-can-surprise-attack-be-used-with-fddf96"),
    ("Are Tactical Awareness Orders generated by a trooper in Hidden Deployment?", None, "no", "faq-are-tactical-awareness-orders-generated-if-9e1013"),
    ("Can Hidden Deployment troopers be part of a Coordinated Order?", None, "yes", "hidden-deployment-state-effects-8"),
    ("Does a Hidden Deployment trooper lose its state if it becomes Impetuous?", None, "yes", "hidden-deployment-state-cancellation-5"),
    ("¿Se revela una tropa en Despliegue Oculto sin Camuflaje que declara Mover?", None, "yes", "hidden-deployment-state-cancellation-2"),
    # HoloMask (N4)
    ("Does a HoloMask trooper keep its state if it declares Cautious Movement?", None, "yes", "holomask-state-cancellation-1-3"),
    ("Is a HoloMask trooper in a Fireteam, not the team leader, revealed when it declares Support?", None, "no", "holomask-state-cancellation-1-2"),
    ("Is a HoloMask trooper revealed if it is forced to make a Saving Roll?", None, "yes", "holomask-state-cancellation-1-5"),
    ("Must the imitated model of a HoloMask trooper have the same Silhouette?", None, "yes", "holomask-state-effects-2"),
    ("Can a HoloMask trooper replicate the TinBots of the imitated model?", None, "no", "holomask-state-effects-4"),
    ("Is the imitated model of a HoloMask trooper replaced at the end of the Order?", None, "yes", "holomask-state-cancellation-2-1"),
    ("Is the presence of a trooper in HoloMask Private Information?", None, "yes", "holomask-state-important-2"),
    ("Is a HoloMask trooper revealed if it enters Silhouette contact with an enemy?", None, "yes", "holomask-state-cancellation-1-4"),
    # Off-topic and outside the logic
    ("What colour should I paint my Yu Jing?", None, "unknown", None),
    ("How many points does a camo marker cost?", None, "unknown", None),
]


@pytest.mark.parametrize("question,edition,verdict,first", ISSUE_EXAMPLES + OWN_QUESTIONS,
                         ids=[q[0][:60] for q in ISSUE_EXAMPLES + OWN_QUESTIONS])
def test_question(ask, question, edition, verdict, first):
    ask(question, verdict, first, edition)


def test_enough_own_questions_in_both_languages():
    spanish = [q for q, *_ in OWN_QUESTIONS if q.startswith("¿")]
    assert len(OWN_QUESTIONS) >= 40 and len(spanish) >= 6


def test_unknown_answers_cite_the_nearest_passages(conn):
    answer = answer_question(conn, "How many points does a camo marker cost?")
    assert answer.verdict == "unknown"
    assert answer.citations, "the nearest bullets by full-text search"
    assert "no checked answer" in answer.answer


def test_answer_says_which_edition(conn):
    n4 = answer_question(conn, "Is a camo marker revealed if it declares Move?")
    n3 = answer_question(conn, "Is a camo marker revealed if it declares Move?", edition="N3")
    assert (n4.edition, n4.citations[0]["page"]) == ("N4", "Camuflado")
    assert (n3.edition, n3.citations[0]["page"]) == ("N3", "TO Camouflaged")
    hd = answer_question(conn, "Does a trooper in Hidden Deployment block Line of Fire?", edition="N3")
    assert hd.edition == "N4" and any("N4" in n for n in hd.notes)
