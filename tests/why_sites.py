"""Where a game's refusals come from, and which of them a test reaches.

A *refusal site* is a place in an engine's source that words a refusal: an
``IllegalMove(...)`` call whose message is written there (not a bare name passed on,
as ``IllegalMove(why)``), or a ``return`` of a written string in a function that
explains refusals (Storm's ``why_not`` and its helpers, When Gods Collide's ``why.py``).
Running a refused move with line tracing on shows the last site it went through: the
one that worded the refusal. The ``tests/engines/test_why_*.py`` tables hold one case per
rule; their last test fails when a site has no case (a new rule without its test).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import engines
from engines.base import IllegalMove

ROOT = Path(__file__).resolve().parent.parent
Site = tuple[str, int]  # (path from the repository's root, first line)


def _written(node: ast.AST) -> bool:
    """Whether an expression words text here: a non-empty string or f-string in it."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.JoinedStr):
            return True
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and sub.value:
            return True
    return False


def sites(path: str, explainers: Iterable[str] = ()) -> dict[Site, tuple[int, int]]:
    """Every refusal site of ``path`` (relative to the root), with its line span.
    ``explainers`` name the functions whose written ``return`` values are refusals."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found: dict[Site, tuple[int, int]] = {}
    wanted = set(explainers)

    def add(node: ast.stmt | ast.expr) -> None:
        found[(path, node.lineno)] = (node.lineno, node.end_lineno or node.lineno)

    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "IllegalMove" and node.args
                and _written(node.args[0])):
            add(node)
        if isinstance(node, ast.FunctionDef) and node.name in wanted:
            for sub in _own_returns(node):
                if sub.value is not None and _written(sub.value) and not isinstance(
                        sub.value, ast.Call):
                    add(sub)
    return found


def _own_returns(function: ast.FunctionDef) -> list[ast.Return]:
    """The ``return`` statements of ``function`` itself, not of functions inside it (a
    helper wording part of a refusal is reached before the site that returns it)."""
    found: list[ast.Return] = []
    todo: list[ast.AST] = list(function.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Return):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


@dataclass(frozen=True)
class Refusal:
    """One rule's case: ``move`` by ``seat`` in the position ``state()`` builds is
    refused with a message containing ``says``, under the rules text's section
    ``rule`` (None: a move that cannot be read, whose message says how to write one).
    ``call``, when given, is played instead of the game's ``play``."""

    name: str
    state: Callable[[], Any]
    seat: int
    move: str
    says: str
    rule: str | None
    call: Callable[[], Any] | None = field(default=None, compare=False)


def refused(game: Any, case: Refusal, spans: dict[Site, tuple[int, int]]
            ) -> tuple[IllegalMove, Site | None]:
    """Play ``case``; the refusal and the last site it went through."""
    files = {str(ROOT / path): path for path, _ in spans}
    by_file: dict[str, list[tuple[int, int, Site]]] = {}
    for site, (first, last) in spans.items():
        by_file.setdefault(site[0], []).append((first, last, site))
    last_site: list[Site] = []

    def trace(frame: FrameType, event: str, arg: object) -> Any:
        path = files.get(frame.f_code.co_filename)
        if path is None:
            return None
        if event == "line":
            line = frame.f_lineno
            for first, last, site in by_file[path]:
                if first <= line <= last:
                    last_site.append(site)
        return trace

    state = case.state()  # built before tracing: only the refused move is watched
    play = case.call or (lambda: game.play(state, case.seat, case.move))
    previous = sys.gettrace()  # a coverage tool's or a debugger's, given back after
    sys.settrace(trace)
    try:
        play()
    except IllegalMove as error:
        return error, (last_site[-1] if last_site else None)
    finally:
        sys.settrace(previous)
    pytest.fail(f"{case.name}: {case.move!r} was not refused")


def sections(slug: str) -> set[str]:
    """The labels of the rules text's sections: ``**A turn**``, ``**1. Wind.**`` →
    ``A turn``, ``Wind``."""
    import re

    text = engines.rules_text(slug)
    found = set()
    for label in re.findall(r"^\*\*([^*]+)\*\*", text, flags=re.MULTILINE):
        label = re.sub(r"^\d+\.\s*", "", label).strip().rstrip(":.").strip()
        found.add(label)
    return found


def check(game: Any, slug: str, case: Refusal, spans: dict[Site, tuple[int, int]]
          ) -> Site | None:
    """Assert ``case``'s refusal names its rule; the site that worded it."""
    error, site = refused(game, case, spans)
    said = str(error)
    assert case.says in said, (case.name, said)
    assert error.rule == case.rule, (case.name, error.rule, said)
    if case.rule is not None:
        assert case.rule in sections(slug), (case.name, case.rule, sorted(sections(slug)))
    assert said == said.strip() and "\n" not in said, said  # one sentence
    return site


def missing(game: Any, cases: Iterable[Refusal], spans: dict[Site, tuple[int, int]]
            ) -> list[str]:
    """The sites no case reaches, as ``path:line``."""
    reached = {refused(game, case, spans)[1] for case in cases}
    return [f"{path}:{line}" for path, line in sorted(spans) if (path, line) not in reached]
