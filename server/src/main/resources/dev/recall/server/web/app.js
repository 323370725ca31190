// recall's page: plain DOM over the daemon's JSON API. Text from the archive only ever enters the page through
// text nodes, never parsed as markup: transcripts and entries are untrusted data.
"use strict";

const API = "/api/v1";
const TYPES = ["fact", "decision", "procedure", "debugging_method", "warning", "preference", "open_question"];
const SCOPES = ["global", "project", "repository", "branch", "file", "tool", "agent"];
const STATUSES = ["accepted", "archived"];
const REVIEW_STATES = ["human_reviewed", "unreviewed_auto", "calibrated_auto", "eval_raw"];
const LABELS = {
  correct: "correct",
  useful_but_uncertain: "useful but uncertain",
  genuine_tradeoff: "a genuine tradeoff",
};
const PAGE = 50;

const state = { csrf: null, corpusOffset: 0, sessionsOffset: 0, facets: null, building: false };

// ---- helpers ---------------------------------------------------------------------------------------------------

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else if (k === "width") el.style.width = v; // CSSOM: the page's CSP refuses style attributes
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

const $ = (id) => document.getElementById(id);

function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

function fmtTime(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return isNaN(d) ? iso : d.toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

function fmtNum(x, digits = 3) {
  if (x === null || x === undefined) return "";
  return Number.isInteger(x) ? String(x) : Number(x).toFixed(digits);
}

function showError(err) {
  const box = $("alert");
  box.hidden = false;
  clear(box).append(err && err.message ? err.message : String(err));
  if (err && err.hint) box.append(h("div", { class: "hint" }, err.hint));
}

function clearError() {
  $("alert").hidden = true;
}

class ApiFailure extends Error {
  constructor(status, body) {
    const e = (body && body.error) || {};
    super(e.message || "request failed with status " + status);
    this.status = status;
    this.code = e.code;
    this.hint = e.hint;
    this.body = e;
  }
}

async function api(method, path, body, extraHeaders) {
  const headers = Object.assign({ "Accept": "application/json" }, extraHeaders || {});
  if (state.csrf) headers["X-Recall-CSRF"] = state.csrf;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, {
    method, headers, credentials: "same-origin", cache: "no-store",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let json = null;
  try {
    json = await res.json();
  } catch (e) {
    json = null;
  }
  if (!res.ok) throw new ApiFailure(res.status, json);
  return json;
}

const asked = {};

/**
 * Numbers a request of one kind (corpus, sessions, search): an answer is shown only while its request is still the
 * newest of its kind, so two quick filter changes never end with the older answer on screen.
 */
function ask(kind) {
  const n = (asked[kind] = (asked[kind] || 0) + 1);
  return () => asked[kind] === n;
}

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== null && v !== undefined && v !== "") q.set(k, v);
  }
  const s = q.toString();
  return s ? "?" + s : "";
}

function formValues(form) {
  const out = {};
  for (const el of form.elements) {
    if (!el.name || el.type === "submit") continue;
    if (el.type === "radio") {
      if (el.checked) out[el.name] = el.value;
    } else {
      out[el.name] = el.value.trim();
    }
  }
  return out;
}

function fillSelect(select, values, labelOf) {
  const keep = select.value;
  while (select.options.length > 1) select.remove(1);
  for (const v of values) {
    select.add(new Option(labelOf ? labelOf(v) : v, v));
  }
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

function badge(text, cls) {
  return h("span", { class: "badge" + (cls ? " " + cls : "") }, text);
}

/** Asks before a change that cannot be undone; resolves true only on an explicit confirmation. */
function confirmAction(title, text, okLabel, danger) {
  const dlg = $("confirm");
  $("confirm-title").textContent = title;
  $("confirm-text").textContent = text;
  const ok = $("confirm-ok");
  ok.textContent = okLabel;
  ok.className = danger ? "danger" : "";
  dlg.returnValue = "";
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "ok"), { once: true });
    dlg.showModal();
    $("confirm-cancel").focus();
  });
}

// ---- routing ---------------------------------------------------------------------------------------------------

