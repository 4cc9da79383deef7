// The registry's web page: plain JavaScript over the HTTP API, no build step.
// Every view has its own address (#/type/..., #/fields/..., #/event/..., #/diff/..., #/service/..., #/fingerprint/...,
// #/environments, #/environment/..., #/values/ENV/TYPE, #/can-deploy/...),
// so a view can be bookmarked or pasted into a ticket.
'use strict';

const view = document.getElementById('view');

function h(text) {
  return String(text == null ? '' : text).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
}
const enc = encodeURIComponent;
const short = fp => fp ? fp.slice(0, 12) + '…' : '';
const when = ms => ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '';

// alsoAccepted: statuses other than 2xx whose body is an answer, not a problem (300 lists prefix candidates).
async function api(path, alsoAccepted = []) {
  const r = await fetch(path, {headers: {Accept: 'application/json'}});
  const body = await r.json().catch(() => ({}));
  if (!r.ok && !alsoAccepted.includes(r.status)) {
    const e = new Error(body.detail || ('HTTP ' + r.status));
    e.status = r.status; e.code = body.code;
    throw e;
  }
  return body;
}

function show(html) { view.innerHTML = html; }

// Who wrote what, from the write log's newest 500 entries matching the query (docs/api.md, "GET /write-log"): the
// accepted writes of one route. Older writes, or a log the page may not read, leave "who" blank.
async function acceptedWrites(query, route) {
  const log = await api('/write-log?limit=500&' + query).catch(() => ({entries: []}));
  return log.entries.filter(e => e.route === route && e.status === 201);
}
// The principal of the first accepted write at or after a stored time (the log is appended once the write is answered).
function writerAt(writes, matches, at) {
  let best = null;
  for (const w of writes) if (matches(w) && w.at >= at && (!best || w.at < best.at)) best = w;
  return best ? best.principal : '';
}
function failure(e) { show(`<div class="card error" id="problem"><strong>${h(e.code || 'error')}</strong>: ${h(e.message)}</div>`); }

const typeLink = name => `<a class="type-link" href="#/type/${enc(name)}">${h(name)}</a>`;
const fpLink = fp => fp ? `<a class="fp fp-link" href="#/fingerprint/${fp}" title="${fp}">${short(fp)}</a>` : '<span class="muted">none</span>';
const releaseLink = (service, version) => `<a href="#/service/${enc(service)}/${enc(version)}">${h(service)}@${h(version)}</a>`;
const envLink = name => `<a class="environment-link" href="#/environment/${enc(name)}">${h(name)}</a>`;
const revisionList = list => list.map(n => '@' + n).join(', ');
const pills = list => (list || []).map(k => `<span class="pill">${h(k)}</span>`).join('');
const writtenPill = w => w ? '<span class="pill written">written</span>' : '<span class="pill staged">staged: read, not written</span>';

// ---- JSON with pointers: each rendered line knows the JSON pointer of the value it shows ----

function escapePointer(key) { return String(key).replace(/~/g, '~0').replace(/\//g, '~1'); }

function jsonLines(value) {
  const lines = [];
  (function walk(v, pointer, depth, prefix, comma) {
    const pad = '  '.repeat(depth);
    if (v !== null && typeof v === 'object') {
      const isArray = Array.isArray(v);
      const entries = isArray ? v.map((x, i) => [i, x]) : Object.entries(v);
      if (!entries.length) { lines.push({text: pad + prefix + (isArray ? '[]' : '{}') + comma, pointer}); return; }
      lines.push({text: pad + prefix + (isArray ? '[' : '{'), pointer});
      entries.forEach(([k, x], i) => walk(x, pointer + '/' + escapePointer(k), depth + 1,
          isArray ? '' : JSON.stringify(k) + ': ', i < entries.length - 1 ? ',' : ''));
      lines.push({text: pad + (isArray ? ']' : '}') + comma, pointer, closing: true});
    } else {
      lines.push({text: pad + prefix + JSON.stringify(v) + comma, pointer});
    }
  })(value, '', 0, '', '');
  return lines;
}

// 'change' marks a compatible change of the report's changelog: any finding on the same line wins.
const SEVERITY_ORDER = {breaking: 3, warning: 2, info: 1, change: 0};

// The lines a finding points at: the value at its pointer and everything inside it; when this side does not
// have that value (a removed or added property), the nearest enclosing value it does have.
function markFindings(lines, findings) {
  const marks = new Array(lines.length).fill(null);
  const present = new Set(lines.map(l => l.pointer));
  for (const f of findings) {
    let p = f.pointer || '';
    while (p && !present.has(p)) p = p.slice(0, p.lastIndexOf('/'));
    lines.forEach((l, i) => {
      const inside = p === '' ? (f.pointer || '') === '' : (l.pointer === p || l.pointer.startsWith(p + '/'));
      if (inside && (!marks[i] || SEVERITY_ORDER[f.severity] > SEVERITY_ORDER[marks[i]])) marks[i] = f.severity;
    });
  }
  return marks;
}

// Which lines of each side are not in the other (longest common subsequence of the lines' text): the lines a
// diff shows as removed (old side) and added (new side).
function lineChanges(oldLines, newLines) {
  const a = oldLines.map(l => l.text), b = newLines.map(l => l.text);
  const n = a.length, m = b.length;
  const common = Array.from({length: n + 1}, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) {
    common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  }
  const removed = new Array(n).fill(true), added = new Array(m).fill(true);
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) { removed[i] = added[j] = false; i++; j++; }
    else if (common[i + 1][j] >= common[i][j + 1]) i++;
    else j++;
  }
  return {removed, added};
}

function renderSchema(schema, findings, side) {
  return renderLines(jsonLines(schema), findings, side, null);
}

// changes: the report's compatible changes, marked on the new side (their pointers point into the new schema).
function renderLines(lines, findings, side, changed, changes) {
  const asMarks = side === 'to' ? (changes || []).map(c => ({pointer: c.pointer, severity: 'change'})) : [];
  const marks = markFindings(lines, (findings || []).concat(asMarks));
  const change = side === 'from' ? ' removed' : ' added';
  return '<pre class="json" data-side="' + side + '">' + lines.map((l, i) =>
      `<span class="line${marks[i] ? ' hl-' + marks[i] : ''}${changed && changed[i] ? change : ''}" data-pointer="${h(l.pointer)}">${h(l.text)}</span>`).join('') + '</pre>';
}

// ---- fields: a schema as a table of its properties ----

const MEANING = ['format', 'x-wow-unit', 'x-wow-meaning'];

// Every property at any depth (nested objects, array items, $defs), with its JSON pointer and parent.
function schemaFields(schema) {
  const out = [];
  // inDefinition: the field belongs to a $defs entry, reached through a $ref rather than by its own path.
  (function walk(node, pointer, parent, depth, inDefinition) {
    if (!node || typeof node !== 'object') return;
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    if (node.properties && typeof node.properties === 'object') {
      for (const [name, p] of Object.entries(node.properties)) {
        const at = pointer + '/properties/' + escapePointer(name);
        out.push({name, pointer: at, parent, depth, schema: p || {}, required: required.has(name), inDefinition});
        walk(p, at, at, depth + 1, inDefinition);
      }
    }
    if (node.items) walk(node.items, pointer + '/items', parent, depth, inDefinition);
    for (const key of ['$defs', 'definitions']) {
      if (node[key] && typeof node[key] === 'object' && pointer === '') {
        for (const [name, d] of Object.entries(node[key])) {
          const at = '/' + key + '/' + escapePointer(name);
          out.push({name: '#/' + key + '/' + name, pointer: at, parent: null, depth: 0, schema: d || {}, required: false, definition: true, inDefinition: true});
          walk(d, at, at, 1, true);
        }
      }
    }
  })(schema, '', null, 0, false);
  return out;
}

