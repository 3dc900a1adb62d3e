"""The layout of bridge/ (README, "How the code is laid out"): stage packages in flow order, each
importing only the stages below it, no import circle, no module past 600 lines (issue 30).

Imports are read with `ast`, inside functions too: a lazy import that dodges a circle is still one."""
import ast
import re

from conftest import ROOT

BRIDGE = ROOT / "bridge"
# The stages, lowest first: a module may import its own stage and those before it.
STAGES = ("files", "model", "vocabulary", "cards", "reading", "solving", "results", "interfaces")
MOST_LINES = 600


def module_name(path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in BRIDGE.rglob("*.py")}


def imported(name: str, path) -> set[str]:
    """The bridge modules that a module imports (`from X import y` counts X.y when it is a module)."""
    found = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {m for m in found if m in MODULES and m != name}


GRAPH = {name: imported(name, path) for name, path in MODULES.items()}


def circles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return found


def stage(name: str) -> int | None:
    parts = name.split(".")
    return STAGES.index(parts[1]) if len(parts) > 1 and parts[1] in STAGES else None


def test_no_import_circle():
    assert circles() == []


def test_the_walk_sees_a_circle():
    GRAPH["bridge.model.errors"].add("bridge.model.ids")
    GRAPH["bridge.model.ids"].add("bridge.model.errors")
    try:
        assert ["bridge.model.errors", "bridge.model.ids"] in circles()
    finally:
        GRAPH["bridge.model.errors"].discard("bridge.model.ids")
        GRAPH["bridge.model.ids"].discard("bridge.model.errors")


def test_every_module_is_in_a_stage():
    outside = [name for name in MODULES if stage(name) is None and name not in ("bridge", "bridge.__main__")]
    assert outside == []


def test_each_stage_imports_only_the_stages_below_it():
    upward = [(name, other) for name, others in GRAPH.items() for other in others
              if stage(name) is not None and (stage(other) is None or stage(other) > stage(name))]
    assert upward == []


def test_no_module_is_too_long():
    long = {name: n for name, path in MODULES.items() if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


def test_every_package_is_installed():
    """pyproject.toml lists the packages by name: a new folder of bridge/ must be listed to be installed."""
    listed = set(re.findall(r'"(bridge(?:\.\w+)*)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8")))
    packages = {module_name(path) for path in BRIDGE.rglob("__init__.py")}
    assert packages - listed == set()
