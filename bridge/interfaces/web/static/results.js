// What the page shows of a solved board: the characteristic table (click an id for its history),
// ties, triggers, state-based actions, the dependency graph, the explanation per layer, and the
// comparison across editions. Text goes in with textContent; the only markup inserted is the
// server's SVG, whose every text the server escaped (bridge/interfaces/web/graph_svg.py).
import { el } from "./editor.js";

const list = (values) => (values && values.length ? values.join(", ") : "—");

function section(title, ...children) {
  return el("section", { class: "panel" }, el("h3", { text: title }), ...children);
}

// The rules the solver cites, with their text (rules.json, tools/extract_cited_rules.py): a rule number in
// the answer is a button that opens it.
const RULES = { edition: "", rules: {} };
export function setRules(data) { Object.assign(RULES, data); }

function openRule(number) {
  const box = document.getElementById("rule");
  box.replaceChildren(el("h3", { text: `CR ${number} (Comprehensive Rules, ${RULES.edition})` }),
    el("p", { text: RULES.rules[number] }),
    el("button", { type: "button", text: "Close", onclick: () => box.close() }));
  box.showModal();
}

export function withRules(text) {
  const parts = String(text).split(/\b([1-9]\d{2}\.\d+[a-z]?)\b/);
  if (parts.length === 1) return [text];
  return parts.map((part, i) => (i % 2 && RULES.rules[part]
    ? el("button", { type: "button", class: "rule-link", text: part, "aria-label": `rule ${part}: open its text`,
      onclick: () => openRule(part) }) : part));
}

function lines(items) {
  return el("ul", {}, ...items.map((text) => el("li", {}, ...withRules(text))));
}

// The columns an ability kept as text may change, by characteristic (`unsure` in the JSON, issue 32);
// the same as the text table's (bridge/results/render.py UNSURE_COLUMNS). A copy reaches every
// copiable value (707.2).
const UNSURE_COLUMNS = { copy: ["name", "MV", "colors", "type line", "P/T", "abilities"], control: ["controller"],
  text: ["abilities"], types: ["type line"], colors: ["colors"], abilities: ["abilities"], pt: ["P/T"] };

// The unread abilities (source: "text") that may change this column of object o.
function unsureBy(o, column) {
  return Object.entries(o.unsure || {}).filter(([what]) => UNSURE_COLUMNS[what].includes(column))
    .flatMap(([, sources]) => sources.map((s) => `${s.source}: "${s.ability}"`));
}

function unsureCell(o, column, attrs, text) {
  const by = unsureBy(o, column);
  if (!by.length) return el("td", { ...attrs, text });
  return el("td", { ...attrs, class: `${attrs.class || ""} unsure`.trim(), text: `${text} ?`,
    title: `may be wrong: not applied, because this ability was not read — ${[...new Set(by)].join("; ")}` });
}

export function objectTable(objects, onPick) {
  const head = ["id", "name", "MV", "colors", "type line", "P/T", "controller", "counters", "abilities"];
  const rows = objects.map((o) => el("tr", {},
    el("td", {}, el("button", { type: "button", class: "object-link", text: o.id, title: `how ${o.id}'s values came to be`,
      onclick: () => onPick(o.id) })),
    unsureCell(o, "name", {}, o.name), unsureCell(o, "MV", {}, String(o.mana_value)),
    unsureCell(o, "colors", {}, list(o.colors)), unsureCell(o, "type line", {}, o.type_line),
    unsureCell(o, "P/T", { class: "pt", "data-object": o.id }, o.pt || "—"), unsureCell(o, "controller", {}, o.controller),
    el("td", { text: list(Object.entries(o.counters || {}).map(([k, n]) => `${k}×${n}`)) }),
    unsureCell(o, "abilities", { class: "abilities" }, list(o.abilities))));
  return el("div", { class: "table-wrap" }, el("table", { class: "characteristics" },
    el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { scope: "col", text: h })))), el("tbody", {}, ...rows)));
}

function eventsPanel(result) {
  if (!result.events || !result.events.length) return null;
  return section("Events and triggers (603)", lines(result.events.map((e) =>
    `event ${e.event}: ${e.kind} ${e.objects.join(", ")} — ` + (e.triggers.length
      ? e.triggers.map((t) => `${t.source} triggers${t.times > 1 ? ` ${t.times} times` : ""}: "${t.ability}" (${t.controller})`).join("; ")
      : "nothing triggers"))));
}

