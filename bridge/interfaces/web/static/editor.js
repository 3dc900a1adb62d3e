// The board editor: the permanents in timestamp order (drag, or ▲ ▼), their controller, counters,
// attachment, status, copy target and the choices they made as they entered, and the resolved effects.
// It edits `state.doc`, a case mapping in the format of docs/case-format.md, and calls state.changed()
// after each edit. Every text is set with textContent: names are data. Menus of other objects are filled
// when opened (a board of n cards keeps n menus of one option each, not n menus of n options).

const STATUSES = [["face_down", "face down"], ["flipped", "flipped"], ["transformed", "transformed"]];
export const COLORS = ["white", "blue", "black", "red", "green"];
// A choice key (bridge/vocabulary/keys.py CHOICE_KEYS) in words, for its field's label.
const CHOICE_WORDS = { creature_type: "creature type", color: "color", land_type: "land type", name: "card name",
  card_type: "card type", player: "player", creature: "creature", permanent: "permanent", card: "card" };

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

export function cardName(entry) {
  const card = entry && typeof entry === "object" ? entry.card : entry;
  if (typeof card === "string") return card;
  if (card && typeof card === "object") return card.name || "(inline card)";
  return entry && entry.copy_of ? `token copy of ${entry.copy_of}` : "";
}

export function objectIds(doc) {
  return (Array.isArray(doc.battlefield) ? doc.battlefield : []).map((entry) => entry && entry.id)
    .filter((id) => typeof id === "string");
}

// A new object's id: the card's default id (from the server, the case loader's own rule), made
// unique with _2, _3 ... as the case loader does for repeats.
export function freshId(doc, base) {
  const onStack = (Array.isArray(doc.stack) ? doc.stack : []).map((entry) => entry && entry.id);
  const taken = new Set([...objectIds(doc), ...onStack, ...(doc.players || [])]);
  let id = base || "object", n = 1;
  while (taken.has(id)) id = `${base}_${++n}`;
  return id;
}

export function players(doc) {
  return Array.isArray(doc.players) && doc.players.length ? doc.players : ["Alice", "Bob"];
}

export function countersText(counters) {
  if (!counters || typeof counters !== "object") return "";
  return Object.entries(counters).map(([kind, n]) => `${kind}: ${n}`).join(", ");
}

// "+1/+1: 2, fade: 1" -> {"+1/+1": 2, fade: 1}; a count that is not a whole number is sent as it is
// written, so the case loader names it with the command line's message.
export function parseCounters(text) {
  const counters = {};
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const at = part.lastIndexOf(":");
    const kind = (at < 0 ? part : part.slice(0, at)).trim();
    const raw = at < 0 ? "1" : part.slice(at + 1).trim();
    counters[kind] = /^-?\d+$/.test(raw) ? Number(raw) : raw;
  }
  return counters;
}

export function select(where, options, value, onchange, label) {
  const box = el("select", { "data-where": where, "aria-label": label, onchange });
  for (const [optionValue, text] of options) {
    box.append(el("option", { value: optionValue, text, selected: optionValue === (value ?? "") }));
  }
  return box;
}

// A menu whose options (other objects) are built when it is opened: until then it holds the value only.
export function lazySelect(where, first, value, options, onchange, label) {
  const box = select(where, value ? [first, [value, value]] : [first], value, onchange, label);
  const fill = (event) => {
    if (box.dataset.filled && event.type === "keydown") return;
    box.dataset.filled = "1";
    const current = box.value;
    box.replaceChildren(...[first, ...options()].map(([v, t]) => el("option", { value: v, text: t, selected: v === current })));
  };
  for (const kind of ["focus", "mousedown", "pointerdown", "keydown"]) box.addEventListener(kind, fill);
  return box;
}

export function setOrDrop(entry, key, value) {
  if (value === "" || value == null || (typeof value === "object" && !Object.keys(value).length)) delete entry[key];
  else entry[key] = value;
}

