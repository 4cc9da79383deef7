import {api, enc, h, releaseLink, show, typeLink, writtenPill} from './dom.js';
import {renderSchema} from './json-view.js';

// ---- views: where a schema fingerprint (or a prefix of one) is used ----
export async function fingerprint(fp) {
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
