"""Surveys: Wilson interval, resume from the results file, local pool and Dask cluster."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from runtime.solver import Summary, survey, wilson
from runtime.solver.survey import read_records, solve_seed

QUICK = [1, 11, 12, 14, 27]  # Seahaven seeds the solver wins in a few hundred nodes


def test_wilson_interval() -> None:
    low, high = wilson(81, 100)
    assert low == pytest.approx(0.7222, abs=1e-3) and high == pytest.approx(0.8749, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_survey_appends_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "survey.jsonl"
    first = survey("seahaven", None, QUICK[:3], out, progress=False)
    assert first.deals == 3
    lines = out.read_text().splitlines()
    assert [json.loads(line)["seed"] for line in lines] == QUICK[:3]
    # A torn last line (an interrupted write) is ignored and its seed solved again.
    out.write_text("\n".join(lines[:2]) + '\n{"game": "seah')
    summary = survey("seahaven", None, QUICK, out, progress=False)
    records = read_records(out, "seahaven", {})
    assert sorted(records) == sorted(QUICK)
    assert summary.deals == len(QUICK) and summary.winnable == len(QUICK)
    assert len(out.read_text().splitlines()) == 2 + 1 + 3  # kept, torn, three new
    # Nothing left to do: nothing appended.
    survey("seahaven", None, QUICK, out, progress=False)
    assert len(out.read_text().splitlines()) == 6


def test_a_record_has_the_deals_own_cpu_time() -> None:
    # Lady Jane seed 346 takes 59,132 nodes to prove lost: about a second of CPU, and its
    # CPU time is this thread's alone, however busy the other cores are.
    record = solve_seed("lady_jane", None, 346, max_nodes=300_000)
    assert record["verdict"] == "unwinnable"
    assert 0.2 < record["cpu_seconds"] <= record["seconds"] + 0.5  # dealing, first imports
    quick = solve_seed("seahaven", None, QUICK[0])
    assert 0 <= quick["cpu_seconds"] < 0.5


def test_survey_on_a_local_process_pool(tmp_path: Path) -> None:
    summary = survey("seahaven", None, QUICK[:4], tmp_path / "s.jsonl", workers=2, progress=False)
    assert summary.winnable == 4


def test_survey_on_a_dask_cluster(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        processes=True, n_workers=2, threads_per_worker=1, dashboard_address=":0"
    ) as cluster:
        summary = survey(
            "seahaven",
            None,
            QUICK[:4],
            tmp_path / "d.jsonl",
            scheduler=cluster.scheduler_address,
            progress=False,
        )
    assert summary.winnable == 4
    assert sorted(read_records(tmp_path / "d.jsonl", "seahaven", {})) == sorted(QUICK[:4])


def test_summary_text() -> None:
    rows = [{"verdict": v, "seconds": 0.1} for v in ("winnable", "winnable", "unknown")]
    text = Summary.of(rows).text()
    assert "2 winnable, 0 unwinnable, 1 unknown" in text
    assert "95% Wilson interval" in text


def test_a_deal_stopped_while_its_process_was_paused_is_solved_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search that ran out of wall clock without running (the machine suspended, 612 s
    for no CPU) says nothing about the deal: the survey solves it again, a bounded number of
    times; a deal that gave up on its own time limit is kept as it is."""
    from runtime.solver.results import SolveResult, Verdict

    # The module, not the function `survey` that `runtime.solver` exports under its name.
    module = importlib.import_module("runtime.solver.survey")

    answers: list[SolveResult] = []

    def fake_solve(*args: object, **kwargs: object) -> SolveResult:
        return answers.pop(0)

    monkeypatch.setattr(module, "solve", fake_solve)
    stopped = SolveResult(Verdict.UNKNOWN, (), 97_499, 612.0)
    answers[:] = [stopped, SolveResult(Verdict.UNWINNABLE, (), 134_514, 2.3)]
    record = solve_seed("saratoga", None, 3910, max_nodes=300_000, time_limit=600)
    assert (record["verdict"], record["nodes"], answers) == ("unwinnable", 134_514, [])
    answers[:] = [stopped] * (module.PAUSED_RETRIES + 2)
    record = solve_seed("saratoga", None, 3910, max_nodes=300_000, time_limit=600)
    assert record["seconds"] == 612.0 and len(answers) == 1  # tried 1 + PAUSED_RETRIES times
    # At the node limit: a true unknown, kept.
    answers[:] = [SolveResult(Verdict.UNKNOWN, (), 300_012, 640.0), stopped]
    solve_seed("saratoga", None, 3910, max_nodes=300_000, time_limit=600)
    assert answers == [stopped]
    # On a short time limit of its own, which the deal used: kept too.
    used = {"verdict": "unknown", "nodes": 62_718, "seconds": 2.0, "cpu_seconds": 1.98}
    assert module.paused(used, 300_000, 2) is False
    assert module.paused({**used, "cpu_seconds": 0.1}, 300_000, 2) is True
