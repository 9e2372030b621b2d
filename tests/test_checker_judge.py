"""The judge's questions: a second, expert read of the checker. Every question here was asked
through `rulecheck ask` and its verdict and deciding (first) citation checked against the four
bundled pages by hand. `WAS_WRONG` were answered wrongly (verdict, citation, state, actor or
polarity) before the judge's fixes; `CHECKED` answered right and guard against regressions.
Also: structured mode, scenario files, editions, and the cached logic table."""
from __future__ import annotations

import marshal

import pytest

from rulecheck.checker import logic
from rulecheck.checker.answer import answer_question, answer_scenario
from rulecheck.checker.engine import evaluate
from rulecheck.checker.logic import load_logic
from rulecheck.checker.question import read_question
from rulecheck.checker.scenario import load_scenario, make_scenario

#: (question, edition or None, verdict, first citation id or None)
WAS_WRONG = [
    ('Is a Camouflaged trooper revealed when it is hit by a Riotstopper?', None, 'unknown', None),
    ('Can I declare an Intuitive Attack against a camo marker?', None, 'yes', 'camuflado-effects-4'),
    ('Can my trooper move into base contact with an enemy camo marker?', None, 'no', 'camuflado-effects-3'),
    ('Can an enemy declare a Reset ARO against a camo marker?', None, 'yes', 'camuflado-effects-12'),
    ('Must the reactive trooper announce that it delays its ARO against a camo marker?', None, 'yes', 'faq-is-it-obligatory-to-declare-that-93902d'),
    ('What Silhouette does a camo marker of a weapon have?', None, 'unknown', None),
    ('If a Fireteam member enters Camouflaged state does it leave the Fireteam?', None, 'yes', 'camuflado-effects-11'),
    ('Is the Combat Group of a camo marker Open Information?', None, 'yes', 'faq-is-the-combat-group-of-a-4e8799'),
    ('Is the Combat Group of a camo marker Private Information?', None, 'no', 'faq-is-the-combat-group-of-a-4e8799'),
    ('Can I choose to cancel the Camouflaged state voluntarily?', None, 'no', 'faq-can-you-choose-to-cancel-game-2de5cf'),
    ('Can I use a Coordinated Order to have several troops revert to marker states?', None, 'no', 'faq-can-i-use-a-coordinated-order-545564'),
    ('Is a TO Camouflaged trooper revealed if an Intuitive Attack forces it to make an ARM roll?', None, 'yes', 'to-camouflaged-cancellation-1-5'),
    ('Can an enemy declare Intuitive Attack against a trooper that is not camouflaged?', None, 'no', 'faq-can-i-declare-an-intuitive-attack-a8be6a'),
    ('What MOD does the enemy apply to Discover a TO Camouflaged trooper?', None, 'unknown', None),
    ('Can I use a Coordinated Order to have several troops with TO Camouflage revert to the TO Camouflaged state?', None, 'no', 'faq-can-i-use-a-coordinated-order-545564'),
    ('Does a mine camo marker belong to a Combat Group?', None, 'yes', 'faq-do-camouflage-markers-that-do-not-542d58'),
    ('Does a Hidden Deployment trooper with Camouflage keep its Marker if it delays its ARO against a Marker?', None, 'yes', 'hidden-deployment-state-cancellation-3-2'),
    ('Can an enemy Discover a Hidden Deployment trooper?', None, 'no', 'hidden-deployment-state-cancellation-1'),
    ('Can an enemy shoot a trooper in Hidden Deployment?', None, 'no', 'hidden-deployment-state-effects-3'),
    ('Does a Hidden Deployment trooper keep its own Order when it joins a Coordinated Order?', None, 'no', 'hidden-deployment-state-effects-8'),
    ('Can a Hidden Deployment trooper declare an ARO if an enemy occupies its written position?', None, 'yes', 'faq-what-happens-if-another-model-or-272bc0'),
    ('Does a Hidden Deployment trooper with Camouflage that declares Move get placed as a Camouflage Marker?', None, 'yes', 'hidden-deployment-state-cancellation-3-1'),
    ('Can a Hidden Deployment trooper use its own Order in the Active Turn?', None, 'yes', 'hidden-deployment-state-effects-4'),
    ('The Team Leader declares Dodge. Is the HoloMask trooper in the Fireteam, not the team leader, revealed?', None, 'yes', 'holomask-state-example-2'),
    ('Can the imitated model of a HoloMask trooper have a different Silhouette?', None, 'no', 'holomask-state-effects-2'),
    ('Is the imitated model replaced immediately when HoloMask is cancelled?', None, 'no', 'holomask-state-cancellation-2-1'),
    ('Can an enemy shoot a HoloMask trooper without discovering it?', None, 'yes', 'holomask-state-effects-1'),
    ('When a HoloMask trooper is revealed, must the player give the opponent its Public Information?', None, 'yes', 'holomask-state-cancellation-2-2'),
    ('Can a HoloMask trooper imitate a model from another faction?', None, 'no', 'holomask-state-effects-2'),
    ('¿Pierde el estado Camuflado una tropa que se vuelve Impetuosa?', None, 'yes', 'camuflado-cancellation-1-6'),
    ('¿Puede una tropa volver a intentar Descubrir un Marcador de Camuflado en el mismo turno tras fallar?', None, 'no', 'camuflado-effects-7'),
    ('How far can a camo marker move?', None, 'unknown', None),
    ('Does a camo marker that moves into base contact with an enemy lose its state?', None, 'yes', 'camuflado-cancellation-1-3'),
    ('Can a reactive trooper delay its ARO against a Camouflaged trooper and then declare it if the marker declares a BS Attack as its second skill?', None, 'yes', 'camuflado-effects-13-1'),
    ('Does a TO Camouflaged trooper recover its original CH level when Retreat! is cancelled?', None, 'yes', 'to-camouflaged-cancellation-1-6'),
    ('If a trooper with Holoecho deploys in Hidden Deployment, must I write down the positions of the Holoechoes?', None, 'yes', 'hidden-deployment-state-effects-6'),
    ('Is a HoloMask trooper revealed if the Team Leader of its Fireteam declares Dodge?', None, 'yes', 'holomask-state-example-2'),
    ('Does a HoloMask trooper in a Fireteam who is not the Team Leader stay hidden if it declares Move and Support?', None, 'yes', 'holomask-state-cancellation-1-2'),
    ('¿Puede un enemigo disparar a una tropa en Despliegue Oculto?', None, 'no', 'hidden-deployment-state-effects-3'),
    ('¿Se revela el Marcador de Camuflado si recibe un impacto de Riotstopper?', None, 'unknown', None),
    ('¿Puede una tropa en estado HoloMask imitar a una tropa de otra facción?', None, 'no', 'holomask-state-effects-2'),
    ('Is the Mimetism MOD applied to the Discover roll against a camo marker?', None, 'yes', 'camuflado-effects-5'),
    ('Can a camo marker that was revealed and returned to Camouflaged state in the same turn be discovered again by the trooper that failed?', None, 'yes', 'camuflado-effects-7'),
    ('Does a camo marker need to be discovered before being attacked?', None, 'yes', 'camuflado-effects-4'),
    ('Is it necessary to discover a camo marker before shooting it?', None, 'yes', 'camuflado-effects-4'),
    ('Is a HoloMask trooper revealed if it declares Support while not in a Fireteam?', None, 'unknown', None),
    ('Can a HoloMask trooper use the Unit Profile of the imitated model?', None, 'no', 'holomask-state-effects-3'),
]

