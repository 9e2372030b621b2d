"""Parsing the build's pages in two processes gives exactly what one process gives."""
from __future__ import annotations

import multiprocessing

import pytest

from rulecheck.kb import page_loading
from rulecheck.kb.manifest import load_manifest
from rulecheck.kb.page_loading import Input, load_pages

pytestmark = pytest.mark.skipif(not hasattr(multiprocessing, "get_context") or page_loading._cores() < 2,
                                reason="the worker needs fork and two cores")


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


def test_two_processes_give_the_same_pages_warnings_and_progress(inputs, monkeypatch):
    expected, expected_calls = sequential(inputs, monkeypatch)
    monkeypatch.setattr(page_loading, "_parallel", lambda inputs: True)
    calls = []
    assert load_pages(inputs, lambda *c: calls.append(c)) == expected
    assert calls == expected_calls == [(i, len(inputs), item.source) for i, item in enumerate(inputs, 1)]
    assert {w.code for w in expected[1]} >= {"empty", "binary", "encoding", "unreadable"}
    assert not multiprocessing.active_children()


def test_a_failed_worker_leaves_the_pages_to_this_process(inputs, monkeypatch, capfd):
    expected, _ = sequential(inputs, monkeypatch)

    def broken(inputs, ends, sender):
        page_loading._take(ends, 1)  # claims a page, then dies before sending anything
        raise SystemExit(3)

    monkeypatch.setattr(page_loading, "_parallel", lambda inputs: True)
    monkeypatch.setattr(page_loading, "_worker", broken)
    assert load_pages(inputs) == expected


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
