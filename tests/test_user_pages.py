"""Pages a user adds: language, edition and title from their manifest (`--manifest` or a
`manifest.toml` in a folder), rulebook titles in title case with the state's header line read
as the page's header, and links that land on the page of the linking page's edition (then
language), the choice recorded in `links.candidates` / `links.chosen_by`."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli.main import cli
from rulecheck.ingest.records import Link
from rulecheck.ingest.rulebook import parse_rulebook
from rulecheck.kb.build import build_database
from rulecheck.kb.manifest import ManifestError
from rulecheck.kb.resolve import LinkResolver, PageRef
from rulecheck.kb.titles import is_shouted, title_case

N5_RULEBOOK = """CAMOUFLAGED STATE

CAMOUFLAGED
MARKER

ACTIVATION
► Automatic during the Deployment Phase.

EFFECTS
► You cannot enter Silhouette contact with an Enemy Camouflaged Marker.
"""

N4_NOTES = "View source for N4 Notes\n\n==Effects==\n\n* A note on [[Camouflaged State]] and [[es:Camouflaged State]].\n"
N5_NOTES = "View source for N5 Notes\n\n==Effects==\n\n* A note on [[Camouflaged State]].\n"


# --- titles ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("shouted, expected", [
    ("CAMOUFLAGED STATE", "Camouflaged State"),
    ("TO CAMOUFLAGED", "TO Camouflaged"),  # TO: a glossary abbreviation, kept
    ("HOLOMASK STATE", "HoloMask State"),  # the glossary's spelling
    ("ESTADO DE CAMUFLADO", "Estado de Camuflado"),
    ("RETREAT! STATE", "Retreat! State"),
    ("LINE OF FIRE", "Line of Fire"),
    ("CH: CAMOUFLAGE", "CH: Camouflage"),
])
def test_a_title_in_capitals_gets_title_case(shouted, expected):
    assert is_shouted(shouted)
    assert title_case(shouted) == expected


@pytest.mark.parametrize("title", ["ARO", "HD", "TO Camouflaged", "Camuflado", "HoloMask State", "1.2"])
def test_abbreviations_and_mixed_case_titles_are_not_shouted(title):
    assert not is_shouted(title)


def test_the_rulebook_state_header_line_is_the_pages_header_not_a_section():
    page = parse_rulebook(N5_RULEBOOK, "camo.txt")
    assert page.title == "CAMOUFLAGED STATE"  # the parser keeps it as written; the build title-cases it
    assert [w.code for w in page.warnings] == []
    assert [(r.key, r.text) for r in page.rules] == [
        ("activation-1", "Automatic during the Deployment Phase."),
        ("effects-1", "You cannot enter Silhouette contact with an Enemy Camouflaged Marker.")]


def test_another_capitals_line_before_the_sections_is_still_an_unknown_label():
    page = parse_rulebook(N5_RULEBOOK.replace("\nCAMOUFLAGED\n", "\nSPECIAL LIMITS\n"), "camo.txt")
    assert [(w.line, w.code) for w in page.warnings] == [(3, "unknown-label")]


# --- manifests -------------------------------------------------------------------------------------

def user_folder(tmp_path: Path, manifest: str | None) -> Path:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "camo-n5.txt").write_text(N5_RULEBOOK, encoding="utf-8")
    (folder / "camo-n4.txt").write_text(N5_RULEBOOK.replace("Deployment Phase.", "Deployment Phase (N4)."),
                                        encoding="utf-8")
    (folder / "n4-notes.wiki").write_text(N4_NOTES, encoding="utf-8")
    (folder / "n5-notes.wiki").write_text(N5_NOTES, encoding="utf-8")
    if manifest is not None:
        (folder / "manifest.toml").write_text(manifest, encoding="utf-8")
    return folder


MANIFEST = """
[[page]]
file = "camo-n5.txt"
edition = "N5"

[[page]]
file = "camo-n4.txt"
lang = "es"
edition = "N4"
title = "Camouflaged State"

[[page]]
file = "n4-notes.wiki"
lang = "en"
edition = "N4"

