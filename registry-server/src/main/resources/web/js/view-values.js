import {api, enc, envLink, h, plural, show, span, timesInText, typeLink, when} from './dom.js';

// ---- the values releases wrote: one small chart per numeric field, format shares per string field ----

const FORMAT_COLORS = {'date-time': '#1f5fbf', 'date': '#5b8fd9', 'epoch-seconds': '#9a6700', 'epoch-millis': '#d08a00',
  'uuid': '#6a3fb5', 'decimal': '#188038', 'email': '#00838f', 'other': '#9aa4ae'};
const num = x => Math.abs(x) >= 1e5 || (Math.abs(x) < 0.01 && x !== 0) ? x.toExponential(2) : String(+x.toPrecision(3));

// One slot per release in deployment order; q10–q90 as a band, the median as a dot joined to the next, a dashed line at
// each deployment (red, with the factor, where a drift was found). The scale is log10 of |x|: a unit change is a jump.
// contradicted: release → a declared-meaning-contradicted finding of the wire, drawn as a red frame round its slot.
function valueChart(rows, drifts, deployedAt, contradicted) {
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
      ${contradicted.has(r.release) ? `<rect class="contradicted" data-release="${h(r.release)}" x="${x(i) - slot * 0.42}" width="${slot * 0.84}"
        y="${top}" height="${H - top - bottom}" fill="none" stroke="#b3261e" stroke-width="2" stroke-dasharray="6 3">
        <title>${h(r.release)}: declared-meaning-contradicted in ${plural(h(contradicted.get(r.release).count), 'record')} on the wire</title></rect>
        <text class="contradicted-label" x="${x(i)}" y="${H - bottom - 6}" text-anchor="middle" font-size="11" fill="#b3261e">declared meaning contradicted</text>` : ''}
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

// A code list's drift drawn as the codes each release wrote (its sides' most frequent values, with their counts), in
// deployment order: a code the next release no longer writes, and one it writes new, are marked.
function codeLists(drifts, rank) {
  const sides = new Map();
  for (const d of drifts) for (const x of [d.before, d.after]) if (x && x.values && !sides.has(x.release)) sides.set(x.release, x);
  const rows = [...sides.values()].sort((a, b) => rank(a.release) - rank(b.release));
  return `<table class="code-lists">${rows.map((r, i) => {
    const before = i > 0 ? rows[i - 1].values : null, after = i < rows.length - 1 ? rows[i + 1].values : null;
    return `<tr class="code-row" data-release="${h(r.release)}"><td>${h(r.release)}</td><td class="codes">${Object.entries(r.values).map(([code, n]) => {
      const state = before && !(code in before) ? ' code-new' : after && !(code in after) ? ' code-gone' : '';
      return `<span class="pill code${state}" data-code="${h(code)}" title="${h(plural(n, 'value'))}"><code>${h(code)}</code> ${h(n)}</span>`;
    }).join(' ')}</td></tr>`;
  }).join('')}</table>`;
}

// The wire's declared-meaning-contradicted findings of the type, by the pointer their examples name.
function contradictions(wire) {
  const byPointer = new Map();
  for (const f of (wire ? wire.findings : []).filter(f => f.id === 'declared-meaning-contradicted')) {
    for (const pointer of new Set((f.examples || []).map(e => e.pointer).filter(Boolean))) {
      if (!byPointer.has(pointer)) byPointer.set(pointer, []);
      byPointer.get(pointer).push(f);
    }
  }
  return byPointer;
}

export async function values(envName, typeName) {
  const [p, wire] = await Promise.all([api('/environments/' + enc(envName) + '/profiles/' + enc(typeName)),
    api('/environments/' + enc(envName) + '/wire?type=' + enc(typeName)).catch(() => null)]);
  const contradicted = contradictions(wire);
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
    // A code list is words, all of format "other": its codes say what changed, its formats nothing.
    const codeDrifts = drifts.filter(d => d.id === 'code-list-drift');
    const numeric = g.rows.filter(r => r.number && r.number.q50 != null);
    const strings = g.rows.filter(r => r.string && r.string.count > 0);
    const wireFindings = contradicted.get(g.pointer) || [];
    const byRelease = new Map(wireFindings.map(f => [f.release, f]));
    return `<div class="card value-field${drifts.length || wireFindings.length ? ' drifted' : ''}" data-pointer="${h(g.pointer)}" data-revision="${g.revision}">
      <h3><code>${h(g.pointer || '(the whole payload)')}</code>${g.revision ? ` <span class="muted">@${g.revision}</span>` : ''}</h3>
      ${drifts.map(d => `<div class="finding ${h(d.severity)} drift-finding"><span class="sev-${h(d.severity)}">${h(d.id)}</span> ${h(timesInText(d.message))}</div>`).join('')}
      ${wireFindings.map(f => `<div class="finding ${h(f.severity)} wire-contradiction" data-release="${h(f.release)}"><span class="sev-${h(f.severity)}">${h(f.id)}</span>
        ${plural(h(f.count), 'record')} of ${h(f.release || 'an unknown release')} on the wire, <span class="seen">${span(f.firstSeen, f.lastSeen)}</span>${(f.examples || []).length && f.examples[0].message ? ': ' + h(timesInText(f.examples[0].message)) : ''}
        <a class="wire-finding-link" href="#/wire/${enc(envName)}/${enc(typeName)}">records</a></div>`).join('')}
      ${numeric.length ? valueChart(numeric, drifts, deployedAt, byRelease) : ''}
      ${codeDrifts.length ? `<h4>Codes each release wrote</h4>${codeLists(codeDrifts, rank)}`
        : strings.length ? `<h4>Formats of the strings</h4>${formatBars(strings)}` : ''}
      ${!numeric.length && !strings.length ? '<p class="muted">Only booleans or nulls here.</p>' : ''}</div>`;
  });
  show(`<h1>Values of ${typeLink(p.type)} in ${envLink(p.environment)}</h1>
    <p class="muted">What each release really wrote, as audits recorded it (<code>wow-compat audit --record-profiles</code>).
      Releases in the order they were deployed here; a red deployment is a meaning drift.${p.truncated ? ` Not every field fits in one answer${p.moreFields ? ` (${h(p.moreFields)} more)` : ''}: the API answers one release or revision with <code>?release=</code> or <code>?revision=</code>.` : ''}</p>
    <div id="value-fields">${cards.join('')}</div>`);
}
