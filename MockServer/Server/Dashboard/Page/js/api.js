// The admin API as the page uses it: plain same-origin calls a script could make too.

/** GET `path`: {status, json} (json is null when the body is not JSON). */
export async function getJSON(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  return { status: response.status, json: await response.json().catch(() => null) };
}

/** A call with a JSON body (or raw text when `body` is a string): {status, json, text}. */
export async function send(method, path, body) {
  const init = { method, headers: { Accept: 'application/json' }, cache: 'no-store' };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let json = null;
  try { json = JSON.parse(text); } catch { json = null; }
  return { status: response.status, json, text };
}

/** POST /__admin/try: the server fetches `url` (its own main port) and says what came back. */
export async function probe(url, timeout = 10000) {
  const started = performance.now();
  const answer = await send('POST', '/__admin/try', { url, timeout });
  if (answer.status !== 200 || !answer.json) {
    const error = answer.json?.error ?? `POST /__admin/try answered ${answer.status}`;
    throw new Error(error);
  }
  return { ...answer.json, roundTripMs: Math.round(performance.now() - started) };
}

/**
 * GET /__admin/events as server-sent events. Calls handlers.snapshot({offline, requests}),
 * handlers.requests([records]), handlers.offline({offline}), handlers.connection(false) when the
 * stream broke (a snapshot means it is up).
 * EventSource reconnects by itself (the server asks for 1 s); each reconnection starts with a
 * fresh snapshot.
 */
export function subscribe(handlers) {
  const source = new EventSource('/__admin/events');
  const parse = (event) => {
    try { return JSON.parse(event.data); } catch { return null; }
  };
  source.addEventListener('error', () => handlers.connection?.(false));
  source.addEventListener('snapshot', (event) => {
    const data = parse(event);
    if (data) handlers.snapshot?.(data);
  });
  source.addEventListener('requests', (event) => {
    const data = parse(event);
    if (Array.isArray(data)) handlers.requests?.(data);
  });
  source.addEventListener('offline', (event) => {
    const data = parse(event);
    if (data) handlers.offline?.(data);
  });
  return source;
}
