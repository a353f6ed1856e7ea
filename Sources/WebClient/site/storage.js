// The browser's storage, which may refuse (private mode, full, switched off): then what the
// page would keep lasts this page only, and nothing else changes.

/** The string kept under `key` in `area` (localStorage or sessionStorage); null when none, or refused. */
export function stored(area, key) {
  try { return area.getItem(key); } catch { return null; }
}

/** The value kept as JSON under `key`; `fallback` when none, refused or not JSON. */
export function storedJSON(area, key, fallback) {
  try { return JSON.parse(stored(area, key)) ?? fallback; } catch { return fallback; }
}

/** Keeps `value` (a string) under `key` in `area`, if the browser lets it. */
export function keep(area, key, value) {
  try { area.setItem(key, value); } catch { /* refused: for this page only */ }
}
