// Words for people: pile labels for screen readers and the deal as text, and what a move did.

export const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

export function pileLabel(pile) {
  if (!pile.cards.length) return `${pile.name}: empty`;
  if (pile.kind === "stock") return `${pile.name}: ${pile.cards.length} cards`;
  const down = pile.cards.filter((c) => !c.up).length;
  const parts = down ? [`${down} face-down card${down === 1 ? "" : "s"}`] : [];
  for (const c of pile.cards) if (c.up) parts.push(c.name);
  return `${pile.name}: ${parts.join(", ")}`;
}

export function topName(pile) {
  const top = pile.cards[pile.cards.length - 1];
  return top && top.up ? top.name : pile.name;
}

// "Moved the 7 of hearts to Foundation 2; then 2 cards went home by themselves."
// ``before`` is the view the moves were made on, ``moves`` the move texts, ``after`` the new view.
export function describe(before, moves, after, verb = "Moved") {
  if (!moves.length) return "";
  const pile = (id) => before.piles.find((p) => p.id === id);
  const [first, ...rest] = moves;
  let text = moveWords(first, pile, before, after, verb);
  const home = rest.length;
  if (home === 1) text += "; then 1 more card went to a foundation by itself";
  else if (home) text += `; then ${home} more cards went to the foundations by themselves`;
  return text + ".";
}

// A move's text in parts: ``t3:2>t7`` -> {action: "", sources: ["t3"], count: 2, target: "t7"};
// ``deal`` -> {action: "deal", sources: [], count: 0, target: null}; null if unreadable.
export function moveParts(move) {
  if (move === "deal" || move === "redeal") return { action: move, sources: [], count: 0, target: null };
  const m = /^([a-z0-9+]+)(?::(\d+))?>([a-z0-9]+)$/.exec(move || "");
  if (!m) return null;
  return { action: "", sources: m[1].split("+"), count: m[2] ? Number(m[2]) : 1, target: m[3] };
}

function moveWords(move, pile, before, after, verb) {
  const parts = moveParts(move);
  if (!parts) return move;
  if (parts.action) {
    // The game's own words, from the view (the engine's spec holds them, defaults too): what
    // is done says the button's past ("Taken up and redealt"), advice and an undo its label
    // ("Deal a row", "Redeal a pile").
    // Where the engine says what the move did (the card Clock's turn brought up), its words.
    if (verb === "Moved" && after.done) return after.done;
    const button = (before.actions || []).find((a) => a.move === parts.action);
    return (button && (verb === "Moved" ? button.done : button.label)) || move;
  }
  const { sources, count } = parts;
  const target = after.piles.find((p) => p.id === parts.target);
  const to = target ? target.name : parts.target;
  const from = pile(sources[0]);
  if (sources.length > 1) return `${verb} ${sources.length} cards to ${to}`;
  if (from && from.closes && count > 1 && count === from.cards.length) {
    // A whole pile, counted as its top card (Accordion's), in a row that closes up behind it.
    const top = from.cards[from.cards.length - 1];
    return `${verb} the pile of ${count} under the ${top.name} onto ${to}${closedUp(from, before)}`;
  }
  const card = from && from.cards[from.cards.length - count];
  const what = card && card.up ? `the ${card.name}` : "a card";
  return `${verb} ${count > 1 ? `${count} cards from ` : ""}${what} to ${to}${closedUp(from, before, count)}`;
}

// "; the piles after it moved up to close the gap": where a row closes up by itself (``closes``)
// and the move emptied a pile that had piles after it.
function closedUp(from, before, count) {
  if (!from || !from.closes || (count !== undefined && count !== from.cards.length)) return "";
  const row = before.piles.filter((p) => p.closes);
  const at = row.indexOf(from);
  return row.slice(at + 1).some((p) => p.cards.length) ? "; the piles after it moved up to close the gap" : "";
}

export function clock(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

// A reason from the engine as a sentence's start: "the 7♥ cannot..." -> "The 7♥ cannot...".
export const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);
