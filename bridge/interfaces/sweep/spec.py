"""A sweep spec (docs/research.md#sweep-specs): the card pool, combination sizes, background board,
controllers, entry orders, rules editions and what to record; read and checked before any board runs."""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path

from bridge.cards.library import library
from bridge.interfaces.query import parse_program
from bridge.model.errors import CaseError, close_matches
from bridge.model.ids import snake_case
from bridge.reading.case import load_case
from bridge.reading.case_keys import EDITIONS
from bridge.reading.yaml_input import DEFAULT_LIMITS, Limits, read_case_text, read_yaml
from bridge.solving.runner import Bounds

SPEC_KEYS = ("sweep", "pool", "sizes", "background", "players", "controllers", "orders", "rules", "findings",
             "query", "timeout", "life", "poison")
PLAYER_TOTALS = ("life", "poison")     # the players' totals every board has: the case keys of the same name
POOL_KEYS = ("library", "cards", "folder", "store", "card_pool", "cards_list")
POOL_DEFAULTS = ("attach_to", "choices")     # for the pool's entries that lack them (see pool_variants)
FINDINGS = ("dependency_loop", "dependency_override", "order_sensitivity", "edition_difference")
ORDERS = ("all", "pool")


@dataclass(frozen=True)
class PoolCard:
    """One card of the pool: the battlefield entry it becomes (its id fixed here, so that every
    board names it alike) and the label rows use."""
    label: str
    entry: dict


@dataclass(frozen=True)
class Task:
    """One combination of pool cards with their controllers: a worker solves it in every entry order
    and edition the spec asks for (order sensitivity and edition difference compare those boards)."""
    cards: tuple[int, ...]          # indices into the pool, in the pool's order
    controllers: tuple[str, ...]    # one per card


@dataclass(frozen=True)
class SweepSpec:
    file: str
    name: str
    pool: tuple[PoolCard, ...]
    sizes: tuple[int, ...]
    background: tuple
    players: tuple[str, ...]
    controllers: tuple[str, ...]
    totals: tuple                   # (key, ((player, N), ...)) for `life:` and `poison:` (board_mapping)
    orders: str
    editions: tuple[str, ...]
    findings: tuple[str, ...]
    query_file: str | None
    query_text: str | None
    timeout: float

    def tasks(self):
        """Every combination of every size, with every assignment of controllers."""
        for size in self.sizes:
            for cards in itertools.combinations(range(len(self.pool)), size):
                for controllers in itertools.product(self.controllers, repeat=size):
                    yield Task(cards, controllers)

    def boards_per_task(self, size: int) -> int:
        orders = math.perm(size) if self.orders == "all" else 1
        return orders * len(self.editions)

    def task_count(self) -> int:
        return sum(math.comb(len(self.pool), size) * len(self.controllers) ** size for size in self.sizes)

    def board_count(self) -> int:
        total = 0
        for size in self.sizes:
            combos = math.comb(len(self.pool), size)       # 0 when size > the pool
            total += combos * len(self.controllers) ** size * self.boards_per_task(size)
        return total


def board_mapping(case: str, source: str, players, background, totals, entries=(), rules=None) -> dict:
    """A board as a case file reads it: the players and their totals (`life:`, `poison:`), the background's
    entries then `entries`, and the rules edition if given."""
    board = {"case": case, "source": source, "players": list(players), "battlefield": list(background) + list(entries)}
    board.update((key, dict(values)) for key, values in totals)
    return board if rules is None else dict(board, rules=rules)


def fail(file: str, where: str, problem: str) -> CaseError:
    return CaseError(file, where, problem)


