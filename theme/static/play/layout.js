// Laying out a board: how large the cards are and where each pile goes, so that the whole
// board fits the box it is given (the first screen of the page, or the full window), every
// fan shows the whole corner index (rank and suit) of each covered card, and no card of one
// pile lies over a card of another. Pure: numbers in, numbers out, no DOM (the tests run it
// under Node over thousands of positions); fit.js reads the page and applies the result.
//
// The engine's view says where each pile sits on a grid of cells (a cell is a card and its
// gap; quarters of a cell allowed), how it fans, and what it holds (docs/view-format.md).
// The grid is a hint, not pixels: a fan to the right pushes the columns after it apart where
// it needs the room, a fan down pushes the rows below it down, and a sideways card takes the
// room it covers. Where the box is too small, fans close up first (to the strip that shows a
// covered card's index, never less), then the cards shrink; a game whose spec allows it
// (``view.fold``) folds each wide row in two on a narrow screen. Places of a grid that the
// view sets half over one another (Babette's garden, each row half covering the one above, as
// the book lays it out) form a cascade, drawn as a fan of separate places: the strip of each
// covered place shows its index, as in a fan. So do places whose cards the game lays half over
// others (``over``: each of Pyramid's rows over the row above it).

export const RATIO = 1.4; // a card's height over its width
// The card face as board.css draws it: padding in card widths, the index font in card widths
// (never below ``fontMin`` px). The glyphs' own sizes come from the page (fit.js measures them).
export const FACE = { padX: 0.07, padY: 0.05, font: 0.24, fontMin: 12 };
export const CARD_MIN = 26; // px: the narrowest card whose index (stacked) still reads at 12px

// Glyph sizes per px of font, for tests and when the page cannot measure (DejaVu Sans, bold
// rank): "10" wide, a suit symbol wide, and the height of the index's line box.
export const GLYPHS = { ten: 1.27, suit: 0.78, gap: 0.08, line: 1.17 };

// Every size the layout needs, in px, for cards ``cw`` wide on a ``narrow`` box (a phone).
export function sizes(cw, glyphs = GLYPHS, narrow = false) {
  const ch = cw * RATIO;
  const font = Math.max(FACE.fontMin, FACE.font * cw);
  const padX = FACE.padX * cw;
  const padY = FACE.padY * cw;
  const side = 2 * padX + (glyphs.ten + glyphs.gap + glyphs.suit) * font; // rank and suit side by side
  const stacked = side > cw;
  const strip = Math.ceil(padY + glyphs.line * font * (stacked ? 2 : 1) + 1); // a covered card's index, down
  const stripRight = Math.ceil(padX + Math.max(glyphs.ten, glyphs.suit) * font + 1); // rank over suit, right
  const gapX = narrow ? Math.max(3, 0.08 * cw) : 0.22 * cw;
  const gapY = narrow ? Math.max(3, 0.1 * cw) : 0.16 * cw;
  return {
    cw, ch, font, stacked, strip, stripRight, gapX, gapY,
    pad: narrow ? 3 : 10,
    cellW: cw + gapX,
    cellH: ch + gapY,
    up: [Math.max(strip + 0.04 * ch, 0.27 * ch), strip], // a face-up card's step: comfortable, closest
    down: [Math.max(5, 0.14 * ch), Math.max(4, 0.05 * ch)], // a face-down card's step
    right: [Math.max(stripRight + 0.06 * cw, 0.42 * cw), stripRight],
  };
}

// The piles of a view as the layout needs them.
export function fromView(view) {
  return view.piles.map((p) => ({
    id: p.id, kind: p.kind, row: p.row, col: p.col, fan: p.fan, show: p.show || 0,
    turn: p.turn === "sideways", gap: !!p.gap, over: p.over || [], overlaid: p.over !== undefined, ups: p.cards.map((c) => !!c.up),
  }));
}

const between = (a, b, t) => a - t * (a - b); // t = 0: a (comfortable), t = 1: b (closest)

// How many cards a pile draws, and the step after each but the last (from the card's face).
function drawn(p) {
  if (p.fan === "none") return Math.min(p.ups.length, 1);
  return p.show ? Math.min(p.ups.length, p.show) : p.ups.length;
}

