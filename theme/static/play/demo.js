// The in-page player of one game page: one generic renderer driven only by the engine's
// view (docs/view-format.md). It knows no game: every rule, safe move and finish is the
// engine's, which runs in a worker. A gesture becomes move text; a move is played when the
// engine says so.
//
// Hooks for tests and styling: the demo root has data-game and data-status (static ->
// loading -> ready | won | stuck | lost, or error; "lost" when the solver has proved that
// no line wins from here); piles have data-pile; cards have data-card (and data-id, which
// tells two copies of a card apart); a hint rings its cards .hint-from and its pile .hint-to;
// data-engine-start says whether the engine started from a saved snapshot (worker.js).

import { clearHint, drawBoard, markHint, movingCards } from "./board.js";
import { fitBoard, fromMarkup, fromView } from "./fit.js";
import { bindInput } from "./input.js";
import { EngineLink } from "./link.js";
import { celebrate, glide, measure, motionAllowed } from "./motion.js";
import { Advisor, HINT_BUDGET, HINT_SECONDS, JUDGE_BUDGET, JUDGE_DELAY, JUDGE_SECONDS, whenIdle } from "./solver.js";
import * as store from "./store.js";
import { winnableSeed } from "./winnable.js";
import { clock, describe, moveParts, topName } from "./words.js";

const MAX_SEED_DIGITS = 15; // seeds stay exact as JavaScript numbers
const LOST_WHY = "the solver, which sees the face-down cards, has searched every position";

export class Demo {
  constructor(root) {
    this.root = root;
    this.board = root.querySelector(".board");
    this.slug = root.dataset.game;
    this.view = null;
    this.legal = new Set();
    this.selected = null; // {pile, index}
    this.multi = []; // piles chosen for a move that takes one card from each of several piles
    this.messageTimer = 0;
    this.settings = store.loadSettings();
    this.stats = store.loadStats(this.slug);
    this.game = null; // what is saved of the game in progress: {seed, record, steps, elapsed, counted, won}
    this.clockStart = null; // when the running clock last started (performance.now())
    this.notice = "";
    this.hadFocus = false;
    this.pendingOp = "";
    this.busy = 0; // requests sent and not yet answered
    this.verdict = null; // {view, result}: the solver's judgement of the view on the board
    this.fit = { cap: null, folded: null }; // the card size and fold this deal opened with (fit.js)
    this.steps = 0; // the player's moves in this game: automatic moves are part of the move they follow
    this.left = null; // the game a new deal or a restart replaced, which Undo brings back
    this.refit = false; // lay the board out afresh at the next redraw
  }

  // --- starting ---------------------------------------------------------------------------

  start() {
    performance.mark("demo-start"); // with engine-ready (link.js) and demo-ready: where a start's time goes
    this.setStatus("loading");
    this.say("Loading the game engine\u2026", true);
    for (const el of this.root.querySelectorAll("[data-js]")) el.hidden = false;
    this.root.querySelector(".demo-static-note").hidden = true;
    this.relayout(); // the builder's first deal, fitted to this screen before the engine answers
    for (const b of this.root.querySelectorAll(".demo-controls button:disabled")) this.reason(b, "The game engine is still loading");
    this.link = new EngineLink(this.root.dataset, (error) => this.fail(error), (start) => {
      this.root.dataset.engineStart = start; // how the engine started (worker.js): for tests and the benchmark
    });
    this.advisor = new Advisor(this.link, () => this.game && this.game.record);
    bindInput(this);
    this.bindControls();
    this.showSettings();
    this.showStats();
    const seed = this.hashSeed();
    const saved = store.loadGame(this.slug);
    let first;
    if (saved && saved.corrupt) this.notice = "A saved game here could not be read, so a fresh deal is shown.";
    if (saved && !saved.corrupt && (seed === null || seed === saved.seed)) {
      this.board.classList.add("stale");
      this.refit = true; // the board laid out so far is the page's first deal, not this game
      first = this.request({ op: "replay", record: saved.record, steps: saved.steps }).then((a) => {
        if (a.ok) {
          this.game = { ...saved };
          this.notice = this.notice || (a.view.counters.moves ? "Your game is back where you left it." : "");
          history.replaceState(null, "", `#seed=${a.view.seed}`);
          return a;
        }
        store.clearGame(this.slug); // the engine no longer accepts this record: drop it quietly
        this.notice = "Your saved game no longer fits the rules, so a fresh deal is shown.";
        return this.begin(Number(this.root.dataset.seed));
      });
    } else {
      if (seed !== null && String(seed) !== this.root.dataset.seed) this.board.classList.add("stale");
      if (saved && !saved.corrupt) this.abandon(saved);
      first = this.begin(seed ?? Number(this.root.dataset.seed));
    }
    first.then((a) => {
      if (!a.ok) return;
      performance.mark("demo-ready");
      this.say(this.notice, !this.notice);
      this.tick();
    });
    setInterval(() => this.tick(), 1000);
    document.addEventListener("visibilitychange", () => this.pauseClock(document.hidden));
  }