def load_spec(path, limits: Limits = DEFAULT_LIMITS) -> SweepSpec:
    """The spec, read like a case file: up to --max-file-size, from a regular file only."""
    file = str(path)
    data, _ = read_yaml(read_case_text(file, file, limits), file, limits)
    if not isinstance(data, dict):
        raise fail(file, "", "a sweep spec is a mapping (keys: " + ", ".join(SPEC_KEYS) + ")")
    for key in data:
        if key not in SPEC_KEYS:
            raise fail(file, str(key), "unknown key" + close_matches(str(key), SPEC_KEYS)
                       + "; expected one of " + ", ".join(SPEC_KEYS))
    base = Path(file).resolve().parent
    players = tuple(string_list(file, "players", data.get("players", ["Alice", "Bob"])))
    controllers = tuple(string_list(file, "controllers", data.get("controllers", list(players[:1]))))
    for i, player in enumerate(controllers):
        if player not in players:
            raise fail(file, f"controllers[{i}]", f"{player!r} is not a player" + close_matches(player, players)
                       + "; players: " + ", ".join(players))
    background = data.get("background", [])
    if not isinstance(background, list):
        raise fail(file, "background", "expected a list of battlefield entries, as in a case file")
    editions = tuple(string_list(file, "rules", data.get("rules", ["current"])))
    for i, edition in enumerate(editions):
        if edition not in EDITIONS:
            raise fail(file, f"rules[{i}]", f"unknown rules edition {edition!r}" + close_matches(edition, EDITIONS)
                       + "; expected " + ", ".join(EDITIONS))
    orders = data.get("orders", "all")
    if orders not in ORDERS:
        raise fail(file, "orders", f"expected 'all' (every entry order) or 'pool' (the pool's order), got {orders!r}")
    findings = tuple(string_list(file, "findings", data.get("findings", list(FINDINGS))))
    for i, finding in enumerate(findings):
        if finding not in FINDINGS:
            raise fail(file, f"findings[{i}]", f"unknown finding {finding!r}" + close_matches(finding, FINDINGS)
                       + "; expected " + ", ".join(FINDINGS))
    sizes = data.get("sizes", [2])
    sizes = [sizes] if isinstance(sizes, int) else sizes
    if not isinstance(sizes, list) or not sizes or not all(isinstance(s, int) and not isinstance(s, bool)
                                                          and s >= 1 for s in sizes):
        raise fail(file, "sizes", "expected a list of combination sizes (whole numbers from 1)")
    query_file = query_text = None
    if data.get("query") is not None:
        query_file = str(base / str(data["query"]))
        try:
            query_text = read_case_text(query_file, query_file, limits)
        except CaseError as error:
            raise fail(file, "query", f"cannot read {query_file}: {error.problem}") from None
        try:                # a syntax error is said now, before any worker starts; parsed in a child first
            parse_program(query_text, query_file, Bounds())     # (an #include is refused there: issue 36)
        except CaseError as error:
            raise fail(file, "query", error.problem) from None
    timeout = data.get("timeout", 60)
    if not isinstance(timeout, (int, float)) or isinstance(timeout, bool) or not math.isfinite(timeout) \
            or not 0 < timeout <= 1_000_000:
        raise fail(file, "timeout", f"expected a number of seconds per board greater than 0 and at most 1,000,000, "
                                    f"got {timeout!r}")
    for key in PLAYER_TOTALS:
        if key in data and not isinstance(data[key], dict):
            raise fail(file, key, f"expected {{player: number}}, as a case's `{key}:`, got {data[key]!r}")
    totals = tuple((key, tuple(data[key].items())) for key in PLAYER_TOTALS if key in data)   # checked on the background
    pool = pool_cards(file, base, data.get("pool"), background, players, totals)
    if max(sizes) > len(pool):
        raise fail(file, "sizes", f"combinations of {max(sizes)} cards from a pool of {len(pool)}")
    return SweepSpec(file=file, name=str(data.get("sweep", Path(file).stem)), pool=pool, sizes=tuple(sizes),
                     background=tuple(background), players=players, controllers=controllers, totals=totals,
                     orders=orders,
                     editions=editions, findings=findings, query_file=query_file, query_text=query_text,
                     timeout=float(timeout))


def string_list(file: str, key: str, value) -> list[str]:
    value = [value] if isinstance(value, str) else value
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise fail(file, key, "expected a list of names")
    return value