function route() {
  const hash = location.hash.replace(/^#/, "");
  const params = new URLSearchParams(hash.includes("=") ? hash : "");
  if (params.has("session")) return { tab: "sessions", session: params.get("session"),
    from: parseInt(params.get("from") || "0", 10) || 0, hl: params.get("hl") };
  if (params.has("entry")) return { tab: "corpus", entry: params.get("entry") };
  if (params.has("insight")) return { tab: "insights", insight: params.get("insight") };
  const tab = ["corpus", "search", "sessions", "insights"].includes(hash) ? hash : "corpus";
  return { tab };
}

function selectTab(tab) {
  for (const b of document.querySelectorAll("[role=tab]")) {
    const on = b.dataset.tab === tab;
    b.setAttribute("aria-selected", String(on));
    b.tabIndex = on ? 0 : -1;
    $(b.getAttribute("aria-controls")).hidden = !on;
  }
}

const loaded = {};

async function render() {
  clearError();
  const r = route();
  selectTab(r.tab);
  try {
    if (r.tab === "corpus") {
      if (!loaded.corpus) {
        loaded.corpus = true;
        await Promise.all([loadCorpus(), loadCoverage()]);
      }
      await showEntryPanel(r.entry);
    } else if (r.tab === "sessions") {
      if (!loaded.sessions) {
        loaded.sessions = true;
        await loadSessions();
      }
      if (r.session) await openTranscript(r.session, r.from, r.hl);
      else closeTranscript();
    } else if (r.tab === "insights") {
      if (!loaded.insights) {
        loaded.insights = true;
        await loadInsights();
      }
      await showInsight(r.insight);
    }
  } catch (e) {
    showError(e);
  }
}

function setupTabs() {
  const tabs = [...document.querySelectorAll("[role=tab]")];
  for (const b of tabs) {
    b.addEventListener("click", () => {
      location.hash = b.dataset.tab;
    });
    b.addEventListener("keydown", (ev) => {
      const i = tabs.indexOf(b);
      let next = null;
      if (ev.key === "ArrowRight") next = tabs[(i + 1) % tabs.length];
      else if (ev.key === "ArrowLeft") next = tabs[(i - 1 + tabs.length) % tabs.length];
      else if (ev.key === "Home") next = tabs[0];
      else if (ev.key === "End") next = tabs[tabs.length - 1];
      if (next) {
        ev.preventDefault();
        next.focus();
        location.hash = next.dataset.tab;
      }
    });
  }
}

// ---- corpus ----------------------------------------------------------------------------------------------------

function corpusParams() {
  const v = formValues($("corpus-filters"));
  return Object.assign(v, { limit: PAGE, offset: state.corpusOffset });
}

async function loadCorpus() {
  const current = ask("corpus");
  const data = await api("GET", API + "/recall/corpus" + query(corpusParams()));
  if (!current()) return;
  state.facets = data.facets;
  const f = $("corpus-filters").elements;
  fillSelect(f.project, Object.keys(data.facets.project), (p) => p + " (" + data.facets.project[p] + ")");
  fillSelect(f.agent, Object.keys(data.facets.agent), (p) => p + " (" + data.facets.agent[p] + ")");
  fillSelect(f.git_branch, Object.keys(data.facets.git_branch), (p) => p + " (" + data.facets.git_branch[p] + ")");
  fillSelect(f.extractor_method, Object.keys(data.facets.extractor_method),
    (p) => p + " (" + data.facets.extractor_method[p] + ")");
  fillSelect(f.extraction_fingerprint, ["none", ...Object.keys(data.facets.extraction_fingerprint)],
    (p) => p === "none" ? "no generation" : p.slice(0, 12) + " (" + data.facets.extraction_fingerprint[p] + ")");
  const s = $("search-form").elements;
  fillSelect(s.project, Object.keys(data.facets.project));
  const projects = $("session-projects");
  clear(projects).append(...Object.keys(data.facets.project).map((p) => h("option", { value: p })));

  const from = data.total === 0 ? 0 : data.offset + 1;
  $("corpus-summary").textContent = data.total + " entries match" + (data.total
    ? "; showing " + from + "–" + (data.offset + data.count) : "");
  const list = clear($("corpus-list"));
  for (const e of data.entries) list.append(entryItem(e));
  pager($("corpus-pager"), data.offset, data.count, data.total, (off) => {
    state.corpusOffset = off;
    loadCorpus().catch(showError);
  });
  renderCoverageTable(data.by_project_type);
}

function pager(el, offset, count, total, go) {
  clear(el);
  if (offset > 0) el.append(h("button", { type: "button", class: "quiet", onclick: () => go(Math.max(0, offset - PAGE)) }, "Previous"));
  if (offset + count < total) el.append(h("button", { type: "button", class: "quiet", onclick: () => go(offset + PAGE) }, "Next"));
}

function entryBadges(e) {
  const out = [badge(e.type), badge(e.status), badge(e.review_state)];
  if (e.trusted) out.push(badge("trusted", "trusted"));
  if (!e.provenance_ok) out.push(badge("provenance revoked", "bad"));
  if (e.lifecycle && e.lifecycle !== "current") out.push(badge(e.lifecycle, "warn"));
  if (e.project) out.push(badge(e.project));
  return out;
}

/** A list item that expands, in place, to everything known about the entry. */
function entryItem(e, extra) {
  const detailId = "detail-" + e.id.replace(/[^A-Za-z0-9_-]/g, "_") + "-" + Math.random().toString(36).slice(2, 7);
  const detail = h("div", { class: "detail", id: detailId, hidden: true });
  const head = h("button", { type: "button", class: "entry-head", "aria-expanded": "false", "aria-controls": detailId,
    "data-entry": e.id }, h("span", { class: "title" }, e.title), ...entryBadges(e));
  head.addEventListener("click", async () => {
    const open = head.getAttribute("aria-expanded") === "true";
    head.setAttribute("aria-expanded", String(!open));
    detail.hidden = open;
    if (!open && !detail.dataset.loaded) {
      detail.textContent = "Loading…";
      try {
        await fillDetail(detail, e.id);
        detail.dataset.loaded = "1";
      } catch (err) {
        detail.textContent = err.message;
      }
    }
  });
  return h("li", { "data-entry": e.id }, head, extra || null, detail);
}

async function fillDetail(el, id) {
  const d = await api("GET", API + "/recall/entries/" + encodeURIComponent(id) + "/detail");
  let session = null;
  try {
    session = await api("GET", API + "/sessions/" + encodeURIComponent(d.source_session_id) + query({ limit: 1 }));
  } catch (err) {
    session = null;
  }
  clear(el).append(...detailNodes(d, session));
}

function detailNodes(d, session) {
  const nodes = [];
  nodes.push(h("pre", { class: "prose body" }, d.body || ""));
  const kv = h("dl", { class: "kv" });
  const row = (k, v) => { if (v !== null && v !== undefined && v !== "") kv.append(h("dt", {}, k), h("dd", {}, v)); };
  row("Id", h("code", {}, d.id));
  row("Trigger", d.trigger || "(none)");
  row("Confidence", d.confidence === null ? "(none)" : fmtNum(d.confidence, 2));
  row("Uncertainty", d.uncertainty || "(none)");
  row("Scope", d.scope);
  row("Trusted", d.trusted ? "yes" : "no: " + untrustedBecause(d));
  row("Provenance", d.provenance_ok ? "intact" : "revoked: " + (d.provenance_reason || "no reason recorded"));
  row("Transferable", d.transferable ? "yes" : "no");
  row("Extractor", d.extractor_method);
  row("Extraction generation", d.extraction_fingerprint ? h("code", {}, d.extraction_fingerprint.slice(0, 16)) : "none");
  row("Review", d.review ? d.review.label + " (" + d.review.source + ", " + fmtTime(d.review.reviewed_at) + ")" : "none");
  row("Created", fmtTime(d.created_at));
  row("Updated", fmtTime(d.updated_at));
  nodes.push(kv);

  const flags = d.injection_flags || [];
  nodes.push(h("h3", {}, "Injection flags"));
  nodes.push(flags.length ? h("p", { class: "flags" }, ...flags.map((f) => badge(f.replace(/_/g, " "), "bad")))
    : h("p", {}, "none"));

  nodes.push(h("h3", {}, "Source session"));
  if (session) {
    const s = h("dl", { class: "kv" });
    const srow = (k, v) => { if (v !== null && v !== undefined && v !== "") s.append(h("dt", {}, k), h("dd", {}, v)); };
    srow("Session", h("a", { href: "#session=" + encodeURIComponent(session.id) }, session.id));
    srow("Agent", session.agent);
    srow("Project", session.project);
    srow("Directory", session.cwd);
    srow("Branch", session.git_branch);
    srow("Started", fmtTime(session.started_at));
    srow("Ended", fmtTime(session.ended_at));
    srow("Messages", String(session.messages));
    if (session.trashed) srow("State", "trashed");
    if (session.automated) srow("State", "automated");
    nodes.push(s);
  } else {
    nodes.push(h("p", {}, d.source_session_id + " (not in the archive)"));
  }

  nodes.push(h("h3", {}, "Supersession"));
  const older = d.supersedes_chain || [];
  const newer = d.superseded_by_chain || [];
  if (!older.length && !newer.length) {
    nodes.push(h("p", {}, "none: this entry replaces nothing and nothing replaces it"));
  } else {
    const ol = h("ol", { class: "chain", "aria-label": "Supersession chain, oldest first" });
    for (const c of older) ol.append(chainItem(c, "superseded by the next"));
    ol.append(h("li", { class: "current" }, d.title + " (this entry)"));
    for (const c of newer) ol.append(chainItem(c, "supersedes the previous"));
    nodes.push(ol);
  }

  nodes.push(h("h3", {}, "Evidence"));
  const ev = h("ul", { class: "evidence" });
  for (const a of d.evidence || []) {
    const range = a.start_ordinal === a.end_ordinal ? "message " + a.start_ordinal
      : "messages " + a.start_ordinal + "–" + a.end_ordinal;
    const href = "#session=" + encodeURIComponent(a.session_id) + "&from=" + Math.max(0, a.start_ordinal - 2)
      + "&hl=" + a.start_ordinal + "-" + a.end_ordinal;
    ev.append(h("li", {}, h("a", { href, class: "evidence-link" }, range + " of " + a.session_id),
      a.snippet ? h("pre", {}, a.snippet) : null));
  }
  nodes.push(d.evidence && d.evidence.length ? ev : h("p", {}, "no evidence anchors"));

  if (d.status === "accepted" && d.review_state === "unreviewed_auto") nodes.push(reviewForm(d));
  return nodes;
}

function untrustedBecause(d) {
  const why = [];
  if (d.status !== "accepted") why.push(d.status);
  if (d.review_state !== "human_reviewed") why.push(d.review_state);
  if (!d.transferable) why.push("not transferable");
  if (!d.provenance_ok) why.push("provenance revoked");
  return why.join(", ");
}

function chainItem(c, relation) {
  return h("li", {}, h("a", { href: "#entry=" + encodeURIComponent(c.id) }, c.title), " ",
    badge(c.status), " ", badge(c.lifecycle), h("span", { class: "sr-only" }, " (" + relation + ")"));
}

async function showEntryPanel(id) {
  const panel = $("corpus-entry");
  if (!id) {
    panel.hidden = true;
    clear(panel);
    return;
  }
  panel.hidden = false;
  clear(panel).append(h("p", {}, "Loading " + id + "…"));
  const d = await api("GET", API + "/recall/entries/" + encodeURIComponent(id) + "/detail");
  const li = entryItem(d);
  clear(panel).append(h("div", { class: "actions" }, h("a", { href: "#corpus" }, "← all entries")),
    h("ul", { class: "entries" }, li));
  li.querySelector(".entry-head").click();
  li.querySelector(".entry-head").focus();
}

// ---- review ----------------------------------------------------------------------------------------------------

function reviewForm(d) {
  const label = h("select", { name: "label" }, ...Object.entries(LABELS).map(([v, t]) => h("option", { value: v }, t)));
  const title = h("input", { type: "text", name: "title", value: d.title });
  const body = h("textarea", { name: "body" });
  body.value = d.body || "";
  const trigger = h("input", { type: "text", name: "trigger", value: d.trigger || "" });
  const uncertainty = h("input", { type: "text", name: "uncertainty", value: d.uncertainty || "" });
  const fields = h("div", { class: "fields", hidden: true },
    h("label", {}, "Title", title), h("label", {}, "Body", body), h("label", {}, "Trigger", trigger),
    h("label", {}, "Uncertainty", uncertainty));
  const status = h("p", { class: "review-status", "aria-live": "polite" });
  const box = h("div", { class: "review", role: "group", "aria-label": "Review this entry" },
    h("h3", {}, "Review (unreviewed, extracted automatically)"),
    h("div", { class: "actions" }, h("label", {}, "Verdict ", label),
      h("button", { type: "button", class: "accept", onclick: () => decide(false) }, "Accept"),
      h("button", { type: "button", class: "quiet edit", onclick: () => {
        fields.hidden = !fields.hidden;
        if (!fields.hidden) title.focus();
      } }, "Edit…"),
      h("button", { type: "button", class: "danger reject", onclick: () => decide(true) }, "Reject")),
    fields, status);

  async function decide(reject) {
    const edited = !fields.hidden;
    const payload = { label: reject ? "reject" : label.value };
    if (edited) {
      if (title.value.trim() !== d.title) payload.title = title.value;
      if (body.value !== (d.body || "")) payload.body = body.value;
      if (trigger.value !== (d.trigger || "")) payload.trigger = trigger.value;
      if (uncertainty.value !== (d.uncertainty || "")) payload.uncertainty = uncertainty.value;
    }
    const changes = Object.keys(payload).filter((k) => k !== "label");
    const text = reject
      ? "Reject “" + d.title + "”? It is archived and recorded as reviewed (label reject); a verdict is never overwritten."
      : "Accept “" + d.title + "” as " + LABELS[payload.label] + (changes.length ? ", with your edits to "
        + changes.join(", ") : "") + "? It becomes human_reviewed" + (d.provenance_ok && d.transferable
        ? " and trusted: briefs will hand it to agents." : ".") + " A verdict is never overwritten.";
    if (!(await confirmAction(reject ? "Reject this entry?" : "Accept this entry?", text,
      reject ? "Reject" : "Accept", reject))) {
      status.textContent = "Nothing was changed.";
      return;
    }
    try {
      const after = await api("POST", API + "/recall/entries/" + encodeURIComponent(d.id) + "/review", payload);
      const detail = box.closest(".detail");
      const li = detail.closest("li");
      const fresh = entryItem(after);
      li.replaceWith(fresh);
      const head = fresh.querySelector(".entry-head");
      head.click();
      head.focus();
      clearError();
    } catch (err) {
      status.textContent = "Refused: " + err.message;
    }
  }
  return box;
}

// ---- coverage --------------------------------------------------------------------------------------------------

function renderCoverageTable(byProjectType) {
  const types = TYPES.filter((t) => Object.values(byProjectType).some((m) => m[t]));
  const table = h("table", { class: "table", id: "coverage-projects" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "project"), ...types.map((t) => h("th", { scope: "col", class: "num" }, t)),
      h("th", { scope: "col", class: "num" }, "total"))));
  const body = h("tbody");
  for (const [project, counts] of Object.entries(byProjectType)) {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    body.append(h("tr", {}, h("th", { scope: "row" }, project || "(none)"),
      ...types.map((t) => h("td", { class: "num" }, counts[t] ? String(counts[t]) : "")), h("td", { class: "num" }, String(total))));
  }
  table.append(body);
  clear($("coverage-table")).append(table);
}

