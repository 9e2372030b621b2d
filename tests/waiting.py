"""Waiting in tests for something another process does: poll, never sleep a fixed time."""
from __future__ import annotations

import time

import pytest


def until(condition, what: str, timeout: float = 60.0, step: float = 0.01):
    """Poll `condition()` until it returns something true and return that; fail naming `what`
    after `timeout` seconds (a bound on the wait, never a pause)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(step)
    pytest.fail(f"timed out after {timeout} s waiting for {what}")
