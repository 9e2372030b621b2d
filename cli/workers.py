"""`rulecheck serve`'s server processes: several forked workers answering on one listening socket.

Datasette spends 10-30 ms of Python on a table page, under one interpreter lock per process, so
in one process requests made at once wait for each other however many cores the machine has.
Each worker here is a whole server of its own (its Datasette, its uvicorn, its SQLite
connections), forked from the process that bound the socket, and the kernel hands each new
connection to one of them. Workers are forked, not spawned: they start from the parent's
imports and what it read of the base (`web.plugin.warm_up`), so `serve` starts as fast as with
one process and no worker is cold.

The parent only supervises: it stops every worker on SIGTERM or SIGINT (Ctrl+C), replaces a
worker that dies while serving (the OOM killer, a `kill`), and gives up when one cannot start.
Each worker dies with the parent (`kb.processes.die_with_parent`), so even a SIGKILLed parent
leaves no server behind.
"""
from __future__ import annotations

import os
import signal
import sys
import traceback
from collections.abc import Callable

#: The most server processes `rulecheck serve` starts unless told: each holds its own Datasette,
#: caches and connections, and a few already keep a small server's cores busy.
MAX_DEFAULT_WORKERS = 4

_STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class WorkerError(Exception):
    """A server process could not start serving (what stopped it is printed before this)."""


def default_workers() -> int:
    """One worker per CPU this process may run on, at most `MAX_DEFAULT_WORKERS`; one where
    forking is not safe (`kb.processes.fork_is_safe`: Linux only)."""
    from rulecheck.kb.processes import cores, fork_is_safe

    return max(1, min(cores(), MAX_DEFAULT_WORKERS)) if fork_is_safe() else 1


def _worker(parent: int, serve: Callable[[int], bool], number: int) -> None:
    """In a forked worker: serve until stopped, then leave without running the parent's cleanup."""
    from rulecheck.kb.processes import die_with_parent

    code = 1
    try:
        for sig in _STOP_SIGNALS:  # uvicorn installs its own while it serves
            signal.signal(sig, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)
        die_with_parent(parent, signal.SIGTERM)  # SIGTERM: uvicorn finishes the requests in hand
        code = 0 if serve(number) else 1
    except BaseException:  # noqa: BLE001 - a worker must never return into the parent's code
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def run_workers(count: int, serve: Callable[[int], bool], prepare: Callable[[], None] | None = None) -> None:
    """Fork `count` workers that each call `serve(number)` (serve until SIGTERM or SIGINT; return
    whether it served at all; `number` counts the workers started, from 0, replacements included)
    and supervise them until SIGTERM or SIGINT stops them all.

    `prepare()` runs here once the first worker is started and before the others are: what it
    reads, the later workers start with, while the first is already serving.

    A worker that ends while serving (killed by a signal, or stopped alone) is replaced. Raises
    `WorkerError` when a worker could not start serving (it exits with an error); the others are
    stopped first. Stopped by a signal, it raises that signal again once every worker has ended.

    Call it from a process running one thread: a forked child has only the thread that forked
    it, and a lock another thread held stays locked in the child for good.
    """
    parent = os.getpid()
    children: set[int] = set()
    stopping = False
    failed = False
    signals: list[int] = []
    started = 0

    def stop(signum=None, frame=None) -> None:
        nonlocal stopping
        stopping = True
        if signum is not None:
            signals.append(signum)
        for pid in list(children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    def start() -> None:
        nonlocal started
        # Stop signals wait until the new worker is in `children`, so `stop` reaches every worker.
        signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
        try:
            if stopping:
                return
            pid = os.fork()
            if pid == 0:
                _worker(parent, serve, started)
            children.add(pid)
            started += 1
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)

    previous = {sig: signal.signal(sig, stop) for sig in _STOP_SIGNALS}
    try:
        start()
        if prepare is not None:
            prepare()
        for _ in range(count - 1):
            start()
        while children:
            pid, status = os.wait()
            children.discard(pid)
            if stopping:
                continue
            if os.waitstatus_to_exitcode(status) > 0:
                failed = True
                stop()
            else:
                start()
    except BaseException:  # prepare() failed, or this process is going down: take the workers along
        stop()
        for pid in children:
            os.waitpid(pid, 0)
        raise
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if failed:
        raise WorkerError("A server process could not start; see the error above.")
    # Stopped by a signal: end as it would have ended this process, as uvicorn's server does
    # (SIGTERM: killed by it; SIGINT: KeyboardInterrupt), so one process or several end alike.
    for sig in signals[:1]:
        signal.raise_signal(sig)
