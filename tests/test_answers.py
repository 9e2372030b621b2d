"""What an answer says beyond its verdict: the edition and the page it was decided from, notes on
an N3-era FAQ or a misspelt state, what declaring a Skill costs, the plain answer to a what/where
question, the nearest passages when there is no checked answer, and citations looked up by id.
"""
from __future__ import annotations

import pytest

from rulecheck.checker.answer import _citations, answer_question

SILHOUETTE = "the Silhouette (S) value of the trooper it represents (S2 for a weapon or piece of Equipment)"


def test_unknown_answers_quote_the_nearest_passages(answer_of):
    answer = answer_of("How many points does a camo marker cost?")
    assert answer.verdict == "unknown" and answer.citations, "the nearest bullets by full-text search"
    assert not any(c["deciding"] for c in answer.citations)
    assert answer.answer.startswith("No checked answer — ") and answer.answer.count("no checked answer") == 0
    assert "Nearest passages:" in answer.to_text()


def test_an_unanswered_question_quotes_the_rows_on_its_skill_first(answer_of):
    # no row answers whether a plain CAMO may use Surprise Attack, but the row on Surprise Attack
    # cites the errata FAQ a judge would quote, which full-text search alone misses in Spanish
    answer = answer_of("¿Un CAMO normal, sin Despliegue Oculto, también puede usar Ataque Sorpresa?")
    assert answer.verdict == "unknown" and not answer.doubt
    first = answer.citations[0]
    assert "Surprise Attack can be used if the Trooper started the Order in a Marker State" in first["text"]
    assert first["nearest"] and not first["deciding"] and not first.get("would_decide")


def test_the_nearest_passages_come_from_the_page_of_the_state_the_question_names(answer_of, conn):
    """A Spanish question about Hidden Deployment the logic does not cover (what a trooper costs):
    its words are nearest to the Spanish Camuflado page's, but the question names Hidden
    Deployment, so that page's passages come first — the Combat Group bullet: 'When a player
    moves a Hidden Deployment Trooper into a different Combat Group'. A question that names no
    state is searched over the whole base. (The question this test asked before, "¿Tengo que
    enseñarle a mi rival con qué armas va?", now has a checked answer: its information 'remains
    Private, until the Trooper is revealed'.)"""
    from rulecheck.kb.read import search

    q = "Mi tropa en Despliegue Oculto cambia de Grupo de Combate. ¿Cuántos puntos cuesta?"
    assert search(conn, q)[0]["page"] == "Camuflado"  # what the words alone find
    answer = answer_of(q)
    assert answer.verdict == "unknown" and answer.reading["states"] == ["hidden_deployment"], answer.to_text()
    assert [c["page"] for c in answer.citations[:3]] == ["Hidden Deployment State"] * 3, answer.citations
    assert "into a different Combat Group" in answer.citations[0]["text"], answer.citations[0]
    stateless = "How many points does a trooper cost?"
    assert [c["id"] for c in answer_of(stateless).citations] == [h["id"] for h in search(conn, stateless)]


def test_a_checked_answer_adds_the_nearest_passages_of_its_page_up_to_five(answer_of):
    """"Does Hidden Deployment survive a Dodge?" is decided by 'automatically cancelled whenever the
    Trooper declares any Short Skill, Entire Order or ARO'; after the passages the row cites come
    the nearest others of the Hidden Deployment page, marked `nearest`, deciding nothing, and
    headed apart in the text."""
    a = answer_of("Does Hidden Deployment survive a Dodge?")
    assert a.verdict == "no" and len(a.citations) == 5, a.citations
    own = [c for c in a.citations if not c.get("nearest")]
    near = a.citations[len(own):]
    assert own and "declares any Short Skill, Entire Order or ARO" in own[0]["text"] and own[0]["deciding"]
    assert near and all(c["nearest"] and not c["deciding"] and c["page"] == "Hidden Deployment State" for c in near)
    assert len({c["id"] for c in a.citations}) == 5
    text = a.to_text()
    assert text.index(f"[{len(own)}]") < text.index("Other passages nearby") < text.index(f"[{len(own) + 1}]"), text
    # a Spanish question about the English page gets them too, found by the state's names
    es = answer_of("¿Sobrevive el Despliegue Oculto a Esquivar?")
    assert es.verdict == "no" and [c["id"] for c in es.citations[:len(own)]] == [c["id"] for c in own]
    assert any(c.get("nearest") for c in es.citations), es.citations
    # the nearest passages name their section as the cited ones do: as the page writes it
    camo = answer_of("Is a camo marker revealed by Dodge?")  # decided by the Spanish Camuflado page
    assert any(c.get("nearest") for c in camo.citations)
    assert all(c["section"].isupper() for c in camo.citations if c["page"] == "Camuflado"), camo.citations


