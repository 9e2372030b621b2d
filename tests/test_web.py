"""The Datasette face: metadata, canned queries, row pages linked both ways, search, ask, escaping, no writes."""
from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from datasette.app import Datasette

from rulecheck.cli.main import cli
from rulecheck.kb import schema
from rulecheck.kb.location import bundled_fingerprint
from rulecheck.web.metadata import QUERIES, TABLES
from webclient import fetch, one

SCRIPT = "<script>alert('x')</script>"


def _insert(conn: sqlite3.Connection, table: str, rows: list[dict]) -> None:
    for row in rows:
        cols = ",".join(row)
        conn.execute(f"insert into {table} ({cols}) values ({','.join('?' * len(row))})", list(row.values()))


@pytest.fixture(scope="module")
def tiny_db(tmp_path_factory) -> Path:
    """A small base written with the real schema: two pages, nested bullets, FAQs, a dangling link,
    and text holding `<script>` to prove it is escaped."""
    path = tmp_path_factory.mktemp("web") / "tiny.db"
    conn = sqlite3.connect(path)
    schema.migrate(conn)
    _insert(conn, "pages", [
        dict(id="camuflado", title="Camuflado", lang="es", edition="N4", format="text", source="camuflado.txt", ordinal=1),
        dict(id="to-camouflaged", title="TO Camouflaged", lang="en", edition="N3", format="wikitext", source="to.wiki", ordinal=2),
    ])
    rule = dict(section_label=None, edition=None, errata=None, errata_version=None, heading=None, line=1, source_text="src")
    _insert(conn, "rules", [
        dict(rule, id="camuflado-cancellation-1", page_id="camuflado", section="cancellation", section_label="CANCELACIÓN",
             ordinal=1, parent_id=None, text="El estado Camuflado se cancela siempre que:", key="cancellation-1"),
        dict(rule, id="camuflado-cancellation-1-2", page_id="camuflado", section="cancellation", section_label="CANCELACIÓN",
             ordinal=2, parent_id="camuflado-cancellation-1",
             text="El Marcador de Camuflado (CAMO) declare una Habilidad Larga de cualquier tipo, excepto Movimiento Cauteloso.",
             key="cancellation-1-2"),
        dict(rule, id="to-camouflaged-effects-1", page_id="to-camouflaged", section="effects", section_label="Effects",
             ordinal=3, parent_id=None, text=f"While Camouflaged, troopers use Cautious Movement. {SCRIPT}", key="effects-1"),
        dict(rule, id="to-camouflaged-cancellation-1", page_id="to-camouflaged", section="cancellation", section_label="Cancellation",
             ordinal=4, parent_id=None, text="The TO Camouflaged trooper is Discovered.", key="cancellation-1",
             errata="update", errata_version="PDF 2.1, July 2023"),
    ])
    _insert(conn, "faqs", [
        dict(id="faq-is-a-camo-marker-revealed-aaaaaa", kind="faq", title="FAQ", version="1.8", date="Oct 2019",
             question="Is a Camo Marker revealed when it gets hit by a Riotstopper?", answer=f"No. {SCRIPT}", edition="N3"),
        dict(id="faq-can-surprise-attack-be-bbbbbb", kind="errata", title="N4 Errata", version="1.0", date="Jan 2021",
             question="[Errata] Can Surprise Attack be used?", answer="Yes.", edition="N4"),
    ])
    _insert(conn, "faq_pages", [
        dict(faq_id="faq-is-a-camo-marker-revealed-aaaaaa", page_id="to-camouflaged", ordinal=1),
        dict(faq_id="faq-can-surprise-attack-be-bbbbbb", page_id="camuflado", ordinal=2),
    ])
    _insert(conn, "links", [
        dict(from_page_id="to-camouflaged", from_rule_id=None, from_faq_id="faq-is-a-camo-marker-revealed-aaaaaa",
             kind="related", to_title="Camouflaged", to_page_id="camuflado"),
        dict(from_page_id="to-camouflaged", from_rule_id=None, from_faq_id="faq-is-a-camo-marker-revealed-aaaaaa",
             kind="related", to_title="Riotstopper", to_page_id=None),
        dict(from_page_id="to-camouflaged", from_rule_id="to-camouflaged-effects-1", from_faq_id=None,
             kind="text", to_title="Camouflaged", to_page_id="camuflado"),
    ])
    _insert(conn, "faq_rules", [
        # Found by words alone, and settling: as when the FAQ restates the bullet (kb/faq_links.py).
        dict(faq_id="faq-is-a-camo-marker-revealed-aaaaaa", rule_id="to-camouflaged-cancellation-1", how="similarity", score=0.8,
             strength="settles", ways="similarity", similarity=0.8),
    ])
    schema.enable_search(conn)
    # Marked as current, so `rulecheck serve --db` serves it rather than rebuilding it.
    conn.execute("insert or replace into meta (key, value) values ('fingerprint', ?)", [bundled_fingerprint()])
    conn.commit()
    conn.close()
    return path


# --- metadata -----------------------------------------------------------------------------


def test_metadata_describes_every_contract_table_and_column(tiny_db):
    conn = sqlite3.connect(tiny_db)
    for table in ("pages", "rules", "faqs", "faq_pages", "links", "faq_rules", "warnings", "exports", "redirects"):
        columns = [row[1] for row in conn.execute(f"pragma table_info({table})")]
        described = TABLES[table]["columns"]
        assert [c for c in columns if c not in described] == [], table
        assert TABLES[table]["description"]


