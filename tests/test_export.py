"""MediaWiki XML exports: `rulecheck build export.xml` reads each main-namespace page's latest
revision as a rules page, makes redirects aliases and interlanguage links translations,
records the site, and reads the XML safely and as a stream."""
from __future__ import annotations

import json
import sqlite3
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli.main import cli
from rulecheck.ingest import loader
from rulecheck.ingest.mediawiki_export import ExportPage, Site, is_export, read_export
from rulecheck.kb.build import build_database

#: One export with each case the build must handle. The expected values below are read off it.
EXPORT = """<?xml version="1.0" encoding="UTF-8"?>
<mediawiki xmlns="http://www.mediawiki.org/xml/export-{v}/" version="{v}" xml:lang="en">
  <siteinfo>
    <sitename>Infinity Wiki</sitename>
    <dbname>infinitywiki</dbname>
    <base>https://wiki.example.org/wiki/Main_Page</base>
    <generator>MediaWiki 1.39.3</generator>
    <namespaces>
      <namespace key="0" case="first-letter" />
      <namespace key="1" case="first-letter">Talk</namespace>
      <namespace key="10" case="first-letter">Template</namespace>
    </namespaces>
  </siteinfo>
  <page>
    <title>Smoke Veil</title>
    <ns>0</ns>
    <id>1</id>
    <revision>
      <id>101</id>
      <timestamp>2021-03-01T10:00:00Z</timestamp>
      <model>wikitext</model>
      <format>text/x-wiki</format>
      <text xml:space="preserve">==Effects==
* The OLD text: the veil blocks nothing.</text>
    </revision>
    <revision>
      <id>102</id>
      <parentid>101</parentid>
      <timestamp>2023-07-15T08:30:00Z</timestamp>
      <model>wikitext</model>
      <format>text/x-wiki</format>
      <text xml:space="preserve">==Effects==
* The veil blocks [[LoF]] of a [[Camo Marker]] &amp; of any [[Old Camo]] trooper.

[[es:Camuflado]]</text>
    </revision>
  </page>
  <page>
    <title>Old Camo</title>
    <ns>0</ns>
    <id>2</id>
    <redirect title="Camouflaged State" />
    <revision>
      <id>201</id>
      <timestamp>2020-01-01T00:00:00Z</timestamp>
      <text xml:space="preserve">#REDIRECT [[Camouflaged State]]</text>
    </revision>
  </page>
  <page>
    <title>Camo Marker</title>
    <ns>0</ns>
    <id>3</id>
    <revision>
      <id>301</id>
      <timestamp>2020-01-01T00:00:00Z</timestamp>
      <text xml:space="preserve">#REDIRECT [[Smoke Veil]]</text>
    </revision>
  </page>
  <page>
    <title>Template:Effects</title>
    <ns>10</ns>
    <id>4</id>
    <revision><id>401</id><timestamp>2019-01-01T00:00:00Z</timestamp><text>'''Effects'''</text></revision>
  </page>
  <page>
    <title>Talk:Smoke Veil</title>
    <ns>1</ns>
    <id>5</id>
    <revision><id>501</id><timestamp>2019-01-01T00:00:00Z</timestamp><text>Is this right? ~~~~</text></revision>
  </page>
  <page>
    <title>Camouflaged State</title>
    <ns>0</ns>
    <id>6</id>
    <revision>
      <id>601</id>
      <timestamp>2022-02-02T02:02:02Z</timestamp>
      <text xml:space="preserve">==Effects==
* A Camouflaged trooper is a Marker.</text>
    </revision>
  </page>
</mediawiki>
"""


@pytest.fixture(params=["0.10", "0.11"])
def export_db(request, tmp_path) -> tuple[sqlite3.Connection, Path]:
    path = tmp_path / "wiki.xml"
    path.write_text(EXPORT.format(v=request.param), encoding="utf-8")
    db = tmp_path / "kb.db"
    report = build_database(db, [path])
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    yield conn, path, report
    conn.close()


