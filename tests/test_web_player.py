"""The web as a player meets it (issue 7), through Datasette's test client on the bundled base:
home → state pages that read like their wiki pages → bullets → FAQs; plumbing on the editors'
view only; errors in the web's terms; `lang`, landmarks and labels; serve following the base."""
from __future__ import annotations

import asyncio
import json
import re
import shutil
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest
from bs4 import BeautifulSoup
from webclient import fetch, make_ds, one

DB = "rulecheck"  # the session base's file is rulecheck.db
QUESTION = "Is a Camouflaged trooper revealed if it declares Cautious Movement?"
STATES = ["camuflado", "to-camouflaged", "hidden-deployment-state", "holomask-state"]  # glossary order


def soup(response) -> BeautifulSoup:
    assert response.status_code in (200, 404), response.status_code
    return BeautifulSoup(response.text, "html.parser")


def main_text(response) -> str:
    """What a reader sees in the page's <main>, in one line."""
    return " ".join(soup(response).find("main").get_text(" ").split())


def faq_links(page: BeautifulSoup) -> dict[str, set[str]]:
    """Link text → the FAQ pages it links to."""
    found: dict[str, set[str]] = {}
    for a in page.select('main a[href*="/faqs/"]'):
        found.setdefault(" ".join(a.get_text().split()), set()).add(a["href"])
    return found


# --- a player's path ------------------------------------------------------------------------


def test_home_leads_to_each_state_first_then_ask_and_search(built_db):
    home = one(built_db, "/")
    page = soup(home)
    states = [a["href"] for a in page.select("main .rc-states a")]
    assert states == [f"/{DB}/pages/{s}" for s in STATES]
    names = [a.select_one(".rc-state-name").get_text() for a in page.select("main .rc-states a")]
    assert names == ["Camouflaged", "TO Camouflaged", "Hidden Deployment", "HoloMask"]
    text = home.text
    assert text.index('class="rc-states"') < text.index('action="/-/ask"') < text.index('action="/-/search"')
    assert "rows in" not in main_text(home) and "hidden table" not in main_text(home)  # counts are the editors'
    menu = [a["href"] for a in page.select(".nav-menu a")]
    assert menu[:4] == states and "/-/ask" in menu and "/-/search" in menu and f"/{DB}" in menu


def test_a_state_page_reads_like_its_wiki_page(built_db):
    response = one(built_db, f"/{DB}/pages/hidden-deployment-state")
    page = soup(response)
    # The sections of data/pages/hidden-deployment-state.wiki, in order.
    assert [h.get_text() for h in page.select("main h2")][:4] == ["Activation", "Effects", "Cancellation", "Explain"]
    # "They delay their ARO against a Marker." is a sub-bullet of "… keep that State as long as:".
    parent = page.find("li", id="hidden-deployment-state-cancellation-3")
    assert "as long as:" in parent.find("span").get_text()
    assert "They delay their ARO against a Marker." in parent.find("ul").get_text()
    assert page.find("li", id="hidden-deployment-state-cancellation-3-2").find_parent("li") is parent
    # The Holoecho bullet is the erratum of {{update | PDF 2.1, July 2023}}.
    holoecho = page.find("li", id="hidden-deployment-state-effects-6")
    assert holoecho.select_one(".rc-errata").get_text() == "Errata PDF 2.1, July 2023"
    # Each bullet is cited by its place, and links to its own page.
    ref = page.find("li", id="hidden-deployment-state-cancellation-3-2").select_one("a.rc-ref")
    assert ref.get_text() == "Cancellation 3.2" and ref["href"] == f"/{DB}/rules/hidden-deployment-state-cancellation-3-2"