def test_metadata_is_served_with_label_columns_facets_and_search(tiny_db):
    data = one(tiny_db, "/-/metadata.json").json()
    tables = data["databases"]["tiny"]["tables"]
    assert tables["pages"]["label_column"] == "title"
    assert set(tables["rules"]["facets"]) >= {"page_id", "section", "edition", "errata"}
    assert set(tables["faqs"]["facets"]) >= {"kind", "edition"}
    assert "lang" in tables["pages"]["facets"]
    assert tables["rules"]["fts_table"] == "rules_fts"
    assert data["license"] and data["source"]


def test_rules_table_page_shows_facets_and_page_titles(tiny_db):
    page, as_json = fetch(tiny_db, "/tiny/rules", "/tiny/rules.json?_labels=on&_shape=objects&_facet=section")
    assert page.status_code == 200
    assert "Camuflado" in page.text  # page_id shown by its label column
    body = as_json.json()
    assert {row["section"] for row in body["rows"]} == {"cancellation", "effects"}
    assert body["rows"][0]["page_id"]["label"] in ("Camuflado", "TO Camouflaged")
    sections = {f["value"]: f["count"] for f in body["facet_results"]["section"]["results"]}
    assert sections == {"cancellation": 3, "effects": 1}


def test_table_full_text_search_finds_spanish_without_accents(tiny_db):
    body = one(tiny_db, "/tiny/rules.json?_search=cauteloso&_shape=objects").json()
    assert [row["id"] for row in body["rows"]] == ["camuflado-cancellation-1-2"]


# --- canned queries -----------------------------------------------------------------------


def _query(path: Path, name: str, **params) -> list[dict]:
    from urllib.parse import urlencode

    response = one(path, f"/tiny/{name}.json?_shape=objects&{urlencode(params)}")
    assert response.status_code == 200, response.text
    return response.json()["rows"]


def test_every_canned_query_is_listed_and_runs(tiny_db):
    page = one(tiny_db, "/tiny")
    for name, query in QUERIES.items():
        assert query["title"] in page.text
    assert {r["id"] for r in _query(tiny_db, "faqs_for_page", page="TO Camouflaged")} == {"faq-is-a-camo-marker-revealed-aaaaaa"}
    # A FAQ whose related pages list Camuflado (as [[Camouflaged]]) counts for Camuflado too.
    assert {r["id"] for r in _query(tiny_db, "faqs_for_page", page="camuflado")} == {
        "faq-is-a-camo-marker-revealed-aaaaaa", "faq-can-surprise-attack-be-bbbbbb"}
    # "Camouflaged" is the name the links use for Camuflado.
    assert [r["id"] for r in _query(tiny_db, "cancels_state", state="Camouflaged")] == [
        "camuflado-cancellation-1", "camuflado-cancellation-1-2"]
    to = _query(tiny_db, "cancels_state", state="TO Camouflaged")
    assert [r["id"] for r in to] == ["to-camouflaged-cancellation-1"]
    assert to[0]["faqs"] == "faq-is-a-camo-marker-revealed-aaaaaa"
    assert {r["id"] for r in _query(tiny_db, "errata_by_version", version="July 2023")} == {"to-camouflaged-cancellation-1"}
    assert {r["id"] for r in _query(tiny_db, "errata_by_version", version="")} == {
        "to-camouflaged-cancellation-1", "faq-can-surprise-attack-be-bbbbbb"}
    assert [(r["to_title"], r["links"]) for r in _query(tiny_db, "dangling_links")] == [("Riotstopper", 1)]
    assert {r["id"] for r in _query(tiny_db, "rules_by_edition", edition="N3")} == {
        "to-camouflaged-effects-1", "to-camouflaged-cancellation-1"}


# --- row pages: links both ways -----------------------------------------------------------


def test_rule_row_shows_page_parent_children_faqs_and_linking_pages(tiny_db):
    child, parent, to_rule = fetch(tiny_db, "/tiny/rules/camuflado-cancellation-1-2", "/tiny/rules/camuflado-cancellation-1",
                                   "/tiny/rules/to-camouflaged-cancellation-1")
    assert child.status_code == 200
    assert 'href="/tiny/pages/camuflado"' in child.text
    assert 'href="/tiny/rules/camuflado-cancellation-1"' in child.text  # its parent
    assert 'href="/tiny/rules/camuflado-cancellation-1-2"' in parent.text  # its child
    assert 'href="/tiny/pages/to-camouflaged"' in parent.text  # TO Camouflaged links to Camuflado
    assert 'href="/tiny/faqs/faq-is-a-camo-marker-revealed-aaaaaa"' in to_rule.text  # the FAQ that settles it
    assert "PDF 2.1, July 2023" in to_rule.text


def test_faq_row_shows_its_pages_rules_and_dangling_related_pages(tiny_db):
    page = one(tiny_db, "/tiny/faqs/faq-is-a-camo-marker-revealed-aaaaaa")
    assert page.status_code == 200
    assert 'href="/tiny/rules/to-camouflaged-cancellation-1"' in page.text
    assert 'href="/tiny/pages/camuflado"' in page.text  # related [[Camouflaged]] resolved
    assert "Riotstopper" in page.text and "not in this knowledge base yet" in page.text
    assert "not in the base" not in page.text


def test_page_row_lists_rules_by_section_faqs_and_leaves_dangling_links_to_editors(tiny_db):
    page, editors = fetch(tiny_db, "/tiny/pages/to-camouflaged", "/tiny/pages/to-camouflaged?view=editors")
    assert page.status_code == 200
    text = page.text
    assert text.index("Effects") < text.index('href="/tiny/rules/to-camouflaged-effects-1"') < text.index("Cancellation")
    assert 'href="/tiny/faqs/faq-is-a-camo-marker-revealed-aaaaaa"' in text
    assert "Dangling links" not in text and "Riotstopper" not in text.split("<h1", 1)[1].split("FAQs and errata")[0]
    assert 'href="/tiny/pages/to-camouflaged?view=editors"' in text  # one link to the editors' view
    assert editors.status_code == 200 and "Dangling links" in editors.text and "Riotstopper" in editors.text


