"""Fuzz every input kind of `tests/fuzz` at scale: >= 10,000 cases per kind by default.

    python bench/fuzz.py                       # every kind, 10,000 cases each
    python bench/fuzz.py saves cli -n 20000    # some kinds, more cases
    python bench/fuzz.py --seed 7              # another sample (the default is seed 0)

Prints, per kind, the cases run, their outcomes, the broken promises (defects) and the
tracebacks, with the first few of each shown in full. Exit status 1 if any case broke a
promise or raised. A new kind is a new module in `tests/fuzz` (see its ``__init__``).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hypothesis import HealthCheck, Phase, given, seed, settings

from tests.fuzz import Kind, kinds

SHOWN = 3  # problems printed in full per kind


@dataclass
class Tally:
    cases: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    defects: list[str] = field(default_factory=list)
    tracebacks: list[str] = field(default_factory=list)
    seconds: float = 0.0


def fuzz(kind: Kind, cases: int, first_seed: int) -> Tally:
    """Run ``cases`` cases of ``kind``: Hypothesis generates them (no shrinking: every case
    counts once), a problem is recorded and the run goes on."""
    tally = Tally()
    started = time.perf_counter()

    def one(value: Any) -> None:
        tally.cases += 1
        try:
            tally.outcomes[kind.check(value)] += 1
        except AssertionError as error:
            tally.defects.append(f"{error}\n  case: {_short(value)}")
        except Exception:
            tally.tracebacks.append(f"{traceback.format_exc()}  case: {_short(value)}")

    run = 0
    while tally.cases < cases:  # Hypothesis may stop a run early; top up with new seeds
        runner = seed(first_seed + run)(
            settings(
                max_examples=cases - tally.cases,
                deadline=None,
                database=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )(given(kind.cases)(one))
        )
        runner()
        run += 1
    tally.seconds = time.perf_counter() - started
    return tally


def _short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def main() -> int:
    available = kinds()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kinds", nargs="*", metavar="KIND", help=", ".join(available))
    parser.add_argument("-n", "--cases", type=int, default=10_000, help="cases per kind")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    chosen = args.kinds or list(available)
    unknown = [name for name in chosen if name not in available]
    if unknown:
        parser.error(f"unknown kind {unknown[0]!r}; kinds: {', '.join(available)}")
    failed = False
    print(f"{'kind':<10} {'cases':>7} {'tracebacks':>10} {'defects':>8} {'seconds':>8}  outcomes")
    for name in chosen:
        tally = fuzz(available[name], args.cases, args.seed)
        outcomes = ", ".join(f"{k} {v}" for k, v in tally.outcomes.most_common())
        print(
            f"{name:<10} {tally.cases:>7} {len(tally.tracebacks):>10} {len(tally.defects):>8} "
            f"{tally.seconds:>8.1f}  {outcomes}",
            flush=True,
        )
        for problem in tally.tracebacks[:SHOWN] + tally.defects[:SHOWN]:
            print("    " + problem.replace("\n", "\n    "))
        failed = failed or bool(tally.tracebacks or tally.defects)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
