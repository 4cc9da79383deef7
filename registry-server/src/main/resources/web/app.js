// The registry's web page: plain JavaScript over the HTTP API, no build step.
// Every view has its own address (#/type/..., #/event/..., #/diff/..., #/service/..., #/fingerprint/...),
// so a view can be bookmarked or pasted into a ticket.
'use strict';

const view = document.getElementById('view');

function h(text) {
  return String(text == null ? '' : text).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
}
const enc = encodeURIComponent;
const short = fp => fp ? fp.slice(0, 12) + '…' : '';
const when = ms => ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '';

async function api(path) {
  const r = await fetch(path, {headers: {Accept: 'application/json'}});
  const body = await r.json().catch(() => ({}));
  if (!r.ok) {
    const e = new Error(body.detail || ('HTTP ' + r.status));
    e.status = r.status; e.code = body.code;
    throw e;
  }
  return body;
}

function show(html) { view.innerHTML = html; }
function failure(e) { show(`<div class="card error" id="problem"><strong>${h(e.code || 'error')}</strong>: ${h(e.message)}</div>`); }

const typeLink = name => `<a class="type-link" href="#/type/${enc(name)}">${h(name)}</a>`;
const fpLink = fp => fp ? `<a class="fp fp-link" href="#/fingerprint/${fp}" title="${fp}">${short(fp)}</a>` : '<span class="muted">none</span>';
const releaseLink = (service, version) => `<a href="#/service/${enc(service)}/${enc(version)}">${h(service)}@${h(version)}</a>`;
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

const SEVERITY_ORDER = {breaking: 3, warning: 2, info: 1};

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

function renderSchema(schema, findings, side) {
  const lines = jsonLines(schema);
  const marks = markFindings(lines, findings || []);
  return '<pre class="json" data-side="' + side + '">' + lines.map((l, i) =>
      `<span class="line${marks[i] ? ' hl-' + marks[i] : ''}" data-pointer="${h(l.pointer)}">${h(l.text)}</span>`).join('') + '</pre>';
}

function renderFindings(findings) {
  if (!findings.length) return '<p class="muted" id="no-findings">No findings: the two schemas are compatible.</p>';
  return findings.map(f => `
    <div class="finding ${h(f.severity)}" data-pointer="${h(f.pointer)}" data-rule="${h(f.rule)}">
      <span class="sev-${h(f.severity)}">${h(f.severity)}</span> <code>${h(f.rule)}</code>
      <code>${h(f.subject)}</code> ${f.pointer ? `at <code>${h(f.pointer)}</code>` : ''}
      ${f.breaks && f.breaks.length ? `<span class="muted">breaks ${h([].concat(f.breaks).join(', '))}</span>` : ''}
      <div>${h(f.message)}</div>
      ${f.fix ? `<div class="fix">Fix: ${h(f.fix)}</div>` : ''}
    </div>`).join('');
}

function renderReport(report) {
  if (!report || !report.summary) return '';
  const s = report.summary;
  return `<div><span class="pill ${h(report.verdict)}">${h(report.verdict)}</span>
    <span class="muted">${s.breaking} breaking · ${s.warning} warning · ${s.info} info</span></div>
    ${(report.findings || []).length ? renderFindings(report.findings) : ''}`;
}

// ---- views ----

async function home() {
  const {services} = await api('/services');
  show(`<h1>Registry</h1>
    <p class="muted">Search a command, event, state or error code above, or paste a <code>schemaFingerprint</code> to see what it is.</p>
    <h2>Services</h2>
    ${services.length ? `<table id="services"><tr><th>Service</th><th>Releases</th><th>Newest</th><th>Registered</th></tr>
      ${services.map(s => `<tr><td><a class="service-link" href="#/service/${enc(s.name)}">${h(s.name)}</a></td><td>${s.releases}</td>
        <td>${h(s.latestVersion)}</td><td>${when(s.latestRegisteredAt)}</td></tr>`).join('')}</table>`
      : '<p class="muted">No release registered yet. Register one with <code>wow-compat register FILE --registry URL</code>.</p>'}`);
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
  const {revisions: list} = await api('/events/' + enc(name) + '/revisions');
  const options = list.map(r => `<option value="${r.revision}">@${r.revision}</option>`).join('');
  show(`<h1>${h(name)}</h1><p class="muted">Event revisions. A stored event keeps the revision it was written with; readers upgrade it along <code>upgradesFrom</code>.</p>
    <table id="revisions"><tr><th>Revision</th><th>First release</th><th>Newest release</th><th>Written</th><th>Upgrades from</th><th>Fingerprint</th><th></th></tr>
    ${list.map((r, i) => {
      const base = r.upgradesFrom || (i > 0 ? list[i - 1].revision : null);
      return `<tr class="revision" data-revision="${r.revision}"><td><a class="revision-link" href="#/event/${enc(name)}/${r.revision}">@${r.revision}</a></td>
        <td>${releaseLink(r.firstRelease.service, r.firstRelease.version)}</td><td>${releaseLink(r.newestRelease.service, r.newestRelease.version)}</td>
        <td>${writtenPill(r.written)}${r.writtenSince ? ` <span class="muted">since ${h(r.writtenSince.version)}</span>` : ''}</td>
        <td>${r.upgradesFrom ? '@' + r.upgradesFrom : '<span class="muted">none</span>'}</td><td>${fpLink(r.fingerprint)}</td>
        <td>${base ? `<a class="diff-link" href="#/diff/${enc(name)}/${base}/${r.revision}">diff @${base} → @${r.revision}</a>` : ''}</td></tr>`;
    }).join('')}</table>
    <h2>Compare any two</h2>
    <form class="diff-controls card" id="compare">
      <div><label for="from">From</label><br><select id="from">${options}</select></div>
      <div><label for="to">To</label><br><select id="to">${options}</select></div>
      <button type="submit">Compare</button>
    </form>`);
  if (list.length > 1) document.getElementById('to').value = list[list.length - 1].revision;
  document.getElementById('compare').onsubmit = e => {
    e.preventDefault();
    location.hash = `#/diff/${enc(name)}/${document.getElementById('from').value}/${document.getElementById('to').value}`;
  };
}