def page(conn, title):
    return conn.execute("select * from pages where title = ?", [title]).fetchone()


def test_only_main_namespace_pages_land_once_each(export_db):
    conn, path, report = export_db
    titles = [r[0] for r in conn.execute("select title from pages where source like ? order by ordinal",
                                         [f"{path}#%"])]
    assert titles == ["Smoke Veil", "Camouflaged State"]  # no redirect, template or talk page


def test_the_latest_revision_is_read_with_its_timestamp_and_source(export_db):
    conn, path, _ = export_db
    veil = page(conn, "Smoke Veil")
    texts = [r[0] for r in conn.execute("select text from rules where page_id = ?", [veil["id"]])]
    assert texts == ["The veil blocks LoF of a Camo Marker & of any Old Camo trooper."]
    assert veil["revision_timestamp"] == "2023-07-15T08:30:00Z" and veil["revision_id"] == "102"
    assert veil["source"] == f"{path}#Smoke Veil"
    assert veil["url"] == "https://wiki.example.org/wiki/Smoke_Veil"
    assert veil["lang"] == "en" and veil["format"] == "wikitext"


def test_other_namespaces_are_one_note_each_not_warnings(export_db):
    conn, path, report = export_db
    assert not report.warnings
    assert report.notes == [f"{path}: skipped 1 page in Talk:, 1 page in Template: "
                            "(only main-namespace pages are rules pages)"]
    row = conn.execute("select * from exports").fetchone()
    assert json.loads(row["skipped"]) == {"Talk": 1, "Template": 1}


def test_the_site_is_recorded(export_db):
    conn, path, _ = export_db
    row = dict(conn.execute("select * from exports").fetchone())
    assert row == {"source": str(path), "site_name": "Infinity Wiki", "base_url": "https://wiki.example.org/wiki/Main_Page",
                   "db_name": "infinitywiki", "generator": "MediaWiki 1.39.3", "schema_version": row["schema_version"],
                   "lang": "en", "pages": 2, "redirects": 2, "skipped": row["skipped"]}
    assert row["schema_version"] in ("0.10", "0.11")


def test_a_link_to_a_redirect_resolves_to_its_target(export_db):
    conn, _, _ = export_db
    veil, camo = page(conn, "Smoke Veil")["id"], page(conn, "Camouflaged State")["id"]
    links = {r["to_title"]: (r["to_page_id"], r["how"]) for r in conn.execute(
        "select * from links where from_page_id = ? and kind = 'text'", [veil])}
    assert links["Old Camo"] == (camo, "redirect")  # the <redirect title=…> element
    assert links["Camo Marker"] == (veil, "redirect")  # a `#REDIRECT [[…]]` text alone
    assert [tuple(r) for r in conn.execute("select title, to_title, to_page_id from redirects order by title")] == [
        ("Camo Marker", "Smoke Veil", veil), ("Old Camo", "Camouflaged State", camo)]


def test_an_interlanguage_link_pairs_the_english_page_with_the_spanish_one(export_db):
    conn, _, _ = export_db
    veil = page(conn, "Smoke Veil")["id"]
    rows = {(r["from_page_id"], r["kind"], r["to_title"], r["to_page_id"], r["lang"]) for r in conn.execute(
        "select * from links where kind in ('interlanguage', 'translation')")}
    assert (veil, "interlanguage", "Camuflado", "camuflado", "es") in rows  # as written, as before
    assert (veil, "translation", "Camuflado", "camuflado", "es") in rows
    assert ("camuflado", "translation", "Smoke Veil", veil, "en") in rows  # the pair, both ways


