"""Which way the imports run, followed transitively: every `import` in every module of the
package, at any level (a lazy import inside a function counts: it runs on some call), from the
source files, resolved to modules of `rulecheck` and followed to the end.

- `rulecheck.kb` has no import circle (where the base lives vs how it is built; the read side
  vs the glossary it expands questions with);
- `rulecheck ask`'s path — its CLI module, the checker, the kb read side — never reaches the
  build (`rulecheck.kb.build`) or the parsers (`rulecheck.ingest`), nor the heavy libraries; the
  CLI reaches the build only through `rulecheck.kb.rebuild`, when a base is missing or stale.
"""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The installed package's folders (pyproject's package-dir): `rulecheck.kb` is `kb/`.
PACKAGES = ("cli", "ingest", "kb", "checker", "web", "data")
#: What `rulecheck ask` must never load, directly or through anything it imports.
BUILD_SIDE = ("rulecheck.kb.build", "rulecheck.kb.rebuild", "rulecheck.kb.page_loading", "rulecheck.kb.faq_links",
              "rulecheck.kb.resolve", "rulecheck.kb.schema", "rulecheck.ingest")
HEAVY = ("sqlite_utils", "datasette", "mwparserfromhell", "bs4")
#: The read side of kb: what the checker and the web may use.
READ_SIDE = ("rulecheck.kb.read", "rulecheck.kb.errors", "rulecheck.kb.expansion", "rulecheck.kb.glossary",
             "rulecheck.kb.location")


def module_files() -> dict[str, Path]:
    """`rulecheck.<package>.<module>` → its source file, for every module of the package."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).glob("*.py")):
            name = f"rulecheck.{package}" + ("" if path.stem == "__init__" else f".{path.stem}")
            found[name] = path
    return found


MODULES = module_files()


def imported_names(source: str, module: str) -> set[str]:
    """Every name imported anywhere in `source`: `a.b` for `import a.b`, `a.b` and `a.b.c` for
    `from a.b import c` (`c` may be a module), relative imports resolved against `module`."""
    names = set()
    package = module if module.endswith(tuple(f".{p}" for p in PACKAGES)) else module.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


@lru_cache(maxsize=None)
def direct(module: str) -> frozenset[str]:
    """The modules `module` imports: the package's own modules as modules, others by top name
    (`sqlite_utils`), and each package module's package `__init__` too (Python runs it first)."""
    out = set()
    for name in imported_names(MODULES[module].read_text(encoding="utf-8"), module):
        if name.startswith("rulecheck."):
            while name and name not in MODULES:
                name = name.rpartition(".")[0]
            if name and name != module:
                out.add(name)
                package = ".".join(name.split(".")[:2])
                if package in MODULES and package != module:
                    out.add(package)
        else:
            out.add(name.split(".")[0])
    return frozenset(out)


def reach(start: str) -> set[str]:
    """Every module `start` reaches through imports, itself left out."""
    seen: set[str] = set()
    todo = [start] if start in MODULES else []
    while todo:
        for name in direct(todo.pop()):
            if name not in seen:
                seen.add(name)
                if name in MODULES:
                    todo.append(name)
    return seen - {start}


def is_under(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


# --- the graph itself ----------------------------------------------------------------------------

def test_every_module_of_the_package_is_read():
    assert {"rulecheck.kb.read", "rulecheck.kb.build", "rulecheck.checker.answer", "rulecheck.cli.ask",
            "rulecheck.ingest.wikitext", "rulecheck.web.plugin"} <= set(MODULES)


def test_imports_are_followed_transitively_and_lazily(tmp_path):
    """A module seen only through another, lazily imported in a function, is reached."""
    assert "rulecheck.kb.glossary" not in direct("rulecheck.kb.read")  # only through expansion…
    assert "rulecheck.kb.expansion" in direct("rulecheck.kb.read")  # …imported inside `search`
    assert "rulecheck.kb.glossary" in reach("rulecheck.kb.read")
    assert "rulecheck.kb.build" in direct("rulecheck.cli.build")  # imported inside the command
    assert "rulecheck.ingest.records" in reach("rulecheck.cli.build")


def test_relative_and_from_package_imports_resolve():
    assert imported_names("from . import schema\nfrom .read import connect\n", "rulecheck.kb.build") >= {
        "rulecheck.kb.schema", "rulecheck.kb.read.connect"}
    assert "rulecheck.kb.schema" in direct("rulecheck.kb.build")  # `from rulecheck.kb import schema`


# --- no circles in kb ----------------------------------------------------------------------------

KB = sorted(m for m in MODULES if m.startswith("rulecheck.kb."))


@pytest.mark.parametrize("module", KB)
def test_no_kb_module_reaches_itself(module):
    """One direction each: location never leads back to build, nor glossary back to read."""
    assert module not in reach(module), f"{module} imports itself through {sorted(direct(module))}"


def test_the_two_former_circles_run_one_way():
    assert "rulecheck.kb.location" in reach("rulecheck.kb.build")
    assert "rulecheck.kb.build" not in reach("rulecheck.kb.location")
    assert "rulecheck.kb.glossary" in reach("rulecheck.kb.read")
    assert "rulecheck.kb.read" not in reach("rulecheck.kb.glossary")


# --- the ask path stays light --------------------------------------------------------------------

ASK_PATH = sorted(m for m in MODULES if m.startswith("rulecheck.checker")) + list(READ_SIDE)


@pytest.mark.parametrize("module", ASK_PATH)
def test_the_ask_path_never_reaches_the_build_or_the_parsers(module):
    bad = sorted(n for n in reach(module) if is_under(n, BUILD_SIDE + HEAVY))
    assert not bad, f"{module} reaches {bad}: `rulecheck ask` must stay light"


def test_rulecheck_ask_reaches_the_build_only_through_rebuild():
    """`rulecheck.cli.ask` builds a missing or stale base through `rulecheck.kb.rebuild`; every
    other module it imports stays on the read side."""
    others = direct("rulecheck.cli.ask") - {"rulecheck.kb.rebuild"}
    bad = sorted(n for m in others for n in reach(m) | {m} if is_under(n, BUILD_SIDE + HEAVY))
    assert not bad, f"rulecheck.cli.ask reaches {bad} other than through rulecheck.kb.rebuild"
    assert "rulecheck.kb.rebuild" in direct("rulecheck.cli.ask")