[[page]]
file = "n5-notes.wiki"
lang = "en"
edition = "N5"
title = "My N5 Notes"
"""


def pages(db: Path) -> dict[str, tuple]:
    conn = sqlite3.connect(db)
    try:
        return {r[0]: r[1:] for r in conn.execute("select source, id, title, lang, edition from pages")}
    finally:
        conn.close()


def test_a_manifest_in_a_folder_states_language_edition_and_title(tmp_path):
    folder = user_folder(tmp_path, MANIFEST)
    db = tmp_path / "kb.db"
    report = build_database(db, [str(folder)])
    got = pages(db)
    src = str(folder)
    # One title, two editions: the first by source keeps the plain id, the other adds its edition.
    assert got[f"{src}/camo-n4.txt"] == ("camouflaged-state", "Camouflaged State", "es", "N4")
    assert got[f"{src}/camo-n5.txt"] == ("camouflaged-state-n5", "Camouflaged State", "en", "N5")
    assert got[f"{src}/n4-notes.wiki"] == ("n4-notes", "N4 Notes", "en", "N4")
    assert got[f"{src}/n5-notes.wiki"] == ("my-n5-notes", "My N5 Notes", "en", "N5")
    assert f"{src}/manifest.toml" not in got  # read as the manifest, not as a page
    assert not [w for w in report.warnings if w.code == "unknown-label"]


def test_without_a_manifest_pages_keep_what_they_say(tmp_path):
    folder = user_folder(tmp_path, None)
    db = tmp_path / "kb.db"
    build_database(db, [str(folder)])
    got = pages(db)
    assert got[f"{folder}/camo-n5.txt"][1:] == ("Camouflaged State", "en", None)  # title-cased, no edition
    assert got[f"{folder}/n5-notes.wiki"][1] == "N5 Notes"


def test_build_manifest_option_builds_the_pages_it_lists(tmp_path):
    folder = user_folder(tmp_path, None)
    manifest = tmp_path / "my.toml"
    manifest.write_text(MANIFEST.replace('file = "', 'file = "pages/'), encoding="utf-8")
    db = tmp_path / "kb.db"
    result = CliRunner().invoke(cli, ["build", "--db", str(db), "--manifest", str(manifest)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    got = pages(db)
    assert got[f"{tmp_path}/pages/n5-notes.wiki"] == ("my-n5-notes", "My N5 Notes", "en", "N5")
    assert len(got) == 4 + 4
    # A page both listed and inside a folder given to build is read once, with the manifest's facts.
    db2 = tmp_path / "kb2.db"
    build_database(db2, [str(folder)], manifests=[str(manifest)])
    assert len(pages(db2)) == 4 + 4


@pytest.mark.parametrize("text, message", [
    ('[[page]]\nfile = "camo-n5.txt"\nversion = "1"\n', "unknown field(s) ['version']; use file, lang, edition, title"),
    ('[[page]]\nfile = "camo-n5.txt"\nedition = "N9"\n', "edition must be one of N3, N4, N5, CodeOne"),
    ('[[page]]\nfile = "camo-n5.txt"\ntitle = ""\n', "title must be a non-empty string"),
    ('[[page]]\nfile = "nope.txt"\n', "does not exist; fix `file` or add the page"),
    ("[[page]\n", "is not valid TOML"),
])
def test_a_bad_user_manifest_is_an_error_that_names_it(tmp_path, text, message):
    folder = user_folder(tmp_path, text)
    db = tmp_path / "kb.db"
    with pytest.raises(ManifestError, match="manifest") as caught:
        build_database(db, [str(folder)])
    assert message in str(caught.value) and "manifest.toml" in str(caught.value)
    assert not db.exists()
    result = CliRunner().invoke(cli, ["build", "--db", str(db), str(folder)], catch_exceptions=False)
    assert result.exit_code == 1 and message in result.output


def test_an_automatic_rebuild_keeps_the_manifest(tmp_path):
    from rulecheck.kb.location import inspect_base
    from rulecheck.kb.rebuild import ensure_built

    folder = user_folder(tmp_path, None)
    manifest = tmp_path / "my.toml"
    manifest.write_text(MANIFEST.replace('file = "', 'file = "pages/'), encoding="utf-8")
    db = tmp_path / "kb.db"
    build_database(db, manifests=[str(manifest)])
    before = pages(db)
    conn = sqlite3.connect(db)
    conn.execute("update meta set value = 'stale' where key = 'fingerprint'")
    conn.commit()
    conn.close()
    assert [m.given for m in inspect_base(db).manifests] == [str(manifest)]
    ensure_built(db)
    assert pages(db) == before


# --- which page a link lands on --------------------------------------------------------------------

def resolver() -> LinkResolver:
    return LinkResolver([
        PageRef("camo-n5", "Camouflaged State", "en", "N5"),
        PageRef("camo-n4-es", "Camouflaged State", "es", "N4"),
        PageRef("camo-n4", "Camouflaged State", "en", "N4"),
        PageRef("only", "HoloMask State", "en", "N4"),
    ])


@pytest.mark.parametrize("link, edition, page_lang, expected", [
    (Link("text", "Camouflaged State"), "N4", "en", ("camo-n4", "title", 3, "language")),
    (Link("text", "Camouflaged State"), "N4", "es", ("camo-n4-es", "title", 3, "language")),
    (Link("text", "Camouflaged"), "N5", "es", ("camo-n5", "title", 3, "edition")),  # edition before language
    (Link("text", "Camouflaged State"), "N3", "en", ("camo-n5", "title", 3, "order")),
    (Link("interlanguage", "Camouflaged State", lang="es"), "N5", "en", ("camo-n4-es", "title", 3, "interlanguage")),
    (Link("text", "HoloMask"), "N5", "es", ("only", "title", 1, None)),
    (Link("text", "Nowhere"), "N4", "en", (None, None, 0, None)),
])
def test_a_link_lands_on_the_linking_pages_edition_then_language(link, edition, page_lang, expected):
    assert tuple(resolver().resolution(link, edition=edition, page_lang=page_lang)) == expected


def test_the_choice_is_recorded_in_links(tmp_path):
    folder = user_folder(tmp_path, MANIFEST)
    db = tmp_path / "kb.db"
    build_database(db, [str(folder)])
    conn = sqlite3.connect(db)
    rows = set(conn.execute("""select from_page_id, kind, to_page_id, candidates, chosen_by from links
                               where from_page_id like '%notes' and kind != 'category'"""))
    assert rows == {
        ("n4-notes", "text", "camouflaged-state", 2, "edition"),  # the N4 page (Spanish, by its manifest)
        ("n4-notes", "interlanguage", "camouflaged-state", 2, "interlanguage"),  # [[es:…]]: the Spanish one
        ("n4-notes", "translation", "camouflaged-state", 2, "interlanguage"),  # so the two pages are paired
        ("my-n5-notes", "text", "camouflaged-state-n5", 2, "edition"),
    }
    # The bundled N3 page's [[Camouflaged]] links: no page of its edition; English before Spanish.
    assert set(conn.execute("""select to_page_id, candidates, chosen_by from links where from_page_id = 'to-camouflaged'
                               and to_title = 'Camouflaged' and kind = 'related'""")) == {
        ("camouflaged-state-n5", 2, "language")}
