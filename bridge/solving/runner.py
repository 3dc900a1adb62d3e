"""Limits that hold: run a piece of work in a forked child process with a hard wall-clock deadline,
an address-space limit (RLIMIT_AS) and a bound on the size of what it sends back.

The child is killed at the deadline whatever it is doing (a long ground call included), and at once
on Ctrl-C; running out of memory ends the child, never the caller. Forking is cheap because clingo
and the bridge are already imported. Where there is no fork (Windows) the work runs in-process under
the solver's own step-by-step timeout only.

    from bridge.solving.runner import Bounds, run_bounded
    table = run_bounded(lambda: text_table(bridge.solve(path)), Bounds(seconds=10), file=path)

The work's return value (and an exception it raises) must be picklable: return rendered text or
plain data, not a Result (it holds a clingo Control).
"""
from __future__ import annotations

import functools
import os
import pickle
import select
import signal
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, TypeVar

from bridge.model.errors import SolveTimeout

T = TypeVar("T")


@dataclass(frozen=True)
class Bounds:
    """Resource limits of one run (the command line's --timeout, --max-memory, --max-output)."""
    seconds: float | None = 60.0           # wall clock, from the fork to the answer
    memory_bytes: int | None = 4 << 30     # address space of the child (RLIMIT_AS)
    output_bytes: int = 50_000_000         # what the child sends back (the printed output)
    grace: float = 0.0                     # the child is killed this long after `seconds`
    memory_named: str = "--max-memory"     # what a message calls the memory limit (serve: a share of it)


DEFAULT_BOUNDS = Bounds()


class OutOfMemory(Exception):
    """The work needed more memory than the limit (--max-memory), or more output than --max-output."""

    def __init__(self, file: str, problem: str):
        super().__init__(f"{file}: {problem}")
        self.file = file
        self.problem = problem

    def __reduce__(self):
        return (OutOfMemory, (self.file, self.problem))


class ChildKilled(Exception):
    """The child was ended by a signal that none of the limits sends (SIGKILL or SIGTERM from another
    process, the system's out-of-memory killer): not --max-memory, and not the work's own answer."""

    def __init__(self, file: str, problem: str):
        super().__init__(f"{file}: {problem}")
        self.file = file
        self.problem = problem

    def __reduce__(self):
        return (ChildKilled, (self.file, self.problem))


# A row or a message that says this was not the work's own outcome (a sweep's --resume solves it again).
KILLED_FROM_OUTSIDE = "ended from outside"
OUTSIDE_SIGNALS = {signal.SIGKILL, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT}


class ChildFailed(Exception):
    """The work raised an exception that could not be sent back as it was."""


def without_traceback(exc: BaseException) -> BaseException:
    """The exception alone, to be pickled: where it was raised stays in the child. Without this, a
    library that pickles tracebacks (Dask's tblib, once imported) would send the whole stack, and a
    deep one (a YAML document nested 250 levels) fails to pickle."""
    exc.__traceback__ = exc.__context__ = exc.__cause__ = None
    return exc


def can_fork() -> bool:
    return hasattr(os, "fork") and sys.platform != "win32"


def run_bounded(work: Callable[[], T], bounds: Bounds = DEFAULT_BOUNDS, file: str = "<case>") -> T:
    """The value of `work()` computed in a child process under `bounds`; its exception is raised here.

    Raises SolveTimeout at the deadline, OutOfMemory when the child ran out of memory (or its answer
    is larger than bounds.output_bytes); KeyboardInterrupt kills the child at once."""
    if not can_fork():
        return work()
    (answer,) = run_bounded_each([(file, work)], bounds, jobs=1)
    return answer()


