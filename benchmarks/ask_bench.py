"""Speed of `rulecheck ask`: a cold process beside `python -c "import click"` (goal ≤ 1.5×), and
in-process structured evaluations per second (goal ≥ 10,000). Prints figures; asserts nothing.
With `--pages N` the base also holds N generated pages (`corpus.py`) and a question the logic
cannot answer, so `ask` falls back to full-text search, is timed too (goal, issue 8: ≤ 2× with
5,000 pages).

    python benchmarks/ask_bench.py [--runs 9] [--pages 5000]
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


#: A question the logic holds no answer for: `ask` quotes the nearest passages from full-text search.
SEARCH_QUESTION = "Which Combat Group does a Camouflage marker for a Mine belong to?"


def cold(cmds: list[list[str]], runs: int, env: dict) -> list[float]:
    """Median wall time of each command, run in turn (interleaved, so a busy machine slows
    them alike and the ratios stay fair)."""
    times: list[list[float]] = [[] for _ in cmds]
    for _ in range(runs):
        for cmd, spent in zip(cmds, times):
            start = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            spent.append(time.perf_counter() - start)
    return [statistics.median(t) for t in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--pages", type=int, default=0, help="also build this many generated pages into the base")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp())
    # Like an installed package: bytecode cached (kept out of the tree), whatever the shell says.
    env = dict(os.environ, RULECHECK_DB=str(tmp / "rulecheck.db"), PYTHONPYCACHEPREFIX=str(tmp / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    rulecheck = shutil.which("rulecheck", path=str(Path(sys.executable).parent)) or "rulecheck"
    question = "Is a Camouflaged trooper revealed if it declares Cautious Movement?"
    if args.pages:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import corpus

        corpus.write_files(tmp / "corpus", args.pages)
        subprocess.run([rulecheck, "build", str(tmp / "corpus")], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=env)
    subprocess.run([rulecheck, "ask", question], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)

    click_s, ask_s, structured_s, search_s = cold([
        [sys.executable, "-c", "import click"],
        [rulecheck, "ask", question],
        [rulecheck, "ask", "--state", "camouflaged", "--declare", "move", "--declare", "bs attack"],
        [rulecheck, "ask", SEARCH_QUESTION],
    ], args.runs, env)
    print(f"cold `python -c 'import click'`        median {click_s * 1000:7.1f} ms  ({args.runs} runs)")
    print(f"cold `rulecheck ask \"…\"`                median {ask_s * 1000:7.1f} ms  ({ask_s / click_s:.2f}× import click; goal ≤ 1.5×)")
    print(f"cold `rulecheck ask --state … --declare` median {structured_s * 1000:7.1f} ms  ({structured_s / click_s:.2f}×)")
    print(f"cold `rulecheck ask` full-text fallback   median {search_s * 1000:7.1f} ms  ({search_s / click_s:.2f}× import click; "
          f"goal ≤ 2× with 5,000 extra pages; base: bundled + {args.pages} generated)")

    from rulecheck.checker.answer import answer_scenario
    from rulecheck.checker.engine import evaluate
    from rulecheck.checker.logic import load_logic
    from rulecheck.checker.interpret import read_question
    from rulecheck.checker.scenario import make_scenario
    from rulecheck.kb.read import connect

    table = load_logic()
    scenarios = [
        make_scenario(table, state="camouflaged", declares=["move", "bs attack"]),
        make_scenario(table, state="to_camouflaged", declares=["surprise attack"], ask="allowed", context={"turn": "active"}),
        make_scenario(table, state="hidden_deployment", declares=["move"], context={"camouflage": "yes"}),
        make_scenario(table, state="holomask", declares=["support"], context={"fireteam": "member"}),
        make_scenario(table, state="camouflaged", enemy=["dodge"]),
    ]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        for s in scenarios:
            evaluate(table, s)
        n += len(scenarios)
    rate = n / (time.perf_counter() - start)
    print(f"in-process structured evaluations      {rate:10,.0f} /s  (goal ≥ 10,000)")

    conn = connect(tmp / "rulecheck.db")
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        for s in scenarios:
            answer_scenario(conn, s, table=table)
        n += len(scenarios)
    print(f"in-process answers with citations      {n / (time.perf_counter() - start):10,.0f} /s")
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        read_question(table, "My camouflaged trooper declares Move + CC Attack. Is it revealed during the Move?")
        n += 1
    print(f"in-process questions read              {n / (time.perf_counter() - start):10,.0f} /s")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
