"""Merge survey records made in parts (by other runs, worktrees or sessions) into one row.

    python bench/merge_records.py ROW.jsonl PART.jsonl [PART.jsonl ...] [--out MERGED.jsonl]

A part's record for a seed the row does not hold adds that deal (a survey carried on past
the row's last seed); for a seed the row left unknown it replaces the row's record (its
unknown deals solved again, `bench/solve_unknowns.py --out PART`). A part may never change
a decided verdict: a deal the row won or proved lost that a part calls otherwise is a bug
in one of the two searches, so the merge stops, names every such seed and writes nothing.
A part's unknown record never replaces a decided one. Records of another game or option
set stop the merge too. Lines that are not survey records (a torn last line after a kill)
are skipped and named.

Writes the records in seed order to ``--out``, or to ROW in place (through a temporary
file, so a crash loses nothing); prints the verdicts before and after, how many records
each part added or replaced, and the seeds missing between the lowest and the highest (a
part not yet merged, or a survey still running).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from runtime.atomic_write import write_atomically

Record = dict[str, Any]


def read(path: Path) -> list[Record]:
    """The survey records in ``path``; other lines are named on standard error."""
    records: list[Record] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            record = json.loads(line)
            int(record["seed"]), str(record["verdict"]), record["game"]
        except (ValueError, TypeError, KeyError) as error:
            print(f"{path}:{number}: not a survey record, skipped ({error})", file=sys.stderr)
            continue
        records.append(record)
    return records


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("row", type=Path)
    parser.add_argument("parts", type=Path, nargs="+")
    parser.add_argument("--out", type=Path, help="write here instead of ROW")
    args = parser.parse_args()
    try:
        row = read(args.row)
        parts = [(path, read(path)) for path in args.parts]
    except (OSError, UnicodeDecodeError) as error:
        print(f"cannot read: {error}", file=sys.stderr)
        return 2
    if not row:
        print(f"{args.row}: no survey records", file=sys.stderr)
        return 2
    game, options = row[0]["game"], row[0].get("options") or {}
    by_seed = {int(r["seed"]): r for r in row}
    problems: list[str] = []
    report: list[str] = []
    for path, records in parts:
        added = replaced = kept = 0
        for record in records:
            seed = int(record["seed"])
            if record["game"] != game or (record.get("options") or {}) != options:
                problems.append(f"{path}: seed {seed} is {record['game']} {record.get('options')}")
                continue
            old = by_seed.get(seed)
            if old is not None and (record == old or old["verdict"] != "unknown"):
                # A decided deal keeps its record: the same verdict again, or a search that
                # gave up, says nothing new; any other verdict is a bug.
                if record["verdict"] in ("unknown", old["verdict"]):
                    kept += 1
                else:
                    problems.append(f"{path}: seed {seed} {old['verdict']} -> {record['verdict']}")
                continue
            if old is None:
                added += 1
            else:
                replaced += 1
            by_seed[seed] = record
        report.append(f"{path}: {added} added, {replaced} replaced, {kept} left as they were")
    if problems:
        print("not merged, decided verdicts or games differ:", file=sys.stderr)
        for line in problems:
            print(f"  {line}", file=sys.stderr)
        return 1
    merged = [by_seed[seed] for seed in sorted(by_seed)]
    out = args.out or args.row
    write_atomically(out, "".join(json.dumps(r) + "\n" for r in merged))
    for line in report:
        print(line)
    for name, records in (("before", row), ("after", merged)):
        counts = Counter(str(r["verdict"]) for r in records)
        print(
            f"{name}: {len(records)} deals, winnable {counts['winnable']}, "
            f"unwinnable {counts['unwinnable']}, unknown {counts['unknown']}"
        )
    seeds = sorted(by_seed)
    missing = sorted(set(range(seeds[0], seeds[-1] + 1)) - set(seeds))
    gaps = f" (the first: {', '.join(map(str, missing[:5]))})" if missing else ""
    print(f"seeds {seeds[0]}-{seeds[-1]}, {len(missing)} missing between them{gaps}")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