def pool_entries(file: str, base: Path, pool) -> list[tuple[str, object]]:
    """(where, battlefield entry) for each card the pool names."""
    kinds = [k for k in pool if k in POOL_KEYS] if isinstance(pool, dict) else []
    if len(kinds) != 1 or any(k not in POOL_KEYS + POOL_DEFAULTS for k in pool):
        raise fail(file, "pool", "expected one of: library: [names] | library: static | library: all | "
                                 "store: {search, limit, static} | card_pool: {search, limit, static} | "
                                 "cards_list: {layer, operation, rules, limit} | cards_list: {file} | "
                                 "cards: [entries] | folder: PATH; with optional attach_to: and choices:")
    kind = kinds[0]
    value = pool[kind]
    if kind in ("store", "card_pool"):
        return store_entries(file, value, kind)
    if kind == "cards_list":
        return listed_entries(file, base, value)
    if kind == "library" and value in ("static", "all"):
        cards = library().all_cards()
        if value == "static":
            cards = [c for c in cards if has_static_effect(c)]
        return [(f"pool.library ({c.name})", c.name) for c in cards]
    if kind in ("library", "cards"):
        if not isinstance(value, list) or not value:
            raise fail(file, f"pool.{kind}", "expected a list of cards")
        return [(f"pool.{kind}[{i}]", entry) for i, entry in enumerate(value)]
    folder = base / str(value)
    if not folder.is_dir():
        raise fail(file, "pool.folder", f"{folder} is not a folder")
    found = []
    for path in sorted(folder.glob("*.y*ml")):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise fail(file, "pool.folder", f"cannot read {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise fail(file, "pool.folder", f"cannot read {path}: not a UTF-8 text file") from None
        data, _ = read_yaml(text, str(path))
        entry = data if isinstance(data, dict) and "card" in data else {"card": data}
        found.append((str(path), entry))
    if not found:
        raise fail(file, "pool.folder", f"no YAML card files in {folder}")
    return found


def has_static_effect(card) -> bool:
    """A card with a static ability that generates a continuous effect (604.1, 611.3)."""
    return any(a.operations and not a.activated and a.trigger is None for a in card.abilities)


STORE_KEYS = ("search", "limit", "static")


def store_entries(file: str, value, kind: str = "store") -> list[tuple[str, str]]:
    """Cards of the imported card store (`mtg-layers cards import`), or of the shipped card pool
    (`card_pool:`), whose names hold every word of `search`, at most `limit` (default 100), with
    `static: true` only those the Oracle-text reader gives a static effect. Workers look the names up
    in their own store: on another machine, point MTG_LAYERS_CARD_STORE at a copy."""
    from bridge.cards.catalog import find_card, names_holding
    from bridge.cards.store import default_store
    where = f"pool.{kind}"
    if not isinstance(value, dict) or any(k not in STORE_KEYS for k in value):
        raise fail(file, where, "expected a mapping with " + ", ".join(STORE_KEYS))
    words = string_list(file, f"{where}.search", value["search"]) if value.get("search") else []
    limit = value.get("limit", 100)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise fail(file, f"{where}.limit", "expected a whole number from 1")
    if kind == "store":
        store = default_store()
        if store is None:
            raise fail(file, where, "no card store here: import cards first (mtg-layers cards import FILE)")
        names = store.search(words, limit=limit if not value.get("static") else 10 * limit)
    else:
        names = list(dict.fromkeys(find_card(n).card.name for n in names_holding(words)))
    if value.get("static"):
        from bridge.cards.library import stored_card
        card_of = stored_card if kind == "store" else (lambda name: find_card(name).card)
        names = [name for name in names if has_static_effect(card_of(name))]
    names = names[:limit]
    if not names:
        raise fail(file, where, "no card matches")
    return [(f"{where} ({name})", name) for name in names]


LIST_KEYS = ("layer", "operation", "rules", "limit", "file")


def listed_entries(file: str, base: Path, value) -> list[tuple[str, str]]:
    """`cards_list:` the cards `mtg-layers cards list` gives (library.yaml and the shipped pool) for `layer`
    and `operation` (one or a list each) under `rules` (default current), at most `limit` (default: all);
    or, with `file:`, the cards of a saved `cards list --format json` output (path from the spec's folder)."""
    import json
    from bridge.interfaces.card_listing import cards_by_operation, checked_operations, every_card
    where = "pool.cards_list"
    if not isinstance(value, dict) or any(k not in LIST_KEYS for k in value):
        raise fail(file, where, "expected a mapping with " + ", ".join(LIST_KEYS))
    limit = value.get("limit")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
        raise fail(file, f"{where}.limit", "expected a whole number from 1")
    if "file" in value:
        if set(value) - {"file", "limit"}:
            raise fail(file, where, "file: takes no layer, operation or rules (the file was listed with them)")
        path = base / str(value["file"])
        try:
            names = [card["name"] for card in json.loads(path.read_text(encoding="utf-8"))["cards"]]
        except OSError as exc:
            raise fail(file, f"{where}.file", f"cannot read {path}: {exc.strerror}") from None
        except (ValueError, KeyError, TypeError):
            raise fail(file, f"{where}.file", f"{path} is not the output of `mtg-layers cards list --format json`") \
                from None
    else:
        rules = value.get("rules", "current")
        if rules not in EDITIONS:
            raise fail(file, f"{where}.rules", "expected one of " + ", ".join(EDITIONS))
        chosen = {}
        for key in ("layer", "operation"):
            given = value.get(key, [])
            given = given if isinstance(given, list) else [given]
            if not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in given):
                raise fail(file, f"{where}.{key}", "expected a name or a list of names")
            chosen[key] = [str(v) for v in given]
        try:
            checked_operations(rules, chosen["operation"])
        except CaseError as error:
            raise fail(file, f"{where}.operation", error.problem) from None
        names = [card.name for card, _, _ in cards_by_operation(every_card()[0], rules, chosen["layer"],
                                                               chosen["operation"])]
    names = names[:limit] if limit else names
    if not names:
        raise fail(file, where, "no card matches")
    return [(f"{where} ({name})", name) for name in names]


