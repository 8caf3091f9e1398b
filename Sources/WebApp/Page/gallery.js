// The gallery screen: six cells placed by the presenter's layout, their images, the banner, the
// slide-out and move-up animations (each reported back with `done`), and taps. Pull to refresh
// and the Refresh button are in refresh.js.

import { post, state, text, ui } from "./page.js";
import { resetPager } from "./pager.js";

/** Milliseconds of the slide-out and move-up animations (the CSS transitions use the same). */
const ANIMATION_MS = 300;
/** If `transitionend` never comes (element hidden, tab in the background), finish after this. */
const ANIMATION_FALLBACK_MS = 600;

/** What the gallery shows: the cells last drawn and the layout they are placed with. */
export const gallery = {
  layout: null,
  cells: [],          // the cell objects last shown, in order
  elements: [],       // their <li>, in the same order
  refreshing: false,
  lastSize: null,
  visibleTimer: null,
  resizeTimer: null,
  suppressClick: false,  // set by a pull that ends over a cell, so its click is no tap
};

/** Opens the gallery screen: an empty column, then the presenter's cells. */
export function showGallery() {
  resetGallery();
  sendResize(true);
  post({ type: "gallery.load" });
  sendVisible();
}

export function resetGallery() {
  gallery.cells = [];
  gallery.elements = [];
  gallery.layout = null;
  gallery.lastSize = null;
  gallery.refreshing = false;
  ui.cells.replaceChildren();
  ui.cells.style.height = "0px";
  ui.column.style.transform = "";
  ui.pull.classList.remove("visible", "refreshing", "armed");
  showBanner(null);
  resetPager();
  ui.scroller.scrollTop = 0;
}

/** The layout to place cells with: the server's, or, until it arrives, the same rule on the width. */
function currentLayout() {
  if (gallery.layout) return gallery.layout;
  const width = ui.scroller.clientWidth;
  return { containerWidth: width, cellSide: Math.max(0, width - 20), inset: 10, spacing: 10 };
}

function sendResize(force) {
  if (state.top !== "gallery") return;
  const size = { width: ui.scroller.clientWidth, height: ui.scroller.clientHeight };
  if (!force && gallery.lastSize && gallery.lastSize.width === size.width && gallery.lastSize.height === size.height) return;
  gallery.lastSize = size;
  post({ type: "gallery.resize", width: size.width, height: size.height });
}

function sendVisible() {
  if (state.top !== "gallery") return;
  post({ type: "gallery.visible", offset: Math.max(0, ui.scroller.scrollTop), height: ui.scroller.clientHeight });
}

new ResizeObserver(() => {
  if (state.top !== "gallery") return;
  clearTimeout(gallery.resizeTimer);
  gallery.resizeTimer = setTimeout(() => {
    sendResize(false);
    sendVisible();
  }, 100);
}).observe(ui.scroller);

ui.scroller.addEventListener("scroll", () => {
  if (gallery.visibleTimer !== null) return;
  gallery.visibleTimer = setTimeout(() => {
    gallery.visibleTimer = null;
    sendVisible();
  }, 80);
}, { passive: true });

function onGalleryLayout(data) {
  const number = (value, fallback) => (Number.isFinite(value) && value >= 0 ? value : fallback);
  gallery.layout = {
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
  gallery.cells.forEach((cell, index) => {
    const key = String(cell.id);
    if (!old.has(key)) old.set(key, []);
    old.get(key).push(gallery.elements[index]);
  });
  const elements = cells.map((cell) => {
    const reused = old.get(String(cell.id))?.shift();
    const element = reused ?? createCell();
    fillCell(element, cell);
    return element;
  });
  for (const rest of old.values()) for (const element of rest) element.remove();
  gallery.cells = cells;
  gallery.elements = elements;
  elements.forEach((element) => {
    element.classList.remove("animating");
    element.style.transform = "";
  });
  ui.cells.replaceChildren(...elements);
  placeCells();
}

function onGalleryUpdate(data) {
  const index = data.index;
  if (!Number.isInteger(index) || index < 0 || index >= gallery.elements.length || !data.cell || typeof data.cell !== "object") return;
  gallery.cells[index] = data.cell;
  fillCell(gallery.elements[index], data.cell);
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
  if (!cell.caption) delete element.dataset.caption;
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
    addCaption(element, cell);
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
    addCaption(element, cell);
  } else {
    if (element.querySelector(".spinner")) return;
    const spinner = document.createElement("span");
    spinner.className = "spinner";
    spinner.setAttribute("role", "progressbar");
    spinner.setAttribute("aria-label", text("loading", "Loading…"));
    element.replaceChildren(spinner);
    addCaption(element, cell);
  }
}

