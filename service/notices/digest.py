"""The words of notification DMs: the daily digest (every match waiting on a person,
longest wait first, with jump links and the time left on each clock: the "your turn"
overview of :mod:`service.match.overview`) and the summary of what quiet hours held back."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from db import FINISHED, HeldNotice, MatchRecord, Store
from engines.base import Result
from service.clocks.turn_clocks import TurnClocks
from service.common import clock_math
from service.common.model import Actor
from service.common.names import plural
from service.match import overview
from service.match.core import Matches


@dataclass(eq=False)
class Digest:
    store: Store
    matches: Matches
    clocks: TurnClocks

    def title(self, match: MatchRecord) -> str:
        return f"{self.matches.game_of(match.game).title} #{match.id}"

    @staticmethod
    def link_line(match: MatchRecord) -> str:
        """`` — <jump link>`` to the match's thread, or nothing outside a server."""
        place = match.thread_id or match.channel_id
        if match.guild_id is None or place is None:
            return ""
        return " — " + overview.LINK.format(guild=match.guild_id, channel=place)

    def ended_text(self, match: MatchRecord) -> str:
        if match.status == FINISHED and match.result:
            return self.matches.result_text(match, Result(**match.result))
        return "it was aborted."

    async def time_left(self, match: MatchRecord, user_id: int, now: datetime) -> str:
        """The time left on the person's clock in the match, in words."""
        turns = await self.clocks.turn_clocks(match, await self.store.clock(match.id), now)
        check = turns[user_id][2] if user_id in turns else None
        if check is None or check.deadline is None:
            return "no deadline"
        return f"{clock_math.hours_text(check.deadline - now)} left on the clock"

    async def waiting(self, user_id: int, now: datetime) -> list[overview.Turn]:
        """The matches waiting on the person, as ``/turns`` lists them, but for lessons:
        a lesson has no deadline and goes at the learner's pace, so no DM names it
        (issue 57; ``/turns``, asked, still lists it)."""
        turns = await overview.my_turns(self.store, self.matches, Actor(user_id), now)
        return [turn for turn in turns if not turn.match.lesson]

    async def daily(self, user_id: int, now: datetime) -> str | None:
        """The digest: every match waiting on the person (None when there is none: no DM
        that day)."""
        turns = await self.waiting(user_id, now)
        if not turns:
            return None
        lines = [f"Your daily digest: your move in {plural(len(turns), 'match', 'matches')}"
                 " (longest wait first)."]
        for number, turn in enumerate(turns, 1):
            versus = ", ".join(turn.opponents) or "nobody"
            left = await self.time_left(turn.match, user_id, now)
            lines.append(f"{number}. **{turn.title}** #{turn.match.id} vs {versus} — waiting "
                         f"{overview.waited_text(turn.waited)} — {left}"
                         f"{self.link_line(turn.match)}")
        lines.append("Deadlines and time banks run on each match's clock, not yours.")
        return "\n".join(lines)

    async def summary(self, user_id: int, held: list[HeldNotice], now: datetime
                      ) -> str | None:
        """What quiet hours held back, in one DM: the matches still waiting on the person,
        then the news of the matches they follow (None when nothing is left to say)."""
        waiting = {t.match.id: t for t in await self.waiting(user_id, now)}
        reminded = Counter(h.match_id for h in held if h.kind in ("reminder", "warning"))
        mine = [waiting[m] for m in dict.fromkeys(
            h.match_id for h in held if h.kind in ("turn", "reminder", "warning"))
            if m in waiting]
        mine.sort(key=lambda t: (-t.waited, t.match.id))
        changed = list(dict.fromkeys(h.match_id for h in held if h.kind == "private"))
        listed = {t.match.id for t in mine}
        lines = []
        if mine:
            lines.append(f"While you slept: your move in "
                         f"{plural(len(mine), 'match', 'matches')}.")
            for turn in mine:
                extra = (f" ({plural(reminded[turn.match.id], 'reminder')})"
                         if reminded[turn.match.id] else "")
                left = await self.time_left(turn.match, user_id, now)
                view = ("; your private view changed (/myview shows it)"
                        if turn.match.id in changed else "")
                lines.append(f"- **{turn.title}** #{turn.match.id}{extra} — {left}{view}"
                             f"{self.link_line(turn.match)}")
        for match_id in changed:  # a match listed above is not listed again
            match = None if match_id in listed else await self.store.get_match(match_id)
            if match is not None and not match.lesson:
                if not lines:
                    lines.append("While you slept:")
                lines.append(f"- {self.title(match)}: your private view changed (/myview "
                             f"shows it){self.link_line(match)}")
        moved = Counter(h.match_id for h in held if h.kind == "moved")
        ended = list(dict.fromkeys(h.match_id for h in held if h.kind == "ended"))
        for match_id in [*dict.fromkeys(moved), *ended]:
            match = await self.store.get_match(match_id)
            if match is None or match.lesson or (match_id in moved and match_id in ended):
                continue  # an ended match is said once, below its moves; a lesson never
            if not lines:
                lines.append("While you slept:")
            if match_id in ended:
                lines.append(f"- {self.title(match)}, which you follow, is over: "
                             f"{self.ended_text(match)}{self.link_line(match)}")
            else:
                lines.append(f"- {self.title(match)}, which you follow: "
                             f"{plural(moved[match_id], 'new board')}"
                             f"{self.link_line(match)}")
        for match_id in ended:
            if match_id in moved:
                match = await self.store.get_match(match_id)
                if match is not None and not match.lesson:
                    lines.append(f"- {self.title(match)}, which you follow, is over: "
                                 f"{self.ended_text(match)}{self.link_line(match)}")
        return "\n".join(lines) or None
