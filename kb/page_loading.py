"""Read the build's inputs into `Page`s, one page at a time, in two processes when there are many.

An input is a page file or a MediaWiki XML export (many pages, read as a stream). Every page
to parse is a task; this process walks the tasks in order, hands a few at a time to a forked
worker and parses the rest itself, so the worker is never idle. Pages are handed on in input
order as soon as each is parsed (`PageStream`), so the build makes a page's rows while the
worker parses the next ones, and memory holds only the pages in flight. The result is the same
as one process parsing in order — same pages, warnings and progress calls — and if the worker
fails, this process parses what it had not sent back.

The worker dies with this process (Linux's parent-death signal), so a build killed at any
moment, even by SIGKILL, leaves no process behind.
"""
from __future__ import annotations

import fcntl
import importlib
import os
import pickle
import signal
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

from rulecheck.ingest.mediawiki_export import ExportInfo, ExportPage, Site
from rulecheck.ingest.records import Page, ParseWarning, Redirect
from rulecheck.kb.base_file import STOP_SIGNALS
from rulecheck.kb.processes import cores, die_with_parent, fork_is_safe
from rulecheck.kb.titles import is_shouted, title_case

Progress = Callable[[int, int, str], None]

#: Below this many bytes of input the worker costs more (fork, pickling) than it saves.
PARALLEL_MIN_BYTES = 1_000_000
#: Tasks handed to the worker and not yet back: enough that it never waits for the next one while
#: this process makes rows and writes a batch of them (`rows.FLUSH_ROWS`). Its pages come back
#: through a thread that needs the GIL this process's parsing holds, so they are counted back
#: late: at 8 the worker still sat idle ~7% of a 5,000-page build, at 32 ~1%.
IN_FLIGHT = 32
#: What the task pipe is asked to hold (Linux lets any process grow a pipe to 1 MiB). Tasks in
#: flight never add up to more than half of what it holds: a send never blocks this process
#: while the worker is busy with a big page (an export's task carries its text).
TASK_PIPE_BYTES = 1 << 20

#: The parser modules `rulecheck.ingest` loads lazily (with mwparserfromhell and bs4): imported
#: once before the fork, so the worker and this process do not each import them.
PARSER_MODULES = ("rulecheck.ingest.wikitext", "rulecheck.ingest.html", "rulecheck.ingest.rulebook",
                  "rulecheck.ingest.plaintext")

_Loaded = tuple[Page | None, list[ParseWarning]]


@dataclass(frozen=True)
class Input:
    """One page file (or export) of the build, with what a manifest says of it (language,
    edition, title; an export's pages keep their own titles)."""

    path: Path
    source: str
    lang: str | None = None
    edition: str | None = None
    title: str | None = None


@dataclass
class Loaded:
    """Everything the inputs held: pages in input order, warnings, redirects, and each export's facts."""

    pages: list[Page] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)
    redirects: list[Redirect] = field(default_factory=list)
    exports: list[ExportInfo] = field(default_factory=list)


@dataclass(frozen=True)
class _ExportTask:
    """One page of an export to parse."""

    page: ExportPage
    site: Site
    input: Input


_Task = Input | _ExportTask


def load_pages(inputs: Sequence[Input], progress: Progress | None = None) -> Loaded:
    """Parse each input; apply the manifest's language, title and (unless the page marks one)
    edition; a page file's title in capitals with no manifest title is put in title case
    (`kb/titles.py`).

    `progress(done, total, source)` is called after each page (each file, each `<page>` of an
    export), in input order. The build itself reads the pages as a `PageStream`.
    """
    with PageStream(inputs, progress) as stream:
        pages = list(stream)
        return Loaded(pages, stream.warnings, stream.redirects, stream.exports)