// 613.7d: the list is timestamp order. Moving a card swaps its place (and an explicit timestamp:
// stays with the place) with its neighbour's, one step at a time.
export function move(doc, from, to) {
  const list = doc.battlefield;
  while (from !== to) {
    const next = from < to ? from + 1 : from - 1;
    const a = list[from], b = list[next];
    const stampA = a.timestamp, stampB = b.timestamp;
    setOrDrop(a, "timestamp", stampB);
    setOrDrop(b, "timestamp", stampA);
    list[from] = b;
    list[next] = a;
    from = next;
  }
}

// The fields of the choices a card makes as it enters (614.12), from its own "as ... enters, choose".
function choiceFields(state, entry, where) {
  const facts = state.facts(entry);
  const keys = [...new Set([...(facts && facts.chooses) || [], ...Object.keys(entry.choices || {})])];
  return keys.map((key) => {
    const value = (entry.choices || {})[key];
    const set = (v) => {
      const choices = { ...(entry.choices || {}) };
      setOrDrop(choices, key, typeof v === "string" ? v.trim() : v);
      setOrDrop(entry, "choices", choices);
      state.changed();
    };
    const label = `chosen ${CHOICE_WORDS[key] || key}`;
    const whereKey = `${where}.choices.${key}`;
    let field;
    if (key === "color") field = select(whereKey, [["", "— not chosen"], ...COLORS.map((c) => [c, c])], value, (e) => set(e.target.value), label);
    else if (key === "player") field = select(whereKey, [["", "— not chosen"], ...players(state.doc).map((p) => [p, p])], value, (e) => set(e.target.value), label);
    else if (["creature", "permanent", "card"].includes(key)) {
      field = lazySelect(whereKey, ["", "— not chosen"], value, () => objectIds(state.doc).map((id) => [id, id]), (e) => set(e.target.value), label);
    } else field = el("input", { value: value ?? "", "data-where": whereKey, "aria-label": label, class: "choice",
      placeholder: key === "creature_type" ? "Elf" : "", onchange: (e) => set(e.target.value) });
    return el("label", { class: value ? "choice-field" : "choice-field missing" }, `${label} `, field);
  });
}

