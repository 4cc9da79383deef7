import {api, enc, fpLink, h, pills, releaseLink, show, writtenPill} from './dom.js';
import {wireMarks} from './view-wire.js';

// ---- views: one type, in every release that declares it ----
export async function type(name) {
  const t = await api('/types/' + enc(name));
  show(`<h1>${h(t.name)}</h1><div>${pills(t.kinds)} <span class="muted">declared by ${h(t.services.join(', '))}</span></div>
    ${t.kinds.includes('event') ? `<p><a class="revisions-link" href="#/event/${enc(t.name)}">Event revisions and diffs →</a></p>` : ''}
    <h2>On the wire</h2>
    <div id="wire-marks" data-type="${h(t.name)}"><p class="muted">Loading what the environments' wires found…</p></div>
    <h2>Fingerprint history</h2>
    ${(t.fingerprints || []).length ? `<table id="fingerprints"><tr><th>Fingerprint</th><th>Kind</th><th>First release</th><th>Releases</th><th></th></tr>
      ${t.fingerprints.map((f, i) => {
        // The schema this one replaced: the previous fingerprint of the same kind and revision.
        const previous = t.fingerprints.slice(0, i).reverse().find(p => p.kind === f.kind && p.revision === f.revision);
        return `<tr><td>${fpLink(f.fingerprint)}</td><td>${h(f.kind)}${f.revision ? '@' + f.revision : ''}</td>
        <td>${releaseLink(f.firstRelease.service, f.firstRelease.version)}</td><td>${h(f.releases.join(', '))}</td>
        <td>${previous ? `<a class="diff-link" href="#/diff/${enc(t.name)}/${previous.fingerprint}/${f.fingerprint}">diff with previous</a>` : ''}</td></tr>`;
      }).join('')}</table>`
      : '<p class="muted">No schema: aggregates and error codes are names only.</p>'}
    <h2>Releases it appears in</h2>
    <table id="appearances"><tr><th>Release</th><th>Kind</th><th>Written</th><th>Fingerprint</th></tr>
      ${t.releases.map(r => `<tr><td>${releaseLink(r.service, r.version)}</td><td>${h(r.kind)}${r.kind === 'event' ? '@' + r.revision : ''}</td>
        <td>${writtenPill(r.written)}</td><td>${fpLink(r.fingerprint)}</td></tr>`).join('')}</table>`);
  wireMarks(t.name).catch(() => {
    const place = document.getElementById('wire-marks');
    if (place && place.dataset.type === t.name) place.innerHTML = '<p class="muted">What the wires found cannot be read now.</p>';
  });
}