// A pile's box at steps ``t`` (down) and ``sr`` (right), before rotation: [w, h].
function extent(p, s, t, sr) {
  const n = drawn(p);
  if (p.fan === "right") {
    const room = p.show ? p.show : n; // a waste turned three at a time keeps room for three
    return [s.cw + Math.max(0, room - 1) * sr, s.ch];
  }
  if (p.fan !== "down" || n < 2) return [s.cw, s.ch];
  const first = p.ups.length - n;
  let h = s.ch;
  const up = between(s.up[0], s.up[1], t);
  const down = between(s.down[0], s.down[1], t);
  for (let i = first; i < p.ups.length - 1; i++) h += p.ups[i] ? up : down;
  return [s.cw, h];
}

// Fold each row of three piles or more into two rows (the second half under the first),
// split where one group of piles gives way to another (pile ids f1..f4 | g1..g4) nearest
// the middle, else at the middle. Places of a grid and sideways places never fold.
export function fold(piles) {
  const rows = [...new Set(piles.map((p) => p.row))].sort((a, b) => a - b);
  const out = new Map();
  let extra = 0;
  for (const row of rows) {
    const band = piles.filter((p) => p.row === row).sort((a, b) => a.col - b.col);
    const plain = band.length >= 3 && band.every((p) => !p.gap && !p.turn);
    if (!plain) {
      for (const p of band) out.set(p.id, { ...p, row: row + extra });
      continue;
    }
    const half = band.length / 2;
    let cut = Math.ceil(half);
    let best = Infinity;
    for (let i = 1; i < band.length; i++) {
      if (prefix(band[i].id) !== prefix(band[i - 1].id) && Math.abs(i - half) < best) {
        best = Math.abs(i - half);
        cut = i;
      }
    }
    if (best > band.length / 4) cut = Math.ceil(half); // a border far from the middle: split evenly
    const shift = band[cut].col - band[0].col;
    band.forEach((p, i) => out.set(p.id, i < cut ? { ...p, row: row + extra } : { ...p, row: row + extra + 1, col: p.col - shift }));
    extra += 1;
  }
  return piles.map((p) => out.get(p.id));
}

const prefix = (id) => id.replace(/\d+$/, "");

