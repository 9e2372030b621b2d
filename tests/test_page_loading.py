"""Parsing the build's pages in two processes gives exactly what one process gives.

The worker runs only on Linux with two cores; these tests force it on (it works on one core,
only slower), so they need fork, not two cores.
"""
from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import textwrap

import pytest

from rulecheck.kb import page_loading
from rulecheck.kb.manifest import load_manifest
from rulecheck.kb.page_loading import Input, load_pages

needs_fork = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the worker runs on Linux only")


@pytest.fixture
def inputs(tmp_path) -> list[Input]:
    """The bundled pages, copies under new titles, and files that only give warnings."""
    items = [Input(e.path, e.source, e.lang, e.edition) for e in load_manifest()]
    for i in range(12):
        entry = load_manifest()[i % 4]
        text = entry.path.read_text(encoding="utf-8")
        first, _, rest = text.partition("\n")
        path = tmp_path / f"{i:02d}-{entry.path.name}"
        path.write_text(f"{first} {i}\n{rest}", encoding="utf-8")
        items.append(Input(path, f"extra/{path.name}"))
    bad = {"empty.txt": b"", "binary.txt": b"\x00\x01", "latin1.txt": "Título\n\nEFECTOS\n- Un año.\n".encode("cp1252"),
           "nothing.txt": b"just one line of prose\n"}
    for name, data in bad.items():
        (tmp_path / name).write_bytes(data)
        items.insert(len(items) // 2, Input(tmp_path / name, f"extra/{name}"))
    items.append(Input(tmp_path / "missing.wiki", "extra/missing.wiki"))
    return items


def sequential(inputs, monkeypatch):
    monkeypatch.setattr(page_loading, "_parallel", lambda inputs: False)
    calls = []
    result = load_pages(inputs, lambda *c: calls.append(c))
    monkeypatch.undo()
    return result, calls


@needs_fork
def test_two_processes_give_the_same_pages_warnings_and_progress(inputs, monkeypatch):
    expected, expected_calls = sequential(inputs, monkeypatch)
    monkeypatch.setattr(page_loading, "_parallel", lambda inputs: True)
    calls = []
    assert load_pages(inputs, lambda *c: calls.append(c)) == expected
    assert calls == expected_calls == [(i, len(inputs), item.source) for i, item in enumerate(inputs, 1)]
    assert {w.code for w in expected[1]} >= {"empty", "binary", "encoding", "unreadable"}
    assert not multiprocessing.active_children()


@needs_fork
def test_a_failed_worker_leaves_the_pages_to_this_process(inputs, monkeypatch, capfd):
    expected, _ = sequential(inputs, monkeypatch)

    def broken(inputs, ends, sender):
        page_loading._take(ends, 1)  # claims a page, then dies before sending anything
        raise SystemExit(3)

    monkeypatch.setattr(page_loading, "_parallel", lambda inputs: True)
    monkeypatch.setattr(page_loading, "_worker", broken)
    assert load_pages(inputs) == expected


@needs_fork
def test_an_interrupted_load_stops_the_worker(inputs, monkeypatch):
    monkeypatch.setattr(page_loading, "_parallel", lambda inputs: True)

    def interrupt(done, total, source):
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        load_pages(inputs, interrupt)
    assert not multiprocessing.active_children()


def test_small_builds_stay_in_one_process(inputs):
    assert not page_loading._parallel(inputs[:4])


@pytest.mark.parametrize("platform, cores, expected", [
    ("linux", 2, True), ("linux", 1, False), ("darwin", 2, False), ("win32", 4, False)])
def test_the_worker_only_on_linux_with_two_cores(inputs, monkeypatch, platform, cores, expected):
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cores)), raising=False)
    monkeypatch.setattr(page_loading, "PARALLEL_MIN_BYTES", 1)
    assert page_loading._parallel(inputs) is (expected and hasattr(os, "fork"))


PROBE = """
import sys
from pathlib import Path
from rulecheck.kb import page_loading
from rulecheck.kb.page_loading import Input, load_pages
heavy = ("mwparserfromhell", "bs4")
assert not any(m in sys.modules for m in heavy), "imported too early"
page_loading._parallel = lambda inputs: {parallel}
inputs = [Input(Path(p), p) for p in sys.argv[1:]]
pages, warnings = load_pages(inputs)
assert [p.title for p in pages] == ["Plain One", "Plain Two"] and not warnings, (pages, warnings)
print(sorted(m for m in heavy if m in sys.modules))
"""


def probe(tmp_path, parallel: bool) -> str:
    """In a fresh interpreter, load two plain-text pages; which heavy parser libraries got imported."""
    paths = []
    for title in ("Plain One", "Plain Two"):
        path = tmp_path / f"{title}.txt"
        path.write_text(f"{title}\n\nEFFECTS\n\n- An effect of {title}.\n", encoding="utf-8")
        paths.append(str(path))
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(PROBE.format(parallel=parallel)), *paths],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@needs_fork
def test_the_parsers_are_imported_before_the_fork(tmp_path):
    # plain text needs neither library: only the import before forking brings them in here
    assert probe(tmp_path, parallel=True) == "['bs4', 'mwparserfromhell']"


def test_one_process_imports_only_the_parsers_it_uses(tmp_path):
    assert probe(tmp_path, parallel=False) == "[]"