def test_a_page_lists_the_faqs_that_apply_to_it_from_any_edition(built_db):
    page = soup(one(built_db, f"/{DB}/pages/hidden-deployment-state"))
    faqs = {li.select_one("a.rc-faq-label")["href"].rsplit("/", 1)[1]: li for li in page.select("#rc-faqs + ul > li")}
    # Its own four (the FAQs & Errata section of the page), then the N3 TO Camouflaged FAQ on
    # dismounting in Hidden Deployment, which names [[Hidden Deployment]] among its related pages.
    own = {row[0] for row in sqlite3.connect(built_db).execute(
        "select faq_id from faq_pages where page_id = 'hidden-deployment-state'")}
    assert len(own) == 4 and own < set(faqs)
    dismount = faqs["faq-can-a-troop-dismount-from-his-a121ab"]
    meta = " ".join(dismount.select_one(".rc-kicker").get_text().split())
    assert meta == "FAQ 1.3 · Oct 2017 · N3 · on TO Camouflaged (N3)"  # its page, edition and version
    assert "Lists Hidden Deployment State among its related pages." in " ".join(dismount.get_text(" ").split())


def test_the_spanish_page_gives_english_readers_terms_pages_and_faqs(built_db):
    response = one(built_db, f"/{DB}/pages/camuflado")
    page = soup(response)
    assert page.find("h1")["lang"] == "es"
    assert page.find("li", id="camuflado-cancellation-1-2").find("span")["lang"] == "es"
    # The glossary's pairs (data/glossary.toml), not a translation.
    terms = {" ".join(dt.get_text().split()): dt.find_next_sibling("dd").get_text() for dt in page.select(".rc-terms dt")}
    assert terms["Movimiento Cauteloso"] == "Cautious Movement"
    assert terms["Esquivar"] == "Dodge"
    assert all(dt["lang"] == "es" for dt in page.select(".rc-terms dt"))
    note = page.select_one(".rc-note")
    assert note.find("a", href=f"/{DB}/pages/to-camouflaged").get_text() == "TO Camouflaged"  # English, same subject
    # Every TO Camouflaged FAQ lists [[Camouflaged]] as related (to-camouflaged.wiki): all apply here.
    to_faqs = {row[0] for row in sqlite3.connect(built_db).execute(
        "select faq_id from faq_pages where page_id = 'to-camouflaged'")}
    listed = {a["href"].rsplit("/", 1)[1] for a in page.select("#rc-faqs + ul > li > a.rc-faq-label")}
    assert len(to_faqs) == 10 and to_faqs <= listed
    assert "FAQs and errata: None" not in main_text(response) and "No FAQ or erratum applies" not in main_text(response)
    # The delayed-ARO FAQ settles Efectos 13 (tests/labels/faq_rules.toml); the Intuitive Attack
    # FAQ, which data/logic.toml cites beside Efectos 4, is about targets that are not Camouflaged
    # (labelled no): the page lists it among the FAQs that apply, but not as settling Efectos 4.
    effects_13 = page.find("li", id="camuflado-effects-13")
    assert any(a.get_text().startswith("Is it obligatory to declare") for a in effects_13.select(".rc-settled a"))
    assert not page.find("li", id="camuflado-effects-4").select(".rc-settled")
    assert "faq-can-i-declare-an-intuitive-attack-a8be6a" in listed


def test_faq_labels_are_unique_on_every_page(built_db):
    conn = sqlite3.connect(built_db)
    urls = [f"/{DB}/pages/{row[0]}" for row in conn.execute("select id from pages")]
    urls += [f"/{DB}/rules/{row[0]}" for row in conn.execute("select distinct rule_id from faq_rules")]
    urls += [f"/{DB}/cancels_state", f"/{DB}/faqs_for_page", "/"]
    for url, response in zip(urls, fetch(built_db, *urls)):
        for text, hrefs in faq_links(soup(response)).items():
            assert len(hrefs) == 1, (url, text, hrefs)
    # TO Camouflaged holds three FAQs of version 1.4; each label says which.
    labels = [t for t in faq_links(soup(one(built_db, f"/{DB}/pages/to-camouflaged"))) if t.endswith("(FAQ 1.4)")]
    assert len(labels) == 3


def test_a_faq_page_is_headed_by_its_question(built_db):
    conn = sqlite3.connect(built_db)
    rows = conn.execute("select id, question from faqs").fetchall()
    for (faq_id, question), response in zip(rows, fetch(built_db, *[f"/{DB}/faqs/{r[0]}" for r in rows])):
        assert " ".join(soup(response).find("h1").get_text().split()) == " ".join(question.split()), faq_id


# --- plumbing out of the way ------------------------------------------------------------------

