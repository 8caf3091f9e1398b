// What every part of the page of `testbed web` shares: its elements, the session's state, the
// strings the server sent, and the one way to post a user event. Server data goes into the DOM
// as text, never as HTML.

export const $ = (id) => document.getElementById(id);

export const ui = {
  title: $("title"), back: $("back"), refresh: $("refresh"), settings: $("settings"),
  connection: $("connection"), closed: $("closed"),
  screens: { home: $("screen-home"), gallery: $("screen-gallery"), feed: $("screen-feed"), settings: $("screen-settings") },
  banner: $("banner"), scroller: $("scroller"), pull: $("pull"), pullText: $("pull-text"), column: $("column"), cells: $("cells"),
  feedMessage: $("feed-message"), countdown: $("countdown"), tweets: $("tweets"),
  avatars: $("avatars"),
  pager: $("pager"), previousPage: $("previous-page"), nextPage: $("next-page"), pageStatus: $("page-status"),
};

/** The session and what the page shows of it; each screen's module keeps its own state. */
export const state = {
  source: null,
  session: null,
  strings: {},
  stack: [],
  top: null,
  posts: Promise.resolve(),
};

/** Posts one user event of the current session, in order after the previous ones. */
export function post(event) {
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

export function text(key, fallback) {
  const value = state.strings[key];
  return typeof value === "string" ? value : fallback;
}
