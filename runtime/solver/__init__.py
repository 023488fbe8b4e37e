"""A generic solver over the engine's State API, and the features built on it."""

from __future__ import annotations

from runtime.solver.deals import WinnableDeals
from runtime.solver.hint import HintResult, forced_finish, solver_hint
from runtime.solver.search import DeadSet, SolveResult, Verdict, solve
from runtime.solver.survey import Summary, solve_seed, survey, wilson

__all__ = [
    "DeadSet",
    "HintResult",
    "SolveResult",
    "Summary",
    "Verdict",
    "WinnableDeals",
    "forced_finish",
    "solve",
    "solve_seed",
    "solver_hint",
    "survey",
    "wilson",
]