PLAYER_PAGES = ["/", f"/{DB}/pages/to-camouflaged", f"/{DB}/pages/camuflado", f"/{DB}/rules/to-camouflaged-cancellation-1-5",
                f"/{DB}/faqs/faq-can-you-choose-to-cancel-game-2de5cf", "/-/ask?q=" + quote(QUESTION), "/-/search?q=Sensor"]


def test_players_pages_keep_the_plumbing_for_editors(built_db):
    plumbing = ["Dangling links", "Links from other tables", "rows in", "not in the base", "page_id", "faq_id", "rule_id",
                "see_also", "faq-can-you-choose", "to-camouflaged-cancellation"]
    for url, response in zip(PLAYER_PAGES, fetch(built_db, *PLAYER_PAGES)):
        text = main_text(response)
        assert [p for p in plumbing if p in text] == [], url
        editors = [a for a in soup(response).select("a") if a.get_text().startswith("For editors")
                   and not a.find_parent(class_="nav-menu")]
        assert len(editors) == 1, url  # one link to the editors' view (besides the menu's)
    faq = main_text(one(built_db, f"/{DB}/faqs/faq-is-a-camo-marker-revealed-when-928f97"))
    assert "Riotstopper (not in this knowledge base yet)" in faq


def test_the_editors_view_keeps_every_column_and_the_dangling_links(built_db):
    page, rule = fetch(built_db, f"/{DB}/pages/to-camouflaged?view=editors", f"/{DB}/rules/to-camouflaged-cancellation-1-5?view=editors")
    assert "Links from other tables" in page.text and "Dangling links (pages to add)" in page.text
    assert "Riotstopper" in page.text.split("Dangling links", 1)[1]  # a FAQ's related page the base lacks
    assert "source_text" in rule.text and "Links from other tables" in rule.text
    back = [a["href"] for a in soup(rule).select("footer a") if "player" in a.get_text()]
    assert back == [f"/{DB}/rules/to-camouflaged-cancellation-1-5"]


def test_canned_queries_open_on_their_form_and_show_faqs_by_question(built_db):
    from rulecheck.web.metadata import QUERIES

    metadata, hidden, shown = fetch(built_db, "/-/metadata.json", f"/{DB}/cancels_state?state=CAMO",
                                    f"/{DB}/cancels_state?state=CAMO&_show_sql=1")
    assert all(q["hide_sql"] for q in metadata.json()["databases"][DB]["queries"].values())
    assert set(metadata.json()["databases"][DB]["queries"]) == set(QUERIES)
    assert soup(hidden).find(id="sql-query") is None and "rulecheck_alias_page" not in main_text(hidden)
    assert 'href="/rulecheck/cancels_state?state=CAMO&amp;_show_sql=1">show</a>' in hidden.text  # one click away
    assert "rulecheck_alias_page" in soup(shown).find(id="sql-query").get_text()
    row = soup(hidden).find("a", href=f"/{DB}/rules/camuflado-cancellation-1").find_parent("tr")
    faq = row.select_one("td.col-faqs a")
    assert faq["href"] == f"/{DB}/faqs/faq-can-you-choose-to-cancel-game-2de5cf"
    assert faq.get_text() == "Can you choose to cancel game… (FAQ 1.4)"  # six words and its version
    as_json = one(built_db, f"/{DB}/cancels_state.json?state=CAMO&_shape=objects").json()["rows"]
    assert "faq-can-you-choose-to-cancel-game-2de5cf" in as_json[0]["faqs"]  # JSON keeps the ids


# --- settling and related FAQs (faq_rules.strength) ---------------------------------------------


@pytest.fixture(scope="module")
def base_without_strength(built_db, tmp_path_factory) -> Path:
    """The bundled base as written before issue 8: `faq_rules` without `strength`, `ways` and
    `similarity`."""
    path = tmp_path_factory.mktemp("strength") / "rulecheck.db"
    shutil.copy(built_db, path)
    conn = sqlite3.connect(path)
    conn.execute("drop index faq_rules_strength")
    for column in ("strength", "ways", "similarity"):
        conn.execute(f"alter table faq_rules drop column {column}")
    conn.commit()
    conn.close()
    return path


