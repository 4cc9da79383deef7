import {acceptedWrites, api, enc, envLink, h, plural, releaseLink, show, when, writerAt} from './dom.js';
import {paged} from './paging.js';
import {wirePanel} from './view-wire.js';

// ---- environments: what runs where, and what ran before ----

export async function environments() {
  const {environments: list} = await api('/environments');
  show(`<h1>Environments</h1>
    <p class="muted">Where releases run, as their deployments were recorded (<code>wow-compat record-deployment</code>).</p>
    ${list.length ? `<table id="environments"><tr><th>Environment</th><th>Running</th><th>Last change</th><th></th></tr>
      ${list.map(e => `<tr class="environment" data-environment="${h(e.name)}"><td>${envLink(e.name)}</td>
        <td>${plural(e.running, 'release')}</td><td>${when(e.updatedAt)}</td>
        <td><a class="can-deploy-link" href="#/can-deploy///${enc(e.name)}">Can I deploy here?</a></td></tr>`).join('')}</table>`
      : '<p class="muted" id="environments">No deployment recorded yet.</p>'}`);
}

export async function environment(name) {
  const [env, profiled, deployments, wire] = await Promise.all([api('/environments/' + enc(name)), api('/environments/' + enc(name) + '/profiles'),
    acceptedWrites('environment=' + enc(name), '/environments/{env}/deployments'), api('/environments/' + enc(name) + '/wire').catch(() => null)]);
  // Who recorded it, linked to what else they wrote here (the write log's page).
  const recordedBy = d => {
    const who = writerAt(deployments, w => w.service === d.service && w.version === d.version, d.deployedAt);
    return who ? `<a class="write-log-link" href="#/write-log/${enc(who)}//${enc(env.name)}">${h(who)}</a>` : '';
  };
  show(`<h1>${h(env.name)}</h1>
    <p class="muted"><a href="#/environments">All environments</a> · <a class="can-deploy-link" href="#/can-deploy///${enc(env.name)}">Can I deploy here?</a></p>
    <h2>Running now</h2>
    ${env.deployments.length ? '<table id="running"></table>' : '<p class="muted" id="running">Nothing runs here now.</p>'}
    ${env.moreDeployments ? `<p class="muted" id="running-more">${plural(env.moreDeployments, 'more running release')} not listed: the registry answers the first ${env.deployments.length}.</p>` : ''}
    <h2>On the wire</h2>
    ${wirePanel(env.name, wire)}
    <h2>Recent history</h2>
    ${env.history.length ? `<table id="deployment-history"></table>
      <p class="muted">Newest end first; the registry answers the 200 newest.</p>`
      : '<p class="muted" id="deployment-history">No deployment has ended here yet.</p>'}
    <h2>Values written here</h2>
    ${profiled.types.length ? `<table id="profiled-types"><tr><th>Type</th><th>Fields</th><th>Releases profiled</th></tr>
      ${profiled.types.map(t => `<tr class="profiled-type" data-type="${h(t.type)}"><td><a class="values-link" href="#/values/${enc(env.name)}/${enc(t.type)}">${h(t.type)}${t.revision ? '@' + t.revision : ''}</a></td>
        <td>${t.pointers}</td><td>${t.releases.map(h).join(', ')}</td></tr>`).join('')}</table>`
      : '<p class="muted" id="profiled-types">No profile recorded here yet (<code>wow-compat audit --record-profiles</code>).</p>'}`);
  paged('running', '<tr><th>Service</th><th>Version</th><th>Since</th><th>Recorded by</th><th>Replaced</th></tr>', env.deployments,
    d => `<tr class="deployment" data-service="${h(d.service)}"><td><a class="service-link" href="#/service/${enc(d.service)}">${h(d.service)}</a></td>
        <td>${releaseLink(d.service, d.version)}</td><td>${when(d.deployedAt)}</td><td class="recorded-by">${recordedBy(d)}</td>
        <td class="replaced">${d.replaced ? `${releaseLink(d.service, d.replaced.version)} <span class="muted">(ran since ${when(d.replaced.deployedAt)})</span>`
          : '<span class="muted">nothing: first deployment</span>'}</td></tr>`, d => d.service);
  // Bounded (200) but long once a fleet redeploys: drawn fifty at a time too, with a filter by service.
  paged('deployment-history', '<tr><th>Service</th><th>Version</th><th>Deployed</th><th>Recorded by</th><th>Ended</th><th>How it ended</th></tr>', env.history,
    d => `<tr class="ended" data-service="${h(d.service)}"><td>${h(d.service)}</td><td>${releaseLink(d.service, d.version)}</td>
        <td>${when(d.deployedAt)}</td><td class="recorded-by">${recordedBy(d)}</td><td>${when(d.endedAt)}</td><td><span class="pill ended-${h(d.endedBy)}">${h(d.endedBy)}</span></td></tr>`, d => d.service);
}
