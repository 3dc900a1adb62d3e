// The zones other than the battlefield, per player (hand, graveyard in order, library top first, exile),
// the command zone's emblems, the kinds of resolved effect beyond a spell's, and a card that is not in
// the pool (an inline card, docs/case-format.md "Inline cards"). Each edits state.doc and calls
// state.changed(); names are text.
import { cardName, el, lazySelect, objectIds, players, select } from "./editor.js";

export const ZONES = [["hands", "hand"], ["libraries", "library (top first)"], ["graveyards", "graveyard (in order)"],
  ["exile", "exile"]];

function zoneList(state, key, player) {
  const doc = state.doc;
  const cards = doc[key] && Array.isArray(doc[key][player]) ? doc[key][player] : [];
  const where = `${key}.${player}`;
  const drop = (i) => () => {
    cards.splice(i, 1);
    if (!cards.length) delete doc[key][player];
    if (!Object.keys(doc[key]).length) delete doc[key];
    state.changed();
  };
  const swap = (i, j) => () => { [cards[i], cards[j]] = [cards[j], cards[i]]; state.changed(); };
  return el("ol", { class: "zone-cards", "data-where": where },
    ...cards.map((card, i) => el("li", { "data-where": `${where}[${i}]` }, el("span", { text: cardName(card) }),
      el("button", { type: "button", text: "▲", disabled: i === 0, "aria-label": `move ${cardName(card)} up in ${player}'s ${key}`, onclick: swap(i, i - 1) }),
      el("button", { type: "button", text: "✕", "aria-label": `remove ${cardName(card)} from ${player}'s ${key}`, onclick: drop(i) }))));
}

// Each zone: its cards per player, and one form to add a card by name to a player's zone.
export function renderZones(state) {
  const doc = state.doc;
  const zone = el("select", { id: "zone-kind", "aria-label": "zone" }, ...ZONES.map(([k, t]) => el("option", { value: k, text: t })));
  const owner = el("select", { id: "zone-owner", "aria-label": "owner" }, ...players(doc).map((p) => el("option", { value: p, text: p })));
  const name = el("input", { id: "zone-card", list: "card-names", "aria-label": "card to put in that zone", placeholder: "Forest" });
  if (state.zoneChoice) { zone.value = state.zoneChoice[0]; owner.value = state.zoneChoice[1]; }
  const form = el("form", { id: "add-zone-card", class: "adder", autocomplete: "off", onsubmit: (event) => {
    event.preventDefault();
    const card = name.value.trim();
    if (!card) return;
    const known = state.completions.get(card.toLowerCase());
    doc[zone.value] = doc[zone.value] && typeof doc[zone.value] === "object" ? doc[zone.value] : {};
    (doc[zone.value][owner.value] = Array.isArray(doc[zone.value][owner.value]) ? doc[zone.value][owner.value] : [])
      .push(known ? known.name : card);
    state.zoneChoice = [zone.value, owner.value];
    state.changed();
  } }, el("label", {}, "Card ", name), el("label", {}, "to ", zone), el("label", {}, "of ", owner),
  el("button", { type: "submit", text: "Put there" }));
  const lists = [];
  for (const [key, words] of ZONES) {
    for (const player of players(doc)) {
      if (doc[key] && Array.isArray(doc[key][player]) && doc[key][player].length) {
        lists.push(el("div", { class: "zone" }, el("h4", { text: `${player}'s ${words}` }), zoneList(state, key, player)));
      }
    }
  }
  document.getElementById("zones").replaceChildren(form, ...lists);
  renderEmblems(state);
}

// 114: emblems in the command zone, named by the card that creates them (its Oracle text says what).
function renderEmblems(state) {
  const doc = state.doc;
  const emblems = Array.isArray(doc.emblems) ? doc.emblems : [];
  const from = el("input", { id: "emblem-from", list: "card-names", "aria-label": "card whose emblem", placeholder: "Gideon, Ally of Zendikar" });
  const owner = el("select", { "aria-label": "emblem's owner" }, ...players(doc).map((p) => el("option", { value: p, text: p })));
  const form = el("form", { class: "adder", autocomplete: "off", onsubmit: (event) => {
    event.preventDefault();
    const card = from.value.trim();
    if (!card) return;
    const known = state.completions.get(card.toLowerCase());
    doc.emblems = [...emblems, { from: known ? known.name : card, controller: owner.value }];
    state.changed();
  } }, el("label", {}, "Emblem of ", from), el("label", {}, "for ", owner), el("button", { type: "submit", text: "Add emblem" }));
  const items = emblems.map((e, i) => el("li", { "data-where": `emblems[${i}]` },
    el("span", { text: `${e && e.from || `emblem ${i + 1}`} (${e && e.controller || players(doc)[0]})` }),
    el("button", { type: "button", text: "✕", "aria-label": `remove emblem ${i + 1}`,
      onclick: () => { emblems.splice(i, 1); if (!emblems.length) delete doc.emblems; state.changed(); } })));
  document.getElementById("emblems").replaceChildren(form, el("ol", { class: "zone-cards", "data-where": "emblems" }, ...items));
}

