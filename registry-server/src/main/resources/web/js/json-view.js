import {h} from './dom.js';

// ---- JSON with pointers: each rendered line knows the JSON pointer of the value it shows ----

export function escapePointer(key) { return String(key).replace(/~/g, '~0').replace(/\//g, '~1'); }

export function jsonLines(value) {
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

// A line as the diff compares it: without the comma that only says whether a sibling follows (adding a property after
// the last one gives the old last line a comma, which changed nothing in it).
const normalized = text => text.replace(/,$/, '');

// Which lines of each side are not in the other (longest common subsequence of the normalized lines), and the rows
// both panes show side by side: a common line beside itself, the removed lines of a gap beside its added ones, and a
// blank filler where one side has fewer, so that the panes stay aligned line by line.
export function lineChanges(oldLines, newLines) {
  const a = oldLines.map(l => normalized(l.text)), b = newLines.map(l => normalized(l.text));
  const n = a.length, m = b.length;
  const common = Array.from({length: n + 1}, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) {
    common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  }
  const removed = new Array(n).fill(true), added = new Array(m).fill(true);
  const rows = [];
  let gapOld = [], gapNew = [];
  const closeGap = () => {
    for (let k = 0; k < Math.max(gapOld.length, gapNew.length); k++) rows.push({from: k < gapOld.length ? gapOld[k] : null, to: k < gapNew.length ? gapNew[k] : null});
    gapOld = []; gapNew = [];
  };
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) { closeGap(); removed[i] = added[j] = false; rows.push({from: i++, to: j++}); }
    else if (j >= m || (i < n && common[i + 1][j] >= common[i][j + 1])) gapOld.push(i++);
    else gapNew.push(j++);
  }
  closeGap();
  return {removed, added, rows};
}

export function renderSchema(schema, findings, side) {
  return renderLines(jsonLines(schema), findings, side, null);
}

// changes: the report's compatible changes, marked on the new side (their pointers point into the new schema).
// layout: the index of the line each row shows, null for a filler row (lineChanges' rows); every line when absent.
export function renderLines(lines, findings, side, changed, changes, layout) {
  const asMarks = side === 'to' ? (changes || []).map(c => ({pointer: c.pointer, severity: 'change'})) : [];
  const marks = markFindings(lines, (findings || []).concat(asMarks));
  const change = side === 'from' ? ' removed' : ' added';
  return '<pre class="json" data-side="' + side + '">' + (layout || lines.map((l, i) => i)).map(i => i == null
      ? '<span class="line filler" aria-hidden="true"> </span>'
      : `<span class="line${marks[i] ? ' hl-' + marks[i] : ''}${changed && changed[i] ? change : ''}" data-pointer="${h(lines[i].pointer)}">${h(lines[i].text)}</span>`).join('') + '</pre>';
}
