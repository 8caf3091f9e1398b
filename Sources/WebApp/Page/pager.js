// The gallery's paging controls, for a list that pages (the zoo): "Previous page" and "Next page"
// buttons (focusable, Enter or Space) and the page's status, read out when it changes. The
// presenter decides everything; the page only shows `gallery.paging` and posts the presses.

import { post, ui } from "./page.js";

/** The page last shown, so a new one scrolls the list back to its top. */
let shownPage = 0;

/** Hides the controls (a new gallery screen starts without them). */
export function resetPager() {
  shownPage = 0;
  ui.pager.hidden = true;
  ui.pageStatus.textContent = "";
  ui.previousPage.disabled = true;
  ui.nextPage.disabled = true;
}

function onPaging(data) {
  const pages = Number.isInteger(data.pages) && data.pages > 0 ? data.pages : 0;
  if (pages === 0) {
    resetPager();
    return;
  }
  const page = Number.isInteger(data.page) && data.page > 0 ? data.page : 1;
  ui.pager.hidden = false;
  ui.pageStatus.textContent = typeof data.status === "string" ? data.status : `${page} / ${pages}`;
  ui.previousPage.disabled = data.canGoBack !== true;
  ui.nextPage.disabled = data.canGoForward !== true;
  ui.pager.dataset.page = String(page);
  ui.pager.dataset.pages = String(pages);
  if (shownPage !== 0 && page !== shownPage) ui.scroller.scrollTop = 0;
  shownPage = page;
}

ui.previousPage.addEventListener("click", () => post({ type: "gallery.previousPage" }));
ui.nextPage.addEventListener("click", () => post({ type: "gallery.nextPage" }));

/** The paging events, by name. */
export const pagerHandlers = { "gallery.paging": onPaging };
