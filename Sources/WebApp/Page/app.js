// The page of `testbed web`: it draws what the server's events say and posts what the user does.
// It holds no logic of the screens: the presenters on the server decide everything; this file only
// turns events into DOM and gestures into events (protocol: one EventSource on /events, one
// POST /session/<id>/events per user event). Server data goes into the DOM as text, never as HTML.

const $ = (id) => document.getElementById(id);

const ui = {
  title: $("title"), back: $("back"), refresh: $("refresh"), settings: $("settings"),
  connection: $("connection"), closed: $("closed"),
  screens: { home: $("screen-home"), gallery: $("screen-gallery"), feed: $("screen-feed"), settings: $("screen-settings") },
  banner: $("banner"), scroller: $("scroller"), pull: $("pull"), pullText: $("pull-text"), column: $("column"), cells: $("cells"),
  feedMessage: $("feed-message"), countdown: $("countdown"), tweets: $("tweets"),
  avatars: $("avatars"),
};

/** Milliseconds of the slide-out and move-up animations (the CSS transitions use the same). */
const ANIMATION_MS = 300;
/** If `transitionend` never comes (element hidden, tab in the background), finish after this. */
const ANIMATION_FALLBACK_MS = 600;
/** How far a drag at the top of the list must go down to refresh, in CSS px. */
const PULL_THRESHOLD = 60;

const state = {
  source: null,
  session: null,
  strings: {},
  stack: [],
  top: null,
  posts: Promise.resolve(),
  // Gallery
  layout: null,
  cells: [],          // the cell objects last shown, in order
  elements: [],       // their <li>, in the same order
  refreshing: false,
  lastSize: null,
  visibleTimer: null,
  resizeTimer: null,
};

// MARK: Connection

/**
 * Opens the event stream; EventSource reconnects by itself, and each connection is a new session.
 * A reconnect names the session it had (the browser sends the hello's id as Last-Event-ID; a
 * stream opened again by hand passes `resume`), so the server never lets it take the session
 * from a page opened since: that page keeps it, and this one is told it was replaced.
 */
function connect(resume) {
  const source = new EventSource(resume ? `/events?resume=${encodeURIComponent(resume)}` : "/events");
  state.source = source;
  const handlers = {
    hello: onHello, nav: onNav, closed: onClosed,
    "gallery.display": onGalleryDisplay, "gallery.update": onGalleryUpdate, "gallery.layout": onGalleryLayout,
    "gallery.animateRemoval": onAnimateRemoval, "gallery.moveCellsUp": onMoveCellsUp,
    "gallery.banner": onBanner, "gallery.endRefreshing": onEndRefreshing,
    "feed.display": onFeedDisplay, "feed.countdown": onCountdown, "feed.message": onFeedMessage,
    "settings.display": onSettingsDisplay,
  };
  for (const [name, handler] of Object.entries(handlers)) {
    source.addEventListener(name, (event) => {
      if (source !== state.source) return;
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        console.warn(`testbed web: unreadable ${name} event`);
        return;
      }
      if (data === null || typeof data !== "object") return;
      handler(data);
    });
  }
  source.addEventListener("open", () => {
    if (source === state.source) ui.connection.hidden = true;
  });
  source.addEventListener("error", () => {
    if (source !== state.source) return;
    if (source.readyState === EventSource.CLOSED) {
      // The server refused the stream: EventSource gives up, so try again a little later.
      showConnection(text("disconnected", "Lost the connection to testbed web; reconnecting…"));
      setTimeout(() => { if (state.source === source) connect(state.session); }, 2000);
      return;
    }
    showConnection(text("disconnected", "Lost the connection to testbed web; reconnecting…"));
  });
}

function showConnection(message) {
  ui.connection.textContent = message;
  ui.connection.hidden = false;
}

/** Posts one user event of the current session, in order after the previous ones. */
function post(event) {
  const session = state.session;
  if (!session) return Promise.resolve();
  const body = JSON.stringify(event);
  state.posts = state.posts.then(async () => {
    if (session !== state.session) return;
    try {
      const response = await fetch(`/session/${encodeURIComponent(session)}/events`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body,
      });
      if (!response.ok && response.status !== 409) {
        console.warn(`testbed web: ${event.type} answered ${response.status}`);
      }
    } catch {
      // The connection is gone; the event stream's error handler says so.
    }
  });
  return state.posts;
}

function text(key, fallback) {
  const value = state.strings[key];
  return typeof value === "string" ? value : fallback;
}

