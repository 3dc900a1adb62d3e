// The board editor: the permanents in timestamp order (drag, or ▲ ▼), their controller, counters,
// attachment, status and copy target, and the resolved effects. It edits `state.doc`, a case
// mapping in the format of docs/case-format.md, and calls state.changed() after each edit.
// Every text is set with textContent: names are data.

const STATUSES = [["face_down", "face down"], ["flipped", "flipped"], ["transformed", "transformed"]];

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
  const card = entry && entry.card;
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
  const taken = new Set([...objectIds(doc), ...(doc.players || [])]);
  let id = base || "object", n = 1;
  while (taken.has(id)) id = `${base}_${++n}`;
  return id;
}

function players(doc) {
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

function select(where, options, value, onchange, label) {
  const box = el("select", { "data-where": where, "aria-label": label, onchange });
  for (const [optionValue, text] of options) {
    box.append(el("option", { value: optionValue, text, selected: optionValue === (value ?? "") }));
  }
  return box;
}

function setOrDrop(entry, key, value) {
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

function objectRow(state, entry, index) {
  const doc = state.doc;
  const where = `battlefield[${index}]`;
  const count = doc.battlefield.length;
  const edit = (fn) => () => { fn(); state.changed(); };
  const others = objectIds(doc).filter((id) => id !== entry.id).map((id) => [id, id]);
  const name = el("input", { value: cardName(entry), "data-where": `${where}.card`, list: "card-names",
    "aria-label": "card name", class: "card-input", disabled: typeof entry.card !== "string",
    onchange: (event) => { entry.card = event.target.value.trim(); state.changed(); } });
  const status = el("span", { class: "status", role: "group", "aria-label": "status", "data-where": `${where}.status` },
    el("span", { text: "status" }),
    ...STATUSES.map(([key, text]) => el("label", {},
      el("input", { type: "checkbox", checked: Boolean(entry.status && entry.status[key]),
        onchange: (event) => {
          const s = { ...(entry.status || {}) };
          if (event.target.checked) s[key] = true; else delete s[key];
          setOrDrop(entry, "status", s);
          state.changed();
        } }), ` ${text}`)));
  const handle = el("span", { class: "handle", draggable: "true", text: "⠿",
    title: "drag to change the timestamp order" });
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
    el("div", { class: "object-fields" },
      el("label", {}, "controller ", select(`${where}.controller`, players(doc).map((p) => [p, p]),
        entry.controller ?? players(doc)[0], (e) => { setOrDrop(entry, "controller", e.target.value); state.changed(); },
        "controller")),
      el("label", {}, "counters ", el("input", { value: countersText(entry.counters), placeholder: "+1/+1: 2",
        "data-where": `${where}.counters`, class: "counters", "aria-label": "counters",
        onchange: (e) => { setOrDrop(entry, "counters", parseCounters(e.target.value)); state.changed(); } })),
      el("label", {}, "attached to ", select(`${where}.attached_to`, [["", "—"], ...others], entry.attached_to,
        (e) => { setOrDrop(entry, "attached_to", e.target.value); state.changed(); }, "attached to")),
      el("label", {}, "copy of ", select(`${where}.copy_of`, [["", "—"], ...others], entry.copy_of,
        (e) => { setOrDrop(entry, "copy_of", e.target.value); state.changed(); }, "copy of")),
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

function effectRow(state, effect, index) {
  const doc = state.doc;
  const where = `effects[${index}]`;
  const affects = Array.isArray(effect.affects) ? effect.affects : [];
  const label = effect.spell || effect.from || (effect.activated ? `ability of ${effect.activated}` : `effect ${index + 1}`);
  const chips = el("span", { class: "chips", "data-where": `${where}.affects` },
    ...affects.map((id, i) => el("button", { type: "button", class: "chip", "data-where": `${where}.affects[${i}]`,
      text: `${id} ✕`, "aria-label": `${label} no longer affects ${id}`,
      onclick: () => { affects.splice(i, 1); setOrDrop(effect, "affects", affects.length ? affects : null); state.changed(); } })));
  const adder = select(`${where}.affects`, [["", "on…"], ...objectIds(doc).filter((id) => !affects.includes(id)).map((id) => [id, id])],
    "", (e) => { if (e.target.value) { effect.affects = [...affects, e.target.value]; state.changed(); } }, `${label} affects`);
  return el("li", { class: "effect", "data-where": where },
    el("span", { class: "effect-name", "data-where": `${where}.spell`, text: typeof label === "string" ? label : "effect" }),
    chips, effect.does || effect.activated || effect.becomes_copy_of ? null : adder,
    el("button", { type: "button", text: "✕", "aria-label": `remove effect ${index + 1}`,
      onclick: () => { doc.effects.splice(index, 1); if (!doc.effects.length) delete doc.effects; state.changed(); } }));
}

export function renderBoard(state) {
  const doc = state.doc;
  document.getElementById("title").value = doc.case ?? "";
  document.getElementById("players").value = players(doc).join(", ");
  const rules = document.getElementById("rules");
  rules.value = state.rules || doc.rules || "current";
  // a file's odd shapes (not a list, an entry not a mapping) are shown as they are; the errors say why
  const mapping = (value) => value && typeof value === "object" && !Array.isArray(value);
  const listed = (key, row) => (Array.isArray(doc[key]) ? doc[key] : []).map((entry, i) => (mapping(entry)
    ? row(state, entry, i) : el("li", { class: "object", "data-where": `${key}[${i}]`, text: JSON.stringify(entry) })));
  document.getElementById("objects").replaceChildren(...listed("battlefield", objectRow));
  document.getElementById("effects").replaceChildren(...listed("effects", effectRow));
  const shown = new Set(["case", "rules", "players", "battlefield", "effects", "source"]);
  const kept = Object.keys(doc).filter((key) => !shown.has(key));
  document.getElementById("kept").textContent = kept.length
    ? `Also in this case file, kept as they are and solved with the board: ${kept.join(", ")}.` : "";
}

// Errors next to the field that caused them: the deepest element whose key path starts the error's.
export function showErrors(errors) {
  for (const old of document.querySelectorAll(".field-error")) old.remove();
  for (const marked of document.querySelectorAll(".has-error")) marked.classList.remove("has-error");
  const general = document.getElementById("general-errors");
  general.replaceChildren();
  for (const error of errors) {
    let best = null, bestLength = -1;
    for (const node of document.querySelectorAll("[data-where]")) {
      const key = node.getAttribute("data-where");
      const fits = key === error.where || (error.where.startsWith(key) && ".[".includes(error.where[key.length]));
      if (key && fits && key.length > bestLength && node.offsetParent !== null) { best = node; bestLength = key.length; }
    }
    const message = el("div", { class: "field-error", role: "alert", text: error.message });
    if (best) {
      best.classList.add("has-error");
      (best.closest("label") || best).after(message);
    } else {
      general.append(message);
    }
  }
}
