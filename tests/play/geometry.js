// What the page shows of the board, measured as a player would see it (evaluated in the page
// by tests/play/test_geometry.py): where the board is against the first screen, whether it
// fits the width, every corner index a card covers or cuts, and every card of one pile that
// lies over a card of another. Two rules allow overlap: places of a grid set half over one
// another in a column (Babette's garden), and places whose cards the game lays half over
// others (data-over: Pyramid, TriPeaks), each showing the index of the place it covers.
() => {
  const EPS = 0.75;
  const demo = document.querySelector("section.demo");
  const board = demo.querySelector(".board");
  const frame = demo.querySelector(".board-scroll");
  const rect = (el) => el.getBoundingClientRect();
  const area = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left) - EPS) *
    Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) - EPS);
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const cards = [];
  for (const pile of board.querySelectorAll("[data-pile]")) {
    const list = [...pile.querySelectorAll(".cards > .card")].filter(shown);
    list.forEach((el, i) => cards.push({
      el, pile: pile.dataset.pile, i, r: rect(el), gap: pile.hasAttribute("data-gap"), col: pile.dataset.col,
      overlaid: pile.hasAttribute("data-over"),
      label: `${pile.dataset.pile}[${i}] ${el.dataset.card || "face down"}`,
    }));
  }
  const cut = [];
  for (const c of cards) {
    if (!c.el.classList.contains("up")) continue;
    const parts = [c.el.querySelector(".rank"), c.el.querySelector(".suit")].map(rect);
    for (const p of parts) {
      // The index lies within its own card (a narrow card cuts nothing)...
      if (p.left < c.r.left - EPS || p.right > c.r.right + EPS || p.top < c.r.top - EPS || p.bottom > c.r.bottom + EPS) {
        cut.push(`${c.label}: its index runs out of the card`);
      }
    }
    // ...and no card drawn above it covers any of it: a later card of its pile, or a card
    // of another pile painted after it.
    for (const d of cards) {
      if (d === c || (d.pile === c.pile && d.i < c.i)) continue;
      if (d.pile !== c.pile && !(c.el.compareDocumentPosition(d.el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      if (parts.some((p) => area(p, d.r) > 0)) {
        cut.push(`${c.label}: its index is covered by ${d.label}`);
        break;
      }
    }
  }
  const overlaps = [];
  for (let a = 0; a < cards.length; a++) {
    for (let b = a + 1; b < cards.length; b++) {
      const p = cards[a];
      const q = cards[b];
      if (p.pile === q.pile || area(p.r, q.r) <= 0) continue;
      if (p.gap && q.gap && p.col === q.col) continue; // a cascade: the index check above rules it
      if (p.overlaid && q.overlaid) continue; // places the game lays over one another: the index check rules it
      overlaps.push(`${p.label} and ${q.label}`);
    }
  }
  const b = rect(board);
  const f = rect(frame);
  return {
    top: b.top + window.scrollY, bottom: b.bottom + window.scrollY, left: b.left, right: b.right,
    frameWidth: frame.clientWidth, frameScroll: frame.scrollWidth, framed: frame.classList.contains("scrolls"),
    note: !!demo.querySelector(".board-note:not([hidden])"), frameBottom: f.bottom + window.scrollY,
    pageWidth: document.documentElement.scrollWidth, width: window.innerWidth, height: window.innerHeight,
    cardWidth: Math.min(...cards.map((c) => c.r.width)), cut, overlaps, cards: cards.length,
  };
}
