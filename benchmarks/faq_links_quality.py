"""FAQ-link quality: precision and recall of `faq_rules` on the hand-labelled pairs.

Builds the bundled pages into a temporary base and scores its `faq_rules` rows against
tests/labels/faq_rules.toml (written from the rules text, before looking at the links). The
labels' `settles = true` pairs are complete for the bundled pages, so a link to any other pair
counts as a wrong one. Prints, for the links shown as `settles`, for all rows, and for each way
(`logic`, `similarity`): links, right ones, precision and recall; then the settling pairs the
`settles` links miss and the `settles` links that are wrong. Goal: precision >= 90% at
recall >= 80% for `settles`.

    python benchmarks/faq_links_quality.py [--logic PATH]

`--logic` builds with another logic table (another branch's `data/logic.toml`, copied out) to
see what its rows would do to the links.
"""
from __future__ import annotations

import argparse
import sqlite3
import tempfile
import tomllib
from pathlib import Path

LABELS = Path(__file__).resolve().parent.parent / "tests" / "labels" / "faq_rules.toml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--logic", type=Path, help="build with this logic table instead of data/logic.toml")
    args = parser.parse_args()
    import rulecheck.kb.build as build
    from rulecheck.kb.build import build_database

    if args.logic:
        build.LOGIC_PATH = args.logic

    truth = {(p["faq"], p["rule"]) for p in tomllib.loads(LABELS.read_text(encoding="utf-8"))["pair"] if p["settles"]}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "rulecheck.db"
        build_database(db)
        conn = sqlite3.connect(db)
        rows = conn.execute("select faq_id, rule_id, strength, ways from faq_rules").fetchall()
        conn.close()
    groups = {
        "settles": {(f, r) for f, r, strength, _ in rows if strength == "settles"},
        "all rows": {(f, r) for f, r, _, _ in rows},
        "found by logic": {(f, r) for f, r, _, ways in rows if "logic" in ways.split(",")},
        "found by similarity": {(f, r) for f, r, _, ways in rows if "similarity" in ways.split(",")},
    }
    print(f"{len(truth)} labelled pairs settle; {len(rows)} faq_rules rows")
    for name, links in groups.items():
        right = len(links & truth)
        precision = right / len(links) if links else 0.0
        print(f"{name:20s} {len(links):4d} links, {right:3d} right: precision {precision:6.1%}, "
              f"recall {right / len(truth):6.1%}")
    print("settling pairs not shown as settles:")
    for pair in sorted(truth - groups["settles"]):
        print("  ", *pair)
    print("settles links that are wrong:")
    for pair in sorted(groups["settles"] - truth):
        print("  ", *pair)


if __name__ == "__main__":
    main()
