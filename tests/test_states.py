"""Adding a state takes data only. A fictional "Smoke Screened State" is written as a page
(MediaWiki source with Activation, Effects and Cancellation bullets and a FAQ), a glossary entry
(kind = "state", its page) and logic rows citing the page's own rule and FAQ ids, all in a
temporary folder; the checker then answers questions about it, with verdicts and citations,
and no Python of the project changes.
"""
from __future__ import annotations

import pytest

from rulecheck.checker.answer import answer_question
from rulecheck.checker.errors import LogicTableError
from rulecheck.checker.logic import LOGIC_PATH, find_ambiguities, load_logic
from rulecheck.data import DATA_DIR
from rulecheck.kb.build import build_database
from rulecheck.kb.read import connect

PAGE = """\
View source for Smoke Screened State

{{section-game-states}}

{{skillbox |black| SMOKE SCREENED | }}
{{activation}}
* Automatic when the Trooper ends a Move inside a Smoke Zone.
{{effects}}
* A Smoke Screened Trooper cannot be targeted by BS Attacks.
* A Smoke Screened Trooper may declare Cautious Movement without leaving the State.
{{cancellation}}
* The Smoke Screened State is cancelled whenever the Trooper declares Dodge or any BS Attack.
* The Smoke Screened State is cancelled if the Trooper becomes Impetuous.

== FAQs & Errata ==

{{faqbox |
type = faq |
title = N4 FAQ |
version = 1.0, Jan 2030 |
q = Q: Does a Smoke Screened Trooper keep the State if it declares Reset? |
a = A: Yes. Reset is not listed in the Cancellation bullets. |
related = [[Smoke Screened State]] }}
"""

TERM = """

[[term]]
id = "smoke_screened"
kind = "state"
en = ["Smoke Screened", "Smoke Screened State", "smoke screened trooper"]
es = ["Cubierto por Humo"]
page = "Smoke Screened State"
"""

STATE = """

[state.smoke_screened]
edition = "N4"
label = "Smoke Screened"
hints = []
cost = "cancels the Smoke Screened state"
"""

#: (row id, topic, subject, outcome, the rule or FAQ it cites, why)
ROWS = [
    ("smoke-declares-dodge", "declares", "dodge", "cancelled", "smoke-screened-state-cancellation-1",
     "Declaring Dodge cancels the Smoke Screened state."),
    ("smoke-declares-bs-attack", "declares", "bs_attack", "cancelled", "smoke-screened-state-cancellation-1",
     "Declaring a BS Attack cancels the Smoke Screened state."),
    ("smoke-declares-cautious", "declares", "cautious_movement", "keeps", "smoke-screened-state-effects-2",
     "Cautious Movement may be declared without leaving the state."),
    ("smoke-happens-impetuous", "happens", "impetuous", "cancelled", "smoke-screened-state-cancellation-2",
     "Becoming Impetuous cancels the Smoke Screened state."),
    ("smoke-enemy-bs-attack", "enemy", "bs_attack", "forbidden", "smoke-screened-state-effects-1",
     "A Smoke Screened trooper cannot be targeted by BS Attacks."),
    ("smoke-declares-reset", "declares", "reset", "keeps", "FAQ",
     "Reset is not among the Cancellation bullets, so the state is kept (the page's FAQ)."),
]


def rows_toml(faq_id: str) -> str:
    out = []
    for rid, topic, subject, outcome, cite, because in ROWS:
        out.append(f'\n[[row]]\nid = "{rid}"\nstate = "smoke_screened"\ntopic = "{topic}"\nsubject = "{subject}"\n'
                   f'outcome = "{outcome}"\npriority = 10\nbecause = "{because}"\n'
                   f'cites = ["{faq_id if cite == "FAQ" else cite}"]\n')
    return "".join(out)


