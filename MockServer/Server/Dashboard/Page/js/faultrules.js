// Fault rules: faults on every request whose path matches a pattern (GET/POST/PUT/DELETE
// /__admin/faults), so a tester slows or breaks the real app's endpoints without touching its
// URLs. Each rule is a switch named after the rule (on: its faults apply) and a Delete button;
// "Add rule" takes a name, a path pattern and faults, which the fault builder can fill.
import { getJSON, send } from './api.js';
import { h } from './dom.js';

export class FaultRulesPanel {
  /** `builderFaults()` gives the fault builder's faults: {query} or {error}. */
  constructor({ builderFaults }) {
    this.builderFaults = builderFaults;
    this.list = document.getElementById('fault-rules-list');
    this.note = document.getElementById('fault-rules-note');
    this.name = document.getElementById('rule-name');
    this.pattern = document.getElementById('rule-pattern');
    this.faults = document.getElementById('rule-faults');
    this.error = document.getElementById('rule-error');
    document.getElementById('rule-add').addEventListener('click', () => this.add());
    document.getElementById('rule-from-builder').addEventListener('click', () => this.fillFromBuilder());
    for (const field of [this.name, this.pattern, this.faults]) {
      field.addEventListener('input', () => {
        if (field.hasAttribute('aria-invalid')) this.clearError();
      });
    }
  }

  async refresh() {
    let answer;
    try {
      answer = await getJSON('/__admin/faults');
    } catch (error) {
      this.note.textContent = `Could not list the fault rules: ${error.message}`;
      return;
    }
    if (answer.status === 404) {
      this.note.textContent = 'This server has no fault rules API (GET /__admin/faults answered 404).';
      this.show([]);
      return;
    }
    const rules = Array.isArray(answer.json?.faults) ? answer.json.faults : [];
    this.note.textContent = rules.length
      ? `${rules.length} rule${rules.length === 1 ? '' : 's'}, applied in this order to every request they match.`
      : 'No fault rules. Add one to slow or break every request whose path matches a pattern.';
    this.show(rules);
  }

  show(rules) {
    this.list.replaceChildren(...rules.map((rule) => {
      const label = ruleLabel(rule);
      const toggle = h('button', {
        type: 'button', className: 'switch', role: 'switch', 'aria-checked': String(Boolean(rule.enabled)),
        'data-rule': rule.id,
      }, h('span', { className: 'track', 'aria-hidden': 'true' }, h('span', { className: 'thumb' })), label);
      toggle.addEventListener('click', () => this.toggle(rule, toggle, label));
      const remove = h('button', { type: 'button', className: 'quiet danger', 'aria-label': `Delete rule ${label}` }, 'Delete');
      remove.addEventListener('click', () => this.remove(rule, label));
      const target = ruleTarget(rule);
      return h('li', {},
        toggle,
        h('code', { className: 'stub-url', title: target }, target),
        h('span', { className: 'hint' }, rule.faults),
        h('span', { className: 'stub-actions' }, remove));
    }));
  }

  async toggle(rule, toggle, label) {
    const enabled = toggle.getAttribute('aria-checked') !== 'true';
    toggle.setAttribute('aria-busy', 'true');
    const answer = await send('PUT', `/__admin/faults/${encodeURIComponent(rule.id)}`, { ...rule, enabled });
    toggle.removeAttribute('aria-busy');
    if (answer.status === 200) {
      rule.enabled = enabled;
      toggle.setAttribute('aria-checked', String(enabled));
      this.note.textContent = `Rule ${label} is ${enabled ? 'on' : 'off'}.`;
    } else {
      this.note.textContent = `Could not switch rule ${label}: ${errorText(answer)}`;
      await this.refresh();
    }
  }

  async remove(rule, label) {
    const answer = await send('DELETE', `/__admin/faults/${encodeURIComponent(rule.id)}`);
    await this.refresh();
    this.note.textContent = answer.status >= 300 ? `Delete answered ${answer.status}` : `Deleted rule ${label}.`;
    // Focus stays in the region: on the first rule left, else on the name of a new one.
    (this.list.querySelector('[role="switch"]') ?? this.name).focus();
  }

  fillFromBuilder() {
    const result = this.builderFaults();
    if (result.error) {
      this.showError(`The fault builder has a bad value: ${result.error}`, this.faults);
    } else if (!result.query) {
      this.showError('The fault builder has no faults yet: add some there first.', this.faults);
    } else {
      this.clearError();
      this.faults.value = result.query;
    }
  }

  async add() {
    this.clearError();
    const pattern = this.pattern.value.trim();
    const faults = this.faults.value.trim();
    if (!pattern) return this.showError('Give a path pattern, such as /api/.*', this.pattern);
    if (!faults) return this.showError('Give faults, such as delay=2000, or take the fault builder\'s', this.faults);
    const name = this.name.value.trim() || pattern;
    let answer;
    try {
      answer = await send('POST', '/__admin/faults', { name, request: { urlPathPattern: pattern }, faults, enabled: true });
    } catch (error) {
      return this.showError(`Could not send it: ${error.message}`);
    }
    if (answer.status !== 201) {
      const pointer = answer.json?.errors?.[0]?.source?.pointer ?? '';
      const field = pointer.startsWith('/request') ? this.pattern : pointer === '/faults' ? this.faults : pointer === '/name' ? this.name : null;
      return this.showError(`${answer.status}: ${errorText(answer)}`, field);
    }
    this.name.value = '';
    await this.refresh();
    this.note.textContent = `Added rule ${name}.`;
  }

  showError(message, field) {
    this.error.textContent = message;
    if (field) {
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', 'rule-error');
      field.focus();
    }
  }

  clearError() {
    this.error.textContent = '';
    for (const field of [this.name, this.pattern, this.faults]) {
      field.removeAttribute('aria-invalid');
      field.removeAttribute('aria-describedby');
    }
  }
}

/** What a rule is called: its name, else its pattern. */
function ruleLabel(rule) {
  return rule.name || ruleTarget(rule);
}

/** The request a rule matches, as one line. */
function ruleTarget(rule) {
  const request = rule.request ?? {};
  const url = request.url ?? request.urlPath ?? request.urlPathPattern ?? request.urlPattern ?? request.urlPathTemplate ?? 'every request';
  return request.method ? `${request.method} ${url}` : url;
}

/** The detail of a refused call. */
function errorText(answer) {
  const error = answer.json?.errors?.[0];
  return error?.detail ?? error?.title ?? answer.json?.error ?? `the server answered ${answer.status}`;
}