function sbaPanel(result) {
  const sba = result.state_based_actions;
  if (!sba || !sba.rounds.some((r) => r.actions.length || r.choices.length)) return null;
  const items = [];
  for (const round of sba.rounds) {
    const parts = round.actions.map((a) => `${a.object}: ${a.action.replace(/_/g, " ")} — ${a.why} (${a.rule})`);
    parts.push(...round.triggers.map((t) => `triggers: ${t.source}'s "${t.ability}"`));
    parts.push(...round.choices.map((c) => `${c.player} chooses which ${c.name} to keep (${c.rule})`));
    items.push(`round ${round.round}: ${parts.join("; ") || "nothing happens"}`);
  }
  return section("State-based actions (704)", lines(items));
}

// What keeps an answer from being the whole truth (the page's banner): an ability kept as text that may
// change a value (`unsure`), a choice a card makes as it enters not made (614.12), a card not known.
// Mana abilities and other text that changes no characteristic are not in it.
export function warningsOf(data, state) {
  const items = [];
  const unread = new Map();
  for (const o of data.result.objects) {
    for (const [what, sources] of Object.entries(o.unsure || {})) {
      for (const s of sources) {
        const key = `${s.source}'s "${s.ability}"`;
        if (!unread.has(key)) unread.set(key, new Set());
        unread.get(key).add(`${what === "pt" ? "P/T" : what} of ${o.id}`);
      }
    }
  }
  for (const [ability, reached] of unread) {
    items.push(`${ability} was not read, so it was not applied: it may change the ${[...reached].join(", the ")}.`);
  }
  for (const entry of Array.isArray(state.doc.battlefield) ? state.doc.battlefield : []) {
    const facts = entry && state.facts(entry);
    if (!facts) continue;
    if (facts.known === false) items.push(`${entry.card}: ${facts.message}.`);
    for (const key of facts.chooses || []) {
      if (!(entry.choices && entry.choices[key])) {
        items.push(`${entry.id || entry.card} has no chosen ${key.replace(/_/g, " ")} (614.12): the answer is computed with none. Choose it on the board.`);
      }
    }
  }
  return items;
}

const SAID = [["name", "name"], ["type_line", "type line"], ["pt", "P/T"], ["colors", "colors"], ["controller", "controller"]];

// The live region's words after a solve: the values that changed, or the count when nothing did.
export function changesSaid(before, data) {
  const old = new Map((before ? before.result.objects : []).map((o) => [o.id, o]));
  const changes = [];
  for (const o of data.result.objects) {
    const was = old.get(o.id);
    if (!was) continue;
    for (const [key, words] of SAID) {
      const a = JSON.stringify(was[key]), b = JSON.stringify(o[key]);
      if (a !== b) changes.push(`${o.id} ${words} ${list([].concat(was[key] ?? "—"))} → ${list([].concat(o[key] ?? "—"))}`);
    }
  }
  const shown = changes.slice(0, 6).join("; ") + (changes.length > 6 ? `; and ${changes.length - 6} more` : "");
  return shown || `${data.result.objects.length} objects, ${data.result.steps.length} steps`;
}

// The answer first on a phone: one short card per object (name, type line, P/T, abilities), each
// value marked "?" when an unread ability may change it, as in the table.
const mark = (o, column) => (unsureBy(o, column).length ? " ?" : "");

function summaryCards(objects, onPick) {
  return el("ul", { class: "summary-cards" }, ...objects.map((o) => el("li", { class: o.unsure ? "unsure" : "" },
    el("button", { type: "button", class: "object-link", text: o.name, title: `how ${o.id}'s values came to be`,
      onclick: () => onPick(o.id) }),
    o.pt ? el("span", { class: "pt", "data-object": o.id, text: o.pt + mark(o, "P/T") }) : null,
    el("span", { class: "type", text: `${o.type_line}${mark(o, "type line")}${o.zone !== "battlefield" ? ` (${o.zone}, ${o.owner})` : ""}` }),
    o.abilities.length || unsureBy(o, "abilities").length
      ? el("span", { class: "abilities", text: (o.abilities.join(" · ") || "no abilities") + mark(o, "abilities") }) : null)));
}

