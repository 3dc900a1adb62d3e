"""Stable effect ids, `mtg-layers facts` and `mtg-layers query` with the example programs of
docs/queries. Expected atoms come from the bundled cases' own sources (their `source:` lines say
which effect depends on which, which loop they form, which effect never applied)."""
import json

import pytest

import bridge
from bridge.results.board_facts import PREDICATES, board_facts
from bridge.interfaces.cli.main import main
from bridge.interfaces.query import EXAMPLES, example_path, load_program, run_query

from conftest import CASES

DEP = CASES / "dependency"


def query(example: str, case) -> set[str]:
    return {str(a) for a in run_query(load_program(example_path(example)), board_facts(bridge.solve(case)))}


def test_loops_example_finds_the_bundled_loops():
    assert query("loops", DEP / "loop_color_swap.yaml") == {'loop("blackwash#1","whitewash#1")'}
    assert query("loops", DEP / "loop_mutual_ability_loss.yaml") == {'loop("newer#2","older#2")'}
    assert query("loops", DEP / "blood_moon_urborg_urborg_older.yaml") == set()


def test_override_example_finds_dependency_before_timestamp():
    # Urborg is older, but Blood Moon applies first: Urborg depends on it (613.8a existence)
    assert query("dependency_overrides_timestamp", DEP / "blood_moon_urborg_urborg_older.yaml") == \
        {'override("urborg_tomb_of_yawgmoth#1","blood_moon#1")'}
    # Blood Moon older: timestamp order and dependency agree, nothing overridden
    assert query("dependency_overrides_timestamp", DEP / "blood_moon_urborg_blood_moon_older.yaml") == set()
    assert query("dependency_overrides_timestamp", DEP / "lattice_march_humility_older.yaml") == \
        {'override("march_of_the_machines#1","mycosynth_lattice#1")'}
    # inside a loop, timestamp order holds: no override
    assert query("dependency_overrides_timestamp", DEP / "loop_color_swap.yaml") == set()


def test_never_applied_example():
    assert query("never_applied", DEP / "blood_moon_urborg_blood_moon_older.yaml") == \
        {'never_applied("urborg_tomb_of_yawgmoth#1","4")', 'removed_by("urborg_tomb_of_yawgmoth#1","blood_moon#1")'}
    assert query("never_applied", DEP / "humility_opalescence_levitation.yaml") == \
        {'never_applied("levitation#1","6")', 'removed_by("levitation#1","humility#1")'}
    assert query("never_applied", DEP / "loop_color_swap.yaml") == set()


def test_findings_at_gives_layer_and_step():
    assert query("findings_at", DEP / "loop_color_swap.yaml") == {'loop_at("blackwash#1","whitewash#1","5",1)'}
    assert query("findings_at", DEP / "blood_moon_urborg_urborg_older.yaml") == \
        {'override_at("urborg_tomb_of_yawgmoth#1","blood_moon#1","4",1)'}


def test_a_loop_of_three_effects_made_of_two_cycles():
    """in_loop is the component (613.8b); loop_member names it, loop_cycle lists its simple cycles. The
    case's source derives the four dependencies: Omen <-> Life and Limb, Life and Limb <-> Conspiracy."""
    facts = {str(f) for f in board_facts(bridge.solve(DEP / "loop_two_cycles_omen_life_and_limb_conspiracy.yaml"))}
    members = {f for f in facts if f.startswith("loop_member(1,")}
    assert members == {f'loop_member(1,"conspiracy#2","{e}")' for e in ("conspiracy#2", "life_and_limb#1",
                                                                          "prismatic_omen#1")}
    cycles = sorted(f for f in facts if f.startswith("loop_cycle(1,"))
    assert cycles == ['loop_cycle(1,"conspiracy#2",1,1,"conspiracy#2")', 'loop_cycle(1,"conspiracy#2",1,2,"life_and_limb#1")',
                      'loop_cycle(1,"conspiracy#2",2,1,"life_and_limb#1")',
                      'loop_cycle(1,"conspiracy#2",2,2,"prismatic_omen#1")']
    assert not any(f.startswith("cycles_cut") for f in facts)
    two = {str(f) for f in board_facts(bridge.solve(DEP / "loop_color_swap.yaml"))}   # one 2-cycle: one cycle
    assert {f for f in two if f.startswith("loop_cycle")} == {'loop_cycle(1,"blackwash#1",1,1,"blackwash#1")',
                                                              'loop_cycle(1,"blackwash#1",1,2,"whitewash#1")'}