CHECKED = [
    ('Does a Camouflaged trooper lose its Camouflaged state if it declares Move?', None, 'no', 'camuflado-cancellation-1-1'),
    ('Is a camo marker revealed if it moves?', None, 'no', 'camuflado-cancellation-1-1'),
    ('My camo marker declares Cautious Movement. Does it stay in Camouflaged state?', None, 'yes', 'camuflado-cancellation-1-2'),
    ('Is a camo marker revealed when it declares a Hacking Attack?', None, 'yes', 'camuflado-cancellation-1-1'),
    ('Does a camo marker remain camouflaged if it declares a CC Attack?', None, 'no', 'camuflado-cancellation-1-1'),
    ('A Camouflaged trooper declares Reset. Is it revealed?', None, 'yes', 'camuflado-cancellation-1-1'),
    ('Does a Camouflaged trooper keep its state if it declares Dodge?', None, 'no', 'camuflado-cancellation-1-1'),
    ('Is a Camouflaged trooper revealed if it declares an Entire Order?', None, 'yes', 'camuflado-cancellation-1-2'),
    ('Does a camouflaged trooper stay camouflaged when it declares Move + Move?', None, 'yes', 'camuflado-cancellation-1-1'),
    ('My camouflaged trooper declares Move + BS Attack. Is it revealed during the Move?', None, 'yes', 'camuflado-important-1'),
    ('A camo marker declares Move then Discover. Is it revealed during the Move?', None, 'yes', 'camuflado-important-1'),
    ('Is a camo marker revealed when it suffers a Critical hit?', None, 'yes', 'camuflado-cancellation-1-5'),
    ('Is a camouflaged trooper revealed if it declares an ARO?', None, 'unknown', None),
    ('Is a camo marker revealed if it declares Dodge as an ARO?', None, 'yes', 'camuflado-cancellation-1-1'),
    ('Does a camo marker lose camouflage when a template hits it?', None, 'yes', 'camuflado-cancellation-1-5'),
    ('Is a Camouflaged trooper with Frenzy revealed?', None, 'yes', 'camuflado-cancellation-1-6'),
    ('Can an enemy shoot a camo marker?', None, 'no', 'camuflado-effects-4'),
    ('Can I shoot an enemy camo marker?', None, 'no', 'camuflado-effects-4'),
    ('Can I shoot an enemy camo marker after discovering it?', None, 'yes', 'camuflado-effects-4'),
    ('Can I declare a CC Attack against an enemy camo marker without discovering it?', None, 'no', 'camuflado-effects-4'),
    ('Can I declare a Hacking Attack against an enemy camo marker?', None, 'no', 'camuflado-effects-4'),
    ('Can a reactive trooper declare a BS Attack ARO against a camo marker?', None, 'no', 'camuflado-effects-4'),
    ('Can a reactive trooper declare Look Out! against a camo marker?', None, 'yes', 'camuflado-effects-12'),
    ('Can a reactive trooper declare Discover against a camo marker?', None, 'yes', 'camuflado-effects-12'),
    ('Can my trooper declare Discover twice against the same camo marker in one Order?', None, 'no', 'camuflado-effects-7'),
    ('Can I declare two Discover against the same marker in one order?', None, 'no', 'camuflado-effects-7'),
    ('After failing a Discover roll against a camo marker, can my trooper try again in the next Player Turn?', None, 'yes', 'camuflado-effects-7'),
    ('Can I shoot a camo marker with a Multispectral Visor L3?', None, 'yes', 'camuflado-see_also-5'),
    ('Can I attack a camouflaged marker with a template weapon aimed at the marker?', None, 'no', 'camuflado-effects-4'),
    ('Can I hit a camo marker with a Template weapon aimed at another enemy trooper?', None, 'yes', 'camuflado-remember-4'),
    ('Can an enemy declare Change Facing against a camo marker?', None, 'unknown', None),
    ('If the camo marker reveals itself with its second skill, can the reactive trooper declare its delayed ARO?', None, 'yes', 'camuflado-effects-13-1'),
    ('If the second short skill reveals the marker, may delayed AROs be declared?', None, 'yes', 'camuflado-effects-13-1'),
    ('Does a camo marker have 360 degree Line of Fire?', None, 'yes', 'camuflado-effects-8'),
    ('Does a camo marker have the same Silhouette as the trooper?', None, 'yes', 'camuflado-effects-9'),
    ('Does the Camouflaged state stop Automatic Equipment from working?', None, 'no', 'camuflado-effects-10'),
    ('Can a camouflaged trooper return to the Camouflaged state by spending an Entire Order outside enemy LoF?', None, 'yes', 'camuflado-activation-2'),
    ('Can a trooper return to the Camouflaged state in its Reactive Turn?', None, 'no', 'camuflado-activation-2'),
    ('Does a Camouflaged trooper add its order to the Order Pool?', None, 'unknown', None),
    ('Does a camo marker generate a Tactical Awareness order?', None, 'unknown', None),
    ('Is a TO Camouflaged trooper revealed if it declares Move?', None, 'no', 'to-camouflaged-cancellation-1-1'),
    ('Does a TO camo marker stay hidden when it declares Dodge?', None, 'no', 'to-camouflaged-cancellation-1-1'),
    ('Is a TO Camouflaged trooper revealed if it declares Discover?', None, 'yes', 'to-camouflaged-cancellation-1-1'),
    ('Is a TO Camouflaged trooper revealed if it declares a Surprise Shot?', None, 'yes', 'to-camouflaged-cancellation-1-2'),
    ('Can a TO Camouflaged trooper use Surprise Shot in its Reactive Turn?', None, 'no', 'to-camouflaged-effects-8'),
    ('Can a TO Camouflaged trooper use Surprise Shot?', None, 'depends', 'to-camouflaged-effects-8'),
    ('Is a TO Camouflaged trooper revealed when it receives a Critical hit?', None, 'yes', 'to-camouflaged-cancellation-1-5'),
    ('Is a TO Camouflaged trooper revealed when hit by a template aimed at a nearby model?', None, 'yes', 'to-camouflaged-cancellation-1-5'),
    ('Can an enemy attack a TO Camouflaged trooper without discovering it?', None, 'no', 'to-camouflaged-effects-3'),
    ('Can a trooper enter base to base contact with a TO Camouflage Marker?', None, 'no', 'to-camouflaged-effects-2'),
    ('Can a trooper with TO Camouflage revert to the TO Camouflaged state by spending an Entire Order outside enemy LoF?', None, 'yes', 'to-camouflaged-activation-3'),
    ('Does a TO Camouflaged trooper keep its state if it becomes Impetuous?', None, 'no', 'to-camouflaged-cancellation-1-6'),
    ('Is the TO Camouflaged state cancelled when the trooper declares a Move + BS Attack Order?', None, 'yes', 'to-camouflaged-cancellation-4'),
    ('Does a TO Camouflage Marker concealing Equipment have Silhouette 2?', None, 'yes', 'to-camouflaged-effects-11'),
    ('Do TO Camouflage markers have 360 LoF?', None, 'yes', 'to-camouflaged-effects-9'),
    ('Can a TO Camouflaged trooper cancel its state voluntarily?', None, 'no', 'faq-can-you-choose-to-cancel-game-2de5cf'),
    ('Does the TO Camouflaged state affect Automatic Special Skills?', None, 'no', 'to-camouflaged-effects-12'),
    ('Is a TO Camouflaged trooper revealed if it enters base contact with a model?', None, 'yes', 'to-camouflaged-cancellation-1-3'),
    ('Is a camouflaged trooper revealed if it declares Cautious Movement?', 'N3', 'no', 'to-camouflaged-cancellation-1-1'),
    ('Can I shoot an enemy camo marker without discovering it?', 'N3', 'no', 'to-camouflaged-effects-3'),
    ('Does a trooper with TO Camouflage in Hidden Deployment enter the TO Camouflaged state when it declares a Skill that does not reveal it?', None, 'yes', 'to-camouflaged-activation-2'),
    ('Can a Hidden Deployment trooper with Camouflage declare Move and keep its Marker?', None, 'yes', 'hidden-deployment-state-cancellation-3-1'),
    ('Is a Hidden Deployment trooper with Camouflage revealed if it declares Dodge?', None, 'yes', 'hidden-deployment-state-cancellation-4'),
    ('Does a Hidden Deployment trooper without Camouflage lose its state if it declares an ARO?', None, 'yes', 'hidden-deployment-state-cancellation-2'),
    ('Is a Hidden Deployment trooper revealed if it declares Cautious Movement?', None, 'depends', 'hidden-deployment-state-cancellation-3-1'),
    ('Is a Hidden Deployment trooper with Camouflage revealed if it dismounts from its motorcycle?', None, 'no', 'hidden-deployment-state-cancellation-3-1'),
    ('Is a trooper in Hidden Deployment affected by a template weapon?', None, 'no', 'hidden-deployment-state-effects-3'),
    ('Does a Hidden Deployment trooper keep its state if the Infiltration roll fails?', None, 'no', 'hidden-deployment-state-effects-5-2'),
    ('Does a Hidden Deployment trooper lose its state if its Infiltration roll succeeds?', None, 'no', 'hidden-deployment-state-effects-5-1'),
    ('Does a trooper in Hidden Deployment count as on the table?', None, 'no', 'hidden-deployment-state-effects-3'),
    ('Must I write down the position of my Hidden Deployment trooper?', None, 'yes', 'hidden-deployment-state-effects-2'),
    ('When I move a Hidden Deployment trooper into a different Combat Group, must I tell my opponent it exists?', None, 'yes', 'hidden-deployment-state-effects-7'),
    ('Is the information of a Hidden Deployment trooper Private?', None, 'yes', 'hidden-deployment-state-effects-7'),
    ('Is a Hidden Deployment trooper revealed when it enters Retreat!?', None, 'yes', 'hidden-deployment-state-cancellation-5'),
    ('Can a Hidden Deployment trooper be selected for a Coordinated Order?', None, 'yes', 'hidden-deployment-state-effects-8'),
    ('Can a trooper go back into Hidden Deployment?', None, 'no', 'hidden-deployment-state-effects-9'),
    ('Can a Hidden Deployment trooper be placed in Silhouette contact if its spot is occupied?', None, 'no', 'faq-what-happens-if-another-model-or-272bc0'),
    ('Is a Hidden Deployment trooper revealed if it enters base contact with an enemy?', None, 'unknown', None),
    ('Is a Hidden Deployment trooper revealed if it has to make a Saving Roll?', None, 'unknown', None),
    ('Do Hidden Deployment troopers generate Tactical Awareness Orders?', None, 'no', 'faq-are-tactical-awareness-orders-generated-if-9e1013'),
    ('Does a Hidden Deployment trooper with Camouflage stay hidden if it declares Move + BS Attack?', None, 'no', 'hidden-deployment-state-cancellation-4'),
    ('Is a HoloMask trooper revealed if it declares Move?', None, 'no', 'holomask-state-cancellation-1-1'),
    ('Does a HoloMask trooper keep its state when it declares Dodge?', None, 'no', 'holomask-state-cancellation-1-1'),
    ('Is a HoloMask trooper revealed if it declares Look Out!?', None, 'yes', 'holomask-state-cancellation-1-1'),
    ('Is a HoloMask trooper revealed if it declares an Entire Order?', None, 'yes', 'holomask-state-cancellation-1-3'),
    ('Is a HoloMask trooper revealed if it is discovered?', None, 'yes', 'holomask-state-cancellation-1-6'),
    ('Is a HoloMask trooper revealed when it becomes Impetuous?', None, 'yes', 'holomask-state-cancellation-1-7'),
    ('Is a HoloMask trooper revealed when it enters Retreat!?', None, 'yes', 'holomask-state-cancellation-1-7'),
    ('A HoloMask Fireteam member that is not the Team Leader declares Move. Is it revealed?', None, 'no', 'holomask-state-cancellation-1-2'),
    ('A HoloMask trooper in a Fireteam, not the Team Leader, declares Dodge. Is it revealed?', None, 'yes', 'holomask-state-example-2'),
    ('A HoloMask trooper in a Fireteam, not the Team Leader, declares Look Out!. Is it revealed?', None, 'yes', 'holomask-state-cancellation-1-1'),
    ('A HoloMask trooper in a Fireteam, not the Team Leader, declares Discover. Does it keep HoloMask?', None, 'no', 'holomask-state-cancellation-1-1'),
    ('Can a HoloMask trooper return to HoloMask State by spending an Entire Order outside enemy LoF?', None, 'yes', 'holomask-state-activation-2'),
    ('Can a HoloMask trooper return to HoloMask State in enemy LoF?', None, 'no', 'holomask-state-activation-2'),
    ('Does a HoloMask trooper use its real Unit Profile?', None, 'yes', 'holomask-state-effects-3'),
    ('Does a HoloMask trooper reveal itself during the Move if it declares Move + BS Attack?', None, 'yes', 'holomask-state-important-1'),
    ('Does HoloMask interfere with Automatic Equipment?', None, 'no', 'holomask-state-effects-7'),
    ("Are a Fireteam's Composition Bonuses Private Information?", None, 'unknown', None),
    ('Can an enemy Discover a HoloMask trooper?', None, 'yes', 'holomask-state-effects-5'),
    ('Is the presence of a HoloMask trooper Open Information?', None, 'no', 'holomask-state-important-2'),
    ('Does a HoloMask trooper deploy in HoloMask State automatically?', None, 'yes', 'holomask-state-activation-1'),
    ('¿Se revela un Marcador de Camuflado que declara Esquivar?', None, 'yes', 'camuflado-cancellation-1-1'),
    ('¿Se revela un Marcador de Camuflado que declara Mover?', None, 'no', 'camuflado-cancellation-1-1'),
    ('¿Mantiene el estado Camuflado una tropa que declara Movimiento Cauteloso?', None, 'yes', 'camuflado-cancellation-1-2'),
    ('¿Puede una tropa enemiga entrar en contacto de Silueta con un Marcador de Camuflado?', None, 'no', 'camuflado-effects-3'),
    ('¿Se puede declarar un Ataque CD contra un Marcador de Camuflado tras descubrirlo?', None, 'yes', 'camuflado-effects-4'),
    ('¿Puede una tropa reactiva declarar Descubrir contra un Marcador de Camuflado?', None, 'yes', 'camuflado-effects-12'),
    ('¿Tiene un Marcador de Camuflado una LDT de 360 grados?', None, 'yes', 'camuflado-effects-8'),
    ('¿Puede una tropa en estado Camuflado formar parte de un Fireteam?', None, 'no', 'camuflado-effects-11'),
    ('¿Se revela un Marcador de Camuflado si es descubierto?', None, 'yes', 'camuflado-cancellation-1-4'),
    ('¿Se revela un Marcador de Camuflado que declara una Habilidad Larga?', None, 'yes', 'camuflado-cancellation-1-2'),
    ('¿Puede una tropa volver al estado Camuflado dentro de LDT enemiga?', None, 'no', 'camuflado-activation-2'),
    ('¿Se cancela el estado Camuflado durante el movimiento si declara Mover y Ataque CD?', None, 'yes', 'camuflado-important-1'),
    ('¿Se revela una tropa en Despliegue Oculto con Camuflaje que declara Movimiento Cauteloso?', None, 'no', 'hidden-deployment-state-cancellation-3-1'),
    ('¿Añade una tropa en Despliegue Oculto su Orden a la Reserva de Órdenes?', None, 'no', 'hidden-deployment-state-effects-4'),
    ('¿Se revela una tropa en estado HoloMask que declara Ataque CD?', None, 'yes', 'holomask-state-cancellation-1-1'),
    ('¿Puede una tropa en Despliegue Oculto recuperar el estado tras cancelarse?', None, 'no', 'hidden-deployment-state-effects-9'),
    ('¿Se revela un Marcador de Camuflado que entra en estado Retirada?', None, 'yes', 'camuflado-cancellation-1-6'),
    ('¿Puede un Visor Multiespectral Nivel 3 disparar contra un Marcador de Camuflado sin descubrirlo?', None, 'yes', 'camuflado-see_also-5'),
    ('¿Se revela un Marcador de Camuflado que declara Alertar?', None, 'yes', 'camuflado-cancellation-1-1'),
    ('¿Afecta una tropa en Despliegue Oculto a la LDT?', None, 'no', 'hidden-deployment-state-effects-3'),
    ('What colour is a camo marker token?', None, 'unknown', None),
    ('Who won the last Infinity tournament?', None, 'unknown', None),
    ('Is Yu Jing better than PanOceania?', None, 'unknown', None),
    ('How many Orders does a Hidden Deployment trooper generate?', None, 'unknown', None),
    ('What is the range of a Combi Rifle?', None, 'unknown', None),
    ('Can a Camouflaged trooper fly?', None, 'unknown', None),
    ('Does a camo marker like pizza?', None, 'unknown', None),
    ('Is the camo marker revealed if my opponent sneezes?', None, 'unknown', None),
    ('Is a camo marker still camouflaged after declaring Cautious Movement?', None, 'yes', 'camuflado-cancellation-1-2'),
    ('Does declaring Dodge cancel the Camouflaged state?', None, 'yes', 'camuflado-cancellation-1-1'),
    ('Does declaring Move cancel the Camouflaged state?', None, 'no', 'camuflado-cancellation-1-1'),
    ('Will my camo marker be revealed if it shoots?', None, 'yes', 'camuflado-cancellation-1-1'),
    ('If a camouflaged trooper becomes Impetuous, does it keep its marker?', None, 'no', 'camuflado-cancellation-1-6'),
    ('Can a camo marker declare Cautious Movement without being revealed?', None, 'yes', 'camuflado-cancellation-1-2'),
    ('Can a camo marker declare Dodge without being revealed?', None, 'no', 'camuflado-cancellation-1-1'),
    ('Does a Camouflaged trooper that is Discovered remain camouflaged?', None, 'no', 'camuflado-cancellation-1-4'),
    ('Can my opponent shoot my camo marker?', None, 'no', 'camuflado-effects-4'),
    ('Can my opponent declare Dodge against my camo marker?', None, 'yes', 'camuflado-effects-12'),
    ('Can an enemy declare a CC Attack ARO against my camouflaged trooper?', None, 'no', 'camuflado-effects-4'),
    ('Can the enemy delay its ARO when my camo marker activates?', None, 'yes', 'camuflado-effects-13'),
    ('If the second skill is a move, can the reactive trooper still declare its delayed ARO against the camo marker?', None, 'no', 'camuflado-effects-13-2'),
    ('Can a TO Camouflaged trooper revert to its state in its Reactive Turn?', None, 'no', 'to-camouflaged-activation-3'),
    ('Is a TO Camouflaged trooper revealed when it declares Surprise Attack?', None, 'yes', 'to-camouflaged-cancellation-1-2'),
    ('Is a TO Camouflaged trooper revealed if it declares a Hacking Attack?', None, 'yes', 'to-camouflaged-cancellation-1-1'),
    ('Is a TO camo marker revealed when it declares Alert?', None, 'yes', 'to-camouflaged-cancellation-1-1'),
    ('Can an enemy retry a failed Discover against a TO Camouflaged trooper in the same turn?', None, 'no', 'to-camouflaged-effects-6'),
    ('Does a TO Camouflaged trooper with Frenzy lose its state?', None, 'yes', 'to-camouflaged-cancellation-1-6'),
    ('Does a Hidden Deployment trooper with Camouflage keep its Marker state if it prevents an enemy trooper from entering a Marker State?', None, 'yes', 'hidden-deployment-state-cancellation-3-3'),
    ('Is a Hidden Deployment trooper without Camouflage revealed if it stops an enemy from returning to a Marker state?', None, 'yes', 'hidden-deployment-state-explain-1'),
    ('Does a trooper in Hidden Deployment have to be placed on the table when it declares an ARO?', None, 'yes', 'hidden-deployment-state-cancellation-2'),
    ('Is a Hidden Deployment trooper revealed if it declares Dodge in ARO?', None, 'yes', 'hidden-deployment-state-cancellation-2'),
    ('Does a Hidden Deployment trooper with Camouflage keep its Marker if it mounts its motorcycle?', None, 'yes', 'hidden-deployment-state-cancellation-3-1'),
    ('Can a Hidden Deployment trooper be discovered by Sensor?', None, 'yes', 'hidden-deployment-state-cancellation-1'),
    ('Does an enemy Sensor reveal a trooper in Hidden Deployment?', None, 'yes', 'hidden-deployment-state-cancellation-1'),
    ('Can a trooper regain Hidden Deployment by spending an Entire Order outside enemy LoF?', None, 'no', 'hidden-deployment-state-effects-9'),
    ('Is HoloMask cancelled when the trooper declares Cautious Movement?', None, 'no', 'holomask-state-cancellation-1-3'),
    ('Can a HoloMask trooper return to HoloMask State in its Reactive Turn?', None, 'no', 'holomask-state-activation-2'),
    ('Is a HoloMask trooper revealed during the first Move of a Move + Discover Order?', None, 'yes', 'holomask-state-important-1'),
    ("Is a HoloMask trooper's real model placed at the end of the Order?", None, 'yes', 'holomask-state-cancellation-2-1'),
    ('¿Se revela una tropa en Despliegue Oculto si es descubierta por un Sensor?', None, 'yes', 'hidden-deployment-state-cancellation-1'),
    ('¿Pierde el estado HoloMask una tropa que declara Esquivar?', None, 'yes', 'holomask-state-cancellation-1-1'),
    ('¿Se revela un Marcador de Camuflado cuando es alcanzado por una plantilla dirigida a otra tropa?', None, 'yes', 'camuflado-cancellation-1-5'),
    ('¿Puede un Marcador de Camuflado formar parte de un Fireteam?', None, 'no', 'camuflado-effects-11'),
    ('¿Es obligatorio declarar que se retrasa la ORA ante un Marcador?', None, 'yes', 'faq-is-it-obligatory-to-declare-that-93902d'),
    ('¿Mantiene su Marcador una tropa en Despliegue Oculto con Camuflaje que declara Mover?', None, 'yes', 'hidden-deployment-state-cancellation-3-1'),
    ('¿Puede una tropa declarar dos veces Descubrir contra el mismo Marcador en una orden?', None, 'no', 'camuflado-effects-7'),
    ('Can a Camouflaged trooper in a Fireteam keep being part of it?', None, 'no', 'camuflado-effects-11'),
    ('Does the camo marker have the Mimetism MOD shown?', None, 'yes', 'camuflado-effects-2'),
    ('Is a Camouflaged trooper revealed if it mounts a TAG?', None, 'unknown', None),
    ('Does a trooper in Hidden Deployment affect Line of Fire?', None, 'no', 'hidden-deployment-state-effects-3'),
    ('Can a trooper in Hidden Deployment use Infiltration and keep its state if the roll succeeds?', None, 'yes', 'hidden-deployment-state-effects-5-1'),
    ('Does a Camouflaged trooper deploy as a marker?', None, 'yes', 'camuflado-activation-1'),
    ('Can I cancel Hidden Deployment voluntarily?', None, 'unknown', None),
    ('Does a camo marker reveal itself to declare Look Out!?', None, 'yes', 'camuflado-cancellation-1-1'),
    ('Is the CH of a TO Camouflaged trooper in Retreat downgraded to Mimetism?', None, 'yes', 'to-camouflaged-cancellation-1-6'),
    ('Can a trooper with Camouflage go back into the Camouflaged state while in enemy line of fire?', None, 'no', 'camuflado-activation-2'),
    ('Is a CAMO marker revealed if it declares Dodge?', None, 'yes', 'camuflado-cancellation-1-1'),
    ('Is a camouflaged trooper revealed if it declares Move + BS Attack during the Move?', 'N3', 'yes', 'to-camouflaged-cancellation-4'),
    ('Can a TO Camouflaged trooper use Surprise Shot in its Active Turn?', 'N3', 'yes', 'to-camouflaged-effects-8'),
    ('Does a Hidden Deployment trooper block Line of Fire?', 'N3', 'no', 'hidden-deployment-state-effects-3'),
    ('Is a TO Camouflaged trooper revealed if it is hit by a Template weapon whose target was a nearby model?', None, 'yes', 'to-camouflaged-cancellation-1-5'),
    ('Can a Template Weapon aimed at another enemy affect a TO Camouflage Marker?', None, 'yes', 'faq-can-camouflage-markers-be-indirectly-hit-52d297'),
    ('Can I declare a Template attack directly at a camo marker?', None, 'no', 'camuflado-effects-4'),
    ('Can a trooper with MSV L3 shoot a camo marker in LoF without discovering it?', None, 'yes', 'camuflado-see_also-5'),
    ('Can a trooper with Multispectral Visor L3 declare a CC Attack against a camo marker without discovering it?', None, 'no', 'camuflado-effects-4'),
    ('Can a trooper declare Discover against the same camo marker again after failing, in the next Player Turn?', None, 'yes', 'camuflado-effects-7'),
    ('If my Discover fails, can another of my troopers try to discover the same camo marker?', None, 'yes', 'camuflado-effects-12'),
    ('Do camo markers have a facing?', None, 'unknown', None),
    ("Is a camo marker's Silhouette the same as the trooper it represents?", None, 'yes', 'camuflado-effects-9'),
    ('Is a Transmutation camo marker Silhouette 2?', None, 'yes', 'camuflado-effects-9'),
    ('Does the Camouflaged state stop Automatic Special Skills?', None, 'no', 'camuflado-effects-10'),
    ('Do Automatic Skills keep working while camouflaged?', None, 'yes', 'camuflado-effects-10'),
    ('Can a Camouflaged trooper join a Fireteam?', None, 'no', 'camuflado-effects-11'),
    ('Does a trooper leave its Fireteam when it enters Camouflaged state?', None, 'yes', 'camuflado-effects-11'),
    ('When the camo marker is replaced by the model, must I give my opponent its Public Information?', None, 'yes', 'camuflado-cancellation-3'),
    ('Can a Camouflaged trooper return to its state with an Entire Order in its Active Turn outside enemy LoF?', None, 'yes', 'camuflado-activation-2'),
    ('Is a Camouflaged trooper revealed if it declares Cautious Movement in enemy LoF?', None, 'no', 'camuflado-cancellation-1-2'),
    ('Is a Camouflaged trooper revealed when it declares an ARO such as Dodge?', None, 'yes', 'camuflado-cancellation-1-1'),
    ('Does a Hidden Deployment trooper keep its state when it declares an Entire Order?', None, 'no', 'hidden-deployment-state-cancellation-2'),
    ('Is a Hidden Deployment trooper with Camouflage revealed as a model if it declares Cautious Movement?', None, 'no', 'hidden-deployment-state-cancellation-3-1'),
    ('Does a Hidden Deployment trooper with Camouflage declaring Move + Move keep its Marker?', None, 'yes', 'hidden-deployment-state-cancellation-3-1'),
    ('Is a trooper in Hidden Deployment that declares Look Out! revealed?', None, 'yes', 'hidden-deployment-state-cancellation-3-1'),
    ('Are Hidden Deployment troopers affected by Template Weapons?', None, 'no', 'hidden-deployment-state-effects-3'),
    ('Is the Hidden Deployment State cancelled if the trooper becomes Impetuous due to a game situation?', None, 'yes', 'hidden-deployment-state-cancellation-5'),
    ('Can a Hidden Deployment trooper with Infiltration lose the state if the roll is failed?', None, 'yes', 'hidden-deployment-state-effects-5-2'),
    ('Can a HoloMask trooper imitate a model with a different Silhouette value?', None, 'no', 'holomask-state-effects-2'),
    ("Does the HoloMask trooper's real profile apply?", None, 'yes', 'holomask-state-effects-3'),
    ('Can a HoloMask imitate a trooper of its own Sectorial Army?', None, 'yes', 'holomask-state-effects-2'),
    ("Is a HoloMask trooper's Special Skills Private Information?", None, 'yes', 'holomask-state-important-2'),
]