RIOTSTOPPER = "faq-is-a-camo-marker-revealed-when-928f97"


def test_only_settling_faqs_are_shown_as_settling(built_db, base_without_strength):
    # to-camouflaged.wiki's Riotstopper FAQ: the logic cites it for Cancellation 1.5; it is only
    # similar to Activation 2.
    activation, hit, faq, page, cancels = fetch(
        built_db, f"/{DB}/rules/to-camouflaged-activation-2", f"/{DB}/rules/to-camouflaged-cancellation-1-5",
        f"/{DB}/faqs/{RIOTSTOPPER}", f"/{DB}/pages/to-camouflaged", f"/{DB}/cancels_state.json?state=TO&_shape=objects")
    assert soup(activation).select(f'.rc-faqs a[href$="{RIOTSTOPPER}"]') == []
    assert soup(activation).select(f'.rc-related-faqs a[href$="{RIOTSTOPPER}"]')
    assert soup(hit).select(f'.rc-faqs a[href$="{RIOTSTOPPER}"]')
    settles = [a["href"].rsplit("/", 1)[1] for a in soup(faq).select(".rc-settles a")]
    assert settles == ["to-camouflaged-cancellation-1-5"]
    assert "Related bullets" in faq.text and f'href="/{DB}/rules/to-camouflaged-activation-2"' in faq.text
    state = soup(page)
    assert state.find("li", id="to-camouflaged-activation-2").find(class_="rc-settled") is None
    assert state.find("li", id="to-camouflaged-cancellation-1-5").select(f'.rc-settled a[href$="{RIOTSTOPPER}"]')
    # Cancellation 1 is settled (by the logic) by the "choose to cancel" FAQ; the template-weapons
    # FAQ is only similar to it.
    first = next(r for r in cancels.json()["rows"] if r["id"] == "to-camouflaged-cancellation-1")
    assert first["faqs"] == "faq-can-you-choose-to-cancel-game-2de5cf"
    # A base without the column reads as before: every linked FAQ settles.
    old = soup(one(base_without_strength, f"/{DB}/rules/to-camouflaged-activation-2"))
    assert old.select(f'.rc-faqs a[href$="{RIOTSTOPPER}"]') and not old.select(".rc-related-faqs")


# --- the ask page's reading (issue 9's `reading`, shown when the answer has one) ------------------


def test_the_ask_page_shows_how_the_question_was_read(built_db):
    from rulecheck.checker.answer import answer_question
    from rulecheck.kb.read import connect
    from rulecheck.web.routes import banner_words, outcome_label

    question = "¿Se revela un Marcador de Camuflado que declara un Ataque CD en zigzag?"
    answer = json.loads(json.dumps(answer_question(connect(built_db), question).to_dict()))
    answer.setdefault("reading", {"summary": "Read as: Camouflaged; declares BS Attack; asks: revealed?", "lang": "es",
                                  "used": ["Marcador de Camuflado", "Ataque CD"], "unplaced": ["zigzag"]})
    answer["outcome"] = outcome_label(answer)
    answer.update(banner_words(answer))
    reading = answer["reading"]

    async def render(with_reading: dict) -> str:
        ds = make_ds(built_db)
        await ds.invoke_startup()
        return await ds.render_template("rulecheck_ask.html", {
            "question": question, "edition": "", "answer": with_reading, "error": None, "editions": ["N4", "N3"],
            "default_edition": "N4", "database": DB})

    shown = BeautifulSoup(asyncio.run(render(answer)), "html.parser")
    assert shown.select_one(".rc-reading").get_text() == reading["summary"]
    unplaced = shown.select_one(".rc-unplaced")
    assert unplaced.get_text() == "Sin situar: " + ", ".join(reading["unplaced"])  # as the CLI says it, in Spanish
    assert unplaced.find("span")["lang"] == "es" and shown.find("textarea")["lang"] == "es"
    without = BeautifulSoup(asyncio.run(render({k: v for k, v in answer.items() if k != "reading"})), "html.parser")
    assert without.select(".rc-reading") == [] and without.select(".rc-verdict")


# --- errors in the web's terms ---------------------------------------------------------------------


