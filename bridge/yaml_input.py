"""Reading YAML safely: size limits, no alias bombs, and the line and column of every key."""
from __future__ import annotations

from dataclasses import dataclass

import yaml

from .errors import CaseError


@dataclass(frozen=True)
class Limits:
    """Input limits (documented in the README; `mtg-layers --help` shows the flags)."""
    max_file_bytes: int = 5_000_000       # a case file larger than this is refused before parsing
    max_nodes: int = 200_000              # YAML nodes, counting every use of an alias (billion laughs)
    max_objects: int = 5_000              # permanents and graveyard cards
    max_effects: int = 2_000              # resolved effects


DEFAULT_LIMITS = Limits()


def read_yaml(text: str, file: str, limits: Limits = DEFAULT_LIMITS) -> tuple[object, dict[str, tuple[int, int]]]:
    """Parse with the safe loader; return the data and the (line, column) of each key path."""
    if len(text.encode("utf-8", errors="replace")) > limits.max_file_bytes:
        raise CaseError(file, "", f"the file is larger than {limits.max_file_bytes:,} bytes (--max-file-size)")
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise CaseError(file, "", f"malformed YAML: {problem}", line=mark.line + 1 if mark else None,
                        column=mark.column + 1 if mark else None) from None
    except RecursionError:
        raise CaseError(file, "", "malformed YAML: nested too deeply") from None
    if node is None:
        return None, {}
    expanded = expanded_size(node, limits.max_nodes)
    if expanded > limits.max_nodes:
        raise CaseError(file, "", f"the YAML expands to more than {limits.max_nodes:,} nodes (aliases counted "
                                  "each time they are used); refused as too large")
    marks: dict[str, tuple[int, int]] = {}
    collect_marks(node, "", marks, set())
    try:
        data = construct(node)
    except RecursionError:
        raise CaseError(file, "", "malformed YAML: nested too deeply") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise CaseError(file, "", f"malformed YAML: {getattr(exc, 'problem', None) or exc}",
                        line=mark.line + 1 if mark else None, column=mark.column + 1 if mark else None) from None
    return data, marks


def construct(node):
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_document(node)
    finally:
        loader.dispose()


def expanded_size(node, limit: int) -> int:
    """Nodes of the document with aliases expanded, stopping once past `limit`."""
    memo: dict[int, int] = {}

    def size(n, depth=0) -> int:
        key = id(n)
        if key in memo:
            return memo[key]
        memo[key] = limit + 1            # a node that contains itself is past any limit
        if depth > 200:
            return limit + 1
        total = 1
        if isinstance(n, yaml.SequenceNode):
            for child in n.value:
                total += size(child, depth + 1)
                if total > limit:
                    break
        elif isinstance(n, yaml.MappingNode):
            for k, v in n.value:
                total += size(k, depth + 1) + size(v, depth + 1)
                if total > limit:
                    break
        memo[key] = total
        return total
    return size(node)


def collect_marks(node, path: str, marks: dict, seen: set) -> None:
    if id(node) in seen:
        return
    seen.add(id(node))
    marks.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else "?"
            child = f"{path}.{name}" if path else str(name)
            marks.setdefault(child, (key.start_mark.line + 1, key.start_mark.column + 1))
            collect_marks(value, child, marks, seen)
    elif isinstance(node, yaml.SequenceNode):
        for i, value in enumerate(node.value):
            collect_marks(value, f"{path}[{i}]", marks, seen)
