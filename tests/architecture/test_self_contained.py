"""The repository stands on its own: a clone with nothing beside it has everything it
reads, and CI runs exactly the README's test command."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import engines

ROOT = Path(__file__).resolve().parents[2]
# Spelled in pieces so that this file does not match itself.
OUTSIDE = re.compile("|".join([r"\.\./" + "shared", "shared/" + "(?:discord-api-spec|rules|seeds)",
                               r"(?<![\w.])/" + "work/", r"(?<![\w/])DESIGN\.md"]))


def tracked() -> list[Path]:
    try:
        names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                               capture_output=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / n for n in names if n]


def test_no_tracked_file_reads_or_cites_a_path_outside_the_repository():
    found = []
    for path in tracked():
        try:
            text = path.read_text("utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue  # binary (the gzipped spec) or deleted in the work tree
        for number, line in enumerate(text.splitlines(), 1):
            for hit in OUTSIDE.finditer(line):
                if hit.group() == "DESIGN.md" and "docs/DESIGN.md" in line:
                    continue
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert not found, "\n".join(found)


def test_the_design_document_and_the_discord_spec_are_in_the_repository():
    assert (ROOT / "docs/DESIGN.md").read_text("utf-8").startswith("# ")
    spec = ROOT / "tests" / "sim" / "discord-api-spec"
    assert "MIT License" in (spec / "LICENSE").read_text("utf-8")
    assert "74fda0f" in (spec / "README.md").read_text("utf-8")  # the upstream commit
    from tests.sim.openapi import load_spec, spec_path

    assert spec_path().is_relative_to(ROOT)
    assert "/channels/{channel_id}/messages" in load_spec().document["paths"]


def quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text("utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line and not line.startswith("#")]


def test_the_quick_start_has_two_commands_and_ci_runs_the_test_one_word_for_word():
    run_bot, run_tests = quick_start()
    assert run_bot.endswith("-m bot") and run_tests.endswith("-m pytest -q -n auto")
    ci = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert run_tests in ci
    assert any(line.startswith("git clone") for line in ci)  # CI runs in a clone


def test_without_a_token_the_bot_says_how_to_get_one_or_play_offline_with_this_python():
    result = subprocess.run([sys.executable, "-m", "bot"], cwd=ROOT, capture_output=True,
                            text=True, timeout=120,
                            env={k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
                            | {"DISCORD_TOKEN": ""})
    assert result.returncode == 1
    here = os.path.relpath(sys.executable, ROOT)
    command = here if not here.startswith("..") else sys.executable
    assert "discord.com/developers/applications" in result.stderr
    assert f"{command} -m bot --local witch-stones --ai 1" in result.stderr


def own_files(name: str, slug: str = "") -> re.Pattern[str]:
    """The files of the game whose module is ``name``: its engine, its picture, its text
    board and its alt text, and its catalogue in each language (by its ``slug``)."""
    catalogue = rf"|speech/locales/[^/]+/{re.escape(slug)}\.ftl$" if slug else ""
    return re.compile(rf"(engines|rendering|rendering/alt|rendering/text)/{name}(/|\.py$)"
                      + catalogue)


def game_mentions(files: dict[str, str]) -> list[str]:
    """Where ``files`` (path → text) name a registered game — its slug or its module —
    outside that game's own files (tests, docs and Markdown aside)."""
    found = []
    for spec in engines.specs():
        name = spec.game.__module__.split(".")[1]  # engines.<name>[.module]
        mention = re.compile(rf"(?<![\w-]){re.escape(spec.slug)}(?![\w-])|\b{name}\b")
        own = own_files(name, spec.slug)
        for relative, text in files.items():
            if (relative.split("/")[0] in ("tests", "docs") or relative.endswith(".md")
                    or own.match(relative)):
                continue
            found += [f"{relative}:{n}: {line.strip()[:80]}"
                      for n, line in enumerate(text.splitlines(), 1) if mention.search(line)]
    return found


def test_no_file_names_a_game_outside_the_games_own_files():
    """A game is known through the registry (``engines.specs()``): no slug, and no import
    of a game's modules, outside that game's own files."""
    files = {}
    for path in tracked():
        try:
            files[path.relative_to(ROOT).as_posix()] = path.read_text("utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
    assert game_mentions(files) == []


def test_the_game_mention_check_finds_a_slug_and_a_module_out_of_place():
    spec = engines.specs()[-1]
    name = spec.game.__module__.split(".")[1]
    files = {"bench/x.py": f"engines.get({spec.slug!r})\n",
             "service/y.py": f"from engines.{name} import GAME\n",
             f"rendering/alt/{name}.py": f"{spec.slug} {name}\n",
             f"tests/engines/test_{name}.py": spec.slug}
    assert game_mentions(files) == [f"bench/x.py:1: engines.get({spec.slug!r})",
                                    f"service/y.py:1: from engines.{name} import GAME"]
