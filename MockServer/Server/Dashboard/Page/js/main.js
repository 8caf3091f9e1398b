// The dashboard: loads the catalog, opens the event stream and hands each panel its part.
import { getJSON, subscribe } from './api.js';
import { BuilderPanel } from './builder.js';
import { CatalogPanel } from './catalog.js';
import { RequestDetail } from './detail.js';
import { FaultRulesPanel } from './faultrules.js';
import { HTTPSPanel } from './https.js';
import { JournalPanel } from './journal.js';
import { RecordingPanel } from './recording.js';
import { StatusPanel } from './status.js';
import { StubsPanel } from './stubs.js';

const status = new StatusPanel();
const builder = new BuilderPanel();
const use = (path) => builder.use(path);
const catalog = new CatalogPanel({ onUse: use });
const https = new HTTPSPanel();
const stubs = new StubsPanel({ onChange: (list) => builder.showStubs(list), onUse: use });
const faultRules = new FaultRulesPanel({ builderFaults: () => builder.faultQuery() });
const recording = new RecordingPanel();
const detail = new RequestDetail({ onUse: use });
const journal = new JournalPanel({ onOpen: (record) => detail.show(record) });
// For the console and the browser tests: the panels, e.g. `dashboard.journal.busyMs`.
globalThis.dashboard = { status, builder, catalog, https, stubs, faultRules, recording, journal };

subscribe({
  connection: (up) => status.setStreaming(up),
  snapshot: (data) => {
    status.setStreaming(true);
    status.setOffline(Boolean(data.offline));
    journal.snapshot(Array.isArray(data.requests) ? data.requests : []);
  },
  requests: (records) => journal.append(records),
  offline: (data) => status.setOffline(Boolean(data.offline)),
});

async function loadCatalog() {
  try {
    const answer = await getJSON('/__admin/catalog');
    if (answer.status !== 200 || !answer.json) throw new Error(`GET /__admin/catalog answered ${answer.status}`);
    status.showCatalog(answer.json);
    builder.showCatalog(answer.json);
    catalog.show(answer.json);
    https.show(answer.json);
  } catch (error) {
    document.getElementById('catalog-body').textContent = `Could not load the catalog: ${error.message}`;
    document.getElementById('https-body').textContent = `Could not load the catalog: ${error.message}`;
  }
}

// The journal sticks below the status bar, whose height depends on the width.
const header = document.getElementById('status');
new ResizeObserver(() => {
  document.documentElement.style.setProperty('--header-height', `${header.offsetHeight}px`);
}).observe(header);

loadCatalog();
stubs.refresh();
faultRules.refresh();
recording.refresh();
status.refresh();