// The kinds of resolved effect (611.2, 613.7b): a spell's effect, an activated ability's, "becomes a copy
// of" (707.2), or operations written out (docs/case-format.md "Operations").
const OPERATIONS = [["modify_pt", "gets +N/+N", "+3/+3"], ["set_base_pt", "has base P/T", "0/1"], ["switch_pt", "switches P/T", ""],
  ["add_colors", "becomes also these colors", "blue"], ["set_colors", "becomes these colors", "blue"], ["add_types", "becomes also these types", "Artifact"],
  ["add_subtypes", "gains these subtypes", "Elf"], ["add_abilities", "gains these abilities", "flying"],
  ["lose_all_abilities", "loses all abilities", ""], ["gain_control", "is controlled by the effect's controller", ""],
  ["set_name", "is named", "Vitu-Ghazi"]];
const LISTS = new Set(["add_colors", "set_colors", "add_types", "add_subtypes", "add_abilities"]);

export function effectForm(state) {
  const kind = el("select", { id: "effect-kind", "aria-label": "kind of effect" },
    el("option", { value: "copy", text: "becomes a copy of" }), el("option", { value: "activated", text: "an activated ability of" }),
    el("option", { value: "does", text: "does" }));
  const target = lazySelect("", ["", "object…"], "", () => objectIds(state.doc).map((id) => [id, id]), () => {}, "object");
  target.id = "effect-object";
  const op = select("", OPERATIONS.map(([k, t]) => [k, t]), "modify_pt", () => {}, "operation");
  op.id = "effect-op";
  const value = el("input", { id: "effect-value", "aria-label": "value", placeholder: "+3/+3", class: "short" });
  const label = el("input", { id: "effect-from", "aria-label": "from (a label)", placeholder: "Mirrorweave", list: "card-names" });
  const shape = () => { op.hidden = value.hidden = kind.value !== "does"; target.hidden = kind.value === "does"; };
  kind.addEventListener("change", shape);
  shape();
  return el("form", { id: "add-other-effect", class: "adder", autocomplete: "off", onsubmit: (event) => {
    event.preventDefault();
    const from = label.value.trim();
    let effect;
    if (kind.value === "copy" && target.value) effect = { does: { copy_of: { object: target.value } }, affects: [] };
    else if (kind.value === "activated" && target.value) effect = { activated: target.value };
    else if (kind.value === "does") {
      const raw = value.value.trim();
      const arg = LISTS.has(op.value) ? raw.split(",").map((s) => s.trim()).filter(Boolean)
        : op.value === "gain_control" ? "you" : raw || null;
      effect = { does: arg == null ? op.value : { [op.value]: arg }, affects: [] };
    } else return;
    if (from) effect.from = from;
    const doc = state.doc;
    doc.effects = [...(Array.isArray(doc.effects) ? doc.effects : []), effect];
    state.changed();
  } }, el("label", {}, "Effect from ", label), el("label", {}, "that ", kind), target, op, value,
  el("button", { type: "submit", text: "Add effect" }),
  el("small", { text: "Then pick what it affects (611.2c: fixed when it began). Mirrorweave: from Mirrorweave, becomes a copy of the target, on each other creature." }));
}

// A card that is not in the pool: its printed characteristics, its abilities kept as text.
export function inlineCardForm(state) {
  const field = (id, label, placeholder) => el("label", {}, label, el("input", { id, placeholder }));
  return el("form", { id: "inline-card", class: "adder", autocomplete: "off", onsubmit: (event) => {
    event.preventDefault();
    const value = (id) => document.getElementById(id).value.trim();
    if (!value("inline-name")) return;
    const card = { name: value("inline-name"), type_line: value("inline-type") || "Creature" };
    if (value("inline-cost")) card.mana_cost = value("inline-cost");
    if (value("inline-pt")) card.pt = value("inline-pt");
    const text = value("inline-text");
    if (text) card.abilities = text.split(/\n|(?<=\.)\s+(?=[A-Z{])/).map((t) => t.trim()).filter(Boolean).map((t) => ({ text: t }));
    const base = card.name.toLowerCase().replace(/['’]/g, "").replace(/[^\p{L}\p{N}_]+/gu, "_").replace(/^_+|_+$/g, "");
    const ids = new Set(objectIds(state.doc));
    let id = base || "inline_card", n = 1;
    while (ids.has(id)) id = `${base}_${++n}`;
    if (!Array.isArray(state.doc.battlefield)) state.doc.battlefield = [];
    state.doc.battlefield.push({ card, id });
    event.target.reset();
    state.changed();
  } }, field("inline-name", "Name ", "Silvercoat Lion"), field("inline-cost", "Mana cost ", "{1}{W}"),
  field("inline-type", "Type line ", "Creature — Cat"), field("inline-pt", "P/T ", "2/2"),
  el("label", { class: "full" }, "Rules text (kept as text: shown, not applied) ", el("textarea", { id: "inline-text", rows: 2 })),
  el("button", { type: "submit", text: "Add this card" }));
}
