"""``hint`` at the console's prompt in a lesson (issue 57): the step's own move, said in
the step's words, and a move the step then takes, at every step to the closing words
(the old hint was the computer's choice, which the step refused)."""

from __future__ import annotations

from console import app as console
from engines import lesson


async def test_each_hint_in_a_console_lesson_is_a_move_its_step_takes(tmp_path):
    found = lesson.lesson_of("witch-stones")
    assert found is not None
    out: list[str] = []
    hints: list[str] = []
    asked = [False]

    def read(prompt: str) -> str:
        """Ask for a hint, then play the move it names; quit after the last step."""
        if asked[0]:
            asked[0] = False
            said = next(line for line in reversed(out) if line.startswith("Hint for"))
            hints.append(said)
            return said.split(": ", 1)[1].split(":")[0].split(" (")[0]
        if len(hints) == len(found.steps):
            return "quit"
        asked[0] = True
        return "hint"

    code = await console.run(["learn", "witch-stones", "--names", "Ana", "--ai-level",
                              "random"], str(tmp_path / "c.db"), str(tmp_path / "boards"),
                             read=read, out=out.append)
    assert code == 0
    text = " ".join(" ".join(out).split())
    assert len(hints) == len(found.steps)
    refused = [n + 1 for n, step in enumerate(found.steps) if step.wrong in text]
    assert not refused and "Illegal move" not in text, f"hints refused at steps {refused}"
    assert " ".join(found.finish.split()) in text  # every hinted move was taken
    for number, (step, said) in enumerate(zip(found.steps, hints, strict=True)):
        said = " ".join(said.split())  # the console wraps long lines
        assert f"(step {number + 1} of {len(found.steps)}): " in said
        assert " ".join(step.ask.split()) in said
