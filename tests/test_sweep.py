"""`mtg-layers sweep`: rows, findings, formats and --resume, and the same rows through a real Dask
scheduler and workers started as subprocesses on 127.0.0.1, one of them killed mid-sweep.

The pool of tests/data/sweep/loops.yaml holds the inline cards of the bundled loop cases
(cases/dependency/loop_color_swap.yaml, loop_mutual_ability_loss.yaml): their pairs must show the
loops those cases' sources describe, and only those."""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from bridge.interfaces.cli.main import main
from bridge.results.schemas import schema
from bridge.interfaces.sweep.output import full_row, read_rows
from bridge.interfaces.sweep.spec import board_mapping, load_spec
from bridge.interfaces import api
from bridge.interfaces.sweep.worker import solve_batch
from bridge.interfaces.sweep.command import jobs

from conftest import ROOT

SPEC = ROOT / "tests" / "data" / "sweep" / "loops.yaml"
DASK = Path(sys.executable).with_name("dask")
LOOPS = {frozenset({"Whitewash", "Blackwash"}): [["blackwash#1", "whitewash#1"]],
         frozenset({"Silencer A", "Silencer B"}): [["silencer_a#2", "silencer_b#2"]]}


def in_process_rows(full: bool = True) -> list[dict]:
    """The rows of the spec solved in this process, without Dask: what every run must give (as written, or
    with every column as read_rows gives them)."""
    spec = load_spec(SPEC)
    return sorted(((full_row(row) if full else row) for job in jobs(spec, list(spec.tasks()), None, 1)
                   for row in solve_batch(job)[0]), key=lambda r: r["board"])


def same(rows: list[dict], expected: list[dict]) -> bool:
    """Equal rows, the per-board cost (solve_ms) aside."""
    def plain(row):
        return {k: v for k, v in row.items() if k != "solve_ms"}
    return [plain(r) for r in sorted(rows, key=lambda r: r["board"])] == [plain(r) for r in expected]


@pytest.fixture(scope="module")
def expected_rows():
    return in_process_rows()


def test_rows_find_the_loops_of_the_bundled_cases(expected_rows):
    assert len(expected_rows) == 24       # 6 pairs x 2 orders x 2 editions
    validator = Draft202012Validator(schema("sweep"))
    for row in in_process_rows(full=False):
        validator.validate(row)
    for row in expected_rows:
        assert row["error"] is None
        assert row["loops"] == LOOPS.get(frozenset(row["cards"]), []), row["board"]
        assert row["overrides"] == []
    # in a loop, timestamp order decides (613.8b): the order the cards entered changes the answer
    assert {frozenset(r["cards"]) for r in expected_rows if r["order_sensitive"]} == set(LOOPS)


def test_spec_errors_name_the_spec_and_key(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    (tmp_path / "broken.lp").write_text("loop(X :- effect(X).\n")       # a syntax error: said before Dask starts
    (tmp_path / "latin1.lp").write_bytes("% café\n".encode("latin-1"))
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "card.yaml").write_bytes("name: Café\n".encode("latin-1"))
    for text, words in (("pool: {library: [Blood Mooon]}", "pool.library[0]"),
                        ("pool: {library: static}\nrules: [m11]", "rules[0]"),
                        ("pool: {library: static}\nfindings: [loops]", "findings[0]"),
                        ("pool: {store: {type: creature}}", "pool.store"),
                        ("pool: {library: static}\npoool: 1", "poool"),
                        ("pool: {library: static}\ntimeout: .nan", "timeout"),
                        ("pool: {library: static}\ntimeout: .inf", "timeout"),
                        ("pool: {library: static}\ntimeout: -1", "timeout"),
                        ("pool: {library: static}\nquery: broken.lp", "broken.lp"),
                        ("pool: {library: static}\nquery: latin1.lp", "UTF-8"),
                        ("pool: {folder: cards}", "pool.folder"),
                        ("pool: {library: static}\nlife: 20", "life"),
                        ("pool: {library: static}\nlife: {Carol: 20}", "life")):
        bad.write_text(text)
        assert main(["sweep", str(bad), "-o", str(tmp_path / "out.jsonl")]) == 2
        err = capsys.readouterr().err
        assert str(bad) in err and words in err and "Traceback" not in err


