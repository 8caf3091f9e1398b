// How a fetched answer is shown (the catalog's examples and the fault builder's Try it):
// status, size, time and outcome first, then the body as a person reads it.
import { base64Bytes, formatBytes, h, outcomeBadge, prettyText, statusClass } from './dom.js';

const blobURLs = new WeakMap();

/** The summary and body of a POST /__admin/try answer. */
export function probeView(result) {
  const summary = h('p', { className: 'summary' },
    h('span', { className: `badge ${statusClass(result.status)}`, 'data-field': 'status' },
      result.status ? String(result.status) : 'no status'),
    h('span', { 'data-field': 'bytes' }, formatBytes(result.bytes)),
    h('span', { 'data-field': 'ms' }, `${result.ms} ms`),
    h('span', { 'data-field': 'outcome' }, outcomeBadge(result.outcome, result.status)));
  const parts = [summary];
  if (result.detail) parts.push(h('p', { className: 'detail' }, result.detail));
  parts.push(bodyView(result));
  if (result.headers?.length) {
    parts.push(h('details', {},
      h('summary', {}, `Response headers (${result.headers.length})`),
      h('pre', { className: 'headers' }, result.headers.map(([name, value]) => `${name}: ${value}`).join('\n'))));
  }
  const view = h('div', { className: 'probe' }, parts);
  return view;
}

function bodyView(result) {
  if (!result.bodyKept) return h('p', { className: 'hint' }, result.bytes ? 'The body is not kept.' : 'No body.');
  const note = result.bodyTruncated
    ? h('p', { className: 'hint' }, `First ${formatBytes(result.bodyKept)} of ${formatBytes(result.bytes)} shown.`)
    : null;
  const type = (result.contentType || '').toLowerCase();
  if (result.bodyBase64 !== undefined) {
    if (type.startsWith('image/') && result.outcome === 'ok' && !result.bodyTruncated) {
      const blob = new Blob([base64Bytes(result.bodyBase64)], { type: type.split(';')[0] });
      const url = URL.createObjectURL(blob);
      const image = h('img', { src: url, alt: `The image at ${result.url}`, className: 'preview' });
      image.addEventListener('load', () => {
        image.title = `${image.naturalWidth}×${image.naturalHeight}`;
        URL.revokeObjectURL(url);
      });
      image.addEventListener('error', () => {
        image.replaceWith(h('p', { className: 'problem' }, 'The browser cannot decode this image.'));
        URL.revokeObjectURL(url);
      });
      blobURLs.set(image, url);
      return h('div', {}, image, note);
    }
    return h('div', {}, h('p', { className: 'hint' },
      `${type || 'binary'} body, ${formatBytes(result.bodyKept)}${type.startsWith('image/') ? ' (incomplete, not shown)' : ''}`), note);
  }
  return h('div', {}, h('pre', { className: 'body' }, prettyText(result.body ?? '')), note);
}
