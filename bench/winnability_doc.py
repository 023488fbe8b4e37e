"""Write the figure tables of docs/winnability.md from runtime/solver/winnability.json.

    python bench/winnability_doc.py [--check]

The tables sit between two markers in the page and are made only here, so the page says
what the app's game chooser reads, row for row. `bench/publish_winnability.py` runs this
after it merges new figures; `--check` exits 1 (and names the page) when the tables are
not what the JSON gives, which the tests run.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from runtime.atomic_write import write_atomically
from runtime.engine.catalog import game_titles
from runtime.solver import winnability

PAGE = Path(__file__).resolve().parents[1] / "docs" / "winnability.md"
BEGIN = "<!-- figures: made by bench/winnability_doc.py from runtime/solver/winnability.json -->"
END = "<!-- figures: end -->"
# The four founding games (../shared/seeds). Issue 14 asks 99.5 % of their deals decided,
# 99 % of every other game's.
SEED_GAMES = ("seahaven", "saratoga", "escalator", "lady_jane")
SEED_TARGET, OTHER_TARGET = 0.995, 0.99

HEADER = (
    "| game | options | deals | won | lost | unknown | decided | won of decided (95 % CI) "
    "| all deals, bounds | app | limit | surveyed |\n"
    "|---|---|---:|---:|---:|---:|---:|---|---|---|---|---|"
)


def _options(figure: winnability.Figure, *, mark_default: bool = True) -> str:
    text = ", ".join(f"{k} {'on' if v else 'off'}" for k, v in figure["options"].items())
    if not text:
        return "-"
    return f"{text} (default)" if figure.get("default") and mark_default else text


def _title(figure: winnability.Figure, titles: dict[str, str]) -> str:
    game_id = str(figure["game"])
    return titles.get(game_id, game_id)


def _limit(figure: winnability.Figure) -> str:
    nodes = f"{figure['max_nodes']:,} nodes"
    seconds = figure.get("time_limit")
    # Limits of 30 s and more were a safety net no deal reached; the node limit decided.
    return f"{nodes}, {seconds:g} s" if seconds is not None and seconds < 30 else nodes


def _row(figure: winnability.Figure, title: str, target: float) -> str:
    deals = figure["deals"]
    won, lost, unknown = figure["winnable"], figure["unwinnable"], figure["unknown"]
    decided = (won + lost) / deals
    low, high = figure["interval"]
    band = winnability.winnable_band(figure["game"], figure["options"], [figure])
    app = "nothing" if band is None else winnability.describe(band)
    mark = "" if decided >= target else " *"
    return (
        f"| {title} | {_options(figure)} | {deals:,} | {won:,} | {lost:,} | {unknown:,} "
        f"| {decided:.2%}{mark} | {figure['share']:.1%} ({low:.1%}-{high:.1%}) "
        f"| {won / deals:.1%}-{(won + unknown) / deals:.1%} | {app} | {_limit(figure)} "
        f"| {figure['date']} |"
    )


def _sorted(
    figures: Iterable[winnability.Figure], titles: dict[str, str]
) -> list[winnability.Figure]:
    def key(f: winnability.Figure) -> tuple[str, bool, str]:
        return (_title(f, titles), not f.get("default"), _options(f))

    return sorted(figures, key=key)


def tables(figures: list[winnability.Figure], titles: dict[str, str]) -> str:
    """The Markdown between the markers."""
    seeds = _sorted((f for f in figures if f["game"] in SEED_GAMES), titles)
    others = _sorted((f for f in figures if f["game"] not in SEED_GAMES), titles)
    lines = [
        "**Seed games**, every option set (target: 99.5 % of deals decided; `*`: below it):",
        "",
        HEADER,
        *(_row(f, _title(f, titles), SEED_TARGET) for f in seeds),
        "",
        "**Other games** (target: 99 % decided; `*`: below it):",
        "",
        HEADER,
        *(_row(f, _title(f, titles), OTHER_TARGET) for f in others),
        "",
        "Commands that reproduce the rows (add `--out FILE`; a survey resumes from its file):",
        "",
    ]
    for f in seeds + others:
        title = _title(f, titles)
        options = "" if not f["options"] else f", {_options(f, mark_default=False)}"
        lines.append(f"- {title}{options}: `{f['command']}`")
    surveyed = {f["game"] for f in figures if f.get("default")}
    missing = [title for game_id, title in titles.items() if game_id not in surveyed]
    if missing:
        lines += ["", f"No figure yet for the default options of: {', '.join(sorted(missing))}."]
    return "\n".join(lines)


def rendered(page: str, figures: list[winnability.Figure], titles: dict[str, str]) -> str:
    """``page`` with its tables replaced; ValueError when a marker is missing."""
    start, end = page.find(BEGIN), page.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the page lacks the markers {BEGIN!r} and {END!r}")
    head, tail = page[: start + len(BEGIN)], page[end:]
    return f"{head}\n\n{tables(figures, titles)}\n\n{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale")
    args = parser.parse_args(argv)
    page = PAGE.read_text("utf-8")
    try:
        new = rendered(page, winnability.load(), game_titles())
    except ValueError as error:
        print(f"{PAGE}: {error}", file=sys.stderr)
        return 1
    if args.check:
        if new != page:
            print(
                f"{PAGE}: its tables differ from {winnability.PATH}; "
                "run python bench/winnability_doc.py",
                file=sys.stderr,
            )
            return 1
        return 0
    if new != page:
        write_atomically(PAGE, new)
        print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