function onHello(data) {
  // A new session (first load, or EventSource reconnected): forget everything drawn before.
  state.session = typeof data.session === "string" ? data.session : null;
  state.strings = data.strings && typeof data.strings === "object" ? data.strings : {};
  state.stack = [];
  state.top = null;
  state.posts = Promise.resolve();
  if (data.language === "ru" || data.language === "en") document.documentElement.lang = data.language;
  ui.connection.hidden = true;
  ui.closed.hidden = true;
  applyStrings();
  resetGallery();
  ui.tweets.replaceChildren();
  ui.countdown.textContent = "";
  showFeedMessage(null);
}

function applyStrings() {
  const labels = {
    "back-text": "back", "refresh-text": "refresh", "settings-text": "settings",
    "open-gallery-text": "openGallery", "open-feed-text": "openFeed", "avatars-text": "showAvatars",
  };
  for (const [id, key] of Object.entries(labels)) {
    const value = state.strings[key];
    if (typeof value === "string") $(id).textContent = value;
  }
  ui.pullText.textContent = text("pullMore", "Pull down to refresh");
}

function onClosed(data) {
  const reason = typeof data.reason === "string" && data.reason ? data.reason : text("closed", "This page was opened elsewhere.");
  state.source?.close();
  state.source = null;
  state.session = null;
  ui.connection.hidden = true;
  ui.closed.textContent = reason;
  ui.closed.hidden = false;
  document.body.classList.add("is-closed");
}

// MARK: Navigation

function onNav(data) {
  const stack = Array.isArray(data.stack) ? data.stack.filter((name) => typeof name === "string") : [];
  const top = stack[stack.length - 1] ?? "home";
  const previous = state.top;
  state.stack = stack;
  state.top = top;
  ui.title.textContent = typeof data.title === "string" ? data.title : "Testbed";
  document.title = ui.title.textContent;
  ui.back.hidden = stack.length <= 1;
  ui.refresh.hidden = top !== "gallery";
  ui.settings.hidden = top !== "feed";
  for (const [name, section] of Object.entries(ui.screens)) section.hidden = name !== top;
  if (top === previous) return;

  // Focus follows the screen, unless it is still on something visible (e.g. the Back button).
  const focused = document.activeElement;
  if (previous !== null && (!focused || focused === document.body || focused.closest("[hidden]"))) {
    ui.title.focus({ preventScroll: true });
  }
  if (top === "gallery") {
    resetGallery();
    sendResize(true);
    post({ type: "gallery.load" });
    sendVisible();
  } else if (top === "feed") {
    if (previous !== "settings") {
      ui.tweets.replaceChildren();
      ui.countdown.textContent = "";
      showFeedMessage(null);
    }
    post({ type: "feed.load" });
  }
}

ui.back.addEventListener("click", () => post({ type: "back" }));
$("open-gallery").addEventListener("click", () => post({ type: "open", screen: "gallery" }));
$("open-feed").addEventListener("click", () => post({ type: "open", screen: "feed" }));
ui.settings.addEventListener("click", () => post({ type: "feed.settings" }));
document.addEventListener("keydown", (event) => {
  // Escape goes back, as a phone's back gesture would.
  if (event.key === "Escape" && !ui.back.hidden && !event.defaultPrevented) ui.back.click();
});

// MARK: Gallery

function resetGallery() {
  state.cells = [];
  state.elements = [];
  state.layout = null;
  state.lastSize = null;
  state.refreshing = false;
  ui.cells.replaceChildren();
  ui.cells.style.height = "0px";
  ui.column.style.transform = "";
  ui.pull.classList.remove("visible", "refreshing", "armed");
  showBanner(null);
  ui.scroller.scrollTop = 0;
}

/** The layout to place cells with: the server's, or, until it arrives, the same rule on the width. */
function currentLayout() {
  if (state.layout) return state.layout;
  const width = ui.scroller.clientWidth;
  return { containerWidth: width, cellSide: Math.max(0, width - 20), inset: 10, spacing: 10 };
}

function sendResize(force) {
  if (state.top !== "gallery") return;
  const size = { width: ui.scroller.clientWidth, height: ui.scroller.clientHeight };
  if (!force && state.lastSize && state.lastSize.width === size.width && state.lastSize.height === size.height) return;
  state.lastSize = size;
  post({ type: "gallery.resize", width: size.width, height: size.height });
}

function sendVisible() {
  if (state.top !== "gallery") return;
  post({ type: "gallery.visible", offset: Math.max(0, ui.scroller.scrollTop), height: ui.scroller.clientHeight });
}

