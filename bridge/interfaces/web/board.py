"""What the page asks of the Python API, one function per request: each takes the board as the page
holds it (a case mapping, the case format of docs/case-format.md) and returns plain data. The server
runs each in a child process under the limits (bridge/solving/runner.py); none of them decides a rule."""
from __future__ import annotations

import ast
import math
import re

import yaml

from bridge.cards.catalog import names_holding
from bridge.cards.names import folded
from bridge.interfaces import api
from bridge.interfaces.web.graph_svg import step_svg
from bridge.model.errors import CARD_ADVICE, FACE_ADVICE, TIMEOUT_ADVICE, CaseError
from bridge.model.ids import snake_case
from bridge.reading.case import load_case_text
from bridge.reading.case_keys import EDITIONS
from bridge.reading.yaml_input import Limits, read_yaml
from bridge.results.compare import compare_data
from bridge.results.deps import deps_data
from bridge.results.explain import explain_data
from bridge.results.render import result_json


def board_yaml(board) -> str:
    """The board as a case file: what the page downloads, and what it solves (so that an error names
    the line and column of the downloaded file, as `mtg-layers check` would). A board given as text
    (a file opened and not edited since) is that text, so the lines are those of the user's file."""
    if isinstance(board, str):
        return board
    return yaml.safe_dump(board, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)


def case_text(board, file: str) -> str:
    """The board's case file text (board_yaml); a board that is neither a mapping nor a text is refused."""
    if not isinstance(board, (dict, str)):
        raise CaseError(file, "", "a case file must be a mapping of keys (case:, battlefield:, ...)")
    return board_yaml(board)


def loaded(board, file: str, limits: Limits, rules: str | None = None):
    case = load_case_text(case_text(board, file), file, limits)
    return case if rules is None else api.with_rules(case, str(rules))


def solved(board, file: str, limits: Limits, timeout: float, reevaluate: bool, rules: str | None = None) -> dict:
    """Everything the page shows of one board: the table (as `solve --format json`), the explanation
    (as `explain --format json`), the dependency graph of each step with one, drawn as SVG. `rules`
    overrides the case's edition, as --rules does."""
    text = case_text(board, file)                     # written once: solved, and sent back as it is
    result = api.solve(loaded(text, file, limits, rules), timeout=timeout, reevaluate=reevaluate)
    deps = deps_data(result)
    return {"yaml": text, "result": result_json(result), "explain": explain_data(result),
            "deps": deps, "graphs": [step_svg(step) for step in deps["steps"]]}


def explained(board, file: str, limits: Limits, timeout: float, reevaluate: bool, object_id: str,
              rules: str | None = None) -> dict:
    """One object's history, as `explain CASE OBJECT --format json`."""
    result = api.solve(loaded(board, file, limits, rules), timeout=timeout, reevaluate=reevaluate,
                       values_in_order=True)
    return explain_data(result, object_id)


def compared(board, file: str, limits: Limits, timeout: float, reevaluate: bool, editions: list) -> dict:
    """The board under several editions, as `compare --format json`."""
    unknown = [e for e in editions if e not in EDITIONS]
    if unknown or len(editions) < 2:
        raise CaseError(file, "--rules", f"needs two or more of {', '.join(EDITIONS)}, got {', '.join(map(str, editions))}")
    case = loaded(board, file, limits)
    return compare_data([api.solve(case, rules=e, timeout=timeout, reevaluate=reevaluate, sba=False)
                         for e in editions])


def parsed(text: str, file: str, limits: Limits) -> dict:
    """A pasted or uploaded case file: its mapping for the page, and its errors (with the lines of
    the text as given), if any."""
    data, _ = read_yaml(text, file, limits)
    if not isinstance(data, dict):
        raise CaseError(file, "", "a case file must be a mapping of keys (case:, battlefield:, ...)")
    board = plain(data)
    try:
        case = load_case_text(text, file, limits)
        errors = []
    except CaseError as error:
        return {"board": board, "errors": error_list(error)}
    with_ids(board, case)
    return {"board": board, "errors": errors}