  begin(seed) {
    this.game = { seed, record: `${this.slug}/${seed}/`, steps: [], elapsed: 0, counted: false, won: false };
    this.clockStart = null;
    this.steps = 0;
    this.fit = { cap: null, folded: null };
    store.saveGame(this.slug, this.game);
    return this.request({ op: "new", game: this.slug, seed });
  }

  fail(error) {
    this.setStatus("error");
    this.say(`The game engine could not start: ${error}`, true);
  }

  // --- talking to the engine --------------------------------------------------------------

  // Send a request; draw the answer (with the cards gliding to their new places), save the game.
  request(req, { origin = null } = {}) {
    const before = this.view && motionAllowed(this.settings.motion) ? measure(this.board) : null;
    this.busy += 1;
    return this.link.send(req).then((answer) => {
      this.busy -= 1;
      if (answer.ok && answer.steps) this.steps = answer.steps.length;
      if (answer.view) {
        const old = this.view;
        this.render(answer.view);
        if (before && answer.ok && answer.moves && answer.moves.length) glide(this.board, before, origin);
        if (answer.ok) this.afterAnswer(old, answer);
        this.judgeSoon();
      }
      if (!answer.ok) this.refuse(answer.error);
      return answer;
    });
  }

  afterAnswer(old, answer) {
    const view = answer.view;
    if (this.game && answer.record !== undefined) {
      this.game.record = answer.record;
      this.game.steps = answer.steps || [];
      this.game.seed = view.seed;
      if (!this.game.counted && view.counters.moves > 0) {
        this.game.counted = true; // a deal counts as played from its first move
        this.stats.played += 1;
        store.saveStats(this.slug, this.stats);
      }
      if (view.counters.moves > 0 && this.clockStart === null && view.status === "playing" && !document.hidden) {
        this.clockStart = performance.now();
      }
      if (view.status === "won" && !this.game.won) this.win(view);
      if (view.status === "won") this.pauseClock(true);
      store.saveGame(this.slug, this.game);
      this.showStats();
    }
    if (old && answer.moves && answer.moves.length) this.announce(old, answer);
  }

  // Every move is said in the live region: what moved where, and what followed by itself.
  announce(old, answer) {
    const op = this.pendingOp;
    const n = answer.moves.length;
    let text = describe(old, answer.moves, answer.view);
    if (op === "undo") text = `Undone: ${describe(answer.view, answer.moves, old, "moved")}`;
    else if (op === "redo") text = `Redone: ${text}`;
    else if (op === "finish" || op === "auto") text = `${n} card${n === 1 ? "" : "s"} went to the foundations.`;
    if (answer.view.status === "won") text += " You have won!";
    else if (answer.view.status === "stuck") text += " No moves are left.";
    this.say(text);
  }

  win(view) {
    this.game.won = true;
    this.stats.won += 1;
    this.stats.streak += 1;
    this.stats.best = Math.max(this.stats.best, this.stats.streak);
    const moves = this.steps;
    this.stats.fewest = this.stats.fewest === null ? moves : Math.min(this.stats.fewest, moves);
    store.saveStats(this.slug, this.stats);
    celebrate(this.root, motionAllowed(this.settings.motion));
  }

  // A game left unfinished for another deal ends the winning streak.
  abandon(game) {
    if (game && game.counted && !game.won && this.stats.streak) {
      this.stats.streak = 0;
      store.saveStats(this.slug, this.stats);
    }
  }

