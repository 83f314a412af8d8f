// Movement: cards glide from where they were to where the engine put them (the FLIP
// technique: measure, redraw, then play the difference backwards), and a win is celebrated.
// Nothing moves under prefers-reduced-motion or when the player turns animations off.

const DURATION = 170;
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

export function motionAllowed(setting) {
  return setting && !reduced.matches;
}

// Where every face-up card (by its id) and every pile is now, before a redraw.
export function measure(board) {
  const cards = new Map();
  for (const el of board.querySelectorAll(".card[data-id]")) cards.set(el.dataset.id, el.getBoundingClientRect());
  const piles = new Map();
  for (const el of board.querySelectorAll("[data-pile]")) piles.set(el.dataset.pile, el.getBoundingClientRect());
  return { cards, piles };
}

// After a redraw: each card that was on the board before slides from its old place; a card
// that was not (turned up, or dealt face up) comes from ``origin`` (the stock's pile) if given.
export function glide(board, before, origin = null) {
  const from = origin && before.piles.get(origin);
  for (const el of board.querySelectorAll(".card[data-id]")) {
    const old = before.cards.get(el.dataset.id) || from;
    if (!old) continue;
    const now = el.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: DURATION, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
}

// A win: the suits rain over the board for a few seconds, and the banner says so.
export function celebrate(root, allowed) {
  root.classList.add("celebrating");
  if (!allowed) return;
  const layer = document.createElement("div");
  layer.className = "celebration";
  layer.setAttribute("aria-hidden", "true");
  const symbols = ["\u2660", "\u2665", "\u2666", "\u2663"];
  const width = root.clientWidth;
  for (let i = 0; i < 48; i++) {
    const s = document.createElement("span");
    s.textContent = symbols[i % 4];
    s.className = i % 4 === 1 || i % 4 === 2 ? "red" : "black";
    layer.append(s);
    const x = Math.random() * width;
    const drift = (Math.random() - 0.5) * 160;
    s.animate([
      { transform: `translate(${x}px, -40px) rotate(0deg)`, opacity: 1 },
      { transform: `translate(${x + drift}px, ${root.clientHeight + 40}px) rotate(${Math.random() * 720 - 360}deg)`, opacity: 0.2 },
    ], { duration: 1800 + Math.random() * 1400, delay: Math.random() * 900, easing: "ease-in", fill: "both" });
  }
  root.append(layer);
  setTimeout(() => layer.remove(), 4500);
}
