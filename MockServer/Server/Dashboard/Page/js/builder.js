// Fault builder: a resource (a catalog route or a stub) plus faults, each with an input that
// knows the fault's valid values (from the catalog, which comes from the server's fault table),
// the URL they make, and Try it. On the catalog's own routes the URL names faults bare
// (`status=503`); anywhere else it writes `fault.status=503`, because on a path a stub answers
// the bare parameters are the app's (`?status=publish`) and only the prefix makes a fault.
import { probe } from './api.js';
import { copyText, h } from './dom.js';
import { probeView } from './probe-view.js';

/** The spelling that makes a query parameter a fault on any path (`fault.delay=2000`). */
const faultPrefix = 'fault.';
const mediaTypes = [
  'text/html', 'text/plain', 'application/json', 'application/octet-stream',
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/heic',
];

export class BuilderPanel {
  constructor() {
    this.base = '';
    this.faults = [];      // the catalog's fault rows, in their order of application
    this.added = new Map(); // parameter → {row, input, item}
    this.stubs = [];
    this.routes = [];
    this.zoo = [];         // the image zoo's variants: {label, path}
    this.resource = document.getElementById('builder-resource');
    this.path = document.getElementById('builder-path');
    this.addSelect = document.getElementById('builder-add');
    this.list = document.getElementById('builder-faults');
    this.url = document.getElementById('builder-url');
    this.problem = document.getElementById('builder-url-problem');
    this.result = document.getElementById('builder-result');
    this.tryButton = document.getElementById('builder-try');
    this.openLink = document.getElementById('builder-open');
    this.timeout = document.getElementById('builder-timeout');
    this.resource.addEventListener('change', () => {
      if (this.resource.value) this.path.value = this.resource.value;
      this.update();
    });
    this.path.addEventListener('input', () => this.update());
    document.getElementById('builder-add-button').addEventListener('click', () => this.addFault(this.addSelect.value));
    document.getElementById('builder-copy').addEventListener('click', async (event) => {
      const copied = await copyText(this.url.value, this.url);
      event.target.textContent = copied ? 'Copied' : 'Copy';
      setTimeout(() => { event.target.textContent = 'Copy'; }, 1500);
    });
    this.tryButton.addEventListener('click', () => this.tryIt());
  }

  /** The catalog arrived: routes, scenarios and faults. */
  showCatalog(catalog) {
    this.base = catalog.baseURL;
    const relative = (url) => (url.startsWith(this.base) ? url.slice(this.base.length) : url);
    this.routes = [
      ...catalog.endpoints.map((row) => ({ label: `${row.endpoint}: ${relative(row.example)}`, path: relative(row.example) })),
      ...catalog.scenarios.map((row) => ({ label: `gallery ${row.name}`, path: relative(row.example) })),
    ];
    this.zoo = (catalog.zoo ?? []).map((row) => ({
      label: `${row.format} ${row.variant}: a good loader ${row.advice}`, path: relative(row.example),
    }));
    this.faults = catalog.faults;
    this.fillResources();
    this.addSelect.replaceChildren(...this.faults.map((row) =>
      h('option', { value: row.parameter }, `${row.parameter}: ${row.valid}`)));
    this.update();
  }

  /** The stubs changed: they are resources too. */
  showStubs(stubs) {
    this.stubs = stubs;
    this.fillResources();
  }

  /** Puts `path` in the builder (the catalog's and stubs' Use buttons). */
  use(path) {
    this.path.value = path;
    this.resource.value = [...this.resource.options].some((option) => option.value === path) ? path : '';
    this.update();
    this.path.focus();
    document.getElementById('builder').scrollIntoView({ block: 'start', behavior: 'smooth' });
  }

  fillResources() {
    const current = this.path.value;
    const routes = h('optgroup', { label: 'Catalog' }, this.routes.map((route) => h('option', { value: route.path }, route.label)));
    const zoo = h('optgroup', { label: 'Image zoo' }, this.zoo.map((variant) => h('option', { value: variant.path }, variant.label)));
    const stubs = h('optgroup', { label: 'Stubs' }, this.stubs.map((stub) =>
      h('option', { value: stub.path ?? '', disabled: !stub.path }, stub.label)));
    this.resource.replaceChildren(
      h('option', { value: '' }, 'Custom path'), routes, ...(this.zoo.length ? [zoo] : []), ...(this.stubs.length ? [stubs] : []));
    this.resource.value = [...this.resource.options].some((option) => option.value === current) ? current : '';
  }