def test_other_tables_keep_datasettes_row_page(tiny_db):
    page = one(tiny_db, "/tiny/meta/schema_version")
    assert page.status_code == 200 and "rc-title" not in page.text


# --- escaping and no writes ---------------------------------------------------------------


def test_script_in_rule_and_faq_text_is_shown_as_text(tiny_db):
    urls = ["/tiny/rules/to-camouflaged-effects-1", "/tiny/faqs/faq-is-a-camo-marker-revealed-aaaaaa",
            "/tiny/pages/to-camouflaged", "/tiny/rules", "/-/search?q=Cautious+Movement", "/-/search?q=" + SCRIPT]
    for url, response in zip(urls, fetch(tiny_db, *urls)):
        assert response.status_code == 200, url
        assert SCRIPT not in response.text, url
    assert "&lt;script&gt;" in fetch(tiny_db, urls[0])[0].text


def test_no_writes_through_the_web(tiny_db):
    before = sqlite3.connect(tiny_db).execute("select count(*) from rules").fetchone()[0]
    write_sql = one(tiny_db, "/tiny.json?sql=delete+from+rules")
    assert write_sql.status_code == 400 and "SELECT" in write_sql.text
    for url in ("/tiny/rules/-/insert", "/tiny/-/create", "/tiny/rules/camuflado-cancellation-1/-/delete", "/tiny/rules/-/drop"):
        response = one(tiny_db, url, method="post", json={"row": {"id": "x"}})
        assert response.status_code in (403, 404, 405), (url, response.status_code)
    assert one(tiny_db, "/-/databases.json").json()[0]["is_mutable"] is False
    assert sqlite3.connect(tiny_db).execute("select count(*) from rules").fetchone()[0] == before


# --- search page --------------------------------------------------------------------------


def test_search_page_finds_rules_and_faqs_in_both_languages(tiny_db):
    english, spanish, faq, empty, nothing = fetch(
        tiny_db, "/-/search?q=Cautious+Movement", "/-/search?q=Movimiento+Cauteloso", "/-/search?q=Riotstopper",
        "/-/search", "/-/search?q=zzzqqq")
    assert 'href="/tiny/rules/to-camouflaged-effects-1"' in english.text
    assert 'href="/tiny/rules/camuflado-cancellation-1-2"' in spanish.text
    assert 'href="/tiny/faqs/faq-is-a-camo-marker-revealed-aaaaaa"' in faq.text
    assert empty.status_code == 200 and 'name="q"' in empty.text
    assert "Nothing found" in nothing.text


def test_home_page_links_to_ask_and_search(tiny_db):
    home = one(tiny_db, "/")
    assert 'action="/-/ask"' in home.text and 'action="/-/search"' in home.text
    assert 'href="/-/ask"' in home.text  # the menu


# --- serve command ------------------------------------------------------------------------


def test_serve_help_has_an_example():
    result = CliRunner().invoke(cli, ["serve", "--help"], catch_exceptions=False)
    assert result.exit_code == 0
    assert "rulecheck serve --db" in result.output and "--port" in result.output


def test_serve_refuses_a_port_in_use(tiny_db):
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--db", str(tiny_db), "--port", str(port)], catch_exceptions=False)
    assert result.exit_code == 1
    assert f"--port {port + 1}" in result.output


# --- the ask page, on the base built from the bundled pages ---------------------------------

QUESTION = "Is a Camouflaged trooper revealed if it declares Cautious Movement?"


def test_ask_json_is_exactly_the_ask_contract(built_db):
    from urllib.parse import quote

    from rulecheck.checker.answer import answer_question
    from rulecheck.kb.read import connect

    questions = [(QUESTION, None), ("¿Se revela un Marcador de Camuflado que declara un Ataque CD?", None),
                 ("Can a TO Camouflaged trooper use Surprise Attack in its Active Turn?", "N3"),
                 ("What's the weather like on Paradiso?", None)]
    urls = [f"/-/ask.json?q={quote(q)}" + (f"&edition={e}" if e else "") for q, e in questions]
    responses = fetch(built_db, *urls)
    conn = connect(built_db)
    for (question, edition), response in zip(questions, responses):
        assert response.status_code == 200
        expected = json.loads(json.dumps(answer_question(conn, question, edition=edition).to_dict()))
        assert response.json() == expected
    assert [r.json()["verdict"] for r in responses] == ["no", "yes", "yes", "unknown"]
    for key in ("question", "verdict", "answer", "edition", "scenario", "trace", "citations"):
        assert key in responses[0].json()


