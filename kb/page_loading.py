"""Parse the build's input pages into `Page`s, in two processes when there are many.

Parsing is pure (a file's text in, a `Page` out) and takes most of a large build, so on a
machine with two or more cores a forked worker parses pages from the back of the list while
this process parses from the front; where they meet, the worker sends its pages back pickled. The
result is the same as one process parsing in order — same pages, same warnings, same
progress calls — and if the worker fails for any reason, this process parses its part too.
"""
from __future__ import annotations

import importlib
import os
import pickle
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from rulecheck.ingest.records import Page, ParseWarning
from rulecheck.kb.titles import is_shouted, title_case

Progress = Callable[[int, int, str], None]

#: Below this many bytes of input the worker costs more (fork, pickling) than it saves.
PARALLEL_MIN_BYTES = 1_000_000

#: The parser modules `rulecheck.ingest` loads lazily (with mwparserfromhell and bs4): imported
#: once before the fork, so the worker and this process do not each import them.
PARSER_MODULES = ("rulecheck.ingest.wikitext", "rulecheck.ingest.html", "rulecheck.ingest.rulebook",
                  "rulecheck.ingest.plaintext")

_Loaded = tuple[Page | None, list[ParseWarning]]


@dataclass(frozen=True)
class Input:
    """One page file of the build, with what a manifest says of it (language, edition, title)."""

    path: Path
    source: str
    lang: str | None = None
    edition: str | None = None
    title: str | None = None


def load_pages(inputs: Sequence[Input], progress: Progress | None = None) -> tuple[list[Page], list[ParseWarning]]:
    """Parse each input; apply the manifest's language, title and (unless the page marks one)
    edition; a title in capitals with no manifest title is put in title case (`kb/titles.py`).

    `progress(done, total, source)` is called after each page, in input order.
    """
    loaded = _load_parallel(inputs, progress) if _parallel(inputs) else _load_sequential(inputs, progress)
    pages: list[Page] = []
    warnings: list[ParseWarning] = []
    for page, page_warnings in loaded:
        warnings.extend(page_warnings)
        if page is not None:
            pages.append(page)
    return pages, warnings


def load_one(item: Input) -> _Loaded:
    """The page of one input (None when it could not be read) and its warnings."""
    from rulecheck.ingest import load_page

    try:
        result = load_page(item.path, source=item.source)
    except Exception as e:  # noqa: BLE001 - a parser bug must not lose the other pages
        return None, [ParseWarning(item.source, f"could not be read ({type(e).__name__}: {e}); "
                                   "the page was skipped. Please report this file.", code="parser-error")]
    warnings = list(result.warnings)
    page = result.page
    if page is not None:
        if item.lang:
            page.lang = item.lang
        if not page.edition:
            page.edition = item.edition
        if item.title:
            page.title = item.title
        elif is_shouted(page.title):
            page.title = title_case(page.title)
        page.source = item.source
        if not page.rules and not page.faqs and not result.warnings:
            warnings.append(ParseWarning(item.source, "no rules or FAQs found: the page has no "
                                         "recognisable sections", code="no-sections"))
        page.raw = ""  # the rows keep their own source fragments; free the memory
    return page, warnings


def _load_sequential(inputs: Sequence[Input], progress: Progress | None, start: int = 0,
                     total: int | None = None) -> list[_Loaded]:
    total = len(inputs) if total is None else total
    loaded = []
    for done, item in enumerate(inputs, start + 1):
        loaded.append(load_one(item))
        if progress is not None:
            progress(done, total, item.source)
    return loaded


def _parallel(inputs: Sequence[Input]) -> bool:
    """Whether a worker would pay: Linux, two cores, no other threads, and enough bytes to parse."""
    if len(inputs) < 2 or not _fork_is_safe() or _cores() < 2 or threading.active_count() > 1:
        return False  # forking a threaded process can deadlock the child on a lock another thread held
    total = 0
    for item in inputs:
        try:
            total += item.path.stat().st_size
        except OSError:
            pass
        if total >= PARALLEL_MIN_BYTES:
            return True
    return False


def _fork_is_safe() -> bool:
    """Only on Linux: macOS system libraries may crash a forked child that uses them."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def import_parsers() -> None:
    """Import every parser module (and the libraries they use) into this process."""
    for name in PARSER_MODULES:
        importlib.import_module(name)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _load_parallel(inputs: Sequence[Input], progress: Progress | None) -> list[_Loaded]:
    """This process parses from the front, the worker from the back, until they meet.

    Each takes its next page under a shared lock, so the split follows the real cost of
    the pages (wikitext costs more per byte than plain text) and any load on the cores.
    """
    import multiprocessing

    import_parsers()  # before the fork: the worker inherits them instead of importing its own copies
    ctx = multiprocessing.get_context("fork")
    ends = ctx.Array("i", [0, len(inputs) - 1])  # the next page from the front, from the back
    receiver, sender = ctx.Pipe(duplex=False)
    worker = ctx.Process(target=_worker, args=(inputs, ends, sender), daemon=True)
    try:
        worker.start()
    except OSError:
        receiver.close()
        sender.close()
        return _load_sequential(inputs, progress)
    sender.close()
    try:
        loaded: list[_Loaded] = []
        total = len(inputs)
        while (i := _take(ends, 0)) is not None:
            loaded.append(load_one(inputs[i]))
            if progress is not None:
                progress(i + 1, total, inputs[i].source)
        split = len(loaded)
        rest = _receive(receiver)
        worker.join()
        if rest is None or worker.exitcode != 0 or len(rest) != total - split:
            return loaded + _load_sequential(inputs[split:], progress, split, total)  # the worker failed
        if progress is not None:
            for done, item in enumerate(inputs[split:], split + 1):
                progress(done, total, item.source)
        return loaded + rest
    finally:
        receiver.close()
        if worker.is_alive():  # interrupted (a progress callback raised, Ctrl-C): stop the worker
            worker.terminate()
            worker.join()


def _take(ends, side: int) -> int | None:
    """Claim the next page from the front (`side` 0) or the back (1); None once they have met."""
    with ends.get_lock():
        front, back = ends[0], ends[1]
        if front > back:
            return None
        if side == 0:
            ends[0] = front + 1
            return front
        ends[1] = back - 1
        return back


def _receive(receiver) -> list[_Loaded] | None:
    try:
        return pickle.loads(receiver.recv_bytes())
    except (EOFError, OSError, pickle.UnpicklingError):
        return None


def _worker(inputs: Sequence[Input], ends, sender) -> None:
    """In the forked worker: parse pages from the back until the front is reached; send them in order."""
    loaded = []
    while (i := _take(ends, 1)) is not None:
        loaded.append(load_one(inputs[i]))
    loaded.reverse()
    sender.send_bytes(pickle.dumps(loaded, protocol=pickle.HIGHEST_PROTOCOL))
    sender.close()
