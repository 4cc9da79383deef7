import {api, enc, envLink, h, noun, plural, show, span, timesInText, typeLink, when} from './dom.js';

// ---- the wire: what the watchers saw written in an environment (docs/api.md, "GET /environments/{env}/wire") ----

const SEVERITIES = ['breaking', 'warning', 'info'];
// When something was seen: one range, written as every time of the page is, and kept on one line.
const seen = (first, last) => `<span class="seen">${span(first, last)}</span>`;

// Records with a finding, by severity: counts of records, not of finding rows.
function bySeverity(findings) {
  const out = {breaking: 0, warning: 0, info: 0};
  for (const f of findings) if (f.severity in out) out[f.severity] += f.count;
  return out;
}

const example = e => `<li class="wire-example"><code>${h(e.topic)}</code> partition ${h(e.partition)} offset ${h(e.offset)}
  ${e.key != null ? `key <code>${h(e.key)}</code>` : ''} ${e.pointer ? `at <code>${h(e.pointer)}</code>` : ''}${e.message ? `: ${h(timesInText(e.message))}` : ''}</li>`;

// withType: the rows of a page about every type name each row's type; a page about one type says it once, in its title.
function findingRows(env, findings, withExamples, withType) {
  return findings.map(f => `<tr class="wire-finding" data-id="${h(f.id)}" data-type="${h(f.type)}" data-severity="${h(f.severity)}">
    <td><span class="sev-${h(f.severity)}">${h(f.id)}</span></td>${withType ? `<td>${f.type ? typeLink(f.type) : '<span class="muted">unknown</span>'}</td>` : ''}
    <td>${f.release ? h(f.release) : '<span class="muted">no release found</span>'}</td><td class="wire-count">${h(f.count)}</td>
    <td>${seen(f.firstSeen, f.lastSeen)}</td>
    <td>${withExamples ? `<ul class="wire-examples">${(f.examples || []).map(example).join('')}</ul>`
      : `<a class="wire-finding-link" href="#/wire/${enc(env)}${f.type ? '/' + enc(f.type) : ''}">examples</a>`}</td></tr>`).join('');
}

const findingsHead = withType => `<tr><th>Finding</th>${withType ? '<th>Type</th>' : ''}<th>Release</th><th>Records</th><th>Seen</th><th></th></tr>`;

// When the wire was last reset (DELETE /environments/{env}/wire): why its figures may start late or at zero.
const resetNote = w => !w || !w.reset ? '' : `<p class="muted" id="wire-reset" data-at="${h(w.reset.at)}">${w.reset.group
  ? `The positions of group <code>${h(w.reset.group)}</code> were reset` : 'The wire was reset'} ${when(w.reset.at)} by
  <code>${h(w.reset.by)}</code>${w.reset.group ? '; what it counted stays counted' : ': counted from then on'}.</p>`;

// The environment view's "On the wire" panel.
export function wirePanel(env, w) {
  if (!w || !w.since) {
    return `<div class="card" id="wire-panel"><p class="muted" id="wire-none">No window was posted here yet: run
      <code>wow-compat watch --environment ${h(env)}</code> beside the registry to count and judge every record.</p>${resetNote(w)}</div>`;
  }
  const sev = bySeverity(w.findings);
  const more = w.more || {};
  return `<div class="card" id="wire-panel">
    <div class="wire-figures">
      <div class="wire-figure" id="wire-records"><strong>${h(w.records)}</strong> ${noun(w.records, 'record')}</div>
      ${SEVERITIES.map(s => `<div class="wire-figure wire-${s}" id="wire-${s}"><strong class="sev-${s}">${h(sev[s])}</strong> ${s}</div>`).join('')}
      <div class="wire-figure" id="wire-last-window">last window <strong>${when(w.updated)}</strong></div>
    </div>
    <p class="muted">Counted since ${when(w.since)} in ${plural(w.windows, 'window')}; records with a finding, by severity${more.findings ? ` (of the ${plural(w.findings.length, 'finding')} listed)` : ''}.</p>
    ${resetNote(w)}
    ${Object.keys(w.byRelease).length ? `<table id="wire-releases"><tr><th>Written by</th><th>Records</th></tr>
      ${Object.entries(w.byRelease).sort((a, b) => b[1] - a[1]).map(([r, n]) => `<tr class="wire-release" data-release="${h(r)}"><td>${r ? h(r) : '<span class="muted">no release found</span>'}</td><td>${h(n)}</td></tr>`).join('')}</table>` : ''}
    <h3>Findings</h3>
    ${w.findings.length ? `<table id="wire-findings">${findingsHead(true)}${findingRows(env, w.findings, false, true)}</table>
      ${more.findings ? `<p class="muted">and ${h(more.findings)} more</p>` : ''}` : '<p class="muted" id="wire-findings">No finding: every record read as its release declares.</p>'}
    <h3>Watchers</h3>
    ${w.watchers.length ? `<table id="wire-watchers"><tr><th>Member</th><th>Group</th><th>Last window</th></tr>
      ${w.watchers.map(x => `<tr class="wire-watcher"><td><code>${h(x.member)}</code></td><td><code>${h(x.group)}</code></td><td>${when(x.lastWindow)}</td></tr>`).join('')}</table>
      ${more.watchers ? `<p class="muted">and ${h(more.watchers)} more</p>` : ''}` : '<p class="muted">None.</p>'}
  </div>`;
}