def test_the_situation_beside_a_question_settles_a_depends_on_the_web_as_on_the_cli(built_db):
    """HD: 'If the Trooper has a Skill that allows them to deploy in Marker State (for example
    Camouflage), they will be able to keep that State as long as: They declare Cautious Movement…';
    without the Skill its model is placed. The question alone depends on that; `camouflage=yes`
    (the CLI's --camouflage yes) settles it, on /-/ask.json exactly as `rulecheck ask --json`
    answers, and on the ask page, whose form keeps the choice."""
    from urllib.parse import quote

    q = "Does an HD trooper stay hidden if it declares Cautious Movement?"
    plain, settled, bad, page = fetch(built_db, f"/-/ask.json?q={quote(q)}", f"/-/ask.json?q={quote(q)}&camouflage=yes",
                                      f"/-/ask.json?q={quote(q)}&lof=sideways", f"/-/ask?q={quote(q)}&camouflage=yes")
    assert plain.json()["verdict"] == "depends" and settled.json()["verdict"] == "yes", settled.json()["answer"]
    assert any("They declare Cautious Movement" in c["text"] for c in settled.json()["citations"] if c["deciding"])
    result = CliRunner().invoke(cli, ["ask", "--db", str(built_db), "--json", "--camouflage", "yes", q])
    assert result.exit_code == 0 and json.loads(result.stdout) == settled.json()
    assert bad.status_code == 400 and "outside, inside" in bad.json()["error"]
    assert '<option value="yes" selected>' in page.text and 'data-verdict="yes"' in page.text
    assert "&amp;camouflage=yes" in page.text  # the JSON link says the same situation


def test_ask_json_refuses_an_empty_question(built_db):
    for response in fetch(built_db, "/-/ask.json", "/-/ask.json?q=++"):
        assert response.status_code == 400
        assert "?q=" in response.json()["error"]


def test_a_question_longer_than_the_reader_reads_is_refused_with_what_to_do(built_db):
    """Reading time grows faster than a question's length: past 2,000 characters the CLI and the
    web refuse it, saying so, instead of keeping a server worker busy."""
    from urllib.parse import quote

    long = "My camo marker moved behind a wall. " * 60
    response, = fetch(built_db, "/-/ask.json?q=" + quote(long))
    assert response.status_code == 400 and "up to 2,000" in response.json()["error"]


def test_ask_page_shows_verdict_answer_and_linked_citations(built_db):
    from urllib.parse import quote

    form, asked, blank = fetch(built_db, "/-/ask", f"/-/ask?q={quote(QUESTION)}", "/-/ask?q=")
    assert form.status_code == 200 and 'name="q"' in form.text and 'name="edition"' in form.text
    assert '<option value="N3"' in form.text
    assert asked.status_code == 200
    assert 'data-verdict="no"' in asked.text
    stem = built_db.stem
    assert f'href="/{stem}/rules/camuflado-cancellation-1-2"' in asked.text  # the deciding bullet, linked
    assert "excepto Movimiento Cauteloso" in asked.text  # and quoted
    assert "Reasoning" in asked.text
    assert "Type a question first" in blank.text
    # the checked answer's own passages, then the nearest others of its page, numbered on
    why, nearby = asked.text.split("Why: the rules and FAQs", 1)[1].split("Other passages nearby", 1)
    assert "camuflado-cancellation-1-2" in why and "decides" not in nearby, nearby
    cited = why.count('class="rc-citation ')
    assert f'<ol class="rc-citations rc-nearest" start="{cited + 1}">' in nearby
    assert nearby.count('class="rc-citation ') >= 1 and cited + nearby.count('class="rc-citation ') <= 5


def test_search_page_on_the_bundled_pages_in_english_and_spanish(built_db):
    english, spanish, accentless = fetch(built_db, "/-/search?q=Cautious+Movement", "/-/search?q=Movimiento+Cauteloso",
                                         "/-/search?q=cancelacion")
    stem = built_db.stem
    assert f'href="/{stem}/rules/to-camouflaged-cancellation-1-1"' in english.text
    assert f'href="/{stem}/rules/camuflado-cancellation-1-2"' in spanish.text
    assert 'href="/' in accentless.text and "Nothing found" not in accentless.text


def test_bundled_rule_row_links_to_its_faqs(built_db):
    stem = built_db.stem
    conn = sqlite3.connect(built_db)
    rule_id, faq_id = conn.execute("select rule_id, faq_id from faq_rules order by score desc limit 1").fetchone()
    rule_page, faq_page = fetch(built_db, f"/{stem}/rules/{rule_id}", f"/{stem}/faqs/{faq_id}")
    assert f'href="/{stem}/faqs/{faq_id}"' in rule_page.text
    assert f'href="/{stem}/rules/{rule_id}"' in faq_page.text


def test_a_faq_row_lists_each_bullet_once(built_db):
    stem = built_db.stem
    conn = sqlite3.connect(built_db)
    for (faq_id,) in conn.execute("select distinct faq_id from faq_rules"):
        text = one(built_db, f"/{stem}/faqs/{faq_id}").text
        section = text.split("Bullets it settles", 1)[1].split("</ul>", 1)[0]
        links = [part.split('"', 1)[0] for part in section.split('href="')[1:]]
        assert len(links) == len(set(links)), faq_id


def test_plain_datasette_on_a_base_gets_our_metadata(tiny_db):
    async def go():
        ds = Datasette([str(tiny_db)])  # no metadata passed: the plugin supplies it
        return (await ds.client.get("/-/metadata.json")).json(), (await ds.client.get("/tiny")).text

    metadata, database_page = asyncio.run(go())
    assert metadata["databases"]["tiny"]["tables"]["rules"]["fts_table"] == "rules_fts"
    assert QUERIES["dangling_links"]["title"] in database_page


# --- what a new user found --------------------------------------------------------------------


def test_serve_port_check_ignores_time_wait_like_uvicorn():
    """A server just stopped leaves TIME-WAIT connections on its port; a restart must not be refused."""
    import socket

    from rulecheck.cli.serve import port_free

    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn listens
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    client = socket.create_connection(("127.0.0.1", port))
    served, _ = listener.accept()
    served.close()  # the server closes first, so its side of the connection lingers in TIME-WAIT
    assert client.recv(1) == b""
    client.close()
    listener.close()
    with socket.socket() as plain, pytest.raises(OSError):
        plain.bind(("127.0.0.1", port))  # what the old check did, and why it said "in use"
    assert port_free("127.0.0.1", port)


