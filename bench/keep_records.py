"""Keep the survey records a solver change cannot have changed, so the survey solves only
the rest again (`helpdeck survey --out FILE` skips the seeds already in FILE).

    python bench/keep_records.py FILE --settled-within NODES [--out KEPT.jsonl]

A search that is the same as before up to some node count (the changed phase starts
there) settles every deal it settled within that count exactly as before: keep those
records, drop the others. Writes FILE in place (through a temporary file, so a crash
loses nothing) unless ``--out`` names another file, and prints what it kept and dropped by
verdict. Lines that are not a survey record are dropped and named.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from runtime.atomic_write import write_atomically


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--settled-within", type=int, required=True, metavar="NODES")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    try:
        lines = args.file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        print(f"{args.file}: cannot read: {error}", file=sys.stderr)
        return 2
    kept: list[str] = []
    counts: dict[str, Counter[str]] = {"kept": Counter(), "dropped": Counter()}
    for number, line in enumerate(lines, 1):
        try:
            record = json.loads(line)
            nodes, verdict = int(record["nodes"]), str(record["verdict"])
        except (ValueError, TypeError, KeyError) as error:
            print(f"{args.file}:{number}: not a survey record, dropped ({error})", file=sys.stderr)
            continue
        which = "kept" if nodes <= args.settled_within else "dropped"
        counts[which][verdict] += 1
        if which == "kept":
            kept.append(line)
    out = args.out or args.file
    write_atomically(out, "".join(f"{line}\n" for line in kept))
    for which in ("kept", "dropped"):
        mix = ", ".join(f"{n} {verdict}" for verdict, n in sorted(counts[which].items()))
        print(f"{which}: {sum(counts[which].values())} ({mix or 'none'})")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
