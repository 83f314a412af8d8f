// The in-page player: one generic renderer driven only by the engine's view (see
// docs/view-format.md). It knows no game: every rule is the engine's, which runs in
// worker.js. A gesture becomes move text; the move is played when the engine says so.
//
// Hooks for tests and styling: the demo root has data-game and data-status (static ->
// loading -> ready | won | stuck, or error); piles have data-pile; cards have data-card.

const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const MAX_SEED_DIGITS = 15; // seeds stay exact as JavaScript numbers

class Demo {
  constructor(root) {
    this.root = root;
    this.board = root.querySelector(".board");
    this.slug = root.dataset.game;
    this.view = null;
    this.selected = null; // {pile, index}
    this.multi = []; // piles chosen for a move that takes one card from each of several piles
    this.next = 1;
    this.waiting = new Map();
    this.dragged = false;
    this.messageTimer = 0;
  }

  // --- engine requests ------------------------------------------------------------------

  start() {
    this.setStatus("loading");
    this.say("Loading the game engine\u2026", true);
    for (const el of this.root.querySelectorAll(".demo-bar, .demo-help")) el.hidden = false;
    this.root.querySelector(".demo-static-note").hidden = true;
    const seed = this.hashSeed();
    if (seed !== null && String(seed) !== this.root.dataset.seed) this.board.classList.add("stale");
    this.worker = new Worker(this.root.dataset.worker, { type: "module" });
    this.worker.onmessage = (e) => this.onWorker(e.data);
    this.worker.onerror = (e) => this.fail(e.message || "the engine worker failed");
    this.worker.postMessage({ type: "init", pyodide: this.root.dataset.pyodide, engine: this.root.dataset.engine });
    this.send({ op: "new", game: this.slug, seed: seed ?? Number(this.root.dataset.seed) }).then((a) => {
      if (a.ok) {
        performance.mark("demo-ready");
        this.say(this.notice || "", !this.notice);
      }
    });
    this.bindEvents();
  }

