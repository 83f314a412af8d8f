// Lays out boards with the player's own layout (theme/static/play/layout.js) under Node and
// checks what the layout promises, for tests/play/test_layout.py. Reads JSON on stdin:
// {"boxes": [{"name", "width", "height", "narrow", "max"}], "views": [{"name", "view"}],
// "tamper": {...} (optional, see tamper())}; writes
// one result per view and box: {"name", "box", "cw", "folded", "scroll", "width", "height",
// "problems": [...]}.

import { readFileSync } from "node:fs";
import { fromView, layout, GLYPHS } from "../../theme/static/play/layout.js";

const EPS = 0.5;

// For the tests of this checker itself: spoil a layout on purpose ({"steps": px} closes
// every fan to that step; {"move": [pile id, dx, dy]} moves one pile).
function tamper(plan, how) {
  if (how.steps !== undefined) for (const a of plan.at) a.up = a.down = a.right = how.steps;
  if (how.move) {
    const a = plan.at.find((x) => x.id === how.move[0]);
    a.x += how.move[1]; a.y += how.move[2]; a.box.x += how.move[1]; a.box.y += how.move[2];
  }
}

// Cards as rectangles: every drawn card of every pile, in board px.
function cards(piles, plan) {
  const out = [];
  const s = plan.sizes;
  piles.forEach((p, k) => {
    const a = plan.at[k];
    const n = p.fan === "none" ? Math.min(1, p.ups.length) : p.show ? Math.min(p.show, p.ups.length) : p.ups.length;
    const first = p.ups.length - n;
    let x = a.box.x;
    let y = a.box.y;
    for (let i = first; i < p.ups.length; i++) {
      const [w, h] = p.turn ? [s.ch, s.cw] : [s.cw, s.ch];
      out.push({ pile: p.id, k, i, up: p.ups[i], x, y, w, h, gap: p.gap, col: p.col, overlaid: !!p.overlaid });
      if (p.fan === "down") y += p.ups[i] ? a.up : a.down;
      if (p.fan === "right") x += a.right;
    }
    if (!n) out.push({ pile: p.id, k, i: -1, up: false, x, y, w: p.turn ? s.ch : s.cw, h: p.turn ? s.cw : s.ch, gap: p.gap, col: p.col, overlaid: !!p.overlaid });
  });
  return out;
}

const overlap = (a, b) => Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > EPS &&
  Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > EPS;

function check(piles, plan, box) {
  const problems = [];
  const s = plan.sizes;
  if (!plan.scroll) {
    if (plan.width > box.width + EPS) problems.push(`board ${plan.width.toFixed(1)}px wide in ${box.width}px`);
    if (plan.height > box.height + EPS) problems.push(`board ${plan.height.toFixed(1)}px high in ${box.height}px`);
  }
  const all = cards(piles, plan);
  for (const c of all) {
    if (c.x < -EPS || c.y < -EPS || c.x + c.w > plan.width + EPS || c.y + c.h > plan.height + EPS) {
      problems.push(`${c.pile}[${c.i}] lies outside the board`);
    }
  }
  // No card of one pile over a card of another, but down a cascade of grid places, or where
  // the game lays a place's card half over another's (``over``), the covered place showing its
  // index strip.
  for (let a = 0; a < all.length; a++) {
    for (let b = a + 1; b < all.length; b++) {
      const p = all[a];
      const q = all[b];
      if (p.pile === q.pile || !overlap(p, q)) continue;
      const [hi, lo] = p.y <= q.y ? [p, q] : [q, p];
      if (p.gap && q.gap && p.col === q.col && lo.y - hi.y >= s.strip - EPS) continue;
      if (p.overlaid && q.overlaid && lo.y - hi.y >= s.strip - EPS) continue;
      problems.push(`${p.pile}[${p.i}] and ${q.pile}[${q.i}] overlap`);
    }
  }
  // Each covered face-up card shows its whole index.
  piles.forEach((p, k) => {
    const a = plan.at[k];
    if (p.fan === "down" && p.ups.slice(0, -1).some(Boolean) && a.up < s.strip - EPS) problems.push(`${p.id}: step ${a.up} under the index strip ${s.strip}`);
    if (p.fan === "right" && p.ups.length > 1 && a.right < s.stripRight - EPS) problems.push(`${p.id}: step ${a.right} under ${s.stripRight}`);
  });
  const index = s.stacked ? Math.max(GLYPHS.ten, GLYPHS.suit) * s.font : (GLYPHS.ten + GLYPHS.gap + GLYPHS.suit) * s.font;
  if (index + 2 * 0.07 * s.cw > s.cw + EPS) problems.push(`the index (${index.toFixed(1)}px) is wider than the card (${s.cw}px)`);
  return problems;
}

const input = JSON.parse(readFileSync(0, "utf8"));
const out = [];
for (const { name, view } of input.views) {
  for (const box of input.boxes) {
    const piles = fromView(view);
    const plan = layout(piles, box, GLYPHS, { narrow: box.narrow, max: box.max, fold: !!view.fold });
    tamper(plan, input.tamper || {});
    out.push({ name, box: box.name, cw: plan.cw, folded: plan.folded, scroll: plan.scroll, width: plan.width,
      height: plan.height, problems: check(piles, plan, box) });
  }
}
process.stdout.write(JSON.stringify(out));
