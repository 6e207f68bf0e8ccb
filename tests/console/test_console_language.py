"""The console in its reader's language (issue 58): ``--language``, else the locale of
the environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG`` in POSIX order); the rules and
their refusals in it (the console prints Markdown as plain text); the move loop's texts,
the refusals and the result in it, names and moves as they are."""

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


async def play(argv: list[str], tmp_path, typed: list[str]) -> str:
    out: list[str] = []
    code = await console.run(argv, str(tmp_path / "c.db"), str(tmp_path / "boards"),
                             read=scripted(typed), out=out.append)
    assert code == 0, out[-3:]
    return " ".join("\n".join(out).split())  # as read, whatever the terminal's wrapping


async def test_computers_play_a_whole_match_in_german(tmp_path, monkeypatch):
    monkeypatch.setattr(language, "_chosen", [])  # --language's choice ends with the test
    shown = await play(["witch-stones", "--ai", "2", "--players", "2", "--seed", "3",
                        "--ai-level", "random", "--language", "de"], tmp_path, [])
    assert "Witch Stones #1 beginnt. Plätze: 1. Computer " in shown
    assert "Partie vorbei: Computer " in shown and "Stand: Computer " in shown
    assert "Bretter gespeichert in " in shown and "Alle Züge: " in shown
    assert " nimmt " in shown or " entfernt " in shown
    assert not any(english in shown for english in ("Game over", " took ", "To act",
                                                     "Boards saved", "Every move"))


async def test_the_locale_chooses_the_language_and_a_refusal_is_said_in_it(
        tmp_path, monkeypatch):
    for name in language.VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setattr(language, "_chosen", [])
    shown = await play(["witch-stones", "--ai", "1", "--seed", "8", "--ai-level", "random",
                        "--names", "Zoé"], tmp_path, ["take z9", "quit"])
    assert "À jouer : Zoé." in shown and "Coup illégal : " in shown
    assert "Sauvegardé. Pour reprendre : " in shown
    assert "Illegal move" not in shown and "To act" not in shown