def test_editions_are_offered_as_the_base_has_them(built_db):
    metadata, default, unknown, n3 = fetch(built_db, "/-/metadata.json", f"/{DB}/rules_by_edition",
                                           f"/{DB}/rules_by_edition?edition=N5", f"/{DB}/rules_by_edition?edition=n3")
    description = metadata.json()["databases"][DB]["queries"]["rules_by_edition"]["description"]
    held = sorted({row[0] for row in sqlite3.connect(built_db).execute("select edition from pages")})
    assert held == ["N3", "N4"]  # data/manifest.toml
    assert description.startswith("Every bullet of an edition (N3 or N4)") and "N5" not in description and "CodeOne" not in description
    assert "rc-name-note" not in default.text and "rc-name-note" not in n3.text
    assert "No bullet is marked “N5”: this knowledge base has N3 or N4. Leave it empty for N4." in unknown.text
    ask = soup(one(built_db, "/-/ask"))
    assert [o["value"] for o in ask.select("#rc-ask-edition option")] == ["", "N4", "N3"]


def test_not_found_has_the_site_header_and_ways_home(built_db):
    missing, json_missing = fetch(built_db, f"/{DB}/pages/no-such-page", f"/{DB}/pages/no-such-page.json")
    assert missing.status_code == 404 and json_missing.status_code == 404
    page = soup(missing)
    assert page.find("h1").get_text() == "Not found"
    assert page.select_one(".crumbs a")["href"] == "/"
    assert "rulecheck.css" in missing.text and page.select(".nav-menu a")  # the site's look and menu
    ways = [a["href"] for a in page.select("main a")]
    assert "/" in ways and f"/{DB}/pages/camuflado" in ways and "/-/ask" in ways
    assert json_missing.json()["ok"] is False  # JSON keeps Datasette's shape


def test_no_web_page_speaks_of_command_line_flags(built_db):
    urls = PLAYER_PAGES + ["/-/ask?q=" + quote(QUESTION) + "&edition=N9", "/-/ask?q=", "/-/ask?q=%3F", f"/{DB}/nothing",
                           f"/{DB}/rules_by_edition?edition=N5", f"/{DB}/cancels_state?state=nonsense"]
    for url, response in zip(urls, fetch(built_db, *urls)):
        assert not re.search(r"(^|\s)--[a-z]", main_text(response)), (url, main_text(response)[:300])
    bad = one(built_db, "/-/ask.json?q=x&edition=N9").json()["error"]
    assert "--" not in bad and "edition=N4" in bad


# --- accessible ------------------------------------------------------------------------------------


def test_every_page_has_lang_a_main_landmark_and_a_skip_link(built_db):
    urls = PLAYER_PAGES + [f"/{DB}", f"/{DB}/rules", f"/{DB}/cancels_state", f"/{DB}/nothing", f"/{DB}/pages/camuflado?view=editors"]
    for url, response in zip(urls, fetch(built_db, *urls)):
        page = soup(response)
        assert page.find("html")["lang"] == "en", url
        assert len(page.find_all("main")) == 1 and page.find("main")["id"] == "rc-main", url
        assert page.find("a", href="#rc-main").get_text() == "Skip to the content", url


def test_spanish_passages_are_marked_spanish_wherever_they_appear(built_db):
    search, asked, table = fetch(built_db, "/-/search?q=Movimiento+Cauteloso", "/-/ask?q=" + quote(QUESTION),
                                 f"/{DB}/rules?page_id=camuflado")
    hits = soup(search).select(".rc-hit-rule blockquote")
    assert hits and all(h.get("lang") == "es" for h in hits if "camuflado" in h.find_previous("a")["href"])
    deciding = soup(asked).select_one(".rc-citation blockquote")
    assert deciding["lang"] == "es" and "Movimiento Cauteloso" in deciding.get_text()
    assert "Movimiento Cauteloso = Cautious Movement" in soup(asked).select_one(".rc-cite-terms").get_text()
    cells = soup(table).select("td.col-text span")
    assert cells and all(c["lang"] == "es" for c in cells)


