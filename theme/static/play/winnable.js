// "Winnable deals only": the deal numbers the solver has won, shipped with the site as a
// hashed JSON file (content/winnability/<game>.json, checked by the builder) and fetched
// only when New deal needs it. A deal number is an ordinary seed: its link opens that deal.

let list = null; // the promise of [[low, high], ...] for this page

// "1-8,10" -> [[1, 8], [10, 10]]
export function parseRanges(text) {
  const out = [];
  for (const part of String(text).split(",")) {
    const m = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(part);
    if (m) out.push([Number(m[1]), Number(m[2] || m[1])]);
  }
  return out;
}

// A random deal from the list, each deal as likely as another; null when there is none.
export function pick(ranges) {
  const total = ranges.reduce((n, [a, b]) => n + b - a + 1, 0);
  if (!total) return null;
  const r = new Uint32Array(1);
  crypto.getRandomValues(r);
  let i = r[0] % total;
  for (const [a, b] of ranges) {
    if (i <= b - a) return a + i;
    i -= b - a + 1;
  }
  return null;
}

// A winnable deal of this page's game, or null when the page has no list (or it cannot be read).
export function winnableSeed(url) {
  if (!url) return Promise.resolve(null);
  if (!list) {
    list = fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((data) => parseRanges(data.won))
      .catch(() => { list = null; return []; });
  }
  return list.then(pick);
}
