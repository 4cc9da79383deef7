// What every view uses: escaping, the API's answers, links and pills.
export const view = document.getElementById('view');

export function h(text) {
  return String(text == null ? '' : text).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c]));
}
export const enc = encodeURIComponent;
export const short = fp => fp ? fp.slice(0, 12) + '…' : '';
// The one way the page writes a time: the API's epoch milliseconds and the wire's RFC 3339 instants alike, to the minute
// in UTC ("2026-12-06 18:05 UTC").
const minute = t => new Date(typeof t === 'number' ? t : Date.parse(t)).toISOString().replace('T', ' ').slice(0, 16);
const isTime = t => (typeof t === 'number' && t > 0) || (typeof t === 'string' && !Number.isNaN(Date.parse(t)));
export const when = t => isTime(t) ? minute(t) + ' UTC' : '';
// A time range written once, as short as it stays unambiguous: "2026-12-06 18:05–18:07 UTC" within a day, one time
// when both ends fall in the same minute.
export function span(from, to) {
  if (!isTime(from) || !isTime(to)) return when(from) || when(to);
  const a = minute(from), b = minute(to);
  if (a === b) return a + ' UTC';
  return a.slice(0, 10) === b.slice(0, 10) ? `${a}–${b.slice(11)} UTC` : `${a} – ${b} UTC`;
}
// Instants a server's sentence carries (a finding's message) written as the page writes times.
export const timesInText = text => String(text == null ? '' : text)
    .replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:\d\d)/g, t => when(t) || t);
// A count and its noun, one or many ("1 record", "3 releases"): every count the page writes goes through it.
export const noun = (n, one, many = one + 's') => Number(n) === 1 ? one : many;
export const plural = (n, one, many) => `${n} ${noun(n, one, many)}`;

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