async function loadCoverage() {
  const [ex, vec] = await Promise.all([
    api("GET", API + "/recall/extraction/status"),
    api("GET", API + "/embeddings/status" + query({ store: "recall" })),
  ]);
  const exEl = clear($("extraction"));
  exEl.append(h("p", {}, "Configured generation ", h("code", {}, (ex.fingerprint || "").slice(0, 16)), " (", ex.method,
    ", ", ex.state || "not started", "): ", ex.sessions + " sessions, " + ex.done + " done, " + ex.pending + " pending, "
    + ex.failed + " failed, " + ex.ineligible + " ineligible"));
  const gens = h("table", { class: "table", id: "extraction-generations" }, h("thead", {}, h("tr", {},
    ...["fingerprint", "method", "state", "entries served", "waiting", "sessions done", "activated"].map((c) => h("th", { scope: "col" }, c)))));
  const gb = h("tbody");
  for (const g of ex.generations || []) {
    gb.append(h("tr", {}, h("td", {}, h("code", {}, g.fingerprint.slice(0, 12))), h("td", {}, g.method), h("td", {}, g.state),
      h("td", { class: "num" }, String(g.served_entries)), h("td", { class: "num" }, String(g.waiting_candidates)),
      h("td", { class: "num" }, String(g.sessions_done)), h("td", {}, fmtTime(g.activated_at))));
  }
  gens.append(gb);
  exEl.append((ex.generations || []).length ? h("div", { class: "scroll" }, gens) : h("p", {}, "no extraction generations yet"));

  const vEl = clear($("vectors"));
  vEl.append(h("p", {}, vec.fresh ? h("span", { class: "fresh" }, "fresh") : h("span", { class: "staleword" }, vec.verdict),
    ": " + vec.message + " (corpus revision " + vec.current_corpus_revision + ")"));
  const vt = h("table", { class: "table", id: "vector-generations" }, h("thead", {}, h("tr", {},
    ...["id", "state", "model", "dimensions", "vectors at revision", "corpus revision", "fresh", "created"].map((c) => h("th", { scope: "col" }, c)))));
  const vb = h("tbody");
  for (const g of vec.generations || []) {
    vb.append(h("tr", {}, h("td", {}, String(g.id)), h("td", {}, g.state), h("td", {}, g.model), h("td", { class: "num" }, String(g.dimensions)),
      h("td", { class: "num" }, g.completed_corpus_revision === null ? "building" : String(g.completed_corpus_revision)),
      h("td", { class: "num" }, String(g.current_corpus_revision)),
      h("td", {}, g.fresh ? h("span", { class: "fresh" }, "fresh") : h("span", { class: "staleword" }, "stale")),
      h("td", {}, fmtTime(g.created_at))));
  }
  vt.append(vb);
  vEl.append((vec.generations || []).length ? h("div", { class: "scroll" }, vt) : h("p", {}, "no vector generations yet"));
}

