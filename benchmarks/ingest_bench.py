"""Ingest benchmark: build varied corpora of 1,000 and 5,000 pages and compare with a bare parse.

The corpus (`corpus.py`) is made from the bundled pages with new titles, shuffled bullets and
every FAQ reworded, so nothing dedups. For each size, given as separate files and as one
MediaWiki XML export:
  1. parse only: `mwparserfromhell.parse` on every page's text, read from the files;
  2. build: `build_database` on the bundled pages plus the corpus (parsers, ids, links, FAQ
     links, SQLite writes, full-text indexes), in a child process so its peak memory
     (ru_maxrss, and its parse worker's when one ran) is its own;
  3. the same build without the FAQ↔bullet step (`faq_rule_rows`), so the rest can be judged alone.
Prints each one's seconds, the build/parse ratio (goal: at most 1.5), peak memory (goal: under
250 MB) and how time grows with the pages (goal: linear, doubling the pages at most doubles
the time, ±10%). Those are one run each: the headline figures.

On a noisy machine one run can land on a slow or a fast moment for either side. `--pairs N`
adds, after the single runs, N pairs per size and form (files, export), each a bare parse
immediately followed by the build, and prints the per-pair ratios' median and minimum beside
the single run's ratio (a pair's two halves share the machine's mood; the median is the figure
to trust, the minimum the best case, never the headline).

    python benchmarks/ingest_bench.py [--pages 1000 5000] [--keep DIR] [--pairs 3]
    python benchmarks/ingest_bench.py --generate DIR --pages 5000 [--export]   # write a corpus only
    python benchmarks/ingest_bench.py --parse-only DIR                          # the bare parse alone
"""
from __future__ import annotations

import argparse
import json
import math
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402 - the generator beside this script


def parse_only(folder: Path) -> float:
    """Seconds to read and `mwparserfromhell.parse` every page file under `folder`."""
    import mwparserfromhell

    start = time.perf_counter()
    for path in sorted(folder.iterdir()):
        mwparserfromhell.parse(path.read_text(encoding="utf-8"))
    return time.perf_counter() - start


def child_build(source: str, db: str, similarity: bool) -> None:
    """Run in the child process: build and print seconds, counts and peak RSS as JSON."""
    from rulecheck.kb import build, rows
    from rulecheck.kb.page_loading import import_parsers

    import_parsers()  # import cost is not ingest cost
    import sqlite_utils  # noqa: F401 - the full-text indexing's import, likewise

    if not similarity:
        rows.faq_rule_rows = lambda *args, **kwargs: []
    start = time.perf_counter()
    report = build.build_database(Path(db), [source])
    seconds = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    worker_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # the parse worker, if one ran
    print(json.dumps({"seconds": seconds, "pages": report.pages, "rules": report.rules, "faqs": report.faqs,
                      "warnings": len(report.warnings), "peak_mb": peak_kb / 1024, "worker_mb": worker_kb / 1024}))


