"""How ``--import`` answers a generated hostile corpus (tests/hostile_records.py).

    python -m bench.import_corpus            # every file of the corpus
    python -m bench.import_corpus --every 4  # the share tests/records/test_import_corpus.py uses

Prints a Markdown table: files, imported, refused, tracebacks (any exception other
than a refusal), the slowest answers and the largest file, for the reading and replay
of each file (:func:`service.records.importer.load_record`; the store side, writes by
refusals included, is checked by the test).
"""

from __future__ import annotations

import argparse
import time

from service.records.importer import RecordError, load_record
from tests.hostile_records import corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1, help="one in so many type swaps")
    args = parser.parse_args()
    times: list[tuple[float, str, int]] = []
    imported = refused = tracebacks = 0
    for name, data in corpus(args.every):
        began = time.perf_counter()
        try:
            load_record(data)
            imported += 1
        except RecordError:
            refused += 1
        except Exception as exc:  # what the corpus is here to find
            tracebacks += 1
            print(f"traceback: {name}: {type(exc).__name__}")
        times.append((time.perf_counter() - began, name, len(data)))
    times.sort()
    print("| files | imported | refused | tracebacks | max answer | p99 answer | largest |")
    print("|---|---|---|---|---|---|---|")
    p99 = times[int(len(times) * 0.99)][0]
    print(f"| {len(times)} | {imported} | {refused} | {tracebacks} | {times[-1][0]:.2f} s "
          f"({times[-1][1]}) | {p99:.2f} s | {max(t[2] for t in times) // 1000} kB |")


if __name__ == "__main__":
    main()
