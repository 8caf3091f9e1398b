// Stubs: the WireMock mappings the server holds (GET/POST/DELETE /__admin/mappings,
// POST /__admin/mappings/reset). A mapping the server refuses shows its 422 detail next to the
// field it came from.
import { getJSON, send } from './api.js';
import { h } from './dom.js';

export class StubsPanel {
  constructor({ onChange, onUse }) {
    this.onChange = onChange;
    this.onUse = onUse;
    this.list = document.getElementById('stubs-list');
    this.note = document.getElementById('stubs-note');
    this.field = document.getElementById('stub-json');
    this.error = document.getElementById('stub-error');
    document.getElementById('stubs-refresh').addEventListener('click', () => this.refresh());
    document.getElementById('stubs-reset').addEventListener('click', () => this.resetRuntime());
    document.getElementById('stub-add').addEventListener('click', () => this.add());
    this.field.addEventListener('input', () => {
      if (this.field.hasAttribute('aria-invalid')) this.clearError();
    });
  }

  async refresh() {
    let answer;
    try {
      answer = await getJSON('/__admin/mappings');
    } catch (error) {
      this.note.textContent = `Could not list the stubs: ${error.message}`;
      return;
    }
    if (answer.status === 404) {
      this.note.textContent = 'This server has no stubs API (GET /__admin/mappings answered 404).';
      this.show([]);
      return;
    }
    const mappings = Array.isArray(answer.json?.mappings) ? answer.json.mappings : [];
    this.note.textContent = mappings.length
      ? `${mappings.length} stub${mappings.length === 1 ? '' : 's'}, matched before the catalog.`
      : 'No stubs yet. Paste a WireMock mapping below, or start the server with --root-dir.';
    this.show(mappings);
  }

  show(mappings) {
    const stubs = mappings.map(describe);
    this.list.replaceChildren(...stubs.map((stub) => {
      const remove = h('button', { type: 'button', className: 'quiet danger', 'aria-label': `Delete stub ${stub.label}` }, 'Delete');
      remove.addEventListener('click', () => this.remove(stub));
      const use = h('button', {
        type: 'button', className: 'quiet', disabled: !stub.path, 'aria-label': `Use stub ${stub.label} in the fault builder`,
        onclick: () => this.onUse(stub.path),
      }, 'Use');
      return h('li', {},
        h('span', { className: 'stub-method' }, stub.method),
        h('code', { className: 'stub-url', title: stub.label }, stub.target),
        h('span', { className: 'hint' }, stub.status ? `→ ${stub.status}` : ''),
        stub.name ? h('span', { className: 'hint stub-name' }, stub.name) : null,
        h('span', { className: 'stub-actions' }, use, remove));
    }));
    this.onChange(stubs);
  }

  async add() {
    this.clearError();
    const text = this.field.value.trim();
    if (!text) {
      this.showErrors([{ title: 'Paste a mapping first', detail: 'a JSON object with "request" and "response"' }]);
      return;
    }
    let answer;
    try {
      answer = await send('POST', '/__admin/mappings', text);
    } catch (error) {
      this.showErrors([{ title: `Could not send it: ${error.message}` }]);
      return;
    }
    if (answer.status === 200 || answer.status === 201) {
      this.field.value = '';
      await this.refresh();
      this.note.textContent = `Added stub ${answer.json?.id ?? ''}`.trim();
      return;
    }
    const errors = Array.isArray(answer.json?.errors) && answer.json.errors.length
      ? answer.json.errors
      : [{ title: answer.json?.error ?? `The server answered ${answer.status}`, detail: answer.json ? '' : answer.text.slice(0, 300) }];
    this.showErrors(errors, answer.status);
  }

  async remove(stub) {
    const answer = await send('DELETE', `/__admin/mappings/${encodeURIComponent(stub.id)}`);
    if (answer.status >= 300) this.note.textContent = answer.json?.error ?? `Delete answered ${answer.status}`;
    await this.refresh();
  }

  async resetRuntime() {
    const answer = await send('POST', '/__admin/mappings/reset');
    await this.refresh();
    if (answer.status >= 300) this.note.textContent = answer.json?.error ?? `Reset answered ${answer.status}`;
    else this.note.textContent = `${this.note.textContent} Runtime stubs removed.`;
  }

  showErrors(errors, status) {
    this.field.setAttribute('aria-invalid', 'true');
    this.error.replaceChildren(...errors.map((error) => {
      const pointer = error.source?.pointer;
      const line = h('p', {},
        status ? h('span', { className: 'badge bad' }, String(status)) : null, ' ',
        h('strong', {}, error.title ?? 'Refused'),
        error.detail ? `: ${error.detail}` : '');
      if (pointer) {
        const locate = h('button', { type: 'button', className: 'link', 'aria-label': `Show ${pointer} in the mapping` }, pointer);
        locate.addEventListener('click', () => this.select(pointer));
        line.append(' at ', locate);
      }
      return line;
    }));
  }

  /** Selects the JSON key a pointer such as /request/urlPathPattern names. */
  select(pointer) {
    const key = pointer.split('/').filter(Boolean).pop();
    const index = key ? this.field.value.indexOf(`"${key}"`) : -1;
    this.field.focus();
    if (index >= 0) this.field.setSelectionRange(index, index + key.length + 2);
  }

  clearError() {
    this.field.removeAttribute('aria-invalid');
    this.error.replaceChildren();
  }
}

/** What the list shows of a WireMock mapping. */
function describe(mapping) {
  const request = mapping.request ?? {};
  const target = request.url ?? request.urlPath ?? request.urlPathPattern ?? request.urlPattern ?? 'any URL';
  const concrete = request.url ?? request.urlPath ?? null;
  const method = request.method ?? 'ANY';
  return {
    id: mapping.id ?? mapping.uuid,
    name: mapping.name,
    method,
    target,
    path: concrete && (method === 'GET' || method === 'ANY') ? concrete : null,
    status: mapping.response?.status ?? 200,
    label: `${mapping.name ? `${mapping.name} ` : ''}${method} ${target}`,
  };
}