  send(request) {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, request });
    }).then((answer) => {
      if (answer.view) this.render(answer.view);
      if (!answer.ok) this.refuse(answer.error);
      return answer;
    });
  }

  onWorker(msg) {
    if (msg.type === "failed") return this.fail(msg.error);
    if (msg.type === "ready") return;
    const resolve = this.waiting.get(msg.id);
    this.waiting.delete(msg.id);
    if (resolve) resolve(msg.answer);
  }

  fail(error) {
    this.setStatus("error");
    this.say(`The game engine could not start: ${error}`, true);
  }

  play(move) {
    performance.mark("demo-move-start");
    this.selected = null;
    this.multi = [];
    // A move the engine has listed as legal is shown at once: its notation says which cards
    // go where, and that is all this does. The engine's answer then redraws the truth,
    // with whatever the game does by itself (a card turned up, a place refilled). The
    // worker's reply reaches the page only after the browser's next frame work, so without
    // this a move would show two frames late.
    const shown = this.legal && this.legal.has(move) && this.showMove(move);
    if (shown) afterPaint("demo-move-paint");
    return this.send({ op: "play", move }).then((answer) => {
      performance.measure("demo-move", "demo-move-start");
      if (!shown) afterPaint("demo-move-paint");
      if (answer.ok) this.say("");
      return answer;
    });
  }

  // Carry the cards of a legal move to their target in the DOM (see play()).
  showMove(move) {
    const m = /^([a-z0-9+]+)(?::(\d+))?>([a-z0-9]+)$/.exec(move);
    if (!m) return false;
    const sources = m[1].split("+");
    const count = m[2] ? Number(m[2]) : 1;
    const target = this.pileEl(m[3]);
    if (!target) return false;
    const moving = [];
    for (const id of sources) {
      const el = this.pileEl(id);
      if (!el) return false;
      moving.push(...[...el.querySelectorAll(".cards > .card")].slice(sources.length > 1 ? -1 : -count));
    }
    for (const el of this.board.querySelectorAll(".target, .chosen")) el.classList.remove("target", "chosen");
    for (const card of moving) {
      card.classList.remove("selected", "dragging");
      target.querySelector(".cards").append(card);
    }
    for (const id of [...sources, m[3]]) {
      const el = this.pileEl(id);
      el.classList.toggle("empty", !el.querySelector(".card"));
    }
    return true;
  }

  newDeal(seed) {
    this.selected = null;
    this.multi = [];
    history.replaceState(null, "", `#seed=${seed}`);
    this.board.classList.add("stale");
    return this.send({ op: "new", game: this.slug, seed });
  }

  // --- drawing --------------------------------------------------------------------------

  render(view) {
    this.view = view;
    this.board.classList.remove("stale");
    this.legal = new Set(view.legal);
    const targets = this.targets();
    for (const pile of view.piles) {
      const el = this.pileEl(pile.id);
      if (!el) continue;
      const cards = el.querySelector(".cards");
      cards.replaceChildren(...pile.cards.map((card, i) => this.cardEl(pile, card, i)));
      el.classList.toggle("empty", pile.cards.length === 0);
      el.classList.toggle("target", targets.has(pile.id));
      el.classList.toggle("chosen", this.multi.includes(pile.id));
      let count = el.querySelector(".count");
      if (pile.fan === "none" && pile.cards.length > 1) {
        if (!count) {
          count = document.createElement("span");
          count.className = "count";
          count.setAttribute("aria-hidden", "true");
          el.append(count);
        }
        count.textContent = pile.cards.length;
      } else if (count) {
        count.remove();
      }
      const label = pileLabel(pile);
      el.setAttribute("aria-label", label + (targets.has(pile.id) ? " (you can put the card here)" : ""));
      const text = this.root.querySelector(`[data-pile-text="${pile.id}"]`);
      if (text) text.textContent = label;
    }
    this.root.querySelector(".seed").textContent = view.seed;
    this.board.setAttribute("aria-label", `${view.title}, deal ${view.seed}`);
    const c = view.counters;
    this.counter("moves", c.moves);
    this.counter("stock", c.stock, view.piles.some((p) => p.kind === "stock"));
    this.counter("redeals_left", c.redeals_left ?? "no limit", view.actions.some((a) => a.move === "redeal"));
    this.button("undo").disabled = !c.undo;
    this.button("redo").disabled = !c.redo;
    this.button("restart").disabled = !c.undo && !c.redo && c.moves === 0;
    this.button("new").disabled = false;
    this.renderActions(view);
    const prompt = this.root.querySelector(".demo-prompt");
    prompt.textContent = view.prompt;
    prompt.hidden = !view.prompt;
    const banner = this.root.querySelector(".demo-banner");
    banner.hidden = view.status === "playing";
    banner.classList.toggle("won", view.status === "won");
    banner.querySelector(".demo-banner-text").textContent =
      view.status === "won" ? "You have won! Every card is home." :
      view.status === "stuck" ? "No moves left: this game is stuck. Undo, or try a new deal." : "";
    this.setStatus(view.status === "playing" ? "ready" : view.status);
    this.ensureFocusable();
  }

  cardEl(pile, card, i) {
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
    el.append(rank, suit);
    if (pile.pick.includes(i)) el.classList.add("pickable");
    const sel = this.selected;
    if ((sel && sel.pile === pile.id && i >= sel.index) || (this.multi.includes(pile.id) && i === pile.cards.length - 1)) {
      el.classList.add("selected");
    }
    return el;
  }

  renderActions(view) {
    const box = this.root.querySelector(".demo-actions");
    const buttons = view.actions.map((a) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = a.move;
      b.textContent = a.label;
      b.disabled = !a.enabled;
      b.title = a.enabled ? (a.move === "deal" ? `${a.label} (D)` : a.label) : a.reason;
      return b;
    });
    if (view.legal.some((m) => m.includes("+")) || this.multi.length) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.command = "take";
      const move = this.multiMove();
      b.textContent = this.multi.length ? `Take the ${this.multi.length} chosen cards` : "Take the chosen cards";
      b.disabled = !move;
      b.title = "Choose cards by clicking them, then take them together (T)";
      buttons.push(b);
    }
    box.replaceChildren(...buttons);
  }

  counter(name, value, shown = true) {
    const el = this.root.querySelector(`[data-counter="${name}"]`);
    if (el) el.textContent = value;
    const box = el && el.closest("[data-counter-box]");
    if (box) box.hidden = !shown;
  }

  button(command) {
    return this.root.querySelector(`.demo-controls [data-command="${command}"]`);
  }

  setStatus(status) {
    this.root.dataset.status = status;
  }

  say(text, persistent = false) {
    const el = this.root.querySelector(".demo-state");
    clearTimeout(this.messageTimer);
    el.textContent = text;
    el.hidden = !text;
    el.classList.remove("refusal");
    if (text && !persistent) this.messageTimer = setTimeout(() => this.say(""), 6000);
  }

  refuse(reason) {
    this.say(`Not allowed: ${reason}`);
    this.root.querySelector(".demo-state").classList.add("refusal");
    this.board.classList.remove("shake");
    void this.board.offsetWidth; // restart the animation
    this.board.classList.add("shake");
  }

  // --- what the player has chosen -------------------------------------------------------

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

  multiMove() {
    if (!this.view || this.multi.length < 2) return null;
    const chosen = [...this.multi].sort().join("+");
    return this.view.legal.find((m) => m.includes("+") && m.split(">")[0].split("+").sort().join("+") === chosen) || null;
  }

  // A click, Enter or drag start on a card of ``pileId`` at ``index``.
  pick(pileId, index) {
    const pile = this.pileView(pileId);
    if (!pile) return;
    const usesMulti = this.multiSources().has(pileId) && !this.singleSources().has(pileId);
    if (usesMulti) {
      this.selected = null;
      const at = this.multi.indexOf(pileId);
      if (at >= 0) this.multi.splice(at, 1);
      else this.multi.push(pileId);
      this.render(this.view);
      this.say(this.multi.length ? `Chosen: ${this.multi.map((p) => cardName(this.pileView(p))).join(", ")}` : "");
      return;
    }
    const card = pile.cards[index];
    if (!card || !card.up) {
      this.refuse("that card is face down");
      return;
    }
    // A card the engine lists as movable or not, the drop is the engine's to judge: an
    // illegal one comes back refused with its reason, and the card goes back.
    this.multi = [];
    this.selected = { pile: pileId, index };
    this.render(this.view);
    const n = pile.cards.length - index;
    const where = [...this.targets()].map((p) => this.pileView(p).name);
    this.say(`Picked up ${n > 1 ? n + " cards from " : ""}the ${pile.cards[index].name}` +
      (where.length ? `; it can go to ${where.slice(0, 4).join(", ")}${where.length > 4 ? "\u2026" : ""}` : "; it has nowhere to go now"));
  }

  cancel() {
    if (!this.selected && !this.multi.length) return;
    this.selected = null;
    this.multi = [];
    this.render(this.view);
    this.say("");
  }

  drop(target) {
    const move = this.moveText(this.selected, target);
    return this.play(move); // an illegal move comes back refused, with the engine's reason
  }

  // --- events ---------------------------------------------------------------------------

  ready() {
    return this.root.dataset.status === "ready" || this.root.dataset.status === "won" || this.root.dataset.status === "stuck";
  }

  bindEvents() {
    this.board.addEventListener("click", (e) => this.onClick(e));
    this.board.addEventListener("dblclick", (e) => this.onDoubleClick(e));
    this.board.addEventListener("keydown", (e) => this.onKey(e));
    this.board.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    this.root.addEventListener("keydown", (e) => this.onShortcut(e));
    this.root.querySelector(".demo-controls").addEventListener("click", (e) => this.onControl(e));
    window.addEventListener("hashchange", () => {
      const seed = this.hashSeed();
      if (seed !== null && this.view && seed !== this.view.seed) this.newDeal(seed);
    });
  }

  onClick(e) {
    if (this.dragged) {
      this.dragged = false;
      return;
    }
    if (!this.ready() || !this.view) return;
    const pileEl = e.target.closest("[data-pile]");
    if (!pileEl) return this.cancel();
    this.activate(pileEl.dataset.pile, e.target.closest(".card[data-index]"));
  }

  // The one path for a click or Enter on a pile (and, if given, one of its cards).
  activate(pileId, cardEl) {
    const pile = this.pileView(pileId);
    if (this.selected) {
      if (pileId !== this.selected.pile) return this.drop(pileId);
      const index = cardEl ? Number(cardEl.dataset.index) : null;
      if (index !== null && index !== this.selected.index) return this.pick(pileId, index);
      return this.cancel();
    }
    // The stock deals; once it is empty, a click on it turns the waste over where the game allows.
    if (pile.kind === "stock") return this.action(!this.legal.has("deal") && this.legal.has("redeal") ? "redeal" : "deal");
    if (cardEl) return this.pick(pileId, Number(cardEl.dataset.index));
    if (pile.cards.length) return this.pick(pileId, pile.pick.length ? pile.pick[pile.pick.length - 1] : pile.cards.length - 1);
    if (this.multiSources().has(pileId) && pile.cards.length) return this.pick(pileId, pile.cards.length - 1);
  }

  onDoubleClick(e) {
    if (!this.ready()) return;
    const pileEl = e.target.closest("[data-pile]");
    if (!pileEl) return;
    const pile = this.pileView(pileEl.dataset.pile);
    const home = this.view.piles.find((p) => p.kind === "foundation" && this.legal.has(`${pile.id}>${p.id}`));
    if (home) this.play(`${pile.id}>${home.id}`);
  }

  action(move) {
    const a = this.view.actions.find((x) => x.move === move);
    if (!a) return;
    this.play(move);
  }

  onControl(e) {
    const b = e.target.closest("button");
    if (!b || b.disabled) return;
    if (b.dataset.move) return this.action(b.dataset.move);
    const command = b.dataset.command;
    if (command === "share") return this.share();
    if (!this.ready()) return;
    if (command === "undo" || command === "redo" || command === "restart") {
      this.selected = null;
      this.multi = [];
      return this.send({ op: command });
    }
    if (command === "new") return this.newDeal(randomSeed(...this.seedRange()));
    if (command === "take") {
      const move = this.multiMove();
      if (move) this.play(move);
    }
  }

  onShortcut(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || !this.ready()) return;
    if (e.target.closest("input, textarea, select")) return;
    const key = e.key.toLowerCase();
    const command = { u: "undo", r: "redo", t: "take" }[key];
    if (command) {
      const b = this.root.querySelector(`.demo-controls [data-command="${command}"]`);
      if (b && !b.disabled) b.click();
    } else if (key === "d") {
      const b = this.root.querySelector('.demo-actions [data-move="deal"]');
      if (b && !b.disabled) b.click();
    }
  }

  onKey(e) {
    const pileEl = e.target.closest("[data-pile]");
    if (!pileEl || !this.ready()) return;
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (moves[e.key]) {
      e.preventDefault();
      const next = this.neighbour(pileEl.dataset.pile, ...moves[e.key]);
      if (next) this.focusPile(next);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const id = pileEl.dataset.pile;
      if (this.selected && this.selected.pile === id) {
        // Again on the same pile: take one more card of the run, or put it back.
        const pile = this.pileView(id);
        const more = pile.pick.filter((i) => i < this.selected.index);
        if (more.length) return this.pick(id, more[more.length - 1]);
        return this.cancel();
      }
      this.activate(id, null);
    } else if (e.key === "Escape") {
      this.cancel();
    }
  }

  // The nearest pile in a direction on the engine's layout grid.
  neighbour(id, dr, dc) {
    const from = this.pileView(id);
    let best = null;
    let bestScore = Infinity;
    for (const p of this.view.piles) {
      const r = p.row - from.row;
      const c = p.col - from.col;
      const along = dr ? r * dr : c * dc;
      const across = dr ? Math.abs(c) : Math.abs(r);
      if (along <= 0) continue;
      const score = along * 10 + across * 3;
      if (score < bestScore) {
        bestScore = score;
        best = p.id;
      }
    }
    return best;
  }

  focusPile(id) {
    for (const el of this.board.querySelectorAll("[data-pile]")) el.tabIndex = el.dataset.pile === id ? 0 : -1;
    this.pileEl(id).focus();
  }

  ensureFocusable() {
    const piles = [...this.board.querySelectorAll("[data-pile]")];
    if (!piles.some((el) => el.tabIndex === 0)) {
      piles.forEach((el, i) => { el.tabIndex = i === 0 ? 0 : -1; });
    }
  }

  onPointerDown(e) {
    if (e.button !== 0 || !this.ready()) return;
    const cardEl = e.target.closest(".card.up");
    const pileEl = e.target.closest("[data-pile]");
    if (!cardEl || !pileEl || this.multiSources().has(pileEl.dataset.pile)) return;
    const start = { x: e.clientX, y: e.clientY };
    const pileId = pileEl.dataset.pile;
    const index = Number(cardEl.dataset.index);
    let ghost = null;
    const move = (ev) => {
      if (!ghost) {
        if (Math.hypot(ev.clientX - start.x, ev.clientY - start.y) < 6) return;
        this.selected = { pile: pileId, index };
        this.render(this.view);
        ghost = document.createElement("div");
        ghost.className = "drag-ghost";
        const cards = [...pileEl.querySelectorAll(".card")].slice(index);
        for (const c of cards) {
          ghost.append(c.cloneNode(true));
          c.classList.add("dragging");
        }
        document.body.append(ghost);
      }
      ghost.style.transform = `translate(${ev.clientX - 20}px, ${ev.clientY - 20}px)`;
    };
    const up = (ev) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      if (!ghost) return; // a plain click: the click handler deals with it
      ghost.remove();
      this.dragged = true;
      setTimeout(() => { this.dragged = false; }, 0);
      const under = document.elementFromPoint(ev.clientX, ev.clientY);
      const target = under && under.closest("[data-pile]");
      if (target && target.dataset.pile !== pileId && this.board.contains(target)) {
        this.drop(target.dataset.pile);
      } else {
        this.cancel(); // the card goes back
      }
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  }

  // --- sharing and seeds ----------------------------------------------------------------

  hashSeed() {
    const m = /(?:^#|&)seed=(\d+)(?:&|$)/.exec(location.hash);
    if (!m) return null;
    const [low, high] = this.seedRange();
    const seed = m[1].length > MAX_SEED_DIGITS ? Infinity : Number(m[1]);
    if (seed < low || seed > high) {
      // Said once the engine is ready (the loading message would cover it until then).
      this.notice = `Deal numbers of this game run from ${low} to ${high}; showing deal ${this.view ? this.view.seed : this.root.dataset.seed} instead.`;
      if (this.view) this.say(this.notice);
      return null;
    }
    return seed;
  }

  // The deal numbers the engine accepts for this game (FreeCell's are Microsoft's, from 1).
  seedRange() {
    const high = Math.min(Number(this.root.dataset.seedMax), Number("9".repeat(MAX_SEED_DIGITS)));
    return [Number(this.root.dataset.seedMin), high];
  }

  share() {
    const seed = this.view ? this.view.seed : Number(this.root.dataset.seed);
    const url = `${location.origin}${location.pathname}#seed=${seed}`;
    history.replaceState(null, "", `#seed=${seed}`);
    const done = () => this.say(`Link to this deal copied: ${url}`);
    const show = () => this.say(`Link to this deal: ${url}`, true);
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(done, show);
    else show();
  }
}

function pileLabel(pile) {
  if (!pile.cards.length) return `${pile.name}: empty`;
  const down = pile.cards.filter((c) => !c.up).length;
  const parts = down ? [`${down} face-down card${down === 1 ? "" : "s"}`] : [];
  if (pile.kind === "stock") return `${pile.name}: ${pile.cards.length} cards`;
  for (const c of pile.cards) if (c.up) parts.push(c.name);
  return `${pile.name}: ${parts.join(", ")}`;
}

function cardName(pile) {
  const top = pile.cards[pile.cards.length - 1];
  return top && top.up ? top.name : pile.name;
}

// Measure from the move's start to the first frame painted after now.
function afterPaint(name) {
  requestAnimationFrame(() => setTimeout(() => performance.measure(name, "demo-move-start"), 0));
}

// A deal number between 1 (or the game's lowest) and 999,999,999 (or its highest).
function randomSeed(low, high) {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  const from = Math.max(low, 1);
  return from + (a[0] % (Math.min(high, 999999999) - from + 1));
}

const root = document.querySelector("section.demo[data-worker]");
if (root) new Demo(root).start();