def test_simple_cycles_and_their_limit():
    from bridge.results.cycles import simple_cycles
    assert simple_cycles(["a", "b", "c"], {("a", "b"), ("b", "c"), ("c", "a")}) == ([["a", "b", "c"]], False)
    complete = {(x, y) for x in "abcd" for y in "abcd" if x != y}      # K4: 6 two-cycles, 8 three, 6 four
    cycles, cut = simple_cycles(list("abcd"), complete)
    assert len(cycles) == 20 and not cut
    assert simple_cycles(list("abcd"), complete, limit=5)[0].__len__() == 5 and simple_cycles(list("abcd"), complete, 5)[1]


def test_examples_are_installed_with_the_package():
    for name in EXAMPLES:
        assert example_path(name).is_file()


def test_facts_use_only_documented_predicates_and_stable_ids():
    facts = board_facts(bridge.solve(DEP / "blood_moon_urborg_urborg_older.yaml"))
    assert {f.name for f in facts} <= set(PREDICATES)
    text = {str(f) for f in facts}
    assert 'depends(1,"urborg_tomb_of_yawgmoth#1","blood_moon#1",existence)' in text
    assert 'timestamp("blood_moon#1",2)' in text and 'applied(1,"blood_moon#1","4")' in text
    assert 'value("overgrown_tomb",subtype,"Mountain")' in text
    assert not any("st(" in t or "ab(" in t for t in text)


def test_the_same_ids_in_every_json_output(capsys):
    case = str(DEP / "blood_moon_urborg_urborg_older.yaml")
    ids = {}
    for command in ("solve", "deps", "explain", "facts"):
        assert main([command, "--format", "json", case]) == 0
        out = json.loads(capsys.readouterr().out)
        ids[command] = out[0] if command == "solve" else out       # solve: a list, one per file
    assert ids["solve"]["steps"][0]["effect_id"] == "blood_moon#1"
    dependency = ids["deps"]["steps"][0]["dependencies"][0]
    assert (dependency["dependent_id"], dependency["depends_on_id"]) == ("urborg_tomb_of_yawgmoth#1", "blood_moon#1")
    assert ids["explain"]["layers"][0]["steps"][0]["applied"][0]["id"] == "blood_moon#1"
    assert ids["explain"]["not_applied"][0]["id"] == "urborg_tomb_of_yawgmoth#1"
    assert 'not_applied("urborg_tomb_of_yawgmoth#1","4")' in ids["facts"]["facts"]


def test_query_command_prints_json_lines(capsys):
    program = str(example_path("loops"))
    assert main(["query", "--program", program, "--format", "json", str(DEP / "loop_color_swap.yaml"),
                 str(DEP / "blood_moon_urborg_urborg_older.yaml")]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["atoms"] for line in lines] == [['loop("blackwash#1","whitewash#1")'], []]


@pytest.mark.parametrize("program, words", [("p(X) :- q(", "not a valid ASP program"),
                                            ("p(X) :- not q(X).", "cannot be grounded"),
                                            ("{ a }.", "several answer sets"),
                                            (":- rules(_).", "no answer set"),
                                            ("#show.\n#script (python)\ndef f(): pass\n#end.", "line 2: #script")])
