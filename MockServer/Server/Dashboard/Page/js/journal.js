// Live journal: the requests as they end, newest first, from the event stream. Rendering is
// batched (one animation frame at a time) and virtualized (only the rows in view exist), so the
// full 10,000-record journal and hundreds of requests a second stay smooth.
import { formatBytes, h, outcomeClass, statusClass } from './dom.js';

/** The server's journal capacity: older records fall off here too. */
const CAPACITY = 10000;
/** Rows rendered above and below the visible ones. */
const OVERSCAN = 6;
/** Rows in the DOM at most. */
const MAX_ROWS = 160;
const COLUMNS = ['method', 'path', 'query', 'status', 'bytes', 'ms', 'fault', 'outcome', 'connection'];
const KNOWN_OUTCOMES = [
  'ok', 'reset', 'truncated', 'stalled', 'client-closed', 'timeout', 'shutdown', 'error', 'empty-reply', 'garbage', 'bad-chunk',
];

export class JournalPanel {
  constructor({ onOpen }) {
    this.onOpen = onOpen;
    this.records = [];  // oldest first, at most CAPACITY
    this.visible = [];  // the records the filters let through, oldest first
    this.held = [];     // arrived while paused
    this.paused = false;
    this.pathFilter = '';
    this.outcomeFilter = '';
    this.outcomes = new Set();
    this.active = null; // the record whose row takes the keyboard focus
    this.pool = [];
    this.frame = 0;
    this.busyMs = 0;    // time spent taking in records and drawing rows (the browser tests read it)
    this.table = document.getElementById('requests');
    this.viewport = document.getElementById('requests-viewport');
    this.spacer = document.getElementById('requests-spacer');
    this.empty = document.getElementById('requests-empty');
    this.count = document.getElementById('journal-count');
    this.pauseButton = document.getElementById('journal-pause');
    this.outcomeSelect = document.getElementById('filter-outcome');
    for (const outcome of KNOWN_OUTCOMES) this.addOutcome(outcome);
    this.measure();
    this.viewport.addEventListener('scroll', () => this.schedule(), { passive: true });
    new ResizeObserver(() => { this.measure(); this.schedule(); }).observe(this.viewport);
    document.getElementById('filter-path').addEventListener('input', (event) => {
      this.pathFilter = event.target.value.trim().toLowerCase();
      this.refilter();
    });
    this.outcomeSelect.addEventListener('change', () => {
      this.outcomeFilter = this.outcomeSelect.value;
      this.refilter();
    });
    this.pauseButton.addEventListener('click', () => this.setPaused(!this.paused));
    this.viewport.addEventListener('keydown', (event) => this.key(event));
    this.viewport.addEventListener('click', (event) => {
      const row = event.target.closest('[role="row"]');
      if (row?.record) this.open(row.record);
    });
  }

  /** The whole journal (at the start, after a reset, after a reconnection). */
  snapshot(records) {
    this.records = records.slice(-CAPACITY);
    this.held = [];
    for (const record of this.records) this.addOutcome(record.outcome);
    this.refilter();
    this.updatePauseLabel();
  }

  /** Records that just ended (oldest first). */
  append(batch) {
    if (this.paused) {
      this.held.push(...batch);
      if (this.held.length > CAPACITY) this.held.splice(0, this.held.length - CAPACITY);
      this.updatePauseLabel();
      return;
    }
    this.add(batch);
  }

  add(batch) {
    const started = performance.now();
    let shown = 0;
    for (const record of batch) {
      this.addOutcome(record.outcome);
      this.records.push(record);
      if (this.matches(record)) {
        this.visible.push(record);
        shown += 1;
      }
    }
    const overflow = this.records.length - CAPACITY;
    if (overflow > 0) {
      for (const record of this.records.splice(0, overflow)) record.gone = true;
      let gone = 0;
      while (gone < this.visible.length && this.visible[gone].gone) gone += 1;
      if (gone) this.visible.splice(0, gone);
    }
    // Newest rows go on top: a reader scrolled down keeps the rows they were reading in place.
    if (shown && this.viewport.scrollTop > 0) this.viewport.scrollTop += shown * this.rowHeight;
    this.schedule();
    this.busyMs += performance.now() - started;
  }

  setPaused(paused) {
    this.paused = paused;
    this.pauseButton.setAttribute('aria-pressed', String(paused));
    if (!paused && this.held.length) {
      const held = this.held;
      this.held = [];
      this.add(held);
    }
    this.updatePauseLabel();
  }

  updatePauseLabel() {
    this.pauseButton.textContent = this.paused ? `Resume${this.held.length ? ` (${this.held.length} new)` : ''}` : 'Pause';
    this.schedule();
  }

  matches(record) {
    if (this.outcomeFilter === '!ok') {
      if (record.outcome === 'ok' && record.status < 400 && record.status !== 0) return false;
    } else if (this.outcomeFilter && record.outcome !== this.outcomeFilter) {
      return false;
    }
    if (!this.pathFilter) return true;
    const target = record.query ? `${record.path}?${record.query}` : record.path;
    return target.toLowerCase().includes(this.pathFilter);
  }

  refilter() {
    this.visible = this.records.filter((record) => this.matches(record));
    this.schedule();
  }

  addOutcome(outcome) {
    if (!outcome || this.outcomes.has(outcome)) return;
    this.outcomes.add(outcome);
    this.outcomeSelect.append(h('option', { value: outcome }, outcome));
  }

  measure() {
    const value = parseFloat(getComputedStyle(this.table).getPropertyValue('--row-height'));
    this.rowHeight = Number.isFinite(value) && value > 0 ? value : 30;
  }