@pytest.mark.parametrize("question,edition,verdict,first", WAS_WRONG + CHECKED,
                         ids=[q[0][:70] for q in WAS_WRONG + CHECKED])
def test_judge_question(ask, question, edition, verdict, first):
    ask(question, verdict, first, edition)


def test_enough_judge_questions_in_both_languages():
    questions = [q for q, *_ in WAS_WRONG + CHECKED]
    assert len(questions) >= 80 and len(set(questions)) == len(questions)
    assert sum(q.startswith("¿") for q in questions) >= 20
    verdicts = {v for _, _, v, _ in WAS_WRONG + CHECKED}
    assert verdicts == {"yes", "no", "depends", "unknown"}


@pytest.mark.parametrize("question,states", [
    # "to" and "TO": only the capitals name TO Camouflaged, inside a longer name too
    ("Can a trooper return to Camouflaged state in its Reactive Turn?", ("camouflaged",)),
    ("Can a trooper go back to camo state outside enemy LoF?", ("camouflaged",)),
    ("Can a TO Camouflaged trooper revert to its state in its Reactive Turn?", ("to_camouflaged",)),
    ("Is a TO camo marker revealed when it declares Alert?", ("to_camouflaged",)),
])
def test_to_only_as_written(question, states):
    assert read_question(load_logic(), question).states == states


