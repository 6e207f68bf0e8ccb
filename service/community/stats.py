"""What the service counts for the host's metrics (``/metrics``, :mod:`bot.host.health`): the
moves it recorded and its clock passes. Plain numbers in memory, per process, read at
scrape time; nothing here knows Prometheus."""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass
class Stats:
    moves: int = 0
    """Moves people submitted that were recorded (computer moves are not counted)."""
    clock_passes: int = 0
    pass_started: float | None = None
    """When the last clock pass began (``time.time()``); None: none yet."""
    pass_seconds: float = 0.0
    """How long the last pass's deadlines took."""
    pass_gap: float = 0.0
    """Seconds between the last two passes' starts (the loop's period plus its lag)."""

    def passed(self, started: float, ended: float) -> None:
        if self.pass_started is not None:
            self.pass_gap = started - self.pass_started
        self.pass_started, self.pass_seconds = started, ended - started
        self.clock_passes += 1

    def since_pass(self, now: float | None = None) -> float | None:
        """Seconds since the last pass began; None before the first."""
        if self.pass_started is None:
            return None
        return (time.time() if now is None else now) - self.pass_started