// ---- search ----------------------------------------------------------------------------------------------------

async function runSearch() {
  clearError();
  const v = formValues($("search-form"));
  const body = { query: v.query, mode: v.mode, limit: parseInt(v.limit || "10", 10), scores: true };
  if (v.fusion && v.mode === "hybrid") body.fusion = v.fusion;
  const filters = {};
  if (v.project) filters.project = v.project;
  if (v.type) filters.type = v.type;
  if (v.trusted_only) filters.trusted_only = true;
  if (Object.keys(filters).length) body.filters = filters;
  const out = clear($("search-results"));
  $("search-stale").hidden = true;
  $("search-summary").textContent = "Searching…";
  const current = ask("search");
  try {
    const r = await api("POST", API + "/recall/query", body);
    if (current()) renderResults(r);
  } catch (err) {
    if (!current()) return out;
    $("search-summary").textContent = "";
    if (err.code === "stale_vectors") showStale(err);
    else showError(err);
  }
  return out;
}

function renderResults(r) {
  const terms = new Set();
  for (const e of r.entries) for (const t of e.matched_terms || []) terms.add(String(t).toLowerCase());
  $("search-summary").textContent = r.count + " results (" + r.mode + ", " + r.candidates + " candidates"
    + (r.filtered_out ? ", " + r.filtered_out + " removed by filters" : "")
    + (r.vector_generation ? ", vector generation " + r.vector_generation : "") + ", corpus revision " + r.corpus_revision + ")";
  const out = clear($("search-results"));
  for (const e of r.entries) {
    const extra = h("div", {}, h("p", { class: "snippet" }, ...snippet(e, terms)), scoreView(e));
    const li = entryItem(e, extra);
    li.querySelector(".entry-head").prepend(h("span", { class: "rank" }, "#" + e.rank), " ",
      h("span", { class: "score mono" }, fmtNum(e.score, 4)));
    out.append(li);
  }
}