@pytest.mark.parametrize("question,role,subjects", [
    # an ARO named beside a Skill only says when it is declared
    ("Can an enemy declare a Reset ARO against a camo marker?", "enemy", ("reset",)),
    # the Move is how the contact happens; the Attack is how the hit happens
    ("Can my trooper move into base contact with an enemy camo marker?", "enemy", ("silhouette_contact",)),
    ("Is a TO Camouflaged trooper revealed if an Intuitive Attack forces it to make an ARM roll?", "events", ("saving_roll",)),
    # the trooper in the state acts, against someone else's marker
    ("Does a Hidden Deployment trooper with Camouflage keep its Marker if it delays its ARO against a Marker?", "declares", ("delay_aro",)),
    # an enemy named before the Skill acts; "with Hidden Deployment" is the trooper's own state
    ("Can an enemy Discover a Hidden Deployment trooper?", "enemy", ("discover",)),
    ("Can Surprise Attack be used with Hidden Deployment State?", "declares", ("surprise_attack",)),
    ("Does a camo marker need to be discovered before being attacked?", "enemy", ("attack",)),
])
def test_who_acts(question, role, subjects):
    scenario = read_question(load_logic(), question)
    assert getattr(scenario, role) == subjects, scenario


def test_open_questions_get_no_yes_or_no(conn):
    for question in ("How far can a camo marker move?", "¿Qué Silueta tiene un Marcador de Camuflado de un arma?",
                     "Which AROs can be declared against a camo marker?"):
        answer = answer_question(conn, question)
        assert answer.verdict == "unknown" and answer.scenario["ask"] == "fact", question
        assert answer.citations and "not for a yes or no" in answer.answer
    # "when" and "what if" starting a yes/no question keep it a yes/no question
    answer = answer_question(conn, "When a TO Camouflaged trooper's Retreat! ends, does it revert to the TO Camouflaged state?")
    assert answer.verdict == "no"


