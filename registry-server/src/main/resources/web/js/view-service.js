import {acceptedWrites, api, enc, h, plural, show, view, when, writerAt} from './dom.js';
import {renderReport} from './reports.js';

// ---- views: a service and its releases ----
export async function service(name, version) {
  const [{releases}, registrations] = await Promise.all([api('/services/' + enc(name) + '/releases'),
    acceptedWrites('service=' + enc(name), '/services/{service}/releases')]);
  const registeredBy = r => writerAt(registrations, w => w.version === r.version, r.registeredAt);
  show(`<h1>${h(name)}</h1><p class="muted">${plural(releases.length, 'release')}, oldest first, each with the verdict it was registered with,
    its findings, and what it changed (open “Changes”).</p>
    <div class="timeline" id="timeline">${releases.map((r, i) => `
      <div class="release card" id="release-${h(r.version)}" data-version="${h(r.version)}">
        <strong>${h(r.version)}</strong> <span class="muted">registered ${when(r.registeredAt)}${registeredBy(r)
          ? ` by <span class="registered-by">${h(registeredBy(r))}</span>` : ''}</span>${r.withdrawnAt
          ? ` <span class="pill withdrawn">withdrawn ${when(r.withdrawnAt)}</span>` : ''}
        · <a href="/services/${enc(name)}/releases/${enc(r.version)}">Manifest (JSON)</a>
        ${replayLine(r.replay)}
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

// Whether the release was replayed (docs/replay.md), on how much, and what it found. Never replayed is said plainly,
// never as a failure: a replay is evidence a team chooses to give (docs/decisions.md, "The replay's verdict").
function replayLine(replay) {
  if (!replay || !replay.replayed) return '<p class="replay not-replayed muted">Not replayed.</p>';
  const n = (count, one) => count.toLocaleString('en') + ' ' + one + (count === 1 ? '' : 's');
  const found = replay.findings.length
    ? replay.findings.map(f => `<span class="pill ${f.severity === 'breaking' ? 'breaking' : 'replay-' + h(f.severity)}">${h(f.id)}</span> in ${h(n(f.count, 'record'))}`).join(', ')
    : 'nothing';
  return `<p class="replay ${replay.breaking > 0 ? 'replay-breaking' : 'replay-clean'}"><span class="pill ${replay.breaking > 0 ? 'breaking' : 'compatible'}">${replay.breaking > 0 ? 'replay found a break' : 'replayed'}</span>
    on ${h(n(replay.aggregates, 'aggregate'))} and ${h(n(replay.events, 'event'))} <span class="muted">(${when(replay.replayedAt)}, wow-compat ${h(replay.toolVersion)})</span>:
    found ${found}.</p>`;
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