def attaches(obj) -> bool:
    """An Aura or Equipment, or a card with an "enchanted/equipped ..." ability (303.4, 301.5): its effect
    reaches an object only through what it is attached to."""
    return bool({"Aura", "Equipment"} & set(obj.card.subtypes)) or any(
        (a.selector is not None and a.selector.attached) or a.unread_of == "attached" for a in obj.card.abilities)


def chosen_keys(obj) -> list[str]:
    """The `choices:` keys the card's abilities choose (614.12) or read."""
    return sorted({a.chooses for a in obj.card.abilities if a.chooses} | {a.chosen for a in obj.card.abilities
                                                                           if a.chosen})


def pool_defaults(file: str, pool, background_ids: set) -> tuple[list, dict]:
    """The pool's `attach_to:` (background object ids) and `choices:` (key -> values), each value or list
    of values tried in turn."""
    if not isinstance(pool, dict):
        return [], {}
    targets = pool.get("attach_to", [])
    targets = [targets] if isinstance(targets, str) else targets
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise fail(file, "pool.attach_to", "expected a background object's id or a list of them")
    for i, target in enumerate(targets):
        if target not in background_ids:
            raise fail(file, f"pool.attach_to[{i}]", f"{target!r} is no background object"
                       + close_matches(target, sorted(background_ids)) + "; background: " + ", ".join(sorted(background_ids)))
    choices = pool.get("choices", {})
    if not isinstance(choices, dict):
        raise fail(file, "pool.choices", "expected a mapping of choice keys (color, creature_type, ...) to a value "
                                         "or a list of values")
    listed = {}
    for key, values in choices.items():
        values = [values] if isinstance(values, (str, int)) and not isinstance(values, bool) else values
        if not isinstance(values, list) or not values or not all(isinstance(v, (str, int)) for v in values):
            raise fail(file, f"pool.choices.{key}", "expected a value or a non-empty list of values")
        listed[str(key)] = values
    return targets, listed


def pool_variants(entry: dict, obj, targets: list, choices: dict) -> list[tuple[str, dict]]:
    """(label suffix, entry) for each way the pool's defaults complete the entry: an attaching card
    without `attached_to:` on each target of `attach_to:`, a card that chooses without its `choices:`
    value with each listed value (every combination); the entry itself when nothing applies."""
    variants = [("", entry)]
    if targets and "attached_to" not in entry and attaches(obj):
        variants = [(f"on {t}", dict(e, attached_to=t)) for _, e in variants for t in targets]
    own = dict(entry.get("choices") or {})
    for key in chosen_keys(obj):
        if key in own or key not in choices:
            continue
        variants = [(" ".join(filter(None, (suffix, f"{key}: {v}"))), dict(e, choices=dict(e.get("choices") or {}, **{key: v})))
                    for suffix, e in variants for v in choices[key]]
    return variants


def pool_cards(file: str, base: Path, pool, background: list, players: tuple, totals=()) -> tuple[PoolCard, ...]:
    """The pool, each card checked on the background (bad input names the spec and the pool entry)."""
    try:
        taken = {o.id for o in load_case(board_mapping("background", "sweep", players, background, totals), file).objects}
    except CaseError as error:
        where = error.where if error.where.split(".")[0].split("[")[0] in PLAYER_TOTALS else f"background: {error.where}"
        raise fail(file, where, error.problem) from None
    targets, choices = pool_defaults(file, pool, set(taken))
    cards, labels = [], set()
    for where, entry, name in completed_entries(file, base, pool, background, players, targets, choices, totals):
        label = name if name not in labels else f"{name} ({len(cards) + 1})"
        labels.add(label)
        object_id = entry.get("id") or snake_case(label)
        while object_id in taken:
            object_id += "_"
        taken.add(object_id)
        cards.append(PoolCard(label, dict(entry, id=object_id)))
    return tuple(cards)


def completed_entries(file, base, pool, background, players, targets, choices, totals=()):
    """(where, entry, name) for each pool entry and each way the pool's defaults complete it, each
    loaded on the background (bad input names the spec and the pool entry)."""
    def loaded(where, entry):
        try:
            return load_case(board_mapping("pool card", "sweep", players, background, totals, [entry]),
                             file).objects[-1]
        except CaseError as error:
            raise fail(file, where, f"{error.where}: {error.problem}") from None
    for where, entry in pool_entries(file, base, pool):
        entry = dict(entry) if isinstance(entry, dict) else {"card": entry}
        obj = loaded(where, entry)
        for suffix, variant in pool_variants(entry, obj, targets, choices):
            if variant is not entry:
                loaded(f"{where} ({suffix})", variant)
            yield where, variant, obj.card.name + (f" ({suffix})" if suffix else "")