def test_structured_mode_matches_the_questions(conn):
    table = load_logic()
    cases = [
        (dict(state="camouflaged", enemy=["intuitive attack"]), "yes", "camuflado-effects-4"),
        (dict(state="camouflaged", enemy=["intuitive attack"], context={"target": "plain"}), "no",
         "faq-can-i-declare-an-intuitive-attack-a8be6a"),
        (dict(state="camouflaged", enemy=["discover_retry"], context={"retry": "new_marker"}), "yes", "camuflado-effects-7"),
        (dict(state="camouflaged", events=["riotstopper"]), "unknown", None),
        (dict(state="camouflaged", events=["riotstopper"], edition="N3"), "no", "faq-is-a-camo-marker-revealed-when-928f97"),
        (dict(state="hd", enemy=["bs attack"]), "no", "hidden-deployment-state-effects-3"),
        (dict(state="hd", enemy=["sensor"]), "yes", "hidden-deployment-state-cancellation-1"),
        (dict(state="holomask", enemy=["bs attack"]), "yes", "holomask-state-effects-1"),
        (dict(state="holomask", declares=["move"], context={"fireteam": "member"}), "no", "holomask-state-cancellation-1-2"),
        (dict(state="camouflaged", enemy=["bs attack"], ask="required"), "yes", "camuflado-effects-4"),
        (dict(state="camouflaged", enemy=["dodge"], ask="required"), "no", "camuflado-effects-12"),
        # the whole-Order rule decides only when a Skill that keeps the state comes first
        (dict(state="camouflaged", declares=["move", "discover"]), "yes", "camuflado-important-1"),
        (dict(state="camouflaged", declares=["bs attack", "move"]), "yes", "camuflado-cancellation-1-1"),
    ]
    for kwargs, verdict, first in cases:
        answer = answer_scenario(conn, make_scenario(table, **kwargs), table=table)
        assert answer.verdict == verdict, (kwargs, answer.to_text())
        got = answer.citations[0]["id"] if verdict != "unknown" else None
        assert got == first, (kwargs, answer.to_text())


