"""The console in its reader's language (issue 58): ``--language``, else the locale of
the environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG`` in POSIX order); the rules and
their refusals in it (the console prints Markdown as plain text)."""

from __future__ import annotations

import pytest

from console import app as console
from console import commands, language
from tests.console.keyboard import scripted


@pytest.mark.parametrize(("environ", "expected"), [
    ({}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "pt_BR.UTF-8"}, "pt-BR"),
    ({"LANG": "pt_PT.UTF-8"}, "pt-BR"),  # the one Portuguese catalogue
    ({"LANG": "es_MX.UTF-8"}, "es"),
    ({"LANG": "fr_CA.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"}, "es"),
    ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "es_ES.UTF-8", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "de_DE.UTF-8", "LC_ALL": ""}, "de"),  # an empty variable is unset
    ({"LANG": "ja_JP.UTF-8"}, "en"),
    ({"LANG": "qps-ploc"}, "en"),  # the pseudo-locale is the tests', not a reader's
])
def test_the_environment_names_the_language(environ, expected):
    assert language.from_environment(environ) == expected


def test_rules_and_their_refusal_in_a_language():
    assert commands.rules("terra", language="es").startswith("# Terra\n\n**Objetivo:**")
    turn = commands.rules("terra", "un turno", language="es")
    assert turn.startswith("**Un turno**") and "`war e5`" in turn
    assert commands.rules("terra", "A turn", language="es") == turn  # the English label
    assert commands.rules("terra", "wind", language="fr") == (
        "Les règles de Terra n'ont pas de section «\u00a0wind\u00a0»\u00a0; elles "
        "ont\u00a0: But, Mise en place, Un tour, Score, Fin, Options, Nos arbitrages.")


async def test_the_console_reads_the_rules_in_the_environments_language(tmp_path,
                                                                       monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    out: list[str] = []
    code = await console.run(["terra", "--ai", "1", "--names", "Ana", "--seed", "3",
                              "--ai-level", "random"], str(tmp_path / "c.db"),
                             str(tmp_path / "b"),
                             read=scripted(["rules", "rules ein zug", "quit"]),
                             out=out.append)
    assert code == 0
    assert any(text.startswith("# Terra\n\nZiel: Erziele") for text in out)
    assert any(text.startswith("Ein Zug\n1. Ziehen (automatisch)") for text in out)


async def test_language_option_wins_and_is_checked(tmp_path, monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    out: list[str] = []
    code = await console.run(["witch-stones", "--ai", "1", "--seed", "8",
                              "--language", "PT-br"], str(tmp_path / "c.db"),
                             str(tmp_path / "b"), read=scripted(["rules", "quit"]),
                             out=out.append)
    assert code == 0
    assert any(text.startswith("# Witch Stones") and "Objetivo: ser o primeiro" in text
               for text in out)
    out.clear()
    code = await console.run(["witch-stones", "--language", "klingon"],
                             str(tmp_path / "c.db"), str(tmp_path / "b"), out=out.append)
    assert code == 2
    assert out == ['--language nimmt eine dieser Sprachen: en, de, fr, es, pt-BR, '
                   'nicht „klingon“.']
    assert language.reader() == "de"  # a refused choice leaves none
