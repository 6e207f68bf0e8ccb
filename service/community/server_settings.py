"""``/settings``: what a server's moderators (Manage Server) decide for it, stored per
server, said back in words, and applied where matches, challenges and tournaments are
made (:meth:`Servers.admit`, the gate of every new match, :mod:`service.match.gate`;
:meth:`Servers.govern` for challenges and tournaments). No
Discord in here.

- ``channel``: the one text channel or forum new matches, challenges and tournaments are
  started in (None: anywhere). Elsewhere they are refused with a sentence naming it.
  (Which commands may be used where is Discord's own: Server Settings → Integrations.)
- ``remind``, ``deadline``, ``on_timeout``: default clock terms for new matches and
  challenges, used where the member chose none.
- ``tournament_role``: only members with this role (or Manage Server) create
  tournaments (None: anyone).
- ``ping_role``: a role the bot may mention when a tournament opens. None by default; the
  bot never mentions ``@everyone`` or ``@here``.
- ``your_turn``: how "your turn" reaches members who have not chosen with ``/notify``.
- ``games``: the games that may be played here (None: all).
- ``language``: the language of what its channels and threads show (issue 58; None: the
  server's preferred language in Discord, Server Settings → Community). What one member
  sees alone is in their own (``/language``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import speech
from db import Store
from engines.base import Game
from service.common import boundary, clock_math
from service.common.model import Actor, ServiceError
from service.community.languages import AUTOMATIC
from service.community.limits import Caps
from service.match import gate
from service.match.terms import MatchTerms
from service.notices.notify import YOUR_TURN

SERVER_TURN = ("mention", "dm", "off")
"""The ``your_turn`` a server may set for its members (not ``digest``: a digest needs the
member's own hour, ``/notify digest_hour``)."""
PLURAL = {"challenge": "challenges", "tournament": "tournaments"}


@dataclass(frozen=True)
class ServerSettings:
    channel: int | None = None
    remind: int | None = None
    deadline: int | None = None
    on_timeout: str | None = None
    tournament_role: int | None = None
    ping_role: int | None = None
    your_turn: str = "mention"
    games: tuple[str, ...] | None = None
    language: str | None = None

    def stored(self) -> dict[str, Any]:
        """Only what differs from the defaults (what a moderator changed)."""
        base = ServerSettings()
        return {k: list(v) if isinstance(v, tuple) else v
                for k, v in dataclasses.asdict(self).items() if v != getattr(base, k)}

    @classmethod
    def of(cls, stored: dict[str, Any]) -> ServerSettings:
        names = {f.name for f in dataclasses.fields(cls)}
        kept = {k: v for k, v in stored.items() if k in names}
        if kept.get("games") is not None:
            kept["games"] = tuple(kept["games"])
        return cls(**kept)


KINDS = {"challenge": "challenge", "tournament": "tournament"}


@boundary.guarded
@dataclass
class Servers:
    store: Store
    listing: Callable[[], Iterable[Game]]
    caps: Caps | None = None
    """The limits on what members may open (:mod:`service.community.limits`)."""

    async def get(self, guild_id: int | None) -> ServerSettings:
        if guild_id is None:
            return ServerSettings()
        return ServerSettings.of(await self.store.server_settings(guild_id))

    # --- changing them ----------------------------------------------------------------
    async def change(self, actor: Actor, *, channel: int | None = None,
                     remind: int | None = None, deadline: int | None = None,
                     on_timeout: str | None = None, tournament_role: int | None = None,
                     ping_role: int | None = None, your_turn: str | None = None,
                     games: str | None = None, clear: str | None = None,
                     language: str | None = None) -> str:
        """Change the given settings (Manage Server only); ``clear``: a setting's name
        (or ``all``) back to its default; ``language``: one of the catalogues' or
        ``automatic`` (the server's Discord language). The settings now, in words."""
        if actor.guild_id is None:
            raise ServiceError("Server settings are set in the server, not in a DM.")
        current = await self.get(actor.guild_id)
        given = {k: v for k, v in (("channel", channel), ("remind", remind),
                                   ("deadline", deadline), ("on_timeout", on_timeout),
                                   ("tournament_role", tournament_role),
                                   ("ping_role", ping_role), ("your_turn", your_turn))
                 if v is not None}
        if language is not None:
            if language != AUTOMATIC and language not in speech.LANGUAGES:
                raise ServiceError(f"Choose the server's language from "
                                   f"{', '.join((*speech.LANGUAGES, AUTOMATIC))}.")
            clear = "language" if language == AUTOMATIC and clear is None else clear
            if language != AUTOMATIC:
                given["language"] = language
        if given or games is not None or clear is not None:
            if not actor.is_admin:
                raise ServiceError("Only a member with Manage Server can change the settings.")
            changed = self._checked(current, given, games)
            changed = self._cleared(changed, clear)
            await self.store.save_server_settings(actor.guild_id, changed.stored())
            current = changed
        return self.words(current)

    def _checked(self, current: ServerSettings, given: dict[str, Any],
                 games: str | None) -> ServerSettings:
        remind, deadline = given.get("remind"), given.get("deadline")
        if remind is not None and not 0 <= remind <= clock_math.MAX_REMIND_HOURS:
            raise ServiceError(f"Choose a first reminder between 0 and "
                               f"{clock_math.MAX_REMIND_HOURS} hours.")
        if deadline is not None and not 0 <= deadline <= clock_math.MAX_DEADLINE_HOURS:
            raise ServiceError(f"Choose a deadline between 0 and "
                               f"{clock_math.MAX_DEADLINE_HOURS} hours.")
        if given.get("on_timeout") not in (None, *clock_math.ON_TIMEOUT):
            raise ServiceError(f"On timeout is one of {', '.join(clock_math.ON_TIMEOUT)}.")
        if given.get("your_turn") not in (None, *SERVER_TURN):
            raise ServiceError(f"Your turn is one of {', '.join(SERVER_TURN)} (a digest is "
                               "each member's own choice: it needs their hour).")
        changed = dataclasses.replace(current, **given)
        if games is not None:
            changed = dataclasses.replace(changed, games=self._games(games))
        return changed

    def _games(self, text: str) -> tuple[str, ...] | None:
        """``all`` or games by slug or title, separated by commas."""
        if text.strip().lower() in ("all", ""):
            return None
        known = {g.slug: g for g in self.listing()}
        by_title = {g.title.lower(): g.slug for g in known.values()}
        chosen = []
        for word in (w.strip().lower() for w in text.split(",") if w.strip()):
            slug = word if word in known else by_title.get(word)
            if slug is None:
                raise ServiceError(f"I know no game called {word!r}; the games are "
                                   f"{', '.join(known)}.")
            chosen.append(slug)
        return tuple(dict.fromkeys(chosen))

    @staticmethod
    def _cleared(current: ServerSettings, clear: str | None) -> ServerSettings:
        if clear is None:
            return current
        if clear == "all":
            return ServerSettings()
        names = {f.name for f in dataclasses.fields(ServerSettings)}
        if clear not in names:
            raise ServiceError(f"There is no setting {clear!r}; the settings are "
                               f"{', '.join(sorted(names))}.")
        return dataclasses.replace(current, **{clear: getattr(ServerSettings(), clear)})

    # --- in words -------------------------------------------------------------------------
    def words(self, s: ServerSettings) -> str:
        titles = {g.slug: g.title for g in self.listing()}
        clock = [f"first reminder after {s.remind} h" if s.remind is not None else None,
                 f"deadline {s.deadline} h per turn" if s.deadline else None,
                 f"on timeout: {s.on_timeout}" if s.on_timeout else None]
        said = [c for c in clock if c]
        return "\n".join([
            "This server's settings:",
            "- Matches, challenges and tournaments start in: "
            + (f"<#{s.channel}> only." if s.channel else "any text channel or forum."),
            "- Default clock for new matches and challenges: "
            + ("; ".join(said) + "." if said else "the bot's (reminders after 24 h, "
               "no deadline)."),
            "- Tournaments may be created by: "
            + (f"members with <@&{s.tournament_role}> (and Manage Server)."
               if s.tournament_role else "anyone."),
            "- When a tournament opens I mention: "
            + (f"<@&{s.ping_role}>." if s.ping_role else "nobody (never @everyone or @here)."),
            f"- \u201cYour turn\u201d reaches members who have not chosen (`/notify`) by: "
            f"{YOUR_TURN[s.your_turn]}.",
            "- Games: " + (", ".join(titles.get(g, g) for g in s.games) + " only."
                           if s.games else "all."),
            "- Channels and threads show my words in: "
            + (f"{speech.name_of(s.language)}." if s.language else
               "this server's language in Discord (Server Settings → Community)."),
        ])

    async def languages(self) -> dict[int, str]:
        """The servers that chose the language of their channels, and that language."""
        return await self.store.server_languages()

    # --- applying them --------------------------------------------------------------------
    async def govern(self, actor: Actor, game_slug: str, channel_id: int | None,
                     terms: MatchTerms | None, what: str) -> MatchTerms | None:
        """Refuse a new challenge or tournament (``what``) the server's settings (and the
        caps) do not allow; the terms with the server's default clock where none was
        chosen. A new match passes :meth:`admit` instead."""
        settings = await self.get(actor.guild_id)
        self._in_place(settings, game_slug, channel_id, PLURAL[what])
        if (what == "tournament" and settings.tournament_role is not None
                and not actor.is_admin and settings.tournament_role not in actor.roles):
            raise ServiceError(f"Only members with <@&{settings.tournament_role}> create "
                               "tournaments here.")
        if self.caps is not None:
            await self.caps.check(actor, KINDS[what])
        return None if terms is None else self._with_defaults(settings, terms)

    async def admit(self, actor: Actor, game_slug: str, channel_id: int | None,
                    terms: MatchTerms, kind: str) -> MatchTerms:
        """The gate of every new match (:mod:`service.match.gate`): refuse one the server's
        rules for its ``kind`` do not allow; the terms with the server's default clock
        where none was chosen."""
        rules = gate.RULES.get(kind)
        if rules is None:
            raise ValueError(f"no way of making a match is called {kind!r}")
        if not rules.deadline and (terms.deadline or terms.bank):
            raise ServiceError(gate.NO_DEADLINE)
        settings = await self.get(actor.guild_id) if rules.server else ServerSettings()
        self._in_place(settings, game_slug, channel_id if rules.channel else None,
                       "matches", games=rules.games)
        if self.caps is not None and rules.cap is not None:
            await self.caps.check(actor, rules.cap)
        return self._with_defaults(settings, terms)

    def allowed_games(self, settings: ServerSettings) -> list[Game]:
        """The games a new match may be of here, in the games' order."""
        return [g for g in self.listing() if settings.games is None or g.slug in settings.games]

    def _in_place(self, settings: ServerSettings, game_slug: str, channel_id: int | None,
                  plural: str, games: bool = True) -> None:
        if settings.channel is not None and channel_id not in (None, settings.channel):
            raise ServiceError(f"In this server {plural} start in <#{settings.channel}>.")
        if games and settings.games is not None and game_slug not in settings.games:
            titles = {g.slug: g.title for g in self.listing()}
            raise ServiceError(f"This server plays only "
                               f"{', '.join(titles.get(g, g) for g in settings.games)}.")

    @staticmethod
    def _with_defaults(settings: ServerSettings, terms: MatchTerms) -> MatchTerms:
        return dataclasses.replace(
            terms,
            remind=terms.remind if terms.remind is not None else settings.remind,
            deadline=(terms.deadline if terms.deadline is not None or terms.bank is not None
                      else settings.deadline),
            on_timeout=terms.on_timeout or settings.on_timeout)

    async def your_turn(self, guild_id: int | None) -> str:
        """How "your turn" reaches a member of this server who has not chosen."""
        return (await self.get(guild_id)).your_turn