def test_the_answer_says_which_edition(answer_of):
    n4 = answer_of("Is a camo marker revealed if it declares Move?")
    n3 = answer_of("Is a camo marker revealed if it declares Move?", "N3")
    assert (n4.edition, n4.citations[0]["page"]) == ("N4", "Camuflado")
    assert (n3.edition, n3.citations[0]["page"]) == ("N3", "TO Camouflaged")
    hd = answer_of("Does a trooper in Hidden Deployment block Line of Fire?", "N3")
    assert hd.edition == "N4" and any("N4" in n for n in hd.notes), hd.notes


def test_an_n4_answer_decided_by_an_n3_era_faq_says_so(answer_of):
    answer = answer_of("Do I have to tell my opponent I'm delaying my ARO?")
    note = ("The FAQ “Is it obligatory to declare that the ARO is delayed when waiting for the second…” "
            "(1.2) is from the N3-era FAQ on the TO Camouflaged page; there is no N4 FAQ on this.")
    assert not any("faq-" in n for n in answer.notes), answer.notes  # the FAQ's question, not its id
    assert note in answer.notes and note in answer.to_dict()["reasoning"], answer.to_text()
    assert answer.verdict == "yes" and answer.citations[0]["id"] == "faq-is-it-obligatory-to-declare-that-93902d"
    assert not answer_of("Do I have to tell my opponent I'm delaying my ARO?", "N3").notes
    # cited but not deciding: no note
    assert not answer_of("When my camo marker activates, can the enemy delay its ARO?").notes


def test_a_misspelt_state_is_read_and_said(answer_of, table):
    from rulecheck.checker.interpret import read_question

    answer = answer_of("Holomsk trooper declares Discover, is it revealed?")
    assert answer.trace[0]["step"] == "Read “Holomsk” as HoloMask."
    assert "Read “Holomsk” as HoloMask." in answer.notes
    # words the vocabulary knows are never "corrected" into a state
    assert read_question(table, "Can a trooper discover a mine?").states == ()


@pytest.mark.parametrize("question, words", [
    ("Does Hiden Deployment get cancelled if it declares Dodge?", "Hiden Deployment"),
    ("Is a trooper in Hidden Deploymnet revealed if it shoots?", "Hidden Deploymnet"),
])
def test_a_two_word_state_name_with_one_word_misspelt_is_read(answer_of, question, words):
    """Half of the name is a word the vocabulary knows ("Deployment", "Hidden"), which must not
    keep the other half's typo from being read — nor its "Hidden" be taken for "stays hidden".
    HD: 'automatically cancelled whenever the Trooper declares any Short Skill, Entire Order or ARO'.
    (The rows' verdict: whether the doubt model holds a reading of a misspelt name back is its
    own matter, tested in test_doubt.py.)"""
    a = answer_of(question)
    assert a.notes == [f"Read “{words}” as Hidden Deployment."] and a.rows_verdict == "yes", a.to_text()
    assert a.reading["asked"]["polarity"] == "+" and not a.reading["unplaced"], a.reading
    assert any("declares any Short Skill, Entire Order or ARO" in c["text"] for c in a.citations
               if c["deciding"] or c.get("would_decide"))


def test_a_misspelt_state_is_said_in_the_questions_language(answer_of):
    answer = answer_of("¿Se revela una tropa Camuflda si declara Esquivar?")
    assert answer.notes == ["«Camuflda» leído como Camuflado."], answer.notes


def test_a_state_the_checker_does_not_cover_says_so(answer_of):
    answer = answer_of("Is an IMP-1 marker revealed if it declares dodge?")
    assert answer.answer.startswith("No checked answer — Impersonation is not one of the states the checker covers "
                                    "(Camouflaged, TO Camouflaged, Hidden Deployment, HoloMask)"), answer.answer
    assert answer.scenario["other_states"] == ["Impersonation"] and answer.citations


