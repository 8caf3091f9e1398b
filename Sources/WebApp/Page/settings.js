// The settings screen: the "Show avatars" switch.

import { post, ui } from "./page.js";

function onSettingsDisplay(data) {
  if (typeof data.showsAvatars === "boolean") ui.avatars.checked = data.showsAvatars;
}

ui.avatars.addEventListener("change", () => post({ type: "settings.toggle", on: ui.avatars.checked }));

/** The settings' events, by name. */
export const settingsHandlers = { "settings.display": onSettingsDisplay };