function fieldType(p) {
  if (p.$ref) return p.$ref;
  const t = Array.isArray(p.type) ? p.type.join(' | ') : (p.type || (p.enum ? 'enum' : p.const !== undefined ? 'const' : ''));
  return t === 'array' && p.items ? 'array of ' + fieldType(p.items) : t;
}

const fieldValue = v => v === undefined ? '' : `<code>${h(JSON.stringify(v))}</code>`;

// The table: one row per property; a row with properties below it expands them (collapsed past the top level).
function renderFieldTable(schema, addedIn) {
  const fields = schemaFields(schema);
  if (!fields.length) return '<p class="muted" id="fields">No properties.</p>';
  const hasChildren = new Set(fields.map(f => f.parent).filter(Boolean));
  return `<table id="fields" class="fields"><tr><th>Field</th><th>Type</th><th>Required</th><th>Default</th><th>Unit</th>
    <th>Meaning</th><th>Description</th><th>Added in</th><th>Written</th></tr>
    ${fields.map(f => {
      const p = f.schema;
      const toggle = hasChildren.has(f.pointer) ? `<button type="button" class="expand" aria-expanded="false" data-pointer="${h(f.pointer)}">+</button>` : '<span class="expand-space"></span>';
      const meaning = [p['x-wow-meaning'], p.format ? 'format ' + p.format : null].filter(Boolean).join(' · ');
      return `<tr class="field depth-${Math.min(f.depth, 6)}${f.depth > 0 ? ' collapsed' : ''}${f.definition ? ' definition' : ''}" data-pointer="${h(f.pointer)}" data-parent="${h(f.parent || '')}">
        <td class="field-name">${toggle}<code>${h(f.name)}</code></td><td><code>${h(fieldType(p))}</code></td>
        <td>${f.definition ? '' : f.required ? 'yes' : 'no'}</td><td>${fieldValue(p.default)}</td><td>${h(p['x-wow-unit'] || '')}</td>
        <td>${h(meaning)}</td><td>${h(p.description || p.title || '')}${p.deprecated ? ' <span class="pill">deprecated</span>' : ''}</td>
        <td class="added-in">${addedIn && addedIn[f.pointer] ? releaseLink(addedIn[f.pointer].service, addedIn[f.pointer].version) : ''}</td>
        <td>${f.definition ? '' : p['x-wow-written'] === false ? '<span class="pill staged">staged</span>' : '<span class="pill written">written</span>'}</td></tr>`;
    }).join('')}</table>`;
}

// Expanding a row shows its direct children; collapsing hides everything below it.
function wireFieldTable() {
  view.querySelectorAll('#fields button.expand').forEach(b => b.onclick = () => {
    const open = b.getAttribute('aria-expanded') !== 'true';
    b.setAttribute('aria-expanded', String(open));
    b.textContent = open ? '−' : '+';
    view.querySelectorAll('#fields tr.field').forEach(row => {
      const p = row.dataset.pointer;
      if (open && row.dataset.parent === b.dataset.pointer) row.classList.remove('collapsed');
      if (!open && p.startsWith(b.dataset.pointer + '/')) {
        row.classList.add('collapsed');
        const inner = row.querySelector('button.expand');
        if (inner) { inner.setAttribute('aria-expanded', 'false'); inner.textContent = '+'; }
      }
    });
  });
}

// What an upgrader from one revision to the next must map, property by property.
function upgradeChanges(oldSchema, newSchema) {
  // A $defs entry's fields are mapped where a $ref uses them, so only fields on their own path are listed.
  const before = new Map(schemaFields(oldSchema).filter(f => !f.inDefinition).map(f => [f.pointer, f]));
  const after = new Map(schemaFields(newSchema).filter(f => !f.inDefinition).map(f => [f.pointer, f]));
  const added = [], removed = [], retyped = [], remeant = [];
  for (const [p, f] of after) if (!before.has(p)) added.push(f);
  for (const [p, f] of before) {
    const g = after.get(p);
    if (!g) { removed.push(f); continue; }
    if (fieldType(f.schema) !== fieldType(g.schema)) retyped.push({field: g, from: fieldType(f.schema), to: fieldType(g.schema)});
    const meant = [...MEANING, 'default'].filter(k => JSON.stringify(f.schema[k]) !== JSON.stringify(g.schema[k]));
    if (meant.length) remeant.push({field: g, what: meant, from: f.schema, to: g.schema});
  }
  return {added, removed, retyped, remeant};
}