def test_scenario_file_for_a_delayed_aro(tmp_path):
    table = load_logic()
    path = tmp_path / "delay.toml"
    path.write_text('state = "Camuflado"\nenemy = "delayed_aro_declare"\n[context]\nsecond_skill = "keeps"\n',
                    encoding="utf-8")
    ev = evaluate(table, load_scenario(table, path))
    assert ev.verdict == "no" and ev.cites[0] == "camuflado-effects-13-2"
    path.write_text('state = "HD"\ndeclares = ["delay aro"]\ncamouflage = "yes"\nask = "keeps"\n', encoding="utf-8")
    ev = evaluate(table, load_scenario(table, path))
    assert (ev.verdict, ev.outcome, ev.cites[0]) == ("yes", "marker", "hidden-deployment-state-cancellation-3-2")


# --- The cached logic table -------------------------------------------------------------------

def _answers(table):
    questions = ["My camouflaged trooper declares Move + CC Attack. Is it revealed during the Move?",
                 "Can an enemy declare a Reset ARO against a camo marker?",
                 "Does a Hidden Deployment trooper with Camouflage keep its Marker if it delays its ARO against a Marker?"]
    return [evaluate(table, read_question(table, q)).cites for q in questions]


def test_cache_round_trip_gives_the_same_table(cache_home):
    parsed = logic._load(str(logic.LOGIC_PATH))
    cached = logic._from_plain(marshal.loads(marshal.dumps(logic._to_plain(parsed))))
    assert cached.rows == parsed.rows and cached.vocabulary.subjects == parsed.vocabulary.subjects
    assert cached.vocabulary.index == parsed.vocabulary.index and cached.explained == parsed.explained
    assert _answers(cached) == _answers(parsed)