/** About 240 characters of the body around the first matched term, the terms marked. */
function snippet(e, terms) {
  const text = (e.body || e.trigger || "").replace(/\s+/g, " ");
  const lower = text.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.indexOf(t);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  const start = Math.max(0, at - 80);
  let piece = text.slice(start, start + 240);
  const parts = [];
  if (start > 0) parts.push("…");
  const list = [...terms].filter((t) => t.length > 1).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (!list.length) {
    parts.push(piece);
  } else {
    // matched terms are analysed stems (run, test): mark the words they begin
    const re = new RegExp("\\b(?:" + list.join("|") + ")\\w*", "gi");
    let last = 0;
    for (const m of piece.matchAll(re)) {
      parts.push(piece.slice(last, m.index), h("mark", {}, m[0]));
      last = m.index + m[0].length;
    }
    parts.push(piece.slice(last));
  }
  if (start + 240 < text.length) parts.push("…");
  return parts;
}

/** The score taken apart: BM25 per field and boosts (lexical), cosine (vector), and each leg's fusion share. */
function scoreView(e) {
  const b = e.score_breakdown || {};
  const details = h("details", { class: "scores" }, h("summary", {}, "Score breakdown"));
  const bars = h("div", { class: "bars" });
  const fields = Object.keys(b).filter((k) => k.startsWith("bm25."));
  const maxField = Math.max(0.0001, ...fields.map((k) => b[k]));
  const bar = (label, value, frac, cls) => bars.append(
    h("span", {}, label),
    h("span", { class: "bar", "aria-hidden": "true" }, h("span", { class: cls || "", width: Math.round(Math.max(0, Math.min(1, frac)) * 100) + "%" })),
    h("span", { class: "mono" }, fmtNum(value, 3)));
  for (const k of fields) bar("BM25 " + k.slice(5), b[k], b[k] / maxField);
  for (const k of Object.keys(b).filter((x) => x.startsWith("boost."))) bar(k.replace(".", " "), b[k], b[k]);
  if ("vector.cosine" in b) bar("cosine", b["vector.cosine"], b["vector.cosine"], "vec");
  const shares = Object.keys(b).filter((k) => k.endsWith("_share"));
  if (shares.length) {
    const fusion = shares[0].split(".")[0];
    const stacked = h("span", { class: "bar stacked", "aria-hidden": "true" });
    for (const k of shares) {
      const leg = k.split(".")[1].replace("_share", "");
      stacked.append(h("span", { class: leg === "vector" ? "vec" : "", width: Math.round(b[k] * 100) + "%" }));
    }
    bars.append(h("span", {}, fusion + " shares"), stacked,
      h("span", { class: "mono" }, shares.map((k) => k.split(".")[1].replace("_share", "")[0] + " " + Math.round(b[k] * 100) + "%").join(" ")));
  }
  details.append(bars);
  const table = h("table", { class: "table breakdown" }, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "component"), h("th", { scope: "col", class: "num" }, "value"))));
  const tb = h("tbody");
  for (const [k, v] of Object.entries(b)) tb.append(h("tr", {}, h("th", { scope: "row" }, k), h("td", { class: "num mono" }, fmtNum(v, 4))));
  table.append(tb);
  details.append(h("div", { class: "scroll" }, table));
  if ((e.matched_terms || []).length) details.append(h("p", {}, "Matched terms: ", e.matched_terms.join(", ")));
  return details;
}

