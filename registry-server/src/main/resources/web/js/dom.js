// What every view uses: escaping, the API's answers, links and pills.
export const view = document.getElementById('view');

export function h(text) {
  return String(text == null ? '' : text).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
}
export const enc = encodeURIComponent;
export const short = fp => fp ? fp.slice(0, 12) + '…' : '';
export const when = ms => ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '';

// alsoAccepted: statuses other than 2xx whose body is an answer, not a problem (300 lists prefix candidates).
export async function api(path, alsoAccepted = []) {
  const r = await fetch(path, {headers: {Accept: 'application/json'}});
  const body = await r.json().catch(() => ({}));
  if (!r.ok && !alsoAccepted.includes(r.status)) {
    const e = new Error(body.detail || ('HTTP ' + r.status));
    e.status = r.status; e.code = body.code; e.problem = body;
    throw e;
  }
  return body;
}

export function show(html) { view.innerHTML = html; }

// Who wrote what, from the write log's newest 500 entries matching the query (docs/api.md, "GET /write-log"): the
// accepted writes of one route. Older writes, or a log the page may not read, leave "who" blank.
export async function acceptedWrites(query, route) {
  const log = await api('/write-log?limit=500&' + query).catch(() => ({entries: []}));
  return log.entries.filter(e => e.route === route && e.status === 201);
}
// The principal of the first accepted write at or after a stored time (the log is appended once the write is answered).
export function writerAt(writes, matches, at) {
  let best = null;
  for (const w of writes) if (matches(w) && w.at >= at && (!best || w.at < best.at)) best = w;
  return best ? best.principal : '';
}
export function failure(e) { show(`<div class="card error" id="problem"><strong>${h(e.code || 'error')}</strong>: ${h(e.message)}</div>`); }

export const typeLink = name => `<a class="type-link" href="#/type/${enc(name)}">${h(name)}</a>`;
export const fpLink = fp => fp ? `<a class="fp fp-link" href="#/fingerprint/${fp}" title="${fp}">${short(fp)}</a>` : '<span class="muted">none</span>';
export const releaseLink = (service, version) => `<a href="#/service/${enc(service)}/${enc(version)}">${h(service)}@${h(version)}</a>`;
export const envLink = name => `<a class="environment-link" href="#/environment/${enc(name)}">${h(name)}</a>`;
export const revisionList = list => list.map(n => '@' + n).join(', ');
export const pills = list => (list || []).map(k => `<span class="pill">${h(k)}</span>`).join('');
export const writtenPill = w => w ? '<span class="pill written">written</span>' : '<span class="pill staged">staged: read, not written</span>';
