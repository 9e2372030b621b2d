"""Ingest benchmark: build a generated 1,000-page corpus and compare with a bare parse.

Generates N pages by copying the bundled ones under distinct titles, then in one run:
  1. parse-only: `mwparserfromhell.parse` on every generated file's text;
  2. ingest: `build_database` on the bundled pages plus the corpus (parsers, ids, links,
     FAQ links, SQLite writes, full-text indexes), in a child process so its peak memory
     (ru_maxrss) is its own.
Prints pages/s for both, their time ratio (goal: at most 1.5) and the ingest's peak memory
(goal: under 200 MB), and the peak of its parse worker process when one ran (on 2+ cores).

    python benchmarks/ingest_bench.py [--pages 1000] [--keep DIR]
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def generate(folder: Path, count: int) -> list[Path]:
    """Write `count` pages cycled from the bundled ones, each under a title of its own."""
    from rulecheck.kb.manifest import load_manifest

    sources = [(e.path, e.path.read_text(encoding="utf-8")) for e in load_manifest()]
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for i in range(count):
        path, text = sources[i % len(sources)]
        first, _, rest = text.partition("\n")
        title = f"{first} {i:04d}"  # `View source for X` and plain-text first lines alike
        # A plain-text page repeats its title in capitals (`CAMUFLADO`): keep the two in step.
        rest = rest.replace(f"\n{first.upper()}\n", f"\n{title.upper()}\n")
        target = folder / f"{path.stem}-{i:04d}{path.suffix}"
        target.write_text(f"{title}\n{rest}", encoding="utf-8")
        written.append(target)
    return written


def parse_only(files: list[Path]) -> float:
    """Seconds to read and `mwparserfromhell.parse` every file."""
    import mwparserfromhell

    start = time.perf_counter()
    for path in files:
        mwparserfromhell.parse(path.read_text(encoding="utf-8"))
    return time.perf_counter() - start


def child_build(corpus: str, db: str) -> None:
    """Run in the child process: build and print seconds, counts and peak RSS as JSON."""
    from rulecheck.kb.build import build_database

    import rulecheck.ingest  # noqa: F401 - import cost is not ingest cost
    import sqlite_utils  # noqa: F401 - the full-text indexing's import, likewise

    start = time.perf_counter()
    report = build_database(Path(db), [corpus])
    seconds = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    worker_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # the parse worker, if one ran
    print(json.dumps({"seconds": seconds, "pages": report.pages, "rules": report.rules, "faqs": report.faqs,
                      "warnings": len(report.warnings), "peak_mb": peak_kb / 1024, "worker_mb": worker_kb / 1024}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--keep", type=Path, help="generate the corpus here and keep it")
    parser.add_argument("--child-build", nargs=2, metavar=("CORPUS", "DB"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_build:
        child_build(*args.child_build)
        return
    with tempfile.TemporaryDirectory() as tmp:
        corpus = args.keep or Path(tmp) / "corpus"
        files = generate(corpus, args.pages)
        parse_only(files[:20])  # warm the file cache and the import
        parse_seconds = parse_only(files)
        out = subprocess.run([sys.executable, __file__, "--child-build", str(corpus), str(Path(tmp) / "bench.db")],
                             capture_output=True, text=True, check=True)
        ingest = json.loads(out.stdout.strip().splitlines()[-1])
    pages = len(files)
    print(f"corpus: {pages} generated pages (+4 bundled) -> {ingest['pages']} pages, {ingest['rules']} rules, "
          f"{ingest['faqs']} FAQs, {ingest['warnings']} warnings")
    print(f"parse only (mwparserfromhell): {parse_seconds:7.2f} s  {pages / parse_seconds:8.1f} pages/s")
    print(f"ingest (build_database):       {ingest['seconds']:7.2f} s  {ingest['pages'] / ingest['seconds']:8.1f} pages/s")
    print(f"ratio ingest/parse: {ingest['seconds'] / parse_seconds:.2f}x   (goal <= 1.5x)")
    print(f"ingest peak memory: {ingest['peak_mb']:.0f} MB (ru_maxrss)   (goal < 200 MB)"
          + (f"; its parse worker {ingest['worker_mb']:.0f} MB" if ingest["worker_mb"] else ""))


if __name__ == "__main__":
    main()
