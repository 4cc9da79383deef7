// The registry's web page: plain JavaScript modules over the HTTP API, no build step. This entry wires the header's
// search boxes and starts the router; js/router.js maps each address to its view, one module per view in
// js/view-*.js (docs/architecture.md, "The web page"). Every view has its own address (#/type/..., #/fields/...,
// #/event/..., #/diff/..., #/service/..., #/fingerprint/..., #/environments, #/environment/..., #/values/ENV/TYPE,
// #/wire/ENV[/TYPE], #/can-deploy/..., #/write-log[/PRINCIPAL/SERVICE/ENVIRONMENT]), so a view can be bookmarked or pasted into a ticket.
import {enc} from './js/dom.js';
import {route} from './js/router.js';

let searchTimer;
document.getElementById('search').addEventListener('input', e => {
  clearTimeout(searchTimer);
  const q = e.target.value.trim();
  searchTimer = setTimeout(() => { if (q) location.hash = '#/search/' + enc(q); }, 250);
});
document.getElementById('search-form').onsubmit = e => {
  e.preventDefault();
  const q = document.getElementById('search').value.trim();
  if (q) location.hash = '#/search/' + enc(q);
};
document.getElementById('field-form').onsubmit = e => {
  e.preventDefault();
  const q = document.getElementById('field-search').value.trim();
  if (q) location.hash = '#/fields/' + enc(q);
};
function lookUpFingerprint() {
  const fp = document.getElementById('fingerprint-input').value.trim().toLowerCase();
  if (fp) location.hash = '#/fingerprint/' + enc(fp);
}
document.getElementById('fingerprint-form').onsubmit = e => { e.preventDefault(); lookUpFingerprint(); };
document.getElementById('fingerprint-input').addEventListener('paste', () => setTimeout(lookUpFingerprint, 0));
window.addEventListener('hashchange', route);
route();
