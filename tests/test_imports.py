"""The `rulecheck ask` path stays light: the transitive import closure of `rulecheck.cli.ask` and
of every `rulecheck.checker` module never reaches the build side (`rulecheck.kb.build`,
`rulecheck.ingest`) nor the heavy libraries (sqlite-utils, Datasette, mwparserfromhell,
BeautifulSoup).

The closure is read from the source by AST, not by importing: every `import` and `from …
import` statement counts, at module level or inside a function (a lazy import runs as soon as
that function does), and so does `importlib.import_module("…")` with a constant name. Importing
a module runs its packages' `__init__` too, so those are followed as well.
"""
from __future__ import annotations

import ast
import importlib.util
from functools import lru_cache
from pathlib import Path

import pytest

FORBIDDEN = ("rulecheck.kb.build", "rulecheck.ingest", "sqlite_utils", "datasette", "mwparserfromhell", "bs4")
ROOT = Path(__file__).resolve().parent.parent
CHECKER = sorted(f"rulecheck.checker.{p.stem}" for p in (ROOT / "checker").glob("*.py") if p.stem != "__init__")


def _is_forbidden(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


@lru_cache(maxsize=None)
def _source(module: str) -> Path | None:
    """The file of a `rulecheck` module (None for a name that is not a module: an attribute)."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin)


def imports_of(path: Path, module: str) -> set[str]:
    """Every module name `path` (the module `module`) may import, at any depth of its code."""
    is_package = path.name == "__init__.py"
    package = module if is_package else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            names.add(stem)
            # `from rulecheck.kb import build` imports the submodule `rulecheck.kb.build`
            names.update(f"{stem}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__"):
                names.add(node.args[0].value)
    return {n for n in names if n}


def _with_parents(name: str) -> list[str]:
    """`a.b.c` → `a`, `a.b`, `a.b.c`: importing a module runs its packages first."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


@lru_cache(maxsize=None)
def import_chain(start: str) -> dict[str, list[str]]:
    """Every module reachable from `start`, each with the chain of imports that reaches it.

    Cached: treat the result as read-only. Only `rulecheck` modules are read further; any other module is recorded as reached (a
    library such as click never imports ours, and the forbidden ones are caught by name).
    """
    reached: dict[str, list[str]] = {}
    queue = [(m, [m]) for m in _with_parents(start)]
    while queue:
        module, chain = queue.pop(0)
        if module in reached:
            continue
        reached[module] = chain
        if not module.startswith("rulecheck") or _is_forbidden(module):
            continue
        path = _source(module)
        if path is None:
            continue
        for name in sorted(imports_of(path, module)):
            for step in _with_parents(name):
                if step not in reached and (not step.startswith("rulecheck") or _source(step) is not None
                                            or _is_forbidden(step)):
                    queue.append((step, chain + [step]))
    return reached


def forbidden_reached(start: str) -> list[str]:
    """The forbidden modules the closure of `start` reaches, each once with the shortest chain
    that reaches it (`a → b → … → rulecheck.kb.build`)."""
    found: dict[str, list[str]] = {}
    for name, chain in import_chain(start).items():
        hit = next((f for f in FORBIDDEN if name == f or name.startswith(f + ".")), None)
        if hit and (hit not in found or len(chain) < len(found[hit])):
            found[hit] = chain
    return [" → ".join(found[f]) for f in FORBIDDEN if f in found]


#: The one way the ask command may reach the build side: a first use (or a changed bundle)
#: builds the base, through `rulecheck.kb.rebuild` (cli → kb build is a direction the design
#: allows; kb.rebuild imports kb.build only when it builds). The checker never does.
FIRST_USE_BUILD = "rulecheck.kb.rebuild → rulecheck.kb.build"


@pytest.mark.parametrize("start", CHECKER)
def test_the_checker_import_closure_stays_off_the_build_side(start):
    bad = forbidden_reached(start)
    assert not bad, f"{start} reaches the build side or a heavy library:\n  " + "\n  ".join(bad)


def test_the_ask_command_reaches_the_build_side_only_to_build_on_first_use():
    bad = [c for c in forbidden_reached("rulecheck.cli.ask") if not c.endswith(FIRST_USE_BUILD)]
    assert not bad, "rulecheck.cli.ask reaches the build side or a heavy library:\n  " + "\n  ".join(bad)


def test_the_ask_path_closure_follows_lazy_and_relative_imports(tmp_path):
    """The reader sees imports nested in functions, relative ones, and import_module calls."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import importlib\n"
        "def f():\n"
        "    if True:\n"
        "        from rulecheck.kb import build\n"
        "    from ..ingest import wikitext\n"
        "    return importlib.import_module('bs4')\n", encoding="utf-8")
    names = imports_of(sample, "rulecheck.checker.sample")
    assert {"rulecheck.kb.build", "rulecheck.ingest.wikitext", "bs4"} <= names


def test_the_ask_path_closure_is_transitive(tmp_path, monkeypatch):
    """A forbidden module three imports away, behind a lazy one, is found with its chain."""
    pkg = tmp_path / "rulecheck_sample"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "top.py").write_text("from rulecheck_sample import middle\n", encoding="utf-8")
    (pkg / "middle.py").write_text("def later():\n    from . import bottom\n", encoding="utf-8")
    (pkg / "bottom.py").write_text("import bs4\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    _source.cache_clear()
    try:
        assert forbidden_reached("rulecheck_sample.top") == [
            "rulecheck_sample.top → rulecheck_sample.middle → rulecheck_sample.bottom → bs4"]
        assert forbidden_reached("rulecheck_sample.middle") != []
    finally:
        _source.cache_clear()
