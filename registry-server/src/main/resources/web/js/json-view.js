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

// Which lines of each side are not in the other (longest common subsequence of the lines' text): the lines a
// diff shows as removed (old side) and added (new side).
export function lineChanges(oldLines, newLines) {
  const a = oldLines.map(l => l.text), b = newLines.map(l => l.text);
  const n = a.length, m = b.length;
  const common = Array.from({length: n + 1}, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) {
    common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  }
  const removed = new Array(n).fill(true), added = new Array(m).fill(true);
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) { removed[i] = added[j] = false; i++; j++; }
    else if (common[i + 1][j] >= common[i][j + 1]) i++;
    else j++;
  }
  return {removed, added};
}

export function renderSchema(schema, findings, side) {
  return renderLines(jsonLines(schema), findings, side, null);
}

// changes: the report's compatible changes, marked on the new side (their pointers point into the new schema).
export function renderLines(lines, findings, side, changed, changes) {
  const asMarks = side === 'to' ? (changes || []).map(c => ({pointer: c.pointer, severity: 'change'})) : [];
  const marks = markFindings(lines, (findings || []).concat(asMarks));
  const change = side === 'from' ? ' removed' : ' added';
  return '<pre class="json" data-side="' + side + '">' + lines.map((l, i) =>
      `<span class="line${marks[i] ? ' hl-' + marks[i] : ''}${changed && changed[i] ? change : ''}" data-pointer="${h(l.pointer)}">${h(l.text)}</span>`).join('') + '</pre>';
}
