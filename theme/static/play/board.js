// Drawing the engine's view: every pile's cards, counts and labels. Generic: the view says
// where each pile sits (the builder drew the same board into the HTML) and what it holds.

import { SUITS, pileLabel } from "./words.js";

const drawn = new WeakMap(); // pile element -> what it shows, so unchanged piles are left alone

// ``ui``: {selected: {pile, index} | null, multi: [pile ids], targets: Set of pile ids}.
export function drawBoard(root, view, ui) {
  const board = root.querySelector(".board");
  for (const pile of view.piles) {
    const el = board.querySelector(`[data-pile="${pile.id}"]`);
    if (!el) continue;
    const sel = ui.selected && ui.selected.pile === pile.id ? ui.selected.index : -1;
    const key = JSON.stringify([pile.cards, pile.pick, sel, ui.multi.includes(pile.id), ui.targets.has(pile.id)]);
    if (drawn.get(el) === key && el.querySelectorAll(".card").length === pile.cards.length) continue;
    const first = !drawn.has(el);
    drawn.set(el, key);
    if (!(first && sel === -1 && !ui.multi.includes(pile.id) && adopt(el, pile))) {
      el.querySelector(".cards").replaceChildren(...pile.cards.map((card, i) => cardEl(pile, card, i, ui)));
    }
    el.classList.toggle("empty", pile.cards.length === 0);
    el.classList.toggle("target", ui.targets.has(pile.id));
    el.classList.toggle("chosen", ui.multi.includes(pile.id));
    let count = el.querySelector(".count");
    if (pile.fan === "none" && pile.cards.length > 1) {
      if (!count) {
        count = document.createElement("span");
        count.className = "count";
        count.setAttribute("aria-hidden", "true");
        el.append(count);
      }
      if (count.textContent !== String(pile.cards.length)) count.textContent = pile.cards.length;
    } else if (count) {
      count.remove();
    }
    const label = pileLabel(pile);
    el.setAttribute("aria-label", label + (ui.targets.has(pile.id) ? " (you can put the card here)" : ""));
    const text = root.querySelector(`[data-pile-text="${pile.id}"]`);
    if (text && text.textContent !== label) text.textContent = label;
  }
  board.setAttribute("aria-label", `${view.title}, deal ${view.seed}`);
}

// The first view of a pile that still shows what the builder drew into the HTML (a page's
// first deal, before any move) keeps the builder's cards: only what the build does not say
// (each card's place, and which cards may be picked up) is added. Rebuilding every card
// instead, and laying the whole page out again, was most of the time from the engine's first
// answer to a playable board. False (nothing changed) when the cards differ in any way.
function adopt(el, pile) {
  const shown = el.querySelectorAll(".cards > .card");
  if (shown.length !== pile.cards.length) return false;
  for (let i = 0; i < shown.length; i++) {
    const card = pile.cards[i];
    const ok = card.up
      ? shown[i].classList.contains("up") && shown[i].dataset.card === card.code && shown[i].dataset.id === (card.id || card.code)
        && shown[i].getAttribute("aria-label") === card.name
      : shown[i].classList.contains("down");
    if (!ok) return false;
  }
  shown.forEach((cardEl, i) => {
    if (!pile.cards[i].up) return;
    cardEl.dataset.index = i;
    if (pile.pick.includes(i)) cardEl.classList.add("pickable");
  });
  return true;
}

function cardEl(pile, card, i, ui) {
  const el = document.createElement("div");
  if (!card.up) {
    el.className = "card down";
    el.dataset.card = "";
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", "face-down card");
    return el;
  }
  el.className = `card up ${card.red ? "red" : "black"} suit-${card.suit}`;
  el.dataset.card = card.code;
  el.dataset.id = card.id || card.code;
  el.dataset.index = i;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", card.name);
  el.title = card.name;
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = card.rank;
  const suit = document.createElement("span");
  suit.className = "suit";
  suit.textContent = SUITS[card.suit];
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.setAttribute("aria-hidden", "true");
  pip.textContent = SUITS[card.suit];
  el.append(rank, suit, pip);
  if (pile.pick.includes(i)) el.classList.add("pickable");
  const sel = ui.selected;
  if ((sel && sel.pile === pile.id && i >= sel.index) || (ui.multi.includes(pile.id) && i === pile.cards.length - 1)) {
    el.classList.add("selected");
  }
  return el;
}

// The card elements a move carries (``parts`` from words.moveParts): the top ``count``
// cards of its pile, or the top card of each of several piles; null if a pile is missing.
export function movingCards(board, parts) {
  const out = [];
  for (const id of parts.sources) {
    const el = board.querySelector(`[data-pile="${id}"]`);
    if (!el) return null;
    out.push(...[...el.querySelectorAll(".cards > .card")].slice(parts.sources.length > 1 ? -1 : -parts.count));
  }
  return out;
}

// A hint on the board: the cards to move (or the stock to deal from) and the pile they go
// to, ringed until the next redraw clears it; a ``suggestion`` (no winning line found) is
// ringed dotted.
export function markHint(root, parts, suggestion = false) {
  clearHint(root);
  const board = root.querySelector(".board");
  board.classList.toggle("suggesting", suggestion);
  if (parts.action) {
    const stock = board.querySelector('[data-kind="stock"]');
    if (stock) stock.classList.add("hint-from");
    const button = root.querySelector(`.demo-actions [data-move="${parts.action}"]`);
    if (button) button.classList.add("hint-from");
    if (stock) showInBoard(board, [stock]);
    return;
  }
  const cards = movingCards(board, parts) || [];
  for (const card of cards) card.classList.add("hint-from");
  const target = board.querySelector(`[data-pile="${parts.target}"]`);
  if (target) target.classList.add("hint-to");
  showInBoard(board, target ? [...cards, target] : cards);
}

// A board wider than its frame (ten piles on a phone: cards never go below 36 px) scrolls
// sideways within itself: bring what a hint rings into view, the target first when both do
// not fit. Only the board scrolls, never the page.
const MARGIN = 8; // px
function showInBoard(board, els) {
  const frame = board.closest(".board-scroll");
  if (!frame || !els.length || frame.scrollWidth <= frame.clientWidth) return;
  const box = frame.getBoundingClientRect();
  const rects = els.map((el) => el.getBoundingClientRect());
  const left = Math.min(...rects.map((r) => r.left));
  const right = Math.max(...rects.map((r) => r.right));
  const last = rects[rects.length - 1];
  let shift = 0;
  if (right - left > box.width - 2 * MARGIN) shift = last.left - box.left - MARGIN; // show the last (the target)
  else if (left < box.left + MARGIN) shift = left - box.left - MARGIN;
  else if (right > box.right - MARGIN) shift = right - box.right + MARGIN;
  if (shift) frame.scrollLeft += shift;
}

export function clearHint(root) {
  for (const el of root.querySelectorAll(".hint-from, .hint-to")) el.classList.remove("hint-from", "hint-to");
  root.querySelector(".board").classList.remove("suggesting");
}
