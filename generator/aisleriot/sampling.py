"""Positions reached by random play in Helpdeck, and a run of comparisons over them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from generator.aisleriot.behaviours import classify
from generator.aisleriot.compare import Finding, compare
from generator.aisleriot.guile import Aisleriot
from generator.aisleriot.target import Target
from runtime.engine import State
from runtime.engine.assist import hint
from runtime.engine.rules import GameDefinition


def random_positions(
    game: GameDefinition, options: Mapping[str, bool], seeds: Iterable[int], steps: int
) -> Iterator[State]:
    """Each deal's opening and up to ``steps`` positions after it, by random moves.

    Odd seeds take Helpdeck's hint four times in five, so the sample also holds the late
    positions and wins that uniform play seldom reaches.
    """
    for seed in seeds:
        state = State.new(game, options, seed)
        rng = random.Random(seed)
        guided = 0.8 if seed % 2 else 0.0
        for _ in range(steps):
            yield state
            moves = state.legal_moves()
            if not moves:
                break
            move = hint(state) if rng.random() < guided else None
            state.apply(move or rng.choice(moves))


@dataclass
class Tally:
    positions: int = 0
    counts: Counter[str] = field(default_factory=Counter)  # finding kind -> how many
    intended: Counter[str] = field(default_factory=Counter)  # reason -> how many
    bugs: list[Finding] = field(default_factory=list)  # unexplained disagreements

    def add(self, findings: list[Finding], state: State, game: Target) -> None:
        self.positions += 1
        self.counts.update(finding.kind for finding in findings)
        for finding, reason in classify(findings, state, game):
            if reason is None:
                self.bugs.append(finding)
            else:
                self.intended[reason] += 1

    @property
    def compared(self) -> int:
        return sum(self.counts.values())

    @property
    def agreement(self) -> float:
        return self.counts["agree"] / self.compared if self.compared else 1.0


def start(ar: Aisleriot, game: Target, options: Mapping[str, bool]) -> None:
    """Load the game and, for a game with options, choose ``options`` in its menu."""
    ar.load(game.scheme)
    labels = game.config.options
    if labels:
        chosen = State.new(game.game, options).options  # a whole exclusive group
        ar.set_options({labels[name]: on for name, on in chosen.items() if name in labels})


def run(
    ar: Aisleriot,
    game: Target,
    options: Mapping[str, bool],
    seeds: Iterable[int],
    steps: int,
    limit: int | None = None,
) -> Tally:
    """Compare every position of the random games from ``seeds``, stopping after ``limit``."""
    tally = Tally()
    start(ar, game, options)
    for state in random_positions(game.game, options, seeds, steps):
        tally.add(compare(ar, game, state), state, game)
        if limit is not None and tally.positions >= limit:
            break
    return tally