def plain(data):
    """YAML data as JSON can carry it: keys, dates and the like as text, .nan and .inf as YAML writes
    them (JSON has no such numbers; the case loader still names them as errors)."""
    if isinstance(data, dict):
        return {key if isinstance(key, str) else yaml.safe_dump(key).strip() if isinstance(key, (list, dict))
                else str(key): plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [plain(value) for value in data]
    if isinstance(data, float) and not math.isfinite(data):
        return yaml.safe_dump(data).split("\n")[0]
    if data is None or isinstance(data, (str, int, float, bool)):
        return data
    return str(data)


def with_ids(board: dict, case) -> None:
    """Write each permanent's id into the mapping (the page names objects by id: attachments, copy
    targets, effects); the ids the case loader gave, so the board means the same."""
    entries = board.get("battlefield")
    permanents = [o for o in case.objects if o.zone == "battlefield"]
    if isinstance(entries, list) and len(entries) == len(permanents) and not case.events:
        for entry, obj in zip(entries, permanents):
            if isinstance(entry, dict) and "id" not in entry:
                entry["id"] = obj.id


def error_list(error: CaseError) -> list[dict]:
    """Each error of one pass: the key path the page shows it next to, what is wrong in the page's words
    (no file, line or command), the card names an unknown card's message suggests (to put in its field:
    the suggestions of an unknown key are keys, not values, and stay text), and the command line's own
    line for it (the downloaded file's)."""
    return [{"where": e.where, "problem": page_words(e.problem),
             "suggestions": suggested_names(e.problem) if e.problem.startswith("unknown card ") else [],
             "message": e.one_line()} for e in (error, *error.others)]


# The command line's advice, and what to do on the page instead.
PAGE_ADVICE = {CARD_ADVICE: "fix the name, or add the card with its printed values under “A card not in the pool”",
               FACE_ADVICE: "add the card with its printed values under “A card not in the pool”",
               TIMEOUT_ADVICE: "make the board smaller (the time limit is the server's, set when it was started)"}


def page_words(problem: str) -> str:
    for said, instead in PAGE_ADVICE.items():
        problem = problem.replace(said, instead)
    return problem


def suggested_names(problem: str) -> list[str]:
    """The names of a ' (did you mean 'A' or 'B'?)' in a message (bridge/model/errors.py close_matches and
    the card catalog write them with repr), for the page to offer as buttons."""
    found = re.search(r"\(did you mean ((?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|\s|or)+)\?\)", problem)
    if not found:
        return []
    names = re.findall(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", found.group(1))
    return [ast.literal_eval(name) for name in names]


def completions(words: str, most: int = 20) -> list[dict]:
    """Card names holding every word (forgiving case, accents and punctuation): the library's and the
    card pool's, then the card store's when there is one; each with the id an object of that card gets."""
    wanted = folded(words).split()
    names = names_holding(wanted)
    names.sort(key=lambda n: (not folded(n).startswith(wanted[0]) if wanted else False, len(n), n))
    names = names[:most]
    if len(names) < most and wanted:
        names += [n for n in stored_names(wanted, most) if n not in names][:most - len(names)]
    return [{"name": n, "id": snake_case(n)} for n in names]


def stored_names(words: list[str], most: int) -> list[str]:
    """Names of the local card store (its own connection: a request's thread, never shared)."""
    from bridge.cards.store import CardStore, store_path
    path = store_path()
    if not path.is_file():
        return []
    store = CardStore(path)
    try:
        return store.search(words, limit=most)
    finally:
        store.close()


def card_facts(name: str) -> dict:
    """What the page's editor needs to know of a card to offer the right fields: the choices its "as ...
    enters, choose" abilities make (614.12), whether it enters as or becomes a copy (707.5, 707.2), its
    types (a creature card in a hand, an instant for a resolved effect), and the rulings the imported card
    data carries. Facts of the card data only."""
    from bridge.cards.catalog import UnknownCard, find_card, rulings_of
    from bridge.cards.store import store_path
    try:        # the card store by its path: a connection of this request's thread, never a shared one
        card = find_card(name, store_path=store_path()).card
    except UnknownCard as error:
        return {"known": False, "message": str(error), "suggestions": suggested_names(str(error))}
    abilities = card.abilities
    return {"known": True, "name": card.name, "id": snake_case(card.name), "type_line": card.type_line,
            "types": list(card.supertypes_and_types), "pt": card.pt_text or None,
            "chooses": list(dict.fromkeys(a.chooses for a in abilities if a.chooses)),
            "enters_as_copy": any(a.enters_as_copy is not None for a in abilities),
            "becomes_copy": any(a.becomes_copy is not None for a in abilities),
            "rulings": rulings_of(card.name, store_path())}
