// The judges' page: holds the board (a case mapping), asks the local server to solve it after each
// edit, and shows the answer, with a banner whenever the answer is not the whole truth. The board is
// kept in the address (a link another judge can open) and in this browser's storage.
import { el, focusKey, freshId, refocus, renderBoard, showErrors } from "./editor.js";
import { changesSaid, renderComparison, renderHistory, renderResult, renderRulings, setRules, warningsOf } from "./results.js";
import { renderStack } from "./stack.js";
import { effectForm, inlineCardForm, renderZones } from "./zones.js";

const NEW_BOARD = () => ({ case: "A board built on the judges' page", rules: "current", players: ["Alice", "Bob"], battlefield: [] });
const STORED = "mtg-layers-board";
const state = { doc: NEW_BOARD(), file: "board.yaml", editions: [], completions: new Map(), asked: 0, changed,
  cards: new Map(), facts, last: null, stale: null };
const $ = (id) => document.getElementById(id);

function say(text, busy = false, action = null) {
  $("status").replaceChildren(text, ...(action ? [" ", action] : []));
  document.body.classList.toggle("busy", busy);
}

// A request that fails (the server stopped, the network dropped) is said, never left turning.
async function post(path, payload) {
  try {
    const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ file: state.file, rules: state.rules, ...payload }) });
    let data;
    try { data = await response.json(); } catch { data = { message: `the server answered ${response.status}` }; }
    return { ok: response.ok, data };
  } catch (error) {
    return { ok: false, data: { status: "unreachable", message: "the server does not answer (is mtg-layers serve still running?)" } };
  }
}

function failed(data, retry) {
  if (data.status === "error") showErrors(data.errors || [{ where: "", message: data.message }], state);
  else showErrors([], state);
  const reason = data.status === "error" ? "the board has errors (see the marked fields)" : data.message || "the request failed";
  state.stale = { reason, retry };
  showBanner();
  say(`Not solved: ${reason}.`, false, el("button", { type: "button", text: "Retry", onclick: retry }));
}

// The card facts the editor needs (choices, copies), asked once per name; the board is drawn again when they come.
function facts(entry) {
  const typed = entry && typeof entry.card === "string" ? entry.card.trim() : null;
  const name = typed && typed.toLowerCase();
  if (!name) return null;
  if (!state.cards.has(name)) {
    state.cards.set(name, null);
    fetch(`/api/card?name=${encodeURIComponent(typed)}`).then((r) => (r.ok ? r.json() : null)).then((known) => {
      if (!known) { state.cards.delete(name); return; }
      state.cards.set(name, known);
      renderBoard(state);
      if (state.errors && state.errors.length) showErrors(state.errors, state);
      showBanner();
      showRulings();
    }).catch(() => state.cards.delete(name));
  }
  return state.cards.get(name);
}

// The banner above the answer: everything that keeps it from being the whole truth.
function showBanner() {
  const items = state.last ? warningsOf(state.last, state) : [];
  if (state.stale) items.unshift(`The answer below is out of date: ${state.stale.reason}.`);
  const banner = $("banner");
  banner.hidden = !items.length;
  $("result-body").classList.toggle("stale", Boolean(state.stale));
  banner.replaceChildren(...(items.length ? [el("strong", { text: "Not the whole truth:" }),
    el("ul", {}, ...items.map((text) => el("li", { text }))),
    state.stale ? el("button", { type: "button", id: "retry", text: "Retry", onclick: state.stale.retry }) : ""] : []));
}

// The rulings the card data carries (an imported MTGJSON file's) for the cards of the board, in every zone.
function showRulings() {
  const doc = state.doc;
  const entries = [...(Array.isArray(doc.battlefield) ? doc.battlefield : []), ...(Array.isArray(doc.stack) ? doc.stack : [])];
  for (const zone of ["hands", "libraries", "graveyards", "exile"]) {
    for (const cards of Object.values(doc[zone] && typeof doc[zone] === "object" ? doc[zone] : {})) {
      if (Array.isArray(cards)) entries.push(...cards.map((card) => (typeof card === "string" ? { card } : card)));
    }
  }
  const known = new Map();
  for (const entry of entries) {
    const card = entry && typeof entry === "object" ? facts(entry) : null;
    if (card && card.known && card.rulings && card.rulings.length) known.set(card.name, card.rulings);
  }
  renderRulings(known);
}

