"""One server flooded by many members, with the caps (:mod:`service.community.limits`) and without.

    python -m bench.flood [--members 40] [--tries 4]

Under simcord (an in-process Discord running discord.py's real parsing), ``--members``
members each send ``--tries`` ``/match start`` and as many ``/challenge`` at once, then
the same again. Prints, with the bot's default caps and with none: the commands sent,
started, refused (and whether every refusal was one line), threads and channel posts
made, the REST requests the bot made on its own account (interaction answers are not
counted: Discord does not rate-limit them against the bot), those per started command,
the most posts in one channel, 429s, and lost commands (an error instead of an answer,
or a started match without its thread and lobby). Discord's limits to compare against:
50 requests a second per bot, 5 messages per 5 seconds per channel, 1,000 active
threads per server. simcord answers no 429 (it does not rate-limit), so the table shows
the load the caps let through.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import logging
import tempfile
import time
from pathlib import Path

import simcord

import bot.client as client_module
import engines
from bot.client import Pantheon
from bot.config import Settings
from db import open_store
from engines.ai import RandomPlayer
from service import Service
from service.community.limits import OFF, Limits

OWN = ("/interactions/", "/webhooks/")


def answer(result: simcord.InteractionResult) -> str:
    message = result.followups[-1] if result.followups else result.response
    return (getattr(message, "content", None) or "") if message else ""


async def flood(members: int, tries: int, limits: Limits) -> dict[str, object]:
    folder = tempfile.mkdtemp(prefix="pantheon-flood-")
    path = str(Path(folder) / "flood.db")
    await (await open_store(path)).close()

    def service(store, **kwargs):
        kwargs.update(offload="thread", limits=limits)
        return Service(store, seed_source=lambda: 7, shuffle=lambda s: None,
                       player=RandomPlayer(), **kwargs)

    client_module.Service = service  # type: ignore[misc,assignment]
    bot = Pantheon(Settings(token="simcord", database_path=path, log_level="WARNING",
                            dev_guild_id=None, boards_dir=folder))
    env = simcord.Env(bot, settle_timeout=300)
    await env.start()
    try:
        guild = env.create_guild("Flooded")
        channel = guild.create_text_channel("games")
        people = [guild.add_member(env.create_user(f"m{i}")) for i in range(members)]
        game = engines.all()[0].slug  # the registry's first two-player game
        started = refused = lost = multi_line = sent = 0
        begun = time.perf_counter()
        for _round in range(2):
            for i, person in enumerate(people):
                for _ in range(tries):
                    for name, options in (
                            ("match start", {"game": game}),
                            ("challenge", {"opponent": people[(i + 1) % members],
                                           "game": game})):
                        sent += 1
                        try:
                            result = await person.slash(channel, name, **options)
                        except Exception:
                            lost += 1
                            continue
                        text = answer(result)
                        if "is open in" in text or "is posted" in text:
                            started += 1
                        elif text:
                            refused += 1
                            multi_line += "\n" in text
                        else:
                            lost += 1
        seconds = time.perf_counter() - begun
        service_ = bot.service
        assert service_ is not None
        lobbies = await service_.store.query("SELECT id, thread_id FROM matches")
        lost += sum(1 for _, thread in lobbies if thread is None)
        own = [r for r in env.http_requests if not r.path.startswith(OWN)]
        posts = collections.Counter(r.path for r in own
                                    if r.method == "POST" and r.path.endswith("/messages"))
        threads = sum(1 for r in own if r.method == "POST" and "/threads" in r.path)
        return {"caps": "default" if limits != OFF else "none", "sent": sent,
                "started": started, "refused": refused,
                "one line": "yes" if not multi_line else f"no ({multi_line})",
                "threads": threads, "posts": sum(posts.values()),
                "requests": len(own), "per start": round(len(own) / max(1, started), 1),
                "most in a channel": max(posts.values(), default=0), "429s": 0,
                "lost": lost, "s": round(seconds, 1)}
    finally:
        await env.shutdown()
        await bot.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--members", type=int, default=40)
    parser.add_argument("--tries", type=int, default=4)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    rows = [await flood(args.members, args.tries, limits) for limits in (Limits(), OFF)]
    columns = list(rows[0])
    print(f"{args.members} members × {args.tries} × (/match start + /challenge), twice")
    print(" | ".join(columns))
    for row in rows:
        print(" | ".join(str(row[c]) for c in columns))


if __name__ == "__main__":
    asyncio.run(main())