export function renderResult(data, onPick) {
  const result = data.result;
  document.getElementById("summary").replaceChildren(summaryCards(result.objects, onPick));
  const body = document.getElementById("result-body");
  const permanents = result.objects.filter((o) => o.zone === "battlefield");
  const elsewhere = result.objects.filter((o) => o.zone !== "battlefield");
  const parts = [el("p", { class: "summary", text: `${result.case} — rules: ${result.rules}, ${result.steps.length} steps` }),
    objectTable(permanents, onPick)];
  if (elsewhere.length) parts.push(section("Other zones", objectTable(elsewhere, onPick)));
  if (result.ties.length) parts.push(section("Ties a player must order (613.7k)", lines(result.ties)));
  if (result.notes.length) parts.push(section("Notes", lines(result.notes)));
  const unread = new Map();
  for (const o of result.objects) {
    for (const [what, sources] of Object.entries(o.unsure || {})) {
      for (const s of sources) {
        const key = `${s.source}: "${s.ability}"`;
        if (!unread.has(key)) unread.set(key, new Set());
        unread.get(key).add(`${what === "pt" ? "P/T" : what} of ${o.id}`);
      }
    }
  }
  if (unread.size) {
    parts.push(section("? May be wrong: these abilities change the layers but were not read, so they were not applied",
      lines([...unread].map(([ability, reached]) => `${ability} may change ${[...reached].join(", ")}`))));
  }
  const textOnly = result.objects.filter((o) => o.text_only.length);
  if (textOnly.length) {
    parts.push(section("Kept as text: these abilities generate no effect here",
      lines(textOnly.map((o) => `${o.id}: ${o.text_only.join(" / ")}`))));
  }
  parts.push(eventsPanel(result), sbaPanel(result));
  body.replaceChildren(...parts.filter(Boolean));
  renderGraph(data);
  renderExplanation(data.explain);
}

function renderGraph(data) {
  const box = document.getElementById("graph");
  if (!data.deps.steps.length) {
    box.replaceChildren(section("Dependencies (613.8)", el("p", { class: "note",
      text: "No dependency between effects at any step: every layer applied in timestamp order." })));
    return;
  }
  const steps = data.deps.steps.map((step, i) => {
    const figure = el("figure", { class: "graph" });
    figure.innerHTML = data.graphs[i];          // the server's SVG, every text escaped there
    const caption = `step ${step.step}, layer ${step.layer} (CR ${step.rule}): applied ${step.applied.join("; ")}`;
    const svg = figure.querySelector("svg");
    if (svg) svg.setAttribute("aria-label", `dependency graph of ${caption}`);     // an image's name (WCAG 1.1.1)
    figure.append(el("figcaption", { text: caption }));
    const reasons = step.dependencies.map((d) => `${d.dependent} depends on ${d.depends_on}${d.in_loop ? " [loop: timestamp order, 613.8b]" : ""} — because ${d.reasons.join("; ")}`);
    return el("div", {}, figure, lines(reasons));
  });
  box.replaceChildren(section("Dependencies (613.8)", el("p", { class: "note",
    text: "An arrow goes from an effect to the effect it depends on, which applies first (613.8b); red arrows form a loop, whose effects apply in timestamp order." }),
  ...steps));
}