new ResizeObserver(() => {
  if (state.top !== "gallery") return;
  clearTimeout(state.resizeTimer);
  state.resizeTimer = setTimeout(() => {
    sendResize(false);
    sendVisible();
  }, 100);
}).observe(ui.scroller);

ui.scroller.addEventListener("scroll", () => {
  if (state.visibleTimer !== null) return;
  state.visibleTimer = setTimeout(() => {
    state.visibleTimer = null;
    sendVisible();
  }, 80);
}, { passive: true });

function onGalleryLayout(data) {
  const number = (value, fallback) => (Number.isFinite(value) && value >= 0 ? value : fallback);
  state.layout = {
    containerWidth: number(data.containerWidth, ui.scroller.clientWidth),
    cellSide: number(data.cellSide, 0),
    inset: number(data.inset, 10),
    spacing: number(data.spacing, 10),
  };
  placeCells();
}

function onGalleryDisplay(data) {
  const cells = Array.isArray(data.cells) ? data.cells.filter((cell) => cell && typeof cell === "object") : [];
  // Keep the <li> of a cell that stays (same id), so its image is not fetched and decoded again.
  const old = new Map();
  state.cells.forEach((cell, index) => {
    const key = String(cell.id);
    if (!old.has(key)) old.set(key, []);
    old.get(key).push(state.elements[index]);
  });
  const elements = cells.map((cell) => {
    const reused = old.get(String(cell.id))?.shift();
    const element = reused ?? createCell();
    fillCell(element, cell);
    return element;
  });
  for (const rest of old.values()) for (const element of rest) element.remove();
  state.cells = cells;
  state.elements = elements;
  elements.forEach((element) => {
    element.classList.remove("animating");
    element.style.transform = "";
  });
  ui.cells.replaceChildren(...elements);
  placeCells();
}

function onGalleryUpdate(data) {
  const index = data.index;
  if (!Number.isInteger(index) || index < 0 || index >= state.elements.length || !data.cell || typeof data.cell !== "object") return;
  state.cells[index] = data.cell;
  fillCell(state.elements[index], data.cell);
  labelCells();
}

function createCell() {
  const element = document.createElement("li");
  element.className = "cell";
  element.tabIndex = 0;
  return element;
}

/** Draws `cell` into `element`: a spinner, the image, or the message and hint. */
function fillCell(element, cell) {
  element.dataset.id = String(cell.id ?? "");
  const kind = cell.state === "loaded" || cell.state === "failed" ? cell.state : "loading";
  element.dataset.state = kind;
  element.setAttribute("aria-busy", kind === "loading" ? "true" : "false");
  if (kind === "loaded") {
    const src = String(cell.image ?? "");
    const current = element.querySelector("img");
    if (current && current.getAttribute("src") === src) return;
    const image = document.createElement("img");
    image.draggable = false;
    image.decoding = "async";
    if (Number.isFinite(cell.width) && Number.isFinite(cell.height)) {
      image.width = cell.width;
      image.height = cell.height;
    }
    image.src = src;
    image.alt = "";
    element.replaceChildren(image);
  } else if (kind === "failed") {
    const message = document.createElement("p");
    message.className = "message";
    message.textContent = String(cell.message ?? "");
    const children = [message];
    if (typeof cell.hint === "string" && cell.hint) {
      const hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = cell.hint;
      children.push(hint);
    }
    element.replaceChildren(...children);
  } else {
    if (element.querySelector(".spinner")) return;
    const spinner = document.createElement("span");
    spinner.className = "spinner";
    spinner.setAttribute("role", "progressbar");
    spinner.setAttribute("aria-label", text("loading", "Loading…"));
    element.replaceChildren(spinner);
  }
}

/** Positions every cell from the layout: cell i at inset + i·(side + spacing). */
function placeCells() {
  const layout = currentLayout();
  const pitch = layout.cellSide + layout.spacing;
  state.elements.forEach((element, index) => {
    element.style.left = `${layout.inset}px`;
    element.style.top = `${layout.inset + index * pitch}px`;
    element.style.width = `${layout.cellSide}px`;
    element.style.height = `${layout.cellSide}px`;
  });
  const count = state.elements.length;
  const height = count > 0 ? 2 * layout.inset + count * layout.cellSide + (count - 1) * layout.spacing : 2 * layout.inset;
  ui.cells.style.height = `${height}px`;
  labelCells();
}

/** Names each cell's position: the list's items are the cells, an image's alt says which one. */
function labelCells() {
  const count = state.elements.length;
  state.elements.forEach((element, index) => {
    element.dataset.index = String(index);
    const image = element.querySelector("img");
    if (image) image.alt = `Image ${index + 1} of ${count}`;
  });
}

