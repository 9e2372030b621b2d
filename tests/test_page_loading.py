"""Parsing the build's pages in two processes gives exactly what one process gives.

The worker runs only on Linux with two cores; these tests force it on (it works on one core,
only slower), so they need fork, not two cores.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from rulecheck.kb import page_loading
from rulecheck.kb.base_file import BuildInterrupted, stop_on_terminate
from rulecheck.kb.manifest import load_manifest
from rulecheck.kb.page_loading import Input, PageStream, load_pages

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
    export = tmp_path / "wiki.xml"
    export.write_text(EXPORT, encoding="utf-8")
    items.insert(3, Input(export, "extra/wiki.xml"))
    return items


#: Two pages to parse, a redirect and a template between them.
EXPORT = """<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/" version="0.10" xml:lang="en">
<siteinfo><sitename>W</sitename><namespaces><namespace key="10">Template</namespace></namespaces></siteinfo>
<page><title>Exported One</title><ns>0</ns><revision><timestamp>2020-01-01T00:00:00Z</timestamp>
<text>==Effects==
* One effect of [[Exported Two]].</text></revision></page>
<page><title>Template:Box</title><ns>10</ns><revision><text>{{{1}}}</text></revision></page>
<page><title>Old Name</title><ns>0</ns><redirect title="Exported One" /><revision><text>#REDIRECT [[Exported One]]</text></revision></page>
<page><title>Exported Two</title><ns>0</ns><revision><text>==Effects==
* Another effect.</text></revision></page>
</mediawiki>
"""
EXPORT_STEPS = 4  # one progress call per <page>


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
    assert calls == expected_calls
    assert [c[:2] for c in calls] == [(i, len(inputs) - 1 + EXPORT_STEPS) for i in range(1, len(calls) + 1)]
    assert [c[2] for c in calls[3:3 + EXPORT_STEPS]] == [
        "extra/wiki.xml#Exported One", "extra/wiki.xml#Template:Box", "extra/wiki.xml#Old Name",
        "extra/wiki.xml#Exported Two"]
    assert {w.code for w in expected.warnings} >= {"empty", "binary", "encoding", "unreadable"}
    assert [p.title for p in expected.pages if p.source.startswith("extra/wiki.xml")] == ["Exported One", "Exported Two"]
    assert not multiprocessing.active_children()


@needs_fork
def test_a_failed_worker_leaves_the_pages_to_this_process(inputs, monkeypatch, capfd):
    expected, _ = sequential(inputs, monkeypatch)

    def broken(tasks, results, parent):
        tasks.recv()  # takes a page, then dies before sending anything back
        raise SystemExit(3)

    monkeypatch.setattr(page_loading, "_parallel", lambda inputs: True)
    monkeypatch.setattr(page_loading, "_worker_main", broken)
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


@needs_fork
@pytest.mark.parametrize("worker", [False, True], ids=["one process", "worker"])
def test_pages_are_handed_on_as_soon_as_they_are_parsed(inputs, monkeypatch, worker):
    """The build makes a page's rows while the later pages are still being parsed."""
    monkeypatch.setattr(page_loading, "_parallel", lambda inputs: worker)
    calls = []
    with PageStream(inputs, lambda *c: calls.append(c)) as stream:
        first = next(iter(stream))
        told = len(calls)
        rest = list(stream)
    assert first.title == "TO Camouflaged"  # the first bundled page
    assert told < len(calls) // 2, "the first page waited for most of the others"
    assert [first] + rest == load_pages(inputs).pages


@needs_fork
def test_leaving_the_stream_early_stops_the_worker(inputs, monkeypatch):
    monkeypatch.setattr(page_loading, "_parallel", lambda inputs: True)
    with PageStream(inputs) as stream:
        next(iter(stream))
        assert multiprocessing.active_children()
    assert not multiprocessing.active_children()


#: Signals to send this process right after its next fork, in the parent: where a build's
#: signal handler would run inside Python's fork callbacks.
SIGNAL_AFTER_FORK: list[int] = []


def _signal_after_fork() -> None:
    while SIGNAL_AFTER_FORK:
        os.kill(os.getpid(), SIGNAL_AFTER_FORK.pop())


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_parent=_signal_after_fork)


@needs_fork
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_stop_signal_while_the_worker_is_forked_still_stops_the_build(inputs, monkeypatch, signum):
    """Python ignores what a handler raises inside its fork callbacks: the signal is held back
    until the fork is done, so the build stops instead of going on."""
    monkeypatch.setattr(page_loading, "_parallel", lambda inputs: True)
    SIGNAL_AFTER_FORK.append(signum)
    with pytest.raises(BuildInterrupted), stop_on_terminate():
        load_pages(inputs)
    assert not SIGNAL_AFTER_FORK
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
loaded = load_pages(inputs)
assert [p.title for p in loaded.pages] == ["Plain One", "Plain Two"] and not loaded.warnings, loaded
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