// The board each request sends: an opened file's own text until the first edit (errors then name the
// lines of that file), else the edited mapping.
const board = () => state.text ?? state.doc;

// The board in the address (#board=...) and in local storage, so a reload or a shared link has it.
function encode(doc) {
  const bytes = new TextEncoder().encode(JSON.stringify(doc));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decode(text) {
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(raw, (c) => c.charCodeAt(0))));
}

function keep() {
  const code = encode(state.doc);
  history.replaceState(null, "", `#board=${code}`);
  try { localStorage.setItem(STORED, code); } catch { /* storage full or off: the address still has it */ }
}

// The whole editor drawn again (unchanged rows are kept), focus staying on its control.
function drawEditor() {
  const key = focusKey();
  renderBoard(state);
  renderZones(state);
  renderStack(state);
  refocus(key);
  showRulings();
}

// Edits within this long are solved once (fields change on Enter or leaving them, so each edit is a
// click or a commit; this joins a burst of ▲ ▼ clicks); an answer to an older board is dropped anyway.
const SOLVE_AFTER_MS = 100;
let timer = null;
function changed(edited = true) {
  if (edited) state.text = null;
  const begun = performance.now();
  drawEditor();
  document.body.dataset.editMs = String(Math.round(performance.now() - begun));    // measured by the tests
  clearTimeout(timer);
  timer = setTimeout(() => { keep(); solve(); }, SOLVE_AFTER_MS);
}

async function solve() {
  const asked = ++state.asked;
  const doc = state.doc;
  const empty = (value) => !value || (Array.isArray(value) ? !value.length : !Object.keys(value).length);
  if (empty(doc.battlefield) && ["stack", "hands", "graveyards", "libraries", "exile", "emblems"].every((k) => empty(doc[k]))
      && Object.keys(doc).every((key) => ["case", "rules", "players", "battlefield"].includes(key))) {
    showErrors([], state);
    Object.assign(state, { last: null, stale: null });
    showBanner();
    $("result-body").replaceChildren(el("p", { class: "note", text: "Add cards to see their characteristics." }));
    for (const id of ["graph", "explanation", "comparison", "summary"]) $(id).replaceChildren();
    say("");
    return;
  }
  say("solving…", true);
  const { ok, data } = await post("/api/solve", { board: board() });
  if (asked !== state.asked) return;          // an older answer, for a board since changed
  if (!ok) { failed(data, solve); return; }
  showErrors([], state);
  $("history").hidden = true;
  $("comparison").replaceChildren();
  const before = state.last;
  Object.assign(state, { last: data, stale: null });
  const begun = performance.now();
  renderResult(data, pick);
  showBanner();
  document.body.dataset.answerMs = String(Math.round(performance.now() - begun));
  say(`solved: ${changesSaid(before, data)}`);
  document.body.dataset.solved = String(asked);
}

async function pick(objectId) {
  say(`explaining ${objectId}…`, true);
  const { ok, data } = await post("/api/explain", { board: board(), object: objectId });
  if (!ok) { failed(data, () => pick(objectId)); return; }
  renderHistory(data);
  say(`how ${objectId}'s values came to be`);
}

async function compare() {
  const editions = state.editions;
  say("comparing editions…", true);
  const { ok, data } = await post("/api/compare", { board: board(), editions });
  if (!ok) { failed(data, compare); return; }
  renderComparison(data);
  say(`compared ${editions.join(", ")}`);
}

async function complete(text) {
  if (text.trim().length < 2) return;
  try {
    const response = await fetch(`/api/cards?q=${encodeURIComponent(text)}`);
    if (!response.ok) return;
    const { cards } = await response.json();
    for (const card of cards) state.completions.set(card.name.toLowerCase(), card);
    $("card-names").replaceChildren(...cards.map((card) => el("option", { value: card.name })));
  } catch { /* no completion while the server is away; the solve says so */ }
}

// The adders: a name typed (or picked from the completion) becomes an object or an effect.
function adder(inputId, add) {
  return (event) => {
    event.preventDefault();
    const input = $(inputId);
    const name = input.value.trim();
    if (!name) return;
    add(name, state.completions.get(name.toLowerCase()));
    input.value = "";
    changed();
  };
}