def test_a_state_the_checker_does_not_cover_alone(answer_of):
    answer = answer_of("Is a Holoecho revealed if it declares a BS Attack?")
    assert answer.verdict == "unknown" and answer.answer.startswith("No checked answer — Holoecho is not one of the states"), answer.answer


def test_can_it_answers_say_what_it_costs(answer_of):
    answer = answer_of("can a camo marker dodge")
    assert answer.answer == "Yes — it may, but declaring Dodge cancels the Camouflaged state (the Marker is replaced by the model)."
    assert answer.trace[-1]["step"] == "The question asks: may the trooper in Camouflaged declare Dodge? Yes."


def test_hidden_deployment_and_the_model_are_two_questions(rules_answer_of):
    ended = rules_answer_of("HD trooper with Camouflage declares Move. Is its Hidden Deployment cancelled?")
    assert ended.verdict == "yes" and ended.answer.startswith(
        "Yes — Hidden Deployment is cancelled, but the trooper keeps its Marker state"), ended.answer
    hidden = rules_answer_of("HD trooper with Camouflage declares Move. Is it revealed?")
    assert hidden.verdict == "no" and hidden.answer.startswith("No — the trooper is not revealed as a model"), hidden.answer


@pytest.mark.parametrize("question,fact,source", [
    ("What silhouette does a camo marker have?", SILHOUETTE, "camuflado-effects-9"),
    ("What MOD do I apply to discover a TO camo?", "-6", "to-camouflaged-effects-4"),
    ("When is the imitated model replaced after holomask is cancelled?",
     "at the end of the Order in which the state was cancelled", "holomask-state-cancellation-2-1"),
    ("Someone is standing where my HD trooper was written down and I want to ARO. Where is it placed?",
     "as close as possible to the written-down position, but never in Silhouette contact, even in ARO",
     "faq-what-happens-if-another-model-or-272bc0"),
])
def test_a_what_or_where_question_gets_the_plain_answer_from_its_source(answer_of, question, fact, source):
    answer = answer_of(question, "N3" if "TO camo" in question else None)
    assert answer.verdict == "unknown" and answer.fact == fact, answer.to_text()
    assert answer.citations[0]["id"] == source
    assert answer.answer.lower().startswith(fact.lower())
    data = answer.to_dict()
    assert data["fact"] == fact and data["scenario"]["ask"] == "fact"
    assert answer.to_text().startswith(f"Answer: {fact}")


def test_an_open_question_with_no_fact_gets_no_yes_or_no(answer_of):
    for question in ("How far can a camo marker move?", "Which AROs can be declared against a camo marker?"):
        answer = answer_of(question)
        assert answer.verdict == "unknown" and answer.scenario["ask"] == "fact", question
        assert answer.citations and "not for a yes or no" in answer.answer, answer.answer


def test_an_off_topic_question_is_outside_the_rules_covered(answer_of):
    answer = answer_of("What is the best army in Infinity?")
    assert answer.verdict == "unknown" and "names none of the states the checker covers" in answer.answer
    assert all(c["deciding"] is False for c in answer.citations)


@pytest.mark.parametrize("skill", ["Idle", "Climb", "Jump"])
def test_short_skills_the_pages_do_not_describe_are_not_guessed(answer_of, skill):
    """No page here says whether Climb, Jump or Idle needs a roll: a Move's answer is not reused."""
    for question in (f"Is a camo trooper revealed if it declares {skill}?", f"Is a HoloMask trooper revealed if it declares {skill}?"):
        answer = answer_of(question)
        assert "A Move" not in answer.answer and not answer.answer.startswith("No — a Move"), answer.answer


def test_an_n3_question_left_unknown_shows_n3_passages_not_the_n4_page(answer_of):
    """The nearest passages come from the page of the state asked about first: "camo" and
    "Discover" are the N4 Camuflado page's words too, and a judge ruling in N3 must not be shown
    N4 bullets as the nearest rules."""
    answer = answer_of("If my TO camo trooper uses Discover with a Neurocinetics bonus does it lose camo")
    assert answer.verdict == "unknown" and answer.edition == "N3", answer.to_text()
    assert {c["page"] for c in answer.citations[:5]} == {"TO Camouflaged"}, [c["id"] for c in answer.citations]


