"""bench.run.pooled: the rounds run one after another and each measure's samples are
joined across them, in order."""

from __future__ import annotations

import asyncio

from bench.run import pooled


def test_each_measure_is_joined_across_the_rounds_in_order():
    started: list[int] = []

    async def round_(number: int) -> tuple[list[float], list[float]]:
        started.append(number)
        return [float(number)], [10.0 * number, 10.0 * number + 1]

    joined = asyncio.run(pooled(round_(n) for n in range(3)))
    assert joined == [[0.0, 1.0, 2.0], [0.0, 1.0, 10.0, 11.0, 20.0, 21.0]]
    assert started == [0, 1, 2]


def test_no_rounds_no_samples():
    assert asyncio.run(pooled([])) == []
