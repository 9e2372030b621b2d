"""The build as one pipeline: each page's rows are made as soon as it is parsed, links are
staged and resolved once every page is known. The base must be the same row for row (ids,
order, links, FAQ links, full-text tables) whether one process parsed everything or a worker
parsed a share, and whatever order the pages came back in."""
from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from rulecheck.kb import page_loading
from rulecheck.kb.build import build_database
from rulecheck.kb.manifest import load_manifest

needs_fork = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the worker runs on Linux only")

#: An export whose first page links forward (to a page, a redirect and a Spanish page read
#: later), with a page sharing a bundled page's title and an interlanguage pair.
EXPORT = """<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">
<siteinfo><sitename>W</sitename><base>https://w.example.org/wiki/Main</base></siteinfo>
<page><title>Smoke Veil</title><ns>0</ns><revision><timestamp>2023-01-01T00:00:00Z</timestamp>
<text>==Effects==
* The veil blocks [[LoF]] of a [[Camo Marker]] and of any [[Late Page]] trooper, [[Discover|discovered]] or not.

[[es:Velo de Humo]]</text></revision></page>
<page><title>Camo Marker</title><ns>0</ns><redirect title="Late Page" />
<revision><text>#REDIRECT [[Late Page]]</text></revision></page>
<page><title>TO Camouflaged</title><ns>0</ns><revision><text>==Effects==
* A second TO Camouflaged page: its id takes a suffix.</text></revision></page>
<page><title>Late Page</title><ns>0</ns><revision><text>==Effects==
* Read after the pages that link to it: [[Smoke Veil]].</text></revision></page>
<page><title>Velo de Humo</title><ns>0</ns><revision><text>==Efectos==
* El velo bloquea la [[LdT]].

[[en:Smoke Veil]]</text></revision></page>
</mediawiki>
"""


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """Copies of the bundled pages under new titles (their FAQs shared with the bundled ones),
    two under one title, and the export above."""
    folder = tmp_path_factory.mktemp("pipeline")
    sources = [e.path for e in load_manifest()]
    for i in range(24):
        src = sources[i % len(sources)]
        first, _, rest = src.read_text(encoding="utf-8").partition("\n")
        title = first if i in (5, 9) else f"{first} {i}"
        (folder / f"{i:03d}{src.suffix}").write_text(f"{title}\n{rest}", encoding="utf-8")
    (folder / "wiki.xml").write_text(EXPORT, encoding="utf-8")
    return folder


def dump(db: Path) -> list[str]:
    """Every row of every table (the full-text ones too), in rowid order, as SQL."""
    conn = sqlite3.connect(db)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def build_with(tmp_path: Path, corpus: Path, monkeypatch, *, worker: bool) -> list[str]:
    started = []
    real = page_loading._start_worker

    def start():
        started.append(real())
        return started[-1]

    monkeypatch.setattr(page_loading, "_parallel", lambda inputs: worker)
    monkeypatch.setattr(page_loading, "_start_worker", start)
    db = tmp_path / ("worker.db" if worker else "alone.db")
    report = build_database(db, [corpus])
    assert report.pages > 24 and report.links_resolved and report.links_dangling
    assert bool(started) is worker and all(started), "the worker should have run exactly when forced"
    return dump(db)


@needs_fork
def test_the_base_is_the_same_in_one_process_and_with_the_worker(tmp_path, corpus, monkeypatch):
    alone = build_with(tmp_path, corpus, monkeypatch, worker=False)
    assert build_with(tmp_path, corpus, monkeypatch, worker=True) == alone
    links = [line for line in alone if line.startswith('INSERT INTO "links" VALUES')]
    assert any("'translation'" in line for line in links) and any("'redirect'" in line for line in links)


@needs_fork
def test_the_base_does_not_depend_on_how_fast_the_worker_is(tmp_path, corpus, monkeypatch):
    """A worker given many pages at once sends them back later, out of step with this process:
    the pages are still made into rows in input order."""
    alone = build_with(tmp_path, corpus, monkeypatch, worker=False)
    monkeypatch.setattr(page_loading, "IN_FLIGHT", page_loading.IN_FLIGHT * 4)
    assert build_with(tmp_path, corpus, monkeypatch, worker=True) == alone


@needs_fork
def test_tasks_in_flight_never_fill_the_task_pipe():
    """A task that would not fit in the pipe beside those in flight is refused (the build parses
    its page itself) rather than sent: a send that waits for the worker to read would stall the
    build. Small tasks go up to `IN_FLIGHT` at once."""
    page = load_manifest()[0].path
    big = "x" * (page_loading.TASK_PIPE_BYTES // 2 + 1)  # more than the room the pipe leaves
    worker = page_loading._start_worker()
    try:
        assert worker.send(0, page_loading.Input(page, big)), "with nothing in flight, any task goes"
        assert not worker.send(1, page_loading.Input(page, big))
        assert not worker.send(2, page_loading.Input(page, "small")), "the big one still fills the pipe"
        back = worker.finish()
        assert list(back) == [0] and back[0][0] is not None
    finally:
        worker.stop()
    worker = page_loading._start_worker()
    try:
        assert all(worker.send(i, page_loading.Input(page, f"p{i}")) for i in range(page_loading.IN_FLIGHT))
        assert sorted(worker.finish()) == list(range(page_loading.IN_FLIGHT))
    finally:
        worker.stop()


def test_links_to_pages_read_later_resolve(tmp_path, corpus):
    db = tmp_path / "kb.db"
    build_database(db, [corpus])
    conn = sqlite3.connect(db)
    links = {(f, t): (to, how) for f, t, to, how in conn.execute(
        "select from_page_id, to_title, to_page_id, how from links where kind != 'translation'")}
    conn.close()
    assert links[("smoke-veil", "Late Page")] == ("late-page", "title")
    assert links[("smoke-veil", "Camo Marker")] == ("late-page", "redirect")
    assert links[("smoke-veil", "Velo de Humo")] == ("velo-de-humo", "title")  # interlanguage
    assert links[("late-page", "Smoke Veil")] == ("smoke-veil", "title")  # back to a page read before
    assert links[("smoke-veil", "LoF")][0] is None  # dangling: no such page