function objectRow(state, entry, index) {
  const doc = state.doc;
  const where = `battlefield[${index}]`;
  const count = doc.battlefield.length;
  const edit = (fn) => () => { fn(); state.changed(); };
  const others = () => objectIds(doc).filter((id) => id !== entry.id).map((id) => [id, id]);
  const facts = state.facts(entry);
  const name = el("input", { value: cardName(entry), "data-where": `${where}.card`, list: "card-names",
    "aria-label": "card name", class: "card-input", disabled: typeof entry.card !== "string",
    onchange: (event) => { entry.card = event.target.value.trim(); state.changed(); } });
  const status = el("span", { class: "status", role: "group", "aria-label": "status", "data-where": `${where}.status` },
    el("span", { text: "status" }),
    ...STATUSES.map(([key, text]) => el("label", {},
      el("input", { type: "checkbox", checked: Boolean(entry.status && entry.status[key]), "data-where": `${where}.status.${key}`,
        onchange: (event) => {
          const s = { ...(entry.status || {}) };
          if (event.target.checked) s[key] = true; else delete s[key];
          setOrDrop(entry, "status", s);
          state.changed();
        } }), ` ${text}`)));
  const handle = el("span", { class: "handle", draggable: "true", text: "⠿",
    title: "drag to change the timestamp order" });
  const copies = entry.copy_of || (facts && facts.enters_as_copy);
  const row = el("li", { class: "object", "data-index": String(index), "data-where": where },
    el("div", { class: "object-head" },
      handle,
      el("span", { class: "stamp", text: `#${entry.timestamp ?? index + 1}` }),
      name,
      el("span", { class: "object-id", "data-where": `${where}.id`, text: entry.id || "" }),
      el("span", { class: "moves" },
        el("button", { type: "button", text: "▲", "aria-label": `move ${entry.id || index + 1} earlier`,
          disabled: index === 0, onclick: edit(() => move(doc, index, index - 1)) }),
        el("button", { type: "button", text: "▼", "aria-label": `move ${entry.id || index + 1} later`,
          disabled: index === count - 1, onclick: edit(() => move(doc, index, index + 1)) }),
        el("button", { type: "button", text: "✕", "aria-label": `remove ${entry.id || index + 1}`,
          onclick: edit(() => doc.battlefield.splice(index, 1)) }))),
    facts && facts.known === false ? el("div", { class: "field-warning" },
      `${facts.message}: fix the name, or add the card with its printed values under “A card not in the pool”.`,
      ...(facts.suggestions && facts.suggestions.length ? [" Use: ", ...suggestionButtons(state, `${where}.card`, facts.suggestions)] : [])) : null,
    el("div", { class: "object-fields" },
      el("label", {}, "controller ", select(`${where}.controller`, players(doc).map((p) => [p, p]),
        entry.controller ?? players(doc)[0], (e) => { setOrDrop(entry, "controller", e.target.value); state.changed(); },
        "controller")),
      el("label", {}, "counters ", el("input", { value: countersText(entry.counters), placeholder: "+1/+1: 2",
        "data-where": `${where}.counters`, class: "counters", "aria-label": "counters",
        onchange: (e) => { setOrDrop(entry, "counters", parseCounters(e.target.value)); state.changed(); } })),
      el("label", {}, "attached to ", lazySelect(`${where}.attached_to`, ["", "—"], entry.attached_to, others,
        (e) => { setOrDrop(entry, "attached_to", e.target.value); state.changed(); }, "attached to")),
      copies ? el("label", {}, "entered as a copy of ", lazySelect(`${where}.copy_of`, ["", "— (itself)"], entry.copy_of, others,
        (e) => { setOrDrop(entry, "copy_of", e.target.value); state.changed(); }, "entered as a copy of")) : null,
      ...choiceFields(state, entry, where),
      status));
  handle.addEventListener("dragstart", (event) => {
    event.dataTransfer.setData("text/plain", String(index));
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setDragImage(row, 10, 10);
    row.classList.add("dragging");
  });
  handle.addEventListener("dragend", () => row.classList.remove("dragging"));
  row.addEventListener("dragover", (event) => { event.preventDefault(); row.classList.add("drop-here"); });
  row.addEventListener("dragleave", () => row.classList.remove("drop-here"));
  row.addEventListener("drop", (event) => {
    event.preventDefault();
    const from = Number(event.dataTransfer.getData("text/plain"));
    if (Number.isInteger(from) && from !== index && from >= 0 && from < count) {
      move(doc, from, index);
      state.changed();
    }
  });
  return row;
}

// What a resolved effect is, in words: a spell's, an ability's, a copy effect, written operations.
function effectLabel(effect, index) {
  const copied = effect.does && effect.does.copy_of && effect.does.copy_of.object;
  const name = effect.from || effect.spell || (effect.activated ? `ability of ${effect.activated}` : `effect ${index + 1}`);
  if (effect.becomes_copy_of) return `${name}: becomes a copy of ${effect.becomes_copy_of}`;
  if (copied) return `${name}: becomes a copy of ${copied}`;
  return typeof name === "string" ? name : "effect";
}

function effectRow(state, effect, index) {
  const doc = state.doc;
  const where = `effects[${index}]`;
  const affects = Array.isArray(effect.affects) ? effect.affects : [];
  const label = effectLabel(effect, index);
  const chips = el("span", { class: "chips", "data-where": `${where}.affects` },
    ...affects.map((id, i) => el("button", { type: "button", class: "chip", "data-where": `${where}.affects[${i}]`,
      text: `${id} ✕`, "aria-label": `${label} no longer affects ${id}`,
      onclick: () => { affects.splice(i, 1); setOrDrop(effect, "affects", affects.length ? affects : null); state.changed(); } })));
  const single = effect.becomes_copy_of && affects.length >= 1;
  const adder = effect.activated || single ? null : lazySelect(`${where}.affects`, ["", "on…"], "",
    () => objectIds(doc).filter((id) => !affects.includes(id)).map((id) => [id, id]),
    (e) => { if (e.target.value) { effect.affects = [...affects, e.target.value]; state.changed(); } }, `${label} affects`);
  return el("li", { class: "effect", "data-where": where },
    el("span", { class: "effect-name", "data-where": `${where}.spell`, text: label }),
    chips, adder,
    el("button", { type: "button", text: "✕", "aria-label": `remove effect ${index + 1}`,
      onclick: () => { doc.effects.splice(index, 1); if (!doc.effects.length) delete doc.effects; state.changed(); } }));
}