// Place every pile for cards ``cw`` wide, with fans at ``t`` (0 comfortable .. 1 closest) and
// fans to the right at step ``sr`` (px). ``height`` is the room there is: fans with nothing
// under them close up, each as far as it must, to end within it. Returns the boxes, the
// board's size, and whether everything ended within ``height``.
export function place(piles, s, t, sr, height = Infinity) {
  const n = piles.length;
  const box = piles.map((p) => {
    const [w, h] = extent(p, s, t, sr);
    // A sideways place turns a quarter about its middle: its box is h wide and w high.
    return p.turn ? { w, h, ox: (w - h) / 2, oy: (h - w) / 2, bw: h, bh: w } : { w, h, ox: 0, oy: 0, bw: w, bh: h };
  });
  // Cascades: places of a grid in one column whose nominal boxes would overlap.
  const chainNext = new Array(n).fill(-1);
  const chained = new Array(n).fill(false);
  const byCol = new Map();
  piles.forEach((p, i) => {
    if (!p.gap || p.turn) return;
    if (!byCol.has(p.col)) byCol.set(p.col, []);
    byCol.get(p.col).push(i);
  });
  const chainOf = piles.map((_, i) => i); // the first place of the cascade each place is in
  for (const list of byCol.values()) {
    list.sort((a, b) => piles[a].row - piles[b].row);
    for (let k = 1; k < list.length; k++) {
      const a = list[k - 1];
      const b = list[k];
      if ((piles[b].row - piles[a].row) * s.cellH < box[a].bh) {
        chainNext[a] = b;
        chained[b] = true;
        chainOf[b] = chainOf[a];
      }
    }
  }
  const cascadeStep = (a, b) => Math.max(s.up[1], between((piles[b].row - piles[a].row) * s.cellH, s.up[1], t));
  // Places whose cards lie half over another's (``over``: Pyramid, TriPeaks): each row of
  // them steps down from the row it lies over as a cascade does, showing that row's index.
  // (Directly or through the places between: Pyramid's third row steps from its first.)
  const index = new Map(piles.map((p, i) => [p.id, i]));
  const overBy = piles.map((p) => new Set((p.over || []).map((id) => index.get(id))));
  for (const set of overBy) for (const j of set) for (const k of overBy[j]) set.add(k);
  const overlies = piles.map(() => false); // lies over some place: its row follows on as a cascade's does
  for (const set of overBy) for (const j of set) overlies[j] = true;

  // Columns, left to right: keep the grid's spacing, and push a column right where a pile
  // before it, beside it on the grid, needs the room. Beside it: their places on the grid
  // overlap, a fan down counting as its first card (it pushes the rows below it down, not
  // the columns beside it: Backbone's tail goes under its columns, not between them).
  const nomY = Float64Array.from(piles, (p, i) => p.row * s.cellH + box[i].oy);
  const nomH = Float64Array.from(piles, (p, i) => (p.fan === "down" ? s.ch : box[i].bh));
  const lead = Float64Array.from(box, (b) => b.ox); // from a pile's place to its box's left edge
  const reach = Float64Array.from(box, (b) => b.ox + b.bw + s.gapX); // ... to where the next may start
  const order = piles.map((_, i) => i).sort((a, b) => piles[a].col - piles[b].col);
  const colOf = Float64Array.from(order, (i) => piles[i].col);
  const colX = new Map();
  const colAt = new Float64Array(n); // each pile's column's x, once placed
  let prevCol = null;
  for (let a = 0; a < n;) {
    const c = colOf[a];
    let end = a;
    while (end < n && colOf[end] === c) end++;
    let x = prevCol === null ? c * s.cellW : colX.get(prevCol) + (c - prevCol) * s.cellW;
    for (let k = a; k < end; k++) {
      const j = order[k];
      const top = nomY[j];
      const bottom = top + nomH[j] - 0.01;
      for (let m = 0; m < a; m++) {
        const i = order[m];
        if (nomY[i] < bottom && top < nomY[i] + nomH[i] - 0.01) x = Math.max(x, colAt[i] + reach[i] - lead[j]);
      }
    }
    colX.set(c, x);
    for (let k = a; k < end; k++) colAt[order[k]] = x;
    prevCol = c;
    a = end;
  }
  const X = piles.map((p, i) => colX.get(p.col) + box[i].ox); // each box's left edge

  // Rows, top to bottom: keep the grid's spacing, and push a row down below every pile
  // above it whose box it would overlap (a cascade only by the strip of the place above).
  const byRow = piles.map((_, i) => i).sort((a, b) => piles[a].row - piles[b].row);
  const rowOf = Float64Array.from(byRow, (i) => piles[i].row);
  const xl = Float64Array.from(X);
  const xr = Float64Array.from(X, (x, i) => x + box[i].bw - 0.01);
  const lift = Float64Array.from(box, (b) => b.oy); // from a pile's row to its box's top
  const drop = Float64Array.from(box, (b) => b.oy + b.bh + s.gapY); // ... to where the next row may start
  const rowAt = new Float64Array(n); // each pile's row's y, once placed
  const rowY = new Map();
  let prevRow = null;
  const below = new Array(n).fill(false); // some pile lies under this one
  const fans = new Set(piles.filter((p) => p.fan === "down").map((p) => p.row));
  for (let a = 0; a < n;) {
    const r = rowOf[a];
    let end = a;
    let continues = true;
    while (end < n && rowOf[end] === r) {
      const j = byRow[end++];
      continues = (chained[j] || overlies[j]) && continues;
    }
    // The grid's spacing after a row of fans down is room for those fans, which the fans'
    // own heights say better: it closes up with them.
    const spacing = prevRow === null || continues ? 0 : (r - prevRow) * s.cellH * (fans.has(prevRow) ? 1 - t : 1);
    let y = prevRow === null ? r * s.cellH : rowY.get(prevRow) + spacing;
    for (let k = a; k < end; k++) {
      const j = byRow[k];
      for (let m = 0; m < a; m++) {
        const i = byRow[m];
        if (!(xl[i] < xr[j] && xl[j] < xr[i])) continue;
        below[i] = true;
        // (a place further down i's own cascade is held by the places between them)
        if (chainNext[i] === j || overBy[i].has(j)) y = Math.max(y, rowAt[i] + cascadeStep(i, j));
        else if (!(chained[j] && chainOf[i] === chainOf[j])) y = Math.max(y, rowAt[i] + drop[i] - lift[j]);
      }
    }
    rowY.set(r, y);
    for (let k = a; k < end; k++) rowAt[byRow[k]] = y;
    prevRow = r;
    a = end;
  }
  const Y = piles.map((p, i) => rowY.get(p.row) + box[i].oy);

  // Fans with nothing under them end within the room: each closes up as far as it must.
  let fits = true;
  const room = height - s.pad;
  const steps = piles.map(() => t);
  const top = Math.min(...Y);
  for (let i = 0; i < n; i++) {
    if (below[i] || piles[i].fan !== "down" || piles[i].turn) continue;
    const end = Y[i] - top + s.pad + box[i].bh;
    if (end <= room) continue;
    const [, closest] = extent(piles[i], s, 1, sr);
    const [, now] = extent(piles[i], s, t, sr);
    if (Y[i] - top + s.pad + closest > room) {
      fits = false;
      continue;
    }
    // The height falls linearly with the step, so the step that ends it at the room exactly:
    const [, open] = extent(piles[i], s, 0, sr);
    steps[i] = Math.min(1, (Y[i] - top + s.pad + open - room) / Math.max(1e-9, open - closest));
    box[i].h = box[i].bh = extent(piles[i], s, steps[i], sr)[1];
    if (now < box[i].bh) box[i].h = box[i].bh = now; // never open a fan further than t
  }
  const left = Math.min(...X);
  const at = piles.map((p, i) => ({
    id: p.id, x: X[i] - left + s.pad - box[i].ox, y: Y[i] - top + s.pad - box[i].oy, w: box[i].w, h: box[i].h,
    box: { x: X[i] - left + s.pad, y: Y[i] - top + s.pad, w: box[i].bw, h: box[i].bh },
    up: between(s.up[0], s.up[1], steps[i]), down: between(s.down[0], s.down[1], steps[i]), right: sr,
  }));
  const width = Math.max(...at.map((a) => a.box.x + a.box.w)) + s.pad;
  const used = Math.max(...at.map((a) => a.box.y + a.box.h)) + s.pad;
  fits = fits && used <= height + 0.5;
  // A board whose fans grow downwards keeps the whole room for them; others end with their cards.
  const grows = piles.some((p, i) => p.fan === "down" && !below[i]);
  return { at, width, height: grows && Number.isFinite(height) ? Math.max(used, height) : used, used, fits };
}