const fieldPath = f => f.pointer.replace(/\/properties\//g, '.').replace(/^\./, '').replace(/\/items/g, '[]');

function renderUpgrade(from, to, u) {
  const list = (id, title, items, line) => `<div class="upgrade-part" id="${id}"><h3>${title} <span class="muted">(${items.length})</span></h3>
    ${items.length ? '<ul>' + items.map(line).join('') + '</ul>' : '<p class="muted">none</p>'}</div>`;
  return `<div class="card" id="upgrade"><p>Upgrading a stored <strong>@${h(from)}</strong> event to <strong>@${h(to)}</strong>: a new
    revision is where a field may change; this is what the upgrader must map.</p>
    <div class="upgrade-parts">
    ${list('upgrade-added', 'Fields added: give them a value', u.added, f => `<li><code>${h(fieldPath(f))}</code> ${h(fieldType(f.schema))}${f.schema.default !== undefined ? ` (default ${fieldValue(f.schema.default)})` : f.required ? ' <strong>required</strong>' : ''}</li>`)}
    ${list('upgrade-removed', 'Fields removed: drop or carry elsewhere', u.removed, f => `<li><code>${h(fieldPath(f))}</code> ${h(fieldType(f.schema))}</li>`)}
    ${list('upgrade-retyped', 'Fields retyped: convert', u.retyped, r => `<li><code>${h(fieldPath(r.field))}</code> ${h(r.from)} → ${h(r.to)}</li>`)}
    ${list('upgrade-remeant', 'Fields re-meant: convert the value', u.remeant, r => `<li><code>${h(fieldPath(r.field))}</code> ${r.what.map(k => `${h(k)} ${fieldValue(r.from[k]) || 'none'} → ${fieldValue(r.to[k]) || 'none'}`).join(', ')}</li>`)}
    </div></div>`;
}

// The report's labels (old-readers, new-readers) in the words the text report uses (docs/cli.md, the Breaks: line).
const READERS = {'old-readers': 'old readers', 'new-readers': 'new readers'};

function breaksWords(labels) {
  return 'breaks ' + [].concat(labels).map(l => READERS[l] || l.replace(/-/g, ' ')).join(' and ');
}

function renderFindings(findings) {
  if (!findings.length) return '<p class="muted" id="no-findings">No findings: the two schemas are compatible.</p>';
  return findings.map(f => `
    <div class="finding ${h(f.severity)}" data-pointer="${h(f.pointer)}" data-rule="${h(f.rule)}">
      <span class="sev-${h(f.severity)}">${h(f.severity)}</span> <code>${h(f.rule)}</code>
      <code>${h(f.subject)}</code> ${f.pointer ? `at <code>${h(f.pointer)}</code>` : ''}
      ${f.breaks && f.breaks.length ? `<span class="muted breaks">${h(breaksWords(f.breaks))}</span>` : ''}
      <div>${h(f.message)}</div>
      ${f.fix ? `<div class="fix">Fix: ${h(f.fix)}</div>` : ''}
    </div>`).join('');
}

function renderReport(report) {
  if (!report || !report.summary) return '';
  const s = report.summary;
  return `<div><span class="pill ${h(report.verdict)}">${h(report.verdict)}</span>
    <span class="muted">${s.breaking} breaking · ${s.warning} warning · ${s.info} info</span></div>
    ${(report.findings || []).length ? renderFindings(report.findings) : ''}
    ${renderChangelog(report.changes || [])}`;
}

// The report's compatible changes (reports stored before the changelog existed have none).
function renderChangelog(changes) {
  if (!changes.length) return '';
  return `<div class="changelog"><strong>${changes.length} compatible change${changes.length === 1 ? '' : 's'}</strong>
    <ul class="changelog-list">${changes.map(c => `<li class="change" data-kind="${h(c.kind)}" data-pointer="${h(c.pointer)}">
      <code>${h(c.kind)}</code> <code>${h(c.subject)}</code>${c.pointer ? ` at <code>${h(c.pointer)}</code>` : ''}
      <span class="muted">${h(c.message)}</span></li>`).join('')}</ul></div>`;
}

// ---- long lists: a page at a time, with a filter box ----

// A fleet's thousand services or running releases are drawn fifty at a time, and a filter narrows them by name
// (docs/deployment.md, "A large fleet"); a list that fits on one page is drawn whole, without the controls.
const PAGE_SIZE = 50;

function paged(tableId, header, rows, renderRow, nameOf) {
  const table = document.getElementById(tableId);
  if (!table) return;
  if (rows.length <= PAGE_SIZE) { table.innerHTML = header + rows.map(renderRow).join(''); return; }
  const controls = document.createElement('div');
  controls.className = 'paging';
  controls.id = tableId + '-paging';
  controls.innerHTML = `<input type="search" class="list-filter" placeholder="Filter ${rows.length} by name" aria-label="Filter by name">
    <button type="button" class="page-prev">‹ Previous</button> <span class="page-info muted"></span>
    <button type="button" class="page-next">Next ›</button>`;
  table.before(controls);
  const [filter, prev, info, next] = ['.list-filter', '.page-prev', '.page-info', '.page-next'].map(c => controls.querySelector(c));
  let page = 0, shown = rows;
  const draw = () => {
    const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
    page = Math.max(0, Math.min(page, pages - 1));
    table.innerHTML = header + shown.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map(renderRow).join('');
    info.textContent = shown.length
      ? `${page * PAGE_SIZE + 1}–${Math.min(shown.length, (page + 1) * PAGE_SIZE)} of ${shown.length}` : 'no name matches';
    prev.disabled = page === 0;
    next.disabled = page >= pages - 1;
  };
  filter.addEventListener('input', () => {
    const q = filter.value.trim().toLowerCase();
    shown = q ? rows.filter(r => nameOf(r).toLowerCase().includes(q)) : rows;
    page = 0;
    draw();
  });
  prev.addEventListener('click', () => { page--; draw(); });
  next.addEventListener('click', () => { page++; draw(); });
  draw();
}

// ---- views ----

async function home() {
  const {services} = await api('/services');
  show(`<h1>Registry</h1>
    <p class="muted">Search a command, event, state or error code above, or paste a <code>schemaFingerprint</code> to see what it is.</p>
    <h2>Services</h2>
    ${services.length ? '<table id="services"></table>'
      : '<p class="muted">No release registered yet. Register one with <code>wow-compat register FILE --registry URL</code>.</p>'}`);
  paged('services', '<tr><th>Service</th><th>Releases</th><th>Newest</th><th>Registered</th></tr>', services,
    s => `<tr><td><a class="service-link" href="#/service/${enc(s.name)}">${h(s.name)}</a></td><td>${s.releases}</td>
        <td>${h(s.latestVersion)}</td><td>${when(s.latestRegisteredAt)}</td></tr>`, s => s.name);
}

async function search(q) {
  document.getElementById('search').value = q;
  const {types} = await api('/types?q=' + enc(q));
  show(`<h1>Types matching “${h(q)}”</h1>
    ${types.length ? `<ul class="results" id="results">${types.map(t => `<li>${typeLink(t.name)} ${pills(t.kinds)}
      ${t.kinds.includes('event') ? `<a class="revisions-link" href="#/event/${enc(t.name)}">revisions</a>` : ''}
      <span class="muted">in ${h(t.services.join(', '))}</span></li>`).join('')}</ul>`
      : '<p class="muted" id="results">No type name contains this text.</p>'}`);
}

async function fieldSearch(q) {
  document.getElementById('field-search').value = q;
  const {fields} = await api('/fields?q=' + enc(q));
  show(`<h1>Fields matching “${h(q)}”</h1>
    ${fields.length ? `<table id="field-results"><tr><th>Field</th><th>Type</th><th>In</th><th>Kind</th><th>Newest release</th></tr>
      ${fields.map(f => `<tr><td><code>${h(f.field)}</code> <span class="muted">${h(f.pointer)}</span></td><td><code>${h(f.type)}</code></td>
        <td>${f.kind === 'event' ? `<a href="#/event/${enc(f.typeName)}/${f.revision}">${h(f.typeName)}@${f.revision}</a>` : typeLink(f.typeName)}</td>
        <td>${h(f.kind)}</td><td>${releaseLink(f.service, f.version)}</td></tr>`).join('')}</table>`
      : '<p class="muted" id="field-results">No schema has a field whose name contains this text.</p>'}`);
}

async function type(name) {
  const t = await api('/types/' + enc(name));
  show(`<h1>${h(t.name)}</h1><div>${pills(t.kinds)} <span class="muted">declared by ${h(t.services.join(', '))}</span></div>
    ${t.kinds.includes('event') ? `<p><a class="revisions-link" href="#/event/${enc(t.name)}">Event revisions and diffs →</a></p>` : ''}
    <h2>Fingerprint history</h2>
    ${(t.fingerprints || []).length ? `<table id="fingerprints"><tr><th>Fingerprint</th><th>Kind</th><th>First release</th><th>Releases</th><th></th></tr>
      ${t.fingerprints.map((f, i) => {
        // The schema this one replaced: the previous fingerprint of the same kind and revision.
        const previous = t.fingerprints.slice(0, i).reverse().find(p => p.kind === f.kind && p.revision === f.revision);
        return `<tr><td>${fpLink(f.fingerprint)}</td><td>${h(f.kind)}${f.revision ? '@' + f.revision : ''}</td>
        <td>${releaseLink(f.firstRelease.service, f.firstRelease.version)}</td><td>${h(f.releases.join(', '))}</td>
        <td>${previous ? `<a class="diff-link" href="#/diff/${enc(t.name)}/${previous.fingerprint}/${f.fingerprint}">diff with previous</a>` : ''}</td></tr>`;
      }).join('')}</table>`
      : '<p class="muted">No schema: aggregates and error codes are names only.</p>'}
    <h2>Releases it appears in</h2>
    <table id="appearances"><tr><th>Release</th><th>Kind</th><th>Written</th><th>Fingerprint</th></tr>
      ${t.releases.map(r => `<tr><td>${releaseLink(r.service, r.version)}</td><td>${h(r.kind)}${r.kind === 'event' ? '@' + r.revision : ''}</td>
        <td>${writtenPill(r.written)}</td><td>${fpLink(r.fingerprint)}</td></tr>`).join('')}</table>`);
}

async function revisions(name) {
  const {revisions: list, current} = await api('/events/' + enc(name) + '/revisions');
  const options = list.map(r => `<option value="${r.revision}">@${r.revision}</option>`).join('');
  const schemaHistory = r => r.schemas.map((x, i) => `<li class="revision-schema" data-fingerprint="${x.fingerprint}">${fpLink(x.fingerprint)}
      <span class="muted">${h(x.firstRelease.version)}${x.lastRelease.version !== x.firstRelease.version ? ' – ' + h(x.lastRelease.version) : ''}
      (${x.releases} release${x.releases === 1 ? '' : 's'})</span>
      ${i > 0 ? `<a class="schema-diff-link" title="what changed since the previous schema of @${r.revision}" href="#/diff/${enc(name + '@' + r.revision)}/${r.schemas[i - 1].fingerprint}/${x.fingerprint}">diff</a>` : ''}</li>`).join('');
  show(`<h1>${h(name)}</h1>
    <div class="card" id="current">${current != null
      ? `Current revision: <a class="current-link" href="#/event/${enc(name)}/${current}"><strong>@${current}</strong></a> <span class="muted">(the newest revision the newest release writes: new events carry it)</span>`
      : '<span class="muted">The newest release writes no revision of this event.</span>'}</div>
    <p class="muted">A stored event keeps the revision it was written with; readers upgrade it along <code>upgradesFrom</code>.</p>
    <table id="revisions"><tr><th>Revision</th><th>First release</th><th>Newest release</th><th>Written</th><th>Upgrades from</th><th>Schemas across releases</th><th></th></tr>
    ${list.map((r, i) => {
      const base = r.upgradesFrom || (i > 0 ? list[i - 1].revision : null);
      return `<tr class="revision${r.current ? ' current' : ''}" data-revision="${r.revision}"><td><a class="revision-link" href="#/event/${enc(name)}/${r.revision}">@${r.revision}</a>
        ${r.current ? '<span class="pill current-pill">current</span>' : ''}</td>
        <td>${releaseLink(r.firstRelease.service, r.firstRelease.version)}</td><td>${releaseLink(r.newestRelease.service, r.newestRelease.version)}</td>
        <td>${writtenPill(r.written)}${r.writtenSince ? ` <span class="muted">since ${h(r.writtenSince.version)}</span>` : ''}</td>
        <td>${r.upgradesFrom ? '@' + r.upgradesFrom : '<span class="muted">none</span>'}</td>
        <td><ul class="schema-history">${schemaHistory(r)}</ul></td>
        <td>${base ? `<a class="diff-link" href="#/diff/${enc(name)}/${base}/${r.revision}">upgrade @${base} → @${r.revision}</a>` : ''}</td></tr>`;
    }).join('')}</table>
    <div id="readers" data-event="${h(name)}"><p class="muted">Loading who writes and who reads it…</p></div>
    <h2>Compare any two</h2>
    <form class="diff-controls card" id="compare">
      <div><label for="from">From</label><br><select id="from">${options}</select></div>
      <div><label for="to">To</label><br><select id="to">${options}</select></div>
      <button type="submit">Compare</button>
    </form>`);
  if (list.length > 1) document.getElementById('to').value = list[list.length - 1].revision;
  readers(name).catch(e => {
    const place = document.getElementById('readers');
    if (place && place.dataset.event === name) place.innerHTML = `<div class="card error" id="readers-problem"><strong>${h(e.code || 'error')}</strong>: ${h(e.message)}</div>`;
  });
  document.getElementById('compare').onsubmit = e => {
    e.preventDefault();
    location.hash = `#/diff/${enc(name)}/${document.getElementById('from').value}/${document.getElementById('to').value}`;
  };
}

// For each property of the newest schema, the first release whose schema of this revision had it.
async function fieldsAddedIn(r) {
  const addedIn = {};
  for (const x of r.schemas) {
    const schema = x.fingerprint === r.fingerprint ? r.schema : await api('/schemas/' + enc(x.fingerprint));
    for (const f of schemaFields(schema)) if (!addedIn[f.pointer]) addedIn[f.pointer] = x.firstRelease;
  }
  return addedIn;
}

async function revision(name, n) {
  const r = await api('/events/' + enc(name) + '/revisions/' + enc(n));
  const addedIn = await fieldsAddedIn(r);
  show(`<h1>${h(name)}@${r.revision} ${r.current ? '<span class="pill current-pill">current</span>' : ''}</h1>
    <div class="card">First release ${releaseLink(r.firstRelease.service, r.firstRelease.version)} · ${writtenPill(r.written)}
      · upgrades from ${r.upgradesFrom ? '@' + r.upgradesFrom : 'none'} · fingerprint <span class="fp">${h(r.fingerprint)}</span>
      · <a href="#/event/${enc(name)}">all revisions</a></div>
    <h2>Fields</h2>${renderFieldTable(r.schema, addedIn)}
    <details class="schema" id="raw-json"><summary>Raw JSON schema</summary>${renderSchema(r.schema, [], 'only')}</details>
    <h2>History</h2><table id="history"><tr><th>Release</th><th>Written</th><th>Fingerprint</th></tr>
    ${r.history.map(x => `<tr><td>${releaseLink(x.service, x.version)}</td><td>${writtenPill(x.written)}</td><td>${fpLink(x.fingerprint)}</td></tr>`).join('')}</table>`);
  wireFieldTable();
}

async function diff(subject, from, to) {
  const d = await api(`/diff?subject=${enc(subject)}&from=${enc(from)}&to=${enc(to)}`);
  const upgrade = d.kind === 'event' && d.from.revision != null && d.to.revision != null && d.from.revision !== d.to.revision;
  // Between revisions the findings are beside the point (a new revision may change anything): show the upgrade.
  const findings = upgrade ? [] : (d.report.findings || []);
  const compatible = upgrade ? [] : (d.report.changes || []);
  const oldLines = jsonLines(d.from.schema), newLines = jsonLines(d.to.schema);
  const changes = lineChanges(oldLines, newLines);
  const side = (s, name, lines, changed) => `<div class="schema" id="side-${name}"><h3>${h(name === 'from' ? 'From' : 'To')} ${h(s.label)}
      ${s.service ? `<span class="muted">(${h(s.service)}@${h(s.version)})</span>` : ''} <span class="fp">${short(s.fingerprint)}</span></h3>
      ${renderLines(lines, findings, name, changed, compatible)}</div>`;
  show(`<h1>${h(subject)}: ${upgrade ? 'upgrade ' : ''}${h(d.from.label)} → ${h(d.to.label)}</h1>
    ${upgrade ? renderUpgrade(d.from.revision, d.to.revision, upgradeChanges(d.from.schema, d.to.schema))
              : `<div class="card" id="findings">${renderReport(d.report)}</div>`}
    <p class="muted legend"><span class="line removed">removed</span> <span class="line added">added</span>${compatible.length ? ' <span class="line hl-change">compatible change</span>' : ''}</p>
    <div class="sides">${side(d.from, 'from', oldLines, changes.removed)}${side(d.to, 'to', newLines, changes.added)}</div>`);
  // Clicking a finding brings its highlighted lines into view on both sides.
  view.querySelectorAll('.finding').forEach(el => el.onclick = () => {
    view.querySelectorAll('pre.json').forEach(pre => {
      const line = pre.querySelector('.line[class*="hl-"]');
      if (line) line.scrollIntoView({block: 'center'});
    });
  });
}

async function service(name, version) {
  const [{releases}, registrations] = await Promise.all([api('/services/' + enc(name) + '/releases'),
    acceptedWrites('service=' + enc(name), '/services/{service}/releases')]);
  const registeredBy = r => writerAt(registrations, w => w.version === r.version, r.registeredAt);
  show(`<h1>${h(name)}</h1><p class="muted">${releases.length} release(s), oldest first, each with the verdict it was registered with,
    its findings, and what it changed (open “Changes”).</p>
    <div class="timeline" id="timeline">${releases.map((r, i) => `
      <div class="release card" id="release-${h(r.version)}" data-version="${h(r.version)}">
        <strong>${h(r.version)}</strong> <span class="muted">registered ${when(r.registeredAt)}${registeredBy(r)
          ? ` by <span class="registered-by">${h(registeredBy(r))}</span>` : ''}</span>${r.withdrawnAt
          ? ` <span class="pill withdrawn">withdrawn ${when(r.withdrawnAt)}</span>` : ''}
        · <a href="/services/${enc(name)}/releases/${enc(r.version)}">Manifest (JSON)</a>
        ${renderReport(r.report)}
        <details class="changes" data-version="${h(r.version)}" data-previous="${i > 0 ? h(releases[i - 1].version) : ''}"><summary>Changes${i > 0 ? ' since ' + h(releases[i - 1].version) : ''}</summary><div class="changes-body muted">loading…</div></details>
      </div>`).join('')}</div>`);
  view.querySelectorAll('details.changes').forEach(d => d.addEventListener('toggle', () => {
    if (d.open && !d.dataset.loaded) { d.dataset.loaded = 'yes'; releaseChanges(name, d).catch(e => { d.querySelector('.changes-body').textContent = e.message; }); }
  }));
  if (version) {
    const el = document.getElementById('release-' + version);
    if (el) { el.scrollIntoView({block: 'start'}); el.classList.add('focused'); el.querySelector('details.changes').open = true; }
  }
}

// Every typed schema of a Manifest by subject (kind name[@revision]), with its canonical-enough text.
function manifestTypes(m) {
  const out = new Map();
  for (const [ctxName, c] of Object.entries(m.contexts || {})) {
    for (const [aggName, a] of Object.entries(c.aggregates || {})) {
      const base = ctxName + '.' + aggName + '.';
      if (a.state) out.set('state ' + ctxName + '.' + aggName, JSON.stringify(a.state.schema));
      for (const [n, t] of Object.entries(a.commands || {})) out.set('command ' + base + n, JSON.stringify(t.schema));
      for (const [n, e] of Object.entries(a.events || {})) {
        for (const [rev, r] of Object.entries(e.revisions || {})) out.set('event ' + base + n + '@' + rev, JSON.stringify(r.schema) + (r.written === false ? ' staged' : ''));
      }
      for (const n of Object.keys(a.errors || {})) out.set('error ' + base + n, '');
    }
  }
  return out;
}

async function releaseChanges(name, details) {
  const body = details.querySelector('.changes-body');
  const now = manifestTypes((await api('/services/' + enc(name) + '/releases/' + enc(details.dataset.version))).manifest);
  const before = details.dataset.previous
    ? manifestTypes((await api('/services/' + enc(name) + '/releases/' + enc(details.dataset.previous))).manifest) : new Map();
  const rows = [];
  for (const [k, v] of now) {
    if (!before.has(k)) rows.push(['added', k]);
    else if (before.get(k) !== v) rows.push([v.endsWith(' staged') === before.get(k).endsWith(' staged') ? 'changed' : (v.endsWith(' staged') ? 'staged' : 'now written'), k]);
  }
  for (const k of before.keys()) if (!now.has(k)) rows.push(['removed', k]);
  body.classList.remove('muted');
  body.innerHTML = rows.length ? '<ul class="change-list">' + rows.map(([what, k]) => `<li><span class="pill change-${what.replace(' ', '-')}">${h(what)}</span> <code>${h(k)}</code></li>`).join('') + '</ul>'
    : '<span class="muted">No type changed.</span>';
}

async function fingerprint(fp) {
  fp = fp.toLowerCase();
  document.getElementById('fingerprint-input').value = fp;
  if (!/^[0-9a-f]{8,64}$/.test(fp)) {
    const why = /^[0-9a-f]*$/.test(fp) ? `only ${fp.length} hex digits; a prefix needs at least 8 (reports show 12)`
      : 'a fingerprint is hex digits (0-9, a-f) only';
    show(`<h1 class="fp">${h(fp)}</h1><div class="card" id="fingerprint-result"><strong>Not a fingerprint</strong>: ${h(why)}.</div>`);
    return;
  }
  if (fp.length < 64) return fingerprintPrefix(fp);
  let usage;
  try {
    usage = await api('/fingerprints/' + enc(fp));
  } catch (e) {
    if (e.status === 404 || e.status === 400) {
      show(`<h1 class="fp">${h(fp)}</h1><div class="card" id="fingerprint-result"><strong>${e.status === 404 ? 'Unknown fingerprint' : 'Not a fingerprint'}</strong>:
        ${h(e.message)} ${e.status === 404 ? 'A state view or snapshot with this fingerprint was written with a schema no registered release has.' : ''}</div>`);
      return;
    }
    throw e;
  }
  const schema = await api('/schemas/' + enc(fp));
  show(`<h1 class="fp">${h(fp)}</h1>
    <div class="card" id="fingerprint-result">Known: the schema of
      ${[...new Set(usage.usages.map(u => u.kind + ' ' + u.subject))].map(h).join(', ')}.</div>
    <table id="usages"><tr><th>Release</th><th>Kind</th><th>Type</th><th>Written</th></tr>
    ${usage.usages.map(u => `<tr><td>${releaseLink(u.service, u.version)}</td><td>${h(u.kind)}</td>
      <td>${u.kind === 'event' ? `<a href="#/event/${enc(u.name)}/${u.revision}">${h(u.subject)}</a>` : typeLink(u.name)}</td>
      <td>${writtenPill(u.written)}</td></tr>`).join('')}</table>
    <h2>Schema</h2><div class="schema">${renderSchema(schema, [], 'only')}</div>`);
}

// A unique prefix opens its fingerprint's view (the registry redirects); an ambiguous one lists the matches.
async function fingerprintPrefix(prefix) {
  let body;
  try {
    body = await api('/fingerprints/' + enc(prefix), [300]);
  } catch (e) {
    if (e.status !== 404) throw e;
    show(`<h1 class="fp">${h(prefix)}…</h1><div class="card" id="fingerprint-result"><strong>Unknown fingerprint</strong>: ${h(e.message)}</div>`);
    return;
  }
  if (!body.candidates) {
    location.replace('#/fingerprint/' + body.fingerprint);
    return;
  }
  show(`<h1 class="fp">${h(prefix)}…</h1><div class="card" id="fingerprint-result"><strong>Ambiguous prefix</strong>:
    ${body.candidates.length}${body.complete ? '' : ' or more'} fingerprints start with it; pick one or paste more digits.</div>
    <ul id="fingerprint-candidates">${body.candidates.map(c => `<li><a class="fp candidate-link" href="#/fingerprint/${h(c.fingerprint)}">${h(c.fingerprint)}</a></li>`).join('')}</ul>`);
}

// ---- environments: what runs where, and what ran before ----

async function environments() {
  const {environments: list} = await api('/environments');
  show(`<h1>Environments</h1>
    <p class="muted">Where releases run, as their deployments were recorded (<code>wow-compat record-deployment</code>).</p>
    ${list.length ? `<table id="environments"><tr><th>Environment</th><th>Running</th><th>Last change</th><th></th></tr>
      ${list.map(e => `<tr class="environment" data-environment="${h(e.name)}"><td>${envLink(e.name)}</td>
        <td>${e.running} release${e.running === 1 ? '' : 's'}</td><td>${when(e.updatedAt)}</td>
        <td><a class="can-deploy-link" href="#/can-deploy///${enc(e.name)}">Can I deploy here?</a></td></tr>`).join('')}</table>`
      : '<p class="muted" id="environments">No deployment recorded yet.</p>'}`);
}

async function environment(name) {
  const [env, profiled, deployments] = await Promise.all([api('/environments/' + enc(name)), api('/environments/' + enc(name) + '/profiles'),
    acceptedWrites('environment=' + enc(name), '/environments/{env}/deployments')]);
  const recordedBy = d => h(writerAt(deployments, w => w.service === d.service && w.version === d.version, d.deployedAt));
  show(`<h1>${h(env.name)}</h1>
    <p class="muted"><a href="#/environments">All environments</a> · <a class="can-deploy-link" href="#/can-deploy///${enc(env.name)}">Can I deploy here?</a></p>
    <h2>Running now</h2>
    ${env.deployments.length ? '<table id="running"></table>' : '<p class="muted" id="running">Nothing runs here now.</p>'}
    <h2>Recent history</h2>
    ${env.history.length ? `<table id="deployment-history"><tr><th>Service</th><th>Version</th><th>Deployed</th><th>Recorded by</th><th>Ended</th><th>How it ended</th></tr>
      ${env.history.map(d => `<tr class="ended" data-service="${h(d.service)}"><td>${h(d.service)}</td><td>${releaseLink(d.service, d.version)}</td>
        <td>${when(d.deployedAt)}</td><td class="recorded-by">${recordedBy(d)}</td><td>${when(d.endedAt)}</td><td><span class="pill ended-${h(d.endedBy)}">${h(d.endedBy)}</span></td></tr>`).join('')}</table>
      <p class="muted">Newest end first; the registry answers the 200 newest.</p>`
      : '<p class="muted" id="deployment-history">No deployment has ended here yet.</p>'}
    <h2>Values written here</h2>
    ${profiled.types.length ? `<table id="profiled-types"><tr><th>Type</th><th>Fields</th><th>Releases profiled</th></tr>
      ${profiled.types.map(t => `<tr class="profiled-type" data-type="${h(t.type)}"><td><a class="values-link" href="#/values/${enc(env.name)}/${enc(t.type)}">${h(t.type)}${t.revision ? '@' + t.revision : ''}</a></td>
        <td>${t.pointers}</td><td>${t.releases.map(h).join(', ')}</td></tr>`).join('')}</table>`
      : '<p class="muted" id="profiled-types">No profile recorded here yet (<code>wow-compat audit --record-profiles</code>).</p>'}`);
  paged('running', '<tr><th>Service</th><th>Version</th><th>Since</th><th>Recorded by</th><th>Replaced</th></tr>', env.deployments,
    d => `<tr class="deployment" data-service="${h(d.service)}"><td><a class="service-link" href="#/service/${enc(d.service)}">${h(d.service)}</a></td>
        <td>${releaseLink(d.service, d.version)}</td><td>${when(d.deployedAt)}</td><td class="recorded-by">${recordedBy(d)}</td>
        <td class="replaced">${d.replaced ? `${releaseLink(d.service, d.replaced.version)} <span class="muted">(ran since ${when(d.replaced.deployedAt)})</span>`
          : '<span class="muted">nothing: first deployment</span>'}</td></tr>`, d => d.service);
}

// ---- the values releases wrote: one small chart per numeric field, format shares per string field ----

const FORMAT_COLORS = {'date-time': '#1f5fbf', 'date': '#5b8fd9', 'epoch-seconds': '#9a6700', 'epoch-millis': '#d08a00',
  'uuid': '#6a3fb5', 'decimal': '#188038', 'email': '#00838f', 'other': '#9aa4ae'};
const num = x => Math.abs(x) >= 1e5 || (Math.abs(x) < 0.01 && x !== 0) ? x.toExponential(2) : String(+x.toPrecision(3));

// One slot per release in deployment order; q10–q90 as a band, the median as a dot joined to the next, a dashed line at
// each deployment (red, with the factor, where a drift was found). The scale is log10 of |x|: a unit change is a jump.
function valueChart(rows, drifts, deployedAt) {
  const W = 520, H = 170, left = 52, right = 12, top = 14, bottom = 40;
  const lows = rows.map(r => Math.log10(r.number.q10)), highs = rows.map(r => Math.log10(r.number.q90));
  let lo = Math.floor(Math.min(...lows)), hi = Math.ceil(Math.max(...highs));
  if (hi - lo < 1) { hi += 1; }
  const slot = (W - left - right) / rows.length;
  const x = i => left + slot * (i + 0.5);
  const y = v => top + (H - top - bottom) * (1 - (Math.log10(v) - lo) / (hi - lo));
  const ticks = [];
  const step = Math.max(1, Math.ceil((hi - lo) / 5));
  for (let e = lo; e <= hi; e += step) {
    ticks.push(`<line class="grid" x1="${left}" x2="${W - right}" y1="${y(10 ** e)}" y2="${y(10 ** e)}" stroke="#eef1f4"/>
      <text x="${left - 6}" y="${y(10 ** e) + 4}" text-anchor="end" font-size="11" fill="#5d6873">1e${e}</text>`);
  }
  const drifted = new Map(drifts.map(d => [d.after.release, d]));
  const parts = rows.map((r, i) => {
    const d = drifted.get(r.release);
    const color = d ? '#c62828' : '#1f5fbf';
    const boundary = i > 0 ? `<line class="deployment${d ? ' drift' : ''}" data-release="${h(r.release)}" x1="${left + slot * i}" x2="${left + slot * i}"
        y1="${top}" y2="${H - bottom}" stroke="${d ? '#c62828' : '#9aa4ae'}" stroke-dasharray="4 3" stroke-width="${d ? 2 : 1}">
        <title>${h(r.release)} deployed ${h(when(deployedAt.get(r.release)))}${d ? ': ' + h(d.message) : ''}</title></line>
        ${d && d.factor ? `<text class="factor" x="${left + slot * i + 4}" y="${top + 10}" font-size="11" fill="#c62828">×${h(num(d.factor))}</text>` : ''}` : '';
    return `${boundary}<rect class="band${d ? ' drift' : ''}" data-release="${h(r.release)}" x="${x(i) - slot * 0.3}" width="${slot * 0.6}"
        y="${y(r.number.q90)}" height="${Math.max(1, y(r.number.q10) - y(r.number.q90))}" fill="${color}" fill-opacity="0.18" stroke="${color}" stroke-opacity="0.5">
        <title>${h(r.release)}: q10 ${num(r.number.q10)}, median ${num(r.number.q50)}, q90 ${num(r.number.q90)} (${r.number.count} values)</title></rect>
      <circle class="median" data-release="${h(r.release)}" cx="${x(i)}" cy="${y(r.number.q50)}" r="3.5" fill="${color}"/>
      <text x="${x(i)}" y="${H - bottom + 14}" text-anchor="middle" font-size="11" fill="#5d6873">${h(r.release.split('@')[1] || r.release)}</text>`;
  }).join('');
  const line = rows.length > 1 ? `<polyline points="${rows.map((r, i) => `${x(i)},${y(r.number.q50)}`).join(' ')}" fill="none" stroke="#5d6873" stroke-width="1"/>` : '';
  return `<svg class="value-chart" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img"
      aria-label="median and q10 to q90 of |x| per release">${ticks.join('')}${line}${parts}
      <text x="${left}" y="${H - 6}" font-size="11" fill="#5d6873">|x| (log scale): median, q10–q90 band, per release in deployment order</text></svg>`;
}

function formatBars(rows) {
  return `<table class="format-shares">${rows.map(r => {
    const total = Object.values(r.string.formats).reduce((a, b) => a + b, 0) || 1;
    const shares = Object.entries(r.string.formats).sort((a, b) => b[1] - a[1]);
    let at = 0;
    const bar = shares.map(([c, n]) => { const w = 300 * n / total; const seg = `<rect x="${at}" width="${w}" height="14" fill="${FORMAT_COLORS[c] || '#9aa4ae'}"><title>${h(c)}: ${Math.round(100 * n / total)}%</title></rect>`; at += w; return seg; }).join('');
    return `<tr class="format-row" data-release="${h(r.release)}"><td>${h(r.release)}</td><td><svg width="300" height="14">${bar}</svg></td>
      <td class="shares">${shares.map(([c, n]) => `${h(c)} ${Math.round(100 * n / total)}%`).join(', ')}</td></tr>`;
  }).join('')}</table>`;
}

async function values(envName, typeName) {
  const p = await api('/environments/' + enc(envName) + '/profiles/' + enc(typeName));
  const deployedAt = new Map(p.deployments.map(d => [d.release, d.deployedAt]));
  const order = p.deployments.map(d => d.release);
  const rank = r => { const i = order.lastIndexOf(r); return i < 0 ? order.length : i; };
  const groups = new Map();
  for (const f of p.fields) {
    const key = f.revision + ' ' + f.pointer;
    if (!groups.has(key)) groups.set(key, {revision: f.revision, pointer: f.pointer, rows: []});
    groups.get(key).rows.push(f);
  }
  const cards = [...groups.values()].map(g => {
    g.rows.sort((a, b) => rank(a.release) - rank(b.release) || a.release.localeCompare(b.release));
    const drifts = p.drift.filter(d => d.revision === g.revision && d.pointer === g.pointer);
    const numeric = g.rows.filter(r => r.number && r.number.q50 != null);
    const strings = g.rows.filter(r => r.string && r.string.count > 0);
    return `<div class="card value-field${drifts.length ? ' drifted' : ''}" data-pointer="${h(g.pointer)}" data-revision="${g.revision}">
      <h3><code>${h(g.pointer || '(the whole payload)')}</code>${g.revision ? ` <span class="muted">@${g.revision}</span>` : ''}</h3>
      ${drifts.map(d => `<div class="finding ${h(d.severity)} drift-finding"><span class="sev-${h(d.severity)}">${h(d.id)}</span> ${h(d.message)}</div>`).join('')}
      ${numeric.length ? valueChart(numeric, drifts, deployedAt) : ''}
      ${strings.length ? `<h4>Formats of the strings</h4>${formatBars(strings)}` : ''}
      ${!numeric.length && !strings.length ? '<p class="muted">Only booleans or nulls here.</p>' : ''}</div>`;
  });
  show(`<h1>Values of ${typeLink(p.type)} in ${envLink(p.environment)}</h1>
    <p class="muted">What each release really wrote, as audits recorded it (<code>wow-compat audit --record-profiles</code>).
      Releases in the order they were deployed here; a red deployment is a meaning drift.${p.truncated ? ' Only the first 2048 fields are shown.' : ''}</p>
    <div id="value-fields">${cards.join('')}</div>`);
}

// ---- an event's readers: who writes it, who reads which revisions, and what that means in each environment ----

function renderReaders(r) {
  const span = s => `<li class="span">${h(s.firstVersion)}${s.lastVersion !== s.firstVersion ? ' – ' + h(s.lastVersion) : ''}
    <span class="muted">(${s.releases} release${s.releases === 1 ? '' : 's'})</span>: declares ${revisionList(s.revisions)}
    · ${s.writes != null ? `writes <strong>@${s.writes}</strong>` : '<span class="muted">writes none</span>'}</li>`;
  const reads = (current, revisions) => `reads ${revisionList(revisions)}${current != null && !revisions.includes(current)
      ? ` <span class="pill breaking lagging" title="the producer running here writes @${current}">does not read @${current}</span>` : ''}`;
  return `<h2>Producer</h2>
    <table id="producers"><tr><th>Service</th><th>Releases declaring it</th></tr>
    ${r.producers.map(p => `<tr class="producer" data-service="${h(p.service)}"><td><a class="service-link" href="#/service/${enc(p.service)}">${h(p.service)}</a>
      <span class="muted">${p.releases} release${p.releases === 1 ? '' : 's'}</span></td>
      <td><ul class="spans">${p.spans.map(span).join('')}</ul></td></tr>`).join('')}</table>
    <h2>Consumers</h2>
    ${r.consumers.length ? `<table id="consumers"><tr><th>Service</th><th>Newest release</th><th>Running</th></tr>
      ${r.consumers.map(c => `<tr class="consumer" data-service="${h(c.service)}"><td><a class="service-link" href="#/service/${enc(c.service)}">${h(c.service)}</a></td>
        <td class="newest">${c.newest ? `${releaseLink(c.service, c.newest.version)} reads ${revisionList(c.newest.revisions)}` : '<span class="muted">does not read it</span>'}</td>
        <td><ul class="running-readers">${c.running.map(x => `<li data-environment="${h(x.environment)}">${envLink(x.environment)}: ${h(x.version)} reads ${revisionList(x.revisions)}</li>`).join('')
          || '<li class="muted">runs nowhere</li>'}</ul></td></tr>`).join('')}</table>`
      : '<p class="muted" id="consumers">No registered release says it reads this event (<code>consumes</code> in its Manifest).</p>'}
    <h2>In each environment</h2>
    ${r.environments.length ? `<table id="event-environments"><tr><th>Environment</th><th>Producer running</th><th>Current revision</th><th>Consumers running</th></tr>
      ${r.environments.map(e => `<tr class="event-environment" data-environment="${h(e.name)}"><td>${envLink(e.name)}</td>
        <td>${e.producers.map(p => `${releaseLink(p.service, p.version)} ${p.writes != null ? 'writes @' + p.writes : '<span class="muted">writes none</span>'}`).join('<br>')
          || '<span class="muted">none runs here</span>'}</td>
        <td class="environment-current">${e.current != null ? `<strong>@${e.current}</strong>` : '<span class="muted">none</span>'}</td>
        <td><ul class="environment-readers">${e.consumers.map(c => `<li data-service="${h(c.service)}">${releaseLink(c.service, c.version)} ${reads(e.current, c.revisions)}</li>`).join('')
          || '<li class="muted">none</li>'}</ul></td></tr>`).join('')}</table>
      <p class="muted">The current revision in an environment is the highest one the producer's release running there writes: the one its consumers there meet.</p>`
      : '<p class="muted" id="event-environments">No deployment recorded yet.</p>'}`;
}

// Filled in after the revisions are shown, so that the event page is not slower to appear (docs/performance.md).
async function readers(name) {
  const r = await api('/events/' + enc(name) + '/readers');
  const place = document.getElementById('readers');
  if (place && place.dataset.event === name) place.innerHTML = renderReaders(r);
}

// ---- can I deploy? ----

async function canDeploy(service, version, environment) {
  const [{services}, {environments: envs}] = await Promise.all([api('/services'), api('/environments')]);
  if (!service && services.length) service = services[0].name;
  show(`<h1>Can I deploy?</h1>
    <p class="muted">A registered release checked against what runs in an environment: the releases it replaces, the consumers
      that read what it writes, the senders of what it handles (<code>GET /can-deploy</code>). An environment with nothing recorded is a first deployment.</p>
    <form class="diff-controls card" id="can-deploy-form">
      <div><label for="cd-service">Service</label><br><select id="cd-service" required>
        ${services.map(s => `<option value="${h(s.name)}">${h(s.name)}</option>`).join('')}</select></div>
      <div><label for="cd-version">Version</label><br><select id="cd-version" required></select></div>
      <div><label for="cd-environment">Environment</label><br><input id="cd-environment" type="text" list="cd-environments" required
        autocomplete="off" spellcheck="false" placeholder="e.g. staging" value="${h(environment || '')}">
        <datalist id="cd-environments">${envs.map(e => `<option value="${h(e.name)}">`).join('')}</datalist></div>
      <button type="submit">Check</button>
    </form>
    <div id="can-deploy-result"></div>`);
  const serviceBox = document.getElementById('cd-service'), versionBox = document.getElementById('cd-version');
  // A service's versions, newest first: the one most often asked about.
  const loadVersions = async (wanted) => {
    const {releases} = serviceBox.value ? await api('/services/' + enc(serviceBox.value) + '/releases') : {releases: []};
    versionBox.innerHTML = releases.slice().reverse().map(r => `<option value="${h(r.version)}">${h(r.version)}</option>`).join('');
    if (wanted && releases.some(r => r.version === wanted)) versionBox.value = wanted;
  };
  if (service) serviceBox.value = service;
  await loadVersions(version);
  serviceBox.onchange = () => loadVersions().catch(failure);
  document.getElementById('can-deploy-form').onsubmit = e => {
    e.preventDefault();
    const target = `#/can-deploy/${enc(serviceBox.value)}/${enc(versionBox.value)}/${enc(document.getElementById('cd-environment').value.trim())}`;
    if (location.hash === target) route(); else location.hash = target;
  };
  if (service && version && environment) await canDeployReport(service, version, environment);
}