// #/wire/ENV and #/wire/ENV/TYPE: the findings with their first examples.
export async function wire(env, type) {
  const w = await api('/environments/' + enc(env) + '/wire' + (type ? '?type=' + enc(type) : ''));
  show(`<h1>On the wire of ${envLink(env)}${type ? ': ' + typeLink(type) : ''}</h1>
    <p class="muted">What the watchers saw written, judged as <code>wow-compat audit</code> judges it; each finding with its first records.
      ${type ? `<a href="#/values/${enc(env)}/${enc(type)}">Values of ${h(type)} →</a>` : ''}</p>
    ${resetNote(w)}
    ${w.findings.length ? `<table id="wire-findings">${findingsHead(!type)}${findingRows(env, w.findings, true, !type)}</table>`
      : '<p class="muted" id="wire-findings">No finding.</p>'}
    <h2>Types carried</h2>
    ${w.carried.length ? `<table id="wire-carried"><tr><th>Kind</th><th>${type ? 'Revision' : 'Type'}</th><th>Records</th><th>Seen</th><th>First record</th></tr>
      ${w.carried.map(c => `<tr class="wire-carried"><td>${h(c.kind)}</td><td>${type ? (c.revision != null ? '@' + h(c.revision) : '<span class="muted">none</span>')
        : typeLink(c.type) + (c.revision != null ? '@' + h(c.revision) : '')}</td>
        <td>${h(c.count)}</td><td>${seen(c.firstSeen, c.lastSeen)}</td>
        <td><code>${h(c.first.topic)}</code> partition ${h(c.first.partition)} offset ${h(c.first.offset)}</td></tr>`).join('')}</table>`
      : '<p class="muted">None.</p>'}`);
}

// Per environment, a mark where the type has findings on the wire or a drift of its values, linking to them.
export async function wireMarks(type) {
  const place = document.getElementById('wire-marks');
  if (!place) return;
  const {environments} = await api('/environments');
  const found = await Promise.all(environments.map(async e => {
    const [w, p] = await Promise.all([api('/environments/' + enc(e.name) + '/wire?type=' + enc(type)).catch(() => null),
      api('/environments/' + enc(e.name) + '/profiles/' + enc(type)).catch(() => null)]);
    return {env: e.name, findings: w ? w.findings : [], drift: p ? p.drift : []};
  }));
  const current = document.getElementById('wire-marks');
  if (current !== place || place.dataset.type !== type) return; // the reader went elsewhere meanwhile
  const marks = found.filter(m => m.findings.length || m.drift.length);
  place.innerHTML = marks.length ? `<ul class="wire-marks">${marks.map(m => {
    const sev = bySeverity(m.findings);
    const worst = SEVERITIES.find(s => sev[s] > 0) || (m.drift.length ? 'breaking' : 'info');
    const findings = m.findings.length ? `<a class="wire-finding-link" href="#/wire/${enc(m.env)}/${enc(type)}">${SEVERITIES.filter(s => sev[s])
      .map(s => `<span class="sev-${s}">${h(sev[s])} ${s}</span>`).join(', ')} on the wire (${m.findings.map(f => h(f.id)).join(', ')})</a>` : '';
    const drift = m.drift.length ? `<a class="drift-link" href="#/values/${enc(m.env)}/${enc(type)}">${m.drift.map(d => h(d.id)).join(', ')}: the values chart</a>` : '';
    return `<li class="wire-mark mark-${worst}" data-environment="${h(m.env)}"><strong>${h(m.env)}</strong> ${[findings, drift].filter(Boolean).join(' · ')}</li>`;
  }).join('')}</ul>` : '<p class="muted" id="wire-clean">No finding on the wire and no drift of its values in any environment.</p>';
}