def test_cache_is_written_and_read_back(cache_home):
    table = load_logic()
    files = list(cache_home.glob("logic-*.marshal"))
    assert len(files) == 1 and not list(cache_home.glob("*.tmp"))
    logic._load_bundled.cache_clear()
    again = load_logic()
    assert again is not table and again.rows == table.rows


@pytest.mark.parametrize("damage", [b"", b"garbage, not marshal", b"\xe3\x00\x00", "truncate",
                                     marshal.dumps(("rulecheck-logic", -1)), marshal.dumps({"a": 1})])
def test_a_damaged_cache_is_ignored_and_rewritten(cache_home, damage):
    good = load_logic()
    (path,) = cache_home.glob("logic-*.marshal")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2] if damage == "truncate" else damage)
    logic._load_bundled.cache_clear()
    table = load_logic()
    assert table.rows == good.rows and _answers(table) == _answers(good)
    assert logic._from_plain(marshal.loads(path.read_bytes())).rows == good.rows, "rewritten whole"


def test_cache_key_follows_contents_and_python(cache_home, tmp_path, monkeypatch):
    first = logic._cache_file()
    copy = tmp_path / "logic.toml"
    copy.write_bytes(logic.LOGIC_PATH.read_bytes())
    monkeypatch.setattr(logic, "LOGIC_PATH", copy)
    assert logic._cache_file() == first, "the key is the content, not the path or the time"
    copy.write_bytes(copy.read_bytes() + b"\n# an edit\n")
    edited = logic._cache_file()
    assert edited != first
    monkeypatch.setattr(logic.sys, "version", "3.99.0 (judge)")
    assert logic._cache_file() not in (first, edited)


def test_cache_key_covers_the_checker_code():
    names = {p.name for p in logic.Path(logic.__file__).parent.iterdir() if p.suffix == ".py"}
    assert {"logic.py", "vocabulary.py", "question.py", "engine.py"} <= names
