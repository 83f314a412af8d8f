// What the demo keeps in the browser (localStorage), per game: the game in progress (its
// record, which the engine replays), the statistics, and the player's settings. Anything
// unreadable or outdated is dropped quietly: saved data is a convenience, never an error.

const PREFIX = "patience-rulebook:";
const VERSION = 1;

function read(key) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return undefined; // unreadable: treated as corrupt by the callers
  }
}

function write(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ ...value, v: VERSION }));
  } catch {
    // storage full or forbidden (a private window): play goes on, unsaved
  }
}

function drop(key) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // nothing to do
  }
}

const isCount = (n) => Number.isInteger(n) && n >= 0;

// The saved game of ``slug``: {record, steps, seed, elapsed, counted, won}, null when there
// is none, or {corrupt: true} when what was there could not be used (it is then dropped).
export function loadGame(slug) {
  const data = read(`game:${slug}`);
  if (data === null) return null;
  const ok = data && data.v === VERSION && typeof data.record === "string" && data.record.startsWith(`${slug}/`) &&
    isCount(data.seed) && Array.isArray(data.steps) && data.steps.every((n) => Number.isInteger(n) && n > 0) &&
    isCount(data.elapsed) && typeof data.counted === "boolean" && typeof data.won === "boolean";
  if (!ok) {
    drop(`game:${slug}`);
    return { corrupt: true };
  }
  return data;
}

export function saveGame(slug, game) {
  write(`game:${slug}`, game);
}

export function clearGame(slug) {
  drop(`game:${slug}`);
}

const NO_STATS = { played: 0, won: 0, streak: 0, best: 0, fewest: null };

export function loadStats(slug) {
  const data = read(`stats:${slug}`);
  const ok = data && data.v === VERSION && isCount(data.played) && isCount(data.won) && isCount(data.streak) &&
    isCount(data.best) && (data.fewest === null || isCount(data.fewest)) && data.won <= data.played;
  if (!ok) {
    if (data !== null) drop(`stats:${slug}`);
    return { ...NO_STATS };
  }
  return { played: data.played, won: data.won, streak: data.streak, best: data.best, fewest: data.fewest };
}

export function saveStats(slug, stats) {
  write(`stats:${slug}`, stats);
}

export function resetStats(slug) {
  drop(`stats:${slug}`);
  return { ...NO_STATS };
}

const DEFAULT_SETTINGS = { auto: true, motion: true, winnable: false };

export function loadSettings() {
  const data = read("settings");
  const out = { ...DEFAULT_SETTINGS };
  if (data && data.v === VERSION) {
    for (const key of Object.keys(out)) if (typeof data[key] === "boolean") out[key] = data[key];
  }
  return out;
}

export function saveSettings(settings) {
  write("settings", settings);
}
