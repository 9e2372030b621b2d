"""The question sets under tests/questions/, read as plain records for the tests and for
scripts/known_misses.py.

- tuning/**/*.toml: `[[q]]` with `id`, `question`, `edition`, `verdict`, optional `also`, and the
  deciding text: `cite` (a rules.id / faqs.id) and `fragment`, or `page` and `fragment`;
- blind/*/*.toml: the same shape, for benchmarks/questions_eval.py only (sets written from the
  rules pages alone, never tuned on: F, G). Tests read nothing of them but their fragments
  (`blind_fragments`): never their verdicts. tuning/A, tuning/B and tuning/D were blind until
  they were inspected (B and D on 2026-11-30, as calibration for the reader);
- data/faq_paraphrases.toml (bundled: `rulecheck ask --replay` replays it too): `[[faq]]` (a FAQ's page, version, question, answer, `faq_verdict`),
  each with `[[faq.paraphrase]]` (`text`, `lang`, `edition`, `verdict`);
- known_misses.toml: what the checker answers wrongly today (see `known_misses`).
"""
from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path
from typing import NamedTuple

QUESTIONS = Path(__file__).resolve().parent / "questions"
KNOWN_MISSES = QUESTIONS / "known_misses.toml"


class Question(NamedTuple):
    """One question with its expected verdicts (`verdict` and any `also`) and deciding text."""

    set: str
    id: str
    text: str
    edition: str | None
    lang: str
    verdicts: tuple[str, ...]
    cite: str
    page: str
    fragment: str
    why: str = ""

    @property
    def verdict(self) -> str:
        return self.verdicts[0]


class Paraphrase(NamedTuple):
    """A paraphrase of a yes/no FAQ, keyed by its own words (the file gives no ids)."""

    text: str
    edition: str | None
    lang: str
    verdict: str
    faq_page: str
    faq_version: str
    faq_question: str
    faq_answer: str
    faq_verdict: str

    @property
    def id(self) -> str:
        return self.text


def _read(path: Path) -> dict:
    with path.open("rb") as f:
        return tomllib.load(f)


def tuning() -> list[Question]:
    """Every question of tests/questions/tuning/ (its files and folders of files), file by file;
    `set` is the file's path there without `.toml` ("judge", "C2/questions")."""
    return _questions(QUESTIONS / "tuning")


def dev() -> list[Question]:
    """Every question of the development sets, tests/questions/dev/ (what the doubt model is
    trained on); `set` is the file's name without `.toml` ("D40"). They cite no row."""
    return _questions(QUESTIONS / "dev")


def _questions(folder: Path) -> list[Question]:
    out = []
    for path in sorted(folder.rglob("*.toml")):
        name = path.relative_to(folder).with_suffix("").as_posix()
        for q in _read(path)["q"]:
            out.append(Question(name, q["id"], q["question"], q.get("edition") or None, q.get("lang", "en"),
                                (q["verdict"], *q.get("also", [])), q.get("cite", ""), q.get("page", ""),
                                q.get("fragment", ""), q.get("why", "")))
    return out


def blind_fragments() -> list[tuple[str, str, str, str]]:
    """(id, cite, page, fragment) of each blind question that quotes its deciding text."""
    out = []
    for path in sorted((QUESTIONS / "blind").rglob("*.toml")):
        for q in _read(path)["q"]:
            if q.get("fragment"):
                out.append((q["id"], q.get("cite", ""), q.get("page", ""), q["fragment"]))
    return out


def faqs() -> list[dict]:
    """The `[[faq]]` entries of faq_paraphrases.toml, as written."""
    from rulecheck.checker.replay import PARAPHRASES

    return _read(PARAPHRASES)["faq"]


def paraphrases() -> list[Paraphrase]:
    """Every paraphrase of faq_paraphrases.toml, with the FAQ it restates."""
    return [Paraphrase(p["text"], p.get("edition") or f.get("edition") or None, p.get("lang", "en"), p["verdict"],
                       f["page"], f["version"],
                       f["question"], f["answer"], f["faq_verdict"])
            for f in faqs() for p in f["paraphrase"]]


def dev_digest(folder: Path = QUESTIONS / "dev") -> str:
    """A digest of the development sets (every .toml under `folder`): the doubt model records the
    one it was trained on (scripts/train_doubt.py), and a test compares it with the sets as they are."""
    import hashlib

    h = hashlib.sha256()
    for path in sorted(folder.rglob("*.toml")):
        h.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


def known_misses(path: Path = KNOWN_MISSES) -> dict[str, dict[str, str]]:
    """table → key → one line: `[tuning]` by question id, `[paraphrase]` by the paraphrase's
    words, `[faq]` by faqs.id (a FAQ replayed in its own words)."""
    if not path.exists():
        return {"tuning": {}, "paraphrase": {}, "faq": {}}
    data = _read(path)
    return {table: dict(data.get(table, {})) for table in ("tuning", "paraphrase", "faq")}


def normalise(text: str) -> str:
    """Text as fragments are compared: lower case, accents off, every run of punctuation or
    space one space."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    return " ".join(re.sub(r"[\W_]+", " ", text).split())


def unlabelled(text: str) -> str:
    """A FAQ's question or answer without the box's "Q:" / "A:" label (the base keeps the text
    without it)."""
    return re.sub(r"^\s*[QA]\s*:\s*", "", text)


def deciding_passages(conn):
    """A function of (cite, page, fragment) giving the ids of the rows that decide a question:
    its `cite`, else the rules and FAQs of its page holding its fragment (compared as
    tests/test_fragments.py does), none when more than three do (a fragment too common to say
    which)."""
    texts = {r[0]: normalise(r[1]) for r in conn.execute("select id, text from rules")}
    texts |= {r[0]: normalise(f"{r[1]} {r[2]}") for r in conn.execute("select id, question, answer from faqs")}
    page_of = dict(conn.execute("select rules.id, pages.title from rules join pages on pages.id = rules.page_id"))
    faq_pages: dict[str, set[str]] = {}
    for fid, title in conn.execute("select faq_id, pages.title from faq_pages join pages on pages.id = faq_pages.page_id"):
        faq_pages.setdefault(fid, set()).add(title)

    def find(cite: str, page: str, fragment: str) -> list[str]:
        if cite and cite in texts:
            return [cite]
        frag = normalise(fragment or "")
        if not frag:
            return []
        ids = [i for i, text in texts.items() if frag in text
               and (not page or page_of.get(i) == page or page in faq_pages.get(i, ()))]
        return ids if len(ids) <= 3 else []

    return find