def test_a_spanish_name_is_glossed_with_its_own_english_name():
    """The project glossary (../shared/GLOSSARY.md) pairs "Marcador de Camuflado" with Camouflage Marker, "Habilidad Larga" with
    Long Skill and "Descubrir" with Discover: a passage's Spanish name gets its own English one,
    not the first English name of its glossary term (the Camouflaged state, Entire Order)."""
    from rulecheck.web.terms import english_terms

    glossed = {t.spanish[0]: t.english for t in english_terms([
        "El Marcador de Camuflado (CAMO) sea Descubierto.",
        "El Marcador de Camuflado (CAMO) declare una Habilidad Larga de cualquier tipo, excepto Movimiento Cauteloso."])}
    assert glossed == {"Marcador de Camuflado": "Camouflage Marker", "Descubierto": "Discovered",
                       "Habilidad Larga": "Long Skill", "Movimiento Cauteloso": "Cautious Movement"}


def test_every_form_input_has_a_label(built_db):
    urls = ["/", "/-/ask", "/-/search?q=Sensor", f"/{DB}/cancels_state", f"/{DB}/faqs_for_page"]
    for url, response in zip(urls, fetch(built_db, *urls)):
        page = soup(response)
        for control in page.select("main input, main select, main textarea"):
            if control.get("type") in ("hidden", "submit", "button"):
                continue
            labelled = control.get("aria-label") or (control.get("id") and page.find("label", attrs={"for": control["id"]}))
            assert labelled, (url, str(control)[:120])
    ask = soup(one(built_db, "/-/ask"))
    assert ask.find("label", attrs={"for": "rc-ask-q"}).get_text() == "Your question"


# --- serve follows the base ----------------------------------------------------------------------


def test_a_rebuilt_base_is_served_without_a_restart(tmp_path):
    from rulecheck.kb.build import build_database

    db = tmp_path / "rulecheck.db"
    build_database(db)
    extra = tmp_path / "Sensor_Page.wiki"
    extra.write_text("== Effects ==\n* A trooper with Sensor may Discover a Camouflaged marker.\n", encoding="utf-8")

    async def go():
        ds = make_ds(db)
        before = [await ds.client.get(u) for u in ("/", f"/{DB}/pages.json?_shape=array", "/-/search?q=Sensor")]
        build_database(db, [extra])  # a new file renamed over the one being served
        after = [await ds.client.get(u) for u in ("/", f"/{DB}/pages.json?_shape=array", "/-/search?q=Sensor",
                                                  "/-/ask.json?q=" + quote(QUESTION))]
        return before, after

    before, after = asyncio.run(go())
    assert "Sensor Page" not in before[0].text and "Sensor Page" in after[0].text
    assert len(after[1].json()) == len(before[1].json()) + 1
    assert "may Discover a Camouflaged marker" in after[2].text and "may Discover a Camouflaged marker" not in before[2].text
    assert after[3].status_code == 200 and after[3].json()["verdict"] == "no"


