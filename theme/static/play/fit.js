// Fitting the board to the screen: measure what the page gives it (the frame's width, and
// the height from the frame's top to the foot of the first screen, or of the full window),
// measure the index glyphs in the page's own font, lay the board out (layout.js) and apply
// the result: the card size, each pile's place and fan steps. Before the engine answers,
// the piles are read from the builder's markup, so the first deal fits at once.

import { fromView, GLYPHS, layout } from "./layout.js";

const MIN_HEIGHT = 240; // px: a board never gets less room than this, however low it starts

// The piles as the builder drew them (the same facts the view gives, from data attributes).
export function fromMarkup(board) {
  return [...board.querySelectorAll("[data-pile]")].map((el) => ({
    id: el.dataset.pile, kind: el.dataset.kind, row: Number(el.dataset.row), col: Number(el.dataset.col),
    fan: el.dataset.fan, show: Number(el.dataset.show || 0), turn: el.dataset.turn === "sideways",
    gap: el.hasAttribute("data-gap"), over: (el.dataset.over || "").split(" ").filter(Boolean), overlaid: el.hasAttribute("data-over"), ups: [...el.querySelectorAll(".cards > .card")].map((c) => c.classList.contains("up")),
  }));
}

export { fromView };

// The index glyphs' sizes per px of font, in the page's font: "10" (the widest rank) and the
// widest suit symbol, side by side, and the height of the index's line. Measured once: the
// probe goes in before the page is measured for the room, so that one layout serves both.
let glyphs = null;
function probeGlyphs(board) {
  if (glyphs) return null;
  const probe = document.createElement("div");
  probe.className = "index-probe"; // a card's index, alone (not a card: nothing watching the cards sees it)
  probe.setAttribute("aria-hidden", "true");
  probe.style.setProperty("--font", "100px");
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = "10";
  probe.append(rank);
  for (const text of ["\u2660", "\u2665", "\u2666", "\u2663"]) {
    const s = document.createElement("span");
    s.className = "suit";
    s.textContent = text;
    probe.append(s);
  }
  board.append(probe);
  return probe;
}

function readGlyphs(probe) {
  if (!probe) return glyphs;
  const [rank, ...suits] = probe.children;
  const r = rank.getBoundingClientRect();
  const widths = suits.map((s) => s.getBoundingClientRect().width);
  const gap = suits[0].getBoundingClientRect().left - r.right;
  probe.remove();
  if (!r.width) return GLYPHS; // not rendered (a hidden page): the usual font's sizes
  glyphs = { ten: r.width / 100, suit: Math.max(...widths) / 100, gap: Math.max(0, gap) / 100, line: r.height / 100 };
  return glyphs;
}

// The room the board has: the frame's width, and the height down to the foot of the first
// screen (of the window when the demo fills it), less what must show under the board.
function room(root) {
  const frame = root.querySelector(".board-scroll");
  const full = root.classList.contains("full");
  const below = [...root.querySelectorAll("[data-under-board]")].reduce((h, el) => h + el.offsetHeight, 0);
  const top = frame.getBoundingClientRect().top + (full ? 0 : window.scrollY);
  const height = Math.max(MIN_HEIGHT, window.innerHeight - top - below - (full ? 4 : 8));
  const narrow = window.innerWidth < 640;
  return { width: frame.clientWidth, height, narrow, max: full ? 144 : narrow ? 96 : 120 };
}

// Lay the board out and apply it. ``state`` ({cap, folded}) carries the card size and fold a
// deal opened with: cards do not grow back as fans shorten, nor switch fold while it fits;
// ``state.cap`` null (a new deal, a new window size) starts afresh. It also keeps the last
// layout, for redraws that change no pile.
export function fitBoard(root, piles, state, fold = false) {
  const board = root.querySelector(".board");
  const probe = probeGlyphs(board);
  const box = room(root);
  const measured = readGlyphs(probe);
  // A redraw that changed no pile (a card picked up, a hint) keeps the board as it is.
  const key = JSON.stringify([piles, box, fold, state.cap, state.folded]);
  if (state.key === key) return state.plan;
  const plan = layout(piles, box, measured, {
    narrow: box.narrow, max: box.max, fold, cap: state.cap ?? Infinity, folded: state.cap == null ? null : state.folded,
  });
  if (state.cap == null) {
    state.cap = plan.cw;
    state.folded = plan.folded;
  }
  state.key = JSON.stringify([piles, box, fold, state.cap, state.folded]);
  state.plan = plan;
  apply(root, board, plan, box);
  return plan;
}

function apply(root, board, plan, box) {
  const s = plan.sizes;
  board.classList.add("laid");
  board.classList.toggle("stacked", s.stacked);
  board.classList.toggle("folded", plan.folded);
  const set = (el, name, px) => el.style.setProperty(name, `${Math.round(px * 100) / 100}px`);
  set(board, "--cw", s.cw);
  set(board, "--ch", s.ch);
  set(board, "--font", s.font);
  set(board, "--bw", plan.width);
  set(board, "--bh", plan.height);
  const byId = new Map([...board.querySelectorAll("[data-pile]")].map((el) => [el.dataset.pile, el]));
  for (const a of plan.at) {
    const el = byId.get(a.id);
    if (!el) continue;
    set(el, "--x", a.x);
    set(el, "--y", a.y);
    set(el, "--w", a.w);
    set(el, "--h", a.h);
    set(el, "--up", a.up);
    set(el, "--dn", a.down);
    set(el, "--rt", a.right);
  }
  const frame = root.querySelector(".board-scroll");
  frame.classList.toggle("scrolls", plan.scroll);
  if (plan.scroll) set(frame, "--frame-h", box.height);
  const note = root.querySelector(".board-note");
  if (note) note.hidden = !plan.scroll;
}