@pytest.fixture(scope="module")
def smoke(tmp_path_factory):
    """(connection, logic table, faq id): the bundled pages plus the fictional one, and copies
    of the glossary and the logic table that add the state."""
    folder = tmp_path_factory.mktemp("smoke")
    page = folder / "smoke-screened-state.wiki"
    page.write_text(PAGE, encoding="utf-8")
    db = folder / "rulecheck.db"
    report = build_database(db, [page], strict=True)  # strict: the page parses without a warning
    assert report.pages == 5
    conn = connect(db)
    (faq_id,) = [r["faq_id"] for r in conn.execute(
        "select faq_id from faq_pages where page_id = 'smoke-screened-state'")]
    glossary = folder / "glossary.toml"
    glossary.write_text((DATA_DIR / "glossary.toml").read_text(encoding="utf-8") + TERM, encoding="utf-8")
    logic = folder / "logic.toml"
    logic.write_text(LOGIC_PATH.read_text(encoding="utf-8") + STATE + rows_toml(faq_id), encoding="utf-8")
    table = load_logic(logic, glossary=glossary)
    yield conn, table, faq_id
    conn.close()


def test_the_page_gives_the_rows_the_logic_cites(smoke):
    conn, table, faq_id = smoke
    ids = {r["id"] for r in conn.execute("select id from rules where page_id = 'smoke-screened-state'")}
    cited = {c for row in table.rows if row.state == "smoke_screened" for c in row.cites}
    assert cited <= ids | {faq_id} and faq_id in cited
    assert "smoke_screened" in table.states and table.states["smoke_screened"].page == "Smoke Screened State"
    assert find_ambiguities(table) == []


@pytest.mark.parametrize("question,verdict,first", [
    ("Is a smoke screened trooper revealed if it declares Dodge?", "yes", "smoke-screened-state-cancellation-1"),
    ("Does Smoke Screened survive a BS Attack?", "no", "smoke-screened-state-cancellation-1"),
    ("Does a Smoke Screened trooper keep its state if it declares Cautious Movement?", "yes",
     "smoke-screened-state-effects-2"),
    ("Is the Smoke Screened State cancelled if the trooper becomes Impetuous?", "yes",
     "smoke-screened-state-cancellation-2"),
    ("Can an enemy declare a BS Attack against a Smoke Screened trooper?", "no", "smoke-screened-state-effects-1"),
    ("Does a Smoke Screened trooper keep the State if it declares Reset?", "yes", "FAQ"),
])
def test_questions_about_the_new_state(smoke, question, verdict, first):
    conn, table, faq_id = smoke
    answer = answer_question(conn, question, table=table)
    assert answer.verdict == verdict and answer.state == "smoke_screened", answer.to_text()
    first = faq_id if first == "FAQ" else first
    assert answer.citations[0]["id"] == first and answer.citations[0]["deciding"], answer.to_text()
    assert answer.page == "Smoke Screened State" and answer.reading["states"] == ["smoke_screened"]


def test_the_answer_names_the_new_state(smoke):
    conn, table, _ = smoke
    answer = answer_question(conn, "Is a smoke screened trooper revealed if it declares Dodge?", table=table)
    assert "the trooper in Smoke Screened declares Dodge" in answer.reading["summary"], answer.reading["summary"]
    assert answer.answer.startswith("Yes — Declaring Dodge cancels the Smoke Screened state"), answer.answer
    assert "State: Smoke Screened, from the N4 page Smoke Screened State." in answer.to_dict()["reasoning"]


def test_a_word_the_new_state_does_not_know_is_not_placed(smoke):
    conn, table, _ = smoke
    answer = answer_question(conn, "Is a smoke screened trooper revealed if it declares Neurocinetics?", table=table)
    assert answer.verdict == "unknown" and answer.reading["unplaced"] == ["Neurocinetics"], answer.to_text()


def test_the_bundled_states_still_answer(smoke):
    conn, table, _ = smoke
    answer = answer_question(conn, "Is a camo marker revealed if it declares Cautious Movement?", table=table)
    assert answer.verdict == "no" and answer.citations[0]["id"] == "camuflado-cancellation-1-2"


def test_the_new_state_needs_its_glossary_entry(tmp_path, smoke):
    """Without the glossary copy the same table is an authoring error that says what to add."""
    logic = tmp_path / "logic.toml"
    logic.write_text(LOGIC_PATH.read_text(encoding="utf-8") + STATE, encoding="utf-8")
    with pytest.raises(LogicTableError, match=r"\[state.smoke_screened\]: not a state in glossary.toml"):
        load_logic(logic)
