import {api, enc, envLink, failure, h, releaseLink, show} from './dom.js';
import {renderFindings} from './reports.js';
import {route} from './router.js';

// ---- can I deploy? ----

export async function canDeploy(service, version, environment) {
  const [{services}, {environments: envs}] = await Promise.all([api('/services'), api('/environments')]);
  if (!service && services.length) service = services[0].name;
  show(`<h1>Can I deploy?</h1>
    <p class="muted">A registered release checked against what runs in an environment: the releases it replaces, the consumers
      that read what it writes, the senders of what it handles (<code>GET /can-deploy</code>). An environment with nothing recorded is a first deployment.</p>
    <form class="diff-controls card" id="can-deploy-form">
      <div><label for="cd-service">Service</label><br><select id="cd-service" required>
        ${services.map(s => `<option value="${h(s.name)}">${h(s.name)}</option>`).join('')}</select></div>
      <div><label for="cd-version">Version</label><br><select id="cd-version" required></select></div>
      <div><label for="cd-environment">Environment</label><br><input id="cd-environment" type="text" list="cd-environments" required
        autocomplete="off" spellcheck="false" placeholder="e.g. staging" value="${h(environment || '')}">
        <datalist id="cd-environments">${envs.map(e => `<option value="${h(e.name)}">`).join('')}</datalist></div>
      <button type="submit">Check</button>
    </form>
    <div id="can-deploy-result"></div>`);
  const serviceBox = document.getElementById('cd-service'), versionBox = document.getElementById('cd-version');
  // A service's versions, newest first: the one most often asked about.
  const loadVersions = async (wanted) => {
    const {releases} = serviceBox.value ? await api('/services/' + enc(serviceBox.value) + '/releases') : {releases: []};
    versionBox.innerHTML = releases.slice().reverse().map(r => `<option value="${h(r.version)}">${h(r.version)}</option>`).join('');
    if (wanted && releases.some(r => r.version === wanted)) versionBox.value = wanted;
  };
  if (service) serviceBox.value = service;
  await loadVersions(version);
  serviceBox.onchange = () => loadVersions().catch(failure);
  document.getElementById('can-deploy-form').onsubmit = e => {
    e.preventDefault();
    const target = `#/can-deploy/${enc(serviceBox.value)}/${enc(versionBox.value)}/${enc(document.getElementById('cd-environment').value.trim())}`;
    if (location.hash === target) route(); else location.hash = target;
  };
  if (service && version && environment) await canDeployReport(service, version, environment);
}

async function canDeployReport(service, version, environment) {
  const out = document.getElementById('can-deploy-result');
  let report;
  try {
    report = await api(`/can-deploy?service=${enc(service)}&version=${enc(version)}&environment=${enc(environment)}`);
  } catch (e) {
    const noRoute = e.code === 'wow-compat.request.not-found';
    out.innerHTML = `<div class="card error" id="can-deploy-problem" data-code="${h(e.code || '')}"><strong>${h(e.code || 'error')}</strong>: ${h(e.message)}
      ${noRoute ? '<div class="fix">This registry has no <code>GET /can-deploy</code>: it is older than the can-deploy check.</div>' : ''}</div>`;
    return;
  }
  const s = report.summary || {breaking: 0, warning: 0, info: 0};
  out.innerHTML = `<div class="card" id="can-deploy-verdict" data-deployable="${report.deployable ? 'yes' : 'no'}">
      <span class="pill ${report.deployable ? 'compatible' : 'breaking'}">${report.deployable ? 'deployable' : 'not deployable'}</span>
      ${releaseLink(service, version)} to ${envLink(report.environment || environment)}
      · verdict <span class="pill ${h(report.verdict)}">${h(report.verdict)}</span>
      <span class="muted">${s.breaking} breaking · ${s.warning} warning · ${s.info} info</span></div>
    <div id="can-deploy-findings">${(report.findings || []).length ? renderFindings(report.findings)
      : '<p class="muted" id="no-findings">No findings: nothing running there is broken by it.</p>'}</div>
    ${(report.waived || []).length ? `<h2>Waived</h2><div id="can-deploy-waived">${renderFindings(report.waived)}</div>` : ''}`;
}