/** Runs `finish` once: when `element`'s transform transition ends, or after the fallback delay. */
function whenTransitionEnds(elements, finish) {
  let pending = elements.length;
  let done = false;
  const complete = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    finish();
  };
  const timer = setTimeout(complete, ANIMATION_FALLBACK_MS);
  if (pending === 0) {
    requestAnimationFrame(complete);
    return;
  }
  for (const element of elements) {
    const onEnd = (event) => {
      if (event.target !== element || event.propertyName !== "transform") return;
      element.removeEventListener("transitionend", onEnd);
      pending -= 1;
      if (pending === 0) complete();
    };
    element.addEventListener("transitionend", onEnd);
  }
}

function completion(data) {
  return Number.isInteger(data.completion) && data.completion >= 0 ? data.completion : null;
}

function onAnimateRemoval(data) {
  const token = completion(data);
  if (token === null) return;
  const element = Number.isInteger(data.index) ? state.elements[data.index] : undefined;
  const targets = element ? [element] : [];
  if (element) {
    element.classList.add("animating");
    void element.offsetWidth;  // Start the transition from where the cell is now.
    element.style.transform = `translateX(${ui.scroller.clientWidth}px)`;
  }
  whenTransitionEnds(targets, () => post({ type: "done", completion: token }));
}

function onMoveCellsUp(data) {
  const token = completion(data);
  if (token === null) return;
  const below = Number.isInteger(data.below) ? data.below : state.elements.length;
  const layout = currentLayout();
  const targets = state.elements.slice(below + 1);
  for (const element of targets) {
    element.classList.add("animating");
    void element.offsetWidth;
    element.style.transform = `translateY(${-(layout.cellSide + layout.spacing)}px)`;
  }
  whenTransitionEnds(targets, () => post({ type: "done", completion: token }));
}

function showBanner(message) {
  ui.banner.textContent = message ?? "";
  ui.banner.hidden = !message;
}

function onBanner(data) {
  showBanner(typeof data.text === "string" && data.text ? data.text : null);
}

function onEndRefreshing() {
  state.refreshing = false;
  ui.pull.classList.remove("visible", "refreshing", "armed");
  ui.column.classList.add("settling");
  ui.column.style.transform = "";
  ui.refresh.removeAttribute("aria-busy");
}

/** Shows the refreshing indicator and asks the presenter to refresh. */
function startRefresh() {
  state.refreshing = true;
  ui.pull.classList.add("visible", "refreshing");
  ui.pull.classList.remove("armed");
  ui.pullText.textContent = text("refreshing", "Refreshing…");
  ui.column.classList.add("settling");
  ui.column.style.transform = "translateY(48px)";
  ui.refresh.setAttribute("aria-busy", "true");
  post({ type: "gallery.refresh" });
}

ui.refresh.addEventListener("click", () => {
  ui.scroller.scrollTop = 0;
  startRefresh();
});

// Tap: a click, or Enter or Space on a focused cell; arrows move between cells.
let suppressClick = false;
ui.cells.addEventListener("click", (event) => {
  if (suppressClick) {
    suppressClick = false;
    return;
  }
  const element = event.target.closest("li.cell");
  if (element) tap(element);
});
ui.cells.addEventListener("keydown", (event) => {
  const element = event.target.closest("li.cell");
  if (!element) return;
  const index = state.elements.indexOf(element);
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    tap(element);
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    const next = state.elements[index + (event.key === "ArrowDown" ? 1 : -1)];
    next?.focus();
  }
});

function tap(element) {
  const index = state.elements.indexOf(element);
  if (index >= 0) post({ type: "gallery.tap", index });
}

// Pull to refresh: a drag down while the list is at its top, with a mouse or pen (pointer
// events) or a finger (touch events, so the browser's own scrolling can be held back).
const pull = { startY: null, distance: 0, active: false, pointerId: null };

function pullBegin(y) {
  if (state.refreshing || ui.scroller.scrollTop > 0) return;
  pull.startY = y;
  pull.distance = 0;
  pull.active = false;
}

/** Returns true when the move belongs to the pull (the caller then stops the default). */
function pullMove(y) {
  if (pull.startY === null) return false;
  const distance = y - pull.startY;
  if (!pull.active) {
    if (distance < 8 || ui.scroller.scrollTop > 0) {
      if (distance < -8) pull.startY = null;
      return false;
    }
    pull.active = true;
    ui.column.classList.remove("settling");
    ui.pull.classList.add("visible");
  }
  pull.distance = Math.max(0, distance);
  const armed = pull.distance >= PULL_THRESHOLD;
  ui.pull.classList.toggle("armed", armed);
  ui.pullText.textContent = armed ? text("pullRelease", "Release to refresh") : text("pullMore", "Pull down to refresh");
  ui.column.style.transform = `translateY(${Math.min(pull.distance * 0.6, 120)}px)`;
  return true;
}

