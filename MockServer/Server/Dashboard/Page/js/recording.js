// Recording: start and stop WireMock's recorder (POST /__admin/recordings/start|stop) against a
// target URL, and see its status and the count of mappings captured (GET
// /__admin/recordings/status). What no stub answers is proxied to the target while it records;
// stopping writes the mappings under the server's --root-dir and serves them.
import { getJSON, send } from './api.js';

export class RecordingPanel {
  constructor() {
    this.target = document.getElementById('recording-target');
    this.start = document.getElementById('recording-start');
    this.stop = document.getElementById('recording-stop');
    this.status = document.getElementById('recording-status');
    this.count = document.getElementById('recording-count');
    this.error = document.getElementById('recording-error');
    this.start.addEventListener('click', () => this.begin());
    this.stop.addEventListener('click', () => this.end());
    this.target.addEventListener('input', () => this.clearError());
    this.target.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !this.start.disabled) this.begin();
    });
  }

  async refresh() {
    let answer;
    try {
      answer = await getJSON('/__admin/recordings/status');
    } catch (error) {
      this.status.textContent = `Could not read the recording status: ${error.message}`;
      return;
    }
    const state = answer.json?.status ?? 'Unknown';
    const recording = state === 'Recording';
    this.status.textContent = { NeverStarted: 'Not recording', Recording: 'Recording', Stopped: 'Stopped' }[state] ?? state;
    this.count.textContent = String(answer.json?.captured ?? 0);
    this.start.disabled = recording;
    this.stop.disabled = !recording;
    this.target.disabled = recording;
    // While it records, the count follows the exchanges captured.
    if (recording && !this.timer) this.timer = setInterval(() => this.refresh(), 1000);
    if (!recording && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  async begin() {
    this.clearError();
    const target = this.target.value.trim();
    if (!target) return this.showError('Give the real API\'s base URL, such as https://api.example.com');
    const answer = await send('POST', '/__admin/recordings/start', { targetBaseUrl: target });
    if (answer.status !== 200) return this.showError(`${answer.status}: ${errorText(answer)}`);
    await this.refresh();
    this.stop.focus();
  }

  async end() {
    this.clearError();
    const answer = await send('POST', '/__admin/recordings/stop');
    if (answer.status !== 200) {
      this.showError(`${answer.status}: ${errorText(answer)}`);
    } else {
      await this.refresh();
      const count = answer.json?.mappings?.length ?? 0;
      this.count.textContent = String(count);
      this.status.textContent = `Stopped: ${count} mapping${count === 1 ? '' : 's'} written and served`;
    }
    this.start.focus();
  }

  showError(message) {
    this.error.textContent = message;
    this.target.setAttribute('aria-invalid', 'true');
    this.target.focus();
  }

  clearError() {
    this.error.textContent = '';
    this.target.removeAttribute('aria-invalid');
  }
}

/** The detail of a refused call. */
function errorText(answer) {
  const error = answer.json?.errors?.[0];
  return error?.detail ?? error?.title ?? answer.json?.error ?? `the server answered ${answer.status}`;
}
