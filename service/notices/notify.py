"""Notifications people keep on: each person's time zone, quiet hours, how "your turn"
reaches them and a daily digest (``/notify``), and following or muting a match.

Settings are per person, not per server: a night is the same in every server. Every ping
the bot makes for a turn (the mention under a board, a reminder, a deadline warning, a
followed match's news) is routed here first, and none is made for a lesson (:meth:`Notify.deliver`,
:meth:`Notify.route`): in quiet hours nothing is pinged or sent, the notice is held as a
row instead and goes out once, summed up, when the quiet hours end (one DM). A deadline
warning that would fall in quiet hours comes before they begin (:meth:`Notify.early`):
deadlines and time banks are the match's and never move for anyone's night. The digest
and the held notices ride the clock pass with claims (:meth:`db.Store.claim_notices`),
so each goes out once across processes, and survives restarts.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from db import ABORTED, FINISHED, MatchRecord, NotifySettings, Store
from service.common import boundary
from service.common.clock_math import Check
from service.common.model import Actor, ServiceError, Update
from service.match.core import Matches, Now
from service.notices import quiet
from service.notices.digest import Digest

YOUR_TURN = {"mention": "a mention in the match's thread", "dm": "a DM from me",
             "digest": "only your daily digest", "off": "nothing"}
"""How "your turn" may reach a person, and how the settings say it."""
FOLLOW = {"end": "a DM when it ends", "moves": "a DM at every move",
          "mute": "no pings for it", "off": "nothing"}
"""What following a match (spectators) or muting it (its players) means."""
CLOCK_RULE = ("Deadlines and time banks are unchanged by quiet hours: a clock is the "
              "match's, not yours. A deadline warning that would fall in your quiet hours "
              "comes before they begin.")
EARLY = timedelta(minutes=15)
"""How long before quiet hours begin a deadline warning due in them is sent (the clock
loop runs every 10 minutes)."""
LEASE = timedelta(minutes=5)
CLAIM_BATCH = 100


@dataclass
class Delivery:
    """Whom an update may ping now: the users to mention under the board, the DMs to
    send (user → text), and whose private posts wait."""

    mentions: list[int] = field(default_factory=list)
    dms: dict[int, str] = field(default_factory=dict)
    quiet: set[int] = field(default_factory=set)
    """Players in their quiet hours: their private posts are not DM'd now (``/myview``
    shows them; the summary says the view changed)."""


@dataclass
class Routed:
    """A reminder's players, routed: pinged in the thread, sent a DM, or held."""

    pings: list[int] = field(default_factory=list)
    dms: list[int] = field(default_factory=list)
    held: list[int] = field(default_factory=list)


@dataclass
class Notice:
    """One person's due DM (the digest, the held notices summed up, or both); ``text``
    None when nothing is left to say (the notices are cleared all the same)."""

    user_id: int
    text: str | None
    held_upto: int | None
    digest_sent: bool
    digest_at: datetime | None


