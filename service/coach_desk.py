"""The service's coach calls (a part of the facade :class:`service.Service`, kept apart so
that each module stays small): ``/hint`` and ``/review`` (:mod:`service.coach`)."""

from __future__ import annotations

from service import boundary
from service.coach import Coach, Hint, Progress, Review
from service.model import Actor


@boundary.guarded
class CoachDesk:
    """Coach calls of the facade, checked at the same boundary as the rest."""

    coach: Coach

    async def hint(self, match_id: int, actor: Actor) -> Hint:
        """The computer's choice for the actor's move, in an unrated match (counted)."""
        return await self.coach.hint(match_id, actor)

    async def review(self, match_id: int, actor: Actor, progress: Progress | None = None
                     ) -> Review:
        """The moments a finished match turned for the actor, with pictures."""
        return await self.coach.review(match_id, actor, progress)
