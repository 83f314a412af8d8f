// What the player has chosen: a card picked up and where it may go, cards chosen one by one
// for a move that takes them together (The Wheel's packet), and the one path every click,
// tap or Enter on a pile takes. Methods of the Demo (demo.js mixes them in); the engine
// judges every move, and says why it refuses one.

import { capital, topName } from "./words.js";

// A squared pile shows its top card only, so a click on it means the part of it that may
// move: where the top card alone may not but cards under it with it may (Accordion's whole
// pile), the deepest such card at or under the one clicked; else the card clicked.
function squaredPick(pile, index) {
  if (pile.fan !== "none" || pile.pick.includes(index)) return index;
  const under = pile.pick.filter((i) => i <= index);
  return under.length ? under[under.length - 1] : index;
}

export class Choosing {
  // Double-click or double-tap: the top card of ``pileId`` to a foundation, or to a discard
  // place (Aces Up's outranked card), or a complete run from it to one (Spider), if the
  // engine allows it.
  sendHome(pileId) {
    if (!this.view) return false;
    const pile = this.pileView(pileId);
    if (!pile || !pile.cards.length) return false;
    const moves = this.view.piles.flatMap((p) =>
      p.kind === "foundation" ? [`${pileId}>${p.id}`] : p.kind === "discard" ? [`${pileId}>${p.id}`, `${pileId}:13>${p.id}`] : []);
    const move = moves.find((m) => this.legal.has(m));
    if (move) {
      this.play(move);
      return true;
    }
    // It cannot go home: say why, in the engine's words.
    this.cancel();
    const view = this.view;
    this.link.send({ op: "why-home", pile: pileId }).then((a) => {
      if (this.view === view && a.ok && a.why) this.refuse(a.why, false);
    });
    return true;
  }

  pileView(id) {
    return this.view && this.view.piles.find((p) => p.id === id);
  }

  pileEl(id) {
    return this.board.querySelector(`[data-pile="${id}"]`);
  }

  moveText(sel, target) {
    const n = this.pileView(sel.pile).cards.length - sel.index;
    return `${sel.pile}${n > 1 ? ":" + n : ""}>${target}`;
  }

  targets() {
    const out = new Set();
    if (!this.selected || !this.view) return out;
    for (const pile of this.view.piles) {
      if (this.legal.has(this.moveText(this.selected, pile.id))) out.add(pile.id);
    }
    return out;
  }

  // Moves that take one card from each of several piles (The Wheel's packet).
  multiSources() {
    const out = new Set();
    for (const m of this.view.legal) {
      if (m.includes("+")) for (const p of m.split(">")[0].split("+")) out.add(p);
    }
    return out;
  }

  singleSources() {
    const out = new Set();
    for (const m of this.view.legal) {
      const src = m.split(">")[0];
      if (m.includes(">") && !src.includes("+")) out.add(src.split(":")[0]);
    }
    return out;
  }

  usesMulti(pileId) {
    return !!this.view && this.multiSources().has(pileId) && !this.singleSources().has(pileId);
  }

  multiMove() {
    if (!this.view || this.multi.length < 2) return null;
    const chosen = [...this.multi].sort().join("+");
    return this.view.legal.find((m) => m.includes("+") && m.split(">")[0].split("+").sort().join("+") === chosen) || null;
  }

  // The one path for a click, tap or Enter on a pile (and, if given, the index of one of its cards).
  activate(pileId, index) {
    const pile = this.pileView(pileId);
    if (!pile) return;
    if (this.selected) {
      if (pileId !== this.selected.pile) return this.drop(pileId);
      if (index !== null && index !== this.selected.index) return this.pick(pileId, index);
      return this.cancel();
    }
    // A game of forced moves (Clock): a click on the pile whose card it turns, but for a
    // face-up card (picked up, as anywhere: the engine says why it cannot move), plays the one
    // move there is; so does Enter on any pile (``enter``).
    const forced = this.view.forced;
    const up = index !== null && pile.cards[index] && pile.cards[index].up;
    if (forced && pileId === forced.pile && !up) return this.action(forced.move);
    // The stock deals; once it is empty, a click on it turns the waste over where the game allows.
    if (pile.kind === "stock") return this.action(!this.legal.has("deal") && this.legal.has("redeal") ? "redeal" : "deal");
    if (index !== null) return this.pick(pileId, squaredPick(pile, index));
    if (pile.cards.length) return this.pick(pileId, pile.pick.length ? pile.pick[pile.pick.length - 1] : pile.cards.length - 1);
  }