def test_a_bad_query_program_is_one_message(tmp_path, capsys, program, words):
    path = tmp_path / "q.lp"
    path.write_text(program)
    assert main(["query", "--program", str(path), str(DEP / "loop_color_swap.yaml")]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and words in err and "Traceback" not in err


def test_a_missing_program_is_one_message(tmp_path, capsys):
    assert main(["query", "--program", str(tmp_path / "nope.lp"), str(DEP / "loop_color_swap.yaml")]) == 2
    assert "no such file" in capsys.readouterr().err.lower()


def test_a_program_that_is_no_regular_file_is_refused_unread(capsys):
    """/dev/zero never ends: read up to --max-file-size from regular files only (issue 15)."""
    assert main(["query", "--program", "/dev/zero", str(DEP / "loop_color_swap.yaml")]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_result_pickles_with_its_trace_and_facts():
    """A Result crosses to another process (a notebook's worker pool): the tables, the trace and the
    facts survive; the solver itself stays behind."""
    import pickle
    result = bridge.solve(DEP / "loop_waits_for_outside.yaml")
    copy = pickle.loads(pickle.dumps(result))
    assert copy.objects == result.objects and copy.steps == result.steps
    assert board_facts(copy) == board_facts(result)
    assert copy.trace.steps == result.trace.steps
    with pytest.raises(KeyError, match="not kept"):
        copy.reader("final_value")


def test_query_and_facts_run_under_the_time_limit(tmp_path, capsys):
    """The researcher's program runs in the child process of --timeout (bridge/solving/runner.py): one that
    does not end is stopped, exit 4, the case named; the next case still gets its line."""
    endless = tmp_path / "endless.lp"
    endless.write_text("x(1..100000000).\n#show x/1.\n")
    case, other = DEP / "loop_color_swap.yaml", DEP / "loop_mutual_ability_loss.yaml"
    assert main(["query", "--timeout", "2", "--program", str(endless), str(case)]) == 4
    err = capsys.readouterr().err
    assert str(case) in err and "--timeout" in err and "Traceback" not in err
    loops = str(example_path("loops"))
    assert main(["query", "--program", loops, str(tmp_path / "missing.yaml"), str(other)]) == 2
    out, err = capsys.readouterr()
    assert "missing.yaml" in err and 'loop("newer#2","older#2")' in out
    assert main(["facts", str(tmp_path / "missing.yaml")]) == 2
    assert "missing.yaml" in capsys.readouterr().err


def test_several_programs_solve_each_case_once(tmp_path, monkeypatch, capsys):
    """Four programs over three cases: each case solved once (the forked children note each solve in a
    file), four lines per case, in the order of the cases then of the programs, with --jobs 2."""
    import bridge.interfaces.cli.research as research
    notes = tmp_path / "solves"
    real = research.solved

    def noting(args, path):
        with open(notes, "a") as stream:
            stream.write(f"{path}\n")
        return real(args, path)
    monkeypatch.setattr(research, "solved", noting)
    programs = [str(example_path(name)) for name in ("loops", "dependency_overrides_timestamp", "never_applied",
                                                     "findings_at")]
    cases = [str(DEP / name) for name in ("loop_color_swap.yaml", "blood_moon_urborg_urborg_older.yaml",
                                           "loop_two_cycles_omen_life_and_limb_conspiracy.yaml")]
    argv = ["query", "--format", "json", "--jobs", "2"] + [x for p in programs for x in ("--program", p)] + cases
    assert main(argv) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sorted(notes.read_text().splitlines()) == sorted(cases)
    assert [(line["file"], line["program"]) for line in lines] == [(c, p) for c in cases for p in programs]
    from jsonschema import validate
    from bridge.results.schemas import schema
    for line in lines:
        validate(line, schema("query"))
    override = next(line for line in lines if line["file"] == cases[1] and line["program"] == programs[3])
    assert override["terms"] == [{"name": "override_at", "arguments": ["urborg_tomb_of_yawgmoth#1", "blood_moon#1",
                                                                       "4", 1]}]


def facts_of(case, *names: str) -> set[str]:
    return {str(f) for f in board_facts(bridge.solve(case)) if f.name in names}


def test_facts_say_which_effect_changed_what_from_what_to_what():
    """The case's source: the loop applies in timestamp order, white to black first (Whitewash, step 1:
    Savannah Lions), then every black creature white (Blackwash, step 2: the Lions and Drudge
    Skeletons). Each part names only the objects it changed (asp part_changed)."""
    facts = facts_of(DEP / "loop_color_swap.yaml", "part_changed", "value_before", "value_after", "layer_value")
    assert facts == {
        'part_changed(1,"whitewash#1","savannah_lions",color)',
        'value_before(1,"savannah_lions",color,"white")', 'value_after(1,"savannah_lions",color,"black")',
        'part_changed(2,"blackwash#1","savannah_lions",color)',
        'part_changed(2,"blackwash#1","drudge_skeletons",color)',
        'value_before(2,"savannah_lions",color,"black")', 'value_after(2,"savannah_lions",color,"white")',
        'value_before(2,"drudge_skeletons",color,"black")', 'value_after(2,"drudge_skeletons",color,"white")',
        'layer_value("5","savannah_lions",color,"white")', 'layer_value("5","drudge_skeletons",color,"white")'}


def test_facts_name_each_effects_controller_as_it_applies():
    """Control Magic (Alice's) takes Bob's Bears in layer 2, then Bob's Threaten gives them back and
    haste (the case's source: 613.1b, timestamp order): each part's controller, each value it left."""
    facts = facts_of(CASES / "classics" / "control_magic_threaten.yaml", "controller", "value_after", "layer_value")
    assert {'controller(1,"control_magic#2","Alice")', 'controller(2,"effect#1","Bob")',
            'controller(3,"effect#1","Bob")'} == {f for f in facts if f.startswith("controller")}
    assert 'value_after(1,"grizzly_bears",controller,"Alice")' in facts
    assert 'value_after(2,"grizzly_bears",controller,"Bob")' in facts
    assert 'layer_value("2","grizzly_bears",controller,"Bob")' in facts
    assert 'layer_value("6","grizzly_bears",ability,"haste")' in facts


def test_a_query_can_ask_who_changed_an_objects_characteristic(tmp_path):
    program = tmp_path / "who.lp"
    program.write_text('changed_by(E, O, A, V) :- part_changed(S, E, O, A), value_after(S, O, A, V). #show changed_by/4.')
    atoms = {str(a) for a in run_query(load_program(program),
                                      board_facts(bridge.solve(CASES / "classics" / "control_magic_threaten.yaml")))}
    assert 'changed_by("effect#1","grizzly_bears",controller,"Bob")' in atoms
