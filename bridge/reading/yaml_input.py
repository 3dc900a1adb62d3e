"""Reading YAML safely: size limits counted while reading and parsing, no alias bombs, no duplicate
keys, YAML 1.2 numbers, and the line and column of every key."""
from __future__ import annotations

import os
import re
import stat
import sys
from dataclasses import dataclass

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from bridge.model.errors import CaseError

INT32_MAX = 2**31 - 1          # clingo's integers are 32-bit: a larger number wraps around silently
MAX_DEPTH = 200                # nesting of mappings and lists


@dataclass(frozen=True)
class Limits:
    """Input limits (documented in the README; `mtg-layers --help` shows the flags)."""
    max_file_bytes: int = 5_000_000       # a case file larger than this is refused; read no further
    max_nodes: int = 200_000              # YAML nodes, counting every use of an alias (billion laughs)
    max_objects: int = 5_000              # objects in all zones, those that events create included
    max_effects: int = 2_000              # effects, events and static abilities of the objects
    max_string_chars: int = 10_000        # one name, text or title


DEFAULT_LIMITS = Limits()


def read_case_text(path: str, file: str, limits: Limits = DEFAULT_LIMITS) -> str:
    """The text of a case file, read up to the size limit only; a device such as /dev/zero, a FIFO or
    a folder is refused without reading it (standard input, '-', is read in case.py)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))     # a FIFO must not block here
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise CaseError(file, "", "not a regular file (a case is read from a file, or from standard "
                                          "input as '-')")
            data = b""
            if info.st_size <= limits.max_file_bytes:
                with os.fdopen(os.dup(fd), "rb") as stream:
                    data = stream.read(limits.max_file_bytes + 1)        # it may have grown since
        finally:
            os.close(fd)
    except (OSError, ValueError) as exc:      # ValueError: a path with a NUL byte
        raise CaseError(file, "", f"cannot read the file: {getattr(exc, 'strerror', None) or exc}") from None
    size = max(info.st_size, len(data))
    if size > limits.max_file_bytes:
        raise CaseError(file, "", f"the file has {size:,} bytes, more than the limit of {limits.max_file_bytes:,} "
                                  "(--max-file-size)")
    return utf8_text(data, file, "the file")


def read_stdin(file: str, limits: Limits = DEFAULT_LIMITS) -> str:
    """A case from standard input (`-`), read up to the file size limit."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise CaseError(file, "", "standard input is not available")
    data = stream.read(limits.max_file_bytes + 1)
    if len(data) > limits.max_file_bytes:
        raise CaseError(file, "", f"standard input has more than the limit of {limits.max_file_bytes:,} bytes "
                                  "(--max-file-size)")
    return utf8_text(data, file, "standard input")


def utf8_text(data: bytes, file: str, source: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CaseError(file, "", f"{source} is not UTF-8 text") from None


class TooLarge(yaml.YAMLError):
    pass


try:                                   # libyaml parses several times faster; the composing stays in Python
    from yaml._yaml import CParser as EventSource
except ImportError:                    # pragma: no cover - PyYAML built without libyaml
    from yaml.parser import Parser

    class EventSource(Reader, Scanner, Parser):
        def __init__(self, stream):
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)


class CaseLoader(Composer, EventSource, SafeConstructor, Resolver):
    """The safe loader, with YAML 1.2 numbers (no base-60 `1:30`), the nodes counted and the nesting
    measured while composing, so that a huge or deep document is refused before it is built."""

    def __init__(self, stream, max_nodes: int):
        EventSource.__init__(self, stream)
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.nodes_left = max_nodes
        self.depth = 0

    def compose_node(self, parent, index):
        self.nodes_left -= 1
        if self.nodes_left < 0:
            raise TooLarge("nodes")
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise TooLarge("depth")
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_yaml_int(self, node):
        text = str(node.value).replace("_", "")
        if ":" in text:
            raise yaml.constructor.ConstructorError(None, None, "a base-60 number (YAML 1.1) is not read",
                                                    node.start_mark)
        digits = text.lstrip("+-")
        if "_" in str(node.value) or digits[:2] in ("0b", "0x", "0o") or (len(digits) > 1 and digits[0] == "0"):
            # YAML 1.1 reads 010 as 8, 0x10 as 16, 0b11 as 3, 1_0 as 10: not what a person wrote (issue 36)
            raise yaml.constructor.ConstructorError(
                None, None, f"the number {shorten(str(node.value))} is not read: YAML 1.1 gives it a base or "
                            "separators of its own (010 is 8, 0x10 is 16, 1_0 is 10); write decimal digits without "
                            "leading zeros, or quote it to mean text", node.start_mark)
        if len(text) > 40:
            raise yaml.constructor.ConstructorError(None, None, f"a number with {len(text):,} digits is "
                                                    f"not read (the largest is {INT32_MAX:,})", node.start_mark)
        return super().construct_yaml_int(node)


# YAML 1.2 core schema numbers: the 1.1 base-60 forms (`1:30`, `1:30.5`) stay strings.
CaseLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag not in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
CaseLoader.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(
    r"^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+)$"), list("-+0123456789"))