class PageStream:
    """The inputs' pages, parsed (as `load_pages` parses them) and handed on one at a time in
    input order, each as soon as it and those before it are parsed.

    Iterate once, inside `with`: leaving the block stops the worker, however it is left. The
    worker is forked when the stream is made, so files the caller opens afterwards (the base
    being written) are never held by it. `warnings`, `redirects` and `exports` are complete once
    the pages are.
    """

    def __init__(self, inputs: Sequence[Input], progress: Progress | None = None) -> None:
        from rulecheck.ingest.mediawiki_export import count_pages, is_export_file

        self._loaded = Loaded()
        exports = {i: is_export_file(item.path) for i, item in enumerate(inputs)}
        total = sum(count_pages(item.path) if exports[i] else 1 for i, item in enumerate(inputs))
        steps = _steps(inputs, exports, self._loaded)
        self._worker = _start_worker() if _parallel(inputs) else None
        try:
            results = (_run_parallel(self._worker, steps, total, progress) if self._worker is not None
                       else _run_sequential(steps, total, progress))
            self._pages = self._pages_of(results)
        except BaseException:  # a stop signal: `with` never saw this stream, so stop its worker here
            if self._worker is not None:
                self._worker.stop()
            raise

    @property
    def warnings(self) -> list[ParseWarning]:
        """The parse warnings so far, in input order."""
        return self._loaded.warnings

    @property
    def redirects(self) -> list[Redirect]:
        """The exports' redirect pages read so far."""
        return self._loaded.redirects

    @property
    def exports(self) -> list[ExportInfo]:
        """The exports read so far, with their sites."""
        return self._loaded.exports

    def _pages_of(self, results: Iterator[_Loaded]) -> Iterator[Page]:
        for page, page_warnings in results:
            self._loaded.warnings.extend(page_warnings)
            if page is not None:
                yield page

    def __iter__(self) -> Iterator[Page]:
        return self._pages

    def close(self) -> None:
        """Stop reading: the worker, if any, is stopped and its pipes closed."""
        self._pages.close()
        if self._worker is not None:
            self._worker.stop()

    def __enter__(self) -> "PageStream":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _steps(inputs: Sequence[Input], exports: dict[int, bool], loaded: Loaded) -> Iterator[tuple[str, _Task | _Loaded]]:
    """`(source, task or finished result)` for every page, in input order: a file or an export's
    main-namespace page is a task to parse; the rest (redirects, other namespaces, pages over
    the limit) are settled here and come as results. An export's facts land in `loaded`."""
    from rulecheck.ingest.mediawiki_export import export_steps

    for i, item in enumerate(inputs):
        if not exports[i]:
            yield item.source, item
            continue
        for source, step in export_steps(item.path, item.source, loaded.redirects, loaded.exports):
            yield source, (_ExportTask(step, loaded.exports[-1].site, item) if isinstance(step, ExportPage) else step)


def run_task(task: _Task) -> _Loaded:
    """The page of one task (None when it could not be read) and its warnings."""
    if isinstance(task, _ExportTask):
        from rulecheck.ingest.mediawiki_export import page_from_export

        return _finish(task.input, page_from_export(task.page, task.site, task.input.source), source=None)
    from rulecheck.ingest import load_page

    try:
        result = load_page(task.path, source=task.source)
    except Exception as e:  # noqa: BLE001 - a parser bug must not lose the other pages
        return None, [ParseWarning(task.source, f"could not be read ({type(e).__name__}: {e}); "
                                   "the page was skipped. Please report this file.", code="parser-error")]
    return _finish(task, result, source=task.source)


def load_one(item: Input) -> _Loaded:
    """The page of one page file (None when it could not be read) and its warnings."""
    return run_task(item)


def _finish(item: Input, result, source: str | None) -> _Loaded:
    warnings = list(result.warnings)
    page = result.page
    if page is not None:
        if item.lang:
            page.lang = item.lang
        if not page.edition:
            page.edition = item.edition
        if source is not None:  # a page file; an export's page keeps its title and source
            if item.title:
                page.title = item.title
            elif is_shouted(page.title):
                page.title = title_case(page.title)
            page.source = source
        if not page.rules and not page.faqs and not result.warnings:
            warnings.append(ParseWarning(page.source, "no rules or FAQs found: the page has no "
                                         "recognisable sections", code="no-sections"))
        page.raw = ""  # the rows keep their own source fragments; free the memory
    return page, warnings


def _settle(step: _Task | _Loaded) -> _Loaded:
    return step if isinstance(step, tuple) else run_task(step)


def _run_sequential(steps: Iterator[tuple[str, _Task | _Loaded]], total: int,
                    progress: Progress | None) -> Iterator[_Loaded]:
    for done, (source, step) in enumerate(steps, 1):
        loaded = _settle(step)
        if progress is not None:
            progress(done, total, source)
        yield loaded


def _parallel(inputs: Sequence[Input]) -> bool:
    """Whether a worker would pay: Linux, two cores, no other threads, and enough bytes to parse."""
    if not inputs or not fork_is_safe() or cores() < 2 or threading.active_count() > 1:
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


def import_parsers() -> None:
    """Import every parser module (and the libraries they use) into this process."""
    for name in PARSER_MODULES:
        importlib.import_module(name)