def test_serve_port_zero_prints_the_port_it_got(built_db):
    proc = subprocess.Popen([sys.executable, "-c", "from rulecheck.cli.main import cli; cli()", "serve", "--db",
                             str(built_db), "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        first = proc.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
        assert found and int(found.group(1)) > 0, first
        lines = [proc.stdout.readline() for _ in range(4)]
        assert any("without a restart" in line for line in lines), lines
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{found.group(1)}/", timeout=2) as response:
                    assert response.status == 200
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"serve never answered on the port it printed: {proc.stdout.read() if proc.poll() is not None else ''}")
                time.sleep(0.1)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_page_many_pages_link_to_names_the_few_that_link_most(tmp_path):
    """In a whole wiki hundreds of English pages link to the Spanish Camuflado page: the note at its
    top names the five that link most and counts the rest, which "Pages linking here" lists."""
    from rulecheck.kb.build import build_database

    pages = tmp_path / "pages"
    pages.mkdir()
    for i in range(8):
        links = " ".join(["[[Camuflado]]"] * (i + 10))  # more than any bundled page has
        (pages / f"sniper_{i}.wiki").write_text(
            f"'''Sniper {i}''' is an English page.\n\n== Effects ==\n* It hides with {links} and Cautious Movement.\n",
            encoding="utf-8")
    db = tmp_path / "rulecheck.db"
    build_database(db, [pages])
    page = soup(one(db, f"/{DB}/pages/camuflado"))
    note = page.select_one(".rc-note")
    named = [a.get_text() for a in note.find_all("a") if "/pages/" in a["href"]]
    assert named == ["sniper 7", "sniper 6", "sniper 5", "sniper 4", "sniper 3"], named  # titles from file names
    with sqlite3.connect(db) as conn:
        english = conn.execute("select count(distinct from_page_id) from links join pages on pages.id = from_page_id "
                               "where to_page_id = 'camuflado' and pages.lang = 'en'").fetchone()[0]
    assert english >= 9  # the eight and TO Camouflaged
    assert f"and {english - 5} more" in " ".join(note.get_text(" ").split()), note
    assert note.find("a", href="#rc-linking") and page.find(id="rc-linking")
    listed = [a.get_text() for a in page.find(id="rc-linking").find_next("ul").find_all("a")]
    assert {f"sniper {i}" for i in range(8)} <= set(listed), listed


def test_the_answer_sentence_does_not_repeat_the_verdict_the_banner_shows(built_db):
    """HD: "cancelled whenever the Trooper declares any Short Skill, Entire Order or ARO", so "Does
    Hidden Deployment survive a Dodge?" is no: the banner says "No", and the sentence under it
    goes on from there instead of saying "No — …" again; `ask.json` keeps the whole sentence."""
    question = "Does Hidden Deployment survive a Dodge?"
    page, data = fetch(built_db, "/-/ask?q=" + quote(question), "/-/ask.json?q=" + quote(question))
    html = soup(page)
    assert html.select_one(".rc-verdict-word").get_text() == "No"
    sentence = html.select_one(".rc-sentence").get_text()
    assert sentence.startswith("Hidden Deployment is cancelled whenever the trooper declares any Short Skill"), sentence
    assert json.loads(data.text)["answer"].startswith("No — Hidden Deployment is cancelled")


def test_a_cited_faq_shows_its_question_and_its_answer_apart(built_db):
    """TO Camouflaged FAQ 1.2: "Is it obligatory to declare that the ARO is delayed…?" — "Yes, it is
    obligatory." A cited FAQ reads as a question and an answer, each labelled."""
    page, = fetch(built_db, "/-/ask?q=" + quote("Do I have to tell my opponent I'm delaying my ARO?"))
    faq = soup(page).select_one(".rc-citation-faq blockquote")
    assert faq.select_one(".rc-q").get_text().startswith("Q: Is it obligatory to declare that the ARO is delayed")
    assert faq.select_one(".rc-a").get_text().startswith("A: Yes, it is obligatory")


def test_a_spanish_question_gets_the_ask_form_in_spanish(built_db):
    """A Spanish-speaking player who asked in Spanish reads the form around the answer in Spanish
    too (data/wording/es.toml [banner]); an English question keeps it in English."""
    es, en = fetch(built_db, "/-/ask?q=" + quote("¿Se revela el camuflado si dispara?"), "/-/ask?q=" + quote(QUESTION))
    page = soup(es)
    assert page.select_one("h1.rc-title").get_text() == "Pregunta de reglas" and page.select_one("h1.rc-title")["lang"] == "es"
    assert page.select_one("label[for=rc-ask-q]").get_text() == "Tu pregunta"
    assert page.select_one("form.rc-form button[type=submit]").get_text() == "Preguntar"
    assert page.select_one("p.crumbs a").get_text() == "inicio" and page.select_one("p.crumbs a")["lang"] == "es"
    english = soup(en)
    assert english.select_one("h1.rc-title").get_text() == "Ask a rules question" and not english.select_one("h1.rc-title").get("lang")
    assert english.select_one("p.crumbs a").get_text() == "home"


def test_an_unknown_answer_does_not_repeat_the_banner_either(built_db):
    """Under "Unknown — no checked answer" the sentence goes on with its reason (here a word the
    pages never use) instead of saying "No checked answer —" again."""
    question = "Can I shoot a camo marker with a Neurocinetics rifle?"
    page, = fetch(built_db, "/-/ask?q=" + quote(question))
    sentence = soup(page).select_one(".rc-sentence").get_text()
    assert sentence.startswith("The rules here say nothing about “Neurocinetics”"), sentence
