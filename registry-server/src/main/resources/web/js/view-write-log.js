import {api, enc, envLink, h, plural, releaseLink, show, span, when} from './dom.js';
import {go} from './navigation.js';

// ---- the write log: who registered, deployed, observed and was refused (docs/api.md, "GET /write-log") ----

// What a route's write did, in words, and what a refused one asked to do; a route not listed (ccompat's) is named by
// its method and template.
const DONE = {
  'POST /services/{service}/releases': ['registered', 'register'],
  'POST /services/{service}/releases/{version}/withdraw': ['withdrew', 'withdraw'],
  'POST /environments/{env}/deployments': ['deployed', 'deploy'],
  'DELETE /environments/{env}/deployments/{service}': ['undeployed', 'undeploy'],
  'POST /environments/{env}/profiles': ['observed values', 'post values'],
  'DELETE /environments/{env}/profiles': ['removed values', 'remove values'],
  'POST /environments/{env}/wire': ['observed the wire', 'post a window of the wire'],
  'DELETE /environments/{env}/wire': ['reset the wire', 'reset the wire'],
};

function what(e) {
  const words = DONE[e.method + ' ' + e.route];
  const done = words ? h(e.status < 400 ? words[0] : 'tried to ' + words[1]) : `<code>${h(e.method)} ${h(e.route)}</code>`;
  const release = e.service && e.version ? releaseLink(e.service, e.version) : e.service ? h(e.service) : '';
  const where = e.environment ? ` in ${envLink(e.environment)}` : '';
  return `${done} ${release}${where}`;
}

function row(e) {
  const accepted = e.status < 400;
  return `<tr class="write${accepted ? '' : ' refused'}" data-principal="${h(e.principal)}" data-status="${h(e.status)}" data-route="${h(e.route)}">
    <td>${e.counted ? `<span class="seen">${span(e.at, e.until)}</span>` : when(e.at)}</td>
    <td class="principal">${e.counted ? `${h(e.principal)} <span class="muted">(${plural(e.writes, 'write')} counted)</span>` : h(e.principal)}</td>
    <td class="write-what">${what(e)}</td>
    <td><span class="pill ${accepted ? 'compatible' : 'breaking'}">${accepted ? 'accepted' : 'refused'}</span> <span class="muted">${h(e.status)}</span></td></tr>`;
}

// #/write-log and #/write-log/PRINCIPAL/SERVICE/ENVIRONMENT (each may be empty): the newest writes first, 100 at a
// time, filtered exactly as the API filters them.
export async function writeLog(principal = '', service = '', environment = '') {
  const {services} = await api('/services');
  show(`<h1>Write log</h1>
    <p class="muted">Every write the registry was asked for, accepted or refused, newest first: who registered a release,
      recorded a deployment, posted what the wire or the values showed, and who was refused (<code>GET /write-log</code>).
      Refused writes without a principal the registry knows are counted, one row a minute.</p>
    <form class="diff-controls card" id="write-log-form">
      <div><label for="wl-principal">Principal</label><br><input id="wl-principal" type="text" list="wl-principals" autocomplete="off"
        spellcheck="false" placeholder="e.g. bank-ci" value="${h(principal)}"><datalist id="wl-principals"></datalist></div>
      <div><label for="wl-service">Service</label><br><input id="wl-service" type="text" list="wl-services" autocomplete="off"
        spellcheck="false" placeholder="any" value="${h(service)}">
        <datalist id="wl-services">${services.map(s => `<option value="${h(s.name)}">`).join('')}</datalist></div>
      <div><label for="wl-environment">Environment</label><br><input id="wl-environment" type="text" autocomplete="off"
        spellcheck="false" placeholder="any" value="${h(environment)}"></div>
      <button type="submit">Filter</button>
    </form>
    <div id="write-log-result"><p class="muted">Loading…</p></div>`);
  const value = id => document.getElementById(id).value.trim();
  document.getElementById('write-log-form').onsubmit = ev => {
    ev.preventDefault();
    const [p, s, e] = ['wl-principal', 'wl-service', 'wl-environment'].map(value);
    go(p || s || e ? `#/write-log/${enc(p)}/${enc(s)}/${enc(e)}` : '#/write-log');
  };
  const query = [['principal', principal], ['service', service], ['environment', environment]]
    .filter(([, v]) => v).map(([k, v]) => `&${k}=${enc(v)}`).join('');
  const out = document.getElementById('write-log-result');
  let page;
  try {
    page = await api('/write-log?limit=100' + query);
  } catch (e) {
    out.innerHTML = `<div class="card error" id="write-log-problem"><strong>${h(e.code || 'error')}</strong>: ${h(e.message)}</div>`;
    return;
  }
  if (!page.entries.length) {
    out.innerHTML = `<p class="muted" id="write-log-entries">${query ? 'No write matches these filters.' : 'No write yet.'}</p>`;
    return;
  }
  const names = new Set();
  out.innerHTML = `<table id="write-log-entries"><tr><th>When</th><th>Who</th><th>What</th><th>Answer</th></tr></table>
    <p><button type="button" id="write-log-older">Older writes</button></p>`;
  const table = document.getElementById('write-log-entries'), older = document.getElementById('write-log-older');
  const add = p => {
    table.insertAdjacentHTML('beforeend', p.entries.map(row).join(''));
    p.entries.forEach(e => names.add(e.principal));
    document.getElementById('wl-principals').innerHTML = [...names].sort().map(n => `<option value="${h(n)}">`).join('');
    older.hidden = p.next == null;
    older.dataset.before = p.next == null ? '' : p.next;
  };
  add(page);
  older.onclick = async () => {
    older.disabled = true;
    try { add(await api(`/write-log?limit=100&before=${enc(older.dataset.before)}${query}`)); } finally { older.disabled = false; }
  };
}