def test_a_sweep_too_large_is_refused_with_its_count(tmp_path, capsys):
    """Boards are counted, not listed: library.yaml's 27 cards in ordered sets of five (9,687,600 boards)
    is said at once, not built."""
    spec = load_spec(SPEC)
    assert spec.board_count() == 24 and spec.task_count() == 6
    big = tmp_path / "big.yaml"
    big.write_text("pool: {library: all}\nsizes: [5]\n")
    boards = load_spec(big).board_count()
    assert boards > 1_000_000
    assert main(["sweep", str(big), "-o", str(tmp_path / "out.jsonl")]) == 2
    err = capsys.readouterr().err
    assert str(big) in err and f"{boards:,} boards" in err and "--max-boards" in err
    assert main(["sweep", str(SPEC), "--max-boards", "23", "-o", str(tmp_path / "out.jsonl")]) == 2
    assert "24 boards" in capsys.readouterr().err
    assert not (tmp_path / "out.jsonl").exists()


def test_a_sweep_without_the_research_extra_says_which_install_it_needs(tmp_path, capsys, monkeypatch):
    """Without dask or tqdm a sweep is refused at once with the extra to install (it was an internal
    error after the pool's analysis); the dry run needs neither."""
    import bridge.interfaces.sweep.command as command
    monkeypatch.setattr(command, "installed", lambda module: module != "tqdm")
    assert main(["sweep", str(SPEC), "-o", str(tmp_path / "out.jsonl")]) == 2
    err = capsys.readouterr().err
    assert str(SPEC) in err and "needs tqdm" in err and "mtg-layers[research]" in err and "internal" not in err
    assert not (tmp_path / "out.jsonl").exists()
    assert main(["sweep", str(SPEC), "--dry-run"]) == 0


def test_life_totals_of_a_spec_reach_every_board(tmp_path):
    """A spec's `life:` is each board's (as a case's): Serra Avatar's power and toughness read its
    controller's life total (a case leaving it out is refused, naming the player)."""
    from bridge.interfaces.sweep.in_process import sweep
    spec = tmp_path / "avatar.yaml"
    spec.write_text("pool: {cards: [Serra Avatar, Glorious Anthem]}\nsizes: [2]\nrules: [current]\n"
                    "findings: [order_sensitivity]\n")
    rows = sweep(spec)
    assert len(rows) == 2 and all("life" in row["error"] for row in rows)
    spec.write_text(spec.read_text() + "life: {Alice: 17, Bob: 20}\n")
    loaded = load_spec(spec)
    rows = sweep(loaded)
    assert len(rows) == 2 and all(row["error"] is None for row in rows)
    job = jobs(loaded, loaded.tasks(), None, 1)[0]
    board = board_mapping("avatar", "test", job.players, job.background, job.totals, [e for _, e in job.pool])
    assert board["life"] == {"Alice": 17, "Bob": 20}
    assert api.solve(board).objects["serra_avatar"].pt == "18/18"     # 17 life, +1/+1 from Glorious Anthem