  // Enter or Space on a pile: pick up, or again on the same pile take one more card of the run.
  enter(pileId) {
    if (this.view && this.view.forced && !this.selected) return this.action(this.view.forced.move);
    if (this.selected && this.selected.pile === pileId) {
      const pile = this.pileView(pileId);
      const more = pile.pick.filter((i) => i < this.selected.index);
      if (more.length) return this.pick(pileId, more[more.length - 1]);
      return this.cancel();
    }
    this.activate(pileId, null);
  }

  select(pileId, index) {
    this.multi = [];
    this.selected = { pile: pileId, index };
    this.render(this.view);
  }

  pick(pileId, index) {
    const pile = this.pileView(pileId);
    if (!pile) return;
    if (this.usesMulti(pileId)) {
      this.selected = null;
      const at = this.multi.indexOf(pileId);
      if (at >= 0) this.multi.splice(at, 1);
      else this.multi.push(pileId);
      this.choiceWhy = "";
      this.render(this.view);
      this.explainChoice();
      return;
    }
    const card = pile.cards[index];
    if (!card || !card.up) {
      this.refuse("that card is face down");
      return;
    }
    // Whether the engine lists the card as movable or not, the drop is the engine's to
    // judge: an illegal one comes back refused with its reason, and the card goes back.
    this.select(pileId, index);
    const n = pile.cards.length - index;
    const where = [...this.targets()].map((p) => this.pileView(p).name);
    this.say(`Picked up ${n > 1 ? n + " cards from " : ""}the ${card.name}` +
      (where.length ? `; it can go to ${where.slice(0, 4).join(", ")}${where.length > 4 ? "\u2026" : ""}` : "; it has nowhere to go now"));
  }

  // Cards chosen one by one for a move that takes them together (The Wheel's packet): say
  // what they make, and, while they make no move, the engine's reason why not, which the
  // Take button's tooltip also gives.
  explainChoice() {
    if (!this.multi.length) return this.say("");
    const names = this.multi.map((p) => topName(this.pileView(p))).join(", ");
    if (this.multiMove()) return this.say(`Chosen: ${names}. Take them together (T).`);
    const order = this.view.piles.map((p) => p.id);
    const sources = [...this.multi].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const together = this.view.legal.find((m) => m.includes("+"));
    const target = together ? together.split(">")[1] : (this.view.piles.find((p) => p.kind === "foundation" && !p.cards.length) || this.view.piles[0]).id;
    const view = this.view;
    const chosen = this.multi.join();
    this.link.send({ op: "why", move: `${sources.join("+")}>${target}` }).then((a) => {
      if (this.view !== view || this.multi.join() !== chosen || !a.ok || !a.why) return;
      this.choiceWhy = capital(a.why);
      this.renderActions(this.view);
      this.say(`Chosen: ${names}. ${this.choiceWhy}.`);
    });
  }

  cancel() {
    if (!this.selected && !this.multi.length) return;
    this.selected = null;
    this.multi = [];
    this.render(this.view);
    this.say("");
  }

  drop(target) {
    return this.play(this.moveText(this.selected, target)); // an illegal move comes back refused, with the engine's reason
  }

  action(move) {
    if (!this.view.actions.find((x) => x.move === move)) return;
    this.play(move);
  }

  ready() {
    return ["ready", "won", "stuck", "lost"].includes(this.root.dataset.status);
  }
}
