"""Forked child processes: a build's parsing worker, `rulecheck serve`'s server processes. Where
forking is safe, how many cores there are to fork for, and children that do not outlive their
parent: a killed parent (SIGKILL from a CI cancel, the OOM killer, `timeout -s KILL`) gets no
chance to stop its children, so each child asks Linux to signal it when its parent dies.
"""
from __future__ import annotations

import os
import signal
import sys

#: prctl(2)'s option: the signal this process gets when the thread that started it exits.
_PR_SET_PDEATHSIG = 1


def cores() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # macOS: no affinity masks
        return os.cpu_count() or 1


def fork_is_safe() -> bool:
    """Only on Linux: macOS system libraries may crash a forked child that uses them."""
    return sys.platform.startswith("linux") and hasattr(os, "fork")


def die_with_parent(parent: int, sig: int = signal.SIGKILL) -> None:
    """Have Linux send `sig` to this process when its parent (pid `parent`) dies, even by SIGKILL;
    exit at once if it already has. Elsewhere than Linux, only the second part holds."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, sig, 0, 0, 0)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before the signal was set up
        os._exit(1)
