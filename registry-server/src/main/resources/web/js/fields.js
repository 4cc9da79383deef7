import {h, releaseLink, view} from './dom.js';
import {escapePointer} from './json-view.js';

// ---- fields: a schema as a table of its properties ----

const MEANING = ['format', 'x-wow-unit', 'x-wow-meaning'];

// Every property at any depth (nested objects, array items, $defs), with its JSON pointer and parent.
export function schemaFields(schema) {
  const out = [];
  // inDefinition: the field belongs to a $defs entry, reached through a $ref rather than by its own path.
  (function walk(node, pointer, parent, depth, inDefinition) {
    if (!node || typeof node !== 'object') return;
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    if (node.properties && typeof node.properties === 'object') {
      for (const [name, p] of Object.entries(node.properties)) {
        const at = pointer + '/properties/' + escapePointer(name);
        out.push({name, pointer: at, parent, depth, schema: p || {}, required: required.has(name), inDefinition});
        walk(p, at, at, depth + 1, inDefinition);
      }
    }
    if (node.items) walk(node.items, pointer + '/items', parent, depth, inDefinition);
    for (const key of ['$defs', 'definitions']) {
      if (node[key] && typeof node[key] === 'object' && pointer === '') {
        for (const [name, d] of Object.entries(node[key])) {
          const at = '/' + key + '/' + escapePointer(name);
          out.push({name: '#/' + key + '/' + name, pointer: at, parent: null, depth: 0, schema: d || {}, required: false, definition: true, inDefinition: true});
          walk(d, at, at, 1, true);
        }
      }
    }
  })(schema, '', null, 0, false);
  return out;
}

function fieldType(p) {
  if (p.$ref) return p.$ref;
  const t = Array.isArray(p.type) ? p.type.join(' | ') : (p.type || (p.enum ? 'enum' : p.const !== undefined ? 'const' : ''));
  return t === 'array' && p.items ? 'array of ' + fieldType(p.items) : t;
}

const fieldValue = v => v === undefined ? '' : `<code>${h(JSON.stringify(v))}</code>`;

// The table: one row per property; a row with properties below it expands them (collapsed past the top level).
export function renderFieldTable(schema, addedIn) {
  const fields = schemaFields(schema);
  if (!fields.length) return '<p class="muted" id="fields">No properties.</p>';
  const hasChildren = new Set(fields.map(f => f.parent).filter(Boolean));
  return `<table id="fields" class="fields"><tr><th>Field</th><th>Type</th><th>Required</th><th>Default</th><th>Unit</th>
    <th>Meaning</th><th>Description</th><th>Added in</th><th>Written</th></tr>
    ${fields.map(f => {
      const p = f.schema;
      const toggle = hasChildren.has(f.pointer) ? `<button type="button" class="expand" aria-expanded="false" data-pointer="${h(f.pointer)}">+</button>` : '<span class="expand-space"></span>';
      const meaning = [p['x-wow-meaning'], p.format ? 'format ' + p.format : null].filter(Boolean).join(' · ');
      return `<tr class="field depth-${Math.min(f.depth, 6)}${f.depth > 0 ? ' collapsed' : ''}${f.definition ? ' definition' : ''}" data-pointer="${h(f.pointer)}" data-parent="${h(f.parent || '')}">
        <td class="field-name">${toggle}<code>${h(f.name)}</code></td><td><code>${h(fieldType(p))}</code></td>
        <td>${f.definition ? '' : f.required ? 'yes' : 'no'}</td><td>${fieldValue(p.default)}</td><td>${h(p['x-wow-unit'] || '')}</td>
        <td>${h(meaning)}</td><td>${h(p.description || p.title || '')}${p.deprecated ? ' <span class="pill">deprecated</span>' : ''}</td>
        <td class="added-in">${addedIn && addedIn[f.pointer] ? releaseLink(addedIn[f.pointer].service, addedIn[f.pointer].version) : ''}</td>
        <td>${f.definition ? '' : p['x-wow-written'] === false ? '<span class="pill staged">staged</span>' : '<span class="pill written">written</span>'}</td></tr>`;
    }).join('')}</table>`;
}