def run_build(source: Path, db: Path, similarity: bool = True) -> dict:
    db.unlink(missing_ok=True)
    out = subprocess.run([sys.executable, __file__, "--child-build", str(source), str(db),
                          "yes" if similarity else "no"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure_pairs(figures: dict, root: Path, pairs: int) -> None:
    """Add `pairs` (bare parse, build) ratios per form to `figures`, each pair run back to back."""
    folder = root / f"pages-{figures['pages']}"
    sources = {"files": folder, "export": root / f"export-{figures['pages']}.xml"}
    for name, source in sources.items():
        figures[f"{name}_pairs"] = []
        for _ in range(pairs):
            parse = parse_only(folder)
            figures[f"{name}_pairs"].append(run_build(source, root / "bench.db")["seconds"] / parse)


def measure(count: int, root: Path, pairs: int = 0) -> dict:
    folder = root / f"pages-{count}"
    export = root / f"export-{count}.xml"
    if not folder.is_dir():
        corpus.write_files(folder, count)
    if not export.is_file():
        corpus.write_export(export, count)
    parse_only(folder)  # warm the file cache and the import
    figures = {"pages": count, "parse": parse_only(folder), "bytes": sum(p.stat().st_size for p in folder.iterdir()),
               "export_bytes": export.stat().st_size}
    for name, source in (("files", folder), ("export", export)):
        figures[name] = run_build(source, root / "bench.db")
        figures[f"{name}_nosim"] = run_build(source, root / "bench.db", similarity=False)
    if pairs:
        measure_pairs(figures, root, pairs)
    return figures


def report(all_figures: list[dict]) -> None:
    print("build = build_database on the bundled pages plus the corpus; parse = mwparserfromhell.parse of the "
          "same page files; 'no sim' = the build without the FAQ-bullet step")
    print(f"{'pages':>6} {'input':>8} {'as':<7} {'parse s':>8} {'build s':>8} {'ratio':>6} {'peak MB':>8} "
          f"{'worker':>7} | {'no sim s':>8} {'ratio':>6} {'peak MB':>8}")
    for f in all_figures:
        for name in ("files", "export"):
            b, n = f[name], f[f"{name}_nosim"]
            size = f["bytes"] if name == "files" else f["export_bytes"]
            print(f"{f['pages']:>6} {size / 1e6:>6.1f}MB {name:<7} {f['parse']:>8.2f} {b['seconds']:>8.2f} "
                  f"{b['seconds'] / f['parse']:>5.2f}x {b['peak_mb']:>8.0f} {b['worker_mb']:>7.0f} | "
                  f"{n['seconds']:>8.2f} {n['seconds'] / f['parse']:>5.2f}x {n['peak_mb']:>8.0f}")
        for name in ("files", "export"):
            ratios = f.get(f"{name}_pairs")
            if ratios:
                print(f"{'':>6} {name:<7} {len(ratios)} (parse, build) pairs back to back: ratio median "
                      f"{statistics.median(ratios):.2f}x, min {min(ratios):.2f}x, max {max(ratios):.2f}x "
                      f"(single run above: {f[name]['seconds'] / f['parse']:.2f}x)")
        b = f["files"]
        print(f"{'':>6} -> {b['pages']} pages, {b['rules']} rules, {b['faqs']} FAQs, {b['warnings']} warnings")
    print("goals: ratio <= 1.5x, peak < 250 MB (the build and its worker each)")
    if len(all_figures) >= 2:
        small, large = all_figures[0], all_figures[-1]
        scale = large["pages"] / small["pages"]
        for name in ("files", "export", "files_nosim", "export_nosim"):
            growth = large[name]["seconds"] / small[name]["seconds"]
            exponent = math.log(growth) / math.log(scale)
            print(f"growth {name:<13} {small['pages']} -> {large['pages']} pages: time x{growth:.2f} for pages "
                  f"x{scale:.0f}; exponent {exponent:.2f} (linear 1.00; goal <= {math.log(2.2) / math.log(2):.2f}, "
                  "i.e. doubling at most doubles, +10%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--keep", type=Path, help="generate the corpora here and keep them (reused when present)")
    parser.add_argument("--generate", type=Path, metavar="DIR", help="only write a corpus of --pages[0] pages")
    parser.add_argument("--export", action="store_true", help="with --generate: one XML export DIR/export.xml")
    parser.add_argument("--pairs", type=int, default=0, metavar="N",
                        help="also N back-to-back (parse, build) pairs per size and form; prints their ratios' "
                        "median and minimum beside the single run's")
    parser.add_argument("--parse-only", type=Path, metavar="DIR", help="only time the bare parse of DIR's files")
    parser.add_argument("--child-build", nargs=3, metavar=("SOURCE", "DB", "SIMILARITY"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_build:
        child_build(*args.child_build[:2], similarity=args.child_build[2] == "yes")
    elif args.generate:
        if args.export:
            corpus.write_export(args.generate / "export.xml", args.pages[0])
        else:
            corpus.write_files(args.generate, args.pages[0])
    elif args.parse_only:
        print(f"{parse_only(args.parse_only):.3f} s")
    elif args.keep:
        report([measure(n, args.keep, args.pairs) for n in args.pages])
    else:
        with tempfile.TemporaryDirectory() as tmp:
            report([measure(n, Path(tmp), args.pairs) for n in args.pages])


if __name__ == "__main__":
    main()
