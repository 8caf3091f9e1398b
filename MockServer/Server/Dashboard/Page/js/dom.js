// Small helpers shared by the panels: building elements, formatting numbers, outcome colours.

/** Creates an element: h('button', {type: 'button', onclick}, 'Text', child, ...). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else if (name === 'className') {
      element.className = value;
    } else if (name === 'text') {
      element.textContent = value;
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** 1234567 → "1.2 MB". */
export function formatBytes(count) {
  if (!Number.isFinite(count)) return '–';
  if (count < 1000) return `${count} B`;
  if (count < 1_000_000) return `${(count / 1000).toFixed(count < 10_000 ? 1 : 0)} kB`;
  return `${(count / 1_000_000).toFixed(count < 10_000_000 ? 1 : 0)} MB`;
}

/** The colour class of an outcome (journal and probe words alike). */
export function outcomeClass(outcome, status) {
  switch (outcome) {
    case 'ok':
      if (status >= 500) return 'bad';
      if (status >= 400 || status === 0) return 'warn';
      return 'good';
    case 'reset': case 'refused': case 'empty': case 'malformed': case 'error':
    case 'empty-reply': case 'garbage': case 'bad-chunk': return 'bad';
    case 'truncated': case 'cut': case 'stalled': case 'timeout': return 'warn';
    default: return 'neutral';
  }
}

/** A coloured word for an outcome. */
export function outcomeBadge(outcome, status) {
  return h('span', { className: `badge ${outcomeClass(outcome, status)}` }, outcome || '–');
}

/** The colour class of an HTTP status (0: none came). */
export function statusClass(status) {
  if (!status) return 'bad';
  if (status >= 500) return 'bad';
  if (status >= 400) return 'warn';
  if (status >= 300) return 'neutral';
  return 'good';
}

/** Pretty JSON when `text` is JSON, else the text. */
export function prettyText(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Bytes from base64 (the probe's `bodyBase64`). */
export function base64Bytes(text) {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Writes `text` to the clipboard; falls back to selecting it in `input` (http pages on the LAN). */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.focus();
      input.select();
      try { return document.execCommand('copy'); } catch { return false; }
    }
    return false;
  }
}
