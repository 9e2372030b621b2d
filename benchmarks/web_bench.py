"""Benchmark the web face: `rulecheck serve` answering `/-/ask.json` beside a plain table JSON page.

Starts the server on a free loopback port, sends N requests (default 200) at C concurrent
(default 10) to each URL, and prints p50/p99 latency, requests/s and errors for each.
Goal (issue 4): ask p50 at most 2x the table page, zero errors. With `--pages N` the base also
holds N generated pages (`corpus.py`: varied, none dedups) and Datasette's table search
(`/<db>/rules?_search=…`, the HTML page and its JSON) is timed too: goal (issue 8) p50 at most
200 ms with 5,000 extra pages.

    python benchmarks/web_bench.py [--db FILE] [--pages 5000] [--requests 200] [--concurrency 10]
"""
from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

QUESTIONS = [
    "Is a Camouflaged trooper revealed if it declares Cautious Movement?",
    "A camo marker declares a BS Attack. Is it revealed?",
    "Can a reactive trooper Dodge against a camo marker?",
    "Does a HoloMask trooper reveal itself when it declares a BS Attack?",
    "¿Se revela un Marcador de Camuflado que declara un Ataque CD?",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(db: Path, port: int) -> subprocess.Popen:
    """`rulecheck serve` as a subprocess; returns once it answers (or raises with its output)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from rulecheck.cli.main import cli; cli()", "serve", "--db", str(db),
         "--port", str(port), "--host", "127.0.0.1"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"rulecheck serve exited with {proc.returncode}:\n{proc.stdout.read()}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return proc
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    proc.terminate()
    raise SystemExit("rulecheck serve did not answer within 120 s")


def timed_get(url: str) -> tuple[float, str | None]:
    """Seconds taken and an error description (None when the answer was a 200 with a body)."""
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            body = response.read()
            error = None if response.status == 200 and body else f"status {response.status}"
    except (urllib.error.URLError, ConnectionError, TimeoutError) as e:
        error = str(e)
    return time.perf_counter() - start, error


def run(urls: list[str], concurrency: int) -> dict:
    """Fetch every URL with `concurrency` threads; latency percentiles in ms, throughput, errors."""
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        results = list(pool.map(timed_get, urls))
    wall = time.perf_counter() - start
    times = sorted(t for t, _ in results)
    errors = [e for _, e in results if e]
    return {
        "p50": statistics.median(times) * 1000,
        "p99": times[min(len(times) - 1, int(round(0.99 * len(times))) - 1)] * 1000,
        "rps": len(urls) / wall,
        "errors": len(errors),
        "first_error": errors[0] if errors else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="a built base (default: build the bundled pages into a temporary one)")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=10)
    parser.add_argument("--pages", type=int, default=0, help="also build this many generated pages into the base")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None:
            from rulecheck.kb.build import build_database

            db = Path(tmp) / "rulecheck.db"
            extra = []
            if args.pages:
                sys.path.insert(0, str(Path(__file__).resolve().parent))
                import corpus

                corpus.write_files(Path(tmp) / "corpus", args.pages)
                extra = [Path(tmp) / "corpus"]
            build_database(db, extra)
        port = free_port()
        server = start_server(db, port)
        try:
            base = f"http://127.0.0.1:{port}"
            table_url = f"{base}/{urllib.parse.quote(db.stem)}/rules.json"
            ask_urls = [f"{base}/-/ask.json?q={urllib.parse.quote(QUESTIONS[i % len(QUESTIONS)])}"
                        for i in range(args.requests)]
            search = urllib.parse.quote("camouflaged marker discover")
            search_urls = {"table search (HTML)": f"{base}/{urllib.parse.quote(db.stem)}/rules?_search={search}",
                           "table search (JSON)": f"{base}/{urllib.parse.quote(db.stem)}/rules.json?_search={search}"}
            # Warm both paths once (first-request startup, imports, the checker's tables).
            for url in (table_url, ask_urls[0], *search_urls.values()):
                timed_get(url)
            table = run([table_url] * args.requests, args.concurrency)
            ask = run(ask_urls, args.concurrency)
            searches = {name: run([url] * max(20, args.requests // 4), args.concurrency)
                        for name, url in search_urls.items()}
        finally:
            server.terminate()
            server.wait(timeout=10)

    print(f"{args.requests} requests per URL ({max(20, args.requests // 4)} per search), {args.concurrency} "
          f"concurrent, loopback; base: " + (str(args.db) if args.db else f"bundled pages + {args.pages} generated"))
    print(f"{'':<22}{'p50 ms':>9}{'p99 ms':>9}{'req/s':>9}{'errors':>8}")
    for name, r in (("table /<db>/rules.json", table), ("ask /-/ask.json", ask), *searches.items()):
        print(f"{name:<22}{r['p50']:>9.1f}{r['p99']:>9.1f}{r['rps']:>9.1f}{r['errors']:>8}")
        if r["first_error"]:
            print(f"    first error: {r['first_error']}")
    ratio = ask["p50"] / table["p50"]
    ok = ratio <= 2 and not (ask["errors"] or table["errors"])
    print(f"ask p50 / table p50 = {ratio:.2f} (goal <= 2.00, zero errors): {'met' if ok else 'NOT met'}")
    worst = max(r["p50"] for r in searches.values())
    print(f"table search p50 (worst of HTML, JSON) = {worst:.0f} ms (goal <= 200 ms with 5,000 extra pages): "
          f"{'met' if worst <= 200 else 'NOT met'}")


if __name__ == "__main__":
    main()