function renderExplanation(explain) {
  const box = document.getElementById("explanation");
  const layers = explain.layers.map((layer) => el("div", { class: "layer" },
    el("h4", {}, ...withRules(`layer ${layer.layer} — ${layer.name} (CR ${layer.rule})`)),
    ...layer.steps.map((step) => el("div", { class: "step" },
      ...step.applied.map((e) => el("p", { class: "applied", text: `step ${step.step}: ${e.effect} [${e.kind}, ${e.timestamp == null ? "no timestamp" : `timestamp ${e.timestamp}`}]` })),
      lines([...step.why.map((w) => `why now: ${w}`),
        // 613.6: an effect whose source lost its ability after it began to apply (as `explain` prints it)
        ...(step.keeps_applying || []).map((s) => `still applies: ${s}`),
        ...step.applied.filter((e) => (step.changed_nothing || []).includes(e.id))
          .map((e) => `${e.effect} changed no value of any object here`),
        // inside a batch, each value names only the parts that changed it
        ...step.changed.map((c) => `${c.object} ${c.characteristic}: ${list(c.before)} → ${list(c.after)}` +
          (step.applied.length > 1 && c.by && c.by.length ? `  (by ${c.by.join(", ")})` : ""))])))));
  const parts = [...layers];
  if (!layers.length) parts.push(el("p", { class: "note", text: "No continuous effect changed anything." }));
  if (explain.not_applied.length) {
    parts.push(el("h4", { text: "did not apply" }), lines(explain.not_applied.map((i) => `layer ${i.layer}: ${i.effect} — ${i.why}`)));
  }
  // as `explain` prints them: why each triggered ability did or didn't trigger, targets, questions
  for (const event of explain.events || []) {
    parts.push(el("h4", { text: `event ${event.event}: ${event.kind} ${event.objects.join(", ")} — seen on ${event.board}` }),
      lines([...event.nothing_happens.map((n) => `${n.object}: ${n.why}`),
        ...event.checked.map((c) => `${c.source}: "${c.ability}" ${c.triggered ? "triggers" : "doesn't trigger"} for ${c.object} — ${c.because.join("; ") || "its condition holds"}`)]));
  }
  if (explain.targets.length) {
    parts.push(el("h4", { text: "targets (608.2b)" }), lines(explain.targets.map((t) =>
      `${t.spell} → ${t.target}: ${t.legal ? "legal" : `illegal: ${t.because.join("; ")}`}`)));
  }
  if (explain.answers.length) {
    parts.push(el("h4", { text: "questions" }), lines(explain.answers.map((a) =>
      `${a.question}: ${a.text} ${Array.isArray(a.answer) ? a.answer.join(", ") : a.answer ? "yes" : "no"}`)));
  }
  box.replaceChildren(section("Explanation, layer by layer", ...parts));
}

export function renderHistory(data) {
  const box = document.getElementById("history");
  const obj = data.object;
  const parts = [el("h3", { text: `${obj.id} (${obj.name}): how each value came to be` })];
  if (obj.note) parts.push(el("p", { text: obj.note }));
  for (const [name, entries] of Object.entries(obj.history)) {
    parts.push(el("h4", { text: `${name}: ${list(entries[entries.length - 1].value)}` }),
      lines(entries.map((e) => `${e.step === 0 ? "start" : e.step === "end" ? "end" : `step ${e.step}`}: ${list(e.value)} — ${e.how}`)));
  }
  parts.push(el("button", { type: "button", text: "Close", onclick: () => { box.hidden = true; } }));
  box.replaceChildren(...parts);
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" });
}

export function renderComparison(data) {
  const box = document.getElementById("comparison");
  const items = [];
  for (const obj of data.objects) {
    for (const d of obj.differences) {
      items.push(el("div", { class: "difference" },
        el("p", { text: `${obj.id} ${d.characteristic}: ` + Object.entries(d.values).map(([e, v]) => `${e}: ${v}`).join("   ") }),
        el("pre", { text: d.parted.join("\n") })));
    }
  }
  const ties = Object.entries(data.ties || {}).flatMap(([e, ts]) => ts.map((t) => `${e}: ${t}`));
  box.replaceChildren(section(`Compared: ${data.editions.join(", ")}`,
    ...(items.length ? items : [el("p", { class: "note", text: "The editions give the same characteristics." })]),
    ties.length ? lines(ties) : null));
  box.scrollIntoView({ block: "nearest" });
}

// The rulings of the board's cards (from imported card data), each card's folded, each ruling dated.
export function renderRulings(rulings) {
  const box = document.getElementById("rulings");
  const opened = new Set([...box.querySelectorAll("details[open]")].map((d) => d.dataset.card));   // stay open
  if (!rulings.size) { box.replaceChildren(); return; }
  box.replaceChildren(el("h3", { text: "Rulings (from the imported card data)" }),
    ...[...rulings].map(([name, items]) => el("details", { class: "rulings", "data-card": name, open: opened.has(name) },
      el("summary", { text: `${name}: ${items.length} ruling${items.length === 1 ? "" : "s"}` }),
      el("ul", {}, ...items.map((r) => el("li", {}, el("time", { datetime: r.date, text: r.date }), " ", ...withRules(r.text)))))));
}