// Focus stays on the control it was on (the same key path, or the same label) across a re-render.
export function focusKey() {
  const active = document.activeElement;
  if (!active || active === document.body) return null;
  return [active.getAttribute("data-where"), active.getAttribute("aria-label"), active.id];
}

export function refocus(key) {
  if (!key || (document.activeElement && document.activeElement !== document.body)) return;
  const [where, label, id] = key;
  const esc = (v) => CSS.escape(v);
  const found = (id && document.getElementById(id)) || (where && document.querySelector(`[data-where="${esc(where)}"]:is(input,select,button,textarea)`))
    || (label && document.querySelector(`[aria-label="${esc(label)}"]`));
  if (found) found.focus({ preventScroll: true });
}

// A list drawn again after an edit: a row whose entry, place and card facts are those it was drawn
// from stays as it is (the page stays fast on a big board: only the edited rows are new).
function redraw(list, state, name, drawRow) {
  const entries = Array.isArray(state.doc[name]) ? state.doc[name] : [];
  const context = JSON.stringify([entries.length, players(state.doc)]);
  const old = [...list.children];
  entries.forEach((entry, i) => {
    // a file's odd shapes (not a list, an entry not a mapping) are shown as they are; the errors say why
    const mapping = entry && typeof entry === "object" && !Array.isArray(entry);
    const facts = mapping && name === "battlefield" ? state.facts(entry) : null;
    const signature = `${i} ${context} ${JSON.stringify(entry)} ${JSON.stringify(facts)}`;
    const kept = old[i];
    if (kept && kept.entry === entry && kept.signature === signature) return;
    const row = mapping ? drawRow(state, entry, i)
      : el("li", { class: "object", "data-where": `${name}[${i}]`, text: JSON.stringify(entry) });
    Object.assign(row, { entry, signature });
    if (kept) kept.replaceWith(row); else list.append(row);
  });
  for (const extra of old.slice(entries.length)) extra.remove();
}

export function renderBoard(state) {
  const doc = state.doc;
  const key = focusKey();
  document.getElementById("title").value = doc.case ?? "";
  document.getElementById("players").value = players(doc).join(", ");
  const rules = document.getElementById("rules");
  rules.value = state.rules || doc.rules || "current";
  redraw(document.getElementById("objects"), state, "battlefield", objectRow);
  redraw(document.getElementById("effects"), state, "effects", effectRow);
  const shown = new Set(["case", "rules", "players", "battlefield", "effects", "source", "hands", "graveyards",
    "libraries", "exile", "emblems", "stack"]);
  const kept = Object.keys(doc).filter((name) => !shown.has(name));
  document.getElementById("kept").textContent = kept.length
    ? `Also in this case file, kept as they are and solved with the board: ${kept.join(", ")}.` : "";
  refocus(key);
}