async function canDeployReport(service, version, environment) {
  const out = document.getElementById('can-deploy-result');
  let report;
  try {
    report = await api(`/can-deploy?service=${enc(service)}&version=${enc(version)}&environment=${enc(environment)}`);
  } catch (e) {
    const noRoute = e.code === 'wow-compat.request.not-found';
    out.innerHTML = `<div class="card error" id="can-deploy-problem" data-code="${h(e.code || '')}"><strong>${h(e.code || 'error')}</strong>: ${h(e.message)}
      ${noRoute ? '<div class="fix">This registry has no <code>GET /can-deploy</code>: it is older than the can-deploy check.</div>' : ''}</div>`;
    return;
  }
  const s = report.summary || {breaking: 0, warning: 0, info: 0};
  out.innerHTML = `<div class="card" id="can-deploy-verdict" data-deployable="${report.deployable ? 'yes' : 'no'}">
      <span class="pill ${report.deployable ? 'compatible' : 'breaking'}">${report.deployable ? 'deployable' : 'not deployable'}</span>
      ${releaseLink(service, version)} to ${envLink(report.environment || environment)}
      · verdict <span class="pill ${h(report.verdict)}">${h(report.verdict)}</span>
      <span class="muted">${s.breaking} breaking · ${s.warning} warning · ${s.info} info</span></div>
    <div id="can-deploy-findings">${(report.findings || []).length ? renderFindings(report.findings)
      : '<p class="muted" id="no-findings">No findings: nothing running there is broken by it.</p>'}</div>
    ${(report.waived || []).length ? `<h2>Waived</h2><div id="can-deploy-waived">${renderFindings(report.waived)}</div>` : ''}`;
}

