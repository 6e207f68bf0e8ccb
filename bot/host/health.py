"""The host's optional HTTP endpoint (``HEALTH_PORT``; off by default): ``/healthz`` and
``/metrics`` in Prometheus's text format (``prometheus-client``), served by aiohttp (which
discord.py already brings) on the bot's own event loop.

``/healthz`` answers 200 when the store answers a query, the gateway is connected and the
clock pass ran within three of its periods (503 otherwise), with each check in JSON.
``/metrics``: moves, interactions by kind and commands' latency, the clock pass's age,
duration and lag, the process pool's queue, posts that failed and Discord's 429s. The
last two are counted from the log records that say so (discord.py logs every 429 it
meets; the bot logs every post it could not make), so no call site needs to know.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from collections.abc import Iterator
from typing import Any

from aiohttp import web
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from service import Service
from service.common import pool

disable_created_metrics()  # no *_created series: a scrape shows only what is counted

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
STORE_TIMEOUT = 5.0
POST_LOGGERS = ("bot.match.publish", "bot.match.ui", "bot.events.tournament_ui",
                "bot.challenges.challenge_ui", "bot.match.threads", "bot.clocks.reminders")
"""Loggers whose warnings and errors are posts the bot could not make."""


class Telemetry:
    """The metrics of one bot process, in a registry of their own."""

    def __init__(self, service: Service, pass_period: float) -> None:
        self.service = service
        self.pass_period = pass_period
        self.registry = CollectorRegistry()
        self.interactions = Counter("pantheon_interactions", "Interactions received",
                                    ["kind"], registry=self.registry)
        self.latency = Histogram("pantheon_command_seconds",
                                 "Seconds from a command's arrival to its completion",
                                 registry=self.registry,
                                 buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30))
        self.posts_failed = Counter("pantheon_posts_failed", "Posts the bot could not make",
                                    registry=self.registry)
        self.rate_limited = Counter("pantheon_discord_429",
                                    "Responses 429 (rate limited) from Discord",
                                    registry=self.registry)
        self.registry.register(_ServiceCollector(service, pass_period))
        self.log_counter = LogCounter(self)

    def scrape(self) -> bytes:
        return generate_latest(self.registry)


class _ServiceCollector(Collector):
    """What the service counted, read at each scrape."""

    def __init__(self, service: Service, pass_period: float) -> None:
        self.service = service
        self.pass_period = pass_period

    def collect(self) -> Iterator[Metric]:
        stats = self.service.stats
        yield CounterMetricFamily("pantheon_moves", "Moves people played",
                                  value=stats.moves)
        yield CounterMetricFamily("pantheon_clock_passes", "Clock passes run",
                                  value=stats.clock_passes)
        since = stats.since_pass()
        yield GaugeMetricFamily("pantheon_clock_pass_age_seconds",
                                "Seconds since the last clock pass began",
                                value=math.nan if since is None else since)
        yield GaugeMetricFamily("pantheon_clock_pass_seconds",
                                "How long the last clock pass's deadlines took",
                                value=stats.pass_seconds)
        yield GaugeMetricFamily("pantheon_clock_pass_lag_seconds",
                                "How much later than its period the last pass began",
                                value=max(0.0, stats.pass_gap - self.pass_period)
                                if stats.pass_gap else 0.0)
        yield GaugeMetricFamily("pantheon_pool_queue",
                                "Jobs waiting in or run by the process pool",
                                value=pool_queue())


def pool_queue() -> int:
    """The pool's jobs not yet done (0 when it has not started)."""
    executor = pool._pool
    pending = getattr(executor, "_pending_work_items", None) if executor else None
    return len(pending) if pending is not None else 0


class LogCounter(logging.Handler):
    """Counts the log records that are metrics: Discord's 429s and failed posts."""

    def __init__(self, telemetry: Telemetry) -> None:
        super().__init__(logging.WARNING)
        self.telemetry = telemetry

    def emit(self, record: logging.LogRecord) -> None:
        if record.name == "discord.http" and "responded with 429" in record.getMessage():
            self.telemetry.rate_limited.inc()
        elif record.name in POST_LOGGERS:
            self.telemetry.posts_failed.inc()

    def attach(self) -> None:
        logging.getLogger().addHandler(self)

    def detach(self) -> None:
        logging.getLogger().removeHandler(self)


async def health(service: Service, connected: bool, pass_period: float
                 ) -> tuple[bool, dict[str, Any]]:
    """Whether the bot is healthy, and each check."""
    try:
        await asyncio.wait_for(service.store.schema_version(), STORE_TIMEOUT)
        store = "ok"
    except Exception as exc:  # any failure is the answer
        store = f"unreachable: {type(exc).__name__}"
    since = service.stats.since_pass()
    clock_ok = since is not None and since < 3 * pass_period
    checks: dict[str, Any] = {
        "store": store, "gateway": "connected" if connected else "disconnected",
        "clock_pass": ("never" if since is None else f"{since:.0f} s ago"),
    }
    ok = store == "ok" and connected and clock_ok
    return ok, {"ok": ok, **checks}


def make_app(telemetry: Telemetry, connected: Any) -> web.Application:
    """``connected()``: whether the gateway is connected now."""

    async def healthz(request: web.Request) -> web.Response:
        ok, body = await health(telemetry.service, bool(connected()), telemetry.pass_period)
        return web.json_response(body, status=200 if ok else 503)

    async def metrics(request: web.Request) -> web.Response:
        return web.Response(body=telemetry.scrape(), headers={"Content-Type": CONTENT_TYPE})

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", metrics)
    return app


async def serve(app: web.Application, host: str, port: int) -> web.AppRunner:
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner


def address(value: str) -> tuple[str, int] | None:
    """``HEALTH_PORT``: ``9100`` (on 127.0.0.1) or ``0.0.0.0:9100``; empty: off.
    ValueError says what is wrong."""
    value = value.strip()
    if not value:
        return None
    host, _, port = value.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"HEALTH_PORT must be a port (9100) or host:port, not {value!r}")
    return host or "127.0.0.1", int(port)


class JsonLines(logging.Formatter):
    """A log record as one JSON object per line (``LOG_FORMAT=json``)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname, "logger": record.name, "message": record.getMessage()}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def json_logs() -> None:
    """Every handler of the root logger writes JSON lines."""
    for handler in logging.getLogger().handlers:
        handler.setFormatter(JsonLines())