// The largest cards (up to ``max``, at least CARD_MIN) with which the board fits the box
// ``{width, height}``, fans closed up as far as they may; null if even the smallest do not fit.
// Larger cards need more room, except where the index goes from stacked (rank over suit) to
// side by side, which halves a fan's strips: each side of that width is searched on its own.
function largest(piles, box, glyphs, narrow, max) {
  // How the board fits with cards ``cw`` wide: ok, and else by how much it must shrink (the
  // board's size grows about in proportion to the cards, so the ratio guesses the next try).
  const fit = (cw) => {
    const s = sizes(cw, glyphs, narrow);
    const r = place(piles, s, 1, s.right[1], box.height);
    const ok = r.fits && r.width <= box.width + 0.5;
    return { ok, ratio: Math.min(box.width / r.width, box.height / r.used, 0.999) };
  };
  const search = (lo, hi) => { // the largest feasible in [lo, hi] (to half a pixel), or null
    if (hi < lo) return null;
    let f = fit(hi);
    if (f.ok) return hi;
    if (!fit(lo).ok) return null;
    for (let k = 0; k < 3 && hi - lo > 0.5; k++) { // a few guesses by the overflow...
      const guess = Math.max(lo, Math.min(hi - 0.25, hi * f.ratio));
      f = fit(guess);
      if (f.ok) {
        lo = guess;
        break;
      }
      hi = guess;
    }
    while (hi - lo > 0.5) { // ...then halving what is left
      const mid = (lo + hi) / 2;
      if (fit(mid).ok) lo = mid;
      else hi = mid;
    }
    return Math.floor(lo * 4) / 4;
  };
  const side = sideBySide(glyphs);
  if (side <= max) {
    const wide = search(Math.max(CARD_MIN, side), max);
    if (wide !== null) return wide;
    return search(CARD_MIN, Math.min(max, side - 0.25));
  }
  return search(CARD_MIN, max);
}

