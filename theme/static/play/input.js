// Gestures become requests to the demo: click or tap a card then a pile, double-click or
// double-tap a card to send it home, drag with a mouse, a pen or a finger, and the keyboard
// (arrows between piles, Enter or Space, Escape, and shortcuts anywhere on the page).

const DOUBLE_MS = 450; // two clicks on one card within this, the board unchanged, are a double click (or tap)
const DRAG_PX = 6; // a press that moves further than this is a drag

export function bindInput(demo) {
  const board = demo.board;
  let last = null; // the last click: {pile, index, time, view}
  let dragged = false;

  board.addEventListener("click", (e) => {
    if (dragged) {
      dragged = false;
      return;
    }
    if (!demo.ready()) return;
    const pileEl = e.target.closest("[data-pile]");
    if (!pileEl) {
      last = null;
      return demo.cancel();
    }
    const cardEl = e.target.closest(".card[data-index]");
    const index = cardEl ? Number(cardEl.dataset.index) : null;
    const now = performance.now();
    // A click that drops a card, then one on the card just dropped, is no double click; nor
    // are two clicks with a move, an undo or a redo between them (a new view), however quick.
    const drops = demo.selected && demo.selected.pile !== pileEl.dataset.pile;
    const double = last && last.pile === pileEl.dataset.pile && last.index === index &&
      last.view === demo.view && now - last.time < DOUBLE_MS;
    last = double || drops ? null : { pile: pileEl.dataset.pile, index, time: now, view: demo.view };
    if (double && demo.sendHome(pileEl.dataset.pile)) return;
    demo.activate(pileEl.dataset.pile, index);
  });

  board.addEventListener("keydown", (e) => onBoardKey(demo, e));

  board.addEventListener("pointerdown", (e) => {
    if ((e.pointerType === "mouse" && e.button !== 0) || !demo.ready()) return;
    const cardEl = e.target.closest(".card.up");
    const pileEl = e.target.closest("[data-pile]");
    if (!cardEl || !pileEl || demo.usesMulti(pileEl.dataset.pile)) return;
    const start = { x: e.clientX, y: e.clientY };
    const pileId = pileEl.dataset.pile;
    const index = Number(cardEl.dataset.index);
    let ghost = null;
    let offset = null;
    const move = (ev) => {
      if (!ghost) {
        if (Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < DRAG_PX) return;
        const box = cardEl.getBoundingClientRect();
        offset = { x: start.x - box.left, y: start.y - box.top };
        demo.select(pileId, index);
        ghost = document.createElement("div");
        ghost.className = "drag-ghost";
        ghost.setAttribute("aria-hidden", "true");
        ghost.style.setProperty("--cw", `${box.width}px`); // the board's card size, outside the board
        ghost.style.setProperty("--ch", `${box.height}px`);
        const cards = [...demo.pileEl(pileId).querySelectorAll(".card")].slice(index);
        for (const c of cards) {
          ghost.append(c.cloneNode(true));
          c.classList.add("dragging");
        }
        demo.root.append(ghost);
      }
      ev.preventDefault();
      ghost.style.transform = `translate(${ev.clientX - offset.x}px, ${ev.clientY - offset.y}px)`;
      const target = pileUnder(demo, ev.clientX, ev.clientY);
      for (const el of board.querySelectorAll(".pile.hover")) if (el !== target) el.classList.remove("hover");
      if (target && target.dataset.pile !== pileId) target.classList.add("hover");
    };
    const up = (ev) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      if (!ghost) return; // a plain click or tap: the click handler deals with it
      ghost.remove();
      for (const el of board.querySelectorAll(".pile.hover")) el.classList.remove("hover");
      dragged = true;
      setTimeout(() => { dragged = false; }, 0);
      const target = ev.type === "pointerup" ? pileUnder(demo, ev.clientX, ev.clientY) : null;
      if (target && target.dataset.pile !== pileId) demo.drop(target.dataset.pile);
      else demo.cancel(); // the card goes back
    };
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  });

  document.addEventListener("keydown", (e) => onShortcut(demo, e));
}

function pileUnder(demo, x, y) {
  const under = document.elementFromPoint(x, y);
  const pile = under && under.closest("[data-pile]");
  return pile && demo.board.contains(pile) ? pile : null;
}

function onBoardKey(demo, e) {
  const pileEl = e.target.closest("[data-pile]");
  if (!pileEl || !demo.ready()) return;
  const steps = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  if (steps[e.key]) {
    e.preventDefault();
    const next = demo.neighbour(pileEl.dataset.pile, ...steps[e.key]);
    if (next) demo.focusPile(next);
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    demo.enter(pileEl.dataset.pile);
  }
}

// Shortcuts work wherever the focus is, except in a text field: U undo, R redo, D deal,
// N new deal, F finish, H hint, T take the chosen cards, Escape put the card back (or leave the
// full window); Ctrl/Cmd+Z undo, Ctrl+Y and Ctrl/Cmd+Shift+Z redo.
function onShortcut(demo, e) {
  if (e.defaultPrevented || e.altKey) return;
  const t = e.target;
  if (t && t.closest && t.closest("input, textarea, select, [contenteditable]")) return;
  const key = e.key.toLowerCase();
  let command = null;
  if (e.ctrlKey || e.metaKey) {
    if (key === "z") command = e.shiftKey ? "redo" : "undo";
    else if (key === "y" && e.ctrlKey) command = "redo";
  } else if (key === "escape") {
    command = "escape";
  } else if (!e.shiftKey || key === "?") {
    command = { u: "undo", r: "redo", d: "deal", n: "new", f: "finish", h: "hint", t: "take" }[key] || null;
  }
  if (command && demo.shortcut(command)) e.preventDefault();
}