def test_serve_port_check_still_sees_a_listener():
    import socket

    from rulecheck.cli.serve import port_free

    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        assert not port_free("127.0.0.1", sock.getsockname()[1])


def test_asyncio_hung_up_client_warning_is_quieted(caplog):
    """The "socket.send() raised exception." lines come from asyncio writing to a transport whose
    client is gone; `rulecheck serve` drops exactly that warning and nothing else."""
    import logging
    import socket

    from rulecheck.cli.serve import HungUpClientFilter, quiet_hung_up_clients

    async def write_after_hang_up():
        ours, theirs = socket.socketpair()
        transport, _ = await asyncio.get_running_loop().create_unix_connection(asyncio.Protocol, sock=ours)
        theirs.close()
        for _ in range(8):
            transport.write(b"x" * 1024)
        transport.abort()

    logger = logging.getLogger("asyncio")
    caplog.set_level(logging.WARNING, logger="asyncio")
    asyncio.run(write_after_hang_up())
    assert HungUpClientFilter.MESSAGE in caplog.messages  # the noise is real without the filter
    caplog.clear()
    try:
        quiet_hung_up_clients()
        quiet_hung_up_clients()
        assert sum(isinstance(f, HungUpClientFilter) for f in logger.filters) == 1
        asyncio.run(write_after_hang_up())
        logger.warning("another asyncio warning")
        assert caplog.messages == ["another asyncio warning"]
    finally:
        for f in [f for f in logger.filters if isinstance(f, HungUpClientFilter)]:
            logger.removeFilter(f)


def test_ask_refuses_an_edition_the_cli_refuses_in_the_webs_terms(built_db):
    from urllib.parse import quote

    q = quote(QUESTION)
    bad, lower, html = fetch(built_db, f"/-/ask.json?q={q}&edition=N5", f"/-/ask.json?q={q}&edition=n3",
                             f"/-/ask?q={q}&edition=N5")
    from markupsafe import escape

    from rulecheck.checker.errors import UnknownEdition
    from rulecheck.checker.scenario import check_edition

    with pytest.raises(UnknownEdition) as refused:
        check_edition("N5")  # the checker's one edition check refuses it; the web says so in its own words
    assert bad.status_code == 400 and list(bad.json()) == ["error"]
    assert bad.json()["error"] == 'Unknown edition "N5": use edition=N4 (the default) or edition=N3, or leave edition out for the default.'
    assert lower.status_code == 200 and lower.json()["scenario"]["edition"] == "N3"
    assert "rc-error" in html.text and "data-verdict" not in html.text
    page_error = html.text.split('class="rc-error"', 1)[1].split("</p>", 1)[0]
    assert "There is no edition “N5” here. Choose one in the Edition list: N4 (the default) or N3." in page_error
    assert "--" not in page_error and "--" not in bad.json()["error"] and "--edition" in str(refused.value)
    cli_result = CliRunner().invoke(cli, ["ask", "--db", str(built_db), "--edition", "N5", QUESTION], catch_exceptions=False)
    assert cli_result.exit_code != 0 and "N5" in cli_result.output  # the CLI refuses it too


def test_ask_page_offers_only_editions_the_checker_reads(built_db):
    from rulecheck.checker.scenario import EDITIONS

    form = one(built_db, "/-/ask").text
    editions = form.split('<select id="rc-ask-edition"', 1)[1].split("</select>", 1)[0]
    offered = {part.split('"', 1)[0] for part in editions.split('<option value="')[1:]} - {""}
    assert offered == set(EDITIONS)


def test_ask_page_verdict_states_the_outcome_in_one_neutral_style(built_db):
    from urllib.parse import quote

    no, yes = fetch(built_db, f"/-/ask?q={quote(QUESTION)}", "/-/ask?q=" + quote("A camo marker declares a BS Attack. Is it revealed?"))
    assert 'data-verdict="no"' in no.text and '<span class="rc-verdict-outcome">— it is not revealed: it stays hidden</span>' in no.text
    assert 'data-verdict="yes"' in yes.text and '<span class="rc-verdict-outcome">— it is revealed</span>' in yes.text
    # a Spanish question's banner is in Spanish, as its sentence and reading are
    es = one(built_db, "/-/ask?q=" + quote("¿Se revela un CAMO que declara un Ataque CD?")).text
    assert ('<p class="rc-verdict rc-verdict-yes" data-verdict="yes" lang="es"><span class="rc-verdict-word">Sí</span>'
            '<span class="rc-verdict-outcome">— se revela</span>') in es, es
    for heading in ("Edición de las reglas:", "Por qué: las reglas y las FAQ", "Razonamiento, paso a paso", ">decide<"):
        assert heading in es, heading
    assert "Why: the rules and FAQs" not in es and "Why: the rules and FAQs" in yes.text
    css = (Path(__file__).parents[1] / "web" / "static" / "rulecheck.css").read_text()
    assert ".rc-verdict-no {" not in css and ".rc-verdict-yes {" not in css  # no per-verdict colour


def test_section_names_as_the_page_writes_them():
    from rulecheck.web.sections import section_title

    assert section_title("CANCELACIÓN", "cancellation") == "CANCELACIÓN"
    assert section_title("cancellation", "cancellation") == "Cancellation"
    assert section_title(None, "see_also") == "See also"
    assert section_title("", "effects") == "Effects"


