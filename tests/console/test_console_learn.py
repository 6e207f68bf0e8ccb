"""``learn <game>`` in the console: the game's lesson through the same service, each step
said with the board, a wrong move refused with its reason, to the closing words; a
lesson quit half way resumes at the same step."""

from __future__ import annotations

import pytest

import engines
from console import app as console
from engines import lesson
from tests.console.keyboard import scripted

LESSONS = [s.slug for s in engines.specs() if s.learn is not None]


def walked(slug: str) -> list[str]:
    """The right move of each step, as the lesson's own walk plays them."""
    game, found = engines.get(slug), lesson.lesson_of(slug)
    assert found is not None
    return [lesson.first_right(game, state, step, found.learner)
            for state, step in lesson.walk(game, found, 1)]


@pytest.mark.parametrize("slug", LESSONS)
async def test_a_lesson_walked_to_the_finish_in_the_console(slug, tmp_path):
    found = lesson.lesson_of(slug)
    assert found is not None
    out: list[str] = []
    typed = [found.steps[0].try_wrong, *walked(slug), "quit"]
    code = await console.run(["learn", slug, "--names", "Ana", "--ai-level", "random"],
                             str(tmp_path / "c.db"), str(tmp_path / "boards"),
                             read=scripted(typed), out=out.append)
    assert code == 0
    text = "\n".join(out)
    for number, step in enumerate(found.steps):
        assert f"step {number + 1} of {len(found.steps)}: " in text
        assert step.ask in " ".join(text.split())
    assert text.count(f"step 1 of {len(found.steps)}") == 1  # the refusal repeats no board
    flat = " ".join(text.split())
    assert found.steps[0].wrong in flat or "Illegal move" in flat
    assert " ".join(found.finish.split()) in " ".join(text.split())
    assert list((tmp_path / "boards").glob("*.png"))


async def test_a_wrong_move_in_the_console_is_refused_and_the_step_stays(tmp_path):
    found = lesson.lesson_of("witch-stones")
    assert found is not None
    out: list[str] = []
    prompts: list[str] = []
    feed = iter(["moons", "take a2", "suns", "quit"])

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(feed)

    await console.run(["learn", "witch", "--names", "Ana", "--ai-level", "random"],
                      str(tmp_path / "c.db"), str(tmp_path / "boards"), read=read,
                      out=out.append)
    text = " ".join(" ".join(out).split())
    assert found.steps[0].wrong in text
    assert 'Did you mean "moons"' not in text  # a legal move the step refused is no typo
    game = engines.get("witch-stones")
    with pytest.raises(engines.IllegalMove) as illegal:
        game.play(game.setup(2, found.seed, {}), 1, "take a2")
    reason = " ".join(str(illegal.value).split()).rstrip(".")
    assert reason[:40] in text  # the engine's reason for an illegal move
    assert found.steps[1].rule.split(",")[0] in text
    assert len(prompts) == 4


async def test_a_lesson_quit_half_way_resumes_at_the_same_step(tmp_path):
    found = lesson.lesson_of("angry-gods")
    assert found is not None
    db, boards = str(tmp_path / "c.db"), str(tmp_path / "boards")
    moves = walked("angry-gods")
    await console.run(["learn", "angry", "--ai-level", "random"], db, boards,
                      read=scripted([*moves[:2], "quit"]), out=[].append)
    out: list[str] = []
    code = await console.run(["--resume", "1", "--db", db, "--ai-level", "random"], db,
                             boards, read=scripted([found.steps[2].try_wrong, moves[2],
                                                    "quit"]), out=out.append)
    assert code == 0
    text = " ".join(" ".join(out).split())
    assert f"step 3 of {len(found.steps)}" in text
    assert f"step 4 of {len(found.steps)}" in text


@pytest.mark.parametrize(("argv", "said"), [
    (["learn"], "Name the game to learn: Witch Stones, Angry Gods"),
    (["learn", "chess"], "chess"),
    (["witch-stones", "terra"], "One game at a time"),
])
async def test_a_lesson_that_cannot_start_is_refused_in_one_line(argv, said, tmp_path):
    out: list[str] = []
    code = await console.run(argv, str(tmp_path / "c.db"), str(tmp_path / "boards"),
                             read=scripted([]), out=out.append)
    assert code == 2 and len(out) == 1 and said in out[0], out
    assert not (tmp_path / "c.db").exists()
