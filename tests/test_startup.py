"""A command imports what it needs (issue 21): `import bridge.interfaces.cli.main` leaves out the other commands'
modules and the solver, `import bridge` leaves out everything but the error type, and the public
API is still there."""
import json
import subprocess
import sys

from conftest import ROOT

NOT_AT_START = ["bridge.interfaces.api", "bridge.solving.solver", "bridge.results.deps", "bridge.results.explain", "bridge.results.compare",
                "bridge.results.board_facts", "bridge.results.render", "importlib.metadata", "subprocess", "sqlite3"]


def modules_after(statement: str) -> set:
    code = f"import sys, json; {statement}; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return set(json.loads(out))


def test_the_command_line_starts_without_the_other_commands():
    loaded = modules_after("import bridge.interfaces.cli.main")
    assert not loaded & set(NOT_AT_START)


def test_solve_imports_neither_the_research_commands_nor_events():
    # what `mtg-layers solve` imports before its child solves a case without events (issue 21)
    loaded = modules_after("import bridge.interfaces.cli.main, bridge.interfaces.api, bridge.results.render")
    assert not loaded & {"bridge.interfaces.sweep.spec", "bridge.interfaces.query", "bridge.solving.timeline", "bridge.reading.events",
                         "importlib.resources", "tempfile", "difflib"}


def test_the_package_starts_without_the_solver_and_keeps_its_api():
    loaded = modules_after("import bridge")
    assert "bridge.interfaces.api" not in loaded and "clingo" not in loaded
    import bridge
    assert bridge.solve(str(ROOT / "cases/cr613/gray_ogre.yaml")) \
        .objects["gray_ogre"].pt == "5/8"
    from bridge import CaseError, check, load_case
    assert check(str(ROOT / "cases/cr613/gray_ogre.yaml")).passed
    assert load_case(str(ROOT / "cases/cr613/gray_ogre.yaml")).title.startswith("Gray Ogre")
    assert issubclass(CaseError, Exception)


def test_bridge_check_is_the_function_once_the_commands_loaded_the_module_check():
    # bridge/interfaces/api.py imports the module bridge/results/check.py, which makes it the package's `check`
    loaded = modules_after("import bridge.interfaces.cli.main; from bridge.interfaces.cli.check import run_check; import bridge; "
                           "assert bridge.check is bridge.interfaces.api.check and callable(bridge.check)")
    assert "bridge.results.check" in loaded


def test_python_m_bridge_is_the_command():
    done = subprocess.run([sys.executable, "-m", "bridge", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("mtg-layers "), done.stderr
