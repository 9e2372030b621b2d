"""What makes a base's table pages cheaper to serve, and that a player still sees the same pages:
memory-mapped reads, the schema read once per version of the file, one look at each file per
request, cells the plugin never changes left alone, FAQ labels grown one at a time."""
from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3

from datasette.database import Database

from rulecheck.cli.serve import make_datasette
from rulecheck.web.cells import may_render
from rulecheck.web.faqs import LABEL_WORDS, unique_labels


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
