// Catalog: every route, gallery scenario, image zoo variant and fault the server lists at GET /__admin/catalog;
// each example opens with one click (fetched by the server, shown as a person reads it).
import { probe } from './api.js';
import { h } from './dom.js';
import { probeView } from './probe-view.js';

export class CatalogPanel {
  constructor({ onUse }) {
    this.body = document.getElementById('catalog-body');
    this.onUse = onUse;
  }

  show(catalog) {
    const base = catalog.baseURL;
    const relative = (url) => (url.startsWith(base) ? url.slice(base.length) : url);
    this.body.replaceChildren(
      this.group('Routes', catalog.endpoints.map((row) => ({
        title: row.endpoint, text: row.description, valid: row.valid, example: row.example, path: relative(row.example),
      }))),
      this.group('Gallery scenarios', catalog.scenarios.map((row) => ({
        title: row.name, text: `${row.images.length} images`, example: row.example, path: relative(row.example),
      }))),
      this.group('Image zoo', (catalog.zoo ?? []).map((row) => ({
        title: `${row.format} ${row.variant}`, text: row.summary, valid: `A good loader ${row.advice}.`,
        example: row.example, path: relative(row.example),
      }))),
      this.group('Faults', catalog.faults.map((row) => ({
        title: row.parameter, text: row.description, valid: row.valid, example: row.example, path: relative(row.example),
      }))),
      h('details', { className: 'admin-api' },
        h('summary', {}, 'Admin API'),
        h('ul', { className: 'plain' }, catalog.admin.map((row) =>
          h('li', {}, h('code', {}, row.endpoint), ' ', row.description)))));
  }

  group(title, items) {
    const wide = window.matchMedia('(min-width: 1000px)').matches;
    return h('details', { className: 'group', open: title === 'Routes' && wide },
      h('summary', {}, h('h3', {}, `${title} (${items.length})`)),
      h('ul', { className: 'catalog-items' }, items.map((item) => this.item(item))));
  }

  item(item) {
    const result = h('div', { className: 'result', 'aria-live': 'polite' });
    const open = h('button', {
      type: 'button', className: 'example', 'aria-expanded': 'false',
      'aria-label': `Open ${item.path}`,
    }, item.path);
    open.addEventListener('click', () => this.open(item, open, result));
    const use = h('button', {
      type: 'button', className: 'quiet', 'aria-label': `Use ${item.path} in the fault builder`,
      onclick: () => this.onUse(item.path),
    }, 'Use');
    return h('li', {},
      h('div', { className: 'item-head' }, h('strong', {}, item.title), h('span', { className: 'hint' }, item.text)),
      item.valid ? h('div', { className: 'hint valid' }, item.valid) : null,
      h('div', { className: 'inline example-line' }, open, use),
      result);
  }

  async open(item, button, result) {
    if (button.getAttribute('aria-expanded') === 'true') {
      button.setAttribute('aria-expanded', 'false');
      result.replaceChildren();
      return;
    }
    button.setAttribute('aria-expanded', 'true');
    result.replaceChildren(h('p', { className: 'hint' }, 'Fetching…'));
    try {
      result.replaceChildren(probeView(await probe(item.example, 10000)));
    } catch (error) {
      result.replaceChildren(h('p', { className: 'problem' }, error.message));
    }
  }
}
