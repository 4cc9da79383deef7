import {api, enc, envLink, h, plural, releaseLink, revisionList} from './dom.js';

// ---- an event's readers: who writes it, who reads which revisions, and what that means in each environment ----

function renderReaders(r) {
  const span = s => `<li class="span">${h(s.firstVersion)}${s.lastVersion !== s.firstVersion ? ' – ' + h(s.lastVersion) : ''}
    <span class="muted">(${plural(s.releases, 'release')})</span>: declares ${revisionList(s.revisions)}
    · ${s.writes != null ? `writes <strong>@${s.writes}</strong>` : '<span class="muted">writes none</span>'}</li>`;
  const reads = (current, revisions) => `reads ${revisionList(revisions)}${current != null && !revisions.includes(current)
      ? ` <span class="pill breaking lagging" title="the producer running here writes @${current}">does not read @${current}</span>` : ''}`;
  return `<h2>Producer</h2>
    <table id="producers"><tr><th>Service</th><th>Releases declaring it</th></tr>
    ${r.producers.map(p => `<tr class="producer" data-service="${h(p.service)}"><td><a class="service-link" href="#/service/${enc(p.service)}">${h(p.service)}</a>
      <span class="muted">${plural(p.releases, 'release')}</span></td>
      <td><ul class="spans">${p.spans.map(span).join('')}</ul></td></tr>`).join('')}</table>
    <h2>Consumers</h2>
    ${r.consumers.length ? `<table id="consumers"><tr><th>Service</th><th>Newest release</th><th>Running</th></tr>
      ${r.consumers.map(c => `<tr class="consumer" data-service="${h(c.service)}"><td><a class="service-link" href="#/service/${enc(c.service)}">${h(c.service)}</a></td>
        <td class="newest">${c.newest ? `${releaseLink(c.service, c.newest.version)} reads ${revisionList(c.newest.revisions)}` : '<span class="muted">does not read it</span>'}</td>
        <td><ul class="running-readers">${c.running.map(x => `<li data-environment="${h(x.environment)}">${envLink(x.environment)}: ${h(x.version)} reads ${revisionList(x.revisions)}</li>`).join('')
          || '<li class="muted">runs nowhere</li>'}</ul></td></tr>`).join('')}</table>`
      : '<p class="muted" id="consumers">No registered release says it reads this event (<code>consumes</code> in its Manifest).</p>'}
    <h2>In each environment</h2>
    ${r.environments.length ? `<table id="event-environments"><tr><th>Environment</th><th>Producer running</th><th>Current revision</th><th>Consumers running</th></tr>
      ${r.environments.map(e => `<tr class="event-environment" data-environment="${h(e.name)}"><td>${envLink(e.name)}</td>
        <td>${e.producers.map(p => `${releaseLink(p.service, p.version)} ${p.writes != null ? 'writes @' + p.writes : '<span class="muted">writes none</span>'}`).join('<br>')
          || '<span class="muted">none runs here</span>'}</td>
        <td class="environment-current">${e.current != null ? `<strong>@${e.current}</strong>` : '<span class="muted">none</span>'}</td>
        <td><ul class="environment-readers">${e.consumers.map(c => `<li data-service="${h(c.service)}">${releaseLink(c.service, c.version)} ${reads(e.current, c.revisions)}</li>`).join('')
          || '<li class="muted">none</li>'}</ul></td></tr>`).join('')}</table>
      <p class="muted">The current revision in an environment is the highest one the producer's release running there writes: the one its consumers there meet.</p>`
      : '<p class="muted" id="event-environments">No deployment recorded yet.</p>'}`;
}

// Filled in after the revisions are shown, so that the event page is not slower to appear (docs/performance.md).
export async function readers(name) {
  const r = await api('/events/' + enc(name) + '/readers');
  const place = document.getElementById('readers');
  if (place && place.dataset.event === name) place.innerHTML = renderReaders(r);
}