function pullEnd() {
  if (pull.startY === null) return;
  const wasActive = pull.active;
  const armed = pull.distance >= PULL_THRESHOLD;
  pull.startY = null;
  pull.active = false;
  if (!wasActive) return;
  suppressClick = true;
  setTimeout(() => { suppressClick = false; }, 0);
  if (armed) {
    startRefresh();
  } else {
    ui.pull.classList.remove("visible", "armed");
    ui.column.classList.add("settling");
    ui.column.style.transform = "";
  }
}

ui.scroller.addEventListener("pointerdown", (event) => {
  if (event.pointerType === "touch" || event.button !== 0) return;
  pullBegin(event.clientY);
  pull.pointerId = event.pointerId;
});
ui.scroller.addEventListener("pointermove", (event) => {
  if (event.pointerType === "touch" || event.pointerId !== pull.pointerId) return;
  if (pullMove(event.clientY)) {
    if (!ui.scroller.hasPointerCapture(event.pointerId)) ui.scroller.setPointerCapture(event.pointerId);
    event.preventDefault();
  }
});
ui.scroller.addEventListener("pointerup", (event) => {
  if (event.pointerType === "touch" || event.pointerId !== pull.pointerId) return;
  pull.pointerId = null;
  pullEnd();
});
ui.scroller.addEventListener("pointercancel", (event) => {
  if (event.pointerType === "touch" || event.pointerId !== pull.pointerId) return;
  pull.pointerId = null;
  pull.distance = 0;
  pullEnd();
});
ui.scroller.addEventListener("touchstart", (event) => {
  if (event.touches.length === 1) pullBegin(event.touches[0].clientY);
}, { passive: true });
ui.scroller.addEventListener("touchmove", (event) => {
  if (event.touches.length === 1 && pullMove(event.touches[0].clientY) && event.cancelable) event.preventDefault();
}, { passive: false });
ui.scroller.addEventListener("touchend", pullEnd);
ui.scroller.addEventListener("touchcancel", () => {
  pull.distance = 0;
  pullEnd();
});

// MARK: Feed

function onFeedDisplay(data) {
  const tweets = Array.isArray(data.tweets) ? data.tweets.filter((tweet) => tweet && typeof tweet === "object") : [];
  ui.tweets.replaceChildren(...tweets.map(tweetRow));
}

function tweetRow(tweet) {
  const row = document.createElement("li");
  row.className = "tweet";
  row.dataset.id = String(tweet.id ?? "");
  const avatar = tweet.avatar;
  if (typeof avatar === "string" && avatar.startsWith("data:image/")) {
    const image = document.createElement("img");
    image.className = "avatar";
    image.src = avatar;
    image.alt = "";
    image.width = 48;
    image.height = 48;
    row.append(image);
  } else if (avatar === "placeholder") {
    const placeholder = document.createElement("span");
    placeholder.className = "avatar placeholder";
    placeholder.setAttribute("aria-hidden", "true");
    row.append(placeholder);
  }
  const body = document.createElement("div");
  body.className = "tweet-body";
  const names = document.createElement("p");
  names.className = "names";
  const name = document.createElement("span");
  name.className = "user-name";
  name.textContent = String(tweet.userName ?? "");
  const handle = document.createElement("span");
  handle.className = "screen-name";
  handle.textContent = `@${String(tweet.screenName ?? "")}`;
  names.append(name, " ", handle);
  const content = document.createElement("p");
  content.className = "text";
  content.textContent = String(tweet.text ?? "");
  body.append(names, content);
  row.append(body);
  return row;
}

function onCountdown(data) {
  ui.countdown.textContent = typeof data.text === "string" ? data.text : "";
}

function showFeedMessage(message) {
  ui.feedMessage.textContent = message ?? "";
  ui.feedMessage.hidden = !message;
}

function onFeedMessage(data) {
  showFeedMessage(typeof data.text === "string" && data.text ? data.text : null);
}

// MARK: Settings

function onSettingsDisplay(data) {
  if (typeof data.showsAvatars === "boolean") ui.avatars.checked = data.showsAvatars;
}

ui.avatars.addEventListener("change", () => post({ type: "settings.toggle", on: ui.avatars.checked }));

connect();
