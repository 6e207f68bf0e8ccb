"""The host's health and metrics (:mod:`bot.host.health`): counts every interaction and each
command's latency, and serves ``/healthz`` and ``/metrics`` when ``HEALTH_PORT`` is set
(off by default). ``LOG_FORMAT=json`` writes the logs as JSON lines."""

from __future__ import annotations

import logging
import math
import os
import time

import discord
from aiohttp import web
from discord import app_commands
from discord.ext import commands

from bot.clocks.reminders import CHECK_EVERY_MINUTES
from bot.host.health import Telemetry, address, json_logs, make_app, serve
from bot.kit.common import PantheonCog

log = logging.getLogger(__name__)

KEEP_STARTS = 1000
"""Commands in flight whose start is kept (a command that failed never completes)."""


class Health(PantheonCog):
    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot)
        self.telemetry = Telemetry(self.service, CHECK_EVERY_MINUTES * 60)
        self.runner: web.AppRunner | None = None
        self._started: dict[int, float] = {}

    async def cog_load(self) -> None:
        self.telemetry.log_counter.attach()
        if os.environ.get("LOG_FORMAT", "").strip().lower() == "json":
            json_logs()
        where = address(os.environ.get("HEALTH_PORT", ""))
        if where is not None:
            self.runner = await serve(make_app(self.telemetry, self.connected), *where)
            log.info("health and metrics on http://%s:%s/healthz and /metrics", *where)

    async def cog_unload(self) -> None:
        self.telemetry.log_counter.detach()
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    def connected(self) -> bool:
        bot = self.bot
        return bot.is_ready() and not bot.is_closed() and math.isfinite(bot.latency)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.telemetry.interactions.labels(kind=interaction.type.name).inc()
        if interaction.type == discord.InteractionType.application_command:
            if len(self._started) >= KEEP_STARTS:
                self._started.clear()
            self._started[interaction.id] = time.monotonic()

    @commands.Cog.listener()
    async def on_app_command_completion(self, interaction: discord.Interaction,
                                        command: app_commands.Command | app_commands.ContextMenu
                                        ) -> None:
        started = self._started.pop(interaction.id, None)
        if started is not None:
            self.telemetry.latency.observe(time.monotonic() - started)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Health(bot))