def test_an_enemy_entering_contact_is_not_allowed_to(rules_answer_of):
    answer = rules_answer_of("An enemy moves into base contact with my camo marker. Is my marker revealed?")
    assert answer.verdict == "no" and "enemy may not enter" in answer.answer, answer.answer


# --- Citations ------------------------------------------------------------------------------

def test_citations_look_ids_up_in_both_tables(copy_with_a_lookalike_page):
    """An id's shape says nothing of its kind: a rule may be called faq-… on a user's page."""
    cited = _citations(copy_with_a_lookalike_page, ["faq-looking-rule-1", "faq-can-i-declare-two-discover-skill-09e05a"],
                       set())
    assert [(c["id"], c["kind"]) for c in cited] == [("faq-looking-rule-1", "rule"),
                                                     ("faq-can-i-declare-two-discover-skill-09e05a", "faq")]


def test_a_faq_citation_quotes_the_question_and_the_answer(answer_of):
    answer = answer_of("Can I declare two Discover skill against same marker in one Order?", "N3")
    faq = next(c for c in answer.citations if c["id"] == "faq-can-i-declare-two-discover-skill-09e05a")
    assert faq["kind"] == "faq" and faq["page"] == "TO Camouflaged" and faq["version"]
    assert faq["text"].startswith("Can I declare two Discover skill against same marker in one Order?\nNo")


def test_an_empty_question_is_refused(conn, table):
    from rulecheck.checker.errors import EmptyQuestion

    for text in ("", "   ", "?"):
        with pytest.raises(EmptyQuestion, match="ask something"):
            answer_question(conn, text, table=table)


def test_a_reading_with_no_state_says_a_trooper_not_a_dash(answer_of):
    a = answer_of("How many AROs can a trooper with Total Reaction declare?")
    assert a.verdict == "unknown" and "—" not in a.reading["summary"], a.reading["summary"]
    assert a.reading["summary"].startswith("Read as: a trooper declares ARO"), a.reading["summary"]



def test_a_bullet_is_cited_with_its_lead_in_not_beside_it(answer_of):
    """Camuflado's cancellation bullets follow the lead-in "El estado Camuflado se cancela siempre
    que:", which says nothing alone: each cited bullet carries it (`lead_in`, in text and on the
    web), and the lead-in is not listed as a passage of its own."""
    a = answer_of("Is a camo marker revealed if it declares Dodge?")
    deciding = next(c for c in a.citations if c["deciding"])
    assert deciding["id"] == "camuflado-cancellation-1-1", a.citations
    assert deciding["lead_in"] == "El estado Camuflado se cancela siempre que:"
    assert "camuflado-cancellation-1" not in [c["id"] for c in a.citations]
    assert "El estado Camuflado se cancela siempre que: …" in a.to_text()


def test_a_held_answer_keeps_the_lead_in_it_would_rest_on(conn):
    """Camuflado: 'Cuando se activa una Tropa en estado Camuflado, cada Tropa Reactiva, si lo desea,
    puede retrasar la declaración de su ORA…' is itself the passage that decides whether an ARO may
    be delayed, and the lead-in of the bullets after it. When the doubt model holds the answer back,
    it is marked `would_decide` and stays listed, though a bullet under it carries it as `lead_in`
    (it was dropped, leaving the held answer without the passage it would rest on)."""
    from rulecheck.checker.answer import _citations, _with_lead_ins

    citations = _citations(conn, ["camuflado-effects-13", "camuflado-effects-13-1"], set())
    citations[0]["would_decide"] = True
    kept = [c["id"] for c in _with_lead_ins(conn, citations)]
    assert kept == ["camuflado-effects-13", "camuflado-effects-13-1"], kept
    assert "puede retrasar la declaración de su ORA" in citations[0]["text"]
    plain = _with_lead_ins(conn, _citations(conn, ["camuflado-effects-13", "camuflado-effects-13-1"], set()))
    assert [c["id"] for c in plain] == ["camuflado-effects-13-1"]
