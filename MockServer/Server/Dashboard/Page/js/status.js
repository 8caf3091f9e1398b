// Status: the addresses, the Offline switch (the real state, whoever flips it) and Reset.
import { getJSON, send } from './api.js';

export class StatusPanel {
  constructor() {
    this.switch = document.getElementById('offline');
    this.resetButton = document.getElementById('reset');
    this.message = document.getElementById('status-message');
    this.live = document.getElementById('live-state');
    this.offline = null;
    this.streaming = false;
    this.switch.addEventListener('click', () => this.toggle());
    this.resetButton.addEventListener('click', () => this.reset());
    // The event stream reports every turn of the switch; while it is down, ask every second.
    this.poller = setInterval(() => { if (!this.streaming) this.refresh(); }, 1000);
  }

  /** Shows the addresses from the catalog. */
  showCatalog(catalog) {
    const main = document.getElementById('main-url');
    const admin = document.getElementById('admin-url');
    main.textContent = catalog.baseURL;
    main.href = `${catalog.baseURL}/health`;
    admin.textContent = catalog.adminURL;
    admin.href = `${catalog.adminURL}/`;
    const bind = catalog.bind ?? {};
    document.getElementById('bind').textContent =
      [bind.main && `main ${bind.main}`, bind.admin && `admin ${bind.admin}`].filter(Boolean).join(', ') || '–';
  }

  /** The event stream is up (or down). */
  setStreaming(up) {
    this.streaming = up;
    this.live.textContent = up ? 'live' : 'reconnecting…';
    this.live.className = `live ${up ? 'up' : 'down'}`;
    if (!up) this.refresh();
  }

  /** Shows the switch's real state. */
  setOffline(offline) {
    this.offline = offline;
    this.switch.setAttribute('aria-checked', String(offline));
    document.body.classList.toggle('is-offline', offline);
  }

  async refresh() {
    try {
      const answer = await getJSON('/__admin/offline');
      if (answer.json && typeof answer.json.offline === 'boolean') this.setOffline(answer.json.offline);
    } catch {
      this.live.textContent = 'admin port unreachable';
      this.live.className = 'live down';
    }
  }

  async toggle() {
    const wanted = !(this.offline ?? false);
    this.switch.setAttribute('aria-busy', 'true');
    try {
      const answer = await send('POST', '/__admin/offline', { offline: wanted });
      if (answer.status === 200 && typeof answer.json?.offline === 'boolean') {
        this.setOffline(answer.json.offline);
        this.say(answer.json.offline ? 'Main port closed: offline' : 'Main port open again');
      } else {
        this.say(answer.json?.error ?? `The switch answered ${answer.status}`, true);
      }
    } catch (error) {
      this.say(`Could not switch: ${error.message}`, true);
    } finally {
      this.switch.removeAttribute('aria-busy');
    }
  }

  async reset() {
    try {
      const answer = await send('POST', '/__admin/reset');
      if (answer.status !== 200) throw new Error(answer.json?.error ?? `answered ${answer.status}`);
      // Scenario states (stubs): a server without stubs answers 404 here, which is fine.
      await send('POST', '/__admin/scenarios/reset').catch(() => null);
      this.say('Journal, flaky counters and scenario states cleared');
    } catch (error) {
      this.say(`Reset failed: ${error.message}`, true);
    }
  }

  say(text, isError = false) {
    this.message.textContent = text;
    this.message.classList.toggle('error', isError);
    clearTimeout(this.sayTimer);
    this.sayTimer = setTimeout(() => { this.message.textContent = ''; }, 5000);
  }
}