const addCard = adder("card-name", (name, known) => {
  const base = known ? known.id : name.toLowerCase().replace(/['’]/g, "").replace(/[^\p{L}\p{N}_]+/gu, "_").replace(/^_+|_+$/g, "");
  if (!Array.isArray(state.doc.battlefield)) state.doc.battlefield = [];
  state.doc.battlefield.push({ card: known ? known.name : name, id: freshId(state.doc, base || "object") });
});

const addEffect = adder("effect-spell", (name, known) => {
  if (!Array.isArray(state.doc.effects)) state.doc.effects = [];
  state.doc.effects.push({ spell: known ? known.name : name, affects: [] });
});

async function load(text, file) {
  state.file = file || "board.yaml";
  say("reading the case file…", true);
  const { ok, data } = await post("/api/parse", { yaml: text });
  if (!ok) { failed(data, () => load(text, file)); return; }
  Object.assign(state, { doc: data.board, rules: undefined, text });
  $("paste-box").hidden = true;          // what was pasted is in the editor now, its errors at their fields
  drawEditor();
  if (data.errors.length) {              // the answer shown is of the board before: said out of date
    showErrors(data.errors, state);
    state.stale = { reason: "the board has errors (see the marked fields)", retry: solve };
    showBanner();
    say("The case file has errors: see the marked fields.");
    return;
  }
  changed(false);
}

async function download() {
  const { ok, data } = await post("/api/yaml", { board: board() });
  if (!ok) { failed(data, download); return; }
  const link = el("a", { href: URL.createObjectURL(new Blob([data.yaml], { type: "text/yaml" })), download: state.file });
  document.body.append(link);
  link.click();
  link.remove();
}

function clear() {
  const previous = { doc: state.doc, file: state.file, rules: state.rules, text: state.text };
  Object.assign(state, { doc: NEW_BOARD(), file: "board.yaml", rules: undefined });
  changed();
  clearTimeout(timer);
  solve().then(() => say("A new board.", false, el("button", { type: "button", id: "undo", text: "Undo",
    onclick: () => { Object.assign(state, previous); changed(previous.text == null); } })));
}

function stored() {
  const code = location.hash.startsWith("#board=") ? location.hash.slice(7) : localStorage.getItem(STORED);
  if (!code) return null;
  try {
    const doc = decode(code);
    return doc && typeof doc === "object" && !Array.isArray(doc) ? doc : null;
  } catch { return null; }
}

async function start() {
  let meta;
  try { meta = await (await fetch("/api/meta")).json(); } catch { meta = { editions: ["current"] }; }
  state.editions = meta.editions;
  fetch("/static/rules.json").then((r) => r.json()).then(setRules).catch(() => {});   // rule numbers stay text without it
  $("rules").replaceChildren(...meta.editions.map((e) => el("option", { value: e, text: e })));
  // The edition asked for is sent like --rules; it goes into the file's rules: too, unless the file
  // states what it expects under that edition (expect_under:), which a case's own edition cannot have.
  $("rules").addEventListener("change", (e) => {
    state.rules = e.target.value;
    const under = state.doc.expect_under;
    if (!(under && typeof under === "object" && state.rules in under)) state.doc.rules = state.rules;
    changed();
  });
  $("title").addEventListener("change", (e) => { state.doc.case = e.target.value; changed(); });
  $("players").addEventListener("change", (e) => {
    state.doc.players = e.target.value.split(",").map((p) => p.trim()).filter(Boolean);
    changed();
  });
  $("other-effects").replaceChildren(effectForm(state));
  $("inline").append(inlineCardForm(state));
  document.addEventListener("input", (e) => { if (e.target.getAttribute("list") === "card-names") complete(e.target.value); });
  $("add-card").addEventListener("submit", addCard);
  $("add-effect").addEventListener("submit", addEffect);
  $("solve").addEventListener("click", solve);
  $("compare").addEventListener("click", compare);
  $("download").addEventListener("click", download);
  $("print").addEventListener("click", () => window.print());
  $("clear").addEventListener("click", clear);
  $("paste-toggle").addEventListener("click", () => { $("paste-box").hidden = !$("paste-box").hidden; });
  $("paste-load").addEventListener("click", () => load($("paste-text").value, "pasted.yaml"));
  $("upload").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) await load(await file.text(), file.name);
    e.target.value = "";
  });
  window.addEventListener("hashchange", () => { const doc = stored(); if (doc) { state.doc = doc; changed(); } });
  const kept = stored();
  if (kept) { state.doc = kept; changed(); } else drawEditor();
  document.body.dataset.ready = "true";
}

start();