def test_a_bullet_is_cited_by_its_section_and_place():
    from rulecheck.web.sections import bullet_ref

    assert bullet_ref("CANCELACIÓN", "cancellation", "cancellation-1-2") == "Cancelación 1.2"
    assert bullet_ref("Effects", "effects", "effects-10") == "Effects 10"
    assert bullet_ref(None, "see_also", "see_also-3") == "See also 3"
    assert bullet_ref("Note", "note", "note") == "Note"


def test_search_citations_and_rows_show_section_labels_not_keys(built_db):
    from urllib.parse import quote

    stem = built_db.stem
    search, asked, page, rule = fetch(
        built_db, "/-/search?q=Sensor", "/-/ask?q=" + quote("Does a HD trooper keep its state if it declares Dodge?"),
        f"/{stem}/pages/holomask-state", f"/{stem}/rules/hidden-deployment-state-cancellation-1")
    assert "Hidden Deployment State · Cancellation" in search.text
    assert "· cancellation" not in search.text
    assert "Hidden Deployment State · Cancellation" in asked.text and "· cancellation" not in asked.text
    assert "<h2>Cancellation</h2>" in page.text and "<h2>cancellation</h2>" not in page.text
    assert "· <span>Cancellation 1</span></h1>" in rule.text  # its section and its place in it
    assert '<span lang="es">CANCELACIÓN</span>' in one(built_db, f"/{stem}/rules/camuflado-cancellation-1").text


def test_canned_queries_accept_the_names_players_type(tiny_db):
    camo = ["camuflado-cancellation-1", "camuflado-cancellation-1-2"]
    for typed in ("CAMO", "camo", "Camouflaged", "Camuflado", "camuflado", " Camuflado "):
        assert [r["id"] for r in _query(tiny_db, "cancels_state", state=typed)] == camo, typed
    for typed in ("TO", "to", "TO Camouflaged", "Camuflaje TO"):
        assert [r["id"] for r in _query(tiny_db, "cancels_state", state=typed)] == ["to-camouflaged-cancellation-1"], typed
    both = {"faq-is-a-camo-marker-revealed-aaaaaa", "faq-can-surprise-attack-be-bbbbbb"}
    for typed in ("Camouflaged", "CAMO", "Camuflado"):
        assert {r["id"] for r in _query(tiny_db, "faqs_for_page", page=typed)} == both, typed
    assert _query(tiny_db, "cancels_state", state="nonsense") == []


def test_canned_queries_open_on_rows_not_zero_results(tiny_db):
    assert len(_query(tiny_db, "cancels_state", state="")) == 3
    assert len(_query(tiny_db, "faqs_for_page", page="")) == 2
    assert {r["id"] for r in _query(tiny_db, "rules_by_edition", edition="")} == {
        "camuflado-cancellation-1", "camuflado-cancellation-1-2"}  # N4 by default
    assert _query(tiny_db, "cancels_state", state="")[0]["section"] == "CANCELACIÓN"
    pages = fetch(tiny_db, "/tiny/cancels_state", "/tiny/faqs_for_page", "/tiny/rules_by_edition")
    for response in pages:
        assert response.status_code == 200 and "0 results" not in response.text


def test_canned_query_tab_title_is_its_title_not_its_sql(tiny_db):
    served = one(tiny_db, "/-/metadata.json").json()["databases"]["tiny"]["queries"]
    for name, query in QUERIES.items():
        text = one(tiny_db, f"/tiny/{name}").text
        title = text.split("<title>", 1)[1].split("</title>", 1)[0]
        assert query["title"] in title and "select" not in title.lower(), name
        assert served[name]["description"].split(";")[0].replace("'", "&#39;") in text, name


def test_table_pages_fold_column_descriptions_and_page_twenty_rows(tiny_db):
    metadata = one(tiny_db, "/-/metadata.json").json()["databases"]["tiny"]["tables"]
    assert metadata["rules"]["size"] == metadata["faqs"]["size"] == 20
    text = one(tiny_db, "/tiny/rules").text
    folded = text.split('<details class="rc-column-descriptions">', 1)[1].split("</details>", 1)[0]
    assert "<dt>source_text</dt>" in folded
    css = (Path(__file__).parents[1] / "web" / "static" / "rulecheck.css").read_text()
    assert "dl.column-descriptions { display: none; }" in css


# --- other people's Datasettes and base_url ---------------------------------------------------


@pytest.fixture(scope="module")
def plain_db(tmp_path_factory) -> Path:
    """An unrelated SQLite file: a `rules` table and column descriptions, but no rulecheck base."""
    path = tmp_path_factory.mktemp("plain") / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("create table rules (id text primary key, text text)")
    conn.execute("insert into rules values ('r1', 'a rule of some other game')")
    conn.commit()
    conn.close()
    return path


def _plain_pages(plain_db: Path, *extra: Path) -> list:
    async def go():
        ds = Datasette([str(plain_db), *map(str, extra)], metadata={"databases": {"other": {
            "tables": {"rules": {"columns": {"text": "What the rule says."}}},
            "queries": {"everything": {"sql": "select * from rules", "title": "Every rule"}}}}})
        return [await ds.client.get(url) for url in ("/", "/other/rules", "/other/rules/r1", "/other/everything")]

    return asyncio.run(go())