async function revision(name, n) {
  const r = await api('/events/' + enc(name) + '/revisions/' + enc(n));
  show(`<h1>${h(name)}@${r.revision}</h1>
    <div class="card">First release ${releaseLink(r.firstRelease.service, r.firstRelease.version)} · ${writtenPill(r.written)}
      · upgrades from ${r.upgradesFrom ? '@' + r.upgradesFrom : 'none'} · fingerprint <span class="fp">${h(r.fingerprint)}</span>
      · <a href="#/event/${enc(name)}">all revisions</a></div>
    <div class="schema"><h3>Schema</h3>${renderSchema(r.schema, [], 'only')}</div>
    <h2>History</h2><table><tr><th>Release</th><th>Written</th><th>Fingerprint</th></tr>
    ${r.history.map(x => `<tr><td>${releaseLink(x.service, x.version)}</td><td>${writtenPill(x.written)}</td><td>${fpLink(x.fingerprint)}</td></tr>`).join('')}</table>`);
}

async function diff(subject, from, to) {
  const d = await api(`/diff?subject=${enc(subject)}&from=${enc(from)}&to=${enc(to)}`);
  const findings = d.report.findings || [];
  const side = (s, name) => `<div class="schema" id="side-${name}"><h3>${h(name === 'from' ? 'From' : 'To')} ${h(s.label)}
      ${s.service ? `<span class="muted">(${h(s.service)}@${h(s.version)})</span>` : ''} <span class="fp">${short(s.fingerprint)}</span></h3>
      ${renderSchema(s.schema, findings, name)}</div>`;
  show(`<h1>${h(subject)}: ${h(d.from.label)} → ${h(d.to.label)}</h1>
    <div class="card" id="findings">${renderReport(d.report)}</div>
    <div class="sides">${side(d.from, 'from')}${side(d.to, 'to')}</div>`);
  // Clicking a finding brings its highlighted lines into view on both sides.
  view.querySelectorAll('.finding').forEach(el => el.onclick = () => {
    view.querySelectorAll('pre.json').forEach(pre => {
      const line = pre.querySelector('.line[class*="hl-"]');
      if (line) line.scrollIntoView({block: 'center'});
    });
  });
}

async function service(name, version) {
  const {releases} = await api('/services/' + enc(name) + '/releases');
  show(`<h1>${h(name)}</h1><p class="muted">${releases.length} release(s), oldest first. Each carries the report of the check it passed when it was registered.</p>
    <div class="timeline" id="timeline">${releases.map(r => `
      <div class="release card" id="release-${h(r.version)}" data-version="${h(r.version)}">
        <strong>${h(r.version)}</strong> <span class="muted">registered ${when(r.registeredAt)}</span>
        · <a href="/services/${enc(name)}/releases/${enc(r.version)}">Manifest (JSON)</a>
        ${renderReport(r.report)}
      </div>`).join('')}</div>`);
  if (version) {
    const el = document.getElementById('release-' + version);
    if (el) { el.scrollIntoView({block: 'start'}); el.style.outline = '2px solid var(--accent)'; }
  }
}

async function fingerprint(fp) {
  document.getElementById('fingerprint-input').value = fp;
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

// ---- routing ----

const routes = [
  [/^#?\/?$/, () => home()],
  [/^#\/search\/(.*)$/, q => search(q)],
  [/^#\/type\/([^/]+)$/, n => type(n)],
  [/^#\/event\/([^/]+)$/, n => revisions(n)],
  [/^#\/event\/([^/]+)\/([^/]+)$/, (n, r) => revision(n, r)],
  [/^#\/diff\/([^/]+)\/([^/]+)\/([^/]+)$/, (s, f, t) => diff(s, f, t)],
  [/^#\/service\/([^/]+)$/, n => service(n)],
  [/^#\/service\/([^/]+)\/([^/]+)$/, (n, v) => service(n, v)],
  [/^#\/fingerprint\/([^/]+)$/, fp => fingerprint(fp.trim())],
];

async function route() {
  const hash = location.hash || '#/';
  for (const [pattern, handler] of routes) {
    const m = hash.match(pattern);
    if (m) {
      try { await handler(...m.slice(1).map(decodeURIComponent)); } catch (e) { failure(e); }
      document.body.dataset.view = hash.split('/')[1] || 'home';
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
function lookUpFingerprint() {
  const fp = document.getElementById('fingerprint-input').value.trim().toLowerCase();
  if (fp) location.hash = '#/fingerprint/' + enc(fp);
}
document.getElementById('fingerprint-form').onsubmit = e => { e.preventDefault(); lookUpFingerprint(); };
document.getElementById('fingerprint-input').addEventListener('paste', () => setTimeout(lookUpFingerprint, 0));
window.addEventListener('hashchange', route);
route();
