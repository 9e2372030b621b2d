"""A varied corpus for the benchmarks: N pages made from the bundled ones, none a copy of another.

Each page gets a title of its own (made-up names, never a bundled title), its bullets shuffled
within each run of bullets (a wikitext `*` bullet keeps its `**` children), and every FAQ
question and answer reworded (synonyms drawn per page, and the page's own name in the
question), so no FAQ dedups across pages: the build sees N pages' worth of distinct rules and
FAQs, as it would with a real wiki. The same `count` and `seed` always give the same corpus.

    write_files(folder, count)  -> the page files (`.wiki` and `.txt`, as the bundled pages are)
    write_export(path, count)   -> the same pages as one MediaWiki XML export (schema 0.11)
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

SYLLABLES = ("ka", "zu", "mi", "ro", "ta", "ne", "sha", "vo", "li", "qu", "dar", "en", "yo", "hex", "tor",
             "bel", "ix", "mar", "su", "ga", "lo", "rin", "ost", "va")
KINDS = ("State", "Protocol", "Cloak", "Mode", "Array", "Veil", "Screen", "Pattern")

#: Words a FAQ is reworded with: each occurrence becomes one of its group, drawn per page.
SYNONYMS = (
    ("trooper", "model", "unit", "miniature"),
    ("Trooper", "Model", "Unit", "Miniature"),
    ("declare", "announce", "use"),
    ("declares", "announces", "uses"),
    ("enemy", "opponent", "adversary"),
    ("Yes", "Correct", "Indeed"),
    ("No", "Not at all", "Negative"),
    ("Marker", "token", "counter"),
    ("can", "may", "is able to"),
)
_SYNONYM = re.compile(r"\b(" + "|".join(w for group in SYNONYMS for w in group) + r")\b")
_GROUP = {w: group for group in SYNONYMS for w in group}

#: (regex of a question line, regex of an answer line): the text after the prefix is reworded.
_QUESTION = re.compile(r"^(\{\{Template:FAQ_Question\}\}\s*|q\s*=\s*(?:Q:\s*|\[Errata\]\s*)?|Q:\s*|P:\s*)(.+)$", re.M)
_ANSWER = re.compile(r"^(\{\{Template:FAQ_Answer_2\}\}\s*|a\s*=\s*(?:A:\s*)?|A:\s*|R:\s*)(.+)$", re.M)
_BULLET = re.compile(r"^(\*+|- )")


@dataclass(frozen=True)
class CorpusPage:
    """One generated page: its title, its text as a file holds it, and its format."""

    title: str
    text: str
    suffix: str  # ".wiki" or ".txt"

    @property
    def wikitext(self) -> bool:
        return self.suffix == ".wiki"

    def body(self) -> str:
        """The page as an export's revision holds it: a wiki page without its `View source for` line."""
        return self.text.partition("\n")[2].lstrip("\n") if self.wikitext else self.text


def _bundled() -> list[tuple[str, str, str]]:
    from rulecheck.kb.manifest import load_manifest

    return [(e.path.read_text(encoding="utf-8"), e.path.suffix, e.path.stem) for e in load_manifest()]


def _name(rng: random.Random, taken: set[str]) -> str:
    while True:
        name = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
        title = f"{name} {rng.choice(KINDS)}"
        if title not in taken:
            taken.add(title)
            return title


def _shuffle_bullets(text: str, rng: random.Random) -> str:
    """Each run of consecutive bullet lines in a new order; a `*` line carries its `**` children."""
    out: list[str] = []
    run: list[list[str]] = []

    def flush() -> None:
        rng.shuffle(run)
        out.extend(line for block in run for line in block)
        run.clear()

    for line in text.split("\n"):
        marker = _BULLET.match(line)
        if marker and (marker.group(1) in ("*", "- ") or not run):
            run.append([line])
        elif marker:
            run[-1].append(line)
        else:
            flush()
            out.append(line)
    flush()
    return "\n".join(out)


def _reword(text: str, rng: random.Random) -> str:
    choice = {group: rng.choice(group) for group in SYNONYMS}
    return _SYNONYM.sub(lambda m: choice[_GROUP[m.group(1)]], text)


def _reword_faqs(text: str, rng: random.Random, name: str) -> str:
    text = _QUESTION.sub(lambda m: f"{m.group(1)}With {name} on the table: {_reword(m.group(2), rng)}", text)
    return _ANSWER.sub(lambda m: f"{m.group(1)}{_reword(m.group(2), rng)} ({name}.)", text)


def pages(count: int, seed: int = 8) -> list[CorpusPage]:
    """`count` varied pages cycled from the bundled ones (see the module docstring)."""
    bundled = _bundled()
    taken = {stem.replace("-", " ") for _, _, stem in bundled}
    made = []
    for i in range(count):
        text, suffix, _ = bundled[i % len(bundled)]
        rng = random.Random(f"{seed}-{i}")
        title = _name(rng, taken)
        first, _, rest = text.partition("\n")
        old = first.removeprefix("View source for ").strip()
        new_first = f"View source for {title}" if first.startswith("View source for") else title
        # A plain-text page repeats its title in capitals (`CAMUFLADO`, `| HOLOMASK |`): keep the two in step.
        rest = rest.replace(old.upper(), title.upper())
        rest = _reword_faqs(_shuffle_bullets(rest, rng), rng, title)
        made.append(CorpusPage(title, f"{new_first}\n{rest}", suffix))
    return made


def write_files(folder: Path, count: int, seed: int = 8) -> list[Path]:
    """Write `pages(count, seed)` into `folder`, one file each; return their paths in order."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for i, page in enumerate(pages(count, seed)):
        path = folder / f"{i:05d}-{re.sub(r'[^A-Za-z0-9]+', '-', page.title)}{page.suffix}"
        path.write_text(page.text, encoding="utf-8")
        written.append(path)
    return written


EXPORT_HEAD = """<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">
  <siteinfo>
    <sitename>Generated Wiki</sitename>
    <dbname>generatedwiki</dbname>
    <base>https://wiki.example.org/wiki/Main_Page</base>
    <generator>MediaWiki 1.39.3</generator>
    <case>first-letter</case>
    <namespaces>
      <namespace key="0" case="first-letter" />
      <namespace key="1" case="first-letter">Talk</namespace>
      <namespace key="10" case="first-letter">Template</namespace>
    </namespaces>
  </siteinfo>
"""


def write_export(path: Path, count: int, seed: int = 8) -> list[CorpusPage]:
    """Write `pages(count, seed)` as one MediaWiki XML export at `path`; return the pages.

    Wikitext pages have the `wikitext` content model; the plain-text ones `text`, as MediaWiki
    stores a page kept as plain text.
    """
    made = pages(count, seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write(EXPORT_HEAD)
        for i, page in enumerate(made, 1):
            model, fmt = ("wikitext", "text/x-wiki") if page.wikitext else ("text", "text/plain")
            body = page.body()
            out.write(f"  <page>\n    <title>{escape(page.title)}</title>\n    <ns>0</ns>\n    <id>{i}</id>\n"
                      f"    <revision>\n      <id>{10_000 + i}</id>\n      <timestamp>2024-01-01T00:00:00Z</timestamp>\n"
                      f"      <model>{model}</model>\n      <format>{fmt}</format>\n"
                      f'      <text bytes="{len(body.encode())}" xml:space="preserve">{escape(body)}</text>\n'
                      "    </revision>\n  </page>\n")
        out.write("</mediawiki>\n")
    return made