def test_a_datasette_without_a_base_keeps_datasettes_own_pages(plain_db):
    home, table, row, query = _plain_pages(plain_db)
    for response in (home, table, row, query):
        assert response.status_code == 200
        text = response.text
        assert "rulecheck" not in text and "/-/ask" not in text and "/-/search" not in text
        assert "rc-" not in text  # none of our classes: Datasette's own templates
    assert '<dl class="column-descriptions">' in table.text  # Datasette's list, not our fold
    assert "<title>other: select * from rules</title>" in query.text  # its canned query's title untouched
    metadata = asyncio.run(Datasette([str(plain_db)]).client.get("/-/metadata.json")).json()
    assert "databases" not in metadata and "title" not in metadata


def test_beside_a_base_another_databases_pages_keep_datasettes_look(plain_db, tiny_db):
    home, table, row, query = _plain_pages(plain_db, tiny_db)
    assert 'action="/-/ask"' in home.text and "rulecheck.css" in home.text  # a base is attached
    for response in (table, row, query):
        assert "rulecheck.css" not in response.text and "rc-column-descriptions" not in response.text
        assert 'href="/-/ask"' in response.text  # the menu still offers the ask page
    assert "<title>other: select * from rules</title>" in query.text


def test_links_follow_the_base_url_setting(tiny_db):
    async def go():
        ds = Datasette([str(tiny_db)], settings={"base_url": "/rules/"})
        # The test client puts base_url in front of each path, as a browser's requests would have it.
        urls = ("/", "/-/search?q=Cautious+Movement", "/-/metadata.json", "/tiny/rules", "/-/static-plugins/rulecheck/rulecheck.css")
        return [await ds.client.get(url) for url in urls]

    home, search, metadata, table, css = asyncio.run(go())
    assert home.status_code == search.status_code == table.status_code == css.status_code == 200
    assert 'action="/rules/-/ask"' in home.text and 'action="/rules/-/search"' in home.text
    assert 'href="/rules/-/ask"' in home.text  # the description and the menu
    assert 'href="/-/ask"' not in home.text and 'action="/-/' not in home.text
    assert 'href="/rules/-/static-plugins/rulecheck/rulecheck.css"' in home.text
    assert 'href="/rules/tiny/rules/to-camouflaged-effects-1"' in search.text
    assert 'href="/rules/-/ask"' in metadata.json()["description_html"]


# --- the plugin package, the site's name, linked ids, misspelt names, the ask box -------------


def test_datasette_finds_the_plugins_templates_and_static_folder(tiny_db):
    plugins, css, script, old_route = fetch(tiny_db, "/-/plugins.json", "/-/static-plugins/rulecheck/rulecheck.css",
                                            "/-/static-plugins/rulecheck/ask.js", "/-/rulecheck/rulecheck.css")
    ours = [p for p in plugins.json() if p["name"] == "rulecheck"]
    assert ours and ours[0]["templates"] and ours[0]["static"]  # the entry point names the package
    assert css.status_code == 200 and "text/css" in css.headers["content-type"] and ".rc-title" in css.text
    assert script.status_code == 200 and "requestSubmit" in script.text
    assert old_route.status_code == 404  # Datasette serves the stylesheet; no route of ours
    assert 'href="/-/static-plugins/rulecheck/rulecheck.css"' in one(tiny_db, "/").text


def _title(response) -> str:
    return response.text.split("<title>", 1)[1].split("</title>", 1)[0]


def _crumbs(response) -> str:
    return response.text.split('<p class="crumbs">', 1)[1].split("</p>", 1)[0]


def test_the_base_is_called_rulecheck_whatever_its_file_name(tiny_db):
    urls = ["/tiny", "/tiny/rules", "/tiny/rules/camuflado-cancellation-1", "/tiny/meta/schema_version",
            "/tiny/cancels_state", "/tiny?sql=select+1", "/-/ask", "/-/search", "/tiny/rules/camuflado-cancellation-1?view=editors"]
    for url, response in zip(urls, fetch(tiny_db, *urls)):
        assert response.status_code == 200, url
        title = _title(response)
        assert title.endswith("rulecheck") and "tiny" not in title, (url, title)
        if url == "/tiny/rules/camuflado-cancellation-1":  # a player's page: crumbs lead home and to its page
            assert _crumbs(response).split() == '<a href="/">home</a> / <a href="/tiny/pages/camuflado">Camuflado</a>'.split()
        elif url.startswith("/tiny/"):
            assert '<a href="/tiny">rulecheck</a>' in _crumbs(response), url
    database = one(tiny_db, "/tiny").text
    assert "<h1>rulecheck" in database
    home = one(tiny_db, "/")
    assert _title(home) == "rulecheck: Infinity hidden-information states"


def test_canned_query_results_link_ids_to_their_rows(tiny_db):
    cancels, dangling, errata, faqs = fetch(tiny_db, "/tiny/cancels_state?state=TO", "/tiny/dangling_links",
                                            "/tiny/errata_by_version", "/tiny/faqs_for_page")
    assert '<td class="col-id"><a href="/tiny/rules/to-camouflaged-cancellation-1">to-camouflaged-cancellation-1</a>' in cancels.text
    assert '<a href="/tiny/faqs/faq-is-a-camo-marker-revealed-aaaaaa">' in cancels.text  # the `faqs` list
    assert '<td class="col-from_pages"><a href="/tiny/pages/to-camouflaged">to-camouflaged</a></td>' in dangling.text
    assert 'href="/tiny/faqs/faq-can-surprise-attack-be-bbbbbb"' in errata.text  # a FAQ id in `id`
    assert 'href="/tiny/rules/to-camouflaged-cancellation-1"' in errata.text  # and a rule id
    assert '<td class="col-page">' in cancels.text and 'href="/tiny/pages/TO' not in cancels.text  # titles stay text
    assert "<td class=\"col-pages\">TO Camouflaged</td>" in faqs.text  # a list of titles is no list of ids
    assert SCRIPT not in cancels.text


