import {api, enc, fpLink, h, plural, releaseLink, short, show, view, writtenPill} from './dom.js';
import {jsonLines, lineChanges, renderLines, renderSchema} from './json-view.js';
import {renderFieldTable, renderUpgrade, schemaFields, upgradeChanges, wireFieldTable} from './fields.js';
import {renderReport} from './reports.js';
import {readers} from './view-readers.js';
import {wireMarks} from './view-wire.js';

// ---- views: an event's revisions, one revision, and the diff of two ----

// Which releases wrote a revision, first to last (a release writes the highest revision it declares written): the
// current one is written now; an older one was written by those releases and is read, upgraded, since.
function writtenBy(r) {
  const w = r.writtenBy;
  const name = x => (w.first.service !== w.last.service ? x.service + '@' : '') + x.version;
  const by = lead => w ? `<span class="written-by">${lead}by ${h(name(w.first))}${w.last.version !== w.first.version || w.last.service !== w.first.service
      ? ' to ' + h(name(w.last)) : ''} <span class="muted">(${plural(w.releases, 'release')})</span></span>` : '';
  if (r.current) return `${writtenPill(true)} ${by('')}`;
  if (!r.written) return `${writtenPill(false)}${w ? '; ' + by('written ') : ''}`;
  return w ? `<span class="pill was-written">no longer written</span>: ${by('written ')}`
    : '<span class="pill was-written">never written</span> <span class="muted">(each release declaring it writes a later revision)</span>';
}

export async function revisions(name) {
  const {revisions: list, current} = await api('/events/' + enc(name) + '/revisions');
  const options = list.map(r => `<option value="${r.revision}">@${r.revision}</option>`).join('');
  const schemaHistory = r => r.schemas.map((x, i) => `<li class="revision-schema" data-fingerprint="${x.fingerprint}">${fpLink(x.fingerprint)}
      <span class="muted">${h(x.firstRelease.version)}${x.lastRelease.version !== x.firstRelease.version ? ' – ' + h(x.lastRelease.version) : ''}
      (${plural(x.releases, 'release')})</span>
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
        <td class="revision-written">${writtenBy(r)}</td>
        <td>${r.upgradesFrom ? '@' + r.upgradesFrom : '<span class="muted">none</span>'}</td>
        <td><ul class="schema-history">${schemaHistory(r)}</ul></td>
        <td>${base ? `<a class="diff-link" href="#/diff/${enc(name)}/${base}/${r.revision}">upgrade @${base} → @${r.revision}</a>` : ''}</td></tr>`;
    }).join('')}</table>
    <h2>On the wire</h2>
    <div id="wire-marks" data-type="${h(name)}"><p class="muted">Loading what the environments' wires found…</p></div>
    <div id="readers" data-event="${h(name)}"><p class="muted">Loading who writes and who reads it…</p></div>
    <h2>Compare any two</h2>
    <form class="diff-controls card" id="compare">
      <div><label for="from">From</label><br><select id="from">${options}</select></div>
      <div><label for="to">To</label><br><select id="to">${options}</select></div>
      <button type="submit">Compare</button>
    </form>`);
  if (list.length > 1) document.getElementById('to').value = list[list.length - 1].revision;
  wireMarks(name).catch(() => {
    const place = document.getElementById('wire-marks');
    if (place && place.dataset.type === name) place.innerHTML = '<p class="muted">What the wires found cannot be read now.</p>';
  });
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

export async function revision(name, n) {
  const r = await api('/events/' + enc(name) + '/revisions/' + enc(n));
  const addedIn = await fieldsAddedIn(r);
  show(`<h1>${h(name)}@${r.revision} ${r.current ? '<span class="pill current-pill">current</span>' : ''}</h1>
    <div class="card" id="revision-card">First release ${releaseLink(r.firstRelease.service, r.firstRelease.version)} · ${writtenBy(r)}
      · upgrades from ${r.upgradesFrom ? '@' + r.upgradesFrom : 'none'} · fingerprint <span class="fp">${h(r.fingerprint)}</span>
      · <a href="#/event/${enc(name)}">all revisions</a></div>
    <h2>Fields</h2>${renderFieldTable(r.schema, addedIn)}
    <details class="schema" id="raw-json"><summary>Raw JSON schema</summary>${renderSchema(r.schema, [], 'only')}</details>
    <h2>History</h2><table id="history"><tr><th>Release</th><th>Written</th><th>Fingerprint</th></tr>
    ${r.history.map(x => `<tr><td>${releaseLink(x.service, x.version)}</td><td>${writtenPill(x.written)}</td><td>${fpLink(x.fingerprint)}</td></tr>`).join('')}</table>`);
  wireFieldTable();
}

export async function diff(subject, from, to) {
  const d = await api(`/diff?subject=${enc(subject)}&from=${enc(from)}&to=${enc(to)}`);
  const upgrade = d.kind === 'event' && d.from.revision != null && d.to.revision != null && d.from.revision !== d.to.revision;
  // Between revisions the findings are beside the point (a new revision may change anything): show the upgrade.
  const findings = upgrade ? [] : (d.report.findings || []);
  const compatible = upgrade ? [] : (d.report.changes || []);
  const oldLines = jsonLines(d.from.schema), newLines = jsonLines(d.to.schema);
  const changes = lineChanges(oldLines, newLines);
  const side = (s, name, lines, changed) => `<div class="schema" id="side-${name}"><h3>${h(name === 'from' ? 'From' : 'To')} ${h(s.label)}
      ${s.service ? `<span class="muted">(${h(s.service)}@${h(s.version)})</span>` : ''} <span class="fp">${short(s.fingerprint)}</span></h3>
      ${renderLines(lines, findings, name, changed, compatible, changes.rows.map(row => row[name]))}</div>`;
  show(`<h1>${h(subject)}: ${upgrade ? 'upgrade ' : ''}${h(d.from.label)} → ${h(d.to.label)}</h1>
    ${upgrade ? renderUpgrade(d.from.revision, d.to.revision, upgradeChanges(d.from.schema, d.to.schema))
              : `<div class="card" id="findings">${renderReport(d.report)}</div>`}
    <p class="muted legend"><span class="line removed">removed</span> <span class="line added">added</span>${compatible.length ? ' <span class="line hl-change">compatible change</span>' : ''}</p>
    <div class="sides">${side(d.from, 'from', oldLines, changes.removed)}${side(d.to, 'to', newLines, changes.added)}</div>`);
  // The panes scroll together, so that a row stays beside its counterpart (each pane scrolls on its own otherwise).
  const panes = [...view.querySelectorAll('.sides > .schema')];
  panes.forEach(pane => pane.addEventListener('scroll', () => panes.forEach(other => {
    if (other !== pane && other.scrollTop !== pane.scrollTop) other.scrollTop = pane.scrollTop;
  })));
  // Clicking a finding brings its highlighted lines into view on both sides.
  view.querySelectorAll('.finding').forEach(el => el.onclick = () => {
    view.querySelectorAll('pre.json').forEach(pre => {
      const line = pre.querySelector('.line[class*="hl-"]');
      if (line) line.scrollIntoView({block: 'center'});
    });
  });
}
