// The feed screen: the tweets (avatar, names, text, all as text), the countdown and the message
// line of a failed refresh.

import { ui } from "./page.js";

/** Empties the feed (a new session, or the feed opened from the first screen). */
export function resetFeed() {
  ui.tweets.replaceChildren();
  ui.countdown.textContent = "";
  showFeedMessage(null);
}

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

export function showFeedMessage(message) {
  ui.feedMessage.textContent = message ?? "";
  ui.feedMessage.hidden = !message;
}

function onFeedMessage(data) {
  showFeedMessage(typeof data.text === "string" && data.text ? data.text : null);
}

/** The feed's events, by name. */
export const feedHandlers = { "feed.display": onFeedDisplay, "feed.countdown": onCountdown, "feed.message": onFeedMessage };