// ---- routing ----

const routes = [
  [/^#?\/?$/, () => home()],
  [/^#\/search\/(.*)$/, q => search(q)],
  [/^#\/fields\/(.*)$/, q => fieldSearch(q)],
  [/^#\/type\/([^/]+)$/, n => type(n)],
  [/^#\/event\/([^/]+)$/, n => revisions(n)],
  [/^#\/event\/([^/]+)\/([^/]+)$/, (n, r) => revision(n, r)],
  [/^#\/diff\/([^/]+)\/([^/]+)\/([^/]+)$/, (s, f, t) => diff(s, f, t)],
  [/^#\/service\/([^/]+)$/, n => service(n)],
  [/^#\/service\/([^/]+)\/([^/]+)$/, (n, v) => service(n, v)],
  [/^#\/fingerprint\/([^/]+)$/, fp => fingerprint(fp.trim())],
  [/^#\/environments$/, () => environments()],
  [/^#\/environment\/([^/]+)$/, n => environment(n)],
  [/^#\/values\/([^/]+)\/([^/]+)$/, (e, t) => values(e, t)],
  [/^#\/can-deploy$/, () => canDeploy()],
  [/^#\/can-deploy\/([^/]*)\/([^/]*)\/([^/]*)$/, (s, v, e) => canDeploy(s, v, e)],
];

async function route() {
  const hash = location.hash || '#/';
  for (const [pattern, handler] of routes) {
    const m = hash.match(pattern);
    if (m) {
      try { await handler(...m.slice(1).map(decodeURIComponent)); } catch (e) { failure(e); }
      document.body.dataset.view = hash.split('/')[1] || 'home';
      performance.mark('view-rendered', {detail: hash}); // when the view is in the document (docs/performance.md)
      return;
    }
  }
  failure({code: 'not-found', message: 'No view at ' + hash});
}

let searchTimer;
document.getElementById('search').addEventListener('input', e => {
  clearTimeout(searchTimer);
  const q = e.target.value.trim();
  searchTimer = setTimeout(() => { if (q) location.hash = '#/search/' + enc(q); }, 250);
});
document.getElementById('search-form').onsubmit = e => {
  e.preventDefault();
  const q = document.getElementById('search').value.trim();
  if (q) location.hash = '#/search/' + enc(q);
};
document.getElementById('field-form').onsubmit = e => {
  e.preventDefault();
  const q = document.getElementById('field-search').value.trim();
  if (q) location.hash = '#/fields/' + enc(q);
};
function lookUpFingerprint() {
  const fp = document.getElementById('fingerprint-input').value.trim().toLowerCase();
  if (fp) location.hash = '#/fingerprint/' + enc(fp);
}
document.getElementById('fingerprint-form').onsubmit = e => { e.preventDefault(); lookUpFingerprint(); };
document.getElementById('fingerprint-input').addEventListener('paste', () => setTimeout(lookUpFingerprint, 0));
window.addEventListener('hashchange', route);
route();