function showStale(err) {
  const box = clear($("search-stale"));
  box.hidden = false;
  const b = err.body || {};
  box.append(h("h2", {}, "Vector search refused: the vectors are stale"),
    h("p", { class: "refusal" }, err.message),
    h("p", {}, "Corpus revision " + b.current_corpus_revision + ", vectors at "
      + (b.vectors_corpus_revision === null || b.vectors_corpus_revision === undefined ? "none" : b.vectors_corpus_revision)
      + ". Lexical search is always current."));
  const progress = h("progress", { max: "1", value: "0", hidden: true, "aria-label": "Build progress" });
  const note = h("p", { class: "build-status", "aria-live": "polite" });
  const button = h("button", { type: "button", id: "build-vectors", onclick: async () => {
    if (state.building) return;
    const ok = await confirmAction("Build the vectors?",
      "This embeds the corpus's changed entries with the configured embedding model (a configured endpoint receives"
      + " the entries' text). Nothing is embedded until you confirm.", "Build", false);
    if (!ok) return;
    button.disabled = true;
    state.building = true;
    progress.hidden = false;
    try {
      await api("POST", API + "/embeddings/build", { store: "recall" });
      await followBuild(progress, note);
      box.hidden = true;
      await runSearch();
    } catch (e) {
      note.textContent = "The build failed: " + e.message;
      button.disabled = false;
    } finally {
      state.building = false;
    }
  } }, "Build vectors");
  box.append(button, progress, note);
}

async function followBuild(progress, note) {
  for (;;) {
    const s = await api("GET", API + "/embeddings/status" + query({ store: "recall" }));
    const b = s.build || {};
    if (b.total) {
      progress.max = b.total;
      progress.value = b.done || 0;
    }
    note.textContent = b.running ? (b.phase || "queued") + (b.total ? ": " + (b.done || 0) + " of " + b.total : "")
      : b.error ? "failed: " + b.error.message : "done: " + (b.embedded || 0) + " embedded";
    if (!b.running) {
      if (b.error) throw new Error(b.error.message);
      if (s.fresh) return;
    }
    await new Promise((r) => setTimeout(r, 400));
  }
}

// ---- sessions --------------------------------------------------------------------------------------------------

async function loadSessions() {
  const v = formValues($("session-filters"));
  const current = ask("sessions");
  const data = await api("GET", API + "/sessions" + query(Object.assign(v, { limit: PAGE, offset: state.sessionsOffset })));
  if (!current()) return;
  $("sessions-summary").textContent = data.total + " sessions" + (data.total ? "; showing " + (data.offset + 1) + "–"
    + (data.offset + data.count) : "");
  const table = clear($("sessions-table"));
  table.append(h("thead", {}, h("tr", {}, ...["started", "agent", "project", "branch", "messages", "first request"]
    .map((c) => h("th", { scope: "col", class: c === "messages" ? "num" : null }, c)))));
  const tb = h("tbody");
  for (const s of data.sessions) {
    tb.append(h("tr", {}, h("td", {}, h("a", { href: "#session=" + encodeURIComponent(s.id) }, fmtTime(s.started_at) || s.id)),
      h("td", {}, s.agent), h("td", {}, s.project || ""), h("td", {}, s.git_branch || ""),
      h("td", { class: "num" }, String(s.messages)), h("td", {}, (s.first_user_message || "").slice(0, 120))));
  }
  table.append(tb);
  pager($("sessions-pager"), data.offset, data.count, data.total, (off) => {
    state.sessionsOffset = off;
    loadSessions().catch(showError);
  });
}

async function loadAgents() {
  const stats = await api("GET", API + "/recall/stats");
  const byAgent = (stats.archive && stats.archive.by_agent) || {};
  fillSelect($("session-filters").elements.agent, Object.keys(byAgent),
    (a) => a + " (" + byAgent[a].sessions + " sessions, " + byAgent[a].messages + " messages)");
}

function closeTranscript() {
  $("transcript").hidden = true;
  $("sessions-table").closest(".scroll").hidden = false;
  $("sessions-pager").hidden = false;
}