CaseLoader.add_implicit_resolver("tag:yaml.org,2002:float", re.compile(
    r"^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"), list("-+0123456789."))
CaseLoader.add_constructor("tag:yaml.org,2002:int", CaseLoader.construct_yaml_int)


def read_yaml(text: str, file: str, limits: Limits = DEFAULT_LIMITS) -> tuple[object, dict[str, tuple[int, int]]]:
    """Parse with the safe loader; return the data and the (line, column) of each key path."""
    if len(text.encode("utf-8", errors="replace")) > limits.max_file_bytes:
        raise CaseError(file, "", f"the file is larger than {limits.max_file_bytes:,} bytes (--max-file-size)")
    too_large = CaseError(file, "", f"the YAML expands to more than {limits.max_nodes:,} nodes (aliases counted each "
                                    "time they are used); refused as too large")
    loader = CaseLoader(text, limits.max_nodes)
    try:
        node = loader.get_single_node()
        if node is not None and expanded_size(node, limits.max_nodes) > limits.max_nodes:
            raise too_large
        marks: dict[str, tuple[int, int]] = {}
        if node is not None:
            collect_marks(node, "", marks, set(), file)
        data = loader.construct_document(node) if node is not None else None
    except TooLarge as exc:
        if str(exc) == "depth":
            mark = loader.peek_event().start_mark if loader.check_event() else None
            raise CaseError(file, "", f"malformed YAML: nested too deeply (more than {MAX_DEPTH} levels)",
                            line=mark.line + 1 if mark else None) from None
        raise too_large from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        if "maximum nesting depth" in problem:          # libyaml's own limit, met before ours in flow lists
            problem = f"nested too deeply (more than {MAX_DEPTH} levels)"
        raise CaseError(file, "", f"malformed YAML: {problem}", line=mark.line + 1 if mark else None,
                        column=mark.column + 1 if mark else None) from None
    except RecursionError:
        raise CaseError(file, "", "malformed YAML: nested too deeply") from None
    finally:
        loader.dispose()
    return data, marks


def expanded_size(node, limit: int) -> int:
    """Nodes of the document with aliases expanded, stopping once past `limit`."""
    memo: dict[int, int] = {}

    def size(n, depth=0) -> int:
        key = id(n)
        if key in memo:
            return memo[key]
        memo[key] = limit + 1            # a node that contains itself is past any limit
        if depth > MAX_DEPTH:
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


def collect_marks(node, path: str, marks: dict, seen: set, file: str) -> None:
    """The (line, column) of each key path; a key given twice in one mapping is refused with both lines."""
    if id(node) in seen:
        return
    seen.add(id(node))
    marks.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.MappingNode):
        first_place: dict[tuple, tuple[int, int]] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else "?"
            child = f"{path}.{name}" if path else str(name)
            if isinstance(key, yaml.ScalarNode) and key.tag != "tag:yaml.org,2002:merge":
                here = (key.start_mark.line + 1, key.start_mark.column + 1)
                if (key.tag, key.value) in first_place:
                    before = first_place[(key.tag, key.value)]
                    raise CaseError(file, child, f"the key {shorten(name)!r} is given twice in one mapping (line "
                                                 f"{before[0]} column {before[1]}, and here); only one can hold",
                                    line=here[0], column=here[1])
                first_place[(key.tag, key.value)] = here
            marks.setdefault(child, (key.start_mark.line + 1, key.start_mark.column + 1))
            collect_marks(value, child, marks, seen, file)
    elif isinstance(node, yaml.SequenceNode):
        for i, value in enumerate(node.value):
            collect_marks(value, f"{path}[{i}]", marks, seen, file)


def check_scalars(data, file: str, limits: Limits = DEFAULT_LIMITS, where: str = "") -> None:
    """Every string and number of a parsed case, keys included: no NUL (clingo cuts a string there, so
    two names would merge), no lone surrogate, no string longer than the limit, no integer outside
    clingo's 32 bits."""
    stack = [(data, where)]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            for key, child in value.items():
                child_path = f"{path}.{key}" if path else str(key)
                check_scalar(key, file, limits, child_path)
                stack.append((child, child_path))
        elif isinstance(value, list):
            stack.extend((child, f"{path}[{i}]") for i, child in enumerate(value))
        else:
            check_scalar(value, file, limits, path)


SURROGATE = re.compile("[\ud800-\udfff]")


def check_scalar(value, file: str, limits: Limits, where: str) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int) and not -INT32_MAX <= value <= INT32_MAX:
        raise CaseError(file, where, f"the number {shorten(str(value))} is outside the range the solver "
                                     f"computes in (-{INT32_MAX:,} to {INT32_MAX:,})")
    if isinstance(value, str):
        if "\x00" in value:
            raise CaseError(file, where, f"a NUL character in {shorten(value)!r}: not allowed in any string")
        if SURROGATE.search(value):
            raise CaseError(file, where, f"a lone surrogate (\\ud800-\\udfff) in {shorten(value)!r}: not a "
                                         "character, not allowed in any string")
        if len(value) > limits.max_string_chars:
            raise CaseError(file, where, f"a string of {len(value):,} characters, more than the limit of "
                                         f"{limits.max_string_chars:,}")


def shorten(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[:most] + "..."
