"""The layers hold: no import cycles anywhere, and only the Discord adapter imports discord.

The import graph is read from the source (every ``import``, also inside functions and
``if TYPE_CHECKING:``), so a cycle hidden behind a late import is still a cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "console", "db", "engines", "rendering", "service", "speech")
NO_DISCORD = ("console", "db", "engines", "rendering", "service", "speech")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}


def imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every module ``name`` imports (project modules by name, others by top package)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                # ``from pkg import mod`` imports the module pkg.mod, not pkg itself.
                child = f"{base}.{alias.name}"
                found.add(child if child in modules else base)
    return found


def graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: {m for m in imports(name, path, modules) if m in modules and m != name}
            for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles_anywhere():
    edges = graph()
    assert {"service", "service.match.core", "bot.client", "engines.base"} <= edges.keys()
    assert cycles(edges) == []


def test_only_the_discord_adapter_imports_discord():
    modules = project_modules()
    offenders = [name for name, path in modules.items()
                 if name.split(".")[0] in NO_DISCORD
                 and any(m.split(".")[0] == "discord" for m in imports(name, path, modules))]
    assert offenders == []
    assert "discord" in imports("bot.client", modules["bot.client"], modules)


def test_every_module_is_small():
    """No module over 500 lines, the project's rule: the product's, the benchmarks' and
    the tests' (the facade, ``service/__init__.py``, one pass-through per operation, is
    the largest of the service)."""
    sizes = {path.relative_to(ROOT).as_posix(): len(path.read_text().splitlines())
             for folder in (*PACKAGES, "bench", "tests") for path in (ROOT / folder).rglob("*.py")}
    assert {name: lines for name, lines in sizes.items() if lines > 500} == {}
    assert len(sizes) > 300


LOWER = {"db": {"engines", "rendering", "service", "bot", "console"},
         "engines": {"db", "rendering", "service", "bot", "console"},
         "rendering": {"db", "service", "bot", "console"},
         "service": {"bot", "console"},
         "console": {"bot"},
         "speech": {"db", "engines", "rendering", "service", "bot", "console"}}
"""What each layer must not import: the store knows no games (a migration's replay check
is handed to it by the service), the engines no store, nobody the front ends, and the
console not the Discord front end beside it (its settings come from
:mod:`service.common.settings`, below both), and the catalogues (:mod:`speech`) nothing
of the project: every layer, the pictures too, says its words through them."""


def layer_offenders(edges: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted((name, m) for name, found in edges.items() for m in found
                  if m.split(".")[0] in LOWER.get(name.split(".")[0], set()))


def test_the_layer_checker_finds_a_store_importing_an_engine():
    assert layer_offenders({"db.migrate": {"engines", "db.records"}}) == [
        ("db.migrate", "engines")]
    assert layer_offenders({"console.__main__": {"bot.config"}}) == [
        ("console.__main__", "bot.config")]


def test_no_layer_imports_one_above_it():
    assert layer_offenders(graph()) == []


def test_the_service_is_one_facade_over_parts():
    """``Service`` composes its parts (plain classes, each handed what it needs) instead
    of inheriting them: no chain of mixins to follow to find a method."""
    from service import Service

    project = [c for c in Service.__mro__ if c.__module__.split(".")[0] in PACKAGES]
    assert len(project) <= 3, project


def test_the_console_starts_without_what_it_does_not_use():
    """Start-up ≤ 1 s (issue 36, ``python -m bench.startup``): the console imports no
    Discord library and no PostgreSQL driver to play on SQLite (asyncpg alone took a
    tenth of a second)."""
    import subprocess
    import sys

    probe = ("import sys, console.app, console.__main__; "
             "print(' '.join(sorted(m for m in ('asyncpg', 'discord', 'aiohttp', 'nacl', "
             "'bot') if m in sys.modules)))")
    loaded = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.split()
    assert loaded == []
