import {api, enc, envLink, failure, h, releaseLink, show} from './dom.js';
import {renderFindings} from './reports.js';
import {go} from './navigation.js';

// ---- can I deploy? ----

export async function canDeploy(service, version, environment, isNew = false) {
  const [{services}, {environments: envs}] = await Promise.all([api('/services'), api('/environments')]);
  if (!service && services.length) service = services[0].name;
  show(`<h1>Can I deploy?</h1>
    <p class="muted">A registered release checked against what runs in an environment: the releases it replaces, the consumers
      that read what it writes, the senders of what it handles (<code>GET /can-deploy</code>). The environment is one the registry knows
      (the list offers them); a first deployment to a new one is said so with "New environment".</p>
    <form class="diff-controls card" id="can-deploy-form">
      <div><label for="cd-service">Service</label><br><select id="cd-service" required>
        ${services.map(s => `<option value="${h(s.name)}">${h(s.name)}</option>`).join('')}</select></div>
      <div><label for="cd-version">Version</label><br><select id="cd-version" required></select></div>
      <div><label for="cd-environment">Environment</label><br><input id="cd-environment" type="text" list="cd-environments" required
        autocomplete="off" spellcheck="false" placeholder="e.g. staging" value="${h(environment || '')}">
        <datalist id="cd-environments">${envs.map(e => `<option value="${h(e.name)}">`).join('')}</datalist>
        <div class="muted" id="cd-environment-hint"></div></div>
      <div><label><input id="cd-new" type="checkbox"${isNew ? ' checked' : ''}> New environment (a first deployment there)</label></div>
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
  const envBox = document.getElementById('cd-environment'), newBox = document.getElementById('cd-new');
  // Said as it is typed: a name the registry does not know is a typo or a new environment, never silently a first deployment.
  const known = new Set(envs.map(e => e.name));
  const hint = () => {
    const typed = envBox.value.trim();
    document.getElementById('cd-environment-hint').textContent = !typed || known.has(typed) ? ''
      : `The registry knows no environment '${typed}'` + (newBox.checked ? ': checked as a first deployment there.' : ': tick "New environment" if it is a first deployment there.');
  };
  envBox.oninput = hint; newBox.onchange = hint; hint();
  if (service) serviceBox.value = service;
  await loadVersions(version);
  serviceBox.onchange = () => loadVersions().catch(failure);
  document.getElementById('can-deploy-form').onsubmit = e => {
    e.preventDefault();
    const target = `#/can-deploy/${enc(serviceBox.value)}/${enc(versionBox.value)}/${enc(envBox.value.trim())}${newBox.checked ? '/new' : ''}`;
    go(target);
  };
  if (service && version && environment) await canDeployReport(service, version, environment, isNew);
}

async function canDeployReport(service, version, environment, isNew) {
  const out = document.getElementById('can-deploy-result');
  let report;
  try {
    report = await api(`/can-deploy?service=${enc(service)}&version=${enc(version)}&environment=${enc(environment)}${isNew ? '&newEnvironment=true' : ''}`);
  } catch (e) {
    if (e.code === 'wow-compat.environment.not-found') {
      out.innerHTML = unknownEnvironment(service, version, environment, e.problem);
      return;
    }
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

// The registry's refusal of an environment it does not know: the near names and the known ones as checks to run, and
// the same check as a first deployment (docs/api.md, "GET /can-deploy").
function unknownEnvironment(service, version, environment, problem) {
  const check = (env, suffix = '') => `#/can-deploy/${enc(service)}/${enc(version)}/${enc(env)}${suffix}`;
  const links = names => names.map(n => `<a class="cd-known" href="${check(n)}">${h(n)}</a>`).join(', ');
  const near = problem.nearest || [], known = problem.environments || [];
  return `<div class="card error" id="can-deploy-problem" data-code="wow-compat.environment.not-found">
      <strong>Unknown environment</strong>: no deployment was ever recorded in <code>${h(environment)}</code>, so the registry cannot
      say what runs there.
      ${near.length ? `<div id="cd-did-you-mean">Did you mean ${links(near)}?</div>` : ''}
      <div id="cd-known">${known.length ? `The registry knows ${links(known)}${problem.moreEnvironments ? ` and ${problem.moreEnvironments} more` : ''}.`
        : 'The registry knows no environment yet.'}</div>
      <div class="fix"><a id="cd-as-new" href="${check(environment, '/new')}">Check it as a first deployment to ${h(environment)}</a>
        (nothing runs there yet).</div></div>`;
}
