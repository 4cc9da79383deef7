import {failure} from './dom.js';
import {fieldSearch, home, search} from './view-home.js';
import {type} from './view-type.js';
import {diff, revision, revisions} from './view-event.js';
import {service} from './view-service.js';
import {fingerprint} from './view-fingerprint.js';
import {environment, environments} from './view-environment.js';
import {values} from './view-values.js';
import {wire} from './view-wire.js';
import {canDeploy} from './view-can-deploy.js';
import {writeLog} from './view-write-log.js';

// ---- routing ----

const routes = [
  [/^#?\/?$/, () => home()],
  [/^#\/search\/(.*)$/, q => search(q)],
  [/^#\/fields\/(.*)$/, q => fieldSearch(q)],
  [/^#\/type\/([^/]+)$/, n => type(n)],
  [/^#\/event\/([^/]+)$/, n => revisions(n)],
  [/^#\/event\/([^/]+)\/([^/]+)$/, (n, r) => revision(n, r)],
  [/^#\/diff\/([^/]+)\/([^/]+)\/([^/]+)$/, (s, f, t) => diff(s, f, t)],
  [/^#\/service\/([^/]+)$/, n => service(n)],
  [/^#\/service\/([^/]+)\/([^/]+)$/, (n, v) => service(n, v)],
  [/^#\/fingerprint\/([^/]+)$/, fp => fingerprint(fp.trim())],
  [/^#\/environments$/, () => environments()],
  [/^#\/environment\/([^/]+)$/, n => environment(n)],
  [/^#\/values\/([^/]+)\/([^/]+)$/, (e, t) => values(e, t)],
  [/^#\/wire\/([^/]+)$/, e => wire(e)],
  [/^#\/wire\/([^/]+)\/([^/]+)$/, (e, t) => wire(e, t)],
  [/^#\/can-deploy$/, () => canDeploy()],
  [/^#\/can-deploy\/([^/]*)\/([^/]*)\/([^/]*)$/, (s, v, e) => canDeploy(s, v, e)],
  [/^#\/can-deploy\/([^/]*)\/([^/]*)\/([^/]*)\/new$/, (s, v, e) => canDeploy(s, v, e, true)],
  [/^#\/write-log$/, () => writeLog()],
  [/^#\/write-log\/([^/]*)\/([^/]*)\/([^/]*)$/, (p, s, e) => writeLog(p, s, e)],
];

export async function route() {
  const hash = location.hash || '#/';
  for (const [pattern, handler] of routes) {
    const m = hash.match(pattern);
    if (m) {
      // A new view starts at its top: a view is taller or shorter than the one before, whose scroll would hide its head.
      window.scrollTo(0, 0);
      try { await handler(...m.slice(1).map(decodeURIComponent)); } catch (e) { failure(e); }
      document.body.dataset.view = hash.split('/')[1] || 'home';
      performance.mark('view-rendered', {detail: hash}); // when the view is in the document (docs/performance.md)
      return;
    }
  }
  failure({code: 'not-found', message: 'No view at ' + hash});
}