/** Text with each [REDACTED:rule] shown as a marked redaction, never as the text it replaced. */
function redactedText(text) {
  const parts = [];
  let last = 0;
  for (const m of (text || "").matchAll(/\[REDACTED:([A-Za-z0-9_.-]+)\]/g)) {
    parts.push(text.slice(last, m.index), h("span", { class: "redacted", title: "redacted: " + m[1] }, "redacted: " + m[1]));
    last = m.index + m[0].length;
  }
  parts.push((text || "").slice(last));
  return parts;
}

async function openTranscript(id, from, hl) {
  let lo = -1, hi = -1;
  if (hl) {
    const m = /^(\d+)-(\d+)$/.exec(hl);
    if (m) {
      lo = parseInt(m[1], 10);
      hi = parseInt(m[2], 10);
    }
  }
  const limit = Math.max(PAGE, hi >= 0 ? hi - from + 5 : 0);
  const page = await api("GET", API + "/sessions/" + encodeURIComponent(id) + query({ from, limit }));
  $("sessions-table").closest(".scroll").hidden = true;
  $("sessions-pager").hidden = true;
  const t = clear($("transcript"));
  t.hidden = false;
  t.append(h("p", {}, h("a", { href: "#sessions" }, "← all sessions")),
    h("h2", {}, "Session ", h("code", {}, page.id)),
    h("p", { class: "summary" }, [page.agent, page.project, page.git_branch, fmtTime(page.started_at) + " – " + fmtTime(page.ended_at),
      page.messages + " messages"].filter(Boolean).join(" · ")));
  const nav = h("div", { class: "pager" });
  if (from > 0) nav.append(h("a", { href: "#session=" + encodeURIComponent(id) + "&from=" + Math.max(0, from - PAGE) }, "Earlier messages"));
  if (page.next_from !== null && page.next_from !== undefined) nav.append(h("a", { href: "#session=" + encodeURIComponent(id) + "&from=" + page.next_from }, "Later messages"));
  t.append(nav);
  let first = null;
  for (const m of page.message_list) {
    const highlighted = m.ordinal >= lo && m.ordinal <= hi;
    const art = h("article", { class: "msg " + m.role + (highlighted ? " hl" : ""), id: "msg-" + m.ordinal,
      "data-ordinal": String(m.ordinal), tabindex: highlighted ? "-1" : null,
      "aria-label": m.role + " message " + m.ordinal + (highlighted ? ", cited as evidence" : "") },
      h("header", {}, h("span", { class: "role" }, m.role), h("span", {}, "#" + m.ordinal), h("span", {}, fmtTime(m.timestamp)),
        m.redactions.length ? badge(m.redactions.length + " redacted", "bad") : null,
        highlighted ? badge("evidence", "warn") : null));
    if (m.tool_name || m.role === "tool") {
      const sum = (m.tool_name ? "tool call: " + m.tool_name : "tool output") + " (" + (m.text || "").length + " characters)";
      const det = h("details", {}, h("summary", {}, sum));
      if (m.tool_input) det.append(h("pre", { class: "tool-input" }, ...redactedText(m.tool_input)));
      det.append(h("pre", {}, ...redactedText(m.text)));
      if (highlighted) det.open = true;
      art.append(det);
    } else {
      art.append(h("pre", { class: "prose" }, ...redactedText(m.text)));
    }
    if (m.cited_by.length) {
      art.append(h("p", { class: "cited" }, "Cited by: ",
        ...m.cited_by.flatMap((e, i) => [i ? ", " : "", h("a", { href: "#entry=" + encodeURIComponent(e) }, e)])));
    }
    t.append(art);
    if (highlighted && !first) first = art;
  }
  t.append(nav.cloneNode(true));
  if (first) {
    first.scrollIntoView({ block: "center" });
    first.focus({ preventScroll: true });
  } else {
    t.scrollIntoView({ block: "start" });
  }
}

// ---- insights --------------------------------------------------------------------------------------------------

async function loadInsights() {
  const data = await api("GET", API + "/insights" + query({ limit: 100 }));
  const table = clear($("insights-table"));
  if (!data.count) {
    $("insight-status").textContent = "No insights yet.";
    return;
  }
  table.append(h("thead", {}, h("tr", {}, ...["report", "sessions started", "project", "agent", "sessions", "written by", "created"]
    .map((c) => h("th", { scope: "col", class: c === "sessions" ? "num" : null }, c)))));
  const tb = h("tbody");
  for (const i of data.insights) {
    tb.append(h("tr", { "data-insight": String(i.id) },
      h("td", {}, h("a", { href: "#insight=" + i.id }, "#" + i.id + " " + i.template + (i.focus ? ": " + i.focus : ""))),
      h("td", {}, i.from.slice(0, 10) + " – " + i.to.slice(0, 10)), h("td", {}, i.project || "any"), h("td", {}, i.agent || "any"),
      h("td", { class: "num" }, String(i.sessions)), h("td", {}, i.generator + ": " + i.generator_id), h("td", {}, fmtTime(i.created_at))));
  }
  table.append(tb);
}