def test_typed_sql_results_link_ids_but_json_keeps_plain_values(tiny_db):
    page, as_json = fetch(tiny_db, "/tiny?sql=select+rule_id,+faq_id,+how+from+faq_rules",
                          "/tiny/cancels_state.json?state=TO&_shape=objects")
    assert 'href="/tiny/rules/to-camouflaged-cancellation-1"' in page.text
    assert 'href="/tiny/faqs/faq-is-a-camo-marker-revealed-aaaaaa"' in page.text
    assert '<td class="col-how">similarity</td>' in page.text
    assert as_json.json()["rows"][0]["id"] == "to-camouflaged-cancellation-1"


def test_a_misspelt_state_shows_the_closest_one_and_says_so(tiny_db):
    camo = ["camuflado-cancellation-1", "camuflado-cancellation-1-2"]
    for typed in ("camoflaged", "Camuflao", "camouflagd"):
        assert [r["id"] for r in _query(tiny_db, "cancels_state", state=typed)] == camo, typed
    assert {r["id"] for r in _query(tiny_db, "faqs_for_page", page="TO Camoflaged")} == {"faq-is-a-camo-marker-revealed-aaaaaa"}
    typo, far, none, exact, empty = fetch(tiny_db, "/tiny/cancels_state?state=camoflaged", "/tiny/cancels_state?state=camflg",
                                          "/tiny/cancels_state?state=nonsense", "/tiny/cancels_state?state=CAMO",
                                          "/tiny/cancels_state")
    assert "No state is called “camoflaged”: showing Camouflaged (the Camuflado page), the closest name." in typo.text
    assert "No state matches “camflg” — did you mean “Camouflaged”?" in far.text
    assert "No state matches “nonsense” — try Camouflaged, TO Camouflaged, Hidden Deployment or HoloMask." in none.text
    assert "rc-name-note" not in exact.text and "rc-name-note" not in empty.text


def test_the_close_match_never_overrides_an_exact_name():
    from rulecheck.web.names import close_name, close_page

    assert close_page("camoflaged") == "Camuflado"
    assert close_page("holomsk") == "HoloMask State"
    assert close_page("nonsense") is None and close_page("") is None and close_page(None) is None
    assert close_name("t") is None  # short capitals (TO, HD) are never guessed at


def test_ask_box_says_enter_asks_and_shift_enter_breaks_a_line(tiny_db):
    page = one(tiny_db, "/-/ask").text
    box = page.split("<textarea", 1)[1].split(">", 1)[0]
    assert 'aria-describedby="rc-ask-about rc-ask-keys"' in box and 'enterkeyhint="send"' in box
    assert 'id="rc-ask-keys"' in page and "Shift+Enter" in page
    assert '<script src="/-/static-plugins/rulecheck/ask.js" defer>' in page


def test_ask_page_leads_with_the_fact_for_a_what_question(built_db):
    from urllib.parse import quote

    (page,) = fetch(built_db, f"/-/ask?q={quote('What silhouette does a camo marker have?')}")
    assert page.status_code == 200
    assert 'class="rc-verdict rc-verdict-fact"' in page.text
    assert "S2 for a weapon or piece of Equipment" in page.text
    assert "Where the pages say so" in page.text
    assert f'href="/{built_db.stem}/rules/camuflado-effects-9"' in page.text


# --- a large base (issue 8: 5,000 extra pages) ------------------------------------------------------


def test_a_table_too_large_for_facets_on_every_view_opens_without_them(tiny_db, tmp_path):
    from rulecheck.web.metadata import FACET_MAX_ROWS, base_facts, build_metadata

    large = tmp_path / "large.db"
    large.write_bytes(tiny_db.read_bytes())
    conn = sqlite3.connect(large)
    conn.executemany("insert into rules (id, page_id, section, ordinal, text, key) values (?, 'camuflado', 'effects', ?, 'x', ?)",
                     [(f"camuflado-x-{i}", i, f"x-{i}") for i in range(FACET_MAX_ROWS + 1)])
    conn.execute("insert into pages (id, title, format, source, ordinal) values ('my-notes', 'My Notes', 'text', 'n.txt', 3)")
    conn.commit()
    conn.close()
    assert base_facts(str(tiny_db))["large"] == []
    assert base_facts(str(large))["large"] == ["rules"]
    tables = build_metadata("large", facts=base_facts(str(large)))["databases"]["large"]["tables"]
    assert "facets" not in tables["rules"] and tables["pages"]["facets"] == TABLES["pages"]["facets"]
    # The menu on every page names the states only; the home page lists the other pages too.
    home = one(large, "/")
    menu = home.text[home.text.index('class="nav-menu"'):home.text.index("</details>")]
    assert 'href="/large/pages/camuflado"' in menu and "my-notes" not in menu
    assert 'href="/large/pages/my-notes"' in home.text
    # Asked for, a facet is still computed.
    body = one(large, "/large/rules.json?_facet=section").json()
    assert {f["value"] for f in body["facet_results"]["section"]["results"]} == {"cancellation", "effects"}


def test_serve_suggests_no_facets(tiny_db):
    """Datasette alone suggests facets (a query per column on every view); `rulecheck serve` does not."""
    from rulecheck.cli.serve import make_datasette

    async def rules_page(ds) -> str:
        return (await ds.client.get("/tiny/rules")).text

    assert 'class="suggested-facets"' in asyncio.run(rules_page(Datasette(immutables=[str(tiny_db)])))
    assert 'class="suggested-facets"' not in asyncio.run(rules_page(make_datasette(tiny_db)))
