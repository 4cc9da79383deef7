import {h, plural} from './dom.js';

// ---- reports: a check's findings, in the words the text report uses ----
// The report's labels (old-readers, new-readers) in the words the text report uses (docs/cli.md, the Breaks: line).
const READERS = {'old-readers': 'old readers', 'new-readers': 'new readers'};

function breaksWords(labels) {
  return 'breaks ' + [].concat(labels).map(l => READERS[l] || l.replace(/-/g, ' ')).join(' and ');
}

export function renderFindings(findings) {
  if (!findings.length) return '<p class="muted" id="no-findings">No findings: the two schemas are compatible.</p>';
  return findings.map(f => `
    <div class="finding ${h(f.severity)}" data-pointer="${h(f.pointer)}" data-rule="${h(f.rule)}">
      <span class="sev-${h(f.severity)}">${h(f.severity)}</span> <code>${h(f.rule)}</code>
      <code>${h(f.subject)}</code> ${f.pointer ? `at <code>${h(f.pointer)}</code>` : ''}
      ${f.breaks && f.breaks.length ? `<span class="muted breaks">${h(breaksWords(f.breaks))}</span>` : ''}
      <div>${h(f.message)}</div>
      ${f.fix ? `<div class="fix">Fix: ${h(f.fix)}</div>` : ''}
    </div>`).join('');
}

export function renderReport(report) {
  if (!report || !report.summary) return '';
  const s = report.summary;
  return `<div><span class="pill ${h(report.verdict)}">${h(report.verdict)}</span>
    <span class="muted">${s.breaking} breaking · ${s.warning} warning · ${s.info} info</span></div>
    ${(report.findings || []).length ? renderFindings(report.findings) : ''}
    ${renderChangelog(report.changes || [])}`;
}

// The report's compatible changes (reports stored before the changelog existed have none).
function renderChangelog(changes) {
  if (!changes.length) return '';
  return `<div class="changelog"><strong>${plural(changes.length, 'compatible change')}</strong>
    <ul class="changelog-list">${changes.map(c => `<li class="change" data-kind="${h(c.kind)}" data-pointer="${h(c.pointer)}">
      <code>${h(c.kind)}</code> <code>${h(c.subject)}</code>${c.pointer ? ` at <code>${h(c.pointer)}</code>` : ''}
      <span class="muted">${h(c.message)}</span></li>`).join('')}</ul></div>`;
}