def test_local_cluster_rows_formats_and_resume(tmp_path, expected_rows, capsys):
    out = tmp_path / "rows.jsonl"
    assert main(["sweep", str(SPEC), "-o", str(out), "--workers", "1", "--no-progress"]) == 0
    assert "24 boards solved" in capsys.readouterr().out
    assert same(read_rows(out, "jsonl"), expected_rows)
    # --resume: a run cut short (half the rows and a torn last line) is completed, nothing twice
    lines = out.read_text().splitlines()
    out.write_text("\n".join(lines[:12]) + "\n" + lines[12][:20])
    assert main(["sweep", str(SPEC), "-o", str(out), "--workers", "1", "--no-progress", "--resume"]) == 0
    summary = capsys.readouterr().out
    # only the missing combinations are solved (a task's four boards are written together), and the summary
    # counts every row: the two loop pairs are order-sensitive in both editions, old rows and new
    assert "12 boards solved, 12 already in" in summary and "of all 24 rows" in summary, summary
    assert "order-sensitive: 8" in summary, summary
    assert same(read_rows(out, "jsonl"), expected_rows)
    for fmt in ("csv", "parquet"):
        path = tmp_path / f"rows.{fmt}"
        assert main(["sweep", str(SPEC), "-o", str(path), "--format", fmt, "--workers", "1", "--no-progress"]) == 0
        # every format reads back as the same rows: every column, None where a row has no value (issue 38)
        assert same(read_rows(path), expected_rows), fmt


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def cluster():
    """A Dask scheduler and two workers (no nanny: a worker is one process) on 127.0.0.1."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    started = [subprocess.Popen([str(DASK), "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                 "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    workers = [subprocess.Popen([str(DASK), "worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard",
                                 "--name", f"w{i}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
               for i in range(2)]
    started += workers
    from dask.distributed import Client
    with Client(address, timeout="60s") as client:
        client.wait_for_workers(2, timeout=120)
    yield address, workers
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait()


def test_through_a_scheduler_with_a_worker_killed_mid_sweep(cluster, tmp_path, expected_rows):
    address, workers = cluster
    out = tmp_path / "rows.jsonl"
    sweep = subprocess.Popen([sys.executable, "-m", "bridge.interfaces.cli.main", "sweep", str(SPEC), "-o", str(out),
                              "--scheduler", address, "--batch-size", "1", "--no-progress"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300
    while not (out.exists() and out.read_text().count("\n") >= 4) and time.monotonic() < deadline:
        assert sweep.poll() is None, sweep.communicate()
        time.sleep(0.05)
    written_at_kill = out.read_text().count("\n")
    os.kill(workers[0].pid, signal.SIGKILL)
    stdout, stderr = sweep.communicate(timeout=300)
    assert sweep.returncode == 0, stderr
    assert written_at_kill < 24, "the sweep ended before the worker was killed: nothing was tested"
    assert workers[0].wait() == -signal.SIGKILL
    assert same(read_rows(out, "jsonl"), expected_rows)
    assert "24 boards solved" in stdout


def test_a_pool_from_the_card_store(tmp_path, monkeypatch):
    """Cards imported into the store (here written to it directly), filtered by name and by having a
    static effect as the Oracle-text reader reads them."""
    from bridge.cards.store import CardStore
    path = tmp_path / "cards.sqlite"
    store = CardStore(path, create=True)
    # Printed characteristics and Oracle text (Scryfall, 2025)
    store.add_all([("Imperious Perfect", {"name": "Imperious Perfect", "mana_cost": "{2}{G}",
                                          "type_line": "Creature — Elf Warrior", "pt": "2/2",
                                          "text": "Other Elves you control get +1/+1.\n{G}, {T}: Create a 1/1 green "
                                                  "Elf Warrior creature token."}, []),
                   ("Elvish Visionary", {"name": "Elvish Visionary", "mana_cost": "{1}{G}",
                                         "type_line": "Creature — Elf Shaman", "pt": "1/1",
                                         "text": "When this creature enters, draw a card."}, [])],
                  "test", "mtgjson")
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(path))
    spec_file = tmp_path / "store.yaml"
    spec_file.write_text("pool: {store: {search: [e], static: true}}\nsizes: [1]\nbackground: [{card: Llanowar Elves}]\n")
    spec = load_spec(spec_file)
    assert [card.label for card in spec.pool] == ["Imperious Perfect"]
    rows = [row for job in jobs(spec, list(spec.tasks()), None, 1) for row in solve_batch(job)[0]]
    assert [(row["board"], row["error"]) for row in rows] == [("Imperious Perfect@Alice | current", None)]


# Each board is bounded like a case of `check`: the command line's limits reach the workers.
ENGINE_SPEC = """\
# cases/dependency/reevaluation_613_8c.yaml's cards, with the animation made a card
sweep: reevaluation
pool:
  cards:
    - card: {name: Artifact Lands, type_line: Enchantment,
             abilities: [{text: Each artifact is a land in addition to its other types., static: {affects: {all: [artifact]}, does: {add_types: [Land]}}}]}
    - card: {name: Swamp Engine, mana_cost: "{3}", type_line: Artifact,
             abilities: [{text: Each land is a Swamp in addition to its other land types., static: {affects: {all: [land]}, does: {add_subtypes: [Swamp]}}}]}
    - card: Blood Moon
