"""`rulecheck serve` with several server processes: they all answer on the one port, stop with the
server (SIGTERM, Ctrl+C), are replaced when one dies, die with a killed server, start (all but the
first) with what the parent read, and a worker that cannot start stops the server with an error."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from rulecheck.cli import workers
from rulecheck.kb import processes

import waiting

pytestmark = pytest.mark.skipif(not processes.fork_is_safe(), reason="serve forks its workers on Linux only")


def children(pid: int) -> set[int]:
    """The live processes whose parent is `pid` (zombies, already ended, left out)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(condition, what: str, deadline_s: float = 30.0):
    return waiting.until(condition, what, deadline_s, step=0.05)


def worker_pids(proc: subprocess.Popen, count: int) -> set[int]:
    """The server's worker pids, once it has `count` of them."""
    return wait_for(lambda: len(children(proc.pid)) == count and children(proc.pid), f"{count} workers")


def _ctrl_c_as_at_a_terminal() -> None:
    # A shell without job control starts a background command with SIGINT ignored, and Python
    # then leaves it ignored (no KeyboardInterrupt): the server still stops on it, but exits 0.
    # The tests stand for Ctrl+C at a terminal, so the server starts with SIGINT as it would there.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(db: Path, *args: str) -> tuple[subprocess.Popen, str]:
    """`rulecheck serve` on a free port, once it answers: the process and its address."""
    proc = subprocess.Popen([sys.executable, "-c", "from rulecheck.cli.main import cli; cli()", "serve", "--db", str(db),
                             "--port", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            preexec_fn=_ctrl_c_as_at_a_terminal)
    first = proc.stdout.readline()
    found = re.search(r"(http://127\.0\.0\.1:\d+)/", first)
    assert found, first + (proc.stdout.read() if proc.poll() is not None else "")
    base = found.group(1)

    def answers():
        try:
            with urllib.request.urlopen(base + "/", timeout=5) as response:
                return response.status == 200
        except OSError:
            assert proc.poll() is None, proc.stdout.read()
            return False

    wait_for(answers, "the server to answer")
    return proc, base


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(timeout=10)


def test_default_workers_one_per_core_at_most_four_on_linux_only(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(2)), raising=False)
    assert workers.default_workers() == 2
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(32)), raising=False)
    assert workers.default_workers() == workers.MAX_DEFAULT_WORKERS
    monkeypatch.setattr(sys, "platform", "darwin")
    assert workers.default_workers() == 1


#: How `rulecheck serve` ends when stopped by each signal, with one process or several, as
#: uvicorn's server ends: SIGTERM kills it after a clean shutdown; Ctrl+C is click's "Aborted!".
STOPPED = {signal.SIGTERM: -signal.SIGTERM, signal.SIGINT: 1}


@pytest.mark.parametrize("sig", list(STOPPED))
@pytest.mark.parametrize("count", [1, 2])
def test_workers_answer_on_one_port_and_stop_with_the_server(built_db, count, sig):
    proc, base = start(built_db, "--workers", str(count))
    try:
        if count == 1:
            served = set()
            assert children(proc.pid) == served  # the server is the command's own process
        else:
            served = worker_pids(proc, count)
        for _ in range(4):
            with urllib.request.urlopen(f"{base}/{built_db.stem}/rules.json?_search=camouflaged", timeout=10) as response:
                assert response.status == 200
        proc.send_signal(sig)
        assert proc.wait(timeout=30) == STOPPED[sig]
        assert not any(alive(pid) for pid in served)
    finally:
        stop(proc)


def test_a_worker_that_dies_is_replaced(built_db):
    proc, base = start(built_db, "--workers", "2")
    try:
        first = worker_pids(proc, 2)
        victim = min(first)
        os.kill(victim, signal.SIGKILL)
        now = wait_for(lambda: (found := children(proc.pid)) and len(found) == 2 and victim not in found and found,
                       "a new worker")
        assert len(now - first) == 1
        with urllib.request.urlopen(base + "/", timeout=10) as response:
            assert response.status == 200
    finally:
        stop(proc)


def test_workers_die_with_a_killed_server(built_db):
    proc, _ = start(built_db, "--workers", "2")
    try:
        served = worker_pids(proc, 2)
        proc.kill()
        proc.wait(timeout=10)
        wait_for(lambda: not any(alive(pid) for pid in served), "the workers to end")
    finally:
        stop(proc)


def test_a_worker_that_cannot_start_stops_the_others(tmp_path):
    # The first worker to start fails; the others serve (wait) until they are stopped.
    code = ("import os, signal, sys\n"
            "from rulecheck.cli.workers import WorkerError, run_workers\n"
            "def serve(number):\n"
            "    try:\n"
            f"        os.close(os.open({str(tmp_path / 'first')!r}, os.O_CREAT | os.O_EXCL))\n"
            "        return False\n"
            "    except FileExistsError:\n"
            "        signal.pause()\n"
            "        return True\n"
            "try:\n"
            "    run_workers(3, serve)\n"
            "except WorkerError as e:\n"
            "    print('stopped:', e)\n"
            "    sys.exit(1)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "stopped: A server process could not start" in result.stdout


def test_what_the_parent_prepares_the_later_workers_start_with(tmp_path):
    code = ("import os, signal\n"
            "from rulecheck.cli.workers import run_workers\n"
            f"mark = {str(tmp_path / 'prepared')!r}\n"
            "def prepare():\n"
            "    open(mark, 'w').close()\n"
            "def serve(number):\n"
            # one write of a whole line: two workers printing at once must not interleave
            "    os.write(1, f'{number} {os.path.exists(mark)}\\n'.encode())\n"
            "    if number == 1:\n"
            "        os.kill(os.getppid(), signal.SIGTERM)\n"
            "    signal.pause()\n"
            "    return True\n"
            "run_workers(2, serve, prepare=prepare)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "1 True" in result.stdout.splitlines(), result.stdout + result.stderr
    assert result.returncode == -signal.SIGTERM
