"""bench.run's helpers for the benchmark scripts: ``pooled`` runs the rounds one after
another and joins each measure's samples across them, in order; ``shown`` keeps a row and
prints it at once; ``command_line`` names the module in the usage."""

from __future__ import annotations

import asyncio

from bench.run import command_line, pooled, shown


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


def test_a_row_is_kept_and_printed(capsys):
    lines = ["| head |"]
    shown(lines, "| row |")
    assert lines == ["| head |", "| row |"]
    assert capsys.readouterr().out == "| row |\n"


def test_the_command_line_names_the_module_and_the_docstrings_first_line():
    parser = command_line("bench.example", "What it measures.\n\nMore words.")
    assert parser.prog == "python -m bench.example"
    assert parser.description == "What it measures."