sizes: [3]
background: [{card: Forest}]
orders: pool
findings: [dependency_loop]
"""


def command_rows(spec_path, *options) -> list[dict]:
    """The rows the `sweep` command line would make, solved in this process (no Dask)."""
    from bridge.interfaces.cli.main import build_parser
    args = build_parser().parse_args(["sweep", str(spec_path), *options])
    spec = load_spec(spec_path)
    return [row for job in jobs(spec, list(spec.tasks()), None, 1, args) for row in solve_batch(job)[0]]


def test_sweep_honours_no_reevaluate(tmp_path):
    spec = tmp_path / "engine.yaml"
    spec.write_text(ENGINE_SPEC)
    [plain], [research] = command_rows(spec), command_rows(spec, "--no-reevaluate")
    assert plain["error"] is None and research["error"] is None
    assert plain["characteristics"] != research["characteristics"]      # 613.8c matters on this board


def test_sweep_boards_are_bounded_by_the_command_line(tmp_path):
    spec = tmp_path / "engine.yaml"
    spec.write_text(ENGINE_SPEC)
    [slow] = command_rows(spec, "--timeout", "0.001")            # over the spec's 60 s
    assert "0.001" in slow["error"] and "characteristics" not in slow
    hasty = tmp_path / "hasty.yaml"                               # the spec's own timeout, unless --timeout
    hasty.write_text(ENGINE_SPEC + "timeout: 0.001\n")
    assert "0.001" in command_rows(hasty)[0]["error"] and command_rows(hasty, "--timeout", "60")[0]["error"] is None
    big_spec = tmp_path / "big.yaml"                              # 3,000 Bears need more than 100 MB
    big_spec.write_text(ENGINE_SPEC.replace("background: [{card: Forest}]",
                                            "background: [{card: Forest}" + ", {card: Grizzly Bears}" * 3000 + "]"))
    # In a fresh process: late in a full run, pytest's own heap has room enough for the board under any
    # address-space limit (RLIMIT_AS bounds growth, and a large process has freed memory to reuse).
    script = ("import json, sys; sys.path.insert(0, 'tests'); from test_sweep import command_rows; "
              f"print(json.dumps(command_rows({str(big_spec)!r}, '--max-memory', '100')))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300)
    [big] = json.loads(done.stdout)                               # the worker lives on; the board is a row
    assert "--max-memory" in big["error"], done.stderr[-2000:]
    [many] = command_rows(spec, "--max-objects", "3")
    assert "3" in many["error"] and "objects" in many["error"]


def test_a_spec_that_is_no_regular_file_is_refused_unread(capsys):
    assert main(["sweep", "/dev/zero", "--no-progress"]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_pool_of_the_shipped_card_pool_by_words(tmp_path):
    """`card_pool: {search, static, limit}` takes cards of every card the package knows (issue 31)."""
    spec = tmp_path / "moons.yaml"
    spec.write_text("pool: {card_pool: {search: [moon], static: true, limit: 3}}\nsizes: [1]\n")
    names = [card.label for card in load_spec(spec).pool]
    assert len(names) == 3 and all("moon" in name.lower() for name in names) and "Blood Moon" in names


def test_dry_run_reports_the_inert_entries_of_the_benchmark(capsys):
    """`--dry-run` solves no board: each pool card's status and the board count (issue 38)."""
    spec = ROOT / "benchmarks" / "sweep_static_pairs.yaml"
    assert main(["sweep", str(spec), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "552 boards" in out
    lines = {line.strip().split(":")[0]: line for line in out.splitlines()}
    for aura in ("Rancor", "Control Magic", "Lignify", "Ensoul Artifact", "Bonesplitter", "Colossus Hammer"):
        assert "unattached" in lines[aura], lines[aura]
    for chooser in ("Conspiracy", "Painter's Servant", "Caller of the Hunt", "Chameleon Spirit"):
        assert "choice undefined" in lines[chooser], lines[chooser]
    # no white creature on the background: Crusade alone changes nothing; Blood Moon changes the lands
    assert "does nothing on this background" in lines["Crusade"]
    assert lines["Blood Moon"].strip() == "Blood Moon: ok"
    assert "Tarmogoyf: ok" in out            # a characteristic-defining ability always acts (604.3)
    assert not (spec.with_suffix(".jsonl")).exists()


def test_a_sweep_warns_of_every_inert_entry(tmp_path, capsys):
    spec = tmp_path / "inert.yaml"
    spec.write_text("pool:\n  cards:\n    - {card: Rancor}\n    - {card: Blood Moon, controller: Bob}\n"
                    "    - {card: Rancor, attached_to: grizzly_bears}\n"
                    "sizes: [1]\nbackground: [{card: Grizzly Bears}, {card: Forest}]\nfindings: [dependency_loop]\n")
    assert main(["sweep", str(spec), "-o", str(tmp_path / "out.jsonl"), "--workers", "1", "--no-progress"]) == 0
    err = capsys.readouterr().err
    warned = [line for line in err.splitlines() if line.startswith("warning: pool card")]
    assert any(line.startswith("warning: pool card Rancor: unattached") for line in warned), err
    assert any("Blood Moon" in line and "controller overridden" in line and "Bob" in line for line in warned), err
    assert not any(line.startswith("warning: pool card Rancor (3): unattached") for line in warned), err


def test_a_cut_short_parquet_sweep_keeps_its_rows(tmp_path, expected_rows, capsys):
    """Rows go to FILE.partial.jsonl until the sweep ends: after a crash a fresh run refuses to overwrite
    them, and --resume takes them and solves only the rest."""
    out = tmp_path / "rows.parquet"
    journal = tmp_path / "rows.parquet.partial.jsonl"
    kept = [row for row in in_process_rows(full=False) if frozenset(row["cards"]) in LOOPS]      # two tasks
    journal.write_text("".join(json.dumps(row) + "\n" for row in kept) + '{"board": "torn')
    assert main(["sweep", str(SPEC), "-o", str(out), "--format", "parquet", "--workers", "1", "--no-progress"]) == 2
    assert "--resume keeps them" in capsys.readouterr().err and journal.exists()
    assert main(["sweep", str(SPEC), "-o", str(out), "--format", "parquet", "--workers", "1", "--no-progress",
                 "--resume"]) == 0
    assert "16 boards solved, 8 already in" in capsys.readouterr().out
    assert not journal.exists() and same(read_rows(out), expected_rows)


def test_rows_say_what_differs_and_where(expected_rows):
    """order_sensitive names the other order and the first (object, characteristic, values) that differ;
    loops carry their layer and step; each board its solve time and ground atoms (issue 38)."""
    swap = {r["board"]: r for r in expected_rows if set(r["cards"]) == {"Whitewash", "Blackwash"}}
    row = swap["Whitewash@Alice + Blackwash@Alice | current"]
    assert row["order_sensitive"] and row["order_differs"] == "Blackwash@Alice + Whitewash@Alice | current"
    # cases/dependency/loop_color_swap.yaml: in a loop, timestamp order decides (613.8b); the later one wins
    difference = row["order_difference"]
    assert difference["characteristic"] == "colors" and difference["this"] != difference["other"]
    assert swap[row["order_differs"]]["order_differs"] == row["board"]
    assert row["loops_at"] == [{"effects": ["blackwash#1", "whitewash#1"], "layer": "5", "step": 1}]
    assert row["edition_difference"] is False and row["edition_differs"] is None
    assert all(r["ground_atoms"] > 0 and r["solve_ms"] > 0 for r in expected_rows)
    calm = [r for r in expected_rows if not r["order_sensitive"]]
    assert calm and all(r["order_differs"] is None and r["order_difference"] is None for r in calm)


PRUNE_SPEC = ROOT / "tests" / "data" / "sweep" / "prune.yaml"


def test_prune_leaves_out_what_cannot_interact_and_confirms_it(tmp_path, capsys):
    """Of 10 pairs only Blood Moon + Urborg may interact (the spec's comment says why); every pruned pair
    is solved too (--prune-check 100), and none shows a loop, an override or order sensitivity."""
    out = tmp_path / "rows.jsonl"
    assert main(["sweep", str(PRUNE_SPEC), "-o", str(out), "--workers", "1", "--no-progress", "--prune",
                 "--prune-check", "100"]) == 0
    said = capsys.readouterr().out
    assert "1 combinations kept, 9 pruned (18 boards not solved)" in said, said
    assert "9 pruned combinations solved to confirm (18 boards): 0 with an interaction finding" in said, said
    rows = read_rows(out)
    assert len(rows) == 20
    moon = [r for r in rows if set(r["cards"]) == {"Blood Moon", "Urborg, Tomb of Yawgmoth"}]
    assert len(moon) == 2 and any(r["overrides"] for r in moon)
    # resumed, the counts are still over every combination (before: the ones already solved counted as kept)
    assert main(["sweep", str(PRUNE_SPEC), "-o", str(out), "--workers", "1", "--no-progress", "--prune",
                 "--prune-check", "0", "--resume"]) == 0
    said = capsys.readouterr().out
    assert "1 combinations kept, 9 pruned (18 boards not solved)" in said and "0 boards solved" in said, said


def test_a_wrong_pruning_is_said(tmp_path, capsys, monkeypatch):
    """Were the analysis wrong (here: told that nothing interacts), the sample finds the loops: exit 1."""
    from bridge.interfaces.sweep import pruning
    monkeypatch.setattr(pruning.Interactions, "may_interact", lambda self, cards: False)
    assert main(["sweep", str(SPEC), "-o", str(tmp_path / "rows.jsonl"), "--workers", "1", "--no-progress",
                 "--prune", "--prune-check", "6"]) == 1
    captured = capsys.readouterr()
    assert "0 combinations kept, 6 pruned" in captured.out
    assert "--prune left out combinations that interact" in captured.err and "Whitewash" in captured.err


def test_pool_attach_to_and_choices_make_the_benchmarks_inert_entries_act(tmp_path, capsys):
    """`attach_to:` and `choices:` complete the pool's entries that lack them (issue 38): each Aura and
    Equipment on each listed background object, each chooser with the listed value."""
    text = (ROOT / "benchmarks" / "sweep_static_pairs.yaml").read_text()
    text = text.replace('Yixlid Jailer]\n', 'Yixlid Jailer]\n  attach_to: [grizzly_bears, llanowar_elves]\n'
                                          '  choices: {color: white, creature_type: Elf}\n')
    spec = tmp_path / "pairs.yaml"
    spec.write_text(text)
    assert main(["sweep", str(spec), "--dry-run"]) == 0
    out = capsys.readouterr().out
    lines = {line.strip().rsplit(": ", 1)[0] if line.strip().endswith(": ok") else line.strip().split(": ")[0]: line
             for line in out.splitlines()}
    assert "31 pool card(s)" in out and "930 boards" in out        # 6 attaching cards twice, 4 choosers once
    assert "unattached" not in out and "choice undefined" not in out
    for active in ("Rancor (on grizzly_bears)", "Lignify (on llanowar_elves)", "Bonesplitter (on grizzly_bears)",
                   "Conspiracy (creature_type: Elf)", "Painter's Servant (color: white)",
                   "Control Magic (on llanowar_elves)"):
        assert "does nothing" not in lines[active], lines[active]
    # Control Magic under Alice on Alice's own Bears changes nothing: said, not hidden
    assert "does nothing on this background" in lines["Control Magic (on grizzly_bears)"]
    assert "inert: 5 of 31" in out


def test_pool_defaults_enumerate_and_yield_to_the_entry(tmp_path, capsys):
    spec = tmp_path / "choose.yaml"
    spec.write_text("pool:\n  cards:\n    - {card: Conspiracy}\n    - {card: Conspiracy, choices: {creature_type: Bear}}\n"
                    "    - {card: Rancor, attached_to: forest}\n    - {card: Rancor}\n"
                    "  attach_to: grizzly_bears\n  choices: {creature_type: [Elf, Goblin]}\n"
                    "sizes: [1]\nbackground: [{card: Grizzly Bears}, {card: Forest}]\n")
    pool = load_spec(spec).pool
    assert [c.label for c in pool] == ["Conspiracy (creature_type: Elf)", "Conspiracy (creature_type: Goblin)",
                                       "Conspiracy", "Rancor", "Rancor (on grizzly_bears)"]
    assert [c.entry.get("choices") for c in pool[:3]] == [{"creature_type": "Elf"}, {"creature_type": "Goblin"},
                                                          {"creature_type": "Bear"}]
    assert [c.entry.get("attached_to") for c in pool[3:]] == ["forest", "grizzly_bears"]
    for text, words in (("attach_to: bears", "pool.attach_to[0]"), ("choices: [Elf]", "pool.choices"),
                        ("choices: {color: []}", "pool.choices.color")):
        spec.write_text(f"pool:\n  library: [Rancor]\n  {text}\nbackground: [{{card: Grizzly Bears}}]\nsizes: [1]\n")
        assert main(["sweep", str(spec), "--dry-run"]) == 2
        err = capsys.readouterr().err
        assert str(spec) in err and words in err and "Traceback" not in err


def test_pruning_reads_which_operations_commute_and_which_make_effects_from_asp():
    """The rule facts pruning uses are asp/'s (613_8_dependency.lp: op_commutes, 613.4c; op_makes_effects),
    read from the solved board: pruning.py names no operation kind."""
    from bridge.interfaces import api
    from bridge.interfaces.sweep import pruning
    source = (ROOT / "bridge" / "interfaces" / "sweep" / "pruning.py").read_text()
    assert not re.search(r"\b(modify_pt|add_abilities|copy_of|change_text|add_colors)\b", source)
    board = api.solve({"case": "profile", "source": "test", "battlefield": [
        {"card": "Grizzly Bears", "id": "bears"}, {"card": "Glorious Anthem", "id": "anthem"},
        {"card": "Rancor", "id": "rancor", "attached_to": "bears"}]})
    anthem = pruning.read_profile(board, lambda source: source == "anthem")
    rancor = pruning.read_profile(board, lambda source: source == "rancor")
    commutes = {str(a.arguments[0]) for a in board.reader("op_commutes")}
    assert anthem.commuting == commutes and {"modify_pt", "counter_pt"} <= commutes and "set_colors" not in commutes
    assert anthem.opaque is None and rancor.opaque is None     # it names the ability it grants: read, not opaque
    assert rancor.writes_of['st("rancor",ab("Rancor",2))'] >= {("6", "ability", "add_abilities"),
                                                             ("7c", "power", "modify_pt")}


def test_a_granted_static_ability_is_read_with_the_card_that_grants_it():
    """Rune of Flight grants an Equipment 'Equipped creature has flying': that granted ability's effect, on
    whichever permanent gets it, is part of the Aura's profile (asp/ op_grants_named_abilities, 604.1);
    abilities taken from other objects (Necrotic Ooze, 613.1f) stay opaque."""
    from bridge.interfaces import api
    from bridge.interfaces.sweep import pruning
    board = api.solve({"case": "profile", "source": "test", "battlefield": [
        {"card": "Grizzly Bears", "id": "bears"}, {"card": "Rune of Flight", "id": "rune", "attached_to": "bears"},
        {"card": "Necrotic Ooze", "id": "ooze"}]})
    rune = pruning.read_profile(board, lambda source: source == "rune")
    granted = {effect for effect in rune.layers_of if "granted(" in effect}
    assert {e.split(",")[0] for e in granted} >= {'st("bears"', 'st("ooze"', 'st("rune"'}
    assert all(rune.writes_of[e] == {("6", "ability", "add_abilities")} for e in granted)
    assert rune.opaque is None
    assert pruning.read_profile(board, lambda source: source == "ooze").opaque == "grants abilities"


def test_stored_facts_are_queried_without_solving_again(tmp_path, capsys, monkeypatch):
    """`sweep --store-facts FILE` keeps each board's facts (the rows do not carry them); `query --facts FILE`
    runs programs over them as stored: the same overrides as the rows, and no board is solved again."""
    spec = tmp_path / "moon.yaml"
    spec.write_text('sweep: moon\npool:\n  library: [Blood Moon, "Urborg, Tomb of Yawgmoth"]\nsizes: [2]\n'
                    "background:\n  - card: Forest\norders: all\nrules: [current]\n")
    out, stored = tmp_path / "rows.jsonl", tmp_path / "facts.jsonl"
    assert main(["sweep", str(spec), "-o", str(out), "--workers", "1", "--no-progress",
                 "--store-facts", str(stored)]) == 0
    rows = {row["board"]: row for row in read_rows(out)}
    assert len(rows) == 2 and all("facts" not in row for row in rows.values())
    boards = [json.loads(line) for line in stored.read_text().splitlines()]
    assert sorted(b["board"] for b in boards) == sorted(rows)
    assert all(b["rules"] == "current" and 'rules("current")' in b["facts"] for b in boards)
    capsys.readouterr()
    from bridge.interfaces.cli import research
    monkeypatch.setattr(research, "solved", lambda args, path: pytest.fail("solved again"))
    program = str(ROOT / "docs" / "queries" / "dependency_overrides_timestamp.lp")
    assert main(["query", "--program", program, "--program", str(ROOT / "docs" / "queries" / "loops.lp"),
                 "--facts", str(stored), "--format", "json", "-j", "1"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4 and {line["case"] for line in lines} == set(rows)
    for line in lines:
        if line["program"] == program:
            pairs = sorted([t["arguments"][0], t["arguments"][1]] for t in line["terms"])
            assert pairs == rows[line["case"]]["overrides"]
    assert any(rows[b]["overrides"] for b in rows)
    assert main(["query", "--program", program, "--facts", str(out)]) == 2      # rows are not stored facts
    assert "sweep --store-facts" in capsys.readouterr().err
    assert main(["query", "--program", program, "--facts", str(stored), str(spec)]) == 2


def test_minimize_gives_each_finding_its_smallest_background(tmp_path, capsys):
    """--minimize: a row with a finding gets the background objects it still needs (the spec's comment says
    why); a row without one gets None; rows are otherwise those of the sweep without --minimize."""
    out = tmp_path / "rows.jsonl"
    assert main(["sweep", str(ROOT / "tests" / "data" / "sweep" / "minimize.yaml"), "-o", str(out),
                 "--workers", "1", "--no-progress", "--minimize"]) == 0
    rows = {row["board"]: row for row in read_rows(out)}
    assert len(rows) == 12
    for board in ("Lignify@Alice + Humility@Alice | current", "Humility@Alice + Lignify@Alice | current"):
        assert rows[board]["order_sensitive"] is True and rows[board]["minimal_background"] == ["grizzly_bears"]
    moon = rows["Urborg, Tomb of Yawgmoth@Alice + Blood Moon@Alice | current"]
    assert moon["overrides"] == [["urborg_tomb_of_yawgmoth#1", "blood_moon#1"]] and moon["minimal_background"] == []
    calm = [row for row in rows.values() if not (row["overrides"] or row["order_sensitive"])]
    assert len(calm) == 9 and all(row["minimal_background"] is None for row in calm)
    validator = Draft202012Validator(schema("sweep"))
    assert all(not list(validator.iter_errors(json.loads(line))) for line in out.read_text().splitlines())


def test_in_process_sweep_minimizes_too():
    import bridge
    rows = bridge.sweep(ROOT / "tests" / "data" / "sweep" / "minimize.yaml", minimize=True)
    moon = next(r for r in rows if r["board"] == "Urborg, Tomb of Yawgmoth@Alice + Blood Moon@Alice | current")
    assert moon["minimal_background"] == [] and sum(r["minimal_background"] is not None for r in rows) == 3


def test_the_library_static_pairs_benchmarks_hold_what_docs_research_says():
    """benchmarks/sweep_library_static_pairs.yaml: 321 cards, 205,440 boards; its parts (30 and 45 acting cards)
    are its first cards of that kind, in its order (docs/research.md, "A pruned sweep of the library's static
    cards")."""
    from bridge.interfaces.sweep.spec import load_spec
    whole = load_spec(ROOT / "benchmarks" / "sweep_library_static_pairs.yaml")
    assert len(whole.pool) == 321 and whole.board_count() == 205_440
    order = [card.label for card in whole.pool]
    for size in (30, 45):
        part = load_spec(ROOT / "benchmarks" / f"sweep_library_static_pairs_{size}.yaml")
        labels = [card.label for card in part.pool]
        assert len(labels) == size and part.board_count() == size * (size - 1) * 2
        assert labels == sorted(labels, key=order.index) and part.background == whole.background


def test_added_abilities_commute_and_two_cdas_write_their_own_objects():
    """asp/613_8_dependency.lp: adding abilities commutes (113.2c, 613.7a) and a characteristic-defining
    ability's part writes only its own object (604.3), so neither makes two cards interact; setting one
    characteristic in one layer by two other effects still does."""
    from bridge.interfaces import api
    from bridge.interfaces.sweep import pruning
    board = api.solve({"case": "cdas", "source": "test", "battlefield": [
        {"card": "Tarmogoyf", "id": "goyf"}, {"card": "Nightmare", "id": "nightmare"}, {"card": "Swamp"}]})
    goyf = pruning.read_profile(board, lambda source: source == "goyf")
    nightmare = pruning.read_profile(board, lambda source: source == "nightmare")
    commuting = goyf.commuting
    assert "add_abilities" in commuting and goyf.own_only and all(layers == {"7a"} for layers in goyf.own_only.values())
    assert not any(pruning.interact(a, b, commuting)
                   for a in pruning.effects_of(goyf) for b in pruning.effects_of(nightmare))
    setter = ({"7a"}, {("7a", "power", "set_base_pt")}, set(), set(), set())     # not its own object's only
    assert any(pruning.interact(a, setter, commuting) for a in pruning.effects_of(goyf))
    grant = ({"6"}, {("6", "ability", "add_abilities")}, set(), set(), set())
    assert not pruning.interact(grant, grant, commuting)
