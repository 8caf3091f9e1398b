// The page of `testbed web`: it draws what the server's events say and posts what the user does.
// It holds no logic of the screens: the presenters on the server decide everything; the page only
// turns events into DOM and gestures into events (protocol: one EventSource on /events, one
// POST /session/<id>/events per user event). Server data goes into the DOM as text, never as HTML.
//
// This module opens the event stream, starts and ends sessions and follows the navigation; each
// screen is a module of its own (gallery.js with refresh.js, feed.js, settings.js) over the
// shared page.js.

import { feedHandlers, resetFeed } from "./feed.js";
import { galleryHandlers, resetGallery, showGallery } from "./gallery.js";
import { $, post, state, text, ui } from "./page.js";
import { refreshHandlers } from "./refresh.js";
import { pagerHandlers } from "./pager.js";
import { settingsHandlers } from "./settings.js";

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
    ...galleryHandlers, ...refreshHandlers, ...pagerHandlers, ...feedHandlers, ...settingsHandlers,
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
  resetFeed();
}

function applyStrings() {
  const labels = {
    "back-text": "back", "refresh-text": "refresh", "settings-text": "settings",
    "open-gallery-text": "openGallery", "open-feed-text": "openFeed", "avatars-text": "showAvatars",
    "previous-page-text": "previousPage", "next-page-text": "nextPage",
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
    showGallery();
  } else if (top === "feed") {
    if (previous !== "settings") resetFeed();
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

connect();
