"""Datasette's test client on a base, set up as `rulecheck serve` sets it up (shared by the web tests)."""
from __future__ import annotations

import asyncio
from pathlib import Path


def make_ds(path: Path):
    """A Datasette set up as `rulecheck serve` sets it up."""
    from rulecheck.cli.serve import make_datasette

    return make_datasette(path)


def fetch(path: Path, *urls: str, method: str = "get", **kwargs) -> list:
    """Responses for `urls` from one Datasette on `path`, all within one event loop."""

    async def go():
        ds = make_ds(path)
        return [await getattr(ds.client, method)(url, **kwargs) for url in urls]

    return asyncio.run(go())


def one(path: Path, url: str, **kwargs):
    """The response for one URL (see `fetch`)."""
    return fetch(path, url, **kwargs)[0]
