"""Lessons in the service (issue 39, ``/learn``): a lesson is a real match, unrated and
casual, of the learner against the easy computer, marked ``lesson`` (migration 019), from
its game's script (:mod:`engines.lesson`).

Nothing of a lesson is stored but that mark: the current step is the number of the
learner's moves in the match's move log, and the computer's scripted replies are read from
the same log. So a lesson survives restarts, takes back with /undo like any match, and
needs no claimed state. Three hooks reach the match's usual paths, one each:
:func:`refusal` (the move path, for a legal move the step does not ask for),
:func:`scripted_reply` (where the computer chooses) and :func:`framed` (every board post);
and the coach's ``/hint`` asks :func:`step_hint` first, so that a hint in a lesson is the
step's own move, one the step accepts (issue 57), never the computer's choice.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

import speech
from db import FINISHED, MatchRecord, MoveRecord, Store
from engines import lesson as lessons
from engines.base import Game, IllegalMove, State
from engines.lesson import Lesson, Step
from service.common.model import Post, ServiceError
from service.learning import words
from speech import Text

log = logging.getLogger(__name__)


def lesson_of(match: MatchRecord) -> Lesson | None:
    """The script a lesson match plays (None: not a lesson, or its game has none now)."""
    if not match.lesson:
        return None
    try:
        return lessons.lesson_of(match.game)
    except KeyError:
        return None


def made(found: Lesson, played: Sequence[MoveRecord]) -> int:
    """How many moves the learner has made: the number of the current step (from 0)."""
    return sum(1 for m in played if m.seat == found.learner)


def step_now(found: Lesson, played: Sequence[MoveRecord]) -> tuple[int, Step | None]:
    """The current step's number (from 0) and the step, None once they are done."""
    number = made(found, played)
    return number, lessons.step_at(found, number)


async def learners_step(store: Store, match: MatchRecord, seat: int
                        ) -> tuple[Lesson, int, Step] | None:
    """The lesson, and the number and step the learner is on, where ``seat`` is the
    learner of a lesson whose steps are not done; else None."""
    found = lesson_of(match)
    if found is None or seat != found.learner:
        return None
    number, step = step_now(found, await store.moves(match.id))
    return None if step is None else (found, number, step)


async def refusal(store: Store, match: MatchRecord, game: Game, state: State, seat: int,
                  move: str) -> str | None:
    """Refuse a legal ``move`` of ``seat`` that is not what the lesson's step asks: raises
    :class:`ServiceError` with the step's ``wrong`` as a :class:`speech.Text` (said in the
    learner's language by the front end); None: not a lesson, not the learner, the steps
    are done, or it is right. Illegal moves are refused by the engine before this is
    asked. (It raises rather than returns so that the match room's call, which raises what
    it is given as English, gets the learner's language without a change there.)"""
    now = await learners_step(store, match, seat)
    if now is None:
        return None
    found, number, step = now
    if lessons.judge(game, state, found, step, move) is None:
        return None
    raise ServiceError(Text("lesson-wrong", {"wrong": words.of_step(found, match.game,
                                                                     number, "wrong")}))


async def scripted_reply(store: Store, match: MatchRecord, game: Game, state: State,
                         seat: int) -> str | None:
    """The computer's move for ``seat`` as the lesson's script has it (the opening, then
    the replies of the learner's last step), when it is legal; None: the level decides."""
    found = lesson_of(match)
    if found is None or seat == found.learner:
        return None
    move = lessons.scripted(found, [(m.seat, m.notation) for m in await store.moves(match.id)])
    if move is None:
        return None
    try:
        game.play(state, seat, move)
    except IllegalMove as error:  # the position left the script (an undo, an old script)
        log.info("lesson %s: scripted %r is illegal (%s); the level decides",
                 match.id, move, error)
        return None
    return move


@dataclass(frozen=True)
class StepHint:
    """The current step's move for the learner, and why in the step's own words."""

    move: str
    number: int
    """The step's number, from 1."""
    steps: int
    rule: str
    ask: str

    @property
    def text(self) -> Text:
        """``take h7 (step 3 of 8): <the step's rule> <its ask>``."""
        return Text("lesson-hint", {"move": self.move, "number": self.number,
                                    "steps": self.steps, "rule": self.rule, "ask": self.ask})


async def step_hint(store: Store, match: MatchRecord, game: Game, state: State, seat: int
                    ) -> StepHint | None:
    """The hint in a lesson: the current step's move (:func:`engines.lesson.right_move`,
    a move :func:`refusal` lets through) and the step's rule and ask; None when the
    computer's hint applies (not a lesson, not the learner, the steps are done)."""
    now = await learners_step(store, match, seat)
    if now is None:
        return None
    found, number, step = now
    move = lessons.right_move(game, state, found, step)
    if move is None:
        return None
    return StepHint(move, number + 1, len(found.steps),
                    words.of_step(found, match.game, number, "rule"),
                    words.of_step(found, match.game, number, "ask"))


def step_words(match: MatchRecord, played: Sequence[MoveRecord]
               ) -> tuple[Text | None, Text | None]:
    """What a lesson's board post says above its moves and below them: the step's title
    line and rule, and what to do; after the last step, only the closing words below.
    (None, None): not a lesson, or over. Said in the learner's language: a lesson has one
    reader, even where its thread is public."""
    found = lesson_of(match)
    if found is None or match.status == FINISHED:
        return None, None
    number, step = step_now(found, played)
    if step is not None:
        return (Text("lesson-step-above", {
                    "title": words.title(match.game), "number": number + 1,
                    "steps": len(found.steps),
                    "rule": words.of_step(found, match.game, number, "rule")}),
                Text("lesson-step-below", {
                    "ask": words.of_step(found, match.game, number, "ask")}))
    if number == len(found.steps):
        return None, Text("lesson-finish", {"finish": words.Said(match.game, "finish")})
    return None, None


def framed(post: Post, match: MatchRecord, played: Sequence[MoveRecord]) -> Post:
    """A lesson's board post with its step (:func:`step_words`): the rule above the moves
    and what to do below them; after the last step, the closing words instead. Texts, for
    the front end to say in the learner's language."""
    above, below = step_words(match, played)
    post.text = speech.Lines([part for part in (above, post.text, below) if part is not None])
    return post


def step_text(slug: str, found: Lesson, number: int) -> Text:
    """What step ``number`` (from 0) of the lesson of ``slug`` says, for a front end that
    shows it apart; the closing words after the last."""
    if lessons.step_at(found, number) is None:
        return Text("lesson-finish", {"finish": words.Said(slug, "finish")})
    return Text("lesson-step-text", {
        "number": number + 1, "steps": len(found.steps),
        "rule": words.of_step(found, slug, number, "rule"),
        "ask": words.of_step(found, slug, number, "ask")})