/** The list's caption of a cell (the zoo: variant name and advice), over the cell's foot. */
function addCaption(element, cell) {
  const caption = cell.caption;
  if (!caption || typeof caption !== "object" || typeof caption.title !== "string") return;
  const box = document.createElement("div");
  box.className = "caption";
  const title = document.createElement("span");
  title.className = "caption-title";
  title.textContent = caption.title;
  box.append(title);
  if (typeof caption.advice === "string" && caption.advice) {
    const advice = document.createElement("span");
    advice.className = "caption-advice";
    advice.textContent = caption.advice;
    box.append(advice);
  }
  element.dataset.caption = caption.title;
  element.append(box);
}

/** Positions every cell from the layout: cell i at inset + i·(side + spacing). */
function placeCells() {
  const layout = currentLayout();
  const pitch = layout.cellSide + layout.spacing;
  gallery.elements.forEach((element, index) => {
    element.style.left = `${layout.inset}px`;
    element.style.top = `${layout.inset + index * pitch}px`;
    element.style.width = `${layout.cellSide}px`;
    element.style.height = `${layout.cellSide}px`;
  });
  const count = gallery.elements.length;
  const height = count > 0 ? 2 * layout.inset + count * layout.cellSide + (count - 1) * layout.spacing : 2 * layout.inset;
  ui.cells.style.height = `${height}px`;
  labelCells();
}

/** Names each cell's position: the list's items are the cells, an image's alt says which one. */
function labelCells() {
  const count = gallery.elements.length;
  gallery.elements.forEach((element, index) => {
    element.dataset.index = String(index);
    const image = element.querySelector("img");
    const caption = element.dataset.caption ? `: ${element.dataset.caption}` : "";
    if (image) image.alt = `Image ${index + 1} of ${count}${caption}`;
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
  const element = Number.isInteger(data.index) ? gallery.elements[data.index] : undefined;
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
  const below = Number.isInteger(data.below) ? data.below : gallery.elements.length;
  const layout = currentLayout();
  const targets = gallery.elements.slice(below + 1);
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
// Tap: a click, or Enter or Space on a focused cell; arrows move between cells.
ui.cells.addEventListener("click", (event) => {
  if (gallery.suppressClick) {
    gallery.suppressClick = false;
    return;
  }
  const element = event.target.closest("li.cell");
  if (element) tap(element);
});
ui.cells.addEventListener("keydown", (event) => {
  const element = event.target.closest("li.cell");
  if (!element) return;
  const index = gallery.elements.indexOf(element);
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    tap(element);
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    const next = gallery.elements[index + (event.key === "ArrowDown" ? 1 : -1)];
    next?.focus();
  }
});

function tap(element) {
  const index = gallery.elements.indexOf(element);
  if (index >= 0) post({ type: "gallery.tap", index });
}

/** The gallery's events, by name. */
export const galleryHandlers = {
  "gallery.display": onGalleryDisplay, "gallery.update": onGalleryUpdate, "gallery.layout": onGalleryLayout,
  "gallery.animateRemoval": onAnimateRemoval, "gallery.moveCellsUp": onMoveCellsUp, "gallery.banner": onBanner,
};
