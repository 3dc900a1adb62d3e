"""`sweep --solve-together N` (issue 37): a worker's boards solved N at a time in one clingo Control give the
rows each board gives alone, and a board that fails, or a batch that passes a limit, takes no other board
with it: each is solved again alone under its own limits and its row names its own board."""
from __future__ import annotations

import dataclasses
import time

from bridge.interfaces.sweep import worker
from bridge.interfaces.sweep.command import jobs
from bridge.interfaces.sweep.spec import load_spec
from bridge.model.errors import CaseError
from bridge.solving import solver

from conftest import ROOT

SPEC = ROOT / "tests" / "data" / "sweep" / "loops.yaml"     # 24 boards: 6 pairs x 2 orders x 2 editions


def rows(together: int) -> list[dict]:
    """Every row of the spec solved in this process (each batch, or board, in its own child), sorted by
    board, the per-board cost (solve_ms) aside."""
    spec = load_spec(SPEC)
    found = [row for job in jobs(spec, list(spec.tasks()), None, 1)
             for row in worker.solve_batch(dataclasses.replace(job, together=together))[0]]
    return sorted(({k: v for k, v in row.items() if k != "solve_ms"} for row in found), key=lambda r: r["board"])


def test_boards_solved_together_give_the_rows_of_boards_solved_alone():
    alone = rows(1)
    assert len(alone) == 24 and all(row["error"] is None for row in alone)
    assert any(row["loops"] for row in alone) and any(row["order_sensitive"] for row in alone)
    assert rows(5) == alone                  # batches of 5, the last one smaller
    assert rows(24) == alone


def test_the_batch_solves_its_boards_in_one_control():
    """Not a fallback that hides a batch that never works: in the batch's process every board is answered
    from the batch (none is left to solve alone, none solved alone again)."""
    spec = load_spec(SPEC)
    job = jobs(spec, list(spec.tasks()), None, 1)[0]
    built_in, query = worker.programs(job.findings, job.query_text, job.query_file)
    boards = [(order, task, edition) for task in job.tasks for order in worker.board_orders(job, task)
              for edition in job.editions][:6]
    made = [worker.board_case(job, *board) for board in boards]
    solved_alone = []
    new_control = solver.new_control

    def counted(facts):
        solved_alone.append(facts)
        return new_control(facts)
    solver.new_control = counted
    try:
        answers = worker.findings_together(job, made, built_in, query)
    finally:
        solver.new_control = new_control
        solver.PRESOLVED.clear()
    assert all(answer is not None for answer in answers)
    # the only Controls of their own are the state-based actions' later rounds (bridge/results/sba.py)
    assert all(any(f.name == "sba_round" and f.arguments[0].number > 1 for f in facts) for facts in solved_alone)


def test_a_failing_board_does_not_take_its_batch_with_it(monkeypatch):
    alone = rows(1)
    solve = worker.board_findings

    def failing(job, case, file, *args):
        if case["case"].startswith("Blackwash"):
            raise CaseError(file, "battlefield", "this board fails (a test)")
        return solve(job, case, file, *args)
    monkeypatch.setattr(worker, "board_findings", failing)
    together = rows(6)
    assert [row["board"] for row in together] == [row["board"] for row in alone]
    for mine, its in zip(together, alone):
        if mine["board"].startswith("Blackwash"):         # its own error, naming its own board
            assert mine["board"] in mine["error"] and "this board fails (a test)" in mine["error"]
        elif not any(card == "Blackwash" for card in its["cards"]):
            assert mine == its                              # the others of its batch: their rows alone


def test_a_batch_past_its_time_or_memory_is_solved_again_board_by_board(monkeypatch):
    alone = rows(1)
    together = worker.findings_together

    def slow(job, made, *args):
        time.sleep(job.timeout + 5)
        return together(job, made, *args)
    monkeypatch.setattr(worker, "findings_together", slow)
    spec = load_spec(SPEC)
    fast = [dataclasses.replace(job, together=24, timeout=3.0) for job in jobs(spec, list(spec.tasks()), None, 1)]
    found = sorted(({k: v for k, v in row.items() if k != "solve_ms"}
                    for job in fast for row in worker.solve_batch(job)[0]), key=lambda r: r["board"])
    assert found == alone

    def greedy(job, made, *args):
        hoard = bytearray(2 << 30)          # past --max-memory 1024 of the batch's child
        return hoard and together(job, made, *args)
    monkeypatch.setattr(worker, "findings_together", greedy)
    bounded = [dataclasses.replace(job, together=24, memory_bytes=1 << 30)
               for job in jobs(spec, list(spec.tasks()), None, 1)]
    found = sorted(({k: v for k, v in row.items() if k != "solve_ms"}
                    for job in bounded for row in worker.solve_batch(job)[0]), key=lambda r: r["board"])
    assert found == alone


def test_a_board_with_an_internal_error_is_a_row_naming_it_and_the_sweep_goes_on(monkeypatch):
    """A defect met on one board (solve_case's RuntimeError "no end of the layers", say), in its batch and
    again alone: that board's row names it and the error, every other board keeps the row it has alone."""
    alone = rows(1)
    solve = worker.board_findings

    def defective(job, case, file, *args):
        if case["case"].startswith("Blackwash"):
            raise RuntimeError(f"{file}: no end of the layers after 2 steps (a defect in asp/)")
        return solve(job, case, file, *args)
    monkeypatch.setattr(worker, "board_findings", defective)
    for together in (1, 6):
        found = rows(together)
        assert [row["board"] for row in found] == [row["board"] for row in alone]
        for mine, its in zip(found, alone):
            if mine["board"].startswith("Blackwash"):
                assert mine["error"].startswith("internal error")
                assert mine["board"] in mine["error"] and "no end of the layers" in mine["error"]
            elif not any(card == "Blackwash" for card in its["cards"]):
                assert mine == its
