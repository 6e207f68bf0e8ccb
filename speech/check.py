"""The catalogue check: ``python -m speech.check`` prints what is wrong and exits 1.

English is the source. Every other language must have exactly English's ids (none
missing, none left over from an English text since reworded), use exactly the same
placeholders in each entry, and write every plural category its language has in CLDR
(French and Portuguese have ``many`` as well as ``one`` and ``other``). A file that does
not parse is reported with its line. And every English id outside ``commands.ftl`` must
be named by the code (an id in a string literal of the project's packages): an unused
entry is one the code stopped saying. ``commands.ftl`` is held to the command tree by
``tests/architecture/test_translator.py`` instead.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

from babel import Locale
from fluent.syntax import ast as fluent
from fluent.syntax.visitor import Visitor

from speech.catalogue import resources
from speech.locales import ENGLISH, LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("bot", "console", "engines", "rendering", "service", "speech")
"""The packages whose string literals name the catalogue ids they say."""
CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
GENERATED = "commands"


class _Parts(Visitor):
    """The placeholders of an entry, and the plural selections it makes."""

    def __init__(self) -> None:
        super().__init__()
        self.variables: set[str] = set()
        self.plurals: list[set[str]] = []

    def visit_VariableReference(self, node: fluent.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_SelectExpression(self, node: fluent.SelectExpression) -> None:
        keys = {v.key.name for v in node.variants if isinstance(v.key, fluent.Identifier)}
        if keys & CATEGORIES and keys <= CATEGORIES:
            self.plurals.append(keys)
        self.generic_visit(node)


def parts(entry: fluent.Message | fluent.Term) -> _Parts:
    found = _Parts()
    found.visit(entry)
    return found


def entries(resource: fluent.Resource) -> dict[str, fluent.Message | fluent.Term]:
    return {("-" if isinstance(e, fluent.Term) else "") + e.id.name: e
            for e in resource.body if isinstance(e, fluent.Message | fluent.Term)}


def categories(language: str) -> set[str]:
    return set(Locale.parse(language.replace("-", "_")).plural_form.tags) | {"other"}


def problems(languages: tuple[str, ...] = LANGUAGES) -> list[str]:
    """Everything wrong with the catalogues, one sentence each (empty: all is well)."""
    found: list[str] = []
    english = resources(ENGLISH)
    for language in languages:
        files = resources(language)
        for name in sorted(set(files) - set(english)):
            found.append(f"{language}/{name}.ftl: English has no such file")
        for name, source in english.items():
            found += _compare(language, name, source, files.get(name))
    found += [f"en/{name}.ftl: {message} is said nowhere in the code"
              for name, message in unused(english)]
    return found


def _compare(language: str, name: str, source: fluent.Resource,
             resource: fluent.Resource | None) -> Iterator[str]:
    where = f"{language}/{name}.ftl"
    if resource is None:
        yield f"{where}: missing (English has it)"
        return
    for junk in (e for e in resource.body if isinstance(e, fluent.Junk)):
        near = (junk.content or "").strip()[:60]
        yield f"{where}: does not parse near {near!r}"
    theirs, ours = entries(source), entries(resource)
    yield from (f"{where}: {m} is missing" for m in theirs if m not in ours)
    yield from (f"{where}: {m} is not in English (unused)" for m in ours if m not in theirs)
    wanted = categories(language)
    for message in theirs.keys() & ours.keys():
        mine, english = parts(ours[message]), parts(theirs[message])
        if mine.variables != english.variables:
            yield (f"{where}: {message} has the placeholders {sorted(mine.variables)}, "
                   f"English {sorted(english.variables)}")
        for keys in mine.plurals:
            if wanted - keys:
                yield f"{where}: {message} lacks the plural forms {sorted(wanted - keys)}"


def literals() -> set[str]:
    """Every string literal in the project's packages."""
    found: set[str] = set()
    for package in SOURCES:
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.add(node.value)
    return found


def unused(english: dict[str, fluent.Resource]) -> list[tuple[str, str]]:
    said = literals()
    return [(name, message) for name, resource in english.items() if name != GENERATED
            for message in entries(resource)
            if not message.startswith("-") and message not in said]


def main() -> int:
    found = problems()
    for line in found:
        print(line)
    print(f"{len(found)} problem(s) in {len(LANGUAGES)} catalogues" if found
          else f"the {len(LANGUAGES)} catalogues are complete")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