// Expanding a row shows its direct children; collapsing hides everything below it.
export function wireFieldTable() {
  view.querySelectorAll('#fields button.expand').forEach(b => b.onclick = () => {
    const open = b.getAttribute('aria-expanded') !== 'true';
    b.setAttribute('aria-expanded', String(open));
    b.textContent = open ? '−' : '+';
    view.querySelectorAll('#fields tr.field').forEach(row => {
      const p = row.dataset.pointer;
      if (open && row.dataset.parent === b.dataset.pointer) row.classList.remove('collapsed');
      if (!open && p.startsWith(b.dataset.pointer + '/')) {
        row.classList.add('collapsed');
        const inner = row.querySelector('button.expand');
        if (inner) { inner.setAttribute('aria-expanded', 'false'); inner.textContent = '+'; }
      }
    });
  });
}

// What an upgrader from one revision to the next must map, property by property.
export function upgradeChanges(oldSchema, newSchema) {
  // A $defs entry's fields are mapped where a $ref uses them, so only fields on their own path are listed.
  const before = new Map(schemaFields(oldSchema).filter(f => !f.inDefinition).map(f => [f.pointer, f]));
  const after = new Map(schemaFields(newSchema).filter(f => !f.inDefinition).map(f => [f.pointer, f]));
  const added = [], removed = [], retyped = [], remeant = [];
  for (const [p, f] of after) if (!before.has(p)) added.push(f);
  for (const [p, f] of before) {
    const g = after.get(p);
    if (!g) { removed.push(f); continue; }
    if (fieldType(f.schema) !== fieldType(g.schema)) retyped.push({field: g, from: fieldType(f.schema), to: fieldType(g.schema)});
    const meant = [...MEANING, 'default'].filter(k => JSON.stringify(f.schema[k]) !== JSON.stringify(g.schema[k]));
    if (meant.length) remeant.push({field: g, what: meant, from: f.schema, to: g.schema});
  }
  return {added, removed, retyped, remeant};
}

const fieldPath = f => f.pointer.replace(/\/properties\//g, '.').replace(/^\./, '').replace(/\/items/g, '[]');

export function renderUpgrade(from, to, u) {
  const list = (id, title, items, line) => `<div class="upgrade-part" id="${id}"><h3>${title} <span class="muted">(${items.length})</span></h3>
    ${items.length ? '<ul>' + items.map(line).join('') + '</ul>' : '<p class="muted">none</p>'}</div>`;
  return `<div class="card" id="upgrade"><p>Upgrading a stored <strong>@${h(from)}</strong> event to <strong>@${h(to)}</strong>: a new
    revision is where a field may change; this is what the upgrader must map.</p>
    <div class="upgrade-parts">
    ${list('upgrade-added', 'Fields added: give them a value', u.added, f => `<li><code>${h(fieldPath(f))}</code> ${h(fieldType(f.schema))}${f.schema.default !== undefined ? ` (default ${fieldValue(f.schema.default)})` : f.required ? ' <strong>required</strong>' : ''}</li>`)}
    ${list('upgrade-removed', 'Fields removed: drop or carry elsewhere', u.removed, f => `<li><code>${h(fieldPath(f))}</code> ${h(fieldType(f.schema))}</li>`)}
    ${list('upgrade-retyped', 'Fields retyped: convert', u.retyped, r => `<li><code>${h(fieldPath(r.field))}</code> ${h(r.from)} → ${h(r.to)}</li>`)}
    ${list('upgrade-remeant', 'Fields re-meant: convert the value', u.remeant, r => `<li><code>${h(fieldPath(r.field))}</code> ${r.what.map(k => `${h(k)} ${fieldValue(r.from[k]) || 'none'} → ${fieldValue(r.to[k]) || 'none'}`).join(', ')}</li>`)}
    </div></div>`;
}
