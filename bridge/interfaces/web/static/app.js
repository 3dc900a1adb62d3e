// The judges' page: holds the board (a case mapping), asks the local server to solve it after each
// edit, and shows the answer. The server runs the same Python API as the command line.
import { el, freshId, renderBoard, showErrors } from "./editor.js";
import { renderComparison, renderHistory, renderResult } from "./results.js";

const NEW_BOARD = () => ({ case: "A board built on the judges' page", rules: "current", players: ["Alice", "Bob"], battlefield: [] });
const state = { doc: NEW_BOARD(), file: "board.yaml", editions: [], completions: new Map(), asked: 0, changed };
const $ = (id) => document.getElementById(id);

function say(text, busy = false) {
  $("status").textContent = text;
  document.body.classList.toggle("busy", busy);
}

async function post(path, payload) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ file: state.file, rules: state.rules, ...payload }) });
  let data;
  try { data = await response.json(); } catch { data = { message: `the server answered ${response.status}` }; }
  return { ok: response.ok, data };
}

function failed(data) {
  showErrors(data.errors || [{ where: "", message: data.message || "the request failed" }]);
  say(data.status === "error" ? "The board has errors: see the marked fields." : data.message || "The request failed.");
}

// The board each request sends: an opened file's own text until the first edit (errors then name the
// lines of that file), else the edited mapping.
const board = () => state.text ?? state.doc;

let timer = null;
function changed(edited = true) {
  if (edited) state.text = null;
  renderBoard(state);
  clearTimeout(timer);
  timer = setTimeout(solve, 250);
}

async function solve() {
  const asked = ++state.asked;
  if (!(Array.isArray(state.doc.battlefield) && state.doc.battlefield.length) && !state.doc.stack
      && Object.keys(state.doc).every((key) => ["case", "rules", "players", "battlefield"].includes(key))) {
    showErrors([]);
    $("result-body").replaceChildren(el("p", { class: "note", text: "Add cards to see their characteristics." }));
    for (const id of ["graph", "explanation", "comparison"]) $(id).replaceChildren();
    say("");
    return;
  }
  say("solving…", true);
  const { ok, data } = await post("/api/solve", { board: board() });
  if (asked !== state.asked) return;          // an older answer, for a board since changed
  if (!ok) { failed(data); return; }
  showErrors([]);
  $("history").hidden = true;
  $("comparison").replaceChildren();
  renderResult(data, pick);
  say(`solved: ${data.result.objects.length} objects, ${data.result.steps.length} steps`);
  document.body.dataset.solved = String(asked);
}

async function pick(objectId) {
  say(`explaining ${objectId}…`, true);
  const { ok, data } = await post("/api/explain", { board: board(), object: objectId });
  if (!ok) { failed(data); return; }
  renderHistory(data);
  say(`how ${objectId}'s values came to be`);
}

async function compare() {
  const editions = state.editions;
  say("comparing editions…", true);
  const { ok, data } = await post("/api/compare", { board: board(), editions });
  if (!ok) { failed(data); return; }
  renderComparison(data);
  say(`compared ${editions.join(", ")}`);
}

async function complete(text) {
  if (text.trim().length < 2) return;
  const response = await fetch(`/api/cards?q=${encodeURIComponent(text)}`);
  if (!response.ok) return;
  const { cards } = await response.json();
  for (const card of cards) state.completions.set(card.name.toLowerCase(), card);
  $("card-names").replaceChildren(...cards.map((card) => el("option", { value: card.name })));
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
  if (!ok) { failed(data); return; }
  Object.assign(state, { doc: data.board, rules: undefined, text });
  renderBoard(state);
  if (data.errors.length) { showErrors(data.errors); say("The case file has errors: see the marked fields."); return; }
  $("paste-box").hidden = true;
  changed(false);
}

async function download() {
  const { ok, data } = await post("/api/yaml", { board: board() });
  if (!ok) { failed(data); return; }
  const link = el("a", { href: URL.createObjectURL(new Blob([data.yaml], { type: "text/yaml" })), download: state.file });
  document.body.append(link);
  link.click();
  link.remove();
}

async function start() {
  const meta = await (await fetch("/api/meta")).json();
  state.editions = meta.editions;
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
  for (const id of ["card-name", "effect-spell"]) $(id).addEventListener("input", (e) => complete(e.target.value));
  $("add-card").addEventListener("submit", addCard);
  $("add-effect").addEventListener("submit", addEffect);
  $("solve").addEventListener("click", solve);
  $("compare").addEventListener("click", compare);
  $("download").addEventListener("click", download);
  $("clear").addEventListener("click", () => {
    Object.assign(state, { doc: NEW_BOARD(), file: "board.yaml", rules: undefined });
    changed();
  });
  $("paste-toggle").addEventListener("click", () => { $("paste-box").hidden = !$("paste-box").hidden; });
  $("paste-load").addEventListener("click", () => load($("paste-text").value, "pasted.yaml"));
  $("upload").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) await load(await file.text(), file.name);
    e.target.value = "";
  });
  renderBoard(state);
  document.body.dataset.ready = "true";
}

start();
