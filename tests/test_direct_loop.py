"""benchmarks/direct_loop.py, the floor of issue 37, computes what the solver computes: on two small
generated boards where the order of dependencies (613.8) changes the answer, its final values are the
solver's (so that the floor keeps measuring the same work)."""
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import direct_loop  # noqa: E402
from generate import make_board  # noqa: E402


@pytest.mark.parametrize("mix, seed", [("dependencies", 15), ("layered", 43)])
def test_the_loop_gives_the_solvers_values(mix, seed, monkeypatch):
    board = make_board(12, 3, seed, mix)
    loop = direct_loop.final_values(board)
    assert direct_loop.mismatches(board, loop, direct_loop.solver_values(board)) == []
    # Timestamp order alone would give other values: the board exercises the dependency tests.
    monkeypatch.setattr(direct_loop, "next_effect", lambda layer, live, state, controllers: live[0])
    assert direct_loop.final_values(board) != loop
