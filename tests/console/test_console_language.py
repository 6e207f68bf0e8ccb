"""The console speaks its reader's language (issue 58): ``--language``, else the POSIX
locale; the move loop's texts, the refusals and the result in it, names and moves as
they are."""

from __future__ import annotations

from console import app as console
from console import language
from tests.console.keyboard import scripted


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
