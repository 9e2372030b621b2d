"""FAQ-link benchmark: the FAQ→bullet step of the build (`kb/faq_links.py`) on varied pages.

Parses the bundled pages once, then makes N pages from them in memory, each varied so that
nothing dedups: a title of its own, its bullets shuffled and each given a word of its own, and
every FAQ reworded (a page-specific word in the question and the answer). The rows of the
bundled pages plus these N pages are computed as the build computes them (`Rows.from_pages`:
ids, link resolution, FAQ links; no parsing; the long tables written to a base in memory), and
the FAQ-link step is timed on its own. Prints seconds for each N, the ratio between them (linear: doubling N at most doubles
the time), and, as a yardstick measured in the same run on the same loaded machine, the seconds
a bare `mwparserfromhell.parse` takes over N page files cycled from the bundled ones.

    python benchmarks/faq_links_bench.py [--pages 1000 5000]
"""
from __future__ import annotations

import argparse
import copy
import random
import time


def bundled_pages():
    """The bundled pages, parsed as the build parses them."""
    from rulecheck.kb.build import _bundled_inputs
    from rulecheck.kb.page_loading import load_pages

    return load_pages(_bundled_inputs()).pages


def varied(pages, count: int, seed: int = 8):
    """`count` pages cycled from `pages`: new titles, shuffled bullets, reworded FAQs."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        page = copy.deepcopy(pages[i % len(pages)])
        word = f"zq{i:05d}"
        page.title = f"{page.title} {i:05d}"
        page.source = f"corpus/{i:05d}"
        rng.shuffle(page.rules)
        for rule in page.rules:
            rule.text = f"{rule.text} ({word})"
        for faq in page.faqs:
            words = faq.question.split()
            cut = rng.randrange(1, max(2, len(words)))
            faq.question = " ".join(words[:cut] + [word] + words[cut:])
            faq.answer = f"{faq.answer} See {word}."
        out.append(page)
    return out


def parse_seconds(count: int) -> float:
    """Seconds `mwparserfromhell.parse` takes over `count` texts cycled from the bundled page files."""
    import mwparserfromhell

    from rulecheck.kb.manifest import load_manifest

    texts = [e.path.read_text(encoding="utf-8") for e in load_manifest()]
    start = time.perf_counter()
    for i in range(count):
        mwparserfromhell.parse(texts[i % len(texts)])
    return time.perf_counter() - start


def measure(base, count: int) -> tuple[float, float, int, int]:
    """Seconds for the whole row computation and for its FAQ-link step; FAQs and FAQ links made."""
    import sqlite3

    import rulecheck.kb.build as build
    import rulecheck.kb.rows as rows_module
    from rulecheck.kb import schema

    pages = base + varied(base, count)
    timed = {"seconds": 0.0}
    inner = rows_module.faq_rule_rows

    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            timed["seconds"] += time.perf_counter() - start

    rows_module.faq_rule_rows = wrapper
    conn = sqlite3.connect(":memory:")
    try:
        schema.migrate(conn, defer_indexes=True)
        with build._collector_paused():  # as the build runs it
            start = time.perf_counter()
            rows = rows_module.Rows.from_pages(conn, pages, logic_path=build.LOGIC_PATH)
            rows.link_faqs()
            total = time.perf_counter() - start
    finally:
        rows_module.faq_rule_rows = inner
        conn.close()
    return total, timed["seconds"], len(rows.faqs), len(rows.faq_rules)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, nargs="+", default=[1000, 5000])
    args = parser.parse_args()
    base = bundled_pages()
    measure(base, 8)  # warm: imports, glossary, logic table
    results = []
    for count in args.pages:
        total, links, faqs, made = measure(base, count)
        parse = parse_seconds(count)
        results.append((count, links))
        print(f"{count:6d} varied pages: {faqs:6d} FAQs, {made:6d} FAQ links; rows {total:7.2f} s, "
              f"FAQ-link step {links:7.2f} s ({links / count * 1000:.2f} ms/page); bare parse {parse:6.2f} s "
              f"(FAQ links / parse {links / parse:.2f}x)")
    for (n1, s1), (n2, s2) in zip(results, results[1:]):
        print(f"{n1} -> {n2} pages ({n2 / n1:.1f}x): FAQ-link time {s2 / s1:.2f}x (linear: {n2 / n1:.1f}x)")


if __name__ == "__main__":
    main()
