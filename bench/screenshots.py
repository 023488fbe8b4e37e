"""Screenshots of every game at the three sizes a player meets: desktop, phone portrait and
phone landscape, for looking at (not a test: the placement and drawn-equals-state tests check).

    python3 bench/screenshots.py [--out DIR] [--seed N] [GAME ...]

Needs a display (under CI: `xvfb-run -a python3 bench/screenshots.py`). Prints one line per
file and the time taken; exits 1 if any screenshot failed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from runtime.engine import game_ids

# (name, window size, pixels per dp)
SIZES = (
    ("desktop", "1600x1000", "1"),
    ("phone", "1080x2340", "3"),
    ("landscape", "2340x1080", "3"),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--out", default="screenshots", help="directory (default ./screenshots)")
    parser.add_argument("--seed", default="1", help="deal number (default 1)")
    args = parser.parse_args()
    games = args.games or list(game_ids())
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    failed = 0
    started = time.perf_counter()
    for game in games:
        for name, size, density in SIZES:
            path = out / f"{game}-{name}.png"
            command = [
                sys.executable, "-m", "runtime.cli", "play", game, "--seed", args.seed,
                "--screenshot", str(path), "--size", size, "--density", density,
            ]  # fmt: skip
            result = subprocess.run(command, capture_output=True, text=True, check=False)
            if result.returncode != 0 or not path.exists():
                failed += 1
                print(f"FAILED {path}: {result.stderr.strip().splitlines()[-1:]}")
            else:
                print(path)
    seconds = time.perf_counter() - started
    done = len(games) * len(SIZES) - failed
    print(f"{done} screenshots in {out}/, {failed} failed, {seconds:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
