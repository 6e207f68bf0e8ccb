"""Every game record shown in docs/ imports as the docs say: the result printed after it
(``Game over: …``), or, for a record shown as refused, that refusal word for word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engines
from service.common import names
from service.records.importer import RecordError, load_record

DOCS = Path(__file__).resolve().parents[2] / "docs"
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)


def examples() -> list[tuple[str, str, str]]:
    """(where, record, what the docs say it prints) for each record in docs/: a ``json``
    block holding a ``pantheon-record``, and the ``text`` block that follows it."""
    found = []
    for doc in sorted(DOCS.glob("*.md")):
        blocks = FENCE.findall(doc.read_text(encoding="utf-8"))
        for number, (kind, body) in enumerate(blocks):
            if kind == "json" and '"pantheon-record"' in body:
                after = blocks[number + 1] if number + 1 < len(blocks) else ("", "")
                assert after[0] == "text", f"{doc.name}: a record without its outcome"
                found.append((f"{doc.name}#{number}", body, after[1].strip()))
    return found


def test_the_docs_show_a_record_that_imports_and_one_that_is_refused():
    said = [outcome for _, _, outcome in examples()]
    assert any(s.startswith("Game over: ") for s in said)
    assert any(s.startswith("refused: ") for s in said)


@pytest.mark.parametrize(("where", "record", "outcome"), examples(),
                         ids=[where for where, _, _ in examples()])
def test_a_record_in_the_docs_imports_as_the_docs_say(where, record, outcome):
    if outcome.startswith("refused: "):
        with pytest.raises(RecordError) as refused:
            load_record(record)
        assert str(refused.value) == outcome.removeprefix("refused: ")
        return
    loaded = load_record(record)
    assert loaded.result is not None, where
    unit = engines.spec(loaded.game.slug).score_unit
    assert names.result_text(loaded.names, loaded.result, unit) == outcome