@boundary.guarded
@dataclass(eq=False)
class Notify:
    store: Store
    matches: Matches
    digest: Digest
    now: Now
    worker: Callable[[], str]
    """This process's name for its claims (the clock pass's)."""
    default_turn: Callable[[int | None], Awaitable[str]] | None = None
    """How "your turn" reaches a server's members who chose nothing (``/settings``)."""

    # --- settings -----------------------------------------------------------------------
    async def settings(self, user_ids: Iterable[int], guild_id: int | None = None
                       ) -> dict[int, NotifySettings]:
        """Each user's settings, the defaults for those who set none (the server's
        ``your_turn`` for a match of ``guild_id``)."""
        ids = [u for u in dict.fromkeys(user_ids) if u > 0]
        kept = await self.store.notify_settings(ids)
        turn = "mention"
        if guild_id is not None and self.default_turn is not None and len(kept) < len(ids):
            turn = await self.default_turn(guild_id)
        return {u: kept.get(u) or NotifySettings(u, your_turn=turn) for u in ids}

    async def configure(self, actor: Actor, time_zone: str | None = None,
                        quiet_hours: str | None = None, your_turn: str | None = None,
                        digest_hour: int | None = None, now: datetime | None = None) -> str:
        """Change the given settings (none: show them) and say them back in words.
        ``digest_hour`` -1 turns the digest off."""
        now = now or self.now()
        if actor.user_id <= 0:
            raise ServiceError("Only a person has notification settings, not a computer.")
        mine = (await self.settings([actor.user_id]))[actor.user_id]
        changed = replace(mine)
        if time_zone is not None:
            changed.time_zone = quiet.zone(quiet.zone_name(
                boundary.word(time_zone, "The time zone"))).key
        if quiet_hours is not None:
            window = quiet.parse_quiet(boundary.word(quiet_hours, "Quiet hours"))
            changed.quiet_start, changed.quiet_end = window or (None, None)
        if your_turn is not None:
            if your_turn not in YOUR_TURN:
                raise ServiceError("Choose how your turn reaches you: "
                                   + ", ".join(YOUR_TURN) + ".")
            changed.your_turn = your_turn
        if digest_hour is not None:
            hour = boundary.whole_number(digest_hour, "The digest's hour", -1, 23)
            changed.digest_hour = None if hour < 0 else hour
        if changed != mine or your_turn is not None:  # a choice, even the default one,
            self.check(changed)                        # is kept: it wins over /settings
            await self.store.save_notify_settings(changed, self.next_digest(changed, now))
        return self.describe(changed, now)

    @staticmethod
    def check(settings: NotifySettings) -> None:
        """Refuse a digest hour inside the quiet hours (no DM goes out then)."""
        hour, start, end = settings.digest_hour, settings.quiet_start, settings.quiet_end
        if hour is not None and start is not None and end is not None \
                and quiet.in_window(hour * 60, start, end):
            raise ServiceError(f"Your digest at {hour:02d}:00 would fall in your quiet hours "
                               f"({quiet.clock_text(start)}–{quiet.clock_text(end)}): "
                               "choose another hour or other quiet hours.")

    @staticmethod
    def next_digest(settings: NotifySettings, now: datetime) -> datetime | None:
        if settings.digest_hour is None:
            return None
        return quiet.next_digest(now, quiet.zone(settings.time_zone), settings.digest_hour)

    def describe(self, settings: NotifySettings, now: datetime) -> str:
        """The settings in words, with the sentence on clocks."""
        where = quiet.zone(settings.time_zone)
        local = now.astimezone(where)
        lines = [f"Your time zone: {settings.time_zone} (it is {local:%H:%M} there now)."]
        start, end = settings.quiet_start, settings.quiet_end
        if start is None or end is None:
            lines.append("Quiet hours: none — I may ping you at any hour.")
        else:
            state = " (now)" if quiet.is_quiet(now, where, start, end) else ""
            lines.append(f"Quiet hours: {quiet.clock_text(start)}–{quiet.clock_text(end)}"
                         f"{state} — no pings and no DMs then; what was held comes in one "
                         "DM when they end.")
        lines.append(f"Your turn reaches you by: {YOUR_TURN[settings.your_turn]}.")
        if settings.digest_hour is None:
            lines.append("Daily digest: off.")
        else:
            lines.append(f"Daily digest: one DM at {settings.digest_hour:02d}:00 listing "
                         "every match waiting on you.")
        lines.append(CLOCK_RULE)
        return "\n".join(lines)

    # --- routing ------------------------------------------------------------------------
    def quiet_until(self, settings: NotifySettings, now: datetime) -> datetime | None:
        """When the person's quiet hours end, if they are in them now."""
        start, end = settings.quiet_start, settings.quiet_end
        if start is None or end is None:
            return None
        where = quiet.zone(settings.time_zone)
        return quiet.quiet_end(now, where, start, end) \
            if quiet.is_quiet(now, where, start, end) else None

    async def hold(self, notices: list[tuple[int, int, str]],
                   settings: dict[int, NotifySettings], now: datetime) -> None:
        """Hold ``(user, match, kind)`` notices until each user's quiet hours end."""
        until = {u: end for u, _, _ in notices
                 if (end := self.quiet_until(settings[u], now)) is not None}
        await self.store.hold_notices(notices, now, until)

    async def deliver(self, update: Update, now: datetime | None = None) -> Delivery:
        """Whom the update's board may ping, and the DMs to send for it (the turn's
        players by their settings, followers of the match); what quiet hours hold back
        is stored to go out when they end."""
        now = now or self.now()
        match, post = update.match, update.public
        follows = await self.store.follows(match.id)
        ended = match.status in (FINISHED, ABORTED)
        fans = [u for u, mode in follows.items()
                if post is not None and (mode == "moves" or (mode == "end" and ended))]
        mentions = post.mentions if post is not None else []
        if match.lesson:  # a lesson pings and tells nobody, now or later (issue 57)
            mentions, fans = [], []
        everyone = await self.settings([*mentions, *fans, *update.private], match.guild_id)
        out, held = Delivery(), []
        link = self.digest.link_line(match)
        for user_id in update.private:  # a private view's DM waits for the morning too
            mine = everyone.get(user_id)
            if mine is not None and self.quiet_until(mine, now) is not None:
                if not match.lesson:  # the summary after quiet hours names no lesson
                    held.append((user_id, match.id, "private"))
                out.quiet.add(user_id)
        for user_id in mentions:
            mine = everyone.get(user_id)
            if mine is None:  # a computer's id: nothing to ping
                continue
            if follows.get(user_id) == "mute" or mine.your_turn in ("digest", "off"):
                continue
            if self.quiet_until(mine, now) is not None:
                held.append((user_id, match.id, "turn"))
            elif mine.your_turn == "mention":
                out.mentions.append(user_id)
            else:
                out.dms[user_id] = f"Your turn in {self.title(match)}.{link}"
        for user_id in fans:
            kind = "ended" if ended else "moved"
            if self.quiet_until(everyone[user_id], now) is not None:
                held.append((user_id, match.id, kind))
                continue
            first = post.text.split("\n", 1)[0] if post is not None else ""
            out.dms[user_id] = (
                f"{self.title(match)}, which you follow, is over: "
                f"{self.digest.ended_text(match)}{link}" if ended else
                f"{self.title(match)}, which you follow: {first}{link}")
        await self.hold(held, everyone, now)
        return out

    async def route(self, match: MatchRecord, user_ids: list[int], now: datetime
                    ) -> Routed:
        """A reminder's players: pinged in the thread, sent a DM, held until their quiet
        hours end, or left out (muted, digest only, off; everyone, for a lesson)."""
        if match.lesson:  # none is due (TurnClocks), and none would reach anyone
            return Routed()
        follows = await self.store.follows(match.id)
        everyone = await self.settings(user_ids, match.guild_id)
        out = Routed()
        for user_id in user_ids:
            mine = everyone.get(user_id)
            if mine is None or follows.get(user_id) == "mute" \
                    or mine.your_turn in ("digest", "off"):
                continue
            if self.quiet_until(mine, now) is not None:
                out.held.append(user_id)
            elif mine.your_turn == "mention":
                out.pings.append(user_id)
            else:
                out.dms.append(user_id)
        return out

    async def early(self, checks: dict[int, Check], now: datetime
                    ) -> tuple[set[int], datetime | None]:
        """Deadline warnings that would fall in a player's quiet hours come before they
        begin: the players whose warning is due now for that reason, and when the pass
        must look again for the others."""
        waiting = [u for u, c in checks.items() if c.warn_at is not None and c.warn_at > now
                   and not c.warn]
        everyone = await self.settings(waiting)
        due, later = set(), []
        for user_id in waiting:
            mine, warn_at = everyone.get(user_id), checks[user_id].warn_at
            if mine is None or mine.quiet_start is None or mine.quiet_end is None \
                    or warn_at is None:
                continue
            begun = quiet.quiet_start(warn_at, quiet.zone(mine.time_zone),
                                      mine.quiet_start, mine.quiet_end)
            if begun is None:
                continue
            if now >= begun - EARLY:
                due.add(user_id)
            else:
                later.append(begun - EARLY)
        return due, min(later, default=None)

    # --- the notice pass ----------------------------------------------------------------
    async def notices_due(self, now: datetime) -> list[Notice]:
        """The DMs due at ``now`` (digests, held notices summed up), each person claimed
        by this process until :meth:`sent`."""
        out = []
        for due in await self.store.claim_notices(now, self.worker(), lease=LEASE,
                                                  limit=CLAIM_BATCH):
            mine = due.settings
            parts = []
            if due.held:
                parts.append(await self.digest.summary(mine.user_id, due.held, now))
            if due.digest_due:
                parts.append(await self.digest.daily(mine.user_id, now))
            text = "\n\n".join(p for p in parts if p) or None
            out.append(Notice(mine.user_id, text, due.held[-1].id if due.held else None,
                              due.digest_due, self.next_digest(mine, now)))
        return out

    async def sent(self, notice: Notice) -> None:
        """Record the notice as delivered (a refused DM too: it is not retried)."""
        await self.store.notices_sent(notice.user_id, self.worker(),
                                      held_upto=notice.held_upto, digest_at=notice.digest_at,
                                      digest_sent=notice.digest_sent)

    # --- following and muting -----------------------------------------------------------
    async def follow(self, match_id: int, actor: Actor, mode: str) -> str:
        """Follow a match as a spectator (``end``, ``moves``), mute one you play in
        (``mute``), or stop (``off``)."""
        match = await self.matches.readable(match_id, actor)
        if mode not in FOLLOW:
            raise ServiceError("Choose " + ", ".join(FOLLOW) + ".")
        plays = match.seat_of(actor.user_id) is not None
        if mode in ("end", "moves") and plays:
            raise ServiceError("You play in this match, so its turns reach you already; "
                               "mute it instead if you want no pings for it.")
        if mode == "mute" and not plays:
            raise ServiceError("You can mute only a match you play in; stop following "
                               "it instead.")
        if mode != "off" and match.status in (FINISHED, ABORTED):
            raise ServiceError("This match is over.")
        await self.store.set_follow(match.id, actor.user_id, None if mode == "off" else mode)
        if mode == "off":
            return f"{self.title(match)}: you neither follow nor mute it now."
        if mode == "mute":
            return (f"{self.title(match)} is muted: no pings or DMs for it (your daily "
                    "digest still lists it when it waits on you, and its clock runs as "
                    "ever).")
        return f"You follow {self.title(match)}: {FOLLOW[mode]}."

    def title(self, match: MatchRecord) -> str:
        return f"{self.matches.game_of(match.game).title} #{match.id}"
