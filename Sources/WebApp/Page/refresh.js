// Refreshing the gallery: the Refresh button, and pull to refresh with a mouse, a pen or a
// finger; the presenter's `gallery.endRefreshing` puts the column back.

import { gallery } from "./gallery.js";
import { post, text, ui } from "./page.js";

/** How far a drag at the top of the list must go down to refresh, in CSS px. */
const PULL_THRESHOLD = 60;

function onEndRefreshing() {
  gallery.refreshing = false;
  ui.pull.classList.remove("visible", "refreshing", "armed");
  ui.column.classList.add("settling");
  ui.column.style.transform = "";
  ui.refresh.removeAttribute("aria-busy");
}

/** Shows the refreshing indicator and asks the presenter to refresh. */
function startRefresh() {
  gallery.refreshing = true;
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

// Pull to refresh: a drag down while the list is at its top, with a mouse or pen (pointer
// events) or a finger (touch events, so the browser's own scrolling can be held back).
const pull = { startY: null, distance: 0, active: false, pointerId: null };

function pullBegin(y) {
  if (gallery.refreshing || ui.scroller.scrollTop > 0) return;
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
  gallery.suppressClick = true;
  setTimeout(() => { gallery.suppressClick = false; }, 0);
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

/** The refresh's event, by name. */
export const refreshHandlers = { "gallery.endRefreshing": onEndRefreshing };
