"""Regenerate tests/questions/known_misses.toml: the questions the checker answers wrongly today.

Asks every question of tests/questions/tuning/ and every paraphrase of
data/faq_paraphrases.toml through `answer_question`, and replays every yes/no FAQ in
its own words, against a base freshly built from the bundled pages (the tests' base). A
question whose answer (the rows' verdict, `Answer.rows_verdict`: what the doubt model may hold
back is not a miss of the reading) is not one of its expected verdicts is a known miss; the tests run it as
`xfail(strict=True)`, so a fix shows as XPASS until this script is run again.

Expected verdicts come from the question files (written from the rules): this script only
reads them and never writes them. It prints what changed against the file it replaces: misses
fixed, new misses (regressions: read them before accepting), and misses whose wrong answer
changed.

    python scripts/known_misses.py           # rewrite the file, print the changes
    python scripts/known_misses.py --check   # print the changes; exit 1 if the file is stale
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import question_sets  # noqa: E402  (tests/question_sets.py: the sets' one reader)

HEADER = """\
# What the checker answers wrongly today, written by scripts/known_misses.py (do not edit by
# hand: fix the checker, or the question file if its verdict is wrong by the rules, and run the
# script again). The tests run each entry as xfail(strict=True): a fix shows as XPASS.
#   [tuning]      question id of tests/questions/tuning/ → the rows' answer; what the rules say
#   [paraphrase]  a paraphrase of data/faq_paraphrases.toml → the same
#   [faq]         faqs.id of a yes/no FAQ replayed in its own words → the answer given (one the
#                 doubt model holds back is a miss here: a judge asking the FAQ gets no answer)
"""


def _one_line(text: str, limit: int = 240) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def current_misses(conn, table) -> dict[str, dict[str, str]]:
    """table name → key → one line: the answer given, the answer expected and why."""
    from rulecheck.checker.answer import answer_question
    from rulecheck.checker.replay import replay_faqs

    misses: dict[str, dict[str, str]] = {"tuning": {}, "paraphrase": {}, "faq": {}}
    for q in question_sets.tuning():
        got = answer_question(conn, q.text, edition=q.edition, table=table).rows_verdict
        if got not in q.verdicts:
            misses["tuning"][q.id] = _one_line(f"gives {got}; the rules say {' or '.join(q.verdicts)}: {q.why}")
    for p in question_sets.paraphrases():
        got = answer_question(conn, p.text, edition=p.edition, table=table).rows_verdict
        if got != p.verdict:
            misses["paraphrase"][p.text] = _one_line(
                f"gives {got}; the FAQ ({p.faq_page} {p.faq_version}) makes it {p.verdict}: {p.faq_answer}")
    for r in replay_faqs(conn, table):
        if not r.agrees:
            gives = f"gives {r.got}" + (f" (held back as doubtful; the rows say {r.rows})" if r.rows != r.got else "")
            misses["faq"][r.faq_id] = _one_line(f"{gives}; the FAQ says {r.expected}: {r.question}")
    return misses


def render(misses: dict[str, dict[str, str]]) -> str:
    """The file's text: a table per kind, keys sorted, TOML strings escaped."""
    lines = [HEADER]
    for name in ("tuning", "paraphrase", "faq"):
        lines.append(f"[{name}]")
        lines += [f"{_toml_string(key)} = {_toml_string(value)}" for key, value in sorted(misses[name].items())]
        lines.append("")
    return "\n".join(lines)


def _toml_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _given(line: str) -> str:
    return line.split(";", 1)[0]


def changes(old: dict[str, dict[str, str]], new: dict[str, dict[str, str]]) -> list[str]:
    """What changed, one line each: fixed, new miss, or a different wrong answer."""
    out = []
    for name in ("tuning", "paraphrase", "faq"):
        before, after = old.get(name, {}), new[name]
        out += [f"fixed      [{name}] {key}" for key in sorted(set(before) - set(after))]
        out += [f"NEW MISS   [{name}] {key}: {after[key]}" for key in sorted(set(after) - set(before))]
        out += [f"changed    [{name}] {key}: was {_given(before[key])}, now {_given(after[key])}"
                for key in sorted(set(before) & set(after)) if _given(before[key]) != _given(after[key])]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report; exit 1 when the file is stale")
    parser.add_argument("--output", type=Path, default=question_sets.KNOWN_MISSES, help="the file to write")
    args = parser.parse_args(argv)

    from rulecheck.checker.logic import load_logic
    from rulecheck.kb.build import build_database
    from rulecheck.kb.read import connect

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "rulecheck.db"
        build_database(db)
        conn = connect(db)
        try:
            misses = current_misses(conn, load_logic())
        finally:
            conn.close()
    old = question_sets.known_misses(args.output)
    diff = changes(old, misses)
    counts = ", ".join(f"{name} {len(misses[name])}" for name in ("tuning", "paraphrase", "faq"))
    asked = len(question_sets.tuning()), len(question_sets.paraphrases())
    print(f"known misses: {counts} (of {asked[0]} tuning questions, {asked[1]} paraphrases, and the yes/no FAQs)")
    print("\n".join(diff) if diff else "no change")
    text = render(misses)
    stale = not args.output.exists() or args.output.read_text(encoding="utf-8") != text
    if args.check:
        return 1 if stale else 0
    if stale:
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