// The narrowest card whose index fits side by side (at the smallest font, where it is tightest).
function sideBySide(glyphs) {
  for (let cw = CARD_MIN; cw < 200; cw += 0.25) if (!sizes(cw, glyphs).stacked) return cw;
  return Infinity;
}

// The board for ``piles`` in ``box`` ({width, height} in px): the card size, each pile's place
// and fan steps, the board's size, whether it had to fold, and whether it must scroll (it does
// not fit even with the smallest cards). ``options``: ``narrow`` (a phone's smaller gaps),
// ``max`` (the largest card width), ``fold`` (the game allows folding), ``cap`` (cards no
// larger than this: the size a deal opened with, so cards do not grow as fans shorten, nor
// shrink until they must) and ``folded`` (the fold the deal opened with, kept while it fits).
export function layout(piles, box, glyphs = GLYPHS, options = {}) {
  const { narrow = false, max = 112, cap = Infinity, folded = null } = options;
  const top = Math.min(max, cap);
  const found = (options.fold ? [false, true] : [false]).map((f) => {
    const ps = f ? fold(piles) : piles;
    const cw = largest(ps, box, glyphs, narrow, top);
    return cw === null ? null : { f, ps, cw };
  });
  const [plain, two = null] = found;
  let choice;
  if (folded !== null) {
    choice = (folded ? two : plain) || plain || two;
  } else if (plain && two) {
    // Fold where folding costs the cards little (a castle's rows then have room to grow) or
    // gains much: The Nation's twelve columns as two rows of six.
    choice = two.cw >= 0.85 * plain.cw ? two : plain;
  } else {
    choice = plain || two;
  }
  // A board that fits no box, even with the smallest cards (a fan of thirty cards on a
  // phone), keeps the cards that fit its width and scrolls within its frame.
  const scroll = choice === null;
  if (scroll) {
    const cw = largest(piles, { width: box.width, height: Infinity }, glyphs, narrow, top) ?? CARD_MIN;
    const s = sizes(cw, glyphs, narrow);
    const r = place(piles, s, 1, s.right[1]);
    return { ...r, sizes: s, cw, folded: false, scroll };
  }
  const { ps, cw } = choice;
  const s = sizes(cw, glyphs, narrow);
  // Fans to the right as open as the width allows; then fans down as open as the height allows.
  let sr = s.right[0];
  if (ps.some((p) => p.fan === "right") && place(ps, s, 1, sr, box.height).width > box.width + 0.5) {
    let lo = s.right[1];
    let hi = s.right[0];
    for (let k = 0; k < 8; k++) {
      const mid = (lo + hi) / 2;
      if (place(ps, s, 1, mid, box.height).width <= box.width + 0.5) lo = mid;
      else hi = mid;
    }
    sr = lo;
  }
  // Fans down as open as the height allows: the height falls about linearly as they close,
  // so aim at the room (a little short of it), and close further only if that misses.
  let r = place(ps, s, 0, sr, box.height);
  if (!r.fits) {
    const shut = place(ps, s, 1, sr, box.height);
    let lo = Math.min(1, Math.max(0, (r.used - box.height) / Math.max(1e-9, r.used - shut.used)) + 0.02);
    r = place(ps, s, lo, sr, box.height);
    for (let k = 0; k < 4 && !r.fits; k++) {
      lo = Math.min(1, lo + (1 - lo) / 2);
      r = k === 3 ? shut : place(ps, s, lo, sr, box.height);
    }
  }
  return { ...r, sizes: s, cw, folded: choice.f, scroll };
}