  // --- moves ------------------------------------------------------------------------------

  play(move) {
    performance.mark("demo-move-start");
    this.selected = null;
    this.multi = [];
    // A move the engine has listed as legal is shown at once: its notation says which cards
    // go where, and that is all this does. The engine's answer then redraws the truth, with
    // whatever the game does by itself (a card turned up, a place refilled, safe moves home).
    const before = motionAllowed(this.settings.motion) ? measure(this.board) : null;
    const shown = this.legal.has(move) && this.showMove(move);
    if (shown) {
      if (before) glide(this.board, before);
      afterPaint("demo-move-paint");
    }
    const stock = this.view.piles.find((p) => p.kind === "stock");
    this.pendingOp = "play";
    return this.request({ op: "play", move, auto: this.settings.auto }, { origin: move === "deal" && stock ? stock.id : null })
      .then((answer) => {
        performance.measure("demo-move", "demo-move-start");
        if (!shown) afterPaint("demo-move-paint");
        return answer;
      });
  }

  // Carry the cards of a legal move to their target in the DOM (see play()).
  showMove(move) {
    const parts = moveParts(move);
    if (!parts || parts.action) return false;
    const { sources } = parts;
    const target = this.pileEl(parts.target);
    if (!target) return false;
    const moving = movingCards(this.board, parts);
    if (!moving) return false;
    for (const el of this.board.querySelectorAll(".target, .chosen")) el.classList.remove("target", "chosen");
    for (const card of moving) {
      card.classList.remove("selected", "dragging");
      target.querySelector(".cards").append(card);
    }
    for (const id of [...sources, parts.target]) {
      const el = this.pileEl(id);
      el.classList.toggle("empty", !el.querySelector(".card"));
    }
    return true;
  }

