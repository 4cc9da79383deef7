import {api, enc, h, pills, plural, releaseLink, show, typeLink, when} from './dom.js';
import {paged} from './paging.js';

// ---- views: the registry's start page, the type search and the field search ----

export async function home() {
  const {services, more} = await api('/services');
  show(`<h1>Registry</h1>
    <p class="muted">Search a command, event, state or error code above, or paste a <code>schemaFingerprint</code> to see what it is.</p>
    <h2>Services</h2>
    ${services.length ? '<table id="services"></table>'
      : '<p class="muted">No release registered yet. Register one with <code>wow-compat register FILE --registry URL</code>.</p>'}
    ${more ? `<p class="muted" id="services-more">${plural(more, 'more service')} not listed: the registry answers the first ${services.length} by name; search a type above to reach the others.</p>` : ''}`);
  paged('services', '<tr><th>Service</th><th>Releases</th><th>Newest</th><th>Registered</th></tr>', services,
    s => `<tr><td><a class="service-link" href="#/service/${enc(s.name)}">${h(s.name)}</a></td><td>${s.releases}</td>
        <td>${h(s.latestVersion)}</td><td>${when(s.latestRegisteredAt)}</td></tr>`, s => s.name);
}

export async function search(q) {
  document.getElementById('search').value = q;
  const {types} = await api('/types?q=' + enc(q));
  show(`<h1>Types matching “${h(q)}”</h1>
    ${types.length ? `<ul class="results" id="results">${types.map(t => `<li>${typeLink(t.name)} ${pills(t.kinds)}
      ${t.kinds.includes('event') ? `<a class="revisions-link" href="#/event/${enc(t.name)}">revisions</a>` : ''}
      <span class="muted">in ${h(t.services.join(', '))}</span></li>`).join('')}</ul>`
      : '<p class="muted" id="results">No type name contains this text.</p>'}`);
}

export async function fieldSearch(q) {
  document.getElementById('field-search').value = q;
  const {fields} = await api('/fields?q=' + enc(q));
  show(`<h1>Fields matching “${h(q)}”</h1>
    ${fields.length ? `<table id="field-results"><tr><th>Field</th><th>Type</th><th>In</th><th>Kind</th><th>Newest release</th></tr>
      ${fields.map(f => `<tr><td><code>${h(f.field)}</code> <span class="muted">${h(f.pointer)}</span></td><td><code>${h(f.type)}</code></td>
        <td>${f.kind === 'event' ? `<a href="#/event/${enc(f.typeName)}/${f.revision}">${h(f.typeName)}@${f.revision}</a>` : typeLink(f.typeName)}</td>
        <td>${h(f.kind)}</td><td>${releaseLink(f.service, f.version)}</td></tr>`).join('')}</table>`
      : '<p class="muted" id="field-results">No schema has a field whose name contains this text.</p>'}`);
}
