// ---- going to a view: the one way a view sends the reader to another address ----

// Setting the address draws its view (app.js routes on every hashchange); asking again for the address already shown
// draws it anew, as a resubmitted form expects. Views import this, never the router, so no module imports its importer.
export function go(hash) {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}