  addFault(parameter) {
    const row = this.faults.find((fault) => fault.parameter === parameter);
    if (!row) return;
    if (this.added.has(parameter)) {
      this.added.get(parameter).input.focus();
      return;
    }
    const id = `fault-${parameter}`;
    const input = this.input(row, id);
    const remove = h('button', { type: 'button', className: 'quiet', 'aria-label': `Remove ${parameter}` }, 'Remove');
    const help = h('span', { className: 'hint', id: `${id}-help` }, `${row.valid}. ${row.description}`);
    input.setAttribute('aria-describedby', `${id}-help`);
    const types = row.kind === 'mediaType'
      ? h('datalist', { id: `${id}-types` }, mediaTypes.map((type) => h('option', { value: type })))
      : null;
    const item = h('li', {},
      h('div', { className: 'fault-line' }, h('label', { for: id }, parameter), input, types,
        row.unit ? h('span', { className: 'unit' }, row.unit) : null, remove),
      help);
    remove.addEventListener('click', () => {
      this.added.delete(parameter);
      item.remove();
      this.update();
      this.addSelect.focus();
    });
    input.addEventListener('input', () => this.update());
    input.addEventListener('change', () => this.update());
    this.added.set(parameter, { row, input, item });
    // Keep the list in the order the faults apply.
    const order = this.faults.map((fault) => fault.parameter);
    const next = [...this.added.keys()]
      .filter((name) => order.indexOf(name) > order.indexOf(parameter))
      .sort((a, b) => order.indexOf(a) - order.indexOf(b))[0];
    this.list.insertBefore(item, next ? this.added.get(next).item : null);
    this.update();
    input.focus();
  }

  /** An input for the fault's kind of value, preset to its catalog example's value. */
  input(row, id) {
    const example = exampleValue(row);
    switch (row.kind) {
      case 'flag':
        return h('input', { id, type: 'checkbox', checked: true, 'data-kind': 'flag' });
      case 'integer':
        return h('input', {
          id, type: 'number', inputmode: 'numeric', step: '1', min: row.minimum, max: row.maximum, required: true,
          value: example ?? row.minimum, 'data-kind': 'integer',
        });
      case 'mediaType':
        return h('input', { id, type: 'text', list: `${id}-types`, required: true, value: example ?? 'text/html', spellcheck: 'false', 'data-kind': 'mediaType' });
      default:
        return h('input', { id, type: 'text', required: true, value: example ?? '', spellcheck: 'false', 'data-kind': 'text' });
    }
  }

  /** The fault's query value, or an error message. */
  value(entry) {
    const { input, row } = entry;
    if (row.kind === 'flag') return { value: input.checked ? '1' : '0' };
    const text = input.value.trim();
    if (row.kind === 'integer') {
      const number = Number(text);
      if (text === '' || !Number.isInteger(number) || number < row.minimum || number > row.maximum) {
        input.setAttribute('aria-invalid', 'true');
        return { error: `${row.parameter} must be ${row.valid}` };
      }
    } else if (text === '') {
      input.setAttribute('aria-invalid', 'true');
      return { error: `${row.parameter} needs ${row.valid}` };
    }
    input.removeAttribute('aria-invalid');
    return { value: text };
  }

  /** Recomputes the URL from the path and the faults. */
  update() {
    const errors = [];
    let path = this.path.value.trim() || '/';
    if (!path.startsWith('/')) path = `/${path}`;
    const [pathOnly, ...rest] = path.split('?');
    const names = new Set(this.added.keys());
    const bare = this.takesBareNames(pathOnly);
    // The path's own parameters stay, but not a fault added here, in either spelling.
    const pairs = rest.join('?').split('&').filter((pair) => {
      const name = pair.split('=')[0];
      return pair && !names.has(name) && !(name.startsWith(faultPrefix) && names.has(name.slice(faultPrefix.length)));
    });
    for (const row of this.faults) {
      const entry = this.added.get(row.parameter);
      if (!entry) continue;
      const result = this.value(entry);
      if (result.error) errors.push(result.error);
      else pairs.push(`${bare ? '' : faultPrefix}${row.parameter}=${encodeValue(result.value)}`);
    }
    const url = `${this.base}${pathOnly}${pairs.length ? `?${pairs.join('&')}` : ''}`;
    this.url.value = url;
    this.openLink.href = url;
    this.problem.textContent = errors.join('; ');
    this.tryButton.disabled = errors.length > 0;
    this.currentURL = errors.length ? null : url;
  }

  /**
   * Whether the URL may name faults bare: only on one of the catalog's routes that no stub may
   * answer (no GET or ANY stub on this path, nor one with a pattern or no URL). Elsewhere a stub
   * answers, or may, and bare names there are the app's parameters.
   */
  takesBareNames(pathOnly) {
    const catalogRoute = this.routes.some((route) => route.path.split('?')[0] === pathOnly);
    const stubbed = this.stubs.some((stub) => (stub.method === 'GET' || stub.method === 'ANY')
      && (!stub.path || stub.path.split('?')[0] === pathOnly));
    return catalogRoute && !stubbed;
  }

  async tryIt() {
    this.update();
    if (!this.currentURL) return;
    this.tryButton.disabled = true;
    this.result.replaceChildren(h('p', { className: 'hint' }, `Fetching ${this.currentURL}…`));
    try {
      this.result.replaceChildren(probeView(await probe(this.currentURL, Number(this.timeout.value))));
    } catch (error) {
      this.result.replaceChildren(h('p', { className: 'problem' }, error.message));
    } finally {
      this.tryButton.disabled = false;
    }
  }
}

/** The value the catalog's example URL gives the fault, if any. */
function exampleValue(row) {
  try {
    return new URL(row.example).searchParams.get(row.parameter);
  } catch {
    return null;
  }
}

/** A query value, percent-encoded but keeping `/` readable (type=text/html). */
function encodeValue(value) {
  return encodeURIComponent(value).replace(/%2F/gi, '/');
}