def run_bounded_each(works: list[tuple[str, Callable[[], T]]], bounds: Bounds = DEFAULT_BOUNDS,
                     jobs: int = 1) -> Iterator[Callable[[], T]]:
    """Each (file, work) of `works` run as run_bounded runs it, each in its own child under `bounds`
    (its deadline counts from its own start), with up to `jobs` children at a time. Yields, in the
    order of `works`, one answer per work: a function that returns its value or raises what
    run_bounded would raise (SolveTimeout, OutOfMemory, the work's exception). KeyboardInterrupt
    kills every child at once. Without fork, the works run one after the other in this process."""
    if not can_fork():
        for _, work in works:
            yield in_process(work)
        return
    waiting = list(enumerate(works))[::-1]
    running: dict[int, Child] = {}                          # by the read end of its pipe
    answers: dict[int, Callable[[], T]] = {}
    given = 0
    try:
        while waiting or running:
            while waiting and len(running) < max(1, jobs):
                index, (file, work) = waiting.pop()
                started = start_child(work, bounds, file, index)
                running[started.read_end] = started
            for done in wait_for_children(running, bounds):
                del running[done.read_end]
                answers[done.index] = done.answer
            while given in answers:
                yield answers.pop(given)
                given += 1
    finally:                                               # Ctrl-C, a closed pipe: no child outlives us
        for left in running.values():
            kill(left.pid)
            os.close(left.read_end)


def in_process(work: Callable[[], T]) -> Callable[[], T]:
    try:
        value = work()
    except Exception as exc:
        return functools.partial(reraise, exc)
    return lambda: value


def reraise(exc: BaseException):
    raise exc


@dataclass
class Child:
    """A forked child at work, and what it has sent back so far."""
    pid: int
    read_end: int
    started: float
    file: str
    index: int
    chunks: list = field(default_factory=list)
    size: int = 0
    answer: Callable | None = None


def start_child(work: Callable, bounds: Bounds, file: str, index: int) -> Child:
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:                                           # the child never returns
        os.close(read_end)
        child(work, bounds, write_end, file)
    os.close(write_end)
    return Child(pid, read_end, started, file, index)


def wait_for_children(running: dict[int, Child], bounds: Bounds) -> list[Child]:
    """Read what the running children send until one or more have finished or passed a limit; those
    are returned with their answer (the others keep running)."""
    while True:
        now = time.monotonic()
        finished = [c for c in running.values() if bounds.seconds is not None
                    and now - c.started >= bounds.seconds + bounds.grace]
        for late in finished:                              # past the deadline: killed now
            kill(late.pid)
            os.close(late.read_end)
            late.answer = functools.partial(reraise, SolveTimeout(late.file, bounds.seconds, None))
        if finished:
            return finished
        wait = None if bounds.seconds is None else \
            max(0.0, min(c.started + bounds.seconds + bounds.grace for c in running.values()) - now)
        ready, _, _ = select.select(list(running), [], [], wait)
        for read_end in ready:
            done = running[read_end]
            chunk = os.read(read_end, 1 << 20)
            done.size += len(chunk)
            if done.size > bounds.output_bytes + 65_536:  # the pickled answer, with room for its framing
                kill(done.pid)
                done.answer = functools.partial(reraise, OutOfMemory(
                    done.file, f"the output is larger than the limit of {bounds.output_bytes:,} bytes (--max-output)"))
            elif chunk:
                done.chunks.append(chunk)
                continue
            else:
                done.answer = ended(done, bounds)
            os.close(read_end)
            finished.append(done)
        if finished:
            return finished


def ended(done: Child, bounds: Bounds) -> Callable:
    """The answer of a child that closed its pipe: its value, its exception, or why it gave none."""
    _, status = os.waitpid(done.pid, 0)
    data = b"".join(done.chunks)
    if not data and os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGINT:
        raise KeyboardInterrupt           # Ctrl-C reached the child first
    if not data and os.WIFSIGNALED(status) and os.WTERMSIG(status) in OUTSIDE_SIGNALS:
        name = signal.Signals(os.WTERMSIG(status)).name     # no limit of ours sends it: RLIMIT_AS makes
        return functools.partial(reraise, ChildKilled(     # allocations fail, it kills nothing (issue 36)
            done.file, f"the child process solving it was {KILLED_FROM_OUTSIDE} by {name} (another process, or the "
                       "system short of memory; not a limit of mtg-layers); run it again"))
    if not data:
        return functools.partial(reraise, OutOfMemory(done.file, ended_without_answer(status, bounds)))
    kind, value = pickle.loads(data)
    if kind == "value":
        return lambda: value
    return functools.partial(reraise, value)


def kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


KEPT_UNTIL_EXIT: list = []
IN_CHILD = False


def keep_until_exit(value) -> None:
    """In a forked child, keep `value` until the child ends: os._exit frees nothing, and freeing a
    solved clingo Control costs milliseconds per case. Elsewhere (in-process work), nothing."""
    if IN_CHILD:
        KEPT_UNTIL_EXIT.append(value)


def child(work: Callable, bounds: Bounds, write_end: int, file: str) -> None:
    """In the child: limit the memory, run the work, send back its value or its exception, exit."""
    global IN_CHILD
    IN_CHILD = True
    code = 0
    try:
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends the child at once, even inside clingo
        if bounds.memory_bytes is not None:
            import resource
            resource.setrlimit(resource.RLIMIT_AS, (bounds.memory_bytes, bounds.memory_bytes))
        try:
            answer = ("value", work())
        except MemoryError:
            answer = ("raise", memory_error(file, bounds))
        except BaseException as exc:                       # sent back to be raised in the parent
            answer = ("raise", without_traceback(exc))
        if answer[0] == "value" and printed_size(answer[1]) > bounds.output_bytes:
            answer = ("raise", OutOfMemory(file, f"the output is larger than the limit of {bounds.output_bytes:,} "
                                                 "bytes (--max-output)"))
        try:
            data = pickle.dumps(answer)
        except MemoryError:
            data = pickle.dumps(("raise", memory_error(file, bounds)))
        except Exception as exc:                           # an unpicklable value or exception
            data = pickle.dumps(("raise", ChildFailed(f"{type(answer[1]).__name__}: {answer[1]}"[:2000]
                                                      + f" (not sent back: {exc})")))
        if len(data) > bounds.output_bytes + 65_536:
            data = pickle.dumps(("raise", OutOfMemory(file, f"the output is larger than the limit of "
                                                            f"{bounds.output_bytes:,} bytes (--max-output)")))
        view = memoryview(data)
        while view:
            view = view[os.write(write_end, view):]
    except BaseException:
        code = 70
    finally:
        os._exit(code)


def printed_size(value) -> int:
    """The bytes `value` prints: text exactly (UTF-8), JSON-like data as compact JSON, 0 for anything
    else (its pickled size is still bounded): --max-output holds to the byte on what is printed."""
    if isinstance(value, str):
        return len(value.encode("utf-8", errors="surrogatepass"))
    if isinstance(value, (bytes, bytearray)):
        return len(value)
    if isinstance(value, (dict, list)):
        import json
        try:
            return len(json.dumps(value, ensure_ascii=False, default=str).encode("utf-8", errors="surrogatepass"))
        except (TypeError, ValueError, RecursionError):
            return 0
    return 0


def memory_error(file: str, bounds: Bounds) -> OutOfMemory:
    limit = f"the limit of {bounds.memory_bytes / (1 << 30):.1f} GiB ({bounds.memory_named})" if bounds.memory_bytes \
        else "the memory of the machine"
    return OutOfMemory(file, f"solving needed more memory than {limit}; make the board smaller")


def ended_without_answer(status: int, bounds: Bounds) -> str:
    """Why a child gave no answer: clingo ends the process (a signal, or an abort on a failed
    allocation) when memory runs out under the limit."""
    if os.WIFSIGNALED(status):
        how = f"ended by signal {signal.Signals(os.WTERMSIG(status)).name}"
    else:
        how = f"ended with status {os.WEXITSTATUS(status)}"
    limit = f" under the limit of {bounds.memory_bytes / (1 << 30):.1f} GiB ({bounds.memory_named})" \
        if bounds.memory_bytes else ""
    return f"solving {how} without an answer, which is how clingo ends when it runs out of memory{limit}; " \
           "make the board smaller"