  schedule() {
    if (!this.frame) this.frame = requestAnimationFrame(() => { this.frame = 0; this.render(); });
  }

  /** The record shown at display position `index` (0: the newest). */
  at(index) {
    return this.visible[this.visible.length - 1 - index];
  }

  indexOf(record) {
    const position = this.visible.lastIndexOf(record);
    return position < 0 ? -1 : this.visible.length - 1 - position;
  }

  render() {
    const started = performance.now();
    this.draw();
    this.busyMs += performance.now() - started;
  }

  draw() {
    const total = this.visible.length;
    const height = this.rowHeight;
    this.spacer.style.height = `${total * height}px`;
    this.table.setAttribute('aria-rowcount', String(total + 1));
    this.empty.hidden = this.records.length > 0;
    const filtered = total === this.records.length ? '' : ` of ${this.records.length}`;
    this.count.textContent = `${total}${filtered} request${this.records.length === 1 ? '' : 's'}`;
    const first = Math.max(0, Math.floor(this.viewport.scrollTop / height) - OVERSCAN);
    // (Bounded even if a style change ever let the viewport grow to the whole list.)
    const wanted = Math.min(MAX_ROWS, Math.ceil(this.viewport.clientHeight / height) + 2 * OVERSCAN);
    const last = Math.min(total, first + wanted);
    while (this.pool.length < last - first) this.pool.push(this.makeRow());
    if (!this.active || this.active.gone || this.indexOf(this.active) < 0) this.active = this.at(first) ?? null;
    const hadFocus = this.viewport.contains(document.activeElement);
    let activeRow = null;
    for (let slot = 0; slot < this.pool.length; slot += 1) {
      const row = this.pool[slot];
      const index = first + slot;
      if (index >= last) {
        row.hidden = true;
        row.record = null;
        continue;
      }
      const record = this.at(index);
      row.hidden = false;
      row.style.transform = `translateY(${index * height}px)`;
      row.setAttribute('aria-rowindex', String(index + 2));
      if (row.record !== record) this.fill(row, record);
      const isActive = record === this.active;
      row.tabIndex = isActive ? 0 : -1;
      if (isActive) activeRow = row;
    }
    if (!activeRow && this.pool.length && last > first) this.pool[0].tabIndex = 0;
    if (hadFocus && activeRow && document.activeElement !== activeRow) activeRow.focus({ preventScroll: true });
  }

  makeRow() {
    const cells = COLUMNS.map((column) => h('span', { role: 'cell', className: `c-${column === 'connection' ? 'conn' : column}` }));
    const row = h('div', { role: 'row', className: 'row', tabindex: '-1' }, cells);
    row.cells = Object.fromEntries(COLUMNS.map((column, index) => [column, cells[index]]));
    this.spacer.append(row);
    return row;
  }

  fill(row, record) {
    row.record = record;
    const cells = row.cells;
    cells.method.textContent = record.method;
    // A proxied request is marked with an arrow; the title names the upstream URL.
    cells.path.textContent = record.proxiedTo ? `${record.path} →` : record.path;
    cells.path.title = record.proxiedTo ? `${record.path}\nproxied to ${record.proxiedTo}` : record.path;
    cells.query.textContent = record.query;
    cells.query.title = record.query;
    cells.status.textContent = record.status ? String(record.status) : '–';
    cells.status.className = `c-status s-${statusClass(record.status)}`;
    cells.bytes.textContent = formatBytes(record.bytes);
    cells.ms.textContent = String(record.ms);
    // Faults from fault rules are marked with how many rules applied; the title lists their ids.
    const rules = record.faultRules ?? [];
    const ruleNote = rules.length ? ` [${rules.length} rule${rules.length === 1 ? '' : 's'}]` : '';
    cells.fault.textContent = record.fault + ruleNote;
    cells.fault.title = rules.length ? `${record.fault}\nfault rules: ${rules.join(', ')}` : record.fault;
    cells.outcome.textContent = record.outcome;
    cells.outcome.className = `c-outcome badge ${outcomeClass(record.outcome, record.status)}`;
    cells.connection.textContent = `#${record.connection}`;
  }

  key(event) {
    const row = event.target.closest('[role="row"]');
    if (!row?.record) return;
    const index = this.indexOf(row.record);
    const page = Math.max(1, Math.floor(this.viewport.clientHeight / this.rowHeight) - 1);
    let target = null;
    switch (event.key) {
      case 'ArrowDown': target = index + 1; break;
      case 'ArrowUp': target = index - 1; break;
      case 'PageDown': target = index + page; break;
      case 'PageUp': target = index - page; break;
      case 'Home': target = 0; break;
      case 'End': target = this.visible.length - 1; break;
      case 'Enter': case ' ':
        event.preventDefault();
        this.open(row.record);
        return;
      default: return;
    }
    event.preventDefault();
    target = Math.max(0, Math.min(this.visible.length - 1, target));
    this.active = this.at(target);
    const top = target * this.rowHeight;
    if (top < this.viewport.scrollTop) this.viewport.scrollTop = top;
    else if (top + this.rowHeight > this.viewport.scrollTop + this.viewport.clientHeight) {
      this.viewport.scrollTop = top + this.rowHeight - this.viewport.clientHeight;
    }
    this.render();
    const focused = this.pool.find((candidate) => candidate.record === this.active);
    focused?.focus({ preventScroll: true });
  }

  open(record) {
    this.active = record;
    this.onOpen(record);
  }
}
