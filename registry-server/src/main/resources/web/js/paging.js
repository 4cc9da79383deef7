// ---- long lists: a page at a time, with a filter box ----

// A fleet's thousand services or running releases are drawn fifty at a time, and a filter narrows them by name
// (docs/deployment.md, "A large fleet"); a list that fits on one page is drawn whole, without the controls.
const PAGE_SIZE = 50;

export function paged(tableId, header, rows, renderRow, nameOf) {
  const table = document.getElementById(tableId);
  // An empty list is a sentence under the same id ("Nothing runs here now."), not a table to fill.
  if (!table || !rows.length) return;
  if (rows.length <= PAGE_SIZE) { table.innerHTML = header + rows.map(renderRow).join(''); return; }
  const controls = document.createElement('div');
  controls.className = 'paging';
  controls.id = tableId + '-paging';
  controls.innerHTML = `<input type="search" class="list-filter" placeholder="Filter ${rows.length} by name" aria-label="Filter by name">
    <button type="button" class="page-prev">‹ Previous</button> <span class="page-info muted"></span>
    <button type="button" class="page-next">Next ›</button>`;
  table.before(controls);
  const [filter, prev, info, next] = ['.list-filter', '.page-prev', '.page-info', '.page-next'].map(c => controls.querySelector(c));
  let page = 0, shown = rows;
  const draw = () => {
    const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
    page = Math.max(0, Math.min(page, pages - 1));
    table.innerHTML = header + shown.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map(renderRow).join('');
    info.textContent = shown.length
      ? `${page * PAGE_SIZE + 1}–${Math.min(shown.length, (page + 1) * PAGE_SIZE)} of ${shown.length}` : 'no name matches';
    prev.disabled = page === 0;
    next.disabled = page >= pages - 1;
  };
  filter.addEventListener('input', () => {
    const q = filter.value.trim().toLowerCase();
    shown = q ? rows.filter(r => nameOf(r).toLowerCase().includes(q)) : rows;
    page = 0;
    draw();
  });
  prev.addEventListener('click', () => { page--; draw(); });
  next.addEventListener('click', () => { page++; draw(); });
  draw();
}