class _Worker:
    """A forked process that parses the tasks it is sent and sends each page back pickled.

    A thread here receives the pages as they come, so the worker never blocks on a full pipe
    while this process is busy parsing.
    """

    def __init__(self) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context("fork")
        self._tasks_in, self._tasks = ctx.Pipe(duplex=False)
        self._results, results_out = ctx.Pipe(duplex=False)
        self.process = ctx.Process(target=_worker_main, args=(self._tasks_in, results_out, os.getpid()), daemon=True)
        # A stop signal during the fork would run the build's handler inside the fork's own
        # callbacks, whose exceptions Python only prints: the build would go on. Held back until
        # the fork is done, it is raised here instead.
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        try:
            self.process.start()
        finally:
            results_out.close()
            self._tasks_in.close()
            try:
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            except BaseException:
                if self.process.pid is not None:
                    self.process.kill()
                    self.process.join()
                raise
        self._room = _grow_pipe(self._tasks.fileno()) // 2
        self.sent: dict[int, _Task] = {}
        #: The pickled size of each task sent and not yet taken back.
        self._bytes: dict[int, int] = {}
        self.back: dict[int, _Loaded] = {}
        self._arrived = threading.Condition()
        self._receiver = threading.Thread(target=self._receive, name="rulecheck-page-receiver", daemon=True)
        self._receiver.start()

    def _receive(self) -> None:
        while True:
            try:
                index, loaded = pickle.loads(self._results.recv_bytes())
            except (EOFError, OSError, pickle.UnpicklingError):
                break
            with self._arrived:
                self.back[index] = loaded
                self._arrived.notify_all()
        with self._arrived:
            self._arrived.notify_all()

    def busy(self) -> int:
        """Tasks sent and not yet back."""
        with self._arrived:
            return len(self.sent) - len(self.back)

    def send(self, index: int, task: _Task) -> bool:
        """Hand a task over; False when the worker is gone, or when the tasks in flight would fill
        the pipe (the send would wait for the worker): then this process parses it."""
        message = pickle.dumps((index, task), protocol=pickle.HIGHEST_PROTOCOL)
        if self.sent and sum(self._bytes.values()) + len(message) > self._room:
            return False
        try:
            self._tasks.send_bytes(message)
        except (OSError, ValueError):
            return False
        self.sent[index] = task
        self._bytes[index] = len(message)
        return True

    def take(self) -> dict[int, _Loaded]:
        """The pages that came back since the last call."""
        with self._arrived:
            back, self.back = self.back, {}
        for index in back:
            del self.sent[index], self._bytes[index]
        return back

    def finish(self) -> dict[int, _Loaded]:
        """Tell the worker to stop, wait for what it still owes; a dead worker's tasks come back unparsed."""
        try:
            self._tasks.send_bytes(pickle.dumps(None))
        except (OSError, ValueError):
            pass
        self._receiver.join()
        self.process.join()
        back = self.take()
        return back

    def stop(self) -> None:
        """Kill the worker (an interrupted build) and release the pipes."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self._tasks.close()
        self._results.close()
        self._receiver.join(timeout=5)


def _grow_pipe(fd: int) -> int:
    """Ask for a `TASK_PIPE_BYTES` pipe; the bytes it holds (64 KiB where it cannot grow)."""
    try:
        return fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, TASK_PIPE_BYTES)
    except (OSError, AttributeError):
        return 1 << 16


def _start_worker() -> "_Worker | None":
    """Fork the worker (the parsers imported first, so it inherits them); None when it cannot be."""
    import_parsers()
    try:
        return _Worker()
    except OSError:
        return None


def _run_parallel(worker: _Worker, steps: Iterator[tuple[str, _Task | _Loaded]], total: int,
                  progress: Progress | None) -> Iterator[_Loaded]:
    """Walk the steps in order: the worker gets a task whenever it has fewer than `IN_FLIGHT`
    and fewer than half the pages left, this process parses the others; pages are handed on in
    order (progress told in order) as soon as they and those before them are parsed. The caller
    stops the worker.

    Half the pages left: near the end (or with few pages) a full queue would leave the worker
    parsing alone while this process waits for it; so both finish together."""
    waiting: dict[int, _Loaded] = {}  # parsed, not yet handed on
    sources: dict[int, str] = {}
    told = 0

    def tell() -> Iterator[_Loaded]:
        nonlocal told
        while told in waiting:
            loaded = waiting.pop(told)
            told += 1
            if progress is not None:
                progress(told, total, sources.pop(told - 1))
            yield loaded

    for index, (source, step) in enumerate(steps):
        sources[index] = source
        if (isinstance(step, tuple) or worker.busy() >= min(IN_FLIGHT, (total - index) // 2)
                or not worker.send(index, step)):
            waiting[index] = _settle(step)
        waiting.update(worker.take())
        yield from tell()
    unsent = dict(worker.sent)
    for i, loaded in worker.finish().items():
        waiting[i] = loaded
        unsent.pop(i, None)
    for i, task in sorted(unsent.items()):  # the worker failed: parse its share here
        waiting[i] = run_task(task)
    yield from tell()


def _worker_main(tasks, results, parent: int) -> None:
    """In the forked worker: parse each task sent until told to stop (None); send each page back."""
    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent stops us
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent's build handler is not ours
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)  # held back by the parent while it forked
    while True:
        try:
            message = pickle.loads(tasks.recv_bytes())
        except EOFError:
            break
        if message is None:
            break
        index, task = message
        results.send_bytes(pickle.dumps((index, run_task(task)), protocol=pickle.HIGHEST_PROTOCOL))
    results.close()
