// The stack (405): spells and abilities, bottom first, each with its controller and targets (601.2c),
// a spell with its X, modes and kicker (601.2b),
// reordered with ▲ ▼ (the last added is on top). A spell is a card by name; an ability is the N-th
// ability of a permanent's card (docs/case-format.md "Spells on the stack"). Edits state.doc.stack and
// calls state.changed(); names are text.
import { cardName, el, freshId, lazySelect, objectIds, players, select, setOrDrop } from "./editor.js";

export function stackIds(doc) {
  return (Array.isArray(doc.stack) ? doc.stack : []).map((entry) => entry && entry.id).filter((id) => typeof id === "string");
}

function entryName(entry) {
  if (entry && entry.ability_of) return `ability ${entry.ability ?? 1} of ${entry.ability_of}`;
  return cardName(entry) || "(an entry)";
}

function stackRow(state, entry, index, entries) {
  const doc = state.doc;
  const where = `stack[${index}]`;
  const name = entryName(entry);
  const edit = (fn) => () => { fn(); state.changed(); };
  const swap = (i, j) => edit(() => { [entries[i], entries[j]] = [entries[j], entries[i]]; });
  const targets = Array.isArray(entry.targets) ? entry.targets : [];
  const choices = () => [...objectIds(doc), ...stackIds(doc).filter((id) => id !== entry.id), ...players(doc)]
    .filter((id) => !targets.includes(id)).map((id) => [id, id]);
  return el("li", { class: "object stack-entry", "data-where": where },
    el("div", { class: "object-head" },
      el("span", { class: "stamp", text: `${index + 1}.` }),
      el("span", { class: "effect-name", "data-where": `${where}.card`, text: name }),
      el("span", { class: "object-id", text: entry.id || "" }),
      el("span", { class: "moves" },
        el("button", { type: "button", text: "▲", "aria-label": `move ${name} up the stack`, disabled: index === entries.length - 1,
          onclick: swap(index, index + 1) }),
        el("button", { type: "button", text: "▼", "aria-label": `move ${name} down the stack`, disabled: index === 0,
          onclick: swap(index, index - 1) }),
        el("button", { type: "button", text: "✕", "aria-label": `remove ${name} from the stack`,
          onclick: edit(() => { entries.splice(index, 1); if (!entries.length) delete doc.stack; }) }))),
    el("div", { class: "object-fields" },
      el("label", {}, "controller ", select(`${where}.controller`, players(doc).map((p) => [p, p]), entry.controller ?? players(doc)[0],
        (e) => { setOrDrop(entry, "controller", e.target.value); state.changed(); }, `${name}'s controller`)),
      el("span", { class: "chips", "data-where": `${where}.targets` }, "targets ",
        ...targets.map((id, i) => el("button", { type: "button", class: "chip", "data-where": `${where}.targets[${i}]`, text: `${id} ✕`,
          "aria-label": `${name} no longer targets ${id}`,
          onclick: edit(() => { targets.splice(i, 1); setOrDrop(entry, "targets", targets.length ? targets : null); }) }))),
      lazySelect(`${where}.targets`, ["", "add a target…"], "", choices,
        (e) => { if (e.target.value) { entry.targets = [...targets, e.target.value]; state.changed(); } }, `${name}: add a target`),
      ...(entry.ability_of ? [] : decisionFields(state, entry, where, name))));
}

// A spell's decisions as it was cast (601.2b-f): X, kicked, its modes by number. A value that is not a
// whole number is sent as typed, so the case loader names it at its field.
function decisionFields(state, entry, where, name) {
  const number = (text) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim());
  return [
    el("label", {}, "X ", el("input", { value: entry.x ?? "", class: "short", "data-where": `${where}.x`, "aria-label": `${name}: X`,
      onchange: (e) => { setOrDrop(entry, "x", number(e.target.value)); state.changed(); } })),
    el("label", {}, "modes ", el("input", { value: Array.isArray(entry.modes) ? entry.modes.join(", ") : "", class: "short",
      placeholder: "1, 3", "data-where": `${where}.modes`, "aria-label": `${name}: modes chosen`,
      onchange: (e) => { setOrDrop(entry, "modes", e.target.value.split(",").map((m) => m.trim()).filter(Boolean).map(number)); state.changed(); } })),
    el("label", {}, el("input", { type: "checkbox", checked: Boolean(entry.kicked), "data-where": `${where}.kicked`,
      onchange: (e) => { setOrDrop(entry, "kicked", e.target.checked || null); state.changed(); } }), " kicked")];
}

// The stack's entries and the two adders: a spell by name, an ability of a permanent.
export function renderStack(state) {
  const doc = state.doc;
  const entries = Array.isArray(doc.stack) ? doc.stack : [];
  const spell = el("input", { id: "stack-spell", list: "card-names", "aria-label": "spell to put on the stack", placeholder: "Aura Blast" });
  const addSpell = el("form", { id: "add-stack-spell", class: "adder", autocomplete: "off", onsubmit: (event) => {
    event.preventDefault();
    const typed = spell.value.trim();
    if (!typed) return;
    const known = state.completions.get(typed.toLowerCase());
    const base = known ? known.id : typed.toLowerCase().replace(/['’]/g, "").replace(/[^\p{L}\p{N}_]+/gu, "_").replace(/^_+|_+$/g, "");
    doc.stack = [...entries, { card: known ? known.name : typed, id: freshId(doc, base || "spell") }];
    state.changed();
  } }, el("label", {}, "Cast a spell ", spell), el("button", { type: "submit", text: "Put on the stack" }));
  const source = lazySelect("", ["", "permanent…"], "", () => objectIds(doc).map((id) => [id, id]), () => {}, "ability of which permanent");
  source.id = "stack-source";
  const number = el("input", { id: "stack-ability", type: "number", min: "1", value: "1", class: "short", "aria-label": "which of its abilities (1 = the first)" });
  const addAbility = el("form", { id: "add-stack-ability", class: "adder", autocomplete: "off", onsubmit: (event) => {
    event.preventDefault();
    if (!source.value) return;
    const n = Math.max(1, Number(number.value) || 1);
    doc.stack = [...entries, { ability_of: source.value, ability: n, id: freshId(doc, `${source.value}_ability`) }];
    state.changed();
  } }, el("label", {}, "An ability of ", source), el("label", {}, "number ", number),
  el("button", { type: "submit", text: "Put on the stack" }),
  el("small", { text: "The stack is listed bottom first: the last entry is on top and resolves first (405.5)." }));
  const list = el("ol", { class: "objects", id: "stack-entries", "data-where": "stack" },
    ...entries.map((entry, i) => (entry && typeof entry === "object" && !Array.isArray(entry)
      ? stackRow(state, entry, i, entries) : el("li", { class: "object", "data-where": `stack[${i}]`, text: JSON.stringify(entry) }))));
  document.getElementById("stack").replaceChildren(list, addSpell, addAbility);
}