def test_cli_prints_the_note_and_counts(tmp_path):
    path = tmp_path / "wiki.xml"
    path.write_text(EXPORT.format(v="0.11"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", str(path), "--db", str(tmp_path / "kb.db")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "note: " in result.stderr and "Template:" in result.stderr and "warning" not in result.stderr
    assert "pages: 6" in result.stdout  # 4 bundled + 2 exported


def test_a_folder_holding_an_export_reads_it(tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "dump.xml").write_text(EXPORT.format(v="0.11"), encoding="utf-8")
    report = build_database(tmp_path / "kb.db", [folder])
    assert report.pages == 6 and not report.warnings


def test_the_page_limit_applies_to_each_page_not_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(loader, "MAX_BYTES", 80)  # Smoke Veil's latest text is over it, the others under
    path = tmp_path / "wiki.xml"
    path.write_text(EXPORT.format(v="0.11"), encoding="utf-8")
    assert path.stat().st_size > 80 * 10
    report = build_database(tmp_path / "kb.db", [path])
    assert [(w.source, w.code) for w in report.warnings if w.source.startswith(str(path))] == [
        (f"{path}#Smoke Veil", "too-large")]
    conn = sqlite3.connect(tmp_path / "kb.db")
    assert [r[0] for r in conn.execute("select title from pages")] == ["Camouflaged State"]  # the bundled pages are over it too


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE mediawiki [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol9 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
]>
<mediawiki version="0.11"><page><title>Laughs</title><ns>0</ns><revision><text>&lol9;</text></revision></page></mediawiki>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE mediawiki [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<mediawiki version="0.11"><page><title>Leak</title><ns>0</ns><revision><text>&secret;</text></revision></page></mediawiki>
"""


@pytest.mark.parametrize("text", [BILLION_LAUGHS, EXTERNAL], ids=["billion-laughs", "external-entity"])
def test_entities_are_a_warning_naming_the_file_never_expanded(tmp_path, text):
    path = tmp_path / "evil.xml"
    path.write_text(text, encoding="utf-8")
    report = build_database(tmp_path / "kb.db", [path])
    assert [(w.source, w.code) for w in report.warnings] == [(str(path), "xml-entities")]
    assert report.pages == 4  # the bundled pages only
    conn = sqlite3.connect(tmp_path / "kb.db")
    assert not conn.execute("select 1 from rules where text like '%lol%' or text like '%root:%'").fetchall()


def test_broken_xml_keeps_the_pages_before_the_break(tmp_path):
    good = EXPORT.format(v="0.11")
    cut = good.index("<page>\n    <title>Template:Effects")
    path = tmp_path / "cut.xml"
    path.write_text(good[:cut] + "<page><title>Broken</title><ns>0</ns><revision><text>oops</revision>", encoding="utf-8")
    report = build_database(tmp_path / "kb.db", [path])
    assert [w.code for w in report.warnings] == ["bad-xml"]
    assert report.pages == 4 + 1  # Smoke Veil (the redirects before the break are redirects, not pages)


def test_exports_are_told_by_content_not_name():
    assert is_export(b'\xef\xbb\xbf<?xml version="1.0"?>\n<!-- dump -->\n<mediawiki xmlns="x">')
    assert not is_export(b"<html><body>mediawiki</body></html>")
    assert not is_export(b"View source for TO Camouflaged\n<mediawiki")


def test_reading_an_export_holds_one_page_at_a_time(tmp_path):
    page_text = "==Effects==\n" + "* A bullet of the page, long enough to weigh something.\n" * 60
    path = tmp_path / "big.xml"
    with open(path, "w", encoding="utf-8") as f:
        f.write('<mediawiki version="0.11"><siteinfo><sitename>S</sitename></siteinfo>\n')
        for i in range(1500):
            f.write(f"<page><title>P{i}</title><ns>0</ns><revision><text>{page_text}</text></revision></page>\n")
        f.write("</mediawiki>\n")
    assert path.stat().st_size > 5_000_000
    tracemalloc.start()
    count = 0
    for item in read_export(path, "big.xml", loader.MAX_BYTES):
        count += isinstance(item, ExportPage)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert count == 1500
    assert peak < 1_000_000, f"{peak} bytes held while streaming a {path.stat().st_size}-byte export"


def test_site_page_urls():
    assert Site(base_url="https://w.org/wiki/Main_Page").page_url("TO Camouflaged") == "https://w.org/wiki/TO_Camouflaged"
    assert Site().page_url("X") is None