// A key path (`battlefield[2].counters.+1/+1`) as its parts: ["battlefield", 2, "counters", "+1/+1"].
export function keyPath(where) {
  return [...String(where || "").matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((m) => (m[1] != null ? Number(m[1]) : m[2]));
}

const ZONE_WORDS = { hands: "hand", libraries: "library", graveyards: "graveyard", exile: "exile" };
const FIELD_WORDS = { card: "name", attached_to: "attached to", copy_of: "copy of", choices: "chosen", affects: "affects",
  targets: "targets", ability_of: "ability of", copied_by: "copied by" };

// Where a key path is in the editor, in words: "Grizzly Bears (battlefield, #3), counters +1/+1".
export function placeWords(doc, where) {
  const [top, second, third, ...more] = keyPath(where);
  if (top === undefined) return "The board";
  const entry = (list, i) => (Array.isArray(list) ? list[i] : undefined);
  const fields = (rest) => rest.map((p) => (typeof p === "number" ? `#${p + 1}` : FIELD_WORDS[p] || p.replace(/_/g, " "))).join(" ");
  let place, rest;
  if (top === "battlefield" && typeof second === "number") {
    place = `${cardName(entry(doc.battlefield, second)) || "a card"} (battlefield, #${second + 1})`;
    rest = [third, ...more];
  } else if (top === "stack" && typeof second === "number") {
    place = `${cardName(entry(doc.stack, second)) || "an entry"} (stack, ${second + 1} from the bottom)`;
    rest = [third, ...more];
  } else if (top === "effects" && typeof second === "number") {
    const effect = entry(doc.effects, second) || {};
    place = `resolved effect ${second + 1}${effect.spell || effect.from ? ` (${effect.spell || effect.from})` : ""}`;
    rest = [third, ...more];
  } else if (ZONE_WORDS[top] && typeof second === "string" && typeof third === "number") {
    const card = doc[top] && entry(doc[top][second], third);
    place = `${cardName(card) || "a card"} (${second}'s ${ZONE_WORDS[top]})`;
    rest = more;
  } else {
    place = { case: "Title", players: "Players", rules: "Rules", emblems: "Emblems", battlefield: "The battlefield", stack: "The stack" }[top] || String(top).replace(/_/g, " ");
    rest = [second, third, ...more];
  }
  const said = fields(rest.filter((p) => p !== undefined));
  return said ? `${place}, ${said}` : place;
}

// Sets the value at a key path of the board (a suggested name applied to the field the error is on).
export function setAt(doc, where, value) {
  const parts = keyPath(where);
  let node = doc;
  for (const part of parts.slice(0, -1)) {
    if (!node || typeof node !== "object") return false;
    node = node[part];
  }
  if (!node || typeof node !== "object" || !parts.length) return false;
  node[parts[parts.length - 1]] = value;
  return true;
}

// Buttons for the names a message suggests ("did you mean ..."): a click puts the name in the field.
export function suggestionButtons(state, where, names) {
  return (names || []).map((name) => el("button", { type: "button", class: "suggestion", text: name,
    "aria-label": `use the name ${name}`,
    onclick: () => { if (setAt(state.doc, where, name)) state.changed(); } }));
}

// Errors next to the field that caused them (the deepest element whose key path starts the error's), in
// the page's words: which card and field, what is wrong, what to do here; the command line's line for the
// downloaded case file folded under it.
export function showErrors(errors, state) {
  state.errors = errors;                     // drawn again when a row is (its card's facts arriving)
  for (const old of document.querySelectorAll(".field-error")) old.remove();
  for (const marked of document.querySelectorAll(".has-error")) marked.classList.remove("has-error");
  const general = document.getElementById("general-errors");
  general.replaceChildren();
  for (const error of errors) {
    let best = null, bestLength = -1;
    for (const node of document.querySelectorAll("[data-where]")) {
      const path = node.getAttribute("data-where");
      const fits = path === error.where || (error.where.startsWith(path) && ".[".includes(error.where[path.length]));
      if (path && fits && path.length > bestLength && node.offsetParent !== null) { best = node; bestLength = path.length; }
    }
    const said = error.problem != null ? `${placeWords(state.doc, error.where)}: ${error.problem}` : error.message;
    const suggestions = suggestionButtons(state, error.where, error.suggestions);
    const message = el("div", { class: "field-error", role: "alert" }, el("span", { class: "problem", text: said }),
      suggestions.length ? el("span", { class: "suggestions" }, " Use: ", ...suggestions) : null,
      error.problem != null && error.message ? el("details", { class: "file-line" },
        el("summary", { text: "in the downloaded case file" }), el("code", { text: error.message })) : null);
    if (best) {
      best.classList.add("has-error");
      (best.closest("label, .object-head") || best).after(message);
    } else {
      general.append(message);
    }
  }
}