async function showInsight(id) {
  const view = $("insight-view");
  if (!id) {
    view.hidden = true;
    return;
  }
  const i = await api("GET", API + "/insights/" + encodeURIComponent(id));
  clear(view).hidden = false;
  const download = h("button", { type: "button", class: "quiet", onclick: async () => {
    const res = await fetch(API + "/insights/" + i.id + "/markdown", { headers: state.csrf ? { "X-Recall-CSRF": state.csrf } : {},
      credentials: "same-origin" });
    if (!res.ok) {
      showError(new Error("export failed with status " + res.status));
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    const a = h("a", { href: url, download: "recall-insight-" + i.id + ".md" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } }, "Export markdown");
  const del = h("button", { type: "button", class: "danger", onclick: async () => {
    if (!(await confirmAction("Delete this insight?", "Insight #" + i.id + " is deleted for good (the sessions stay).",
      "Delete", true))) return;
    try {
      await api("POST", API + "/insights/" + i.id + "/delete", {});
      location.hash = "insights";
      await loadInsights();
    } catch (err) {
      showError(err);
    }
  } }, "Delete");
  view.append(h("h2", {}, "Insight #" + i.id + ": " + i.template),
    h("p", { class: "summary" }, i.sessions + " sessions started " + i.from.slice(0, 10) + " – " + i.to.slice(0, 10)
      + (i.project ? " · project " + i.project : "") + (i.agent ? " · agent " + i.agent : "")
      + (i.focus ? " · focus: " + i.focus : "") + " · written by " + i.generator + ": " + i.generator_id),
    h("div", { class: "actions" }, download, del),
    h("pre", { class: "prose report" }, i.report));
  view.scrollIntoView({ block: "start" });
}

async function generateInsight() {
  const v = formValues($("insight-form"));
  const body = { from: v.from, to: v.to, template: v.template };
  for (const k of ["project", "agent", "focus"]) if (v[k]) body[k] = v[k];
  const ok = await confirmAction("Generate an insight?", "The transcripts of the sessions started from " + v.from + " to "
    + v.to + " are sent to the configured [insights] endpoint, or to a local agent CLI (claude, codex) when none is"
    + " configured. Secrets are redacted in the archive, and a prompt holding one is never sent.", "Generate", false);
  if (!ok) return;
  const button = $("insight-generate");
  button.disabled = true;
  $("insight-status").textContent = "Generating… (a report can take minutes)";
  try {
    const i = await api("POST", API + "/insights", body);
    $("insight-status").textContent = "Insight #" + i.id + " written by " + i.generator + ": " + i.generator_id + ".";
    await loadInsights();
    location.hash = "insight=" + i.id;
  } catch (err) {
    $("insight-status").textContent = "Not generated: " + err.message;
  } finally {
    button.disabled = false;
  }
}

// ---- start -----------------------------------------------------------------------------------------------------

/**
 * Opens the page's session: with the token from the link's fragment if it carries one, else with the cookie a
 * previous session left. A daemon that wants a token it did not get asks for it, and again after a refusal.
 */
async function startSession() {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  let token = null;
  if (m) {
    token = decodeURIComponent(m[1]);
    // the token leaves the address bar and the history at once
    history.replaceState(null, "", location.pathname + location.search);
  }
  for (;;) {
    try {
      const s = await api("POST", "/recall/session", undefined,
        token === null ? {} : { "Authorization": "Bearer " + token });
      state.csrf = s.csrf;
      $("login").hidden = true;
      $("tabs").hidden = false;
      return;
    } catch (err) {
      if (err.status !== 401) throw err;
      token = await askToken(token !== null);
    }
  }
}

function askToken(refused) {
  const form = $("login");
  $("tabs").hidden = true;
  form.hidden = false;
  $("login-status").textContent = refused ? "The daemon refused that token." : "";
  const input = form.elements.token;
  input.value = "";
  input.focus();
  return new Promise((resolve) => {
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      resolve(input.value.trim());
    }, { once: true });
  });
}

async function start() {
  fillSelect($("corpus-filters").elements.type, TYPES);
  fillSelect($("corpus-filters").elements.scope, SCOPES);
  fillSelect($("corpus-filters").elements.status, STATUSES);
  fillSelect($("corpus-filters").elements.review_state, REVIEW_STATES);
  fillSelect($("search-form").elements.type, TYPES);
  setupTabs();
  const corpusForm = $("corpus-filters");
  corpusForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    state.corpusOffset = 0;
    if (location.hash !== "#corpus") location.hash = "corpus";
    loadCorpus().catch(showError);
  });
  corpusForm.addEventListener("change", (ev) => {
    if (ev.target.tagName === "SELECT") corpusForm.requestSubmit();
  });
  corpusForm.addEventListener("reset", () => setTimeout(() => corpusForm.requestSubmit(), 0));
  $("search-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    runSearch();
  });
  $("session-filters").addEventListener("submit", (ev) => {
    ev.preventDefault();
    state.sessionsOffset = 0;
    if (location.hash !== "#sessions") location.hash = "sessions";
    loadSessions().catch(showError);
  });
  $("insight-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    generateInsight();
  });
  window.addEventListener("hashchange", render);
  // the skip link moves focus without touching the address: "#main" is not a route and would leave the open view
  document.querySelector("a.skip").addEventListener("click", (ev) => {
    ev.preventDefault();
    $("main").focus();
  });
  try {
    await startSession();
    const health = await api("GET", API + "/health");
    $("daemon").textContent = "recall " + health.version + " · " + health.data_dir;
    loadAgents().catch(showError);
    if (route().tab !== "corpus") {
      loaded.corpus = true;
      Promise.all([loadCorpus(), loadCoverage()]).catch(showError);
    }
    await render();
    document.body.dataset.ready = "true";
  } catch (err) {
    showError(err);
  }
}

document.addEventListener("DOMContentLoaded", start);
