// The request detail: everything the journal holds of one request, its headers and body
// included when the server records them.
import { formatBytes, h, outcomeBadge, prettyText } from './dom.js';

export class RequestDetail {
  constructor({ onUse }) {
    this.onUse = onUse;
    this.dialog = document.getElementById('request-detail');
    this.body = document.getElementById('detail-body');
    this.title = document.getElementById('detail-title');
    document.getElementById('detail-close').addEventListener('click', () => this.dialog.close());
    this.dialog.addEventListener('click', (event) => { if (event.target === this.dialog) this.dialog.close(); });
    this.dialog.addEventListener('close', () => this.returnFocus?.focus({ preventScroll: true }));
  }

  show(record) {
    this.returnFocus = document.activeElement;
    const target = record.query ? `${record.path}?${record.query}` : record.path;
    this.title.textContent = `${record.method} ${target}`;
    const facts = [
      ['Status', record.status || 'none sent'],
      ['Outcome', outcomeBadge(record.outcome, record.status)],
      ['Bytes', `${formatBytes(record.bytes)} (${record.bytes})`],
      ['Time', `${record.ms} ms`],
      ['Fault', record.fault || 'none'],
      ['Connection', `#${record.connection}`],
      ['Started', `${record.started} ms after the server started`],
    ];
    if (record.stub) facts.push(['Stub', record.stub]);
    if (record.proxiedTo) facts.push(['Proxied to', record.proxiedTo]);
    const parts = [h('dl', { className: 'facts' }, facts.map(([name, value]) => h('div', {}, h('dt', {}, name), h('dd', {}, value))))];
    if (Array.isArray(record.headers)) {
      const rows = record.headers.map((header) => (Array.isArray(header) ? header : [header.name, header.value]));
      parts.push(h('h3', {}, `Request headers (${rows.length})`),
        rows.length
          ? h('table', { className: 'headers' }, h('tbody', {}, rows.map(([name, value]) => h('tr', {}, h('th', { scope: 'row' }, name), h('td', {}, value)))))
          : h('p', { className: 'hint' }, 'None.'));
    }
    const body = bodyView(record);
    if (body) parts.push(h('h3', {}, 'Request body'), body);
    if (!Array.isArray(record.headers) && body === null) {
      parts.push(h('p', { className: 'hint' }, 'This server does not record request headers and bodies.'));
    }
    if (record.method === 'GET' || record.method === 'HEAD') {
      parts.push(h('p', {}, h('button', {
        type: 'button', onclick: () => { this.dialog.close(); this.onUse(target); },
      }, 'Use in the fault builder')));
    }
    this.body.replaceChildren(...parts);
    if (!this.dialog.open) this.dialog.showModal();
  }
}

function bodyView(record) {
  const size = record.bodySize ?? 0;
  if (record.bodyDropped) return h('p', { className: 'hint' }, `${formatBytes(size)}, dropped to keep the journal within its memory budget.`);
  if (typeof record.body === 'string') {
    if (!record.body && !size) return h('p', { className: 'hint' }, 'Empty.');
    const note = record.bodyTruncated ? h('p', { className: 'hint' }, `First 64 kB of ${formatBytes(size)}.`) : null;
    return h('div', {}, h('pre', { className: 'body' }, prettyText(record.body)), note);
  }
  if (typeof record.bodyBase64 === 'string') {
    return h('p', { className: 'hint' }, `${formatBytes(size || record.bodyBase64.length * 0.75)} of binary data (base64 in the journal).`);
  }
  if (record.bodySize !== undefined) return h('p', { className: 'hint' }, size ? `${formatBytes(size)}` : 'Empty.');
  return null;
}
