"""What makes a base's table pages cheaper to serve, and that a player still sees the same pages:
the rows written in Python (the same markup as Datasette's own `_table.html`), memory-mapped
reads, the schema read once per version of the file, one look at each file per request, cells
the plugin never changes left alone, FAQ labels grown one at a time, what a first page reads
read before `rulecheck serve` forks its workers."""
from __future__ import annotations

import asyncio
import os
import re
import shutil
import sqlite3
from types import SimpleNamespace

from datasette.app import Datasette
from datasette.database import Database

from rulecheck.cli.serve import SETTINGS, make_datasette
from rulecheck.web.cells import may_render
from rulecheck.web.faqs import LABEL_WORDS, unique_labels


#: Table and row pages of every shape the rows take: a search, sorted both ways, paged, filtered
#: to a Spanish page (its cells marked `lang="es"`), nothing found, other tables, a row's editors' view.
PAGES = ("/{db}/rules?_search=camouflaged+marker", "/{db}/rules?_sort=section&_size=4",
         "/{db}/rules?_sort_desc=ordinal&_size=5", "/{db}/rules?page_id=camuflado",
         "/{db}/rules?_search=zzzqqqxx", "/{db}/faqs", "/{db}/pages", "/{db}/links?_size=7",
         "/{db}/faq_rules", "/{db}/meta", "/{db}/rules/camuflado-cancellation-1-2?view=editors")


def _markup(html: str) -> str:
    """The page without the whitespace between tags (which no browser shows) and the query time."""
    return re.sub(r"Queries took [\d.]+ms", "", re.sub(r"\s*(<[^>]+>)\s*", r"\1", html))


def test_table_pages_show_what_datasettes_own_template_shows(built_db, tmp_path):
    own = tmp_path / "templates"
    own.mkdir()
    (own / "_table.html").write_text('{% include "default:_table.html" %}', encoding="utf-8")
    urls = [page.format(db=built_db.stem) for page in PAGES]

    async def pages(ds) -> list[str]:
        responses = [await ds.client.get(url) for url in urls]
        assert [r.status_code for r in responses] == [200] * len(urls)
        return [r.text for r in responses]

    ours = asyncio.run(pages(make_datasette(built_db)))
    datasettes = asyncio.run(pages(Datasette(immutables=[str(built_db)], settings=SETTINGS, template_dir=str(own))))
    for url, mine, theirs in zip(urls, ours, datasettes):
        assert _markup(mine) == _markup(theirs), url
    assert 'class="rows-and-columns"' in ours[0] and '<span lang="es">' in ours[3]
    assert '<p class="zero-results">0 records</p>' in ours[4]


def test_a_base_is_read_through_memory_mapped_io(built_db, tmp_path):
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("create table t (x)").connection.close()

    async def mmap_sizes():
        ds = make_datasette(built_db)
        ds.add_database(Database(ds, path=str(other)), name="other")
        await ds.invoke_startup()
        return [(await ds.get_database(name).execute("pragma mmap_size")).first()[0] for name in (built_db.stem, "other")]

    base, plain = asyncio.run(mmap_sizes())
    assert base > 0 and plain == 0  # another database keeps SQLite's own setting


def test_a_replaced_base_is_read_with_its_new_schema(built_db, tmp_path):
    db = tmp_path / "rulecheck.db"
    shutil.copy(built_db, db)
    changed = tmp_path / "changed.db"
    shutil.copy(built_db, changed)
    conn = sqlite3.connect(changed)
    conn.execute("alter table rules add column note text")
    conn.commit()
    conn.close()

    async def columns():
        ds = make_datasette(db)
        before = (await ds.client.get("/rulecheck/rules.json?_size=1")).json()["columns"]
        again = (await ds.client.get("/rulecheck/rules.json?_size=1")).json()["columns"]
        os.replace(changed, db)  # as `rulecheck build` does
        after = (await ds.client.get("/rulecheck/rules.json?_size=1")).json()["columns"]
        return before, again, after

    before, again, after = asyncio.run(columns())
    assert before == again and "note" not in before
    assert after == before + ["note"]


def test_schema_read_once_is_handed_out_as_a_copy(built_db):
    async def go():
        ds = make_datasette(built_db)
        await ds.invoke_startup()
        db = ds.get_database(built_db.stem)
        columns = await db.table_columns("rules")
        columns.append("not a column")
        keys = await db.foreign_keys_for_table("rules")
        keys[0]["other_table"] = "nowhere"
        return await db.table_columns("rules"), await db.foreign_keys_for_table("rules")

    columns, keys = asyncio.run(go())
    assert "not a column" not in columns and "nowhere" not in {k["other_table"] for k in keys}


def test_a_request_looks_at_each_file_once(tmp_path):
    from rulecheck.web.reload import file_stamp, one_look_per_request

    path = tmp_path / "base.db"
    path.write_bytes(b"one")
    seen = []

    async def app(scope, receive, send):
        seen.append(file_stamp(path))
        path.write_bytes(b"a longer version")  # rebuilt while the request is answered
        seen.append(file_stamp(path))

    asyncio.run(one_look_per_request(app)({"type": "http"}, None, None))
    assert seen[0] == seen[1]
    assert file_stamp(path) != seen[0]  # the next request (or no request) sees the new file


def test_the_plugin_renders_only_text_and_result_id_cells():
    assert may_render("text", "rules") and may_render("section_label", None)
    assert may_render("faq_id", None) and may_render("faqs", None)  # ids in query results become links
    assert not may_render("page_id", "rules") and not may_render("ordinal", "rules")
    assert not may_render("ordinal", None)


def test_faq_labels_grow_only_where_they_clash():
    opening = "Can a trooper in Camouflaged state declare"
    faqs = [{"id": f"faq-{i}", "kind": "faq", "title": "FAQ", "version": "1.0",
             "question": f"{opening} {word} and more?"} for i, word in enumerate(["Dodge", "Reset", "Dodge"])]
    faqs.append({"id": "faq-alone", "kind": "faq", "title": "FAQ", "version": "1.0",
                 "question": "Does Hidden Deployment allow a trooper to reveal itself at any time?"})
    labels = unique_labels(faqs)
    assert len(set(labels.values())) == len(labels)
    assert labels["faq-alone"].startswith(" ".join(faqs[-1]["question"].split()[:LABEL_WORDS]) + "…")
    assert "Reset" in labels["faq-1"] and labels["faq-0"].endswith("[0]") and labels["faq-2"].endswith("[2]")


def test_warm_up_reads_what_a_first_table_page_reads(built_db, tmp_path, monkeypatch):
    from rulecheck.web import cells, metadata, statepages
    from rulecheck.web.plugin import warm_up

    db = tmp_path / "rulecheck.db"  # a path no earlier test read
    shutil.copy(built_db, db)
    ds = make_datasette(db)
    warm_up(ds)

    def no_more_reading(*args, **kwargs):
        raise AssertionError("read after warm_up")

    for module in (cells, statepages):  # their own look at the file, not Datasette's connections
        monkeypatch.setattr(module, "sqlite3", SimpleNamespace(connect=no_more_reading, Error=sqlite3.Error))
    monkeypatch.setattr(metadata, "base_facts", no_more_reading)

    async def first_page():
        return await ds.client.get("/rulecheck/rules?page_id=camuflado")

    response = asyncio.run(first_page())
    assert response.status_code == 200 and '<span lang="es">' in response.text
