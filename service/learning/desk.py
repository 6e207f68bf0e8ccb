"""The service's calls that teach the games (a part of the facade :class:`service.Service`,
kept apart so that each module stays small): which games have a lesson and starting one
(``/learn``), and the coach's ``/hint`` and ``/review`` (:mod:`service.learning.coach`)."""

from __future__ import annotations

import engines
from db import RUNNING, Store
from engines import lesson as lessons
from service.common import boundary
from service.common.model import Actor, ServiceError, Update
from service.learning.coach import Coach, Hint, Progress, Review
from service.match import gate
from service.match.lobby import Lobby
from service.match.terms import MatchTerms
from speech import Text

LESSON_TERMS = MatchTerms(rated=False, deadline=0, remind=0)
"""A lesson is unrated (casual: /hint works), has no deadline (nobody loses a lesson on
time) and sends no reminders (the learner goes at their own pace)."""


@boundary.guarded
class LearningDesk:
    """Lesson and coach calls of the facade, checked at the same boundary as the rest."""

    store: Store
    lobby: Lobby
    coach: Coach

    def lesson_games(self) -> list[tuple[str, str]]:
        """The games that have a lesson: (slug, title), in the games' order."""
        return [(s.slug, s.title) for s in engines.specs() if s.learn is not None]

    async def learn(self, actor: Actor, game_slug: str, channel_id: int | None = None,
                    hosted: bool = False) -> Update:
        """Start the lesson of ``game_slug`` for the actor: a real match from the script's
        seed, options and seats, the actor in the learner's seat against the easy
        computer, unrated, marked a lesson. Its first post shows step 1. ``hosted``: where
        the front end cannot post on its own, a lesson without a thread."""
        try:
            found = lessons.lesson_of(game_slug)
        except KeyError:
            raise ServiceError(Text("lesson-no-game", {"game": game_slug[:40]})) from None
        if found is None:
            raise ServiceError(Text("lesson-none-yet", {
                "game": engines.get(game_slug).title,
                "lessons": ", ".join(title for _, title in self.lesson_games())}))
        await self.no_lesson_running(actor, game_slug)
        options = {name: str(value).lower() for name, value in found.options.items()}
        match = await self.lobby.create(actor, game_slug, options, channel_id, True,
                                        LESSON_TERMS, seed=found.seed,
                                        kind=gate.HOSTED_LESSON if hosted else gate.LESSON)
        try:
            await self.store.set_lesson(match.id)
            for _ in range(found.players - 1):
                match = await self.lobby.add_ai(match.id, actor, "easy")
        except BaseException:
            await self.lobby.abandon(match.id)  # no lesson left half made
            raise
        computers = [s.user_id for s in match.seats if s.is_ai]
        order = [*computers[:found.learner], actor.user_id, *computers[found.learner:]]
        return await self.lobby.start(match.id, actor, order)

    async def no_lesson_running(self, actor: Actor, game_slug: str) -> None:
        """Refuse a second lesson of a game while the actor's first one runs (here, or
        anywhere from the console), saying where it is."""
        for match in await self.store.find_matches(guild_id=actor.guild_id,
                                                   user_id=actor.user_id, statuses=(RUNNING,)):
            if match.lesson and match.game == game_slug:
                raise ServiceError(Text("lesson-running", {
                    "game": engines.get(game_slug).title, "match": match.id,
                    "where": f"<#{match.thread_id}>" if match.thread_id else "none"}))

    async def hint(self, match_id: int, actor: Actor) -> Hint:
        """The computer's choice for the actor's move, in an unrated match (counted)."""
        return await self.coach.hint(match_id, actor)

    async def review(self, match_id: int, actor: Actor, progress: Progress | None = None
                     ) -> Review:
        """The moments a finished match turned for the actor, with pictures."""
        return await self.coach.review(match_id, actor, progress)