  // Double-click or double-tap: the top card of ``pileId`` to a foundation, or a complete
  // run from it to a discard place (Spider), if the engine allows it.
  sendHome(pileId) {
    if (!this.view) return false;
    const pile = this.pileView(pileId);
    if (!pile || !pile.cards.length) return false;
    const moves = this.view.piles.flatMap((p) =>
      p.kind === "foundation" ? [`${pileId}>${p.id}`] : p.kind === "discard" ? [`${pileId}:13>${p.id}`] : []);
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

  command(name) {
    if (!this.ready()) return;
    this.selected = null;
    this.multi = [];
    this.pendingOp = name;
    if (name === "undo" && this.view && !this.view.counters.undo && this.left) return this.takeBack();
    if (name !== "restart") return this.request({ op: name });
    this.keepLeft();
    this.clockStart = null;
    if (this.game) this.game.elapsed = 0;
    this.fit = { cap: null, folded: null };
    return this.request({ op: name }).then((a) => {
      if (a.ok) this.say(`Back to the start of deal ${a.view.seed}.${this.leftWords()}`, true);
      return a;
    });
  }

  // A new deal or a restart never loses a game in progress: it is kept, and Undo at the start
  // of the next game brings it back, as it was.
  keepLeft() {
    const g = this.game;
    this.left = g && this.steps > 0 && !g.won ? { game: { ...g, steps: [...g.steps] }, stats: { ...this.stats }, moves: this.steps } : null;
  }

  leftWords() {
    const left = this.left;
    if (!left) return "";
    return ` Undo brings back your game of deal ${left.game.seed} (${left.moves} move${left.moves === 1 ? "" : "s"}).`;
  }

  takeBack() {
    const { game, stats } = this.left;
    this.left = null;
    this.stats = stats;
    store.saveStats(this.slug, stats);
    this.showStats();
    this.game = { ...game, steps: [...game.steps] };
    this.clockStart = null;
    this.fit = { cap: null, folded: null };
    history.replaceState(null, "", `#seed=${game.seed}`);
    this.board.classList.add("stale");
    this.root.classList.remove("celebrating");
    this.pendingOp = "";
    return this.request({ op: "replay", record: game.record, steps: game.steps }).then((a) => {
      if (a.ok) {
        store.saveGame(this.slug, this.game);
        this.say(`Back to your game of deal ${game.seed}, as you left it.`, true);
      }
      return a;
    });
  }

  // New deal: any deal, or with "Winnable deals only" one the solver has won.
  dealNew() {
    const url = this.root.dataset.winnable;
    if (!this.settings.winnable) return this.newDeal(randomSeed(...this.seedRange()));
    return winnableSeed(url).then((seed) => {
      if (seed !== null) return this.newDeal(seed);
      this.say(url ? "The list of winnable deals could not be read, so this is any deal." :
        "This game has no list of winnable deals yet, so this is any deal.");
      return this.newDeal(randomSeed(...this.seedRange()));
    });
  }

  newDeal(seed) {
    this.selected = null;
    this.multi = [];
    this.keepLeft();
    this.abandon(this.game);
    history.replaceState(null, "", `#seed=${seed}`);
    this.board.classList.add("stale");
    this.root.classList.remove("celebrating");
    return this.begin(seed).then((a) => {
      if (a.ok && this.left) this.say(`A new deal: deal ${seed}.${this.leftWords()}`, true);
      return a;
    });
  }

  // --- drawing ----------------------------------------------------------------------------

  render(view) {
    this.view = view;
    clearHint(this.root);
    this.board.classList.remove("stale");
    this.legal = new Set(view.legal);
    drawBoard(this.root, view, { selected: this.selected, multi: this.multi, targets: this.targets() });
    this.relayout(this.refit);
    this.refit = false;
    this.root.querySelector(".seed").textContent = view.seed;
    const c = view.counters;
    this.counter("moves", this.steps);
    this.counter("stock", c.stock, view.piles.some((p) => p.kind === "stock"));
    this.counter("redeals_left", c.redeals_left ?? "no limit", view.actions.some((a) => a.move === "redeal"));
    this.button("undo").disabled = !c.undo && !this.left;
    this.button("redo").disabled = !c.redo;
    this.button("restart").disabled = !c.undo && !c.redo && c.moves === 0;
    this.button("new").disabled = false;
    this.button("hint").disabled = view.status !== "playing";
    this.reason("undo", c.undo ? "" : this.left ? "" : "Nothing to undo yet",
      !c.undo && this.left ? `Back to your game of deal ${this.left.game.seed} (U)` : "");
    this.reason("redo", "Nothing to redo: no move has been undone");
    this.reason("restart", "This deal has no moves to take back yet");
    this.reason("hint", view.status === "won" ? "The game is won: there is nothing left to hint" :
      "No move is left to hint at");
    const finish = this.button("finish");
    finish.hidden = !view.can_finish;
    finish.disabled = !view.can_finish;
    this.renderActions(view);
    const prompt = this.root.querySelector(".demo-prompt");
    prompt.textContent = view.prompt;
    prompt.hidden = !view.prompt;
    const lost = view.status === "playing" && this.verdict && this.verdict.view === view && this.verdict.result === "lost";
    const banner = this.root.querySelector(".demo-banner");
    banner.hidden = view.status === "playing" && !lost;
    banner.classList.toggle("won", view.status === "won");
    if (view.status !== "won") this.root.classList.remove("celebrating");
    banner.querySelector(".demo-banner-text").textContent =
      view.status === "won" ? `You have won in ${this.steps} move${this.steps === 1 ? "" : "s"}! Every card is home.` :
      view.status === "stuck" ? "No moves left: this game is stuck. Undo, or try a new deal." :
      lost ? "No way to win from here: the solver has searched every position. Undo, or try a new deal." : "";
    this.setStatus(lost ? "lost" : view.status === "playing" ? "ready" : view.status);
    this.ensureFocusable();
    this.keepFocus();
  }

  renderActions(view) {
    const box = this.root.querySelector(".demo-actions");
    const buttons = view.actions.map((a) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = a.move;
      b.textContent = a.label;
      b.disabled = !a.enabled;
      this.reason(b, capital(a.reason), a.move === "deal" ? `${a.label} (D)` : a.label);
      return b;
    });
    if (view.legal.some((m) => m.includes("+")) || this.multi.length) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.command = "take";
      const move = this.multiMove();
      b.textContent = this.multi.length ? `Take the ${this.multi.length} chosen cards` : "Take the chosen cards";
      b.disabled = !move;
      this.reason(b, this.multi.length ? this.choiceWhy || "These cards cannot be taken together" :
        "Choose the cards first: click or tap each of them", "Take the chosen cards together (T)");
      buttons.push(b);
    }
    const focused = box.contains(document.activeElement) ? document.activeElement.dataset.move || document.activeElement.dataset.command : null;
    box.replaceChildren(...buttons);
    if (focused) {
      const again = buttons.find((b) => (b.dataset.move || b.dataset.command) === focused && !b.disabled);
      if (again) again.focus();
    }
  }

  // A control's tooltip, and what a screen reader hears of it: while it is disabled, why it
  // is (``why``); else what it does (its own title, or ``tip``).
  reason(target, why, tip = "") {
    const b = typeof target === "string" ? this.button(target) : target;
    if (!b) return;
    if (b.dataset.tip === undefined) b.dataset.tip = tip || b.title;
    const text = b.disabled ? why : tip || b.dataset.tip;
    if (b.title !== text) b.title = text;
    const id = `demo-why-${b.dataset.command || b.dataset.move}`;
    let note = this.root.querySelector(`#${id}`);
    if (b.disabled && why) {
      if (!note) {
        note = document.createElement("span");
        note.id = id;
        note.className = "visually-hidden";
        this.root.querySelector(".demo-bar").append(note);
      }
      note.textContent = why;
      b.setAttribute("aria-describedby", id);
    } else {
      b.removeAttribute("aria-describedby");
    }
  }

  counter(name, value, shown = true) {
    const el = this.root.querySelector(`[data-counter="${name}"]`);
    if (el && el.textContent !== String(value)) el.textContent = value; // unchanged text: no new layout
    const box = el && el.closest("[data-counter-box]");
    if (box) box.hidden = !shown;
  }

  button(command) {
    return this.root.querySelector(`[data-command="${command}"]`);
  }

  setStatus(status) {
    this.root.dataset.status = status;
  }

  say(text, persistent = false) {
    const el = this.root.querySelector(".demo-state");
    clearTimeout(this.messageTimer);
    el.textContent = text;
    el.hidden = false; // its line stays, empty or not, so the board never shifts under the pointer
    el.classList.remove("refusal", "suggestion");
    if (text && !persistent) this.messageTimer = setTimeout(() => this.say(""), 6000);
  }

  refuse(reason, notAllowed = true) {
    this.say(notAllowed ? `Not allowed: ${reason}` : `${capital(reason)}.`);
    this.root.querySelector(".demo-state").classList.add("refusal");
    this.board.classList.remove("shake");
    void this.board.offsetWidth; // restart the animation
    if (motionAllowed(this.settings.motion)) this.board.classList.add("shake");
  }

  // --- the clock and the statistics -------------------------------------------------------

  elapsed() {
    if (!this.game) return 0;
    return this.game.elapsed + (this.clockStart === null ? 0 : performance.now() - this.clockStart);
  }

  pauseClock(paused) {
    if (!this.game) return;
    if (paused && this.clockStart !== null) {
      this.game.elapsed = Math.round(this.elapsed());
      this.clockStart = null;
      store.saveGame(this.slug, this.game);
    } else if (!paused && this.clockStart === null && this.view && this.view.status === "playing" && this.view.counters.moves > 0) {
      this.clockStart = performance.now();
    }
    this.tick();
  }

  tick() {
    const el = this.root.querySelector('[data-counter="time"]');
    if (el) el.textContent = clock(this.elapsed());
    if (this.game && this.clockStart !== null && Math.round(this.elapsed() / 1000) % 10 === 0) {
      this.game.elapsed = Math.round(this.elapsed());
      this.clockStart = performance.now();
      store.saveGame(this.slug, this.game);
    }
  }

  showStats() {
    const s = this.stats;
    const set = (name, value) => {
      const el = this.root.querySelector(`[data-stat="${name}"]`);
      if (el) el.textContent = value;
    };
    set("played", s.played);
    set("won", s.won);
    set("rate", s.played ? `${Math.round((100 * s.won) / s.played)}%` : "\u2013");
    set("streak", s.streak);
    set("best", s.best);
    set("fewest", s.fewest === null ? "\u2013" : s.fewest);
  }

  showSettings() {
    for (const box of this.root.querySelectorAll("[data-setting]")) box.checked = !!this.settings[box.dataset.setting];
  }

  // Lay the board out for the room the screen gives it (fit.js): the view's piles, or before
  // the engine's first answer the builder's. ``fresh``: the window changed, start afresh.
  relayout(fresh = false) {
    if (fresh) this.fit = { cap: null, folded: null };
    const piles = this.view ? fromView(this.view) : fromMarkup(this.board);
    const fold = this.view ? !!this.view.fold : this.board.hasAttribute("data-fold");
    fitBoard(this.root, piles, this.fit, fold);
  }

  // --- what the player has chosen ---------------------------------------------------------

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
    // The stock deals; once it is empty, a click on it turns the waste over where the game allows.
    if (pile.kind === "stock") return this.action(!this.legal.has("deal") && this.legal.has("redeal") ? "redeal" : "deal");
    if (index !== null) return this.pick(pileId, index);
    if (pile.cards.length) return this.pick(pileId, pile.pick.length ? pile.pick[pile.pick.length - 1] : pile.cards.length - 1);
  }

  // Enter or Space on a pile: pick up, or again on the same pile take one more card of the run.
  enter(pileId) {
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

  // --- the solver: hints and "no way to win from here" ------------------------------------

  // After each answer, once the page has painted and is idle: can this position still be
  // won? Asked of the worker with a small budget; a known answer is shown at once.
  judgeSoon() {
    const view = this.view;
    const record = this.game && this.game.record;
    if (!view || view.status !== "playing" || !record) return;
    const known = this.advisor.settled(record);
    if (known) return this.judged(known);
    whenIdle(() => {
      if (this.view !== view || this.busy) return;
      this.advisor.ask(record, JUDGE_BUDGET, JUDGE_SECONDS).then((solve) => {
        if (solve && this.view === view && !this.busy) this.judged(solve);
      });
    }, JUDGE_DELAY);
  }

  judged(solve) {
    const was = this.verdict && this.verdict.view === this.view ? this.verdict.result : null;
    this.verdict = { view: this.view, result: solve.result };
    if (solve.result === "lost" && was !== "lost") {
      this.render(this.view);
      this.say(`No way to win from here: ${LOST_WHY}. You can still undo.`, true);
    }
  }

  // Hint: the next move of a winning line, ringed on the board until the next action.
  hint() {
    const view = this.view;
    const record = this.game && this.game.record;
    if (!view || view.status !== "playing" || !record || this.busy) return;
    this.say("Looking for a winning line\u2026", true);
    this.advisor.ask(record, HINT_BUDGET, HINT_SECONDS).then((solve) => {
      if (this.view !== view || this.busy) return; // the game has moved on: this hint is old
      if (!solve) return this.say("");
      if (solve.result === "lost") {
        this.judged(solve);
        return this.say(`This position can no longer be won: ${LOST_WHY}. You can still undo.`, true);
      }
      if (solve.result === "unknown") return this.suggest(view, solve);
      const parts = moveParts(solve.move);
      if (parts) markHint(this.root, parts);
      // A line that deals or redeals several times before playing a card says how many.
      const said = describe(view, [solve.move], view, "Move"); // a sentence, with its full stop
      const text = parts && parts.action && solve.turns > 1
        ? `${said} The winning line uses the stock ${solve.turns} times before it plays a card.` : said;
      this.say(`Hint: ${text}`, true);
    });
  }

  // No winning line found: the move the search rated best, ringed as a suggestion, or the
  // stock when no move was worth making; said as what it is.
  suggest(view, solve) {
    const deal = view.actions.find((a) => a.enabled);
    const move = solve.best || (deal ? deal.move : null);
    const parts = moveParts(move);
    if (!parts) {
      return this.say(`No winning line was found within the hint's search of ${solve.positions.toLocaleString("en")} ` +
        "positions, and no move stands out; that does not mean there is none.", true);
    }
    markHint(this.root, parts, true);
    this.say(`No winning line found yet; this move looks best: ${describe(view, [move], view, "Move")}`, true);
    this.root.querySelector(".demo-state").classList.add("suggestion");
  }

  // --- controls, shortcuts and focus ------------------------------------------------------

  bindControls() {
    this.root.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b || b.disabled || !this.root.contains(b) || this.board.contains(b)) return;
      if (b.dataset.move) return this.action(b.dataset.move);
      this.run(b.dataset.command);
    });
    this.root.addEventListener("change", (e) => {
      const box = e.target.closest("[data-setting]");
      if (!box) return;
      this.settings[box.dataset.setting] = box.checked;
      store.saveSettings(this.settings);
      if (box.dataset.setting === "auto" && box.checked && this.ready()) this.request({ op: "auto" });
    });
    window.addEventListener("hashchange", () => {
      const seed = this.hashSeed();
      if (seed !== null && this.view && seed !== this.view.seed) this.newDeal(seed);
    });
    let resized = 0;
    window.addEventListener("resize", () => {
      cancelAnimationFrame(resized);
      resized = requestAnimationFrame(() => this.relayout(true));
    });
    // Whether the player was last inside the demo: then a control that disables itself
    // hands the focus to the board rather than to the page.
    this.root.addEventListener("focusin", () => { this.hadFocus = true; });
    document.addEventListener("focusin", (e) => { if (!this.root.contains(e.target)) this.hadFocus = false; });
    document.addEventListener("pointerdown", (e) => { if (!this.root.contains(e.target)) this.hadFocus = false; });
    document.addEventListener("fullscreenchange", () => this.markFull(!!document.fullscreenElement));
  }

  run(command) {
    if (!command) return;
    if (command === "share") return this.share();
    if (command === "full") return this.toggleFull();
    if (command === "reset-stats") {
      this.stats = store.resetStats(this.slug);
      if (this.game && !this.game.won) this.game.counted = false; // counts again from its next move
      this.showStats();
      return this.say("Statistics reset.");
    }
    if (!this.ready()) return;
    if (command === "undo" || command === "redo" || command === "restart") return this.command(command);
    if (command === "finish") {
      this.pendingOp = "finish";
      return this.request({ op: "finish" });
    }
    if (command === "new") return this.dealNew();
    if (command === "hint") return this.hint();
    if (command === "take") {
      const move = this.multiMove();
      if (move) this.play(move);
    }
  }

  // A keyboard shortcut; true when it did something.
  shortcut(command) {
    if (command === "escape") {
      if (this.selected || this.multi.length) {
        this.cancel();
        return true;
      }
      if (this.root.classList.contains("full")) {
        this.toggleFull();
        return true;
      }
      return false;
    }
    if (command === "deal") {
      const b = this.root.querySelector('.demo-actions [data-move="deal"]');
      if (b && !b.disabled) b.click();
      return !!b;
    }
    const b = this.button(command);
    if (!b || b.disabled || b.hidden) return false;
    this.run(command);
    return true;
  }

  // A focused control that becomes disabled (Undo at the first move) must not drop the
  // focus to the page: it goes to the board, so the keys go on working.
  keepFocus() {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (!(active && active.disabled && this.root.contains(active)) && !(lost && this.hadFocus)) return;
    const pile = this.board.querySelector('[data-pile][tabindex="0"]');
    if (pile) pile.focus({ preventScroll: true });
  }

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

  // --- the full window --------------------------------------------------------------------

  toggleFull() {
    const full = !this.root.classList.contains("full");
    if (full && this.root.requestFullscreen && document.fullscreenEnabled) {
      this.root.requestFullscreen().catch(() => this.markFull(true));
    } else if (!full && document.fullscreenElement) {
      document.exitFullscreen().catch(() => this.markFull(false));
    } else {
      this.markFull(full);
    }
  }

  markFull(full) {
    this.root.classList.toggle("full", full);
    document.documentElement.classList.toggle("demo-full", full);
    const b = this.button("full");
    if (b) {
      b.firstChild.textContent = full ? "Leave full" : "Full"; // then " window" where there is room
      b.setAttribute("aria-label", full ? "Leave full window" : "Full window");
      b.setAttribute("aria-pressed", String(full));
    }
    requestAnimationFrame(() => this.relayout(true));
  }

  // --- sharing and seeds ------------------------------------------------------------------

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

const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

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
